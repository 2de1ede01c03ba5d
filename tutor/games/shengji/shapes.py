"""The two-deck module's shapes (shengji.md §13): pairs and tractors (SJ-2D-3, SJ-2D-4), what a
follower must play to a pair or a tractor (SJ-2D-5, SJ-2D-6), and which play wins a trick led
with one (SJ-2D-7). Pure functions of cards and a hand's trump rank and suit, apart from the
game module, which calls them when ``decks = 2``.

With two decks two cards may be identical (same suit and rank, or the same joker): a pair. A
tractor is two or more pairs of one effective suit on adjacent *steps* of that suit. Steps are
the suit's order with the trump rank taken out (a plain suit runs 2 … A without ``R``); in trumps
the order runs ``… T-K, T-A, (off-suit R), T-R, BJ, RJ``, the three off-suit ``R`` cards sharing
one step: two off-suit ``R`` pairs are equal, never adjacent (``H-9 H-9`` + ``C-9 C-9`` is no
tractor), while ``T-A T-A`` + ``H-9 H-9`` and ``H-9 H-9`` + ``T-9 T-9`` are.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from ...cards import Card
from ...tricktaking import RANK_ORDER, TRUMP
from .suits import group, trump_order

SINGLE, PAIR, TRACTOR = "single", "pair", "tractor"


@dataclass(frozen=True)
class Shape:
    """A set of cards as a lead: ``kind`` single, pair or tractor; ``pairs`` (1 for a pair, n for a
    tractor of n pairs, 0 for a single); ``group`` its effective suit; ``top`` the step of its
    highest card (of its highest pair in a tractor), for comparing identical shapes."""

    kind: str
    pairs: int
    group: str
    top: int

    @property
    def size(self) -> int:
        return 1 if self.kind == SINGLE else 2 * self.pairs


def step(card: Card, trump_rank: str, trump_suit: str | None) -> int:
    """The card's step in its effective suit (SJ-2D-4): adjacent steps make tractors; equal steps
    are equal cards (the off-suit trump-rank cards)."""
    plain = [r for r in RANK_ORDER if r != trump_rank]
    top = len(plain) + (1 if trump_suit is not None else 0)  # the trump-suit R's step, if any
    if card.special == "RJ":
        return top + 2
    if card.special == "BJ":
        return top + 1  # (no trump suit: the trump-rank cards, then BJ, then RJ)
    if card.rank == trump_rank:
        return top if card.suit == trump_suit else len(plain)
    return plain.index(card.rank)


def _group(card: Card, trump_rank: str, trump_suit: str | None) -> str:
    return group(trump_order(trump_rank, trump_suit), card)


def pair_steps(cards: Iterable[Card], trump_rank: str, trump_suit: str | None) -> dict[str, dict[int, list[Card]]]:
    """The pairs among ``cards`` (SJ-2D-3), by effective suit and step: each identical pair once
    per two copies (two decks: at most one pair of a card); a step may hold several pairs (the
    off-suit trump-rank step: ``H-9 H-9`` and ``C-9 C-9``)."""
    out: dict[str, dict[int, list[Card]]] = {}
    for card, n in Counter(cards).items():
        for _ in range(n // 2):
            g = _group(card, trump_rank, trump_suit)
            out.setdefault(g, {}).setdefault(step(card, trump_rank, trump_suit), []).append(card)
    return out


def shape(cards: Sequence[Card], trump_rank: str, trump_suit: str | None) -> Shape | None:
    """What ``cards`` are as a lead (SJ-COMBO-1, SJ-2D-3, SJ-2D-4): a single, a pair, a tractor of
    n pairs, or None (anything else, which with two decks may not be led, SJ-2D-10)."""
    if not cards:
        return None
    groups = {_group(c, trump_rank, trump_suit) for c in cards}
    if len(groups) != 1:
        return None
    g = next(iter(groups))
    if len(cards) == 1:
        return Shape(SINGLE, 0, g, step(cards[0], trump_rank, trump_suit))
    counts = Counter(cards)
    if len(cards) % 2 or any(n != 2 for n in counts.values()):
        return None
    steps = sorted(step(c, trump_rank, trump_suit) for c in counts)
    if len(steps) == 1:
        return Shape(PAIR, 1, g, steps[0])
    if any(b - a != 1 for a, b in zip(steps, steps[1:])):
        return None  # a gap, or two pairs on one step (two off-suit trump-rank pairs)
    return Shape(TRACTOR, len(steps), g, steps[-1])


def longest_run(steps_with_pairs: Iterable[int]) -> int:
    """The most adjacent steps holding a pair (the longest tractor they make)."""
    best = run = 0
    last = None
    for s in sorted(set(steps_with_pairs)):
        run = run + 1 if last is not None and s == last + 1 else 1
        best = max(best, run)
        last = s
    return best


def has_tractor(cards: Iterable[Card], g: str, pairs: int, trump_rank: str, trump_suit: str | None) -> bool:
    """Whether ``cards`` hold a tractor of ``pairs`` pairs in effective suit ``g``."""
    return longest_run(pair_steps(cards, trump_rank, trump_suit).get(g, {})) >= pairs


def pair_count(cards: Iterable[Card], g: str, trump_rank: str, trump_suit: str | None) -> int:
    """How many disjoint pairs of effective suit ``g`` the cards hold."""
    return sum(len(v) for v in pair_steps(cards, trump_rank, trump_suit).get(g, {}).values())


def follow_problem(hand: Sequence[Card], led: Shape, play: Sequence[Card], trump_rank: str,
                   trump_suit: str | None) -> tuple[str, tuple[str, ...], dict[str, int]] | None:
    """Why ``play`` (cards of ``hand``, as many as were led) does not follow a pair or a tractor,
    as ``(message key, rule IDs, params)``; None when it follows (SJ-2D-5, SJ-2D-6).

    A pair: a pair of the led suit if the hand has one, else two cards of the suit, else all of
    the suit and anything. A tractor of n pairs: a tractor of n pairs of the suit if the hand has
    one, else as many pairs of the suit as it has (up to n) filled with cards of the suit, else
    all of the suit and anything."""
    g = led.group
    rule = ("SJ-2D-5",) if led.kind == PAIR else ("SJ-2D-6",)
    same_held = [c for c in hand if _group(c, trump_rank, trump_suit) == g]
    same_played = [c for c in play if _group(c, trump_rank, trump_suit) == g]
    # the shape the hand owes first (the learner hears the strongest duty it broke), then the count
    if led.kind == TRACTOR and has_tractor(hand, g, led.pairs, trump_rank, trump_suit):
        got = shape(list(play), trump_rank, trump_suit)
        if got is None or got.kind != TRACTOR or got.pairs != led.pairs or got.group != g:
            return "sj.follow_tractor", rule, {"count": led.pairs}
        return None
    need = min(led.pairs, pair_count(hand, g, trump_rank, trump_suit))
    if pair_count(same_played, g, trump_rank, trump_suit) < need:
        return ("sj.follow_pair" if led.kind == PAIR else "sj.follow_pairs"), rule, {"count": need}
    want = min(led.size, len(same_held))
    if len(same_played) < want:
        return ("sj.follow_suit_count_trump" if g == TRUMP else "sj.follow_suit_count"), rule, {"count": want}
    return None


def trick_winner(plays: Sequence[tuple[int, Sequence[Card]]], trump_rank: str,
                 trump_suit: str | None) -> tuple[int, str]:
    """The seat that wins a trick led with a single, a pair or a tractor (SJ-2D-7), and the rule.

    A play can win only with the led shape exactly: in the led effective suit with a higher top
    step, or, when the lead is in a plain suit, entirely in trumps (a ruff, which beats any play
    of the led suit; a later ruff must be higher). Equal tops: the earlier play stands (SJ-RANK-5)."""
    lead_seat, led_cards = plays[0]
    led = shape(led_cards, trump_rank, trump_suit)
    assert led is not None, "a two-deck lead is a single, a pair or a tractor"
    best_seat, best_key = lead_seat, (0, led.top)
    for seat, cards in plays[1:]:
        got = shape(cards, trump_rank, trump_suit)
        if got is None or got.kind != led.kind or got.pairs != led.pairs:
            continue  # not the led shape: it never wins
        if got.group == led.group:
            key = (0, got.top)  # the led suit (trumps led: trumps)
        elif got.group == TRUMP:
            key = (1, got.top)  # a ruff of a plain lead: above every play of the led suit
        else:
            continue
        if key > best_key:
            best_seat, best_key = seat, key
    return best_seat, "SJ-2D-7"


def level_steps(p: int) -> tuple[str, int]:
    """SJ-2D-2: who wins the hand and by how many levels, from the non-dealers' points ``p`` (out
    of 200): 0 dealer +2; 5–75 dealer +1; 80–155 non-dealers, no change; 160–195 non-dealers +1;
    200 or more non-dealers +2."""
    if p < 80:
        return "dealer", 2 if p == 0 else 1
    return "nondealers", 2 if p >= 200 else 1 if p >= 160 else 0


def kitty_multiplier_by_shape(last_trick_cards_each: int) -> int:
    """SJ-2D-9 with ``kitty_multiplier_by_shape``: two times the cards each player gave to the
    last trick (a single 2, a pair 4, a tractor of 2 pairs 8)."""
    return 2 * last_trick_cards_each


def why_not_lead(cards: Sequence[Card], trump_rank: str, trump_suit: str | None) -> tuple[str, tuple[str, ...]]:
    """Why ``cards`` (two or more, not a single, a pair or a tractor) may not be led with two decks,
    as ``(message key, rule IDs)``: the learner hears the rule the set breaks, not only "no"."""
    if len({_group(c, trump_rank, trump_suit) for c in cards}) > 1:
        return "sj.shape_suits", ("SJ-2D-4", "SJ-2D-10")
    counts = Counter(cards)
    if len(cards) == 2:  # two different cards: equal off-suit trump-rank cards are still not a pair
        a, b = cards
        # two off-suit trump-rank cards are equal trumps (SJ-RANK-2) but still no pair; the
        # trump suit's own R outranks them, so it is simply another card
        if (a.rank == b.rank == trump_rank and not a.special and not b.special
                and trump_suit not in (a.suit, b.suit)):
            return "sj.pair_not_identical", ("SJ-2D-3",)
        return "sj.pair_two_cards", ("SJ-2D-3",)
    if len(cards) % 2 or any(n != 2 for n in counts.values()):
        return "sj.two_deck_lead", ("SJ-2D-10", "SJ-2D-3", "SJ-2D-4")
    steps = sorted(step(c, trump_rank, trump_suit) for c in counts)
    if len(set(steps)) < len(steps):
        return "sj.tractor_same_step", ("SJ-2D-4",)
    return "sj.tractor_gap", ("SJ-2D-4",)


def multiset_combinations(cards: Sequence[Card], r: int) -> list[tuple[Card, ...]]:
    """Every different multiset of ``r`` cards of ``cards`` (two identical cards chosen one way, not
    two): the sets of free cards a follower may add."""
    kinds = list(Counter(cards).items())
    out: list[tuple[Card, ...]] = []

    def walk(i: int, left: int, chosen: list[Card]) -> None:
        if left == 0:
            out.append(tuple(chosen))
            return
        if i == len(kinds):
            return
        card, n = kinds[i]
        for take in range(min(n, left), -1, -1):
            walk(i + 1, left - take, chosen + [card] * take)

    walk(0, r, [])
    return out


def runs(by_step: dict[int, list[Card]], pairs: int | None = None) -> list[tuple[Card, ...]]:
    """The pairs (one step) and tractors (adjacent steps) of one effective suit's ``by_step``
    (``pair_steps``), as plays: every one, or those of exactly ``pairs`` pairs. A step holding
    several pairs (the off-suit trump-rank step) gives one play per choice of its pair."""
    from itertools import product
    out: list[tuple[Card, ...]] = []
    for low in sorted(by_step):
        for n in ([pairs] if pairs is not None else range(1, len(by_step) + 1)):
            run = [low + j for j in range(n)]
            if not all(s in by_step for s in run):
                break
            for pick in product(*(by_step[s] for s in run)):
                out.append(tuple(c for card in pick for c in (card, card)))
    return out


def follow_plays(hand: Sequence[Card], led: Shape, trump_rank: str, trump_suit: str | None) -> list[tuple[Card, ...]]:
    """Every different play that follows a pair or a tractor (SJ-2D-5, SJ-2D-6), built from the
    rules rather than by testing every set of the hand: a tractor of as many pairs where the hand
    holds one; else the most pairs of the led suit it holds (up to the led number) filled with
    other cards of the suit; a hand short of the suit plays all of it and any other cards."""
    g, k = led.group, led.size
    same = [c for c in hand if _group(c, trump_rank, trump_suit) == g]
    if len(same) <= k:
        rest = [c for c in hand if _group(c, trump_rank, trump_suit) != g]
        return [tuple(same) + extra for extra in multiset_combinations(rest, k - len(same))]
    by_step = pair_steps(hand, trump_rank, trump_suit).get(g, {})
    out: list[tuple[Card, ...]] = []
    if led.kind == TRACTOR and longest_run(by_step) >= led.pairs:
        return runs(by_step, led.pairs)
    pairs = [card for s in sorted(by_step) for card in by_step[s]]
    need = min(led.pairs, len(pairs))
    from itertools import combinations
    seen: set[tuple[Card, ...]] = set()
    for chosen in combinations(pairs, need):
        left = list(same)
        for card in chosen:
            left.remove(card)
            left.remove(card)
        for fill in multiset_combinations(left, k - 2 * need):
            play = tuple(c for card in chosen for c in (card, card)) + fill
            key = tuple(sorted(play, key=lambda c: c.token))
            if key not in seen:
                seen.add(key)
                out.append(play)
    return out
