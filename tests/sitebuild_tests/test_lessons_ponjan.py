"""The Pon-jan course at build time, read from the real lesson files: sets and the wild tile
(PON-SET-1), the draw and the discard (PON-TURN-1), waiting hands and their waits, riichi, the
frozen hand and ron (PON-RIICHI-1, PON-RIICHI-2, PON-RON-1), the pon call (PON-PON-1), the
payments (PON-PAY-1 … PON-PAY-5), the empty wall and the deal passing on (PON-DRAW-1, PON-NEXT-1)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from sitebuild.lessons import action_key, compute_lesson, parse_lesson
from tutor.registry import find_game

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
GAME = "ponjan"
NAMES = ("01-tiles-and-sets.md", "02-draw-and-discard.md", "03-how-close.md", "04-riichi-and-ron.md",
         "05-pon.md", "06-payments.md", "07-a-game.md")
TSUMO = '{"win":"tsumo"}'
RON = '{"win":"ron"}'


@lru_cache(maxsize=None)
def _steps(name: str, lang: str = "en") -> list[dict[str, Any]]:
    return compute_lesson(parse_lesson(LESSONS / lang / GAME / name, lang, GAME))


def _key(action: Any) -> str:
    return action_key(find_game(GAME), action)


def _verdict(ask: dict[str, Any], key: str) -> tuple[bool, str, list[str]]:
    """The build's prepared verdict for a choice: (legal, text, rule ids)."""
    legal, text, rules = ask["table"][key]
    return legal == 1, ask["texts"][text], list(rules)


def _events(step: dict[str, Any]) -> list[str]:
    out = [e for f in step["frames"] for e in f.get("events") or []]
    return out + list(step.get("after", {}).get("events") or [])


def _zones(frame: dict[str, Any]) -> list[dict[str, Any]]:
    return frame.get("display.zones") or []


def _texts(frame: dict[str, Any]) -> list[str]:
    return [z["text"] for z in _zones(frame) if "text" in z]


def _discards(frame: dict[str, Any], seat: int) -> list[str]:
    for zone in _zones(frame):
        if zone.get("label") == f"Seat {seat} discarded":
            return zone["cards"]
    return []


def _chips(frame: dict[str, Any], seats: int = 4) -> list[int]:
    return [int(frame[f"display.seats.{s}"]["notes"][0].split()[0]) for s in range(seats)]


@pytest.mark.parametrize("name", NAMES)
def test_the_translation_runs_the_same_steps(name: str) -> None:
    en, ja = _steps(name, "en"), _steps(name, "ja")
    assert len(en) == len(ja)
    for a, b in zip(en, ja):
        assert a.get("ask", {}).get("answers") == b.get("ask", {}).get("answers")
        assert a.get("ask", {}).get("legal") == b.get("ask", {}).get("legal")
        assert [f.get("hand") for f in a["frames"]] == [f.get("hand") for f in b["frames"]]
        assert len(_events(a)) == len(_events(b))
        assert b["prose"] and not b["prose"].isascii()  # the Japanese lesson is written in Japanese


@pytest.mark.parametrize("name", NAMES)
def test_every_answer_is_legal_and_every_decision_complete(name: str) -> None:
    for step in _steps(name):
        if "ask" in step:
            assert step["ask"]["answers"] != "any"
            assert set(step["ask"]["answers"]) <= set(step["ask"]["legal"]) and step["ask"]["complete"]


def test_sets_and_the_wild_tile() -> None:
    s1, s2, s3 = _steps(NAMES[0])
    assert s1["frames"][0]["hand"][-1] == "T7" and s1["frames"][0]["display.apart"] == "just drawn"  # set apart at the end
    assert s1["ask"]["answers"] == [TSUMO] and s2["ask"]["answers"] == [TSUMO]
    assert "Seat 0 wins by tsumo" in s2["after"]["display.result"]
    # no three sets: tsumo refused with the rule; the lone 3 goes
    legal, text, rules = _verdict(s3["ask"], TSUMO)
    assert not legal and "do not form three sets" in text and "PON-SET-1" in rules
    assert TSUMO not in s3["ask"]["legal"] and s3["ask"]["answers"] == [_key(["T3"])]
    assert "Your hand waits for: tile 1, tile 8, a wild tile" in _texts(s3["after"])


def test_the_draw_and_the_discard_go_clockwise_from_the_dealer() -> None:
    s1, s2, s3 = _steps(NAMES[1])
    first = s1["frames"][0]
    assert first["display.info"] == ["Wall: 52 tiles", "Hand 1 of 8"]  # 85 - 4 x 8 - the dealer's draw
    assert s1["ask"]["answers"] == [_key(["T9"])] and _discards(s1["after"], 0) == ["T9"]
    events = _events(s2)
    for seat, tile in ((1, 2), (2, 8), (3, 5)):
        assert f"Seat {seat} discards tile {tile}." in events
    assert s2["frames"][-1]["display.info"][0] == "Wall: 48 tiles"
    assert s3["frames"][0]["hand"][-1] == "T4" and s3["ask"]["answers"] == [TSUMO]


def test_waiting_hands_and_their_waits() -> None:
    s1, s2, s3 = _steps(NAMES[2])
    assert "Your hand waits for: tile 7, a wild tile" in _texts(s1["after"])
    assert "Your hand waits for: tile 6, tile 8, a wild tile" in _texts(s2["after"])
    assert "Your hand waits for: tile 4, tile 8, a wild tile" in _texts(s3["after"])
    # the hint names the waits a discard can leave (the hint), never the tile to discard
    assert "tile 4, tile 8, a wild tile" in s3["ask"]["hint"]["focus"]
    assert "tile 6" not in s3["ask"]["hint"]["focus"]
    for wrong in ("T8", "T4", "WILD"):
        legal, text, _ = _verdict(s3["ask"], _key([wrong]))
        assert legal  # any tile may be discarded: a mistake here is no refusal


def test_riichi_the_frozen_hand_and_ron() -> None:
    s1, s2, s3, s4, s5 = _steps(NAMES[3])
    assert s1["ask"]["answers"] == [_key({"riichi": "T1"})]
    legal, text, rules = _verdict(s1["ask"], _key({"riichi": "T7"}))
    assert not legal and rules == ["PON-RIICHI-1"] and "one tile from winning" in text
    legal, text, _ = _verdict(s1["ask"], _key({"riichi": "T1"}))
    assert legal and "tile 7, a wild tile" in text
    assert s1["after"]["display.seats.1"]["label"].endswith("riichi")
    # frozen: only the drawn 4, no other tile and no tsumo
    assert s3["frames"][0]["hand"][-1] == "T4" and s3["ask"]["legal"] == [_key(["T4"])]
    legal, text, rules = _verdict(s3["ask"], _key(["T2"]))
    assert not legal and rules == ["PON-RIICHI-2"]
    assert _verdict(s3["ask"], TSUMO)[2] == ["PON-SET-1", "PON-TURN-1"]
    # seat 2's 7: ron, out of turn, paid by the discarder alone
    assert "Seat 2 has just discarded tile 7." in _texts(s5["frames"][0])
    assert s5["ask"]["answers"] == [RON] and set(s5["ask"]["legal"]) == {RON, "LET_GO"}
    assert s5["after"]["display.result"] == "Seat 1 wins by ron on seat 2's discard and receives 12 chips."
    assert _chips(s5["after"]) == [0, 12, -12, 0]


def test_the_pon_call() -> None:
    s1, s2, s3, s4, s5 = _steps(NAMES[4])
    assert _events(s1)[-1] == "Seat 3 discards tile 6."
    assert s2["ask"]["answers"] == [_key({"pon": "T6"})] and "LET_GO" in s2["ask"]["legal"]
    after = s2["after"]
    assert {"label": "Seat 1's pon", "cards": ["T6", "T6", "T6"]} in _zones(after)
    assert "T6" not in _discards(after, 3)  # the taken discard leaves its row
    assert after["to_act"] == 1 and after["hand"] == ["T3", "T3", "T3", "T8", "T8", "WILD"]
    # right after the pon: no tsumo though the tiles are three sets, and no riichi
    legal, text, rules = _verdict(s3["ask"], TSUMO)
    assert not legal and rules == ["PON-PON-1"] and "never wins by itself" in text
    assert _verdict(s3["ask"], _key({"riichi": "T3"}))[2] == ["PON-PON-1"]
    assert "right after a pon you cannot win" in s3["ask"]["hint"]["focus"]
    # play goes on from the caller: seat 2 draws next, seat 0 lost its turn
    assert s3["after"]["to_act"] == 2
    assert [e for e in _events(s4) if "discards" in e] == [
        "Seat 2 discards tile 1.", "Seat 3 discards tile 9.", "Seat 0 discards tile 5."]
    assert s5["ask"]["answers"] == [TSUMO]
    assert _chips(s5["after"]) == [-6, 12, -3, -3]  # PON-PAY-3: the dealer pays double


def test_payments() -> None:
    s1, s2, s3, s4 = _steps(NAMES[5])
    assert _chips(s1["after"]) == [-6, -3, 12, -3]  # a non-dealer's tsumo: 3, 3 and the dealer 6
    assert _chips(s2["after"]) == [18, -6, -6, -6]  # the dealer's tsumo: 1.5 x 12 shared
    assert s4["ask"]["answers"] == [RON]
    assert _chips(s4["after"]) == [-12, 0, 0, 12]  # ron: the discarder alone pays, dealer or not


def test_the_empty_wall_and_the_next_dealer() -> None:
    s1, s2, s3 = _steps(NAMES[6])
    assert s1["frames"][0]["display.info"] == ["Wall: 3 tiles", "Hand 3 of 8"]
    assert [e for e in _events(s2) if "discards" in e] == [
        "Seat 0 discards tile 5.", "Seat 1 discards tile 9.", "Seat 2 discards tile 7."]
    last = s2["frames"][-1]
    assert last.get("display.result") == "A draw: the wall ran out."
    assert _chips(last) == [12, -6, -3, -3]  # PON-DRAW-1: no chips change hands
    first = s3["frames"][0]
    assert first["display.info"] == ["Wall: 52 tiles", "Hand 4 of 8"]
    assert "dealer" in first["display.seats.3"]["label"]
