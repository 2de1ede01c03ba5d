"""A simple Pon-jan heuristic: win when it can, keep the kinds it holds most of, declare riichi as
soon as a discard leaves it waiting, and call pon when the set brings it closer to winning.

Closeness is ``tiles.missing``: how many tiles the hand lacks for three sets."""
from __future__ import annotations

from typing import Any

from ...actions import Action, Decision, Play
from ...bots import Choice, register_heuristic
from . import tiles as T


def _discard_value(game: Any, state: Any, seat: int, tile: Any) -> tuple[int, int, int, int, int]:
    """How good the hand is without ``tile``: waits (more is better), tiles missing (fewer is better),
    never a wild first, then a lone tile before one of a pair, and a kind already discarded by
    others (fewer of it are left to draw) before a fresh one."""
    rest = list(state.hands[seat])
    rest.remove(tile)
    melds = len(state.melds[seat])
    waits = len(T.waits(rest, melds, state.flags.kinds_in_play()))
    seen = sum(d.count(tile) for d in state.discards)
    return (waits, -T.missing(rest, melds), 0 if tile.special == T.WILD else 1, -rest.count(tile), seen)


def choose(game: Any, state: Any, seat: int) -> Choice:
    if state.last_discard is not None:
        state = game.close_window(state)
    actions = game.legal_actions(state, seat)
    if Decision("win", "tsumo") in actions:
        return Choice(Decision("win", "tsumo"), "pon.why.tsumo")
    if state.riichi[seat]:
        return Choice(actions[0], "pon.why.riichi_discard", {"cards": [state.drawn.token]})
    plays = [a for a in actions if isinstance(a, Play)]
    best = max(plays, key=lambda a: _discard_value(game, state, seat, a.cards[0]))
    tile = best.cards[0]
    riichi = Decision("riichi", tile.token)
    if riichi in actions:
        waits = game.waits_after(state, seat, tile)
        return Choice(riichi, "pon.why.riichi", {"cards": [tile.token], "wait_cards": [w.token for w in waits]})
    return Choice(best, "pon.why.discard", {"cards": [tile.token],
                                            "count": T.missing(_without(state.hands[seat], tile), len(state.melds[seat]))})


def _without(hand: Any, tile: Any) -> list[Any]:
    rest = list(hand)
    rest.remove(tile)
    return rest


def interrupt(game: Any, state: Any, seat: int) -> Action | None:
    """Ron whenever it can; pon when the exposed set leaves the hand closer to three sets."""
    options = game.legal_actions(state, seat, in_turn=False)
    if Decision("win", "ron") in options:
        return Decision("win", "ron")
    for action in options:
        if action.key == "pon":
            tile = state.last_discard[1]
            hand = list(state.hands[seat])
            melds = len(state.melds[seat])
            now = T.missing(hand, melds)
            rest = _without(_without(hand, tile), tile)
            after = min(T.missing(_without(rest, t), melds + 1) for t in set(rest)) if rest else 3
            if after < now:
                return action
    return None


register_heuristic("ponjan", choose, interrupt)
