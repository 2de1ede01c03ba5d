"""Dou Dizhu combinations: classify a card set, compare two plays, generate plays from a hand.

Suits never matter (DDZ-RANK-1), so everything here works on integer ranks:
``3…14`` are 3…A (the chain order of DDZ-RANK-2), ``15`` is the 2, ``16`` the small joker
(``BJ``) and ``17`` the big joker (``RJ``). The 13 types of the seed, with an example each
(3 players unless said):

* ``single`` 7 · ``pair`` 77 · ``trio`` 777 · ``trio_single`` 777+5 · ``trio_pair`` 777+55
* ``sequence`` 34567 (5-12 ranks) · ``pair_sequence`` 334455 (3+ pairs)
* ``airplane`` 333444 · ``airplane_single_wings`` 333444+7+9 · ``airplane_pair_wings`` 333444+77+99
* ``bomb`` 8888 (4 players: 4-8 cards) · ``rocket`` BJ+RJ (4 players: all four jokers)
* ``quad_two_singles`` 6666+3+9 · ``quad_two_pairs`` 6666+33+99
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, NamedTuple, Sequence

from ...cards import Card
from ...climbing import kicker_sets, rank_counts, runs

ACE, TWO, BJ, RJ = 14, 15, 16, 17
NRANKS = 18
CHAIN_LO, CHAIN_HI = 3, ACE
RANK_TOKEN = {**{v: t for v, t in zip(range(3, 15), ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])},
              TWO: "2", BJ: "BJ", RJ: "RJ"}
TOKEN_RANK = {t: v for v, t in RANK_TOKEN.items()}

TYPES = ("single", "pair", "trio", "trio_single", "trio_pair", "sequence", "pair_sequence",
         "airplane", "airplane_single_wings", "airplane_pair_wings", "bomb", "rocket",
         "quad_two_singles", "quad_two_pairs")
TYPE_RULE = {
    "single": "DDZ-COMBO-1", "pair": "DDZ-COMBO-2", "trio": "DDZ-COMBO-3", "trio_single": "DDZ-COMBO-4",
    "trio_pair": "DDZ-COMBO-5", "sequence": "DDZ-COMBO-6", "pair_sequence": "DDZ-COMBO-7",
    "airplane": "DDZ-COMBO-8", "airplane_single_wings": "DDZ-COMBO-9", "airplane_pair_wings": "DDZ-COMBO-10",
    "bomb": "DDZ-COMBO-11", "rocket": "DDZ-COMBO-12", "quad_two_singles": "DDZ-COMBO-13",
    "quad_two_pairs": "DDZ-COMBO-13",
}
FOUR_PLAYER_BANNED = frozenset({"trio_single", "airplane_single_wings", "quad_two_singles", "quad_two_pairs"})
CHAIN_TYPES = frozenset({"sequence", "pair_sequence", "airplane", "airplane_single_wings", "airplane_pair_wings"})


def card_rank(card: Card) -> int:
    """The integer rank of a Dou Dizhu card (suits ignored)."""
    if card.special == "BJ":
        return BJ
    if card.special == "RJ":
        return RJ
    return TOKEN_RANK[card.rank]


@dataclass(frozen=True)
class ComboRules:
    """The few flags that change what a combination is."""

    players: int = 3
    kickers_may_repeat: bool = False
    allow_all_types: bool = False

    def allowed(self, ctype: str) -> bool:
        return self.players == 3 or self.allow_all_types or ctype not in FOUR_PLAYER_BANNED


class Combo(NamedTuple):
    """One reading of a card set: its type, ranking rank, chain length and the ranks used.

    A named tuple: move generation builds many of these, and it is 4× cheaper than a
    frozen dataclass.
    """

    type: str
    rank: int
    length: int
    ranks: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.ranks)

    @property
    def is_bomb(self) -> bool:
        return self.type == "bomb"

    def rank_token(self) -> str:
        return RANK_TOKEN[self.rank]


def _pair_ok(rank: int, rules: ComboRules) -> bool:
    """2s pair freely; jokers pair only as same-colour twins with 4 players (DDZ-4P-4)."""
    return rank <= TWO or rules.players == 4


def _singles_ok(kickers: Sequence[int]) -> bool:
    """Both jokers may never be kickers together (DDZ-COMBO-9, DDZ-COMBO-13)."""
    return not (BJ in kickers and RJ in kickers)


def classify(ranks: Sequence[int], rules: ComboRules) -> list[Combo]:
    """Every reading of the card set with these ranks (usually one; none if invalid).

    Types not allowed with 4 players are left out there (DDZ-4P-1).
    """
    out = [c for c in _classify_all(tuple(sorted(ranks)), rules) if rules.allowed(c.type)]
    return out


def _classify_all(ranks: tuple[int, ...], rules: ComboRules) -> Iterator[Combo]:
    n = len(ranks)
    if n == 0:
        return
    cnt = rank_counts(ranks, NRANKS)
    present = [r for r in range(3, NRANKS) if cnt[r]]
    shape = sorted((cnt[r] for r in present), reverse=True)
    four = rules.players == 4
    if n == 1:
        yield Combo("single", ranks[0], 0, ranks)
        return
    # rocket (DDZ-COMBO-12, DDZ-4P-3)
    if (not four and ranks == (BJ, RJ)) or (four and ranks == (BJ, BJ, RJ, RJ)):
        yield Combo("rocket", RJ, 0, ranks)
    if len(present) == 1:
        r = present[0]
        if n == 2 and _pair_ok(r, rules):
            yield Combo("pair", r, 0, ranks)
        elif n == 3 and r <= TWO:
            yield Combo("trio", r, 0, ranks)
        elif r <= TWO and (n == 4 or (four and 4 <= n <= 8)):
            yield Combo("bomb", r, 0, ranks)
    # trio + single / trio + pair
    if n == 4 and shape == [3, 1]:
        t = next(r for r in present if cnt[r] == 3)
        if t <= TWO:
            yield Combo("trio_single", t, 0, ranks)
    if n == 5 and shape == [3, 2]:
        t = next(r for r in present if cnt[r] == 3)
        p = next(r for r in present if cnt[r] == 2)
        if t <= TWO and _pair_ok(p, rules):
            yield Combo("trio_pair", t, 0, ranks)
    # uniform chains
    lo, hi = present[0], present[-1]
    consecutive = hi - lo + 1 == len(present) and hi <= CHAIN_HI
    if consecutive and len(set(shape)) == 1:
        width = shape[0]
        if width == 1 and 5 <= n <= 12:
            yield Combo("sequence", hi, n, ranks)
        elif width == 2 and len(present) >= 3:
            yield Combo("pair_sequence", hi, len(present), ranks)
        elif width == 3 and len(present) >= 2:
            yield Combo("airplane", hi, len(present), ranks)
    # airplanes with wings
    if n % 4 == 0 and n >= 8:
        yield from _airplane_wings(cnt, n // 4, 1, ranks, rules)
    if n % 5 == 0 and n >= 10:
        yield from _airplane_wings(cnt, n // 5, 2, ranks, rules)
    # quad + two
    if n in (6, 8):
        for q in present:
            if cnt[q] >= 4 and q <= TWO:
                rest = [r for r in ranks if r != q]
                if len(rest) != n - 4:
                    continue  # kickers may never share the quad's rank
                rc = rank_counts(rest, NRANKS)
                kr = [r for r in range(3, NRANKS) if rc[r]]
                if n == 6:
                    distinct = len(kr) == 2
                    if (distinct or (rules.kickers_may_repeat and len(kr) == 1)) and _singles_ok(rest) \
                            and not (len(kr) == 1 and kr[0] >= BJ):
                        yield Combo("quad_two_singles", q, 0, ranks)
                elif len(kr) == 2 and all(rc[r] == 2 and _pair_ok(r, rules) for r in kr):
                    yield Combo("quad_two_pairs", q, 0, ranks)


def _airplane_wings(cnt: list[int], t: int, per: int, ranks: tuple[int, ...],
                    rules: ComboRules) -> Iterator[Combo]:
    """Readings as an airplane of ``t`` triplets with ``t`` wings of ``per`` cards each."""
    ctype = "airplane_single_wings" if per == 1 else "airplane_pair_wings"
    for start in range(CHAIN_LO, CHAIN_HI - t + 2):
        body = range(start, start + t)
        if any(cnt[r] < 3 for r in body):
            continue
        rest = list(cnt)
        for r in body:
            rest[r] -= 3
        if any(rest[r] for r in body):
            continue  # a wing may never share a triplet's rank
        wing_ranks = [r for r in range(3, NRANKS) if rest[r]]
        if per == 1:
            if not _singles_ok(wing_ranks):
                continue
            if not rules.kickers_may_repeat and any(rest[r] != 1 for r in wing_ranks):
                continue
        else:
            if any(rest[r] != 2 or not _pair_ok(r, rules) for r in wing_ranks):
                continue
        yield Combo(ctype, start + t - 1, t, ranks)


def beats(new: Combo, top: Combo, players: int) -> bool:
    """Whether ``new`` may be played on ``top`` (DDZ-CMP-1…5, DDZ-4P-2)."""
    if top.type == "rocket":
        return False
    if new.type == "rocket":
        return True
    if new.is_bomb:
        if not top.is_bomb:
            return True
        if players == 4 and new.size != top.size:
            return new.size > top.size
        return new.rank > top.rank
    if top.is_bomb:
        return False
    return new.type == top.type and new.size == top.size and new.length == top.length and new.rank > top.rank


# --------------------------------------------------------------------------- generation
#
# The generators are written over "units": ``units[r]`` is what the hand holds of rank ``r``,
# and a play takes the first ``k`` of them. With ``units[r] = (r,) * count`` a play comes
# out as its sorted rank tuple; with ``units[r]`` = the hand's cards of that rank it comes
# out as the cards themselves, so the legal-move hot path never maps ranks back to cards.
# Either way pieces are concatenated in ascending rank order: one rank multiset always
# gives the same tuple.

RawCombo = tuple  # (type, rank, length, payload): a Combo's fields as a plain tuple, cheaper to build
Units = Sequence[Sequence]


def rank_units(cnt: Sequence[int]) -> list[tuple[int, ...]]:
    return [(r,) * c for r, c in enumerate(cnt)]


def generate(cnt: Sequence[int], rules: ComboRules, top: Combo | None = None) -> list[Combo]:
    """Every combination the hand ``cnt`` can play: all of them when leading, else those beating ``top``.

    Plays are built by pattern from the rank counts (never from a table of all actions);
    readings that use the same ranks as the same type are listed once.
    """
    return [Combo(*raw) for raw in generate_raw(cnt, rules, top, rank_units(cnt))]


def generate_raw(cnt: Sequence[int], rules: ComboRules, top: Combo | None, units: Units) -> list[RawCombo]:
    """``generate`` as plain ``(type, rank, length, payload)`` tuples built from ``units``."""
    present = [r for r in range(3, NRANKS) if cnt[r]]
    out: list[RawCombo] = []
    if top is None:
        for ctype in TYPES:
            if rules.allowed(ctype):
                out.extend(_GENERATORS[ctype](cnt, units, present, rules, None, 0))
    elif top.type != "rocket":
        if not top.is_bomb:
            out.extend(_GENERATORS[top.type](cnt, units, present, rules, top.length, top.rank))
        out.extend(b for b in _gen_bomb(cnt, units, present, rules, None, 0) if beats(Combo(*b), top, rules.players))
        out.extend(_gen_rocket(cnt, units, present, rules, None, 0))
    return out


def _gen_single(cnt, units, present, rules, length, above):  # type: ignore[no-untyped-def]
    return [("single", r, 0, units[r][:1]) for r in present if r > above]


def _gen_pair(cnt, units, present, rules, length, above):  # type: ignore[no-untyped-def]
    four = rules.players == 4
    return [("pair", r, 0, units[r][:2]) for r in present if r > above and cnt[r] >= 2 and (r <= TWO or four)]


def _gen_trio(cnt, units, present, rules, length, above):  # type: ignore[no-untyped-def]
    return [("trio", r, 0, units[r][:3]) for r in present if above < r <= TWO and cnt[r] >= 3]


def _trio_with(ctype: str, per: int):  # type: ignore[no-untyped-def]
    """Triplet + one single (``per`` 1) or + one pair (``per`` 2), ranked by the triplet."""
    def gen(cnt, units, present, rules, length, above):  # type: ignore[no-untyped-def]
        out = []
        four = rules.players == 4
        kickers = [k for k in present if cnt[k] >= per and (per == 1 or k <= TWO or four)]
        for t in present:
            if above < t <= TWO and cnt[t] >= 3:
                trio = units[t][:3]
                out.extend((ctype, t, 0, units[k][:per] + trio if k < t else trio + units[k][:per])
                           for k in kickers if k != t)
        return out
    return gen


def _chains(ctype: str, width: int, min_len: int):  # type: ignore[no-untyped-def]
    def gen(cnt, units, present, rules, length, above):  # type: ignore[no-untyped-def]
        out = []
        for start, n in runs(cnt, width, CHAIN_LO, CHAIN_HI, min_len, 12):
            top_rank = start + n - 1
            if top_rank > above and (length is None or n == length):
                payload: tuple = ()
                for r in range(start, start + n):
                    payload += tuple(units[r][:width])
                out.append((ctype, top_rank, n, payload))
        return out
    return gen


def _wings(ctype: str, per: int):  # type: ignore[no-untyped-def]
    def gen(cnt, units, present, rules, length, above):  # type: ignore[no-untyped-def]
        out: list[RawCombo] = []
        repeat = per == 1 and rules.kickers_may_repeat
        four = rules.players == 4
        seen: set[tuple] = set()
        for start, n in runs(cnt, 3, CHAIN_LO, CHAIN_HI, 2):
            top_rank = start + n - 1
            if top_rank <= above or (length is not None and n != length):
                continue
            cands = [r for r in present if cnt[r] >= per and not start <= r <= top_rank
                     and (per == 1 or r <= TWO or four)]
            if len(cands) < n and not repeat:
                continue
            body: tuple = ()
            for r in range(start, start + n):
                body += tuple(units[r][:3])
            for wings in kicker_sets(cands, cnt, n, per, repeat):
                if per == 1 and BJ in wings and RJ in wings:
                    continue
                low: tuple = ()
                high: tuple = ()
                prev, k = -1, 0
                for w in wings:  # sorted: a repeated rank takes the next card of that rank
                    k = k + per if w == prev else per
                    prev = w
                    piece = tuple(units[w][k - per:k])
                    if w < start:
                        low += piece
                    else:
                        high += piece
                payload = low + body + high
                if repeat:
                    if payload in seen:
                        continue
                    seen.add(payload)
                out.append((ctype, top_rank, n, payload))
        return out
    return gen


def _gen_bomb(cnt, units, present, rules, length, above):  # type: ignore[no-untyped-def]
    out = []
    four = rules.players == 4
    for r in present:
        if above < r <= TWO and cnt[r] >= 4:
            for size in range(4, (cnt[r] if four else 4) + 1):
                out.append(("bomb", r, 0, units[r][:size]))
    return out


def _gen_rocket(cnt, units, present, rules, length, above):  # type: ignore[no-untyped-def]
    k = 2 if rules.players == 4 else 1
    if cnt[BJ] >= k and cnt[RJ] >= k:
        return [("rocket", RJ, 0, units[BJ][:k] + units[RJ][:k])]
    return []


def _quads(ctype: str, per: int):  # type: ignore[no-untyped-def]
    def gen(cnt, units, present, rules, length, above):  # type: ignore[no-untyped-def]
        out = []
        repeat = per == 1 and rules.kickers_may_repeat
        four = rules.players == 4
        for q in present:
            if q <= above or q > TWO or cnt[q] < 4:
                continue
            cands = [r for r in present if r != q and cnt[r] >= per and (per == 1 or r <= TWO or four)]
            for a, b in kicker_sets(cands, cnt, 2, per, repeat):
                if per == 1 and a >= BJ and b >= BJ:
                    continue  # never both jokers as the two singles (joker pairs are fine with 4 players)
                kick = units[a][:2 * per] if a == b else tuple(units[a][:per]) + tuple(units[b][:per])
                quad = tuple(units[q][:4])
                if b < q:
                    payload = tuple(kick) + quad
                elif a > q:
                    payload = quad + tuple(kick)
                else:
                    payload = tuple(units[a][:per]) + quad + tuple(units[b][:per])
                out.append((ctype, q, 0, payload))
        return out
    return gen


_GENERATORS = {
    "single": _gen_single, "pair": _gen_pair, "trio": _gen_trio, "trio_single": _trio_with("trio_single", 1),
    "trio_pair": _trio_with("trio_pair", 2), "sequence": _chains("sequence", 1, 5),
    "pair_sequence": _chains("pair_sequence", 2, 3), "airplane": _chains("airplane", 3, 2),
    "airplane_single_wings": _wings("airplane_single_wings", 1),
    "airplane_pair_wings": _wings("airplane_pair_wings", 2),
    "bomb": _gen_bomb, "rocket": _gen_rocket,
    "quad_two_singles": _quads("quad_two_singles", 1), "quad_two_pairs": _quads("quad_two_pairs", 2),
}


def possibly_ambiguous(ranks: Sequence[int]) -> bool:
    """A cheap filter: only sets of 8+ cards with two triplets can have several readings."""
    if len(ranks) < 8:
        return False
    cnt = rank_counts(ranks, NRANKS)
    return sum(1 for c in cnt if c >= 3) >= 2

