"""After one visit the site works with the server gone (the service worker's cache).

Playwright's ``set_offline`` does not cover service-worker fetches, so this test really
stops the server and reloads.
"""
from __future__ import annotations

import functools
import http.server
import shutil
import threading

from playwright.sync_api import expect

from tools import static_host

from .conftest import _Quiet, shot, wait_for
from .test_csp import RECORD


def test_site_works_offline_after_one_visit(browser, site_dir, watch) -> None:
    handler = functools.partial(_Quiet, directory=str(site_dir))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{httpd.server_address[1]}/"
    watch.origin = origin
    ctx = browser.new_context()
    ctx.add_init_script(RECORD)  # the pages' Content-Security-Policy: no violation offline either
    ctx.on("page", watch.attach)
    page = ctx.new_page()
    try:
        page.goto(origin + "en/doudizhu/01-cards.html")
        expect(page.locator('#engine-status[data-state="ready"]')).to_be_visible(timeout=90_000)
        # wait until the service worker has stored the core and this game's pages
        expect(page.locator('body[data-offline="ready"]')).to_be_attached(timeout=60_000)
    finally:
        httpd.shutdown()
        httpd.server_close()
    # the server is gone: pages, the lesson player and the engine still come up (an engine of
    # the page's own: the shared one still running would not show the start-up offline)
    page.evaluate("localStorage.setItem('cardtutor.engine', 'own')")
    page.reload()
    expect(page.locator("h1")).to_have_text("The cards and their order")
    expect(page.locator(".hand")).to_be_visible()
    expect(page.locator('#engine-status[data-state="ready"]')).to_be_visible(timeout=90_000)
    # offline too, the engine restores the build's memory snapshot (stored with the core)
    assert page.evaluate("globalThis.cardtutorEngine.fromSnapshot") is True
    page.goto(origin + "ja/doudizhu/practice.html?seed=3")
    expect(page.locator('#engine-status[data-state="ready"]')).to_be_visible(timeout=90_000)
    expect(page.locator(".hand button.card").first).to_be_visible(timeout=20_000)
    page.goto(origin + "en/doudizhu/rules.html")
    expect(page.locator("dt#DDZ-CMP-4")).to_be_visible()
    shot(page, "offline-rules")
    assert page.evaluate("window.cspViolations") == []
    ctx.close()
    assert not watch.errors, watch.errors


def _visit(ctx, origin: str, path: str):
    page = ctx.new_page()
    page.goto(origin + path)
    expect(page.locator('#engine-status[data-state="ready"]')).to_be_visible(timeout=90_000)
    expect(page.locator('body[data-offline="ready"]')).to_be_attached(timeout=60_000)
    return page


def test_a_learner_stores_their_game_only_and_a_new_build_costs_only_what_changed(browser, site_dir, tmp_path) -> None:
    """Issue 24: the service worker stores the core and the game the learner is on (in both
    languages), not every game; after a new build, a returning visitor downloads only the files
    whose content changed (the runtime is not downloaded again)."""
    import build  # the build's own service-worker writer, run again on a changed file

    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    httpd, origin, traffic = static_host.serve(site)
    ctx = browser.new_context()
    try:
        page = _visit(ctx, origin, "en/doudizhu/01-cards.html")
        stored = page.evaluate("""async () => {
            const name = (await caches.keys()).find((k) => k.startsWith("cardtutor-"));
            return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
        }""")
        assert "/ja/doudizhu/practice.html" in stored and "/en/doudizhu/rules.html" in stored
        assert "/pyodide/pyodide.asm.wasm" in stored and "/assets/style.css" in stored
        assert not [p for p in stored if p.startswith(("/en/tichu/", "/ja/napoleon/")) or "/print/" in p]
        first = traffic.take()
        assert first.bytes["pyodide/pyodide.asm.wasm"] > 1_000_000
        assert first.requests["pyodide/pyodide.asm.wasm"] == 2  # the page's, then the worker's (not modified)
        assert first.not_modified["pyodide/pyodide.asm.wasm"] == 1
        page.close()

        # a new build: one stylesheet changed
        style = site / "assets" / "style.css"
        style.write_text(style.read_text("utf-8") + "\n/* a new build */\n", "utf-8")
        build.write_service_worker(site)
        page = ctx.new_page()
        page.goto(origin + "en/doudizhu/02-auction.html")  # served by the old worker; the new one installs
        wait_for(page, """async () => {
            const names = (await caches.keys()).filter((k) => k.startsWith("cardtutor-"));
            if (names.length !== 1) return false;
            const hit = await (await caches.open(names[0])).match("/assets/style.css");
            return Boolean(hit) && (await hit.text()).includes("a new build");
        }""", timeout=60_000, every_ms=250)
        second = traffic.take()
        downloaded = {path for path, sent in second.bytes.items() if sent > 0}
        assert "assets/style.css" in downloaded
        assert downloaded <= {"assets/style.css", "sw.js", "en/doudizhu/02-auction.html"}, downloaded
        page.close()
    finally:
        ctx.close()
        httpd.shutdown()
        httpd.server_close()
