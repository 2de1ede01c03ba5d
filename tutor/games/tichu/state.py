"""The Tichu state: its flags, the values a position is made of, and the session (no rules here).

Kept apart from ``game.py`` (the rules) so that the scenario loader and the bots can build and read
states without importing the rules module, which imports them (no import cycle).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ...cards import Card, DeckSpec
from ...climbing import TrickEntry, passes_since_top, top
from ...flags import flag
from ...game import Event, from_session
from .combos import VALUE


PHASES = ("grand_tichu", "exchange", "play", "wish", "dragon_gift", "score")
TEAMS = {"A": (0, 2), "B": (1, 3)}
DECK = DeckSpec(copies=1, specials=("MAHJONG", "DOG", "PHOENIX", "DRAGON"))
POINTS = {"5": 5, "10": 10, "K": 10}


@dataclass(frozen=True)
class Flags:
    """The variant flags of tichu.md §14; defaults are the seed's rules."""

    players: int = flag(4, choices=(4,), doc="always 4: two partnerships, partners opposite",
                       rule="TICHU-SETUP-1")
    bomb_interrupt_on_interrupt: bool = flag(False, doc="official rule: a bomb may interrupt an out-of-turn bomb too",
                                             rule="TICHU-BOMB-7")
    wish_on_lead: bool = flag(True, doc="a leader holding the wished rank must lead it (TICHU-WISH-4)",
                              rule="TICHU-WISH-4")
    grand_tichu: bool = flag(True, doc="offer Grand Tichu after the first 8 cards", rule="TICHU-GT-1")
    target_score: int = flag(1000, minimum=1, maximum=100_000, rule="TICHU-GAME-1",
                             doc="the game ends after a round in which a team reaches this total")
    exchange: bool = flag(True, doc="the exchange of one card to each other player",
                          rule="TICHU-EXCH-1")

    # named sets of flag values (tutor/flags.py; words in the catalog's "presets"); "seed" = defaults.
    # "official": where tichu.md names the official (Fata Morgana / FAQ) rule as a flag: §14, A2, A3
    presets = {"official": {"bomb_interrupt_on_interrupt": True, "wish_on_lead": True, "target_score": 1000}}


def team_of(seat: int) -> str:
    return "A" if seat % 2 == 0 else "B"


def card_points(cards: Sequence[Card]) -> int:
    """TICHU-SCORE-1: 5s 5, 10s and Ks 10, the Dragon 25, the Phoenix −25."""
    total = 0
    for c in cards:
        if c.special == "DRAGON":
            total += 25
        elif c.special == "PHOENIX":
            total -= 25
        elif not c.special:
            total += POINTS.get(c.rank, 0)
    return total


def sort_key(card: Card) -> tuple[float, str]:
    order = {"MAHJONG": 1, "DOG": 0, "PHOENIX": 15.5, "DRAGON": 16}
    if card.special:
        return (order[card.special], "")
    return (VALUE[card.rank], card.suit)


def sort_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))


#: a trick entry (tutor/climbing.py): a play or a pass; ``in_turn`` False for an interrupt bomb
Entry = TrickEntry


@dataclass(frozen=True)
class Session:
    """What lasts across rounds (TICHU-GAME-1): kept apart from the round in play.

    ``scores`` are the team totals (A, B) after the rounds scored so far; ``target_score`` comes
    from the flag; ``game_over`` / ``winner`` are set when a scored round ends the game."""

    round_no: int = 1
    scores: tuple[int, int] = (0, 0)
    target_score: int = 1000
    game_over: bool = False
    winner: str | None = None


@dataclass(frozen=True)
class State:
    flags: Flags
    seed: int | str
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    to_act: int | None
    session: Session = Session()
    second_half: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    grand: tuple[bool | None, ...] = (None, None, None, None)
    calls: tuple[str | None, ...] = (None, None, None, None)
    exchanges: tuple[Any, ...] = (None, None, None, None)
    played: tuple[bool, ...] = (False, False, False, False)
    trick: tuple[Entry, ...] = ()
    trick_closed: bool = False
    wish: str | None = None
    out: tuple[int, ...] = ()
    captured: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    captured_offset: tuple[int, ...] = (0, 0, 0, 0)
    set_aside: tuple[Card, ...] = ()
    result: Mapping[str, Any] | None = None
    log: tuple[Event, ...] = field(default=())

    round_no = from_session("round_no")
    scores = from_session("scores")

    def active(self, seat: int) -> bool:
        return bool(self.hands[seat])

    def top(self) -> Entry | None:
        return top(self.trick)

    def passes_since_top(self) -> int:
        return passes_since_top(self.trick)

    def points(self, seat: int) -> int:
        return self.captured_offset[seat] + card_points(self.captured[seat])
