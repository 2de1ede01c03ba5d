"""A simple Napoleon heuristic: bid on power and trumps, call the best card not held, feed honours to a known friend.

A fair practice opponent and a source of hints, not a strong player. It uses only what its
seat may know (NAP-ADJ-2): its own hand, the cards on the table, and the sides once the
called card is out (or that it holds the called card itself). So a hint never tells a
learner who the adjutant is; every reason (``nap.why.*``) names cards, never a hidden seat.
"""
from __future__ import annotations

from typing import Any, Sequence

from ...actions import PASS, Action, Decision, Play
from ...bots import Choice, register_heuristic
from ...cards import Card
from .tricks import (JOKER, MIGHTY, P_BACK, P_JOKER, P_MAIN, P_MIGHTY, RANK_VALUE, SUITS, back_jack, is_honour,
                     is_power, main_jack, power_rank, trick_winner)

BID_BASE = 5.0      # a hand's expected honours: BID_BASE + BID_SCALE * strength
BID_SCALE = 0.8


# --------------------------------------------------------------------------- knowledge
def friends(state: Any, seat: int) -> set[int]:
    """The seats ``seat`` knows to be on its side (never guessed: only what the rules have shown)."""
    nap, adj = state.napoleon, state.adjutant
    if nap is None:
        return set()
    if seat == nap:
        return {adj} if state.revealed and adj is not None and not state.solo else set()
    if adj == seat and not state.solo:
        return {nap}  # it holds (held) the called card: it knows it is the adjutant
    if state.revealed:
        return {s for s in range(5) if s not in (nap, adj, seat)}
    return set()


# --------------------------------------------------------------------------- auction
def suit_strength(hand: Sequence[Card], trump: str) -> float:
    """Rough count of tricks' worth in ``hand`` with ``trump``: power cards, trumps, side aces."""
    score = 0.0
    for c in hand:
        p = power_rank(c, trump)
        if p:
            score += {P_MIGHTY: 3.0, P_JOKER: 2.5, P_MAIN: 2.0, P_BACK: 1.5}[p]
        elif c.suit == trump:
            score += 1.0 + (0.5 if is_honour(c) else 0.0)
        elif c.rank == "A":
            score += 1.0
    return score


def _auction(game: Any, state: Any, seat: int, actions: list[Action]) -> Choice:
    hand = state.hands[seat]
    best = max(SUITS, key=lambda s: (suit_strength(hand, s), -SUITS.index(s)))
    want = min(20, int(BID_BASE + BID_SCALE * suit_strength(hand, best)))
    bids = [a for a in actions if isinstance(a, Decision) and a.value[0] <= want]
    own = [a for a in bids if a.value[1] == best]
    if own:
        pick = min(own, key=lambda a: a.value[0])
        return Choice(pick, "nap.why.bid_strong", {"count": pick.value[0], "bid_suit": best})
    if state.bid is None and _last_to_speak(state, seat):
        # the other four passed without a bid: bid the minimum rather than redeal forever (NAP-BID-7)
        pick = min((a for a in actions if isinstance(a, Decision) and a.value[1] == best), key=lambda a: a.value[0])
        return Choice(pick, "nap.why.bid_last", {"count": pick.value[0], "bid_suit": best})
    return Choice(PASS, "nap.why.bid_weak", {"count": want})


def _last_to_speak(state: Any, seat: int) -> bool:
    """Whether all four other seats have passed in this auction (so a pass now means a redeal)."""
    if state.flags.pass_is_final:
        return all(state.passed[s] for s in range(5) if s != seat)
    return len(state.auction) >= 4 and all(b is None for _, b in state.auction[-4:])


def _call(state: Any, seat: int) -> Choice:
    """Name the strongest card not in the own hand: the Mighty, the joker, the jacks, then trump aces."""
    trump = state.trump
    hand = set(state.hands[seat])
    ladder = [MIGHTY, JOKER, main_jack(trump), back_jack(trump), Card(suit=trump, rank="A"),
              Card(suit=trump, rank="K"), Card(suit=trump, rank="Q")]
    ladder += [Card(suit=s, rank="A") for s in SUITS if s != trump]
    pick = next((c for c in ladder if c not in hand), ladder[0])
    return Choice(Decision("call_adjutant", pick.token), "nap.why.call_strong", {"cards": [pick.token]})


def _keep_value(card: Card, trump: str, counts: dict[str, int]) -> tuple:
    """Low values go first: plain low cards of short side suits; never power cards or trumps."""
    if is_power(card, trump):
        return (3, 0, 0)
    if card.special:
        return (3, 0, 0)
    if card.suit == trump:
        return (2, RANK_VALUE[card.rank], 0)
    if is_honour(card):
        return (1, RANK_VALUE[card.rank], counts.get(card.suit, 0))
    return (0, counts.get(card.suit, 0), RANK_VALUE[card.rank])


def _discard(state: Any, seat: int) -> Choice:
    trump = state.trump
    hand = state.hands[seat]
    counts: dict[str, int] = {}
    for c in hand:
        if not c.special:
            counts[c.suit] = counts.get(c.suit, 0) + 1
    trio = sorted(hand, key=lambda c: _keep_value(c, trump, counts))[:3]
    trio.sort(key=hand.index)  # in hand order, the form legal_actions lists it in
    return Choice(Decision("discard", tuple(c.token for c in trio)), "nap.why.discard",
                  {"cards": [c.token for c in trio]})


def _joker_suit(state: Any, seat: int) -> Choice:
    hand = state.hands[seat]
    trump = state.trump
    on_nap_side = seat == state.napoleon or (state.adjutant == seat and not state.solo)
    if on_nap_side:
        suit = trump
    else:
        counts = {s: sum(1 for c in hand if not c.special and c.suit == s) for s in SUITS if s != trump}
        suit = max(counts, key=lambda s: (counts[s], -SUITS.index(s)))
    return Choice(Decision("joker_suit", suit), "nap.why.joker_suit", {"lead_suit": suit})


# --------------------------------------------------------------------------- play
def _cost(card: Card, trump: str) -> tuple:
    """How much a card is worth keeping (lower: play it sooner)."""
    return (power_rank(card, trump), card.suit == trump, is_honour(card), RANK_VALUE.get(card.rank, 15))


def _winner_with(state: Any, seat: int, card: Card) -> int:
    plays = [(e.seat, e.card) for e in state.trick] + [(seat, card)]
    js = state.trick[0].joker_suit if state.trick else None
    return trick_winner(plays, state.trump, state.trick_no, js, state.flags.same2_first_trick,
                        state.flags.joker_request_weakens)[0]


def _play(game: Any, state: Any, seat: int, actions: list[Action]) -> Choice:
    trump = state.trump
    cards = [a.cards[0] for a in actions if isinstance(a, Play)]
    if len(cards) == 1:
        return Choice(Play((cards[0],)), "nap.why.only_card", {"cards": [cards[0].token]})
    mine = friends(state, seat)
    if not state.trick:  # leading
        strong = [c for c in cards if power_rank(c, trump) >= P_JOKER and c != JOKER]
        if strong and (seat == state.napoleon or (state.adjutant == seat and not state.solo)):
            return Choice(Play((strong[0],)), "nap.why.lead_power", {"cards": [strong[0].token]})
        plain = [c for c in cards if not is_power(c, trump) and c.suit != trump and not is_honour(c)]
        pick = min(plain or cards, key=lambda c: _cost(c, trump))
        return Choice(Play((pick,)), "nap.why.lead_low", {"cards": [pick.token]})
    plays = [(e.seat, e.card) for e in state.trick]
    js = state.trick[0].joker_suit
    current = trick_winner(plays, trump, state.trick_no, js, state.flags.same2_first_trick,
                           state.flags.joker_request_weakens)[0]
    last = len(state.trick) == 4
    if current in mine and (last or power_rank(next(c for s, c in plays if s == current), trump)):
        feed = [c for c in cards if is_honour(c) and not is_power(c, trump) and _winner_with(state, seat, c) == current]
        if feed:
            pick = max(feed, key=lambda c: RANK_VALUE[c.rank])
            return Choice(Play((pick,)), "nap.why.feed_friend", {"cards": [pick.token]})
    on_table = sum(1 for _, c in plays if is_honour(c)) + (len(state.discards) and state.trick_no == 1
                                                            and sum(1 for c in state.discards if is_honour(c)))
    if current not in mine:
        winning = [c for c in cards if _winner_with(state, seat, c) == seat]
        if winning and (on_table or last or any(is_honour(c) for c in winning)):
            pick = min(winning, key=lambda c: _cost(c, trump))
            return Choice(Play((pick,)), "nap.why.win_cheaply", {"cards": [pick.token], "count": on_table})
    pick = min(cards, key=lambda c: (is_honour(c), _cost(c, trump)))
    return Choice(Play((pick,)), "nap.why.play_low", {"cards": [pick.token]})


# --------------------------------------------------------------------------- entry point
def choose(game: Any, state: Any, seat: int) -> Choice:
    """The bot's decision for ``seat`` (always one of ``game.legal_actions(state, seat)``)."""
    phase = state.phase
    if phase == "auction":
        return _auction(game, state, seat, game.legal_actions(state, seat))
    if phase == "call_adjutant":
        return _call(state, seat)
    if phase == "discard":
        return _discard(state, seat)
    if phase == "joker_suit":
        return _joker_suit(state, seat)
    return _play(game, state, seat, game.legal_actions(state, seat))


register_heuristic("napoleon", choose)
