"""Tichu combinations and their comparison (tichu.md §5-§7, §9): classify, beats, generate.

Every expectation is worked out by hand from the spec; card sets are literal strings
(``PHOENIX=r`` is a Phoenix declared as rank r inside a multi-card play).
"""
from __future__ import annotations

import pytest

from tutor.cards import CardError
from tutor.games.tichu.combos import BOMBS, TYPES, Combo, Hand, beats, classify, generate
from tichu_helpers import G, kind, parsed, readings

J, Q, K, A = 11, 12, 13, 14


def combo(text: str, on_single: float | None = None) -> Combo:
    found = classify(parsed(text), on_single)
    assert len(found) == 1, (text, found)
    return found[0]


def classify_case(text: str, **flags) -> list[dict]:
    """The golden-case classify hook (rules/README.md §4.3, §4.6)."""
    return G.classify({"flags": {"players": 4, **flags}, "cards": text.split()})


# --------------------------------------------------------------------------- singles
class TestSingle:
    """TICHU-COMBO-1, TICHU-SETUP-3, TICHU-MAHJONG-1, TICHU-DRAGON-1, TICHU-PHOENIX-2, TICHU-DOG-1."""

    @pytest.mark.parametrize("card, value", [("S-2", 2), ("H-9", 9), ("D-10", 10), ("C-J", J), ("S-Q", Q),
                                             ("H-K", K), ("D-A", A), ("MAHJONG", 1), ("DRAGON", 15)])
    def test_single_values(self, card, value):  # TICHU-SETUP-3
        assert readings(card) == [("single", value, 0)]

    def test_lone_phoenix_led_is_one_and_a_half(self):  # TICHU-PHOENIX-2
        assert readings("PHOENIX") == [("single", 1.5, 0)]

    @pytest.mark.parametrize("on, value", [(1.0, 1.5), (7.0, 7.5), (14.0, 14.5)])
    def test_lone_phoenix_is_half_a_rank_above_the_single_it_follows(self, on, value):  # TICHU-PHOENIX-2
        assert readings("PHOENIX", on_single=on) == [("single", value, 0)]

    def test_lone_phoenix_is_played_plain(self):  # TICHU-COMBO-10: a declaration only inside a combination
        assert kind("PHOENIX=5") is None

    def test_dog_is_not_a_single(self):  # TICHU-DOG-1, TICHU-COMBO-1
        assert kind("DOG") == "dog"
        assert readings("DOG")[0][0] != "single"

    def test_classify_hook_ranks(self):  # README §4.6: MAHJONG / DRAGON tokens, 1.5 for a lone Phoenix
        assert classify_case("MAHJONG") == [{"type": "single", "rank": "MAHJONG"}]
        assert classify_case("DRAGON") == [{"type": "single", "rank": "DRAGON"}]
        assert classify_case("PHOENIX") == [{"type": "single", "rank": 1.5}]
        assert classify_case("H-Q") == [{"type": "single", "rank": "Q"}]
        assert classify_case("DOG") == [{"type": "dog", "rank": None}]


# --------------------------------------------------------------------------- pairs, triples, full houses
class TestSetsOfOneRank:
    """TICHU-COMBO-2, TICHU-COMBO-3, TICHU-COMBO-7, TICHU-COMBO-9, TICHU-COMBO-10, TICHU-PHOENIX-4."""

    def test_pair(self):  # TICHU-COMBO-2
        assert readings("S-8 H-8") == [("pair", 8, 0)]
        assert readings("S-A C-A") == [("pair", A, 0)]

    def test_pair_near_misses(self):  # TICHU-COMBO-2, TICHU-COMBO-9
        assert kind("S-8 H-9") is None
        assert kind("S-A MAHJONG") is None
        assert kind("DRAGON S-A") is None
        assert kind("DOG S-2") is None

    def test_pair_with_phoenix(self):  # TICHU-COMBO-10
        assert readings("S-5 PHOENIX=5") == [("pair", 5, 0)]
        assert kind("S-5 PHOENIX=6") is None  # the declared rank must make the pair

    def test_phoenix_must_be_declared_in_a_combination(self):  # TICHU-COMBO-10
        assert kind("S-5 PHOENIX") is None

    def test_phoenix_never_stands_for_one_or_a_special(self):  # TICHU-COMBO-10
        for token in ("PHOENIX=1", "PHOENIX=MAHJONG", "PHOENIX=DRAGON"):
            with pytest.raises(CardError):
                parsed(token)

    def test_triple(self):  # TICHU-COMBO-3
        assert readings("S-J H-J D-J") == [("triple", J, 0)]
        assert readings("S-J H-J PHOENIX=J") == [("triple", J, 0)]
        assert kind("S-J H-J D-Q") is None
        assert kind("S-J H-J PHOENIX=Q") is None

    def test_four_of_a_kind_is_a_bomb(self):  # TICHU-COMBO-7
        assert readings("S-3 H-3 D-3 C-3") == [("four_of_a_kind_bomb", 3, 0)]

    def test_phoenix_is_never_in_a_bomb(self):  # TICHU-PHOENIX-4, TICHU-COMBO-9 (triple + Phoenix as "four")
        assert kind("S-8 H-8 D-8 PHOENIX=8") is None
        assert kind("S-8 H-8 D-8 C-8 PHOENIX=8") is None

    def test_full_house(self):  # TICHU-COMBO-4: ranked by the triple only
        assert readings("S-4 H-4 D-4 S-K H-K") == [("full_house", 4, 0)]
        assert readings("S-K H-K D-K S-4 H-4") == [("full_house", K, 0)]

    def test_full_house_with_phoenix_in_the_triple_or_the_pair(self):  # TICHU-COMBO-10
        assert readings("S-9 H-9 PHOENIX=9 S-2 H-2") == [("full_house", 9, 0)]
        assert readings("S-9 H-9 D-9 S-2 PHOENIX=2") == [("full_house", 9, 0)]

    def test_phoenix_with_two_pairs_reads_as_declared(self):  # TICHU-COMBO-10, ambiguity A8
        assert readings("S-K H-K S-5 H-5 PHOENIX=K") == [("full_house", K, 0)]
        assert readings("S-K H-K S-5 H-5 PHOENIX=5") == [("full_house", 5, 0)]
        assert kind("S-K H-K S-5 H-5 PHOENIX=7") is None

    def test_full_house_near_misses(self):  # TICHU-COMBO-9
        assert kind("S-9 H-9 D-9 S-2 H-3") is None  # triple plus two singles
        assert kind("S-9 H-9 D-9 S-2") is None  # triple plus a single
        assert kind("S-9 H-9 D-9 C-9 S-2") is None  # a bomb plus a single
        assert kind("S-9 H-9 S-2 H-2 D-3") is None  # two pairs and a single


# --------------------------------------------------------------------------- straights
class TestStraight:
    """TICHU-COMBO-5, TICHU-COMBO-8, TICHU-MAHJONG-1, TICHU-COMBO-10."""

    def test_five_mixed_suits(self):
        assert readings("S-3 H-4 D-5 C-6 S-7") == [("straight", 7, 5)]

    def test_long_straight_ranked_by_top_card(self):
        assert readings("S-8 H-9 D-10 C-J S-Q H-K D-A") == [("straight", A, 7)]

    def test_all_fourteen_ranks(self):  # Mahjong up to the ace
        text = "MAHJONG S-2 H-3 D-4 C-5 S-6 H-7 D-8 C-9 S-10 H-J D-Q C-K S-A"
        assert readings(text) == [("straight", A, 14)]

    def test_mahjong_is_the_bottom_card(self):  # TICHU-MAHJONG-1
        assert readings("MAHJONG S-2 H-3 D-4 C-5") == [("straight", 5, 5)]
        assert classify_case("MAHJONG S-2 H-3 D-4 C-5") == [{"type": "straight", "rank": "5", "length": 5}]

    def test_mahjong_only_at_the_bottom_of_a_consecutive_run(self):
        assert kind("MAHJONG S-3 H-4 D-5 C-6") is None  # 1 and 3 are not consecutive
        assert kind("MAHJONG S-2 H-3 D-4") is None  # too short
        assert kind("MAHJONG S-2") is None  # never in a pair-like set

    def test_ace_is_never_low(self):  # TICHU-COMBO-5: A-2-3-4-5 is not a straight
        assert kind("S-A H-2 D-3 C-4 S-5") is None
        assert kind("S-Q H-K D-A C-2 S-3") is None  # no wrap-around

    def test_near_misses(self):  # TICHU-COMBO-5, TICHU-COMBO-9
        assert kind("S-3 H-4 D-5 C-6") is None  # four cards
        assert kind("S-3 H-4 D-5 C-6 S-8") is None  # a gap
        assert kind("S-3 H-4 D-5 C-6 S-6 H-7") is None  # a repeated rank
        assert kind("S-J H-Q D-K C-A DRAGON") is None  # the Dragon is only a single

    def test_same_suit_is_a_straight_flush_bomb_only(self):  # TICHU-COMBO-8
        assert readings("H-2 H-3 H-4 H-5 H-6") == [("straight_flush_bomb", 6, 5)]
        assert readings("S-10 S-J S-Q S-K S-A") == [("straight_flush_bomb", A, 5)]
        assert "straight" not in {t for t, _, _ in readings("H-2 H-3 H-4 H-5 H-6")}

    def test_one_other_suit_makes_a_plain_straight(self):
        assert readings("H-2 H-3 H-4 H-5 S-6") == [("straight", 6, 5)]

    def test_mahjong_or_phoenix_never_make_a_straight_flush(self):  # TICHU-COMBO-8, TICHU-PHOENIX-4
        assert readings("MAHJONG S-2 S-3 S-4 S-5") == [("straight", 5, 5)]
        assert readings("S-2 S-3 S-4 S-5 PHOENIX=6") == [("straight", 6, 5)]

    def test_phoenix_fills_a_gap_or_an_end(self):  # TICHU-COMBO-10
        assert readings("S-3 H-4 PHOENIX=5 C-6 S-7") == [("straight", 7, 5)]
        assert readings("S-J H-Q D-K C-A PHOENIX=10") == [("straight", A, 5)]
        assert readings("PHOENIX=A S-K D-Q H-J C-10") == [("straight", A, 5)]
        assert readings("MAHJONG PHOENIX=2 S-3 H-4 D-5") == [("straight", 5, 5)]

    def test_phoenix_declaration_must_complete_the_run(self):  # TICHU-COMBO-10
        assert kind("S-J H-Q D-K C-A PHOENIX=2") is None
        assert kind("S-3 H-4 C-6 S-7 PHOENIX=8") is None

    def test_classify_hook_length(self):  # README §4.6: length = cards of a straight
        assert classify_case("S-8 H-9 D-10 C-J S-Q H-K") == [{"type": "straight", "rank": "K", "length": 6}]
        assert classify_case("C-7 C-8 C-9 C-10 C-J") == [{"type": "straight_flush_bomb", "rank": "J", "length": 5}]
        assert classify_case("S-A H-2 D-3 C-4 S-5") == []


# --------------------------------------------------------------------------- stairs
class TestStairs:
    """TICHU-COMBO-6, TICHU-COMBO-9, TICHU-COMBO-10."""

    def test_two_consecutive_pairs(self):
        assert readings("S-5 H-5 D-6 C-6") == [("stairs", 6, 2)]

    def test_three_pairs_ranked_by_the_top_pair(self):
        assert readings("S-9 H-9 D-10 C-10 S-J H-J") == [("stairs", J, 3)]
        assert classify_case("S-9 H-9 D-10 C-10 S-J H-J") == [{"type": "stairs", "rank": "J", "length": 3}]

    def test_seven_pairs(self):
        text = "S-2 H-2 S-3 H-3 S-4 H-4 S-5 H-5 S-6 H-6 S-7 H-7 S-8 H-8"
        assert readings(text) == [("stairs", 8, 7)]

    def test_phoenix_completes_a_pair(self):  # TICHU-COMBO-10
        assert readings("S-5 H-5 D-6 PHOENIX=6") == [("stairs", 6, 2)]
        assert readings("S-3 H-3 D-4 C-4 S-5 PHOENIX=5") == [("stairs", 5, 3)]

    def test_near_misses(self):  # TICHU-COMBO-9
        assert kind("S-5 H-5 S-7 H-7") is None  # pairs not consecutive
        assert kind("S-5 H-5 D-5 S-6 H-6 D-6") is None  # two triples are no combination
        assert kind("S-5 H-5 S-6 H-6 S-7") is None  # a pair missing its partner
        assert kind("S-K H-K S-A H-A S-2 H-2") is None  # no wrap-around
        assert kind("MAHJONG S-2 H-2 D-3 C-3") is None  # the Mahjong is never in stairs


# --------------------------------------------------------------------------- comparison
class TestCompare:
    """TICHU-CMP-1, TICHU-CMP-2, TICHU-BOMB-1, TICHU-BOMB-2, TICHU-BOMB-3."""

    @pytest.mark.parametrize("new, top", [
        ("S-9", "H-8"), ("S-2", "MAHJONG"), ("DRAGON", "S-A"),
        ("S-9 H-9", "S-8 H-8"), ("S-Q H-Q D-Q", "S-J H-J D-J"),
        ("S-3 H-3 D-3 S-2 H-2", "S-2 D-2 C-2 S-A H-A"),  # full house: the triple decides
        ("S-4 H-5 D-6 C-7 S-8", "MAHJONG S-2 H-3 D-4 C-5"),
        ("S-6 H-6 D-7 C-7", "S-5 H-5 D-6 C-6"),
    ])
    def test_same_type_same_size_higher_beats(self, new, top):  # TICHU-CMP-1
        assert beats(combo(new), combo(top))
        assert not beats(combo(top), combo(new))

    @pytest.mark.parametrize("text", ["S-9", "S-9 H-9", "S-9 H-9 D-9", "S-3 H-4 D-5 C-6 S-7", "S-5 H-5 D-6 C-6",
                                      "S-9 H-9 D-9 S-2 H-2", "S-4 H-4 D-4 C-4", "H-2 H-3 H-4 H-5 H-6"])
    def test_equal_never_beats(self, text):  # TICHU-CMP-1
        assert not beats(combo(text), combo(text))

    def test_equal_rank_different_cards_never_beats(self):
        assert not beats(combo("S-9 H-9"), combo("D-9 C-9"))
        assert not beats(combo("S-3 H-4 D-5 C-6 S-7"), combo("H-3 D-4 C-5 S-6 H-7"))

    def test_straights_must_match_length(self):  # TICHU-CMP-2
        five, six = combo("S-3 H-4 D-5 C-6 S-7"), combo("S-8 H-9 D-10 C-J S-Q H-K")
        assert not beats(six, five) and not beats(five, six)

    def test_stairs_must_match_length(self):  # TICHU-CMP-2
        two, three = combo("S-5 H-5 D-6 C-6"), combo("S-6 H-6 D-7 C-7 S-8 H-8")
        assert not beats(three, two) and not beats(two, three)

    @pytest.mark.parametrize("new, top", [("S-A H-A", "S-9"), ("S-9", "S-2 H-2"), ("S-9 H-9 D-9", "S-2 H-2"),
                                          ("S-5 H-5 D-6 C-6", "S-8 H-8"),
                                          ("S-9 H-9 D-9 S-2 H-2", "S-3 H-4 D-5 C-6 S-7")])
    def test_different_types_never_beat(self, new, top):  # TICHU-TURN-1
        assert not beats(combo(new), combo(top))

    def test_the_dragon_is_the_highest_single(self):  # TICHU-DRAGON-1
        assert beats(combo("DRAGON"), combo("PHOENIX", on_single=14.0))
        assert not beats(combo("S-A"), combo("DRAGON"))

    def test_phoenix_single_comparisons(self):  # TICHU-PHOENIX-2
        led = combo("PHOENIX")
        assert beats(combo("S-2"), led) and not beats(combo("MAHJONG"), led)
        on_ace = combo("PHOENIX", on_single=14.0)
        assert beats(on_ace, combo("S-A")) and not beats(combo("H-A"), on_ace)
        assert beats(combo("DRAGON"), on_ace)

    @pytest.mark.parametrize("top", ["DRAGON", "S-A", "S-A H-A", "S-A H-A D-A", "S-A H-A D-A S-K H-K",
                                     "S-10 H-J D-Q C-K S-A", "S-Q H-Q D-K C-K S-A H-A",
                                     "MAHJONG S-2 H-3 D-4 C-5 S-6 H-7 D-8 C-9 S-10 H-J D-Q C-K S-A"])
    def test_a_bomb_beats_every_non_bomb(self, top):  # TICHU-BOMB-1
        bomb = combo("S-2 H-2 D-2 C-2")
        assert beats(bomb, combo(top)) and not beats(combo(top), bomb)  # TICHU-BOMB-3

    def test_four_of_a_kind_by_rank(self):  # TICHU-BOMB-2
        assert beats(combo("S-9 H-9 D-9 C-9"), combo("S-8 H-8 D-8 C-8"))
        assert not beats(combo("S-8 H-8 D-8 C-8"), combo("S-9 H-9 D-9 C-9"))

    def test_straight_flush_beats_every_four_of_a_kind(self):  # TICHU-BOMB-2
        low_flush, aces = combo("H-2 H-3 H-4 H-5 H-6"), combo("S-A H-A D-A C-A")
        assert beats(low_flush, aces) and not beats(aces, low_flush)

    def test_more_cards_beat_fewer(self):  # TICHU-BOMB-2
        six_low, five_high = combo("S-2 S-3 S-4 S-5 S-6 S-7"), combo("H-10 H-J H-Q H-K H-A")
        assert beats(six_low, five_high) and not beats(five_high, six_low)

    def test_straight_flushes_of_equal_length_by_top_card(self):  # TICHU-BOMB-2
        assert beats(combo("D-4 D-5 D-6 D-7 D-8"), combo("C-3 C-4 C-5 C-6 C-7"))
        assert not beats(combo("D-3 D-4 D-5 D-6 D-7"), combo("C-3 C-4 C-5 C-6 C-7"))

    def test_bomb_flags(self):
        assert BOMBS == {"four_of_a_kind_bomb", "straight_flush_bomb"}
        assert combo("S-4 H-4 D-4 C-4").is_bomb and not combo("S-4 H-4 D-4").is_bomb
        assert set(TYPES) == {"single", "pair", "triple", "full_house", "straight", "stairs", "four_of_a_kind_bomb",
                              "straight_flush_bomb", "dog"}


# --------------------------------------------------------------------------- generation
def plays(hand_text: str, top_text: str | None = None, on_single: float | None = None, leading: bool | None = None):
    top = combo(top_text, on_single) if top_text else None
    lead = top is None if leading is None else leading
    return {tuple(sorted(str(c) for c in cards)) for cards, _ in generate(Hand(parsed(hand_text)), top, leading=lead)}


def S(text: str) -> tuple[str, ...]:
    return tuple(sorted(text.split()))


class TestGenerate:
    """Every play ``generate`` lists is a valid reading that beats the top, and none is missed."""

    def test_leading_small_hand_exactly(self):  # TICHU-TURN-1, TICHU-DOG-1, TICHU-COMBO-10
        got = plays("S-5 H-5 PHOENIX DOG")
        assert got == {S("S-5"), S("H-5"), S("PHOENIX"), S("DOG"), S("S-5 H-5"), S("S-5 PHOENIX=5"),
                       S("H-5 PHOENIX=5"), S("S-5 H-5 PHOENIX=5")}

    def test_dog_only_when_leading(self):  # TICHU-DOG-1
        assert S("DOG") not in plays("DOG S-9", "S-3")
        assert S("DOG") not in plays("DOG S-9", None, leading=False)

    def test_following_a_single(self):  # TICHU-PHOENIX-2, TICHU-PHOENIX-3
        assert plays("MAHJONG S-2 DRAGON", "PHOENIX") == {S("S-2"), S("DRAGON")}  # not the Mahjong on 1.5
        assert plays("S-2 PHOENIX DRAGON S-K", "S-A") == {S("PHOENIX"), S("DRAGON")}
        assert S("PHOENIX") not in plays("PHOENIX S-2", "DRAGON")

    def test_straight_with_phoenix_answers_same_length_only(self):  # TICHU-CMP-2, TICHU-COMBO-10
        got = plays("S-4 H-5 D-6 C-8 PHOENIX", "S-2 H-3 D-4 C-5 S-6")
        assert got == {S("S-4 H-5 D-6 PHOENIX=7 C-8")}

    def test_mahjong_straight(self):  # TICHU-MAHJONG-1
        got = plays("MAHJONG S-2 H-3 D-4 C-5")
        assert S("MAHJONG S-2 H-3 D-4 C-5") in got

    def test_one_suit_run_is_listed_as_a_bomb_not_a_straight(self):  # TICHU-COMBO-8
        for cards, c in generate(Hand(parsed("H-2 H-3 H-4 H-5 H-6")), None, leading=True):
            if len(cards) == 5:
                assert c.type == "straight_flush_bomb"

    def test_every_generated_play_is_a_reading_that_beats(self):
        hand = "MAHJONG S-2 H-3 D-3 C-4 S-5 H-5 D-6 S-6 H-7 C-7 C-8 PHOENIX DRAGON"
        for top in (None, "S-4", "S-3 H-3", "S-4 H-4 D-4 C-9 S-9", "S-2 H-3 D-4 C-5 S-6", "S-3 H-3 D-4 C-4"):
            for cards, c in generate(Hand(parsed(hand)), combo(top) if top else None, leading=top is None):
                on = combo(top).rank if top and combo(top).type == "single" else None
                assert classify(cards, on) == [c], (top, cards)
                if top:
                    assert beats(c, combo(top)), (top, cards)

    def test_bombs_are_listed_on_anything(self):  # TICHU-BOMB-1, TICHU-BOMB-2
        hand = "S-9 H-9 D-9 C-9 C-2 C-3 C-4 C-5 C-6 C-7"
        got = plays(hand, "DRAGON")
        assert got == {S("S-9 H-9 D-9 C-9"), S("C-2 C-3 C-4 C-5 C-6"), S("C-3 C-4 C-5 C-6 C-7"),
                       S("C-2 C-3 C-4 C-5 C-6 C-7")}
        # on a five-card straight flush only longer or higher straight flushes
        assert plays(hand, "D-2 D-3 D-4 D-5 D-6") == {S("C-3 C-4 C-5 C-6 C-7"), S("C-2 C-3 C-4 C-5 C-6 C-7")}
