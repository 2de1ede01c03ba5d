"""The Napoleon state: its flags, the values a position is made of, and the session (no rules here).

Kept apart from ``game.py`` (the rules) so that the scenario loader and the bots can build and read
states without importing the rules module, which imports them (no import cycle).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...cards import Card
from ...flags import flag
from ...game import Event, from_session
from .tricks import is_honour


PHASES = ("auction", "call_adjutant", "discard", "play", "joker_suit", "score")
PLAYERS = 5
HAND_SIZE = 10  # NAP-DEAL-1
KITTY_SIZE = 3
TRICKS = 10
MAX_BID = 20  # NAP-BID-1


@dataclass(frozen=True)
class Flags:
    """The variant flags of napoleon.md §11; defaults are the seed's (Alteil.Net) rules."""

    players: int = flag(5, choices=(5,), doc="always 5 (NAP-SETUP-1)", rule="NAP-SETUP-1")
    same2_first_trick: bool = flag(False, doc="セイム2 also counts in trick 1 (NAP-SAME2-2, NAP-SPECIAL-2)",
                                   rule="NAP-SAME2-2")
    reverse: bool = flag(False, doc="リバース: an off-colour jack reverses the direction of the next tricks (NAP-SPECIAL-1)",
                         rule="NAP-SPECIAL-1")
    min_bid: int = flag(11, choices=tuple(range(1, 21)), doc="the lowest bid count (NAP-BID-5)",
                        rule="NAP-BID-5")
    pass_is_final: bool = flag(False, doc="a player who passed may not bid again (NAP-BID-6)", rule="NAP-BID-6")
    joker_request_weakens: bool = flag(False, doc="a joker forced out by the club 3 is the lowest card (NAP-JOKER-2)",
                                       rule="NAP-JOKER-2")
    penalty_a_reading: str = flag("allies_reach_bid", choices=("allies_reach_bid", "any_loss"),
                                  doc="penalty A when the Allies reach the bid, or on every lost bid of 14+ (NAP-SCORE-5)",
                                  rule="NAP-SCORE-5")

    # named sets of flag values (tutor/flags.py; words in the catalog's "presets"); "seed" = defaults.
    # "sdc": the flags napoleon.md takes from [FILL SDC] (SdCナポレオン説明書): NAP-BID-5, NAP-BID-6
    presets = {"sdc": {"min_bid": 11, "pass_is_final": True}}


@dataclass(frozen=True)
class Entry:
    """One card played to the current trick; ``joker_suit`` is the suit named for a led joker."""

    seat: int
    card: Card
    joker_suit: str | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "cards": [self.card.token]}
        if self.joker_suit is not None:
            out["joker_suit"] = self.joker_suit
        return out


_EMPTY5: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS


@dataclass(frozen=True)
class Session:
    """What lasts across games (NAP-NEXT-1), apart from the game in play: the game number, the
    seat that opens this game's bidding (NAP-BID-2; a redeal keeps it, NAP-BID-7), the seat
    that opens the next one (this game's Napoleon, once it is scored), each seat's running
    total, and ``deal_no``, how many deals so far (redeals too: each deal's shuffle)."""

    game_no: int = 1
    first_bidder: int = 0
    next_first_bidder: int | None = None
    scores: tuple[int, ...] = (0,) * PLAYERS
    deal_no: int = 0


@dataclass(frozen=True)
class State:
    flags: Flags
    seed: int | str
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    to_act: int | None
    kitty: tuple[Card, ...] = ()
    session: Session = Session()
    auction: tuple[tuple[int, Any], ...] = ()  # (seat, (count, suit)) or (seat, None) for a pass
    passed: tuple[bool, ...] = (False,) * PLAYERS  # with pass_is_final: who has passed for good
    bid: tuple[int, str] | None = None
    bidder: int | None = None
    napoleon: int | None = None
    called: Card | None = None
    adjutant: int | None = None  # SECRET until ``revealed`` (NAP-ADJ-2); None in a solo game
    solo: bool = False
    revealed: bool = False
    kitty_taken: tuple[Card, ...] = ()  # what Napoleon received (only Napoleon's view shows it)
    discards: tuple[Card, ...] = ()
    discards_to: int | None = None  # the winner of trick 1, who took them (NAP-KITTY-2)
    trick: tuple[Entry, ...] = ()
    trick_no: int = 1
    leader: int | None = None
    direction: int = 1
    trick_closed: bool = False
    last_trick: Mapping[str, Any] | None = None
    won: tuple[tuple[Card, ...], ...] = _EMPTY5  # every card of the tricks each seat won
    set_aside: tuple[Card, ...] = ()  # scenarios: cards of earlier tricks, winner unknown
    voids: tuple[frozenset[str], ...] = (frozenset(),) * PLAYERS  # suits each seat showed it lacks (public)
    result: Mapping[str, Any] | None = None
    log: tuple[Event, ...] = field(default=())

    # the session's facts, read through the state (stored once, in ``session``)
    game_no = from_session("game_no")
    deal_no = from_session("deal_no")
    first_bidder = from_session("first_bidder")
    scores = from_session("scores")

    @property
    def trump(self) -> str | None:
        return self.bid[1] if self.bid and self.napoleon is not None else None

    @property
    def contract(self) -> int | None:
        return self.bid[0] if self.bid and self.napoleon is not None else None

    def honours_of(self, seat: int) -> int:
        return sum(1 for c in self.won[seat] if is_honour(c))

    def napoleon_side_honours(self) -> int:
        """NAP-SCORE-1: honours taken by the Napoleon army (NAP-SETUP-4: Napoleon and the adjutant, if any)."""
        if self.napoleon is None:
            return 0
        n = self.honours_of(self.napoleon)
        if self.adjutant is not None and self.adjutant != self.napoleon:
            n += self.honours_of(self.adjutant)
        return n
