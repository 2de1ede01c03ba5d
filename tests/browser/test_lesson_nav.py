"""The next lesson opens in the same page, with the engine already running (site/static/lesson-nav.js).

A learner who follows "Next lesson" gets the lesson a normal link would give (address, title,
language switch, Back and Forward) without the engine starting again; a page of another build is
opened as a normal link opens it.
"""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import WAIT_MS

FIRST = "en/doudizhu/01-cards.html"
SECOND = "en/doudizhu/02-auction.html"


def ready(page: object) -> None:
    expect(page.locator("#engine-status[data-state=ready]")).to_be_attached()  # type: ignore[attr-defined]


def as_opened_directly(browser: object, server: str, path: str) -> dict:
    """What a lesson shows when opened by its address, after one step forward with the keyboard."""
    ctx = browser.new_context()  # type: ignore[attr-defined]
    page = ctx.new_page()
    page.goto(server + path)
    ready(page)
    shown = {"h1": page.inner_text("h1"), "title": page.title(),
             "lang": page.get_attribute(".lang-switch", "href")}
    page.keyboard.press("ArrowRight")
    shown["after_key"] = page.inner_text("#step-label")
    ctx.close()
    return shown


def test_next_lesson_keeps_the_engine(page, server, browser) -> None:
    second = as_opened_directly(browser, server, SECOND)
    first = as_opened_directly(browser, server, FIRST)
    page.goto(server + FIRST)
    ready(page)
    page.evaluate("() => { window.samePage = true; window.firstEngine = window.cardtutorEngine; }")
    page.locator("a.next-lesson").first.click()
    page.wait_for_url("**/" + SECOND + "?step=1")
    expect(page.locator("h1")).to_have_text(second["h1"])
    ready(page)
    assert page.evaluate("() => window.samePage === true && window.cardtutorEngine === window.firstEngine")
    assert page.title() == second["title"]
    assert page.get_attribute(".lang-switch", "href") == second["lang"]
    expect(page.locator("h1")).to_be_focused()
    # the keys move the new lesson one step, as on a page opened directly (no listener left behind)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step-label")).to_have_text(second["after_key"])
    # the new lesson's free play runs on the same engine, from this lesson's position
    page.locator("#btn-free").click()
    expect(page.locator('html[data-state="learner"], html[data-state="over"]')).to_be_attached()
    expect(page.locator("#btn-free")).to_be_disabled()
    # Back and Forward: the lesson of the address, still in the same page
    page.go_back()
    page.wait_for_url("**/" + FIRST + "?step=1")
    expect(page.locator("h1")).to_have_text(first["h1"])
    ready(page)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step-label")).to_have_text(first["after_key"])
    page.go_forward()
    page.wait_for_url("**/" + SECOND + "**")
    expect(page.locator("h1")).to_have_text(second["h1"])
    assert page.evaluate("() => window.samePage === true")


def test_a_page_of_another_build_is_opened_normally(browser, server, watch) -> None:
    # no service worker, so the page's own fetch meets the route below
    ctx = browser.new_context(service_workers="block")
    ctx.set_default_timeout(WAIT_MS)
    ctx.on("page", watch.attach)
    page = ctx.new_page()

    def newer_build(route) -> None:
        html = route.fetch().text()
        assert 'data-build="' in html
        route.fulfill(status=200, content_type="text/html", body=html.replace('data-build="', 'data-build="newer-'))

    page.route("**/" + SECOND + "*", newer_build)
    page.goto(server + FIRST)
    ready(page)
    page.evaluate("() => { window.samePage = true; }")
    page.locator("a.next-lesson").first.click()
    page.wait_for_url("**/" + SECOND)
    ready(page)
    assert page.evaluate("() => window.samePage") is None
    ctx.close()
    assert not watch.errors, watch.errors
