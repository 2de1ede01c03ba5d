"""Shengji 升級, one deck (4 players in two partnerships): the draw with exposures, the kitty, tricks with throws, levels."""
from .game import Flags, Shengji, State

GAME = Shengji()

__all__ = ["Shengji", "Flags", "State", "GAME"]

from . import bot  # noqa: E402,F401  (registers the heuristic bot)
