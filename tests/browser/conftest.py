"""Browser tests: the built site served on 127.0.0.1, driven in Debian's Chromium by Playwright.

Chromium comes from apt (``./dev test`` installs it); Playwright never downloads a browser.
Every page is watched: a console error, an uncaught exception or a request to another
origin fails the test. Screenshots go to ``artifacts/`` (git-ignored).
"""
from __future__ import annotations

import functools
import os
import http.server
import threading
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import expect

import build

CHROMIUM = "/usr/bin/chromium"
# A busy machine (CI on 2 cores, a build beside the tests) may take many seconds for what takes
# milliseconds alone: every wait is on the page's own signals (``data-state``/``data-settled`` on
# <html>, set by table.js:pageState; the engine status), with limits long enough never to be the
# thing a test measures.
WAIT_MS = 120_000
expect.set_options(timeout=WAIT_MS)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.cpython_only)
            item.add_marker(pytest.mark.browser)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("browser") / "_site"
    lessons = os.environ.get("CARDTUTOR_LESSONS")  # a smaller lessons folder, for work on one page
    build.build(out, Path(lessons) if lessons else build.LESSONS)
    return out


@pytest.fixture(scope="session")
def server(site_dir: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(site_dir))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is not installed (./dev test installs it with apt)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Watch:
    """Collects console errors, page errors and off-origin requests of one browser context."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.allowed_failures: tuple[str, ...] = ()

    def attach(self, page: object) -> None:
        page.on("console", self._console)  # type: ignore[attr-defined]
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))  # type: ignore[attr-defined]
        page.on("request", self._request)  # type: ignore[attr-defined]

    def _console(self, message: object) -> None:
        if message.type == "error":  # type: ignore[attr-defined]
            text = message.text  # type: ignore[attr-defined]
            if not (self.allowed_failures and "Failed to load resource" in text):
                self.errors.append(f"console: {text}")

    def _request(self, request: object) -> None:
        url = request.url  # type: ignore[attr-defined]
        if not (url.startswith(self.origin) or url.startswith(("data:", "blob:"))):
            self.foreign.append(url)


@pytest.fixture
def watch(server: str) -> Watch:
    return Watch(server)


@pytest.fixture
def context(browser: object, watch: Watch) -> Iterator[object]:
    ctx = browser.new_context(viewport={"width": 1200, "height": 860})  # type: ignore[attr-defined]
    ctx.set_default_timeout(WAIT_MS)  # type: ignore[attr-defined]
    # bots move without the page's reading pause (table.js:botPause): tests wait on signals instead
    ctx.add_init_script("try { localStorage.setItem('cardtutor.botDelay', '0') } catch (e) {}")  # type: ignore[attr-defined]
    ctx.on("page", watch.attach)
    yield ctx
    ctx.close()
    assert not watch.errors, "console errors:\n" + "\n".join(watch.errors)
    assert not watch.foreign, "requests to another origin:\n" + "\n".join(watch.foreign)


def route_engine(context: object, pattern: str, handler: object) -> None:
    """Routes the engine's downloads (held back, refused) for the pages of ``context``. Those pages
    get an engine of their own ("cardtutor.engine": "own", templates/boot.html): Playwright's
    routes do not see a shared worker's requests."""
    context.add_init_script("try { localStorage.setItem('cardtutor.engine', 'own') } catch (e) {}")  # type: ignore[attr-defined]
    context.route(pattern, handler)  # type: ignore[attr-defined]


@pytest.fixture
def page(context: object) -> object:
    return context.new_page()  # type: ignore[attr-defined]


def shot(page: object, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]


def wait_for(page: object, script: str, arg: object = None, timeout: int = WAIT_MS, every_ms: int = 50) -> object:
    """Waits until ``script`` (a JS function of ``arg``, maybe async) returns something truthy;
    returns it. Playwright's ``wait_for_function`` evaluates its predicate with ``eval`` inside the
    page, which the pages' Content-Security-Policy refuses (no ``'unsafe-eval'``: sitebuild/csp.py),
    so this asks the page from outside (``page.evaluate`` runs through the DevTools protocol, which
    the policy does not cover) until the page's own signal is there."""
    import time
    deadline = time.monotonic() + timeout / 1000
    while True:
        value = page.evaluate(script, arg)  # type: ignore[attr-defined]
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout} ms for: {script[:120]}")
        page.wait_for_timeout(every_ms)  # type: ignore[attr-defined]


def settled(page: object) -> int:
    """How many times the page has come back to waiting for the learner (table.js:pageState)."""
    return int(page.evaluate("Number(document.documentElement.dataset.settled || 0)"))  # type: ignore[attr-defined]


def wait_settled(page: object, before: int) -> str:
    """Waits until the page has answered (come back to waiting since ``before``); returns its state."""
    # a selector, not a predicate: Playwright's selector engine runs outside the page's policy
    # (settled only grows, so "not n" is "more than n")
    expect(page.locator(f'html[data-settled]:not([data-settled="{before}"]):not([data-state="busy"])')).to_be_attached()  # type: ignore[attr-defined]
    return str(page.evaluate("document.documentElement.dataset.state"))  # type: ignore[attr-defined]


def wait_waiting(page: object) -> str:
    """Waits until the page waits for the learner (or the deal is over); returns that state."""
    expect(page.locator('html[data-state="learner"], html[data-state="over"]')).to_be_attached()  # type: ignore[attr-defined]
    return str(page.evaluate("document.documentElement.dataset.state"))  # type: ignore[attr-defined]


def click_and_wait(page: object, locator: object) -> str:
    """Clicks a control and waits for the page's answer (the engine and bots done); returns the state."""
    before = settled(page)
    locator.click()  # type: ignore[attr-defined]
    return wait_settled(page, before)


def give_first_cards(page: object) -> None:
    """An exchange as a hurried learner makes it: the first cards of the hand, one clicked into each
    seat's slot in turn (the slots fill in order), then the confirm button."""
    slots = page.locator("#decision .slot")
    for i in range(slots.count()):
        page.locator(".hand button.card:not(.selected)").first.click()
    click_and_wait(page, page.locator("#btn-confirm"))


def play_any_legal_card(page: object) -> None:
    """Tries the hand's cards one at a time until the engine takes one (a learner following suit)."""
    hand = page.locator(".hand button.card")  # type: ignore[attr-defined]
    for i in range(hand.count()):
        if page.locator(".hand button.card.selected").count():  # type: ignore[attr-defined]
            page.locator(".hand button.card.selected").first.click()  # type: ignore[attr-defined]
        hand.nth(i).click()
        click_and_wait(page, page.locator("#btn-play"))  # type: ignore[attr-defined]
        if "Not allowed" not in (page.locator("#feedback").text_content() or ""):  # type: ignore[attr-defined]
            return
    raise AssertionError("no single card of the hand was accepted")
