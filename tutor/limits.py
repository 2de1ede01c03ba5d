"""Bounds on what the core accepts, checked before any work is done on it (issue 13).

Input reaches the core as JSON: a bridge request, a scenario file, an action on the command
line, a golden-case file. Whatever its source, one walk over the parsed value checks that it
is no deeper, larger, longer or bigger than any real position needs, so a malformed or hostile
input gets a clear message naming what is wrong instead of a RecursionError, the interpreter's
integer-digit limit, a codec error on a lone surrogate, or seconds of work on a
million-card action.

The bounds sit far above anything real: the deepest real request (a lesson replay with its
scenario) nests about 8 deep; the largest deck has 108 cards.
"""
from __future__ import annotations

from typing import Any

from .errors import ScenarioError

MAX_DEPTH = 40          #: lists and objects inside one another
MAX_NODES = 200_000     #: values in one input (a whole golden file holds about 30,000)
MAX_STRING = 20_000     #: characters in one string (a lesson's prose is in lessons/, not here)
MAX_INT = 2 ** 63       #: integers beyond ±2^63 (seeds included) are refused
MAX_FILE_BYTES = 8_000_000  #: what the command line reads of one file
MAX_SEED_TEXT = 200     #: characters in a text seed
MAX_ACTION_CARDS = 120  #: cards in one action (the largest deck, two-deck Shengji, has 108)


class InputError(ScenarioError):
    """Input beyond the bounds above, or not readable at all; ``path`` names where (a file, a
    JSON path in a request or scenario)."""


def check_value(value: Any, where: str = "request") -> None:
    """Raises ``InputError`` naming the first place ``value`` (parsed JSON, or the same shapes
    built in Python) goes beyond the bounds; returns quietly otherwise.

    The walk is iterative, so a value nested 100,000 deep is refused, not a RecursionError.
    """
    stack: list[tuple[Any, str, int]] = [(value, where, 0)]
    nodes = 0
    while stack:
        item, path, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise InputError(where, f"more than {MAX_NODES:,} values; nothing real is that large")
        if isinstance(item, bool) or item is None:
            continue
        if isinstance(item, int):
            if not -MAX_INT <= item <= MAX_INT:
                raise InputError(path, f"the number is too large (at most {len(str(MAX_INT))} digits)")
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                raise InputError(path, "not a finite number")
        elif isinstance(item, str):
            _check_string(item, path)
        elif isinstance(item, (list, tuple)):
            if depth >= MAX_DEPTH:
                raise InputError(path, f"nested more than {MAX_DEPTH} deep")
            if len(item) > MAX_NODES:
                raise InputError(path, f"a list of {len(item):,} values; nothing real is that long")
            stack.extend((v, _child(path, f"[{i}]"), depth + 1) for i, v in enumerate(item))
        elif isinstance(item, dict):
            if depth >= MAX_DEPTH:
                raise InputError(path, f"nested more than {MAX_DEPTH} deep")
            if len(item) > MAX_NODES:
                raise InputError(path, f"an object of {len(item):,} keys; nothing real is that large")
            for k, v in item.items():
                if not isinstance(k, str):
                    raise InputError(path, f"an object key must be text, not {type(k).__name__}")
                _check_string(k, f"{path} (a key)")
                stack.append((v, _child(path, f".{k}" if len(k) <= 40 else f".{k[:40]}…"), depth + 1))
        else:
            raise InputError(path, f"{type(item).__name__} is not a JSON value")


def _child(path: str, step: str) -> str:
    """A child's path, cut short when deep ("action[0][0]…"): a message stays one line."""
    if len(path) > 60:
        return path if path.endswith("…") else path + "…"
    return path + step


def check_seed(seed: Any, where: str) -> None:
    """A seed is an integer or a short text (``rng.derive`` hashes either)."""
    from .errors import short_value
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise InputError(where, f"an integer or a text, not {short_value(seed)}")
    if isinstance(seed, str):
        if len(seed) > MAX_SEED_TEXT:
            raise InputError(where, f"a text of at most {MAX_SEED_TEXT} characters")
        _check_string(seed, where)
    elif not -MAX_INT <= seed <= MAX_INT:
        raise InputError(where, f"the number is too large (at most {len(str(MAX_INT))} digits)")


def _check_string(text: str, path: str) -> None:
    if len(text) > MAX_STRING:
        raise InputError(path, f"a text of {len(text):,} characters (at most {MAX_STRING:,})")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(path, "the text holds a lone surrogate (not valid Unicode)") from None


def read_text_file(path: str) -> str:
    """A file's text for the command line: at most ``MAX_FILE_BYTES`` read (``/dev/zero`` never
    ends), UTF-8 or a message saying it is not."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputError(path, f"cannot read it ({exc.strerror or exc})") from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(path, f"larger than {MAX_FILE_BYTES:,} bytes; a scenario or golden file is far smaller")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(path, f"not UTF-8 text (byte {exc.start} cannot be read)") from None


def parse_json_text(text: str, where: str) -> Any:
    """JSON text to a value within the bounds: a message for bad JSON, for nesting the parser
    cannot follow, and for numbers of more digits than Python converts."""
    import json
    if len(text) > MAX_FILE_BYTES:
        raise InputError(where, f"larger than {MAX_FILE_BYTES:,} characters")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(where, f"not JSON ({exc.msg}, line {exc.lineno} column {exc.colno})") from None
    except RecursionError:
        raise InputError(where, f"nested more than {MAX_DEPTH} deep") from None
    except ValueError:  # an integer of more than 4,300 digits (the interpreter's limit)
        raise InputError(where, f"a number is too large (at most {len(str(MAX_INT))} digits)") from None
    check_value(value, where)
    return value
