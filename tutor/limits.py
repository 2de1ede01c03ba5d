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

import re
from typing import Any

from .errors import ScenarioError, short_value

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
            raise InputError(where, "error.input.too_many_values", limit=f"{MAX_NODES:,}")
        if isinstance(item, bool) or item is None:
            continue
        if isinstance(item, int):
            if not -MAX_INT <= item <= MAX_INT:
                raise InputError(path, "error.input.number_too_large", digits=len(str(MAX_INT)))
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                raise InputError(path, "error.input.not_finite")
        elif isinstance(item, str):
            _check_string(item, path)
        elif isinstance(item, (list, tuple)):
            if depth >= MAX_DEPTH:
                raise InputError(path, "error.input.too_deep", depth=MAX_DEPTH)
            if len(item) > MAX_NODES:
                raise InputError(path, "error.input.list_too_long", n=f"{len(item):,}")
            stack.extend((v, _child(path, f"[{i}]"), depth + 1) for i, v in enumerate(item))
        elif isinstance(item, dict):
            if depth >= MAX_DEPTH:
                raise InputError(path, "error.input.too_deep", depth=MAX_DEPTH)
            if len(item) > MAX_NODES:
                raise InputError(path, "error.input.object_too_large", n=f"{len(item):,}")
            for k, v in item.items():
                if not isinstance(k, str):
                    raise InputError(path, "error.input.key_not_text", got=short_value(k))
                _check_string(k, f"{path} (a key)")
                stack.append((v, _child(path, f".{k}" if len(k) <= 40 else f".{k[:40]}…"), depth + 1))
        else:
            raise InputError(path, "error.input.not_json_value", got=short_value(item))


def _child(path: str, step: str) -> str:
    """A child's path, cut short when deep ("action[0][0]…"): a message stays one line."""
    if len(path) > 60:
        return path if path.endswith("…") else path + "…"
    return path + step


def check_seed(seed: Any, where: str) -> None:
    """A seed is an integer or a short text (``rng.derive`` hashes either)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise InputError(where, "error.expected", what="seed", got=short_value(seed))
    if isinstance(seed, str):
        if len(seed) > MAX_SEED_TEXT:
            raise InputError(where, "error.input.seed_too_long", limit=MAX_SEED_TEXT)
        _check_string(seed, where)
    elif not -MAX_INT <= seed <= MAX_INT:
        raise InputError(where, "error.input.number_too_large", digits=len(str(MAX_INT)))


def _check_string(text: str, path: str) -> None:
    if len(text) > MAX_STRING:
        raise InputError(path, "error.input.text_too_long", n=f"{len(text):,}", limit=f"{MAX_STRING:,}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(path, "error.input.lone_surrogate") from None


def read_text_file(path: str) -> str:
    """A file's text for the command line: at most ``MAX_FILE_BYTES`` read (``/dev/zero`` never
    ends), UTF-8 or a message saying it is not."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputError(path, "error.input.cannot_read", reason=exc.strerror or str(exc)) from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(path, "error.input.file_too_large", limit=f"{MAX_FILE_BYTES:,}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(path, "error.input.not_utf8", byte=exc.start) from None


#: what Python's JSON reader says is wrong, as ``error.problem`` ids (ja and en); another
#: message is quoted as it is
JSON_PROBLEMS = {
    "Expecting value": "value",
    "Expecting property name enclosed in double quotes": "property_name",
    "Expecting ',' delimiter": "comma",
    "Expecting ':' delimiter": "colon",
    "Extra data": "extra_data",
    "Unterminated string starting at": "unterminated_string",
    "Invalid control character at": "control_character",
    "Invalid \\escape": "escape",
    "Invalid \\uXXXX escape": "unicode_escape",
    "Illegal trailing comma before end of object": "trailing_comma",
    "Illegal trailing comma before end of array": "trailing_comma",
}


#: a JSON string (its brackets do not count) or a bracket
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _nesting(text: str) -> int:
    """How deep the brackets of JSON ``text`` go (brackets inside strings do not count); it
    stops counting once past the bound. Cheap: a request is a few KB; one regex pass."""
    opening = text.count("[") + text.count("{")
    if opening <= MAX_DEPTH:  # so few brackets cannot nest deeper than the bound
        return opening
    depth = deepest = 0
    for match in _JSON_TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        elif token in "]}":
            depth -= 1
    return deepest


def parse_json_text(text: str, where: str) -> Any:
    """JSON text to a value within the bounds: a message for bad JSON, for nesting the parser
    cannot follow, for numbers of more digits than Python converts, and for a value beyond the
    bounds (``check_value``)."""
    value = load_json_text(text, where)
    check_value(value, where)
    return value


def load_json_text(text: str, where: str) -> Any:
    """JSON text to a value, refused only where the parser itself cannot go (size, nesting,
    digits, bad JSON); the caller checks the value (``api.handle`` does, for every request)."""
    import json
    if len(text) > MAX_FILE_BYTES:
        raise InputError(where, "error.input.text_too_large", limit=f"{MAX_FILE_BYTES:,}")
    if _nesting(text) > MAX_DEPTH:
        # before the parser: under Pyodide a parse 3,000 deep overflows the WebAssembly stack and
        # kills the runtime, long before Python's own RecursionError could be caught
        raise InputError(where, "error.input.too_deep", depth=MAX_DEPTH)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(where, "error.input.not_json", problem=JSON_PROBLEMS.get(exc.msg, exc.msg), line=exc.lineno,
                         column=exc.colno) from None
    except RecursionError:
        raise InputError(where, "error.input.too_deep", depth=MAX_DEPTH) from None
    except ValueError:  # an integer of more than 4,300 digits (the interpreter's limit)
        raise InputError(where, "error.input.file_number_too_large", digits=len(str(MAX_INT))) from None
    return value
