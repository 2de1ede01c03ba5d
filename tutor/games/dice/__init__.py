"""The 2d6 roll-under check of 鋼鉄の虹 (minor.md part 3): no cards and no opponents, a check
that succeeds when two dice total at most the target value. It shows that the core is not only
for card games: the page draws its dice and its table of the 36 outcomes from the view alone."""
from .game import Dice, Flags, State

GAME = Dice()

__all__ = ["Dice", "Flags", "State", "GAME"]

from . import bot  # noqa: E402,F401  (registers the heuristic bot)
