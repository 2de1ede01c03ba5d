"""The Jian Hong Dian practice table: a whole 4-player deal with bots in the other seats, to the
result (JHD-END-1, JHD-SCORE-2). With compulsory capture every card is taken, so the seats'
points add up to the deck's 240 (JHD-SCORE-1). In the hand step the page offers every capture and
a button to lay each hand card, legal or not: while a capture is possible a lay is refused with its
reason, and the hint says why too (JHD-CAP-3)."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from .conftest import click_and_wait, shot, wait_waiting

READY = '#engine-status[data-state="ready"]'
PRACTICE = "{lang}/jianhongdian/practice.html?seed=3&seat=0"
WORDS = {
    "en": {"points": re.compile(r"\d+ cards? taken, (\d+) points?"),
           "result": re.compile(r"Seats? [\d, and]+ scores? the most: (\d+) points\."),
           "refused": "Not allowed.", "must": re.compile("you must capture", re.I), "over": "The deal is over",
           "phase": {"hand": "Play", "stock": "Stock card"},
           "empty": ("Stock: 0 cards", "The layout is empty.")},
    "ja": {"points": re.compile(r"取った札\d+枚、(\d+)点"),
           "result": re.compile(r"最高点は席[\d、と]+の(\d+)点です。"),
           "refused": "出せません。", "must": "取らなければなりません", "over": "この回は終わりです",
           "phase": {"hand": "プレイ", "stock": "山札の札"},
           "empty": ("山札：0枚", "場札はありません。")},
}
SEATS = 4


def _points(page, lang: str) -> list[int]:
    """Each seat's captured points, from its note: the learner's in its hand's heading, the bots'
    under their seats."""
    texts = [page.locator(".hand h3").text_content() or ""]
    texts += [page.locator(f'.seat[data-seat="{s}"] .points').text_content() or "" for s in range(1, SEATS)]
    found = [WORDS[lang]["points"].search(t) for t in texts]
    assert all(found), texts
    return [int(m.group(1)) for m in found]


def _kinds(page) -> list[str]:
    """What each choice button does, from its action (``data-key``; the labels may be shortened):
    "capture" (a hand card takes a layout card), "lay", or "stock" (a target for the turned card)."""
    keys = page.locator("#decision button.choice").evaluate_all("els => els.map(e => e.dataset.key)")
    out = []
    for key in keys:
        action = json.loads(key)
        out.append("lay" if "lay" in action else "capture" if "play" in action else "stock")
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_deal_to_the_result(page, server, lang: str) -> None:
    w = WORDS[lang]
    page.goto(server + PRACTICE.format(lang=lang))
    expect(page.locator(READY)).to_be_visible()
    assert wait_waiting(page) == "learner"
    expect(page.locator(".seat")).to_have_count(SEATS - 1)  # four players: three bots around the learner
    assert _points(page, lang) == [0] * SEATS
    # seed 3: the learner (the dealer) starts, and a capture is possible. Every capture is offered,
    # and beside them a button to lay each of the six hand cards; a lay is refused with its reason
    # (JHD-CAP-3), and the learner still has the turn
    kinds = _kinds(page)
    assert kinds.count("capture") >= 2 and kinds.count("lay") == 6, kinds
    lay = page.locator("#decision button.choice[data-key^='{\"lay\"']").first
    assert click_and_wait(page, lay) == "learner"
    expect(page.locator("#feedback")).to_contain_text(w["refused"])
    expect(page.locator("#feedback")).to_contain_text(w["must"])
    expect(page.locator("#feedback a", has_text="JHD-CAP-3")).to_be_visible()
    expect(page.locator(".hand button.card")).to_have_count(6)  # nothing was played
    page.locator("#btn-hint").click()
    expect(page.locator("#feedback")).to_contain_text(w["must"])
    expect(page.locator("#feedback a", has_text="JHD-CAP-3")).to_be_visible()
    decisions = 0
    for _ in range(100):
        if wait_waiting(page) == "over":
            break
        kinds = _kinds(page)
        assert kinds, "the learner's turn, but no choice is offered"
        if "stock" in kinds:  # the turned card's targets: only those, in the stock step's own phase
            assert set(kinds) == {"stock"}, kinds
            expect(page.locator("#phases li.current")).to_contain_text(w["phase"]["stock"])
        else:  # the hand step: the captures, then one lay per hand card
            expect(page.locator("#phases li.current")).to_contain_text(w["phase"]["hand"])
            assert kinds.count("lay") == page.locator(".hand button.card").count(), kinds
            assert kinds == sorted(kinds), kinds  # captures first
        # the first choice: a capture when there is one (compulsory), else a lay, else a stock target
        click_and_wait(page, page.locator("#decision button.choice").first)
        decisions += 1
    else:
        raise AssertionError("the deal did not end")
    assert decisions >= 6  # a hand card on each of the learner's six turns, and maybe stock choices
    result = page.locator("#feedback")
    expect(result).to_contain_text(w["result"])
    best = int(w["result"].search(result.text_content() or "").group(1))
    points = _points(page, lang)
    assert sum(points) == 240, points
    assert max(points) == best, (points, best)
    expect(page.locator("#history")).to_contain_text(w["over"])
    for text in w["empty"]:  # hands, stock and layout all used up (JHD-END-1)
        expect(page.locator(".centre")).to_contain_text(text)
    shot(page, f"jianhongdian-deal-over-{lang}")
