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
from .state import EFFECT_PHASES

#: ranks whose cut-in pays (DFG-CUT-5: the chain's effect is the last cutter's): the field flows
#: to it (8, 4), it skips or reverses to its liking (5, 9), it hands cards on (7) or sheds (10)
GOOD_CUTS = {"8", "4", "5", "7", "9", "10", "Q", "K", "A"}


def choose(game: Any, state: Any, seat: int) -> Choice:
    if state.chain_start is not None:  # an in-turn choice comes once the cut-in window has closed
        state = game.close_window(state)
    if state.phase in EFFECT_PHASES:
        return _effect(game, state, seat)
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


def interrupt(game: Any, state: Any, seat: int) -> Any:
    """Cut in (DFG-CUT-1) with natural cards only, when it empties the hand, or when the rank's
    effect would then be this seat's (an 8 or 4 flow, a skip, cards to give or discard); never
    with a joker, and never with 2s kept for winning a lead."""
    options = game.legal_actions(state, seat, in_turn=False)
    natural = [o for o in options if not any(t.startswith("JOKER") for t in o.value)]
    if not natural:
        return None
    hand = state.hands[seat]
    for o in natural:
        if len(o.value) == len(hand):
            return o
    top = state.top()
    ranks = C.effect_ranks(top.combo, state.flags.effects_in_sequences) if top is not None else ()
    if any(r in GOOD_CUTS for r in ranks) and top.combo.rank != "2":
        return natural[0]
    return None


def _effect(game: Any, state: Any, seat: int) -> Choice:
    """Effect decisions (§9): give or discard the weakest cards, take the strongest, expose the
    weakest; blind picks take the first positions (every choice looks the same)."""
    eff = state.effect
    spec = game.decision_spec(state, seat)
    if eff.kind == "k_greed":
        options = game.legal_actions(state, seat)
        if eff.cut is not None:  # onto the cut player: as many cards as allowed
            best = max(options, key=lambda a: sum(len(v) for _, v in a.value))
            return Choice(best, "dfg.why.greed_give", {"to": eff.target})
        return Choice(options[0], "dfg.why.greed_none")  # more cards in hand is no gain
    if spec is None:
        return Choice(game.legal_actions(state, seat)[0], "dfg.why.effect")
    if not hasattr(spec, "pool"):  # blind positions
        return Choice(Decision(spec.key, tuple(range(spec.k))), "dfg.why.blind", {"count": spec.k})
    pool = sorted(spec.pool, key=C.card_power)
    if eff.kind == "six_salvage":
        chosen = sorted(spec.pool, key=C.card_power, reverse=True)[:spec.k]
        return Choice(Decision(spec.key, tuple(c.token for c in chosen)), "dfg.why.salvage",
                      {"cards": [c.token for c in chosen]})
    if eff.kind == "ten_discard":  # shed exposed cards first: everyone can see them anyway
        shown = list(state.exposed_of(seat))
        pool = sorted(spec.pool, key=lambda c: (c not in shown, C.card_power(c)))
    chosen = pool[:spec.k]
    return Choice(Decision(spec.key, tuple(c.token for c in chosen)), "dfg.why.weakest",
                  {"cards": [c.token for c in chosen]})


register_heuristic("daifugo", choose, interrupt)
