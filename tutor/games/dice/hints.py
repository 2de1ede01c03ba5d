"""The 2d6 check's part of a hint: what decides a check, and how likely it is at this target."""
from __future__ import annotations

from typing import Any

from ...actions import Action
from ...hints import Focus, focus
from . import odds


def hint_focus(game: Any, state: Any, seat: int, action: Action | None, in_turn: bool) -> Focus | None:
    if state.phase != "check":
        return None
    n = odds.successes(state.target, state.flags)
    return focus("dice.focus.check", ("DICE-CHECK-1", "DICE-CHECK-2"), target=state.target, n=n)
