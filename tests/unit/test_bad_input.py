"""Every instance of bad input issue 13 names, as a regression test (the fuzz suite in
tests/fuzz/ looks for the class). The contract: a clear message naming what is wrong, exit
status 2 from the command line, ``{"ok": false, ...}`` from the bridge; never a traceback, a
hang, or a changed state.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tutor.api import handle, handle_json
from tutor.cli import main

DDZ = {"game": "doudizhu", "flags": {}, "phase": "play", "to_act": 0, "hands": {"0": ["S-3", "H-3"]}, "trick": []}
TICHU = {"game": "tichu", "flags": {}, "phase": "play", "to_act": 0, "hands": {"0": ["S-3", "H-5"]}, "trick": []}
NAPOLEON = {"game": "napoleon", "flags": {}, "phase": "play", "to_act": 0, "trump": "S", "trick_no": 1, "trick": [],
            "hands": {"0": ["S-3"]}}


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def scenario_file(tmp_path: Path, data: Any, name: str = "s.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def refused(reply: dict[str, Any], *words: str) -> str:
    assert reply["ok"] is False and not reply.get("internal"), reply
    for word in words:
        assert word in reply["error"], (word, reply["error"])
    return reply["error"]


# --------------------------------------------------------------------------- the command line
@pytest.mark.parametrize("seed", [1.5, None, {}, []])
def test_a_tichu_seed_that_is_no_seed(capsys, tmp_path, seed):
    code, out, err = cli(capsys, "legal", scenario_file(tmp_path, {**TICHU, "seed": seed}))
    assert code == 2 and out == "" and err.startswith("error: seed: ") and "Traceback" not in err


@pytest.mark.parametrize("wish", [[], {}])
def test_a_tichu_wish_that_is_no_rank(capsys, tmp_path, wish):
    code, _, err = cli(capsys, "legal", scenario_file(tmp_path, {**TICHU, "wish": wish}))
    assert code == 2 and err.startswith("error: wish: expected a rank")


def test_a_file_that_is_not_utf8(capsys, tmp_path):
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"game": "doudizhu", "x": "\xe9"}')
    code, _, err = cli(capsys, "legal", str(path))
    assert code == 2 and "not UTF-8" in err


@pytest.mark.parametrize("command", ["legal", "golden"])
def test_a_file_nested_100000_deep(capsys, tmp_path, command):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    code, _, err = cli(capsys, command, str(path))
    assert code == 2 and "nested more than" in err


def test_a_5000_digit_number_in_a_scenario_and_in_an_action(capsys, tmp_path):
    path = tmp_path / "big.json"
    path.write_text(json.dumps(DDZ)[:-1] + ', "seed": ' + "9" * 5000 + "}", encoding="utf-8")
    code, _, err = cli(capsys, "legal", str(path))
    assert code == 2 and "too large" in err
    code, _, err = cli(capsys, "explain", scenario_file(tmp_path, DDZ), '{"bid": ' + "9" * 5000 + "}")
    assert code == 2 and "too large" in err


def test_an_action_nested_900_deep(capsys, tmp_path):
    code, _, err = cli(capsys, "explain", scenario_file(tmp_path, DDZ), "[" * 900 + "]" * 900)
    assert code == 2 and "nested more than" in err and len(err) < 400


@pytest.mark.parametrize("seat", ["7", "-1"])
def test_play_with_a_seat_that_does_not_exist(capsys, seat):
    code, _, err = cli(capsys, "play", "doudizhu", f"--seat={seat}")
    assert code == 2 and f"--seat {seat}: no such seat" in err


@pytest.mark.cpython_only  # Pyodide's file system has no /dev/zero (and the page has no command line)
def test_reading_dev_zero_ends(capsys):
    code, _, err = cli(capsys, "legal", "/dev/zero")
    assert code == 2 and "larger than" in err


# --------------------------------------------------------------------------- the bridge
@pytest.mark.parametrize("op", [[], {}, None, 7])
def test_an_op_that_is_no_name(op):
    refused(handle({"op": op}), "unknown op")


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, ["nested more than"]),
    ('{"op": "new", "game": "tichu", "seed": ' + "9" * 5000 + "}", ["too large"]),
    ('{"op": "explain", "state": 1, "action": ' + "[" * 1000 + "]" * 1000 + "}", ["nested more than"]),
    ('{"op": "explain", "state": 1, "action": ' + "[" * 3000 + "]" * 3000 + "}", ["nested more than"]),
])
def test_handle_json_of_hostile_shapes(text, words):
    refused(json.loads(handle_json(text)), *words)


@pytest.mark.parametrize("field, value, words", [
    ("state", [1], ["state: expected a state id"]),
    ("lang", [], ["lang: "]),
    ("in_turn", "false", ["in_turn: expected true or false"]),
    ("level", "expert", ["level: "]),
    ("seed", "\ud800", ["lone surrogate"]),
])
def test_fields_are_named_when_wrong(field, value, words):
    sid = handle({"op": "new", "game": "doudizhu", "seed": 1})["state"]
    op = "bot" if field == "level" else "view" if field != "seed" else "new"
    request = {"op": op, "state": sid, "game": "doudizhu", field: value}
    refused(handle(request), *words)


def test_a_surrogate_seed_through_json():
    refused(json.loads(handle_json(json.dumps({"op": "new", "game": "tichu", "seed": "\ud800"}))), "lone surrogate")


@pytest.mark.parametrize("value", [0, -5, 10 ** 400])
def test_a_tichu_target_score_out_of_range(value):
    error = refused(handle({"op": "new", "game": "tichu", "seed": 1, "flags": {"target_score": value}}))
    assert "target_score" in error
    error = refused(handle({"op": "load", "scenario": {**TICHU, "flags": {"target_score": value}}}))
    assert "target_score" in error


def test_a_target_score_typed_as_text_is_named():
    error = refused(handle({"op": "new", "game": "tichu", "flags": {"target_score": "1" * 400}}))
    assert "target_score" in error and "None" not in error


@pytest.mark.parametrize("scenario, words", [
    ({**NAPOLEON, "hands": {"3": ["S-2", "S-3", "S-4", "S-5", "S-6", "S-7", "S-8", "S-9", "S-10", "S-J", "S-Q",
                                  "S-K", "H-2", "H-3", "H-4", "H-5", "H-6", "H-7", "H-8", "H-9", "H-10", "H-J",
                                  "H-Q", "H-K", "D-2", "D-3", "D-4", "D-5", "D-6", "D-7"]}},
     ["hands.3: 30 cards", "at most 10"]),
    ({**DDZ, "hands": {"1": [f"{s}-{r}" for s in "SHD" for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")]}},
     ["hands.1: 30 cards"]),
    ({**TICHU, "hands": {"0": [f"{s}-{r}" for s in "SHD" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J")]}},
     ["hands.0: 30 cards", "14"]),
])
def test_hands_larger_than_the_deal(scenario, words):
    refused(handle({"op": "load", "scenario": scenario}), *words)


def test_an_unknown_bot_level():
    sid = handle({"op": "new", "game": "napoleon", "seed": 1})["state"]
    refused(handle({"op": "bot", "state": sid, "level": "grandmaster"}), "level")


def test_timeit_is_bounded():
    refused(handle({"op": "timeit", "request": {"op": "games"}, "reps": 10_000}), "reps")
    reply = handle({"op": "timeit", "request": {"op": "games"}, "reps": 5})
    assert reply["ok"] and len(reply["ms"]) == 5


def test_a_million_card_action_is_refused_at_once():
    sid = handle({"op": "new", "game": "tichu", "seed": 1})["state"]
    refused(handle({"op": "explain", "state": sid, "action": ["S-3"] * 1_000_000}), "values")
    refused(handle({"op": "explain", "state": sid, "action": ["S-3"] * 5_000}), "cards")


def test_views_share_nothing_with_the_stored_state():
    """After bidding 3 in Dou Dizhu, changing the view in place changes no later view."""
    sid = handle({"op": "new", "game": "doudizhu", "seed": 4})["state"]
    seat = handle({"op": "view", "state": sid})["view"]["to_act"]
    reply = handle({"op": "apply", "state": sid, "action": {"bid": 3}, "seat": seat})
    assert reply["ok"], reply
    view = reply["view"]
    kept = copy.deepcopy(view)
    for entry in view["log"]:
        for value in entry["params"].values():
            if isinstance(value, list):
                value.append("S-3")
        entry["params"]["seat"] = 99
    for entry in view["auction"]:
        entry["action"]["bid"] = 1
    view["display"]["seats"].clear()
    again = handle({"op": "view", "state": reply["state"], "seat": seat})["view"]  # the same seat's view
    assert again == kept
