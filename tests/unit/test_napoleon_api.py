"""The JSON bridge serves Napoleon: every op a page uses, from a deal to the next game."""
from __future__ import annotations

import json

from tutor.api import handle


def ok(request):
    response = handle(request)
    assert response.get("ok") is True, response
    json.dumps(response)
    return response


class TestNapoleonBridge:
    def test_games_lists_napoleon_and_its_flags(self):
        games = ok({"op": "games"})["games"]
        nap = next(g for g in games if g["name"] == "napoleon")
        assert nap["title"] == {"en": "Napoleon", "ja": "ナポレオン"}
        assert nap["phases"] == ["auction", "call_adjutant", "discard", "play", "joker_suit", "score"]
        names = {f["name"] for f in nap["flags"]}
        assert names == {"players", "same2_first_trick", "reverse", "min_bid", "pass_is_final",
                         "joker_request_weakens", "penalty_a_reading"}

    def test_a_whole_game_through_the_bridge(self):
        r = ok({"op": "new", "game": "napoleon", "seed": 12, "seat": 0, "lang": "ja"})
        sid, view = r["state"], r["view"]
        assert view["phase"] == "auction" and len(view["hand"]) == 10 and view["kitty_size"] == 3
        first = sid
        for _ in range(200):
            view = ok({"op": "view", "state": sid, "seat": 0})["view"]
            if view["phase"] == "score":
                break
            seat = view["to_act"]
            actions = ok({"op": "legal", "state": sid, "seat": seat, "expand": True})["actions"]  # the discard listed too
            assert actions
            h = ok({"op": "hint", "state": sid, "seat": seat, "lang": "ja"})["hint"]
            assert h["focus"]["text"] and h["why"] and h["rule"]["legal"] and h["action"] in actions
            bot = ok({"op": "bot", "state": sid, "seat": seat})
            verdict = ok({"op": "explain", "state": sid, "action": bot["action"], "seat": seat})["verdict"]
            assert verdict["legal"] and verdict["rule_ids"]
            sid = ok({"op": "apply", "state": sid, "action": bot["action"], "seat": seat})["state"]
        assert view["phase"] == "score" and view["result"]["totals"] == view["scores"]
        nxt = ok({"op": "advance", "state": sid, "seat": 0})["view"]
        assert nxt["phase"] == "auction" and nxt["game_no"] == 2 and nxt["to_act"] == view["napoleon"]
        # undo: the first state is still there, untouched
        assert ok({"op": "view", "state": first, "seat": 0})["view"]["phase"] == "auction"

    def test_illegal_apply_gives_the_verdict(self):
        sid = ok({"op": "new", "game": "napoleon", "seed": 1})["state"]
        r = handle({"op": "apply", "state": sid, "action": {"bid": [5, "S"]}, "seat": 0, "lang": "ja"})
        assert r["ok"] is False and r["verdict"]["rule_ids"] == ["NAP-BID-5"] and "11" in r["verdict"]["text"]
        r = handle({"op": "apply", "state": sid, "action": {"bid": [13, "S"]}, "seat": 3})
        assert r["ok"] is False and r["verdict"]["key"] == "common.not_your_turn"
        assert handle({"op": "view", "state": sid, "seat": 5})["ok"] is False

    def test_bad_scenario_names_the_path(self):
        r = handle({"op": "load", "scenario": {"game": "napoleon", "flags": {"players": 5}, "phase": "play",
                                               "to_act": 1, "trump": "H", "trick_no": 2,
                                               "hands": {"1": ["C-2", "Z-9"]}, "trick": []}})
        assert r["ok"] is False and "hands.1[1]" in r["error"] and "Z-9" in r["error"]
