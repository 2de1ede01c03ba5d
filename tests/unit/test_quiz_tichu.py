"""Tichu's quiz exercises (issue 22): every kind, generic and the game's own, over many seeds.

Each exercise is made by ``tutor.quiz.generate`` and checked here again through the engine, not
through the quiz's own code: an option's verdict by ``explain``, an outcome by applying the move
shown and reading the event or the state ``apply`` made (the window closed, as nobody bombs).
Then its words (no placeholder left in en or ja), its rule IDs (all in the catalog) and its view
(the exercise's own seat, no other seat's hand).
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from tutor import quiz
from tutor.actions import PASS, Decision
from tutor.games.tichu.combos import classify
from tutor.registry import find_game
from tutor.rules import rules_by_id

#: thousands of exercises: CPython only; tests/pyodide/test_determinism.py makes every kind there
#: and checks it is the same exercise
pytestmark = pytest.mark.cpython_only

GAME = find_game("tichu")
SEEDS = range(30)
KINDS = list(quiz.kinds(GAME))
OWN = ("beats", "classify", "next", "trick", "points", "bomb", "wish", "phoenix", "dog", "dragon", "call",
       "exchange", "end", "score", "game")


@pytest.fixture(scope="module")
def made() -> dict[str, list[Any]]:
    return {kind: [quiz.generate(GAME, kind, seed) for seed in SEEDS] for kind in KINDS}


def exercises(made: dict[str, list[Any]], kind: str) -> list[Any]:
    return [e for e in made[kind] if e is not None]


def the_correct(ex: Any) -> Any:
    right = [o for o in ex.options if o.correct]
    assert len(right) == 1, (ex.key, right)
    return right[0]


def settle(state: Any) -> Any:
    """Nobody bombs: the window closes and a finished trick is collected."""
    return GAME.close_window(state)


def applied(ex: Any) -> tuple[Any, list[Any]]:
    """The shown move applied to the exercise's position, the window closed; the events it wrote."""
    after = settle(GAME.apply(ex.state, ex.shows, ex.seat, ex.in_turn))
    return after, list(GAME.events(after))[len(GAME.events(ex.state)):]


def test_kinds_listed() -> None:
    assert KINDS[:4] == ["legal", "pick", "why", "outcome"]
    assert set(OWN) <= set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_most_seeds_make_an_exercise(made: dict[str, list[Any]], kind: str) -> None:
    got = exercises(made, kind)
    assert len(got) >= 0.8 * len(SEEDS), (kind, len(got))
    for ex in got:
        assert ex.kind == kind and ex.game == "tichu"
        assert 2 <= len(ex.options) <= 4, (ex.key, len(ex.options))
        if not ex.multiple:
            the_correct(ex)
        else:
            assert any(o.correct for o in ex.options)


@pytest.mark.parametrize("kind", KINDS)
def test_words_rules_and_view(made: dict[str, list[Any]], kind: str) -> None:
    ids = set(rules_by_id("tichu"))
    for ex in exercises(made, kind):
        assert ex.rule_ids and set(ex.rule_ids) <= ids, (ex.key, ex.rule_ids)
        for o in ex.options:
            assert set(o.rule_ids) <= ids, (ex.key, o.rule_ids)
        for lang in ("en", "ja"):
            data = ex.to_json(GAME, lang)
            texts = [data["question"]] + [o["label"] for o in data["options"]] + [o["why"] for o in data["options"]]
            assert all(t for t in texts[:1 + len(ex.options)]), (ex.key, texts)
            assert all("{" not in t and "}" not in t for t in texts), (ex.key, texts)
            assert all(o["why"] for o in data["options"]), ex.key  # every option says why
            view = data["view"]
            assert view["seat"] == ex.seat
            assert view["hand"] == [c.token for c in ex.state.hands[ex.seat]]
            shown = json.dumps(view)
            for s in range(4):
                if s != ex.seat:  # no natural card of another hand anywhere in the view
                    assert not [c.token for c in ex.state.hands[s] if "-" in c.token and f'"{c.token}"' in shown], \
                        (ex.key, s)


def test_exercises_repeat() -> None:
    for kind in KINDS:
        for seed in (1, 7):
            a, b = quiz.generate(GAME, kind, seed), quiz.generate(GAME, kind, seed)
            assert (a is None) == (b is None)
            if a is not None:
                assert a.options == b.options and a.rule_ids == b.rule_ids and a.seat == b.seat


# --------------------------------------------------------------------------- answers, re-asked of the engine
def check_verdicts(ex: Any) -> None:
    """Every option is an action: right exactly when ``explain`` finds it legal."""
    for o in ex.options:
        assert o.action is not None, ex.key
        v = GAME.explain(ex.state, o.action, ex.seat, ex.in_turn)
        assert v.legal == o.correct, (ex.key, o.action, v.key)


@pytest.mark.parametrize("kind", ["pick", "beats", "exchange", "dragon"])
def test_option_verdicts(made: dict[str, list[Any]], kind: str) -> None:
    for ex in exercises(made, kind):
        check_verdicts(ex)


def test_legal_and_why(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "legal"):
        v = GAME.explain(ex.state, ex.shows, ex.seat, ex.in_turn)
        assert the_correct(ex).label[0] == ("quiz.answer.allowed" if v.legal else "quiz.answer.not_allowed")
    for ex in exercises(made, "why"):
        v = GAME.explain(ex.state, ex.shows, ex.seat, ex.in_turn)
        assert not v.legal and the_correct(ex).label[1]["rule"] == v.rule_ids[0]


def test_outcome(made: dict[str, list[Any]]) -> None:
    declared = {o.question: o for o in GAME.quiz_outcomes}
    for ex in exercises(made, "outcome"):
        o = declared[ex.question[0]]
        after, events = applied(ex)
        ev = next(e for e in events if e.key == o.event)
        label = the_correct(ex).label[1]
        assert label.get("seat", label.get("n")) == ev.params[o.param], ex.key


def test_classify(made: dict[str, list[Any]]) -> None:
    types = set()
    for ex in exercises(made, "classify"):
        readings = classify(ex.shows.cards)
        actual = readings[0].type if readings else "none"
        label = the_correct(ex).label
        got = "none" if label[0] == "tichu.quiz.answer.no_combination" else label[1]["type"]
        assert got == actual, ex.key
        assert set(ex.shows.cards) <= set(ex.state.hands[ex.seat]) or actual == "none" \
            or any(c.declared for c in ex.shows.cards)
        types.add(actual)
    assert len(types) >= 5, types


def test_next(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "next"):
        after, _ = applied(ex)
        assert the_correct(ex).label[1]["seat"] == after.to_act, ex.key


def test_trick(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "trick"):
        _, events = applied(ex)
        ev = next(e for e in events if e.key in ("tichu.event.trick_won", "tichu.event.dragon_wins"))
        assert the_correct(ex).label[1]["seat"] == ev.params["seat"], ex.key


def test_points(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "points"):
        after, events = applied(ex)
        if after.phase == "dragon_gift":  # the trick is counted where it is given
            given = GAME.apply(after, Decision("give_trick_to", (after.to_act + 1) % 4), after.to_act)
            events = list(GAME.events(given))[len(GAME.events(ex.state)):]
        ev = next(e for e in events if e.key in ("tichu.event.trick_won", "tichu.event.trick_received"))
        assert the_correct(ex).label[1]["n"] == ev.params["points"], ex.key


def test_bomb(made: dict[str, list[Any]]) -> None:
    seen = set()
    for ex in exercises(made, "bomb"):
        q = ex.question[0]
        seen.add(q)
        if q == "tichu.quiz.q.bomb_order":
            assert the_correct(ex).label[1]["seat"] == GAME.window(ex.state).order[0], ex.key
        elif q == "tichu.quiz.q.bomb_dragon":
            state = GAME.apply(ex.state, ex.shows, ex.seat, in_turn=False)
            while not GAME._trick_complete(state):
                state = GAME.apply(state, PASS, state.to_act)
            events = list(GAME.events(settle(state)))[len(GAME.events(ex.state)):]
            assert any(e.key == "tichu.event.trick_won" and e.params["seat"] == ex.seat for e in events)
            assert the_correct(ex).label[0] == "tichu.quiz.answer.bomb_keeps"
        else:
            check_verdicts(ex)
            assert any(o.correct and classify(o.action.cards)[0].is_bomb for o in ex.options), ex.key
    assert "tichu.quiz.q.bomb_order" in seen and len(seen) >= 3, seen


def test_wish(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "wish"):
        assert ex.state.wish is not None
        if ex.question[0] == "tichu.quiz.q.wish_lasts":
            after = GAME.apply(ex.state, ex.shows, ex.seat)
            stays = the_correct(ex).label[0] == "tichu.quiz.answer.wish_stays"
            assert stays == (after.wish is not None), ex.key
        else:
            check_verdicts(ex)


def test_phoenix(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "phoenix"):
        if ex.question[0] == "tichu.quiz.q.phoenix_combo":
            check_verdicts(ex)
            assert all(any(c.special == "PHOENIX" for c in o.action.cards) for o in ex.options)
        else:
            after = GAME.apply(ex.state, ex.shows, ex.seat)
            assert float(the_correct(ex).label[1]["n"]) == after.top().combo.rank, ex.key


def test_dog(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "dog"):
        if ex.question[0] == "tichu.quiz.q.dog_next":
            _, events = applied(ex)
            ev = next(e for e in events if e.key == "tichu.event.dog")
            assert the_correct(ex).label[1]["seat"] == ev.params["seat"], ex.key
        else:
            assert ex.state.top() is None and ex.state.to_act == ex.seat
            check_verdicts(ex)


def test_dragon(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "dragon"):
        assert ex.multiple and ex.state.phase == "dragon_gift"
        assert sorted(o.action.value for o in ex.options if o.correct) == \
            sorted(s for s in range(4) if s % 2 != ex.seat % 2)


def test_call(made: dict[str, list[Any]]) -> None:
    answers = set()
    for ex in exercises(made, "call"):
        v = GAME.explain(ex.state, Decision("call", "tichu"), ex.seat)
        may = the_correct(ex).label[0] == "tichu.quiz.answer.may_call"
        assert may == v.legal, ex.key
        answers.add(may)
    assert answers == {True, False}


def test_end(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "end"):
        after, _ = applied(ex)
        if after.phase == "dragon_gift":
            after = settle(GAME.apply(after, GAME.legal_actions(after, after.to_act)[0], after.to_act))
        label = the_correct(ex).label[0]
        assert (label != "tichu.quiz.answer.round_goes_on") == GAME.round_over(after), ex.key
        if GAME.round_over(after):
            assert (label == "tichu.quiz.answer.round_three") == (len(after.out) >= 3), ex.key


def test_score(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "score"):
        mover = ex.state.to_act
        after = settle(GAME.apply(ex.state, ex.shows, mover))
        assert GAME.round_over(after)
        team = ex.question[1]["team"]
        assert the_correct(ex).label[1]["n"] == after.result["round_score"][team], ex.key
        if len(after.out) >= 3:  # the exercise's seat is the last player: its hand is the one left
            assert ex.seat not in after.out


def test_game(made: dict[str, list[Any]]) -> None:
    answers = set()
    for ex in exercises(made, "game"):
        after = settle(GAME.apply(ex.state, ex.shows, ex.seat))
        ses = after.session
        right = the_correct(ex).label
        if ses.game_over:
            assert right == ("tichu.quiz.answer.game_winner", {"team": ses.winner}), ex.key
        else:
            assert right[0] == "tichu.quiz.answer.game_goes_on", ex.key
        assert ex.question[1]["a"] == after.result["round_score"]["A"]
        answers.add(right[1].get("team", "none"))
    assert len(answers) >= 2


def test_generate_is_quick() -> None:
    import time
    for kind in KINDS:
        start = time.perf_counter()
        for seed in range(100, 105):
            quiz.generate(GAME, kind, seed)
        assert (time.perf_counter() - start) / 5 < 1.0, kind  # well under in CPython; a loose bound for CI
