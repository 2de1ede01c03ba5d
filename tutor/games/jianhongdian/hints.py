"""Jian Hong Dian's part of a hint (tutor/hints.py): level 1 says what the rules ask of this step
(capture if you can, lay if you cannot, choose the stock card's target) and where the points are,
never which card to play."""
from __future__ import annotations

from typing import Any

from ...actions import Action
from ...hints import Focus, focus, join
from . import capture as C


def hint_focus(game: Any, state: Any, seat: int, action: Action | None, in_turn: bool) -> Focus | None:
    if not in_turn or seat != game.to_act(state):
        return None
    if state.phase == "stock":
        return focus("jhd.focus.stock_choice", ("JHD-CAP-4", "JHD-CAP-2", "JHD-SCORE-1"), cards=[state.stock_card.token])
    can = game.hand_captures(state, seat)
    points = [c.token for c in state.layout if C.points(c, state.flags)]
    worth = focus("jhd.focus.points_on_layout", ("JHD-SCORE-1",), cards=points) if points else None
    triple = None
    if state.initial_triple is not None and any(c.rank == state.initial_triple for c in state.hands[seat]):
        triple = focus("jhd.focus.triple", ("JHD-DEAL-2",), rank=state.initial_triple)
    if not can:
        return join(focus("jhd.focus.lay", ("JHD-CAP-3", "JHD-CAP-1")), focus("jhd.focus.lay_gives", ("JHD-SCORE-1",)))
    key = "jhd.focus.may_capture" if state.flags.capture_optional else "jhd.focus.must_capture"
    return join(focus(key, ("JHD-CAP-3", "JHD-CAP-1")), triple, worth)
