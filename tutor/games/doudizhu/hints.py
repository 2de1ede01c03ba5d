"""Dou Dizhu's part of a hint (tutor/hints.py): level 1, what to look for in this position.

The auction: the strong cards to count. A lead: any combination goes. Following: the play to
beat and what beats it, whether the seat holding the trick is a fellow farmer, and an opponent
close to going out. Everything said is public or the seat's own hand.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ...actions import Action
from ...cards import format_cards
from ...hints import Focus, focus, join
from .combos import BJ, RJ, TWO, TYPE_RULE, card_rank

#: the types whose length varies: the play that beats one must be just as long (DDZ-CMP-1)
CHAINS = frozenset(("sequence", "pair_sequence", "airplane", "airplane_single_wings", "airplane_pair_wings"))
#: an opponent with this many cards or fewer is worth a word (the bot bombs at 4 or fewer)
FEW_CARDS = 3


def hint_focus(game: Any, state: Any, seat: int, action: Action | None, in_turn: bool) -> Focus | None:
    if state.phase == "auction":
        return _auction(state, seat)
    if state.phase != "play" or not in_turn:
        return None
    top = state.top()
    if top is None:
        lead_rule = "DDZ-PLAY-1" if not state.played else "DDZ-PLAY-4"
        return join(focus("ddz.focus.lead", (lead_rule, "DDZ-PLAY-2")), _few_cards(state, seat))
    may_pass = None if top.combo.type == "rocket" else focus("ddz.focus.may_pass", ("DDZ-PLAY-3",))
    return join(_to_beat(state, top), may_pass, _holder(state, seat, top.seat), _few_cards(state, seat))


def _auction(state: Any, seat: int) -> Focus:
    counts = Counter(card_rank(c) for c in state.hands[seat])
    bombs = sum(1 for r, n in counts.items() if n >= 4 and r <= TWO)
    strong = focus("ddz.focus.auction", ("DDZ-BID-1", "DDZ-SETUP-1", "DDZ-KITTY-1"),
                   twos=counts[TWO], jokers=counts[BJ] + counts[RJ], bombs=bombs)
    if state.bid:
        return join(strong, focus("ddz.focus.auction_high", ("DDZ-BID-1",), high=state.bid))
    return join(strong, focus("ddz.focus.auction_open", ("DDZ-BID-1", "DDZ-BID-2")))


def _to_beat(state: Any, top: Any) -> Focus:
    combo = top.combo
    cards = format_cards(top.cards)
    if combo.type == "rocket":
        return focus("ddz.focus.follow_rocket", ("DDZ-CMP-4", "DDZ-PLAY-2"), seat=top.seat, cards=cards)
    if combo.is_bomb:
        bigger = "DDZ-4P-2" if state.players == 4 else "DDZ-CMP-5"
        return focus("ddz.focus.follow_bomb", (bigger, "DDZ-CMP-4", "DDZ-PLAY-2"), seat=top.seat, cards=cards)
    key = "ddz.focus.follow_chain" if combo.type in CHAINS else "ddz.focus.follow"
    return focus(key, ("DDZ-PLAY-2", "DDZ-CMP-1", TYPE_RULE[combo.type], "DDZ-CMP-3"),
                 seat=top.seat, cards=cards, top_type=combo.type)


def _side(state: Any, seat: int) -> bool:
    return seat == state.landlord


def _holder(state: Any, seat: int, holder: int) -> Focus | None:
    """The seat holding the trick is a fellow farmer (public: the landlord is known)."""
    if holder != seat and state.landlord is not None and not _side(state, seat) and not _side(state, holder):
        return focus("ddz.focus.partner_on_top", ("DDZ-SETUP-1",), seat=holder)
    return None


def _few_cards(state: Any, seat: int) -> Focus | None:
    """The opponent closest to going out, if close (card counts are public)."""
    if state.landlord is None:
        return None
    opponents = [s for s in range(state.players) if _side(state, s) != _side(state, seat) and state.hands[s]]
    if not opponents:
        return None
    nearest = min(opponents, key=lambda s: (len(state.hands[s]), s))
    left = len(state.hands[nearest])
    if left > FEW_CARDS:
        return None
    return focus("ddz.focus.few_cards", ("DDZ-END-1",), seat=nearest, left=left)
