"""The two-deck Shengji lessons at build time, read from the real lesson files: pairs led and
followed (SJ-2D-1, SJ-2D-3, SJ-2D-5), a pair exposed over a single during the draw (SJ-2D-8, A13),
tractors across the trump-rank gap and through the trump-rank cards (SJ-2D-4), following and
beating a tractor (SJ-2D-6, SJ-2D-7), and the end of a hand scored out of 200 (SJ-2D-2).

Each choice is checked twice: the build's prepared verdict (legal or not, its rule IDs, a phrase
of its text) and the engine's own verdict key for the same position."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from sitebuild.lessons import LET_GO, action_key, compute_lesson, parse_lesson
from tutor.registry import find_game

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
GAME = "shengji"
NAMES = ("09-two-decks-and-pairs.md", "10-exposing-a-pair.md", "11-tractors.md", "12-following-a-tractor.md",
         "13-a-two-deck-hand-ends.md")
SJ = find_game(GAME)


@lru_cache(maxsize=None)

def _you_hold(text: str) -> bool:
    """The verdict says the learner holds the trick: so far, or for good when it plays last."""
    return "So far you hold the trick" in text or "You take the trick" in text


def _seat_holds(text: str, seat: int) -> bool:
    return f"Seat {seat} still holds the trick" in text or f"Seat {seat} takes the trick" in text

def _lesson(name: str, lang: str = "en") -> tuple[Any, list[dict[str, Any]]]:
    lesson = parse_lesson(LESSONS / lang / GAME / name, lang, GAME)
    return lesson, compute_lesson(lesson)


def _steps(name: str, lang: str = "en") -> list[dict[str, Any]]:
    return _lesson(name, lang)[1]


def _key(action: Any) -> str:
    return action_key(SJ, action)


def _verdict(ask: dict[str, Any], action: Any) -> tuple[bool, str, list[str]]:
    """The build's prepared verdict for a choice: (legal, text, rule ids)."""
    legal, text, rules = ask["table"][_key(action)]
    return legal == 1, ask["texts"][text], list(rules)


def _position(name: str, index: int) -> Any:
    """The engine state at step ``index``'s decision: its chain's scenario, replayed."""
    lesson, steps = _lesson(name)
    step = steps[index]
    state = SJ.close_window(SJ.from_setup(lesson.scenarios[step["scenario"]], "scenario"))
    for move in step["replay"] + step["moves"]:
        if move["action"] == LET_GO:
            continue
        state = SJ.apply(state, SJ.parse_action(move["action"]), move["seat"], in_turn=move.get("in_turn", True))
    return state


def _engine(name: str, index: int, action: Any, in_turn: bool = True) -> tuple[bool, str, tuple[str, ...]]:
    """The engine's verdict for ``action`` at step ``index``: (legal, message key, rule ids)."""
    step = _steps(name)[index]
    verdict = SJ.explain(_position(name, index), SJ.parse_action(action), step["seat"], in_turn=in_turn)
    return verdict.legal, verdict.key, tuple(verdict.rule_ids)


def _events(step: dict[str, Any]) -> list[str]:
    out = [e for f in step["frames"] for e in f.get("events") or []]
    return out + list(step.get("after", {}).get("events") or [])


def _info(frame: dict[str, Any]) -> list[str]:
    return frame.get("display.info") or []


@pytest.mark.parametrize("name", NAMES)
def test_the_translation_runs_the_same_steps(name: str) -> None:
    en, ja = _steps(name, "en"), _steps(name, "ja")
    assert len(en) == len(ja)
    for a, b in zip(en, ja):
        assert a.get("ask", {}).get("answers") == b.get("ask", {}).get("answers")
        assert a.get("ask", {}).get("legal") == b.get("ask", {}).get("legal")
        assert {k: v[0] for k, v in a.get("ask", {}).get("table", {}).items()} == \
            {k: v[0] for k, v in b.get("ask", {}).get("table", {}).items()}
        assert [f.get("hand") for f in a["frames"]] == [f.get("hand") for f in b["frames"]]
        assert [f.get("trick") for f in a["frames"]] == [f.get("trick") for f in b["frames"]]
        assert len(_events(a)) == len(_events(b))
        assert b["prose"] and not b["prose"].isascii()  # the Japanese lesson is written in Japanese
    lesson_en, lesson_ja = _lesson(name, "en")[0], _lesson(name, "ja")[0]
    assert lesson_en.key == lesson_ja.key and [s.data for s in lesson_en.steps] == [s.data for s in lesson_ja.steps]


@pytest.mark.parametrize("name", NAMES)
def test_every_scenario_is_a_two_deck_game_and_every_answer_legal(name: str) -> None:
    lesson, steps = _lesson(name)
    assert lesson.scenarios and all(s["flags"] == {"decks": 2} for s in lesson.scenarios)
    for step in steps:
        if "ask" in step:
            ask = step["ask"]
            assert ask["answers"] != "any" and all(ask["table"][k][0] == 1 for k in ask["answers"])


def test_pairs_led_and_followed() -> None:
    name = NAMES[0]
    s1, s2, s3, s4 = _steps(name)
    first = s1["frames"][0]
    assert first["hand"] == ["S-6", "S-9", "S-A", "S-A", "C-4", "C-J", "D-2", "C-2"]
    assert first["cards_held"] == [8, 8, 8, 8]
    assert "Trumps: every 2, the jokers and hearts ♥" in _info(first)
    # the pair of aces; two equal trump-rank cards are no pair; two different spades neither
    assert s1["ask"]["answers"] == [_key(["S-A", "S-A"])]
    assert _engine(name, 0, ["S-A", "S-A"])[:2] == (True, "sj.ok.lead_pair")
    legal, text, rules = _verdict(s1["ask"], ["D-2", "C-2"])
    assert not legal and rules == ["SJ-2D-3"] and "are not a pair" in text and "identical" in text
    assert _engine(name, 0, ["D-2", "C-2"])[1] == "sj.pair_not_identical"
    legal, _, rules = _verdict(s1["ask"], ["S-A", "S-9"])
    assert not legal and rules == ["SJ-2D-3"]
    assert _engine(name, 0, ["S-A", "S-9"])[1] == "sj.pair_two_cards"
    # the three ways of following a pair, and the pair of aces wins 20 points for the non-dealers
    assert _events(s2) == ["Seat 1 plays 5♠ 5♠.", "Seat 2 plays K♠ 3♠.", "Seat 3 plays J♠ 7♦.",
                           "Seat 0 wins trick 18 (20 points)."]
    assert "Non-dealers' points: 20" in _info(s2["frames"][-1])
    # a pair of the suit must be played if held
    assert s3["ask"]["answers"] == [_key(["C-4", "C-4"])] and s3["ask"]["legal"] == [_key(["C-4", "C-4"])]
    assert _engine(name, 2, ["C-4", "C-4"])[:2] == (True, "sj.ok.follow_pair")
    legal, _, rules = _verdict(s3["ask"], ["C-A", "C-Q"])
    assert not legal and rules == ["SJ-2D-5"]
    assert _engine(name, 2, ["C-A", "C-Q"])[1] == "sj.follow_pair"
    legal, _, rules = _verdict(s3["ask"], ["C-A", "S-7"])
    assert not legal and rules == ["SJ-2D-5"]
    assert _engine(name, 2, ["C-A", "S-7"])[1] == "sj.follow_pair"
    # no pair: two of the suit; the ace is legal but cannot win
    assert s4["ask"]["answers"] == [_key(["D-9", "D-3"])]
    legal, text, rules = _verdict(s4["ask"], ["D-A", "D-9"])
    assert legal and _seat_holds(text, 1) and rules == ["SJ-2D-5", "SJ-2D-7"]
    assert _engine(name, 3, ["D-A", "D-9"])[1] == "sj.ok.follow_cards_no_pair"
    legal, _, rules = _verdict(s4["ask"], ["D-A", "H-6"])
    assert not legal and rules == ["SJ-2D-5"]
    assert _engine(name, 3, ["D-A", "H-6"])[1] == "sj.follow_suit_count"
    assert _events(s4)[-1] == "Seat 1 wins trick 19 (20 points)."


def test_a_pair_overrides_a_single_and_stands() -> None:
    name = NAMES[1]
    s1, s2, s3, s4 = _steps(name)
    first = s1["frames"][0]
    assert "Trumps: every 2, the jokers and spades ♠" in _info(first)
    assert "Stock: 68 cards to draw" in _info(first)  # 108 - 8 kitty - 4 x 8 drawn
    assert first["cards_held"] == [8, 8, 8, 8]
    assert s1["after"]["hand"].count("H-2") == 2
    # the pair overrides seat 1's single 2 of spades; the learner deals (A13)
    ask = s2["ask"]
    assert ask["out_of_turn"] and ask["window"]["choices"]
    assert set(ask["legal"]) == {LET_GO, _key({"expose": ["H-2", "H-2"]})}
    legal, text, rules = _verdict(ask, {"expose": ["H-2", "H-2"]})
    assert legal and "overrides seat 1's 2♠" in text and "SJ-2D-8" in rules and "SJ-DECLARE-3" in rules
    assert _engine(name, 1, {"expose": ["H-2", "H-2"]}, in_turn=False)[1] == "sj.ok.override_dealer"
    assert _verdict(ask, LET_GO)[0]
    assert "Trumps: every 2, the jokers and hearts ♥" in _info(s2["after"])
    assert _position(name, 1).exposed is not None
    # the other side: seat 3's pair overrides the learner's single; then no chance is offered
    assert _events(s3) == ["Seat 3 draws a card (67 left in the stock).",
                           "Seat 3 exposes the pair 2♣ 2♣, overriding seat 0's 2♥: clubs ♣ are trumps, "
                           "and seat 3 will deal this first hand."]
    assert "Trumps: every 2, the jokers and clubs ♣" in _info(s3["frames"][-1])
    assert s4["ask"]["answers"] == [_key({"draw": True})]
    assert s4["after"]["hand"].count("H-2") == 2
    state = SJ.apply(_position(name, 3), SJ.parse_action({"draw": True}), 0)
    assert SJ.window(state) is None and SJ.legal_actions(state, 0, in_turn=False) == []
    verdict = SJ.explain(state, SJ.parse_action({"expose": ["H-2", "H-2"]}), 0, in_turn=False)
    assert not verdict.legal and verdict.key == "sj.already_exposed_pair" and verdict.rule_ids == ("SJ-2D-8",)
    assert state.dealer == 3 and state.trump_suit == "C"


def test_tractors_across_the_gap_and_through_the_trump_rank() -> None:
    name = NAMES[2]
    s1, s2, s3 = _steps(name)
    assert "Trumps: every 9, the jokers and spades ♠" in _info(s1["frames"][0])
    # 8-8 10-10 of hearts with 9 the trump rank; 6-6 8-8 has a gap
    assert s1["ask"]["answers"] == [_key(["H-8", "H-8", "H-10", "H-10"])]
    legal, text, rules = _verdict(s1["ask"], ["H-8", "H-8", "H-10", "H-10"])
    assert legal and "tractor of 2 pairs" in text and rules == ["SJ-2D-4", "SJ-2D-6"]
    assert _engine(name, 0, ["H-8", "H-8", "H-10", "H-10"])[1] == "sj.ok.lead_tractor"
    for gap in (["H-6", "H-6", "H-8", "H-8"], ["H-6", "H-6", "H-8", "H-8", "H-10", "H-10"]):
        legal, _, rules = _verdict(s1["ask"], gap)
        assert not legal and rules == ["SJ-2D-4"] and _engine(name, 0, gap)[1] == "sj.tractor_gap"
    # the trump ace and an off-suit 9 pair; two off-suit 9 pairs are equal, never a tractor
    assert s2["ask"]["answers"] == sorted([_key(["S-A", "S-A", "H-9", "H-9"]), _key(["S-A", "S-A", "C-9", "C-9"])])
    for same in (["H-9", "H-9", "C-9", "C-9"], ["S-A", "S-A", "H-9", "H-9", "C-9", "C-9"]):
        legal, text, rules = _verdict(s2["ask"], same)
        assert not legal and rules == ["SJ-2D-4"] and "equal trumps" in text
        assert _engine(name, 1, same)[1] == "sj.tractor_same_step"
    # an off-suit 9 pair, the trump-suit 9 pair and the small jokers: three pairs in a row
    longest = ["D-9", "D-9", "S-9", "S-9", "BJ", "BJ"]
    assert s3["ask"]["answers"] == [_key(longest)]
    legal, text, _ = _verdict(s3["ask"], longest)
    assert legal and "tractor of 3 pairs" in text
    legal, _, rules = _verdict(s3["ask"], ["D-9", "D-9", "BJ", "BJ"])
    assert not legal and rules == ["SJ-2D-4"] and _engine(name, 2, ["D-9", "D-9", "BJ", "BJ"])[1] == "sj.tractor_gap"
    legal, text, _ = _verdict(s3["ask"], ["S-9", "S-9", "BJ", "BJ"])
    assert legal and "tractor of 2 pairs" in text  # a tractor, but not the longest
    assert s3["after"]["hand"] == ["H-K", "D-7", "C-5"]


def test_following_and_beating_a_tractor() -> None:
    name = NAMES[3]
    s1, s2, s3, s4 = _steps(name)
    # a tractor must follow a tractor, and a higher one of the led suit wins
    assert s1["ask"]["legal"] == [_key(["H-J", "H-J", "H-Q", "H-Q"])]
    legal, text, rules = _verdict(s1["ask"], ["H-J", "H-J", "H-Q", "H-Q"])
    assert legal and _you_hold(text) and rules == ["SJ-2D-6", "SJ-2D-7"]
    assert _engine(name, 0, ["H-J", "H-J", "H-Q", "H-Q"])[1] == "sj.ok.follow_tractor"
    assert _engine(name, 0, ["H-Q", "H-Q", "H-J", "H-5"])[:3] == (False, "sj.follow_tractor", ("SJ-2D-6",))
    assert _engine(name, 0, ["H-Q", "H-Q", "C-A", "D-6"])[:2] == (False, "sj.follow_tractor")
    # no tractor: the pair and cards of the suit; a pair and two singles never win
    assert s2["ask"]["answers"] == [_key(["H-K", "H-K", "H-6", "H-4"])]
    legal, text, _ = _verdict(s2["ask"], ["H-K", "H-K", "H-6", "H-4"])
    assert legal and _seat_holds(text, 3)
    assert _engine(name, 1, ["H-K", "H-K", "H-6", "H-4"])[1] == "sj.ok.follow_cards"
    assert _engine(name, 1, ["H-A", "H-K", "H-6", "H-4"])[:3] == (False, "sj.follow_pairs", ("SJ-2D-6",))
    assert _verdict(s2["ask"], ["H-K", "H-K", "H-A", "H-6"])[0]  # legal, but the ace is wasted
    assert _engine(name, 1, ["H-K", "H-K", "H-4", "C-8"])[:2] == (False, "sj.follow_suit_count")
    # the suit runs out: all of it and any cards; a pair of trumps is no tractor, no win
    assert s3["ask"]["answers"] == [_key(["H-Q", "H-3", "C-7", "C-4"])]
    assert _engine(name, 2, ["H-Q", "H-3", "C-7", "C-4"])[1] == "sj.ok.follow_short"
    assert _engine(name, 2, ["H-Q", "C-7", "C-4", "S-6"])[:3] == (False, "sj.follow_suit_count", ("SJ-2D-6",))
    legal, text, _ = _verdict(s3["ask"], ["H-Q", "H-3", "S-6", "S-6"])
    assert legal and _seat_holds(text, 3)
    # void: a trump tractor ruffs; two trump pairs not next to each other do not
    legal, text, rules = _verdict(s4["ask"], ["S-3", "S-3", "S-4", "S-4"])
    assert legal and _you_hold(text) and "SJ-2D-7" in rules
    assert _engine(name, 3, ["S-3", "S-3", "S-4", "S-4"])[1] == "sj.ok.ruff_shape"
    for loses in (["S-K", "S-K", "S-3", "S-3"], ["S-K", "S-K", "C-7", "D-5"]):
        legal, text, _ = _verdict(s4["ask"], loses)
        assert legal and _seat_holds(text, 3)
        assert _engine(name, 3, loses)[1] == "sj.ok.follow_void"


def test_the_end_of_a_hand_out_of_200_points() -> None:
    name = NAMES[4]
    s1, s2 = _steps(name)
    first = s1["frames"][0]
    assert "Non-dealers' points: 110" in _info(first) and first["cards_held"] == [4, 2, 2, 2]
    # keep the jokers: the 8s go, the dealers take 30 points that do not count
    assert s1["ask"]["answers"] == [_key(["C-8", "C-8"])]
    legal, text, _ = _verdict(s1["ask"], ["RJ", "RJ"])
    assert legal and _you_hold(text)
    assert _engine(name, 0, ["RJ", "RJ"])[1] == "sj.ok.ruff_shape"
    assert _engine(name, 0, ["C-8", "C-8"])[1] == "sj.ok.follow_void"
    assert _events(s1)[-1] == "Seat 1 wins trick 22 (30 points)." and "Non-dealers' points: 110" in _info(s1["after"])
    # the jokers ruff the last trick: 125 in tricks, the kitty's 25 double, 175: one level (160-195)
    assert s2["ask"]["answers"] == [_key(["RJ", "RJ"])]
    after = s2["after"]
    assert after["events"][-2:] == [
        "The buried kitty is shown: K♠ 10♣ 5♦ 3♠ 4♠ 6♣ 8♦ 9♣. The non-dealers won the last trick, so its 25 "
        "points count 50.",
        "The non-dealers scored 175: the hand goes to seats 0 and 2, who go up 1 level."]
    assert "Non-dealers' points: 175 (125 in tricks, 50 from the kitty)" in _info(after)
    assert after["display.result"] == "Hand over: the non-dealers scored 175; seats 0 and 2 win the hand and go up 1 level."
    state = SJ.apply(_position(name, 1), SJ.parse_action(["RJ", "RJ"]), 0)
    result = state.result
    assert result["P"] == 175 and result["levels_after"] == {"team02": "5", "team13": "7"}
    assert result["next_dealer"] == 0 and result["next_trump_rank"] == "5" and "SJ-2D-2" in result["rule_ids"]
    # had the jokers taken the kings' trick: 140, a win for the non-dealers without a level
    alt = SJ.apply(_position(name, 0), SJ.parse_action(["RJ", "RJ"]), 0)
    for seat, cards in ((0, ["C-8", "C-8"]), (1, ["C-J", "C-J"]), (2, ["S-K", "S-5"]), (3, ["C-3", "C-2"])):
        alt = SJ.apply(alt, SJ.parse_action(cards), seat)
    assert alt.result["P"] == 140 and alt.result["hand_winner"] == "team02" and alt.result["steps"] == 0
    # the variant counting the kitty by the last trick's shape: four times for a pair, 225
    shaped = SJ.from_setup({**_lesson(name)[0].scenarios[0], "flags": {"decks": 2, "kitty_multiplier_by_shape": True}})
    for seat, cards in ((0, ["C-8", "C-8"]), (1, ["C-J", "C-J"]), (2, ["S-K", "S-5"]), (3, ["C-3", "C-2"]),
                        (0, ["RJ", "RJ"])):
        shaped = SJ.apply(shaped, SJ.parse_action(cards), seat)
    assert shaped.result["P"] == 225
