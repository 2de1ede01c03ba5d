"""Daifugo plays (daifugo.md §3 – §7, DFG-OUT-3): reading, comparing, binding, generating.

Generation is checked the way python-chess checks its move generator: exact counts worked out by
hand on small hands, and exact sets against an independent brute-force enumerator (every
sub-multiset of the hand × every way of declaring or not declaring each joker, filtered through
``read`` / ``beats`` / the two bindings) on seeded random hands with one and two decks. Card sets
are literal strings in the shared notation (``JOKER=H-7`` is a joker declared as the 7 of hearts).
"""
from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations_with_replacement, product
from pathlib import Path

import pytest

from tutor.cards import SUITS, Card, multiset_contains
from tutor.games.daifugo.combos import (FORM_WORDS, JOKER_POWER, NO_RANK_BINDING, POS, RANKS, RankBinding, Reading,
                                        as_spade3_return, beats, bound_after, effect_rank, effect_ranks, follows,
                                        form_words, is_forbidden_finish, next_stronger, plays, power,
                                        rank_binding_after, read, same_form, satisfies_rank, satisfies_suits,
                                        shape_problem, sort_key, strength_of, strongest_sets, why_no_shape)

GOLDEN = Path(__file__).resolve().parents[2] / "rules" / "golden" / "daifugo.json"
JOKER = Card.parse("JOKER")
S3 = Card.parse("S-3")
DECLARED = [Card.parse(f"JOKER={s}-{r}") for s in SUITS for r in RANKS]


def P(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def R(text: str, decks: int = 1) -> Reading:
    reading = read(P(text), decks)
    assert reading is not None, text
    return reading


def norm(cards) -> tuple[str, ...]:
    return tuple(sorted(c.token for c in cards))


def gen(hand: str, decks: int = 1, top: str | None = None, reversed_: bool = False, bound=(),
        rank_binding: RankBinding = NO_RANK_BINDING, spade3_return: bool = True, limit: bool = True) -> list[str]:
    top_reading = R(top, decks) if top else None
    found = plays(P(hand), decks, top_reading, reversed_, tuple(bound), rank_binding,
                  spade3_return=spade3_return, limit_declarations=limit)
    return [" ".join(c.token for c in p) for p in found]


def phase(entries: list[str], decks: int = 1, reversed_: bool = False, partial: bool = True):
    """Replays the in-turn plays of a phase (no revolution, no J-back): the top reading, the
    bound suits and the rank binding after them, as an engine keeps them (§13 step 4)."""
    bound: tuple[str, ...] = ()
    rank = NO_RANK_BINDING
    prev = None
    for text in entries:
        r = R(text, decks)
        bound = bound_after(bound, prev.suits if prev else None, r.suits, partial)
        rank = rank_binding_after(rank, prev, r, reversed_)
        prev = r
    return prev, bound, rank


# --------------------------------------------------------------------------- rank order
class TestRankOrder:
    """DFG-RANK-1, DFG-RANK-2, DFG-RANK-4."""

    def test_normal_order(self):  # DFG-RANK-1
        assert [power(r, False) for r in RANKS] == list(range(13))
        assert power("2", False) > power("A", False) > power("K", False) > power("3", False)

    def test_reversed_order(self):  # DFG-RANK-2
        assert sorted(RANKS, key=lambda r: power(r, True)) == list(reversed(RANKS))
        assert power("3", True) > power("4", True) > power("2", True)

    def test_joker_above_every_rank_in_both_orders(self):  # DFG-JOKER-2
        assert all(JOKER_POWER > power(r, rev) for r in RANKS for rev in (False, True))

    @pytest.mark.parametrize("rank, rev, up", [("3", False, "4"), ("10", False, "J"), ("A", False, "2"),
                                               ("2", False, None), ("2", True, "A"), ("J", True, "10"),
                                               ("4", True, "3"), ("3", True, None)])
    def test_next_stronger(self, rank, rev, up):  # DFG-RANK-4
        assert next_stronger(rank, rev) == up

    def test_next_stronger_of_no_rank(self):
        assert next_stronger(None, False) is None


# --------------------------------------------------------------------------- reading
class TestReadSingles:
    """DFG-COMBO-1, DFG-JOKER-1, DFG-JOKER-2."""

    def test_natural_single(self):
        r = R("H-7")
        assert (r.kind, r.size, r.rank, r.low, r.high, r.suits, r.undeclared_joker) == \
            ("single", 1, "7", "7", "7", ("H",), False)
        assert r.cards == P("H-7")

    def test_undeclared_joker_single(self):  # DFG-JOKER-2
        r = R("JOKER")
        assert (r.kind, r.size, r.rank, r.low, r.high, r.suits, r.undeclared_joker) == \
            ("single", 1, None, None, None, (), True)

    def test_declared_joker_single_counts_as_its_card(self):  # DFG-JOKER-1
        r = R("JOKER=C-8")
        assert (r.kind, r.rank, r.suits, r.undeclared_joker) == ("single", "8", ("C",), False)

    def test_nothing_and_foreign_cards(self):
        assert read((), 1) is None
        assert read(P("BJ"), 1) is None
        assert read(P("PHOENIX=8"), 1) is None


class TestReadGroups:
    """DFG-COMBO-2, DFG-COMBO-3, DFG-COMBO-4, DFG-JOKER-1, DFG-JOKER-3, A25."""

    @pytest.mark.parametrize("text, size", [("S-9 H-9", 2), ("S-9 H-9 D-9", 3), ("S-9 H-9 D-9 C-9", 4)])
    def test_groups(self, text, size):
        r = R(text)
        assert (r.kind, r.size, r.rank, r.low, r.high) == ("group", size, "9", "9", "9")

    def test_suits_are_a_sorted_multiset(self):  # DFG-BIND-1
        assert R("S-4 S-4 C-4", 2).suits == ("C", "S", "S")
        assert R("S-9 JOKER=H-9").suits == ("H", "S")

    def test_declared_jokers_join_a_group(self):  # DFG-JOKER-1
        r = R("S-9 JOKER=H-9 JOKER=D-9")
        assert (r.kind, r.size, r.rank) == ("group", 3, "9")

    def test_jokers_alone_make_a_group(self):
        assert R("JOKER=S-2 JOKER=H-2").rank == "2"

    def test_declared_joker_of_another_rank_breaks_the_group(self):
        assert read(P("S-9 JOKER=H-8"), 1) is None

    def test_joker_in_a_group_must_be_declared(self):  # DFG-JOKER-3
        assert read(P("S-9 JOKER"), 1) is None
        assert read(P("JOKER JOKER"), 2) is None

    def test_same_card_twice_needs_two_decks(self):  # DFG-JOKER-1, A25: the spec's own examples
        assert read(P("H-5 JOKER=H-5"), 1) is None
        assert R("H-5 JOKER=H-5", 2).kind == "group"
        assert read(P("H-5 H-5 JOKER=H-5"), 2) is None
        assert read(P("H-5 H-5"), 1) is None
        assert R("H-5 H-5", 2).size == 2

    def test_largest_groups(self):  # DFG-COMBO-4 with A25: four per deck, jokers included
        assert read(P("S-9 H-9 D-9 C-9 JOKER=S-9"), 1) is None
        eight = "S-9 H-9 D-9 C-9 S-9 H-9 D-9 C-9"
        assert R(eight, 2).size == 8
        assert R("S-9 H-9 D-9 C-9 S-9 H-9 JOKER=D-9 JOKER=C-9", 2).size == 8
        assert read(P(eight + " JOKER=C-9"), 2) is None


class TestReadSequences:
    """DFG-COMBO-5, A18, DFG-JOKER-1, DFG-JOKER-3."""

    def test_three_of_one_suit(self):
        r = R("D-3 D-4 D-5")
        assert (r.kind, r.size, r.rank, r.low, r.high, r.suits) == ("sequence", 3, None, "3", "5", ("D", "D", "D"))

    def test_order_of_the_cards_does_not_matter(self):
        assert R("D-5 D-3 D-4").low == "3"

    def test_king_ace_two(self):  # A18
        r = R("H-K H-A H-2")
        assert (r.low, r.high) == ("K", "2")
        assert R("S-Q S-K S-A S-2").size == 4

    @pytest.mark.parametrize("text", ["H-A H-2 H-3", "H-2 H-3 H-4", "H-K H-A H-2 H-3"])
    def test_two_and_three_never_connect(self, text):  # A18
        assert read(P(text), 1) is None
        assert shape_problem(P(text), 1)[0] == "no_wrap"

    def test_all_thirteen(self):
        assert R(" ".join(f"C-{r}" for r in RANKS)).size == 13

    def test_near_misses(self):
        assert read(P("H-5 H-6"), 1) is None  # two cards are no sequence
        assert read(P("H-5 H-6 S-7"), 1) is None  # two suits
        assert read(P("H-5 H-6 H-8"), 1) is None  # a gap
        assert read(P("H-5 H-5 H-6"), 2) is None  # a repeated rank

    def test_jokers_fill_gaps_as_declared(self):  # DFG-COMBO-5, DFG-JOKER-1
        r = R("D-3 JOKER=D-4 D-5")
        assert (r.low, r.high, r.suits) == ("3", "5", ("D", "D", "D"))
        assert R("JOKER=S-K S-A JOKER=S-2").high == "2"
        assert read(P("D-3 JOKER=H-4 D-5"), 1) is None  # declared in another suit

    def test_jokers_in_a_sequence_must_be_declared(self):  # DFG-JOKER-3
        assert read(P("D-3 JOKER D-5"), 1) is None
        assert shape_problem(P("D-3 JOKER D-5"), 1)[0] == "undeclared_joker"

    def test_shape_problems(self):
        assert shape_problem(P("H-5 H-6 H-7"), 1) is None
        assert shape_problem((), 1)[0] == "empty"
        assert shape_problem(P("H-5 JOKER=H-5"), 1) == ("too_many_copies", {"cards": ["H-5"], "decks": 1})
        assert shape_problem(P("H-5 S-6"), 1)[0] == "mixed"
        assert shape_problem(P("H-5 H-6"), 1)[0] == "short_sequence"
        assert shape_problem(P("H-5 H-5 H-6"), 2)[0] == "repeated_rank"
        assert shape_problem(P("H-5 H-6 H-8"), 1)[0] == "not_consecutive"
        verdict = why_no_shape(P("H-5 H-6"), 1)
        assert not verdict.legal and verdict.key == "dfg.shape.short_sequence" and verdict.rule_ids == ("DFG-COMBO-5",)

    def test_form_words(self):  # DFG-PLAY-1
        assert [form_words(R(t)) for t in ("JOKER", "H-5", "H-5 S-5", "H-5 S-5 D-5", "H-5 S-5 D-5 C-5",
                                           "H-5 H-6 H-7")] == ["single", "single", "pair", "triple", "group4", "seq3"]
        assert form_words(R("H-5 S-5 D-5 C-5 H-5 S-5 D-5 C-5", 2)) in FORM_WORDS


# --------------------------------------------------------------------------- comparing
class TestStrengthAndForm:
    """DFG-PLAY-1, DFG-PLAY-2, DFG-RANK-3."""

    def test_sequence_strength_is_its_strongest_card_in_the_order_in_force(self):  # DFG-PLAY-2
        seq = R("D-9 D-10 D-J")
        assert strength_of(seq, False) == power("J", False)
        assert strength_of(seq, True) == power("9", True)

    def test_group_strength_is_its_rank(self):
        assert strength_of(R("S-9 JOKER=H-9"), True) == power("9", True)
        assert strength_of(R("JOKER"), True) == strength_of(R("JOKER"), False) == JOKER_POWER

    def test_same_form(self):  # DFG-PLAY-1
        assert same_form(R("H-5"), R("JOKER"))
        assert same_form(R("H-5 S-5"), R("H-9 JOKER=S-9"))
        assert not same_form(R("H-5 S-5"), R("H-9 S-9 D-9"))
        assert not same_form(R("H-5 H-6 H-7"), R("H-5 H-6 H-7 H-8"))
        assert not same_form(R("H-5 H-6 H-7"), R("H-5 S-5 D-5"))


class TestBeats:
    """DFG-PLAY-1, DFG-PLAY-2, DFG-RANK-1 … 3, DFG-JOKER-2, DFG-S3-1."""

    @pytest.mark.parametrize("play, top, rev, ok", [
        ("S-A", "H-K", False, True), ("D-2", "H-K", False, True), ("C-Q", "H-K", False, False),
        ("H-3", "H-K", False, False), ("S-K", "H-K", False, False),  # equal is not stronger
        ("H-3", "H-K", True, True), ("D-2", "H-K", True, False),
        ("S-10 H-10", "S-9 D-9", False, True), ("S-10 H-10", "S-9 D-9", True, False),
        ("S-10 H-10", "S-9 D-9 C-9", False, False), ("S-10", "S-9 D-9", False, False),
        ("D-4 D-5 D-6", "D-3 D-4 D-5", False, True),  # overlapping is fine (DFG-PLAY-2)
        ("S-6 S-7 S-8", "D-9 D-10 D-J", True, True), ("S-7 S-8 S-9", "D-9 D-10 D-J", True, True),
        ("H-10 H-J H-Q", "D-9 D-10 D-J", True, False), ("H-10 H-J H-Q", "D-9 D-10 D-J", False, True),
        ("S-6 S-7 S-8 S-9", "D-9 D-10 D-J", True, False),  # length must match
        ("S-6 S-7 S-8", "D-6 D-7 D-8", False, False),
    ])
    def test_form_and_strength(self, play, top, rev, ok):
        assert beats(R(play), R(top), rev) is ok

    @pytest.mark.parametrize("rev", [False, True])
    def test_undeclared_joker_beats_every_single(self, rev):  # DFG-JOKER-2
        for card in ("S-2", "S-3", "H-A", "JOKER=H-2", "JOKER=S-3"):
            assert beats(R("JOKER"), R(card), rev)
        assert not beats(R("JOKER"), R("S-2 H-2"), rev)  # a lone joker is a single

    @pytest.mark.parametrize("rev", [False, True])
    def test_only_the_natural_spade3_beats_the_joker(self, rev):  # DFG-S3-1, A25
        joker = R("JOKER")
        assert beats(R("S-3"), joker, rev)
        assert not beats(R("S-3"), joker, rev, spade3_return=False)
        for card in ("S-2", "H-2", "D-3", "JOKER=S-3", "JOKER=H-2", "JOKER"):
            assert not beats(R(card), joker, rev), card

    @pytest.mark.parametrize("rev", [False, True])
    def test_nothing_beats_the_spade3_return(self, rev):  # DFG-S3-1
        returned = as_spade3_return(R("S-3"))
        assert returned.spade3_return_play and not R("S-3").spade3_return_play
        for card in ("S-4", "H-2", "JOKER", "JOKER=H-2"):
            assert not beats(R(card), returned, rev)
        assert beats(R("S-4"), R("S-3"), False)  # an S-3 played as an ordinary 3 is beaten as usual
        assert plays(P("S-4 H-2 JOKER"), 1, returned, rev, (), NO_RANK_BINDING, spade3_return=True,
                     limit_declarations=False) == []

    def test_spade3_beats_nothing_else_by_that_rule(self):  # DFG-S3-1, DFG-G-22
        assert not beats(R("S-3"), R("JOKER=H-10"), False)
        assert beats(R("H-J"), R("JOKER=H-10"), False)
        assert not beats(R("S-3"), R("H-4"), False)


# --------------------------------------------------------------------------- binding
class TestSuitBinding:
    """DFG-BIND-1, DFG-BIND-2, DFG-BIND-3, DFG-JOKER-2."""

    def test_the_spec_partial_binding_chain(self):  # DFG-BIND-2, two decks
        chain = ["S-4 S-4 C-4", "C-6 D-6 D-6", "C-9 D-9 H-9", "C-J D-J H-J"]
        expected = [(), ("C",), ("C", "D"), ("C", "D", "H")]
        for k in range(1, 5):
            assert phase(chain[:k], decks=2)[1] == expected[k - 1], chain[:k]

    def test_each_play_of_the_chain_satisfies_the_binding_before_it(self):
        chain = ["S-4 S-4 C-4", "C-6 D-6 D-6", "C-9 D-9 H-9", "C-J D-J H-J"]
        for k in range(1, 4):
            assert satisfies_suits(R(chain[k], 2), phase(chain[:k], decks=2)[1])
        assert not satisfies_suits(R("S-Q S-Q H-Q", 2), ("C",))
        assert not satisfies_suits(R("C-Q S-Q H-Q", 2), ("C", "D"))

    def test_all_or_nothing(self):  # DFG-BIND-2 with partial_binding off
        chain = ["S-4 S-4 C-4", "C-6 D-6 D-6", "C-9 D-9 H-9", "C-J D-J H-J"]
        assert [phase(chain[:k], decks=2, partial=False)[1] for k in range(1, 5)] == [(), (), (), ("C", "D", "H")]
        assert phase(["S-4 H-4", "S-6 H-6"], partial=False)[1] == ("H", "S")
        assert phase(["S-4 H-4", "S-6 D-6"], partial=False)[1] == ()

    def test_golden_pairs(self):  # DFG-G-25
        assert phase(["S-4 H-4", "S-6 D-6", "S-9 D-9"])[1] == ("D", "S")

    def test_singles_in_a_suit(self):  # DFG-BIND-1
        _, bound, _ = phase(["H-5", "H-7"])
        assert bound == ("H",)
        assert satisfies_suits(R("H-9"), bound) and not satisfies_suits(R("S-9"), bound)
        assert satisfies_suits(R("JOKER=H-9"), bound) and not satisfies_suits(R("JOKER=S-9"), bound)
        assert satisfies_suits(R("JOKER"), bound)  # DFG-JOKER-2

    def test_binding_only_grows(self):  # DFG-BIND-3
        assert bound_after(("H",), ("H", "S"), ("D", "C"), True) == ("H",)
        assert bound_after(("H",), ("C", "H"), ("C", "H"), False) == ("C", "H")

    def test_first_play_and_jokers_never_bind(self):  # B_1 = ∅, DFG-JOKER-2
        assert bound_after((), None, ("H",), True) == ()
        assert bound_after((), ("H",), (), True) == ()
        assert bound_after((), (), (), False) == ()
        assert phase(["H-5", "JOKER"])[1] == ()

    def test_multiset(self):  # two decks: a suit may be bound twice
        assert phase(["S-4 S-4", "S-7 S-7"], decks=2)[1] == ("S", "S")
        assert not satisfies_suits(R("S-9 H-9"), ("S", "S"))
        assert satisfies_suits(R("D-3 D-4 D-5"), ("D", "D", "D"))
        assert not satisfies_suits(R("D-3 D-4 D-5"), ("D", "D", "D", "D"))


class TestRankBinding:
    """DFG-BIND-4, DFG-BIND-5, A9, A10, A20, A26."""

    def test_consecutive_ranks_start_it(self):
        _, _, rb = phase(["H-10", "S-J"])
        assert rb == RankBinding(True, "J")
        assert satisfies_rank(R("C-Q"), rb, False) and not satisfies_rank(R("C-K"), rb, False)

    def test_not_consecutive(self):
        assert not phase(["H-10", "S-Q"])[2].active
        assert not phase(["H-10"])[2].active

    def test_double_binding(self):  # DFG-BIND-5: S-4 → S-5 leaves only S-6
        top, bound, rb = phase(["S-4", "S-5"])
        assert gen("S-6 H-6 S-7 D-7 C-3", top="S-5", bound=bound, rank_binding=rb) == ["S-6"]
        assert gen("S-6 H-6 S-7 JOKER", top="S-5", bound=bound, rank_binding=rb) == ["S-6", "JOKER"]
        assert gen("S-6 H-6 S-7 JOKER", top="S-5", bound=bound, rank_binding=rb, limit=False) == \
            ["S-6", "JOKER=S-6", "JOKER"]

    def test_in_the_reversed_order(self):
        rb = phase(["H-J", "S-10"], reversed_=True)[2]
        assert rb.active
        assert satisfies_rank(R("C-9"), rb, True) and not satisfies_rank(R("C-Q"), rb, True)

    def test_groups_keep_it(self):
        rb = phase(["S-4 H-4", "S-5 D-5", "C-6 JOKER=H-6"])[2]
        assert rb == RankBinding(True, "6")

    def test_j_back_reads_one_stronger_in_the_new_order(self):  # A9: 10 → J (J-back) binds a 10
        rb = rank_binding_after(RankBinding(False, "10"), R("H-10"), R("S-J"), False)
        assert rb.active
        assert satisfies_rank(R("C-10"), rb, True) and not satisfies_rank(R("C-Q"), rb, True)

    def test_revolution_in_the_same_play(self):  # A20: four 10s → four 9s, then four 10s
        tens, nines = R("S-10 H-10 D-10 C-10"), R("S-9 H-9 D-9 C-9")
        # the 10s toggled to reversed; the 9s are judged (and bound) in the reversed order
        rb = rank_binding_after(RankBinding(False, "10"), tens, nines, True)
        assert rb == RankBinding(True, "9")
        # the 9s toggled back to normal: the next step must be 10s
        assert satisfies_rank(R("S-10 H-10 D-10 C-10", 2), rb, False)
        assert not satisfies_rank(R("S-8 H-8 D-8 C-8"), rb, False)

    def test_ace_then_two(self):  # A10: only the undeclared joker continues
        top, bound, rb = phase(["S-A", "H-2"])
        assert rb == RankBinding(True, "2") and next_stronger(rb.last, False) is None
        assert not any(satisfies_rank(R(c), rb, False) for c in ("S-3", "C-2", "JOKER=S-3", "JOKER=D-2"))
        assert satisfies_rank(R("JOKER"), rb, False)
        assert gen("JOKER C-2 S-3 D-K", top="H-2", bound=bound, rank_binding=rb, limit=False) == ["JOKER"]
        assert gen("C-2 S-3 D-K", top="H-2", bound=bound, rank_binding=rb) == []

    def test_joker_ends_it(self):  # A26, DFG-JOKER-2
        rb = phase(["S-A", "H-2", "JOKER"])[2]
        assert rb == NO_RANK_BINDING
        joker = R("JOKER")
        after = rank_binding_after(rb, joker, R("S-3"), False)  # the spade-3 return
        assert not after.active
        # a new binding needs two later consecutive steps
        assert not rank_binding_after(rb, joker, R("H-7"), False).active
        assert rank_binding_after(RankBinding(False, "7"), R("H-7"), R("H-8"), False).active

    def test_sequences_never_create_or_obey_it(self):
        assert phase(["D-3 D-4 D-5", "D-4 D-5 D-6"])[2] == NO_RANK_BINDING
        assert satisfies_rank(R("H-9 H-10 H-J"), RankBinding(True, "5"), False)

    def test_previous_rank_may_be_given_as_a_rank(self):
        assert rank_binding_after(NO_RANK_BINDING, "9", R("S-10"), False) == RankBinding(True, "10")
        assert rank_binding_after(NO_RANK_BINDING, None, R("S-10"), False) == RankBinding(False, "10")


# --------------------------------------------------------------------------- generation: by hand
class TestGenerateByHand:
    """Counts worked out by hand (DFG-COMBO-1 … 5, DFG-JOKER-1 … 3, DFG-PLAY-1/2, DFG-S3-1)."""

    def test_one_run(self):
        assert gen("H-5 H-6 H-7") == ["H-5", "H-6", "H-7", "H-5 H-6 H-7"]

    def test_one_run_and_a_joker(self):
        found = gen("H-5 H-6 H-7 JOKER")
        # singles 3 + JOKER; pairs: each natural + a joker of the 3 other suits; sequences:
        # 4-5-6, 5-6-7 (+3 with the joker standing for a held card), 6-7-8, 4-5-6-7, 5-6-7-8
        assert len(found) == 4 + 9 + 8
        assert "JOKER=H-4 H-5 H-6" in found and "H-5 JOKER=H-6 H-7" in found
        assert "H-5 H-6 H-7 JOKER=H-8" in found
        assert not any({"JOKER=H-5", "H-5"} <= set(p.split()) for p in found)  # one deck: one H-5

    @pytest.mark.parametrize("decks, pairs", [(1, 3), (2, 4)])
    def test_joker_pairs_with_one_and_two_decks(self, decks, pairs):  # DFG-JOKER-1, A25
        found = gen("S-9 JOKER", decks)
        assert found[:2] == ["S-9", "JOKER"] and len(found) == 2 + pairs
        assert ("S-9 JOKER=S-9" in found) is (decks == 2)
        assert len(gen("S-9 JOKER", decks, limit=False)) == 2 + pairs + 52

    @pytest.mark.parametrize("decks, per_rank", [(1, 6), (2, 10)])
    def test_two_jokers_alone(self, decks, per_rank):
        found = gen("JOKER JOKER", decks)
        assert found[0] == "JOKER" and len(found) == 1 + 13 * per_rank

    def test_identical_cards_count_once(self):  # two decks
        assert gen("S-7 S-7", 2) == ["S-7", "S-7 S-7"]
        assert gen("S-7 S-7 S-8 S-9", 2) == ["S-7", "S-8", "S-9", "S-7 S-7", "S-7 S-8 S-9"]

    def test_golden_three_sixes(self):  # DFG-G-23
        found = gen("S-9 H-9 D-9 C-9 H-K", top="S-6 H-6 D-6")
        assert sorted(found) == sorted(["S-9 H-9 D-9", "S-9 H-9 C-9", "S-9 D-9 C-9", "H-9 D-9 C-9"])

    def test_spade3_return(self):  # DFG-S3-1
        hand = "S-3 D-3 H-2 JOKER=H-5".replace("JOKER=H-5", "JOKER")
        assert gen(hand, top="JOKER") == ["S-3"]
        assert gen(hand, top="JOKER", spade3_return=False) == []
        assert gen(hand, top="JOKER", reversed_=True, bound=("H",), rank_binding=RankBinding(True, "2")) == ["S-3"]
        assert gen("D-3 H-2 JOKER", top="JOKER", limit=False) == []

    def test_follow_a_sequence_in_reversed_order(self):  # DFG-G-29
        assert gen("S-6 S-7 S-8 S-9 H-10 H-J H-Q", top="D-9 D-10 D-J", reversed_=True) == \
            ["S-7 S-8 S-9", "S-6 S-7 S-8"]

    def test_order_is_form_then_strength(self):
        found = gen("H-3 S-2 H-4 H-5 D-5 JOKER", reversed_=True)
        assert found[:5] == ["S-2", "H-5", "D-5", "H-4", "H-3"] and found[5] == "JOKER"
        kinds = [read(P(p), 1).kind for p in found]
        assert kinds == sorted(kinds, key=["single", "group", "sequence"].index)

    def test_leading_with_a_binding_argument(self):  # bindings are applied generically
        found = gen("H-5 S-5 D-6 JOKER", bound=("S",))
        assert found[:2] == ["S-5", "JOKER"]
        assert sorted(found[2:8]) == sorted(["S-5 JOKER=H-5", "S-5 JOKER=D-5", "S-5 JOKER=C-5", "H-5 JOKER=S-5",
                                             "S-5 H-5", "D-6 JOKER=S-6"])
        assert sorted(found[8:]) == ["S-5 H-5 JOKER=C-5", "S-5 H-5 JOKER=D-5"]


# --------------------------------------------------------------------------- generation: brute force
OPTIONS = [JOKER] + DECLARED


def brute_shapes(hand: tuple[Card, ...], decks: int) -> dict[tuple[str, ...], Reading]:
    """Every play the hand can make, by brute force: each sub-multiset of its cards, each joker
    undeclared or declared as any of the 52 cards, kept if ``read`` accepts it."""
    phys = Counter(hand)
    naturals = sorted((c for c in phys if not c.special), key=lambda c: c.token)
    out: dict[tuple[str, ...], Reading] = {}
    for counts in product(*(range(phys[c] + 1) for c in naturals)):
        base = tuple(c for c, k in zip(naturals, counts) for _ in range(k))
        for j in range(phys[JOKER] + 1):
            for decl in combinations_with_replacement(OPTIONS, j):
                cards = base + decl
                reading = read(cards, decks)
                if reading is not None:
                    out[norm(cards)] = reading
    return out


def brute_legal(r: Reading, top: Reading | None, rev: bool, bound, rb: RankBinding, s3: bool, limit: bool) -> bool:
    """The follow rule from its parts (DFG-PLAY-1 … 3, DFG-S3-1), independent of ``plays``."""
    if limit and r.kind == "single" and r.cards[0].declared:
        return False
    if top is not None and top.spade3_return_play:
        return False  # only a cut-in answers a spade-3 return
    if top is not None and top.undeclared_joker:
        return s3 and r.kind == "single" and r.cards[0] == S3  # bindings do not stop it
    if top is not None and not beats(r, top, rev, s3):
        return False
    return satisfies_suits(r, bound) and satisfies_rank(r, rb, rev)


def random_hand(rng: random.Random, decks: int, jokers: int, naturals: int) -> tuple[Card, ...]:
    """A dense hand: ``naturals`` cards drawn from a few suits and a window of ranks (so groups,
    sequences, K-A-2 and the 2-3 border all turn up), plus ``jokers`` jokers."""
    suits = rng.sample(SUITS, rng.choice((2, 3)))
    start = rng.randrange(0, len(RANKS) - 5)
    window = RANKS[start:start + 6] if rng.random() < 0.8 else RANKS[-4:] + RANKS[:2]  # …A 2 | 3 4
    pool = [Card(suit=s, rank=r) for s in suits for r in window for _ in range(decks)]
    return tuple(rng.sample(pool, naturals)) + (JOKER,) * jokers


def random_top(rng: random.Random, decks: int, hand: tuple[Card, ...]) -> Reading:
    """A play on the field: a single (natural, declared or the joker), a group or a sequence,
    mostly near the hand's ranks and suits (so that following is often possible)."""
    near = sorted({POS[c.rank] + d for c in hand if not c.special for d in (-2, -1, 0)} & set(range(13)))
    suits = sorted({c.suit for c in hand if not c.special}) or list(SUITS)

    def rank() -> str:
        return RANKS[rng.choice(near)] if near and rng.random() < 0.75 else rng.choice(RANKS)

    while True:
        kind = rng.choice(("single", "single", "group", "group", "sequence"))
        if kind == "single":
            pick = rng.random()
            if pick < 0.05:
                return as_spade3_return(R("S-3"))
            cards = [JOKER] if pick < 0.15 else [rng.choice(DECLARED)] if pick < 0.3 else \
                [Card(suit=rng.choice(SUITS), rank=rank())]
        elif kind == "group":
            r = rank()
            pool = [Card(suit=s, rank=r) for s in SUITS for _ in range(decks)]
            cards = rng.sample(pool, rng.randrange(2, min(4 * decks, 5) + 1))
        else:
            n = rng.randrange(3, 6)
            start = min(POS[rank()], len(RANKS) - n)
            s = rng.choice(suits) if rng.random() < 0.75 else rng.choice(SUITS)
            cards = [Card(suit=s, rank=r) for r in RANKS[start:start + n]]
        reading = read(cards, decks)
        if reading is not None:
            return reading


def random_position(rng: random.Random, decks: int, hand: tuple[Card, ...]):
    """A position to follow: a top, a bound multiset the top satisfies, a rank binding whose last
    step is the top (sometimes), the order in force, the spade-3 flag."""
    top = random_top(rng, decks, hand)
    bound = tuple(sorted(s for s in top.suits if rng.random() < 0.4))
    rb = NO_RANK_BINDING
    if top.rank is not None and top.kind != "sequence" and rng.random() < 0.4:
        rb = RankBinding(True, top.rank)
    return top, bound, rb, rng.random() < 0.4, rng.random() < 0.8


def check_against_brute_force(hand, decks, shapes, top, rev, bound, rb, s3, limit) -> int:
    found = plays(hand, decks, top, rev, bound, rb, spade3_return=s3, limit_declarations=limit)
    got = [norm(p) for p in found]
    assert len(got) == len(set(got)), "a play listed twice"
    expected = {k for k, r in shapes.items() if brute_legal(r, top, rev, bound, rb, s3, limit)}
    assert set(got) == expected, (sorted(set(got) - expected)[:5], sorted(expected - set(got))[:5])
    # every play is physically in the hand, and the module's own follow check agrees
    for p in found:
        assert multiset_contains(hand, [c.physical for c in p])
        reading = read(p, decks)
        assert follows(reading, top, rev, bound, rb, spade3_return=s3)
    # form, then strength in the order in force
    keys = [(["single", "group", "sequence"].index(r.kind), r.size, strength_of(r, rev))
            for r in (read(p, decks) for p in found)]
    assert keys == sorted(keys)
    return len(found)


# (decks, jokers, naturals): sizes the brute force enumerates in well under a second
SHAPES = [(1, 0, 11), (1, 1, 8), (1, 2, 5), (2, 0, 11), (2, 1, 8), (2, 2, 5)]


@pytest.mark.parametrize("decks, jokers, naturals", SHAPES)
def test_random_hands_against_brute_force(decks, jokers, naturals):
    rng = random.Random(f"daifugo-{decks}-{jokers}-{naturals}")
    total = 0
    for _ in range(4 if jokers == 2 else 8):
        hand = random_hand(rng, decks, jokers, naturals)
        shapes = brute_shapes(hand, decks)
        for limit in (True, False):
            total += check_against_brute_force(hand, decks, shapes, None, rng.random() < 0.5, (), NO_RANK_BINDING,
                                               True, limit)
        for _ in range(16):
            top, bound, rb, rev, s3 = random_position(rng, decks, hand)
            total += check_against_brute_force(hand, decks, shapes, top, rev, bound, rb, s3, rng.random() < 0.5)
    assert total > 100


def test_perft_fixed_hands():
    """Exact counts on fixed hands (the brute force's numbers, pinned so a change shows)."""
    cases = [
        ("S-3 S-4 S-5 H-5 D-5 JOKER", 1, None, False),
        ("H-J H-Q H-K H-A H-2 S-2 JOKER", 1, None, False),
        ("H-Q H-K H-A H-2 H-3 H-4", 1, None, False),  # the 2-3 border
        ("S-7 S-7 S-8 S-9 H-9 H-9 JOKER", 2, None, False),
        ("S-7 S-7 S-8 S-9 H-9 H-9 JOKER", 2, "D-6 D-7 D-8", True),
        ("S-7 S-7 H-7 S-9 H-9 D-9 JOKER JOKER", 2, "C-5 C-5 D-5", False),
    ]
    for hand, decks, top, rev in cases:
        shapes = brute_shapes(P(hand), decks)
        top_r = R(top, decks) if top else None
        for limit in (True, False):
            expected = sum(brute_legal(r, top_r, rev, (), NO_RANK_BINDING, True, limit) for r in shapes.values())
            assert len(gen(hand, decks, top, rev, limit=limit)) == expected, (hand, limit)
    # six singles; Q-K-A, K-A-2, Q-K-A-2; never A-2-3 nor 2-3-4 (A18)
    assert gen("H-Q H-K H-A H-2 H-3 H-4")[6:] == ["H-Q H-K H-A", "H-K H-A H-2", "H-Q H-K H-A H-2"]


# --------------------------------------------------------------------------- golden cases
GOLDEN_IDS = ["DFG-G-01", "DFG-G-21", "DFG-G-22", "DFG-G-23", "DFG-G-25", "DFG-G-26", "DFG-G-29"]


def golden_cases():
    cases = {c["id"]: c for c in json.loads(GOLDEN.read_text("utf-8"))}
    return [cases[i] for i in GOLDEN_IDS]


@pytest.mark.parametrize("case", golden_cases(), ids=lambda c: c["id"])
def test_golden_legal_sets(case):
    """Base preset (one deck, spade-3 return, partial binding): ``plays`` plus PASS is exactly
    the case's legal set, and none of its illegal plays is listed."""
    setup = case["setup"]
    assert setup["flags"]["preset"] == "base" and case["kind"] == "legal"
    decks, rev = 1, setup.get("revolution", False)
    _, bound, rb = phase([" ".join(e["cards"]) for e in setup["trick"]], decks, rev)
    top = read(P(" ".join(setup["trick"][-1]["cards"])), decks)
    hand = P(" ".join(setup["hands"][str(setup["to_act"])]))
    found = plays(hand, decks, top, rev, bound, rb, spade3_return=True, limit_declarations=False)
    legal = {norm(p) for p in found} | {"PASS"}
    expected = {a if a == "PASS" else norm(P(" ".join(a))) for a in case["expect"]["legal"]}
    assert legal == expected
    for action in case["expect"].get("illegal", []):
        assert norm(P(" ".join(action))) not in legal


# --------------------------------------------------------------------------- after a play
class TestEffects:
    """DFG-EIGHT-1, DFG-EIGHT-2."""

    def test_groups_and_singles(self):
        assert effect_rank(R("S-8")) == "8"
        assert effect_rank(R("S-8 JOKER=H-8")) == "8"
        assert effect_rank(R("JOKER=D-8")) == "8"
        assert effect_rank(R("S-9 H-9")) == "9"
        assert effect_rank(R("JOKER")) is None and effect_ranks(R("JOKER")) == ()

    def test_sequences(self):  # DFG-EIGHT-2
        seq = R("S-7 S-8 S-9")
        assert effect_rank(seq) is None and effect_ranks(seq) == ()
        assert effect_ranks(seq, True) == ("7", "8", "9")
        assert effect_rank(seq, True) == "8"
        assert effect_rank(R("S-9 S-10 S-J"), True) is None


class TestForbiddenFinish:
    """DFG-OUT-3, A28."""

    @pytest.mark.parametrize("play, rev, eight, s3, forbidden", [
        ("JOKER", False, False, False, True),
        ("S-2", False, False, False, True), ("S-2", True, False, False, False),
        ("S-3", True, False, False, True), ("S-3", False, False, False, False),
        ("JOKER=H-2", False, False, False, True), ("JOKER=H-K", False, False, False, False),
        ("H-K H-A H-2", False, False, False, True), ("H-3 H-4 H-5", True, False, False, True),
        ("S-8", False, True, False, True), ("S-8", False, False, False, False),
        ("S-7 S-8 S-9", False, True, False, True), ("S-7 JOKER=S-8 S-9", False, True, False, True),
        ("S-3", False, False, True, True),  # the spade-3 return
        ("S-9 H-9", False, True, False, False),
    ])
    def test_list(self, play, rev, eight, s3, forbidden):
        assert is_forbidden_finish(R(play), rev, eight, s3) is forbidden

    def test_a_marked_return(self):
        assert is_forbidden_finish(as_spade3_return(R("S-3")), False, False, False)


class TestExchangeHelpers:
    """DFG-EXCH-1 (the strongest cards) and the display order."""

    def test_strongest_sets(self):  # DFG-G-15
        sets = strongest_sets(P("JOKER S-2 H-2 D-A C-3"), 2)
        assert sorted(norm(s) for s in sets) == [("H-2", "JOKER"), ("JOKER", "S-2")]
        assert [norm(s) for s in strongest_sets(P("S-2 D-A C-3"), 1)] == [("S-2",)]
        assert len(strongest_sets(P("S-2 S-2 H-2 C-3"), 1)) == 2  # two decks: S-2 once
        assert norm(strongest_sets(P("S-4 H-5"), 3)[0]) == ("H-5", "S-4")

    def test_sort_key(self):
        cards = P("JOKER H-2 S-3 JOKER=S-3 C-3 H-10")
        assert [c.token for c in sorted(cards, key=sort_key)] == ["S-3", "JOKER=S-3", "C-3", "H-10", "H-2", "JOKER"]
