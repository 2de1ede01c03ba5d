"""The Tichu practice table: a whole round with a bot partner against bot opponents."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import shot

READY = '#engine-status[data-state="ready"]'
PRACTICE = "en/tichu/practice.html"


def test_a_whole_tichu_round_to_the_score(page, server) -> None:
    page.goto(server + PRACTICE + "?seed=8&seat=0")
    expect(page.locator(READY)).to_be_visible(timeout=90_000)
    expect(page.locator("#decision")).to_be_visible(timeout=20_000)
    bombs_offered = 0
    for _ in range(600):
        if "Round over" in (page.locator("#feedback").text_content() or ""):
            break
        if page.locator("#btn-let-go").is_visible():
            # the window shows the learner's own table, whoever played (never a bot's hand)
            expect(page.locator(".hand h3")).to_contain_text("Seat 0 (you)")
            bombs_offered += 1
            page.locator("#btn-let-go").click()
            continue
        decision = page.locator("#decision")
        if not decision.is_visible() or not page.locator(".hand.to-act").count():
            page.wait_for_timeout(100)
            continue
        phase = page.locator("#phases li.current").text_content()
        if "Grand Tichu" in phase:
            page.get_by_role("button", name="No Grand Tichu").click()
        elif "Exchange" in phase:
            page.locator("#decision button.primary").click()
        elif "Wish" in phase:
            page.get_by_role("button", name="No wish").click()
        elif "Dragon gift" in phase:
            page.locator("#decision button", has_text="Give the trick").first.click()
        else:
            page.locator("#btn-pass").click()
            page.wait_for_timeout(120)
            if "Not allowed" in (page.locator("#feedback").text_content() or ""):
                # leading, or the wish forbids passing: try single cards until one is legal
                hand = page.locator(".hand button.card")
                for i in range(hand.count()):
                    hand.nth(i).click()
                    page.locator("#btn-play").click()
                    page.wait_for_timeout(120)
                    text = page.locator("#feedback").text_content() or ""
                    if "Not allowed" not in text or not page.locator(".hand.to-act").count():
                        break
                    if page.locator(".hand button.card.selected").count():
                        page.locator(".hand button.card.selected").first.click()
        page.wait_for_timeout(100)
    expect(page.locator("#feedback")).to_contain_text("Round over", timeout=30_000)
    expect(page.locator("#history")).to_contain_text(re.compile("team A|Team A"))
    shot(page, "tichu-round-over")
