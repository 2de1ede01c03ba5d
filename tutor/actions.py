"""Actions in the shared JSON form (rules/README.md §3), parsed once into small values.

``"PASS"`` → ``PASS``; a list of tokens → ``Play``; ``{"cards": [...], "type": t}`` →
``Play`` with a declared type; any other one-key object → ``Decision(key, value)``.
Every game uses this one parser; a game then checks that the action fits its own table.

``action_key`` is the one definition of "the same action" (rules/README.md §4.4): the golden
runner (``Game.normalize_action``), the build (``sitebuild/lessons.py``) and the page (``actionKey``
in ``site/static/table.js``, which must compute the identical text: tests/sitebuild_tests/
test_action_keys.py runs both over every lesson and golden action) compare actions by it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, NamedTuple, Union

from .cards import Card, CardError, format_cards, parse_cards
from .errors import ActionError, short_value


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


class FrozenMap(tuple):
    """A JSON object inside a decision's value, frozen: its ``(key, value)`` pairs sorted by key.

    Still a tuple (hashable, read with ``dict(value)``, equal to the plain tuple of its pairs), but
    a type of its own, so ``to_json`` gives an object back (an empty one too) and a JSON list of
    pairs stays a list: every payload round-trips ``parse_action`` → ``to_json`` unchanged.
    """

    __slots__ = ()

    @classmethod
    def of(cls, mapping: Any) -> "FrozenMap":
        """The frozen form of a mapping (or of ``(key, value)`` pairs); values are frozen too."""
        items = mapping.items() if hasattr(mapping, "items") else mapping
        return cls(sorted((k, _freeze(v)) for k, v in items))

    def __repr__(self) -> str:
        return f"FrozenMap({tuple.__repr__(self)})"


@dataclass(frozen=True, slots=True)
class Decision:
    """Any other decision: one key and its JSON value (frozen: a list is a tuple, an object a
    ``FrozenMap``; ``to_json`` gives back exactly the JSON that was parsed)."""

    key: str
    value: Any

    def to_json(self) -> Any:
        return {self.key: _thaw(self.value)}


Action = Union[Pass, Play, Decision]


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return FrozenMap.of(value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, FrozenMap):
        return {k: _thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


#: A lesson's choice out of turn: let the chance go by (no engine action; sitebuild/lessons.py).
LET_GO = "LET_GO"


def action_key(game: Any, data: Any) -> str:
    """The comparison key of a JSON action: actions the rules cannot tell apart get one key.

    rules/README.md §4.4, as one text the page can compute too (``actionKey`` in table.js):

    * a play (a card list) is the multiset of its tokens, ``#n`` copy suffixes dropped, sorted
      and joined by spaces: ``"H-3 S-3"``; where suits never matter (``game.suits_matter``
      False: Dou Dizhu) only the ranks count and a declared type is dropped: ``"3 3"``;
    * ``"PASS"`` and ``"LET_GO"`` stay as they are;
    * anything else (a decision, a typed play where suits matter) is compact JSON with object
      keys sorted, ``#n`` dropped from every string, and every list inside it, at any depth,
      a multiset (its items sorted by their own JSON text): ``{"exchange":{"1":"S-2",…}}``,
      ``{"discard":["C-2","D-4","S-9"]}``, ``{"bid":["S",13]}``.

    ``game`` None: suits matter (the default of every game but Dou Dizhu).
    """
    suits_matter = True if game is None else getattr(game, "suits_matter", True)
    if not suits_matter and isinstance(data, dict) and set(data) == {"cards", "type"}:
        data = data["cards"]
    if isinstance(data, list):
        tokens = [str(t).split("#", 1)[0] for t in data]
        if not suits_matter:
            tokens = [t.split("-", 1)[-1] for t in tokens]
        return " ".join(sorted(tokens))
    if data == "PASS" or data == LET_GO:
        return data
    return _canonical(data)


def _canonical(value: Any) -> str:
    if isinstance(value, str):
        return json.dumps(value.split("#", 1)[0], ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(sorted(_canonical(v) for v in value)) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + _canonical(value[k]) for k in sorted(value)) + "}"
    return json.dumps(value)


def parse_action(data: Any) -> Action:
    """Reads one action; raises ``ActionError`` naming what is wrong with it. The action is held
    to the core's bounds first (tutor/limits.py): a million-card list or an object nested 900
    deep is refused before any work is done on it."""
    from .limits import MAX_ACTION_CARDS, InputError, check_value
    try:
        check_value(data, "action")
    except InputError as exc:
        raise ActionError(exc.key, path=exc.path, **exc.params) from None
    if isinstance(data, str):
        if data.upper() == "PASS":
            return PASS
        raise ActionError("error.action.unknown", got=short_value(data))
    if isinstance(data, list) and len(data) > MAX_ACTION_CARDS:
        raise ActionError("error.action.too_many_cards", n=f"{len(data):,}", limit=MAX_ACTION_CARDS)
    if isinstance(data, list):
        if not data:
            raise ActionError("error.action.empty")
        try:
            return Play(parse_cards(data))
        except CardError as exc:
            raise ActionError(exc.key, path=f"action{exc.path}", **exc.params) from None
    if isinstance(data, dict):
        if set(data) == {"cards", "type"}:
            if not isinstance(data["cards"], list) or not data["cards"]:
                raise ActionError("error.expected", path="action.cards", what="card_list_nonempty",
                                  got=short_value(data["cards"]))
            if len(data["cards"]) > MAX_ACTION_CARDS:
                raise ActionError("error.action.too_many_cards", path="action.cards", n=f"{len(data['cards']):,}",
                                  limit=MAX_ACTION_CARDS)
            if not isinstance(data["type"], str):
                raise ActionError("error.expected", path="action.type", what="type_name", got=short_value(data["type"]))
            try:
                return Play(parse_cards(data["cards"]), data["type"])
            except CardError as exc:
                raise ActionError(exc.key, path=f"action.cards{exc.path}", **exc.params) from None
        if len(data) != 1:
            raise ActionError("error.action.one_key", got=short_value(sorted(data)))
        (key, value), = data.items()
        return Decision(key, _freeze(value))
    raise ActionError("error.action.not_action", got=short_value(data))


def parse_action_text(text: str) -> Action:
    """Reads an action from the command line: JSON, or a bare ``PASS``."""
    stripped = text.strip()
    if stripped.upper() == "PASS":
        return PASS
    from .limits import InputError, parse_json_text
    try:
        data = parse_json_text(stripped, "ACTION")
    except InputError as exc:
        raise ActionError(exc.key, path=f"{exc.path} {short_value(text)}", **exc.params) from None
    return parse_action(data)
