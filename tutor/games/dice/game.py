"""The 2d6 roll-under check (minor.md part 3) as a game of the tutor: one seat, two decisions.

The spec gives the check no actions (its golden cases are computations, ``score``); the tutor
adds the two things a learner does on the dice page: set the target value
(``{"set_target": t}``, any number of times) and roll (``{"roll": true}``). A roll ends the check
(``phase`` "score", the round is over) and ``next_hand`` starts the next check with the same
target: a series of checks is the session. Rolls are seeded (``derive(seed, "roll", k)``), so a
shared link rolls the same dice again.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ...actions import Action, Decision
from ...errors import TutorError, short_value
from ...game import Event, Game, IllegalAction, Verdict, allowed, evolve, refused
from ...rng import derive
from . import odds
from .state import PHASES, TARGETS, Flags, Roll, Session, State

RULE_CHECK = ("DICE-CHECK-1",)


def _event(key: str, rules: tuple[str, ...] = (), **params: Any) -> Event:
    return Event(key, params, rules)


class Dice(Game):
    name = "dice"
    suit_colours = False  # no suits: the page offers no suit colours
    title = {"en": "2d6 check", "ja": "2d6の行為判定"}
    phases = PHASES
    Flags = Flags
    rule_prefix = "DICE"
    kinds = ("score",)
    passes_in_play = False

    # ------------------------------------------------------------------ building states
    def new_game(self, flags: Flags, seed: int | str, target: int = 7) -> State:
        return State(flags=flags, target=target, session=Session(seed=seed),
                     log=(_event("dice.event.start", RULE_CHECK, target=target),))

    def from_setup(self, setup: Mapping[str, Any], path: str = "setup") -> State:
        from .scenario import state_from_setup
        return state_from_setup(self, setup, path)

    def score(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        """The ``score`` kind (rules/README.md §4.6): ``p_success`` for ``target``, and ``success``
        of ``roll`` when one is given."""
        from .scenario import score_facts
        flags, target, roll = score_facts(self, setup)
        out: dict[str, Any] = {"p_success": odds.p_success(target, flags),
                               "successes": odds.successes(target, flags)}
        if roll is not None:
            out["success"] = odds.succeeds(roll, target, flags)
            out["total"] = sum(roll)
        return out

    # ------------------------------------------------------------------ the rules
    def to_act(self, state: State) -> int | None:
        return 0 if state.phase == "check" else None

    def players(self, state: State) -> int:
        return 1

    def round_over(self, state: State) -> bool:
        return state.phase == "score"

    def all_cards(self, state: State) -> list[Any]:
        return []

    def hands(self, state: State) -> dict[int, list[str]]:
        return {0: []}

    def trick_entries(self, state: State) -> list[dict[str, Any]]:
        return []

    def trick_over(self, state: State) -> bool:
        return False

    def legal_actions(self, state: State, seat: int | None = None, in_turn: bool = True) -> list[Action]:
        if state.phase != "check" or not in_turn or seat not in (None, 0):
            return []
        return [Decision("set_target", t) for t in TARGETS if t != state.target] + [Decision("roll", True)]

    def decision_options(self, state: State, seat: int) -> list[Action] | None:
        return self.legal_actions(state, seat)

    def explain(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> Verdict:
        if not in_turn:
            return refused("dice.no_out_of_turn", RULE_CHECK)
        if seat not in (None, 0):
            return refused("dice.one_seat", RULE_CHECK, seat=short_value(seat))
        if state.phase != "check":
            return refused("dice.already_rolled", RULE_CHECK, total=sum(state.last.dice) if state.last else 0)
        if not isinstance(action, Decision) or action.key not in ("set_target", "roll"):
            return refused("dice.unknown_action", RULE_CHECK)
        if action.key == "roll":
            if action.value is not True:
                return refused("dice.roll_is_true", RULE_CHECK, got=short_value(action.value))
            return allowed("dice.ok.roll", ("DICE-CHECK-1", "DICE-CHECK-2"), target=state.target,
                           chance=odds.p_success(state.target, state.flags))
        value = action.value
        if not isinstance(value, int) or isinstance(value, bool) or value not in TARGETS:
            return refused("dice.target_range", RULE_CHECK, low=TARGETS[0], high=TARGETS[-1], got=short_value(value))
        if value == state.target:
            return refused("dice.target_same", RULE_CHECK, target=value)
        return allowed("dice.ok.target", ("DICE-CHECK-1", "DICE-CHECK-2"), target=value,
                       chance=odds.p_success(value, state.flags))

    def apply(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> State:
        verdict = self.explain(state, action, seat, in_turn)
        if not verdict.legal:
            raise IllegalAction(verdict)
        assert isinstance(action, Decision)
        if action.key == "set_target":
            return evolve(state, target=action.value, log=state.log + (
                _event("dice.event.target", ("DICE-CHECK-2",), target=action.value,
                       chance=odds.p_success(action.value, state.flags)),))
        dice = self._next_roll(state)
        success = odds.succeeds(dice, state.target, state.flags)
        reason = odds.why(dice, state.target, state.flags)
        rules = {"auto_success": ("DICE-CHECK-3",), "auto_fail": ("DICE-CHECK-3",)}.get(reason, ("DICE-CHECK-1",))
        key = odds.ROLL_WORDS["dice.event.roll"][reason, success]
        session = replace(state.session, rolls=state.rolls + (Roll(state.target, dice, success),))
        return evolve(state, phase="score", session=session,
                      log=state.log + (_event(key, rules, first=dice[0], second=dice[1], total=sum(dice),
                                              target=state.target),))

    def _next_roll(self, state: State) -> tuple[int, int]:
        k = len(state.rolls)
        if k < len(state.scripted):
            return state.scripted[k]
        rng = derive(state.seed, "roll", k)
        return (rng.below(6) + 1, rng.below(6) + 1)

    def next_hand(self, state: State) -> State:
        """The next check of the series, against the same target (DICE-CHECK-4: a check is the same
        in every mode of play, so nothing else carries over)."""
        if state.phase != "score":
            return state
        return evolve(state, phase="check", log=state.log + (
            _event("dice.event.next", RULE_CHECK, n=len(state.rolls) + 1, target=state.target),))

    def session(self, state: State) -> dict[str, Any]:
        made = len(state.rolls)
        return {"hand_no": made + (1 if state.phase == "check" else 0), "scores": None, "target": None,
                "dealer": None, "next_dealer": None, "next_first_bidder": None, "game_over": False,
                "winner": None, "checks": made, "successes": sum(r.success for r in state.rolls)}

    # ------------------------------------------------------------------ quizzes
    @property
    def quiz_outcomes(self):  # the outcome questions (tutor/games/dice/quiz.py)
        from .quiz import OUTCOMES
        return OUTCOMES

    def quiz_kinds(self):
        from .quiz import KINDS
        return KINDS

    # ------------------------------------------------------------------ what the page sees
    def table_view(self, state: State, seat: int | None, lang: str = "en") -> dict[str, Any]:
        if seat is not None and seat != 0:
            raise TutorError("error.no_seat", seat=short_value(seat), players=1)
        from ...flags import flags_to_dict
        last = state.last
        return {"game": self.name, "flags": flags_to_dict(state.flags), "phases": list(PHASES),
                "phase": state.phase, "seat": seat, "to_act": self.to_act(state), "players": 1,
                "scores": None,  # no points: the session's standing is its rolls
                "hand": [] if seat is not None else None, "cards_held": [0], "trick": [],
                "target_value": state.target, "successes": odds.successes(state.target, state.flags),
                "p_success": odds.p_success(state.target, state.flags),
                "outcomes": odds.grid(state.target, state.flags),
                "roll": last.to_json() if last is not None and state.phase == "score" else None,
                "rolls": [r.to_json() for r in state.rolls], "session": self.session(state),
                "result": state.result}

    def hint_focus(self, state: State, seat: int, action: Action | None, in_turn: bool = True) -> Any:
        from . import hints
        return hints.hint_focus(self, state, seat, action, in_turn)

    def display_parts(self, state: State, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
        from .display import display_parts
        return display_parts(self, state, view, seat, lang)

    def action_params(self, action: Any) -> dict[str, Any]:
        if isinstance(action, Decision) and action.key == "set_target":
            return {"target": action.value, "value": action.value}
        return {}

    def check_value(self, state: State, key: str) -> Any:
        if key == "target":
            return state.target
        if key == "success":
            return state.last.success if state.last else None
        raise KeyError(key)
