"""Errors the core raises for bad input; each message names what is wrong and where.

An error is a message like every other text of the engine: a key under ``error.`` in the
catalogs (``data/messages/en.json``, ``ja.json``) plus parameters, rendered by
``tutor.messages.render``. ``str(exc)`` is the English text (the command line, logs and
tests read it); ``error_text(exc, lang)`` gives it in any language (the bridge answers in the
request's ``lang``). Where the error has a ``path`` (the JSON path of the bad value, a file
name, a request field) the text starts with it, the same in every language: it is JSON, not
words::

    >>> e = ScenarioError("hands.1[3]", "error.card.unknown", token='"S-11"')
    >>> str(e)
    'hands.1[3]: unknown card "S-11"'
    >>> error_text(e, "ja")
    'hands.1[3]: "S-11" という札はありません。'

Parameters are JSON values (what ``error_params`` carries across the bridge). A text
parameter is translated where the catalog has ``error.<param>.<value>``: ``what="card_list"``
reads ``error.what.card_list`` ("a list of cards" / "札のリスト"). A parameter that is itself a
message, ``message(key, params)`` (the verdict a scenario's illegal move got), is rendered in
the same language first.
"""
from __future__ import annotations

from typing import Any, Mapping


def json_kind(value: object) -> str:
    """A value's kind as JSON names it, as an ``error.what`` id: null, bool, int, number, text,
    list, object (a message says "got null", never "got NoneType")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def short_value(value: object, limit: int = 60) -> str:
    """A value as a message quotes it (JSON spelling, never more than a line)."""
    import json
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def quoted(values: Any) -> list[str]:
    """Values as a message lists them, each in JSON spelling (``"auction"``, ``1``): the
    ``choices`` of ``error.one_of``."""
    return [short_value(v) for v in values]


def message(key: str, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A message as a parameter of another (rendered in the error's language)."""
    return {"key": key, "params": dict(params or {})}


def _is_message(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"key", "params"} and isinstance(value["key"], str)


class TutorError(ValueError):
    """Base class: bad input to the core (never a bug report).

    ``TutorError(key, path="", **params)``: ``key`` is a catalog key under ``error.``;
    ``path``, where given, names where the bad value is and starts the text.
    """

    def __init__(self, key: str, /, *, path: str = "", **params: Any) -> None:
        self.key = key
        self.path = path
        self.params = params
        super().__init__(self.text("en"))

    def message_text(self, lang: str = "en") -> str:
        """The message without the path."""
        from .messages import render
        values = {k: render(v["key"], v["params"], lang) if _is_message(v) else v for k, v in self.params.items()}
        return render(self.key, values, lang)

    def text(self, lang: str = "en") -> str:
        """The whole text in ``lang``: the path (as it is), then the message."""
        text = self.message_text(lang)
        return f"{self.path}: {text}" if self.path else text

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """What the bridge answers: the text in ``lang``, the key and its parameters (and the
        path, where there is one)."""
        out: dict[str, Any] = {"error": self.text(lang), "error_key": self.key, "error_params": dict(self.params)}
        if self.path:
            out["error_path"] = self.path
        return out

    def __reduce__(self) -> Any:  # pickles by key and parameters, not by its English text
        return _rebuild, (type(self), self.key, self.path, self.params)


def _rebuild(cls: type, key: str, path: str, params: dict[str, Any]) -> TutorError:
    error = cls.__new__(cls)
    TutorError.__init__(error, key, path=path, **params)
    if issubclass(cls, ScenarioError):
        error.message = error.message_text("en")
    return error


def error_text(exc: BaseException, lang: str = "en") -> str:
    """An error's text in ``lang`` (en or ja): a ``TutorError`` from its key, any other as it is."""
    if isinstance(exc, TutorError):
        return exc.text(lang)
    return str(exc)


class ScenarioError(TutorError):
    """A malformed scenario or golden setup; ``path`` is the JSON path of the bad value:
    ``ScenarioError(path, key, **params)``. ``message`` is the English text without the path."""

    def __init__(self, path: str, key: str, /, **params: Any) -> None:
        super().__init__(key, path=path, **params)
        self.message = self.message_text("en")


class FlagError(ScenarioError):
    """An unknown variant flag or a bad value for one."""


class NotBuiltYet(FlagError):
    """Flags of a variant the spec has and this tutor does not play yet (Daifugo's cut-in game):
    the message says so, and the golden runner reports such cases as not built yet."""


class UnknownGame(TutorError, KeyError):
    """A game name no spec knows, or a game not built yet (a ``KeyError`` too, for older callers)."""

    def __str__(self) -> str:  # a KeyError would quote its message
        return str(self.args[0]) if self.args else ""


class NoDecision(TutorError):
    """A bot or a hint asked for a seat that has nothing to decide."""


class ActionError(TutorError):
    """An action that cannot even be read (not an illegal move: those get a Reason)."""
