"""Daifugo's table in words for the page (tutor/display.py): the order in force (revolution),
the bindings, each seat's title from the game before and its place in this one, the exchange."""
from __future__ import annotations

from typing import Any

from ...messages import render
from .state import EFFECT_PHASES


def display_parts(game: Any, state: Any, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
    def t(key: str, **params: Any) -> str:
        return render(key, params, lang)

    n = view["players"]
    badges: dict[int, list[str]] = {}
    titles = view.get("titles") or {}
    for s in range(n):
        mine = []
        if str(s) in titles:
            mine.append(t(f"dfg.title.{titles[str(s)]}"))
        place = view["places"][s] if view.get("places") else None
        if place is not None:
            mine.append(t("dfg.display.eliminated" if s in view.get("eliminated", []) else "dfg.display.place", place=place))
        badges[s] = mine
    info = [t("dfg.display.game", game=view["game_no"])]
    # the order in force: a revolution, and a J-back on top of it until the field clears (DFG-JBACK-1)
    order = {(False, False): "order_normal", (True, False): "order_reversed", (False, True): "order_jback",
             (True, True): "order_both"}[(bool(view["revolution"]), bool(view.get("jback")))]
    info.append(t(f"dfg.display.{order}"))
    if view.get("bound_suits"):
        info.append(t("dfg.display.bound", suits=view["bound_suits"]))
    if view.get("direction", 1) == -1:
        info.append(t("dfg.display.turns_reversed"))
    if view.get("rank_binding"):
        info.append(t("dfg.display.rank_bound_end") if view["rank_binding"] == "JOKER"
                    else t("dfg.display.rank_bound", rank=view["rank_binding"]))
    zones: list[dict[str, Any]] = []
    if view["phase"] == "exchange":
        waiting = [s for s in view["exchanging"] if not view["exchanged"][s]]
        zones.append({"text": t("dfg.display.exchanging", seats=waiting)})
    effect = view.get("effect")
    if effect is not None:  # the effect decision in progress: who chooses what (§9)
        kind = effect["kind"] + ("_cut" if effect["kind"] == "a_open" and effect["cut"] is not None else
                                 "_self" if effect["kind"] == "k_greed" and effect["target"] == effect["chooser"] else "")
        zones.append({"text": t(f"dfg.display.effect.{kind}", seat=effect["chooser"], count=effect["count"],
                                target=effect["target"])})
    if view.get("last_field") and not view.get("trick"):
        cards = [c for e in view["last_field"] for c in e.get("cards", [])]
        zones.append({"label": t("dfg.display.flowed"), "cards": cards[-8:]})
    result = None
    r = view.get("result")
    if r:
        order = sorted(range(n), key=lambda s: r["places"][str(s)])
        result = t("dfg.display.result", ranking=[t("dfg.display.ranked", seat=s, title=t(f"dfg.title.{r['titles'][str(s)]}"))
                                                  for s in order])
    opened = {int(s): cards for s, cards in (view.get("exposed") or {}).items()}  # exposed cards (§10)
    return {"badges": badges, "notes": {}, "open": opened,
            "phase": "play" if view["phase"] in EFFECT_PHASES else view["phase"], "info": info, "zones": zones, "show_trick": view["phase"] in ("play", "score", *EFFECT_PHASES),
            "out_of_turn": "dfg.display.out_of_turn",  # a play out of turn is a cut-in (§8)
            "result": result, "reveal": view["phase"] == "score"}
