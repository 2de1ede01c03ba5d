"""DICE-CHECK-1 … DICE-CHECK-3 as arithmetic: one roll judged, and the chance of success as an
exact count out of 36 (the table of DICE-CHECK-2, changed by the flags as DICE-CHECK-3 says)."""
from __future__ import annotations

from .state import Flags

FACES = range(1, 7)


def succeeds(dice: tuple[int, int], target: int, flags: Flags) -> bool:
    """DICE-CHECK-1: the total at most the target; DICE-CHECK-3: [1, 1] and [6, 6] under their flags."""
    if flags.auto_success_on_2 and dice == (1, 1):
        return True
    if flags.auto_fail_on_12 and dice == (6, 6):
        return False
    return dice[0] + dice[1] <= target


def why(dice: tuple[int, int], target: int, flags: Flags) -> str:
    """Which rule decided the roll: ``"auto_success"``, ``"auto_fail"`` or ``"total"``."""
    if flags.auto_success_on_2 and dice == (1, 1) and target < 2:
        return "auto_success"
    if flags.auto_fail_on_12 and dice == (6, 6) and target >= 12:
        return "auto_fail"
    return "total"


def count(target: int) -> int:
    """c(t) of DICE-CHECK-2: how many of the 36 rolls total at most ``target`` (a closed form,
    checked against the exhaustive count in the tests)."""
    t = max(1, min(12, target))
    if t <= 7:
        return (t - 1) * t // 2
    return 36 - (13 - t) * (12 - t) // 2


def successes(target: int, flags: Flags) -> int:
    """c'(t) of DICE-CHECK-3: ``count`` plus the [1, 1] that a target below 2 would miss, less the
    [6, 6] that a target of 12 or more would take."""
    c = count(target)
    if flags.auto_success_on_2 and target < 2:
        c += 1
    if flags.auto_fail_on_12 and target >= 12:
        c -= 1
    return c


def p_success(target: int, flags: Flags) -> str:
    """The chance as the spec writes it: ``"21/36"`` (never reduced: the grid has 36 cells)."""
    return f"{successes(target, flags)}/36"


def grid(target: int, flags: Flags) -> list[list[bool]]:
    """The 36 outcomes, first die by row and second by column: whether each succeeds."""
    return [[succeeds((a, b), target, flags) for b in FACES] for a in FACES]


#: the sentence for a roll, by which rule decided it (``why``) and whether it succeeded: the log's
#: and the dice zone's (a flag's automatic result can only go its own way)
ROLL_WORDS = {
    "dice.event.roll": {("total", True): "dice.event.roll.total.success", ("total", False): "dice.event.roll.total.failure",
                        ("auto_success", True): "dice.event.roll.auto_success.success",
                        ("auto_fail", False): "dice.event.roll.auto_fail.failure"},
    "dice.display.roll": {("total", True): "dice.display.roll.total.success",
                          ("total", False): "dice.display.roll.total.failure",
                          ("auto_success", True): "dice.display.roll.auto_success.success",
                          ("auto_fail", False): "dice.display.roll.auto_fail.failure"},
}
