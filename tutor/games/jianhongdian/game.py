"""Jian Hong Dian's rules (minor.md part 1): the deal and JHD-DEAL-2, the two steps of a turn,
compulsory capture, scoring, and a session of deals to a target score.

A turn is two steps (JHD-TURN-2). The hand step is the player's decision (capture, or lay when
nothing captures); the stock step turns the top stock card and is automatic unless the card can
capture more than one layout card, when the player chooses (phase ``stock``). The deal ends when
the hands are empty (JHD-END-1): the stock empties on the same turn.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from ...actions import Action, Decision, Play
from ...cards import Card, format_cards
from ...errors import TutorError, short_value
from ...game import Event, Game, Verdict, allowed, evolve, refused, replaced_at
from ...rng import derive
from . import capture as C
from .moves import HandCapture, lay, parse, stock_capture
from .state import DECK, HAND_SIZE, LAYOUT_SIZE, PHASES, TRIPLE_RANKS, Flags, Session, State


def _event(key: str, rules: tuple[str, ...] = (), **params: Any) -> Event:
    return Event(key, params, rules)


def _without(cards: Sequence[Card], removed: Sequence[Card]) -> tuple[Card, ...]:
    gone = set(removed)
    return tuple(c for c in cards if c not in gone)


class JianHongDian(Game):
    name = "jianhongdian"
    title = {"en": "Jian Hong Dian", "ja": "撿紅点"}
    phases = PHASES
    Flags = Flags
    deal_flags = ("first_player",)  # decided at the deal: not offered by the compare panel (tutor/compare.py)
    rule_prefix = "JHD"
    kinds = ("legal", "score", "steps")
    passes_in_play = False

    # ------------------------------------------------------------------ building states
    def flags(self, data: Mapping[str, Any] | None = None, path: str = "flags") -> Flags:
        """``target_score`` null is the spec's "none", which the flag writes as 0."""
        if isinstance(data, Mapping) and "target_score" in data and data["target_score"] is None:
            data = {**data, "target_score": 0}
        return super().flags(data, path)

    def new_game(self, flags: Flags, seed: int | str) -> State:
        session = Session(seed=seed, scores=(0,) * flags.players)
        return self._deal(flags, session, ())

    def _deal(self, flags: Flags, session: Session, log: tuple[Event, ...]) -> State:
        """JHD-DEAL-1: shuffle, deal the hands, turn four layout cards; the rest is the stock.
        Then the deal's automatic part (JHD-DEAL-2) and the first player's turn."""
        n = flags.players
        cards = list(DECK.cards())
        derive(session.seed, "deal", session.deal_no).shuffle(cards)
        size = HAND_SIZE[n]
        hands = tuple(tuple(cards[i * size:(i + 1) * size]) for i in range(n))
        layout = tuple(cards[n * size:n * size + LAYOUT_SIZE])
        stock = tuple(cards[n * size + LAYOUT_SIZE:])
        state = State(flags=flags, session=session, phase="deal", turn=session.dealer,
                      first=self.first_seat(flags, session.dealer), hands=hands, layout=layout, stock=stock,
                      captured=((),) * n,
                      log=log + (_event("jhd.event.deal", ("JHD-DEAL-1",), deal=session.deal_no,
                                        dealer=session.dealer, count=size, cards=format_cards(layout)),))
        return self.close_window(state)

    @staticmethod
    def first_seat(flags: Flags, dealer: int) -> int:
        """JHD-TURN-1: the dealer, or the seat after the dealer under ``first_player``."""
        return dealer if flags.first_player == "dealer" else (dealer + 1) % flags.players

    def from_setup(self, setup: Mapping[str, Any], path: str = "setup") -> State:
        from .scenario import state_from_setup
        return state_from_setup(self, setup, path)

    def score(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """The ``score`` kind (README §4.6): the points of one player's captured cards."""
        from .scenario import score_facts
        flags, cards = score_facts(self, setup)
        return {"score": C.total(cards, flags)}

    def parse_action(self, data: Any) -> Action:
        return parse(data)

    # ------------------------------------------------------------------ automatic steps
    def close_window(self, state: State) -> State:
        """The deal's automatic part (JHD-DEAL-2), then the first turn; nothing else is automatic
        outside ``apply`` (a turned stock card with one target is captured there)."""
        if state.phase != "deal":
            return state
        layout, captured, log, triple = state.layout, state.captured, state.log, None
        for rank in TRIPLE_RANKS:
            same = tuple(c for c in layout if c.rank == rank)
            if len(same) == 4:  # the dealer takes all four at once; the layout is not refilled
                layout = _without(layout, same)
                captured = replaced_at(captured, state.dealer, captured[state.dealer] + same)
                log += (_event("jhd.event.four_on_layout", ("JHD-DEAL-2",), seat=state.dealer, rank=rank,
                               cards=format_cards(same)),)
            elif len(same) == 3:
                triple = rank
                log += (_event("jhd.event.three_on_layout", ("JHD-DEAL-2",), rank=rank, cards=format_cards(same)),)
        return evolve(state, phase="hand", turn=state.first, layout=layout, captured=captured, initial_triple=triple,
                      log=log + (_event("jhd.event.first", ("JHD-TURN-1",), seat=state.first),))

    # ------------------------------------------------------------------ queries
    def to_act(self, state: State) -> int | None:
        return state.turn if state.phase in ("hand", "stock") else None

    def players(self, state: State) -> int:
        return state.players

    def round_over(self, state: State) -> bool:
        return state.phase == "score"

    def all_cards(self, state: State) -> list[Card]:
        out = [c for h in state.hands for c in h] + list(state.layout) + list(state.stock)
        out += [c for pile in state.captured for c in pile] + list(state.unplaced)
        if state.stock_card is not None:
            out.append(state.stock_card)
        return out

    def trick_entries(self, state: State) -> list[dict[str, Any]]:
        return []

    def trick_over(self, state: State) -> bool:
        return False

    def hand_captures(self, state: State, seat: int) -> list[HandCapture]:
        """Every capture the hand step offers ``seat`` (JHD-CAP-1, JHD-CAP-2, JHD-DEAL-2)."""
        return [HandCapture.of(card, taken) for card in state.hands[seat]
                for taken in C.targets(card, state.layout, state.initial_triple)]

    def legal_actions(self, state: State, seat: int | None = None, in_turn: bool = True) -> list[Action]:
        if seat is None:
            seat = self.to_act(state)
        if not in_turn or seat is None or seat != self.to_act(state):
            return []
        if state.phase == "stock":
            assert state.stock_card is not None
            return [stock_capture(t) for t in C.targets(state.stock_card, state.layout, state.initial_triple)]
        found: list[Action] = list(self.hand_captures(state, seat))
        if not found or state.flags.capture_optional:  # JHD-CAP-3
            found += [lay(c) for c in state.hands[seat]]
        return found

    def decision_options(self, state: State, seat: int) -> list[Action] | None:
        """What the page offers: every capture, and every hand card to lay, legal or not (a lay
        while a capture is compulsory is refused with its reason, JHD-CAP-3: the learner may try it)."""
        if state.phase == "stock" or seat != self.to_act(state):
            return self.legal_actions(state, seat)
        return list(self.hand_captures(state, seat)) + [lay(c) for c in state.hands[seat]]

    # ------------------------------------------------------------------ verdicts
    def explain(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> Verdict:
        if seat is None:
            seat = self.to_act(state)
        if not in_turn:
            return refused("jhd.no_out_of_turn", ("JHD-TURN-2",))
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
            return refused("jhd.no_such_seat", ("JHD-SETUP-1",), seat=short_value(seat), last=state.players - 1)
        if state.phase not in ("hand", "stock"):
            return refused("jhd.not_in_play", ("JHD-END-1",) if state.phase == "score" else ("JHD-DEAL-2",))
        if seat != state.turn:
            return refused("jhd.not_your_turn", ("JHD-TURN-1",), seat=state.turn)
        if state.phase == "stock":
            return self._explain_stock(state, action)
        return self._explain_hand(state, action, seat)

    def _explain_hand(self, state: State, action: Action, seat: int) -> Verdict:
        hand = state.hands[seat]
        if isinstance(action, HandCapture):
            card, taken = action.card, action.taken
            if card not in hand:
                return refused("jhd.not_in_hand", ("JHD-CAP-3",), cards=[card.token])
            missing = [t for t in taken if t not in state.layout]
            if missing:
                return refused("jhd.not_on_layout", ("JHD-CAP-1",), cards=[t.token for t in missing])
            return self._explain_capture(state, card, taken, "hand")
        if isinstance(action, Decision) and action.key == "lay":
            card = Card.parse(action.value)
            if card not in hand:
                return refused("jhd.not_in_hand", ("JHD-CAP-3",), cards=[card.token])
            options = self.hand_captures(state, seat)
            if options and not state.flags.capture_optional:
                first = options[0]
                return refused("jhd.must_capture", ("JHD-CAP-3",), count=len(options),
                               play_cards=[first.card.token], capture_cards=[t.token for t in first.taken])
            key = "jhd.ok.lay_optional" if options else "jhd.ok.lay"
            return allowed(key, ("JHD-CAP-3",), cards=[card.token])
        if isinstance(action, Decision) and action.key == "capture":
            return refused("jhd.capture_needs_card", ("JHD-CAP-3",))
        if isinstance(action, Play) and len(action.cards) == 1:  # a card played without saying what for
            return self._explain_bare_card(state, seat, action.cards[0])
        return refused("jhd.unknown_action", ("JHD-TURN-2",))

    def _explain_bare_card(self, state: State, seat: int, card: Card) -> Verdict:
        """A hand card played with no target named (the page's Enter on a selected card): say what
        it can do here, since the same card may capture one of several cards or be laid."""
        if card not in state.hands[seat]:
            return refused("jhd.not_in_hand", ("JHD-CAP-3",), cards=[card.token])
        options = self.hand_captures(state, seat)
        mine = [a for a in options if a.card == card]
        if mine:
            return refused("jhd.say_target", ("JHD-CAP-2",), cards=[card.token],
                           capture_cards=[t.token for a in mine for t in a.taken], count=len(mine))
        if options and not state.flags.capture_optional:
            first = options[0]
            return refused("jhd.must_capture", ("JHD-CAP-3",), count=len(options),
                           play_cards=[first.card.token], capture_cards=[t.token for t in first.taken])
        return refused("jhd.say_lay", ("JHD-CAP-3",), cards=[card.token])

    def _explain_capture(self, state: State, card: Card, taken: tuple[Card, ...], step: str) -> Verdict:
        """Whether ``card`` may take ``taken`` (JHD-CAP-1, JHD-CAP-2, JHD-DEAL-2), in words."""
        triple = state.initial_triple
        params = {"play_cards": [card.token], "capture_cards": [t.token for t in taken]}
        if triple is not None and card.rank == triple:
            three = {c for c in state.layout if c.rank == triple}
            if len(taken) != 3 or set(taken) != three:  # exactly the three, each once
                return refused("jhd.take_all_three", ("JHD-DEAL-2",), rank=triple, **params)
            return allowed("jhd.ok.stock.triple" if step == "stock" else "jhd.ok.hand.triple", ("JHD-DEAL-2",), rank=triple, **params)
        if len(taken) != 1:
            return refused("jhd.one_card_only", ("JHD-CAP-2",), **params)
        target = taken[0]
        if not C.captures(card, target):
            if card.rank in C.MATCHING or target.rank in C.MATCHING:
                return refused("jhd.face_matches_rank", ("JHD-CAP-1",), rank=card.rank if card.rank in C.MATCHING
                               else target.rank, **params)
            return refused("jhd.sum_not_ten", ("JHD-CAP-1",), a=C.VALUES[card.rank], b=C.VALUES[target.rank],
                           total=C.VALUES[card.rank] + C.VALUES[target.rank], **params)
        key = "jhd.ok.{}.{}".format(step, "match" if card.rank in C.MATCHING else "ten")
        return allowed(key, ("JHD-CAP-1", "JHD-CAP-2"), points=C.total((card, target), state.flags), **params)

    def _explain_stock(self, state: State, action: Action) -> Verdict:
        assert state.stock_card is not None
        if isinstance(action, Decision) and action.key == "capture" and not isinstance(action, HandCapture):
            raw = action.value
            taken = tuple(Card.parse(t) for t in raw) if isinstance(raw, tuple) else (Card.parse(raw),)
            missing = [t for t in taken if t not in state.layout]
            if missing:
                return refused("jhd.not_on_layout", ("JHD-CAP-1",), cards=[t.token for t in missing])
            return self._explain_capture(state, state.stock_card, taken, "stock")
        return refused("jhd.stock_choose", ("JHD-CAP-4", "JHD-CAP-2"), cards=[state.stock_card.token])

    # ------------------------------------------------------------------ applying
    def apply(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> State:
        seat = self.acting_seat(state, action, seat, in_turn)
        if state.phase == "stock":
            assert state.stock_card is not None and isinstance(action, Decision)
            raw = action.value
            taken = tuple(Card.parse(t) for t in raw) if isinstance(raw, tuple) else (Card.parse(raw),)
            state = self._take(state, seat, state.stock_card, taken, "stock")
            return self._end_turn(evolve(state, phase="hand", stock_card=None))
        hand = state.hands[seat]
        if isinstance(action, HandCapture):
            state = self._take(state, seat, action.card, action.taken, "hand")
            state = evolve(state, hands=replaced_at(state.hands, seat, _without(hand, (action.card,))))
        else:
            assert isinstance(action, Decision)
            card = Card.parse(action.value)
            state = evolve(state, hands=replaced_at(state.hands, seat, _without(hand, (card,))),
                           layout=state.layout + (card,),
                           log=state.log + (_event("jhd.event.lay", ("JHD-CAP-3",), seat=seat, cards=[card.token]),))
        return self._stock_step(state, seat)

    def _take(self, state: State, seat: int, card: Card, taken: tuple[Card, ...], step: str) -> State:
        """``card`` captures ``taken``: both go face down in front of ``seat`` (JHD-CAP-5)."""
        rules = ("JHD-DEAL-2", "JHD-CAP-5") if len(taken) == 3 else ("JHD-CAP-1", "JHD-CAP-5")
        gained = C.total((card,) + taken, state.flags)
        return evolve(state, layout=_without(state.layout, taken),
                      captured=replaced_at(state.captured, seat, state.captured[seat] + (card,) + taken),
                      initial_triple=None if len(taken) == 3 else state.initial_triple,
                      log=state.log + (_event("jhd.event.capture.stock" if step == "stock" else "jhd.event.capture.hand", rules, seat=seat, play_cards=[card.token],
                                              capture_cards=[t.token for t in taken], points=gained),))

    def _stock_step(self, state: State, seat: int) -> State:
        """JHD-CAP-4: turn the top stock card; it captures its one target, waits for the player's
        choice among several, or joins the layout."""
        if not state.stock:
            return self._end_turn(state)
        card, stock = state.stock[0], state.stock[1:]
        state = evolve(state, stock=stock)
        options = C.targets(card, state.layout, state.initial_triple)
        if len(options) > 1:
            return evolve(state, phase="stock", stock_card=card, log=state.log + (
                _event("jhd.event.turned_choice", ("JHD-CAP-4", "JHD-CAP-2"), seat=seat, cards=[card.token],
                       count=len(options)),))
        if len(options) == 1:
            return self._end_turn(self._take(state, seat, card, options[0], "stock"))
        return self._end_turn(evolve(state, layout=state.layout + (card,), log=state.log + (
            _event("jhd.event.turned_laid", ("JHD-CAP-4",), seat=seat, cards=[card.token]),)))

    def _end_turn(self, state: State) -> State:
        """The next seat with cards in hand plays; with every hand empty the deal ends (JHD-END-1)."""
        n = state.players
        for k in range(1, n + 1):
            seat = (state.turn + k) % n
            if state.hands[seat]:
                return evolve(state, turn=seat)
        return self._score(state)

    def _score(self, state: State) -> State:
        """JHD-SCORE-1 and JHD-SCORE-2: each seat's captured points; the highest wins the deal,
        and with a target the running totals decide the game."""
        points = tuple(C.total(pile, state.flags) for pile in state.captured)
        totals = tuple(a + b for a, b in zip(state.session.scores or (0,) * state.players, points))
        best = max(points)
        winners = [s for s, p in enumerate(points) if p == best]
        result = {"points": list(points), "winners": winners,
                  "left_on_layout": format_cards(state.layout)}
        log = state.log + (_event("jhd.event.scored", ("JHD-SCORE-1", "JHD-SCORE-2"), points=list(points),
                                  seats=winners, best=best),)
        if state.layout:
            log += (_event("jhd.event.left_on_layout", ("JHD-END-1",), cards=format_cards(state.layout)),)
        session = replace(state.session, scores=totals)
        state = evolve(state, phase="score", session=session, result=result, log=log)
        if self.game_over(state):
            w = self.game_winner(state)
            state = evolve(state, log=state.log + (_event("jhd.event.game_over", ("JHD-SCORE-2",), seats=w,
                                                          target=state.flags.target_score),))
        return state

    # ------------------------------------------------------------------ the session
    def game_winner(self, state: State) -> list[int]:
        totals = state.session.scores
        best = max(totals)
        return [s for s, t in enumerate(totals) if t == best]

    def game_over(self, state: State) -> bool:
        """JHD-SCORE-2: with a target, the game ends after the deal in which a running total reaches
        it, with one highest total (a tie at the top plays another deal); without one, never:
        each deal has its winner and the players stop when they like."""
        target = state.flags.target_score
        if not target or state.phase != "score":
            return False
        return max(state.session.scores) >= target and len(self.game_winner(state)) == 1

    def next_hand(self, state: State) -> State:
        """The next deal, the deal passing to the next seat in turn order (the spec seats the dealer
        at 0 for one deal and says nothing of the next: our choice, so that everyone deals in turn)."""
        if state.phase != "score" or self.game_over(state):
            return state
        ses = state.session
        session = replace(ses, deal_no=ses.deal_no + 1, dealer=(ses.dealer + 1) % state.players)
        return self._deal(state.flags, session, state.log + (_event("jhd.event.next_deal", ("JHD-SCORE-2",),
                                                                    deal=session.deal_no, dealer=session.dealer),))

    def session(self, state: State) -> dict[str, Any]:
        ses = state.session
        over = self.game_over(state)
        return {"hand_no": ses.deal_no, "scores": list(ses.scores), "target": state.flags.target_score or None,
                "dealer": ses.dealer, "next_dealer": (ses.dealer + 1) % state.players, "next_first_bidder": None,
                "game_over": over, "winner": self.game_winner(state) if over else None}

    # ------------------------------------------------------------------ quizzes
    @property
    def quiz_outcomes(self):  # the outcome questions (tutor/games/jianhongdian/quiz.py)
        from .quiz import OUTCOMES
        return OUTCOMES

    def quiz_kinds(self):
        from .quiz import KINDS
        return KINDS

    # ------------------------------------------------------------------ what the page sees
    def table_view(self, state: State, seat: int | None, lang: str = "en") -> dict[str, Any]:
        n = state.players
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n):
            raise TutorError("error.no_seat", seat=short_value(seat), players=n)
        from ...flags import flags_to_dict
        from ...jsondata import fresh_json
        return {
            "game": self.name, "flags": flags_to_dict(state.flags), "phases": list(PHASES), "phase": state.phase,
            "seat": seat, "to_act": self.to_act(state), "players": n, "dealer": state.dealer, "first_seat": state.first,
            "hand": format_cards(state.hands[seat]) if seat is not None else None,
            "cards_held": [len(h) for h in state.hands], "trick": [],
            "layout": format_cards(state.layout), "stock_count": len(state.stock),
            "stock_card": state.stock_card.token if state.stock_card is not None else None,
            "initial_triple": state.initial_triple,
            "captured": [format_cards(p) for p in state.captured],
            "captured_points": [C.total(p, state.flags) for p in state.captured],
            "scores": list(state.session.scores),
            "result": fresh_json(state.result) if state.result else None,
            "session": self.session(state),
        }

    def hint_focus(self, state: State, seat: int, action: Action | None, in_turn: bool = True) -> Any:
        from . import hints
        return hints.hint_focus(self, state, seat, action, in_turn)

    def display_parts(self, state: State, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
        from .display import display_parts
        return display_parts(self, state, view, seat, lang)

    def action_params(self, action: Any) -> dict[str, Any]:
        """Labels name their cards: "6♠ takes 4♥", "Lay 3♠", "Take 2♥"."""
        if isinstance(action, HandCapture):
            return {"play_cards": [action.card.token], "capture_cards": [t.token for t in action.taken]}
        if isinstance(action, Decision):
            raw = action.value
            return {"cards": list(raw) if isinstance(raw, tuple) else [raw]}
        return {}

    def check_value(self, state: State, key: str) -> Any:
        if key == "layout":
            return format_cards(state.layout)
        if key == "captured":
            return {str(s): format_cards(p) for s, p in enumerate(state.captured)}
        if key == "initial_triple":
            return state.initial_triple
        if key == "stock_card":
            return state.stock_card.token if state.stock_card is not None else None
        if key == "scores":
            return {str(s): v for s, v in enumerate(state.session.scores)}
        raise KeyError(key)
