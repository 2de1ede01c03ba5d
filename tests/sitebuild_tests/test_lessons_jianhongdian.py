"""The Jian Hong Dian course at build time, read from the real lesson files: making ten and
compulsory capture (JHD-CAP-1, JHD-CAP-3), the 10 and the court cards and the choice among targets
(JHD-CAP-2), the stock step (JHD-CAP-4: automatic with one target, the player's choice with
several, joining the layout with none), three and four of a kind in the first layout (JHD-DEAL-2),
the card values (JHD-SCORE-1), and the end of a deal (JHD-END-1, JHD-SCORE-2)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from sitebuild.lessons import action_key, compute_lesson, parse_lesson
from tutor.registry import find_game

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
GAME = "jianhongdian"
NAMES = ("01-making-ten.md", "02-tens-and-court-cards.md", "03-the-stock.md",
         "04-three-and-four-of-a-kind.md", "05-scoring.md", "06-the-end-of-a-deal.md")


@lru_cache(maxsize=None)
def _steps(name: str, lang: str = "en") -> list[dict[str, Any]]:
    return compute_lesson(parse_lesson(LESSONS / lang / GAME / name, lang, GAME))


def _key(action: Any) -> str:
    return action_key(find_game(GAME), action)


def take(play: str, capture: Any) -> str:
    return _key({"play": play, "capture": capture})


def lay(card: str) -> str:
    return _key({"lay": card})


def pick(card: str) -> str:
    return _key({"capture": card})


def _verdict(ask: dict[str, Any], key: str) -> tuple[bool, str, list[str]]:
    """The build's prepared verdict for a choice: (legal, text, rule ids)."""
    legal, text, rules = ask["table"][key]
    return legal == 1, ask["texts"][text], list(rules)


def _assert_lay_refused(ask: dict[str, Any], card: str) -> None:
    """A lay the lesson prepared as a mistake: the page offers it, and refuses it while a capture
    is possible (compulsory capture, JHD-CAP-3)."""
    legal, text, rules = _verdict(ask, lay(card))
    assert not legal and "must capture" in text and rules == ["JHD-CAP-3"], (card, text)
    assert lay(card) not in ask["legal"]


def _events(step: dict[str, Any]) -> list[str]:
    out = [e for f in step["frames"] for e in f.get("events") or []]
    return out + list(step.get("after", {}).get("events") or [])


def _layout(frame: dict[str, Any]) -> list[str] | None:
    """The layout's cards as the page shows them; [] when it says the layout is empty."""
    for zone in frame.get("display.zones") or []:
        if zone.get("label") in ("Layout", "場札"):
            return zone["cards"]
        if zone.get("text") in ("The layout is empty.", "場札はありません。"):
            return []
    return None


def _notes(frame: dict[str, Any], seat: int) -> list[str]:
    return frame[f"display.seats.{seat}"]["notes"]


@pytest.mark.parametrize("name", NAMES)
def test_the_translation_runs_the_same_steps(name: str) -> None:
    en, ja = _steps(name, "en"), _steps(name, "ja")
    assert len(en) == len(ja)
    for a, b in zip(en, ja):
        assert a.get("ask", {}).get("answers") == b.get("ask", {}).get("answers")
        assert a.get("ask", {}).get("legal") == b.get("ask", {}).get("legal")
        assert [_layout(f) for f in a["frames"]] == [_layout(f) for f in b["frames"]]
        assert len(_events(a)) == len(_events(b))
        assert b["prose"] and not b["prose"].isascii()  # the Japanese lesson is written in Japanese


@pytest.mark.parametrize("name", NAMES)
def test_every_step_is_the_learners_and_every_answer_is_offered(name: str) -> None:
    # the page offers a button for every capture and every lay: an answer must be a legal one, and
    # the turns the lessons script never run into a stock card that waits for another seat's choice
    for step in _steps(name):
        assert step["seat"] == 0
        if "ask" in step:
            assert step["ask"]["answers"] != "any"
            assert set(step["ask"]["answers"]) <= set(step["ask"]["legal"]) and step["ask"]["complete"]


def test_making_ten_and_compulsory_capture() -> None:
    s1, s2, s3 = _steps(NAMES[0])
    assert _layout(s1["frames"][0]) == ["H-4", "S-9", "C-Q", "D-5"]
    assert s1["frames"][0]["display.info"] == ["Stock: 24 cards"]
    # two tens, and no laying while a capture is possible
    assert set(s1["ask"]["legal"]) == {take("S-6", "H-4"), take("C-A", "S-9")}
    assert s1["ask"]["answers"] == [take("S-6", "H-4")]
    legal, text, rules = _verdict(s1["ask"], take("C-A", "S-9"))
    assert legal and "0 points" in text
    legal, text, rules = _verdict(s1["ask"], take("H-8", "D-5"))
    assert not legal and "8 + 5 = 13, not 10" in text and rules == ["JHD-CAP-1"]
    _assert_lay_refused(s1["ask"], "S-K")
    assert s1["after"]["events"] == ["Seat 0 plays 6♠ and takes 4♥ (+4).",
                                     "Seat 0 turns 7♣ from the stock: it takes nothing and joins the layout."]
    # 5 and 5 make ten whatever the suits; the same suit does not help 3 and 6
    assert s2["ask"]["answers"] == [take("S-5", "H-5")]
    assert _verdict(s2["ask"], take("D-3", "D-6"))[2] == ["JHD-CAP-1"]
    for card in ("S-Q", "C-10"):  # the prose asks whether the black queen may be laid: no
        _assert_lay_refused(s2["ask"], card)
    assert "joins the layout" in s2["after"]["events"][-1]
    # nothing can capture: one "Lay" button per card, and the one black card is the answer
    assert sorted(s3["ask"]["legal"]) == sorted(lay(c) for c in ("H-K", "D-Q", "H-3", "S-8", "D-7", "H-2"))
    assert s3["ask"]["answers"] == [lay("S-8")]
    assert _layout(s3["after"]) == ["H-J", "C-9", "S-5", "D-4", "S-8", "S-10"]


def test_tens_and_court_cards_match_their_own_rank() -> None:
    s1, s2, s3 = _steps(NAMES[1])
    assert set(s1["ask"]["legal"]) == {take("C-10", "H-10"), take("C-K", "S-K"), take("S-7", "C-3")}
    for play in ("S-Q", "C-10"):
        legal, text, rules = _verdict(s1["ask"], take(play, "D-J"))
        assert not legal and "only a card of its own rank" in text and rules == ["JHD-CAP-1"]
    # one card, two targets: the learner chooses
    assert {take("C-J", "H-J"), take("C-J", "S-J")} <= set(s2["ask"]["legal"])
    assert s2["ask"]["answers"] == [take("C-J", "H-J")]
    assert "S-J" in _layout(s2["after"])
    assert set(s3["ask"]["legal"]) == {take("S-7", "D-3"), take("S-7", "C-3")}
    assert _verdict(s3["ask"], take("C-K", "H-Q"))[2] == ["JHD-CAP-1"]
    _assert_lay_refused(s1["ask"], "S-Q")  # the queen that takes nothing may not be laid either
    _assert_lay_refused(s3["ask"], "C-K")


def test_the_stock_card_takes_by_itself_waits_for_a_choice_or_joins_the_layout() -> None:
    s1, s2, s3 = _steps(NAMES[2])
    # one target: the turned 2 takes the 8 by itself
    assert s1["after"]["events"][-1] == "Seat 0 turns 2♦ from the stock and takes 8♠ (+2)."
    assert s1["after"]["display.info"] == ["Stock: 23 cards"] and s1["after"]["to_act"] == 1
    # the other seats' turns, each with its stock step, as the prose tells them
    events = _events(s2)
    assert "Seat 1 turns A♠ from the stock: it takes nothing and joins the layout." in events
    assert "Seat 2 lays 2♠ on the layout." in events
    assert "Seat 3 plays 7♦ and takes 3♥ (+10)." in events
    assert _layout(s2["frames"][-1]) == ["S-A", "S-2", "H-2", "C-K"]
    assert s2["ask"]["answers"] == [take("D-9", "S-A")]
    assert _verdict(s2["ask"], take("D-9", "S-A"))[1].endswith("(40 points).")
    # several targets: the turn waits in the stock phase for the learner's choice
    assert s2["after"]["phase"] == "stock" and s2["after"]["to_act"] == 0
    assert {"label": "Turned from the stock", "cards": ["C-8"]} in s2["after"]["display.zones"]
    assert set(s3["ask"]["legal"]) == {pick("H-2"), pick("S-2")}
    legal, _, rules = _verdict(s3["ask"], pick("C-K"))
    assert not legal and rules == ["JHD-CAP-1"]
    assert s3["after"]["events"] == ["Seat 0 turns 8♣ from the stock and takes 2♥ (+2)."]
    assert s3["after"]["to_act"] == 1 and _layout(s3["after"]) == ["S-2", "C-K"]


def test_three_and_four_of_a_kind_in_the_first_layout() -> None:
    s1, s2, s3, s4 = _steps(NAMES[3])
    three_kings = take("C-K", ["S-K", "H-K", "D-K"])
    assert s1["ask"]["answers"] == [three_kings] and three_kings in s1["ask"]["legal"]
    legal, text, rules = _verdict(s1["ask"], take("C-K", "H-K"))
    assert not legal and "all three at once" in text and rules == ["JHD-DEAL-2"]
    assert _notes(s1["after"], 0) == ["4 cards taken, 20 points"]
    _assert_lay_refused(s1["ask"], "C-K")
    # the fourth 5 turned from the stock takes the three 5s by itself
    assert {"text": "The three 5s from the deal go together to the fourth 5."} in s2["frames"][0]["display.zones"]
    assert s2["after"]["events"][-1] == "Seat 0 turns 5♦ from the stock and takes 5♠ 5♥ 5♣ (+10)."
    # three 7s are not special: one at a time
    assert len(s3["ask"]["legal"]) == 3 and s3["ask"]["answers"] == [take("D-3", "H-7")]
    assert _verdict(s3["ask"], take("D-3", ["S-7", "H-7", "C-7"]))[2] == ["JHD-CAP-2"]
    # all four queens: the dealer (the learner) has them before play, and the layout stays empty
    first = s4["frames"][0]
    assert _layout(first) == [] and _notes(first, 0) == ["4 cards taken, 20 points"]
    assert first["display.info"] == ["Stock: 24 cards"]
    assert all(json_key.startswith('{"lay"') for json_key in s4["ask"]["legal"])
    assert s4["ask"]["answers"] == [lay("S-9")]


def test_card_values() -> None:
    s1, s2, s3 = _steps(NAMES[4])
    points = {take("C-9", "S-A"): 30, take("H-J", "D-J"): 20, take("D-4", "H-6"): 10, take("S-8", "C-2"): 0}
    assert set(s1["ask"]["legal"]) == set(points) and s1["ask"]["answers"] == [take("C-9", "S-A")]
    for key, value in points.items():
        legal, text, _ = _verdict(s1["ask"], key)
        assert legal and text.endswith(f"({value} points).")
    # the turned red 9 on the ace of spades: 40, on the ace of hearts: 30
    assert s2["frames"][0]["phase"] == "stock"
    assert _verdict(s2["ask"], pick("S-A"))[1].endswith("(40 points).")
    assert _verdict(s2["ask"], pick("H-A"))[1].endswith("(30 points).")
    assert _notes(s2["frames"][0], 0) == ["6 cards taken, 22 points"]
    assert _notes(s2["after"], 0) == ["8 cards taken, 62 points"]
    # laying: the card that gives away the fewest points
    assert s3["ask"]["answers"] == [lay("D-3")] and "fewest points" in s3["ask"]["hint"]["why"]


def test_the_end_of_a_deal() -> None:
    steps = _steps(NAMES[5])
    first, last = steps[0]["frames"][0], steps[-1]["frames"][-1]
    assert first["cards_held"] == [2, 2, 2, 2] and first["display.info"] == ["Stock: 8 cards"]
    assert [_notes(first, s)[0] for s in range(4)] == ["6 cards taken, 30 points", "10 cards taken, 62 points",
                                                        "6 cards taken, 28 points", "10 cards taken, 20 points"]
    assert steps[1]["ask"]["legal"] == [take("H-4", "H-6")]  # the last hand card has one capture
    _assert_lay_refused(steps[1]["ask"], "H-4")  # and must make it
    assert steps[2]["frames"][0]["phase"] == "stock" and steps[2]["ask"]["answers"] == [pick("D-2")]
    assert "ask" not in steps[3]
    # hands, stock and layout run out together; every point of the deck is shared out
    assert last["phase"] == "score" and last["cards_held"] == [0, 0, 0, 0]
    assert _layout(last) == [] and last["display.info"] == ["Stock: 0 cards"]
    assert last["result"]["points"] == [85, 79, 46, 30] and sum(last["result"]["points"]) == 240
    assert last["result"]["winners"] == [0] and last["result"]["left_on_layout"] == []
    assert last["events"][-1] == "The deal is over: points 85, 79, 46, 30; the most, 85, for seat 0."
