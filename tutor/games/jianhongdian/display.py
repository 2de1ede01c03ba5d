"""Jian Hong Dian's table in words for the page (tutor/display.py): the layout to capture from,
the stock, the card just turned, each seat's captured cards and points, the deal's result."""
from __future__ import annotations

from typing import Any

from ...messages import render


def display_parts(game: Any, state: Any, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
    def t(key: str, **params: Any) -> str:
        return render(key, params, lang)

    n = state.players
    badges = {state.dealer: [t("jhd.display.dealer")]}
    notes = {s: [t("jhd.display.captured", count=len(pile), points=view["captured_points"][s])] for s, pile in enumerate(state.captured)}
    scores = view["session"]["scores"]
    if state.deal_no > 1 or state.flags.target_score:
        for s in range(n):
            notes[s].append(t("jhd.display.total", total=scores[s]))
    info = [t("jhd.display.stock", count=view["stock_count"])]
    if state.flags.target_score:
        info.append(t("jhd.display.target", target=state.flags.target_score, deal=state.deal_no))
    zones: list[dict[str, Any]] = []
    if state.stock_card is not None:
        zones.append({"label": t("jhd.display.turned"), "cards": [state.stock_card.token]})
    if view["layout"]:
        zones.append({"label": t("jhd.display.layout"), "cards": view["layout"]})
    else:
        zones.append({"text": t("jhd.display.layout_empty")})
    if state.initial_triple is not None:
        zones.append({"text": t("jhd.display.triple", rank=state.initial_triple)})
    if seat is not None and state.captured[seat]:
        zones.append({"label": t("jhd.display.your_pile"), "cards": [c.token for c in state.captured[seat]]})
    result = None
    if state.result:
        res = state.result
        result = t("jhd.result.deal", seats=res["winners"], best=max(res["points"]), count=len(res["winners"]))
        if game.game_over(state):
            result += (" " if lang == "en" else "") + t("jhd.result.game", seats=game.game_winner(state),
                                                        total=max(state.session.scores))
    # nothing is hidden once the deal is over: every hand is empty
    return {"badges": badges, "notes": notes, "info": info, "zones": zones, "result": result, "show_trick": False,
            "reveal": state.phase != "score"}
