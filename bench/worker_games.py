#!/usr/bin/env python3
"""Napoleon (and every game's playouts) in CPython and inside the browser's worker, in one run.

``python bench/worker_games.py [--site _site] [--positions 30]`` builds the site (unless given
one), serves it on 127.0.0.1, opens a lesson page in headless Debian Chromium, waits for the
engine's worker, and times the same requests there (through the bridge's ``timeit`` probe) and
in this CPython (``tutor.api.handle``), position by position. Results: bench/results/worker_games.txt.
"""
from __future__ import annotations

import argparse
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from site_perf import ARGS, CHROMIUM, WAIT_ENGINE, pct, serve  # noqa: E402
from tutor.registry import BUILT_NAMES  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAGE = "en/napoleon/01-cards-and-honours.html"  # a lesson page: it starts the engine's worker
REPS = 20
GAMES = BUILT_NAMES  # every built game (tutor/registry.py)

DEFINITIONS = """\
position       seed s (0..N-1): a Napoleon game dealt by {op: new, game: napoleon, seed: s}, played by the
               heuristic bots ({op: bot} then {op: apply}) up to trick 1 + s % 9 with four cards on the
               table; the fifth seat is to act.
legal          {op: legal, state, seat} at that position (the cards the fifth seat may play).
resolve        {op: apply} of the bot's card at that position: the play, the trick's winner (よろめき,
               セイム2, strength), the honours taken, the next leader; a new stored state each time.
playout        {op: playout, game, seed}: one whole round dealt from seed s and played to its end by the
               heuristic bots (every decision, settle after each); games per second = 1000 / median ms.
timing         worker: {op: timeit, request, reps} inside Pyodide (time.perf_counter around
               tutor.api.handle, Pyodide's clock ticks in steps of about 0.1 ms); CPython: the same
               handle() calls timed with time.perf_counter in this process. A position's value is the
               MEAN of its REPS reps (a legal-move answer takes less than the worker clock's tick, so a
               median of single reps would read 0); playouts: the median of 3. Median / p95 over positions.
exchange       seed s (0..N-1): a Tichu deal without the Grand Tichu call ({op: new, game: tichu, seed: s,
               flags: {grand_tichu: false}}), seat 0 to pass three cards. "exchange legal": {op: legal,
               state, seat: 0}, the decision as the page receives it (a choice spec, not the 2,184 ways);
               "exchange check": {op: explain} of the bot's three cards (checking one exchange);
               "exchange apply": {op: apply} of them (checked again, then applied).
ratio          worker median / CPython median, the same positions in the same run."""

POSITION_JS = """async ([seeds, reps]) => {
  """ + WAIT_ENGINE + """
  const engine = globalThis.cardtutorEngine;
  await engine.readyPromise;
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const out = {legal: [], resolve: []};
  for (const seed of seeds) {
    const target = 1 + (seed % 9);
    let r = await engine.call({op: "new", game: "napoleon", seed});
    let id = r.state;
    let view = r.view;
    for (let i = 0; i < 400; i++) {
      view = (await engine.call({op: "view", state: id, seat: 0})).view;
      if (view.phase === "play" && view.trick_no === target && view.trick.length === 4) break;
      const bot = await engine.call({op: "bot", state: id, seat: view.to_act});
      id = (await engine.call({op: "apply", state: id, action: bot.action, seat: view.to_act})).state;
    }
    const seat = view.to_act;
    const legal = await engine.call({op: "timeit", request: {op: "legal", state: id, seat}, reps});
    const bot = await engine.call({op: "bot", state: id, seat});
    const resolve = await engine.call({op: "timeit", request: {op: "apply", state: id, action: bot.action, seat}, reps});
    out.legal.push(mean(legal.ms));
    out.resolve.push(mean(resolve.ms));
  }
  return out;
}"""

EXCHANGE_JS = """async ([seeds, reps]) => {
  """ + WAIT_ENGINE + """
  const engine = globalThis.cardtutorEngine;
  await engine.readyPromise;
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const out = {legal: [], check: [], apply: []};
  for (const seed of seeds) {
    const id = (await engine.call({op: "new", game: "tichu", seed, flags: {grand_tichu: false}})).state;
    const action = (await engine.call({op: "bot", state: id, seat: 0})).action;
    for (const [key, op] of [["legal", "legal"], ["check", "explain"], ["apply", "apply"]]) {
      const request = op === "legal" ? {op, state: id, seat: 0} : {op, state: id, seat: 0, action};
      out[key].push(mean((await engine.call({op: "timeit", request, reps})).ms));
    }
  }
  return out;
}"""

PLAYOUT_JS = """async ([game, seeds]) => {
  """ + WAIT_ENGINE + """
  const engine = globalThis.cardtutorEngine;
  await engine.readyPromise;
  const out = [];
  for (const seed of seeds) {
    const t = await engine.call({op: "timeit", request: {op: "playout", game, seed}, reps: 3});
    out.push([...t.ms].sort((a, b) => a - b)[1]);
  }
  return out;
}"""


def cpython_positions(seeds: list[int], reps: int) -> dict[str, list[float]]:
    """The same positions and requests as POSITION_JS, timed in this CPython."""
    from tutor.api import handle

    def timed(request: dict) -> float:
        times = []
        for _ in range(reps):
            start = time.perf_counter()
            handle(request)
            times.append((time.perf_counter() - start) * 1000.0)
        return statistics.fmean(times)

    out: dict[str, list[float]] = {"legal": [], "resolve": []}
    for seed in seeds:
        target = 1 + seed % 9
        r = handle({"op": "new", "game": "napoleon", "seed": seed})
        sid = r["state"]
        for _ in range(400):
            view = handle({"op": "view", "state": sid, "seat": 0})["view"]
            if view["phase"] == "play" and view["trick_no"] == target and len(view["trick"]) == 4:
                break
            bot = handle({"op": "bot", "state": sid, "seat": view["to_act"]})
            sid = handle({"op": "apply", "state": sid, "action": bot["action"], "seat": view["to_act"]})["state"]
        seat = view["to_act"]
        out["legal"].append(timed({"op": "legal", "state": sid, "seat": seat}))
        action = handle({"op": "bot", "state": sid, "seat": seat})["action"]
        out["resolve"].append(timed({"op": "apply", "state": sid, "action": action, "seat": seat}))
    return out


def cpython_exchange(seeds: list[int], reps: int) -> dict[str, list[float]]:
    """The same exchange requests as EXCHANGE_JS, timed in this CPython."""
    from tutor.api import handle
    out: dict[str, list[float]] = {"legal": [], "check": [], "apply": []}
    for seed in seeds:
        sid = handle({"op": "new", "game": "tichu", "seed": seed, "flags": {"grand_tichu": False}})["state"]
        action = handle({"op": "bot", "state": sid, "seat": 0})["action"]
        for key, op in (("legal", "legal"), ("check", "explain"), ("apply", "apply")):
            request = {"op": op, "state": sid, "seat": 0} if op == "legal" else {"op": op, "state": sid, "seat": 0,
                                                                                   "action": action}
            times = []
            for _ in range(reps):
                start = time.perf_counter()
                handle(request)
                times.append((time.perf_counter() - start) * 1000.0)
            out[key].append(statistics.fmean(times))
    return out


def cpython_playouts(game: str, seeds: list[int]) -> list[float]:
    from tutor.api import handle
    out = []
    for seed in seeds:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            handle({"op": "playout", "game": game, "seed": seed})
            times.append((time.perf_counter() - start) * 1000.0)
        out.append(sorted(times)[1])
    return out


def row(name: str, cpy: list[float], worker: list[float], unit: str = "ms") -> str:
    cm, wm = statistics.median(cpy), statistics.median(worker)
    return (f"{name:<26} {cm:9.3f} {pct(cpy, 0.95):9.3f} | {wm:9.3f} {pct(worker, 0.95):9.3f} | {wm / cm:6.2f}   {unit}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a built site folder (default: build one afresh)")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--games", type=int, default=10, help="playouts per game")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "_site"
        if not args.site:
            subprocess.run([sys.executable, str(ROOT / "build.py"), "--out", str(site)], check=True,
                           stdout=subprocess.DEVNULL)
        httpd, origin = serve(site)
        seeds = list(range(args.positions))
        play_seeds = list(range(args.games))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_context().new_page()
            page.goto(origin + PAGE)
            worker = page.evaluate(POSITION_JS, [seeds, REPS])
            worker_ex = page.evaluate(EXCHANGE_JS, [seeds[:10], REPS])
            worker_play = {g: page.evaluate(PLAYOUT_JS, [g, play_seeds]) for g in GAMES}
            version = browser.version
            browser.close()
        httpd.shutdown()
    cpy = cpython_positions(seeds, REPS)
    cpy_ex = cpython_exchange(seeds[:10], REPS)
    cpy_play = {g: cpython_playouts(g, play_seeds) for g in GAMES}

    lines = ["Napoleon and playouts, CPython and inside the worker (bench/worker_games.py)", "=" * 72,
             f"date {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}; python {platform.python_version()}; "
             f"chromium {version}; positions {args.positions}, playouts {args.games} per game", "",
             "Definitions", "-----------", DEFINITIONS, "",
             f"{'measure':<26} {'CPython median':>14} {'p95':>4} | {'worker median':>13} {'p95':>5} | ratio",
             row("napoleon legal", cpy["legal"], worker["legal"]),
             row("napoleon resolve (5th card)", cpy["resolve"], worker["resolve"]),
             row("tichu exchange legal", cpy_ex["legal"], worker_ex["legal"]),
             row("tichu exchange check", cpy_ex["check"], worker_ex["check"]),
             row("tichu exchange apply", cpy_ex["apply"], worker_ex["apply"])]
    for game in GAMES:
        lines.append(row(f"{game} playout", cpy_play[game], worker_play[game]))
    lines.append("")
    for game in GAMES:
        c, w = statistics.median(cpy_play[game]), statistics.median(worker_play[game])
        lines.append(f"{game:<10} whole rounds per second: CPython {1000 / c:7.1f}   worker {1000 / w:7.1f}")
    report = "\n".join(lines) + "\n"
    print(report)
    if not args.no_write:
        (ROOT / "bench" / "results" / "worker_games.txt").write_text(report, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
