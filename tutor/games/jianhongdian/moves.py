"""Jian Hong Dian's actions in the shared JSON form (minor.md, Actions):

* ``{"play": card, "capture": card}`` (or ``"capture": [c, c, c]``, JHD-DEAL-2): the hand step's
  capture, the one action of the shared format with two keys: ``HandCapture``;
* ``{"lay": card}``: the hand step's laying, a plain ``Decision``;
* ``{"capture": card}`` (or ``[c, c, c]``): the stock step's choice of target, a plain ``Decision``.

Values are card tokens (a ``#n`` suffix dropped), so equal actions compare equal."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...actions import Decision, FrozenMap, parse_action
from ...cards import Card, CardError
from ...errors import ActionError, short_value


@dataclass(frozen=True, slots=True)
class HandCapture(Decision):
    """A hand card and the layout card (or the three) it captures; ``key`` is ``"capture_with"`` and
    ``value`` the frozen pair, so the generic decision code reads it as any other decision."""

    @classmethod
    def of(cls, play: Card, capture: tuple[Card, ...]) -> "HandCapture":
        taken: Any = capture[0].token if len(capture) == 1 else tuple(c.token for c in capture)
        return cls("capture_with", FrozenMap.of({"play": play.token, "capture": taken}))

    @property
    def card(self) -> Card:
        return Card.parse(dict(self.value)["play"])

    @property
    def taken(self) -> tuple[Card, ...]:
        value = dict(self.value)["capture"]
        return tuple(Card.parse(t) for t in value) if isinstance(value, tuple) else (Card.parse(value),)

    def to_json(self) -> Any:
        value = dict(self.value)
        capture = value["capture"]
        return {"play": value["play"], "capture": list(capture) if isinstance(capture, tuple) else capture}


def lay(card: Card) -> Decision:
    return Decision("lay", card.token)


def stock_capture(capture: tuple[Card, ...]) -> Decision:
    return Decision("capture", capture[0].token if len(capture) == 1 else tuple(c.token for c in capture))


def _card(value: Any, path: str) -> Card:
    try:
        card = Card.parse(value)
    except CardError as exc:
        raise ActionError(exc.key, path=path, **exc.params) from None
    if card.special:
        raise ActionError("error.jhd.not_in_deck", path=path, token=short_value(value))
    return card


def _taken(value: Any, path: str) -> tuple[Card, ...]:
    if isinstance(value, list):
        if len(value) != 3:
            raise ActionError("error.jhd.capture_list", path=path, got=short_value(value))
        cards = tuple(_card(v, f"{path}[{i}]") for i, v in enumerate(value))
        if len(set(cards)) != 3:  # one deck: a card named twice is a slip
            raise ActionError("error.jhd.capture_list", path=path, got=short_value(value))
        return cards
    return (_card(value, path),)


def parse(data: Any) -> Any:
    """Reads one action: the two-key capture here, every other form by the shared parser, with
    the cards of ``lay`` and ``capture`` checked and written as plain tokens."""
    if isinstance(data, dict) and "play" in data and "capture" in data:
        if set(data) != {"play", "capture"}:
            raise ActionError("error.action.one_key", got=short_value(sorted(data)))
        from ...limits import InputError, check_value
        try:
            check_value(data, "action")  # the core's bounds, as for every action (tutor/limits.py)
        except InputError as exc:
            raise ActionError(exc.key, path=exc.path, **exc.params) from None
        return HandCapture.of(_card(data["play"], "action.play"), _taken(data["capture"], "action.capture"))
    action = parse_action(data)
    if isinstance(action, Decision) and action.key == "lay":
        return lay(_card(action.value, "action.lay"))
    if isinstance(action, Decision) and action.key == "capture":
        raw = list(action.value) if isinstance(action.value, tuple) else action.value
        return stock_capture(_taken(raw, "action.capture"))
    return action
