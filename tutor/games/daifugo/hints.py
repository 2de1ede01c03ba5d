"""Daifugo's part of a hint (tutor/hints.py): what to look for (level 1) and which plays to weigh
(level 2).

Level 1 names what constrains the play now, and why: the form the phase began with, the order in
force after a revolution, a suit binding, a rank binding; or, leading, that any form goes. Level 2
collapses a joker's declarations: a lone joker may stand for any card (DFG-JOKER-1), which makes
dozens of "different" plays out of one card in the hand; the hint weighs each set of cards once.
"""
from __future__ import annotations

from typing import Any

from ...actions import Action, Pass, Play
from ...hints import Focus, focus, join
from . import combos as C


def hint_focus(game: Any, state: Any, seat: int, action: Action | None, in_turn: bool) -> Focus | None:
    if state.phase == "exchange" and in_turn and state.previous_places is not None:
        from .state import title_of
        place = state.previous_places[seat]
        title = title_of(place, state.players)
        count = 2 if place in (1, state.players) else 1
        key = "dfg.focus.exchange_any" if place in (1, 2) else "dfg.focus.exchange_strongest"
        return focus(key, ("DFG-EXCH-1",), title=title, count=count)
    effect = state.effect
    if effect is not None and in_turn and seat == effect.chooser:  # an effect decision (§9)
        from .cutin import EFFECT_RULE
        kind = effect.kind + ("_blind" if effect.kind == "a_open" and effect.cut is not None else
                              "_cut" if effect.kind == "k_greed" and effect.target != effect.chooser else
                              # exposed cards not in play: no word of them (DFG-OPEN-4 only with the rule)
                              "_closed" if effect.kind in ("seven_pass", "ten_discard") and not state.flags.open_cards
                              else "")
        return focus(f"dfg.focus.effect.{kind}", (EFFECT_RULE[effect.kind],), count=effect.count, target=effect.target)
    if state.phase != "play" or not in_turn:
        return None
    # the order in force, and what turned it: a revolution, a J-back (until the field clears), or both
    if state.jback:
        order = focus("dfg.focus.jback_both" if state.revolution else "dfg.focus.jback", ("DFG-JBACK-1", "DFG-RANK-3"))
    else:
        order = focus("dfg.focus.reversed", ("DFG-REV-1", "DFG-RANK-3")) if state.revolution else None
    top = game.top_reading(state)
    if top is None:
        return join(focus("dfg.focus.lead", ("DFG-PLAY-1", "DFG-PASS-1")), order)
    f = state.flags
    if top.undeclared_joker:  # a lone joker on top: only the spade 3 beats it (DFG-S3-1)
        key = "dfg.focus.joker_top" if f.spade3_return else "dfg.focus.joker_top_unbeatable"
        return focus(key, ("DFG-JOKER-2", "DFG-S3-1"))
    parts = [focus("dfg.focus.beat", ("DFG-PLAY-1", "DFG-PLAY-2"), form=C.form_words(top)), order]
    if f.suit_binding and state.bound:
        parts.append(focus("dfg.focus.suit_bound", ("DFG-BIND-1",), suits=list(state.bound)))
    rb = state.rank_bind
    if f.rank_binding and rb.active:
        nxt = C.next_stronger(rb.last, game.reversed_order(state))
        parts.append(focus("dfg.focus.rank_bound", ("DFG-BIND-4",), rank=nxt) if nxt is not None else
                     focus("dfg.focus.rank_bound_end", ("DFG-BIND-4", "DFG-JOKER-2"), last=rb.last))
    return join(*parts)


def hint_options(game: Any, state: Any, seat: int, action: Action | None, in_turn: bool) -> list[Any] | None:
    """The plays as sets of cards in the hand: one play per set (the joker undeclared where it may
    be, else its first declaration), and Pass; the hint's own answer stays among them."""
    if state.phase != "play" or not in_turn or seat != state.to_act:
        return None
    by_cards: dict[tuple[str, ...], Action] = {}
    out: list[Any] = []
    for legal in game.legal_actions(state, seat):
        if isinstance(legal, Pass):
            out.append(legal)
            continue
        assert isinstance(legal, Play)
        key = tuple(sorted(c.physical.token for c in legal.cards))
        kept = by_cards.get(key)
        if kept is None or (not any(c.declared for c in legal.cards) and kept != action):
            by_cards[key] = legal  # the plain joker beats its declarations
    if isinstance(action, Play):
        by_cards[tuple(sorted(c.physical.token for c in action.cards))] = action
    return out + list(by_cards.values())
