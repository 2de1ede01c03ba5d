"""Shengji lessons at build time: the exposure asked while cards are drawn (a window that asks the
seat whose turn it is too, with the window's own words) and the throw judged only once announced
(the page never tells in advance whether a throw will stand, SJ-THROW-2/3)."""
from __future__ import annotations

import json
from pathlib import Path

from sitebuild.lessons import LET_GO, compute_lesson, parse_lesson


def _lesson(tmp_path: Path, *steps: dict) -> list[dict]:
    body = ["---", "key: sj-test", "title: Test", "---"]
    for i, step in enumerate(steps):
        body += [f"Step {i + 1}.", "", "```step", json.dumps(step), "```", ""]
    body.append("Done.")
    path = tmp_path / "01-test.md"
    path.write_text("\n".join(body), "utf-8")
    return compute_lesson(parse_lesson(path, "en", "shengji"))


DRAW = {"flags": {}, "phase": "draw", "first_hand": True, "to_act": 0, "trump_rank": "2",
        "hands": {"0": ["S-A", "S-K", "S-J", "S-9", "S-6", "H-A", "H-8", "D-Q", "D-7", "C-10", "C-5"]},
        "stock": ["S-2", "C-9", "H-4", "D-3"]}


def test_the_exposure_is_asked_after_the_learner_draws_with_the_window_words(tmp_path: Path) -> None:
    steps = _lesson(tmp_path, {"scenario": DRAW, "seat": 0, "ask": {"answers": [{"draw": True}]}},
                    {"ask": {"out_of_turn": True, "answers": [{"expose": "S-2"}], "wrong": [LET_GO]}})
    assert steps[0]["after"]["hand"].count("S-2") == 1  # the stock's first card, as the scenario named it
    ask = steps[1]["ask"]
    assert ask["out_of_turn"] is True
    assert ask["window"]["choices"] is True  # decisions as buttons, not cards to select and play
    assert ask["window"]["decline"] == "Not now" and "expose it now" in ask["window"]["prompt"]
    assert ask["labels"]['{"expose":"S-2"}'] == "Expose 2♠"
    assert set(ask["legal"]) == {LET_GO, '{"expose":"S-2"}'}
    # taken out of turn (the engine's replay says so), it fixes spades and makes seat 0 the dealer
    assert steps[1]["replay"][-1] == {"seat": 0, "action": {"draw": True}}
    assert any("exposes 2♠" in e for e in steps[1]["after"]["events"])
    after = steps[1]["after"]  # the page's flattened view
    assert any("Trumps: every 2, the jokers and spades" in line for line in after["display.info"])
    assert "dealer" in json.dumps(after["display.seats.0"])


THROW = {"flags": {}, "phase": "play", "to_act": 0, "trump_rank": "2", "trump_suit": "H", "dealer": 0,
         "hands": {"0": ["S-A", "S-Q", "S-J", "D-9", "D-4", "C-7"],
                   "1": ["S-K", "S-5", "D-6", "C-3", "C-8", "H-7"],
                   "2": ["S-9", "D-J", "D-8", "C-4", "C-6", "H-9"],
                   "3": ["S-3", "D-K", "D-7", "C-Q", "C-10", "H-4"]},
         "trick": []}


def test_a_throw_that_will_fail_is_offered_and_judged_only_once_announced(tmp_path: Path) -> None:
    steps = _lesson(tmp_path, {"scenario": THROW, "seat": 0, "ask": {"answers": [["S-A", "S-Q", "S-J"]],
                                                                     "wrong": [["S-A", "S-Q"]]}})
    ask = steps[0]["ask"]
    # every throw the leader may announce is listed, whether the hidden hands let it stand or not
    assert "S-A S-J S-Q" in ask["legal"] and "S-A S-Q" in ask["legal"]
    for key in ("S-A S-J S-Q", "S-A S-Q"):
        legal, text, rules = ask["table"][key]
        assert legal == 1 and "SJ-THROW-2" in rules
        assert "may announce" in ask["texts"][text] and "not valid" not in ask["texts"][text]
    hint = json.dumps(ask["hint"])
    assert "not valid" not in hint and "higher" not in ask["texts"][ask["table"]["S-A S-J S-Q"][1]].split("if")[0]
    # announced, it fails (SJ-THROW-3): the jack is led alone, the rest go back to the hand
    after = steps[0]["after"]
    assert any("the throw fails" in e for e in after["events"])
    assert after["trick"] == [{"seat": 0, "cards": ["S-J"]}]
    assert "S-A" in after["hand"] and "S-Q" in after["hand"]
