"""Quizzes the engine makes and checks: exercises over seeded positions, for every game.

A chess trainer never runs out of exercises; neither does this. Each game has the generic
kinds (``tutor/quiz/kinds.py``: is this allowed, which one is, which rule forbids it, what a
move leads to) and the kinds of its own (``Game.quiz_kinds``); every exercise is made from a
position real play reaches (``positions.py``), judged by the game's own ``explain`` or read
from the events its ``apply`` wrote, and names the rule IDs it practises.

``generate(game, kind, seed)`` is a pure function of its arguments: the build writes a few
exercises into each quiz page, the worker makes more on the page, the tests check them all.
"""
from __future__ import annotations

from typing import Iterable

from ..game import Game
from ..rng import Rng
from .exercise import Exercise, Option
from .kinds import GENERIC, Kind

__all__ = ["Exercise", "Option", "kinds", "generate", "for_rules", "ATTEMPTS"]

#: hands drawn before a kind gives up on a seed (a kind finds its position in most hands)
ATTEMPTS = 8


def kinds(game: Game) -> dict[str, Kind]:
    """Every kind of exercise ``game`` offers, the generic ones first. A game's ``quiz_kinds`` may
    map a generic kind to None where its rules never make one (the 2d6 check has one action a turn:
    nothing to pick among); ``outcome`` needs the game's ``quiz_outcomes``."""
    out: dict[str, Kind | None] = {k: f for k, f in GENERIC.items() if k != "outcome" or game.quiz_outcomes}
    out.update(game.quiz_kinds())
    return {k: f for k, f in out.items() if f is not None}


def generate(game: Game, kind: str, seed: int) -> Exercise | None:
    """The exercise of ``kind`` named by ``seed`` (the same one every time), or None where the
    hands drawn gave no position for it."""
    make = kinds(game)[kind]
    rng = Rng(f"{game.name}:{kind}:{seed}")
    for _ in range(ATTEMPTS):
        found = make(game, rng, seed)
        if found is not None:
            return found
    return None


def for_rules(game: Game, rules: Iterable[str], seed: int, offered: Iterable[str] | None = None,
              tries: int = 16) -> Exercise | None:
    """An exercise that practises one of ``rules`` (a learner's rules due again), made from the
    kinds ``offered`` (default: all) with seeds from ``seed`` on; the first exercise made when
    none of ``tries`` practises them (the quiz goes on, the rule comes back later)."""
    wanted = set(rules)
    names = list(offered) if offered is not None else list(kinds(game))
    first = None
    for i in range(tries):
        kind = names[(seed + i) % len(names)]
        found = generate(game, kind, seed + i)
        if found is None:
            continue
        if not wanted or wanted & set(found.rule_ids):
            return found
        first = first or found
    return first
