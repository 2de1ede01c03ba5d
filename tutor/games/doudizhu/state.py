"""The Dou Dizhu state: its flags, the values a position is made of, and the session (no rules here).

Kept apart from ``game.py`` (the rules) so that the scenario loader and the bots can build and read
states without importing the rules module, which imports them (no import cycle).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping, Sequence

from ...cards import Card, DeckSpec
from ...climbing import TrickEntry, top
from ...flags import flag
from ...game import Event, from_session
from .combos import ComboRules, card_rank


PHASES = ("deal", "auction", "kitty", "play", "score")


@dataclass(frozen=True)
class Flags:
    """The variant flags of doudizhu.md §9; defaults are the seed's rules."""

    players: int = flag(3, choices=(3, 4), doc="3 players (one deck) or 4 (two decks) — DDZ-SETUP-1",
                       rule="DDZ-SETUP-1")
    single_round_bidding: bool = flag(False, doc="each player speaks once in the auction; a pass is final",
                                      rule="DDZ-BID-2")
    no_shuffle: bool = flag(False, doc="不洗牌: the next deal stacks the played cards and deals 4 at a time",
                            rule="DDZ-NEXT-1")
    spring: bool = flag(False, doc="春天: ×2 when one side never got to play (or the landlord only led)",
                        rule="DDZ-PAY-2")
    kickers_may_repeat: bool = flag(False, doc="airplane wings / quad singles may share a rank",
                                    rule="DDZ-COMBO-9")
    four_player_allow_all_types: bool = flag(False, doc="allow 3+1, airplane+single wings and quad+two with 4 players",
                                             rule="DDZ-4P-1")
    first_bidder: str = flag("marker", choices=("marker", "random", "rotate"),
                             doc="who bids first: the holder of the marked card, a random seat, or the seat after the dealer",
                             rule="DDZ-DEAL-3")

    # named sets of flag values (tutor/flags.py; words in the catalog's "presets"); "seed" = defaults.
    # "online": the flags doudizhu.md §9 sources from [FILL ONLINE], "common online conventions"
    presets = {"online": {"single_round_bidding": True, "spring": True, "kickers_may_repeat": True}}

    @cached_property
    def combo_rules(self) -> ComboRules:
        return ComboRules(self.players, self.kickers_may_repeat, self.four_player_allow_all_types)

    @property
    def deck(self) -> DeckSpec:
        n = 2 if self.players == 4 else 1
        return DeckSpec(copies=n, specials=("BJ", "RJ"), special_copies=n)

    @property
    def hand_size(self) -> int:
        return 25 if self.players == 4 else 17  # DDZ-DEAL-1

    @property
    def kitty_size(self) -> int:
        return 8 if self.players == 4 else 3


def sort_key(card: Card) -> tuple[int, str]:
    return (card_rank(card), card.suit)


def sort_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))


@dataclass(frozen=True)
class TrickPlay(TrickEntry):
    """One entry of the current trick (tutor/climbing.py): a play (``combo`` set) or a pass; its
    JSON names the combination's type (Dou Dizhu's views and cases show it)."""

    def to_json(self, with_type: bool = True) -> dict[str, Any]:
        return super().to_json(with_type)


@dataclass(frozen=True)
class Session:
    """What lasts across rounds (DDZ-NEXT-1), apart from the round in play: the round number,
    this round's dealer (the next round's is the seat after), every seat's running total of
    payments, and ``deal_no``, how many deals so far (throw-ins too: each deal's shuffle)."""

    round_no: int = 1
    dealer: int = 0
    scores: tuple[int, ...] = ()
    deal_no: int = 0


@dataclass(frozen=True)
class State:
    """Everything about one moment of a Dou Dizhu game; never mutated."""

    flags: Flags
    seed: int | str
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    to_act: int | None
    session: Session = Session()
    first_bidder: int = 0
    marker: Card | None = None
    auction: tuple[tuple[int, Any], ...] = ()
    bid: int = 0
    high_bidder: int | None = None
    landlord: int | None = None
    kitty_shown: bool = False
    trick: tuple[TrickPlay, ...] = ()
    trick_closed: bool = False
    bombs: tuple[int, ...] = ()
    rockets: int = 0
    plays_by_seat: tuple[int, ...] = ()
    played: tuple[Card, ...] = ()
    result: Mapping[str, Any] | None = None
    redeal: bool = False
    log: tuple[Event, ...] = field(default=())

    @property
    def players(self) -> int:
        return self.flags.players

    # the session's facts, read through the state (stored once, in ``session``)
    round_no = from_session("round_no")
    dealer = from_session("dealer")
    scores = from_session("scores")
    deal_no = from_session("deal_no")

    def top(self) -> TrickPlay | None:
        """The play to beat, or None when the seat to act leads."""
        return top(self.trick)  # type: ignore[return-value]
