"""The texts the core produces read right for every value their parameters can take (issue 10).

A repeated card gets its own reason (not "you do not hold"), counts agree with their nouns
("1 honour", "no honours"), comparisons read as sentences, and every catalog message renders
without leftover placeholders or punctuation artefacts in both languages.
"""
from __future__ import annotations

import itertools
import re

import pytest

from tutor.actions import parse_action
from tutor.registry import find_game
from tutor.messages import LANGS, catalog, render
from napoleon_helpers import nap
from tichu_helpers import th
from unit_helpers import ddz

# --------------------------------------------------------------------------- repeated cards


def test_tichu_exchange_of_one_card_to_all_three_seats():  # TICHU-EXCH-1
    g = find_game("tichu")
    s = th({"0": "S-2 S-3 S-4 S-5 S-6 S-7 S-8 S-9 S-10 S-J S-Q S-K S-A H-2"}, phase="exchange", to_act=0)
    v = g.explain(s, parse_action({"exchange": {"1": "S-2", "2": "S-2", "3": "S-2"}}), 0)
    assert not v.legal and v.key == "tichu.exchange_distinct" and "TICHU-EXCH-1" in v.rule_ids
    assert v.params["cards"] == ["S-2"]
    en, ja = v.text("en"), v.text("ja")
    assert "do not hold" not in en and "three different cards" in en and en.count("2♠") == 1
    assert "手札にありません" not in ja and "違うカードを3枚" in ja
    # a card not held at all is still "not held", named once
    v = g.explain(s, parse_action({"exchange": {"1": "D-2", "2": "D-2", "3": "S-3"}}), 0)
    assert v.key == "common.not_in_hand" and v.params["cards"] == ["D-2"]


def test_tichu_play_naming_one_card_twice():
    g = find_game("tichu")
    s = th({"0": "S-5 H-9"}, to_act=0)
    v = g.explain(s, parse_action(["S-5", "S-5"]), 0)
    assert not v.legal and v.key == "common.repeated_card" and v.params["cards"] == ["S-5"]
    assert "more times than you hold it" in v.text("en") and "do not hold" not in v.text("en")
    assert "多く指定" in v.text("ja")
    # only the cards that are missing are named
    v = g.explain(s, parse_action(["S-5", "H-5"]), 0)
    assert v.key == "common.not_in_hand" and v.params["cards"] == ["H-5"]
    assert v.text("en") == "You do not hold 5♥."


def test_doudizhu_play_naming_one_card_twice():
    g = find_game("doudizhu")
    s = ddz(hands={"0": "S-3 H-3 S-9"}, to_act=0, landlord=0)
    v = g.explain(s, parse_action(["S-9", "S-9"]), 0)
    assert not v.legal and v.key == "common.repeated_card" and v.params["cards"] == ["S-9"]
    assert v.text("en").startswith("You name 9♠ more times than you hold it")
    # with two decks (4 players) two copies of a held pair are fine; a third is a repeat
    s4 = ddz(4, hands={"0": "S-9 S-9 H-3"}, to_act=0, landlord=0)
    assert g.explain(s4, parse_action(["S-9", "S-9"]), 0).legal
    assert g.explain(s4, parse_action(["S-9", "S-9", "S-9"]), 0).key == "common.repeated_card"


def test_napoleon_discard_naming_one_card_twice():  # NAP-KITTY-1
    g = find_game("napoleon")
    s = nap({"0": "S-10 H-K C-4 C-5"}, phase="discard", to_act=0, napoleon=0,
            cards_held={"0": 13, "1": 10, "2": 10, "3": 10, "4": 10}, called_card="JOKER")
    v = g.explain(s, parse_action({"discard": ["S-10", "S-10", "H-K"]}), 0)
    assert not v.legal and v.key == "nap.discard_repeat" and "NAP-KITTY-1" in v.rule_ids
    assert v.params["cards"] == ["S-10"]
    assert v.text("en") == "You name 10♠ more than once: lay away three different cards from your hand."
    assert "10♠" in v.text("ja") and "違うカード" in v.text("ja")


# --------------------------------------------------------------------------- counts, empty lists, comparisons


def test_singular_counts_whatever_the_parameter_is_called():
    assert render("tichu.why.bomb_to_stop", {"seat": 1, "left": 1, "type": "four_of_a_kind_bomb"}) == \
        "Seat 1 has only 1 card left: bomb now (four-of-a-kind bomb) so they do not win the lead and go out."
    assert "only 2 cards left" in render("ddz.why.bomb_to_stop", {"seat": 1, "left": 2, "type": "bomb"})
    assert "only 1 card left" in render("ddz.why.bomb_to_stop", {"seat": 1, "left": 1, "type": "bomb"})
    assert "with 1 card left" in render("tichu.why.gift", {"seat": 1, "left": 1})
    assert "took 1 honour against" in render("nap.event.game_end", {"count": 1, "bid": 13, "winner": "allies"})
    assert "worth only about 1 honour:" in render("nap.why.bid_weak", {"count": 1})
    assert "worth 25 points" in render("tichu.event.trick_won", {"seat": 0, "points": 25})


def test_a_trick_without_honours():
    params = {"seat": 2, "trick": 3, "count": 0, "cards": []}
    assert render("nap.event.trick_won", params, "en") == "Seat 2 wins trick 3; no honours in it."
    assert render("nap.event.trick_won", params, "ja") == "席2が第3トリックに勝ちました。絵札はありません。"
    text = render("nap.why.win_cheaply", {"cards": ["S-A"], "count": 0}, "en")
    assert "0 honours" not in text and "no honours" in text


def test_the_winner_agrees_with_its_verb():
    for winner in ("napoleon", "allies"):
        text = render("nap.event.game_end", {"count": 14, "bid": 13, "winner": winner}, "en")
        assert not re.search(r"(army|Allies) wins?\b", text), text
        assert text.endswith("the game goes to " + catalog("en")[f"nap.winner.{winner}"] + ".")


@pytest.mark.parametrize("prefix", ["ddz", "tichu"])
def test_not_higher_reads_as_a_sentence(prefix):
    params = {"type": "single", "rank": "4", "top_rank": "K"}
    en = render(f"{prefix}.not_higher", params, "en")
    where = "on the table" if prefix == "ddz" else "on top"
    assert en.startswith(f"Same type, but not higher: your single (rank 4) does not beat the one {where} (rank king)")
    ja = render(f"{prefix}.not_higher", params, "ja")
    assert "あなたのシングル（4）は、場のシングル（キング）に勝てません" in ja


def test_combination_readings_are_named_not_coded():
    en = render("ddz.declare_type", {"readings": ["airplane_single_wings", "quad_two_pairs"]}, "en")
    assert "(airplane with single wings, four with two pairs)" in en
    ja = render("ddz.not_that_type", {"type": "bomb", "readings": ["trio_single"]}, "ja")
    assert "トリプル＋1" in ja and "trio" not in ja
    assert "(1, 2, 3)" in render("tichu.exchange_shape", {"seats": ["1", "2", "3"]}, "en")


@pytest.mark.parametrize("phase", ["call_adjutant", "discard", "joker_suit"])
def test_napoleon_phases_are_named(phase):
    for lang in LANGS:
        text = render("common.wrong_phase", {"phase": phase, "expected": "PASS"}, lang)
        assert "_" not in text and catalog(lang)[f"nap.phase.{phase}"] in text


# --------------------------------------------------------------------------- every message, every value

NUMBERS = (0, 1, 2)
NUMERIC = {"count", "top_count", "left", "points", "size", "top_size", "min", "hidden", "bid", "high", "each",
           "multiplier", "a", "b", "place", "round", "game", "trick", "players", "seat", "to", "to_act", "first",
           "dealer", "direction"}
PHASES = ("auction", "play", "grand_tichu", "exchange", "wish", "dragon_gift", "score", "call_adjutant",
          "discard", "joker_suit")
# list parameters the code may leave empty, and a number that counts such a list
MAY_BE_EMPTY = {"nap.event.trick_won"}
CONSISTENT = {
    "nap.event.trick_won": lambda p: p["count"] == len(p["cards"]),
    "nap.event.discard": lambda p: p["hidden"] == 3 - len(p["cards"]),
}
PLURAL_NOUNS = ("cards", "honours", "points", "ranks", "players", "seats", "tricks", "times", "copies", "bombs",
                "pairs", "singles", "jokers", "rounds", "games")
ARTEFACTS = (" .", ": .", "  ", " ,", "()", "（）", ":。", ": 。", "、。", "（、", "、）", "None", "True", "False")


def _values(key: str, name: str) -> list:
    prefix = key.split(".", 1)[0]
    family = {"top_type": "type", "readings": "type", "top_rank": "rank", "top_suit": "suit"}.get(name, name)
    en = catalog("en")
    named = sorted(k.rsplit(".", 1)[1] for k in en if k.startswith(f"{prefix}.{family}."))
    if name in NUMERIC:
        return list(NUMBERS)
    if name == "cards":
        return ([[]] if key in MAY_BE_EMPTY else []) + [["H-10"], ["H-10", "S-J"]]
    if name == "readings":
        return [named[:1], named[:2]]
    if name == "seats":
        return [["1", "2", "3"]]
    if name in ("type", "top_type", "winner", "team"):
        return named or ["A"]
    if name in ("rank", "top_rank"):
        return ["4", "K"] + (["MAHJONG", 8.5] if prefix == "tichu" else []) + \
            ([None] if key == "tichu.ok.wish" else [])
    if name.endswith("suit"):
        return ["S", "C"]
    if name == "phase":
        return list(PHASES) if prefix == "common" else named
    if name == "expected":
        return ["PASS"]
    return ["x"]


def _renderings(lang: str):
    placeholder = re.compile(r"\{(\w+)(?::[^{}]*)?\}")
    for key, template in catalog(lang).items():
        if key.endswith((".one", ".zero")):
            continue  # variants: rendered through their base key
        names = sorted(set(placeholder.findall(template)))
        for combo in itertools.product(*(_values(key, n) for n in names)):
            params = dict(zip(names, combo))
            if key in CONSISTENT and not CONSISTENT[key](params):
                continue
            yield key, params, render(key, params, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_renders_cleanly_for_every_value(lang):
    leftover = re.compile(r"\{\w+(?::[^{}]*)?\}")
    raw_id = re.compile(r"[a-z]_[a-z]")
    one_plural = re.compile(r"(?<![\d.,×-])\b1 (%s)\b" % "|".join(PLURAL_NOUNS))
    bad = []
    count = 0
    for key, params, text in _renderings(lang):
        count += 1
        # "None of these" is an answer's words, a bare None a value leaking into them
        problems = [a for a in ARTEFACTS if a in text.replace("None of these", "")]
        if leftover.search(text):
            problems.append("placeholder")
        if raw_id.search(text):
            problems.append("raw id")
        if lang == "en" and one_plural.search(text):
            problems.append("1 + plural")
        if text != text.strip():
            problems.append("edge space")
        if problems:
            bad.append((key, params, text, problems))
    assert count > 1000
    assert not bad, "\n".join(map(repr, bad[:20]))
