"""The project's own rule catalog: one entry per rule ID, title and text in ja and en.

Messages cite rule IDs; the rules reference page and the explanations link to them here.
The catalog is data (``data/rules/<game>.json``) written from the specs in our own words,
so nothing at run or build time needs the specs themselves.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any


@lru_cache(maxsize=None)
def catalog(game: str) -> dict[str, Any]:
    """The whole catalog of ``game`` (``{"game", "title", "sections", "rules"}``)."""
    text = resources.files("tutor").joinpath(f"data/rules/{game}.json").read_text("utf-8")
    return json.loads(text)


@lru_cache(maxsize=None)
def rules_by_id(game: str) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in catalog(game)["rules"]}


def rule(game: str, rule_id: str) -> dict[str, Any]:
    """One rule entry; ``KeyError`` if the catalog lacks it."""
    return rules_by_id(game)[rule_id]
