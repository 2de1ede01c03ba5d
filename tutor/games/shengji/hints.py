"""Shengji's part of a hint (tutor/hints.py): what to look for (level 1) and which options to weigh
(level 2), from what the seat may know only.

A leader's legal plays include the throws no other hand beats (SJ-THROW-2): the engine knows
that from the hidden hands, the player does not. So level 2 offers the single cards and only a
throw public facts make safe (``bot.safe_throw``), never one the hidden hands happen to allow.
"""
from __future__ import annotations

from typing import Any

from ...actions import Action, Decision, Play
from ...hints import CardPool, Focus, focus, join
from ...tricktaking import TRUMP
from .bot import follow_options, safe_throw
from .order import group, points, trump_order
from .shapes import PAIR, TRACTOR, has_tractor, pair_count, shape
from .state import kitty_size


def hint_focus(game: Any, state: Any, seat: int, action: Action | None, in_turn: bool) -> Focus | None:
    if not in_turn:
        if state.exposed is not None:  # two decks: only a pair can override the single (SJ-2D-8)
            return focus("sj.focus.override", ("SJ-2D-8",), rank=state.trump_rank, seat=state.exposed[0],
                         cards=[c.token for c in state.exposed[1]])
        if state.flags.decks == 2:
            return focus("sj.focus.expose_two_decks", ("SJ-DECLARE-1", "SJ-DEAL-3", "SJ-2D-8"), rank=state.trump_rank)
        return focus("sj.focus.expose", ("SJ-DECLARE-1", "SJ-DEAL-3"), rank=state.trump_rank)
    trumps = focus("sj.focus.trumps", ("SJ-RANK-1",), rank=state.trump_rank, suit=state.trump_suit) \
        if state.trump_suit else None
    if state.phase == "draw":
        if state.exposed is not None and game._overridable(state):
            return focus("sj.focus.draw_override", ("SJ-DEAL-1", "SJ-2D-8"), rank=state.trump_rank,
                         seat=state.exposed[0], cards=[c.token for c in state.exposed[1]])
        if state.exposed is not None:
            return focus("sj.focus.draw_fixed", ("SJ-DEAL-1", "SJ-DECLARE-1"), seat=state.exposed[0],
                         cards=[c.token for c in state.exposed[1]], suit=state.trump_suit)
        return focus("sj.focus.draw", ("SJ-DEAL-1", "SJ-DECLARE-1"), rank=state.trump_rank)
    if state.phase == "bury":
        times = game.kitty_multiplier(state.flags, 1)
        return join(focus("sj.focus.bury", ("SJ-KITTY-1", "SJ-KITTY-3"), count=kitty_size(state.flags), times=times),
                    trumps)
    if state.phase != "play":
        return None
    if not state.trick and state.flags.decks == 2:
        return join(focus("sj.focus.lead_two_decks", ("SJ-COMBO-1", "SJ-2D-3", "SJ-2D-4", "SJ-2D-10")), trumps)
    if not state.trick:
        rules = ("SJ-COMBO-1", "SJ-COMBO-2", "SJ-THROW-2") if state.flags.multi_lead else ("SJ-COMBO-1",)
        return join(focus("sj.focus.lead_throw" if state.flags.multi_lead else "sj.focus.lead", rules), trumps)
    order = game.order(state)
    g = group(order, state.trick[0].cards[0])
    hand = state.hands[seat]
    held = sum(1 for c in hand if group(order, c) == g)
    worth = points(c for e in state.trick for c in e.cards)
    led = len(state.trick[0].cards)
    if led > 1 and state.flags.decks == 2:  # a pair or a tractor (SJ-2D-5, SJ-2D-6)
        return join(_shape_focus(state, hand, g, worth), trumps)
    if led > 1:  # a throw: as many cards, with as many of its suit as the hand holds (SJ-THROW-4)
        return join(focus("sj.focus.follow_throw", ("SJ-THROW-4",), count=led, suit=g, held=min(held, led),
                          points=worth), trumps)
    if held:
        key = "sj.focus.follow_trump" if g == TRUMP else "sj.focus.follow"
        rule = "SJ-FOLLOW-1" if g == TRUMP else "SJ-FOLLOW-2"
        return join(focus(key, (rule, "SJ-RANK-4"), suit=g, points=worth), trumps)
    return join(focus("sj.focus.void", ("SJ-FOLLOW-3", "SJ-TRICK-1"), suit=g, points=worth), trumps)


def _shape_focus(state: Any, hand: Any, g: str, worth: int) -> Focus:
    """Following a pair or a tractor: what the hand must play, in the rule's own order."""
    r, t = state.trump_rank, state.trump_suit
    led = shape(state.trick[0].cards, r, t)
    assert led is not None
    rule = ("SJ-2D-5",) if led.kind == PAIR else ("SJ-2D-6",)
    held = sum(1 for c in hand if group(trump_order(r, t), c) == g)
    if held == 0:
        return focus("sj.focus.shape_void", rule + ("SJ-2D-7",), suit=g, count=led.size, points=worth)
    if held < led.size:
        return focus("sj.focus.shape_short", rule, suit=g, held=held, count=led.size, points=worth)
    if led.kind == TRACTOR and has_tractor(hand, g, led.pairs, r, t):
        return focus("sj.focus.tractor_match", rule, suit=g, count=led.pairs, points=worth)
    pairs = min(led.pairs, pair_count(hand, g, r, t))
    key = "sj.focus.pair_match" if led.kind == PAIR and pairs else "sj.focus.shape_pairs" if pairs else \
        "sj.focus.shape_no_pair"
    return focus(key, rule, suit=g, pairs=pairs, count=led.size, points=worth)


def hint_options(game: Any, state: Any, seat: int, action: Action | None, in_turn: bool) -> list[Any] | None:
    """A leader's options as it may know them: its single cards and a publicly safe throw. A
    follower of a pair or a tractor (two decks) with thousands of plays: the bot's short list."""
    if (in_turn and state.phase == "play" and state.trick and state.flags.decks == 2 and seat == state.to_act
            and len(state.trick[0].cards) > 1):
        out = [Play(cs) for cs in follow_options(game, state, seat)]
        if isinstance(action, Play) and action not in out:
            out.append(action)
        return out
    if not (in_turn and state.phase == "play" and not state.trick and seat == state.to_act):
        return None
    out: list[Any] = [Play((c,)) for c in state.hands[seat]]
    throw = safe_throw(game, state, seat) if state.flags.multi_lead else None
    if throw:
        out.append(Play(throw))
    if isinstance(action, Play) and action not in out:
        out.append(action)  # a lesson's own answer (a throw its text explains) stays among them
    return out


def hint_cards(game: Any, state: Any, seat: int, action: Action) -> CardPool | None:
    """The bury: the plain cards of the short suits, without points, are where six come from."""
    if state.phase != "bury" or not isinstance(action, Decision):
        return None
    order = game.order(state)
    plain = [c for c in state.hands[seat] if group(order, c) != TRUMP]
    chosen = [str(v) for v in action.value]
    pool = [c.token for c in plain if not points([c])]
    for token in chosen:
        if token not in pool:
            pool.append(token)
    return CardPool("sj.hint.bury_pool", {}, tuple(pool))
