"""The 2d6 check's flags and state (no rules here: ``odds.py`` and ``game.py`` hold them)."""
from __future__ import annotations

from dataclasses import dataclass

from ...flags import flag
from ...game import Event

PHASES = ("check", "result")
#: the target values offered as buttons: the table of DICE-CHECK-2 runs from "1 or less" to
#: "12 or more", and a target outside 1…12 succeeds exactly as often as 1 or 12 does
TARGETS = tuple(range(1, 13))
#: a setup may name any target in this range (a vehicle's value is a small number either way)
TARGET_RANGE = (-20, 40)


@dataclass(frozen=True)
class Flags:
    """DICE-CHECK-3: two optional conventions of Japanese 2d6 games, both off in the seed."""

    auto_success_on_2: bool = flag(False, rule="DICE-CHECK-3", doc="a roll of 1 and 1 always succeeds")
    auto_fail_on_12: bool = flag(False, rule="DICE-CHECK-3", doc="a roll of 6 and 6 always fails")


@dataclass(frozen=True)
class Roll:
    """One check made: the target it was made against, the two dice, and whether it succeeded."""

    target: int
    dice: tuple[int, int]
    success: bool

    def to_json(self) -> dict[str, object]:
        return {"target": self.target, "dice": list(self.dice), "total": sum(self.dice), "success": self.success}


@dataclass(frozen=True)
class State:
    """A series of checks: the target set now, every roll so far, and the seed the dice come from.

    A check is a hand of its own (``phase`` "check", then "result" once rolled): the series is
    the session, so the page's "next hand" is "roll again". The k-th roll comes from
    ``derive(seed, "roll", k)`` unless the setup scripted it (``scripted``: a lesson's dice)."""

    flags: Flags
    target: int
    seed: int | str
    phase: str = "check"
    rolls: tuple[Roll, ...] = ()
    scripted: tuple[tuple[int, int], ...] = ()
    log: tuple[Event, ...] = ()

    @property
    def last(self) -> Roll | None:
        return self.rolls[-1] if self.rolls else None
