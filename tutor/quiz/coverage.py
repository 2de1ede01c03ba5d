"""Which rules the quiz kinds practise: the rule IDs their exercises name, over many seeds.

The build's coverage report (sitebuild/coverage.py) joins this with what the lessons' decisions
cite; the quiz and mastery pages use it to ask the engine for a kind that practises a rule due
again. It is measured, not declared: a kind practises a rule when some exercise it made cites it.
"""
from __future__ import annotations

from ..game import Game
from . import generate, kinds

#: exercises made per kind when the build measures what each kind practises
SEEDS = 40


def practised_by_kind(game: Game, seeds: int = SEEDS) -> dict[str, list[str]]:
    """Rule ID → the kinds whose exercises (seeds ``0 … seeds-1``) practise it."""
    out: dict[str, list[str]] = {}
    for kind in kinds(game):
        for seed in range(seeds):
            exercise = generate(game, kind, seed)
            if exercise is None:
                continue
            for rule in exercise.rule_ids:
                if kind not in out.setdefault(rule, []):
                    out[rule].append(kind)
    return out
