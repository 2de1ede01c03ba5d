"""A moment of a practice deal in a share link (issue 14): the moves code (tutor/share.py) and the
bridge's ``share`` and ``replay_deal`` ops.

A practice session is played here as the page plays it (site/static/practice.js): the learner's
moves with ``apply``, the bots' with ``bot_move``, windows resolved with ``window`` (the learner
bombs when asked, sometimes), ``next_hand`` once a hand is over, the page's undo list kept as the
page keeps it. The moment link of any position replays to that same position, undo list included;
a bad code or a bad move is refused by its number, saying why.
"""
from __future__ import annotations

import base64
import json
import random
import time
import zlib
from typing import Any

import pytest

from tutor import share
from tutor.api import _STATES, handle, handle_json
from tutor.share import MAX_CODE, MAX_MOVES, Move, NEXT, ShareError, decode, encode

#: codes written by format 1 on the day it was made: they must read the same for ever
FROZEN = {
    "1.i0ZVAI1ew1pUoyEBYQz2EciVsQA": [[0, "PASS"], [1, {"bid": 1}], [2, "PASS"], [1, ["S-3", "H-3"]]],
}


def ok(request: dict[str, Any]) -> dict[str, Any]:
    reply = handle(request)
    assert reply.get("ok") is True, reply
    return reply


def refused(request: dict[str, Any], key: str) -> dict[str, Any]:
    reply = handle(request)
    assert reply["ok"] is False and not reply.get("internal"), reply
    assert reply["error_key"] == key, reply
    return reply


class Session:
    """A practice session driven through the bridge the way the page drives it."""

    def __init__(self, game: str, seed: Any, seat: int = 0, flags: dict | None = None, bomb_odds: float = 0.5,
                 rng: random.Random | None = None) -> None:
        self.game, self.seed, self.seat, self.flags = game, seed, seat, flags or {}
        self.rng = rng or random.Random(7)
        self.bomb_odds = bomb_odds
        reply = ok({"op": "new", "game": game, "seed": seed, "flags": self.flags, "viewer": seat})
        self.id = reply["state"]
        self.undo: list[int] = []
        self.hands = 1
        self.out_of_turn = {"bots": 0, "learner": 0}  # actions taken out of turn (bombs)

    def view(self) -> dict[str, Any]:
        return ok({"op": "view", "state": self.id})["view"]

    def step(self) -> bool:
        """One move (the learner's or a bot's) with its window resolved; False once the hand is over."""
        view = self.view()
        if view["to_act"] is None or view.get("result"):
            return False
        if view["to_act"] == self.seat:
            self.undo.append(self.id)
            legal = ok({"op": "legal", "state": self.id, "expand": True})["actions"]
            reply = ok({"op": "apply", "state": self.id, "action": self.rng.choice(legal)})
        else:
            reply = ok({"op": "bot_move", "state": self.id})
        self.id = self.settle(reply)
        return True

    def settle(self, applied: dict[str, Any]) -> int:
        """table.js:resolveWindow: the engine resolves the window; the learner sometimes bombs."""
        sid = applied["state"]
        if not applied.get("window"):
            return sid
        declined: list[int] = []
        while True:
            reply = ok({"op": "window", "state": sid, "declined": declined})
            self.out_of_turn["bots"] += len(reply["taken"])
            if reply["status"] == "closed":
                return reply["state"]
            sid, declined = reply["state"], [self.seat]
            if self.rng.random() < self.bomb_odds:
                bomb = self.rng.choice(reply["ask"]["actions"])
                took = ok({"op": "apply", "state": sid, "action": bomb, "in_turn": False})
                sid, declined = took["state"], []
                self.out_of_turn["learner"] += 1
                self.undo.append(sid)

    def next_hand(self) -> None:
        reply = ok({"op": "next_hand", "state": self.id})
        self.undo = []
        self.id = reply["state"]
        self.hands += 1

    def play(self, moves: int) -> "Session":
        for _ in range(moves):
            if not self.step():
                if ok({"op": "view", "state": self.id})["view"]["session"].get("game_over"):
                    break
                self.next_hand()
        return self

    def moment(self) -> dict[str, Any]:
        code = ok({"op": "share", "state": self.id})["moves"]
        return {"op": "replay_deal", "game": self.game, "seed": self.seed, "flags": self.flags, "viewer": self.seat,
                "moves": code}


def same_position(a: int, b: int) -> None:
    assert _STATES[a].state == _STATES[b].state
    assert handle({"op": "view", "state": a}) == handle({"op": "view", "state": b})


# ------------------------------------------------------------------ the code
def test_codes_written_today_read_the_same() -> None:
    for code, moves in FROZEN.items():
        assert [m if m == NEXT else m.to_json() for m in decode(code)] == moves
        assert encode([Move(*m) for m in moves]) == code


def test_a_code_round_trips_every_kind_of_move() -> None:
    moves = [Move(0, {"grand": False}), Move(2, ["S-9", "H-9", "D-9", "C-9"], False), NEXT,
             Move(1, {"exchange": {"0": "DOG", "2": "S-3", "3": "PHOENIX"}}), Move(3, "PASS")]
    code = encode(moves)
    assert code.startswith("1.") and set(code[2:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert decode(code) == moves


@pytest.mark.parametrize("game, seed, moves", [("doudizhu", 5, 200), ("tichu", 3, 90), ("napoleon", 2, 70)])
def test_a_shared_moment_replays_to_the_same_position_and_undo(game: str, seed: int, moves: int) -> None:
    """Every 7th position of a session, and its last: the moment link gives the same state, view
    and undo list (the positions the page's Undo goes back to)."""
    session = Session(game, seed)
    for _ in range(moves // 7):
        session.play(7)
        replayed = ok(session.moment())
        same_position(replayed["state"], session.id)
        assert len(replayed["undo"]) == len(session.undo)
        for mine, theirs in zip(session.undo, replayed["undo"]):
            same_position(mine, theirs)
    assert session.hands > 1 or game != "doudizhu"  # the Dou Dizhu session went on to the next hand


@pytest.mark.parametrize("seed, seat, bots, learner", [(4, 1, 0, 1), (6, 1, 1, 0), (56, 2, 1, 1)])
def test_moments_with_bombs_out_of_turn_replay(seed: int, seat: int, bots: int, learner: int) -> None:
    """Tichu sessions where bombs were taken out of turn, by a bot, by the learner, by both."""
    session = Session("tichu", seed, seat=seat, bomb_odds=1.0, rng=random.Random(seed)).play(100)
    assert session.out_of_turn == {"bots": bots, "learner": learner}, "the session changed: pick other seeds"
    replayed = ok(session.moment())
    same_position(replayed["state"], session.id)
    assert [_STATES[i].state for i in replayed["undo"]] == [_STATES[i].state for i in session.undo]
    out_of_turn = [m for m in decode(session.moment()["moves"]) if m != NEXT and not m.in_turn]
    assert len(out_of_turn) == bots + learner


def test_a_moment_is_shared_again_after_replay_and_undo() -> None:
    session = Session("doudizhu", 8).play(30)
    replayed = ok(session.moment())
    again = ok({"op": "share", "state": replayed["state"]})
    assert again["moves"] == ok({"op": "share", "state": session.id})["moves"]
    first = replayed["undo"][0]
    assert ok({"op": "share", "state": first})["count"] < again["count"]


def test_the_deal_itself_has_no_moves_and_a_lesson_position_none_to_share() -> None:
    new = ok({"op": "new", "game": "tichu", "seed": 4, "viewer": 1})
    shared = ok({"op": "share", "state": new["state"]})
    assert shared["count"] == 0 and decode(shared["moves"]) == []
    replayed = ok({"op": "replay_deal", "game": "tichu", "seed": 4, "viewer": 1, "moves": shared["moves"]})
    same_position(replayed["state"], new["state"]) and replayed["undo"] == []
    scenario = {"game": "doudizhu", "flags": {}, "phase": "play", "to_act": 0, "landlord": 0,
                "hands": {"0": ["S-3", "H-4"]}, "trick": []}
    lesson = ok({"op": "load", "scenario": scenario})
    refused({"op": "share", "state": lesson["state"]}, "error.share.not_a_deal")


def test_the_preset_and_flags_of_the_deal_are_the_new_ops() -> None:
    flags = {"players": 4, "spring": True}
    session = Session("doudizhu", "class-3B", seat=2, flags=flags).play(12)
    request = {**session.moment(), "preset": "online"}
    # the same moves on another preset's deal: the same seed, other rules, so another position
    other = handle(request)
    assert not other["ok"] or _STATES[other["state"]].state != _STATES[session.id].state


# ------------------------------------------------------------------ refused, by number and reason
def tampered(code_moves: Any) -> str:
    """A code written by hand: moves (or JSON text) packed as format 1 packs them."""
    text = (code_moves if isinstance(code_moves, str) else json.dumps(code_moves, separators=(",", ":"))).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, share.ZDICT_1)
    return "1." + base64.urlsafe_b64encode(packer.compress(text) + packer.flush()).rstrip(b"=").decode()


def deal_moves(n: int) -> tuple[dict[str, Any], list[Any]]:
    session = Session("doudizhu", 5).play(n)
    request = session.moment()
    return request, [m if m == NEXT else m.to_json() for m in decode(request["moves"])]


def test_an_illegal_move_is_named_by_its_number_and_reason() -> None:
    request, moves = deal_moves(12)
    moves[4] = [moves[4][0], ["S-3", "S-3", "S-3", "S-3", "S-3"]]  # five 3s of spades: no such hand
    reply = handle({**request, "moves": tampered(moves)})
    assert reply["ok"] is False and reply["error_key"] in ("error.share.illegal", "error.share.move")
    assert reply["error_params"]["n"] == 5 and reply["error"].startswith("moves: move 5")
    ja = handle({**request, "moves": tampered(moves), "lang": "ja"})
    assert "5手目" in ja["error"]


def test_a_move_out_of_turn_that_the_rules_refuse() -> None:
    request, moves = deal_moves(10)
    moves[6] = [(moves[6][0] + 1) % 3, moves[6][1]]  # move 7, by a seat whose turn it is not
    reply = refused({**request, "moves": tampered(moves)}, "error.share.illegal")
    assert reply["error_params"]["n"] == 7 and "seat" in reply["error"]
    assert reply["error_params"]["rules"], "the refusal cites the rule"


@pytest.mark.parametrize("bad, key, n", [
    ([0], "error.share.bad_move", 1),
    (["0", "PASS"], "error.share.bad_move", 1),
    ([True, "PASS"], "error.share.bad_move", 1),
    ([0, "PASS", 1], "error.share.bad_move", 1),
    ([0, "PASS", 0, 0], "error.share.bad_move", 1),
    ({"seat": 0, "action": "PASS"}, "error.share.bad_move", 1),
    ("later", "error.share.bad_move", 1),
    ([7, "PASS"], "error.share.no_seat", 1),
    ([-1, "PASS"], "error.share.no_seat", 1),
    ([0, ["S-11"]], "error.share.move", 1),
    ([0, {"bid": 1, "and": 2}], "error.share.move", 1),
    (NEXT, "error.share.hand_not_over", 1),
])
def test_malformed_moves_are_refused_by_number(bad: Any, key: str, n: int) -> None:
    request, _ = deal_moves(0)
    reply = refused({**request, "moves": tampered([bad])}, key)
    assert reply["error_params"]["n"] == n and reply["error_path"] == "moves"
    assert f"move {n}" in reply["error"]


def test_a_move_out_of_turn_outside_any_window() -> None:
    request, moves = deal_moves(5)
    moves.append([moves[-1][0], "PASS", 0])
    reply = handle({**request, "moves": tampered(moves)})
    assert reply["ok"] is False and reply["error_params"]["n"] == 6


@pytest.mark.parametrize("code, key", [
    (7, "error.expected"),
    ("", "error.share.damaged"),
    ("AAAA", "error.share.damaged"),
    ("9.AAAA", "error.share.format"),
    ("999999999.AAAA", "error.share.damaged"),
    ("1.!!!!", "error.share.damaged"),
    ("1.A", "error.share.damaged"),
    ("1.AAAA", "error.share.damaged"),
    ("1." + base64.urlsafe_b64encode(b"not deflate at all").decode().rstrip("="), "error.share.damaged"),
])
def test_codes_that_are_no_codes(code: Any, key: str) -> None:
    request, _ = deal_moves(0)
    refused({**request, "moves": code}, key)


def test_a_code_cut_short_or_with_more_after_it_is_damaged() -> None:
    request, moves = deal_moves(20)
    code = request["moves"]
    refused({**request, "moves": code[: len(code) // 2]}, "error.share.damaged")
    packed = base64.urlsafe_b64decode(code[2:] + "=" * (-len(code[2:]) % 4))
    longer = "1." + base64.urlsafe_b64encode(packed + b"\x00\x01").decode().rstrip("=")
    refused({**request, "moves": longer}, "error.share.damaged")
    refused({**request, "moves": tampered({"moves": moves})}, "error.share.damaged")
    refused({**request, "moves": tampered([[0, "PASS"]] * 3)[:-1] + "~"}, "error.share.damaged")


def test_bounds_before_any_work() -> None:
    request, _ = deal_moves(0)
    began = time.perf_counter()
    huge = "1." + "A" * 10_000_000  # a tampered link with 10 MB of moves
    reply = handle({**request, "moves": huge})
    assert reply["ok"] is False and reply["error_path"].endswith("moves") and "10,000,002" in reply["error"]
    reply = json.loads(handle_json(json.dumps({**request, "moves": huge})))
    assert reply["ok"] is False and reply["error_key"].startswith("error.input.")
    with pytest.raises(ShareError) as exc:
        decode(huge)
    assert exc.value.key == "error.share.too_long" and exc.value.params["limit"] == MAX_CODE
    # a small code that would inflate to megabytes (a "zip bomb"): refused once past the bound
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, share.ZDICT_1)
    bomb = packer.compress(b"[" + b" " * 5_000_000) + packer.flush()
    code = "1." + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(code) < MAX_CODE
    refused({**request, "moves": code}, "error.share.too_large")
    refused({**request, "moves": tampered([[0, "PASS"]] * (MAX_MOVES + 1))}, "error.share.too_many")
    refused({**request, "moves": tampered("[" * 5_000 + "]" * 5_000)}, "error.share.damaged_at")
    refused({**request, "moves": tampered([[0, 10 ** 30]])}, "error.share.damaged_at")
    assert time.perf_counter() - began < 5


def test_a_session_too_long_for_a_link_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session("doudizhu", 5).play(12)
    monkeypatch.setattr(share, "MAX_MOVES", 5)
    reply = refused({"op": "share", "state": session.id}, "error.share.too_many")
    assert reply["error_params"] == {"n": 12, "limit": 5}


def test_the_deal_of_a_moment_is_checked_as_new_checks_it() -> None:
    request, _ = deal_moves(3)
    refused({**request, "flags": {"sprung": True}}, "error.flag.unknown")
    refused({**request, "game": "nosuchgame"}, "error.game.not_built")
    refused({**request, "viewer": 5}, "error.no_seat")
    refused({**request, "preset": "house"}, "error.flag.unknown_preset")


def test_the_japanese_refusals_are_japanese() -> None:
    request, _ = deal_moves(0)
    for code, key in (("9.AAAA", "error.share.format"), ("1.A", "error.share.damaged"),
                      (tampered([[5, "PASS"]]), "error.share.no_seat")):
        reply = refused({**request, "moves": code, "lang": "ja"}, key)
        assert "手順" in reply["error"] or "手目" in reply["error"]
