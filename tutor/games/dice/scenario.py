"""A 2d6 setup (rules/README.md §4.6: ``flags``, ``target``, ``roll``) to a state or to the
facts of a ``score`` case; every error names its JSON path."""
from __future__ import annotations

from typing import Any, Mapping

from ...errors import ScenarioError, short_value
from ...scenario import check_keys, parse_seed
from .state import TARGET_RANGE, Flags, Roll, Session, State
from . import odds


def _target(value: Any, path: str) -> int:
    low, high = TARGET_RANGE
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ScenarioError(path, "error.expected_number", low=low, high=high, got=short_value(value))
    return value


def _roll(value: Any, path: str) -> tuple[int, int]:
    """``[d1, d2]``: two faces of a six-sided die (README §1: a roll of two dice)."""
    if not isinstance(value, list) or len(value) != 2:
        raise ScenarioError(path, "error.dice.roll", got=short_value(value))
    for i, face in enumerate(value):
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
            raise ScenarioError(f"{path}[{i}]", "error.expected_number", low=1, high=6, got=short_value(face))
    return (value[0], value[1])


def score_facts(game: Any, setup: Mapping[str, Any]) -> tuple[Flags, int, tuple[int, int] | None]:
    check_keys(setup, "setup", ("flags", "target"), ("roll",))
    flags = game.flags(setup["flags"], "setup.flags")
    roll = _roll(setup["roll"], "setup.roll") if "roll" in setup else None
    return flags, _target(setup["target"], "setup.target"), roll


def state_from_setup(game: Any, setup: Mapping[str, Any], path: str = "setup") -> State:
    """A check about to be rolled (no ``roll``), or one just rolled (``roll`` given: the result).

    Lessons may script the next rolls (``rolls``: a list of ``[d1, d2]``) so that a step's dice
    are the ones its text speaks of; without them the dice come from ``seed``."""
    at = f"{path}." if path else ""
    check_keys(setup, path, ("flags", "target"), ("roll", "rolls", "seed"))
    flags = game.flags(setup["flags"], f"{at}flags")
    target = _target(setup["target"], f"{at}target")
    seed = parse_seed(setup, f"{at}seed")
    scripted = setup.get("rolls", [])
    if not isinstance(scripted, list):
        raise ScenarioError(f"{at}rolls", "error.expected", what="list", got=short_value(scripted))
    rolls = tuple(_roll(r, f"{at}rolls[{i}]") for i, r in enumerate(scripted))
    if "roll" not in setup:
        return State(flags=flags, target=target, session=Session(seed=seed), scripted=rolls)
    dice = _roll(setup["roll"], f"{at}roll")
    made = (Roll(target, dice, odds.succeeds(dice, target, flags)),)
    return State(flags=flags, target=target, session=Session(seed=seed, rolls=made), phase="score", scripted=rolls)
