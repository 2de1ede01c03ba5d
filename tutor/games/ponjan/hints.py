"""Pon-jan's part of a hint (tutor/hints.py): level 1 says how close the hand is, and, for a
waiting hand, the tiles that would complete it (the issue's hint), never which tile to discard."""
from __future__ import annotations

from typing import Any

from ...actions import Action
from ...hints import Focus, focus, join
from . import tiles as T


def hint_focus(game: Any, state: Any, seat: int, action: Action | None, in_turn: bool) -> Focus | None:
    if not in_turn:
        if state.last_discard is None:
            return None
        tile = state.last_discard[1].token
        if state.riichi[seat]:
            return focus("pon.focus.ron", ("PON-RON-1",), cards=[tile])
        closes = state.flags.riichi_requires_closed and not state.melds[seat]
        return focus("pon.focus.pon_closes" if closes else "pon.focus.pon", ("PON-PON-1", "PON-SET-1"), cards=[tile])
    if state.phase != "play" or seat != state.turn or not game.holds_nine(state, seat):
        return None
    if game.wins_with(state, seat):
        if state.called:  # three sets right after a pon: no win yet, a discard (PON-PON-1)
            return focus("pon.focus.sets_after_pon", ("PON-PON-1",))
        return focus("pon.focus.can_win", ("PON-SET-1", "PON-TURN-1"))
    if state.riichi[seat]:
        return focus("pon.focus.frozen", ("PON-RIICHI-2",), cards=[state.drawn.token] if state.drawn else [])
    melds = len(state.melds[seat])
    now = T.missing(state.hands[seat], melds)
    parts = [focus("pon.focus.missing", ("PON-SET-1",), count=now)]
    waits = sorted({w.token for t in set(state.hands[seat]) for w in game.waits_after(state, seat, t)})
    if waits and game.can_riichi(state, seat):
        parts.append(focus("pon.focus.can_wait", ("PON-RIICHI-1",), wait_cards=waits))
    elif waits:  # after a pon (riichi closed): waiting still tells what to keep
        parts.append(focus("pon.focus.can_wait_open", ("PON-SET-1",), wait_cards=waits))
    return join(*parts)
