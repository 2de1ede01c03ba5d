"""Pages run under their Content-Security-Policy (sitebuild/csp.py) with no violation: a lesson
with its engine, a practice table through a whole deal's first moves, the rules and home pages,
and the same pages again from the offline copy (issue 13)."""
from __future__ import annotations

from playwright.sync_api import expect

from .conftest import click_and_wait, wait_waiting

READY = '#engine-status[data-state="ready"]'
# every violation the page or its workers report, kept on the page for the test to read
RECORD = """
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def violations(page: object) -> list[str]:
    return page.evaluate("window.cspViolations")  # type: ignore[attr-defined]


def test_pages_run_under_their_policy(context, page, server) -> None:
    context.add_init_script(RECORD)
    page.goto(server + "en/tichu/04-mahjong-and-wish.html")
    expect(page.locator(READY)).to_be_attached()  # the worker booted Pyodide under the policy
    expect(page.locator("#table .card").first).to_be_visible()  # the page's modules ran
    assert violations(page) == []
    page.goto(server + "en/napoleon/practice.html?seed=3")
    expect(page.locator(READY)).to_be_attached()
    if wait_waiting(page) == "learner":  # one move through the engine and the bots, under the policy
        click_and_wait(page, page.locator("#btn-pass"))  # a pass in the auction
    assert violations(page) == []
    for path in ("en/doudizhu/rules.html", "ja/index.html", "index.html", "ja/tichu/practice.html"):
        page.goto(server + path)
        page.wait_for_load_state("load")
        assert violations(page) == [], path
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content")
    assert "script-src 'self' 'sha256-" in policy
