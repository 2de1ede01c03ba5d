"""Tichu for four players in two partnerships, as a state machine (rules: ``tichu.md``).

Phases: ``grand_tichu`` (8 cards each; every seat decides, in any order) → ``exchange`` (one
card to each other seat, revealed together) → ``play`` (with ``wish`` right after the Mahjong
and ``dragon_gift`` when the Dragon wins a trick) → ``score`` → the next round (``next_hand``), until a team's total reaches the target (1,000).
What lasts across rounds (round number, team totals, the target, the game's end) is the
``Session`` the state holds; the rest of the state is the round in play.

Actions out of turn are first-class: a bomb may interrupt (``in_turn=False``) once a trick
has been opened, except on the Dog and (by the seed) on another out-of-turn bomb. The
position just after a play keeps those chances open; ``settle`` declines them and collects
a finished trick.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from ...actions import PASS, Action, Decision, FrozenMap, Pass, Play
from ...cards import Card, format_cards, multiset_contains, multiset_remove, shortfall
from ...choices import ChooseCards
from ...errors import TutorError, short_value
from ...climbing import everyone_else_passed, lead_after, next_seat, seats_after
from ...jsondata import fresh_json
from ...game import Event, Game, IllegalAction, Verdict
from ...game import event as _event, allowed as _yes, refused as _no, replaced_at as _set  # the shared verdict and log helpers
from ...rng import derive
from ...windows import Window
from .combos import DRAGON, RANK_OF, TYPE_RULE, VALUE, Combo, Hand, beats, classify, generate, is_natural, rank_token
from .state import (PHASES, DECK, Flags, team_of, card_points, sort_hand, Entry, Session, State)



def next_active(state: State, seat: int) -> int:
    """The next seat after ``seat`` that still holds cards (TICHU-TURN-3)."""
    return next_seat(seat, len(state.hands), state.active)


class Tichu(Game):
    """Tichu (BrettspielWelt-style seed rules, tichu.md)."""

    name = "tichu"
    title = {"en": "Tichu", "ja": "テチュ"}
    phases = PHASES
    Flags = Flags
    rule_prefix = "TICHU"
    kinds = ("legal", "classify", "score", "steps")
    # tichu.md names no physical direction; the published rules play counter-clockwise (a choice:
    # it only places the seats on the page)
    direction = "counterclockwise"

    def partner(self, state: State, seat: int) -> int | None:
        return (seat + 2) % 4  # rules/README.md §2: partnerships {0,2} and {1,3}

    @property
    def quiz_outcomes(self):  # the outcome questions (tutor/games/tichu/quiz.py)
        from .quiz import OUTCOMES
        return OUTCOMES

    def quiz_kinds(self):
        from .quiz import KINDS
        return KINDS

    def rules_conflict(self, state: State, flags: Flags) -> Verdict | None:
        """A phase the other rules do not have (tutor/compare.py): the Grand Tichu calls without
        Grand Tichu, the exchange without the exchange."""
        if state.phase == "grand_tichu" and not flags.grand_tichu:
            return _no("compare.needs", ("TICHU-GT-1",), what="grand_tichu")
        if state.phase == "exchange" and not flags.exchange:
            return _no("compare.needs", ("TICHU-EXCH-1",), what="exchange")
        return None

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
        state = State(flags=flags, seed=seed, phase="grand_tichu", hands=((), (), (), ()), to_act=0,
                      session=Session(target_score=flags.target_score))
        return self._deal(state, 0)

    def _deal(self, state: State, round_index: int) -> State:
        deck = list(DECK.cards())
        derive(state.seed, "tichu-deal", round_index).shuffle(deck)
        first = tuple(sort_hand(deck[i * 14:i * 14 + 8]) for i in range(4))
        second = tuple(tuple(deck[i * 14 + 8:(i + 1) * 14]) for i in range(4))
        state = replace(state, phase="grand_tichu", hands=first, second_half=second, to_act=0,
                        grand=(None,) * 4, calls=(None,) * 4, exchanges=(None,) * 4, played=(False,) * 4,
                        trick=(), trick_closed=False, wish=None, out=(), captured=((),) * 4,
                        captured_offset=(0,) * 4, set_aside=(), result=None,
                        log=state.log + (_event("tichu.event.deal", ("TICHU-DEAL-1",), round=state.round_no),))
        if not state.flags.grand_tichu:
            return self._after_grand(replace(state, grand=(False,) * 4))
        return state

    def _after_grand(self, state: State) -> State:
        hands = tuple(sort_hand(h + rest) for h, rest in zip(state.hands, state.second_half))
        state = replace(state, hands=hands, second_half=((),) * 4,
                        log=state.log + (_event("tichu.event.second_deal", ("TICHU-DEAL-1",)),))
        if state.flags.exchange:
            return replace(state, phase="exchange", to_act=0)
        return self._start_play(state)

    def _start_play(self, state: State) -> State:
        leader = next(s for s in range(4) if any(c.special == "MAHJONG" for c in state.hands[s]))
        return replace(state, phase="play", to_act=leader, trick=(),
                       log=state.log + (_event("tichu.event.mahjong_leads", ("TICHU-LEAD-1",), seat=leader),))

    def next_hand(self, state: State) -> State:
        """After the scoring: the next round, from the session (the game goes on until a team
        reaches the target; once it is over, the state itself)."""
        if state.phase != "score" or state.session.game_over:
            return state
        session = replace(state.session, round_no=state.session.round_no + 1)
        nxt = replace(state, session=session,
                      log=state.log + (_event("tichu.event.next_round", ("TICHU-GAME-1",), round=session.round_no),))
        return self._deal(nxt, state.session.round_no)

    def game_over(self, state: State) -> bool:
        """TICHU-GAME-1: a scored round left a team at or over the target, ahead of the other."""
        return state.session.game_over

    def session(self, state: State) -> dict[str, Any]:
        ses = state.session
        return {"hand_no": ses.round_no, "scores": {"A": ses.scores[0], "B": ses.scores[1]},
                "target": ses.target_score, "dealer": None, "next_dealer": None,
                "next_first_bidder": None,  # the Mahjong's holder leads each round (TICHU-LEAD-1)
                "game_over": ses.game_over, "winner": ses.winner}

    # ------------------------------------------------------------------ queries
    def to_act(self, state: State) -> int | None:
        return state.to_act

    def round_over(self, state: State) -> bool:
        return state.phase == "score"

    def all_cards(self, state: State) -> list[Card]:
        cards = [c for h in state.hands for c in h] + [c for h in state.second_half for c in h]
        cards += [c.physical for e in state.trick for c in e.cards]
        cards += [c for pile in state.captured for c in pile] + list(state.set_aside)
        cards += [card for gifts in state.exchanges if gifts for _, card in gifts]  # passed, not yet revealed
        return cards

    def check_value(self, state: State, key: str) -> Any:
        if key == "wish":
            return state.wish
        if key == "out":
            return list(state.out)
        if key == "captured_points":
            return {str(s): state.points(s) for s in range(4)}
        raise KeyError(key)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, state: State, seat: int | None = None, in_turn: bool = True) -> list[Action]:
        if seat is None:
            seat = state.to_act
        if seat is None:
            return []
        if not in_turn:
            return [Play(cards) for cards, _ in self._interrupts(state, seat)]
        if state.phase == "grand_tichu":
            return [Decision("grand", True), Decision("grand", False)] if state.grand[seat] is None else []
        if state.phase == "exchange":
            return self._exchange_actions(state, seat)
        if seat != state.to_act:
            return []
        if state.phase == "wish":
            return [Decision("wish", r) for r in RANK_OF.values()] + [Decision("wish", None)]
        if state.phase == "dragon_gift":
            return [Decision("give_trick_to", s) for s in range(4) if team_of(s) != team_of(seat)]
        if state.phase != "play":
            return []
        return [Play(cards) if cards else PASS for cards in self._plays(state, seat)]

    def decision_options(self, state: State, seat: int) -> list[Action] | None:
        """The buttons of the decisions not made with cards: all of them, legal or not."""
        if state.phase == "grand_tichu":
            return [Decision("grand", True), Decision("grand", False)]
        if state.phase == "wish":
            return [Decision("wish", r) for r in RANK_OF.values() if r not in ("MAHJONG", "DOG", "PHOENIX", "DRAGON")] \
                + [Decision("wish", None)]
        if state.phase == "dragon_gift":
            return [Decision("give_trick_to", s) for s in seats_after(seat, len(state.hands)) if s != seat]
        return None

    def action_params(self, action: Any) -> dict[str, Any]:
        if action.key == "wish":
            return {"rank": action.value}
        if action.key == "give_trick_to":
            return {"seat": action.value}
        return super().action_params(action)

    def action_label(self, action: Action, lang: str = "en") -> str:
        """An exchange reads seat by seat: "seat 1: 2♣, seat 2: A♥, seat 3: 3♦"."""
        if isinstance(action, Decision) and action.key == "exchange":
            from ...messages import render
            gifts = [render("tichu.action.gift", {"seat": int(seat), "cards": [card]}, lang) for seat, card in action.value]
            return render("tichu.action.exchange", {"gifts": gifts}, lang)
        return super().action_label(action, lang)

    side_decision_keys = ("call",)

    def side_actions(self, state: State, seat: int) -> list[Action]:
        """A Tichu call, while the seat still holds all 14 cards (TICHU-CALL-1, CALL-4)."""
        if self._may_call(state, seat):
            return [Decision("call", "tichu")]
        return []

    def decline(self, state: State, seat: int) -> Verdict:
        """An out-of-turn bomb is a chance, never a duty (TICHU-BOMB-4)."""
        return _yes("tichu.ok.let_go", ("TICHU-BOMB-4",))

    def _may_call(self, state: State, seat: int) -> bool:
        return (state.phase in ("exchange", "play", "wish", "dragon_gift") and state.calls[seat] is None
                and not state.played[seat] and len(state.hands[seat]) + (3 if state.exchanges[seat] else 0) == 14)

    def _exchange_actions(self, state: State, seat: int) -> list[Action]:
        spec = self._exchange_spec(state, seat)
        return list(spec.expand()) if spec is not None else []

    def _exchange_spec(self, state: State, seat: int) -> ChooseCards | None:
        """TICHU-EXCH-1: one card of the hand to each other seat, three different cards."""
        if state.exchanges[seat] is not None:
            return None
        return ChooseCards("exchange", state.hands[seat], 3, assign_to=tuple(s for s in range(4) if s != seat),
                           rule_ids=("TICHU-EXCH-1", "TICHU-EXCH-2"))

    def decision_spec(self, state: State, seat: int | None = None, in_turn: bool = True) -> ChooseCards | None:
        """The exchange as "one card to each other seat" (2,184 actions from 14 cards)."""
        if seat is None:
            seat = state.to_act
        if seat is None or not in_turn or state.phase != "exchange":
            return None
        return self._exchange_spec(state, seat)

    def _plays(self, state: State, seat: int) -> list[tuple[Card, ...]]:
        """Every regular play (``()`` is a pass), with the wish applied (TICHU-WISH-2/4)."""
        top = state.top()
        hand = Hand(state.hands[seat])
        plays = generate(hand, top.combo if top else None, leading=top is None)
        if top is not None and top.combo and top.combo.type == "single" and top.combo.rank >= DRAGON:
            plays = [p for p in plays if p[1].is_bomb]  # only a bomb beats the Dragon
        cards = [p[0] for p in plays]
        if state.wish is not None and (top is not None or state.flags.wish_on_lead):
            wished = [c for c in cards if any(is_natural(x) and x.rank == state.wish for x in c)]
            if wished:
                return wished  # the wish must be fulfilled: no pass, no other play
        return cards if top is None else [()] + cards

    def _interrupts(self, state: State, seat: int) -> list[tuple[tuple[Card, ...], Combo]]:
        """The bombs ``seat`` may play out of turn right now (TICHU-BOMB-4 … 8)."""
        if state.phase != "play" or not state.hands[seat]:
            return []
        if self._interrupt_block(state) is not None:
            return []
        top = state.top()
        assert top is not None and top.combo is not None
        # TICHU-WISH-6 / TICHU-BOMB-10: an out-of-turn bomb ignores the wish, whoever plays it, the
        # seat whose turn it is included (before it acts in turn; the golden case G-21). In turn the
        # wish still binds that seat (TICHU-WISH-2, in ``_plays``).
        return [(cards, combo) for cards, combo in generate(Hand(state.hands[seat]), top.combo, leading=False)
                if combo.is_bomb]

    def _interrupt_block(self, state: State) -> Verdict | None:
        top = state.top()
        if top is None or top.combo is None or top.combo.type == "dog":
            return _no("tichu.no_interrupt_before_lead", ("TICHU-BOMB-5",))
        if not top.in_turn and top.combo.is_bomb and not state.flags.bomb_interrupt_on_interrupt:
            return _no("tichu.no_interrupt_on_interrupt", ("TICHU-BOMB-7",))
        return None

    # ------------------------------------------------------------------ explain
    def explain(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> Verdict:
        verdict, _ = self._judge(state, action, seat, in_turn)
        return verdict

    def _judge(self, state: State, action: Action, seat: int | None, in_turn: bool) -> tuple[Verdict, Any]:
        if seat is None:
            seat = state.to_act
        if seat is None or not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
            return _no("common.bad_seat", (), seat=seat, players=4), None
        if state.phase == "score":
            return _no("tichu.round_over", ("TICHU-END-1",)), None
        if isinstance(action, Decision) and action.key == "call":
            if action.value != "tichu":
                return _no("tichu.bad_call", ("TICHU-CALL-1",), value=action.value), None
            if state.calls[seat] == "grand" or state.grand[seat]:
                return _no("tichu.call_after_grand", ("TICHU-CALL-4",)), None
            if state.calls[seat] is not None:
                return _no("tichu.already_called", ("TICHU-CALL-3",)), None
            if not self._may_call(state, seat):
                return _no("tichu.call_too_late", ("TICHU-CALL-1",)), None
            return _yes("tichu.ok.call", ("TICHU-CALL-1", "TICHU-CALL-2")), None
        if not in_turn:
            return self._judge_interrupt(state, action, seat)
        if state.phase == "grand_tichu":
            if not (isinstance(action, Decision) and action.key == "grand" and isinstance(action.value, bool)):
                return _no("common.wrong_phase", ("TICHU-GT-1",), phase="grand_tichu", expected='{"grand": true|false}'), None
            if state.grand[seat] is not None:
                return _no("tichu.already_decided", ("TICHU-GT-1",)), None
            return _yes("tichu.ok.grand" if action.value else "tichu.ok.no_grand", ("TICHU-GT-1", "TICHU-GT-2")), None
        if state.phase == "exchange":
            return self._judge_exchange(state, action, seat)
        if seat != state.to_act:
            return _no("common.not_your_turn", ("TICHU-TURN-1",), seat=seat, to_act=state.to_act), None
        if state.phase == "wish":
            if not (isinstance(action, Decision) and action.key == "wish"):
                return _no("common.wrong_phase", ("TICHU-WISH-1",), phase="wish", expected='{"wish": rank | null}'), None
            if action.value is not None and action.value not in VALUE:
                return _no("tichu.bad_wish", ("TICHU-WISH-1",), value=action.value), None
            return _yes("tichu.ok.wish", ("TICHU-WISH-1",), rank=action.value), None
        if state.phase == "dragon_gift":
            if not (isinstance(action, Decision) and action.key == "give_trick_to"):
                return _no("common.wrong_phase", ("TICHU-DRAGON-2",), phase="dragon_gift",
                           expected='{"give_trick_to": seat}'), None
            to = action.value
            if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < 4 or team_of(to) == team_of(seat):
                return _no("tichu.gift_to_opponent", ("TICHU-DRAGON-2",), seat=to), None
            return _yes("tichu.ok.gift", ("TICHU-DRAGON-2",), seat=to), None
        return self._judge_play(state, action, seat)

    def _judge_exchange(self, state: State, action: Action, seat: int) -> tuple[Verdict, Any]:
        if not (isinstance(action, Decision) and action.key == "exchange"):
            return _no("common.wrong_phase", ("TICHU-EXCH-1",), phase="exchange",
                       expected='{"exchange": {"seat": card, …}}'), None
        if state.exchanges[seat] is not None:
            return _no("tichu.already_exchanged", ("TICHU-EXCH-1",)), None
        value = action.value
        pairs = dict(value) if isinstance(value, FrozenMap) else None  # a JSON object {seat: card}
        others = {str(s) for s in range(4) if s != seat}
        if pairs is None or set(pairs) != others or len(value) != 3:
            return _no("tichu.exchange_shape", ("TICHU-EXCH-1",), seats=sorted(others)), None
        try:
            cards = [Card.parse(pairs[s]) for s in sorted(pairs)]
        except (ValueError, TypeError):
            return _no("tichu.exchange_shape", ("TICHU-EXCH-1",), seats=sorted(others)), None
        if not multiset_contains(state.hands[seat], cards):
            absent, repeated = shortfall(state.hands[seat], cards)
            if absent:
                return _no("common.not_in_hand", ("TICHU-EXCH-1",), cards=[str(c) for c in absent]), None
            # one and the same card chosen for two or three seats: three different cards are needed
            return _no("tichu.exchange_distinct", ("TICHU-EXCH-1",), cards=[str(c) for c in repeated]), None
        return _yes("tichu.ok.exchange", ("TICHU-EXCH-1", "TICHU-EXCH-2")), {int(s): Card.parse(c) for s, c in pairs.items()}

    def _read_play(self, state: State, action: Action, seat: int) -> tuple[Verdict | None, Combo | None]:
        """Common checks of a card play: cards held, Phoenix declarations, the combination."""
        if not isinstance(action, Play):
            return _no("common.wrong_phase", ("TICHU-TURN-1",), phase="play", expected="[cards] / PASS"), None
        if action.type is not None:
            return _no("tichu.no_declared_type", ("TICHU-COMBO-9",)), None
        physical = [c.physical for c in action.cards]
        if any(not DECK.accepts(c) for c in action.cards) or any(c.special == "JOKER" for c in action.cards):
            return _no("common.not_in_deck", ("TICHU-SETUP-2",), cards=[str(c) for c in action.cards]), None
        if not multiset_contains(state.hands[seat], physical):
            absent, repeated = shortfall(state.hands[seat], physical)
            if absent:
                return _no("common.not_in_hand", (), cards=[str(c) for c in absent]), None
            return _no("common.repeated_card", (), cards=[str(c) for c in repeated], count=len(repeated)), None
        if len(action.cards) > 1 and any(c.special == "PHOENIX" and not c.declared for c in action.cards):
            return _no("tichu.phoenix_declare", ("TICHU-COMBO-10",)), None
        if len(action.cards) == 1 and action.cards[0].declared:
            return _no("tichu.phoenix_single_plain", ("TICHU-PHOENIX-2",)), None
        top = state.top()
        on_single = top.combo.rank if top and top.combo and top.combo.type == "single" else None
        readings = classify(action.cards, on_single)
        if not readings:
            return diagnose(action.cards), None
        return None, readings[0]

    def _judge_play(self, state: State, action: Action, seat: int) -> tuple[Verdict, Any]:
        top = state.top()
        if isinstance(action, Pass):
            if top is None:
                return _no("tichu.cannot_pass_lead", ("TICHU-TURN-1",)), None
            wished = self._wish_forces(state, seat)
            if wished:
                return _no("tichu.wish_forces", ("TICHU-WISH-2",), rank=state.wish), None
            return _yes("tichu.ok.pass", ("TICHU-TURN-1", "TICHU-TURN-2")), None
        problem, combo = self._read_play(state, action, seat)
        if problem:
            return problem, None
        assert combo is not None and isinstance(action, Play)
        if top is not None:
            assert top.combo is not None
            if combo.type == "dog":
                return _no("tichu.dog_only_lead", ("TICHU-DOG-1",)), None
            if top.combo.type == "single" and top.combo.rank >= DRAGON and action.cards[0].special == "PHOENIX" \
                    and len(action.cards) == 1:
                return _no("tichu.phoenix_on_dragon", ("TICHU-PHOENIX-3",)), None
            if not beats(combo, top.combo):
                return self._why_not_beat(combo, top.combo), None
        # the wish (TICHU-WISH-2 following, TICHU-WISH-4 leading)
        if state.wish is not None and (top is not None or state.flags.wish_on_lead):
            has_wish = any(is_natural(c) and c.rank == state.wish for c in action.cards)
            if not has_wish and self._wish_forces(state, seat):
                rule = "TICHU-WISH-4" if top is None else "TICHU-WISH-2"
                return _no("tichu.wish_forces", (rule,), rank=state.wish), None
        if top is None:
            return _yes("tichu.ok.lead", ("TICHU-TURN-1", TYPE_RULE[combo.type]), type=combo.type), combo
        if combo.is_bomb:
            return _yes("tichu.ok.bomb", ("TICHU-BOMB-1", "TICHU-BOMB-2")), combo
        return _yes("tichu.ok.beats", ("TICHU-CMP-1", TYPE_RULE[combo.type]), type=combo.type), combo

    def _wish_forces(self, state: State, seat: int) -> bool:
        """Whether the active wish leaves ``seat`` only plays containing the wished rank."""
        if state.wish is None or not any(is_natural(c) and c.rank == state.wish for c in state.hands[seat]):
            return False
        plays = self._plays(state, seat)
        return bool(plays) and all(p and any(is_natural(c) and c.rank == state.wish for c in p) for p in plays)

    @staticmethod
    def _why_not_beat(new: Combo, top: Combo) -> Verdict:
        if top.is_bomb and not new.is_bomb:
            return _no("tichu.only_bomb", ("TICHU-BOMB-3",), type=new.type)
        if top.is_bomb:
            return _no("tichu.bomb_too_small", ("TICHU-BOMB-2",))
        if top.type == "single" and top.rank >= DRAGON:
            return _no("tichu.dragon_top", ("TICHU-DRAGON-1",))
        if new.type != top.type:
            return _no("tichu.type_mismatch", ("TICHU-TURN-1", "TICHU-CMP-1"), type=new.type, top_type=top.type)
        if new.size != top.size:
            return _no("tichu.size_mismatch", ("TICHU-CMP-2",), size=new.size, top_size=top.size, type=new.type)
        return _no("tichu.not_higher", ("TICHU-CMP-1",), type=new.type, rank=rank_token(new.rank),
                   top_rank=rank_token(top.rank))

    def _judge_interrupt(self, state: State, action: Action, seat: int) -> tuple[Verdict, Any]:
        if state.phase != "play":
            return _no("tichu.no_interrupt_phase", ("TICHU-BOMB-4",), phase=state.phase), None
        if not state.hands[seat]:
            return _no("tichu.out_already", ("TICHU-TURN-3",)), None
        block = self._interrupt_block(state)
        if block:
            return block, None
        problem, combo = self._read_play(state, action, seat)
        if problem:
            return problem, None
        assert combo is not None
        if not combo.is_bomb:
            return _no("tichu.interrupt_bomb_only", ("TICHU-BOMB-4",), type=combo.type), None
        top = state.top()
        assert top is not None and top.combo is not None
        if not beats(combo, top.combo):
            return _no("tichu.bomb_too_small", ("TICHU-BOMB-2",)), None
        rules: tuple[str, ...] = ("TICHU-BOMB-4", "TICHU-BOMB-10")
        if state.wish is not None and not any(is_natural(c) and c.rank == state.wish for c in combo_cards(action)):
            rules += ("TICHU-WISH-6",)  # played past an active wish: say why that is allowed
        return _yes("tichu.ok.interrupt", rules), combo

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> State:
        if seat is None:
            seat = state.to_act
        verdict, extra = self._judge(state, action, seat, in_turn)
        if not verdict.legal:
            raise IllegalAction(verdict)
        assert seat is not None
        if isinstance(action, Decision) and action.key == "call":
            return replace(state, calls=_set(state.calls, seat, "tichu"),
                           log=state.log + (_event("tichu.event.call", ("TICHU-CALL-1",), seat=seat),))
        if state.phase == "grand_tichu":
            return self._apply_grand(state, seat, bool(action.value))  # type: ignore[union-attr]
        if state.phase == "exchange":
            return self._apply_exchange(state, seat, extra)
        if state.phase == "wish":
            wish = action.value  # type: ignore[union-attr]
            log = state.log + (_event("tichu.event.wish" if wish else "tichu.event.no_wish", ("TICHU-WISH-1",),
                                      seat=seat, rank=wish),)
            return replace(state, phase="play", wish=wish, to_act=self._after_play_seat(state, seat), log=log)
        if state.phase == "dragon_gift":
            return self._give_trick(state, seat, int(action.value))  # type: ignore[union-attr]
        if isinstance(action, Pass):
            state = replace(state, trick=state.trick + (Entry(seat),), trick_closed=False,
                            log=state.log + (_event("tichu.event.pass", ("TICHU-TURN-1",), seat=seat),))
            return replace(state, to_act=next_active(state, seat))
        assert isinstance(action, Play)
        return self._apply_play(state, seat, action.cards, extra, in_turn)

    def _apply_grand(self, state: State, seat: int, call: bool) -> State:
        grand = _set(state.grand, seat, call)
        state = replace(state, grand=grand)
        if None in grand:  # decisions stay secret until all four are in (TICHU-GT-1)
            return replace(state, to_act=grand.index(None))
        calls = tuple("grand" if g else c for g, c in zip(grand, state.calls))
        events = tuple(_event("tichu.event.grand", ("TICHU-GT-1",), seat=s) for s in range(4) if grand[s])
        return self._after_grand(replace(state, calls=calls, log=state.log + events))

    def _apply_exchange(self, state: State, seat: int, gifts: dict[int, Card]) -> State:
        hands = _set(state.hands, seat, multiset_remove(state.hands[seat], list(gifts.values())))
        exchanges = _set(state.exchanges, seat, tuple(sorted(gifts.items())))
        state = replace(state, hands=hands, exchanges=exchanges)
        if None in exchanges:
            return replace(state, to_act=exchanges.index(None))
        new_hands = list(state.hands)
        for giver, gifts_of in enumerate(exchanges):
            for to, card in gifts_of:
                new_hands[to] = new_hands[to] + (card,)
        state = replace(state, hands=tuple(sort_hand(h) for h in new_hands), exchanges=(None,) * 4,
                        log=state.log + (_event("tichu.event.exchanged", ("TICHU-EXCH-1",)),))
        return self._start_play(state)

    def _after_play_seat(self, state: State, seat: int) -> int:
        return next_active(state, seat)

    def _apply_play(self, state: State, seat: int, cards: tuple[Card, ...], combo: Combo, in_turn: bool) -> State:
        physical = [c.physical for c in cards]
        hands = _set(state.hands, seat, multiset_remove(state.hands[seat], physical))
        events = [_event("tichu.event.interrupt" if not in_turn else "tichu.event.play",
                         ("TICHU-BOMB-4",) if not in_turn else (TYPE_RULE[combo.type],),
                         seat=seat, type=combo.type, cards=format_cards(cards))]
        wish = state.wish
        if wish is not None and any(is_natural(c) and c.rank == wish for c in cards):
            wish = None
            events.append(_event("tichu.event.wish_fulfilled", ("TICHU-WISH-5",), rank=state.wish))
        out = state.out
        if not hands[seat]:
            out = out + (seat,)
            events.append(_event("tichu.event.out", ("TICHU-OUT-1",), seat=seat, place=len(out)))
        state = replace(state, hands=hands, played=_set(state.played, seat, True), wish=wish, out=out,
                        log=state.log + tuple(events), trick_closed=False)
        if combo.type == "dog":  # the lead passes to the partner at once (TICHU-DOG-1/2)
            partner = (seat + 2) % 4
            leader = partner if state.hands[partner] else next_active(state, partner)
            captured = _set(state.captured, leader, state.captured[leader] + tuple(physical))
            state = replace(state, trick=(), trick_closed=True, to_act=leader, captured=captured,
                            log=state.log + (_event("tichu.event.dog", ("TICHU-DOG-1", "TICHU-DOG-2"), seat=leader),))
            return self._finish(state) if self._round_ends(state) else state
        state = replace(state, trick=state.trick + (Entry(seat, tuple(cards), combo, in_turn),))
        if self._round_ends(state):
            return self._end_trick(state, ending=True)
        if any(c.special == "MAHJONG" for c in cards):
            return replace(state, phase="wish", to_act=seat)
        return replace(state, to_act=next_active(state, seat))

    def _round_ends(self, state: State) -> bool:
        out = state.out
        return len(out) >= 3 or (len(out) >= 2 and team_of(out[0]) == team_of(out[1]))

    # ------------------------------------------------------------------ settling
    def _trick_complete(self, state: State) -> bool:
        top = state.top()
        if state.phase != "play" or top is None:
            return False
        return everyone_else_passed(state.trick, len(state.hands), state.active)

    def window(self, state: State) -> Window | None:
        """After a play, every seat with cards may bomb out of turn (TICHU-BOMB-4), asked from the
        seat after the play on top, its player last; the first claim wins (TICHU-BOMB-8)."""
        if state.phase != "play" or self._interrupt_block(state) is not None:
            return None
        top = state.top()
        assert top is not None
        order = seats_after(top.seat, len(state.hands), state.active)
        return Window("bomb", order, ("TICHU-BOMB-4", "TICHU-BOMB-8"))

    def close_window(self, state: State) -> State:
        """Nobody bombs: a finished trick is collected (TICHU-TRICK-1, DRAGON-2)."""
        if self._trick_complete(state):
            return self._end_trick(state, ending=False)
        return state

    def _end_trick(self, state: State, ending: bool) -> State:
        top = state.top()
        assert top is not None and top.combo is not None
        if top.combo.type == "single" and top.combo.rank >= DRAGON:
            return replace(state, phase="dragon_gift", to_act=top.seat,
                           log=state.log + (_event("tichu.event.dragon_wins", ("TICHU-DRAGON-2",), seat=top.seat),))
        return self._collect(state, top.seat, top.seat)

    def _collect(self, state: State, to: int, winner: int) -> State:
        cards = tuple(c.physical for e in state.trick for c in e.cards)
        captured = _set(state.captured, to, state.captured[to] + cards)
        if to == winner:
            event = _event("tichu.event.trick_won", ("TICHU-TRICK-1",), seat=winner, points=card_points(cards))
        else:  # the Dragon's trick, given away: the points are the receiver's (TICHU-DRAGON-2)
            event = _event("tichu.event.trick_received", ("TICHU-DRAGON-2",), seat=to, points=card_points(cards))
        log = state.log + (event,)
        state = replace(state, captured=captured, trick=(), trick_closed=True, log=log, phase="play")
        if self._round_ends(state):
            return self._finish(state)
        return replace(state, to_act=lead_after(winner, len(state.hands), state.active))

    def _give_trick(self, state: State, seat: int, to: int) -> State:
        state = replace(state, log=state.log + (_event("tichu.event.gift", ("TICHU-DRAGON-2",), seat=seat, to=to),))
        return self._collect(state, to, seat)

    # ------------------------------------------------------------------ scoring
    def _finish(self, state: State) -> State:
        last = [s for s in range(4) if s not in state.out]
        facts = {"finish_order": list(state.out), "calls": {str(s): c for s, c in enumerate(state.calls) if c},
                 "captured_points": {str(s): state.points(s) for s in range(4)},
                 "last_hand": [str(c) for s in last for c in state.hands[s]] if len(state.out) >= 3 else []}
        score = round_score(facts)
        totals = (state.scores[0] + score["round_score"]["A"], state.scores[1] + score["round_score"]["B"])
        target = state.session.target_score
        game_over = max(totals) >= target and totals[0] != totals[1]
        winner = ("A" if totals[0] > totals[1] else "B") if game_over else None
        session = replace(state.session, scores=totals, game_over=game_over, winner=winner)
        result = dict(score)  # the round's own score; totals and the game's end are the session's
        log = state.log + (_event("tichu.event.round_end", ("TICHU-END-1", "TICHU-SCORE-2"),
                                  a=score["round_score"]["A"], b=score["round_score"]["B"]),)
        if game_over:
            log = log + (_event("tichu.event.game_over", ("TICHU-GAME-1",), team=winner),)
        return replace(state, phase="score", to_act=None, session=session, result=result, log=log)

    def score(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        self.flags(setup.get("flags"), "setup.flags")
        return round_score(setup)

    def classify(self, setup: Mapping[str, Any]) -> list[dict[str, Any]]:
        from ...scenario import parse_card_list
        self.flags(setup.get("flags"), "setup.flags")
        cards = parse_card_list(setup.get("cards"), "setup.cards", DECK, declared_ok=True)
        out = []
        for c in classify(cards):
            entry: dict[str, Any] = {"type": c.type, "rank": rank_token(c.rank) if c.type != "dog" else None}
            if c.type in ("straight", "straight_flush_bomb", "stairs"):
                entry["length"] = c.length
            out.append(entry)
        return out

    def play_type(self, state: State, seat: int, action: Play) -> str:
        """The combination type ``action`` counts as here ("" if it is no legal play)."""
        verdict, combo = self._judge(state, action, seat, True)
        return combo.type if verdict.legal and isinstance(combo, Combo) else ""

    # ------------------------------------------------------------------ view
    def table_view(self, state: State, seat: int | None, lang: str = "en") -> dict[str, Any]:
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4):
            raise TutorError("error.no_seat", seat=short_value(seat), players=4)
        from ...flags import flags_to_dict
        top = state.top()
        return {
            "game": self.name, "flags": flags_to_dict(state.flags), "phases": list(PHASES), "phase": state.phase,
            "seat": seat, "to_act": state.to_act, "players": 4, "round": state.round_no,
            "hand": format_cards(state.hands[seat]) if seat is not None else None,
            "cards_held": [len(h) for h in state.hands],
            "teams": {"A": [0, 2], "B": [1, 3]},
            "calls": list(state.calls),
            "grand_decided": [g is not None for g in state.grand],
            "exchanged": [e is not None for e in state.exchanges],
            "trick": [e.to_json() for e in state.trick],
            "top": top.to_json() if top else None,
            "wish": state.wish, "out": list(state.out),
            "captured_points": [state.points(s) for s in range(4)],
            "scores": {"A": state.scores[0], "B": state.scores[1]},
            "result": self._result_view(state),
            "session": self.session(state),
            "interrupt_open": self._interrupt_block(state) is None if state.phase == "play" else False,
        }

    def _result_view(self, state: State) -> dict[str, Any] | None:
        """The round's score as the page reads it, with the session's totals and end beside it."""
        if not state.result:
            return None
        ses = state.session
        return {**fresh_json(state.result), "totals": {"A": ses.scores[0], "B": ses.scores[1]},
                "game_over": ses.game_over, "winner": ses.winner}

    def from_setup(self, setup: Mapping[str, Any], path: str = "setup") -> State:
        from .scenario import state_from_setup
        return state_from_setup(self, setup, path)


def round_score(facts: Mapping[str, Any]) -> dict[str, Any]:
    """A round's score from its end facts (TICHU-END-3, TICHU-SCORE-1…4)."""
    order = list(facts.get("finish_order", []))
    calls = {int(s): c for s, c in (facts.get("calls") or {}).items()}
    captured = {int(s): v for s, v in (facts.get("captured_points") or {}).items()}
    first = order[0] if order else None
    one_two = len(order) >= 2 and team_of(order[0]) == team_of(order[1])
    card = {"A": 0, "B": 0}
    if one_two:
        card[team_of(order[0])] = 200
    else:
        last = [s for s in range(4) if s not in order]
        points = {s: captured.get(s, 0) for s in range(4)}
        for s in last:  # the last player's pile goes to the first out, the hand to the opponents
            if first is not None:
                points[first] += points[s]
                points[s] = 0
            hand = [Card.parse(t) for t in facts.get("last_hand", [])]
            card["B" if team_of(s) == "A" else "A"] += card_points(hand)
        for s, p in points.items():
            card[team_of(s)] += p
    call = {"A": 0, "B": 0}
    for s, c in calls.items():
        stake = 200 if c == "grand" else 100
        call[team_of(s)] += stake if s == first else -stake
    total = {t: card[t] + call[t] for t in ("A", "B")}
    return {"card_points": card, "call_points": call, "round_score": total}


def combo_cards(action: Action) -> tuple[Card, ...]:
    return action.cards if isinstance(action, Play) else ()


def _would_be_bomb(cards: Sequence[Card]) -> bool:
    """Whether the cards, the Phoenix standing in, would make a bomb (which it never may)."""
    naturals = [c for c in cards if is_natural(c)]
    if len(naturals) != len(cards) - 1:
        return False
    if len(cards) == 4:
        return len({c.rank for c in naturals}) == 1
    values = sorted(VALUE[c.rank] for c in naturals)
    return (len({c.suit for c in naturals}) == 1 and len(set(values)) == len(values)
            and values[-1] - values[0] <= len(cards) - 1)


def diagnose(cards: Sequence[Card]) -> Verdict:
    """Why a card set is no Tichu combination."""
    specials = {c.special for c in cards if c.special}
    if len(cards) > 1 and "DOG" in specials:
        return _no("tichu.invalid.dog_alone", ("TICHU-DOG-1",))
    if "PHOENIX" in specials and len(cards) >= 4 and _would_be_bomb(cards):
        return _no("tichu.invalid.phoenix_in_bomb", ("TICHU-PHOENIX-4", "TICHU-BOMB-1"))
    if len(cards) > 1 and "DRAGON" in specials:
        return _no("tichu.invalid.dragon_alone", ("TICHU-DRAGON-1",))
    if "MAHJONG" in specials and len(cards) > 1:
        return _no("tichu.invalid.mahjong", ("TICHU-MAHJONG-1", "TICHU-COMBO-5"))
    naturals = [c for c in cards if is_natural(c)]
    values = sorted(VALUE[c.rank] for c in naturals)
    if len(cards) >= 5 and len(set(values)) == len(values) and 14 in values and 2 in values:
        return _no("tichu.invalid.ace_low", ("TICHU-COMBO-5",))
    if len(cards) == 4 and len(set(values)) == 2 and all(values.count(v) == 2 for v in set(values)):
        return _no("tichu.invalid.pairs_not_consecutive", ("TICHU-COMBO-6", "TICHU-COMBO-9"))
    return _no("tichu.invalid.not_combination", ("TICHU-COMBO-9",))
