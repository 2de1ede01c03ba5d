"""The last four Daifugo lessons at build time, read from the real lesson files: the revolution (four
cards at once reverse the order, the lone joker and the spade 3 do not turn, a second revolution
turns it back, DFG-REV-1), binding (suits, partial, rank, and rank binding in a revolution, lifted by
the flow, §7), going out and the titles (the lead after a player who went out, the end of the game,
five players' titles, DFG-FLOW-1, DFG-OUT-1/2, DFG-TITLE-1), and the exchange and 都落ち (the poorer
give their strongest cards, the richer choose any, DFG-EXCH-1; the old 大富豪 falls, DFG-MIYAKO-1)."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from daifugo_lesson_steps import events, steps, verdict
from sitebuild.lessons import compute_lesson, parse_lesson

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
NAMES = ("05-revolution.md", "06-binding.md", "07-going-out-and-titles.md", "08-exchange-and-miyako-ochi.md")


_steps, _verdict, _events = steps, verdict, events


def _info(frame: dict[str, Any]) -> str:
    return " · ".join(frame.get("display.info") or [])


def _label(frame: dict[str, Any], seat: int) -> str:
    return frame[f"display.seats.{seat}"]["label"]


def _exchange(*cards: str) -> str:
    return json.dumps({"exchange": sorted(cards)}, separators=(",", ":"))


@pytest.mark.parametrize("name", NAMES)
def test_both_languages_ask_the_same_and_show_the_engine_words(name: str) -> None:
    en, ja = _steps(name, "en"), _steps(name, "ja")
    assert [s.get("ask", {}).get("answers") for s in en] == [s.get("ask", {}).get("answers") for s in ja]
    assert 3 <= sum(1 for s in en if "ask" in s) <= 5  # several decisions, a short lesson
    assert all(step["seat"] == 0 for step in en)  # the learner is seat 0 throughout
    lesson = parse_lesson(LESSONS / "en" / "daifugo" / name, "en", "daifugo")
    compute_lesson(lesson)
    assert all(s["flags"]["preset"] == "base" for s in lesson.scenarios)  # the ordinary game


def test_the_revolution_reverses_the_order_for_the_rest_of_the_game() -> None:
    s1, s2, s3, s4, s5 = _steps(NAMES[0])
    # four 7s start it; three 7s or a lone 3 are legal but no revolution
    assert s1["ask"]["answers"] == ["C-7 D-7 H-7 S-7"]
    legal, text, rules = _verdict(s1["ask"], "C-7 D-7 H-7 S-7")
    assert legal and "revolution" in text and "DFG-REV-1" in rules
    legal, text, rules = _verdict(s1["ask"], "D-7 H-7 S-7")
    assert legal and "DFG-REV-1" not in rules
    assert "2 strongest" in _info(s1["frames"][0]) and "3 strongest" in _info(s1["after"])
    assert any(e.startswith("Revolution!") for e in _events(s1))
    # everyone passes; the field flows and seat 0 leads, still reversed (it lasts beyond the phase)
    last = s2["frames"][-1]
    assert last["to_act"] == 0 and not last.get("trick") and "3 strongest" in _info(last)
    # leading again, the weakest card is the jack now; the 3 is kept to win the lead back
    assert s2["ask"]["answers"] == ["S-J"] and _verdict(s2["ask"], "H-3")[0]
    assert "3s" in s2["ask"]["hint"]["why"]
    # in the reversed order a 2 and a king no longer beat a 10; the 6 is the cheapest win
    assert s3["frames"][0]["trick"] == [{"seat": 3, "cards": ["C-10"]}] and "3 strongest" in _info(s3["frames"][0])
    assert s3["ask"]["answers"] == ["D-6"] and set(s3["ask"]["legal"]) == {"PASS", "C-3", "S-4", "D-6"}
    for wrong in ("S-2", "H-K"):
        legal, text, rules = _verdict(s3["ask"], wrong)
        assert not legal and "reversed order" in text and "DFG-RANK-3" in rules
    # the lone joker stays above a 3 in a revolution, and the spade 3 still returns it
    assert s4["frames"][0]["trick"][-1] == {"seat": 3, "cards": ["JOKER"]}
    assert s4["ask"]["answers"] == ["S-3"] and _verdict(s4["ask"], "S-3")[2] == ["DFG-S3-1"]
    legal, text, rules = _verdict(s4["ask"], "D-4")
    assert not legal and "DFG-JOKER-2" in rules
    # a sequence of four is a second revolution: the normal order is back
    assert s5["ask"]["answers"] == ["D-10 D-9 D-J D-Q"]
    assert "DFG-REV-1" not in _verdict(s5["ask"], "D-10 D-9 D-J")[2]
    assert "3 strongest" in _info(s5["frames"][0]) and "2 strongest" in _info(s5["after"])
    assert "A second revolution: the normal order is back." in _events(s5)


def test_binding_refuses_the_off_suit_and_the_skipped_rank_until_the_flow() -> None:
    s1, s2, s3, s4, s5 = _steps(NAMES[1])
    # two hearts in a row bind hearts: the stronger 2 of diamonds is refused by the binding
    assert any(e.startswith("Binding:") and "hearts" in e for e in _events(s1))
    assert "Bound: hearts" in _info(s1["frames"][-1])
    assert s1["ask"]["answers"] == ["H-Q"]
    for wrong in ("D-2", "S-J"):
        legal, text, rules = _verdict(s1["ask"], wrong)
        assert not legal and "hearts" in text and "DFG-BIND-1" in rules
    # still bound after an ace of hearts: only a pass; the flow then lifts the binding
    assert s2["ask"]["answers"] == ["PASS"] and s2["ask"]["legal"] == ["PASS"]
    assert not _verdict(s2["ask"], "D-2")[0]
    after = s2["after"]
    assert after["to_act"] == 1 and not after.get("trick") and "Bound" not in _info(after)
    # partial binding: pairs sharing one spade bind one spade; the cheaper jacks hold none
    assert "Bound: spades" in _info(s3["frames"][-1])
    assert s3["ask"]["answers"] == ["C-Q S-Q"]
    legal, text, rules = _verdict(s3["ask"], "D-J H-J")
    assert not legal and "spades" in text and "DFG-BIND-1" in rules
    # rank binding: a 9 then a 10 leave only a jack
    assert any(e.startswith("Rank binding") and e.endswith("rank J.") for e in _events(s4))
    assert s4["ask"]["answers"] == ["H-J"]
    for wrong in ("S-Q", "C-2"):
        legal, text, rules = _verdict(s4["ask"], wrong)
        assert not legal and "only rank J" in text and rules == ["DFG-BIND-4"]
    assert "Next rank: Q" in _info(s4["after"])
    # in a revolution the next rank is the one below: queen, jack, then 10
    assert "3 strongest" in _info(s5["frames"][-1]) and "Next rank: 10" in _info(s5["frames"][-1])
    assert s5["ask"]["answers"] == ["H-10"]
    legal, text, rules = _verdict(s5["ask"], "S-9")
    assert not legal and rules == ["DFG-BIND-4"]
    legal, text, rules = _verdict(s5["ask"], "S-K")
    assert not legal and "DFG-PLAY-2" in rules


def test_going_out_the_lead_after_it_and_five_players_titles() -> None:
    s1, s2, s3, s4 = _steps(NAMES[2])
    # the last two kings go out in 1st place; one king alone is no answer to a pair
    assert s1["ask"]["answers"] == ["D-K H-K"]
    assert "DFG-OUT-1" in _verdict(s1["ask"], "D-K H-K")[2]
    assert not _verdict(s1["ask"], "H-K")[0]
    assert "Seat 0 is out of cards: place 1." in _events(s1)
    assert "place 1" in _label(s1["after"], 0)
    # the top play's owner is out: once everyone still in passes, the next seat after it leads
    last = s2["frames"][-1]
    assert last["to_act"] == 1 and not last.get("trick")
    assert _events(s2)[-1] == "Everyone else passed: the field is cleared and seat 1 leads."
    # five players, two left: the ace keeps seat 1 from leading its last card
    first = s3["frames"][0]
    assert len(first["cards_held"]) == 5 and first["cards_held"][2:] == [0, 0, 0]
    assert s3["ask"]["answers"] == ["S-A"] and _verdict(s3["ask"], "PASS")[0]
    # the last card goes out; one player is left holding cards, and the game is over
    assert s4["ask"]["answers"] == ["C-4"]
    events = _events(s4)
    assert "Seat 0 is out of cards: place 4." in events
    assert "Seat 1 is the last one holding cards: place 5." in events
    result = s4["after"]["display.result"]
    for words in ("seat 2 大富豪", "seat 3 富豪", "seat 4 平民", "seat 0 貧民", "seat 1 大貧民"):
        assert words in result
    assert "席4 平民" in _steps(NAMES[2], "ja")[3]["after"]["display.result"]


def test_the_exchange_and_miyako_ochi() -> None:
    s1, s2, s3, s4, s5 = _steps(NAMES[3])
    # the 大貧民 gives its two strongest, either ace with the 2; the weakest are offered and refused
    assert "大貧民" in _label(s1["frames"][0], 0) and "Game 2" in _info(s1["frames"][0])
    assert set(s1["ask"]["answers"]) == {_exchange("H-2", "S-A"), _exchange("H-2", "D-A")}
    options = s1["frames"][-1]["display.decision"]["options"]
    assert {o["key"] for o in options} == {_exchange("H-2", "S-A"), _exchange("H-2", "D-A"), _exchange("H-3", "C-3")}
    legal, text, rules = _verdict(s1["ask"], _exchange("H-3", "C-3"))
    assert not legal and "two strongest" in text and rules == ["DFG-EXCH-1"]
    assert "weakest" not in s1["ask"]["hint"]["why"]  # the hint gives the rule, not the richer's advice
    # the 大富豪 chooses any two, selected in the hand: the lone 3 and 5
    decision = s2["frames"][-1]["display.decision"]
    assert decision["kind"] == "cards" and decision["spec"]["k"] == 2
    assert s2["ask"]["answers"] == [_exchange("S-3", "C-5")]
    assert _verdict(s2["ask"], _exchange("S-2", "D-2"))[0]  # legal, but not what the step asks
    # the others choose, then the cards change hands together: the joker and the 2 of hearts arrive
    last = s3["frames"][-1]
    assert last["phase"] == "play" and last["to_act"] == 3
    assert {"JOKER", "H-2"} <= set(last["hand"]) and not {"S-3", "C-5"} & set(last["hand"])
    assert "Seat 3, the 大貧民 (very poor), gives 2 cards to seat 0, the 大富豪 (grand millionaire)." in _events(s3)
    # 都落ち: seat 0 goes out first in game 2, and the old 大富豪, seat 2, falls to last place
    assert "大富豪" in _label(s4["frames"][0], 2)
    assert s4["ask"]["answers"] == ["S-2"] and s5["ask"]["answers"] == ["D-5"]
    events = _events(s5)
    assert "Seat 0 is out of cards: place 1." in events
    assert any(e.startswith("都落ち") and "seat 2" in e and "place 4" in e for e in events)
    after = s5["after"]
    assert "fell to place 4" in _label(after, 2) and after["cards_held"][2] == 0
    assert any(e.startswith("都落ち") for e in _events(_steps(NAMES[3], "ja")[4]))
