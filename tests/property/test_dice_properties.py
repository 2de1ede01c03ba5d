"""The 2d6 check's computed odds (tutor/games/dice/odds.py) against an exhaustive count of the 36
rolls (rules/minor.md part 3: DICE-CHECK-1 … DICE-CHECK-3), for every target from -5 to 20 and
every flag combination; and the same through random targets, rolls and flags (hypothesis).

The count here is the spec's own definition, written afresh: a roll ``[d1, d2]`` succeeds iff
``d1 + d2 <= t`` (DICE-CHECK-1), except ``[1, 1]`` always succeeding under ``auto_success_on_2``
and ``[6, 6]`` always failing under ``auto_fail_on_12`` (DICE-CHECK-3).
"""
from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.games.dice import odds
from tutor.registry import find_game

G = find_game("dice")
FACES = range(1, 7)
ROLLS = list(product(FACES, repeat=2))
FLAG_COMBOS = [{"auto_success_on_2": a, "auto_fail_on_12": f} for a in (False, True) for f in (False, True)]
TARGETS = range(-5, 21)


def succeeds(roll: tuple[int, int], target: int, flags: dict[str, bool]) -> bool:
    if flags["auto_success_on_2"] and roll == (1, 1):
        return True
    if flags["auto_fail_on_12"] and roll == (6, 6):
        return False
    return roll[0] + roll[1] <= target


def exhaustive(target: int, flags: dict[str, bool]) -> int:
    return sum(1 for roll in ROLLS if succeeds(roll, target, flags))


@pytest.mark.parametrize("flags", FLAG_COMBOS, ids=lambda f: "+".join(k for k, v in f.items() if v) or "none")
@pytest.mark.parametrize("target", TARGETS)
def test_the_table_is_the_count_of_the_36_rolls(target: int, flags: dict[str, bool]) -> None:
    f = G.flags(flags)
    n = exhaustive(target, flags)
    assert odds.successes(target, f) == n
    assert odds.p_success(target, f) == f"{n}/36"
    grid = odds.grid(target, f)
    assert len(grid) == 6 and all(len(row) == 6 for row in grid)
    # first die by row, second by column
    assert all(grid[a - 1][b - 1] is succeeds((a, b), target, flags) for a, b in ROLLS)
    assert sum(cell for row in grid for cell in row) == odds.successes(target, f)
    for roll in ROLLS:
        assert odds.succeeds(roll, target, f) is succeeds(roll, target, flags)
    assert G.score({"flags": flags, "target": target})["p_success"] == f"{n}/36"   # the score kind agrees


def test_without_flags_the_count_is_c_of_t() -> None:
    """``odds.count`` is c(t) of DICE-CHECK-2: the flags' count with both flags off."""
    off = {"auto_success_on_2": False, "auto_fail_on_12": False}
    for t in TARGETS:
        assert odds.count(t) == exhaustive(t, off)


@settings(max_examples=300, deadline=None)
@given(target=st.integers(-20, 40), roll=st.tuples(st.integers(1, 6), st.integers(1, 6)),
       a=st.booleans(), f=st.booleans())
def test_random_checks(target: int, roll: tuple[int, int], a: bool, f: bool) -> None:
    flags = {"auto_success_on_2": a, "auto_fail_on_12": f}
    out = G.score({"flags": flags, "target": target, "roll": list(roll)})
    assert out["success"] is succeeds(roll, target, flags)
    assert out["p_success"] == f"{exhaustive(target, flags)}/36"
    # a played check with this roll scripted judges it the same way
    state = G.from_setup({"flags": flags, "target": target, "rolls": [list(roll)]})
    state = G.apply(state, G.parse_action({"roll": True}), 0)
    assert state.last.dice == roll and state.last.success is out["success"]
