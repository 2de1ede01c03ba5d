"""Tichu's part of a hint (tutor/hints.py): what to look for (level 1) and, for the decisions
with many options, which ones to weigh (level 2).

Level 1 covers every decision: Grand Tichu, the exchange, a Tichu call, the wish, the Dragon's
gift, a lead, a follow (the play to beat, the wish in force, the partner holding the trick, an
opponent close to going out) and the chance to bomb out of turn. Everything said is public or
the seat's own hand.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ...actions import Action, Decision, Pass
from ...cards import format_cards
from ...hints import CardPool, Focus, focus, join, pool_in_hand_order
from .bot import _low_key, bomb_cards
from .combos import DRAGON, RANK_OF, TYPE_RULE, VALUE, is_natural
from .state import card_points, team_of

#: an opponent with this many cards or fewer is worth a word (the bot's "danger")
FEW_CARDS = 3


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


def hint_focus(game: Any, state: Any, seat: int, action: Action | None, in_turn: bool) -> Focus | None:
    if isinstance(action, Decision) and action.key == "call":
        return focus("tichu.focus.call", ("TICHU-CALL-1", "TICHU-CALL-2"))
    if not in_turn:
        return _window(state, seat)
    phase = state.phase
    if phase == "grand_tichu":
        strong = [c.token for c in state.hands[seat] if c.rank == "A" or c.special in ("DRAGON", "PHOENIX")]
        return join(focus("tichu.focus.grand", ("TICHU-GT-1", "TICHU-GT-2")),
                    focus("tichu.focus.strong_cards", (), cards=strong, count=len(strong)))
    if phase == "exchange":
        return focus("tichu.focus.exchange", ("TICHU-EXCH-1", "TICHU-EXCH-2"), seat=partner_of(seat))
    if phase == "wish":
        return focus("tichu.focus.wish", ("TICHU-WISH-1", "TICHU-WISH-2"))
    if phase == "dragon_gift":
        a, b = sorted(s for s in range(4) if team_of(s) != team_of(seat))
        points = card_points([c.physical for e in state.trick for c in e.cards])
        return focus("tichu.focus.dragon_gift", ("TICHU-DRAGON-2", "TICHU-END-3"), points=points,
                     seat_a=a, left_a=len(state.hands[a]), seat_b=b, left_b=len(state.hands[b]))
    if phase != "play":
        return None
    top = state.top()
    if top is None:
        lead_rule = "TICHU-LEAD-1" if not any(state.played) else "TICHU-TRICK-1"
        return join(focus("tichu.focus.lead", (lead_rule, "TICHU-TURN-1")), _wish(game, state, seat, True),
                    _partner_called(state, seat), _few_cards(state, seat))
    can_pass = any(isinstance(a, Pass) for a in game.legal_actions(state, seat))
    return join(_to_beat(top), _wish(game, state, seat, False),
                focus("tichu.focus.may_pass", ("TICHU-TURN-2",)) if can_pass else None,
                _holder(seat, top.seat), _few_cards(state, seat))


def _to_beat(top: Any) -> Focus:
    combo = top.combo
    cards = format_cards(top.cards)
    if combo.type == "single" and combo.rank >= DRAGON:
        return focus("tichu.focus.follow_dragon", ("TICHU-DRAGON-1", "TICHU-BOMB-1"), seat=top.seat)
    if combo.is_bomb:
        return focus("tichu.focus.follow_bomb", ("TICHU-BOMB-2", "TICHU-BOMB-3"), seat=top.seat, cards=cards)
    rules = ("TICHU-TURN-1", "TICHU-CMP-1", TYPE_RULE[combo.type], "TICHU-BOMB-1")
    if combo.type in ("straight", "stairs"):  # as long as the play on top (TICHU-CMP-2)
        return focus("tichu.focus.follow_chain", rules + ("TICHU-CMP-2",), seat=top.seat, cards=cards,
                     top_type=combo.type)
    return focus("tichu.focus.follow", rules, seat=top.seat, cards=cards, top_type=combo.type)


def _wish(game: Any, state: Any, seat: int, leading: bool) -> Focus | None:
    """The wish in force: it binds a seat holding a real card of the rank (TICHU-WISH-2, -4)."""
    wish = state.wish
    if wish is None:
        return None
    if leading and not state.flags.wish_on_lead:
        return focus("tichu.focus.wish_open", ("TICHU-FLAG-wish_on_lead",), rank=wish)
    if any(is_natural(c) and c.rank == wish for c in state.hands[seat]):
        return focus("tichu.focus.wish_held", ("TICHU-WISH-4" if leading else "TICHU-WISH-2", "TICHU-WISH-3"),
                     rank=wish)
    return focus("tichu.focus.wish_open", ("TICHU-WISH-3",), rank=wish)


def _holder(seat: int, holder: int) -> Focus | None:
    if holder == partner_of(seat):
        return focus("tichu.focus.partner_on_top", ("TICHU-SETUP-1",), seat=holder)
    return None


def _partner_called(state: Any, seat: int) -> Focus | None:
    partner = partner_of(seat)
    if state.calls[partner] and state.hands[partner]:
        return focus("tichu.focus.partner_called", ("TICHU-CALL-2",), seat=partner)
    return None


def _few_cards(state: Any, seat: int) -> Focus | None:
    opponents = [s for s in range(4) if team_of(s) != team_of(seat) and 0 < len(state.hands[s]) <= FEW_CARDS]
    if not opponents:
        return None
    nearest = min(opponents, key=lambda s: (len(state.hands[s]), s))
    return focus("tichu.focus.few_cards", ("TICHU-OUT-1",), seat=nearest, left=len(state.hands[nearest]))


def _window(state: Any, seat: int) -> Focus:
    """Out of turn: the play on top may be bombed now, or let stand (TICHU-BOMB-4)."""
    top = state.top()
    if top is None or top.combo is None:
        return focus("tichu.focus.window_closed", ("TICHU-BOMB-5",))
    rules = ("TICHU-BOMB-4", "TICHU-BOMB-1") + (("TICHU-BOMB-6",) if top.seat == seat else ()) \
        + (("TICHU-WISH-6",) if state.wish is not None else ())
    points = card_points([c.physical for e in state.trick for c in e.cards])
    who = focus("tichu.focus.window_own" if top.seat == seat else "tichu.focus.window", rules,
                seat=top.seat, cards=format_cards(top.cards))
    return join(who, focus("tichu.focus.trick_points", ("TICHU-SCORE-1",), points=points) if points > 0 else None,
                _holder(seat, top.seat), _few_cards(state, seat))


# ---------------------------------------------------------------------------- level 2
def hint_options(game: Any, state: Any, seat: int, action: Action | None, in_turn: bool) -> list[Any] | None:
    """The wish: the ranks the seat does not hold, and no wish at all (a wish for a rank of one's
    own hand binds nobody but the others, and the answer is always kept)."""
    if in_turn and state.phase == "wish":
        held = {c.rank for c in state.hands[seat] if is_natural(c)}
        return [Decision("wish", r) for r in RANK_OF.values() if r not in held] + [Decision("wish", None)]
    return None


def hint_cards(game: Any, state: Any, seat: int, action: Action) -> CardPool | None:
    """The exchange: for the opponents, the lowest cards that are in no bomb and are not the Dragon
    or the Phoenix; for the partner, the best plain cards; each group with the answer's own card(s)
    and more, in hand order."""
    if state.phase != "exchange" or not isinstance(action, Decision) or action.key != "exchange":
        return None
    hand = list(state.hands[seat])
    gifts = dict(action.value)
    partner = partner_of(seat)
    to_partner = [gifts[s] for s in gifts if int(s) == partner]
    to_opponents = [gifts[s] for s in gifts if int(s) != partner]
    keep = bomb_cards(hand)
    free = sorted((c for c in hand if c not in keep and c.special not in ("DRAGON", "PHOENIX")), key=_low_key)
    given = set(to_opponents) | set(to_partner)
    low = to_opponents + [c.token for c in free if c.token not in given][:2]
    counts = Counter(c.rank for c in hand if is_natural(c))
    naturals = sorted((c for c in free if is_natural(c) and c.token not in given and c.token not in low),
                      key=lambda c: (counts[c.rank] >= 2, -VALUE[c.rank], c.suit))
    high = to_partner + [c.token for c in naturals][:2]
    low_cards, high_cards = pool_in_hand_order(hand, low), pool_in_hand_order(hand, high)
    return CardPool("tichu.options.exchange", {"low_cards": low_cards, "high_cards": high_cards, "seat": partner},
                    tuple(pool_in_hand_order(hand, low_cards + high_cards)))
