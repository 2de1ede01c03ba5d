"""Pon-jan's tiles as counts: sets (PON-SET-1), winning hands, waits, and how far a hand is from
winning. Pure functions of tiles, shared by the rules, the bot, the hints and the display.

A set is three identical tiles, a ``WILD`` standing for any tile (PON-SET-1). ``k`` concealed
tiles form ``k / 3`` sets exactly when the wild tiles can fill every kind up to a multiple of
three: each kind with ``c`` tiles needs ``(-c) mod 3`` wilds, and the wilds left over form sets
of their own (three wilds are a set). That is the whole test: no search.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable, Sequence

from ...cards import Card

WILD = "WILD"


def kinds_of(tiles: Iterable[Card]) -> tuple[Counter[str], int]:
    """The tiles as ``(count per kind, wild count)``."""
    counts: Counter[str] = Counter()
    wilds = 0
    for t in tiles:
        if t.special == WILD:
            wilds += 1
        else:
            counts[t.special] += 1
    return counts, wilds


def forms_sets(tiles: Sequence[Card]) -> bool:
    """PON-SET-1: whether ``tiles`` (a multiple of three) split into sets exactly."""
    if len(tiles) % 3:
        return False
    counts, wilds = kinds_of(tiles)
    return sum(-c % 3 for c in counts.values()) <= wilds


def is_set(tiles: Sequence[Card]) -> bool:
    return len(tiles) == 3 and forms_sets(tiles)


def is_win(concealed: Sequence[Card], melds: int) -> bool:
    """Three sets in all: ``melds`` exposed pon sets and the concealed tiles (PON-SET-1)."""
    return len(concealed) + 3 * melds == 9 and forms_sets(concealed)


def waits(concealed: Sequence[Card], melds: int, kinds: Sequence[Card]) -> list[Card]:
    """The tiles (of ``kinds``: every kind in play and the wild) that would complete this hand of
    eight: what a waiting hand (tenpai) waits for; empty when it is not waiting.

    Remembered per hand (as a multiset): one decision asks it of the same few hands many times
    over (the legal riichi, each discard's verdict, the bot's choice, the hint), which cost the
    hint 4 ms in the browser's worker before (bench/minor_bench.py)."""
    if len(concealed) + 3 * melds != 8:
        return []
    return list(_waits(tuple(sorted(t.token for t in concealed)), melds, tuple(kinds)))


def waits_without(concealed: Sequence[Card], melds: int, kinds: Sequence[Card], discard: Card) -> list[Card]:
    """``waits`` of the hand once one ``discard`` is gone (what riichi with it would wait for)."""
    tokens = sorted(t.token for t in concealed)
    tokens.remove(discard.token)
    if len(tokens) + 3 * melds != 8:
        return []
    return list(_waits(tuple(tokens), melds, tuple(kinds)))


@lru_cache(maxsize=4096)
def _waits(hand: tuple[str, ...], melds: int, kinds: tuple[Card, ...]) -> tuple[Card, ...]:
    """``is_win`` of the hand with each kind added, from the counts: a kind with ``c`` tiles needs
    ``(-c) mod 3`` wilds, so adding one tile changes one kind's need, or adds a wild."""
    counts = Counter(hand)
    wilds = counts.pop(WILD, 0)
    need = sum(-c % 3 for c in counts.values())
    out = []
    for k in kinds:
        if k.special == WILD:
            wins = need <= wilds + 1
        else:
            c = counts.get(k.special, 0)
            wins = need - (-c % 3) + (-(c + 1) % 3) <= wilds
        if wins:
            out.append(k)
    return tuple(out)


def missing(concealed: Sequence[Card], melds: int) -> int:
    """How many tiles this hand lacks for three sets, at best (0 with nine tiles: it wins; 1 with
    eight: it waits). Each kind gives its full sets and a part-set short of one or two tiles; the
    sets still needed are taken cheapest first (an empty set lacks three), and the wilds fill the
    gaps. The bot and the hints use it to say how close a hand is."""
    counts, wilds = kinds_of(concealed)
    needed = 3 - melds
    costs: list[int] = []
    for c in counts.values():
        costs += [0] * (c // 3)
        if c % 3:
            costs.append(3 - c % 3)
    costs.sort()
    chosen = (costs + [3] * needed)[:needed]
    return max(0, sum(chosen) - wilds)
