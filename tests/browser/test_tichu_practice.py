"""The Tichu practice table: a whole round with a bot partner against bot opponents."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import click_and_wait, give_first_cards, shot, wait_waiting

READY = '#engine-status[data-state="ready"]'
PRACTICE = "en/tichu/practice.html"


def test_a_whole_tichu_round_to_the_score(page, server) -> None:
    page.goto(server + PRACTICE + "?seed=8&seat=0")
    expect(page.locator(READY)).to_be_visible()
    bombs_offered = 0
    for _ in range(600):
        if wait_waiting(page) == "over":
            break
        if page.locator("#btn-let-go").is_visible():
            # the window shows the learner's own table, whoever played (never a bot's hand)
            expect(page.locator(".hand h3")).to_contain_text("Seat 0 (you)")
            bombs_offered += 1
            click_and_wait(page, page.locator("#btn-let-go"))
            continue
        phase = page.locator("#phases li.current").text_content()
        if "Grand Tichu" in phase:
            click_and_wait(page, page.get_by_role("button", name="No Grand Tichu"))
        elif "Exchange" in phase:
            give_first_cards(page)
        elif "Wish" in phase:
            click_and_wait(page, page.get_by_role("button", name="No wish"))
        elif "Dragon gift" in phase:
            click_and_wait(page, page.locator("#decision button", has_text="Give the trick").first)
        else:
            click_and_wait(page, page.locator("#btn-pass"))
            if "Not allowed" in (page.locator("#feedback").text_content() or ""):
                # leading, or the wish forbids passing: try single cards until one is legal
                hand = page.locator(".hand button.card")
                for i in range(hand.count()):
                    if page.locator(".hand button.card.selected").count():
                        page.locator(".hand button.card.selected").first.click()
                    hand.nth(i).click()
                    click_and_wait(page, page.locator("#btn-play"))
                    if "Not allowed" not in (page.locator("#feedback").text_content() or ""):
                        break
    expect(page.locator("#feedback")).to_contain_text("Round over")
    expect(page.locator("#history")).to_contain_text(re.compile("team A|Team A"))
    shot(page, "tichu-round-over")
