"""The Shengji state: its flags, the values a position is made of, and the session (no rules here).

Kept apart from ``game.py`` (the rules) so that the scenario loader and the bots can build and
read states without importing the rules module (no import cycle).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...cards import Card, DeckSpec
from ...flags import flag
from ...game import Event, from_session
from ...tricktaking import RANK_ORDER

PHASES = ("draw", "kitty_flip", "bury", "play", "score")
PLAYERS = 4          # SJ-PLAYERS-1
HAND_SIZE = 12       # SJ-DEAL-1
KITTY_SIZE = 6       # SJ-DEAL-1
DECK = DeckSpec(copies=1, specials=("BJ", "RJ"))  # SJ-DECK-1: 52 cards and two jokers
DECK2 = DeckSpec(copies=2, specials=("BJ", "RJ"), special_copies=2)  # SJ-2D-1: two 54-card decks
TEAMS = ("team02", "team13")  # SJ-PLAYERS-1: partners sit opposite
LEVELS = RANK_ORDER  # SJ-PLAYERS-2: a team's level is a rank, 2 … A


def team_of(seat: int) -> str:
    """The team name of ``seat`` (README §4.6: ``team02`` and ``team13``)."""
    return TEAMS[seat % 2]


@dataclass(frozen=True)
class Flags:
    """The one-deck flags of shengji.md §12 (the seed's defaults) and SJ-DEAL-2's first drawer."""

    players: int = flag(4, choices=(4,), doc="always 4 (SJ-PLAYERS-1)", rule="SJ-PLAYERS-1")
    decks: int = flag(1, choices=(1, 2), doc="how many 54-card decks: one (the seed), or two: pairs and tractors (§13)",
                      rule="SJ-2D-1")
    # with two decks throws are off, and a game asking for them is refused (SJ-2D-10, A12)
    multi_lead: bool = flag(True, doc="the leader may throw several cards of one suit (SJ-COMBO-2, §7); "
                                      "never with two decks (SJ-2D-10)", rule="SJ-COMBO-2",
                            needs={"decks": (1,)}, off=False, needs_rule="SJ-2D-10")
    # multiples of 5, so that P stays one (the SJ-SCORE-2 table); shengji.md gives the non-dealers
    # the points whoever fails the throw (its text; kept as written, see the closing note of issue 15)
    throw_fail_penalty: int = flag(0, choices=(0, 5, 10, 20, 30),
                                   doc="points to the non-dealers for each failed throw (SJ-THROW-3)",
                                   rule="SJ-THROW-3", needs={"multi_lead": (True,)}, refuse=False)
    kitty_multiplier: int = flag(2, minimum=1, maximum=8,
                                 doc="the buried kitty's points count this many times (SJ-POINTS-3)",
                                 rule="SJ-POINTS-3", needs={"kitty_multiplier_by_shape": (False,)}, refuse=False)
    declare_override: bool = flag(True, doc="two decks: a pair of trump-rank cards exposed later overrides an "
                                            "exposed single (SJ-2D-8)", rule="SJ-2D-8",
                                  needs={"decks": (2,)}, refuse=False)
    kitty_multiplier_by_shape: bool = flag(False, doc="two decks: the kitty counts 2 × the cards each player gave to "
                                                      "the last trick, instead of kitty_multiplier (SJ-2D-9)",
                                           rule="SJ-2D-9", needs={"decks": (2,)})
    start_level: str = flag("2", choices=LEVELS, doc="both teams' level at the start (SJ-PLAYERS-2)",
                            rule="SJ-PLAYERS-2")
    end_level: str = flag("A", choices=LEVELS,
                          doc="a dealer-team win with the trump rank at or above it ends the game (SJ-END-1)",
                          rule="SJ-END-1")
    first_drawer: int = flag(-1, choices=(-1, 0, 1, 2, 3),
                             doc="who draws first in the first hand; -1: a seat drawn by lot (SJ-DEAL-2)",
                             rule="SJ-DEAL-2")

    # named sets of flag values (tutor/flags.py; words in the catalog's "presets"); "seed" = defaults.
    # "short": Parlett's short game (shengji.md §12, [FILL PAR]): both teams start at 7 (the game
    # still ends at A; a 7/7 game would end with the first dealer-team win).
    # "two_decks": the two-deck game of §13 (拖拉機), throws off as SJ-2D-10 requires.
    presets = {"short": {"start_level": "7"}, "two_decks": {"decks": 2, "multi_lead": False}}


@dataclass(frozen=True)
class Entry:
    """One play to the current trick: a single card or a throw (SJ-COMBO-1/2); with two decks a
    single, a pair or a tractor (SJ-2D-3/4) and a follower's as many cards."""

    seat: int
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "cards": [c.token for c in self.cards]}


@dataclass(frozen=True)
class Session:
    """What lasts across hands: the hand number, both teams' levels (SJ-PLAYERS-2), this hand's
    dealer (None until the first hand's exposure or draw decides it, SJ-DECLARE-3), the first
    drawer (SJ-DEAL-2), the next dealer once the hand is scored (SJ-NEXT-1/2), and the end of the
    game (SJ-END-1/2) with its winning team."""

    hand_no: int = 1
    levels: tuple[str, str] = ("2", "2")
    dealer: int | None = None
    first_drawer: int = 0
    first_hand: bool = False  # SJ-DECLARE-3: the game's first hand, whose dealer its draw decides
    next_dealer: int | None = None
    game_over: bool = False
    winner: str | None = None


_EMPTY4: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS


@dataclass(frozen=True)
class State:
    flags: Flags
    seed: int | str
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    to_act: int | None
    trump_rank: str
    trump_suit: str | None = None
    session: Session = Session()
    stock: tuple[Card, ...] = ()            # the cards still to be drawn, top first (SJ-DEAL-1)
    kitty: tuple[Card, ...] = ()            # the six cards under the stock, then the dealer's burial
    # the standing exposure (SJ-DECLARE-1): the seat and its card, or (two decks) its pair (SJ-2D-8)
    exposed: tuple[int, tuple[Card, ...]] | None = None
    chance_open: bool = False               # the last draw's exposure chances are still open (SJ-DEAL-3)
    last_drawer: int | None = None
    kitty_turned: int = 0                   # kitty cards turned face up (SJ-DECLARE-5/6)
    turned: tuple[Card, ...] = ()           # those cards, public
    buried: tuple[Card, ...] = ()           # the dealer's six buried cards (SJ-KITTY-1/2), hidden
    trick: tuple[Entry, ...] = ()
    trick_no: int = 1
    leader: int | None = None
    trick_closed: bool = False
    last_trick: Mapping[str, Any] | None = None
    points: tuple[int, ...] = (0,) * PLAYERS   # card points each seat took in tricks (SJ-TRICK-4)
    won: tuple[tuple[Card, ...], ...] = _EMPTY4  # every card of the tricks each seat took this hand
    penalty: int = 0                        # throw_fail_penalty points to the non-dealers (SJ-THROW-3)
    failed_throw: Mapping[str, Any] | None = None  # the last failed throw, public (SJ-THROW-3)
    set_aside: tuple[Card, ...] = ()        # scenarios: cards of earlier tricks
    voids: tuple[frozenset[str], ...] = (frozenset(),) * PLAYERS  # effective suits each seat showed it lacks
    result: Mapping[str, Any] | None = None
    log: tuple[Event, ...] = field(default=())

    hand_no = from_session("hand_no")

    @property
    def scores(self) -> tuple[int, ...]:
        """The teams' levels as numbers (2 … 14 for A): Shengji's running score is a level."""
        return tuple(LEVELS.index(level) + 2 for level in self.session.levels)

    levels = from_session("levels")
    dealer = from_session("dealer")

    def level_of(self, team: str) -> str:
        return self.levels[TEAMS.index(team)]


def deck_of(flags: Flags) -> DeckSpec:
    """The cards in play: one 54-card deck (SJ-DECK-1), or two (SJ-2D-1)."""
    return DECK2 if flags.decks == 2 else DECK


def hand_size(flags: Flags) -> int:
    """Cards each player draws: 12 (SJ-DEAL-1), 25 with two decks (SJ-2D-1)."""
    return 25 if flags.decks == 2 else HAND_SIZE


def kitty_size(flags: Flags) -> int:
    """Cards under the stock, and the dealer's burial: 6 (SJ-DEAL-1), 8 with two decks (SJ-2D-1)."""
    return 8 if flags.decks == 2 else KITTY_SIZE
