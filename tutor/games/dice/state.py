"""The 2d6 check's flags and state (no rules here: ``odds.py`` and ``game.py`` hold them)."""
from __future__ import annotations

from dataclasses import dataclass

from ...flags import flag
from ...game import Event, from_session

PHASES = ("check", "score")
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
class Session:
    """What lasts from check to check: the seed the dice come from, and every roll made so far."""

    seed: int | str = 0
    rolls: tuple[Roll, ...] = ()


@dataclass(frozen=True)
class State:
    """One check: the target set now, whether it has been rolled (``phase`` "check", then
    "score"), and the series so far in ``session``. The page's "next hand" is "roll again": the
    next check keeps the target. The k-th roll of a series comes from ``derive(seed, "roll", k)``
    unless the setup scripted it (``scripted``: a lesson's dice)."""

    flags: Flags
    target: int
    session: Session
    phase: str = "check"
    scripted: tuple[tuple[int, int], ...] = ()
    log: tuple[Event, ...] = ()

    rolls = from_session("rolls")
    seed = from_session("seed")

    @property
    def result(self) -> dict[str, object] | None:
        """The check's outcome once rolled (the hand's own result: the tally is the session's)."""
        last = self.last
        return {"success": last.success, "total": sum(last.dice)} if self.phase == "score" and last else None

    @property
    def last(self) -> Roll | None:
        return self.session.rolls[-1] if self.session.rolls else None
