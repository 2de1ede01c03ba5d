"""The Jian Hong Dian practice table: a whole 4-player deal with bots in the other seats, to the
result (JHD-END-1, JHD-SCORE-2). With compulsory capture every card is taken, so the seats'
points add up to the deck's 240 (JHD-SCORE-1). The page offers only legal choices as buttons:
when a capture is possible there is no button to lay a card, and the hint says why (JHD-CAP-3)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import click_and_wait, shot, wait_waiting

READY = '#engine-status[data-state="ready"]'
PRACTICE = "{lang}/jianhongdian/practice.html?seed=3&seat=0"
WORDS = {
    "en": {"points": re.compile(r"\d+ cards? taken, (\d+) points?"), "lay": re.compile(r"^Lay "),
           "result": re.compile(r"Seats? [\d, and]+ scores? the most: (\d+) points\."),
           "must": "you must capture", "over": "The deal is over", "empty": ("Stock: 0 cards", "The layout is empty.")},
    "ja": {"points": re.compile(r"取った札\d+枚、(\d+)点"), "lay": re.compile(r"を場に出す$"),
           "result": re.compile(r"最高点は席[\d、と]+の(\d+)点です。"),
           "must": "取らなければなりません", "over": "この回は終わりです", "empty": ("山札：0枚", "場札はありません。")},
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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_deal_to_the_result(page, server, lang: str) -> None:
    w = WORDS[lang]
    page.goto(server + PRACTICE.format(lang=lang))
    expect(page.locator(READY)).to_be_visible()
    assert wait_waiting(page) == "learner"
    expect(page.locator(".seat")).to_have_count(SEATS - 1)  # four players: three bots around the learner
    assert _points(page, lang) == [0] * SEATS
    # seed 3: the learner (the dealer) starts, and a capture is possible: only captures are offered,
    # no button lays a card, and the hint says a capture is compulsory
    choices = page.locator("#decision button.choice")
    assert choices.count() >= 2
    assert not any(w["lay"].search(t.strip()) for t in choices.all_text_contents())
    page.locator("#btn-hint").click()
    expect(page.locator("#feedback")).to_contain_text(w["must"])
    expect(page.locator("#feedback a", has_text="JHD-CAP-3")).to_be_visible()
    decisions = 0
    for _ in range(100):
        if wait_waiting(page) == "over":
            break
        choices = page.locator("#decision button.choice")
        labels = choices.all_text_contents()
        assert labels, "the learner's turn, but no choice is offered"
        # a lay is offered only when nothing captures, and then every choice is a lay (JHD-CAP-3)
        lays = [bool(w["lay"].search(t.strip())) for t in labels]
        assert all(lays) or not any(lays), labels
        click_and_wait(page, choices.first)
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
