"""What the trick-taking games share (Napoleon, Shengji): the trump order, following, the
trick's winner, void tracking and card points.

A ``TrumpOrder`` knows a trump suit *and* a trump rank (Shengji's level rank: its cards are
trumps in every suit, those of the trump suit highest), and the power cards a game sets above
all trumps (Napoleon's Mighty, joker and jacks; Shengji's jokers). From that it gives each card
its *effective suit* (the group it follows as), its strength in a trick, the cards a hand may
play to follow, and the winner of a trick. What is particular to a game stays in the game:
Napoleon's よろめき and セイム2, the joker request; Shengji's combinations and throws.

Two readings of "a trump" exist among these games, and the order takes either:

* ``trumps_follow_as_trump=True`` (Shengji): every trump, whatever suit is printed on it, belongs
  to one group "T"; a trump lead must be followed with trumps.
* ``False`` (Napoleon): cards follow as the suit printed on them (NAP-FOLLOW-1); the trump suit
  only ranks above the others, and power cards still follow their printed suit.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

from .cards import Card

RANK_ORDER: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TRUMP = "T"  #: the effective suit of every trump where trumps follow as one suit

#: card points of the 5-10-K games (Shengji SJ-POINTS-1; Tichu's 5, 10 and K, without its specials)
POINTS_5_10_K: Mapping[str, int] = {"5": 5, "10": 10, "K": 10}

# strength bands: power cards far above trumps, trumps above the led suit, the rest 0
POWER_BAND, TRUMP_BAND, LEAD_BAND = 1000, 200, 100


@dataclass(frozen=True)
class TrumpOrder:
    """The order of one deal: ``trump_suit`` (None: no trump suit, as in a Shengji no-trump
    hand), ``trump_rank`` (None: no trump rank), ``powers`` (the cards above all trumps, each with
    its power, higher wins: a table, looked up once per card) and whether trumps follow as one
    suit."""

    trump_suit: str | None
    trump_rank: str | None = None
    powers: Mapping[Card, int] = field(default_factory=dict, compare=False)
    trumps_follow_as_trump: bool = True
    rank_order: tuple[str, ...] = RANK_ORDER

    def __post_init__(self) -> None:
        # the plain order with the trump rank taken out, worked out once (strength runs per card)
        plain = [r for r in self.rank_order if r != self.trump_rank]
        object.__setattr__(self, "_values", {r: i + 2 for i, r in enumerate(plain)})

    def rank_value(self, card: Card) -> int:
        """The card's place in the plain rank order, with the trump rank taken out of it (in
        Shengji a level-5 hand ranks ... 4 6 7 ...: the 5s sit above the suit as trumps)."""
        return self._values.get(card.rank, 0)  # type: ignore[attr-defined]

    def power(self, card: Card) -> int:
        """The card's power above all trumps, 0 for none."""
        return self.powers.get(card, 0)

    def is_trump(self, card: Card) -> bool:
        """Power cards, cards of the trump rank, cards of the trump suit."""
        if self.power(card):
            return True
        if card.special:
            return False
        return card.rank == self.trump_rank or card.suit == self.trump_suit

    def effective_suit(self, card: Card) -> str | None:
        """The group the card follows as: ``TRUMP`` for every trump where trumps follow as one
        suit, otherwise the suit printed on it (None for a card with no suit, a joker)."""
        if self.trumps_follow_as_trump and self.is_trump(card):
            return TRUMP
        return card.suit if not card.special else None

    def strength(self, card: Card, led: str | None) -> int:
        """How strongly ``card`` plays in a trick whose led group is ``led``: power cards, then
        trumps (the trump rank in the trump suit above the trump rank in other suits, both above
        the trump suit's plain cards), then the led group, then 0 (it cannot win)."""
        power = self.powers.get(card)
        if power:
            return POWER_BAND + power
        if card.special:
            return 0
        if card.rank == self.trump_rank and self.trump_rank is not None:
            return TRUMP_BAND + 60 + (1 if card.suit == self.trump_suit else 0)
        if card.suit == self.trump_suit:
            return TRUMP_BAND + self._values.get(card.rank, 0)  # type: ignore[attr-defined]
        if led is not None and (card.suit == led if not self.trumps_follow_as_trump else self.effective_suit(card) == led):
            return LEAD_BAND + self._values.get(card.rank, 0)  # type: ignore[attr-defined]
        return 0

    def follow_options(self, hand: Sequence[Card], led: str | None) -> list[Card]:
        """The cards a seat may play to a trick led in group ``led`` (None: it leads): the cards
        of that group if it holds any, otherwise any card."""
        if led is None:
            return list(hand)
        if self.trumps_follow_as_trump:
            same = [c for c in hand if self.effective_suit(c) == led]
        else:  # the printed suit (effective_suit, inlined: this runs for every legal-move list)
            same = [c for c in hand if c.suit == led and not c.special]
        return same if same else list(hand)

    def trick_winner(self, plays: Sequence[tuple[int, Card]], led: str | None = None) -> int:
        """The seat whose card is strongest (the first played wins a tie, as two equal cards of a
        two-deck game do); ``led`` defaults to the first card's group."""
        if led is None:
            led = self.effective_suit(plays[0][1])
        best_seat, best = plays[0][0], -1
        for seat, card in plays:
            value = self.strength(card, led)
            if value > best:
                best_seat, best = seat, value
        return best_seat


def void_shown(order: TrumpOrder, led: str | None, card: Card, free: bool = False) -> str | None:
    """The group a play shows its seat lacks: the led group, when ``card`` does not follow it
    (and is not ``free``, a card a seat may play whatever was led); None otherwise."""
    if led is None or free or order.effective_suit(card) == led:
        return None
    return led


def voids(tricks: Iterable[Sequence[tuple[int, Card]]], order: TrumpOrder,
          led_of: Callable[[Sequence[tuple[int, Card]]], str | None] | None = None,
          free: Callable[[Card], bool] = lambda card: False) -> dict[int, set[str]]:
    """The groups each seat has shown it lacks: it did not follow a led group. What the table
    can know (a bot's memory, a hint's "seat 3 has no hearts left"), from the plays alone.
    ``led_of`` gives a trick's led group where a game decides it otherwise (a led joker's named
    suit); by default, the first card's. ``free``: cards a seat may play whatever was led
    (Napoleon's joker), which show nothing."""
    out: dict[int, set[str]] = {}
    for plays in tricks:
        if not plays:
            continue
        led = led_of(plays) if led_of is not None else order.effective_suit(plays[0][1])
        if led is None:
            continue
        for seat, card in plays[1:]:
            if void_shown(order, led, card, free(card)) is not None:
                out.setdefault(seat, set()).add(led)
    return out


def card_points(cards: Iterable[Card], table: Mapping[str, int]) -> int:
    """The points of ``cards`` by rank (``table``: rank -> points; other cards score 0)."""
    return sum(table.get(c.rank or "", 0) for c in cards if not c.special)
