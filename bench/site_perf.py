#!/usr/bin/env python3
"""The site's performance budget, measured in headless Chromium on 127.0.0.1.

Run: ``.venv/bin/python bench/site_perf.py [--runs 7] [--site FOLDER] [--baseline-site FOLDER]``.
It builds the site afresh into a temporary folder (``build.py``) unless ``--site`` names a built
one; ``--baseline-site``: a site built at another commit, whose first-visit bytes are measured in
the same run (issue 24's baseline: the commit before it). Prints the definitions, then the
figures, and writes them to ``bench/results/site_perf.txt``. Measures are interleaved
(A B A B …) in one run and reported as medians. Every file is served as a static host serves
it (tools/static_host.py: gzip, ETag, max-age=600), which also counts the bytes sent.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
LESSON = "en/doudizhu/01-cards.html"
SLOW_MBIT = 10

DEFINITIONS = """\
Definitions
-----------
FCP            first-contentful-paint of a lesson page ({lesson}), cold cache: a fresh browser
               context per run (no HTTP cache, no service worker), read from the Paint Timing API.
               Goal < 300 ms. No Pyodide is needed for it.
first answer   time from navigation start until the tutor answers its first legal-move query:
               the lesson page's worker restores the build's memory snapshot (or boots Pyodide),
               unpacks the tutor wheel, then answers {{op: new}} and {{op: legal}} (a 3-player
               deal, the first bidder). Cold: a fresh browser context (no HTTP cache, no service
               worker). Goal: at most 0.6x a bare boot.
bare boot      stock Pyodide (the vendored npm files as they come: the whole standard library)
               booted in a Web Worker of a bare page (bench/bare.html) that does nothing else:
               navigation start -> loadPyodide resolved -> one runPython("1+1").
worker start-up  where the worker's time went, from its own clock: started (the page's boot
               script), runtime and snapshot fetched, runtime up (restored or booted), wheel
               unpacked, tutor imported (then "ready").
reload, next   what a learner meets after the first visit, by the page's own "engine ready"
               status (#engine-status[data-state=ready]): the lesson reloaded (from navigation
               start), and the next lesson opened by its link (from the click: the site shows it in
               the same page, with the same engine, site/static/lesson-nav.js), each right after the
               first visit's engine was ready (no waiting for anything in the background). The
               engine is a shared worker that outlives a page for a while, so both find it running.
               Against a bare boot on a warm visit (its second load in the same context). Goal: at
               most 0.2x.
return visit   a learner back after the engine has stopped (a later day): once the page says its
               offline copy is stored (data-offline), the lesson reloaded with a page's own worker
               (as where there is no shared worker), which restores the stored snapshot; from
               navigation start to "engine ready". No goal of its own; against the bare warm boot.
slow network   the same first visit over a 10 Mbit/s link with 20 ms of latency (the host's
               tools/static_host.Link: every request crosses it, the shared worker's too, which
               DevTools' network emulation leaves alone): lesson text (first-contentful-paint) goal
               < 1 s; first answer and the bare boot as above.
legal in worker  the 20-card landlord lead (each of 20 seeded deals, bid 3 by the first bidder):
               tutor.api.handle({{op: legal}}) timed inside the worker with time.perf_counter
               ({{op: timeit}}), 20 reps per position; goal p95 < 2 ms.
legal round trip the same query as the page sends it: engine.call() → worker → back, timed with
               performance.now() on the page.
Tichu lead     a Tichu lead from 40 seeded random 14-card hands holding the Phoenix, loaded as scenarios;
               {{op: legal}} timed inside the worker, 10 reps each (issue 5's measure). Times inside the
               worker come from Pyodide's clock, which here ticks in steps of about 0.1 ms.
first-visit bytes  what a first visit of the lesson page transfers, gzip-compressed as the static
               host sends it (bodies; a 304 counts 0), until the page is ready and the service
               worker has stored what it keeps offline (the page's data-offline="ready") and the
               network has been quiet for 3 s. By part: runtime (pyodide/), snapshot (py/*.snap),
               wheel (py/*.whl), assets, this game's pages, other pages, other (sw.js, ...).
               Goal: at least 30 % below the baseline (the same measure at the commit before
               issue 24). This replaces the old "app bytes < 300 KB raw" goal, which left out the
               runtime (95 % of what a learner downloads) and counted files nobody downloads.
"""

BARE_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><p>bare</p>
<script type="module">
const worker = new Worker(new URL("./bare-worker.js", import.meta.url), {type: "module"});
window.bareDone = new Promise((resolve) => { worker.onmessage = (e) => resolve(performance.now()); });
</script></body></html>
"""
BARE_WORKER = """
const base = new URL("./bare-pyodide/", import.meta.url).href;
const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
const pyodide = await loadPyodide({ indexURL: base });
pyodide.runPython("1+1");
self.postMessage("ready");
"""


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


PARTS = ("runtime", "snapshot", "wheel", "assets", "this game's pages", "other pages", "other")


def part_of(path: str) -> str:
    """A served path's part (see the definitions)."""
    top = path.split("/")[0]
    if top in ("pyodide", "bare-pyodide"):
        return "runtime"
    if top == "py":
        return "snapshot" if path.endswith(".snap") else "wheel"
    if top == "assets":
        return "assets"
    if path.split("/")[1:2] == [LESSON.split("/")[1]] and top in ("en", "ja"):
        return "this game's pages"
    return "other pages" if path.endswith(".html") else "other"


def wheel_parts(site: Path) -> dict[str, int]:
    """The slim wheel's members' compressed bytes: core, each game, messages, dist-info."""
    out: dict[str, int] = {}
    for wheel in (site / "py").glob("*.whl"):
        with zipfile.ZipFile(wheel) as archive:
            for item in archive.infolist():
                parts = item.filename.split("/")
                if parts[0].endswith(".dist-info"):
                    key = "dist-info"
                elif parts[1:2] == ["data"]:
                    key = "messages" if parts[2] == "messages" else "data"
                elif parts[1:2] == ["games"] and len(parts) > 3:
                    key = f"game {parts[2]}"
                else:
                    key = "core"
                out[key] = out.get(key, 0) + item.compress_size
    return out


WAIT_ENGINE = """await new Promise((resolve) => {
    const look = () => (globalThis.cardtutorEngine ? resolve() : setTimeout(look, 2));
    look();
  });"""
FIRST_ANSWER_JS = """async () => {
  """ + WAIT_ENGINE + """
  const engine = globalThis.cardtutorEngine;
  await engine.readyPromise;
  const created = await engine.call({op: "new", game: "doudizhu", seed: 1});
  const legal = await engine.call({op: "legal", state: created.state});
  if (!legal.ok) throw new Error(legal.error);
  return performance.now();
}"""

LEGAL_JS = """async (seeds) => {
  """ + WAIT_ENGINE + """
  const engine = globalThis.cardtutorEngine;
  await engine.readyPromise;
  const inner = [], trip = [];
  for (const seed of seeds) {
    let r = await engine.call({op: "new", game: "doudizhu", seed});
    r = await engine.call({op: "apply", state: r.state, action: {bid: 3}});
    const req = {op: "legal", state: r.state};
    const t = await engine.call({op: "timeit", request: req, reps: 20});
    inner.push(...t.ms);
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      await engine.call(req);
      trip.push(performance.now() - start);
    }
  }
  return {inner, trip};
}"""


TICHU_JS = """async (hands) => {
  """ + WAIT_ENGINE + """
  const engine = globalThis.cardtutorEngine;
  await engine.readyPromise;
  const inner = [];
  for (const hand of hands) {
    const r = await engine.call({op: "load", scenario: {game: "tichu", flags: {}, phase: "play", to_act: 0,
                                                    hands: {"0": hand}, trick: []}});
    const t = await engine.call({op: "timeit", request: {op: "legal", state: r.state}, reps: 10});
    inner.push(...t.ms);
  }
  return inner;
}"""


def tichu_hands(count: int) -> list[list[str]]:
    """Random 14-card Tichu hands holding the Phoenix (the issue's measure), seeded."""
    sys.path.insert(0, str(ROOT))
    from tutor.games.tichu.game import DECK
    from tutor.rng import derive
    others = [str(c) for c in DECK.cards() if c.special != "PHOENIX"]
    hands = []
    for i in range(count):
        pool = list(others)
        derive(i, "site-perf-tichu").shuffle(pool)
        hands.append(["PHOENIX"] + pool[:13])
    return hands


READY_AT = """(() => {
  // when the page's own status says "engine ready", from navigation start (issue 24's measure)
  const look = () => {
    const box = document.getElementById("engine-status");
    if (box && box.dataset.state === "ready") { window.__readyAt = performance.now(); return true; }
    return false;
  };
  const watch = () => {
    if (look()) return;
    new MutationObserver((_, observer) => { if (look()) observer.disconnect(); })
      .observe(document.documentElement, {subtree: true, attributes: true, attributeFilter: ["data-state"]});
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch); else watch();
})();"""
NEXT_WATCH_JS = """() => {
  // the next lesson, from the learner's click until its page says "engine ready": shown in this
  // page (site/static/lesson-nav.js) or, a site without that, a new page (READY_AT there)
  const first = document.querySelector("h1").textContent;
  document.addEventListener("click", (event) => {
    sessionStorage.setItem("clickAt", String(performance.timeOrigin + event.timeStamp));
  }, {capture: true, once: true});
  window.__readyAt = 0;
  new MutationObserver((_, observer) => {
    const box = document.getElementById("engine-status");
    if (box && box.dataset.state === "ready" && document.querySelector("h1").textContent !== first) {
      window.__readyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"]});
}"""
FCP_JS = """() => new Promise((resolve) => {
    const find = () => performance.getEntriesByName("first-contentful-paint")[0];
    const hit = find();
    if (hit) return resolve(hit.startTime);
    new PerformanceObserver(() => { const e = find(); if (e) resolve(e.startTime); })
      .observe({type: "paint", buffered: true});
})"""


def ready_at(page) -> float:
    """The page's "engine ready" moment (ms from its navigation start), polled from outside
    (the page's policy refuses wait_for_function's eval)."""
    for _ in range(2400):
        value = page.evaluate("() => window.__readyAt || 0")
        if value:
            return value
        page.wait_for_timeout(50)
    raise TimeoutError("the engine never said it was ready")


def quiet(traffic, page, signal: str, seconds: int = 3) -> None:
    """Waits for the page's service worker to have stored what it keeps, by ``signal``: the page's
    data-offline (this site) or the worker taking control (the baseline's, once it has stored
    everything); then until the host has sent nothing for ``seconds``."""
    test = {"offline": "() => Boolean(document.body.dataset.offline)",
            "controller": "() => Boolean(navigator.serviceWorker.controller)"}[signal]
    for _ in range(2400):
        if page.evaluate(test):
            break
        page.wait_for_timeout(50)
    last, still = -1, 0
    while still < seconds * 4:
        time.sleep(0.25)
        total = traffic.total()
        still = still + 1 if total == last else 0
        last = total


def first_visit_bytes(browser, origin: str, traffic, signal: str) -> dict[str, int]:
    """Bytes by part of one first visit of the lesson (see the definitions)."""
    traffic.take()
    ctx = browser.new_context()
    ctx.add_init_script(READY_AT)
    page = ctx.new_page()
    page.goto(origin + LESSON)
    ready_at(page)
    quiet(traffic, page, signal)
    ctx.close()
    sent = traffic.take()
    parts = {name: 0 for name in PARTS}
    for path, count in sent.bytes.items():
        parts[part_of(path)] += count
    return parts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--site", help="a built site folder (default: build one afresh)")
    parser.add_argument("--baseline-site", help="a site built at the baseline commit, for its first-visit bytes")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    sys.path.insert(0, str(ROOT))
    from tools.static_host import Link, serve
    from tools.vendor_pyodide import RUNTIME_FILES, ensure_pyodide

    work = Path(tempfile.mkdtemp(prefix="cardtutor-perf-"))
    site = Path(args.site) if args.site else work / "built"
    if not args.site:
        subprocess.run([sys.executable, str(ROOT / "build.py"), "--out", str(site)], check=True,
                       stdout=subprocess.DEVNULL)
    served = work / "site"
    shutil.copytree(site, served)
    (served / "bare.html").write_text(BARE_HTML, "utf-8")
    (served / "bare-worker.js").write_text(BARE_WORKER, "utf-8")
    stock = ensure_pyodide(ROOT / ".cache")
    (served / "bare-pyodide").mkdir()
    for name in RUNTIME_FILES:  # the peer: Pyodide as it comes, whole standard library
        shutil.copy2(stock / name, served / "bare-pyodide" / name)
    httpd, origin, traffic = serve(served)
    slow_httpd, slow_origin, _ = serve(served, Link(SLOW_MBIT))  # the slow network's host
    base_httpd = base_origin = base_traffic = None
    if args.baseline_site:
        base_httpd, base_origin, base_traffic = serve(Path(args.baseline_site))
    figures: dict[str, list[float]] = {k: [] for k in (
        "fcp", "ours", "bare", "reload", "next", "return", "bare_warm", "slow_fcp", "slow_ours", "slow_bare")}
    restored: list[bool] = []
    slow_restored: list[bool] = []  # on the slow link the worker boots instead (worker.js: BOOT_MS)
    phases: dict[str, list[dict]] = {"first visit": [], "return visit": []}  # the worker's own timings
    reused: list[bool] = []  # the reload found the shared engine running (site/static/worker.js)

    def worker_timings(page) -> dict:
        """The worker's start-up phases, as ms from the page's navigation start."""
        got = page.evaluate("""() => ({t: globalThis.cardtutorEngine.timings, origin: performance.timeOrigin})""")
        if not got["t"]:  # a site from before the worker reported them (a baseline)
            return {}
        shift = got["t"]["origin"] - got["origin"]
        return {"worker started": shift, **{k: v + shift for k, v in got["t"].items() if k != "origin"}}
    out_lines: list[str] = []

    def say(line: str = "") -> None:
        print(line, flush=True)
        out_lines.append(line)

    say("cardtutor site performance (bench/site_perf.py)")
    say("=" * 48)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    say(f"date {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}; commit {commit}; runs {args.runs}; "
        f"chromium {subprocess.run([CHROMIUM, '--version'], capture_output=True, text=True).stdout.strip()}")
    say()
    say(DEFINITIONS.format(lesson=LESSON))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(args.runs):
            for mbit in (None, SLOW_MBIT):
                # A: the lesson page cold (first paint, first answer); then, unthrottled, a reload
                # and the next lesson right away, by the page's own "engine ready"
                ctx = browser.new_context()
                ctx.add_init_script(READY_AT)
                page = ctx.new_page()
                page.goto((slow_origin if mbit else origin) + LESSON)
                (figures["slow_fcp"] if mbit else figures["fcp"]).append(page.evaluate(FCP_JS))
                (figures["slow_ours"] if mbit else figures["ours"]).append(page.evaluate(FIRST_ANSWER_JS))
                if mbit:
                    slow_restored.append(page.evaluate("globalThis.cardtutorEngine.fromSnapshot"))
                else:
                    restored.append(page.evaluate("globalThis.cardtutorEngine.fromSnapshot"))
                    phases["first visit"].append(worker_timings(page))
                    page.reload()
                    figures["reload"].append(ready_at(page))
                    reused.append(page.evaluate("globalThis.cardtutorEngine.reused"))
                    page.evaluate(NEXT_WATCH_JS)
                    page.locator("a.next-lesson").first.click()
                    page.wait_for_url("**/02-*.html*")
                    ready = ready_at(page)
                    figures["next"].append(page.evaluate("(ready) => performance.timeOrigin + ready", ready)
                                           - float(page.evaluate("() => sessionStorage.getItem('clickAt')")))
                    # a return visit once the offline copy is stored, the engine no longer running
                    # (a page's own worker: "cardtutor.engine" = "own", templates/boot.html)
                    for _ in range(2400):
                        if page.evaluate("() => Boolean(document.body.dataset.offline)"):
                            break
                        page.wait_for_timeout(50)
                    page.evaluate("localStorage.setItem('cardtutor.engine', 'own')")
                    page.reload()
                    figures["return"].append(ready_at(page))
                    phases["return visit"].append(worker_timings(page))
                ctx.close()
                # B: the bare page, cold then warm
                ctx = browser.new_context()
                page = ctx.new_page()
                page.goto((slow_origin if mbit else origin) + "bare.html")
                (figures["slow_bare"] if mbit else figures["bare"]).append(page.evaluate("() => window.bareDone"))
                if not mbit:
                    page.goto(origin + "bare.html")
                    figures["bare_warm"].append(page.evaluate("() => window.bareDone"))
                ctx.close()
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(origin + LESSON)
        latency = page.evaluate(LEGAL_JS, list(range(20)))
        tichu = page.evaluate(TICHU_JS, tichu_hands(40))
        ctx.close()
        ours_bytes = first_visit_bytes(browser, origin, traffic, "offline")
        base_bytes = first_visit_bytes(browser, base_origin, base_traffic, "controller") if base_origin else None
        browser.close()
    httpd.shutdown()
    slow_httpd.shutdown()
    if base_httpd:
        base_httpd.shutdown()
    wheel = wheel_parts(site)
    shutil.rmtree(work, ignore_errors=True)

    med = statistics.median
    f = {k: med(v) for k, v in figures.items()}
    say("Figures (medians over runs; ms)")
    say("-------")
    say(f"FCP lesson page, cold            {f['fcp']:8.1f}   (min {min(figures['fcp']):.1f}, max {max(figures['fcp']):.1f})   goal < 300")
    say(f"first answer, cold               {f['ours']:8.1f}   (restored from the build's snapshot: {sum(restored)} of {len(restored)})")
    say(f"bare Pyodide boot, cold          {f['bare']:8.1f}")
    say(f"ratio first answer / bare        {f['ours'] / f['bare']:8.2f}   goal <= 0.6")
    say(f"reload, engine ready             {f['reload']:8.1f}   (min {min(figures['reload']):.1f}, max {max(figures['reload']):.1f})")
    say(f"next lesson, engine ready        {f['next']:8.1f}   (min {min(figures['next']):.1f}, max {max(figures['next']):.1f})")
    say(f"return visit, engine not running {f['return']:8.1f}   (min {min(figures['return']):.1f}, max {max(figures['return']):.1f})")
    say(f"bare Pyodide boot, warm visit    {f['bare_warm']:8.1f}")
    say(f"ratio reload / bare warm         {f['reload'] / f['bare_warm']:8.2f}   goal <= 0.2")
    say(f"ratio next lesson / bare warm    {f['next'] / f['bare_warm']:8.2f}   goal <= 0.2")
    say(f"ratio return visit / bare warm   {f['return'] / f['bare_warm']:8.2f}   (the engine started from the stored snapshot)")
    say(f"reload and next lesson found the engine running: {sum(reused)} of {len(reused)}")
    say(f"slow network (10 Mbit/s): FCP    {f['slow_fcp']:8.1f}   goal < 1000")
    say(f"slow network: first answer       {f['slow_ours']:8.1f}   (restored from the snapshot: {sum(slow_restored)} of {len(slow_restored)})")
    say(f"slow network: bare boot          {f['slow_bare']:8.1f}")
    say(f"slow network: ratio              {f['slow_ours'] / f['slow_bare']:8.2f}")
    say(f"legal in worker (20-card lead) median {med(latency['inner']):.3f}  p95 {pct(latency['inner'], 0.95):.3f}"
        f"  max {max(latency['inner']):.3f}   goal p95 < 2")
    say(f"legal round trip from the page median {med(latency['trip']):.3f}  p95 {pct(latency['trip'], 0.95):.3f}")
    say(f"Tichu lead in worker (14 cards + Phoenix) median {med(tichu):.3f}  p95 {pct(tichu, 0.95):.3f}"
        f"  max {max(tichu):.3f}   goal p95 < 2")
    for name, runs in phases.items():
        keys = list(runs[0]) if runs and runs[0] else []
        say(f"worker start-up, {name} (ms from navigation start, medians): "
            + ", ".join(f"{k} {med([r[k] for r in runs if k in r]):.0f}" for k in keys))
    say()
    say("First-visit bytes (gzip as served; KB)")
    say(f"  {'part':<20} {'now':>9}" + (f" {'baseline':>9}" if base_bytes else ""))
    for name in PARTS:
        say(f"  {name:<20} {ours_bytes[name] / 1024:9.1f}" + (f" {base_bytes[name] / 1024:9.1f}" if base_bytes else ""))
    total, base_total = sum(ours_bytes.values()), sum(base_bytes.values()) if base_bytes else 0
    say(f"  {'total':<20} {total / 1024:9.1f}" + (f" {base_total / 1024:9.1f}   ratio {total / base_total:.2f}   goal <= 0.70"
                                                  if base_bytes else ""))
    say("  wheel members (compressed): " + ", ".join(f"{k} {v / 1024:.1f} KB" for k, v in sorted(wheel.items())))
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    (results / "site_perf.txt").write_text("\n".join(out_lines) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
