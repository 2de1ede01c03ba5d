"""The cut-in Daifugo practice table (issue 18): a whole game against three bots in which the
learner cuts in and a bot does, and every effect decision made on the table with the page's own
controls: cards chosen in the hand (7-pass, 10-discard, A-open of one's own cards), picks from the
discard pile (6-salvage), blind picks of face-down cards by position (Q-peeping, A-open after a
cut-in), and K-greed's buttons.

Each effect decision is reached through a share link to a moment (a seed and the moves that lead
to it), found here by playing seeded random games through the engine until seat 0 is the one to
choose: the page replays the moves through the rules and stands at the decision."""
from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from tutor import share
from tutor.bots import random_choice, random_interrupt
from tutor.registry import find_game
from tutor.rng import derive

from .conftest import click_and_wait, play_any_legal_card, shot, wait_waiting

READY = '#engine-status[data-state="ready"]'
PRACTICE = "en/daifugo/practice.html"
GAME = find_game("daifugo")
#: each decision, and what the history says once the learner (seat 0) has made it
KINDS = {
    "seven_pass": r"7-pass: seat 0 gives \d cards? to seat \d",
    "ten_discard": r"10-discard: seat 0 discards",
    "six_salvage": r"6-salvage: seat 0 takes \d cards? from the discard pile",
    "q_peeping": r"Q-peeping: seat 0 picks face down from seat \d's hand",
    "a_open": r"A-open: seat 0 exposes|Seat 0 has chosen which cards to expose",
    "a_open_blind": r"A-open: seat 0 picks face down from seat \d's hand",
    "k_greed": r"K-greed: seat 0 moves .+ into (its own|seat \d's) exposed cards",
}


def _kind(state: Any) -> str | None:
    effect = state.effect
    if effect is None or effect.chooser != 0:
        return None
    return effect.kind + ("_blind" if effect.kind == "a_open" and effect.cut is not None else "")


def find_moments(wanted: set[str], seeds: range = range(400)) -> dict[str, tuple[int, list[Any]]]:
    """For each decision of ``wanted``: a seed of the cut-in game for 4 players and the moves
    (the share link's format: in turn, out of turn, "next") after which seat 0 makes it."""
    found: dict[str, tuple[int, list[Any]]] = {}
    for seed in seeds:
        state = GAME.new_game(GAME.flags({"preset": "cutin", "players": 4}), seed)
        rng = derive(seed, "cut-in moments")
        moves: list[Any] = []
        for game_no in range(2):  # 6-salvage needs the last game's 大貧民
            if game_no:
                state = GAME.next_hand(state)
                moves.append(share.NEXT)
            while not GAME.round_over(state):
                window = GAME.window(state)
                if window is not None:
                    taken = next(((s, a) for s in window.order
                                  if (a := random_interrupt(GAME, state, s, rng)) is not None), None)
                    if taken is None:
                        state = GAME.close_window(state)
                        continue
                    state = GAME.apply(state, taken[1], taken[0], in_turn=False)
                    moves.append([taken[0], GAME.action_to_json(taken[1]), 0])
                    continue
                kind = _kind(state)
                if kind in wanted and kind not in found:
                    found[kind] = (seed, list(moves))
                    if wanted <= set(found):
                        return found
                seat = GAME.to_act(state)
                action = random_choice(GAME, state, seat, rng).action
                state = GAME.apply(state, action, seat)
                moves.append([seat, GAME.action_to_json(action)])
    return found


@pytest.fixture(scope="module")
def moments() -> dict[str, tuple[int, list[Any]]]:
    found = find_moments(set(KINDS))
    assert set(found) == set(KINDS), f"no moment found for {set(KINDS) - set(found)}"
    return found


def _confirm_enabled(page) -> bool:
    button = page.locator("#btn-confirm")
    return button.is_visible() and button.is_enabled()


def make_effect_decision(page) -> bool:
    """Makes the effect decision on the table as a learner would, with its own controls; False
    when the decision on the table is no effect decision (a card play)."""
    decision = page.locator("#decision")
    picks = decision.locator("button.pick")
    if picks.count():  # from the discard pile, or face-down cards by position
        for i in range(picks.count()):
            if _confirm_enabled(page) and i:
                break
            picks.nth(i).click()
        click_and_wait(page, page.locator("#btn-confirm"))
        return True
    if page.locator("#btn-confirm").is_visible():  # cards of the hand: never an exposed one first
        for _ in range(30):
            if _confirm_enabled(page):
                break
            fresh = page.locator(".hand button.card:not(.selected):not(.face-up)")
            (fresh if fresh.count() else page.locator(".hand button.card:not(.selected)")).first.click()
        click_and_wait(page, page.locator("#btn-confirm"))
        return True
    choices = decision.locator("button.choice")
    if choices.count() and page.locator(".facts", has_text="K-greed").count():  # a few exposed cards, or none
        # many options share their first word: the buttons then say the rest ("2♠", "no card")
        takes = choices.filter(has_not_text=re.compile(r"no card"))
        click_and_wait(page, (takes if takes.count() else choices).first)
        return True
    return False


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_effect_decision_is_made_on_the_table(page, server, moments, kind) -> None:
    seed, moves = moments[kind]
    query = urlencode({"v": 1, "seed": seed, "seat": 0, "preset": "cutin", "players": 4, "moves": share.encode(moves)})
    page.goto(f"{server}{PRACTICE}?{query}")
    expect(page.locator(READY)).to_be_visible()
    assert wait_waiting(page) == "learner"
    # the facts above the trick say what is being chosen, by whom
    expect(page.locator(".facts")).to_contain_text(re.compile(r"seat 0 ", re.I))
    if kind in ("q_peeping", "a_open_blind"):  # blind: card backs, numbered, no faces
        expect(page.locator("#decision button.pick.back").first).to_be_visible()
        assert page.locator("#decision button.pick[data-token]").count() == 0
    if kind == "six_salvage":  # the discard pile's cards, face up, to pick from
        expect(page.locator("#decision button.pick[data-token]").first).to_be_visible()
    shot(page, f"daifugo-cutin-{kind}")
    assert make_effect_decision(page)
    expect(page.locator("#history")).to_contain_text(re.compile(KINDS[kind]))
    assert not (page.locator("#feedback").text_content() or "").startswith("Not allowed")


def test_a_cut_in_game_with_cut_ins_by_the_learner_and_a_bot(page, server) -> None:
    """A whole game of the seed's cut-in game: the learner is asked in every cut-in window in which
    it holds the identical cards, cuts in at the first, and lets the later ones go; it passes
    whenever it may and makes any effect decision that comes its way."""
    # illegal tries are refused here (the flag off), so the learner may try its cards one by one
    page.goto(server + PRACTICE + "?seed=1&seat=0&preset=cutin&players=4&penalize_illegal_attempt=false")
    expect(page.locator(READY)).to_be_visible()
    cut = False
    for _ in range(800):
        if wait_waiting(page) == "over":
            break
        offered = page.locator("#decision .out-of-turn-action")
        if offered.count():
            expect(page.locator("#decision .window")).to_contain_text("you may cut in now")
            if not cut:
                shot(page, "daifugo-cutin-window")
                click_and_wait(page, offered.first)
                cut = True
            else:
                click_and_wait(page, page.locator("#btn-let-go"))
            continue
        if make_effect_decision(page):
            continue
        pass_button = page.get_by_role("button", name="Pass", exact=True)
        if pass_button.is_visible() and pass_button.is_enabled():
            click_and_wait(page, pass_button)
            if "Not allowed" not in (page.locator("#feedback").text_content() or ""):
                continue
        play_any_legal_card(page)
    else:
        raise AssertionError("the game did not end")
    history = page.locator("#history").text_content() or ""
    assert re.search(r"Cut-in! Seat 0 plays", history), "the learner never cut in"
    assert re.search(r"Cut-in! Seat [123] plays", history), "no bot cut in"
    expect(page.locator("#feedback")).to_contain_text(re.compile(r"Game over: seat \d 大富豪"))


def test_a_lesson_rule_switched_off_shows_what_it_changed(page, server) -> None:
    """The 4-cut lesson: switched off, the step's answer (a pair of 4s) no longer clears the field;
    the box says what would happen instead, in the page's language, and goes when switched back."""
    for lang, title, cut in (("en", "Without 4-cut", "4-cut"), ("ja", "4切りがなかったら", "4切り")):
        page.goto(f"{server}{lang}/daifugo/11-four-cut.html")
        wait_waiting(page)
        button = page.locator("#btn-without")
        expect(button).to_have_attribute("aria-pressed", "false")
        button.click()
        box = page.locator("#without")
        expect(box).to_be_visible()
        expect(box.locator("h3")).to_have_text(title)
        items = box.locator("li")
        expect(items.first).to_be_visible()
        assert not any(cut in (items.nth(i).text_content() or "") for i in range(items.count()))
        shot(page, f"daifugo-{lang}-without-rule")
        button.click()
        expect(box).to_be_hidden()
