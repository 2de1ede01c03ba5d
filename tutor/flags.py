"""One validated, frozen flags object per game.

A game declares its variants as a frozen dataclass whose fields carry the seed's defaults
and, in ``metadata``, the allowed values and the rule the flag belongs to. ``parse_flags``
turns a JSON object into that dataclass and names any unknown flag or bad value.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping, TypeVar

from .errors import FlagError

F = TypeVar("F")


def flag(default: Any, *, choices: tuple[Any, ...] | None = None, doc: str = "") -> Any:
    """Declares one flag field (``choices`` restricts the value; ``doc`` says what it does)."""
    return dataclasses.field(default=default, metadata={"choices": choices, "doc": doc})


def parse_flags(cls: type[F], data: Mapping[str, Any] | None, path: str = "flags") -> F:
    """Builds ``cls`` from ``data``; unknown names and wrong values raise ``FlagError``."""
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise FlagError(path, "flags must be a JSON object")
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in fields:
            known = ", ".join(sorted(fields))
            raise FlagError(f"{path}.{name}", f'unknown flag "{name}" (known: {known})')
        f = fields[name]
        default = f.default
        expected = type(default)
        ok = isinstance(value, expected) and (expected is not int or not isinstance(value, bool))
        if not ok:
            raise FlagError(f"{path}.{name}", f"expected {expected.__name__}, got {value!r}")
        choices = f.metadata.get("choices")
        if choices is not None and value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise FlagError(f"{path}.{name}", f"bad value {value!r} (allowed: {allowed})")
        values[name] = value
    return cls(**values)


def flags_to_dict(flags: Any) -> dict[str, Any]:
    """The flags as a JSON object (every flag, defaults included)."""
    return dataclasses.asdict(flags)


def non_default_flags(flags: Any) -> dict[str, Any]:
    """Only the flags that differ from the seed default (what a URL needs to carry)."""
    out = {}
    for f in dataclasses.fields(flags):
        value = getattr(flags, f.name)
        if value != f.default:
            out[f.name] = value
    return out


def describe_flags(cls: type) -> list[dict[str, Any]]:
    """Every flag with its default, allowed values and doc (for pages and the CLI)."""
    return [
        {"name": f.name, "default": f.default, "choices": list(f.metadata.get("choices") or []) or None,
         "doc": f.metadata.get("doc", "")}
        for f in dataclasses.fields(cls)
    ]
