"""Napoleon ナポレオン for five players, as a state machine (rules: ``napoleon.md``, seed: SEED 003).

Phases: ``auction`` (bid a count of honours with a trump suit) → ``call_adjutant`` (Napoleon
names a card) → ``discard`` (Napoleon has taken the kitty and lays three cards away) →
``play`` (ten tricks; right after a led ``JOKER`` its player names a suit in ``joker_suit``)
→ ``score``; ``next_hand`` deals the next game, bidding from this game's Napoleon (NAP-NEXT-1).
What lasts across games (the game number, who opens the bidding, the running totals) is the
``Session`` the state holds; the rest of the state is the game (hand) in play.

The adjutant is secret (NAP-ADJ-2): the state knows who holds the called card (``adjutant``,
``solo``) so that honours can be counted at the end, but ``view`` shows it to nobody but the
holder until the called card is played (or lies face up among the discards), and no event,
verdict or bot reason names it before then.

Readings of the spec chosen here (see also napoleon.md §12 and ``tricks.py``):

* The first game's first bidder (the host/dealer of NAP-BID-2) is seat 0.
* A pass is not final (NAP-BID-6, flag ``pass_is_final``); the auction ends when the four
  others pass in a row after the last bid; five passes and no bid redeal (NAP-BID-7) with the
  same first bidder.
* Naming a card explains only what the namer can know: a card in Napoleon's own hand is a solo
  (NAP-ADJ-3); the kitty is still unseen when the card is named (NAP-ADJ-4), so naming a card
  that turns out to lie there is explained like any other call.
* A called card among the face-up discards reveals the solo game at once (everyone sees it);
  one discarded face down stays secret to the end of the game.
* The holder of the called card knows it is the adjutant from the call on (its view says
  ``my_side: "adjutant"``); Napoleon does not know the adjutant until the card is played, but
  knows whether the game is solo once the kitty is in hand.
* Scenarios may start in the middle of a game: cards in no hand, trick or kitty were played in
  earlier tricks whose winners the setup does not say, so they count for nobody.
* A game is one deal; games follow one another with running totals, with no set end (the seed
  names none): ``advance`` always deals the next game.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ...actions import PASS, Action, Decision, Pass, Play
from ...cards import Card, CardError, format_cards, multiset_contains, multiset_remove, shortfall
from ...choices import ChooseCards
from ...errors import ScenarioError, TutorError, short_value
from ...jsondata import fresh_json
from ...game import Event, Game, IllegalAction, Verdict
from ...game import event as _event, allowed as _yes, refused as _no, replaced_at as _set  # the shared verdict and log helpers
from ...rng import derive
from .reasoning import adjutant_candidates
from .scoring import game_score
from .tricks import (CLUB_3, DECK, JOKER, MIGHTY, SUITS, bid_beats, direction_after, follow_options, honours,
                     is_honour, is_power, lead_suit, sort_hand, trick_winner, void_shown)
from .state import (PHASES, PLAYERS, HAND_SIZE, KITTY_SIZE, TRICKS, MAX_BID, Flags, Entry, _EMPTY5, State, Session)



def _is_seat(seat: Any) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < PLAYERS


def _parse_bid(value: Any) -> tuple[int, str] | None:
    if isinstance(value, tuple) and len(value) == 2:
        n, suit = value
        if isinstance(n, int) and not isinstance(n, bool) and suit in SUITS:
            return n, suit
    return None


def _parse_token(value: Any) -> Card | None:
    try:
        card = Card.parse(value)
    except CardError:
        return None
    return card if DECK.accepts(card) and not card.declared else None


class Napoleon(Game):
    """Napoleon (Alteil.Net rules, napoleon.md)."""

    name = "napoleon"
    title = {"en": "Napoleon", "ja": "ナポレオン"}
    phases = PHASES
    Flags = Flags
    rule_prefix = "NAP"
    kinds = ("legal", "trick", "score", "steps")

    #: house rules no preset switches on: quizzes deal them too (NAP-SPECIAL-1/2)
    quiz_variants = ({"reverse": True}, {"same2_first_trick": True})

    @property
    def quiz_outcomes(self):  # the outcome questions (tutor/games/napoleon/quiz.py)
        from .quiz import OUTCOMES
        return OUTCOMES

    def quiz_kinds(self):
        from .quiz import KINDS
        return KINDS

    def rules_conflict(self, state: State, flags: Flags) -> Verdict | None:
        """A bid standing below the other rules' lowest bid (NAP-BID-5), or a seat that passed
        and bid again where a pass is final (NAP-BID-6): no such auction under them
        (tutor/compare.py)."""
        if state.bid is not None and state.bid[0] < flags.min_bid:
            return _no("compare.bid_below", ("NAP-BID-5",), bid=state.bid[0], low=flags.min_bid)
        return None
    direction = "clockwise"  # NAP-SETUP-1 (左回り)

    # ------------------------------------------------------------------ dealing
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

    def new_game(self, flags: Flags, seed: int | str) -> State:
        state = State(flags=flags, seed=seed, phase="auction", hands=_EMPTY5, to_act=0)
        return self._deal(state, first_bidder=0)

    def _deal(self, state: State, first_bidder: int) -> State:
        """NAP-DEAL-1: ten cards each, three to the kitty; bidding opens at ``first_bidder`` (NAP-BID-2)."""
        deck = list(DECK.cards())
        derive(state.seed, "napoleon-deal", state.deal_no).shuffle(deck)
        hands = tuple(sort_hand(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(PLAYERS))
        kitty = tuple(deck[PLAYERS * HAND_SIZE:])
        session = replace(state.session, first_bidder=first_bidder, next_first_bidder=None,
                          deal_no=state.deal_no + 1)
        return replace(state, phase="auction", hands=hands, kitty=kitty, to_act=first_bidder,
                       session=session, auction=(), passed=(False,) * PLAYERS,
                       bid=None, bidder=None, napoleon=None, called=None, adjutant=None, solo=False, revealed=False,
                       kitty_taken=(), discards=(), discards_to=None, trick=(), trick_no=1, leader=None, direction=1,
                       trick_closed=False, last_trick=None, won=_EMPTY5, set_aside=(), result=None,
                       log=state.log + (_event("nap.event.deal", ("NAP-DEAL-1", "NAP-BID-2"), game=state.game_no,
                                               seat=first_bidder),))

    def next_hand(self, state: State) -> State:
        """After the score: the next game from the session, bidding from this game's Napoleon
        (NAP-NEXT-1); the totals carry over. Before the score, the state itself."""
        ses = state.session
        if state.phase != "score" or ses.next_first_bidder is None:
            return state
        nxt = replace(state, session=replace(ses, game_no=ses.game_no + 1),
                      log=state.log + (_event("nap.event.next_game", ("NAP-NEXT-1",), game=ses.game_no + 1,
                                              seat=ses.next_first_bidder),))
        return self._deal(nxt, first_bidder=ses.next_first_bidder)

    def session(self, state: State) -> dict[str, Any]:
        """No dealer beyond the first bidder (NAP-BID-2); the next one is known once the game is scored."""
        ses = state.session
        return {"hand_no": ses.game_no, "scores": list(ses.scores), "target": None, "dealer": ses.first_bidder,
                "next_dealer": ses.next_first_bidder, "next_first_bidder": ses.next_first_bidder,
                "game_over": False, "winner": None}

    # ------------------------------------------------------------------ queries
    def to_act(self, state: State) -> int | None:
        return state.to_act

    def round_over(self, state: State) -> bool:
        return state.phase == "score"

    def all_cards(self, state: State) -> list[Card]:
        cards = [c for h in state.hands for c in h] + list(state.kitty)
        cards += [e.card for e in state.trick] + [c for pile in state.won for c in pile] + list(state.set_aside)
        if state.discards_to is None:
            cards += list(state.discards)
        return cards

    def face_up_discards(self, state: State) -> list[str]:
        """NAP-KITTY-1: the honours among the discards are shown face up."""
        return [c.token for c in state.discards if is_honour(c)]

    def check_value(self, state: State, key: str) -> Any:
        if key == "napoleon":
            return state.napoleon
        if key == "contract":
            return [state.bid[0], state.bid[1]] if state.bid and state.napoleon is not None else None
        if key == "trump":
            return state.trump
        if key == "solo":
            return state.solo
        if key == "adjutant":
            return None if state.solo else state.adjutant
        if key == "face_up_discards":
            return self.face_up_discards(state)
        if key == "called_card":
            return state.called.token if state.called else None
        if key == "direction":
            return state.direction
        if key == "trick_no":
            return state.trick_no
        raise KeyError(key)

    # ------------------------------------------------------------------ auction helpers
    def _next_bidder(self, state: State, seat: int) -> int:
        for k in range(1, PLAYERS + 1):
            s = (seat + k) % PLAYERS
            if not (state.flags.pass_is_final and state.passed[s]):
                return s
        return seat

    def _bids(self, state: State) -> list[tuple[int, str]]:
        """Every bid that beats the standing one, from ``min_bid`` to 20 (NAP-BID-1/3/5)."""
        return [(n, s) for n in range(state.flags.min_bid, MAX_BID + 1) for s in SUITS
                if bid_beats((n, s), state.bid)]

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, state: State, seat: int | None = None, in_turn: bool = True) -> list[Action]:
        if seat is None:
            seat = state.to_act
        if seat is None or not in_turn or seat != state.to_act:
            return []  # NAP: no out-of-turn actions and no side declarations
        phase = state.phase
        if phase == "auction":
            return [PASS] + [Decision("bid", b) for b in self._bids(state)]
        if phase == "call_adjutant":
            return [Decision("call_adjutant", c.token) for c in DECK.cards()]
        if phase == "discard":
            return list(self._discard_spec(state, seat).expand())
        if phase == "joker_suit":
            return [Decision("joker_suit", s) for s in SUITS]
        if phase == "play":
            return [Play((c,)) for c in self._options(state, seat)]
        return []

    passes_in_play = False  # every turn of play is a card (NAP-FOLLOW-1)

    def decision_options(self, state: State, seat: int) -> list[Action] | None:
        """The options picked from a list, legal or not (a bid too low is explained)."""
        if state.phase == "auction":
            return [PASS] + [Decision("bid", (n, s)) for n in range(state.flags.min_bid, MAX_BID + 1) for s in SUITS]
        if state.phase == "call_adjutant":
            return [Decision("call_adjutant", c.token) for c in DECK.cards()]
        if state.phase == "joker_suit":
            return [Decision("joker_suit", s) for s in SUITS]
        return None

    def action_params(self, action: Any) -> dict[str, Any]:
        if action.key == "bid":
            return {"count": action.value[0], "bid_suit": action.value[1]}
        if action.key == "call_adjutant":
            return {"cards": [action.value]}
        if action.key == "joker_suit":
            return {"suit": action.value}
        if action.key == "discard":
            return {"cards": list(action.value)}
        return super().action_params(action)

    def action_parts(self, action: Action, lang: str = "en") -> list[str] | None:
        """A bid is picked as a count and a suit; the adjutant's card as a suit and a card."""
        from ...messages import card_text, render
        if isinstance(action, Decision) and action.key == "bid":
            count, suit = action.value
            return [str(count), render(f"nap.suit.{suit}", {}, lang)]
        if isinstance(action, Decision) and action.key == "call_adjutant":
            card = Card.parse(action.value)
            group = render("nap.card_group.joker", {}, lang) if card.special else render(f"nap.suit.{card.suit}", {}, lang)
            return [group, card_text(card.token, lang)]
        return None

    def _discard_spec(self, state: State, seat: int) -> ChooseCards:
        """NAP-KITTY-1: any three cards of the hand (the kitty taken in), as a set."""
        return ChooseCards("discard", state.hands[seat], KITTY_SIZE, rule_ids=("NAP-KITTY-1",))

    def decision_spec(self, state: State, seat: int | None = None, in_turn: bool = True) -> ChooseCards | None:
        """The discard as "choose 3 of the hand" (286 actions from 13 cards)."""
        if seat is None:
            seat = state.to_act
        if seat is None or not in_turn or seat != state.to_act or state.phase != "discard":
            return None
        return self._discard_spec(state, seat)

    def _options(self, state: State, seat: int) -> list[Card]:
        led = state.trick[0] if state.trick else None
        return follow_options(state.hands[seat], led.card if led else None, led.joker_suit if led else None)

    # ------------------------------------------------------------------ explain
    def explain(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> Verdict:
        return self._judge(state, action, seat, in_turn)

    def _judge(self, state: State, action: Action, seat: int | None, in_turn: bool) -> Verdict:
        if seat is None:
            seat = state.to_act
        if seat is None and state.phase == "score":
            return _no("nap.game_over", ("NAP-SCORE-1",))
        if not _is_seat(seat):
            return _no("common.bad_seat", (), seat=seat, players=PLAYERS)
        if state.phase == "score":
            return _no("nap.game_over", ("NAP-SCORE-1",))
        if not in_turn:
            return _no("nap.no_out_of_turn", ("NAP-PLAY-1", "NAP-BID-4"))
        if seat != state.to_act:
            rule = "NAP-BID-2" if state.phase == "auction" else "NAP-ADJ-1" if state.phase == "call_adjutant" \
                else "NAP-KITTY-1" if state.phase == "discard" else "NAP-PLAY-1"
            return _no("common.not_your_turn", (rule,), seat=seat, to_act=state.to_act)
        phase = state.phase
        if phase == "auction":
            return self._judge_bid(state, action)
        if phase == "call_adjutant":
            return self._judge_call(state, action, seat)
        if phase == "discard":
            return self._judge_discard(state, action, seat)
        if phase == "joker_suit":
            if not (isinstance(action, Decision) and action.key == "joker_suit"):
                return _no("common.wrong_phase", ("NAP-JOKER-3",), phase="joker_suit", expected='{"joker_suit": suit}')
            if action.value not in SUITS:
                return _no("nap.bad_suit", ("NAP-JOKER-3",), value=str(action.value))
            return _yes("nap.ok.joker_suit", ("NAP-JOKER-3", "NAP-FOLLOW-1"), lead_suit=action.value)
        return self._judge_play(state, action, seat)

    def _judge_bid(self, state: State, action: Action) -> Verdict:
        if isinstance(action, Pass):
            if state.bid is None:
                return _yes("nap.ok.pass_open", ("NAP-BID-4", "NAP-BID-7"))
            rules = ("NAP-BID-4", "NAP-BID-6")
            return _yes("nap.ok.pass_final" if state.flags.pass_is_final else "nap.ok.pass", rules)
        if not (isinstance(action, Decision) and action.key == "bid"):
            return _no("common.wrong_phase", ("NAP-BID-1",), phase="auction", expected='{"bid": [n, suit]} / PASS')
        bid = _parse_bid(action.value)
        if bid is None:
            return _no("nap.bad_bid", ("NAP-BID-1",))
        n, suit = bid
        if n < state.flags.min_bid:
            return _no("nap.bid_below_min", ("NAP-BID-5",), count=n, min=state.flags.min_bid)
        if n > MAX_BID:
            return _no("nap.bid_above_max", ("NAP-BID-1",), count=n)
        if not bid_beats(bid, state.bid):
            assert state.bid is not None
            m, t = state.bid
            key = "nap.bid_same_count_weaker" if n == m else "nap.bid_too_low"
            return _no(key, ("NAP-BID-3",), count=n, bid_suit=suit, top_count=m, top_suit=t)
        if state.bid is not None and n == state.bid[0]:
            return _yes("nap.ok.bid_stronger_suit", ("NAP-BID-3",), count=n, bid_suit=suit, top_suit=state.bid[1])
        if state.bid is None:
            return _yes("nap.ok.bid_opening", ("NAP-BID-1",), count=n, bid_suit=suit)
        return _yes("nap.ok.bid", ("NAP-BID-1", "NAP-BID-3"), count=n, bid_suit=suit)

    def _judge_call(self, state: State, action: Action, seat: int) -> Verdict:
        if not (isinstance(action, Decision) and action.key == "call_adjutant"):
            return _no("common.wrong_phase", ("NAP-ADJ-1",), phase="call_adjutant", expected='{"call_adjutant": card}')
        card = _parse_token(action.value)
        if card is None:
            return _no("nap.bad_card", ("NAP-ADJ-1", "NAP-SETUP-2"), value=str(action.value))
        if card in state.hands[seat]:  # only what Napoleon can see: the kitty is still face down (NAP-ADJ-4)
            return _yes("nap.ok.call_own", ("NAP-ADJ-1", "NAP-ADJ-3"), cards=[card.token])
        return _yes("nap.ok.call", ("NAP-ADJ-1", "NAP-ADJ-2", "NAP-ADJ-4"), cards=[card.token])

    def _read_discards(self, action: Action) -> list[Card] | None:
        if not (isinstance(action, Decision) and action.key == "discard" and isinstance(action.value, tuple)):
            return None
        cards = [_parse_token(v) for v in action.value]
        if any(c is None for c in cards):
            return None
        return cards  # type: ignore[return-value]

    def _judge_discard(self, state: State, action: Action, seat: int) -> Verdict:
        if not (isinstance(action, Decision) and action.key == "discard"):
            return _no("common.wrong_phase", ("NAP-KITTY-1",), phase="discard", expected='{"discard": [c, c, c]}')
        cards = self._read_discards(action)
        if cards is None or len(cards) != 3:
            return _no("nap.discard_three", ("NAP-KITTY-1",))
        if not multiset_contains(state.hands[seat], cards):
            absent, repeated = shortfall(state.hands[seat], cards)
            if absent:
                return _no("common.not_in_hand", ("NAP-KITTY-1",), cards=[c.token for c in absent])
            return _no("nap.discard_repeat", ("NAP-KITTY-1",), cards=[c.token for c in repeated])
        up = [c.token for c in cards if is_honour(c)]
        if up:
            return _yes("nap.ok.discard_face_up", ("NAP-KITTY-1", "NAP-KITTY-2"), cards=up)
        return _yes("nap.ok.discard", ("NAP-KITTY-1",))

    def _judge_play(self, state: State, action: Action, seat: int) -> Verdict:
        if not isinstance(action, Play):
            return _no("common.wrong_phase", ("NAP-PLAY-1",), phase="play", expected="[card]")
        if len(action.cards) != 1 or action.type is not None:
            return _no("nap.one_card", ("NAP-PLAY-1",))
        card = action.cards[0]
        if card.declared or not DECK.accepts(card):
            return _no("common.not_in_deck", ("NAP-SETUP-2",), cards=[card.token])
        hand = state.hands[seat]
        if card not in hand:
            return _no("common.not_in_hand", ("NAP-PLAY-1",), cards=[card.token])
        if not state.trick:
            if card == JOKER:
                return _yes("nap.ok.lead_joker", ("NAP-PLAY-1", "NAP-JOKER-3"))
            if card == CLUB_3:
                return _yes("nap.ok.lead_club3", ("NAP-PLAY-1", "NAP-JOKER-1"))
            return _yes("nap.ok.lead", ("NAP-PLAY-1",), cards=[card.token], lead_suit=card.suit)
        led = state.trick[0]
        if led.card == CLUB_3 and JOKER in hand:
            if card != JOKER:
                return _no("nap.joker_requested", ("NAP-JOKER-1",))
            return _yes("nap.ok.joker_requested", ("NAP-JOKER-1", "NAP-JOKER-2"))
        if card == JOKER:
            return self._with_outcome(state, seat, card, _yes("nap.ok.joker_any_time", ("NAP-FOLLOW-1",)))
        suit = lead_suit(led.card, led.joker_suit)
        has_suit = any(not c.special and c.suit == suit for c in hand)
        if has_suit and card.suit != suit:
            key = "nap.must_follow_mighty" if card == MIGHTY else "nap.must_follow"
            return _no(key, ("NAP-FOLLOW-1",), lead_suit=suit)
        if has_suit:
            verdict = _yes("nap.ok.follow", ("NAP-FOLLOW-1",), lead_suit=suit)
        elif state.trump is not None and (card.suit == state.trump or is_power(card, state.trump)):
            verdict = _yes("nap.ok.void_trump", ("NAP-FOLLOW-1", "NAP-RANK-2"), lead_suit=suit)
        else:
            verdict = _yes("nap.ok.void", ("NAP-FOLLOW-1",), lead_suit=suit)
        return self._with_outcome(state, seat, card, verdict)

    @staticmethod
    def _with_outcome(state: State, seat: int, card: Card, verdict: Verdict) -> Verdict:
        """A legal card that follows also says who would hold the trick with it, and by which rule.

        Only cards already on the table count (NAP-TRICK-1's order: よろめき, セイム2, then
        strength); a later card may still change it, and the text says "so far".
        """
        if state.trump is None or not state.trick:
            return verdict
        plays = [(e.seat, e.card) for e in state.trick] + [(seat, card)]
        winner, rule = trick_winner(plays, state.trump, state.trick_no, state.trick[0].joker_suit,
                                    state.flags.same2_first_trick, state.flags.joker_request_weakens)
        if winner == seat:
            more = (("nap.outcome.wins", {"cards": [card.token]}),)
        else:
            top = next(c for s, c in plays if s == winner)
            more = (("nap.outcome.loses", {"seat": winner, "cards": [top.token]}),)
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
        phase = state.phase
        if phase == "auction":
            return self._apply_bid(state, seat, action)
        if phase == "call_adjutant":
            return self._apply_call(state, seat, _parse_token(action.value))  # type: ignore[union-attr,arg-type]
        if phase == "discard":
            return self._apply_discard(state, seat, self._read_discards(action))  # type: ignore[arg-type]
        if phase == "joker_suit":
            return self._apply_joker_suit(state, seat, str(action.value))  # type: ignore[union-attr]
        assert isinstance(action, Play)
        return self._apply_play(state, seat, action.cards[0])

    def _apply_bid(self, state: State, seat: int, action: Action) -> State:
        if isinstance(action, Pass):
            state = replace(state, auction=state.auction + ((seat, None),),
                            passed=_set(state.passed, seat, True),
                            log=state.log + (_event("nap.event.pass", ("NAP-BID-4",), seat=seat),))
        else:
            bid = _parse_bid(action.value)  # type: ignore[union-attr]
            assert bid is not None
            state = replace(state, auction=state.auction + ((seat, bid),), bid=bid, bidder=seat,
                            log=state.log + (_event("nap.event.bid", ("NAP-BID-1",), seat=seat, count=bid[0],
                                                    bid_suit=bid[1]),))
        trailing = 0
        for _, b in reversed(state.auction):
            if b is not None:
                break
            trailing += 1
        if state.bid is None:
            everyone = all(state.passed) if state.flags.pass_is_final else trailing >= PLAYERS
            if everyone:  # NAP-BID-7: nobody bid, the same dealer deals again
                state = replace(state, log=state.log + (_event("nap.event.redeal", ("NAP-BID-7",)),))
                return self._deal(state, first_bidder=state.first_bidder)
            return replace(state, to_act=self._next_bidder(state, seat))
        assert state.bidder is not None
        if state.flags.pass_is_final:
            done = all(state.passed[s] for s in range(PLAYERS) if s != state.bidder)
        else:
            done = trailing >= PLAYERS - 1
        if done:  # NAP-BID-4: the last bidder becomes Napoleon
            nap = state.bidder
            n, suit = state.bid
            return replace(state, phase="call_adjutant", napoleon=nap, to_act=nap,
                           log=state.log + (_event("nap.event.napoleon", ("NAP-BID-4",), seat=nap, count=n,
                                                   trump_suit=suit),))
        return replace(state, to_act=self._next_bidder(state, seat))

    def _apply_call(self, state: State, seat: int, card: Card) -> State:
        """NAP-ADJ-1/3/4: the holder of ``card`` is the adjutant (secret); then the kitty is taken."""
        adjutant = next((s for s in range(PLAYERS) if s != seat and card in state.hands[s]), None)
        # NAP-ADJ-3: in Napoleon's hand or the kitty, a solo; so too (a lesson's short hands) a card nobody holds
        solo = adjutant is None
        hands = _set(state.hands, seat, sort_hand(state.hands[seat] + state.kitty))
        log = state.log + (_event("nap.event.call", ("NAP-ADJ-1", "NAP-ADJ-2"), seat=seat, cards=[card.token]),
                           _event("nap.event.kitty", ("NAP-KITTY-1",), seat=seat))
        return replace(state, called=card, solo=solo, adjutant=adjutant, hands=hands, kitty=(),
                       kitty_taken=state.kitty, phase="discard", to_act=seat, log=log)

    def _apply_discard(self, state: State, seat: int, cards: list[Card]) -> State:
        hands = _set(state.hands, seat, multiset_remove(state.hands[seat], cards))
        up = [c.token for c in cards if is_honour(c)]
        events = [_event("nap.event.discard", ("NAP-KITTY-1",), seat=seat, cards=up, hidden=3 - len(up)) if up
                  else _event("nap.event.discard_hidden", ("NAP-KITTY-1",), seat=seat)]
        revealed = state.revealed
        if state.called is not None and state.called in cards and is_honour(state.called):
            revealed = True  # the called card lies face up among the discards: a solo game, for all to see
            events.append(_event("nap.event.solo_revealed_discard", ("NAP-ADJ-3", "NAP-KITTY-1"), seat=seat,
                                 cards=[state.called.token]))
        return replace(state, hands=hands, discards=tuple(cards), revealed=revealed, phase="play", to_act=seat,
                       leader=seat, trick=(), trick_no=1, trick_closed=False,
                       log=state.log + tuple(events) + (_event("nap.event.open_lead", ("NAP-PLAY-1",), seat=seat),))

    def _next_seat(self, state: State, seat: int) -> int:
        return (seat + state.direction) % PLAYERS  # NAP-PLAY-1, NAP-SPECIAL-1

    def _apply_joker_suit(self, state: State, seat: int, suit: str) -> State:
        first = replace(state.trick[0], joker_suit=suit)
        return replace(state, trick=(first,) + state.trick[1:], phase="play", to_act=self._next_seat(state, seat),
                       log=state.log + (_event("nap.event.joker_suit", ("NAP-JOKER-3",), seat=seat, lead_suit=suit),))

    def _apply_play(self, state: State, seat: int, card: Card) -> State:
        hands = _set(state.hands, seat, multiset_remove(state.hands[seat], [card]))
        rules = ("NAP-JOKER-1",) if state.trick and state.trick[0].card == CLUB_3 and card == JOKER else ("NAP-PLAY-1",)
        events = [_event("nap.event.play", rules, seat=seat, cards=[card.token])]
        revealed = state.revealed
        if state.called is not None and card == state.called and not revealed:
            revealed = True  # NAP-ADJ-2: the called card is played, the sides are known
            if seat == state.napoleon:
                events.append(_event("nap.event.solo_revealed", ("NAP-ADJ-2", "NAP-ADJ-3"), seat=seat,
                                     cards=[card.token]))
            else:
                events.append(_event("nap.event.adjutant_revealed", ("NAP-ADJ-2",), seat=seat, cards=[card.token]))
        voids = state.voids
        if state.trick:  # a follower off suit has none (NAP-FOLLOW-1)
            suit = void_shown(state.trick[0].card, state.trick[0].joker_suit, card)
            if suit is not None:
                voids = _set(voids, seat, voids[seat] | {suit})
        trick = state.trick + (Entry(seat, card),)
        state = replace(state, hands=hands, trick=trick, revealed=revealed, trick_closed=False, voids=voids,
                        leader=trick[0].seat, log=state.log + tuple(events))
        if len(trick) == 1 and card == JOKER:
            return replace(state, phase="joker_suit", to_act=seat)  # NAP-JOKER-3: name the suit first
        if len(trick) < PLAYERS:
            return replace(state, to_act=self._next_seat(state, seat))
        return self._end_trick(state)

    def _end_trick(self, state: State) -> State:
        """NAP-TRICK-1/2: the winner takes the trick (and after trick 1 the discards) and leads next."""
        trump = state.trump
        assert trump is not None
        plays = [(e.seat, e.card) for e in state.trick]
        winner, rule = trick_winner(plays, trump, state.trick_no, state.trick[0].joker_suit,
                                    state.flags.same2_first_trick, state.flags.joker_request_weakens)
        cards = tuple(c for _, c in plays)
        taken = cards + (state.discards if state.trick_no == 1 else ())
        won = _set(state.won, winner, state.won[winner] + taken)
        got = [c.token for c in honours(taken)]
        rules = (rule, "NAP-TRICK-2") + (("NAP-KITTY-2",) if state.trick_no == 1 else ())
        if rule == "NAP-SAME2-1" and state.trick_no == 1:
            rules += ("NAP-SPECIAL-2",)  # same two in trick 1 only by the option
        events = [_event("nap.event.trick_won", rules, seat=winner, count=len(got), cards=got, trick=state.trick_no)]
        direction = direction_after(cards, trump, state.direction, state.flags.reverse)
        if direction != state.direction:
            # the learner reads which way round play goes now, not a number
            key = "nap.event.reverse" if direction == -1 else "nap.event.reverse_back"
            events.append(_event(key, ("NAP-SPECIAL-1",)))
        last = {"trick": [e.to_json() for e in state.trick], "winner": winner, "honours": got, "rule": rule,
                "trick_no": state.trick_no}
        state = replace(state, won=won, trick=(), trick_closed=True, last_trick=last, direction=direction,
                        discards_to=winner if state.trick_no == 1 else state.discards_to,
                        trick_no=state.trick_no + 1, leader=winner, to_act=winner, log=state.log + tuple(events))
        if state.trick_no > TRICKS or not any(state.hands):
            return self._finish(state)
        return state

    # ------------------------------------------------------------------ scoring
    def _finish(self, state: State) -> State:
        """NAP-SCORE-1…7: count the Napoleon army's honours and score the game; the sides are shown."""
        assert state.napoleon is not None and state.bid is not None
        side = state.napoleon_side_honours()
        s = game_score(state.bid[0], state.solo, side, state.flags.penalty_a_reading)
        gained = []
        for seat in range(PLAYERS):
            if seat == state.napoleon:
                gained.append(s["napoleon"])
            elif seat == state.adjutant and not state.solo:
                gained.append(s["adjutant"])
            else:
                gained.append(s["each_ally"])
        totals = tuple(a + b for a, b in zip(state.scores, gained))
        session = replace(state.session, scores=totals, next_first_bidder=state.napoleon)  # NAP-NEXT-1
        result = {**{k: v for k, v in s.items() if k != "rules"}, "rule_ids": list(s["rules"]),
                  "napoleon_seat": state.napoleon, "adjutant_seat": state.adjutant, "solo": state.solo,
                  "called_card": state.called.token if state.called else None, "bid": state.bid[0],
                  "trump": state.bid[1], "gained": list(gained),
                  "honours": [state.honours_of(p) for p in range(PLAYERS)]}
        log = state.log + (_event("nap.event.game_end", tuple(s["rules"]), seat=state.napoleon, count=side,
                                  bid=state.bid[0], winner=s["winner"]),)
        return replace(state, phase="score", to_act=None, session=session, result=result, revealed=True, log=log)

    def score(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """Golden ``score``: the table from ``bid``, ``solo`` and ``napoleon_side_honours``."""
        from ...scenario import check_keys
        check_keys(setup, "setup", ("flags", "bid", "solo", "napoleon_side_honours"), ())
        flags = self.flags(setup.get("flags"), "setup.flags")
        bid, solo, side = setup["bid"], setup["solo"], setup["napoleon_side_honours"]
        if not isinstance(bid, int) or isinstance(bid, bool) or not 1 <= bid <= MAX_BID:
            raise ScenarioError("setup.bid", "error.expected_number", low=1, high=MAX_BID, got=short_value(bid))
        if not isinstance(solo, bool):
            raise ScenarioError("setup.solo", "error.expected", what="bool", got=short_value(solo))
        if not isinstance(side, int) or isinstance(side, bool) or not 0 <= side <= 20:
            raise ScenarioError("setup.napoleon_side_honours", "error.expected_number", low=0, high=20,
                                got=short_value(side))
        return game_score(bid, solo, side, flags.penalty_a_reading)

    def trick(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """Golden ``trick``: the winner of a complete trick, the honours won, the next direction."""
        from .scenario import trick_from_setup
        return trick_from_setup(self, setup)

    def play_type(self, state: State, seat: int, action: Play) -> str:
        """What kind of play ``action`` is here, for the hint's first level ("" if illegal)."""
        if not self._judge(state, action, seat, True).legal:
            return ""
        card = action.cards[0]
        trump = state.trump or "S"
        if not state.trick:
            return "lead_joker" if card == JOKER else "lead"
        if is_power(card, trump):
            return "power"
        led = state.trick[0]
        suit = lead_suit(led.card, led.joker_suit)
        if card.suit == suit:
            return "follow"
        return "trump" if card.suit == trump else "sluff"

    # ------------------------------------------------------------------ view
    def _winning(self, state: State) -> int | None:
        """Who wins the trick so far (public: every card of it is face up), by NAP-YORO-1 and NAP-RANK-1/2.

        セイム2 (NAP-SAME2-1) is left out: it needs all five cards, and a complete trick is collected
        at once, so the view never shows one.
        """
        if not state.trick or state.trump is None:
            return None
        plays = [(e.seat, e.card) for e in state.trick]
        return trick_winner(plays, state.trump, 1, state.trick[0].joker_suit, False,
                            state.flags.joker_request_weakens)[0]

    def knows_side(self, state: State, seat: int) -> bool:
        """Whether ``seat`` knows who the adjutant is: after the reveal, or being the adjutant."""
        return state.revealed or (state.adjutant == seat and not state.solo)

    def table_view(self, state: State, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``seat`` may see: its hand, the table, and the sides only once they are public (NAP-ADJ-2)."""
        if seat is not None and not _is_seat(seat):
            raise TutorError("error.no_seat", seat=short_value(seat), players=5)
        from ...flags import flags_to_dict
        nap = state.napoleon
        is_nap = seat is not None and seat == nap
        public = state.revealed
        if seat is None or nap is None or state.phase in ("auction", "call_adjutant"):
            side = None
        elif is_nap:
            side = "napoleon"
        elif state.adjutant == seat and not state.solo:
            side = "adjutant"  # the seat holds (or held) the called card: it knows, and only about itself
        else:
            side = "allies"
        solo_known = public or (is_nap and state.phase not in ("auction", "call_adjutant"))
        led = state.trick[0] if state.trick else None
        return {
            "game": self.name, "flags": flags_to_dict(state.flags), "phases": list(PHASES), "phase": state.phase,
            "seat": seat, "to_act": state.to_act, "players": PLAYERS, "game_no": state.game_no,
            "hand": format_cards(state.hands[seat]) if seat is not None else None,
            "cards_held": [len(h) for h in state.hands],
            "kitty_size": len(state.kitty),
            "kitty_taken": format_cards(state.kitty_taken) if is_nap and state.kitty_taken else None,
            "first_bidder": state.first_bidder,
            "auction": [{"seat": s, "action": "PASS" if b is None else {"bid": [b[0], b[1]]}} for s, b in state.auction],
            "bid": [state.bid[0], state.bid[1]] if state.bid else None,
            "napoleon": nap, "contract": state.contract, "trump": state.trump,
            "called_card": state.called.token if state.called else None,
            "my_side": side,
            "adjutant": (None if state.solo else state.adjutant) if public else None,
            "adjutant_revealed": public,
            "solo": state.solo if solo_known else None,
            "discards": (format_cards(state.discards) if is_nap or state.phase == "score"
                         else None),
            "face_up_discards": self.face_up_discards(state),
            "discards_count": len(state.discards),
            "discards_taken_by": state.discards_to,
            "trick": [e.to_json() for e in state.trick],
            "trick_no": state.trick_no,
            "leader": state.leader,
            "lead_suit": lead_suit(led.card, led.joker_suit) if led else None,
            "direction": state.direction,
            "last_trick": fresh_json(state.last_trick) if state.last_trick else None,
            "honours_won": [state.honours_of(s) for s in range(PLAYERS)],
            "captured_honours": [[c.token for c in state.won[s] if is_honour(c)] for s in range(PLAYERS)],
            "winning": self._winning(state),
            "side_honours": ({"napoleon": state.napoleon_side_honours(),
                              "allies": sum(state.honours_of(s) for s in range(PLAYERS)) - state.napoleon_side_honours()}
                             if public and nap is not None else None),
            "adjutant_candidates": adjutant_candidates(state, seat),
            "scores": list(state.scores),
            # the game's score; ``totals`` (the running totals after it) are the session's
            "result": {**fresh_json(state.result), "totals": list(state.scores)} if state.result else None,
            "session": self.session(state),
        }

    def from_setup(self, setup: Mapping[str, Any], path: str = "setup") -> State:
        from .scenario import state_from_setup
        return state_from_setup(self, setup, path)
