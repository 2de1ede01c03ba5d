"""Cut-in Daifugo lessons in the build: a cut-in asked in its window (a button per cut-in, the
window's own words), effect decisions, and a lesson's ``switch``: checked against the game's
on/off rules and the scenarios, and what each step would do with the rule off."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sitebuild.lessons import LET_GO, LessonError, compute_lesson, parse_lesson

OFF = {"diamond3_start": False, "five_skip": False, "six_salvage": False, "seven_pass": False,
       "nine_reverse": False, "ten_discard": False, "j_back": False, "open_cards": False,
       "penalize_illegal_attempt": False, "q_peeping": False, "k_greed": False, "a_open": False}


def _scenario(**flags: object) -> dict:
    return {"flags": {"preset": "cutin", "players": 4, **OFF, **flags}, "phase": "play", "to_act": 1,
            "hands": {"0": ["D-4", "S-9", "H-K"], "1": ["D-4", "C-6", "C-J"], "2": ["S-3", "H-5"], "3": ["C-3", "D-7"]},
            "trick": []}


def _lesson(tmp_path: Path, *steps: dict, switch: str | None = None) -> Path:
    body = ["---", "key: t-cutin", "title: Test", *([f"switch: {switch}"] if switch else []), "---"]
    for i, step in enumerate(steps):
        body += [f"Step {i + 1}.", "", "```step", json.dumps(step), "```", ""]
    body.append("Done.")
    path = tmp_path / "01-test.md"
    path.write_text("\n".join(body), "utf-8")
    return path


def _compute(path: Path) -> list[dict]:
    return compute_lesson(parse_lesson(path, "en", "daifugo"))


def test_a_cut_in_is_asked_in_its_window_with_its_own_words(tmp_path: Path) -> None:
    steps = _compute(_lesson(tmp_path, {
        "scenario": _scenario(four_cut=True), "seat": 0, "moves": [{"seat": 1, "action": ["D-4"]}],
        "ask": {"out_of_turn": True, "answers": [{"cut_in": ["D-4"]}], "wrong": [LET_GO]}}, switch="four_cut"))
    ask = steps[0]["ask"]
    assert ask["window"] == {"prompt": "You hold the same cards as the play on top: you may cut in now, out of turn.",
                             "decline": "Let it go", "choices": True}
    assert ask["labels"]['{"cut_in":["D-4"]}'] == "Cut in: 4♦"
    # the cut-in makes two 4s: the field flows for seat 0; without the 4-cut it would not
    assert any("4-cut" in e for e in steps[0]["after"]["events"])
    without = steps[0]["without"]
    assert "refused" not in without and without["events"] and not any("4-cut" in e for e in without["events"])


def test_without_a_rule_a_move_it_allows_is_refused_with_the_reason(tmp_path: Path) -> None:
    steps = _compute(_lesson(tmp_path, {
        "scenario": _scenario(), "seat": 0, "moves": [{"seat": 1, "action": ["D-4"]}],
        "ask": {"out_of_turn": True, "answers": [{"cut_in": ["D-4"]}], "wrong": [LET_GO]}}, switch="cut_in"))
    refused = steps[0]["without"]["refused"]
    assert refused["seat"] == 0 and refused["what"] == "Cut in: 4♦" and refused["rule_ids"]


def test_a_switch_must_name_an_on_off_rule_that_is_on(tmp_path: Path) -> None:
    step = {"scenario": _scenario(), "seat": 1, "ask": {"answers": [["C-6"]]}}
    with pytest.raises(LessonError, match="switch 'players' is not an on/off rule"):
        _compute(_lesson(tmp_path, step, switch="players"))
    with pytest.raises(LessonError, match="has it off"):
        _compute(_lesson(tmp_path, step, switch="j_back"))
