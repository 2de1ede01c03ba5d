"""Pon-jan (ポンジャン): a simplified mahjong with about 80 tiles. Draw and discard, three sets to
win (wild tiles stand for anything), riichi and ron, the pon call on another player's discard,
payments with the dealer's share, and a game of several hands. The tutor's first game of tiles."""
from .game import Flags, Ponjan, State

GAME = Ponjan()

__all__ = ["Ponjan", "Flags", "State", "GAME"]

from . import bot  # noqa: E402,F401  (registers the heuristic bot)
