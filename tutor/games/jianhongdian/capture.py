"""What captures what (JHD-CAP-1, JHD-CAP-2, JHD-DEAL-2) and what cards are worth (JHD-SCORE-1).

Pure functions of cards, shared by the rules, the bot, the hints and the display."""
from __future__ import annotations

from typing import Sequence

from ...cards import Card
from .state import Flags

#: JHD-CAP-1: the numeral cards and their values (A counts 1)
VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9}
#: JHD-CAP-1: these capture only their own rank
MATCHING = ("10", "J", "Q", "K")
RED = ("H", "D")


def captures(card: Card, target: Card) -> bool:
    """JHD-CAP-1: numerals summing to exactly ten, or a 10/J/Q/K on the same rank (suits never matter)."""
    a, b = VALUES.get(card.rank), VALUES.get(target.rank)
    if a is not None and b is not None:
        return a + b == 10
    return card.rank == target.rank and card.rank in MATCHING


def partner_rank(card: Card) -> str:
    """The rank ``card`` captures: ``"6"`` for a 4, ``"K"`` for a K."""
    v = VALUES.get(card.rank)
    if v is None:
        return card.rank
    return next(r for r, w in VALUES.items() if w == 10 - v)


def targets(card: Card, layout: Sequence[Card], triple: str | None) -> list[tuple[Card, ...]]:
    """Every capture ``card`` can make on ``layout``: one card each (JHD-CAP-2), or the three of a
    kind left from the initial layout, taken together by the fourth card of its rank (JHD-DEAL-2)."""
    if triple is not None and card.rank == triple:
        three = tuple(c for c in layout if c.rank == triple)
        if len(three) == 3:
            return [three]
    return [(t,) for t in layout if captures(card, t)]


def points(card: Card, flags: Flags) -> int:
    """JHD-SCORE-1: red 2-8 at face value, red 9-K 10, red A 20, spade A 30, others 0;
    JHD-SCORE-2: the club ace 40 under ``club_ace_40``."""
    if card.suit in RED:
        if card.rank == "A":
            return 20
        v = VALUES.get(card.rank)
        return v if v is not None and v <= 8 else 10
    if card.rank == "A" and card.suit == "S":
        return 30
    if card.rank == "A" and card.suit == "C" and flags.club_ace_40:
        return 40
    return 0


def total(cards: Sequence[Card], flags: Flags) -> int:
    return sum(points(c, flags) for c in cards)
