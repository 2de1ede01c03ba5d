"""Dou Dizhu combinations (doudizhu.md §5, §6, §8, §9): classify, beats, generate.

Expected readings are written from the spec by hand; the move generator is checked
exhaustively against a brute force over every sub-multiset of small random hands, and
``classify`` against an independent reference model of §5 written out below.
"""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

from tutor.cards import Card
from tutor.games.doudizhu.combos import (BJ, NRANKS, RANK_TOKEN, RJ, TYPES, Combo, ComboRules, beats,
                                         card_rank, classify, generate)
from tutor.rng import Rng
from unit_helpers import counts, ranks

ALL_TYPES = ("single", "pair", "trio", "trio_single", "trio_pair", "sequence", "pair_sequence", "airplane",
             "airplane_single_wings", "airplane_pair_wings", "bomb", "rocket", "quad_two_singles",
             "quad_two_pairs")
BANNED_4P = {"trio_single", "airplane_single_wings", "quad_two_singles", "quad_two_pairs"}


def rules(players=3, repeat=False, allow=False) -> ComboRules:
    return ComboRules(players, repeat, allow)


def readings(text: str, players=3, repeat=False, allow=False) -> set[tuple[str, str, int]]:
    """(type, rank token, length) of every reading of a literal card set."""
    return {(c.type, RANK_TOKEN[c.rank], c.length) for c in classify(ranks(text), rules(players, repeat, allow))}


def types_of(text: str, players=3, repeat=False, allow=False) -> set[str]:
    return {t for t, _, _ in readings(text, players, repeat, allow)}


def combo(text: str, players=3, type_: str | None = None, repeat=False, allow=False) -> Combo:
    found = [c for c in classify(ranks(text), rules(players, repeat, allow)) if type_ in (None, c.type)]
    assert len({c.type for c in found}) == 1, f"{text}: expected one reading, got {found}"
    return max(found, key=lambda c: c.rank)


def test_the_fourteen_type_identifiers():
    assert tuple(TYPES) == ALL_TYPES


class TestRankOrder:
    def test_rank_order_low_to_high(self):  # DDZ-RANK-1
        order = "3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ".split()
        values = [card_rank(Card.parse(t if t in ("BJ", "RJ") else f"S-{t}")) for t in order]
        assert values == sorted(values) and len(set(values)) == len(values)

    def test_suits_never_matter(self):
        for rank in "3 10 K A 2".split():
            assert len({card_rank(Card.parse(f"{s}-{rank}")) for s in "SHDC"}) == 1


# --------------------------------------------------------------------------- valid examples
VALID = [
    # (cards, players, flags (repeat, allow), type, rank, length)
    ("S-7", 3, (False, False), "single", "7", 0),
    ("RJ", 3, (False, False), "single", "RJ", 0),
    ("S-2", 3, (False, False), "single", "2", 0),
    ("S-7 H-7", 3, (False, False), "pair", "7", 0),
    ("S-2 H-2", 3, (False, False), "pair", "2", 0),
    ("S-7 H-7 D-7", 3, (False, False), "trio", "7", 0),
    ("S-2 H-2 D-2", 3, (False, False), "trio", "2", 0),
    ("S-7 H-7 D-7 C-5", 3, (False, False), "trio_single", "7", 0),
    ("S-7 H-7 D-7 RJ", 3, (False, False), "trio_single", "7", 0),
    ("S-3 H-3 D-3 S-2", 3, (False, False), "trio_single", "3", 0),
    ("S-7 H-7 D-7 C-5 D-5", 3, (False, False), "trio_pair", "7", 0),
    ("S-3 H-3 D-3 S-2 H-2", 3, (False, False), "trio_pair", "3", 0),
    ("S-3 H-4 D-5 C-6 S-7", 3, (False, False), "sequence", "7", 5),
    ("S-10 H-J D-Q C-K S-A", 3, (False, False), "sequence", "A", 5),
    ("S-3 H-4 D-5 C-6 S-7 H-8 D-9 C-10 S-J H-Q D-K C-A", 3, (False, False), "sequence", "A", 12),
    ("S-3 H-3 S-4 H-4 S-5 H-5", 3, (False, False), "pair_sequence", "5", 3),
    ("S-Q H-Q S-K H-K S-A H-A", 3, (False, False), "pair_sequence", "A", 3),
    ("S-3 H-3 S-4 H-4 S-5 H-5 S-6 H-6 S-7 H-7 S-8 H-8 S-9 H-9 S-10 H-10 S-J H-J S-Q H-Q", 3, (False, False),
     "pair_sequence", "Q", 10),
    ("S-3 H-3 D-3 S-4 H-4 D-4", 3, (False, False), "airplane", "4", 2),
    ("S-K H-K D-K S-A H-A D-A", 3, (False, False), "airplane", "A", 2),
    ("S-3 H-3 D-3 S-4 H-4 D-4 S-5 H-5 D-5 S-6 H-6 D-6", 3, (False, False), "airplane", "6", 4),
    ("S-3 H-3 D-3 S-4 H-4 D-4 C-7 S-9", 3, (False, False), "airplane_single_wings", "4", 2),
    ("S-3 H-3 D-3 S-4 H-4 D-4 S-2 RJ", 3, (False, False), "airplane_single_wings", "4", 2),
    ("S-3 H-3 D-3 S-4 H-4 D-4 S-5 H-5 D-5 C-7 S-9 H-J", 3, (False, False), "airplane_single_wings", "5", 3),
    ("S-5 H-5 D-5 S-6 H-6 D-6 S-9 H-9 S-J H-J", 3, (False, False), "airplane_pair_wings", "6", 2),
    ("S-3 H-3 D-3 S-4 H-4 D-4 S-2 H-2 S-9 H-9", 3, (False, False), "airplane_pair_wings", "4", 2),
    ("S-8 H-8 D-8 C-8", 3, (False, False), "bomb", "8", 0),
    ("S-2 H-2 D-2 C-2", 3, (False, False), "bomb", "2", 0),
    ("BJ RJ", 3, (False, False), "rocket", None, 0),
    ("S-6 H-6 D-6 C-6 S-3 H-9", 3, (False, False), "quad_two_singles", "6", 0),
    ("S-6 H-6 D-6 C-6 S-2 BJ", 3, (False, False), "quad_two_singles", "6", 0),
    ("S-6 H-6 D-6 C-6 S-3 H-3 S-9 H-9", 3, (False, False), "quad_two_pairs", "6", 0),
    ("S-6 H-6 D-6 C-6 S-2 H-2 S-A H-A", 3, (False, False), "quad_two_pairs", "6", 0),
    # four players (DDZ-4P-2..4)
    ("BJ BJ", 4, (False, False), "pair", "BJ", 0),
    ("RJ RJ", 4, (False, False), "pair", "RJ", 0),
    ("S-3 S-3 H-3 D-3 C-3", 4, (False, False), "bomb", "3", 0),
    ("S-9 S-9 H-9 H-9 D-9 D-9 C-9 C-9", 4, (False, False), "bomb", "9", 0),
    ("S-8 H-8 D-8 C-8", 4, (False, False), "bomb", "8", 0),
    ("BJ BJ RJ RJ", 4, (False, False), "rocket", None, 0),
    ("S-7 H-7 D-7 BJ BJ", 4, (False, False), "trio_pair", "7", 0),
    ("S-7 H-7 D-7 RJ RJ", 4, (False, False), "trio_pair", "7", 0),
    ("S-3 H-3 D-3 S-4 H-4 D-4 BJ BJ RJ RJ", 4, (False, False), "airplane_pair_wings", "4", 2),
    ("S-3 S-3 S-4 S-4 S-5 S-5", 4, (False, False), "pair_sequence", "5", 3),
    ("S-Q S-Q H-Q S-K S-K H-K", 4, (False, False), "airplane", "K", 2),
    ("S-3 H-4 D-5 C-6 S-7", 4, (False, False), "sequence", "7", 5),
    # flags
    ("S-3 H-3 D-3 S-4 H-4 D-4 C-7 S-7", 3, (True, False), "airplane_single_wings", "4", 2),
    ("S-6 H-6 D-6 C-6 S-3 H-3", 3, (True, False), "quad_two_singles", "6", 0),
    ("S-3 H-3 D-3 S-4 H-4 D-4 S-5 H-5 D-5 S-7 H-7 D-7", 3, (True, False), "airplane_single_wings", "5", 3),
    ("S-7 H-7 D-7 C-5", 4, (False, True), "trio_single", "7", 0),
    ("S-3 H-3 D-3 S-4 H-4 D-4 C-7 S-9", 4, (False, True), "airplane_single_wings", "4", 2),
    ("S-6 H-6 D-6 C-6 S-3 H-9", 4, (False, True), "quad_two_singles", "6", 0),
    ("S-6 H-6 D-6 C-6 S-3 H-3 S-9 H-9", 4, (False, True), "quad_two_pairs", "6", 0),
    ("S-2 H-2 D-2 C-2 BJ BJ RJ RJ", 4, (False, True), "quad_two_pairs", "2", 0),
    ("S-3 H-3 D-3 S-4 H-4 D-4 C-7 S-7", 4, (True, True), "airplane_single_wings", "4", 2),
]


@pytest.mark.parametrize("text, players, flags, type_, rank, length", VALID,
                         ids=[f"{v[3]}:{v[0]}:{v[1]}p" for v in VALID])
def test_valid_combination(text, players, flags, type_, rank, length):
    found = classify(ranks(text), rules(players, *flags))
    match = [c for c in found if c.type == type_]
    assert match, f"{text} should read as {type_}, got {found}"
    if rank is not None:
        assert rank in {RANK_TOKEN[c.rank] for c in match}
    assert length in {c.length for c in match}
    assert all(sorted(c.ranks) == sorted(ranks(text)) for c in found)


def test_every_type_has_a_valid_example():
    assert {v[3] for v in VALID} == set(ALL_TYPES)


# --------------------------------------------------------------------------- near misses
INVALID = [
    # (cards, players, flags, the type it must not be, the readings it does have)
    ("S-7 H-8", 3, (False, False), "single", set()),
    ("S-7 H-8", 3, (False, False), "pair", set()),
    ("BJ RJ", 3, (False, False), "pair", {"rocket"}),  # DDZ-COMBO-2
    ("S-7 H-7 D-8", 3, (False, False), "trio", set()),
    ("BJ BJ RJ", 4, (False, False), "trio", set()),
    ("S-7 H-7 D-8 C-5", 3, (False, False), "trio_single", set()),
    ("S-7 H-7 D-7 C-7", 3, (False, False), "trio_single", {"bomb"}),
    ("S-7 H-7 D-7 C-5 D-6", 3, (False, False), "trio_pair", set()),
    ("S-7 H-7 D-7 BJ RJ", 3, (False, False), "trio_pair", set()),
    ("S-3 H-4 D-5 C-6", 3, (False, False), "sequence", set()),  # too short
    ("S-J H-Q D-K C-A S-2", 3, (False, False), "sequence", set()),  # DDZ-RANK-2
    ("S-3 H-4 D-5 C-6 S-8", 3, (False, False), "sequence", set()),  # gap
    ("S-K H-A S-2 BJ RJ", 3, (False, False), "sequence", set()),
    ("S-3 H-3 S-4 H-4", 3, (False, False), "pair_sequence", set()),  # two pairs only
    ("S-K H-K S-A H-A S-2 H-2", 3, (False, False), "pair_sequence", set()),
    ("S-3 H-3 S-4 H-4 S-6 H-6", 3, (False, False), "pair_sequence", set()),
    ("S-3 H-3 D-3 S-5 H-5 D-5", 3, (False, False), "airplane", set()),
    ("S-A H-A D-A S-2 H-2 D-2", 3, (False, False), "airplane", set()),
    ("S-K H-K D-K S-A H-A D-A S-2 H-2 D-2", 3, (False, False), "airplane", set()),
    ("S-3 H-3 D-3 S-4 H-4 D-4 C-7 S-7", 3, (False, False), "airplane_single_wings", set()),  # wings repeat
    ("S-3 H-3 D-3 S-4 H-4 D-4 BJ RJ", 3, (False, False), "airplane_single_wings", set()),  # both jokers
    ("S-3 H-3 D-3 C-3 S-4 H-4 D-4 S-5", 3, (False, False), "airplane_single_wings", set()),  # wing = body rank
    ("S-3 H-3 D-3 S-4 H-4 D-4 S-5 H-5 D-5 S-7 H-7 D-7", 3, (False, False), "airplane_single_wings", set()),
    ("S-2 H-2 D-2 S-A H-A D-A S-5 S-6", 3, (False, False), "airplane_single_wings", set()),
    ("S-5 H-5 D-5 S-6 H-6 D-6 S-9 H-9 C-9 D-9", 3, (False, False), "airplane_pair_wings", set()),
    ("S-3 H-3 D-3 S-4 H-4 D-4 BJ RJ S-7 H-7", 3, (False, False), "airplane_pair_wings", set()),
    ("S-3 H-3 D-3 S-4 H-4 D-4 S-7 H-7 S-8 H-9", 3, (False, False), "airplane_pair_wings", set()),
    ("S-8 H-8 D-8 C-9", 3, (False, False), "bomb", {"trio_single"}),
    ("S-3 S-3 H-3 D-3 C-3 S-4", 4, (False, False), "bomb", set()),
    ("S-2 RJ", 3, (False, False), "rocket", set()),
    ("BJ RJ", 4, (False, False), "rocket", set()),  # DDZ-4P-3 / A5
    ("BJ RJ", 4, (False, False), "pair", set()),
    ("BJ BJ RJ", 4, (False, False), "rocket", set()),
    ("S-6 H-6 D-6 C-6 S-3 H-3", 3, (False, False), "quad_two_singles", set()),
    ("S-6 H-6 D-6 C-6 BJ RJ", 3, (False, False), "quad_two_singles", set()),
    ("S-6 H-6 D-6 C-6 S-3", 3, (False, False), "quad_two_singles", set()),
    ("S-6 H-6 D-6 C-6 S-3 H-3 S-9 H-J", 3, (False, False), "quad_two_pairs", set()),
    ("S-6 H-6 D-6 C-6 S-3 H-3 D-3 C-3", 3, (False, False), "quad_two_pairs", set()),
    # DDZ-4P-1: banned with 4 players unless the flag allows them
    ("S-7 H-7 D-7 C-5", 4, (False, False), "trio_single", set()),
    ("S-3 H-3 D-3 S-4 H-4 D-4 C-7 S-9", 4, (False, False), "airplane_single_wings", set()),
    ("S-6 H-6 D-6 C-6 S-3 H-9", 4, (False, False), "quad_two_singles", set()),
    ("S-6 H-6 D-6 C-6 S-3 H-3 S-9 H-9", 4, (False, False), "quad_two_pairs", set()),
    # flags that do not reach every rule
    ("S-6 H-6 D-6 C-6 BJ RJ", 3, (True, False), "quad_two_singles", set()),
    ("S-3 H-3 D-3 S-4 H-4 D-4 BJ RJ", 3, (True, False), "airplane_single_wings", set()),
    ("S-5 H-5 D-5 S-6 H-6 D-6 S-9 H-9 C-9 D-9", 3, (True, False), "airplane_pair_wings", set()),
    ("S-6 H-6 D-6 C-6 BJ BJ", 4, (True, True), "quad_two_singles", set()),
    ("S-7 H-7 D-7 C-5", 3, (False, True), "bomb", {"trio_single"}),
]


@pytest.mark.parametrize("text, players, flags, type_, others", INVALID,
                         ids=[f"not-{v[3]}:{v[0]}:{v[1]}p" for v in INVALID])
def test_near_miss(text, players, flags, type_, others):
    got = types_of(text, players, *flags)
    assert type_ not in got
    assert got == others


def test_every_type_has_a_near_miss():
    assert {v[3] for v in INVALID} == set(ALL_TYPES)


class TestFourPlayerDifferences:
    def test_banned_types_only_with_four_players(self):  # DDZ-4P-1
        examples = {"trio_single": "S-7 H-7 D-7 C-5", "airplane_single_wings": "S-3 H-3 D-3 S-4 H-4 D-4 C-7 S-9",
                    "quad_two_singles": "S-6 H-6 D-6 C-6 S-3 H-9",
                    "quad_two_pairs": "S-6 H-6 D-6 C-6 S-3 H-3 S-9 H-9"}
        for type_, text in examples.items():
            assert type_ in types_of(text, 3)
            assert type_ in types_of(text, 3, allow=True)
            assert type_ not in types_of(text, 4)
            assert type_ in types_of(text, 4, allow=True)

    @pytest.mark.parametrize("size", [4, 5, 6, 7, 8])
    def test_bombs_of_four_to_eight(self, size):  # DDZ-4P-2
        text = " ".join(["S-K", "S-K", "H-K", "H-K", "D-K", "D-K", "C-K", "C-K"][:size])
        assert readings(text, 4) == {("bomb", "K", 0)}

    def test_three_player_bomb_is_exactly_four(self):
        assert types_of("S-K H-K D-K C-K", 3) == {"bomb"}

    def test_rocket_is_four_jokers(self):  # DDZ-4P-3
        assert types_of("BJ BJ RJ RJ", 4) == {"rocket"}
        assert types_of("BJ RJ", 4) == set()
        assert types_of("BJ RJ", 3) == {"rocket"}

    def test_joker_pairs(self):  # DDZ-4P-4
        assert readings("BJ BJ", 4) == {("pair", "BJ", 0)}
        assert readings("RJ RJ", 4) == {("pair", "RJ", 0)}
        assert beats(combo("RJ RJ", 4), combo("BJ BJ", 4), 4)
        assert beats(combo("BJ BJ", 4), combo("S-2 H-2", 4), 4)
        assert not beats(combo("S-2 H-2", 4), combo("BJ BJ", 4), 4)
        assert types_of("S-9 H-9 D-9 BJ BJ", 4) == {"trio_pair"}
        assert types_of("S-3 H-3 D-3 S-4 H-4 D-4 RJ RJ S-9 S-9", 4) == {"airplane_pair_wings"}
        # BJ+RJ is neither a pair nor a wing pair (A5)
        assert types_of("S-9 H-9 D-9 BJ RJ", 4) == set()
        assert types_of("S-3 H-3 D-3 S-4 H-4 D-4 BJ RJ S-9 S-9", 4) == set()


class TestFlags:
    def test_kickers_may_repeat(self):
        assert types_of("S-3 H-3 D-3 S-4 H-4 D-4 C-7 S-7", 3) == set()
        assert types_of("S-3 H-3 D-3 S-4 H-4 D-4 C-7 S-7", 3, repeat=True) == {"airplane_single_wings"}
        assert types_of("S-6 H-6 D-6 C-6 S-3 H-3", 3) == set()
        assert types_of("S-6 H-6 D-6 C-6 S-3 H-3", 3, repeat=True) == {"quad_two_singles"}

    def test_repeat_makes_the_four_triplet_airplane_ambiguous(self):  # doudizhu.md §10, DDZ-CMP-6
        text = "S-3 H-3 D-3 S-4 H-4 D-4 S-5 H-5 D-5 S-6 H-6 D-6"
        assert readings(text, 3) == {("airplane", "6", 4)}
        got = readings(text, 3, repeat=True)
        assert ("airplane", "6", 4) in got
        assert ("airplane_single_wings", "5", 3) in got  # 333-444-555 + 6,6,6
        assert ("airplane_single_wings", "6", 3) in got  # 444-555-666 + 3,3,3
        assert {t for t, _, _ in got} == {"airplane", "airplane_single_wings"}

    def test_allow_all_types_changes_nothing_for_three_players(self):
        for text in [v[0] for v in VALID + INVALID]:
            for repeat in (False, True):
                assert readings(text, 3, repeat) == readings(text, 3, repeat, allow=True)


# --------------------------------------------------------------------------- reference model
def reference_readings(rank_list, players, repeat, allow) -> set[tuple[int, int, str]]:
    """§5 and §8 written out independently: (type, rank, length) for every valid reading."""
    four = players == 4
    n, c = len(rank_list), Counter(rank_list)
    two, ace = card_rank(Card.parse("S-2")), card_rank(Card.parse("S-A"))
    low = card_rank(Card.parse("S-3"))
    out: set = set()

    def pair_ok(r):
        return r <= two or four

    if n == 0:
        return out
    if n == 1:
        out.add(("single", rank_list[0], 0))
    if len(c) == 1:
        (r, k), = c.items()
        if k == 2 and pair_ok(r):
            out.add(("pair", r, 0))
        if k == 3 and r <= two:
            out.add(("trio", r, 0))
        if r <= two and (k == 4 or (four and 4 <= k <= 8)):
            out.add(("bomb", r, 0))
    if sorted(rank_list) == ([BJ, BJ, RJ, RJ] if four else [BJ, RJ]):
        out.add(("rocket", RJ, 0))
    for r, k in c.items():
        others = [x for x in c if x != r]
        if k == 3 and r <= two and n == 4 and len(c) == 2:
            out.add(("trio_single", r, 0))
        if k == 3 and r <= two and n == 5 and len(c) == 2 and c[others[0]] == 2 and pair_ok(others[0]):
            out.add(("trio_pair", r, 0))
    keys = sorted(c)
    if keys[-1] <= ace and keys[-1] - keys[0] + 1 == len(keys):
        widths = set(c.values())
        if widths == {1} and 5 <= n <= 12:
            out.add(("sequence", keys[-1], n))
        if widths == {2} and len(keys) >= 3:
            out.add(("pair_sequence", keys[-1], len(keys)))
        if widths == {3} and len(keys) >= 2:
            out.add(("airplane", keys[-1], len(keys)))
    for per, name in ((1, "airplane_single_wings"), (2, "airplane_pair_wings")):
        if n % (3 + per) or n // (3 + per) < 2:
            continue
        t = n // (3 + per)
        for start in range(low, ace - t + 2):
            body = range(start, start + t)
            if any(c[b] != 3 for b in body):
                continue
            rest = Counter({r: k for r, k in c.items() if r not in body})
            if per == 1:
                if BJ in rest and RJ in rest:
                    continue
                if not repeat and any(k != 1 for k in rest.values()):
                    continue
            elif len(rest) != t or any(k != 2 or not pair_ok(r) for r, k in rest.items()):
                continue
            out.add((name, start + t - 1, t))
    for q, k in c.items():
        if k != 4 or q > two:
            continue
        rest = Counter({r: kk for r, kk in c.items() if r != q})
        if n == 6 and sum(v for r, v in rest.items() if r >= BJ) < 2 and (len(rest) == 2 or (repeat and len(rest) == 1)):
            out.add(("quad_two_singles", q, 0))
        if n == 8 and len(rest) == 2 and all(kk == 2 and pair_ok(r) for r, kk in rest.items()):
            out.add(("quad_two_pairs", q, 0))
    if four and not allow:
        out = {o for o in out if o[0] not in BANNED_4P}
    return out


def deck_ranks(players: int) -> Counter:
    copies = 2 if players == 4 else 1
    deck = Counter({card_rank(Card.parse(f"S-{r}")): 4 * copies for r in "3 4 5 6 7 8 9 10 J Q K A 2".split()})
    deck[BJ] = deck[RJ] = copies
    return deck


def structured_set(rng: Rng, players: int, max_size: int) -> list[int]:
    """A random card set biased towards runs of equal-width ranks (chains, airplanes, wings)."""
    pool = deck_ranks(players)
    out: list[int] = []
    width, t, start = 1 + rng.below(3), 1 + rng.below(7), 3 + rng.below(15)
    for r in range(start, min(start + t, NRANKS)):
        out += [r] * min(width + (1 if rng.below(6) == 0 else 0), pool[r])
    per = 1 + rng.below(2)
    for _ in range(rng.below(t + 2) if rng.below(3) else 0):
        r = 3 + rng.below(15)
        for _ in range(per):
            if out.count(r) < pool[r]:
                out.append(r)
    return sorted(out[:max_size])


FLAG_SETS = [(False, False), (True, False), (False, True), (True, True)]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("repeat, allow", FLAG_SETS)
def test_classify_matches_the_reference_model(players, repeat, allow):
    rng = Rng(f"classify-{players}-{repeat}-{allow}")
    seen = Counter()
    for _ in range(400):
        rank_list = structured_set(rng, players, 20)
        if not rank_list:
            continue
        got = [(c.type, c.rank, c.length) for c in classify(rank_list, rules(players, repeat, allow))]
        assert len(got) == len(set(got)), f"duplicate reading for {rank_list}"
        want = reference_readings(rank_list, players, repeat, allow)
        assert set(got) == want, f"{[RANK_TOKEN[r] for r in rank_list]}: engine {got}, spec {want}"
        seen.update(t for t, _, _ in want)
    allowed = {t for t in ALL_TYPES if players == 3 or allow or t not in BANNED_4P}
    assert set(seen) <= allowed
    assert len(seen) >= len(allowed) - 3, seen  # the random sets reach most types


# --------------------------------------------------------------------------- beats
BEATS = [
    # (new, top, players, beats?) — DDZ-CMP-1
    ("S-5 H-5", "S-4 H-4", 3, True),
    ("S-4 H-4", "S-5 H-5", 3, False),
    ("S-5 H-5", "D-5 C-5", 3, False),  # equal is not higher
    ("S-2", "S-A", 3, True),
    ("BJ", "S-2", 3, True),
    ("RJ", "BJ", 3, True),
    ("S-A", "S-2", 3, False),
    ("S-4 H-5 D-6 C-7 S-8", "S-3 H-4 D-5 C-6 S-7", 3, True),
    ("S-4 H-5 D-6 C-7 S-8 S-9", "S-3 H-4 D-5 C-6 S-7", 3, False),  # longer sequence
    ("S-3 H-4 D-5 C-6 S-7", "S-4 H-5 D-6 C-7 S-8 S-9", 3, False),
    ("S-4 H-4 S-5 H-5 S-6 H-6", "D-3 C-3 D-4 C-4 D-5 C-5", 3, True),
    ("S-4 H-4 S-5 H-5 S-6 H-6 S-7 H-7", "D-3 C-3 D-4 C-4 D-5 C-5", 3, False),
    ("S-8 H-8 D-8 C-3", "S-7 H-7 D-7 C-A", 3, True),
    ("S-8 H-8 D-8 C-3 D-3", "S-7 H-7 D-7 C-A D-A", 3, True),
    ("S-8", "S-7 H-7", 3, False),
    # DDZ-CMP-2: the kinds with singles and with pairs are different types
    ("S-9 H-9 D-9 C-5", "S-7 H-7 D-7 C-K D-K", 3, False),
    ("S-9 H-9 D-9 C-5 D-5", "S-7 H-7 D-7 C-K", 3, False),
    ("S-8 H-8 D-8 C-8 S-3 S-4", "S-6 H-6 D-6 C-6 S-5 H-5 S-9 H-9", 3, False),
    ("S-8 H-8 D-8 C-8 S-3 H-3 S-4 H-4", "S-6 H-6 D-6 C-6 S-5 S-9", 3, False),
    ("S-8 H-8 D-8 C-8 S-3 S-4", "S-6 H-6 D-6 C-6 S-5 S-9", 3, True),
    # DDZ-CMP-3: a bomb beats any non-bomb except the rocket
    ("S-3 H-3 D-3 C-3", "S-10 H-J D-Q C-K S-A", 3, True),
    ("S-3 H-3 D-3 C-3", "S-2 H-2", 3, True),
    ("S-3 H-3 D-3 C-3", "RJ", 3, True),
    ("S-3 H-3 D-3 C-3", "S-2 H-2 D-2 C-2 S-5 H-5 S-6 H-6", 3, True),
    ("S-2 H-2 D-2 C-2 S-5 S-6", "S-3 H-3 D-3 C-3", 3, False),
    ("S-10 H-J D-Q C-K S-A", "S-3 H-3 D-3 C-3", 3, False),
    # DDZ-CMP-4: the rocket beats everything and is never beaten
    ("BJ RJ", "S-2 H-2 D-2 C-2", 3, True),
    ("BJ RJ", "S-3", 3, True),
    ("S-2 H-2 D-2 C-2", "BJ RJ", 3, False),
    ("BJ BJ RJ RJ", "S-2 S-2 H-2 H-2 D-2 D-2 C-2 C-2", 4, True),
    ("S-2 S-2 H-2 H-2 D-2 D-2 C-2 C-2", "BJ BJ RJ RJ", 4, False),
    # DDZ-CMP-5: three players, bombs by rank
    ("S-4 H-4 D-4 C-4", "S-3 H-3 D-3 C-3", 3, True),
    ("S-2 H-2 D-2 C-2", "S-A H-A D-A C-A", 3, True),
    ("S-A H-A D-A C-A", "S-2 H-2 D-2 C-2", 3, False),
    ("S-3 H-3 D-3 C-3", "S-4 H-4 D-4 C-4", 3, False),
    # DDZ-4P-2: more cards beat fewer whatever the rank; equal size by rank
    ("S-3 S-3 H-3 D-3 C-3", "S-7 H-7 D-7 C-7", 4, True),
    ("S-7 H-7 D-7 C-7", "S-3 S-3 H-3 D-3 C-3", 4, False),
    ("S-A S-A H-A D-A C-A", "S-2 H-2 D-2 C-2", 4, True),
    ("S-8 S-8 H-8 D-8 C-8", "S-7 S-7 H-7 D-7 C-7", 4, True),
    ("S-7 S-7 H-7 D-7 C-7", "S-8 S-8 H-8 D-8 C-8", 4, False),
    ("S-6 S-6 H-6 H-6 D-6 C-6", "S-2 S-2 H-2 D-2 C-2", 4, True),
    ("S-3 S-3 H-3 H-3 D-3 D-3 C-3 C-3", "S-2 S-2 H-2 H-2 D-2 D-2 C-2", 4, True),
    ("S-3 S-3 H-3 D-3 C-3", "S-K H-K", 4, True),
]


@pytest.mark.parametrize("new, top, players, expected", BEATS, ids=[f"{b[0]}>{b[1]}:{b[2]}p" for b in BEATS])
def test_beats(new, top, players, expected):
    assert beats(combo(new, players), combo(top, players), players) is expected


def test_airplane_with_wings_ranks_by_its_top_triplet():
    top = combo("C-3 H-3 D-3 C-4 S-4 H-4 S-K S-A")  # 333-444 + K, A: rank 4
    higher = combo("S-4 H-4 D-4 S-5 H-5 D-5 S-3 S-6")  # 444-555 + 3, 6: rank 5
    assert (higher.type, higher.rank, higher.length) == ("airplane_single_wings", card_rank(Card.parse("S-5")), 2)
    assert beats(higher, top, 3)
    assert not beats(top, higher, 3)
    longer = combo("S-5 H-5 D-5 S-6 H-6 D-6 S-7 H-7 D-7 S-3 S-4 S-9")
    assert not beats(longer, top, 3)  # three triplets do not answer two (DDZ-CMP-1)


# --------------------------------------------------------------------------- generate
def sub_multisets(cnt: list[int]):
    present = [r for r in range(NRANKS) if cnt[r]]
    for take in itertools.product(*(range(cnt[r] + 1) for r in present)):
        sub = tuple(r for r, k in zip(present, take) for _ in range(k))
        if sub:
            yield sub


def brute_force(cnt: list[int], rule: ComboRules, top: Combo | None) -> set[tuple[str, tuple[int, ...]]]:
    out = set()
    for sub in sub_multisets(cnt):
        for c in classify(sub, rule):
            if top is None or beats(c, top, rule.players):
                out.add((c.type, tuple(sorted(sub))))
    return out


def generated(cnt: list[int], rule: ComboRules, top: Combo | None) -> Counter:
    return Counter((c.type, tuple(sorted(c.ranks))) for c in generate(cnt, rule, top))


def random_hand(rng: Rng, players: int) -> list[int]:
    if rng.below(2):
        return structured_set(rng, players, 9)
    pool = deck_ranks(players)
    hand: list[int] = []
    start, width, size = 3 + rng.below(13), 1 + rng.below(6), 1 + rng.below(9)
    tries = 0
    while len(hand) < size and tries < 60:
        tries += 1
        r = start + rng.below(width) if rng.below(4) else 3 + rng.below(15)
        if r < NRANKS and hand.count(r) < pool[r]:
            hand.append(r)
    return sorted(hand)


FIXED_HANDS = {  # shapes the random hands reach rarely: wings, long chains, quads, rockets
    3: ["S-3 H-3 D-3 S-4 H-4 D-4 S-7 S-9 BJ", "S-3 H-3 D-3 S-4 H-4 D-4 S-7 H-7 S-9",
        "S-6 H-6 D-6 C-6 S-3 H-3 S-9 H-9 RJ", "S-3 H-4 D-5 C-6 S-7 H-8 D-9 S-10 RJ",
        "S-3 H-3 S-4 H-4 S-5 H-5 S-6 H-6 BJ", "S-2 H-2 D-2 C-2 BJ RJ S-A H-A D-A"],
    4: ["S-3 H-3 D-3 S-4 H-4 D-4 S-7 S-9 BJ", "S-3 S-3 H-3 D-3 C-3 S-4 S-4 H-4 D-4",
        "S-6 H-6 D-6 C-6 S-3 H-3 BJ BJ RJ", "BJ BJ RJ RJ S-2 S-2 H-2 H-2 D-2",
        "S-3 H-4 D-5 C-6 S-7 H-8 D-9 S-10 S-10", "S-3 S-3 S-4 S-4 S-5 S-5 S-6 S-6 RJ"],
}


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("repeat, allow", FLAG_SETS)
def test_generate_matches_brute_force(players, repeat, allow):
    rng = Rng(f"generate-{players}-{repeat}-{allow}")
    rule = rules(players, repeat, allow)
    types_led: Counter = Counter()
    followed = 0
    fixed = [ranks(h) for h in FIXED_HANDS[players]]
    for i in range(30 + len(fixed)):
        hand = fixed[i - 30] if i >= 30 else random_hand(rng, players)
        cnt = counts(hand)
        got = generated(cnt, rule, None)
        assert all(v == 1 for v in got.values()), f"listed twice: {[k for k, v in got.items() if v > 1]}"
        assert set(got) == brute_force(cnt, rule, None), f"leading with {[RANK_TOKEN[r] for r in hand]}"
        types_led.update(t for t, _ in got)
        # following: tops taken from the readings of another random set, plus bombs and the rocket
        other = counts(random_hand(rng, players))
        tops = [c for sub in sub_multisets(other) for c in classify(sub, rule)]
        tops = tops[:: max(1, len(tops) // 6)] + [combo("S-3 H-3 D-3 C-3", players), combo("S-3", players)]
        for top in tops:
            got = generated(cnt, rule, top)
            assert all(v == 1 for v in got.values())
            want = brute_force(cnt, rule, top)
            assert set(got) == want, f"{[RANK_TOKEN[r] for r in hand]} on {top}"
            followed += 1
    assert followed > 60
    allowed = {t for t in ALL_TYPES if players == 3 or allow or t not in BANNED_4P}
    # with at most 9 cards a 10-card airplane with pair wings cannot occur; most others do
    assert len(types_led) >= len(allowed) - 1, types_led
    assert set(types_led) <= allowed


def test_generate_lists_every_play_of_a_fixed_hand():
    hand = ranks("S-3 H-3 D-3 S-4 H-4 D-4 S-7 BJ RJ")
    got = generated(counts(hand), rules(3), None)
    r = {t: card_rank(Card.parse(t if t in ("BJ", "RJ") else f"S-{t}")) for t in "3 4 7 BJ RJ".split()}
    expected = {
        ("single", (r["3"],)), ("single", (r["4"],)), ("single", (r["7"],)), ("single", (r["BJ"],)),
        ("single", (r["RJ"],)), ("pair", (r["3"],) * 2), ("pair", (r["4"],) * 2), ("trio", (r["3"],) * 3),
        ("trio", (r["4"],) * 3), ("rocket", (r["BJ"], r["RJ"])), ("airplane", (r["3"],) * 3 + (r["4"],) * 3),
    }
    for t in ("3", "4"):
        other = "4" if t == "3" else "3"
        for k in (other, "7", "BJ", "RJ"):
            expected.add(("trio_single", tuple(sorted((r[t],) * 3 + (r[k],)))))
        expected.add(("trio_pair", tuple(sorted((r[t],) * 3 + (r[other],) * 2))))
    for w1, w2 in itertools.combinations(["7", "BJ", "RJ"], 2):
        if {w1, w2} != {"BJ", "RJ"}:
            expected.add(("airplane_single_wings", tuple(sorted((r["3"],) * 3 + (r["4"],) * 3 + (r[w1], r[w2])))))
    assert set(got) == expected


def test_generate_following_a_rocket_is_empty():
    hand = ranks("S-2 H-2 D-2 C-2 S-3")
    assert generate(counts(hand), rules(3), combo("BJ RJ")) == []


def test_generate_four_player_joker_pairs_as_quad_kickers():
    """DDZ-COMBO-13 (b) with DDZ-4P-4: classify accepts 2222+BJBJ+RJRJ, so generate must list it."""
    rule = rules(4, allow=True)
    hand = ranks("S-2 H-2 D-2 C-2 BJ BJ RJ RJ S-8")
    play = tuple(sorted(ranks("S-2 H-2 D-2 C-2 BJ BJ RJ RJ")))
    assert [c.type for c in classify(play, rule)] == ["quad_two_pairs"]
    assert ("quad_two_pairs", play) in generated(counts(hand), rule, None)
