"""Out-of-turn windows owned by the engine (tutor/windows.py), through the bridge and directly.

The engine says who may act out of turn after an action, in the rule's order (TICHU-BOMB-8:
from the seat after the play on top, its player last), resolves the window with the bots,
stops for the viewer, and closes it when nobody takes it. No page code orders seats.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.api import handle
from tutor.registry import find_game
from tutor.scenario import load_scenario
from tutor.windows import ReplayError, replay, resolve

ROOT = Path(__file__).resolve().parents[2]
TICHU = find_game("tichu")
BOMB = {"9": ["S-9", "H-9", "D-9", "C-9"], "5": ["S-5", "H-5", "D-5", "C-5"],
        "J": ["S-J", "H-J", "D-J", "C-J"], "Q": ["S-Q", "H-Q", "D-Q", "C-Q"]}


def scenario(top_seat: int = 0, hands: dict | None = None) -> dict:
    hands = hands or {"0": ["H-3"], "1": ["C-7", "C-8"], "2": ["S-4", "H-6"], "3": BOMB["9"] + ["D-2"]}
    return {"game": "tichu", "flags": {}, "phase": "play", "to_act": (top_seat + 1) % 4,
            "trick": [{"seat": top_seat, "cards": ["S-K"]}], "hands": hands}


def load(sc: dict) -> int:
    reply = handle({"op": "load", "scenario": sc})
    assert reply["ok"], reply
    return reply["state"]


def test_apply_says_which_window_the_action_opened() -> None:
    state = load({**scenario(), "trick": [], "to_act": 0})
    reply = handle({"op": "apply", "state": state, "action": ["H-3"], "seat": 0})
    # seat 0 went out with its single: the window asks the others from seat 1 on (seat 0 has no cards)
    assert reply["ok"] and reply["window"] == {"kind": "bomb", "order": [1, 2, 3], "rule_ids": ["TICHU-BOMB-4", "TICHU-BOMB-8"]}


def test_games_without_actions_out_of_turn_open_no_window() -> None:
    for game in ("doudizhu", "napoleon"):
        new = handle({"op": "new", "game": game, "seed": 3})
        seat = new["view"]["to_act"]
        bot = handle({"op": "bot", "state": new["state"], "seat": seat})
        reply = handle({"op": "apply", "state": new["state"], "action": bot["action"], "seat": seat})
        assert reply["ok"] and reply["window"] is None


@pytest.mark.parametrize("top_seat, order", [(0, [1, 2, 3, 0]), (2, [3, 0, 1, 2]), (3, [0, 1, 2, 3])])
def test_seats_are_asked_in_the_rule_order(top_seat: int, order: list[int]) -> None:
    hands = {str(s): BOMB[r] + [x] for s, r, x in zip(range(4), "95JQ", ["D-2", "H-2", "S-2", "C-2"])}
    _, state = load_scenario(scenario(top_seat, hands))
    asked: list[int] = []
    res = resolve(TICHU, state, choose=lambda game, st, seat: asked.append(seat))
    assert asked == order and res.status == "closed" and res.taken == []


def test_bots_take_the_window_and_the_next_window_is_resolved_too() -> None:
    state = load(scenario())  # seat 0 holds one card after its king: seat 3 bombs to stop it
    reply = handle({"op": "window", "state": state})
    assert reply["ok"] and reply["status"] == "closed"
    assert reply["taken"] == [{"seat": 3, "action": BOMB["9"]}]
    view = handle({"op": "view", "state": reply["state"], "seat": 2})["view"]
    assert view["trick"][-1] == {"seat": 3, "cards": BOMB["9"], "in_turn": False}


def test_the_viewer_is_asked_and_may_let_it_go() -> None:
    state = load(scenario())
    reply = handle({"op": "window", "state": state, "viewer": 3})
    assert reply["status"] == "ask" and reply["ask"]["seat"] == 3
    assert BOMB["9"] in reply["ask"]["actions"] and reply["view"]["seat"] == 3
    assert reply["taken"] == []
    closed = handle({"op": "window", "state": reply["state"], "viewer": 3, "declined": [3]})
    assert closed["status"] == "closed" and closed["taken"] == []
    # the viewer's bomb, taken out of turn: nobody may bomb on it, so it opens no window
    bombed = handle({"op": "apply", "state": reply["state"], "action": BOMB["9"], "seat": 3, "in_turn": False})
    assert bombed["ok"] and bombed["window"] is None  # a bomb out of turn cannot be interrupted (TICHU-BOMB-7)


def test_answers_name_no_other_hand() -> None:
    state = load(scenario())
    reply = handle({"op": "window", "state": state, "viewer": 2})
    text = repr(reply)
    for card in ["H-3", "D-2", "C-7"]:  # the others' cards (not played) stay hidden from seat 2
        assert card not in text


def test_bad_window_requests_are_named() -> None:
    state = load(scenario())
    assert "viewer" in handle({"op": "window", "state": state, "viewer": 7})["error"]
    assert "declined" in handle({"op": "window", "state": state, "declined": "1"})["error"]


def test_replay_takes_and_closes_windows_as_scripted() -> None:
    sc = {**scenario(), "trick": [], "to_act": 2,
          "hands": {"0": ["H-3", "S-2"], "1": BOMB["9"] + ["D-2"], "2": ["S-4", "H-6"], "3": ["C-7", "C-8"]}}
    moves = [{"seat": 2, "action": ["S-4"]}, {"seat": 1, "action": BOMB["9"], "in_turn": False}]
    reply = handle({"op": "replay", "scenario": sc, "moves": moves})
    assert reply["ok"], reply
    assert reply["view"]["trick"][-1]["cards"] == BOMB["9"]
    # the same bomb after the lead's window was closed by an in-turn pass: still a window (the trick is open)
    moves2 = [{"seat": 2, "action": ["S-4"]}, {"seat": 3, "action": "PASS"}, {"seat": 1, "action": BOMB["9"], "in_turn": False}]
    assert handle({"op": "replay", "scenario": sc, "moves": moves2})["ok"]
    # out of turn before anything was led: the game's own reason, with its rule
    bad = handle({"op": "replay", "scenario": sc, "moves": [{"seat": 1, "action": BOMB["9"], "in_turn": False}]})
    assert bad["ok"] is False and "TICHU-BOMB-5" in bad["verdict"]["rule_ids"]
    assert "moves" in handle({"op": "replay", "scenario": sc, "moves": [{"seat": 1}]})["error"]


def test_a_seat_outside_the_window_may_not_take_it() -> None:
    _, state = load_scenario({**scenario(), "trick": [], "to_act": 0})
    state = TICHU.apply(state, TICHU.parse_action(["H-3"]), 0)  # seat 0 is out: not in the window
    with pytest.raises(ReplayError, match="may not act out of turn"):
        replay(TICHU, state, [{"seat": 0, "action": ["S-2"], "in_turn": False}])


@pytest.mark.parametrize("path", ["site/static/table.js", "site/static/player.js", "site/static/practice.js",
                                  "sitebuild/lessons.py"])
def test_pages_and_build_hold_no_window_ordering_or_settling(path: str) -> None:
    text = (ROOT / path).read_text("utf-8")
    assert not re.search(r"TICHU-BOMB-8|op: \"(settle|interrupt)\"|\.settle\(|settle:", text), path
    assert not re.search(r"\(top \+ k\) % n|% n;", text), path
