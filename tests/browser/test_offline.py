"""After one visit the site works with the server gone (the service worker's cache).

Playwright's ``set_offline`` does not cover service-worker fetches, so this test really
stops the server and reloads.
"""
from __future__ import annotations

import functools
import http.server
import threading

from playwright.sync_api import expect

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
        # wait until the service worker is active and has precached every file
        wait_for(page, """async () => {
            const reg = await navigator.serviceWorker.ready;
            if (!reg.active) return false;
            const name = (await caches.keys()).find((k) => k.startsWith("cardtutor-"));  // not the snapshots'
            if (!name) return false;
            return (await (await caches.open(name)).keys()).length > 20;
        }""", timeout=60_000, every_ms=500)
        wait_for(page, "() => globalThis.cardtutorEngine.snapshotStored === true", timeout=30_000)
    finally:
        httpd.shutdown()
        httpd.server_close()
    # the server is gone: pages, the lesson player and the engine still come up
    page.reload()
    expect(page.locator("h1")).to_have_text("The cards and their order")
    expect(page.locator(".hand")).to_be_visible()
    expect(page.locator('#engine-status[data-state="ready"]')).to_be_visible(timeout=90_000)
    # a warm visit restores the memory snapshot made on the first one instead of booting Python
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
