"""A page session's viewer seat (tutor/api.py): the bridge answers for that seat only, bots
move inside the engine, and nothing another seat holds crosses unless the rules made it public."""
from __future__ import annotations

import json

import pytest

from tutor.api import handle
from tutor.registry import BUILT_NAMES

#: the games with other seats to keep hidden (the 2d6 check is made alone)
GAMES = tuple(n for n in BUILT_NAMES if n != "dice")


def ok(reply: dict) -> dict:
    assert reply.get("ok"), reply
    return reply


@pytest.mark.parametrize("game", GAMES)
def test_a_session_answers_for_its_viewer_only(game: str) -> None:
    new = ok(handle({"op": "new", "game": game, "seed": 4, "viewer": 1}))
    state = new["state"]
    assert new["view"]["seat"] == 1
    for op in ("view", "legal", "hint"):
        bad = handle({"op": op, "state": state, "seat": 2})
        assert bad["ok"] is False and "viewer" in bad["error"] and "seat 1" in bad["error"], (op, bad)
    assert ok(handle({"op": "view", "state": state}))["view"]["seat"] == 1
    bad = handle({"op": "explain", "state": state, "action": "PASS", "seat": 0})
    assert bad["ok"] is False and "seat 1" in bad["error"]
    bad = handle({"op": "apply", "state": state, "action": "PASS", "seat": 0})
    assert bad["ok"] is False and "seat 1" in bad["error"]
    bad = handle({"op": "bot", "state": state})
    assert bad["ok"] is False and "bot_move" in bad["error"]


@pytest.mark.parametrize("game", GAMES)
def test_bots_move_inside_the_engine_and_positions_keep_the_viewer(game: str) -> None:
    state = ok(handle({"op": "new", "game": game, "seed": 4, "viewer": 0}))["state"]
    moves = 0
    while moves < 400:
        view = ok(handle({"op": "view", "state": state}))["view"]
        if view.get("result"):
            break
        if view["to_act"] == 0:
            bad = handle({"op": "bot_move", "state": state})
            assert bad["ok"] is False and "viewer" in bad["error"]
            hint = ok(handle({"op": "hint", "state": state}))["hint"]
            reply = ok(handle({"op": "apply", "state": state, "action": hint["action"]}))
        else:
            reply = ok(handle({"op": "bot_move", "state": state}))
            assert reply["seat"] == view["to_act"] and set(reply) >= {"action", "window", "view"}
            assert "why" not in reply
        assert reply["view"]["seat"] == 0
        state = reply["state"]
        if reply["window"]:
            res = ok(handle({"op": "window", "state": state}))
            if res["status"] == "ask":
                res = ok(handle({"op": "window", "state": res["state"], "declined": [0]}))
            state = res["state"]
        assert handle({"op": "legal", "state": state, "seat": 2})["ok"] is False  # still bound to seat 0
        moves += 1
    assert ok(handle({"op": "view", "state": state}))["view"].get("result"), "the round did not end"
    nxt = ok(handle({"op": "advance", "state": state}))
    assert handle({"op": "view", "state": nxt["state"], "seat": 1})["ok"] is False
    # the learner's explicit "Reveal all hands" is the one answer that shows them
    assert len(ok(handle({"op": "reveal", "state": state}))["hands"]) == len(nxt["view"]["cards_held"])


def test_answers_are_the_same_whatever_the_others_hold() -> None:
    """Twin positions, equal for seat 0 and different in the others' hands: seat 0's answers match."""
    mine = ["S-3", "H-5", "D-7", "C-9", "S-J", "H-Q", "MAHJONG"]
    rest = ["S-4", "H-4", "D-4", "C-4", "S-6", "H-6", "D-6", "C-6", "S-8", "H-8", "D-8", "C-8",
            "S-10", "H-10", "D-10", "C-10", "S-K", "H-K", "D-K", "C-K", "DRAGON"]
    twins = [{"1": rest[:7], "2": rest[7:14], "3": rest[14:]}, {"1": rest[14:], "2": rest[:7], "3": rest[7:14]}]
    answers = []
    for others in twins:
        sc = {"game": "tichu", "flags": {}, "phase": "play", "to_act": 0, "trick": [], "hands": {"0": mine, **others}}
        state = ok(handle({"op": "load", "scenario": sc, "viewer": 0}))["state"]
        got = [handle({"op": "view", "state": state})["view"], handle({"op": "legal", "state": state}),
               handle({"op": "hint", "state": state}), handle({"op": "explain", "state": state, "action": ["S-J"]})]
        answers.append(json.dumps(got, sort_keys=True))
    assert answers[0] == answers[1]


def test_the_pages_bind_their_sessions_to_the_learner() -> None:
    """The practice table and the lesson player open every session with the learner as viewer,
    and move bots with bot_move (a bot's choice is never asked for before it is made)."""
    from pathlib import Path
    import re
    static = Path(__file__).resolve().parents[2] / "site" / "static"
    practice = (static / "practice.js").read_text("utf-8")
    player = (static / "player.js").read_text("utf-8")
    assert re.search(r'op: "new"[^}]*viewer:', practice)
    assert re.search(r'op: "replay_deal"[^}]*viewer:', practice)  # a shared moment (issue 14)
    assert re.search(r'op: "replay"[^;]*viewer:', player, re.S)
    for text in (practice, player, (static / "table.js").read_text("utf-8")):
        assert 'op: "bot"' not in text and 'op: "load"' not in text
