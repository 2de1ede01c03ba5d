"""A simple Daifugo heuristic: shed weak cards first, keep jokers, 2s and 8s for when they win
the lead, and pass rather than break a strong group.

It is a fair practice opponent and a source of hints, not a strong player: every choice comes
with the reason a learner can read.
"""
from __future__ import annotations

from typing import Any

from ...actions import PASS, Decision, Play
from ...bots import Choice, register_heuristic
from . import combos as C


def choose(game: Any, state: Any, seat: int) -> Choice:
    actions = game.legal_actions(state, seat)
    if state.phase == "exchange":
        return _exchange(game, state, seat, actions)
    plays = [a for a in actions if isinstance(a, Play)]
    hand = state.hands[seat]
    for p in plays:  # going out ends the hand: take it
        if len(p.cards) == len(hand):
            return Choice(p, "dfg.why.go_out")
    reversed_ = game.reversed_order(state)
    top = game.top_reading(state)
    top_rank = "3" if reversed_ else "2"

    def cost(p: Play) -> tuple[int, int, int]:
        r = C.read(p.cards, state.flags.decks)
        assert r is not None
        jokers = sum(1 for c in p.cards if c.special)
        return (jokers, C.strength_of(r, reversed_), -len(p.cards))

    if top is None:
        best = min(plays, key=lambda p: (cost(p)[0], cost(p)[1], cost(p)[2]))
        # the strongest rank is 2, or 3 under a revolution (DFG-RANK-3)
        return Choice(best, "dfg.why.lead_low", {"cards": [c.token for c in best.cards], "strong": top_rank})
    if not plays:
        return Choice(PASS, "dfg.why.cannot_beat")
    best = min(plays, key=cost)
    strong = cost(best)[0] > 0 or C.strength_of(C.read(best.cards, state.flags.decks), reversed_) >= C.power(top_rank, reversed_)  # type: ignore[arg-type]
    if strong and len(hand) > 3:
        return Choice(PASS, "dfg.why.keep_strong")
    return Choice(best, "dfg.why.beat_cheap", {"cards": [c.token for c in best.cards]})


def _exchange(game: Any, state: Any, seat: int, actions: list[Any]) -> Choice:
    """The richer give their weakest lone cards (a pair or a sequence stays whole); the poorer have
    no choice but which of equal cards: the rule decides (DFG-EXCH-1)."""
    from collections import Counter

    from ...cards import Card
    from .state import title_of
    title = title_of(state.previous_places[seat], state.players)
    if game.decision_spec(state, seat) is None:  # the poorer: their strongest cards, by rule
        return Choice(actions[0], "dfg.why.exchange_strongest", {"title": title, "count": len(actions[0].value)})
    hand = state.hands[seat]
    k = len(actions[0].value)
    ranks = Counter(c.rank for c in hand if not c.special)

    def cost(card: Card) -> tuple[int, tuple[int, int, int]]:
        return (0 if (not card.special and ranks[card.rank] == 1) else 1, C.sort_key(card))

    chosen = sorted(hand, key=cost)[:k]
    tokens = tuple(c.token for c in chosen)
    return Choice(Decision("exchange", tokens), "dfg.why.exchange", {"cards": list(tokens)})


def Card_rank(token: str) -> str:
    """The rank of a card token for the exchange's weakest-first choice (jokers strongest)."""
    return "2" if token.startswith("JOKER") else token.split("-", 1)[1]


register_heuristic("daifugo", choose)
