"""Shengji's table in words for the page (tutor/display.py): both teams' levels, the trump rank
and suit, the exposure, the turned kitty, the non-dealers' points (public, SJ-TRICK-4), the
dealer's buried kitty (to the dealer only, SJ-KITTY-2) and the hand's result."""
from __future__ import annotations

from typing import Any

from ...messages import render


def display_parts(game: Any, state: Any, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
    def t(key: str, **params: Any) -> str:
        return render(key, params, lang)

    dealer = view.get("dealer")
    badges: dict[int, list[str]] = {}
    if dealer is not None:
        badges[dealer] = [t("sj.display.dealer")]
    notes = {int(s): [t("sj.display.points", count=n)] for s, n in (view.get("points_taken") or {}).items()}
    levels = view["levels"]
    info = [t("sj.display.levels", team02=levels["team02"], team13=levels["team13"])]
    if view.get("trump_suit"):
        info.append(t("sj.display.trumps", rank=view["trump_rank"], suit=view["trump_suit"]))
    else:
        info.append(t("sj.display.trump_rank_only", rank=view["trump_rank"]))
    phase = view["phase"]
    if phase == "draw":
        info.append(t("sj.display.stock", count=view["stock_left"]))
    r = view.get("result")
    if r and r.get("kitty_bonus"):  # the hand's total: the kitty's points counted in (SJ-POINTS-3)
        info.append(t("sj.display.nondealer_points_final", count=r["P"], tricks=r["trick_points"], bonus=r["kitty_bonus"]))
    elif r:
        info.append(t("sj.display.nondealer_points", count=r["P"]))
    elif phase in ("play", "score") and dealer is not None:
        info.append(t("sj.display.nondealer_points", count=view["nondealer_points"]))
    zones: list[dict[str, Any]] = []
    if view.get("exposed"):
        zones.append({"label": t("sj.display.exposed", seat=view["exposed"]["seat"]), "cards": view["exposed"]["cards"]})
    if view.get("kitty_turned") and (phase == "bury" or (phase == "play" and view.get("trick_no") == 1)):
        zones.append({"label": t("sj.display.kitty_turned"), "cards": view["kitty_turned"]})
    if view.get("buried") and phase != "score":
        zones.append({"label": t("sj.display.your_buried"), "cards": view["buried"]})
    failed = view.get("failed_throw")
    if failed and phase == "play" and view.get("trick"):
        if view["trick"][0]["seat"] == failed["seat"] and view["trick"][0]["cards"] == [failed["led"]]:
            zones.append({"text": t("sj.display.failed_throw", seat=failed["seat"], cards=failed["cards"],
                                    led_cards=[failed["led"]])})
    last = view.get("last_trick")
    if last and phase == "play" and not view.get("trick"):
        zones.append({"text": t("sj.display.last_trick", seat=last["winner"], count=last["points"])})
    result = None
    if r:
        result = t("sj.display.result", points=r["P"], team=r["hand_winner"], count=r["steps"])
        zones.append({"label": t("sj.display.buried_shown", count=r["kitty_points"], bonus=r["kitty_bonus"]),
                      "cards": r["buried"]})
        after = r["levels_after"]
        zones.append({"text": t("sj.display.levels_after", team02=after["team02"], team13=after["team13"])})
        session = view.get("session") or {}
        if session.get("game_over"):
            zones.append({"text": t("sj.display.game_over", team=session.get("winner"))})
    holding = None
    if view.get("winning") is not None:
        holding = next((i for i, e in enumerate(view.get("trick") or []) if e["seat"] == view["winning"]), None)
    return {"badges": badges, "notes": notes, "info": info, "zones": zones,
            "show_trick": phase in ("play", "score"), "holding": holding, "marker": "common.display.holds_trick",
            "result": result, "reveal": phase in ("play", "score")}
