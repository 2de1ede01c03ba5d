"""A Shengji hand's trumps and effective suits (SJ-RANK-1, SJ-RANK-4), apart from the rest of the
order so that the two-deck shapes (``shapes.py``) and the order (``order.py``) both build on it
without importing each other."""
from __future__ import annotations

from functools import lru_cache

from ...cards import Card
from ...tricktaking import TRUMP, TrumpOrder

BJ, RJ = Card(special="BJ"), Card(special="RJ")
SUIT_ORDER = ("S", "H", "D", "C")  # README §1; SJ-THROW-3's tie-break between equal trump-rank cards


@lru_cache(maxsize=64)
def trump_order(trump_rank: str, trump_suit: str | None) -> TrumpOrder:
    """The order of a hand with trump rank ``trump_rank`` and trump suit ``trump_suit``: the
    jokers as power cards (RJ above BJ), trumps following as one suit."""
    return TrumpOrder(trump_suit=trump_suit, trump_rank=trump_rank, powers={BJ: 1, RJ: 2},
                      trumps_follow_as_trump=True)


def group(order: TrumpOrder, card: Card) -> str:
    """SJ-RANK-4: the card's effective suit, ``"T"`` for every trump."""
    return order.effective_suit(card) or TRUMP
