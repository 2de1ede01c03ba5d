"""A simple Shengji heuristic: expose a long suit, bury short plain suits, lead winners, feed points
to a partner who holds the trick, win cheaply or play low.

A fair practice partner and opponent, not a strong player. It uses only what its seat may know:
its own hand, the exposure, the turned kitty, the cards played so far (face up). It never throws
on the engine's word that a throw is valid (that reads the other hands, SJ-THROW-2): it throws
only cards that outrank every unseen card of their suit (``safe_throw``), so a hint never
suggests a throw public facts do not make safe.
"""
from __future__ import annotations

from typing import Any, Sequence

from ...actions import Action, Decision, Play
from ...bots import Choice, register_heuristic
from ...cards import Card
from ...tricktaking import TRUMP
from .order import follow_sets, group, points, power, trick_winner
from .state import PLAYERS, deck_of, kitty_size, team_of


def seen_cards(state: Any) -> list[Card]:
    """Every card played face up this hand (the finished tricks and the current one)."""
    return [c for pile in state.won for c in pile] + [c for e in state.trick for c in e.cards]


def unseen(state: Any, seat: int) -> list[Card]:
    """The cards ``seat`` has not seen: not in its hand, not played, not its own buried kitty."""
    known = list(state.hands[seat]) + seen_cards(state) + list(state.set_aside)
    if seat == state.dealer:
        known += list(state.buried)
    pool = list(deck_of(state.flags).cards())
    for c in known:
        if c in pool:
            pool.remove(c)
    return pool


def safe_throw(game: Any, state: Any, seat: int) -> tuple[Card, ...] | None:
    """The longest throw public facts make safe: the cards of one plain suit that rank above every
    unseen card of that suit (two or more), or None."""
    order = game.order(state)
    hand = state.hands[seat]
    out: list[tuple[Card, ...]] = []
    rest = unseen(state, seat)
    for g in {group(order, c) for c in hand}:
        if g == TRUMP:
            continue
        best = max((power(order, c) for c in rest if group(order, c) == g), default=-1)
        top = tuple(c for c in hand if group(order, c) == g and power(order, c) > best)
        if len(top) >= 2:
            out.append(top)
    return max(out, key=len) if out else None


def _expose(game: Any, state: Any, seat: int) -> Action | None:
    """Expose a trump-rank card whose suit the hand is long in (three or more cards, or two once
    half the stock is drawn)."""
    options = game.legal_actions(state, seat, in_turn=False)
    if not options:
        return None
    hand = state.hands[seat]
    def length(a: Decision) -> int:
        suit = Card.parse(a.value).suit
        return sum(1 for c in hand if c.suit == suit)
    best = max(options, key=lambda a: (length(a), -options.index(a)))
    need = 3 if len(state.stock) > 24 else 2
    return best if length(best) >= need else None


def _bury(game: Any, state: Any, seat: int) -> Choice:
    order = game.order(state)
    hand = list(state.hands[seat])
    counts: dict[str, int] = {}
    for c in hand:
        counts[group(order, c)] = counts.get(group(order, c), 0) + 1
    # plain cards of the shortest suits first, no points, low ranks; trumps only if needed
    ranked = sorted(hand, key=lambda c: (group(order, c) == TRUMP, points([c]) > 0, counts[group(order, c)],
                                         power(order, c)))
    pick = ranked[:kitty_size(state.flags)]
    return Choice(Decision("bury", tuple(c.token for c in pick)), "sj.why.bury_short", {"cards": [c.token for c in pick]})


def _lead(game: Any, state: Any, seat: int) -> Choice:
    order = game.order(state)
    hand = state.hands[seat]
    if state.flags.multi_lead:
        throw = safe_throw(game, state, seat)
        if throw:
            return Choice(Play(throw), "sj.why.safe_throw", {"cards": [c.token for c in throw]})
    rest = unseen(state, seat)
    plain = [c for c in hand if group(order, c) != TRUMP]
    for c in sorted(plain, key=lambda c: -power(order, c)):
        g = group(order, c)
        if all(power(order, o) < power(order, c) for o in rest if group(order, o) == g):
            return Choice(Play((c,)), "sj.why.lead_boss", {"cards": [c.token]})
    if plain:
        counts: dict[str, int] = {}
        for c in plain:
            counts[group(order, c)] = counts.get(group(order, c), 0) + 1
        low = min(plain, key=lambda c: (points([c]) > 0, -counts[group(order, c)], power(order, c)))
        return Choice(Play((low,)), "sj.why.lead_low", {"cards": [low.token]})
    low = min(hand, key=lambda c: power(order, c))
    return Choice(Play((low,)), "sj.why.lead_trump", {"cards": [low.token]})


def _follow(game: Any, state: Any, seat: int) -> Choice:
    order = game.order(state)
    plays = [(e.seat, e.cards) for e in state.trick]
    holder = trick_winner(order, plays)[0]
    friend = team_of(holder) == team_of(seat)
    last = len(plays) == PLAYERS - 1
    options = list(follow_sets(order, state.hands[seat], state.trick[0].cards))
    def cost(cards: Sequence[Card]) -> int:
        return sum(power(order, c) for c in cards)
    if friend and (last or holder == state.trick[0].seat or len(plays) >= 2):
        best = max(options, key=lambda cs: (points(cs), -cost(cs)))
        if points(best):
            return Choice(Play(best), "sj.why.feed_partner", {"seat": holder})
        return Choice(Play(min(options, key=cost)), "sj.why.partner_holds", {"seat": holder})
    winners = [cs for cs in options if trick_winner(order, plays + [(seat, cs)])[0] == seat]
    worth = points(c for _, cs in plays for c in cs)
    if winners and (worth or last or not friend):
        pick = min(winners, key=cost)
        return Choice(Play(pick), "sj.why.win_cheap", {"cards": [c.token for c in pick]})
    pick = min(options, key=lambda cs: (points(cs), cost(cs)))
    return Choice(Play(pick), "sj.why.play_low", {"cards": [c.token for c in pick]})


def choose(game: Any, state: Any, seat: int) -> Choice:
    if state.phase == "draw":
        return Choice(Decision("draw", True), "sj.why.draw")
    if state.phase == "bury":
        return _bury(game, state, seat)
    if not state.trick:
        return _lead(game, state, seat)
    return _follow(game, state, seat)


register_heuristic("shengji", choose, interrupt=_expose)
