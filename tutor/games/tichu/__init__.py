"""Tichu (4 players, two partnerships): combinations, out-of-turn bombs, the wish, the state machine."""
from .game import Flags, State, Tichu

GAME = Tichu()

__all__ = ["Tichu", "Flags", "State", "GAME"]

from . import bot  # noqa: E402,F401  (registers the heuristic bot)
