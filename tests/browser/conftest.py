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

import build

CHROMIUM = "/usr/bin/chromium"
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
    ctx.on("page", watch.attach)
    yield ctx
    ctx.close()
    assert not watch.errors, "console errors:\n" + "\n".join(watch.errors)
    assert not watch.foreign, "requests to another origin:\n" + "\n".join(watch.foreign)


@pytest.fixture
def page(context: object) -> object:
    return context.new_page()  # type: ignore[attr-defined]


def shot(page: object, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)  # type: ignore[attr-defined]
