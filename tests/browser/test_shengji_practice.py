"""The Shengji practice table: a whole hand with a bot partner against two bots, from the draw
(with an exposure taken by the learner, SJ-DECLARE-1) through the bury to the hand's result."""
from __future__ import annotations

import json
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


def _play_the_hint(page) -> dict | list:
    """Asks for the hint's three levels and plays its answer by selecting its cards in the hand
    (two decks: a pair or a tractor is several cards, two of them alike)."""
    for _ in range(3):
        page.locator("#btn-hint").click()
    answer = page.locator("#feedback .hint-answer")
    expect(answer).to_be_visible()
    action = json.loads(answer.get_attribute("data-action") or "null")
    tokens = action if isinstance(action, list) else action.get("bury")
    for token in tokens:
        page.locator(f'.hand button.card[data-token="{token}"]:not(.selected)').first.click()
    button = page.locator("#btn-play") if isinstance(action, list) else page.locator("#btn-confirm")
    click_and_wait(page, button)
    return action


def test_a_whole_two_deck_hand_pairs_and_tractors(page, server) -> None:
    """Two decks (preset two_decks): 25 cards each, an 8-card kitty, pairs and tractors. A lead
    of two different cards is refused with its rule and changes nothing; every play the hint
    gives is taken; the hand ends with 200 points in play (SJ-2D-1 … SJ-2D-10)."""
    page.goto(server + PRACTICE + "?seed=11&seat=0&preset=two_decks")
    expect(page.locator(READY)).to_be_visible()
    refused = pairs_seen = False
    draws = 0
    for _ in range(400):
        if wait_waiting(page) == "over":
            break
        if page.locator("#btn-let-go").is_visible():
            click_and_wait(page, page.locator("#btn-let-go"))
            continue
        draw = page.locator("#decision button[data-key='{\"draw\":true}']")
        if draw.count():
            click_and_wait(page, draw)
            draws += 1
            continue
        hand = page.locator(".hand button.card").evaluate_all("els => els.map(e => e.dataset.token)")
        leading = False
        if not refused and page.locator("#btn-play").is_visible():
            page.locator("#btn-hint").click()
            expect(page.locator("#feedback .hint-focus")).to_be_visible()
            leading = "You lead" in page.locator("#feedback .hint-focus").inner_text()
        if leading:
            # the learner leads: two different cards are no pair (SJ-2D-3), and nothing changes
            first, other = hand[0], next(t for t in hand if t != hand[0])
            page.locator(f'.hand button.card[data-token="{first}"]').first.click()
            page.locator(f'.hand button.card[data-token="{other}"]').first.click()
            click_and_wait(page, page.locator("#btn-play"))
            expect(page.locator("#feedback")).to_contain_text("Not allowed")
            expect(page.locator("#feedback")).to_contain_text("SJ-2D-")
            assert page.locator(".hand button.card").evaluate_all("els => els.map(e => e.dataset.token)") == hand
            clear = page.get_by_role("button", name="Clear selection")
            if clear.is_enabled():
                clear.click()
            refused = True
        action = _play_the_hint(page)
        assert "Not allowed" not in (page.locator("#feedback").text_content() or ""), action
        if isinstance(action, list) and len(action) >= 2:
            pairs_seen = True
    assert draws >= 20, "the learner draws its own 25 cards, one at a time"
    assert refused, "the learner never led"
    assert pairs_seen, "no pair or tractor was played by the learner this hand"
    expect(page.locator("#feedback")).to_contain_text(re.compile(r"the non-dealers scored \d+"))
    # 200 card points in play: what the non-dealers took is out of 200 (SJ-2D-1)
    expect(page.locator("#history")).to_contain_text(re.compile(r"buries 8 cards|takes the 8 kitty cards"))
    shot(page, "shengji-two-deck-hand-over")
