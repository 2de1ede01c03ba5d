"""Pon-jan's rules (minor.md part 2): the deal, the draw and discard, winning with three sets
(tsumo, or ron by a riichi player), riichi and its frozen hand, the pon call out of turn, the
exhaustive draw, payments with the dealer's 1.5x and the tsumo shares, and a game of 2N hands.

Drawing is automatic: a turn begins with the seat's draw, so the seat to act holds nine tiles
(or has just called pon) and discards, declares riichi with its discard, or wins. A discard opens
a window (``window``): riichi players it completes may ron, non-riichi players holding two of it
may pon; when nobody calls, the next seat draws (``close_window``).
"""
from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from typing import Any, Mapping, Sequence

from ...actions import Action, Decision, Play
from ...cards import Card, CardError, format_cards
from ...errors import ScenarioError, TutorError, short_value
from ...game import Event, Game, Verdict, allowed, evolve, refused, replaced_at
from ...messages import render
from ...rng import derive
from ...windows import Window
from . import tiles as T
from .state import HAND, PHASES, Flags, Session, State

TSUMO = Decision("win", "tsumo")
RON = Decision("win", "ron")


def _event(key: str, rules: tuple[str, ...] = (), **params: Any) -> Event:
    return Event(key, params, rules)


def _remove(tiles: Sequence[Card], gone: Sequence[Card]) -> tuple[Card, ...]:
    """``tiles`` less one copy of each of ``gone``."""
    out = list(tiles)
    for g in gone:
        out.remove(g)
    return tuple(out)


def payments(players: int, dealer: int, winner: int, win_type: str, discarder: int | None, value: int) -> dict[int, int]:
    """PON-PAY-1 … PON-PAY-5: what each seat pays (negative) and the winner receives.

    Ron: the discarder alone pays ``V`` (``1.5V`` to a dealer). Tsumo by a non-dealer: each
    non-dealer pays ``V / N`` and the dealer ``2V / N``; by the dealer: the others share
    ``1.5V``. Every payment is rounded up to a whole chip for each payer; the winner receives
    their sum."""
    v = Fraction(value)
    won = v * Fraction(3, 2) if winner == dealer else v
    owed: dict[int, Fraction] = {}
    if win_type == "ron":
        assert discarder is not None
        owed[discarder] = won
    elif winner == dealer:
        for s in range(players):
            if s != winner:
                owed[s] = won / (players - 1)
    else:
        for s in range(players):
            if s != winner:
                owed[s] = 2 * v / players if s == dealer else v / players
    out = {s: -math.ceil(x) for s, x in owed.items()}
    out[winner] = -sum(out.values())
    return out


class Ponjan(Game):
    name = "ponjan"
    suit_colours = False  # no suits: the page offers no suit colours
    title = {"en": "Pon-jan", "ja": "ポンジャン"}
    phases = PHASES
    Flags = Flags
    table_flags = ("players", "kinds", "copies_per_kind", "wild_tiles")  # a position is dealt for these (tutor/compare.py)
    rule_prefix = "PON"
    kinds = ("legal", "classify", "score", "steps")
    direction = "clockwise"  # PON-SETUP-1: seats 0..N-1 clockwise
    passes_in_play = False

    # ------------------------------------------------------------------ building states
    def new_game(self, flags: Flags, seed: int | str) -> State:
        return self._deal(flags, Session(seed=seed, scores=(0,) * flags.players), ())

    def _deal(self, flags: Flags, session: Session, log: tuple[Event, ...]) -> State:
        """PON-DEAL-1: shuffle, eight tiles each from the dealer on; the rest is the wall. The
        dealer draws first (PON-TURN-1)."""
        n = flags.players
        wall = flags.tiles()
        derive(session.seed, "wall", session.hand_no).shuffle(wall)
        order = [(session.dealer + i) % n for i in range(n)]
        hands: list[tuple[Card, ...]] = [()] * n
        for i, s in enumerate(order):
            hands[s] = tuple(wall[i * HAND:(i + 1) * HAND])
        state = State(flags=flags, session=session, phase="play", turn=session.dealer, hands=tuple(hands),
                      melds=((),) * n, wall=tuple(wall[n * HAND:]), discards=((),) * n, riichi=(False,) * n,
                      log=log + (_event("pon.event.deal", ("PON-DEAL-1",), hand=session.hand_no, dealer=session.dealer,
                                        count=len(wall) - n * HAND),))
        return self._draw(state, session.dealer)

    def _draw(self, state: State, seat: int) -> State:
        """PON-TURN-1: ``seat`` draws the wall's top tile; an empty wall ends the hand (PON-DRAW-1)."""
        if not state.wall:
            return self._exhausted(state)
        tile = state.wall[0]
        return evolve(state, turn=seat, wall=state.wall[1:], drawn=tile, called=False, last_discard=None,
                      hands=replaced_at(state.hands, seat, state.hands[seat] + (tile,)),
                      log=state.log + (_event("pon.event.draw", ("PON-TURN-1",), seat=seat, left=len(state.wall) - 1),))

    def from_setup(self, setup: Mapping[str, Any], path: str = "setup") -> State:
        from .scenario import state_from_setup
        return state_from_setup(self, setup, path)

    # ------------------------------------------------------------------ golden computations
    def classify(self, setup: Mapping[str, Any]) -> list[dict[str, Any]]:
        """``set`` (three tiles forming a set), ``win`` (nine forming three sets), else nothing."""
        from .scenario import classify_tiles
        tiles = classify_tiles(self, setup)
        if len(tiles) == 3 and T.forms_sets(tiles):
            return [{"type": "set"}]
        if len(tiles) == 9 and T.forms_sets(tiles):
            return [{"type": "win"}]
        return []

    def score(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        from .scenario import score_facts
        n, dealer, winner, win_type, discarder, value = score_facts(self, setup)
        paid = payments(n, dealer, winner, win_type, discarder, value)
        return {"payments": {str(s): v for s, v in sorted(paid.items())}}

    # ------------------------------------------------------------------ queries
    def to_act(self, state: State) -> int | None:
        """The seat whose turn it is: while a discard's calls are open, the next to draw."""
        return state.turn if state.phase == "play" else None

    def players(self, state: State) -> int:
        return state.players

    def round_over(self, state: State) -> bool:
        return state.phase == "score"

    def all_cards(self, state: State) -> list[Card]:
        out = [t for h in state.hands for t in h] + list(state.wall) + [t for d in state.discards for t in d]
        return out + [t for ms in state.melds for m in ms for t in m]

    def trick_entries(self, state: State) -> list[dict[str, Any]]:
        return []

    def trick_over(self, state: State) -> bool:
        return False

    def holds_nine(self, state: State, seat: int) -> bool:
        return len(state.hands[seat]) + 3 * len(state.melds[seat]) == 9

    def can_riichi(self, state: State, seat: int) -> bool:
        """PON-RIICHI-1 and PON-PON-1: not yet in riichi, and a closed hand where the flag says so."""
        return not state.riichi[seat] and not (state.melds[seat] and state.flags.riichi_requires_closed)

    def waits_after(self, state: State, seat: int, discard: Card) -> list[Card]:
        """The tiles that would complete ``seat``'s hand once ``discard`` is gone (PON-RIICHI-1)."""
        return T.waits_without(state.hands[seat], len(state.melds[seat]), state.flags.kinds_in_play(), discard)

    def waiting_for(self, state: State, seat: int) -> list[Card]:
        """What ``seat``'s hand of eight waits for (empty: not waiting, or not holding eight)."""
        return T.waits(state.hands[seat], len(state.melds[seat]), state.flags.kinds_in_play())

    def wins_with(self, state: State, seat: int, tile: Card | None = None) -> bool:
        hand = state.hands[seat] + ((tile,) if tile is not None else ())
        return T.is_win(hand, len(state.melds[seat]))

    @staticmethod
    def _is_seat(state: State, seat: Any) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players

    def legal_actions(self, state: State, seat: int | None = None, in_turn: bool = True) -> list[Action]:
        if seat is None:
            seat = self.to_act(state)
        # a seat outside the table has no options (PON-SETUP-1; -1 must not read as the last seat)
        if state.phase != "play" or not self._is_seat(state, seat):
            return []
        if not in_turn:
            return self._calls(state, seat)
        if state.last_discard is not None or seat != state.turn or not self.holds_nine(state, seat):
            return []
        hand = state.hands[seat]
        if state.riichi[seat]:  # PON-RIICHI-2: the drawn tile goes, unless it wins
            out: list[Action] = [Play((state.drawn,))] if state.drawn is not None else []
        else:
            distinct = sorted(set(hand), key=lambda t: t.token)
            out = [Play((t,)) for t in distinct]
            if self.can_riichi(state, seat):
                out += [Decision("riichi", t.token) for t in distinct if self.waits_after(state, seat, t)]
        if not state.called and self.wins_with(state, seat):
            out.append(TSUMO)
        return out

    def window_words(self, kind: str, actions: Any, lang: str = "en") -> dict[str, Any]:
        """The call window's prompt names the calls it offers: ron, pon, or both."""
        words = super().window_words(kind, actions, lang)
        keys = {getattr(a, "key", None) if a != RON else "ron" for a in actions}
        if keys == {"ron"} or keys == {"pon"}:
            words["prompt"] = render(f"pon.window.call.{keys.pop()}_only", {}, lang)
        return words

    def action_label(self, action: Action, lang: str = "en") -> str:
        """A tile played from the hand is a discard (PON-TURN-1): its words say so, as the rules do."""
        if isinstance(action, Play):
            from ...messages import render
            return render("pon.action.discard", {"cards": [c.token for c in action.cards]}, lang)
        return super().action_label(action, lang)

    def play_extras(self, state: State, seat: int) -> list[Any]:
        """Beside the discard: Tsumo, always (pressing it without three sets, or right after a pon,
        says why not: PON-SET-1, PON-PON-1), and riichi with the selected tile while the seat is
        not in riichi (a tile that leaves no wait, or a hand with a pon, is refused with its rule)."""
        if state.phase != "play" or seat != state.turn or state.last_discard is not None:
            return []
        return [TSUMO] + ([] if state.riichi[seat] else ["riichi"])

    def _calls(self, state: State, seat: int) -> list[Action]:
        """The calls ``seat`` may make on the open discard: ron (PON-RON-1), pon (PON-PON-1)."""
        if state.last_discard is None:
            return []
        by, tile = state.last_discard
        if seat == by:
            return []
        if state.riichi[seat]:
            return [RON] if self.wins_with(state, seat, tile) else []
        # PON-PON-1: the caller discards after the pon, so it keeps a tile besides the two it shows
        if state.flags.pon_calls and state.hands[seat].count(tile) >= 2 and len(state.hands[seat]) >= 3:
            return [Decision("pon", tile.token)]
        return []

    def window(self, state: State) -> Window | None:
        """After a discard: the seats that may call, ron before pon, each in turn order from the
        discarder (PON-RON-1: of several riichi players the first after the discarder wins)."""
        if state.phase != "play" or state.last_discard is None:
            return None
        by = state.last_discard[0]
        n = state.players
        after = [(by + k) % n for k in range(1, n)]
        ron = [s for s in after if state.riichi[s] and self._calls(state, s)]
        pon = [s for s in after if not state.riichi[s] and self._calls(state, s)]
        if not ron and not pon:
            return None
        return Window("call", tuple(ron + pon), ("PON-RON-1", "PON-PON-1"))

    def close_window(self, state: State) -> State:
        """Nobody calls: the seat after the discarder draws (PON-TURN-1), or the wall is empty."""
        if state.phase != "play" or state.last_discard is None:
            return state
        return self._draw(evolve(state, last_discard=None), state.turn)

    # ------------------------------------------------------------------ verdicts
    def explain(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> Verdict:
        if seat is None:
            seat = self.to_act(state)
        if not self._is_seat(state, seat):
            return refused("pon.no_such_seat", ("PON-SETUP-1",), seat=short_value(seat), last=state.players - 1)
        if state.phase != "play":
            return refused("pon.hand_over", ("PON-TURN-1",))
        if not in_turn:
            return self._explain_call(state, action, seat)
        if isinstance(action, Decision) and action.key == "pon":
            return refused("pon.pon_out_of_turn", ("PON-PON-1",))
        if action == RON:
            return refused("pon.ron_on_discard", ("PON-RON-1",))
        if state.last_discard is not None:
            return refused("pon.calls_open", ("PON-PON-1", "PON-RON-1"), seat=state.last_discard[0],
                           cards=[state.last_discard[1].token])
        if seat != state.turn:
            return refused("pon.not_your_turn", ("PON-TURN-1",), seat=state.turn)
        hand = state.hands[seat]
        if action == TSUMO:
            if state.called:
                return refused("pon.no_win_after_pon", ("PON-PON-1",))
            if not self.wins_with(state, seat):
                return refused("pon.not_three_sets", ("PON-SET-1", "PON-TURN-1"))
            return allowed("pon.ok.tsumo", ("PON-TURN-1", "PON-SET-1"))
        if isinstance(action, Play) and len(action.cards) == 1:
            tile = action.cards[0]
            if tile not in hand:
                return refused("pon.not_in_hand", ("PON-TURN-1",), cards=[tile.token])
            if state.riichi[seat] and state.drawn is not None and tile != state.drawn:
                return refused("pon.riichi_frozen", ("PON-RIICHI-2",), cards=[state.drawn.token])
            if self.wins_with(state, seat) and not state.called:
                return allowed("pon.ok.discard_instead", ("PON-TURN-1",), cards=[tile.token])
            if state.riichi[seat]:
                return allowed("pon.ok.discard", ("PON-TURN-1", "PON-RIICHI-2"), cards=[tile.token])
            # what the discard leaves: the waits, or how far from three sets (a learner's choice
            # among legal discards is told what it costs, PON-SET-1)
            waits = self.waits_after(state, seat, tile)
            if waits:
                return allowed("pon.ok.discard_waits", ("PON-TURN-1", "PON-SET-1"), cards=[tile.token],
                               wait_cards=[w.token for w in waits])
            rest = _remove(state.hands[seat], (tile,))
            return allowed("pon.ok.discard_short", ("PON-TURN-1", "PON-SET-1"), cards=[tile.token],
                           count=T.missing(rest, len(state.melds[seat])))
        if isinstance(action, Play):
            return refused("pon.one_tile", ("PON-TURN-1",))
        if isinstance(action, Decision) and action.key == "riichi":
            try:  # a token that is no tile at all (``{"riichi": "T99"}``) is not in the hand either
                tile = Card.parse(action.value) if isinstance(action.value, str) else None
            except CardError:
                tile = None
            if tile is None or tile not in hand:
                return refused("pon.not_in_hand", ("PON-RIICHI-1",), cards=[str(action.value)])
            if state.riichi[seat]:
                return refused("pon.already_riichi", ("PON-RIICHI-1", "PON-RIICHI-2"))
            if state.melds[seat] and state.flags.riichi_requires_closed:
                return refused("pon.riichi_closed", ("PON-PON-1",))
            waits = self.waits_after(state, seat, tile)
            if not waits:
                return refused("pon.riichi_not_waiting", ("PON-RIICHI-1",), cards=[tile.token])
            return allowed("pon.ok.riichi", ("PON-RIICHI-1",), cards=[tile.token], wait_cards=[w.token for w in waits])
        return refused("pon.unknown_action", ("PON-TURN-1",))

    def _explain_call(self, state: State, action: Action, seat: int) -> Verdict:
        if state.last_discard is None:
            return refused("pon.no_discard", ("PON-RON-1", "PON-PON-1"))
        by, tile = state.last_discard
        if action == RON:
            if seat == by:
                return refused("pon.own_discard", ("PON-RON-1",))
            if not state.riichi[seat]:
                return refused("pon.ron_needs_riichi", ("PON-RON-1",))
            if not self.wins_with(state, seat, tile):
                return refused("pon.ron_not_win", ("PON-RON-1", "PON-SET-1"), cards=[tile.token])
            return allowed("pon.ok.ron", ("PON-RON-1",), cards=[tile.token], seat=by)
        if isinstance(action, Decision) and action.key == "pon":
            if seat == by:
                return refused("pon.own_discard", ("PON-PON-1",))
            if not state.flags.pon_calls:
                return refused("pon.pon_off", ("PON-PON-1",))
            if action.value != tile.token:
                return refused("pon.pon_other_tile", ("PON-PON-1",), cards=[tile.token])
            if state.riichi[seat]:
                return refused("pon.pon_riichi", ("PON-PON-1", "PON-RIICHI-2"))
            if state.hands[seat].count(tile) < 2:
                return refused("pon.pon_pair", ("PON-PON-1",), cards=[tile.token], count=state.hands[seat].count(tile))
            if len(state.hands[seat]) < 3:
                return refused("pon.pon_nothing_to_discard", ("PON-PON-1",), cards=[tile.token])
            return allowed("pon.ok.pon", ("PON-PON-1",), cards=[tile.token], seat=by)
        if action == TSUMO:
            return refused("pon.tsumo_own_draw", ("PON-TURN-1",))
        return refused("pon.not_your_turn", ("PON-TURN-1",), seat=state.turn)

    # ------------------------------------------------------------------ applying
    def apply(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> State:
        seat = self.acting_seat(state, action, seat, in_turn)
        if action == RON:
            assert state.last_discard is not None
            return self._win(state, seat, "ron", state.last_discard[0], state.last_discard[1])
        if action == TSUMO:
            return self._win(state, seat, "tsumo", None, None)
        if isinstance(action, Decision) and action.key == "pon":
            return self._pon(state, seat)
        riichi = isinstance(action, Decision) and action.key == "riichi"
        tile = Card.parse(action.value) if riichi else action.cards[0]  # type: ignore[union-attr]
        log = state.log + (_event("pon.event.riichi" if riichi else "pon.event.discard",
                                  ("PON-RIICHI-1",) if riichi else ("PON-TURN-1",), seat=seat, cards=[tile.token]),)
        state = evolve(state, hands=replaced_at(state.hands, seat, _remove(state.hands[seat], (tile,))),
                       discards=replaced_at(state.discards, seat, state.discards[seat] + (tile,)),
                       riichi=replaced_at(state.riichi, seat, True) if riichi else state.riichi,
                       drawn=None, called=False, last_discard=(seat, tile), turn=(seat + 1) % state.players, log=log)
        return state if self.window(state) is not None else self.close_window(state)

    def _pon(self, state: State, seat: int) -> State:
        """PON-PON-1: take the discard, expose the three, and discard next; play goes on from here."""
        assert state.last_discard is not None
        by, tile = state.last_discard
        meld = (tile, tile, tile)
        return evolve(state, hands=replaced_at(state.hands, seat, _remove(state.hands[seat], (tile, tile))),
                      melds=replaced_at(state.melds, seat, state.melds[seat] + (meld,)),
                      discards=replaced_at(state.discards, by, state.discards[by][:-1]),
                      turn=seat, drawn=None, called=True, last_discard=None,
                      log=state.log + (_event("pon.event.pon", ("PON-PON-1",), seat=seat, by=by, cards=[tile.token]),))

    def _win(self, state: State, seat: int, how: str, by: int | None, tile: Card | None) -> State:
        """A win ends the hand; the payments follow PON-PAY-1 … PON-PAY-5."""
        n = state.players
        paid = payments(n, state.dealer, seat, how, by, state.flags.hand_value)
        hand = state.hands[seat] + ((tile,) if tile is not None else ())
        result = {"winner": seat, "win_type": how, "discarder": by, "draw": False,
                  "payments": {str(s): paid.get(s, 0) for s in range(n)},
                  "hand": format_cards(hand), "melds": [format_cards(m) for m in state.melds[seat]]}
        rules = ("PON-RON-1", "PON-PAY-2") if how == "ron" else ("PON-TURN-1", "PON-PAY-4" if seat == state.dealer else "PON-PAY-3")
        log = state.log + (_event("pon.event.win.ron" if how == "ron" else "pon.event.win.tsumo", rules, seat=seat, by=by, cards=format_cards(hand)),
                           _event("pon.event.paid", ("PON-PAY-1", "PON-PAY-5"), seat=seat,
                                  total=paid[seat], dealer=seat == state.dealer))
        scores = tuple(a + paid.get(s, 0) for s, a in enumerate(state.session.scores))
        return self._end(evolve(state, phase="score", result=result, log=log, last_discard=None), scores)

    def _exhausted(self, state: State) -> State:
        """PON-DRAW-1: the wall is empty and nobody won: no chips change hands."""
        result = {"winner": None, "win_type": None, "discarder": None, "draw": True,
                  "payments": {str(s): 0 for s in range(state.players)}}
        log = state.log + (_event("pon.event.exhausted", ("PON-DRAW-1",)),)
        return self._end(evolve(state, phase="score", result=result, log=log, last_discard=None, drawn=None),
                         state.session.scores)

    def _end(self, state: State, scores: tuple[int, ...]) -> State:
        state = evolve(state, session=replace(state.session, scores=scores))
        if self.game_over(state):
            state = evolve(state, log=state.log + (_event("pon.event.game_over", ("PON-NEXT-1",),
                                                          seats=self.game_winner(state), hands=state.hand_no),))
        return state

    # ------------------------------------------------------------------ the session
    def hands_in_game(self, state: State) -> int:
        return 2 * state.players  # PON-NEXT-1: the engine's default length

    def game_over(self, state: State) -> bool:
        return state.phase == "score" and state.hand_no >= self.hands_in_game(state)

    def game_winner(self, state: State) -> list[int]:
        best = max(state.session.scores)
        return [s for s, v in enumerate(state.session.scores) if v == best]

    def next_hand(self, state: State) -> State:
        """PON-NEXT-1: the deal passes clockwise after every hand (the seat after the dealer)."""
        if state.phase != "score" or self.game_over(state):
            return state
        ses = state.session
        session = replace(ses, hand_no=ses.hand_no + 1, dealer=(ses.dealer + 1) % state.players)
        return self._deal(state.flags, session, state.log + (
            _event("pon.event.next_hand", ("PON-NEXT-1",), hand=session.hand_no, dealer=session.dealer),))

    def session(self, state: State) -> dict[str, Any]:
        ses = state.session
        over = self.game_over(state)
        return {"hand_no": ses.hand_no, "scores": list(ses.scores), "target": None, "dealer": ses.dealer,
                "next_dealer": (ses.dealer + 1) % state.players, "next_first_bidder": None, "game_over": over,
                "winner": self.game_winner(state) if over else None, "hands_in_game": self.hands_in_game(state)}

    # ------------------------------------------------------------------ quizzes
    @property
    def quiz_outcomes(self):  # the outcome questions (tutor/games/ponjan/quiz.py)
        from .quiz import OUTCOMES
        return OUTCOMES

    def quiz_kinds(self):
        from .quiz import KINDS
        return KINDS

    def rules_conflict(self, state: State, flags: Flags) -> Verdict | None:
        """Called sets where the other rules have no calls, or riichi beside a called set where
        riichi needs a closed hand (PON-PON-1): no such position under them (tutor/compare.py)."""
        if not flags.pon_calls and any(state.melds):
            return refused("compare.needs", ("PON-PON-1",), what="pon")
        if flags.riichi_requires_closed and any(r and m for r, m in zip(state.riichi, state.melds)):
            return refused("compare.needs", ("PON-PON-1",), what="riichi_open")
        return None

    # ------------------------------------------------------------------ what the page sees
    def table_view(self, state: State, seat: int | None, lang: str = "en") -> dict[str, Any]:
        n = state.players
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n):
            raise TutorError("error.no_seat", seat=short_value(seat), players=n)
        from ...flags import flags_to_dict
        from ...jsondata import fresh_json
        mine = seat is not None
        return {
            "game": self.name, "flags": flags_to_dict(state.flags), "phases": list(PHASES), "phase": state.phase,
            "seat": seat, "to_act": self.to_act(state), "players": n, "dealer": state.dealer,
            "hand": format_cards(self.hand_order(state, seat)) if mine else None,
            "cards_held": [len(h) for h in state.hands], "trick": [],
            "melds": [[format_cards(m) for m in ms] for ms in state.melds],
            "discards": [format_cards(d) for d in state.discards],
            "riichi": list(state.riichi), "wall_count": len(state.wall),
            "drawn": state.drawn.token if mine and state.drawn is not None and seat == state.turn else None,
            "last_discard": ({"seat": state.last_discard[0], "tile": state.last_discard[1].token}
                             if state.last_discard else None),
            "waits": (format_cards(self.waiting_for(state, seat)) if mine else None),
            "scores": list(state.session.scores),
            "result": fresh_json(state.result) if state.result else None,
            "session": self.session(state),
        }

    def hand_order(self, state: State, seat: int) -> list[Card]:
        """The concealed tiles as a player arranges them: by kind, the wild tiles last, and the tile
        just drawn set apart at the end (the page draws it with a gap: ``drawn`` in the view)."""
        rest = list(state.hands[seat])
        drawn = state.drawn if seat == state.turn and state.drawn in rest else None
        if drawn is not None:
            rest.remove(drawn)
        rest.sort(key=lambda t: (t.special == T.WILD, t.special or ""))
        return rest + ([drawn] if drawn is not None else [])

    def display_parts(self, state: State, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
        from .display import display_parts
        return display_parts(self, state, view, seat, lang)

    def action_params(self, action: Any) -> dict[str, Any]:
        if isinstance(action, Decision) and isinstance(action.value, str) and action.key in ("riichi", "pon"):
            # ``call``: the label names the call with its tile ("Pon tile 6"), never the tile alone
            return {"cards": [action.value], "call": action.key}
        return {}

    def hint_focus(self, state: State, seat: int, action: Action | None, in_turn: bool = True) -> Any:
        from . import hints
        return hints.hint_focus(self, state, seat, action, in_turn)

    def check_value(self, state: State, key: str) -> Any:
        if key == "riichi":
            return [s for s, r in enumerate(state.riichi) if r]
        if key == "melds":
            return {str(s): [format_cards(m) for m in ms] for s, ms in enumerate(state.melds)}
        if key == "payments":
            return dict(state.result["payments"]) if state.result else None
        if key == "scores":
            return {str(s): v for s, v in enumerate(state.session.scores)}
        raise KeyError(key)
