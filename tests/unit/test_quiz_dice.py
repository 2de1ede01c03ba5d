"""The 2d6 check's quiz (tutor/quiz, tutor/games/dice/quiz.py): every kind over 30 seeds. Each
exercise has one right option, re-checked through the game's own odds (``odds.successes``,
``odds.succeeds``) and by rolling the scripted dice through ``apply``; its words render in en and
ja, its rules are in the catalog.

The generic ``pick`` and ``why`` make no dice exercise: every option of the check is legal (the
near misses of ``tutor/quiz/candidates.py`` are cards of a hand, and the check has none), so
there is no refused action to ask about. That is the framework's, reported, not hidden here.
"""
from __future__ import annotations

import pytest

from tutor import quiz
from tutor.actions import Decision
from tutor.games.dice import odds
from tutor.registry import find_game
from tutor.rules import rules_by_id

#: thousands of exercises: CPython only; tests/pyodide/test_determinism.py makes every kind there
#: and checks it is the same exercise
pytestmark = pytest.mark.cpython_only

G = find_game("dice")
SEEDS = range(30)
KINDS = list(quiz.kinds(G))


@pytest.fixture(scope="module")
def made() -> dict[str, list[quiz.Exercise]]:
    return {kind: [e for e in (quiz.generate(G, kind, s) for s in SEEDS) if e is not None] for kind in KINDS}


def test_the_kinds() -> None:
    assert {"chance", "roll", "target"} <= set(KINDS)
    assert not {"legal", "pick", "why"} & set(KINDS)  # every target and every roll is allowed: nothing to ask


@pytest.mark.parametrize("kind", KINDS)
def test_made_for_most_seeds(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    assert len(made[kind]) >= 24, kind


@pytest.mark.parametrize("kind", KINDS)
def test_answers_and_words(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    catalog = rules_by_id("dice")
    for ex in made[kind]:
        assert len(ex.correct()) == 1 and not ex.multiple, ex.key
        assert ex.seat == 0
        assert ex.rule_ids and all(r in catalog for r in ex.rule_ids), ex.key
        assert all(r in catalog for o in ex.options for r in o.rule_ids), ex.key
        for lang in ("en", "ja"):
            js = ex.to_json(G, lang)
            for text in [js["question"]] + [o["label"] for o in js["options"]] + [o["why"] for o in js["options"]]:
                assert text and "{" not in text and "}" not in text, (ex.key, lang, text)
            assert js["view"]["hand"] == []  # one seat and no cards: nothing hidden to leak


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_exercise(kind: str) -> None:
    a, b = quiz.generate(G, kind, 3), quiz.generate(G, kind, 3)
    assert (a is None) == (b is None)
    if a is not None:
        assert a.to_json(G, "ja") == b.to_json(G, "ja")


def test_chance_by_the_odds(made: dict[str, list[quiz.Exercise]]) -> None:
    edges = 0
    for ex in made["chance"]:
        target = ex.question[1]["target"]
        assert ex.state.target == target
        want = odds.successes(target, ex.state.flags)
        assert want == sum(odds.succeeds((a, b), target, ex.state.flags) for a in range(1, 7) for b in range(1, 7))
        for o in ex.options:
            assert (o.label[1]["n"] == want) == o.correct
        if "DICE-CHECK-3" in ex.rule_ids:
            edges += 1
            assert want != odds.count(target)  # the house rule changed the count
    assert edges  # the house rules are asked about too


def test_roll_by_rolling(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["roll"]:
        target = ex.question[1]["target"]
        want = ex.question[0] == "dice.quiz.q.roll_success"
        for o in ex.options:
            dice = (o.label[1]["first"], o.label[1]["second"])
            state = G.from_setup({"flags": {"auto_success_on_2": ex.state.flags.auto_success_on_2,
                                            "auto_fail_on_12": ex.state.flags.auto_fail_on_12},
                                  "target": target, "rolls": [list(dice)]})
            rolled = G.apply(state, Decision("roll", True), 0)
            assert rolled.last.dice == dice
            assert (rolled.last.success == want) == o.correct
            assert odds.succeeds(dice, target, ex.state.flags) == rolled.last.success


def test_target_by_the_odds(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["target"]:
        num, den = ex.question[1]["num"], ex.question[1]["den"]
        enough = [t for t in range(1, 13) if odds.successes(t, ex.state.flags) * den >= num * 36]
        for o in ex.options:
            assert (o.label[1]["target"] == enough[0]) == o.correct


def test_generate_is_quick() -> None:
    import time
    for kind in KINDS:
        t = time.perf_counter()
        for seed in range(10):
            quiz.generate(G, kind, seed)
        assert (time.perf_counter() - t) / 10 < 0.1, kind
