"""Small helpers for the Tichu unit tests (plain functions: they also run inside Pyodide).

Hands and plays are literal strings in the shared notation (rules/README.md §1)::

    cards("S-3 H-3 PHOENIX=3")  ->  ["S-3", "H-3", "PHOENIX=3"]
    th({"0": "S-3 H-3", "1": "D-9"}, trick=[play(1, "C-2")])   -> a Tichu state
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from tutor.actions import parse_action
from tutor.cards import Card
from tutor.registry import find_game
from tutor.games.tichu.combos import classify
from tutor.scenario import load_scenario

G = find_game("tichu")


def cards(text: str) -> list[str]:
    """``"S-3 H-3 PHOENIX=3"`` -> ``["S-3", "H-3", "PHOENIX=3"]``."""
    return text.split()


def parsed(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in cards(text))


def readings(text: str, on_single: float | None = None) -> list[tuple[str, float, int]]:
    """``(type, rank value, length)`` of every reading of a literal card set."""
    return [(c.type, c.rank, c.length) for c in classify(parsed(text), on_single)]


def kind(text: str) -> str | None:
    """The one combination type of a literal card set, or None."""
    found = classify(parsed(text))
    assert len(found) <= 1
    return found[0].type if found else None


def act(data: Any):
    """An action from its JSON form; a string of card tokens is a play (``"S-3 H-3"``)."""
    if isinstance(data, str) and data.upper() != "PASS":
        data = cards(data)
    return parse_action(data)


def play(seat: int, text: str, in_turn: bool = True) -> dict[str, Any]:
    """A trick entry for a scenario."""
    entry: dict[str, Any] = {"seat": seat, "cards": cards(text)}
    if not in_turn:
        entry["in_turn"] = False
    return entry


def passed(seat: int) -> dict[str, Any]:
    return {"seat": seat, "action": "PASS"}


def th(hands: dict[Any, str] | None = None, *, trick: list | None = None, to_act: int = 0, phase: str = "play",
       flags: dict | None = None, **extra: Any):
    """A Tichu state from a scenario; ``hands`` values are literal card strings (keys int or str)."""
    data: dict[str, Any] = {
        "game": "tichu",
        "flags": {"players": 4, **(flags or {})},
        "phase": phase,
        "to_act": to_act,
        "hands": {str(s): cards(h) for s, h in (hands or {}).items()},
    }
    if phase == "play" or trick is not None:
        data["trick"] = trick or []
    data.update(extra)
    game, state = load_scenario(data)
    assert game is G
    return state


def norm(action) -> Any:
    """README §4.4 comparison key of an engine action."""
    return G.normalize_action(G.action_to_json(action))


def key_of(data: Any) -> Any:
    """README §4.4 comparison key of a JSON action (or a literal card string)."""
    if isinstance(data, str) and data.upper() != "PASS":
        data = cards(data)
    return G.normalize_action(data)


def legal_set(state, seat: int | None = None, in_turn: bool = True) -> set:
    return {norm(a) for a in G.legal_actions(state, seat, in_turn=in_turn)}


def keys(*items: Any) -> set:
    return {key_of(i) for i in items}


def is_legal(state, data: Any, seat: int | None = None, in_turn: bool = True) -> bool:
    return G.explain(state, act(data), seat, in_turn=in_turn).legal


def verdict(state, data: Any, seat: int | None = None, in_turn: bool = True):
    return G.explain(state, act(data), seat, in_turn=in_turn)


def do(state, seat: int, data: Any, in_turn: bool = True, settle: bool = True):
    """Applies one action; an in-turn action first settles the state (README §4.3 steps)."""
    if in_turn and settle:
        state = G.settle(state)
    return G.apply(state, act(data), seat, in_turn=in_turn)


def run(state, *moves: Iterable):
    """Applies ``(seat, action)`` or ``(seat, action, in_turn)`` moves, then settles."""
    for move in moves:
        seat, data, *rest = move
        state = do(state, seat, data, *rest)
    return G.settle(state)


def hand(state, seat: int) -> Counter:
    return Counter(str(c) for c in state.hands[seat])


def deck() -> Counter:
    from tutor.games.tichu.game import DECK
    return Counter(DECK.cards())
