"""The practice table in a real browser: a whole deal, shared deals, tampered URLs."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import click_and_wait, shot, wait_waiting

READY = '#engine-status[data-state="ready"]'
PRACTICE = "en/doudizhu/practice.html"


def hand_tokens(page) -> list[str]:
    return page.locator(".hand button.card").evaluate_all("els => els.map(e => e.dataset.token)")


def test_a_whole_deal_against_the_bots_to_the_payment(page, server) -> None:
    page.goto(server + PRACTICE + "?seed=5&seat=0")
    expect(page.locator(READY)).to_be_visible()
    for _ in range(400):
        if wait_waiting(page) == "over":
            break
        phase = page.locator("#phases li.current").text_content()
        if "Auction" in phase:
            click_and_wait(page, page.locator("#decision button", has_text=re.compile("^Bid 3$")))  # the learner is landlord
        else:
            click_and_wait(page, page.locator("#btn-pass"))
            if "Not allowed" in (page.locator("#feedback").text_content() or ""):
                page.locator(".hand button.card").first.click()
                click_and_wait(page, page.locator("#btn-play"))
    expect(page.locator("#btn-next-round")).to_be_visible()
    expect(page.locator("#feedback")).to_contain_text(re.compile(r"Round over: the (landlord wins|farmers win)\."))
    expect(page.locator("#history")).to_contain_text(re.compile("has played out"))
    expect(page.locator(".centre")).to_contain_text("Scores: Seat 0")
    page.locator("#btn-reveal").click()  # after the deal the learner may look at every hand
    expect(page.locator(".seat .cards.shown")).to_have_count(2)
    shot(page, "practice-round-over")
    page.locator("#btn-next-round").click()
    expect(page.locator("#history")).to_contain_text("Round 2 begins")


def test_undo(page, server) -> None:
    page.goto(server + PRACTICE + "?seed=11&seat=1")
    expect(page.locator(READY)).to_be_visible()
    wait_waiting(page)
    before = page.locator("#history li").count()
    click_and_wait(page, page.locator("#decision button").first)  # an auction decision (pass)
    expect(page.locator("#btn-undo")).to_be_enabled()
    page.locator("#btn-undo").click()
    expect(page.locator("#history li")).to_have_count(before)
    expect(page.locator(".seat .cards.shown")).to_have_count(0)


def test_a_shared_link_gives_the_same_deal_in_a_fresh_browser(browser, server, watch) -> None:
    hands = []
    for _ in range(2):
        ctx = browser.new_context()
        ctx.on("page", watch.attach)
        page = ctx.new_page()
        page.goto(server + PRACTICE + "?seed=class-3B&players=4&seat=2&spring=true")
        expect(page.locator(READY)).to_be_visible()
        expect(page.locator(".hand button.card").first).to_be_visible()
        hands.append(hand_tokens(page))
        expect(page.locator("select[name=players]")).to_have_value("4")
        ctx.close()
    assert hands[0] == hands[1] and len(hands[0]) in (25, 33)
    assert not watch.errors and not watch.foreign


@pytest.mark.parametrize("query,message", [
    ("?seed=%3Cscript%3E", "deal number"),
    ("?players=9", "players"),
    ("?colour=red", 'unknown setting "colour"'),
    ("?game=tichu", "not \"tichu\""),
    ("?seat=7", "seat"),
    ("?spring=maybe", "spring"),
    ("?first_bidder=dealer", "first_bidder"),
])
def test_tampered_urls_get_a_clear_message(page, server, query, message) -> None:
    page.goto(server + PRACTICE + query)
    error = page.locator("#url-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("This link cannot be used")
    expect(error).to_contain_text(message)
    expect(page.locator("h1")).to_be_visible()


def test_the_language_switch_keeps_the_deal(page, server) -> None:
    page.goto(server + PRACTICE + "?seed=42&players=4&seat=2")
    expect(page.locator(READY)).to_be_visible()
    expect(page.locator(".hand button.card").first).to_be_visible()
    hand = hand_tokens(page)
    page.get_by_role("link", name="この内容を日本語で読む").click()
    # the language switch carries the moment (the bots' first moves, replayed), not only the deal
    expect(page).to_have_url(re.compile(r"/ja/doudizhu/practice\.html\?v=1&seed=42&seat=2&players=4(&moves=1\.[\w-]+)?$"))
    expect(page.locator('#engine-status[data-state="ready"]')).to_be_visible()
    expect(page.locator(".hand button.card").first).to_be_visible()
    assert hand_tokens(page) == hand
    expect(page.locator("#settings")).to_contain_text("人数")


def test_hint_in_three_levels_at_the_practice_table(page, server) -> None:
    """Issue 14: the hint button three times while leading: 1. what to look for (any combination
    goes), with rule links; 2. candidates, their cards marked in the hand, not the answer alone;
    3. the answer and why."""
    page.goto(server + PRACTICE + "?seed=5&seat=0")
    expect(page.locator(READY)).to_be_visible()
    for _ in range(10):  # bid 3: the learner is landlord and leads the first trick
        wait_waiting(page)
        if "Auction" not in (page.locator("#phases li.current").text_content() or ""):
            break
        click_and_wait(page, page.locator("#decision button", has_text=re.compile("^Bid 3$")))
    levels = page.locator(".hint-levels")
    page.locator("#btn-hint").click()
    expect(levels.locator(".hint-focus")).to_contain_text("1. You lead: any combination goes")
    expect(levels.locator(".rules-cited a").first).to_have_attribute("href", "rules.html#DDZ-PLAY-1")
    expect(levels.locator(".hint-candidates, .hint-answer")).to_have_count(0)
    page.locator("#btn-hint").click()
    expect(levels.locator(".hint-candidates")).to_contain_text(re.compile(r"^2\. Some of your \d+ options: .+, .+"))
    expect(levels.locator(".hint-answer")).to_have_count(0)
    marked = page.locator(".hand button.legal-hint")
    expect(marked.first).to_be_visible()
    assert marked.count() >= 2
    page.locator("#btn-hint").click()
    expect(levels.locator(".hint-answer")).to_contain_text(re.compile(r"^3\. The answer: .+\. Lead low"))
    expect(levels.locator(".rules-cited")).to_have_count(2)
    shot(page, "practice-hint-level-3")
