"""Napoleon ナポレオン (5 players, a secret adjutant): bidding, the kitty, tricks with power cards, scoring."""
from .game import Flags, Napoleon, State

GAME = Napoleon()

__all__ = ["Napoleon", "Flags", "State", "GAME"]

from . import bot  # noqa: E402,F401  (registers the heuristic bot)
