"""Napoleon's part of a hint (tutor/hints.py): what to look for (level 1) and, for the decisions
with many options, which ones to weigh (level 2).

Level 1 covers the auction (the strong cards, the bid to beat), the call of the adjutant, the
discard, the suit named for a led joker, a lead and a follow (whether suit must be followed,
who holds the trick so far, the honours in it). A hint never names or guesses the secret
adjutant (NAP-ADJ-2): everything said is public or the seat's own hand.
"""
from __future__ import annotations

from typing import Any

from ...actions import PASS, Action, Decision
from ...cards import Card
from ...hints import CardPool, Focus, answer_cards, focus, join, pool_in_hand_order
from .bot import _keep_value
from .tricks import CLUB_3, JOKER, MIGHTY, SUITS, back_jack, is_honour, lead_suit, main_jack


def hint_focus(game: Any, state: Any, seat: int, action: Action | None, in_turn: bool) -> Focus | None:
    phase = state.phase
    if phase == "auction":
        return _auction(state, seat)
    trumps = focus("nap.focus.trumps", ("NAP-BID-1",), trump_suit=state.trump) if state.trump else None
    if phase == "call_adjutant":
        return join(focus("nap.focus.call", ("NAP-ADJ-1", "NAP-ADJ-2", "NAP-ADJ-3")), trumps)
    if phase == "discard":
        return join(focus("nap.focus.discard", ("NAP-KITTY-1", "NAP-KITTY-2")), trumps)
    if phase == "joker_suit":
        return join(focus("nap.focus.joker_suit", ("NAP-JOKER-3", "NAP-FOLLOW-1")), trumps)
    if phase != "play":
        return None
    if not state.trick:
        return join(focus("nap.focus.lead", ("NAP-PLAY-1", "NAP-FOLLOW-1", "NAP-RANK-1"), trick=state.trick_no), trumps)
    hand = state.hands[seat]
    led = state.trick[0]
    if led.card == CLUB_3 and JOKER in hand:
        return focus("nap.focus.joker_requested", ("NAP-JOKER-1",))
    suit = lead_suit(led.card, led.joker_suit)
    if any(not c.special and c.suit == suit for c in hand):
        key = "nap.focus.must_follow_joker" if JOKER in hand else "nap.focus.must_follow"
        rule = focus(key, ("NAP-FOLLOW-1",), lead_suit=suit)
    else:
        rule = focus("nap.focus.void", ("NAP-FOLLOW-1", "NAP-RANK-2"), lead_suit=suit)
    return join(rule, trumps, _holding(game, state), _honours(state))


def _auction(state: Any, seat: int) -> Focus:
    hand = state.hands[seat]
    power = sum(1 for c in hand if c == MIGHTY or c == JOKER or c.rank == "J")
    lengths = {s: sum(1 for c in hand if not c.special and c.suit == s) for s in SUITS}
    longest = max(SUITS, key=lambda s: (lengths[s], -SUITS.index(s)))
    strong = focus("nap.focus.auction", ("NAP-BID-1", "NAP-RANK-1", "NAP-SETUP-3"), power=power,
                   bid_suit=longest, length=lengths[longest])
    if state.bid is None:
        return join(strong, focus("nap.focus.auction_open", ("NAP-BID-5", "NAP-BID-4"), min=state.flags.min_bid))
    count, suit = state.bid
    return join(strong, focus("nap.focus.auction_beat", ("NAP-BID-3", "NAP-BID-4"), count=count, bid_suit=suit))


def _holding(game: Any, state: Any) -> Focus | None:
    """Who holds the trick so far (every card of it is face up)."""
    winner = game._winning(state)
    if winner is None:
        return None
    card = next(e.card for e in state.trick if e.seat == winner)
    return focus("nap.focus.holding", ("NAP-TRICK-1",), seat=winner, cards=[card.token])


def _honours(state: Any) -> Focus:
    count = sum(1 for e in state.trick if is_honour(e.card))
    return focus("nap.focus.honours", ("NAP-SETUP-3",), count=count)


# ---------------------------------------------------------------------------- level 2
def hint_options(game: Any, state: Any, seat: int, action: Action | None, in_turn: bool) -> list[Any] | None:
    """The auction: pass, and bids of one count in each suit (the answer's count, or the lowest
    open), with the lowest bid of the answer's suit; the call: the strongest cards of the deck."""
    if state.phase == "auction":
        legal = game.legal_actions(state, seat)
        bids = [a.value for a in legal if isinstance(a, Decision)]
        if not bids:
            return None
        lowest = min(n for n, _ in bids)
        count = action.value[0] if isinstance(action, Decision) else lowest
        wanted = {(count, s) for s in SUITS}
        if isinstance(action, Decision):
            wanted.add(min((b for b in bids if b[1] == action.value[1]), key=lambda b: b[0]))
        return [PASS] + [Decision("bid", b) for b in bids if b in wanted]
    if state.phase == "call_adjutant" and state.trump:
        trump = state.trump
        ladder = [MIGHTY, JOKER, main_jack(trump), back_jack(trump), Card(suit=trump, rank="A"),
                  Card(suit=trump, rank="K"), Card(suit=trump, rank="Q")]
        ladder += [Card(suit=s, rank="A") for s in SUITS if s != trump]
        hand = set(state.hands[seat])
        return [Decision("call_adjutant", c.token) for c in ladder if c not in hand][:6]
    return None


def hint_cards(game: Any, state: Any, seat: int, action: Action) -> CardPool | None:
    """The discard: the answer's three cards and three more of those least worth keeping (low
    plain cards of short side suits), in hand order."""
    if state.phase != "discard" or not isinstance(action, Decision) or action.key != "discard":
        return None
    hand = state.hands[seat]
    counts: dict[str, int] = {}
    for c in hand:
        if not c.special:
            counts[c.suit] = counts.get(c.suit, 0) + 1
    chosen = answer_cards(action)
    rest = [c.token for c in sorted(hand, key=lambda c: _keep_value(c, state.trump, counts)) if c.token not in chosen]
    cards = pool_in_hand_order(hand, chosen + rest[:len(chosen)])
    return CardPool("nap.options.discard", {"cards": cards}, tuple(cards))
