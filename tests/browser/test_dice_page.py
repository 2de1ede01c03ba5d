"""The 2d6 check's practice table (minor.md part 3): the target set by its button, the info line,
the 36-outcome grid and the chart agreeing with it (DICE-CHECK-2), a roll drawn as two dice that
agree with the log, the result and the grid's marked cell (DICE-CHECK-1), the same roll again from
the same link (seeded), and a house rule switched on from the link (DICE-CHECK-3)."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tutor.actions import Decision
from tutor.registry import find_game

from .conftest import click_and_wait, shot, wait_waiting

READY = '#engine-status[data-state="ready"]'
PRACTICE = "{lang}/dice/practice.html"
WORDS = {
    "en": {"target": "Target {t}", "roll": "Roll the dice", "next": "Next check",
           "info": "Target: {t}", "chance": "Chance of success: {n}/36 (about {p}%)",
           "sum": "{a} + {b} = {total}: ", "log": "Rolled {a} and {b}: total {total}",
           "success": "Success: {total} is at most {t}.", "failure": "Failure: {total} is more than {t}.",
           "caption": "The 36 rolls against target {t}: {n} succeed", "phase": "Check"},
    "ja": {"target": "判定値 {t}", "roll": "ダイスを振る", "next": "次の判定",
           "info": "判定値：{t}", "chance": "成功率：{n}/36（約{p}%）",
           "sum": "{a}＋{b}＝{total}。", "log": "出目は{a}と{b}、合計{total}",
           "success": "成功：{total}は{t}以下です。", "failure": "失敗：{total}は{t}より大きいです。",
           "caption": "判定値{t}での36通りの出目：成功は{n}通り", "phase": "判定"},
}
#: DICE-CHECK-2: how many of the 36 rolls total at most t, for t = 1 … 12
COUNTS = [0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36]


def _open(page, server: str, lang: str, query: str) -> None:
    page.goto(server + PRACTICE.format(lang=lang) + query)
    expect(page.locator(READY)).to_be_visible()
    assert wait_waiting(page) == "learner"
    expect(page.locator("#phases li.current")).to_contain_text(WORDS[lang]["phase"])


def _grid(page) -> list[list[dict]]:
    """The grid as drawn: a row per first die, a cell per second die (its total, success, marked)."""
    return page.evaluate("""() => [...document.querySelectorAll('.zone-grid tbody tr')].map(tr =>
        [...tr.querySelectorAll('td')].map(td => ({text: td.textContent.trim(),
            good: td.classList.contains('good'), bad: td.classList.contains('bad'),
            mark: td.classList.contains('mark')})))""")


def _chart(page) -> list[dict]:
    return page.evaluate("""() => [...document.querySelectorAll('.zone-chart li')].map(li => ({
        label: li.querySelector('.bar-label').textContent.trim(),
        value: li.querySelector('.bar-text').textContent.trim(),
        current: li.classList.contains('current')}))""")


def _set_target(page, lang: str, target: int) -> None:
    button = page.get_by_role("button", name=WORDS[lang]["target"].format(t=target), exact=True)
    assert click_and_wait(page, button) == "learner"


def _check_target(page, lang: str, target: int, successes: int) -> None:
    """The info line, the grid and the chart all tell the same chance (DICE-CHECK-2)."""
    w = WORDS[lang]
    info = page.locator(".centre .info")
    expect(info).to_contain_text(w["info"].format(t=target))
    expect(info).to_contain_text(w["chance"].format(n=successes, p=round(100 * successes / 36)))
    expect(page.locator(".zone-grid caption")).to_have_text(w["caption"].format(t=target, n=successes))
    grid = _grid(page)
    assert [len(row) for row in grid] == [6] * 6
    for a, row in enumerate(grid, 1):
        for b, cell in enumerate(row, 1):
            assert cell["text"] == str(a + b), (a, b, cell)
            assert cell["good"] != cell["bad"], (a, b, cell)
    assert sum(cell["good"] for row in grid for cell in row) == successes
    chart = _chart(page)
    assert [c["label"] for c in chart] == [str(t) for t in range(1, 13)]
    current = [c for c in chart if c["current"]]
    assert len(current) == 1 and current[0]["label"] == str(target), current
    assert current[0]["value"] == str(successes)


def _roll(page, lang: str, target: int) -> tuple[int, int]:
    """Rolls; checks the dice zone, its sentence, the log, the result and the grid's marked cell
    agree (DICE-CHECK-1); returns the dice."""
    w = WORDS[lang]
    assert click_and_wait(page, page.get_by_role("button", name=w["roll"], exact=True)) == "over"
    dice = page.locator(".zone-dice .die")
    expect(dice).to_have_count(2)
    a, b = (int(dice.nth(i).get_attribute("data-face")) for i in range(2))
    assert [dice.nth(i).get_attribute("aria-label") for i in range(2)] == [str(a), str(b)]
    assert dice.nth(0).locator(".pip").count() == a and dice.nth(1).locator(".pip").count() == b
    total, success = a + b, a + b <= target  # no house rule in these checks
    expect(page.locator(".zone:has(.zone-dice) .zone-text")).to_contain_text(w["sum"].format(a=a, b=b, total=total))
    expect(page.locator("#history li").last).to_contain_text(w["log"].format(a=a, b=b, total=total))
    expect(page.locator("#feedback")).to_contain_text(w["success" if success else "failure"].format(total=total, t=target))
    grid = _grid(page)
    marked = [(r, c) for r, row in enumerate(grid, 1) for c, cell in enumerate(row, 1) if cell["mark"]]
    assert marked == [(a, b)], marked  # row: the first die, column: the second
    assert grid[a - 1][b - 1]["good"] is success
    return a, b


def _engine_rolls(seed: int, target: int, n: int) -> list[tuple[int, int]]:
    """The first ``n`` rolls of a seeded series, as the engine makes them (derive(seed, "roll", k))."""
    game = find_game("dice")
    state = game.new_game(game.flags({}, "flags"), seed)
    state = game.apply(state, Decision("set_target", target), 0)
    rolls = []
    for _ in range(n):
        state = game.apply(state, Decision("roll", True), 0)
        rolls.append(state.last.dice)
        state = game.next_hand(state)
    return rolls


def test_set_a_target_roll_and_roll_again_from_the_same_link(page, server) -> None:
    # seed 3, target 9: the first roll is 4 and 6 (a failure), the second 2 and 3 (a success)
    expected = _engine_rolls(3, 9, 2)
    _open(page, server, "en", "?seed=3")
    _check_target(page, "en", 7, 21)  # a check starts at target 7
    assert _chart(page)[-1]["value"] == "36"  # no house rule: target 12 always succeeds
    _set_target(page, "en", 9)
    _check_target(page, "en", 9, 30)
    expect(page.locator("#history li").last).to_contain_text("The target is now 9: 30/36 of the rolls succeed.")
    first = _roll(page, "en", 9)
    assert first == expected[0]
    _check_target(page, "en", 9, 30)  # the roll changes neither the target nor its chance
    moment = page.locator("#share-moment").get_attribute("href")
    shot(page, "dice-rolled")
    # the next check keeps the target, and takes the series' next roll
    assert click_and_wait(page, page.get_by_role("button", name=WORDS["en"]["next"])) == "learner"
    _check_target(page, "en", 9, 30)
    expect(page.locator(".zone-dice")).to_have_count(0)
    second = _roll(page, "en", 9)
    assert second == expected[1]
    expect(page.locator(".hand h3")).to_contain_text(
        f"2 checks made, {sum(sum(r) <= 9 for r in expected)} succeeded")
    # the same link again: the same dice
    _open(page, server, "en", "?seed=3")
    _set_target(page, "en", 9)
    assert _roll(page, "en", 9) == first
    # the link to the moment after the first roll: the same check, rolled, drawn again
    page.goto(moment)
    expect(page.locator(READY)).to_be_visible()
    assert wait_waiting(page) == "over"
    faces = page.locator(".zone-dice .die")
    expect(faces).to_have_count(2)
    assert tuple(int(faces.nth(i).get_attribute("data-face")) for i in range(2)) == first


def test_double_six_always_fails_switched_on_from_the_link(page, server) -> None:
    _open(page, server, "en", "?seed=4&auto_fail_on_12=true")
    expect(page.locator('input[name="flag-auto_fail_on_12"]')).to_be_checked()
    expect(page.locator('input[name="flag-auto_success_on_2"]')).not_to_be_checked()
    chart = _chart(page)
    assert chart[-1]["value"] == "35" and chart[0]["value"] == "0", chart  # DICE-CHECK-3: only 12 changes
    _set_target(page, "en", 12)
    _check_target(page, "en", 12, 35)
    grid = _grid(page)
    assert grid[5][5]["bad"] and grid[5][5]["text"] == "12"  # 6 and 6: the one failure
    shot(page, "dice-double-six-fails")


def test_the_check_in_japanese(page, server) -> None:
    expected = _engine_rolls(3, 9, 1)[0]
    _open(page, server, "ja", "?seed=3")
    _check_target(page, "ja", 7, 21)
    _set_target(page, "ja", 9)
    _check_target(page, "ja", 9, 30)
    assert _roll(page, "ja", 9) == expected
    # the next check, at other targets: the grid and the chart follow
    assert click_and_wait(page, page.get_by_role("button", name=WORDS["ja"]["next"])) == "learner"
    _check_target(page, "ja", 9, 30)
    for t in (4, 10):
        _set_target(page, "ja", t)
        _check_target(page, "ja", t, COUNTS[t - 1])
    shot(page, "dice-ja")
