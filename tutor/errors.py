"""Errors the core raises for bad input; each message names what is wrong and where."""
from __future__ import annotations


def json_type_name(value: object, article: bool = False) -> str:
    """A value's kind as JSON names it (a message says "got null", never "got NoneType")."""
    if value is None:
        name = "null"
    elif isinstance(value, bool):
        name = "true or false"
    elif isinstance(value, (int, float)):
        name = "number" if not isinstance(value, int) else "whole number"
    elif isinstance(value, str):
        name = "text"
    elif isinstance(value, (list, tuple)):
        name = "list"
    elif isinstance(value, dict):
        name = "object"
    else:
        name = type(value).__name__
    if article and name not in ("null", "true or false"):
        return ("an " if name[0] in "aeiou" else "a ") + name
    return name


def short_value(value: object, limit: int = 60) -> str:
    """A value as a message quotes it (JSON spelling, never more than a line)."""
    import json
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class TutorError(ValueError):
    """Base class: bad input to the core (never a bug report)."""


class ScenarioError(TutorError):
    """A malformed scenario or golden setup; ``path`` is the JSON path of the bad value."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


class FlagError(ScenarioError):
    """An unknown variant flag or a bad value for one."""


class UnknownGame(TutorError, KeyError):
    """A game name no spec knows, or a game not built yet (a ``KeyError`` too, for older callers)."""

    def __str__(self) -> str:  # a KeyError would quote its message
        return str(self.args[0]) if self.args else ""


class NoDecision(TutorError):
    """A bot or a hint asked for a seat that has nothing to decide."""


class ActionError(TutorError):
    """An action that cannot even be read (not an illegal move: those get a Reason)."""
