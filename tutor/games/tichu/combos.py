"""Tichu combinations: classify a card set, compare plays, generate plays from a hand.

Values: ``MAHJONG`` 1, ``2``…``A`` 2…14, ``DRAGON`` 15; a declared ``PHOENIX=r`` counts as
rank ``r`` inside a multi-card combination; a lone ``PHOENIX`` is worth half a rank more
than the single it is played on (1.5 when led). Types (tichu.md §5), with examples:

* ``single`` 7 · ``pair`` 77 · ``triple`` 777 · ``full_house`` 777+55 · ``straight`` 34567 (5+)
* ``stairs`` 5566 (2+ consecutive pairs) · ``four_of_a_kind_bomb`` 8888
* ``straight_flush_bomb`` ♥6-10 (5+, one suit, no specials) · ``dog`` (alone, when leading)

Unlike Dou Dizhu, a play here is a set of real cards: suits make straight flushes, and a
Phoenix declaration (``PHOENIX=8``) is part of the action.
"""
from __future__ import annotations

from itertools import combinations, product
from typing import Iterable, Iterator, NamedTuple, Sequence

from ...cards import RANKS, Card

MAHJONG, DRAGON = 1, 15
VALUE = {r: i + 2 for i, r in enumerate(RANKS)}  # "2" → 2 … "A" → 14
RANK_OF = {v: r for r, v in VALUE.items()}
BOMBS = frozenset({"four_of_a_kind_bomb", "straight_flush_bomb"})
TYPES = ("single", "pair", "triple", "full_house", "straight", "stairs", "four_of_a_kind_bomb",
         "straight_flush_bomb", "dog")
TYPE_RULE = {
    "single": "TICHU-COMBO-1", "pair": "TICHU-COMBO-2", "triple": "TICHU-COMBO-3", "full_house": "TICHU-COMBO-4",
    "straight": "TICHU-COMBO-5", "stairs": "TICHU-COMBO-6", "four_of_a_kind_bomb": "TICHU-COMBO-7",
    "straight_flush_bomb": "TICHU-COMBO-8", "dog": "TICHU-DOG-1",
}


class Combo(NamedTuple):
    """One reading of a play: its type, ranking value, length (straights: cards; stairs: pairs), size."""

    type: str
    rank: float
    length: int
    size: int

    @property
    def is_bomb(self) -> bool:
        return self.type in BOMBS


def value_of(card: Card) -> int | None:
    """The rank value a card counts as in a combination (a declared Phoenix counts as declared)."""
    if card.special == "MAHJONG":
        return MAHJONG
    if card.special == "DRAGON":
        return DRAGON
    if card.special == "PHOENIX":
        return VALUE[card.declared] if card.declared else None
    if card.special:
        return None
    return VALUE[card.rank]


def is_natural(card: Card) -> bool:
    return not card.special


def rank_token(value: float) -> str | float:
    """How a golden case writes a combination's rank."""
    if value == MAHJONG:
        return "MAHJONG"
    if value == DRAGON:
        return "DRAGON"
    if value != int(value):
        return value
    return RANK_OF[int(value)]


def classify(cards: Sequence[Card], on_single: float | None = None) -> list[Combo]:
    """Every reading of ``cards`` (at most one here; empty if no combination).

    ``on_single`` is the value of the single on the table, for a lone Phoenix (its value is
    half a rank more; 1.5 when led, TICHU-PHOENIX-2).
    """
    n = len(cards)
    if n == 0:
        return []
    if n == 1:
        c = cards[0]
        if c.special == "DOG":
            return [Combo("dog", 0, 0, 1)]
        if c.special == "PHOENIX":
            if c.declared:
                return []  # a lone Phoenix is played plain
            return [Combo("single", (on_single if on_single is not None else 1.0) + 0.5, 0, 1)]
        return [Combo("single", float(value_of(c)), 0, 1)]
    if any(c.special in ("DOG", "DRAGON") or (c.special == "PHOENIX" and not c.declared) for c in cards):
        return []
    if sum(1 for c in cards if c.special == "PHOENIX") > 1:
        return []
    values = sorted(value_of(c) for c in cards)  # type: ignore[type-var]
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    has_phoenix = any(c.special == "PHOENIX" for c in cards)
    has_mahjong = MAHJONG in counts
    shape = sorted(counts.values(), reverse=True)
    distinct = sorted(counts)
    if has_mahjong and (n < 5 or shape[0] != 1):
        return []  # the Mahjong only ever joins a straight, at its bottom
    if len(distinct) == 1:
        v = distinct[0]
        if n == 2:
            return [Combo("pair", float(v), 0, 2)]
        if n == 3:
            return [Combo("triple", float(v), 0, 3)]
        if n == 4 and not has_phoenix:
            return [Combo("four_of_a_kind_bomb", float(v), 0, 4)]
        return []
    if n == 5 and shape == [3, 2]:
        triple = next(v for v, k in counts.items() if k == 3)
        return [Combo("full_house", float(triple), 0, 5)]
    consecutive = distinct[-1] - distinct[0] + 1 == len(distinct)
    if consecutive and shape[0] == 1 and n >= 5:
        suits = {c.suit for c in cards}
        if not has_phoenix and not has_mahjong and len(suits) == 1:
            return [Combo("straight_flush_bomb", float(distinct[-1]), n, n)]
        return [Combo("straight", float(distinct[-1]), n, n)]
    if consecutive and set(shape) == {2} and len(distinct) >= 2:
        return [Combo("stairs", float(distinct[-1]), len(distinct), n)]
    return []


def beats(new: Combo, top: Combo) -> bool:
    """Whether ``new`` may be played on ``top`` (TICHU-CMP-1/2, TICHU-BOMB-1/2/3)."""
    if new.is_bomb:
        if not top.is_bomb:
            return True
        if new.size != top.size:
            return new.size > top.size
        return new.rank > top.rank
    if top.is_bomb:
        return False
    return new.type == top.type and new.size == top.size and new.rank > top.rank


# --------------------------------------------------------------------------- generation
# one declared Phoenix per rank, made once: generation would otherwise build thousands
PHOENIX_AS = {v: Card(special="PHOENIX", declared=r) for r, v in VALUE.items()}


class Hand:
    """A hand sorted for generation: natural cards by value, and which specials it holds."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self.by_value: dict[int, list[Card]] = {}
        self.specials: set[str] = set()
        for c in cards:
            if c.special:
                self.specials.add(c.special)
            else:
                self.by_value.setdefault(VALUE[c.rank], []).append(c)
        for v in self.by_value:
            self.by_value[v].sort(key=lambda c: "SHDC".index(c.suit))
        self.phoenix = "PHOENIX" in self.specials
        self.mahjong = "MAHJONG" in self.specials

    def count(self, v: int) -> int:
        return len(self.by_value.get(v, ()))

    def sets(self, v: int, k: int) -> list[tuple[Card, ...]]:
        """Every way to take ``k`` natural cards of value ``v``."""
        return list(combinations(self.by_value.get(v, ()), k))

    def sets_with_phoenix(self, v: int, k: int) -> list[tuple[Card, ...]]:
        """Every way to make ``k`` cards of value ``v`` with exactly one Phoenix."""
        if not self.phoenix or not 2 <= v <= 14:
            return []
        p = PHOENIX_AS[v]
        return [s + (p,) for s in combinations(self.by_value.get(v, ()), k - 1)]


def generate(hand: Hand, top: Combo | None, *, leading: bool) -> list[tuple[tuple[Card, ...], Combo]]:
    """Every play from ``hand``: any combination when leading, else those that beat ``top``."""
    out: list[tuple[tuple[Card, ...], Combo]] = []
    if top is None:
        for kind in ("single", "pair", "triple", "full_house", "straight", "stairs"):
            out.extend(_GEN[kind](hand, None, 0.0))
        if "DOG" in hand.specials and leading:
            out.append(((Card(special="DOG"),), Combo("dog", 0, 0, 1)))
        out.extend(_bombs(hand))
        return out
    if not top.is_bomb and top.type != "dog":
        out.extend(_GEN[top.type](hand, top.length or None, top.rank))
    out.extend(p for p in _bombs(hand) if beats(p[1], top))
    return out


def _singles(hand: Hand, length: int | None, above: float) -> Iterator[tuple[tuple[Card, ...], Combo]]:
    if hand.mahjong and MAHJONG > above:
        yield (Card(special="MAHJONG"),), Combo("single", 1.0, 0, 1)
    for v in sorted(hand.by_value):
        if v > above:
            for c in hand.by_value[v]:
                yield (c,), Combo("single", float(v), 0, 1)
    if "DRAGON" in hand.specials:
        yield (Card(special="DRAGON"),), Combo("single", 15.0, 0, 1)
    if hand.phoenix and above < DRAGON:  # never on the Dragon (TICHU-PHOENIX-3)
        base = above if above else 1.0
        yield (Card(special="PHOENIX"),), Combo("single", base + 0.5, 0, 1)


def _sets_of(kind: str, k: int):  # type: ignore[no-untyped-def]
    def gen(hand: Hand, length: int | None, above: float) -> Iterator[tuple[tuple[Card, ...], Combo]]:
        for v in range(max(2, int(above) + 1), 15):
            for cards in hand.sets(v, k) + hand.sets_with_phoenix(v, k):
                yield cards, Combo(kind, float(v), 0, k)
    return gen


def _full_houses(hand: Hand, length: int | None, above: float) -> Iterator[tuple[tuple[Card, ...], Combo]]:
    values = [v for v in range(2, 15) if hand.count(v) or hand.phoenix]
    for t in values:
        if t <= above:
            continue
        nat3, pho3 = hand.sets(t, 3), hand.sets_with_phoenix(t, 3)
        if not nat3 and not pho3:
            continue
        for p in values:
            if p == t:
                continue
            nat2, pho2 = hand.sets(p, 2), hand.sets_with_phoenix(p, 2)
            for a, b in list(product(nat3, nat2)) + list(product(nat3, pho2)) + list(product(pho3, nat2)):
                yield a + b, Combo("full_house", float(t), 0, 5)


def _straights(hand: Hand, length: int | None, above: float) -> Iterator[tuple[tuple[Card, ...], Combo]]:
    mahjong = Card(special="MAHJONG")
    lengths = [length] if length else range(5, 15)
    # held[v]: how many values 1..v the hand holds; a window with two gaps (one without the
    # Phoenix) is skipped before any list is built, which most windows are
    held = [0] * 16
    for v in range(1, 15):
        held[v] = held[v - 1] + (1 if (hand.mahjong if v == MAHJONG else v in hand.by_value) else 0)
    gaps_allowed = 1 if hand.phoenix else 0
    for n in lengths:
        for start in range(1, 16 - n):
            top = start + n - 1
            if top <= above or top > 14:
                continue
            if n - (held[top] - held[start - 1]) > gaps_allowed:
                continue
            options: list[list[Card]] = []
            for v in range(start, top + 1):
                if v == MAHJONG:
                    options.append([mahjong] if hand.mahjong else [])
                else:
                    options.append(list(hand.by_value.get(v, ())))
            missing = [i for i, o in enumerate(options) if not o]
            if len(missing) > 1 or (missing and not hand.phoenix):
                continue
            slots = missing if missing else ([i for i in range(n) if start + i >= 2] if hand.phoenix else [])
            if not missing:  # all natural (the Mahjong at the bottom counts): no Phoenix needed
                for cards in product(*options):
                    if mahjong not in cards and len({c.suit for c in cards}) == 1:
                        continue  # one suit, no specials: that is a straight-flush bomb
                    yield tuple(cards), Combo("straight", float(top), n, n)
            for i in slots:
                if start + i < 2:
                    continue  # the Phoenix never stands for 1
                phoenix = PHOENIX_AS[start + i]
                rest = options[:i] + [[phoenix]] + options[i + 1:]
                for cards in product(*rest):
                    yield tuple(cards), Combo("straight", float(top), n, n)


def _stairs(hand: Hand, length: int | None, above: float) -> Iterator[tuple[tuple[Card, ...], Combo]]:
    lengths = [length] if length else range(2, 8)
    pairs = {v for v in range(2, 15) if hand.count(v) >= 2}
    singles = {v for v in range(2, 15) if hand.count(v) == 1}
    for k in lengths:
        for start in range(2, 16 - k):
            top = start + k - 1
            if top <= above or top > 14:
                continue
            short = [v for v in range(start, top + 1) if v not in pairs]
            if short and not (hand.phoenix and len(short) == 1 and short[0] in singles):
                continue  # a window the Phoenix cannot mend
            nat = [hand.sets(v, 2) for v in range(start, top + 1)]
            if all(nat):
                for parts in product(*nat):
                    yield tuple(c for part in parts for c in part), Combo("stairs", float(top), k, 2 * k)
            if hand.phoenix:
                for i, v in enumerate(range(start, top + 1)):
                    with_p = hand.sets_with_phoenix(v, 2)
                    rest = nat[:i] + [with_p] + nat[i + 1:]
                    if all(rest):
                        for parts in product(*rest):
                            yield tuple(c for part in parts for c in part), Combo("stairs", float(top), k, 2 * k)


def _bombs(hand: Hand) -> list[tuple[tuple[Card, ...], Combo]]:
    out = []
    for v in sorted(hand.by_value):
        if hand.count(v) == 4:
            out.append((tuple(hand.by_value[v]), Combo("four_of_a_kind_bomb", float(v), 0, 4)))
    for suit in "SHDC":
        have = sorted(v for v, cs in hand.by_value.items() if any(c.suit == suit for c in cs))
        have_set = set(have)
        for start in have:
            end = start
            while end + 1 in have_set:
                end += 1
            for top in range(start + 4, end + 1):
                cards = tuple(next(c for c in hand.by_value[v] if c.suit == suit) for v in range(start, top + 1))
                n = top - start + 1
                out.append((cards, Combo("straight_flush_bomb", float(top), n, n)))
    return out


_GEN = {
    "single": _singles, "pair": _sets_of("pair", 2), "triple": _sets_of("triple", 3),
    "full_house": _full_houses, "straight": _straights, "stairs": _stairs,
}
