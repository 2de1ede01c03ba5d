"""A simple Jian Hong Dian heuristic: take the most points; when nothing can be taken, lay the
card that gives the least away.

Laying a card offers it to the next players: a red card or the ace of spades laid is points for
whoever pairs it. So the bot lays the card worth least (a black card worth nothing first)."""
from __future__ import annotations

from typing import Any

from ...actions import Decision
from ...bots import Choice, register_heuristic
from . import capture as C
from .moves import HandCapture


def choose(game: Any, state: Any, seat: int) -> Choice:
    actions = game.legal_actions(state, seat)
    flags = state.flags
    if state.phase == "stock":
        def stock_gain(a: Decision) -> int:
            raw = a.value
            taken = raw if isinstance(raw, tuple) else (raw,)
            from ...cards import Card
            return C.total([Card.parse(t) for t in taken], flags)
        best = max(actions, key=stock_gain)
        return Choice(best, "jhd.why.stock_best", {"points": stock_gain(best) + C.points(state.stock_card, flags)})
    takes = [a for a in actions if isinstance(a, HandCapture)]
    if takes:
        def gain(a: HandCapture) -> tuple[int, int]:
            # most points; among equals, spend the card that would be worth least to an opponent
            return (C.total((a.card,) + a.taken, flags), -C.points(a.card, flags))
        best = max(takes, key=gain)
        return Choice(best, "jhd.why.capture", {"points": gain(best)[0]})
    from ...cards import Card
    lays = [a for a in actions if isinstance(a, Decision) and a.key == "lay"]

    def giveaway(a: Decision) -> tuple[int, str]:
        card = Card.parse(a.value)
        return (C.points(card, flags), card.token)
    best = min(lays, key=giveaway)
    return Choice(best, "jhd.why.lay_cheap" if giveaway(best)[0] == 0 else "jhd.why.lay_least",
                  {"cards": [best.value]})


register_heuristic("jianhongdian", choose)
