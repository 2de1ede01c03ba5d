"""Helpers shared by the climbing games (Dou Dizhu, Tichu, Daifugo).

In a climbing game suits rarely matter: combinations are shapes over rank counts. These
helpers work on a count array indexed by a game's integer rank, so each game only maps its
cards to ranks and back.
"""
from __future__ import annotations

from itertools import combinations
from typing import Iterator, Sequence


def runs(counts: Sequence[int], need: int, lo: int, hi: int, min_len: int,
         max_len: int | None = None) -> Iterator[tuple[int, int]]:
    """Every run ``(start, length)`` of consecutive ranks in ``lo … hi`` each holding ≥ ``need``.

    >>> list(runs([0, 1, 1, 1, 0], need=1, lo=1, hi=4, min_len=2))
    [(1, 2), (1, 3), (2, 2)]
    """
    for start in range(lo, hi + 1):
        if counts[start] < need:
            continue
        end = start
        while end + 1 <= hi and counts[end + 1] >= need:
            end += 1
        longest = end - start + 1
        if max_len is not None:
            longest = min(longest, max_len)
        for length in range(min_len, longest + 1):
            yield start, length


def kicker_sets(candidates: Sequence[int], counts: Sequence[int], k: int, per_rank: int,
                may_repeat: bool) -> Iterator[tuple[int, ...]]:
    """Sorted choices of ``k`` kicker ranks from ``candidates``.

    Each chosen rank uses ``per_rank`` cards (1 for single kickers, 2 for pairs). Ranks are
    distinct unless ``may_repeat``, in which case a rank may be chosen as often as its
    count allows.
    """
    if not may_repeat:
        yield from combinations(candidates, k)
        return
    pool: list[int] = []
    for r in candidates:
        pool.extend([r] * min(k, counts[r] // per_rank))
    seen: set[tuple[int, ...]] = set()
    for combo in combinations(pool, k):
        if combo not in seen:
            seen.add(combo)
            yield combo


def rank_counts(ranks: Sequence[int], size: int) -> list[int]:
    """A count array of length ``size`` for a list of integer ranks."""
    counts = [0] * size
    for r in ranks:
        counts[r] += 1
    return counts
