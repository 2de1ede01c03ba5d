"""Pon-jan's quiz (tutor/quiz, tutor/games/ponjan/quiz.py): every kind, generic and the game's own,
over 30 seeds. Each exercise is made for most seeds, has one right option (or at least one where
several may be picked), and every option's verdict is checked again: through ``explain``, the
tile counts (``tiles.is_win``), or the move applied and the result, events and session it left.
Its words render in en and ja, its rules are in the catalog, its seat's view shows no other hand.
"""
from __future__ import annotations

import pytest

from tutor import quiz
from tutor.actions import Decision
from tutor.cards import Card, format_cards
from tutor.games.ponjan import tiles as T
from tutor.registry import find_game
from tutor.rules import rules_by_id

#: thousands of exercises: CPython only; tests/pyodide/test_determinism.py makes every kind there
#: and checks it is the same exercise
pytestmark = pytest.mark.cpython_only

G = find_game("ponjan")
SEEDS = range(30)
KINDS = list(quiz.kinds(G))
TSUMO, RON = Decision("win", "tsumo"), Decision("win", "ron")


@pytest.fixture(scope="module")
def made() -> dict[str, list[quiz.Exercise]]:
    return {kind: [e for e in (quiz.generate(G, kind, s) for s in SEEDS) if e is not None] for kind in KINDS}


def test_the_kinds() -> None:
    assert {"legal", "pick", "why", "outcome", "wait", "riichi", "may", "call", "pay", "draw", "dealer"} <= set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_made_for_most_seeds(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    assert len(made[kind]) >= 24, kind


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_exercise(kind: str) -> None:
    a, b = quiz.generate(G, kind, 5), quiz.generate(G, kind, 5)
    assert (a is None) == (b is None)
    if a is not None:
        assert a.to_json(G, "en") == b.to_json(G, "en")


@pytest.mark.parametrize("kind", KINDS)
def test_answers_and_words(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    catalog = rules_by_id("ponjan")
    for ex in made[kind]:
        right = ex.correct()
        assert right, ex.key
        if not ex.multiple:
            assert len(right) == 1, ex.key
        assert 2 <= len(ex.options) <= 5, ex.key
        assert ex.rule_ids and all(r in catalog for r in ex.rule_ids), ex.key
        assert all(r in catalog for o in ex.options for r in o.rule_ids), ex.key
        for lang in ("en", "ja"):
            js = ex.to_json(G, lang)
            for text in [js["question"]] + [o["label"] for o in js["options"]] + [o["why"] for o in js["options"]]:
                assert text and "{" not in text and "}" not in text, (ex.key, lang, text)


@pytest.mark.parametrize("kind", KINDS)
def test_view_shows_no_other_hand(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    for ex in made[kind]:
        view = ex.to_json(G, "en")["view"]
        assert view["hand"] == format_cards(G.hand_order(ex.state, ex.seat))
        assert "hands" not in view
        # the others' concealed tiles are counts only
        assert view["cards_held"] == [len(h) for h in ex.state.hands]


# --------------------------------------------------------------------------- each answer again
def test_generic_answers(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["legal"]:
        legal = G.explain(ex.state, ex.shows, ex.seat, ex.in_turn).legal
        assert [o.correct for o in ex.options] == [legal, not legal]
    for ex in made["pick"]:
        for o in ex.options:
            assert G.explain(ex.state, o.action, ex.seat, ex.in_turn).legal == o.correct
    for ex in made["why"]:
        v = G.explain(ex.state, ex.shows, ex.seat, ex.in_turn)
        assert [o.label[1]["rule"] for o in ex.options if o.correct] == [v.rule_ids[0]]
    for ex in made["outcome"]:
        after = G.apply(ex.state, ex.shows, ex.seat, ex.in_turn)
        received = after.result["payments"][str(ex.seat)]
        assert [o.label[1]["n"] for o in ex.options if o.correct] == [received]


def test_wait_by_the_tiles(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["wait"]:
        state, seat = ex.state, ex.seat
        [discard] = ex.shows.cards
        rest = list(state.hands[seat])
        rest.remove(discard)
        for o in ex.options:
            tile = Card.parse(o.label[1]["cards"][0])
            assert T.is_win(rest + [tile], len(state.melds[seat])) == o.correct


def test_actions_by_explain(made: dict[str, list[quiz.Exercise]]) -> None:
    for kind in ("riichi", "may"):
        for ex in made[kind]:
            for o in ex.options:
                assert G.explain(ex.state, o.action, ex.seat, ex.in_turn).legal == o.correct
    assert all(o.action.key == "riichi" for ex in made["riichi"] for o in ex.options)


def test_call_by_the_legal_calls(made: dict[str, list[quiz.Exercise]]) -> None:
    callers = 0
    for ex in made["call"]:
        assert not ex.in_turn and ex.state.last_discard is not None and ex.state.last_discard[0] != ex.seat
        calls = G.legal_actions(ex.state, ex.seat, in_turn=False)
        callers += bool(calls)
        for o in ex.options:
            if o.action is not None:
                assert (o.action in calls) == o.correct
            else:
                assert o.correct == (not calls)
    assert 0 < callers < len(made["call"])  # both a call and none are asked


def test_pay_by_the_result(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["pay"]:
        assert ex.shows in (TSUMO, RON)
        after = G.apply(ex.state, ex.shows, ex.seat, ex.in_turn)
        payer = ex.question[1]["seat"]
        assert payer != ex.seat
        assert [o.label[1]["n"] for o in ex.options if o.correct] == [-after.result["payments"][str(payer)]]


def test_draw_by_closing_the_calls(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["draw"]:
        assert not ex.state.wall
        after = G.apply(ex.state, ex.shows, ex.seat)
        after = G.close_window(after)
        assert G.round_over(after) and after.result["draw"]
        assert set(after.result["payments"].values()) == {0}
        assert [o.label[0] for o in ex.options if o.correct] == ["pon.quiz.answer.draw"]


def test_dealer_by_next_hand(made: dict[str, list[quiz.Exercise]]) -> None:
    overs = 0
    for ex in made["dealer"]:
        assert G.round_over(ex.state)
        nxt = G.next_hand(ex.state)
        [right] = [o for o in ex.options if o.correct]
        if G.game_over(ex.state):
            overs += 1
            assert nxt is ex.state and right.label[0] == "pon.quiz.answer.game_over"
        else:
            assert right.label[1]["seat"] == nxt.dealer
    assert overs < len(made["dealer"])


def test_generate_is_quick() -> None:
    import time
    for kind in KINDS:
        t = time.perf_counter()
        for seed in range(10):
            quiz.generate(G, kind, seed)
        assert (time.perf_counter() - t) / 10 < 0.1, kind
