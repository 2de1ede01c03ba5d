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
from .order import group, points, power, trick_winner
from .shapes import follow_plays, shape
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
    half the stock is drawn); with two decks twice that, and a pair before a single (a pair
    cannot be overridden, SJ-2D-8)."""
    options = game.legal_actions(state, seat, in_turn=False)
    if not options:
        return None
    hand = state.hands[seat]
    def suit_of(a: Decision) -> str | None:
        return Card.parse(a.value if isinstance(a.value, str) else a.value[0]).suit
    def length(a: Decision) -> int:
        return sum(1 for c in hand if c.suit == suit_of(a))
    best = max(options, key=lambda a: (length(a), not isinstance(a.value, str), -options.index(a)))
    scale = 2 if state.flags.decks == 2 else 1
    need = (3 if len(state.stock) > 24 * scale else 2) * scale
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


def _lead_shape(game: Any, state: Any, seat: int) -> Choice | None:
    """Two decks: the longest tractor of a plain suit, else a plain pair no unseen pair can beat
    (its rank is the top one left, or the only higher cards are single copies), else None."""
    order = game.order(state)
    hand = state.hands[seat]
    leads = [cards for cards in game._shapes_held(state, hand) if group(order, cards[0]) != TRUMP]
    if not leads:
        return None
    tractors = [cs for cs in leads if len(cs) > 2]
    if tractors:
        pick = max(tractors, key=lambda cs: (len(cs), max(power(order, c) for c in cs)))
        return Choice(Play(pick), "sj.why.lead_tractor", {"cards": [c.token for c in pick]})
    rest = unseen(state, seat)
    for cards in sorted(leads, key=lambda cs: -power(order, cs[0])):
        higher = [c for c in rest if group(order, c) == group(order, cards[0]) and power(order, c) > power(order, cards[0])]
        if all(higher.count(c) < 2 for c in higher):
            return Choice(Play(cards), "sj.why.lead_pair", {"cards": [c.token for c in cards],
                                                            "suit": group(order, cards[0])})
    return None


def _lead(game: Any, state: Any, seat: int) -> Choice:
    order = game.order(state)
    hand = state.hands[seat]
    if state.flags.decks == 2:
        shaped = _lead_shape(game, state, seat)
        if shaped is not None:
            return shaped
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


def follow_options(game: Any, state: Any, seat: int) -> list[tuple[Card, ...]]:
    """The follows worth weighing: every legal one, except where a pair or a tractor was led (two
    decks) and the free cards make thousands: there the required part (the pairs, all of the
    suit) with the lowest free cards, with point cards to feed a partner, and any ruff."""
    order = game.order(state)
    hand = state.hands[seat]
    led = state.trick[0].cards
    if state.flags.decks == 1 or len(led) == 1:
        return [cs for cs in game._plays(state, seat)]
    led_shape = shape(led, state.trump_rank, state.trump_suit)
    g = group(order, led[0])
    same = [c for c in hand if group(order, c) == g]
    if len(same) > len(led):
        plays = follow_plays(hand, led_shape, state.trump_rank, state.trump_suit)
        if len(plays) <= 60:
            return plays
        low = sorted(plays, key=lambda cs: (sum(power(order, c) for c in cs), points(cs)))
        fat = sorted(plays, key=lambda cs: -points(cs))
        high = sorted(plays, key=lambda cs: -max(power(order, c) for c in cs))
        return list(dict.fromkeys(low[:20] + fat[:20] + high[:20]))
    rest = [c for c in hand if group(order, c) != g]
    need = len(led) - len(same)
    cheap = sorted(rest, key=lambda c: (group(order, c) == TRUMP, points([c]) > 0, power(order, c)))
    fat = sorted(rest, key=lambda c: (-points([c]), group(order, c) == TRUMP, power(order, c)))
    out = [tuple(same) + tuple(cheap[:need]), tuple(same) + tuple(fat[:need])]
    if not same:  # void: the identical shape in trumps is a ruff (SJ-2D-7)
        trumps = [c for c in hand if group(order, c) == TRUMP]
        for cards in game._shapes_held(state, tuple(trumps)):
            got = shape(cards, state.trump_rank, state.trump_suit)
            if got is not None and got.kind == led_shape.kind and got.pairs == led_shape.pairs:
                out.append(cards)
    return list(dict.fromkeys(out))


def _follow(game: Any, state: Any, seat: int) -> Choice:
    order = game.order(state)
    plays = [(e.seat, e.cards) for e in state.trick]
    holder = trick_winner(order, plays)[0]
    friend = team_of(holder) == team_of(seat)
    last = len(plays) == PLAYERS - 1
    options = follow_options(game, state, seat)
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
    why = "sj.why.play_low_points" if points(pick) else "sj.why.play_low"  # points that must go are named so
    return Choice(Play(pick), why, {"cards": [c.token for c in pick]})


def choose(game: Any, state: Any, seat: int) -> Choice:
    if state.phase == "draw":
        return Choice(Decision("draw", True), "sj.why.draw")
    if state.phase == "bury":
        return _bury(game, state, seat)
    if not state.trick:
        return _lead(game, state, seat)
    return _follow(game, state, seat)


register_heuristic("shengji", choose, interrupt=_expose)
