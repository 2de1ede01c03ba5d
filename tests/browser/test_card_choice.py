"""Cards chosen by clicking cards (issue 14), not from native dropdowns: the Tichu exchange fills
one slot per seat from the hand; the Napoleon adjutant is a card face picked from its suit's row;
a long choice without cards (a Napoleon bid) is rows of buttons, one per part."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import shot, wait_waiting
from .test_lessons import answer, lesson_data, select

EXCHANGE = "tichu/02-deal-calls-exchange.html"
ADJUTANT = "napoleon/03-adjutant-and-kitty.html"
BIDDING = "napoleon/02-bidding.html"


def go_to_decision(page, kind: str) -> None:
    """Steps on to the lesson's first decision whose answer is a ``kind`` choice."""
    wait_waiting(page)
    for index, step in enumerate(lesson_data(page)["steps"]):
        for _ in range(len(step["frames"]) - 1):
            page.locator("#btn-next").click()
        ask = step.get("ask")
        if ask and isinstance(ask["answer_actions"][0], dict) and kind in ask["answer_actions"][0]:
            expect(page.locator("#decision")).to_be_visible()
            return
        if ask:
            answer(page, ask["answer_actions"][0])
            expect(page.locator("#feedback .headline")).to_have_text(re.compile("Well done|正解"))
        page.locator("#btn-next").click()
    raise AssertionError(f"no {kind} decision in the lesson")


def test_the_exchange_is_made_by_clicking_cards_into_each_seats_slot(page, server) -> None:
    page.goto(server + "en/" + EXCHANGE)
    go_to_decision(page, "exchange")
    decision = page.locator("#decision")
    expect(decision.locator("select")).to_have_count(0)
    slots = decision.locator(".slot")
    expect(slots).to_have_count(3)
    # each slot names its seat by number and by where it sits
    expect(slots.nth(0)).to_contain_text("To seat 1 (on your right)")
    expect(slots.nth(1)).to_contain_text("To seat 2 (partner, across)")
    expect(slots.nth(2)).to_contain_text("To seat 3 (on your left)")
    confirm = page.locator("#btn-confirm")
    expect(confirm).to_be_disabled()
    # a clicked card fills the first empty slot, and is raised in the hand
    select(page, ["S-2"])
    expect(slots.nth(0)).to_have_attribute("data-token", "S-2")
    expect(slots.nth(0)).to_have_attribute("aria-label", re.compile("To seat 1 .*: 2 of spades"))
    expect(page.locator(".hand button.card.selected")).to_have_attribute("data-token", "S-2")
    # the learner aims at the partner's slot: the next card goes there, not to seat 2 by turn
    slots.nth(2).click()
    select(page, ["H-3"])
    expect(slots.nth(2)).to_have_attribute("data-token", "H-3")
    expect(slots.nth(1)).not_to_have_attribute("data-token", re.compile("."))
    expect(confirm).to_be_disabled()
    select(page, ["DRAGON"])
    expect(slots.nth(1)).to_have_attribute("data-token", "DRAGON")
    expect(confirm).to_be_enabled()
    # a filled slot clicked gives its card back to the hand, and takes the next card
    slots.nth(1).click()
    expect(slots.nth(1)).not_to_have_attribute("data-token", re.compile("."))
    expect(page.locator(".hand button.card.selected")).to_have_count(2)
    expect(confirm).to_be_disabled()
    select(page, ["D-K"])
    expect(slots.nth(1)).to_have_attribute("data-token", "D-K")
    # a selected card clicked again leaves its slot
    page.get_by_role("button", name="2 of spades").first.click()
    expect(slots.nth(0)).not_to_have_attribute("data-token", re.compile("."))
    select(page, ["S-2"])
    confirm.click()
    expect(page.locator("#feedback .headline")).to_have_text("Well done.")
    shot(page, "tichu-exchange-slots")


def test_the_exchange_in_japanese(page, server) -> None:
    page.goto(server + "ja/" + EXCHANGE)
    go_to_decision(page, "exchange")
    slots = page.locator("#decision .slot")
    expect(slots.nth(1)).to_contain_text("席2・パートナー（向かい）へ")
    for token in ("H-3", "D-K", "S-2"):  # in turn: the 3 to seat 1, the king to the partner, the 2 to seat 3
        select(page, [token])
    expect(slots.nth(2)).to_have_attribute("aria-label", re.compile("席3・左隣へ: スペードの2"))
    page.locator("#btn-confirm").click()
    expect(page.locator("#feedback .headline")).to_have_text(re.compile("正解"))


def test_the_adjutant_is_called_by_clicking_a_card_face(page, server) -> None:
    page.goto(server + "en/" + ADJUTANT)
    go_to_decision(page, "call_adjutant")
    decision = page.locator("#decision")
    expect(decision.locator("select")).to_have_count(0)
    confirm = page.locator("#btn-confirm")
    # the suits as a row of buttons, the first one open; its cards as faces
    suits = decision.locator('button.pick[data-part="0"]')
    expect(suits.first).to_have_attribute("aria-pressed", "true")
    cards = decision.locator('button.pick.card[data-part="1"]')
    expect(cards).to_have_count(13)
    expect(confirm).to_be_disabled()
    # another suit shows its own cards
    decision.locator('button.pick[data-part="0"]', has_text="hearts").click()
    expect(decision.get_by_role("button", name="jack of hearts")).to_be_visible()
    expect(decision.get_by_role("button", name="ace of spades")).to_have_count(0)
    decision.locator('button.pick[data-part="0"]', has_text="spades").click()
    ace = decision.get_by_role("button", name="ace of spades")
    ace.click()
    expect(ace).to_have_attribute("aria-pressed", "true")
    expect(confirm).to_be_enabled()
    confirm.click()
    expect(page.locator("#feedback .headline")).to_have_text("Well done.")
    shot(page, "napoleon-adjutant-cards")


def test_a_bid_is_picked_from_rows_of_buttons(page, server) -> None:
    page.goto(server + "en/" + BIDDING)
    go_to_decision(page, "bid")
    decision = page.locator("#decision")
    expect(decision.locator("select")).to_have_count(0)
    confirm = page.locator("#btn-confirm")
    expect(confirm).to_be_disabled()  # nothing picked yet: no bid is made by accident
    counts = decision.locator('button.pick[data-part="0"]')
    suits = decision.locator('button.pick[data-part="1"]')
    assert counts.count() >= 5 and suits.count() >= 4
    counts.first.click()
    expect(counts.first).to_have_attribute("aria-pressed", "true")
    expect(confirm).to_be_disabled()
    suits.first.click()
    expect(confirm).to_be_enabled()
    # the pass stays a button of its own
    expect(decision.locator("#btn-pass, button.choice")).not_to_have_count(0)
