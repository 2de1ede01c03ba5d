"""One validated, frozen flags object per game.

A game declares its variants as a frozen dataclass whose fields carry the seed's defaults
and, in ``metadata``, the allowed values and the rule the flag changes. ``parse_flags``
turns a JSON object into that dataclass and names any unknown flag or bad value.

A *preset* names a set of flag values (Tichu's "official" rules; later Daifugo's ``base`` and
``cutin``). A game's presets are the plain class attribute ``presets`` of its ``Flags`` class,
``{name: {flag: value}}`` (not a dataclass field); every game has ``"seed"``, the defaults.
``check_presets`` validates them when the game registers; ``resolve_flags`` applies one and then
the overrides. Their words (title, one line of description, ja and en) are in the rule
catalog's top-level ``"presets"``; a flag's words are its catalog entry ``<PREFIX>-FLAG-<name>``.
"""
from __future__ import annotations

import dataclasses
import functools
from typing import Any, Mapping, TypeVar

from .errors import FlagError, json_kind, quoted, short_value

F = TypeVar("F")


_NO_VALUE = object()


def flag(default: Any, *, choices: tuple[Any, ...] | None = None, doc: str = "", rule: str | None = None,
         minimum: int | None = None, maximum: int | None = None, needs: Mapping[str, tuple[Any, ...]] | None = None,
         off: Any = _NO_VALUE, needs_rule: str | None = None, refuse: bool = True) -> Any:
    """Declares one flag field (``choices`` restricts the value; ``minimum``/``maximum`` bound a
    number without listed choices; ``doc`` says what it does; ``rule`` is the ID of the rule it
    changes, e.g. ``"TICHU-BOMB-7"``).

    ``needs`` (``{other flag: values}``): the flag has a say only while every other flag named
    holds one of its values (Shengji's throws only with one deck). Otherwise it takes ``off``
    (default: its default), and a game asking for another value is refused, citing
    ``needs_rule``; the page greys the control out (``describe_flags`` sends ``needs``). With
    ``refuse`` False the value is harmless there (a penalty for throws when there are none): it
    is kept as given, unused, and only the page greys the control out."""
    meta: dict[str, Any] = {"choices": choices, "doc": doc, "rule": rule, "min": minimum, "max": maximum}
    if needs:
        meta.update(needs={k: tuple(v) for k, v in needs.items()}, off=default if off is _NO_VALUE else off,
                    needs_rule=needs_rule or rule, refuse=refuse)
    return dataclasses.field(default=default, metadata=meta)


def _needs_unmet(f: Any, values: Mapping[str, Any], fields: Mapping[str, Any]) -> tuple[str, Any] | None:
    """The first flag of ``f``'s ``needs`` whose value (given, else its default) is not one the
    flag needs, as ``(name, value)``; None when every one is."""
    for other, allowed in (f.metadata.get("needs") or {}).items():
        value = values.get(other, fields[other].default)
        if value not in allowed:
            return other, value
    return None


def parse_flags(cls: type[F], data: Mapping[str, Any] | None, path: str = "flags") -> F:
    """Builds ``cls`` from ``data``; unknown names and wrong values raise ``FlagError``."""
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise FlagError(path, "error.expected", what="flags", got=short_value(data))
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in fields:
            raise FlagError(f"{path}.{name}", "error.flag.unknown", name=short_value(name), known=sorted(fields))
        f = fields[name]
        default = f.default
        expected = type(default)
        ok = isinstance(value, expected) and (expected is not int or not isinstance(value, bool))
        if not ok:
            raise FlagError(f"{path}.{name}", "error.expected", what=json_kind(default), got=short_value(value))
        low, high = f.metadata.get("min"), f.metadata.get("max")
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                raise FlagError(f"{path}.{name}", "error.expected_number", low=low, high=high, got=short_value(value))
            if low is not None:
                raise FlagError(f"{path}.{name}", "error.expected_at_least", low=low, got=short_value(value))
            raise FlagError(f"{path}.{name}", "error.expected_at_most", high=high, got=short_value(value))
        choices = f.metadata.get("choices")
        if choices is not None and value not in choices:
            if len(choices) == 1:
                raise FlagError(f"{path}.{name}", "error.expected_value", value=short_value(choices[0]),
                                got=short_value(value))
            raise FlagError(f"{path}.{name}", "error.one_of", choices=quoted(choices), got=short_value(value))
        values[name] = value
    for f in fields.values():  # a flag with no say under the other flags takes its "off" value
        unmet = _needs_unmet(f, values, fields)
        if unmet is None or not f.metadata.get("refuse", True):
            continue
        off = f.metadata["off"]
        if f.name in values and values[f.name] != off:
            other, value = unmet
            raise FlagError(f"{path}.{f.name}", "error.flag.needs", name=f.name, value=short_value(values[f.name]),
                            other=other, other_value=short_value(value), rule=f.metadata["needs_rule"])
        values[f.name] = off
    return cls(**values)


def flags_to_dict(flags: Any) -> dict[str, Any]:
    """The flags as a JSON object (every flag, defaults included). Every view carries them, and
    a game's flags are frozen, so the object is worked out once per flags value (a copy each call)."""
    try:
        return dict(_flags_dict(flags))
    except TypeError:  # flags that cannot be hashed
        return dataclasses.asdict(flags)


@functools.lru_cache(maxsize=256)
def _flags_dict(flags: Any) -> dict[str, Any]:
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
         "doc": f.metadata.get("doc", ""), "rule": f.metadata.get("rule"),
         **{k: f.metadata[k] for k in ("min", "max") if f.metadata.get(k) is not None},
         **({"needs": {k: list(v) for k, v in f.metadata["needs"].items()}, "off": f.metadata["off"]}
            if f.metadata.get("needs") else {})}
        for f in dataclasses.fields(cls)
    ]


SEED_PRESET = "seed"


def presets_of(cls: type) -> dict[str, dict[str, Any]]:
    """The presets of a ``Flags`` class, ``"seed"`` (the defaults) first."""
    declared = getattr(cls, "presets", None) or {}
    out: dict[str, dict[str, Any]] = {SEED_PRESET: {}}
    for name, values in declared.items():
        out[name] = dict(values)
    return out


def check_presets(cls: type) -> dict[str, dict[str, Any]]:
    """Validates every preset of ``cls`` with ``parse_flags``; ``FlagError`` names the bad one."""
    declared = getattr(cls, "presets", None) or {}
    if not isinstance(declared, Mapping):
        raise FlagError("presets", "error.expected", what="presets", got=short_value(declared))
    for name, values in declared.items():
        if not isinstance(name, str) or not name.isidentifier():
            raise FlagError("presets", "error.flag.bad_preset_name", name=short_value(name))
        if name == SEED_PRESET and values:
            raise FlagError(f"presets.{name}", "error.flag.seed_preset")
        parse_flags(cls, values, f"presets.{name}")
    return presets_of(cls)


def resolve_flags(game: Any, preset: str | None, overrides: Mapping[str, Any] | None = None,
                  path: str = "flags") -> Any:
    """The flags of ``game``: the values of ``preset`` (None: the game's ``default_preset``, else
    the seed), then ``overrides``, built by the game's own ``flags`` (which may check more than
    each value: a player count per preset, rules not built yet).

    An unknown preset raises ``FlagError`` naming the known ones; a bad override names itself.
    """
    presets = presets_of(game.Flags)
    name = (getattr(game, "default_preset", None) or SEED_PRESET) if preset is None else preset
    if not isinstance(name, str) or name not in presets:
        raise FlagError("preset", "error.flag.unknown_preset", name=name if isinstance(name, str) else short_value(name),
                        game=game.name, known=list(presets))
    if overrides is not None and not isinstance(overrides, Mapping):
        raise FlagError(path, "error.expected", what="flags", got=short_value(overrides))
    build = getattr(game, "flags", None)
    values = {**presets[name], **(overrides or {})}
    return build(values, path) if callable(build) else parse_flags(game.Flags, values, path)
