"""Decisions given as a spec rather than a list: "choose k of these cards" (issue 11).

The Tichu exchange (one card to each other seat: 14 x 13 x 12 = 2,184 actions) and Napoleon's
discard (3 of the 13 cards after the kitty: 286) are one typed decision each. Its legal set can
be counted and tested for membership without listing it; ``expand`` lists it lazily where a full
list is still wanted (``legal_actions``, the CLI, the golden runner), and the bridge and the page
receive ``to_json`` (a few hundred bytes) instead of the list. Next: burying a kitty, Daifugo's
7-pass and 10-discard.

An action of the spec is ``{key: [card, …]}`` (a set of ``k`` cards; ``assign_to`` None) or
``{key: {"seat": card, …}}`` (one card to each seat of ``assign_to``). ``distinct``: each card
of the pool at most as often as the pool holds it; otherwise a card may be chosen again.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, permutations, product
from math import comb, perm
from typing import Any, Iterator

from .actions import Action, Decision, FrozenMap
from .cards import Card, CardError, multiset_contains


@dataclass(frozen=True)
class ChooseCards:
    """Choose ``k`` cards of ``pool`` (a multiset), as a set or one to each seat of ``assign_to``."""

    key: str
    pool: tuple[Card, ...]
    k: int
    assign_to: tuple[int, ...] | None = None
    distinct: bool = True
    rule_ids: tuple[str, ...] = ()
    #: "choose ``at_least`` to ``k`` cards" (Daifugo's 6-salvage: any 0 … n cards of the discard
    #: pile); None: exactly ``k``. Only for a set of cards (``assign_to`` None)
    at_least: int | None = None
    #: whether the pool is (part of) the chooser's hand, selected there; False: cards from
    #: elsewhere (Daifugo's discard pile), which the page draws beside the decision
    in_hand: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "pool", tuple(self.pool))
        if self.assign_to is not None:
            object.__setattr__(self, "assign_to", tuple(self.assign_to))
            if len(self.assign_to) != self.k:
                raise ValueError(f"{self.key}: {self.k} cards for {len(self.assign_to)} seats")

    # ------------------------------------------------------------------ the set
    def sizes(self) -> range:
        """How many cards an action may hold: ``k``, or ``at_least`` … ``k``."""
        return range(self.k, self.k + 1) if self.at_least is None else range(self.at_least, self.k + 1)

    def _exactly(self, k: int) -> "ChooseCards":
        return ChooseCards(self.key, self.pool, k, self.assign_to, self.distinct, self.rule_ids)

    def count(self) -> int:
        """How many different actions the decision offers (``len(list(expand()))``, without listing)."""
        if self.at_least is not None:
            return sum(self._exactly(k).count() for k in self.sizes())
        k = self.k
        copies = list(Counter(self.pool).values())
        if k < 0:
            return 0
        if not self.distinct:
            d = len(copies)
            if self.assign_to is not None:
                return d ** k
            return comb(d + k - 1, k) if d else int(k == 0)
        if all(n == 1 for n in copies):
            n = len(copies)
            return perm(n, k) if self.assign_to is not None else comb(n, k)
        # repeated cards: count distinct choices, card by card (ways[t]: choices of t cards so far)
        ways = [1] + [0] * k
        for m in copies:
            new = [0] * (k + 1)
            for t in range(k + 1):
                if ways[t]:
                    for j in range(min(m, k - t) + 1):
                        # ordered (one card to each seat): which j of the t + j seats get this card
                        new[t + j] += ways[t] * (comb(t + j, j) if self.assign_to is not None else 1)
            ways = new
        return ways[k]

    def contains(self, action: Action) -> bool:
        """Whether ``action`` is one of the decision's actions (as ``explain`` would judge it legal)."""
        if not isinstance(action, Decision) or action.key != self.key:
            return False
        cards = self._cards(action.value)
        if cards is None:
            return False
        if self.distinct:
            return multiset_contains(self.pool, cards)
        pool = set(self.pool)
        return all(c in pool for c in cards)

    def _cards(self, value: Any) -> list[Card] | None:
        if self.assign_to is not None:
            if not isinstance(value, FrozenMap) or len(value) != self.k:
                return None
            chosen = dict(value)
            if set(chosen) != {str(s) for s in self.assign_to}:
                return None
            tokens = [chosen[str(s)] for s in self.assign_to]
        else:
            if not isinstance(value, tuple) or isinstance(value, FrozenMap) or len(value) not in self.sizes():
                return None
            tokens = list(value)
        try:
            return [Card.parse(t) for t in tokens]
        except (CardError, TypeError):
            return None

    def expand(self) -> Iterator[Decision]:
        """Every action, lazily, each once: ``legal_actions`` order (the pool's order; for seats,
        the first seat's card varies slowest; with ``at_least``, fewest cards first)."""
        if self.at_least is not None:
            for k in self.sizes():
                yield from self._exactly(k).expand()
            return
        tokens = [c.token for c in self.pool]  # picks over tokens: the actions hold tokens
        if self.distinct:
            picks: Any = (permutations if self.assign_to is not None else combinations)(tokens, self.k)
        else:
            unique = list(dict.fromkeys(tokens))
            picks = product(unique, repeat=self.k) if self.assign_to is not None \
                else combinations_with_replacement(unique, self.k)
        make = self._maker()
        if not (self.distinct and len(set(tokens)) != len(tokens)):
            for cards in picks:
                yield make(cards)
            return
        seen: set[Any] = set()
        for cards in picks:  # repeated cards: the same choice made of other copies only once
            action = make(cards)
            same = action.value if self.assign_to is not None else tuple(sorted(action.value))
            if same not in seen:
                seen.add(same)
                yield action

    def sample(self, rng: Any) -> Decision:
        """One action at random (``rng``: ``tutor.rng.Rng``), without listing them: ``k`` picks of
        the pool, in order for seats. Uniform over picks, which with repeated cards is not quite
        uniform over the distinct actions (good enough for a random bot); with ``at_least``, the
        number of cards first, uniformly."""
        if self.at_least is not None:
            sizes = [k for k in self.sizes() if self._exactly(k).count()]
            return self._exactly(sizes[rng.below(len(sizes))]).sample(rng)
        tokens = [c.token for c in self.pool]
        if self.distinct:
            order = list(range(len(tokens)))
            rng.shuffle(order)
            picked = tuple(tokens[i] for i in order[: self.k])
        else:
            unique = list(dict.fromkeys(tokens))
            picked = tuple(unique[rng.below(len(unique))] for _ in range(self.k))
        action = self._maker()(picked)
        if self.assign_to is None:
            action = Decision(self.key, tuple(sorted(picked, key=tokens.index)))  # the pool's order
        return action

    def _maker(self) -> Any:
        """Tokens picked (in ``assign_to`` order) -> their action; the hot loop of ``expand``, so
        the seats' keys are worked out once (already sorted, as they are for the Tichu exchange:
        no sort per action)."""
        key = self.key
        if self.assign_to is None:
            return lambda tokens: Decision(key, tokens)
        seats = tuple(map(str, self.assign_to))
        if list(seats) == sorted(seats):
            return lambda tokens: Decision(key, FrozenMap(zip(seats, tokens)))
        return lambda tokens: Decision(key, FrozenMap(sorted(zip(seats, tokens))))

    # ------------------------------------------------------------------ the wire
    def to_json(self) -> dict[str, Any]:
        """What the bridge sends for the decision (``{"spec": …}`` from the ``legal`` op)."""
        return {"choose": "cards", "key": self.key, "k": self.k, "pool": [c.token for c in self.pool],
                "assign_to": list(self.assign_to) if self.assign_to is not None else None,
                "distinct": self.distinct, "count": self.count(), "rule_ids": list(self.rule_ids),
                **({"at_least": self.at_least} if self.at_least is not None else {}),
                **({} if self.in_hand else {"in_hand": False})}


@dataclass(frozen=True)
class ChoosePositions:
    """Choose ``k`` of ``size`` places, blind: positions 0 … size-1 in a hand the chooser cannot
    see (Daifugo's Q-peeping and the A-open after a cut-in pick face-down cards, DFG-QUEEN-1,
    DFG-ACE-1). An action is ``{key: [i, …]}``, the positions ascending. Every choice looks the
    same to the chooser; the set is still every one of them (C(size, k), counted, not listed)."""

    key: str
    size: int
    k: int
    rule_ids: tuple[str, ...] = ()
    assign_to: None = None  # as ``ChooseCards``: a set, never one to each seat
    seat: int | None = None  # whose face-down cards the positions are (the page draws their backs)

    def count(self) -> int:
        return comb(self.size, self.k) if 0 <= self.k <= self.size else 0

    def contains(self, action: Action) -> bool:
        if not isinstance(action, Decision) or action.key != self.key or not isinstance(action.value, tuple) \
                or isinstance(action.value, FrozenMap):
            return False
        picks = action.value
        if len(picks) != self.k or not all(isinstance(i, int) and not isinstance(i, bool) for i in picks):
            return False
        return len(set(picks)) == len(picks) and all(0 <= i < self.size for i in picks)

    def expand(self) -> Iterator[Decision]:
        for picks in combinations(range(self.size), self.k):
            yield Decision(self.key, picks)

    def sample(self, rng: Any) -> Decision:
        order = list(range(self.size))
        rng.shuffle(order)
        return Decision(self.key, tuple(sorted(order[: self.k])))

    def to_json(self) -> dict[str, Any]:
        return {"choose": "positions", "key": self.key, "k": self.k, "size": self.size, "count": self.count(),
                "rule_ids": list(self.rule_ids), "seat": self.seat}
