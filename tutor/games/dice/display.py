"""The 2d6 check in words and pictures for the page (tutor/display.py): the dice of the last
roll, the 36 outcomes as a grid, and the chance of success per target as a chart. The page
draws these zones for any game that sends them (``dice``, ``grid``, ``chart``): nothing on the
page branches on this game's name."""
from __future__ import annotations

from typing import Any

from ...messages import render
from . import odds
from .state import TARGETS


def display_parts(game: Any, state: Any, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
    def t(key: str, **params: Any) -> str:
        return render(key, params, lang)

    flags = state.flags
    target = state.target
    chance = odds.successes(target, flags)
    info = [t("dice.display.target", target=target), t("dice.display.chance", n=chance, percent=round(100 * chance / 36))]
    zones: list[dict[str, Any]] = []
    last = state.last
    roll = view.get("roll")
    if roll is not None and last is not None:
        reason = odds.why(last.dice, last.target, flags)
        zones.append({"label": t("dice.display.roll"), "die_faces": list(last.dice),
                      "text": t(odds.ROLL_WORDS["dice.display.roll"][reason, last.success],
                                first=last.dice[0], second=last.dice[1], total=sum(last.dice), target=last.target)})
    cells = [[{"text": str(a + b), "good": ok, "mark": roll is not None and last is not None and last.dice == (a, b)}
              for b, ok in zip(odds.FACES, row)] for a, row in zip(odds.FACES, odds.grid(target, flags))]
    zones.append({"label": t("dice.display.grid", target=target, n=chance),
                  "grid": {"rows": [str(a) for a in odds.FACES], "cols": [str(b) for b in odds.FACES],
                           "corner": t("dice.display.grid_corner"), "cells": cells,
                           "good": t("dice.display.good"), "bad": t("dice.display.bad"),
                           "rolled": t("dice.display.rolled")}})
    zones.append({"label": t("dice.display.chart"),
                  "chart": [{"label": str(x), "value": odds.successes(x, flags), "of": 36,
                             "text": str(odds.successes(x, flags)), "current": x == target} for x in TARGETS]})
    made = len(state.rolls)
    notes = {0: [t("dice.display.tally", count=made, ok=sum(r.success for r in state.rolls))]} if made else {}
    result = None
    if state.phase == "score" and last is not None:
        result = t("dice.result.success" if last.success else "dice.result.failure", total=sum(last.dice),
                   target=last.target)
    return {"info": info, "zones": zones, "notes": notes, "result": result, "show_trick": False,
            "reveal": False}  # no hidden hands to reveal
