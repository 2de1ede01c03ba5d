"""The Daifugo state: its flags, the values a position is made of, and the session (no rules here).

Kept apart from ``game.py`` (the rules) so that the scenario loader and the bots can build and read
states without importing the rules module.

Two presets share one rule set (daifugo.md §12): ``cutin``, the seed's game and so the defaults
of ``Flags``, and ``base``, the ordinary game. The flag ``preset`` picks the column a flags object
starts from (``Daifugo.flags``), and the other flags override it: the computer-Daifugo (UECda)
rules are ``{"preset": "base", "players": 5, "diamond3_start": true, "later_start": "diamond3", …}``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...cards import Card, DeckSpec
from ...climbing import TrickEntry, top
from ...flags import flag
from ...game import Event, from_session

#: the decisions a rank effect asks for when its chain closes (daifugo.md, Actions; §9)
EFFECT_PHASES = ("six_salvage", "seven_pass", "ten_discard", "q_peeping", "k_greed", "a_open")
PHASES = ("deal", "exchange", "play", *EFFECT_PHASES, "score")
TITLES = ("daifugo", "fugo", "heimin", "hinmin", "daihinmin")  # message keys dfg.title.<key>

#: the cut-in game's own rules (§8 – §10, and DFG-OPEN-3), each its own flag
CUTIN_RULES = ("cut_in", "open_cards", "four_cut", "five_skip", "six_salvage", "seven_pass", "nine_reverse",
               "ten_discard", "j_back", "q_peeping", "k_greed", "a_open", "penalize_illegal_attempt")

#: the base preset's column of §12 (the defaults of ``Flags`` are the cut-in column)
BASE = {"preset": "base", "decks": 1, "jokers": 1, "cut_in": False, "open_cards": False, "diamond3_start": False,
        "four_cut": False, "five_skip": False, "six_salvage": False, "seven_pass": False, "nine_reverse": False,
        "ten_discard": False, "j_back": False, "q_peeping": False, "k_greed": False, "a_open": False,
        "penalize_illegal_attempt": False}

#: DFG-SETUP-1: the player counts of each preset
PLAYERS = {"base": (3, 6), "cutin": (4, 8)}


@dataclass(frozen=True)
class Flags:
    """The variant flags of daifugo.md §12; defaults are the seed's cut-in game."""

    preset: str = flag("cutin", choices=("cutin", "base"), rule="DFG-SETUP-2",
                       doc="the column of §12 the other flags start from: the seed's cut-in game, or the ordinary game")
    players: int = flag(4, choices=(3, 4, 5, 6, 7, 8), rule="DFG-SETUP-1",
                        doc="3 to 6 in the ordinary game, 4 to 8 in the cut-in game")
    decks: int = flag(2, choices=(1, 2), rule="DFG-SETUP-2", doc="one deck (ordinary) or two (cut-in)")
    jokers: int = flag(2, choices=(0, 1, 2), rule="DFG-SETUP-2", doc="jokers added to the deck")
    spade3_return: bool = flag(True, rule="DFG-S3-1", doc="the spade 3 beats a lone joker")
    eight_cut: bool = flag(True, rule="DFG-EIGHT-1", doc="a play of 8s ends the phase")
    revolution: bool = flag(True, rule="DFG-REV-1", doc="four or more cards at once reverse the order")
    revolution_by_sequence: bool = flag(True, rule="DFG-REV-1", doc="a sequence of four or more also revolts")
    suit_binding: bool = flag(True, rule="DFG-BIND-1", doc="suits repeated in two plays in a row bind the phase")
    partial_binding: bool = flag(True, rule="DFG-BIND-2", doc="the suits shared by two plays bind, not only all of them")
    rank_binding: bool = flag(True, rule="DFG-BIND-4", doc="two consecutive ranks in a row bind the next rank")
    exchange: bool = flag(True, rule="DFG-EXCH-1", doc="from game 2 the poorest give their best cards to the richest")
    miyako_ochi: bool = flag(True, rule="DFG-MIYAKO-1", doc="a 大富豪 who does not go out first falls to last")
    cut_in: bool = flag(True, rule="DFG-CUT-1", doc="identical cards may be played at once, out of turn")
    open_cards: bool = flag(True, rule="DFG-OPEN-1", doc="exposed cards")
    diamond3_start: bool = flag(True, rule="DFG-D3-1", doc="the holder of the 3 of diamonds starts the first game")
    later_start: str = flag("daihinmin", choices=("daihinmin", "diamond3"), rule="DFG-D3-1",
                            doc="who starts from game 2: the 大貧民, or the holder of the 3 of diamonds")
    four_cut: bool = flag(True, rule="DFG-FOUR-1", doc="4-cut")
    five_skip: bool = flag(True, rule="DFG-FIVE-1", doc="5-skip")
    six_salvage: bool = flag(True, rule="DFG-SIX-1", doc="6-salvage")
    seven_pass: bool = flag(True, rule="DFG-SEVEN-1", doc="7-pass")
    nine_reverse: bool = flag(True, rule="DFG-NINE-1", doc="9-reverse")
    ten_discard: bool = flag(True, rule="DFG-TEN-1", doc="10-discard")
    j_back: bool = flag(True, rule="DFG-JBACK-1", doc="J-back")
    q_peeping: bool = flag(True, rule="DFG-QUEEN-1", doc="Q-peeping")
    k_greed: bool = flag(True, rule="DFG-KING-1", doc="K-greed")
    a_open: bool = flag(True, rule="DFG-ACE-1", doc="A-open")
    k_divisor: int = flag(3, choices=(2, 3), rule="DFG-KING-1", doc="one card per this many Ks")
    a_divisor: int = flag(3, choices=(2, 3), rule="DFG-ACE-1", doc="one card per this many As")
    cutin_can_revolt: bool = flag(True, rule="DFG-CUT-6", doc="a cut-in of four or more revolts again")
    salvage_transfers_on_cutin: bool = flag(False, rule="DFG-SIX-1", doc="a cut-in player gains the 6-salvage")
    effects_in_sequences: bool = flag(False, rule="DFG-EIGHT-2", doc="rank effects also inside sequences")
    pass_locks_phase: bool = flag(False, rule="DFG-PASS-1", doc="a player who passed sits out the rest of the phase")
    penalize_illegal_attempt: bool = flag(True, rule="DFG-OPEN-3", doc="an illegal attempt exposes the cards")
    forbidden_finish: bool = flag(False, rule="DFG-OUT-3", doc="going out with a joker, a 2, an 8 or the spade 3 ranks last")

    # named sets of flag values (tutor/flags.py); "seed" = the defaults = the cut-in game
    presets = {"base": BASE, "cutin": {"preset": "cutin"}}


DECKS = {(d, j): DeckSpec(copies=d, specials=("JOKER",) if j else (), special_copies=max(j, 1))
         for d in (1, 2) for j in (0, 1, 2)}


def deck_of(flags: Flags) -> DeckSpec:
    """DFG-SETUP-2: ``decks`` 52-card decks plus ``jokers`` jokers."""
    return DECKS[(flags.decks, flags.jokers)]


def title_of(place: int, players: int) -> str:
    """DFG-TITLE-1: 1st 大富豪, 2nd 富豪, last 大貧民, second-to-last 貧民 (not with three
    players), everyone else 平民."""
    if place == 1:
        return "daifugo"
    if place == players:
        return "daihinmin"
    if place == 2:
        return "fugo"
    if place == players - 1 and players > 3:
        return "hinmin"
    return "heimin"


Entry = TrickEntry


@dataclass(frozen=True)
class Session:
    """What lasts from game to game (DFG-EXCH-1, DFG-MIYAKO-1, DFG-NEXT-1): the game's number,
    the finishing places of the game before (seat → place) and of every game so far."""

    game_no: int = 1
    previous_places: tuple[int, ...] | None = None
    history: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class Effect:
    """A rank effect waiting for its decision (§9, §13 step 6): the chain's rank and ``n``, its
    ``owner`` and ``cut`` player (DFG-CUT-5; ``cut`` None without a cut-in), who decides
    (``chooser``), whom it targets (``target``: the receiver of a 7-pass, the seat a Q peeps at or
    an A opens after a cut-in; None otherwise), how many cards (``count``), and for A-open
    without a cut-in the seats still to choose (``queue``) and the choices made so far
    (``chosen``: seat → cards, exposed together when the last has chosen). Kind ``plan``: no
    decision, only the chain's turn plan carried between decisions."""

    kind: str
    rank: str
    n: int
    owner: int
    cut: int | None
    chooser: int
    count: int
    target: int | None = None
    queue: tuple[int, ...] = ()
    chosen: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    # what the chain still holds once this decision is made (§13 step 7): a flow, seats to skip,
    # the ranks whose decisions follow (a sequence with ``effects_in_sequences``), and how many
    # plays the chain has (the last ``entries`` of the field)
    flow: bool = False
    skip: int = 0
    rest: tuple[str, ...] = ()
    entries: int = 0


@dataclass(frozen=True)
class State:
    flags: Flags
    seed: int | str
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    to_act: int | None
    session: Session = Session()
    trick: tuple[Entry, ...] = ()           # the field: the plays and passes of the current phase
    discard_pile: tuple[Card, ...] = ()     # cards of earlier phases (DFG-TERM-1)
    revolution: bool = False                # game-long (DFG-REV-1)
    direction: int = 1                      # DFG-TERM-4 (+1 all through the base game)
    bound: tuple[str, ...] = ()             # the bound suit multiset B (DFG-BIND-1)
    rank_bind: Any = None                   # the rank-binding state (combos.RankBinding)
    out: tuple[int, ...] = ()               # seats no longer active, in the order they left
    eliminated: tuple[int, ...] = ()        # the seats of ``out`` that fell by 都落ち (DFG-MIYAKO-1)
    places: tuple[int | None, ...] = ()     # finishing place per seat (None: still playing)
    exchange_order: tuple[int, ...] = ()    # who still chooses exchange cards, in asking order
    gifts: tuple[tuple[Card, ...] | None, ...] = ()  # per seat, chosen face down, given all together
    first_out: int | None = None            # who went out first this game (DFG-MIYAKO-1)
    last_field: tuple[Entry, ...] = ()      # the field of the phase that just flowed (shown until the next play)
    exposed: tuple[tuple[Card, ...], ...] = ()  # per seat, the exposed part of its hand (DFG-OPEN-1)
    jback: bool = False                     # J-back in force for the rest of the phase (DFG-JBACK-1)
    chain_start: int | None = None          # the open chain: index in ``trick`` of its in-turn play (DFG-CUT-2)
    effect: Effect | None = None            # the rank effect waiting for a decision (§9)
    result: Mapping[str, Any] | None = None
    log: tuple[Event, ...] = ()

    game_no = from_session("game_no")
    previous_places = from_session("previous_places")

    @property
    def players(self) -> int:
        return len(self.hands)

    def exposed_of(self, seat: int) -> tuple[Card, ...]:
        return self.exposed[seat] if self.exposed else ()

    def hidden_of(self, seat: int) -> tuple[Card, ...]:
        """The hidden part of the seat's hand: the hand less its exposed cards (DFG-OPEN-1)."""
        shown = self.exposed_of(seat)
        if not shown:
            return self.hands[seat]
        from ...cards import multiset_remove
        return multiset_remove(self.hands[seat], shown)

    def active(self, seat: int) -> bool:
        """DFG-TERM-3: still holding cards and not eliminated."""
        return seat not in self.out

    def top(self) -> Entry | None:
        return top(self.trick)
