"""One engine for every page of the build (site/static/worker.js as a shared worker, templates/boot.html).

A reload, another lesson or the practice table find the engine up, with the positions it knows;
where the browser has no shared worker (or a page asks for its own: "cardtutor.engine" = "own"),
each page starts its own engine, as before.
"""
from __future__ import annotations

import shutil

from playwright.sync_api import expect

from tools import static_host

from tests.browser.conftest import WAIT_MS

LESSON = "en/doudizhu/01-cards.html"
READY = "#engine-status[data-state=ready]"


def ready(page: object) -> None:
    expect(page.locator(READY)).to_be_attached()  # type: ignore[attr-defined]


def new_state(page: object) -> int:
    made = page.evaluate("async () => cardtutorEngine.call({op: 'new', game: 'doudizhu', seed: 5})")  # type: ignore[attr-defined]
    assert made["ok"], made
    return made["state"]


def knows(page: object, state: int) -> bool:
    return page.evaluate("async (s) => (await cardtutorEngine.call({op: 'legal', state: s})).ok", state)  # type: ignore[attr-defined]


def test_pages_share_one_running_engine(page, context, server) -> None:
    page.goto(server + LESSON)
    ready(page)
    assert page.evaluate("cardtutorEngine.reused") is False  # the first page starts it
    state = new_state(page)
    page.reload()
    ready(page)
    assert page.evaluate("cardtutorEngine.reused") is True
    assert knows(page, state)  # the same Python: the position made before the reload is there
    # another game's table in the other language, in a second tab: the same engine answers both
    other = context.new_page()
    other.goto(server + "ja/tichu/practice.html?seed=3")
    ready(other)
    expect(other.locator(".hand button.card").first).to_be_visible()
    assert other.evaluate("cardtutorEngine.reused") is True
    assert knows(other, state) and knows(page, state)
    # the page left for one without the engine, then a lesson again: still running
    page.goto(server + "en/index.html")
    page.goto(server + "en/tichu/01-cards-and-specials.html")
    ready(page)
    assert page.evaluate("cardtutorEngine.reused") is True


def test_without_shared_workers_each_page_starts_its_own(browser, server, watch) -> None:
    ctx = browser.new_context()
    ctx.set_default_timeout(WAIT_MS)
    ctx.add_init_script("delete window.SharedWorker")
    ctx.on("page", watch.attach)
    page = ctx.new_page()
    page.goto(server + LESSON)
    ready(page)
    state = new_state(page)
    page.reload()
    ready(page)
    assert page.evaluate("cardtutorEngine.reused") is False
    assert page.evaluate("cardtutorEngine.fromSnapshot") is True
    assert not knows(page, state)  # a new engine: the old position is gone
    # and a page asked for its own engine (the tests' switch) gets one beside a shared one
    ctx.close()
    ctx = browser.new_context()
    ctx.set_default_timeout(WAIT_MS)
    ctx.on("page", watch.attach)
    page = ctx.new_page()
    page.goto(server + LESSON)
    ready(page)
    state = new_state(page)
    page.evaluate("localStorage.setItem('cardtutor.engine', 'own')")
    page.reload()
    ready(page)
    assert page.evaluate("cardtutorEngine.reused") is False and not knows(page, state)
    ctx.close()
    assert not watch.errors, watch.errors


def test_a_failed_start_is_tried_again_by_the_next_page(browser, site_dir, tmp_path, watch) -> None:
    """A shared engine whose start-up failed (its wheel was missing) does not tell every later page
    so: the next page that asks starts it again. (The host itself lacks the file: Playwright's
    routes do not see a shared worker's requests.)"""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    wheel = next((site / "py").glob("*.whl"))
    aside = wheel.rename(tmp_path / wheel.name)
    httpd, origin, _ = static_host.serve(site)
    watch.origin = origin
    watch.allowed_failures = ("py/",)
    ctx = browser.new_context(service_workers="block")
    ctx.set_default_timeout(WAIT_MS)
    ctx.on("page", watch.attach)
    try:
        page = ctx.new_page()
        page.goto(origin + LESSON)
        expect(page.locator("#engine-status[data-state=failed]")).to_be_attached()
        aside.rename(wheel)
        page.reload()
        ready(page)
        assert page.evaluate("cardtutorEngine.reused") is False
        assert knows(page, new_state(page))
    finally:
        ctx.close()
        httpd.shutdown()
        httpd.server_close()
    assert not watch.errors, watch.errors
