"""Jian Hong Dian's flags, its state and its session (no rules here: ``capture.py`` and
``game.py`` hold them)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import Card, DeckSpec
from ...flags import flag
from ...game import Event, from_session

#: ``deal`` is automatic (JHD-DEAL-2 applies), ``hand`` and ``stock`` are the two steps of a turn
#: (JHD-TURN-2; ``stock`` only when the turned card has several targets), ``score`` ends the deal
PHASES = ("deal", "hand", "stock", "score")
#: JHD-DEAL-1: cards per hand by player count
HAND_SIZE = {2: 12, 3: 8, 4: 6}
LAYOUT_SIZE = 4
#: JHD-SETUP-1: one 52-card deck, no jokers
DECK = DeckSpec()
#: JHD-DEAL-2: the ranks whose three of a kind on the initial layout would strand a card
TRIPLE_RANKS = ("5", "10", "J", "Q", "K")


@dataclass(frozen=True)
class Flags:
    """The flags of minor.md part 1; the defaults are the seed's game."""

    players: int = flag(4, choices=(2, 3, 4), rule="JHD-SETUP-1", doc="2 to 4 players")
    first_player: str = flag("dealer", choices=("dealer", "left_of_dealer"), rule="JHD-TURN-1",
                             doc="who plays first: the dealer (seed) or the player after the dealer (pagat)")
    capture_optional: bool = flag(False, rule="JHD-CAP-3", doc="a card may be laid even when a capture is possible")
    target_score: int = flag(0, minimum=0, maximum=100_000, rule="JHD-SCORE-2",
                             doc="0: one deal decides; else deals until a running total reaches it")
    club_ace_40: bool = flag(False, rule="JHD-SCORE-2", doc="the ace of clubs is worth 40 points")


@dataclass(frozen=True)
class Session:
    """What lasts across deals: the deal number, its dealer, the running totals before this deal,
    and the seed the deals come from (deal ``n`` is shuffled from ``derive(seed, "deal", n)``)."""

    seed: int | str = 0
    deal_no: int = 1
    dealer: int = 0
    scores: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    """One deal in progress.

    ``stock`` lists the face-down stock top first; ``stock_card`` is the card just turned while
    its player chooses among several targets (phase ``stock``). ``initial_triple`` is the rank of
    a three of a kind left from the initial layout, which the fourth card of that rank captures
    at once (JHD-DEAL-2). ``unplaced`` holds cards a setup leaves out of play (captured before
    the position by seats it does not name): they count for conservation and score for nobody."""

    flags: Flags
    session: Session
    phase: str
    turn: int
    first: int
    hands: tuple[tuple[Card, ...], ...]
    layout: tuple[Card, ...]
    stock: tuple[Card, ...]
    captured: tuple[tuple[Card, ...], ...]
    stock_card: Card | None = None
    initial_triple: str | None = None
    unplaced: tuple[Card, ...] = ()
    log: tuple[Event, ...] = ()
    result: Any = None

    deal_no = from_session("deal_no")
    dealer = from_session("dealer")
    scores = from_session("scores")

    @property
    def players(self) -> int:
        return len(self.hands)
