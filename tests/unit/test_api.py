"""The JSON bridge (tutor.api): every op, bad requests, undo by state id, hidden information."""
from __future__ import annotations

import json
import re

import pytest

from tutor.api import handle, handle_json
from tutor.messages import catalog, render
from unit_helpers import cards, key_of
from tutor.registry import BUILT_NAMES

CARD_TOKEN = re.compile(r"(?<![A-Z0-9=-])(?:[SHDC]-(?:10|[2-9JQKA])|BJ|RJ)(?![A-Z0-9])")

SCENARIO = {"game": "doudizhu", "flags": {"players": 3}, "phase": "play", "to_act": 1, "landlord": 0,
            "hands": {"1": cards("S-6 H-6 S-9 BJ RJ")}, "trick": [{"seat": 0, "cards": cards("S-5 H-5")}]}


def ok(request):
    response = handle(request)
    assert response.get("ok") is True, response
    json.dumps(response)  # JSON-ready
    return response


def not_ok(request):
    response = handle(request)
    assert response.get("ok") is False, response
    assert ("error" in response and response["error"]) or "verdict" in response
    return response


def load(scenario=SCENARIO, **extra):
    return ok({"op": "load", "scenario": scenario, **extra})


def tokens(obj) -> set[str]:
    return set(CARD_TOKEN.findall(json.dumps(obj, ensure_ascii=False)))


class TestGamesAndNew:
    def test_games(self):
        games = ok({"op": "games"})["games"]
        ddz = next(g for g in games if g["name"] == "doudizhu")
        assert ddz["title"]["ja"] and ddz["title"]["en"]
        assert {"auction", "play"} <= set(ddz["phases"])
        players = next(f for f in ddz["flags"] if f["name"] == "players")
        assert players["default"] == 3 and players["choices"] == [3, 4]

    def test_new(self):
        r = ok({"op": "new", "game": "doudizhu", "flags": {"players": 4}, "seed": 7})
        assert isinstance(r["state"], int)
        view = r["view"]
        assert view["phase"] == "auction" and view["players"] == 4 and view["hand"] is None
        assert view["cards_held"] == [25, 25, 25, 25] and view["kitty"] is None

    def test_same_seed_same_deal(self):
        a = ok({"op": "new", "game": "doudizhu", "seed": "x", "seat": 0})["view"]["hand"]
        b = ok({"op": "new", "game": "doudizhu", "seed": "x", "seat": 0})["view"]["hand"]
        assert a == b and len(a) == 17

    @pytest.mark.parametrize("request_, words", [
        ({"op": "new", "game": "doudizhu", "flags": {"players": 5}}, "flags.players"),
        ({"op": "new", "game": "doudizhu", "flags": {"jokers": True}}, "jokers"),
        ({"op": "new", "game": "chess"}, "chess"),
        ({"op": "new", "game": "daifugo", "preset": "cutin", "flags": {"players": 3}}, "flags.players"),
        ({"op": "new", "game": "daifugo", "flags": {"five_skip": "yes"}}, "five_skip"),
        ({"op": "new", "game": "daifugo", "flags": {"players": 8}}, "flags.players"),
        ({"op": "new", "game": "doudizhu", "seed": True}, "seed"),
    ])
    def test_bad_new(self, request_, words):
        assert words in not_ok(request_)["error"]

    def test_game_not_built(self, unbuilt_game):
        assert "not supported yet" in not_ok({"op": "new", "game": unbuilt_game})["error"]

    def test_bad_seed_type(self):
        response = handle({"op": "new", "game": "doudizhu", "seed": [1]})  # must not raise
        assert response["ok"] is False and response["error"]


class TestLoadViewLegal:
    def test_load(self):
        r = load(seat=1)
        assert r["view"]["phase"] == "play" and r["view"]["to_act"] == 1
        assert sorted(r["view"]["hand"]) == sorted(cards("S-6 H-6 S-9 BJ RJ"))

    def test_load_error_names_the_path(self):
        bad = dict(SCENARIO, hands={"1": cards("S-6 S-11")})
        assert 'hands.1[1]: unknown card "S-11"' in not_ok({"op": "load", "scenario": bad})["error"]
        assert not_ok({"op": "load"})["error"]
        assert "flags" in not_ok({"op": "load", "scenario": {"game": "doudizhu"}})["error"]

    def test_legal(self):
        sid = load()["state"]
        actions = ok({"op": "legal", "state": sid})["actions"]
        assert {key_of(a) for a in actions} == {key_of("PASS"), key_of("S-6 H-6"), key_of("BJ RJ")}
        assert ok({"op": "legal", "state": sid, "seat": 2})["actions"] == []

    def test_explain(self):
        sid = load()["state"]
        verdict = ok({"op": "explain", "state": sid, "action": ["S-9"]})["verdict"]
        assert verdict["legal"] is False and verdict["key"] == "ddz.type_mismatch"
        assert verdict["rule_ids"] == ["DDZ-CMP-1", "DDZ-CMP-2"] and verdict["text"]
        verdict = ok({"op": "explain", "state": sid, "action": ["S-6", "H-6"], "lang": "ja"})["verdict"]
        assert verdict["legal"] is True and "ペア" in verdict["text"]
        assert not_ok({"op": "explain", "state": sid})["error"]  # no action
        assert not_ok({"op": "explain", "state": sid, "action": ["S-11"]})["error"]

    @pytest.mark.parametrize("players", [3, 4])
    def test_view_never_shows_other_hands(self, players):
        r = ok({"op": "new", "game": "doudizhu", "flags": {"players": players}, "seed": 12})
        sid = r["state"]
        marker = r["view"]["marker"]
        spectator = ok({"op": "view", "state": sid})["view"]
        assert spectator["hand"] is None and tokens(spectator) <= {marker}
        for seat in range(players):
            view = ok({"op": "view", "state": sid, "seat": seat})["view"]
            own = set(view["hand"])
            assert len(view["hand"]) == (17 if players == 3 else 25)
            assert own <= tokens(view) <= own | {marker}

    def test_view_after_plays_shows_only_public_cards(self):
        sid = load()["state"]
        sid = ok({"op": "apply", "state": sid, "action": ["S-6", "H-6"]})["state"]
        for seat in range(3):
            view = ok({"op": "view", "state": sid, "seat": seat, "lang": "ja"})["view"]
            public = set(cards("S-5 H-5 S-6 H-6"))
            assert tokens(view) <= public | set(view["hand"])
        assert sorted(ok({"op": "view", "state": sid, "seat": 1})["view"]["hand"]) == sorted(cards("S-9 BJ RJ"))

    @pytest.mark.parametrize("seat", [3, 5, -1, -3, "1", 1.5])
    def test_view_of_a_seat_that_does_not_exist(self, seat):
        sid = ok({"op": "new", "game": "doudizhu", "seed": 3})["state"]
        response = handle({"op": "view", "state": sid, "seat": seat})  # must not raise
        assert response["ok"] is False and response["error"]


class TestApply:
    def test_apply_returns_a_new_state_and_keeps_the_old(self):
        sid = load()["state"]
        before = ok({"op": "view", "state": sid, "seat": 1})["view"]
        r = ok({"op": "apply", "state": sid, "action": ["S-6", "H-6"]})
        assert r["state"] != sid and r["view"]["to_act"] == 2
        assert ok({"op": "view", "state": sid, "seat": 1})["view"] == before  # undo: the old id still works
        assert len(ok({"op": "legal", "state": sid})["actions"]) == 3

    def test_illegal_apply_gives_the_verdict(self):
        sid = load()["state"]
        before = ok({"op": "view", "state": sid, "seat": 1})["view"]
        r = handle({"op": "apply", "state": sid, "action": ["S-9"]})
        assert r["ok"] is False
        assert r["verdict"]["legal"] is False and r["verdict"]["key"] == "ddz.type_mismatch"
        assert r["verdict"]["rule_ids"] and r["verdict"]["text"]
        assert ok({"op": "view", "state": sid, "seat": 1})["view"] == before
        assert ok({"op": "apply", "state": sid, "action": "PASS"})["view"]["to_act"] == 2

    def test_unreadable_action(self):
        sid = load()["state"]
        assert "FOLD" in not_ok({"op": "apply", "state": sid, "action": "FOLD"})["error"]
        assert not_ok({"op": "apply", "state": sid, "action": []})["error"]

    def test_wrong_seat(self):
        sid = load()["state"]
        r = handle({"op": "apply", "state": sid, "action": "PASS", "seat": 2})
        assert r["ok"] is False and r["verdict"]["key"] == "common.not_your_turn"

    def test_play_a_round_and_advance(self):
        sid = load({"game": "doudizhu", "flags": {"players": 3}, "phase": "play", "to_act": 0, "landlord": 0,
                    "bid": 2, "hands": {"0": cards("S-3 H-3")}, "trick": []})["state"]
        r = ok({"op": "apply", "state": sid, "action": ["S-3", "H-3"]})
        assert r["view"]["phase"] == "score"
        assert r["view"]["result"]["winner"] == "landlord" and r["view"]["scores"] == [4, -2, -2]
        nxt = ok({"op": "advance", "state": r["state"], "seat": 0})
        assert nxt["view"]["phase"] == "auction" and nxt["view"]["round"] == 2
        assert nxt["view"]["scores"] == [4, -2, -2] and len(nxt["view"]["hand"]) == 17
        same = ok({"op": "advance", "state": sid})
        assert same["view"]["phase"] == "play"  # nothing to advance outside the score phase


class TestBotsAndHints:
    def test_heuristic_bot_plays_legally(self):
        sid = load()["state"]
        r = ok({"op": "bot", "state": sid})
        assert r["why"]
        verdict = ok({"op": "explain", "state": sid, "action": r["action"]})["verdict"]
        assert verdict["legal"] is True
        assert key_of(r["action"]) == key_of("S-6 H-6")  # the cheapest answer to the 5s

    def test_random_bot_plays_legally(self):
        sid = load()["state"]
        legal = {key_of(a) for a in ok({"op": "legal", "state": sid})["actions"]}
        picks = set()
        for seed in range(12):
            action = ok({"op": "bot", "state": sid, "level": "random", "seed": seed})["action"]
            assert key_of(action) in legal
            picks.add(key_of(action))
        assert len(picks) >= 2
        again = ok({"op": "bot", "state": sid, "level": "random", "seed": 3})["action"]
        assert again == ok({"op": "bot", "state": sid, "level": "random", "seed": 3})["action"]

    def test_bot_in_the_auction(self):
        sid = ok({"op": "new", "game": "doudizhu", "seed": 5})["state"]
        action = ok({"op": "bot", "state": sid})["action"]
        assert action == "PASS" or set(action) == {"bid"}

    @pytest.mark.parametrize("lang", ["en", "ja"])
    def test_hint(self, lang):
        sid = load()["state"]
        hint = ok({"op": "hint", "state": sid, "lang": lang})["hint"]
        assert set(hint) == {"action", "label", "focus", "candidates", "why", "rule"}
        assert hint["rule"]["legal"] is True and hint["why"] and hint["focus"]["text"]
        assert key_of(hint["action"]) == key_of("S-6 H-6")
        # level 1: the play to beat (a pair of 5s) and what beats it, with the rules, not the answer
        assert catalog(lang)["ddz.type.pair"] in hint["focus"]["text"]
        assert "6" not in hint["focus"]["text"] and "DDZ-CMP-1" in hint["focus"]["rule_ids"]
        # level 2: candidates, the answer among them, each legal
        legal = {key_of(a) for a in ok({"op": "legal", "state": sid})["actions"]}
        listed = [key_of(a) for a in hint["candidates"]["actions"]]
        assert key_of(hint["action"]) in listed and set(listed) <= legal and len(listed) >= 2
        assert {"S-6", "H-6"} <= set(hint["candidates"]["cards"])

    def test_hint_to_pass(self):
        sid = load(dict(SCENARIO, hands={"1": cards("S-3 S-4")}))["state"]
        hint = ok({"op": "hint", "state": sid})["hint"]
        assert hint["action"] == "PASS"
        # nothing beats the pair: passing is the only choice, and level 2 says so
        assert hint["candidates"]["only"] is True and hint["candidates"]["actions"] == ["PASS"]
        assert hint["candidates"]["text"] == render("hint.options.only", {"options": ["Pass"]}, "en")

    def test_hint_in_the_auction(self):
        sid = ok({"op": "new", "game": "doudizhu", "seed": 5})["state"]
        hint = ok({"op": "hint", "state": sid})["hint"]
        assert hint["rule"]["legal"] is True and hint["focus"]["text"]
        assert "DDZ-BID-1" in hint["focus"]["rule_ids"]
        # the auction's four buttons, in their own order, the answer among them
        assert hint["candidates"]["actions"] == ["PASS", {"bid": 1}, {"bid": 2}, {"bid": 3}]


class TestBadRequests:
    @pytest.mark.parametrize("request_", [None, [], "view", 3])
    def test_not_an_object(self, request_):
        assert not_ok(request_)["error"]

    def test_unknown_op(self):
        assert "frobnicate" in not_ok({"op": "frobnicate"})["error"]
        assert not_ok({})["error"]

    @pytest.mark.parametrize("op", ["view", "legal", "explain", "apply", "bot", "hint", "advance"])
    def test_unknown_state(self, op):
        assert "state" in not_ok({"op": op, "state": 10**9, "action": "PASS"})["error"]
        assert not_ok({"op": op, "action": "PASS"})["error"]

    @pytest.mark.parametrize("op, level", [("hint", None), ("bot", "heuristic"), ("bot", "random")])
    @pytest.mark.parametrize("seat", [0, 2])
    def test_bot_and_hint_for_a_seat_that_is_not_to_act(self, op, level, seat):
        sid = load()["state"]  # seat 1 is to act; seats 0 and 2 have no decision
        request = {"op": op, "state": sid, "seat": seat}
        if level:
            request["level"] = level
        response = handle(request)  # must not raise
        assert response["ok"] is False and response["error"]

    def test_handle_json(self):
        assert json.loads(handle_json("{not json"))["ok"] is False
        assert json.loads(handle_json(json.dumps({"op": "games"})))["ok"] is True
        text = handle_json(json.dumps({"op": "load", "scenario": SCENARIO, "seat": 1, "lang": "ja"}))
        assert json.loads(text)["ok"] is True and "\\u" not in text  # Japanese travels as UTF-8


@pytest.mark.parametrize("game", BUILT_NAMES)
def test_playout_plays_a_seeded_round_to_its_end(game):
    first = handle({"op": "playout", "game": game, "seed": 11})
    # a round of a card game takes many decisions; a 2d6 check is one roll (a target may come first)
    assert first["ok"] and first["over"] and first["actions"] >= (1 if game == "dice" else 10)
    assert handle({"op": "playout", "game": game, "seed": 11}) == first  # seeded: the same round again
    timed = handle({"op": "timeit", "reps": 2, "request": {"op": "playout", "game": game, "seed": 11}})
    assert timed["ok"] and len(timed["ms"]) == 2


def test_playout_rejects_bad_input_with_a_message():
    assert handle({"op": "playout", "game": "nope"})["error"].startswith("game nope not supported")
    assert "seed" in handle({"op": "playout", "game": "tichu", "seed": [1]})["error"]


@pytest.mark.cpython_only  # a subprocess: none inside Pyodide
def test_a_game_loads_only_its_own_module():
    """find_game imports one game (a page about Dou Dizhu compiles no Tichu code at start)."""
    import subprocess
    import sys
    code = ("import sys; from tutor.registry import find_game; find_game('doudizhu'); "
            "print(sorted(m for m in sys.modules if m.count('.') == 2 and m.startswith('tutor.games.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['tutor.games.doudizhu']"
    listed = [g["name"] for g in handle({"op": "games"})["games"]]
    assert listed == list(BUILT_NAMES)


def test_views_send_only_the_log_entries_after_log_since():
    """The event log travels as new entries (Game.view): a page holding n entries asks for the rest."""
    first = handle({"op": "new", "game": "tichu", "seed": 3})
    sid, full = first["state"], first["view"]
    assert full["log_from"] == 0 and full["log_length"] == len(full["log"]) > 0
    n = full["log_length"]
    moved = handle({"op": "apply", "state": sid, "seat": 0, "action": {"grand": False}, "log_since": n})
    assert moved["ok"] and moved["view"]["log_from"] == n
    assert moved["view"]["log_length"] == n + len(moved["view"]["log"])
    whole = handle({"op": "view", "state": moved["state"], "seat": 0})["view"]["log"]
    assert whole[:n] == full["log"] and whole[n:] == moved["view"]["log"]
    # after an undo the page holds more than the older position's log: nothing new, and how long it is
    back = handle({"op": "view", "state": sid, "seat": 0, "log_since": len(whole)})["view"]
    assert back["log"] == [] and back["log_from"] == back["log_length"] == n
    for bad in (-1, "3", True, 1.5):
        reply = handle({"op": "view", "state": sid, "seat": 0, "log_since": bad})
        assert not reply["ok"] and "log_since" in reply["error"]
