"""Helpers shared by the Daifugo lesson tests: a lesson's steps as the build computes them, a
choice's prepared verdict, and the events a step shows."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from sitebuild.lessons import compute_lesson, parse_lesson

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


@lru_cache(maxsize=None)
def steps(name: str, lang: str = "en") -> list[dict[str, Any]]:
    return compute_lesson(parse_lesson(LESSONS / lang / "daifugo" / name, lang, "daifugo"))


def verdict(ask: dict[str, Any], key: str) -> tuple[bool, str, list[str]]:
    """The build's prepared verdict for a choice: (legal, text, rule ids)."""
    legal, text, rules = ask["table"][key]
    return legal == 1, ask["texts"][text], list(rules)


def events(step: dict[str, Any]) -> list[str]:
    """Every event the step shows: its scripted moves' frames, then its answer."""
    out = [e for f in step["frames"] for e in f.get("events") or []]
    return out + list(step.get("after", {}).get("events") or [])
