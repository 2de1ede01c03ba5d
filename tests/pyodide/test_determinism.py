"""Seeded deals are identical in CPython and in Pyodide (lessons and shared links rely on it)."""
from __future__ import annotations

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import run_python  # noqa: E402

pytestmark = pytest.mark.pyodide

SNIPPET = r"""
import json
from tutor.registry import find_game
from tutor.bots import random_choice, heuristic_choice
from tutor.rng import Rng, derive
g = find_game("doudizhu")
out = {"rng": [Rng(s).next64() for s in (0, 1, 2**63 + 5, "lesson-7")],
       "shuffle": [], "deals": [], "games": []}
items = list(range(60)); derive("x", 3).shuffle(items); out["shuffle"] = items
for players in (3, 4):
    for seed in (0, 1, 42, "class-3B", 2**40):
        s = g.new_game(g.flags({"players": players}), seed)
        out["deals"].append([players, str(seed), g.hands(s), [str(c) for c in s.kitty], s.first_bidder, s.dealer])
for seed in range(4):
    s = g.new_game(g.flags({"players": 3 + seed % 2}), seed)
    rng = Rng(seed); moves = []
    while not g.round_over(s):
        seat = g.to_act(s)
        c = heuristic_choice(g, s, seat) if len(moves) % 2 else random_choice(g, s, seat, rng)
        moves.append(g.action_to_json(c.action)); s = g.apply(s, c.action, seat)
    s = g.advance(s)
    moves.append(g.hands(s))
    out["games"].append(moves)
print(json.dumps(out, sort_keys=True))
"""


def test_deals_and_games_identical_in_cpython_and_pyodide() -> None:
    namespace: dict = {}
    import contextlib
    import io
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(SNIPPET, "<snippet>", "exec"), namespace)
    here = json.loads(buf.getvalue())
    there_text = run_python(SNIPPET + "\nimport sys; print(sys.version_info[:2])")
    lines = there_text.strip().splitlines()
    assert lines[-1] == "(3, 14)", "the snippet really ran under Pyodide's Python 3.14"
    there = json.loads(lines[-2])
    assert there["rng"] == here["rng"]
    assert there["shuffle"] == here["shuffle"]
    assert there["deals"] == here["deals"]
    assert there["games"] == here["games"]
    assert len(here["deals"]) == 10 and all(len(d[2]) in (3, 4) for d in here["deals"])


QUIZ_SNIPPET = r"""
import json
from tutor import quiz
from tutor.registry import BUILT_NAMES, find_game
out = {}
for name in BUILT_NAMES:
    g = find_game(name)
    for kind in quiz.kinds(g):
        ex = quiz.generate(g, kind, 7)
        out[f"{name}:{kind}"] = None if ex is None else ex.to_json(g, "ja")
print(json.dumps(out, sort_keys=True, ensure_ascii=False))
"""


def test_quiz_exercises_identical_in_cpython_and_pyodide() -> None:
    """A quiz exercise is named by its game, kind and seed (the page asks the worker for it; the
    build writes some into the page): the same everywhere, its words and its judgements too."""
    import contextlib
    import io
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(QUIZ_SNIPPET, "<snippet>", "exec"), {})
    here = json.loads(buf.getvalue())
    there = json.loads(run_python(QUIZ_SNIPPET).strip().splitlines()[-1])
    assert there == here
    assert sum(v is not None for v in here.values()) >= 80  # every kind of every game, nearly all made
