"""The Pon-jan practice table: whole hands against three bots, the learner calling pon on a bot's
discard (PON-PON-1) and playing the hand to its end, won or drawn (PON-TURN-1, PON-RON-1,
PON-DRAW-1), the chips moving by the payments and summing to zero (PON-PAY-1 … PON-PAY-5).

The learner's policy is simple and deterministic for a seed: discard the tile just drawn (set apart
at the end of the hand), the first tile after a pon, call the first pon offered, win when the page
offers ron. Right after the pon it tries Tsumo and is told why not (a pon never wins by itself)."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from .conftest import click_and_wait, shot, wait_waiting

READY = '#engine-status[data-state="ready"]'
PRACTICE = "{lang}/ponjan/practice.html?seed=4&seat=0"
WORDS = {
    "en": {"chips": re.compile(r"(-?\d+) chips?"),
           "result": re.compile(r"wins by (tsumo|ron)|A draw: the wall ran out"),
           "prompt": "on this discard now", "refused": "Not allowed.", "no_win": "A pon never wins by itself",
           "pon_zone": "Seat 0's pon", "drawn": "just drawn"},
    "ja": {"chips": re.compile(r"(-?\d+)チップ"),
           "result": re.compile(r"ツモでアガり|ロンし|流局"),
           "prompt": "いまの捨て牌", "refused": "できません。", "no_win": "ポン",
           "pon_zone": "席0", "drawn": "引いたばかりの牌"},
}
SEATS = 4


def _chips(page, lang: str) -> list[int]:
    """Each seat's chips, from its note: the learner's in its hand's heading, the bots' under them."""
    texts = [page.locator(".hand h3").text_content() or ""]
    texts += [page.locator(f'.seat[data-seat="{s}"] .points').text_content() or "" for s in range(1, SEATS)]
    found = [WORDS[lang]["chips"].search(t) for t in texts]
    assert all(found), texts
    return [int(m.group(1)) for m in found]


def _discard(page) -> str:
    """Discards the tile just drawn (or, right after a pon, the first tile): select, then Discard."""
    drawn = page.locator(".hand button.card.apart")
    tile = drawn if drawn.count() else page.locator(".hand button.card").first
    tile.click()
    return click_and_wait(page, page.locator("#btn-play"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hands_to_the_end_with_a_pon_by_the_learner(page, server, lang: str) -> None:
    w = WORDS[lang]
    page.goto(server + PRACTICE.format(lang=lang))
    expect(page.locator(READY)).to_be_visible()
    assert wait_waiting(page) == "learner"
    expect(page.locator(".seat")).to_have_count(SEATS - 1)
    assert _chips(page, lang) == [0] * SEATS
    # the dealer (the learner) has drawn: nine tiles, the drawn one set apart and named so
    expect(page.locator(".hand button.card")).to_have_count(9)
    expect(page.locator(".hand button.card.apart")).to_have_count(1)
    expect(page.locator(".hand button.card.apart")).to_have_attribute("title", w["drawn"])
    # tiles are drawn as tiles (not as cards with suits)
    assert page.locator(".hand button.card").evaluate_all(
        "els => els.every(e => /special-(T[1-9]|WILD)/.test(e.className))")
    ponned = False
    hands = 0
    for _ in range(400):
        state = wait_waiting(page)
        if state == "over":
            hands += 1
            result = page.locator("#feedback")
            expect(result).to_contain_text(w["result"])
            chips = _chips(page, lang)
            assert sum(chips) == 0, chips  # PON-PAY-5: the winner receives what the others pay
            if ponned:
                break
            next_hand = page.locator("#btn-next-round")
            expect(next_hand).to_be_visible()
            assert click_and_wait(page, next_hand) in ("learner", "over")
            continue
        offered = page.locator("#decision .out-of-turn-action")
        if offered.count():
            expect(page.locator("#decision .window")).to_contain_text(w["prompt"])
            keys = [json.loads(k) for k in offered.evaluate_all("els => els.map(e => e.dataset.key)")]
            pon = next((i for i, k in enumerate(keys) if isinstance(k, dict) and "pon" in k), None)
            if pon is not None and not ponned:
                before = page.locator(".hand button.card").count()
                shot(page, f"ponjan-pon-window-{lang}")
                assert click_and_wait(page, offered.nth(pon)) == "learner"
                ponned = True
                # two tiles went from the hand into the shown set; the learner discards next,
                # without a draw, and a tsumo now is refused with its reason (PON-PON-1)
                expect(page.locator(".hand button.card")).to_have_count(before - 2)
                expect(page.locator(".hand button.card.apart")).to_have_count(0)
                expect(page.locator(".centre")).to_contain_text(w["pon_zone"])
                tsumo = page.locator('#decision button.extra[data-key=\'{"win":"tsumo"}\']')
                assert click_and_wait(page, tsumo) == "learner"
                expect(page.locator("#feedback")).to_contain_text(w["refused"])
                expect(page.locator("#feedback")).to_contain_text(w["no_win"])
                expect(page.locator("#feedback a", has_text="PON-PON-1")).to_be_visible()
                expect(page.locator(".hand button.card")).to_have_count(before - 2)  # nothing changed
                continue
            win = next((i for i, k in enumerate(keys) if k == {"win": "ron"}), None)
            click_and_wait(page, offered.nth(win) if win is not None else page.locator("#btn-let-go"))
            continue
        _discard(page)
    else:
        raise AssertionError("no hand ended")
    assert ponned, "the learner was never offered a pon"
    history = page.locator("#history").text_content() or ""
    assert re.search(r"Seat 0 calls pon|席0が.*ポン", history), history[-400:]
    shot(page, f"ponjan-hand-over-{lang}")
