"""JSON-shaped data held by states and handed out by views (issue 13: a stored state is immutable
all the way down).

A state keeps what it must show later (its event log's parameters, a decision's words) frozen,
and every view hands out a fresh copy, so a caller that changes what it received (the page, a
test, a careless script) never changes a stored position.
"""
from __future__ import annotations

from typing import Any

from .actions import FrozenMap


def frozen_json(value: Any) -> Any:
    """JSON-shaped data that no holder can change through a reference: lists become tuples,
    objects are copied (their values frozen too)."""
    if isinstance(value, FrozenMap):  # a decision's value: frozen already
        return value
    if isinstance(value, (list, tuple)):
        return tuple(frozen_json(v) for v in value)
    if isinstance(value, dict):
        return {k: frozen_json(v) for k, v in value.items()}
    return value


def fresh_json(value: Any) -> Any:
    """A new copy of JSON-shaped data (tuples become lists): what a view hands out is its own."""
    if isinstance(value, FrozenMap):
        return {k: fresh_json(v) for k, v in value}
    if isinstance(value, (list, tuple)):  # mostly card tokens: only containers recurse
        return [fresh_json(v) if isinstance(v, _CONTAINERS) else v for v in value]
    if isinstance(value, dict):
        return {k: fresh_json(v) if isinstance(v, _CONTAINERS) else v for k, v in value.items()}
    return value


_CONTAINERS = (list, tuple, dict)
