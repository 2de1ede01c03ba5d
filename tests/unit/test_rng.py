"""The seeded generator: SplitMix64, identical on every Python (deals are named by their seed).

The pinned numbers are the published SplitMix64 outputs for seed 0 and values recomputed
here by an independent reference implementation; they pin cross-version determinism.
"""
from __future__ import annotations

import hashlib

import pytest

from tutor.rng import Rng, derive, seed_to_int

MASK = (1 << 64) - 1


def reference_splitmix(seed: int):
    """SplitMix64 written out from its definition (Steele, Lea, Flood 2014; Vigna's splitmix64.c)."""
    state = seed & MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def reference_text_seed(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class TestPinnedValues:
    def test_splitmix64_seed_0_reference_outputs(self):
        rng = Rng(0)
        assert [rng.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]

    def test_below_on_seed_0(self):
        rng = Rng(0)
        # 0xE220A8397B1DCDAF % 100 == 35, 0x6E789E6AA1B965F4 % 100 == 0, 0x06C45D188009454F % 100 == 79
        assert [rng.below(100) for _ in range(5)] == [35, 0, 79, 44, 47]

    def test_derive_is_pinned(self):
        assert derive(0, "deal", 0).next64() == 4767823352768789212
        assert Rng("abc").next64() == 14031815848724387843

    def test_shuffle_of_ten_is_pinned(self):
        items = list(range(10))
        Rng(0).shuffle(items)
        assert items == [6, 3, 2, 9, 8, 1, 4, 7, 0, 5]

    def test_doc_example(self):
        assert (Rng(7).below(100), Rng(7).below(100)) == (87, 87)


class TestAgainstReference:
    @pytest.mark.parametrize("seed", [0, 1, 7, 2**63, MASK, 123456789])
    def test_same_stream_as_reference(self, seed):
        rng, ref = Rng(seed), reference_splitmix(seed)
        assert [rng.next64() for _ in range(200)] == [next(ref) for _ in range(200)]

    def test_negative_and_large_seeds_wrap_to_64_bits(self):
        assert seed_to_int(-1) == MASK
        assert seed_to_int(2**64 + 5) == 5
        assert Rng(-1).next64() == next(reference_splitmix(MASK))

    @pytest.mark.parametrize("text", ["abc", "", "ドウディージュ", "lesson-3"])
    def test_text_seeds_through_sha256(self, text):
        assert seed_to_int(text) == reference_text_seed(text)
        assert Rng(text).next64() == next(reference_splitmix(reference_text_seed(text)))

    def test_derive_joins_the_labels(self):
        expected = reference_text_seed("7/deal/3")
        assert derive(7, "deal", 3).next64() == next(reference_splitmix(expected))
        text_seed = seed_to_int("x")
        assert derive("x", "bot").next64() == next(reference_splitmix(reference_text_seed(f"{text_seed}/bot")))

    def test_below_uses_rejection_not_modulo_bias(self):
        n = 2**63 + 1  # limit = 2**64 - (2**64 % n) = n: about half the raw values are rejected
        ref = reference_splitmix(11)
        want = []
        while len(want) < 20:
            x = next(ref)
            if x < n:
                want.append(x % n)
        rng = Rng(11)
        assert [rng.below(n) for _ in range(20)] == want


class TestBehaviour:
    def test_same_seed_same_sequence(self):
        a, b = Rng(42), Rng(42)
        assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]

    def test_different_seeds_differ(self):
        assert [Rng(1).next64() for _ in range(3)] != [Rng(2).next64() for _ in range(3)]
        assert derive(5, "a").next64() != derive(5, "b").next64()
        assert derive(5, "deal", 0).next64() != derive(5, "deal", 1).next64()

    @pytest.mark.parametrize("n", [1, 2, 3, 17, 54, 1000, 2**40 + 3])
    def test_below_range(self, n):
        rng = Rng(n)
        values = [rng.below(n) for _ in range(300)]
        assert all(0 <= v < n for v in values)
        if n == 1:
            assert set(values) == {0}
        if n in (2, 3, 17):
            assert set(values) == set(range(n))  # 300 draws reach every value

    @pytest.mark.parametrize("n", [0, -1])
    def test_below_needs_a_positive_bound(self, n):
        with pytest.raises(ValueError):
            Rng(0).below(n)

    def test_shuffle_is_a_permutation(self):
        rng = Rng(3)
        for size in (0, 1, 2, 5, 54, 108):
            items = list(range(size)) * 1
            rng.shuffle(items)
            assert sorted(items) == list(range(size))

    def test_shuffle_keeps_repeated_items(self):
        items = ["S-7", "S-7", "BJ", "RJ", "RJ"]
        Rng(9).shuffle(items)
        assert sorted(items) == sorted(["S-7", "S-7", "BJ", "RJ", "RJ"])

    def test_shuffle_actually_moves_things(self):
        orders = set()
        for seed in range(20):
            items = list(range(8))
            Rng(seed).shuffle(items)
            orders.add(tuple(items))
        assert len(orders) == 20

    def test_choice(self):
        rng = Rng(5)
        picks = {rng.choice(["a", "b", "c"]) for _ in range(100)}
        assert picks == {"a", "b", "c"}

    def test_bool_seed_is_refused(self):
        with pytest.raises(TypeError):
            Rng(True)
