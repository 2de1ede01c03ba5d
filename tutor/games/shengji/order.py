"""Shengji's card order (SJ-RANK-1…5) on the shared trick-taking layer, and what a trick needs:
effective suits, following with one card or a throw, the throw's validity and the trick's winner.

The trumps of a hand are the two jokers, the four cards of the trump rank and the trump suit
(SJ-RANK-1): ``tutor.tricktaking.TrumpOrder`` with the jokers as power cards (RJ above BJ) and
trumps following as one suit. Equal trumps (the trump rank in the three other suits) keep their
playing order: the first played wins (SJ-RANK-5), as ``TrumpOrder.trick_winner`` does.
"""
from __future__ import annotations

from itertools import combinations
from typing import Iterable, Iterator, Sequence

from ...cards import Card
from ...tricktaking import POINTS_5_10_K, RANK_ORDER, TRUMP, TrumpOrder, card_points
from .shapes import trick_winner as shape_winner
from .suits import BJ, RJ, SUIT_ORDER, group, trump_order  # noqa: F401  (the names this module always gave)


def power(order: TrumpOrder, card: Card) -> int:
    """The card's strength within its own effective suit (higher ranks higher; equal trump-rank
    cards of the other suits are equal, SJ-RANK-2)."""
    return order.strength(card, group(order, card))


def lowest(order: TrumpOrder, cards: Iterable[Card]) -> Card:
    """SJ-THROW-3: the lowest-ranked card of a set of one effective suit; among equal trump-rank
    cards, the one whose suit comes first in S, H, D, C (shengji.md A10)."""
    return min(cards, key=lambda c: (power(order, c), SUIT_ORDER.index(c.suit) if c.suit else 0))


def sort_hand(order: TrumpOrder, cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand as a player arranges it: the plain suits (S, H, D, C), each low to high, then the
    trumps low to high (the trump suit, the trump-rank cards, the jokers)."""
    def key(c: Card) -> tuple[int, int, int]:
        g = group(order, c)
        place = len(SUIT_ORDER) if g == TRUMP else SUIT_ORDER.index(g)
        return (place, power(order, c), SUIT_ORDER.index(c.suit) if c.suit else 0)
    return tuple(sorted(cards, key=key))


def card_sort_key(card: Card) -> tuple[int, int, int]:
    """A fixed order of cards before any trump is known (the draw): suits S, H, D, C, rank, jokers last."""
    if card.special:
        return (len(SUIT_ORDER), 0, 1 if card.special == "RJ" else 0)
    return (SUIT_ORDER.index(card.suit), RANK_ORDER.index(card.rank), 0)


def points(cards: Iterable[Card]) -> int:
    """SJ-POINTS-1: 5s count 5, 10s and kings 10, every other card 0."""
    return card_points(cards, POINTS_5_10_K)


# ---------------------------------------------------------------------------- throws
def same_group(order: TrumpOrder, cards: Sequence[Card]) -> str | None:
    """The effective suit all ``cards`` share (SJ-THROW-1), or None."""
    groups = {group(order, c) for c in cards}
    return next(iter(groups)) if len(groups) == 1 else None


def beaten_by(order: TrumpOrder, throw: Sequence[Card], others: Iterable[Card]) -> list[Card]:
    """SJ-THROW-2: the cards of ``others`` (the other hands) of the throw's effective suit that
    outrank its lowest card (equal trump-rank cards do not outrank each other)."""
    g = group(order, throw[0])
    floor = min(power(order, c) for c in throw)
    return [c for c in others if group(order, c) == g and power(order, c) > floor]


def valid_throws(order: TrumpOrder, hand: Sequence[Card], others: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Every valid throw (SJ-THROW-1/2) from ``hand``: two or more cards of one effective suit,
    none of them outranked by a card of that suit in ``others``. Those are the subsets of the
    cards of a suit that rank at or above the best card of it held elsewhere."""
    by_group: dict[str, list[Card]] = {}
    for c in hand:
        by_group.setdefault(group(order, c), []).append(c)
    for g, cards in by_group.items():
        best_out = max((power(order, c) for c in others if group(order, c) == g), default=-1)
        safe = [c for c in cards if power(order, c) >= best_out]
        for k in range(2, len(safe) + 1):
            yield from combinations(safe, k)


# ---------------------------------------------------------------------------- following
def follow_sets(order: TrumpOrder, hand: Sequence[Card], led: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """SJ-FOLLOW-1…3, SJ-THROW-4: every set of ``len(led)`` cards a follower may play. Holding
    ``m`` cards of the led effective suit, it plays ``min(k, m)`` of them and the rest free."""
    k = len(led)
    g = group(order, led[0])
    same = [c for c in hand if group(order, c) == g]
    rest = [c for c in hand if group(order, c) != g]
    if len(same) >= k:
        yield from combinations(same, k)
        return
    for extra in combinations(rest, k - len(same)):
        yield tuple(same) + extra


def follows(order: TrumpOrder, hand: Sequence[Card], led: Sequence[Card], play: Sequence[Card]) -> bool:
    """Whether ``play`` (cards of ``hand``) follows ``led`` as SJ-FOLLOW / SJ-THROW-4 require."""
    g = group(order, led[0])
    held = sum(1 for c in hand if group(order, c) == g)
    played = sum(1 for c in play if group(order, c) == g)
    return len(play) == len(led) and played >= min(len(led), held)


# ---------------------------------------------------------------------------- the winner
def trick_winner(order: TrumpOrder, plays: Sequence[tuple[int, Sequence[Card]]]) -> tuple[int, str]:
    """The seat that wins a trick of ``plays`` (seat, cards) in playing order, and the rule.

    A single (SJ-TRICK-1/2): the highest trump, else the highest card of the led suit, the first
    of equal cards winning. A throw (SJ-THROW-5): a trump throw is the leader's; a plain one is
    the leader's unless ruffed (all of a follower's cards trumps), then the ruff whose top card
    is highest wins, the earlier of equal ruffs. A pair or a tractor (two decks): SJ-2D-7, in
    ``shapes.trick_winner``."""
    lead_seat, led = plays[0]
    if len(led) == 1:
        winner = order.trick_winner([(s, cs[0]) for s, cs in plays])
        return winner, "SJ-TRICK-1"
    if len(set(led)) < len(led):  # identical cards: a pair or a tractor, two decks (SJ-2D-7)
        assert order.trump_rank is not None
        return shape_winner(plays, order.trump_rank, order.trump_suit)
    g = group(order, led[0])
    if g == TRUMP:
        return lead_seat, "SJ-THROW-5"
    best_seat, best = lead_seat, -1
    for seat, cards in plays[1:]:
        if all(group(order, c) == TRUMP for c in cards):
            top = max(power(order, c) for c in cards)
            if top > best:
                best_seat, best = seat, top
    return best_seat, "SJ-THROW-5"
