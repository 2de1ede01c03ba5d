"""A small seeded random generator whose output is the same on every Python.

Why not :mod:`random`: lessons and shared practice links name a deal by its seed, so the
deal must be bit-for-bit identical under CPython 3.11 and Pyodide's Python 3.14. SplitMix64
is tiny, fully specified and uses only integer arithmetic, so that holds by construction
(and ``tests/pyodide`` checks it).

    >>> Rng(7).below(100), Rng(7).below(100)
    (87, 87)
"""
from __future__ import annotations

import hashlib
from typing import MutableSequence, TypeVar

from .errors import TutorError, short_value

T = TypeVar("T")


class SeedError(TutorError, TypeError):
    """A seed that is neither an integer nor a text (a ``TypeError`` too, for older callers)."""


_MASK = (1 << 64) - 1


def seed_to_int(seed: int | str) -> int:
    """Maps an int or a text seed to 64 bits (text through SHA-256, stable everywhere)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise SeedError("error.expected", path="seed", what="seed", got=short_value(seed))
    if isinstance(seed, int):
        return seed & _MASK
    return int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big")


class Rng:
    """SplitMix64 with an unbiased ``below`` and a Fisher-Yates ``shuffle``."""

    __slots__ = ("_state",)

    def __init__(self, seed: int | str) -> None:
        self._state = seed_to_int(seed)

    def next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 … n-1`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: "list[T] | tuple[T, ...]") -> T:
        return items[self.below(len(items))]


def derive(seed: int | str, *labels: object) -> Rng:
    """An independent stream for one purpose (``derive(seed, "deal", 3)``)."""
    text = "/".join([str(seed_to_int(seed))] + [str(x) for x in labels])
    return Rng(text)
