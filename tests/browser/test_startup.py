"""Start-up (issue 24): the engine comes up from the build's memory snapshot on a first visit,
on the cut-down standard library the site serves; a snapshot the runtime refuses, and a site
built without one, still give a working engine (a normal boot)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from playwright.sync_api import expect

import build
from tools import static_host

RUNNER = Path(__file__).resolve().parent.parent / "pyodide" / "run_site_runtime.mjs"
LESSON = "en/doudizhu/01-cards.html"


def _runtime_plays(site: Path, *args: str) -> dict:
    ran = subprocess.run(["node", str(RUNNER), str(site), *args], capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr[-3000:]
    return json.loads(ran.stdout.strip().splitlines()[-1])


def test_the_sites_runtime_plays_every_game_from_the_snapshot_and_by_a_normal_boot(site_dir: Path) -> None:
    """Every op a page sends, for every game in both languages, on the runtime as served: no
    module the cut-down library lacks (tools/slim_stdlib.py), from the snapshot and without it."""
    assert (site_dir / "pyodide" / "python_stdlib.zip").stat().st_size < 1_500_000  # cut down (2.5 MB whole)
    for args in ((), ("--boot",)):
        result = _runtime_plays(site_dir, *args)
        assert result["restored"] == (not args)
        assert result["problems"] == [], result["problems"]
        assert len(result["games"]) == 2 * len(build.GAMES), result["games"]
        assert sum(g["moves"] for g in result["games"].values()) > 200


def _first_visit(browser, origin: str) -> dict:
    """Opens the lesson in a fresh context; how the engine started (``restored``: from a snapshot;
    ``skipped``: the build's snapshot left for a slow link). The engine must answer a legal-move
    question either way."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(origin + LESSON)
        expect(page.locator('#engine-status[data-state="ready"]')).to_be_visible(timeout=120_000)
        answer = page.evaluate("""async () => {
            const engine = globalThis.cardtutorEngine;
            const made = await engine.call({op: "new", game: "doudizhu", seed: 1});
            return engine.call({op: "legal", state: made.state});
        }""")
        assert answer["ok"] and answer["actions"], answer
        return page.evaluate("""() => ({restored: globalThis.cardtutorEngine.fromSnapshot,
                                        skipped: Boolean((globalThis.cardtutorEngine.timings || {}).skipped)})""")
    finally:
        ctx.close()


def test_a_first_visit_restores_the_builds_snapshot_and_a_refused_one_boots(browser, site_dir: Path, tmp_path: Path) -> None:
    with static_host.hosting(site_dir) as (origin, traffic):
        assert _first_visit(browser, origin)["restored"] is True
        snap = next((site_dir / "py").glob("*.snap")).name
        assert traffic.requests[f"py/{snap}"] >= 1
    # the same site with a snapshot of another Pyodide build (its build id changed): a normal boot
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    path = next((site / "py").glob("*.snap"))
    data = bytearray(path.read_bytes())
    # Pyodide's build id: words 4 to 12 of its snapshot, stored after our 12-byte header and the
    # first block's 8 (site/static/snapshot-codec.js: pack)
    assert data[:4] == b"CTS1" and int.from_bytes(data[12:16], "little") == 0
    data[20 + 16:20 + 48] = bytes(32)
    path.write_bytes(bytes(data))
    with static_host.hosting(site) as (origin, _):
        assert _first_visit(browser, origin)["restored"] is False


def test_on_a_slow_link_a_first_visit_boots_rather_than_wait_for_the_snapshot(browser, site_dir: Path) -> None:
    """Issue 24, slow network: on a 10 Mbit/s line the snapshot's download would cost more than
    the boot it saves, so the worker stops it and boots (site/static/worker.js: BOOT_MS); on a fast
    link (the test above) it restores."""
    with static_host.hosting(site_dir, static_host.Link(10)) as (origin, _):
        assert _first_visit(browser, origin) == {"restored": False, "skipped": True}


def test_a_site_built_without_the_snapshot_works(browser, tmp_path: Path) -> None:
    site = tmp_path / "site"
    build.build(site, snapshot=False)
    assert not list((site / "py").glob("*.snap"))
    assert 'snapshot:""' in (site / LESSON).read_text("utf-8")
    with static_host.hosting(site) as (origin, _):
        assert _first_visit(browser, origin)["restored"] is False
