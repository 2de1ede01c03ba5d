"""Dou Dizhu 闘地主 (3 and 4 players): combinations, the state machine and its bots."""
from .game import DouDizhu, Flags, State

GAME = DouDizhu()

__all__ = ["DouDizhu", "Flags", "State", "GAME"]

from . import bot  # noqa: E402,F401  (registers the heuristic bot)
