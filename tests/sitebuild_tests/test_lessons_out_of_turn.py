"""Lesson steps out of turn (Tichu bombs): scripted interrupts, windows left open, "let it go".

The build runs these lessons in CPython; the page replays the same path in the engine, so
the replay entries must say which moves were out of turn and which positions stayed open.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sitebuild.lessons import LET_GO, LessonError, compute_lesson, parse_lesson

HANDS = {"0": ["S-9", "H-9", "D-9", "C-9", "S-3", "H-K"], "1": ["S-4", "H-4", "D-5"],
         "2": ["S-6", "H-7"], "3": ["D-8", "C-8", "S-2"]}


def _scenario(to_act: int = 1) -> dict:
    return {"flags": {}, "phase": "play", "to_act": to_act, "trick": [], "hands": HANDS}


def _lesson(tmp_path: Path, *steps: dict) -> Path:
    body = ["---", "key: t-test", "title: Test", "---"]
    for i, step in enumerate(steps):
        body += [f"Step {i + 1}.", "", "```step", json.dumps(step), "```", ""]
    body.append("Done.")
    path = tmp_path / "01-test.md"
    path.write_text("\n".join(body), "utf-8")
    return path


def _compute(path: Path) -> list[dict]:
    return compute_lesson(parse_lesson(path, "en", "tichu"))


BOMB = ["S-9", "H-9", "D-9", "C-9"]


def test_an_out_of_turn_ask_sees_the_play_it_answers_still_open(tmp_path: Path) -> None:
    steps = _compute(_lesson(tmp_path, {
        "scenario": _scenario(), "seat": 0, "moves": [{"seat": 1, "action": ["S-4", "H-4"]}],
        "ask": {"out_of_turn": True, "answers": [BOMB], "wrong": [LET_GO, ["S-3"]]}},
        {"moves": [{"seat": 1, "action": "PASS"}]}))
    first = steps[0]
    assert first["moves"] == [{"seat": 1, "action": ["S-4", "H-4"]}]  # the engine keeps its window open
    assert first["frames"][-1]["trick"][-1] == {"seat": 1, "cards": ["S-4", "H-4"]}  # still the play to answer
    ask = first["ask"]
    assert ask["out_of_turn"] is True
    assert LET_GO in ask["legal"] and "C-9 D-9 H-9 S-9" in ask["legal"]
    legal, text, rules = ask["table"]["S-3"]
    assert legal == 0 and "TICHU-BOMB-4" in rules
    assert ask["table"][LET_GO][0] == 1
    # the answer was played out of turn: the next seat after the bomber acts, the bomb is on top
    after = steps[0]["after"]
    assert after["trick"][-1] == {"seat": 0, "cards": BOMB, "in_turn": False}
    assert after["to_act"] == 1
    assert steps[1]["replay"][-1] == {"seat": 0, "action": BOMB, "in_turn": False}


def test_letting_the_chance_go_closes_the_window_and_replays_as_let_go(tmp_path: Path) -> None:
    steps = _compute(_lesson(tmp_path, {
        "scenario": _scenario(), "seat": 0, "moves": [{"seat": 1, "action": ["S-4", "H-4"]}],
        "ask": {"out_of_turn": True, "answers": [LET_GO], "wrong": [BOMB]}},
        {"moves": [{"seat": 2, "action": "PASS"}]}))
    assert steps[0]["ask"]["answers"] == [LET_GO]
    assert steps[0]["ask"]["hint"]["action"] is None
    # level 1 names the window's rule, level 2 offers the bomb and letting it go, level 3 the rule
    assert "TICHU-BOMB-4" in steps[0]["ask"]["hint"]["focus_rules"]
    assert "Let it go" in steps[0]["ask"]["hint"]["candidates"]
    assert steps[1]["replay"][-1] == {"seat": 0, "action": LET_GO, "in_turn": False}
    assert steps[1]["frames"][-1]["trick"][-1] == {"seat": 2, "action": "PASS"}


def test_a_scripted_bomb_out_of_turn(tmp_path: Path) -> None:
    steps = _compute(_lesson(tmp_path, {
        "scenario": _scenario(), "seat": 2,
        "moves": [{"seat": 1, "action": ["S-4", "H-4"]}, {"seat": 0, "action": BOMB, "in_turn": False}]}))
    moves = steps[0]["moves"]
    assert moves[0] == {"seat": 1, "action": ["S-4", "H-4"]} and moves[1]["in_turn"] is False
    assert steps[0]["frames"][-1]["trick"][-1]["in_turn"] is False


def test_an_illegal_interrupt_fails_the_build_with_its_reason(tmp_path: Path) -> None:
    path = _lesson(tmp_path, {"scenario": _scenario(), "seat": 2,
                              "moves": [{"seat": 0, "action": BOMB, "in_turn": False}]})
    with pytest.raises(LessonError, match=r"01-test.md:\d+: step 1: moves\[0\].*out of turn.*TICHU-BOMB-5"):
        _compute(path)


@pytest.mark.parametrize("step, message", [
    ({"scenario": _scenario(0), "seat": 0, "ask": {"out_of_turn": True, "answers": [LET_GO]}}, "learner's turn"),
    ({"scenario": _scenario(0), "seat": 0, "ask": {"answers": [LET_GO]}}, "out of turn only"),
    ({"scenario": _scenario(1), "seat": 0, "ask": {"answers": [BOMB]}}, "out_of_turn"),
    ({"scenario": _scenario(1), "seat": 0, "ask": {"out_of_turn": "yes"}}, "true or false"),
    ({"scenario": _scenario(1), "seat": 0, "moves": [{"seat": 1, "action": "PASS", "in_turn": 0}]}, "in_turn"),
])
def test_bad_out_of_turn_steps_name_what_is_wrong(tmp_path: Path, step: dict, message: str) -> None:
    with pytest.raises(LessonError, match=message):
        _compute(_lesson(tmp_path, step))


def test_a_call_is_a_decision_open_at_any_turn(tmp_path: Path) -> None:
    hand = ["S-9", "H-9", "D-9", "C-9", "S-3", "H-K", "PHOENIX", "S-5", "S-6", "S-7", "S-8", "D-2", "D-3", "D-4"]
    steps = _compute(_lesson(tmp_path, {
        "scenario": {"flags": {}, "phase": "play", "to_act": 0, "trick": [], "hands": {"0": hand}},
        "ask": {"answers": [{"call": "tichu"}]}},
        {"ask": {"answers": [["D-2", "D-3", "D-4", "PHOENIX=5", "S-6"]]}}))
    assert '{"call":"tichu"}' in steps[0]["ask"]["legal"]
    assert "Tichu!" in steps[0]["after"]["display.seats.0"]["label"]  # the page shows the call
    assert steps[0]["ask"]["side"] == ['{"call":"tichu"}'] and steps[0]["ask"]["labels"]['{"call":"tichu"}'] == "Call Tichu!"
    second = steps[1]["ask"]
    # a 14-card lead has hundreds of plays: the list is capped, shortest first, and says so
    assert second["complete"] is False
    assert all(" " not in key for key in second["legal"][:14])
    assert second["table"]["D-2 D-3 D-4 PHOENIX=5 S-6"][0] == 1


def test_frames_send_grown_lists_as_new_entries_and_texts_once() -> None:
    from sitebuild.lessons import delta, intern_texts
    prev = {"trick": [{"seat": 1, "cards": ["S-4"]}], "hand": ["S-3", "H-K"], "to_act": 2}
    cur = {"trick": [{"seat": 1, "cards": ["S-4"]}, {"seat": 2, "action": "PASS"}], "hand": ["H-K"], "to_act": 3}
    assert delta(prev, cur) == {"trick": {"+": [{"seat": 2, "action": "PASS"}]}, "hand": ["H-K"], "to_act": 3}
    assert delta({"trick": []}, {"trick": [{"seat": 0}]}) == {"trick": [{"seat": 0}]}  # nothing to extend
    steps, strings = intern_texts([{"frames": [{"events": ["Seat 2 passes."]}, {"events": {"+": ["Seat 2 passes."]}}]},
                                   {"ask": {"texts": ["Seat 2 passes.", "Other."], "hint": {"focus": "Other.", "candidates": "Seat 2 passes."}}}])
    assert strings == ["Seat 2 passes.", "Other."]
    assert steps[0]["frames"][1]["events"] == {"+": [0]} and steps[1]["ask"]["texts"] == [0, 1]
    assert steps[1]["ask"]["hint"]["focus"] == 1 and steps[1]["ask"]["hint"]["candidates"] == 0

