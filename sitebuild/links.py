"""The share links' format version and its migration table (``site/link-migrations.json``).

A practice link carries ``v``, the format it was written in (site/static/links.js; README:
"Share links"). When a rebuild renames a flag, one of a flag's values or a preset, links made
before must still open: the table's ``current`` goes up by one and a step maps the old names
to the new ones::

    {"current": 2,
     "steps": [{"version": 2, "game": "<a game>", "flags": {"old_flag": "new_flag"},
                "values": {"a_flag": {"old_value": "new_value"}}, "presets": {"old": "new"}}]}

A step turns a link of format ``version - 1`` into one of format ``version`` (``values`` names
the flag by its name at ``version``); the page applies every step above a link's format, in order.
The build checks the table against the games (``check_migrations``): a step that leads to a
flag, value or preset the game no longer has would turn an old link into a broken one, so it
fails the build, naming the step.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from sitebuild.lessons import LessonError
from tutor.flags import describe_flags, presets_of
from tutor.registry import find_game

STEP_KEYS = {"version", "game", "flags", "values", "presets"}


class LinkTableError(LessonError):
    """A migration table the page could not apply (the message names the step); it fails the
    build like a broken lesson."""


def load_migrations(path: Path, games: list[str]) -> dict[str, Any]:
    """The table at ``path``, checked (``LinkTableError`` names what is wrong)."""
    try:
        table = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise LinkTableError(f"{path}: {exc}") from None
    check_migrations(table, games, str(path))
    return table


def for_game(table: Mapping[str, Any], game: str) -> dict[str, Any]:
    """What one practice page needs: the current format and the steps for its game."""
    return {"current": table["current"], "steps": [s for s in table["steps"] if s["game"] == game]}


def _names(mapping: Any, where: str) -> dict[str, str]:
    if not isinstance(mapping, dict) or not all(isinstance(k, str) and isinstance(v, str) and k != v
                                                for k, v in mapping.items()):
        raise LinkTableError(f"{where}: expected an object of old names to new ones (texts, each different)")
    return mapping


def _follow(name: str, later: list[dict[str, Any]], key: str) -> str:
    """``name`` after the renames of the later steps (a flag renamed twice ends at its last name)."""
    for step in later:
        name = step.get(key, {}).get(name, name)
    return name


def check_migrations(table: Any, games: list[str], where: str = "site/link-migrations.json") -> None:
    """Checks the table's shape, its versions, and that every step leads to what the game has now."""
    if not isinstance(table, dict) or set(table) != {"current", "steps"}:
        raise LinkTableError(f"{where}: expected {{\"current\": n, \"steps\": [...]}}")
    current, steps = table["current"], table["steps"]
    if not isinstance(current, int) or isinstance(current, bool) or current < 1:
        raise LinkTableError(f"{where}: current must be a format number (1 or more), not {current!r}")
    if not isinstance(steps, list):
        raise LinkTableError(f"{where}: steps must be a list")
    last = 1
    for i, step in enumerate(steps):
        at = f"{where}: steps[{i}]"
        if not isinstance(step, dict) or not {"version", "game"} <= set(step) or set(step) - STEP_KEYS:
            raise LinkTableError(f"{at}: a step has version, game and any of flags, values, presets")
        version = step["version"]
        if not isinstance(version, int) or isinstance(version, bool) or not 2 <= version <= current or version < last:
            raise LinkTableError(f"{at}: version {version!r} must be from 2 to current ({current}), in order")
        last = version
        if step["game"] not in games:
            raise LinkTableError(f"{at}: unknown game {step['game']!r} (games: {', '.join(games)})")
        _names(step.get("flags", {}), f"{at}.flags")
        _names(step.get("presets", {}), f"{at}.presets")
        values = step.get("values", {})
        if not isinstance(values, dict):
            raise LinkTableError(f"{at}.values: expected an object of flags, each an object of old values to new ones")
        for flag, renamed in values.items():
            if not isinstance(renamed, dict) or not all(isinstance(k, str) for k in renamed):
                raise LinkTableError(f"{at}.values.{flag}: expected an object of old values (as a link writes them) to new ones")
    for game_name in games:
        _check_game(table, game_name, where)


def _check_game(table: Mapping[str, Any], game_name: str, where: str) -> None:
    game = find_game(game_name)
    flags = {f["name"]: f for f in describe_flags(game.Flags)}
    presets = set(presets_of(game.Flags))
    steps = [(i, s) for i, s in enumerate(table["steps"]) if s["game"] == game_name]
    for n, (i, step) in enumerate(steps):
        at = f"{where}: steps[{i}]"
        later = [s for _, s in steps[n + 1:]]
        for old, new in step.get("flags", {}).items():
            if _follow(new, later, "flags") not in flags:
                raise LinkTableError(f"{at}.flags: {old!r} becomes {new!r}, which leads to no flag of {game_name} "
                                     f"(flags: {', '.join(flags)})")
        for flag, renamed in step.get("values", {}).items():
            for old, new in renamed.items():
                name, value = flag, str(new)  # a link carries text; the page types it like the flag
                for s in later:
                    name = s.get("flags", {}).get(name, name)
                    value = str(s.get("values", {}).get(name, {}).get(value, value))
                if name not in flags:
                    raise LinkTableError(f"{at}.values: {flag!r} leads to no flag of {game_name}")
                choices = flags[name]["choices"]
                if choices is not None and value not in [str(c).lower() if isinstance(c, bool) else str(c) for c in choices]:
                    raise LinkTableError(f"{at}.values.{flag}: {old!r} becomes {new!r}, which leads to no value of "
                                         f"{name} ({', '.join(map(str, choices))})")
        for old, new in step.get("presets", {}).items():
            if _follow(new, later, "presets") not in presets:
                raise LinkTableError(f"{at}.presets: {old!r} becomes {new!r}, which leads to no preset of {game_name} "
                                     f"(presets: {', '.join(presets)})")
