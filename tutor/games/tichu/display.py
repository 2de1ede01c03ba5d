"""Tichu's table in words for the page (tutor/display.py): teams, calls, going out, the wish."""
from __future__ import annotations

from typing import Any

from ...messages import render


def display_parts(game: Any, state: Any, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
    def t(key: str, **params: Any) -> str:
        return render(key, params, lang)

    players = len(view["cards_held"])
    badges: dict[int, list[str]] = {}
    for s in range(players):
        mine = [t("tichu.display.team", t="A" if s % 2 == 0 else "B")]
        # the partner is named by the common seat roles (Game.partner, tutor/display.py)
        call = (view.get("calls") or [None] * players)[s]
        if call:
            mine.append(t(f"tichu.display.call.{call}"))
        if s in (view.get("out") or []):
            mine.append(t("tichu.display.out_place", place=view["out"].index(s) + 1))
        badges[s] = mine
    notes = {s: [t("tichu.display.points", points=p)] for s, p in enumerate(view.get("captured_points") or [])}
    zones: list[dict[str, Any]] = []
    if view.get("wish"):
        zones.append({"text": t("tichu.display.wish", rank=view["wish"])})
    if view.get("scores"):
        zones.append({"text": t("tichu.display.scores", a=view["scores"]["A"], b=view["scores"]["B"])})
    result = None
    if view.get("result"):
        score = view["result"]["round_score"]
        result = t("tichu.display.result", a=score["A"], b=score["B"])
    return {"badges": badges, "notes": notes, "zones": zones,
            "show_trick": view["phase"] in ("play", "score", "wish", "dragon_gift"),
            "result": result, "reveal": view["phase"] not in ("grand_tichu", "exchange")}
