"""The two-deck module's shapes (shengji.md §13, tutor/games/shengji/shapes.py): pairs (SJ-2D-3),
tractors across the gap of the trump rank and through the trump-rank and joker pairs (SJ-2D-4),
following a pair or a tractor (SJ-2D-5, SJ-2D-6), the winner of a trick of pairs or tractors
(SJ-2D-7), the scaled level table (SJ-2D-2) and the kitty multiplier by shape (SJ-2D-9).

Expected values come from the spec's text, each case named after the sentence it checks."""
from __future__ import annotations

import pytest

from tutor.cards import Card
from tutor.games.shengji.shapes import (PAIR, SINGLE, TRACTOR, follow_problem, has_tractor,
                                        kitty_multiplier_by_shape, level_steps, pair_count, shape,
                                        trick_winner)


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def kind(text: str, rank: str = "9", suit: str | None = "S") -> tuple[str | None, int]:
    got = shape(cards(text), rank, suit)
    return (got.kind, got.pairs) if got else (None, 0)


class TestPairs:  # SJ-2D-3
    @pytest.mark.parametrize("text", ["D-8 D-8", "BJ BJ", "RJ RJ", "S-9 S-9", "H-9 H-9", "S-2 S-2"])
    def test_two_identical_cards_are_a_pair(self, text: str) -> None:
        assert kind(text) == (PAIR, 1)

    @pytest.mark.parametrize("text", ["H-9 C-9", "H-9 S-9", "BJ RJ", "D-8 H-8", "D-8 D-9"])
    def test_equal_or_close_but_not_identical_is_no_pair(self, text: str) -> None:
        # "Two off-suit rank-R cards of different suits are not a pair even though they are equal"
        assert kind(text) == (None, 0)

    def test_a_single_is_a_single(self) -> None:
        assert kind("D-8") == (SINGLE, 0)


class TestTractors:  # SJ-2D-4, with R = 9 and T = S (golden SJ-G-16..16h)
    @pytest.mark.parametrize("text", [
        "D-7 D-7 D-8 D-8",            # adjacent ranks
        "D-8 D-8 D-10 D-10",          # adjacent once the trump rank 9 is taken out
        "S-A S-A H-9 H-9",            # T-A, then the off-suit R step
        "H-9 H-9 S-9 S-9",            # the off-suit R step, then T-R
        "S-9 S-9 BJ BJ",              # T-R, then the black joker
        "BJ BJ RJ RJ",                # the jokers
    ])
    def test_two_pairs_on_adjacent_steps(self, text: str) -> None:
        assert kind(text) == (TRACTOR, 2)

    @pytest.mark.parametrize("text", [
        "H-A H-A H-3 H-3",            # not adjacent
        "H-9 H-9 C-9 C-9",            # two off-suit R pairs: equal, never adjacent
        "D-8 D-8 S-8 S-8",            # two suits
        "S-K S-K H-9 H-9",            # T-K and the off-suit R step: T-A lies between
        "D-8 D-8 D-8 D-10",           # not pairs
        "D-7 D-7 D-8",                # odd
    ])
    def test_not_a_tractor(self, text: str) -> None:
        assert kind(text)[0] != TRACTOR

    def test_three_pairs_through_the_trump_rank(self) -> None:
        assert kind("S-K S-K S-A S-A H-9 H-9") == (TRACTOR, 3)
        assert kind("H-9 H-9 S-9 S-9 BJ BJ RJ RJ") == (TRACTOR, 4)

    def test_without_a_trump_suit_the_trump_rank_pairs_meet_the_jokers(self) -> None:
        assert kind("H-9 H-9 BJ BJ", suit=None) == (TRACTOR, 2)
        assert kind("H-9 H-9 D-9 D-9", suit=None) == (None, 0)

    def test_the_gap_depends_on_the_trump_rank(self) -> None:
        assert kind("D-8 D-8 D-10 D-10", rank="2") == (None, 0)
        assert kind("D-8 D-8 D-9 D-9", rank="2") == (TRACTOR, 2)

    def test_a_hand_holds_a_tractor(self) -> None:
        hand = cards("D-7 D-7 D-8 D-8 D-10 D-10 H-9 H-9 S-9 S-9")
        assert has_tractor(hand, "D", 3, "9", "S")        # 7 7 8 8 10 10 across the 9
        assert has_tractor(hand, "T", 2, "9", "S")
        assert not has_tractor(hand, "D", 4, "9", "S")
        assert pair_count(hand, "D", "9", "S") == 3


class TestFollowingAPair:  # SJ-2D-5
    led = shape(cards("D-5 D-5"), "9", "S")

    def test_a_pair_of_the_suit_if_you_have_one(self) -> None:
        hand = cards("D-K D-K D-3 D-4 C-2")
        assert follow_problem(hand, self.led, cards("D-K D-K"), "9", "S") is None
        key, rules, _ = follow_problem(hand, self.led, cards("D-3 D-4"), "9", "S")
        assert key == "sj.follow_pair" and rules == ("SJ-2D-5",)

    def test_else_two_cards_of_the_suit(self) -> None:
        hand = cards("D-K D-3 C-2 C-2")
        assert follow_problem(hand, self.led, cards("D-K D-3"), "9", "S") is None
        key, _, params = follow_problem(hand, self.led, cards("C-2 C-2"), "9", "S")
        assert key == "sj.follow_suit_count" and params == {"count": 2}

    def test_else_all_of_the_suit_and_anything(self) -> None:
        hand = cards("D-K C-2 C-3")
        assert follow_problem(hand, self.led, cards("D-K C-3"), "9", "S") is None
        assert follow_problem(hand, self.led, cards("C-2 C-3"), "9", "S")[0] == "sj.follow_suit_count"

    def test_a_trump_pair_led_is_followed_by_any_trump_pair(self) -> None:
        led = shape(cards("S-4 S-4"), "9", "S")
        hand = cards("H-9 H-9 S-2 D-3")                   # the off-suit 9s are trumps
        assert follow_problem(hand, led, cards("H-9 H-9"), "9", "S") is None
        assert follow_problem(hand, led, cards("H-9 S-2"), "9", "S")[0] == "sj.follow_pair"


class TestFollowingATractor:  # SJ-2D-6
    led = shape(cards("D-5 D-5 D-6 D-6"), "9", "S")

    def test_a_tractor_of_the_suit_if_you_have_one(self) -> None:
        hand = cards("D-10 D-10 D-J D-J D-2 D-2 C-3")
        assert follow_problem(hand, self.led, cards("D-10 D-10 D-J D-J"), "9", "S") is None
        key, rules, params = follow_problem(hand, self.led, cards("D-2 D-2 D-10 D-10"), "9", "S")
        assert key == "sj.follow_tractor" and rules == ("SJ-2D-6",) and params == {"count": 2}

    def test_else_as_many_pairs_as_you_have_filled_with_the_suit(self) -> None:
        hand = cards("D-K D-K D-3 D-4 D-7 C-3")        # one pair of diamonds, no tractor
        assert follow_problem(hand, self.led, cards("D-K D-K D-3 D-4"), "9", "S") is None
        key, _, params = follow_problem(hand, self.led, cards("D-K D-3 D-4 D-7"), "9", "S")
        assert key == "sj.follow_pairs" and params == {"count": 1}

    def test_two_pairs_that_are_no_tractor_must_both_be_played(self) -> None:
        hand = cards("D-K D-K D-3 D-3 D-4 C-3")
        assert follow_problem(hand, self.led, cards("D-K D-K D-3 D-3"), "9", "S") is None
        assert follow_problem(hand, self.led, cards("D-K D-K D-3 D-4"), "9", "S")[0] == "sj.follow_pairs"

    def test_if_the_suit_runs_out_any_cards(self) -> None:
        hand = cards("D-K D-3 C-3 C-4 H-2")
        assert follow_problem(hand, self.led, cards("D-K D-3 C-3 H-2"), "9", "S") is None
        assert follow_problem(hand, self.led, cards("D-K C-3 C-4 H-2"), "9", "S")[0] == "sj.follow_suit_count"


class TestTheWinner:  # SJ-2D-7
    def winner(self, *plays: str) -> int:
        return trick_winner([(i, cards(p)) for i, p in enumerate(plays)], "9", "S")[0]

    def test_the_same_shape_in_the_led_suit_with_a_higher_top(self) -> None:
        assert self.winner("D-5 D-5", "D-K D-K", "D-2 D-3", "D-A D-A") == 3
        assert self.winner("D-5 D-5 D-6 D-6", "D-J D-J D-Q D-Q", "D-A D-A D-K D-3", "C-2 C-3 C-4 C-5") == 1

    def test_a_higher_pair_that_is_no_pair_does_not_win(self) -> None:
        assert self.winner("D-5 D-5", "D-A D-K", "C-2 C-3", "H-4 H-5") == 0

    def test_a_ruff_with_the_identical_shape(self) -> None:
        assert self.winner("D-5 D-5", "S-2 S-2", "D-A D-A", "C-3 C-4") == 1
        # two single trumps are no pair: no ruff
        assert self.winner("D-5 D-5", "S-2 S-3", "C-3 C-4", "H-3 H-4") == 0

    def test_a_later_ruff_must_be_higher(self) -> None:
        assert self.winner("D-5 D-5", "S-2 S-2", "S-3 S-3", "H-3 H-4") == 2
        # equal (two off-suit trump-rank pairs share a step): the first stands
        assert self.winner("D-5 D-5", "H-9 H-9", "C-2 C-2", "C-9 C-9") == 1

    def test_a_tractor_ruff_needs_a_trump_tractor(self) -> None:
        assert self.winner("D-5 D-5 D-6 D-6", "S-2 S-2 S-4 S-4", "C-2 C-3 C-4 C-5", "H-2 H-3 H-4 H-5") == 0
        assert self.winner("D-5 D-5 D-6 D-6", "S-2 S-2 S-3 S-3", "C-2 C-3 C-4 C-5", "BJ BJ RJ RJ") == 3

    def test_trumps_led(self) -> None:
        assert self.winner("S-4 S-4", "H-9 H-9", "C-9 C-9", "D-3 D-3") == 1   # equal off-suit R pairs: the first
        assert self.winner("S-4 S-4", "H-9 H-9", "S-9 S-9", "RJ BJ") == 2

    def test_a_single_lead(self) -> None:
        assert self.winner("D-5", "D-K", "S-2", "D-A") == 2


class TestLevelsAndKitty:
    @pytest.mark.parametrize("p,who,steps", [(0, "dealer", 2), (5, "dealer", 1), (75, "dealer", 1),
                                             (80, "nondealers", 0), (155, "nondealers", 0),
                                             (160, "nondealers", 1), (195, "nondealers", 1),
                                             (200, "nondealers", 2), (240, "nondealers", 2)])
    def test_the_scaled_table(self, p: int, who: str, steps: int) -> None:  # SJ-2D-2
        assert level_steps(p) == (who, steps)

    @pytest.mark.parametrize("each,mult", [(1, 2), (2, 4), (4, 8), (6, 12)])
    def test_the_kitty_multiplier_by_shape(self, each: int, mult: int) -> None:  # SJ-2D-9
        assert kitty_multiplier_by_shape(each) == mult


class TestTheHandsResult:  # SJ-2D-2 through scoring.hand_result, with 200 card points
    @pytest.mark.parametrize("p,winner,after", [(0, "team02", "4"), (75, "team02", "3"), (80, "team13", "2"),
                                                (155, "team13", "2"), (160, "team13", "3"), (200, "team13", "4")])
    def test_two_decks_scale_the_thresholds(self, p: int, winner: str, after: str) -> None:
        from tutor.games.shengji.scoring import hand_result
        got = hand_result(0, ("2", "2"), p, 1 if winner == "team13" else 0, [], decks=2)
        assert got["hand_winner"] == winner and got["levels_after"][winner] == after
        assert "SJ-2D-2" in got["rule_ids"] and "SJ-SCORE-2" not in got["rule_ids"]

    def test_one_deck_keeps_its_table(self) -> None:
        from tutor.games.shengji.scoring import hand_result
        got = hand_result(0, ("2", "2"), 75, 1, [])
        assert got["hand_winner"] == "team13" and got["levels_after"]["team13"] == "2"
