"""Dou Dizhu's table in words for the page (tutor/display.py): roles, the bid, the kitty."""
from __future__ import annotations

from typing import Any

from ...messages import render


def display_parts(game: Any, state: Any, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
    def t(key: str, **params: Any) -> str:
        return render(key, params, lang)

    players = len(view["cards_held"])
    lord = view.get("landlord")
    badges = {s: [t("ddz.display.landlord") if s == lord else t("ddz.display.farmer")] for s in range(players)} if lord is not None else {}
    info = []
    if view.get("bid"):
        info.append(t("ddz.display.bid", bid=view["bid"]))
    elif view["phase"] == "auction":
        info.append(t("ddz.display.no_bid"))
    if (view.get("multiplier") or 1) > 1:
        info.append(t("ddz.display.multiplier", n=view["multiplier"]))
    zones: list[dict[str, Any]] = []
    if view.get("kitty"):
        zones.append({"label": t("ddz.display.kitty"), "cards": view["kitty"]})
    elif view.get("kitty_size"):
        zones.append({"text": t("ddz.display.kitty_hidden", count=view["kitty_size"])})
    if view["phase"] == "auction" and view.get("auction"):
        zones.append({"items": [render("common.display.seat_says", {"seat": e["seat"], "what": game.action_label(
            game.parse_action(e["action"]), lang)}, lang) for e in view["auction"]]})
    result = None
    if view.get("result"):
        result = t(f"ddz.display.result.{view['result']['winner']}")
        zones.append({"text": t("ddz.display.scores", scores=[render("common.display.seat_score", {"seat": s, "score": f"{'+' if v > 0 else ''}{v}"}, lang)
                                          for s, v in enumerate(view["scores"])])})
    return {"badges": badges, "info": info, "zones": zones, "show_trick": view["phase"] in ("play", "score"),
            "result": result, "reveal": view["phase"] != "auction"}
