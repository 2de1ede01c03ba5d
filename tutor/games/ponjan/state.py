"""Pon-jan's flags, its state and its session (no rules here: ``tiles.py`` and ``game.py``)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...cards import Card
from ...flags import flag
from ...game import Event, from_session
from .tiles import WILD

PHASES = ("play", "score")
HAND = 8  #: PON-DEAL-1: tiles dealt to each player


@dataclass(frozen=True)
class Flags:
    """The flags of minor.md part 2; the defaults are the engine's (the seed names no counts)."""

    players: int = flag(4, choices=(3, 4), rule="PON-SETUP-1", doc="3 or 4 players")
    kinds: int = flag(9, choices=(6, 7, 8, 9), rule="PON-SETUP-2", doc="kinds of tile, T1 to T9 at most")
    # at least six of each: every combination of the choices deals eight tiles a seat and the
    # dealer's first draw (PON-DEAL-1; six kinds of four and no wild, 24 tiles, could not)
    copies_per_kind: int = flag(9, choices=(6, 7, 8, 9), rule="PON-SETUP-2", doc="tiles of each kind")
    wild_tiles: int = flag(4, choices=(0, 1, 2, 3, 4, 5, 6, 7, 8), rule="PON-SETUP-2", doc="wild tiles")
    pon_calls: bool = flag(True, rule="PON-PON-1", doc="a player holding two of a discarded tile may take it")
    riichi_requires_closed: bool = flag(True, rule="PON-PON-1", doc="a player who called pon may not declare riichi")
    hand_value: int = flag(12, minimum=1, maximum=10_000, rule="PON-VALUE-1", doc="chips a non-dealer's win is worth")

    def tiles(self) -> list[Card]:
        """The whole set of tiles in play, in a fixed order (PON-SETUP-2)."""
        out = [Card(special=f"T{k}") for k in range(1, self.kinds + 1) for _ in range(self.copies_per_kind)]
        return out + [Card(special=WILD)] * self.wild_tiles

    def kinds_in_play(self) -> tuple[Card, ...]:
        """One tile of each kind in play, the wild last (what a wait may be)."""
        return _kinds_in_play(self.kinds, bool(self.wild_tiles))


@lru_cache(maxsize=None)
def _kinds_in_play(kinds: int, wild: bool) -> tuple[Card, ...]:
    # asked at every wait (many times a decision): built once per tile set
    return tuple(Card(special=f"T{k}") for k in range(1, kinds + 1)) + ((Card(special=WILD),) if wild else ())


@dataclass(frozen=True)
class Session:
    """What lasts across hands: the hand number, its dealer (親), every seat's chips so far, and
    the seed the walls come from (hand ``n`` is shuffled from ``derive(seed, "wall", n)``)."""

    seed: int | str = 0
    hand_no: int = 1
    dealer: int = 0
    scores: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    """One hand in play.

    ``hands`` are the concealed tiles, ``melds`` each seat's exposed pon sets, ``wall`` the tiles
    still to draw (top first), ``discards`` each seat's discards in order (a discard taken by a pon
    leaves its row). ``drawn`` is the tile the seat to act has just drawn (None after a pon, or
    when a setup does not say); ``called`` marks the turn of a seat that called pon (it discards,
    never wins, PON-PON-1). ``last_discard`` ``(seat, tile)`` is the discard whose calls are open
    (ron, pon): the window. ``riichi`` flags the seats in riichi."""

    flags: Flags
    session: Session
    phase: str
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    melds: tuple[tuple[tuple[Card, ...], ...], ...]
    wall: tuple[Card, ...]
    discards: tuple[tuple[Card, ...], ...]
    riichi: tuple[bool, ...]
    drawn: Card | None = None
    called: bool = False
    last_discard: tuple[int, Card] | None = None
    log: tuple[Event, ...] = ()
    result: Any = None

    hand_no = from_session("hand_no")
    dealer = from_session("dealer")
    scores = from_session("scores")

    @property
    def players(self) -> int:
        return len(self.hands)
