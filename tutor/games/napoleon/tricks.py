"""Napoleon card strength, following suit and the winner of a trick (napoleon.md §1, §6-§8).

Pure functions over cards, shared by the state machine, the golden ``trick`` hook, the bot
and the benchmark. Why a separate module: the trick rules (power cards, よろめき, セイム2,
the joker request) are the part learners ask about most, so they live in one place that
cites every rule and can be tested card by card.

Readings chosen where the spec leaves room (also listed in ``game.py``):

* A power card follows suit as the suit printed on it (the Mighty is a spade, the jacks are
  jacks of their suits): NAP-FOLLOW-1 frees only the ``JOKER``.
* A led ``JOKER`` makes the named suit the lead suit for following and for NAP-RANK-2
  (NAP-JOKER-3); a ``JOKER`` played when ``C-3`` was led *by another seat* is "requested"
  (NAP-JOKER-1) and keeps its power unless ``joker_request_weakens`` (NAP-JOKER-2).
* セイム2 needs five cards of one suit with that suit's 2 among them (the trick is always
  complete when it is judged), so a joker in the trick rules it out (NAP-SAME2-1).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

from ...cards import Card, DeckSpec
from ...tricktaking import TrumpOrder
from ...tricktaking import void_shown as shared_void_shown

DECK = DeckSpec(copies=1, specials=("JOKER",))  # NAP-SETUP-2: 52 cards and one joker
SUITS = ("S", "H", "D", "C")
SUIT_STRENGTH = {"S": 4, "H": 3, "D": 2, "C": 1}  # NAP-BID-3: S > H > D > C
HONOUR_RANKS = frozenset(("10", "J", "Q", "K", "A"))  # NAP-SETUP-3
RANK_VALUE = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"), 2)}
PARTNER_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}  # NAP-SETUP-5: the other suit of the same colour
COLOUR = {"S": "black", "C": "black", "H": "red", "D": "red"}

MIGHTY = Card(suit="S", rank="A")
JOKER = Card(special="JOKER")
YORO = Card(suit="H", rank="Q")  # NAP-YORO-1
CLUB_3 = Card(suit="C", rank="3")  # NAP-JOKER-1

# the power-card order of NAP-RANK-1 (above every trump: tutor/tricktaking.py's power band)
P_MIGHTY, P_JOKER, P_MAIN, P_BACK = 4, 3, 2, 1


def is_honour(card: Card) -> bool:
    """NAP-SETUP-3: the 10, J, Q, K and A of each suit (the joker is none)."""
    return not card.special and card.rank in HONOUR_RANKS


def honours(cards: Iterable[Card]) -> list[Card]:
    return [c for c in cards if is_honour(c)]


def main_jack(trump: str) -> Card:
    """NAP-SETUP-5: 正J, the jack of trumps."""
    return Card(suit=trump, rank="J")


def back_jack(trump: str) -> Card:
    """NAP-SETUP-5: 裏J, the jack of the other suit of the trump's colour."""
    return Card(suit=PARTNER_SUIT[trump], rank="J")


def power_rank(card: Card, trump: str) -> int:
    """NAP-RANK-1: Mighty > Joker > main jack > back jack; 0 for any other card."""
    if card == MIGHTY:
        return P_MIGHTY
    if card.special == "JOKER":
        return P_JOKER
    if card.rank == "J" and card.suit == trump:
        return P_MAIN
    if card.rank == "J" and card.suit == PARTNER_SUIT[trump]:
        return P_BACK
    return 0


def is_power(card: Card, trump: str) -> bool:
    return power_rank(card, trump) > 0


def is_off_colour_jack(card: Card, trump: str) -> bool:
    """NAP-SPECIAL-1: a jack of the colour opposite to the trump suit's."""
    return not card.special and card.rank == "J" and COLOUR[card.suit] != COLOUR[trump]


def lead_suit(first: Card, joker_suit: str | None) -> str | None:
    """The suit to follow: the lead card's, or the suit named for a led joker (NAP-JOKER-3)."""
    if first.special == "JOKER":
        return joker_suit
    return first.suit


@lru_cache(maxsize=None)
def trump_order(trump: str) -> TrumpOrder:
    """Napoleon's order in the shared trick-taking model (tutor/tricktaking.py): the power cards
    of NAP-RANK-1 above the trump suit; no trump rank; every card follows as the suit printed on
    it (NAP-FOLLOW-1: the Mighty is a spade, the jacks are jacks of their suits)."""
    powers = {MIGHTY: P_MIGHTY, JOKER: P_JOKER, main_jack(trump): P_MAIN, back_jack(trump): P_BACK}
    return TrumpOrder(trump, None, powers=powers, trumps_follow_as_trump=False)


def follow_options(hand: Sequence[Card], led: Card | None, joker_suit: str | None) -> list[Card]:
    """The cards a seat may play (NAP-FOLLOW-1, NAP-JOKER-1); ``led`` None: it leads, anything goes."""
    if led is None:
        return list(hand)
    if led == CLUB_3 and JOKER in hand:
        return [JOKER]  # NAP-JOKER-1: the club 3 requests the joker
    suit = lead_suit(led, joker_suit)
    options = FOLLOWING.follow_options(hand, suit)  # the lead suit's cards, or any card when void
    if len(options) < len(hand):  # following the lead suit: the joker may always be played too
        options += [c for c in hand if c.special == "JOKER"]
    return options


#: following in Napoleon: every card follows as the suit printed on it, whatever the trump
#: (NAP-FOLLOW-1), and the joker has no suit; the shared model's following and void tracking
FOLLOWING = TrumpOrder(None, None, trumps_follow_as_trump=False)


def void_shown(first: Card, joker_suit: str | None, card: Card) -> str | None:
    """The suit a follower's ``card`` shows it lacks in a trick led with ``first`` (public
    knowledge: the bots' memory, who can be the adjutant): the lead suit when ``card`` is of
    another suit (NAP-FOLLOW-1); the joker, free to be played, shows nothing."""
    return shared_void_shown(FOLLOWING, lead_suit(first, joker_suit), card, free=card.special == "JOKER")


def strength(card: Card, trump: str, suit: str | None, weak_joker: bool = False) -> int:
    """NAP-RANK-2: power cards > trumps A…2 > lead suit A…2 > the rest (0: it cannot win)."""
    if card.special == "JOKER" and weak_joker:
        return -1  # NAP-JOKER-2 with joker_request_weakens: the lowest card of the trick
    return trump_order(trump).strength(card, suit)


def same_two_applies(cards: Sequence[Card], trick_no: int, same2_first_trick: bool) -> bool:
    """NAP-SAME2-1/2: all cards of one suit, its 2 among them; not in trick 1 unless the flag says so."""
    if trick_no == 1 and not same2_first_trick:
        return False
    if any(c.special for c in cards):
        return False
    suits = {c.suit for c in cards}
    if len(suits) != 1:
        return False
    return any(c.rank == "2" for c in cards)


def trick_winner(plays: Sequence[tuple[int, Card]], trump: str, trick_no: int, joker_suit: str | None = None,
                 same2_first_trick: bool = False, joker_request_weakens: bool = False) -> tuple[int, str]:
    """The seat that wins a complete trick and the rule that decided it (NAP-TRICK-1's precedence).

    ``plays`` are ``(seat, card)`` in playing order. Returns ``(seat, rule_id)``.
    """
    cards = [c for _, c in plays]
    if MIGHTY in cards and YORO in cards:  # NAP-YORO-1 comes first
        return next(s for s, c in plays if c == YORO), "NAP-YORO-1"
    if same_two_applies(cards, trick_no, same2_first_trick):
        powers = [(power_rank(c, trump), s) for s, c in plays if power_rank(c, trump)]
        if powers:
            return max(powers)[1], "NAP-SAME2-1"
        return next(s for s, c in plays if c.rank == "2"), "NAP-SAME2-1"
    led = cards[0]
    suit = lead_suit(led, joker_suit)
    requested = led == CLUB_3  # a joker played on a led club 3 was requested (NAP-JOKER-1)
    order = trump_order(trump)
    best_seat, best = plays[0][0], -2
    for seat, card in plays:
        weak = requested and joker_request_weakens and card.special == "JOKER"
        value = -1 if weak else order.strength(card, suit)  # NAP-JOKER-2 weakens a requested joker
        if value > best:
            best_seat, best = seat, value
    top = next(c for s, c in plays if s == best_seat)
    if is_power(top, trump) and not (requested and joker_request_weakens and top.special == "JOKER"):
        return best_seat, "NAP-RANK-1"
    return best_seat, "NAP-RANK-2"


def direction_after(cards: Iterable[Card], trump: str, direction: int, reverse: bool) -> int:
    """NAP-SPECIAL-1: each off-colour jack flips the direction of the following tricks."""
    if not reverse:
        return direction
    for c in cards:
        if is_off_colour_jack(c, trump):
            direction = -direction
    return direction


def bid_beats(new: tuple[int, str], standing: tuple[int, str] | None) -> bool:
    """NAP-BID-3: more honours, or as many with a stronger suit."""
    if standing is None:
        return True
    n, s = new
    m, t = standing
    return n > m or (n == m and SUIT_STRENGTH[s] > SUIT_STRENGTH[t])


def sort_key(card: Card) -> tuple[int, int]:
    """Hand order for display: suits S H D C, low to high, the joker last."""
    if card.special:
        return (9, 0)
    return ("SHDC".index(card.suit), RANK_VALUE[card.rank])


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))
