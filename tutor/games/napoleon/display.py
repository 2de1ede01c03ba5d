"""Napoleon's table in words for the page (tutor/display.py): the sides once public (NAP-ADJ-2),
the contract, the called card, the kitty and discards, who can be the adjutant."""
from __future__ import annotations

from typing import Any

from ...messages import render


def display_parts(game: Any, state: Any, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
    def t(key: str, **params: Any) -> str:
        return render(key, params, lang)

    players = len(view["cards_held"])
    badges: dict[int, list[str]] = {}
    nap = view.get("napoleon")
    if nap is not None:
        for s in range(players):
            if s == nap:
                badges[s] = [t("nap.display.napoleon")]
            elif view.get("adjutant_revealed") and view.get("adjutant") == s:
                badges[s] = [t("nap.display.adjutant")]
            elif s == seat and view.get("my_side") == "adjutant":
                badges[s] = [t("nap.display.adjutant_secret")]
    notes = {s: [t("nap.display.honours_won", count=n)] for s, n in enumerate(view.get("honours_won") or [])}
    info = []
    if view.get("contract") and view.get("trump"):
        info.append(t("nap.display.contract", count=view["contract"], suit=view["trump"]))
    elif view.get("bid"):
        info.append(t("nap.display.best_bid", count=view["bid"][0], suit=view["bid"][1]))
    if view.get("called_card"):
        info.append(t("nap.display.called_card", cards=[view["called_card"]]))
    if view.get("solo"):
        info.append(t("nap.display.solo"))
    if view.get("direction") == -1:
        info.append(t("nap.display.reversed"))
    if view.get("trick_no") and view["phase"] == "play":
        info.append(t("nap.display.trick_no", n=view["trick_no"]))
    elif view["phase"] == "auction" and not view.get("bid"):
        info.append(t("nap.display.no_bid"))
    zones: list[dict[str, Any]] = []
    if view.get("kitty_size"):
        zones.append({"text": t("nap.display.kitty_hidden", count=view["kitty_size"])})
    if view.get("face_up_discards"):
        zones.append({"label": t("nap.display.face_up_discards"), "cards": view["face_up_discards"]})
    if view["phase"] == "auction" and view.get("auction"):
        zones.append({"items": [render("common.display.seat_says", {"seat": e["seat"], "what": game.action_label(
            game.parse_action(e["action"]), lang)}, lang) for e in view["auction"]]})
    last = view.get("last_trick")
    if last and view["phase"] == "play" and not view.get("trick"):
        zones.append({"text": t("nap.display.last_trick", seat=last["winner"], count=len(last.get("honours") or []))})
    cand = view.get("adjutant_candidates")
    if cand:
        who = [render("common.display.seat", {"seat": s}, lang) for s in cand["seats"]]
        if cand.get("kitty"):
            who.append(t("nap.display.candidate_kitty"))
        reasons = [t(f"nap.display.ruled_out.{r['why']}", seat=r["seat"], suit=r.get("suit") or "") for r in cand.get("ruled_out") or []]
        zones.append({"details": t("nap.display.who_is_adjutant", cards=[view["called_card"]]),
                      "text": t("nap.display.candidates", who=who), "items": reasons})
    result = None
    if view.get("result"):
        result = t(f"nap.display.result.{view['result']['winner']}")
        zones.append({"text": t("nap.display.scores", scores=[render("common.display.seat_score", {"seat": s, "score": f"{'+' if v > 0 else ''}{v}"}, lang)
                                          for s, v in enumerate(view["scores"])])})
    holding = None
    if view.get("winning") is not None:
        holding = next((i for i, e in enumerate(view.get("trick") or []) if e["seat"] == view["winning"] and "cards" in e), None)
    return {"badges": badges, "notes": notes, "info": info, "zones": zones,
            "show_trick": view["phase"] in ("play", "score", "joker_suit"), "holding": holding, "marker": "common.display.holds_trick",
            "result": result, "reveal": view["phase"] not in ("auction", "call_adjutant", "discard")}
