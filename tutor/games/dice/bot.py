"""The dice page's "bot": there is nothing to outwit, so it rolls (and a hint says why)."""
from __future__ import annotations

from typing import Any

from ...actions import Decision
from ...bots import Choice, register_heuristic


def choose(game: Any, state: Any, seat: int) -> Choice:
    return Choice(Decision("roll", True), "dice.why.roll")


register_heuristic("dice", choose)
