"""The Shengji practice table: a whole hand with a bot partner against two bots, from the draw
(with an exposure taken by the learner, SJ-DECLARE-1) through the bury to the hand's result."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import click_and_wait, play_any_legal_card, shot, wait_waiting

READY = '#engine-status[data-state="ready"]'
PRACTICE = "en/shengji/practice.html"
LEVELS = re.compile(r"Levels: seats 0 and 2 at \w+, seats 1 and 3 at \w+")


def test_a_whole_shengji_hand_with_an_exposure(page, server) -> None:
    # seed 7: the learner (seat 0) draws a 2 early, before any bot exposes one
    page.goto(server + PRACTICE + "?seed=7&seat=0")
    expect(page.locator(READY)).to_be_visible()
    exposed = buried = False
    for _ in range(300):
        if wait_waiting(page) == "over":
            break
        # the levels of both teams are always in view
        expect(page.locator(".centre .info")).to_contain_text(LEVELS)
        if page.locator("#btn-let-go").is_visible():
            # the chance to expose, offered while the cards are drawn, in the window's own words
            expect(page.locator("#decision")).to_contain_text("expose it now")
            take = page.locator("#decision button.out-of-turn-action").first
            expect(take).to_contain_text(re.compile(r"Expose 2"))
            click_and_wait(page, take)
            exposed = True
            continue
        phase = page.locator("#phases li.current").text_content() or ""
        if "Draw" in phase:
            click_and_wait(page, page.get_by_role("button", name="Draw a card"))
        elif "Kitty" in phase:
            # the dealer buries six: select six cards, then confirm
            for _ in range(6):
                page.locator(".hand button.card:not(.selected)").first.click()
            click_and_wait(page, page.locator("#btn-confirm"))
            buried = True
        else:
            play_any_legal_card(page)
    assert exposed, "the learner was never offered the exposure"
    expect(page.locator("#history")).to_contain_text(re.compile(r"Seat 0 exposes 2[♠♥♦♣]"))
    assert buried, "the learner exposed first in the first hand, so deals and buries (SJ-DECLARE-3)"
    # the hand's result: the points, the winners and the new levels
    expect(page.locator("#feedback")).to_contain_text(re.compile(r"the non-dealers scored \d+"))
    expect(page.locator(".centre")).to_contain_text(re.compile(r"Levels now: seats 0 and 2 at \w+, seats 1 and 3 at \w+"))
    # the 48 draws fold into one line of the history, which opens on demand
    expect(page.locator("#history li.run summary").first).to_contain_text("draws a card")
    assert page.locator("#history li.run").count() == 1, "only the draw folds, not the plays of a trick"
    shot(page, "shengji-hand-over")
    # the next hand carries the levels on (SJ-NEXT-3): the new levels are the table's levels now
    after = re.search(r"Levels now: (seats 0 and 2 at \w+, seats 1 and 3 at \w+)", page.locator(".centre").inner_text())
    assert after is not None
    click_and_wait(page, page.get_by_role("button", name="Next hand"))
    expect(page.locator(".centre .info")).to_contain_text("Levels: " + after.group(1))
    expect(page.locator("#phases li.current")).to_contain_text("Draw")
    expect(page.locator("#history")).to_contain_text(re.compile(r"[Hh]and 2"))


def test_a_new_deal_while_an_exposure_is_offered_leaves_a_live_page(page, server) -> None:
    """A question out of turn left open (the exposure) is dropped with its deal: the new deal's
    Draw button answers (it once stayed busy for good, waiting on the old question)."""
    page.goto(server + PRACTICE + "?seed=7&seat=0")
    expect(page.locator(READY)).to_be_visible()
    for _ in range(40):
        wait_waiting(page)
        if page.locator("#btn-let-go").is_visible():
            break
        click_and_wait(page, page.get_by_role("button", name="Draw a card"))
    expect(page.locator("#btn-let-go")).to_be_visible()
    click_and_wait(page, page.locator("#settings button[type=submit]"))
    for _ in range(40):  # the fresh deal: the learner's draws are answered again
        wait_waiting(page)
        if page.locator(".hand button.card").count() >= 4:
            break
        if page.locator("#btn-let-go").is_visible():
            click_and_wait(page, page.locator("#btn-let-go"))
        else:
            click_and_wait(page, page.get_by_role("button", name="Draw a card"))
    assert page.locator(".hand button.card").count() >= 4
