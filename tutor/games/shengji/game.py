"""Shengji 升級, the one-deck game of the seed, as a state machine (rules: ``shengji.md``, seed:
SEED 000).

Phases: ``draw`` (the players draw one card at a time; after each card, anyone holding a card
of the trump rank may expose it, out of turn) → ``kitty_flip`` (automatic: nobody exposed, the
kitty is turned up to fix the trump suit) → ``bury`` (the dealer takes the kitty and buries six
cards) → ``play`` (tricks until the hands are empty) → ``score``; ``next_hand`` deals the next
hand from the session (the levels, the next dealer). The levels, the hand number and the dealer
are the ``Session`` the state holds.

Readings of the spec chosen here (shengji.md §15 resolves the rest):

* The draw is shown one card at a time: the drawer's in-turn step is ``{"draw": true}`` (the
  spec calls the draw automatic; a page needs a step per card for the exposure chances between
  them). ``settle`` runs the draw to its end as the spec's automatic draw, every chance declined.
* After each card the chances to expose are asked in turn order from the seat that drew
  (SJ-DEAL-3), as one out-of-turn window (tutor/windows.py); the first exposure stands
  (SJ-DECLARE-1/2), so no window opens after it.
* A drawn card is never named in the public log; an exposed card is (it is face up).
* The first hand's first drawer is the flag ``first_drawer``, or (-1, the default) a seat drawn
  by lot from the deal's seed (SJ-DEAL-2).
* Two decks (§13): a pair may override a single whoever exposed the single, its exposer too (a
  pair over one's own single, of any suit, makes the exposure final: SJ-2D-8 names no seat; a
  choice of this tutor). The chances after a card are asked once; an exposure closes them until
  the next card, so an override comes after a later card (SJ-DEAL-3).
* Two decks: following a pair or a tractor with thousands of possible sets (a void hand fills
  the play with any cards) is judged directly (``legal_for_cards``); the full list is built from
  the rule (``shapes.follow_plays``) only where a list is asked for.
* An announced throw that is not valid is an ``attempt`` (SJ-THROW-3): the leader leads its
  lowest card alone. The explanation says only that a higher card of that suit is out, never
  where (the other hands stay hidden).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ...actions import Action, Decision, Play
from ...cards import Card, CardError, format_cards, multiset_contains, multiset_remove, shortfall
from ...choices import ChooseCards
from ...errors import TutorError, short_value
from ...game import Event, Game, IllegalAction, Verdict
from ...game import event as _event, allowed as _yes, refused as _no, replaced_at as _set  # the shared verdict and log helpers
from ...jsondata import fresh_json
from ...rng import derive
from ...tricktaking import TRUMP
from .order import (beaten_by, card_sort_key, follow_sets, follows, group, lowest, points, power, same_group,
                    sort_hand, trick_winner, trump_order, valid_throws)
from .scoring import hand_result
from .shapes import PAIR, kitty_multiplier_by_shape, follow_plays, follow_problem, pair_count, pair_steps, runs, shape, why_not_lead
from .state import (DECK, PHASES, PLAYERS, TEAMS, deck_of, hand_size, kitty_size, Entry, Flags, Session, State, _EMPTY4,
                    team_of)


def _is_seat(seat: Any) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < PLAYERS


def _token(value: Any) -> Card | None:
    try:
        card = Card.parse(value)
    except CardError:
        return None
    return card if DECK.accepts(card) and not card.declared else None


def _exposure(value: Any) -> tuple[Card, ...] | None:
    """An exposure's cards: one card (``"H-9"``) or, with two decks, two (``["H-9", "H-9"]``,
    SJ-2D-8); None when the value is neither."""
    if isinstance(value, str):
        card = _token(value)
        return (card,) if card is not None else None
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, str) for v in value):
        cards = tuple(_token(v) for v in value)
        return None if None in cards else cards  # type: ignore[return-value]
    return None


def _exposure_value(cards: tuple[Card, ...]) -> Any:
    """The action's value for an exposure: a token, or a pair's two tokens."""
    return cards[0].token if len(cards) == 1 else tuple(c.token for c in cards)


def _exposed_json(state: State) -> dict[str, Any] | None:
    """The standing exposure as README §4.6 writes it: ``{"seat", "cards": [card]}`` or a pair."""
    if state.exposed is None:
        return None
    return {"seat": state.exposed[0], "cards": [c.token for c in state.exposed[1]]}


class Shengji(Game):
    """Shengji, one deck (shengji.md; the seed's rules by default)."""

    name = "shengji"
    title = {"en": "Shengji", "ja": "升級"}
    phases = PHASES
    Flags = Flags
    deal_flags = ("first_drawer", "start_level")  # decided at the deal: not offered by the compare panel (tutor/compare.py)
    table_flags = ("players", "decks")  # a position is dealt for these (tutor/compare.py)
    rule_prefix = "SJ"
    kinds = ("legal", "classify", "trick", "score", "steps")
    direction = "counterclockwise"  # SJ-PLAYERS-1 (反時計回り)
    passes_in_play = False  # every turn of play is cards (SJ-FOLLOW-5)

    def partner(self, state: Any, seat: int) -> int | None:
        return (seat + 2) % PLAYERS  # SJ-PLAYERS-1

    # ------------------------------------------------------------------ quizzes (tutor/quiz, .quiz)
    @property
    def quiz_outcomes(self):  # the outcome questions (tutor/games/shengji/quiz.py)
        from .quiz import OUTCOMES
        return OUTCOMES

    def quiz_kinds(self):
        from .quiz import KINDS
        return KINDS

    # ------------------------------------------------------------------ hints (tutor/hints.py, .hints)
    def hint_focus(self, state: State, seat: int, action: Action | None, in_turn: bool = True) -> Any:
        from . import hints
        return hints.hint_focus(self, state, seat, action, in_turn)

    def hint_options(self, state: State, seat: int, action: Action | None, in_turn: bool = True) -> Any:
        from . import hints
        return hints.hint_options(self, state, seat, action, in_turn)

    def hint_cards(self, state: State, seat: int, action: Action) -> Any:
        from . import hints
        return hints.hint_cards(self, state, seat, action)

    def display_parts(self, state: State, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
        from .display import display_parts
        return display_parts(self, state, view, seat, lang)

    # ------------------------------------------------------------------ dealing
    def new_game(self, flags: Flags, seed: int | str) -> State:
        first = flags.first_drawer if flags.first_drawer >= 0 else derive(seed, "shengji-first-drawer").below(PLAYERS)
        session = Session(hand_no=1, levels=(flags.start_level, flags.start_level), dealer=None, first_drawer=first,
                          first_hand=True)
        state = State(flags=flags, seed=seed, phase="draw", hands=_EMPTY4, to_act=first,
                      trump_rank=flags.start_level, session=session)
        return self._deal(state)

    def _deal(self, state: State) -> State:
        """SJ-DEAL-1/2: a shuffled deck; the first drawer draws first; the last six are the kitty."""
        deck = list(deck_of(state.flags).cards())
        derive(state.seed, "shengji-deal", state.hand_no).shuffle(deck)
        dealt = PLAYERS * hand_size(state.flags)
        stock, kitty = tuple(deck[:dealt]), tuple(deck[dealt:])
        first = state.session.first_drawer
        log = state.log + (_event("sj.event.deal", ("SJ-DEAL-1", "SJ-DEAL-2", "SJ-DECK-2"), hand=state.hand_no,
                                  seat=first, rank=state.trump_rank),)
        return replace(state, phase="draw", hands=_EMPTY4, to_act=first, trump_suit=None, stock=stock, kitty=kitty,
                       exposed=None, chance_open=False, last_drawer=None, kitty_turned=0, turned=(), buried=(),
                       trick=(), trick_no=1, leader=None, trick_closed=False, last_trick=None,
                       points=(0,) * PLAYERS, won=_EMPTY4, penalty=0, failed_throw=None, set_aside=(),
                       voids=(frozenset(),) * PLAYERS, result=None, log=log)

    def next_hand(self, state: State) -> State:
        """After the score: the next hand, dealt by the next dealer at its team's level (SJ-NEXT-1…3,
        SJ-DEAL-2: the dealer draws first). The game's end (SJ-END-1) deals no more."""
        ses = state.session
        if state.phase != "score" or ses.next_dealer is None or ses.game_over:
            return state
        dealer = ses.next_dealer
        rank = ses.levels[dealer % 2]
        session = replace(ses, hand_no=ses.hand_no + 1, dealer=dealer, first_drawer=dealer, next_dealer=None,
                          first_hand=False)
        nxt = replace(state, session=session, trump_rank=rank,
                      log=state.log + (_event("sj.event.next_hand", ("SJ-NEXT-3", "SJ-DEAL-2"), hand=ses.hand_no + 1,
                                              seat=dealer, rank=rank),))
        return self._deal(nxt)

    def session(self, state: State) -> dict[str, Any]:
        ses = state.session
        return {"hand_no": ses.hand_no, "scores": None, "target": None, "dealer": ses.dealer,
                "next_dealer": ses.next_dealer, "next_first_bidder": None, "game_over": ses.game_over,
                "winner": ses.winner, "levels": {t: ses.levels[i] for i, t in enumerate(TEAMS)}}

    def game_over(self, state: State) -> bool:
        return state.session.game_over

    # ------------------------------------------------------------------ queries
    def to_act(self, state: State) -> int | None:
        return state.to_act

    def round_over(self, state: State) -> bool:
        return state.phase == "score"

    def order(self, state: State):  # noqa: ANN201 - a TrumpOrder
        return trump_order(state.trump_rank, state.trump_suit)

    def first_hand(self, state: State) -> bool:
        """SJ-DECLARE-3: the first hand of the game, whose dealer the draw decides."""
        return state.session.first_hand

    def all_cards(self, state: State) -> list[Card]:
        cards = [c for h in state.hands for c in h] + list(state.stock) + list(state.kitty) + list(state.buried)
        cards += [c for e in state.trick for c in e.cards] + list(state.set_aside)
        return cards + [c for pile in state.won for c in pile]

    def check_value(self, state: State, key: str) -> Any:
        if key == "trump_suit":
            return state.trump_suit
        if key == "trump_rank":
            return state.trump_rank
        if key == "dealer":
            return state.dealer
        if key == "kitty_turned":
            return state.kitty_turned
        if key == "exposed":
            return _exposed_json(state)
        if key == "levels":
            return {t: state.levels[i] for i, t in enumerate(TEAMS)}
        if key == "trick_no":
            return state.trick_no
        if key == "P" and state.result:
            return state.result["P"]
        if key == "nondealer_points":
            return self.nondealer_points(state)
        raise KeyError(key)

    def nondealer_points(self, state: State) -> int:
        """SJ-POINTS-2: the card points the non-dealer team has taken in tricks so far."""
        if state.dealer is None:
            return 0
        return sum(state.points[s] for s in range(PLAYERS) if team_of(s) != team_of(state.dealer))

    # ------------------------------------------------------------------ windows: exposing
    def window(self, state: State) -> Any:
        """After each drawn card, the chance to expose a trump-rank card, asked in turn order from
        the seat that drew (SJ-DEAL-3); none once a card is exposed (SJ-DECLARE-1), except that
        with two decks a pair may still override an exposed single (SJ-2D-8)."""
        from ...windows import Window
        if state.phase != "draw" or not state.chance_open or not self._may_expose(state):
            return None
        start = state.last_drawer if state.last_drawer is not None else 0
        order = tuple((start + k) % PLAYERS for k in range(PLAYERS))
        if not any(self._exposable(state, s) for s in order):
            return None
        if state.exposed is not None:  # only a pair may still come, over the single (SJ-2D-8)
            return Window("override", order, ("SJ-2D-8", "SJ-DEAL-3"))
        return Window("expose", order, ("SJ-DECLARE-1", "SJ-DEAL-3"))

    def _may_expose(self, state: State) -> bool:
        """Whether an exposure can still come: none stands, or (two decks, ``declare_override``)
        a single stands that a pair may override (SJ-2D-8)."""
        if state.exposed is None:
            return True
        return self._overridable(state)

    def _overridable(self, state: State) -> bool:
        return (state.flags.decks == 2 and state.flags.declare_override and state.exposed is not None
                and len(state.exposed[1]) == 1)

    def _exposable(self, state: State, seat: int) -> list[tuple[Card, ...]]:
        """The exposures ``seat`` may make now: each trump-rank card it holds, and with two decks
        each pair of identical ones (SJ-DECLARE-1, SJ-2D-8); only the pairs over a single."""
        if not self._may_expose(state):
            return []
        held = [c for c in state.hands[seat] if c.rank == state.trump_rank and not c.special]
        distinct = list(dict.fromkeys(held))
        pairs = [(c, c) for c in distinct if held.count(c) >= 2] if state.flags.decks == 2 else []
        if state.exposed is not None:
            return pairs
        return [(c,) for c in distinct] + pairs

    def close_window(self, state: State) -> State:
        """Nobody exposes after this card: the draw goes on; after the last card the draw ends."""
        if state.phase == "draw" and state.chance_open:
            state = replace(state, chance_open=False)
        if state.phase == "draw" and not state.stock and not state.chance_open:
            state = self._end_draw(state)
        if state.phase == "kitty_flip":
            state = self._flip_kitty(state)
        return state

    def settle(self, state: State) -> State:
        """The position settled (rules/README.md §4.2): open chances declined and the automatic
        steps run up to the next decision. The draw is automatic in the spec: it runs to its end,
        every chance to expose declined."""
        state = self.close_window(state)
        while state.phase == "draw" and state.to_act is not None and state.stock:
            state = self.close_window(self._draw(state, state.to_act))
        return state

    def _end_draw(self, state: State) -> State:
        """The draw is over: with an exposure the dealer takes the kitty (SJ-DECLARE-3/4, SJ-KITTY-1);
        without one the first hand's dealer is the first drawer and the kitty is turned (SJ-DECLARE-5)."""
        dealer = state.dealer
        log = state.log
        if dealer is None:  # the first hand and nobody exposed (an exposure made its exposer the dealer)
            dealer = state.exposed[0] if state.exposed is not None else state.session.first_drawer
            log += (_event("sj.event.dealer_first_drawer", ("SJ-DECLARE-3",), seat=dealer),)
        state = replace(state, session=replace(state.session, dealer=dealer), log=log)
        if state.exposed is None:
            return replace(state, phase="kitty_flip", to_act=None,
                           log=state.log + (_event("sj.event.no_exposure", ("SJ-DECLARE-5",)),))
        return self._take_kitty(state)

    def _flip_kitty(self, state: State) -> State:
        """SJ-DECLARE-5/6: the kitty turned one card at a time: the first trump-rank card fixes the
        trump suit; with none, the suit of the highest card turned (the first of equals, jokers
        ignored). The turned cards are public and go to the dealer (SJ-DECLARE-7)."""
        from ...tricktaking import RANK_ORDER
        kitty = state.kitty
        turned: list[Card] = []
        suit = None
        rules: tuple[str, ...] = ("SJ-DECLARE-5",)
        for card in kitty:
            turned.append(card)
            if not card.special and card.rank == state.trump_rank:
                suit = card.suit
                break
        if suit is None:
            plain = [c for c in turned if not c.special]
            if plain:
                best = max(RANK_ORDER.index(c.rank) for c in plain)
                suit = next(c.suit for c in plain if RANK_ORDER.index(c.rank) == best)
            else:  # six jokers cannot be: one deck holds two (kept total for a hand-made scenario)
                suit = "S"
            rules = ("SJ-DECLARE-6",)
        log = state.log + (_event("sj.event.kitty_turned", rules + ("SJ-DECLARE-7",), cards=[c.token for c in turned],
                                  suit=suit),)
        state = replace(state, trump_suit=suit, kitty_turned=len(turned), turned=tuple(turned), log=log)
        return self._take_kitty(state)

    def _take_kitty(self, state: State) -> State:
        dealer = state.dealer
        assert dealer is not None
        order = trump_order(state.trump_rank, state.trump_suit)
        hands = tuple(sort_hand(order, h) for h in state.hands)
        hands = _set(hands, dealer, sort_hand(order, hands[dealer] + state.kitty))
        return replace(state, phase="bury", hands=hands, kitty=(), to_act=dealer, chance_open=False,
                       log=state.log + (_event("sj.event.take_kitty", ("SJ-KITTY-1",), seat=dealer, count=kitty_size(state.flags)),))

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, state: State, seat: int | None = None, in_turn: bool = True) -> list[Action]:
        if seat is None:
            seat = state.to_act
        if seat is None or not _is_seat(seat):
            return []
        if not in_turn:
            if self.window(state) is None:
                return []
            return [Decision("expose", _exposure_value(cards)) for cards in self._exposable(state, seat)]
        if seat != state.to_act:
            return []
        if state.phase == "draw":
            return [Decision("draw", True)] if state.stock else []
        if state.phase == "bury":
            return list(self._bury_spec(state, seat).expand())
        if state.phase == "play":
            return [Play(cards) for cards in self._plays(state, seat)]
        return []

    def _plays(self, state: State, seat: int) -> list[tuple[Card, ...]]:
        order = self.order(state)
        hand = state.hands[seat]
        two = state.flags.decks == 2
        if state.trick:
            led = state.trick[0].cards
            if not two:  # one deck: no two cards alike, so no two sets alike either
                return list(follow_sets(order, hand, led))
            if len(led) == 1:
                return [(c,) for c in dict.fromkeys(c for (c,) in follow_sets(order, hand, led))]
            led_shape = shape(led, state.trump_rank, state.trump_suit)
            assert led_shape is not None, "a two-deck lead is a single, a pair or a tractor (SJ-2D-10)"
            return follow_plays(hand, led_shape, state.trump_rank, state.trump_suit)
        if two:  # SJ-2D-10: a single, a pair or a tractor
            return [(c,) for c in dict.fromkeys(hand)] + self._shapes_held(state, hand)
        singles = [(c,) for c in hand]
        if not state.flags.multi_lead:
            return singles
        others = [c for s in range(PLAYERS) if s != seat for c in state.hands[s]]
        return singles + list(valid_throws(order, hand, others))

    def _shapes_held(self, state: State, hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
        """Every pair and every tractor ``hand`` holds (SJ-2D-3, SJ-2D-4), as leads."""
        return [play for by_step in pair_steps(hand, state.trump_rank, state.trump_suit).values()
                for play in runs(by_step)]

    def has_legal(self, state: State, seat: int | None = None, in_turn: bool = True) -> bool:
        """In play the seat to act always has a play (SJ-FOLLOW-5: every hand holds as many cards
        as were led), so no list is built to know it."""
        if seat is None:
            seat = state.to_act
        if in_turn and state.phase == "play" and seat is not None and seat == state.to_act and _is_seat(seat):
            return bool(state.hands[seat])
        return super().has_legal(state, seat, in_turn)

    def _short_of_shape_suit(self, state: State, seat: int | None, in_turn: bool) -> tuple[list[Card], list[Card], int] | None:
        """A two-deck follower of a pair or a tractor holding fewer cards of its suit than were
        led: (the suit's cards it must play, the rest, how many of the rest it adds); else None."""
        if not (in_turn and state.phase == "play" and state.trick and state.flags.decks == 2
                and seat is not None and seat == state.to_act and len(state.trick[0].cards) > 1):
            return None
        led = state.trick[0].cards
        order = self.order(state)
        g = group(order, led[0])
        same = [c for c in state.hands[seat] if group(order, c) == g]
        if len(same) >= len(led):
            return None
        rest = [c for c in state.hands[seat] if group(order, c) != g]
        return same, rest, len(led) - len(same)

    def short_options(self, state: State, seat: int | None, in_turn: bool = True) -> tuple[list[Action], int] | None:
        """Short of a tractor's suit (two decks): all of the suit and any other cards, up to
        C(25, 8) sets; the bot's few (the cheapest, the richest, the ruffs) and the count."""
        if seat is None:
            seat = state.to_act
        short = self._short_of_shape_suit(state, seat, in_turn)
        if short is None:
            return None
        _, rest, free = short
        from .bot import follow_options
        total = ChooseCards("free", tuple(rest), free).count()  # different sets of the free cards
        return [Play(cards) for cards in follow_options(self, state, seat)], total

    def legal_sample(self, state: State, seat: int | None, rng: Any, in_turn: bool = True) -> list[Action]:
        """A follower short of a pair's or a tractor's suit (two decks) plays all of it and any
        other cards: ``C(25, 8)`` sets after a four-pair tractor. One is drawn at random (every
        legal set may come, not each equally often); everywhere else, every legal action."""
        if seat is None:
            seat = state.to_act
        short = self._short_of_shape_suit(state, seat, in_turn)
        if short is None:
            return self.legal_actions(state, seat, in_turn=in_turn)
        same, rest, free = short
        picked = list(rest)
        rng.shuffle(picked)
        return [Play(tuple(same) + tuple(picked[:free]))]

    def legal_for_cards(self, state: State, cards: Any, seat: int | None = None,
                        in_turn: bool = True) -> list[Action]:
        """No Shengji card is wild, so a selection is one play: judged directly, not found in a
        list (two decks: a void follower of a tractor has tens of thousands of plays)."""
        action = Play(tuple(cards))
        return [action] if self._judge(state, action, seat, in_turn).legal else []

    def _bury_spec(self, state: State, seat: int) -> ChooseCards:
        """SJ-KITTY-1: any six of the dealer's 18 cards, as one "choose 6" decision."""
        return ChooseCards("bury", state.hands[seat], kitty_size(state.flags), rule_ids=("SJ-KITTY-1",))

    def decision_spec(self, state: State, seat: int | None = None, in_turn: bool = True) -> ChooseCards | None:
        if seat is None:
            seat = state.to_act
        if seat is None or not in_turn or seat != state.to_act or state.phase != "bury":
            return None
        return self._bury_spec(state, seat)

    def decision_options(self, state: State, seat: int) -> list[Action] | None:
        if state.phase == "draw" and seat == state.to_act and state.stock:
            return [Decision("draw", True)]
        return None

    def action_params(self, action: Any) -> dict[str, Any]:
        if action.key == "expose":
            return {"cards": [action.value] if isinstance(action.value, str) else list(action.value)}
        if action.key == "bury":
            return {"cards": list(action.value)}
        return super().action_params(action)

    # ------------------------------------------------------------------ explain
    def explain(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> Verdict:
        return self._judge(state, action, seat, in_turn)

    def _judge(self, state: State, action: Action, seat: int | None, in_turn: bool) -> Verdict:
        if seat is None:
            seat = state.to_act
        if state.phase == "score":
            return _no("sj.hand_over", ("SJ-SCORE-1",))
        if seat is None:
            return _no("sj.automatic", ("SJ-DEAL-1",))
        if not _is_seat(seat):
            return _no("common.bad_seat", (), seat=seat, players=PLAYERS)
        if isinstance(action, Decision) and action.key == "expose":
            return self._judge_expose(state, action, seat, in_turn)
        if not in_turn:
            return _no("sj.only_expose_out_of_turn", ("SJ-DECLARE-1",))
        if seat != state.to_act:
            rule = {"draw": "SJ-DEAL-1", "bury": "SJ-KITTY-1"}.get(state.phase, "SJ-LEAD-1")
            return _no("common.not_your_turn", (rule,), seat=seat, to_act=state.to_act)
        if state.phase == "draw":
            if not (isinstance(action, Decision) and action.key == "draw" and action.value is True):
                return _no("common.wrong_phase", ("SJ-DEAL-1",), phase="draw", expected='{"draw": true}')
            if not state.stock:
                return _no("sj.stock_empty", ("SJ-DEAL-1",))
            return _yes("sj.ok.draw", ("SJ-DEAL-1",), left=len(state.stock) - 1)
        if state.phase == "bury":
            return self._judge_bury(state, action, seat)
        return self._judge_play(state, action, seat)

    def _judge_expose(self, state: State, action: Decision, seat: int, in_turn: bool) -> Verdict:
        two = state.flags.decks == 2
        cards = _exposure(action.value)
        if cards is None or (len(cards) == 2 and not two):
            if two:
                return _no("sj.expose_cards", ("SJ-DECLARE-2", "SJ-2D-8"), value=short_value(action.value))
            return _no("sj.expose_one_card", ("SJ-DECLARE-2",), value=short_value(action.value))
        tokens = [c.token for c in cards]
        if state.phase != "draw":
            return _no("sj.expose_after_draw", ("SJ-DECLARE-1",))
        if in_turn:  # an exposure is made in the chance after a card is drawn, out of turn (SJ-DEAL-3)
            return _no("sj.expose_between_draws", ("SJ-DEAL-3", "SJ-DECLARE-1"))
        if len(cards) == 2 and cards[0] != cards[1]:
            return _no("sj.expose_pair_identical", ("SJ-2D-3", "SJ-2D-8"), cards=tokens)
        if not multiset_contains(state.hands[seat], cards):
            absent, _ = shortfall(state.hands[seat], cards)
            return _no("common.not_in_hand", ("SJ-DECLARE-1",), cards=[c.token for c in absent] or tokens)
        if cards[0].special or cards[0].rank != state.trump_rank:
            return _no("sj.expose_rank", ("SJ-DECLARE-1", "SJ-DECK-2"), cards=tokens, rank=state.trump_rank)
        standing = state.exposed
        if standing is not None:
            before = [c.token for c in standing[1]]
            if not self._overridable(state):
                if len(standing[1]) == 2:  # a pair is never overridden (SJ-2D-8)
                    return _no("sj.already_exposed_pair", ("SJ-2D-8",), seat=standing[0], cards=before)
                rules = ("SJ-DECLARE-1", "SJ-2D-8") if two else ("SJ-DECLARE-1",)
                return _no("sj.already_exposed", rules, seat=standing[0], cards=before)
            if len(cards) == 1:
                return _no("sj.override_needs_pair", ("SJ-2D-8",), seat=standing[0], cards=before)
        if not state.chance_open:
            return _no("sj.expose_between_draws", ("SJ-DEAL-3",))
        first = self.first_hand(state)
        rules = ("SJ-DECLARE-1", "SJ-DECLARE-3" if first else "SJ-DECLARE-4")
        if standing is not None:
            key = "sj.ok.override_own" if standing[0] == seat else "sj.ok.override_dealer" if first else "sj.ok.override"
            return _yes(key, rules + ("SJ-2D-8",), cards=tokens,
                        suit=cards[0].suit, seat=seat, before=standing[0], before_cards=[c.token for c in standing[1]])
        key = "sj.ok.expose_dealer" if first else "sj.ok.expose"
        return _yes(key, rules + (("SJ-2D-8",) if len(cards) == 2 else ()), cards=tokens, suit=cards[0].suit, seat=seat)

    def _read_bury(self, action: Action) -> list[Card] | None:
        if not (isinstance(action, Decision) and action.key == "bury" and isinstance(action.value, tuple)):
            return None
        cards = [_token(v) for v in action.value]
        return None if any(c is None for c in cards) else cards  # type: ignore[return-value]

    def _judge_bury(self, state: State, action: Action, seat: int) -> Verdict:
        if not (isinstance(action, Decision) and action.key == "bury"):
            return _no("common.wrong_phase", ("SJ-KITTY-1",), phase="bury", expected=f'{{"bury": [{kitty_size(state.flags)} cards]}}')
        cards = self._read_bury(action)
        if cards is None or len(cards) != kitty_size(state.flags):
            return _no("sj.bury_six", ("SJ-KITTY-1",), count=kitty_size(state.flags))
        if not multiset_contains(state.hands[seat], cards):
            absent, repeated = shortfall(state.hands[seat], cards)
            if absent:
                return _no("common.not_in_hand", ("SJ-KITTY-1",), cards=[c.token for c in absent])
            return _no("sj.bury_repeat", ("SJ-KITTY-1",), cards=[c.token for c in repeated])
        worth = points(cards)
        if worth:
            if state.flags.kitty_multiplier_by_shape:
                return _yes("sj.ok.bury_points_shape", ("SJ-KITTY-1", "SJ-KITTY-3", "SJ-2D-9"), points=worth,
                            count=len(cards), double=worth * self.kitty_multiplier(state.flags, 1))
            return _yes("sj.ok.bury_points", ("SJ-KITTY-1", "SJ-KITTY-3"), points=worth, count=len(cards),
                        double=worth * state.flags.kitty_multiplier)
        return _yes("sj.ok.bury", ("SJ-KITTY-1", "SJ-KITTY-2"), count=len(cards))

    def _read_play(self, action: Action) -> tuple[Card, ...] | None:
        if not isinstance(action, Play) or action.type is not None:
            return None
        return tuple(action.cards)

    def _judge_play(self, state: State, action: Action, seat: int) -> Verdict:
        cards = self._read_play(action)
        if cards is None:
            return _no("common.wrong_phase", ("SJ-LEAD-1",), phase="play", expected="[cards]")
        bad = [c.token for c in cards if c.declared or not DECK.accepts(c)]
        if bad:
            return _no("common.not_in_deck", ("SJ-DECK-1",), cards=bad)
        hand = state.hands[seat]
        if not multiset_contains(hand, cards):
            absent, _ = shortfall(hand, cards)
            return _no("common.not_in_hand", ("SJ-LEAD-1",), cards=[c.token for c in absent or cards])
        order = self.order(state)
        if not state.trick:
            return self._judge_lead(state, seat, cards, order)
        led = state.trick[0].cards
        k = len(led)
        if len(cards) != k:
            more = ("SJ-2D-5" if k == 2 else "SJ-2D-6",) if state.flags.decks == 2 else ("SJ-THROW-4",)
            return _no("sj.play_count", ("SJ-FOLLOW-5",) + more if k > 1 else ("SJ-FOLLOW-5",), count=k)
        g = group(order, led[0])
        if state.flags.decks == 2 and k > 1:
            return self._judge_follow_shape(state, seat, hand, led, cards, g)
        if not follows(order, hand, led, cards):
            held = sum(1 for c in hand if group(order, c) == g)
            if k == 1:
                rule = "SJ-FOLLOW-1" if g == TRUMP else "SJ-FOLLOW-2"
                return _no("sj.must_follow_trump" if g == TRUMP else "sj.must_follow", (rule, "SJ-RANK-4"),
                           suit=g, cards=[c.token for c in cards])
            return _no("sj.must_follow_throw", ("SJ-THROW-4", "SJ-FOLLOW-4"), suit=g, need=min(k, held), count=k)
        matching = all(group(order, c) == g for c in cards)
        if k == 1:
            card = cards[0]
            if matching:
                rules = ("SJ-FOLLOW-1",) if g == TRUMP else ("SJ-FOLLOW-2",)
                key = "sj.ok.follow_trump" if g == TRUMP else "sj.ok.follow"
                if g != TRUMP and card.suit != g:
                    key = "sj.ok.follow"
                verdict = _yes(key, rules + ("SJ-RANK-4",), suit=g)
            elif group(order, card) == TRUMP:
                verdict = _yes("sj.ok.void_trump", ("SJ-FOLLOW-3", "SJ-RANK-1"), suit=g)
            else:
                verdict = _yes("sj.ok.void", ("SJ-FOLLOW-3",), suit=g)
        else:
            verdict = _yes("sj.ok.follow_throw", ("SJ-THROW-4",), suit=g, count=k)
        return self._with_outcome(state, seat, cards, verdict)

    def _judge_follow_shape(self, state: State, seat: int, hand: tuple[Card, ...], led: tuple[Card, ...],
                            cards: tuple[Card, ...], g: str) -> Verdict:
        """Following a pair (SJ-2D-5) or a tractor (SJ-2D-6) with as many cards."""
        r, t = state.trump_rank, state.trump_suit
        led_shape = shape(led, r, t)
        assert led_shape is not None, "a two-deck lead is a single, a pair or a tractor (SJ-2D-10)"
        problem = follow_problem(hand, led_shape, cards, r, t)
        if problem is not None:
            key, rules, params = problem
            return _no(key, rules, suit=g, **params)
        rule = "SJ-2D-5" if led_shape.kind == PAIR else "SJ-2D-6"
        got = shape(cards, r, t)
        same_shape = got is not None and got.kind == led_shape.kind and got.pairs == led_shape.pairs
        order = self.order(state)
        held = sum(1 for c in hand if group(order, c) == g)
        if same_shape and got.group == g:  # type: ignore[union-attr]
            verdict = _yes("sj.ok.follow_pair" if led_shape.kind == PAIR else "sj.ok.follow_tractor", (rule,),
                           suit=g, count=led_shape.pairs)
        elif all(group(order, c) == g for c in cards):
            pairs = pair_count(cards, g, r, t)
            verdict = _yes("sj.ok.follow_cards" if pairs else "sj.ok.follow_cards_no_pair", (rule,), suit=g,
                           count=len(cards), pairs=pairs)
        elif same_shape and got.group == TRUMP:  # type: ignore[union-attr]
            verdict = _yes("sj.ok.ruff_shape", (rule, "SJ-2D-7"), suit=g, count=led_shape.pairs)
        elif held:
            verdict = _yes("sj.ok.follow_short", (rule, "SJ-2D-7"), suit=g, held=held, count=len(cards))
        else:
            verdict = _yes("sj.ok.follow_void", (rule, "SJ-2D-7"), suit=g, count=len(cards))
        return self._with_outcome(state, seat, cards, verdict)

    def _judge_lead(self, state: State, seat: int, cards: tuple[Card, ...], order: Any) -> Verdict:
        if len(cards) == 1:
            g = group(order, cards[0])
            return _yes("sj.ok.lead_trump" if g == TRUMP else "sj.ok.lead", ("SJ-COMBO-1", "SJ-RANK-4"), suit=g)
        if state.flags.decks == 2:  # SJ-2D-10: a pair or a tractor, never a throw
            got = shape(cards, state.trump_rank, state.trump_suit)
            if got is None:
                key, rules = why_not_lead(cards, state.trump_rank, state.trump_suit)
                return _no(key, rules, cards=[c.token for c in cards], rank=state.trump_rank)
            if got.kind == PAIR:
                return _yes("sj.ok.lead_pair", ("SJ-2D-3", "SJ-2D-5"), suit=got.group)
            return _yes("sj.ok.lead_tractor", ("SJ-2D-4", "SJ-2D-6"), suit=got.group, count=got.pairs)
        if not state.flags.multi_lead:
            return _no("sj.no_throws", ("SJ-COMBO-1", "SJ-COMBO-2"))
        g = same_group(order, cards)
        if g is None:
            return _no("sj.throw_one_suit", ("SJ-THROW-1", "SJ-RANK-4"))
        others = [c for s in range(PLAYERS) if s != seat for c in state.hands[s]]
        if beaten_by(order, cards, others):
            low = lowest(order, cards)
            # only what the rules make public: a higher card of the suit is out, never where
            return _no("sj.throw_fails", ("SJ-THROW-2", "SJ-THROW-3"), suit=g, cards=[low.token])
        return _yes("sj.ok.throw", ("SJ-COMBO-2", "SJ-THROW-1", "SJ-THROW-2"), suit=g, count=len(cards))

    def _with_outcome(self, state: State, seat: int, cards: tuple[Card, ...], verdict: Verdict) -> Verdict:
        """A legal follow also says who holds the trick with it so far (only the cards on the table)."""
        plays = [(e.seat, e.cards) for e in state.trick] + [(seat, cards)]
        winner, rule = trick_winner(self.order(state), plays)
        last = len(plays) == PLAYERS  # the trick is complete: no longer "so far"
        if winner == seat:
            more = (("sj.outcome.takes" if last else "sj.outcome.wins", {}),)
        else:
            more = (("sj.outcome.taken" if last else "sj.outcome.loses", {"seat": winner}),)
        rules = verdict.rule_ids + ((rule,) if rule not in verdict.rule_ids else ())
        return replace(verdict, rule_ids=rules, more=more)

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> State:
        if seat is None:
            seat = state.to_act
        verdict = self._judge(state, action, seat, in_turn)
        if not verdict.legal:
            raise IllegalAction(verdict)
        assert seat is not None
        if isinstance(action, Decision) and action.key == "expose":
            return self._expose(state, seat, _exposure(action.value))  # type: ignore[arg-type]
        if state.phase == "draw":
            return self._draw(state, seat)
        if state.phase == "bury":
            return self._bury(state, seat, self._read_bury(action))  # type: ignore[arg-type]
        return self._play(state, seat, self._read_play(action))  # type: ignore[arg-type]

    def _draw(self, state: State, seat: int) -> State:
        """SJ-DEAL-1: the top card of the stock to ``seat`` (public: only that a card was drawn)."""
        card, stock = state.stock[0], state.stock[1:]
        hands = _set(state.hands, seat, tuple(sorted(state.hands[seat] + (card,), key=card_sort_key)))
        nxt = (seat + 1) % PLAYERS if stock else None
        return replace(state, hands=hands, stock=stock, to_act=nxt, chance_open=True, last_drawer=seat,
                       log=state.log + (_event("sj.event.draw", ("SJ-DEAL-1",), seat=seat, left=len(stock)),))

    def _expose(self, state: State, seat: int, cards: tuple[Card, ...]) -> State:
        """SJ-DECLARE-1…4: the card's suit is trumps; in the first hand its holder becomes the dealer.
        A pair over a single overrides it (SJ-2D-8): its suit is trumps, and in the first hand the
        overrider deals (A13)."""
        first = self.first_hand(state)
        session = replace(state.session, dealer=seat) if first else state.session
        rules: tuple[str, ...] = ("SJ-DECLARE-1", "SJ-DECLARE-3" if first else "SJ-DECLARE-4")
        suit = cards[0].suit
        if state.exposed is not None:
            key = "sj.event.override_own" if state.exposed[0] == seat else \
                "sj.event.override_dealer" if first else "sj.event.override"
            rules += ("SJ-2D-8",)
            event = _event(key, rules, seat=seat, cards=[c.token for c in cards], suit=suit, before=state.exposed[0],
                           before_cards=[c.token for c in state.exposed[1]])
        else:
            key = "sj.event.expose_dealer" if first else "sj.event.expose"
            rules += ("SJ-2D-8",) if len(cards) == 2 else ()
            event = _event(key, rules, seat=seat, cards=[c.token for c in cards], suit=suit)
        return replace(state, exposed=(seat, cards), trump_suit=suit, session=session, chance_open=False,
                       log=state.log + (event,))

    def _bury(self, state: State, seat: int, cards: list[Card]) -> State:
        order = self.order(state)
        hands = _set(state.hands, seat, sort_hand(order, multiset_remove(state.hands[seat], cards)))
        return replace(state, hands=hands, buried=tuple(cards), phase="play", to_act=seat, leader=seat, trick=(),
                       trick_no=1, trick_closed=False,
                       log=state.log + (_event("sj.event.bury", ("SJ-KITTY-1", "SJ-KITTY-2"), seat=seat, count=len(cards)),
                                        _event("sj.event.first_lead", ("SJ-LEAD-1",), seat=seat)))

    def _play(self, state: State, seat: int, cards: tuple[Card, ...], rules: tuple[str, ...] = ()) -> State:
        order = self.order(state)
        hands = _set(state.hands, seat, multiset_remove(state.hands[seat], cards))
        voids = state.voids
        if state.trick:
            g = group(order, state.trick[0].cards[0])
            held = sum(1 for c in cards if group(order, c) == g)
            if held < len(cards):  # SJ-FOLLOW-3: it had no more of the led suit (public)
                voids = _set(voids, seat, voids[seat] | {g})
        kind = "sj.event.throw" if len(cards) > 1 and not state.trick and state.flags.decks == 1 else "sj.event.play"
        event = _event(kind, rules or (("SJ-LEAD-1",) if not state.trick else ("SJ-FOLLOW-5",)), seat=seat,
                       cards=[c.token for c in cards])
        trick = state.trick + (Entry(seat, tuple(cards)),)
        state = replace(state, hands=hands, trick=trick, voids=voids, trick_closed=False, leader=trick[0].seat,
                        log=state.log + (event,))
        if len(trick) < PLAYERS:
            return replace(state, to_act=(seat + 1) % PLAYERS)
        return self._end_trick(state)

    def _end_trick(self, state: State) -> State:
        """SJ-TRICK-1…4: the winner takes the trick and leads next (SJ-LEAD-1)."""
        plays = [(e.seat, e.cards) for e in state.trick]
        winner, rule = trick_winner(self.order(state), plays)
        cards = [c for e in state.trick for c in e.cards]
        worth = points(cards)
        pts = _set(state.points, winner, state.points[winner] + worth)
        won = _set(state.won, winner, state.won[winner] + tuple(cards))
        last = {"trick": [e.to_json() for e in state.trick], "winner": winner, "points": worth, "rule": rule,
                "trick_no": state.trick_no}
        log = state.log + (_event("sj.event.trick_won", (rule, "SJ-TRICK-4"), seat=winner, points=worth,
                                  trick=state.trick_no),)
        state = replace(state, points=pts, won=won, trick=(), trick_closed=True, last_trick=last,
                        trick_no=state.trick_no + 1, leader=winner, to_act=winner, log=log)
        if not any(state.hands):
            return self._finish(state, winner, len(plays[0][1]))
        return state

    def kitty_multiplier(self, flags: Flags, last_trick_cards_each: int) -> int:
        """SJ-POINTS-3's multiplier, or with ``kitty_multiplier_by_shape`` (two decks, SJ-2D-9)
        2 × the cards each player gave to the last trick."""
        if flags.kitty_multiplier_by_shape:
            return kitty_multiplier_by_shape(last_trick_cards_each)
        return flags.kitty_multiplier

    def _finish(self, state: State, last_winner: int, last_trick_cards_each: int = 1) -> State:
        """SJ-KITTY-3, SJ-POINTS-2/3, SJ-SCORE-1…3, SJ-NEXT-1/2, SJ-END-1/2, SJ-2D-2, SJ-2D-9: the
        hand's result."""
        dealer = state.dealer
        assert dealer is not None
        r = hand_result(dealer, state.levels, self.nondealer_points(state), last_winner, state.buried,
                        self.kitty_multiplier(state.flags, last_trick_cards_each), state.flags.end_level,
                        state.penalty, decks=state.flags.decks)
        if state.flags.kitty_multiplier_by_shape and r["kitty_points"]:
            r["rule_ids"] = r["rule_ids"] + ["SJ-2D-9"]
        levels = tuple(r["levels_after"][t] for t in TEAMS)
        session = replace(state.session, levels=levels, next_dealer=None if r["game_over"] else r["next_dealer"],
                          game_over=r["game_over"], winner=r["game_winner"])
        # the game's end is the session's (``game_over``, ``winner``); the result is this hand's
        result = {**{k: v for k, v in r.items() if k not in ("game_over", "game_winner")},
                  "buried": format_cards(state.buried), "last_trick_winner": last_winner,
                  "trick_points": self.nondealer_points(state), "dealer": dealer}
        shown = "sj.event.kitty_shown" if r["kitty_bonus"] else \
            "sj.event.kitty_shown_dealer" if r["kitty_points"] else "sj.event.kitty_shown_none"
        log = state.log + (_event(shown, ("SJ-KITTY-3", "SJ-POINTS-3"), cards=format_cards(state.buried),
                                  points=r["kitty_points"], bonus=r["kitty_bonus"]),
                           _event("sj.event.hand_end", tuple(r["rule_ids"]), points=r["P"], team=r["hand_winner"],
                                  count=r["steps"]))
        if r["game_over"]:
            log += (_event("sj.event.game_over", ("SJ-END-1",), team=r["game_winner"]),)
        return replace(state, phase="score", to_act=None, session=session, result=result, log=log)

    # ------------------------------------------------------------------ what the leader may know
    def _announced_throw(self, state: State, action: Action, seat: int | None) -> tuple[Card, ...] | None:
        """The cards of ``action`` when it is a throw ``seat`` may announce: the leader, throws on,
        two or more cards of its hand of one effective suit (SJ-COMBO-2, SJ-THROW-1)."""
        cards = self._read_play(action)
        if (cards is None or len(cards) < 2 or state.phase != "play" or state.trick or seat != state.to_act
                or not state.flags.multi_lead or not multiset_contains(state.hands[seat], cards)):
            return None
        return cards if same_group(self.order(state), cards) is not None else None

    def announcement(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> Verdict | None:
        """SJ-THROW-2: a throw stands only if no other hand beats it, which its leader cannot see;
        so before it is announced it is only "a throw you may announce" (SJ-THROW-3 if it fails)."""
        if seat is None:
            seat = state.to_act
        cards = self._announced_throw(state, action, seat) if in_turn else None
        if cards is None:
            return None
        order = self.order(state)
        g = same_group(order, cards)
        from .bot import unseen
        best = max((power(order, c) for c in unseen(state, seat) if group(order, c) == g), default=-1)
        if all(power(order, c) > best for c in cards):
            return None  # public facts already make it stand (every higher card is seen): explain says so
        return _yes("sj.ok.announce_throw", ("SJ-COMBO-2", "SJ-THROW-2", "SJ-THROW-3"), suit=g, count=len(cards))

    def decline(self, state: State, seat: int) -> Verdict:
        """Waiting is allowed all through the draw (SJ-DECLARE-1), at a risk the learner should hear;
        over a single (two decks) the single stands unless a pair overrides it later (SJ-2D-8)."""
        if state.exposed is not None:
            return _yes("sj.ok.wait_override", ("SJ-2D-8",), seat=state.exposed[0],
                        cards=[c.token for c in state.exposed[1]])
        return _yes("sj.ok.wait_expose", ("SJ-DECLARE-1",))

    def public_legal(self, state: State, seat: int, in_turn: bool = True) -> list[Action] | None:
        """A leader with throws on may announce any set of two or more cards of one effective suit
        (only the announcement is judged, SJ-THROW-2/3); every other decision is as listed."""
        if not (in_turn and state.phase == "play" and not state.trick and seat == state.to_act
                and state.flags.multi_lead):
            return None
        order = self.order(state)
        hand = state.hands[seat]
        out: list[Action] = [Play((c,)) for c in hand]
        groups: dict[str, list[Card]] = {}
        for c in sorted(hand, key=lambda c: -power(order, c)):  # each throw named from its top card down
            groups.setdefault(group(order, c), []).append(c)
        from itertools import combinations
        for cards in groups.values():
            for k in range(2, len(cards) + 1):
                out.extend(Play(combo) for combo in combinations(cards, k))
        return out

    # ------------------------------------------------------------------ a failed throw
    def attempt(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> State:
        """SJ-THROW-3: an announced throw that another hand beats is shown, and its lowest card is
        led alone; the rest go back to hand; ``throw_fail_penalty`` points go to the non-dealers."""
        if seat is None:
            seat = state.to_act
        verdict = self._judge(state, action, seat, in_turn)
        if verdict.legal or verdict.key != "sj.throw_fails":
            raise IllegalAction(verdict)
        assert seat is not None
        cards = self._read_play(action)
        assert cards is not None
        low = lowest(self.order(state), cards)
        failed = {"seat": seat, "cards": [c.token for c in cards], "led": low.token}
        state = replace(state, penalty=state.penalty + state.flags.throw_fail_penalty, failed_throw=failed,
                        log=state.log + (_event("sj.event.throw_failed", ("SJ-THROW-2", "SJ-THROW-3"), seat=seat,
                                                cards=[c.token for c in cards], led_cards=[low.token],
                                                penalty=state.flags.throw_fail_penalty),))
        return self._play(state, seat, (low,), ("SJ-THROW-3",))

    # ------------------------------------------------------------------ golden kinds
    def trick(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        from .scenario import trick_from_setup
        return trick_from_setup(self, setup)

    def score(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        from .scenario import score_from_setup
        return score_from_setup(self, setup)

    def classify(self, setup: Mapping[str, Any]) -> list[dict[str, Any]]:
        from .scenario import classify_from_setup
        return classify_from_setup(self, setup)

    def from_setup(self, setup: Mapping[str, Any], path: str = "setup") -> State:
        from .scenario import state_from_setup
        return state_from_setup(self, setup, path)

    # ------------------------------------------------------------------ view
    def winning(self, state: State) -> int | None:
        """Who holds the trick so far (every card of it is face up)."""
        if not state.trick or state.trump_suit is None:
            return None
        return trick_winner(self.order(state), [(e.seat, e.cards) for e in state.trick])[0]

    def table_view(self, state: State, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``seat`` may see: its hand, the exposure, the turned kitty, the non-dealers' points
        (face up, SJ-TRICK-4); the buried kitty only to the dealer until the hand is over (SJ-KITTY-2)."""
        if seat is not None and not _is_seat(seat):
            raise TutorError("error.no_seat", seat=short_value(seat), players=PLAYERS)
        from ...flags import flags_to_dict
        dealer = state.dealer
        over = state.phase == "score"
        nondealers = [s for s in range(PLAYERS) if dealer is not None and team_of(s) != team_of(dealer)]
        return {
            "game": self.name, "flags": flags_to_dict(state.flags), "phases": list(PHASES), "phase": state.phase,
            "seat": seat, "to_act": state.to_act, "players": PLAYERS, "hand_no": state.hand_no,
            "hand": format_cards(state.hands[seat]) if seat is not None else None,
            "cards_held": [len(h) for h in state.hands],
            "stock_left": len(state.stock),
            "trump_rank": state.trump_rank, "trump_suit": state.trump_suit,
            "exposed": _exposed_json(state),
            "dealer": dealer, "first_hand": self.first_hand(state), "first_drawer": state.session.first_drawer,
            "levels": {t: state.levels[i] for i, t in enumerate(TEAMS)},
            "scores": list(state.scores),  # the levels as numbers (2 … 14): the running score
            "kitty_turned": format_cards(state.turned),
            "kitty_size": len(state.kitty),
            "buried": format_cards(state.buried) if (seat is not None and seat == dealer) or over else None,
            "buried_count": len(state.buried),
            "trick": [e.to_json() for e in state.trick], "trick_no": state.trick_no, "leader": state.leader,
            "winning": self.winning(state),
            "last_trick": fresh_json(state.last_trick) if state.last_trick else None,
            "nondealer_points": self.nondealer_points(state),
            "points_taken": {str(s): state.points[s] for s in nondealers},
            "point_cards": {str(s): [c.token for c in state.won[s] if points([c])] for s in nondealers},
            "penalty": state.penalty,
            "failed_throw": fresh_json(state.failed_throw) if state.failed_throw else None,
            "voids": {str(s): sorted(v) for s, v in enumerate(state.voids) if v},
            "result": fresh_json(state.result) if state.result else None,
            "session": self.session(state),
        }

