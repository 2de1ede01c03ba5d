"""The generic quiz kinds of every game (tutor/quiz): each exercise's answer agrees with the
engine, re-asked independently of how the exercise was made.

* ``legal``: "allowed" is right exactly when ``explain`` finds the shown action legal;
* ``pick``: exactly one option is right, and it is the one ``explain`` finds legal;
* ``why``: the right rule is one the refusal of the shown action cites;
* ``outcome``: applying the shown move writes the declared event with the right answer;
* every exercise: made again the same from its seed, its words rendered in ja and en with no
  placeholder left, its rules in the game's catalog, its position the view of its own seat.

CI makes 6 exercises per kind and game; ``CARDTUTOR_QUIZ`` makes more.
"""
from __future__ import annotations

import json
import os

import pytest

from tutor import quiz
from tutor import rules as catalog
from tutor.api import handle
from tutor.quiz.kinds import GENERIC
from tutor.registry import BUILT_NAMES, find_game
from tutor.windows import submit

#: thousands of exercises: CPython only; tests/pyodide/test_determinism.py makes every kind there
#: and checks it is the same exercise
pytestmark = pytest.mark.cpython_only

SEEDS = max(6, int(os.environ.get("CARDTUTOR_QUIZ", "6")))
CASES = [(name, kind) for name in BUILT_NAMES for kind in GENERIC if kind in quiz.kinds(find_game(name))]


def made(name: str, kind: str) -> list[quiz.Exercise]:
    game = find_game(name)
    out = [quiz.generate(game, kind, seed) for seed in range(SEEDS)]
    found = [e for e in out if e is not None]
    assert len(found) * 2 >= len(out), f"{name} {kind}: only {len(found)} of {len(out)} seeds made an exercise"
    return found


def outcome_answer(game, ex: quiz.Exercise) -> object:
    """The answer the engine gives when the shown move is applied again (the declared event's value)."""
    after, _ = submit(game, ex.state, ex.shows, ex.seat, ex.in_turn)
    logged = len(game.events(ex.state))
    events = list(game.events(after))[logged:]
    if game.window(after) is None:
        events = list(game.events(game.close_window(after)))[logged:]
    declared = {o.event: o for o in game.quiz_outcomes}
    wanted = ex.question[0]
    for ev in events:
        o = declared.get(ev.key)
        if o is not None and o.question == wanted and o.param in ev.params:
            return ev.params[o.param]
    raise AssertionError(f"{ex.key}: the move wrote no event answering {wanted}")


@pytest.mark.parametrize("name,kind", CASES)
def test_answers_agree_with_the_engine(name: str, kind: str) -> None:
    game = find_game(name)
    for ex in made(name, kind):
        right = ex.correct()
        assert len(right) == 1 or ex.multiple, f"{ex.key}: {len(right)} right options"
        if kind == "legal":
            verdict = game.explain(ex.state, ex.shows, ex.seat, ex.in_turn)
            assert [o.label[0] for o in ex.options if o.correct] == \
                ["quiz.answer.allowed" if verdict.legal else "quiz.answer.not_allowed"], ex.key
            assert game.announcement(ex.state, ex.shows, ex.seat, ex.in_turn) is None  # knowable beforehand
        elif kind == "pick":
            for option in ex.options:
                verdict = game.explain(ex.state, option.action, ex.seat, ex.in_turn)
                assert verdict.legal == option.correct, f"{ex.key}: {option.action} judged {verdict.legal}"
        elif kind == "why":
            verdict = game.explain(ex.state, ex.shows, ex.seat, ex.in_turn)
            assert not verdict.legal
            answer = next(o for o in ex.options if o.correct).label[1]["rule"]
            assert answer == verdict.rule_ids[0]
            assert all(o.label[1]["rule"] not in verdict.rule_ids for o in ex.options if not o.correct)
        elif kind == "outcome":
            answer = outcome_answer(game, ex)
            label = next(o for o in ex.options if o.correct).label[1]
            assert label.get("seat", label.get("n")) == answer, ex.key


@pytest.mark.parametrize("name,kind", CASES)
def test_exercises_render_and_repeat(name: str, kind: str) -> None:
    game = find_game(name)
    ids = set(catalog.rules_by_id(name))
    for ex in made(name, kind)[:3]:
        again = quiz.generate(game, kind, ex.seed)
        assert again is not None and again.key == ex.key and again.options == ex.options
        assert ex.rule_ids and set(ex.rule_ids) <= ids, ex.rule_ids
        for lang in ("en", "ja"):
            data = ex.to_json(game, lang)
            texts = [data["question"]] + [o["label"] for o in data["options"]] + [o["why"] for o in data["options"]]
            assert all(t and "{" not in t and "}" not in t for t in texts[:1 + len(ex.options)]), texts
            assert all("{" not in t and "}" not in t for t in texts)
            # the position as the exercise's seat sees it, and no other seat's hand
            assert data["view"]["seat"] == ex.seat
            view = game.view(ex.state, ex.seat, lang, data["view"]["log_from"], omit=ex.omit)
            for part in ex.hide:  # what the question would be read off is left out
                if part == "holding":
                    view["display"]["trick"]["holding"] = None
                else:
                    view["display"][part] = None if part == "result" else []
            assert data["view"] == json.loads(json.dumps(view))


def test_kinds_of_every_game() -> None:
    for name in BUILT_NAMES:
        offered = quiz.kinds(find_game(name))
        assert offered, name
        assert all(callable(f) for f in offered.values())


def test_for_rules_prefers_the_rules_asked() -> None:
    game = find_game("doudizhu")
    ex = quiz.for_rules(game, ["DDZ-CMP-2"], 5)
    assert ex is not None and "DDZ-CMP-2" in ex.rule_ids


def test_bridge_quiz() -> None:
    reply = handle({"op": "quiz", "game": "napoleon", "seed": 3, "lang": "ja", "kind": "pick"})
    ex = reply["exercise"]
    assert ex["kind"] == "pick" and ex["key"] == "napoleon:pick:3"
    assert sum(o["correct"] for o in ex["options"]) == 1
    assert handle({"op": "quiz", "game": "napoleon", "seed": 3, "kind": "nope"})["error_path"] == "kind"
    assert handle({"op": "quiz", "game": "napoleon", "seed": 3, "rules": "NAP-PLAY-1"})["error_path"] == "rules"
    assert handle({"op": "quiz", "game": "napoleon", "seed": 3, "kinds": []})["error_path"] == "kinds"
    assert handle({"op": "quiz", "game": "napoleon", "seed": [1]})["error_path"] == "seed"
    focused = handle({"op": "quiz", "game": "doudizhu", "seed": 5, "rules": ["DDZ-CMP-2"]})["exercise"]
    assert "DDZ-CMP-2" in focused["rule_ids"]
