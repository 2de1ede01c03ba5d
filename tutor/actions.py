"""Actions in the shared JSON form (rules/README.md §3), parsed once into small values.

``"PASS"`` → ``PASS``; a list of tokens → ``Play``; ``{"cards": [...], "type": t}`` →
``Play`` with a declared type; any other one-key object → ``Decision(key, value)``.
Every game uses this one parser; a game then checks that the action fits its own table.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, NamedTuple, Union

from .cards import Card, CardError, format_cards, parse_cards
from .errors import ActionError


@dataclass(frozen=True, slots=True)
class Pass:
    """No bid, no play this turn."""

    def to_json(self) -> Any:
        return "PASS"


PASS = Pass()


class Play(NamedTuple):
    """Play these cards; ``type`` is set only where the player declares a reading.

    A named tuple rather than a dataclass: legal-move lists build hundreds of these.
    """

    cards: tuple[Card, ...]
    type: str | None = None

    def to_json(self) -> Any:
        if self.type is None:
            return [c.token for c in self.cards]
        return {"cards": format_cards(self.cards), "type": self.type}


@dataclass(frozen=True, slots=True)
class Decision:
    """Any other decision: one key and its JSON value (kept as parsed JSON)."""

    key: str
    value: Any

    def to_json(self) -> Any:
        return {self.key: _thaw(self.value)}


Action = Union[Pass, Play, Decision]


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        if value and all(isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str) for v in value):
            return {k: _thaw(v) for k, v in value}
        return [_thaw(v) for v in value]
    return value


def parse_action(data: Any) -> Action:
    """Reads one action; raises ``ActionError`` naming what is wrong with it."""
    if isinstance(data, str):
        if data.upper() == "PASS":
            return PASS
        raise ActionError(f'unknown action "{data}" (expected "PASS", a card list or an object)')
    if isinstance(data, list):
        if not data:
            raise ActionError("an empty card list is not an action (pass with \"PASS\")")
        try:
            return Play(parse_cards(data))
        except CardError as exc:
            raise ActionError(f"action{exc}") from None
    if isinstance(data, dict):
        if set(data) == {"cards", "type"}:
            if not isinstance(data["cards"], list) or not data["cards"]:
                raise ActionError("action.cards: expected a non-empty card list")
            if not isinstance(data["type"], str):
                raise ActionError("action.type: expected a combination type name")
            try:
                return Play(parse_cards(data["cards"]), data["type"])
            except CardError as exc:
                raise ActionError(f"action.cards{exc}") from None
        if len(data) != 1:
            raise ActionError(f"an action object has exactly one key, got {sorted(data)}")
        (key, value), = data.items()
        return Decision(key, _freeze(value))
    raise ActionError(f"not an action: {data!r}")


def parse_action_text(text: str) -> Action:
    """Reads an action from the command line: JSON, or a bare ``PASS``."""
    stripped = text.strip()
    if stripped.upper() == "PASS":
        return PASS
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError as exc:
        raise ActionError(f"ACTION is not JSON ({exc.msg} at column {exc.colno}): {text}") from None
    return parse_action(data)
