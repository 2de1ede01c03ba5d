"""Daifugo (大富豪): the base game (plays, the flow, 8-cut, the spade-3 return, revolution,
binding, going out, titles, the exchange and 都落ち); the cut-in game's rules come later."""
from .game import Daifugo, Flags, State

GAME = Daifugo()

__all__ = ["Daifugo", "Flags", "State", "GAME"]

from . import bot  # noqa: E402,F401  (registers the heuristic bot)
