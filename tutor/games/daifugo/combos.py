"""Daifugo plays: read a card set, compare plays, track the bindings, generate plays from a hand.

Pure card logic, no state: the engine (``game.py``) keeps the phase and asks these functions.
Ranks are positions in ``RANKS`` (``3`` weakest … ``2`` strongest in the normal order, DFG-RANK-1);
the reversed order (DFG-RANK-2) is the same list read backwards. Suits never order cards; they
matter for sequences (one suit, DFG-COMBO-5) and for suit binding (§7). The play shapes, with
examples:

* ``single`` H-7, or an undeclared ``JOKER`` (DFG-COMBO-1, DFG-JOKER-2)
* ``group`` of n ≥ 2 cards of one rank: S-9 H-9 · S-9 H-9 JOKER=C-9 (DFG-COMBO-2 … 4)
* ``sequence`` of 3+ cards of one suit, consecutive: D-3 D-4 D-5 · H-K H-A H-2, never 2-3
  (DFG-COMBO-5, A18)

A play is written with its joker declarations (``JOKER=H-7``, DFG-JOKER-1): a declared joker is
that card for every purpose here except the spade-3 return, which needs the natural ``S-3``
(DFG-S3-1, A25). With two decks every card exists twice, so a play may hold a card twice
(``S-7 S-7``, or ``S-7 JOKER=S-7``), never three times (DFG-JOKER-1, A25).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, Sequence

from ...cards import SUITS, Card
from ...game import Verdict, refused

RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
POS: dict[str, int] = {r: i for i, r in enumerate(RANKS)}
TOP = len(RANKS) - 1
#: DFG-JOKER-2: an undeclared single joker is above every rank, in both orders
JOKER_POWER = len(RANKS)
KINDS: tuple[str, ...] = ("single", "group", "sequence")
_SUIT_IX = {s: i for i, s in enumerate(SUITS)}

JOKER = Card(special="JOKER")
SPADE_3 = Card(suit="S", rank="3")
# every card and every declared joker, made once: generation would otherwise build thousands
_NAT = {(s, r): Card(suit=s, rank=r) for s in SUITS for r in RANKS}
_DEC = {(s, r): Card(special="JOKER", declared=f"{s}-{r}") for s in SUITS for r in RANKS}
_DEC_ID = {f"{s}-{r}": (s, r) for s in SUITS for r in RANKS}


# --------------------------------------------------------------------------- rank order
def power(rank: str, reversed_: bool) -> int:
    """How strong ``rank`` is in the order in force, 0 … 12, higher is stronger (DFG-RANK-1/2;
    which order is in force, DFG-RANK-3, is the caller's ``revolution XOR jback``)."""
    p = POS[rank]
    return TOP - p if reversed_ else p


def next_stronger(rank: str | None, reversed_: bool) -> str | None:
    """The rank one step stronger in the order in force; None above ``2`` (normal) or ``3``
    (reversed) (DFG-RANK-4), and None for no rank at all (an undeclared joker)."""
    p = POS.get(rank) if rank is not None else None  # type: ignore[arg-type]
    if p is None:
        return None
    q = p - 1 if reversed_ else p + 1
    return RANKS[q] if 0 <= q <= TOP else None


def identity(card: Card) -> tuple[str, str] | None:
    """The card a Daifugo card counts as, ``(suit, rank)``: a declared joker its declared card
    (DFG-JOKER-1); None for an undeclared ``JOKER`` and for cards that are not Daifugo's."""
    if card.special:
        if card.special == "JOKER" and card.declared:
            return _DEC_ID.get(card.declared)
        return None
    if card.rank in POS and card.suit in _SUIT_IX:
        return (card.suit, card.rank)
    return None


def sort_key(card: Card) -> tuple[int, int, int]:
    """Display order: the normal order weakest first, suits S H D C within a rank, a declared
    joker right after the card it stands for, the undeclared joker last."""
    ident = identity(card)
    if ident is None:
        return (JOKER_POWER, 0, 0)
    return (POS[ident[1]], _SUIT_IX[ident[0]], 1 if card.special else 0)


# --------------------------------------------------------------------------- reading a play
@dataclass(frozen=True, slots=True)
class Reading:
    """What a play is.

    ``rank``: a single's or group's rank (declared jokers as declared); None for the undeclared
    joker and for sequences. ``low``/``high``: a sequence's ends by RANKS position; for a single
    or group both are its rank (so every reading answers "which ranks does it span"); None for
    the undeclared joker. ``suits``: the multiset of suits, ``sorted()`` (alphabetical), the
    undeclared joker contributing nothing (DFG-BIND-1). ``cards``: as played.
    ``spade3_return_play``: this S-3 was a spade-3 return, which nothing beats in turn afterwards
    (DFG-S3-1); the cards cannot tell, so ``read`` never sets it: the engine marks the play it
    stores with ``as_spade3_return``.
    """

    kind: str
    size: int
    rank: str | None
    low: str | None
    high: str | None
    suits: tuple[str, ...]
    undeclared_joker: bool
    cards: tuple[Card, ...]
    spade3_return_play: bool = False

    @property
    def type(self) -> str:
        """The shape's name, for code shared with the other climbing games (``TrickEntry``)."""
        return self.kind

    @property
    def ranks(self) -> tuple[str, ...]:
        """Every rank the play holds, weakest first in the normal order (one for a group)."""
        if self.low is None or self.high is None:
            return ()
        return RANKS[POS[self.low]:POS[self.high] + 1]


def read(cards: Sequence[Card], decks: int) -> Reading | None:
    """The shape of ``cards`` as played (declarations included); None if they form no play.

    A joker in a multi-card play must be declared (DFG-JOKER-3); no card may appear more often
    than the decks hold it, natural and declared together (DFG-JOKER-1, A25) — so with one deck
    a group has at most 4 cards and with two at most 8, jokers included (A25 is read as
    overriding DFG-COMBO-4's "up to 8 + jokers").
    """
    n = len(cards)
    if n == 0:
        return None
    played = tuple(cards)
    if n == 1 and played[0].special == "JOKER" and not played[0].declared:
        return Reading("single", 1, None, None, None, (), True, played)  # DFG-JOKER-2
    ids = []
    for c in played:
        ident = identity(c)
        if ident is None:
            return None  # an undeclared joker among others (DFG-JOKER-3), or a foreign card
        ids.append(ident)
    if n > 1 and max(Counter(ids).values()) > decks:
        return None  # DFG-JOKER-1, A25
    suits = tuple(sorted(s for s, _ in ids))
    ranks = {r for _, r in ids}
    if len(ranks) == 1:
        rank = ids[0][1]
        return Reading("single" if n == 1 else "group", n, rank, rank, rank, suits, False, played)
    if n >= 3 and suits[0] == suits[-1] and len(ranks) == n:
        positions = sorted(POS[r] for r in ranks)
        if positions[-1] - positions[0] == n - 1:  # 2-3 never connects: positions 12 and 0 (A18)
            return Reading("sequence", n, None, RANKS[positions[0]], RANKS[positions[-1]], suits, False, played)
    return None


#: why a card set is no play: problem → the rules it breaks (``shape_problem``)
SHAPE_PROBLEMS: dict[str, tuple[str, ...]] = {
    "empty": ("DFG-COMBO-1",),
    "foreign_card": ("DFG-SETUP-2",),
    "undeclared_joker": ("DFG-JOKER-3",),
    "too_many_copies": ("DFG-JOKER-1",),
    "short_sequence": ("DFG-COMBO-5",),
    "mixed": ("DFG-COMBO-2", "DFG-COMBO-5"),
    "repeated_rank": ("DFG-COMBO-5",),
    "no_wrap": ("DFG-COMBO-5",),
    "not_consecutive": ("DFG-COMBO-5",),
}


def shape_problem(cards: Sequence[Card], decks: int) -> tuple[str, dict[str, Any]] | None:
    """Why ``cards`` form no play: a ``SHAPE_PROBLEMS`` key and its message parameters; None if
    they do form one. Checked in the order a player would fix them."""
    if read(cards, decks) is not None:
        return None
    if not cards:
        return "empty", {}
    if any(c.special and c.special != "JOKER" for c in cards):
        return "foreign_card", {"cards": [c.token for c in cards if c.special and c.special != "JOKER"]}
    if any(c.special == "JOKER" and not c.declared for c in cards):
        return "undeclared_joker", {}
    ids = [identity(c) for c in cards]
    counts = Counter(ids)
    over = [f"{s}-{r}" for (s, r), k in counts.items() if k > decks]  # type: ignore[misc]
    if over:
        return "too_many_copies", {"cards": over, "decks": decks}
    # several ranks (so no group): only a sequence could hold them, and it has one suit
    if len({s for s, _ in ids}) > 1:  # type: ignore[misc]
        return "mixed", {}
    if len(cards) < 3:
        return "short_sequence", {}
    if len({r for _, r in ids}) < len(ids):  # type: ignore[misc]
        return "repeated_rank", {}
    ranks = {r for _, r in ids}  # type: ignore[misc]
    if "2" in ranks and "3" in ranks:
        return "no_wrap", {}  # A18
    return "not_consecutive", {}


def why_no_shape(cards: Sequence[Card], decks: int) -> Verdict:
    """The refusal for a card set that forms no play (message key ``dfg.shape.<problem>``)."""
    found = shape_problem(cards, decks)
    problem, params = found if found is not None else ("not_consecutive", {})
    return refused(f"dfg.shape.{problem}", SHAPE_PROBLEMS[problem], **params)


_GROUP_WORDS = {1: "single", 2: "pair", 3: "triple"}


def form_words(reading: Reading) -> str:
    """A word for the play's form (DFG-PLAY-1), a message parameter translated through the
    catalog (``dfg.form.<word>``): ``single``, ``pair``, ``triple``, ``group<n>`` (n ≥ 4),
    ``seq<n>``. ``FORM_WORDS`` lists every one."""
    if reading.kind == "sequence":
        return f"seq{reading.size}"
    return _GROUP_WORDS.get(reading.size, f"group{reading.size}")


#: every word ``form_words`` can give (two decks: groups up to 8 cards, A25; sequences up to 13)
FORM_WORDS: tuple[str, ...] = (("single", "pair", "triple") + tuple(f"group{n}" for n in range(4, 9))
                               + tuple(f"seq{n}" for n in range(3, 14)))


# --------------------------------------------------------------------------- comparing plays
def strength_of(reading: Reading, reversed_: bool) -> int:
    """DFG-PLAY-2: a single's or group's rank; a sequence's strongest card in the order in force
    (its high end, or its low end when reversed); the undeclared joker above every rank."""
    if reading.undeclared_joker:
        return JOKER_POWER
    if reading.kind == "sequence":
        return power(reading.low if reversed_ else reading.high, reversed_)  # type: ignore[arg-type]
    return power(reading.rank, reversed_)  # type: ignore[arg-type]


def same_form(a: Reading, b: Reading) -> bool:
    """DFG-PLAY-1: singles answer singles, groups groups of the same size, sequences sequences
    of the same length (the undeclared joker is a single)."""
    return a.kind == b.kind and a.size == b.size


def is_natural_spade3(reading: Reading) -> bool:
    """The one card that can make a spade-3 return: the natural S-3, never JOKER=S-3 (A25)."""
    return reading.kind == "single" and reading.cards[0] == SPADE_3


def beats(play: Reading, top: Reading, reversed_: bool, spade3_return: bool = True) -> bool:
    """Whether ``play`` may go on ``top`` in turn (bindings aside): same form and strictly
    stronger (DFG-PLAY-1/2). The undeclared joker beats any other single; only the natural S-3
    beats it, with ``spade3_return`` on, in either order (DFG-JOKER-2, DFG-S3-1) — a 2 does not;
    and nothing beats that return (``as_spade3_return``)."""
    if top.spade3_return_play:
        return False
    if top.undeclared_joker:
        return spade3_return and is_natural_spade3(play)
    if not same_form(play, top):
        return False
    return strength_of(play, reversed_) > strength_of(top, reversed_)


def is_spade3_return(play: Reading, top: Reading | None, spade3_return: bool = True) -> bool:
    """DFG-S3-1: the natural S-3 played in turn as a single on an undeclared single joker."""
    return spade3_return and top is not None and top.undeclared_joker and is_natural_spade3(play)


def as_spade3_return(reading: Reading) -> Reading:
    """The reading of an S-3 that made a spade-3 return, as the field should keep it: nothing
    beats it in turn any more (DFG-S3-1: "nothing but a cut-in can beat it afterwards")."""
    return replace(reading, spade3_return_play=True)


# --------------------------------------------------------------------------- binding (§7)
def _bag(suits: Sequence[str]) -> Counter[str]:
    return Counter(suits)


def _unbag(bag: Counter[str]) -> tuple[str, ...]:
    return tuple(sorted(bag.elements()))


def bound_after(bound: tuple[str, ...], prev_suits: tuple[str, ...] | None, suits: tuple[str, ...],
                partial: bool) -> tuple[str, ...]:
    """The bound suit multiset after a play with ``suits`` on a play with ``prev_suits`` (None:
    the play opened the phase, B_1 = ∅). DFG-BIND-1 (``partial``): B ∪ (S(p_k) ∩ S(p_k-1)),
    per-suit max and min. DFG-BIND-2 off: all or nothing, B = S(p_k) when the two multisets are
    equal. Empty suits (an undeclared joker) never bind; the result only grows (DFG-BIND-3:
    with all-or-nothing a valid play already holds B, so the union is S(p_k) itself)."""
    if prev_suits is None or not suits or not prev_suits:
        return tuple(sorted(bound))
    old = _bag(bound)
    if partial:
        return _unbag(old | (_bag(suits) & _bag(prev_suits)))
    if _bag(suits) == _bag(prev_suits):
        return _unbag(old | _bag(suits))
    return _unbag(old)


def satisfies_suits(reading: Reading, bound: Sequence[str]) -> bool:
    """B ⊆ S(q) (DFG-BIND-1); the undeclared single joker satisfies any binding (DFG-JOKER-2)."""
    if reading.undeclared_joker or not bound:
        return True
    have = _bag(reading.suits)
    return all(have[s] >= k for s, k in _bag(bound).items())


@dataclass(frozen=True, slots=True)
class RankBinding:
    """Rank binding (DFG-BIND-4): whether it is in force, and the rank of the last step (None at
    the start of a phase, after an undeclared joker, in a phase of sequences)."""

    active: bool = False
    last: str | None = None


NO_RANK_BINDING = RankBinding()


def rank_binding_after(binding: RankBinding, prev: Reading | str | None, reading: Reading,
                       reversed_at_play: bool) -> RankBinding:
    """The rank binding after an in-turn step ``reading`` on the step ``prev`` (a reading, or
    its rank; None when ``reading`` opens the phase). Not for cut-ins: a cut-in merges into the
    step it copies (DFG-BIND-4, DFG-CUT-3).

    Starting and continuing need the same thing — the step's rank is ``next_stronger`` of the
    previous step's, in the order the step is judged in (before its own revolution toggle and
    J-back, A9, A20) — so the new state follows from the two steps; ``binding`` is the state
    before, kept for the call's symmetry. An undeclared joker satisfies a binding and ends it:
    no rank follows a card without rank (A26). Sequences never create or obey one.
    """
    if reading.kind == "sequence" or reading.undeclared_joker:
        return NO_RANK_BINDING
    prev_rank = prev if isinstance(prev, str) or prev is None else prev.rank
    bound = prev_rank is not None and reading.rank == next_stronger(prev_rank, reversed_at_play)
    return RankBinding(bound, reading.rank)


def satisfies_rank(reading: Reading, binding: RankBinding, reversed_: bool) -> bool:
    """DFG-BIND-4: with rank binding in force a step must be ``next_stronger`` of the last one
    in the order in force now (after ``A → 2`` nothing natural follows, A10); the undeclared
    joker always may (A26); sequences are never bound."""
    if not binding.active or reading.undeclared_joker or reading.kind == "sequence":
        return True
    return reading.rank is not None and reading.rank == next_stronger(binding.last, reversed_)


def follows(play: Reading, top: Reading | None, reversed_: bool, bound: Sequence[str], rank_binding: RankBinding,
            *, spade3_return: bool = True) -> bool:
    """Whether ``play`` is a legal in-turn play on ``top`` (None: leading): form and strength
    (DFG-PLAY-1/2) and both bindings (DFG-PLAY-3); the spade-3 return ignores bindings (DFG-S3-1)."""
    if top is None:
        return satisfies_suits(play, bound) and satisfies_rank(play, rank_binding, reversed_)
    if is_spade3_return(play, top, spade3_return):
        return True
    return (beats(play, top, reversed_, spade3_return) and satisfies_suits(play, bound)
            and satisfies_rank(play, rank_binding, reversed_))


# --------------------------------------------------------------------------- generation
# Per rank and suit: how many natural copies the hand holds (capped at the decks: a play never
# holds more, DFG-JOKER-1). A group takes, per suit, a naturals and d jokers declared as that
# card (a + d ≤ decks); a sequence takes, per rank of its window, the natural or a joker.
_NAT_RUN = {(s, r): tuple((_NAT[(s, r)],) * a for a in range(9)) for s in SUITS for r in RANKS}
_DEC_RUN = {(s, r): tuple((_DEC[(s, r)],) * d for d in range(9)) for s in SUITS for r in RANKS}


def _held(hand: Sequence[Card], decks: int) -> tuple[dict[str, list[int]], int, bool]:
    """The hand counted: rank → copies per suit (SUITS order, capped at ``decks``), jokers, and
    whether it holds the natural S-3."""
    counts: dict[str, list[int]] = {}
    jokers = 0
    for c in hand:
        if c.special == "JOKER":
            jokers += 1
        elif not c.special and c.rank in POS and c.suit in _SUIT_IX:
            row = counts.setdefault(c.rank, [0, 0, 0, 0])
            row[_SUIT_IX[c.suit]] += 1
    for row in counts.values():
        for i in range(4):
            row[i] = min(row[i], decks)
    has_s3 = bool(counts.get("3", (0,))[0])
    return counts, jokers, has_s3


def _group_sets(rank: str, row: Sequence[int], jokers: int, decks: int, need: Sequence[int],
                lo: int, hi: int) -> list[tuple[Card, ...]]:
    """Every distinct group of ``rank`` with ``lo`` … ``hi`` cards holding the bound suits
    ``need``: per suit a naturals and d jokers declared as that card. Each (a, d) per suit is a
    different multiset, so nothing repeats."""
    partial: list[tuple[int, int, tuple[Card, ...], tuple[Card, ...]]] = [(0, 0, (), ())]
    for i, s in enumerate(SUITS):
        nat, dec = _NAT_RUN[(s, rank)], _DEC_RUN[(s, rank)]
        opts = [(a, d) for a in range(row[i] + 1) for d in range(min(decks - a, jokers) + 1) if a + d >= need[i]]
        grown = []
        for size, used, ns, ds in partial:
            for a, d in opts:
                if used + d <= jokers and size + a + d <= hi:
                    grown.append((size + a + d, used + d, ns + nat[a], ds + dec[d]))
        partial = grown
    return [ns + ds for size, _, ns, ds in partial if size >= lo]


def _sequences(counts: dict[str, list[int]], jokers: int, need: Counter[str], lengths: Sequence[int],
               above: int, reversed_: bool) -> list[tuple[int, int, tuple[Card, ...]]]:
    """Every sequence of one of ``lengths`` stronger than ``above``: per suit, each window of
    consecutive RANKS positions (no wrap, A18) whose missing cards the jokers can fill; a joker
    may also stand for a card the hand holds (a different play: the natural stays in hand)."""
    out = []
    for si, s in enumerate(SUITS):
        if any(k and t != s for t, k in need.items()):
            continue  # a sequence has one suit: a binding on another suit shuts it out
        have = [bool(counts.get(r, (0, 0, 0, 0))[si]) for r in RANKS]
        prefix = [0]
        for h in have:
            prefix.append(prefix[-1] + h)
        for n in lengths:
            if n < need[s]:
                continue
            for start in range(0, TOP - n + 2):
                end = start + n - 1
                held = prefix[end + 1] - prefix[start]
                if n - held > jokers:
                    continue
                strength = TOP - start if reversed_ else end
                if strength <= above:
                    continue
                window = range(start, end + 1)
                held_pos = [p for p in window if have[p]]
                for extra in range(0, min(jokers - (n - held), held) + 1):
                    for subs in combinations(held_pos, extra):
                        cards = tuple(_DEC[(s, RANKS[p])] if (not have[p] or p in subs) else _NAT[(s, RANKS[p])]
                                      for p in window)
                        out.append((n, strength, cards))
    return out


def plays(hand: Sequence[Card], decks: int, top: Reading | None, reversed_: bool, bound: Sequence[str],
          rank_binding: RankBinding, *, spade3_return: bool, limit_declarations: bool = True,
          size: int | None = None) -> list[tuple[Card, ...]]:
    """Every legal in-turn play from ``hand`` (physical cards; undeclared ``JOKER`` tokens), with
    its joker declarations: when leading (``top`` None) every shape, else those of ``top``'s
    form that beat it and satisfy both bindings (``follows``). Each play once (as a multiset).
    Order: singles, groups by size, sequences by length; within a form weakest first in the
    order in force.

    Declarations: a joker in a group is declared as the group's rank, in every suit that keeps
    the play valid (each suit multiset once: suits matter for binding); in a sequence as the card
    of its place (a gap, or — a different play — a card the hand holds). A lone joker is the
    undeclared ``JOKER``. With ``limit_declarations`` (the default) declared single jokers are
    left out: the undeclared joker is a stronger single that meets every binding, so they add
    up to 52 near-copies of it. They are legal plays all the same (DFG-JOKER-1) and differ from
    it (a declared 8 cuts, a declared card can be beaten, binds suits and ranks, and is no
    forbidden finish unless a 2 / 8): ``limit_declarations=False`` lists them too, which makes
    the list the complete legal set of rules/README.md §4.

    ``size``: only the plays of that many cards (the readings of one selection of cards, which
    the page asks for instead of the thousands of plays a hand with two jokers holds).
    """
    counts, jokers, has_s3 = _held(hand, decks)
    if top is not None and top.spade3_return_play:
        return []  # DFG-S3-1: only a cut-in could answer it
    if top is not None and top.undeclared_joker:
        # DFG-JOKER-2: nothing in turn beats it but the natural S-3, bindings or not (DFG-S3-1)
        return [(SPADE_3,)] if spade3_return and has_s3 else []
    need_bag = _bag(bound)
    need = [need_bag[s] for s in SUITS]
    total_need = sum(need)
    found: list[tuple[int, int, int, tuple[Card, ...]]] = []  # (kind, size, strength, cards)

    if top is None or top.kind != "sequence":
        above = -1 if top is None else strength_of(top, reversed_)
        lo, hi = (1, 4 * decks) if top is None else (top.size, top.size)
        if size is not None:
            lo, hi = max(lo, size), min(hi, size)
        singles = lo == 1
        lo = max(lo, total_need)  # a play must hold every bound suit
        ranks: Sequence[str] = RANKS
        if rank_binding.active:  # DFG-BIND-4 (A10: nothing natural after the top rank)
            forced = next_stronger(rank_binding.last, reversed_)
            ranks = (forced,) if forced is not None else ()
        for r in ranks:
            strength = power(r, reversed_)
            if strength <= above:
                continue
            row = counts.get(r, (0, 0, 0, 0))
            if sum(row) + jokers < lo:
                continue
            if lo <= 1:  # singles: naturals, and declared jokers only when asked for
                for i, s in enumerate(SUITS):
                    if total_need == 0 or (total_need == 1 and need[i] == 1):
                        if row[i]:
                            found.append((0, 1, strength, (_NAT[(s, r)],)))
                        if jokers and not limit_declarations:
                            found.append((0, 1, strength, (_DEC[(s, r)],)))
            if hi >= 2:
                for cards in _group_sets(r, row, jokers, decks, need, max(lo, 2), hi):
                    found.append((1, len(cards), strength, cards))
        if jokers and singles:  # the undeclared joker meets every binding (DFG-JOKER-2)
            found.append((0, 1, JOKER_POWER, (JOKER,)))

    if top is None or top.kind == "sequence":
        above = -1 if top is None else strength_of(top, reversed_)
        lengths = range(3, len(RANKS) + 1) if top is None else (top.size,)
        if size is not None:
            lengths = [n for n in lengths if n == size]
        for n, strength, cards in _sequences(counts, jokers, need_bag, lengths, above, reversed_):
            found.append((2, n, strength, cards))

    found.sort(key=lambda f: (f[0], f[1], f[2]))
    return [f[3] for f in found]


# --------------------------------------------------------------------------- after a play
def effect_ranks(reading: Reading, effects_in_sequences: bool = False) -> tuple[str, ...]:
    """Every rank whose effect (8-cut, §9) the play triggers: a single's or group's rank,
    declared jokers included (DFG-EIGHT-1); a sequence none, or with ``effects_in_sequences``
    each of its ranks, once (DFG-EIGHT-2); the undeclared joker none (it has no rank)."""
    if reading.undeclared_joker:
        return ()
    if reading.kind == "sequence":
        return reading.ranks if effects_in_sequences else ()
    return (reading.rank,)  # type: ignore[return-value]


def effect_rank(reading: Reading, effects_in_sequences: bool = False) -> str | None:
    """The rank whose effect the play triggers (DFG-EIGHT-1/2): a single's or group's rank; None
    for the undeclared joker and for a sequence. With ``effects_in_sequences`` a sequence
    triggers every rank it holds (``effect_ranks``); this one-rank answer then names its 8, if
    any — the 8-cut ends the phase, and it is the one rank effect of the base preset."""
    if reading.kind == "sequence":
        return "8" if "8" in effect_ranks(reading, effects_in_sequences) else None
    ranks = effect_ranks(reading, effects_in_sequences)
    return ranks[0] if ranks else None


def is_forbidden_finish(reading: Reading, reversed_: bool, eight_cut: bool, spade3_return_play: bool) -> bool:
    """DFG-OUT-3 (A28): whether going out with this play ranks the player last: an undeclared
    joker, a play holding the strongest rank of the order in force (a 2, or a 3 when reversed;
    the order the play is judged in), a play holding an 8 with ``eight_cut`` (inside a sequence
    too), or the spade-3 return (``spade3_return_play``, or a reading so marked). Declared
    jokers count as their cards."""
    if reading.undeclared_joker or spade3_return_play or reading.spade3_return_play:
        return True
    ranks = reading.ranks
    return ("3" if reversed_ else "2") in ranks or (eight_cut and "8" in ranks)


# --------------------------------------------------------------------------- exchange
def card_power(card: Card) -> int:
    """A physical card's strength for the exchange (DFG-EXCH-1): the normal order, jokers
    strongest (a declared joker is still a joker in the hand)."""
    if card.special:
        return JOKER_POWER
    return POS[card.rank]


def strongest_sets(hand: Sequence[Card], k: int) -> list[tuple[Card, ...]]:
    """DFG-EXCH-1: every choice of the ``k`` strongest cards of ``hand`` (normal order, jokers
    strongest); the giver picks freely among cards of equal strength, so there is one option
    per distinct multiset of such picks (two decks: identical cards count once)."""
    cards = sorted(hand, key=lambda c: (-card_power(c), sort_key(c)))
    if k >= len(cards):
        return [tuple(cards)]
    if k <= 0:
        return [()]
    edge = card_power(cards[k - 1])
    sure = tuple(c for c in cards if card_power(c) > edge)
    ties = [c for c in cards if card_power(c) == edge]
    seen: set[tuple[Card, ...]] = set()
    out = []
    for pick in combinations(ties, k - len(sure)):
        if pick not in seen:
            seen.add(pick)
            out.append(sure + pick)
    return out
