"""Pon-jan's table in words for the page (tutor/display.py): each seat's pon sets and discards,
riichi, the wall, the open discard, what a waiting hand waits for, the payments."""
from __future__ import annotations

from typing import Any

from ...messages import render


def display_parts(game: Any, state: Any, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
    def t(key: str, **params: Any) -> str:
        return render(key, params, lang)

    n = state.players
    badges: dict[int, list[str]] = {s: [] for s in range(n)}
    badges[state.dealer].append(t("pon.display.dealer"))
    for s in range(n):
        if state.riichi[s]:
            badges[s].append(t("pon.display.riichi"))
    notes = {s: [t("pon.display.chips", count=state.session.scores[s])] for s in range(n)}
    info = [t("pon.display.wall", count=len(state.wall)),
            t("pon.display.hand_no", hand=state.hand_no, of=game.hands_in_game(state))]
    zones: list[dict[str, Any]] = []
    for s in range(n):
        if state.melds[s]:
            zones.append({"label": t("pon.display.melds", seat=s), "cards": [x.token for m in state.melds[s] for x in m]})
    for s in range(n):
        if state.discards[s]:
            zones.append({"label": t("pon.display.discards", seat=s), "cards": [x.token for x in state.discards[s]],
                          "small": True})
    if state.last_discard is not None:
        by, tile = state.last_discard
        zones.append({"text": t("pon.display.open_discard", seat=by, cards=[tile.token])})
    if seat is not None and view.get("waits") and state.phase == "play":
        zones.append({"text": t("pon.display.waits", wait_cards=view["waits"])})
    result = None
    res = state.result
    if res:
        if res["draw"]:
            result = t("pon.result.draw")
        else:
            result = t("pon.result.ron" if res["win_type"] == "ron" else "pon.result.tsumo", seat=res["winner"], total=res["payments"][str(res["winner"])],
                       by=res["discarder"])
        if game.game_over(state):
            result += (" " if lang == "en" else "") + t("pon.result.game", seats=game.game_winner(state),
                                                        total=max(state.session.scores))
    return {"badges": badges, "notes": notes, "info": info, "zones": zones, "result": result, "show_trick": False,
            "reveal": state.phase != "score",
            # the tile just drawn lies last in the learner's hand (Ponjan.hand_order): set apart
            "apart": t("pon.display.just_drawn") if view.get("drawn") else None}
