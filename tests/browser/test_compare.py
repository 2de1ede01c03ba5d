"""Variants side by side (issue 23): on a lesson step, a quiz question and the practice table the
learner switches one rule and sees the same position under it beside the rules in play
(site/static/compare.js, tutor/compare.py): what changed marked, "no difference" said, and a
position the other rule cannot hold explained instead of shown. Every game, both languages."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tutor.registry import SITE_NAMES

from .conftest import shot

READY = '#engine-status[data-state="ready"]'
PANEL = "#compare"


def open_panel(page) -> None:
    expect(page.locator(READY)).to_be_visible()
    page.locator(f"{PANEL} > summary").click()
    # the engine listed what may be switched here
    expect(page.locator("#compare-select option").nth(1)).to_be_attached()


def switch(page, change: dict) -> str:
    """Switches ``change``; returns the comparison's result once drawn."""
    before = page.locator(PANEL).get_attribute("data-result")
    page.locator("#compare-select").select_option(json.dumps(change, separators=(",", ":"), ensure_ascii=False))
    done = page.locator(f'{PANEL}[data-compare="ready"][data-result]')
    expect(done).to_be_attached()
    if before is not None:  # the earlier answer stays until the new one is drawn
        expect(page.locator("#compare-out .compare-loading")).to_have_count(0)
    return str(page.locator(PANEL).get_attribute("data-result"))


def option_values(page) -> list[dict]:
    return [json.loads(v) for v in page.locator("#compare-select option").evaluate_all(
        "(os) => os.map((o) => o.value).filter(Boolean)")]


def test_a_lesson_step_under_another_rule(page, server: str) -> None:
    """Daifugo's 8-cut lesson, its first question (play the 8♦): without the 8-cut the same play is
    open but leads elsewhere; another player count cannot hold the position; the rule in force is
    said to be no change."""
    page.goto(server + "en/daifugo/04-eight-cut.html")
    open_panel(page)
    labels = page.locator("#compare-select option").all_text_contents()
    assert "8-cut: off" in labels and "Number of players: 3" in labels
    assert switch(page, {"flag": "eight_cut", "value": False}) == "differs"
    apart = page.locator("#compare-out .compare-apart > li").first
    expect(apart).to_contain_text("8♦")
    expect(apart.locator(".compare-this ul")).to_contain_text("8-cut")
    expect(apart.locator(".compare-other ul")).not_to_contain_text("8-cut")
    # the step's answer is not named before the learner answers (the panel would give it away)
    expect(page.locator("#compare-out .compare-focus")).to_have_count(0)
    shot(page, "compare-lesson-eight-cut")
    assert switch(page, {"flag": "players", "value": 3}) == "cannot"
    expect(page.locator("#compare-out .compare-cannot")).to_contain_text("dealt for 4 players")
    expect(page.locator("#compare-out .rules-cited a")).to_have_text("DFG-SETUP-1")
    # a step whose answer is a pair of 8s: the panel follows the position on screen
    page.goto(server + "en/daifugo/04-eight-cut.html?step=4")
    open_panel(page)
    assert switch(page, {"flag": "eight_cut", "value": False}) == "differs"
    expect(page.locator("#compare-out .compare-apart > li").first).to_contain_text("8♣")


def test_no_difference_is_said(page, server: str) -> None:
    page.goto(server + "ja/daifugo/04-eight-cut.html")
    open_panel(page)
    # the miyako-ochi rule has no say in the middle of a first game's phase
    assert switch(page, {"flag": "miyako_ochi", "value": False}) == "same"
    expect(page.locator("#compare-out .compare-headline")).to_contain_text("何も変わりません")


def test_every_game_compares_in_practice(page, server: str) -> None:
    """Every game's practice table, the languages taken in turn (each page boots the engine: the
    words are the page's, the comparison the engine's, and tests/unit/test_compare.py compares
    every change offered for every game): changes offered at the first decision (the presets and
    the first flags, one value each) are compared and drawn."""
    results: dict[str, set[str]] = {}
    for i, game in enumerate(SITE_NAMES):
        lang = ("en", "ja")[i % 2]
        page.goto(server + f"{lang}/{game}/practice.html?seed=7")
        expect(page.locator('html[data-state="learner"], html[data-state="over"]')).to_be_attached()
        open_panel(page)
        seen = set()
        flags_done = set()
        for change in option_values(page):
            key = change.get("flag", "preset:" + str(change.get("preset")))
            if key in flags_done or (len(flags_done) >= 3 and "flag" in change):
                continue
            flags_done.add(key)
            result = switch(page, change)
            assert result in ("differs", "same", "many", "cannot", "same-rules"), (game, change, result)
            text = page.locator("#compare-out").inner_text()
            assert text.strip() and "{" not in text and "undefined" not in text, (game, change, text)
            if lang == "ja":
                assert not any(w in text for w in ("Moves open", "With ", "The rules in play")), (game, text)
            seen.add(result)
        results[game] = seen
        assert seen, game
    assert any("cannot" in s for s in results.values())  # another table is offered somewhere (players)


def test_a_quiz_question_once_answered(page, server: str) -> None:
    """The panel would tell the answer: it shows only once the question is answered."""
    page.goto(server + "en/doudizhu/quiz.html")
    expect(page.locator('#quiz[data-state="asking"]')).to_be_visible()
    expect(page.locator(PANEL)).to_be_hidden()
    page.locator(".quiz-option").first.click()
    if page.locator("#quiz-check").is_visible():
        page.locator("#quiz-check").click()
    expect(page.locator('#quiz[data-state="answered"]')).to_be_visible()
    expect(page.locator(PANEL)).to_be_visible()
    open_panel(page)
    result = switch(page, {"flag": "players", "value": 4} if "Players: 4" in page.locator(
        "#compare-select").inner_text() else option_values(page)[0])
    assert result in ("differs", "same", "many", "cannot")
    page.locator("#quiz-next").click()
    expect(page.locator('#quiz[data-state="asking"]')).to_be_visible()
    expect(page.locator(PANEL)).to_be_hidden()
