"""What the climbing games share (Dou Dizhu, Tichu, Daifugo): the trick model and rank shapes.

**The trick.** A climbing trick is a run of entries, each a play or a pass, in turn order (an
out-of-turn play, a Tichu bomb or a Daifugo cut-in, is marked ``in_turn=False``). The play to
beat is the last play (``top``); the trick is won when every other seat still in the hand has
passed since it (``everyone_else_passed``); the turn moves to the next seat still in, in the
turn's direction, skipping as many more as a rule says (``next_seat``); the lead after a won
trick goes to its winner, or to the next seat still in when the winner has gone out
(``lead_after``). Each game keeps its own rules of *what* beats what and of what a trick
triggers (a Dragon gift, an 8-cut), and uses these for the flow.

**Rank shapes.** In a climbing game suits rarely matter: combinations are shapes over rank
counts. ``runs``, ``kicker_sets`` and ``rank_counts`` work on a count array indexed by a game's
integer rank, so each game only maps its cards to ranks and back.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Callable, Iterator, Sequence

from .cards import Card, format_cards

StillIn = Callable[[int], bool]


@dataclass(frozen=True)
class TrickEntry:
    """One entry of a climbing trick: a play (``combo`` set: the game's reading of the cards) or a
    pass (``combo`` None); ``in_turn`` False for a play out of turn."""

    seat: int
    cards: tuple[Card, ...] = ()
    combo: Any = None
    in_turn: bool = True

    @property
    def is_pass(self) -> bool:
        return self.combo is None

    def to_json(self, with_type: bool = False) -> dict[str, Any]:
        """The entry as rules/README.md §4.2 writes it (``type``: the combination's, if asked)."""
        if self.combo is None:
            return {"seat": self.seat, "action": "PASS"}
        out: dict[str, Any] = {"seat": self.seat, "cards": format_cards(self.cards)}
        if with_type:
            out["type"] = self.combo.type
        if not self.in_turn:
            out["in_turn"] = False
        return out


def top(trick: Sequence[TrickEntry]) -> TrickEntry | None:
    """The play to beat: the trick's last play, or None when the seat to act leads."""
    for entry in reversed(trick):
        if entry.combo is not None:
            return entry
    return None


def passes_since_top(trick: Sequence[TrickEntry]) -> int:
    """How many passes follow the play to beat."""
    n = 0
    for entry in reversed(trick):
        if entry.combo is not None:
            break
        n += 1
    return n


def _everyone(seat: int) -> bool:
    return True


def next_seat(seat: int, players: int, still_in: StillIn = _everyone, direction: int = 1, skip: int = 0) -> int:
    """The seat whose turn follows ``seat``'s: the next one still in, in ``direction`` (+1 or -1),
    passing over ``skip`` more seats still in (a Daifugo 5-skip). ``seat`` itself when nobody
    else is still in."""
    s = seat
    for _ in range(skip + 1):
        for _k in range(players):
            s = (s + direction) % players
            if s == seat or still_in(s):
                break
    return s


def seats_after(seat: int, players: int, still_in: StillIn = _everyone, direction: int = 1) -> tuple[int, ...]:
    """Every seat still in, in turn order from the one after ``seat``; ``seat`` last if still in
    (the order in which an out-of-turn window asks, TICHU-BOMB-8)."""
    order = [(seat + direction * k) % players for k in range(1, players + 1)]
    return tuple(s for s in order if still_in(s))


def everyone_else_passed(trick: Sequence[TrickEntry], players: int, still_in: StillIn = _everyone) -> bool:
    """Whether the trick is won: every other seat still in has passed since the play to beat."""
    high = top(trick)
    if high is None:
        return False
    others = sum(1 for s in range(players) if s != high.seat and still_in(s))
    return passes_since_top(trick) >= others


def lead_after(winner: int, players: int, still_in: StillIn = _everyone, direction: int = 1) -> int:
    """Who leads after ``winner`` takes a trick: the winner, or the next seat still in when the
    winner has gone out."""
    return winner if still_in(winner) else next_seat(winner, players, still_in, direction)


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
