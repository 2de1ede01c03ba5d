"""Jian Hong Dian's quiz (tutor/quiz, tutor/games/jianhongdian/quiz.py): every kind, generic and
the game's own, over 30 seeds. Each exercise is made for most seeds, has one right option (or
at least one where several may be picked), and every option's verdict is checked again through
the engine: ``explain`` of the capture, or the move applied and the state and events it left.
Its words render in en and ja without a placeholder left, its rules are in the catalog, and its
seat's view shows no other hand.
"""
from __future__ import annotations

import json
import re

import pytest

from tutor import quiz
from tutor.cards import Card
from tutor.games.jianhongdian.moves import HandCapture, stock_capture
from tutor.registry import find_game
from tutor.rules import rules_by_id

#: thousands of exercises: CPython only; tests/pyodide/test_determinism.py makes every kind there
#: and checks it is the same exercise
pytestmark = pytest.mark.cpython_only

G = find_game("jianhongdian")
SEEDS = range(30)
KINDS = list(quiz.kinds(G))


def _exercises(kind: str) -> list[quiz.Exercise]:
    return [e for e in (quiz.generate(G, kind, s) for s in SEEDS) if e is not None]


@pytest.fixture(scope="module")
def made() -> dict[str, list[quiz.Exercise]]:
    return {kind: _exercises(kind) for kind in KINDS}


def test_the_kinds() -> None:
    assert {"legal", "pick", "why", "targets", "stock", "points", "next", "winner"} <= set(KINDS)
    assert "outcome" not in KINDS  # no Outcome declarations: every later event waits on the stock card


@pytest.mark.parametrize("kind", KINDS)
def test_made_for_most_seeds(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    assert len(made[kind]) >= 24, kind


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_exercise(kind: str) -> None:
    a, b = quiz.generate(G, kind, 7), quiz.generate(G, kind, 7)
    assert (a is None) == (b is None)
    if a is not None:
        assert a.to_json(G, "en") == b.to_json(G, "en")


@pytest.mark.parametrize("kind", KINDS)
def test_answers_and_words(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    catalog = rules_by_id("jianhongdian")
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
            texts = [js["question"]] + [o["label"] for o in js["options"]] + [o["why"] for o in js["options"]]
            for text in texts:
                assert text and "{" not in text and "}" not in text, (ex.key, lang, text)
            assert all(o["why"] for o in js["options"]), ex.key


@pytest.mark.parametrize("kind", KINDS)
def test_view_shows_no_other_hand(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    for ex in made[kind]:
        view = ex.to_json(G, "en")["view"]
        assert view["hand"] == [c.token for c in ex.state.hands[ex.seat]]
        text = json.dumps(view)
        for s, hand in enumerate(ex.state.hands):
            if s != ex.seat:
                for c in hand:
                    assert f'"{c.token}"' not in text, (ex.key, c.token)


# --------------------------------------------------------------------------- each answer again
def _card_of(label: tuple) -> Card:
    return Card.parse(label[1]["cards"][0])


def test_generic_answers_by_explain(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["legal"]:
        legal = G.explain(ex.state, ex.shows, ex.seat, ex.in_turn).legal
        assert [o.correct for o in ex.options] == [legal, not legal]
    for ex in made["pick"]:
        for o in ex.options:
            assert G.explain(ex.state, o.action, ex.seat, ex.in_turn).legal == o.correct
    for ex in made["why"]:
        v = G.explain(ex.state, ex.shows, ex.seat, ex.in_turn)
        assert not v.legal
        assert [o.label[1]["rule"] for o in ex.options if o.correct] == [v.rule_ids[0]]


def test_targets_by_explain(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["targets"]:
        card = Card.parse(ex.question[1]["cards"][0])
        assert card in ex.state.hands[ex.seat]
        for o in ex.options:
            target = _card_of(o.label)
            assert target in ex.state.layout
            assert G.explain(ex.state, HandCapture.of(card, (target,)), ex.seat).legal == o.correct


def test_stock_targets_by_explain(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["stock"]:
        assert ex.state.phase == "stock"
        assert Card.parse(ex.question[1]["cards"][0]) == ex.state.stock_card  # turned: in view
        for o in ex.options:
            assert G.explain(ex.state, stock_capture((_card_of(o.label),)), ex.seat).legal == o.correct


def test_points_by_the_event(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["points"]:
        after = G.apply(ex.state, ex.shows, ex.seat)
        new = G.events(after)[len(G.events(ex.state)):]
        points = [e.params["points"] for e in new if e.key == "jhd.event.capture.hand"]
        assert len(points) == 1
        assert [o.label[1]["n"] for o in ex.options if o.correct] == points
        assert len({o.label[1]["n"] for o in ex.options}) == len(ex.options)


def test_next_by_the_state_after(made: dict[str, list[quiz.Exercise]]) -> None:
    ends = 0
    for ex in made["next"]:
        state = G.apply(ex.state, ex.shows, ex.seat)
        while state.phase == "stock":
            state = G.apply(state, G.legal_actions(state)[0])
        [right] = [o for o in ex.options if o.correct]
        if G.round_over(state):
            ends += 1
            assert right.label[0] == "jhd.quiz.answer.deal_ends"
        else:
            assert right.label[1]["seat"] == G.to_act(state) != ex.seat
    assert 0 < ends < len(made["next"])  # both the end of the deal and a next seat are asked


def test_winner_by_the_result(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["winner"]:
        assert G.round_over(ex.state)
        assert sorted(o.label[1]["seat"] for o in ex.options if o.correct) == sorted(ex.state.result["winners"])
        assert ex.multiple == (len(ex.state.result["winners"]) > 1)


def test_generate_is_quick() -> None:
    import time
    for kind in KINDS:
        t = time.perf_counter()
        for seed in range(10):
            quiz.generate(G, kind, seed)
        assert (time.perf_counter() - t) / 10 < 0.1, kind


def test_no_placeholder_pattern_in_catalog() -> None:
    from tutor.messages import catalog
    for lang in ("en", "ja"):
        for key, text in catalog(lang).items():
            if key.startswith("jhd.quiz."):
                assert not re.search(r"\{[^}]*$", text), key
