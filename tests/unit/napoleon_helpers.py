"""Small helpers for the Napoleon unit tests (plain functions: they also run inside Pyodide).

Hands and plays are literal strings in the shared notation (rules/README.md §1)::

    nap({"1": "C-2 C-K JOKER"}, trick=[play(0, "C-9")], trump="H", trick_no=2, to_act=1)
"""
from __future__ import annotations

import re
from typing import Any

from tutor.actions import parse_action
from tutor.registry import find_game
from tutor.scenario import load_scenario
from unit_helpers import assert_rejected

G = find_game("napoleon")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def cards(text: str) -> list[str]:
    return text.split()


def act(data: Any):
    """An action from its JSON form; a string of one card token is a play (``"S-A"``)."""
    if isinstance(data, str) and data.upper() != "PASS":
        data = cards(data)
    return parse_action(data)


def play(seat: int, token: str, joker_suit: str | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": seat, "cards": [token]}
    if joker_suit is not None:
        entry["joker_suit"] = joker_suit
    return entry


def nap(hands: dict[Any, str] | None = None, *, phase: str = "play", to_act: int = 0, trick: list | None = None,
        flags: dict | None = None, **extra: Any):
    """A Napoleon state from a scenario; in the play phases ``trump`` defaults to S and ``trick_no`` to 2."""
    data: dict[str, Any] = {"game": "napoleon", "flags": {"players": 5, **(flags or {})}, "phase": phase,
                            "to_act": to_act, "hands": {str(s): cards(h) for s, h in (hands or {}).items()}}
    if phase in ("play", "joker_suit"):
        data["trick"] = trick or []
        data.setdefault("trump", extra.pop("trump", "S"))
        data.setdefault("trick_no", extra.pop("trick_no", 2))
    data.update(extra)
    game, state = load_scenario(data)
    assert game is G
    return state


def legal(state, seat: int | None = None) -> set:
    return {G.normalize_action(G.action_to_json(a)) for a in G.legal_actions(state, seat)}


def keys(*items: Any) -> set:
    out = set()
    for i in items:
        if isinstance(i, str) and i.upper() != "PASS":
            i = cards(i)
        out.add(G.normalize_action(i))
    return out


def verdict(state, data: Any, seat: int | None = None, in_turn: bool = True):
    return G.explain(state, act(data), seat, in_turn=in_turn)


def do(state, seat: int, data: Any):
    return G.apply(state, act(data), seat)


def run(state, *moves):
    for seat, data in moves:
        state = do(state, seat, data)
    return state


def reject(state, data, seat=None, *, key=None, rule=None, in_turn=True):
    """``data`` is illegal: explain says why (rule ID, en and ja text), apply raises, the input is unchanged."""
    return assert_rejected(G, state, act(data), seat, key=key, rule=rule, in_turn=in_turn)


def accept(state, data, seat=None, *, key=None, rule=None):
    v = verdict(state, data, seat)
    assert v.legal, (data, v)
    if key is not None:
        assert v.key == key, v
    if rule is not None:
        assert rule in v.rule_ids, v
    for lang in ("en", "ja"):
        text = v.text(lang)
        assert text.strip() and text != v.key and not PLACEHOLDER.search(text), (lang, text)
    return v


def trick(plays: list[tuple[int, str]] | list[dict], trump: str = "S", trick_no: int = 3, **setup: Any) -> dict:
    """The golden ``trick`` hook on literal plays ``[(seat, "S-A"), …]``."""
    entries = [p if isinstance(p, dict) else play(*p) for p in plays]
    flags = setup.pop("flags", {})
    return G.trick({"flags": {"players": 5, **flags}, "trump": trump, "trick_no": trick_no, "trick": entries, **setup})


def winner(plays, trump: str = "S", trick_no: int = 3, **setup: Any) -> int:
    return trick(plays, trump, trick_no, **setup)["winner"]


def through_auction(state, bid=(13, "S")):
    """Seat to act bids ``bid``, the other four pass: it becomes Napoleon."""
    seat = state.to_act
    state = do(state, seat, {"bid": list(bid)})
    for k in range(1, 5):
        state = do(state, (seat + k) % 5, "PASS")
    assert state.phase == "call_adjutant" and state.napoleon == seat
    return state
