"""Jian Hong Dian (撿紅点, "Chinese Ten"): a fishing game. A hand card, then the stock's top card,
captures a layout card by summing to ten or by matching a 10, J, Q or K; red cards and the
spade ace score. The first game of the tutor that is neither climbing nor trick-taking."""
from .game import Flags, JianHongDian, State

GAME = JianHongDian()

__all__ = ["JianHongDian", "Flags", "State", "GAME"]

from . import bot  # noqa: E402,F401  (registers the heuristic bot)
