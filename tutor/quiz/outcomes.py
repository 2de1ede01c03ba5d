"""Outcome questions: a move, and what the rules make of it (the kind ``outcome``).

A game declares, as data, which of its events make a question and which of the event's
parameters is the answer (``Game.quiz_outcomes``): Napoleon's ``nap.event.trick_won`` and its
``seat`` ("Who takes this trick?"), Dou Dizhu's end of hand and what each farmer pays. The
answer is then read from the event the engine itself wrote when the move was applied, so the
quiz never computes a rule of its own, and the event's rule IDs are what the question practises.

The position shown is the one before the move, as the moving seat sees it; the outcome must
follow from the move alone (an outcome that waits on others, a window still open after the move,
is not asked), and a declaration's ``when`` may demand more (Pon-jan: the seat paid is the one
asked, whose hand it knows).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..game import Event, Game
from ..rng import Rng
from .exercise import Exercise, Option
from .positions import Point, play_hand


@dataclass(frozen=True)
class Outcome:
    """One event that makes a question."""

    event: str            #: the event's key
    param: str            #: its parameter that is the answer
    question: str         #: the question's message key (its parameter ``seat``: the moving seat)
    answer: str = "seat"  #: "seat" (options: every seat) or "number" (the answer and three near it)
    step: int = 1         #: a number's other options lie this far apart
    unit: str = "quiz.answer.number"  #: a number option's words (its parameter ``n``)
    #: whether the moving seat can know the answer before the move (None: always)
    when: Callable[[Game, Point, Event], bool] | None = None


def _events_after(game: Game, point: Point) -> list[Event]:
    """What the move wrote, and the automatic steps that follow once no window is open."""
    events = list(point.events)
    if game.window(point.after) is None:
        logged = len(game.events(point.after))
        events += list(game.events(game.close_window(point.after)))[logged:]
    return events


def _number_options(answer: int, step: int, rng: Rng, unit: str, why: Any, rule_ids: tuple[str, ...]) -> list[Option]:
    shift = rng.below(4)  # where the answer sits among the four
    values = [answer + (i - shift) * step for i in range(4)]
    if values[0] < 0:
        values = [v - values[0] for v in values]  # no negative counts: slide up
    return [Option((unit, {"n": v}), v == answer, why, rule_ids) for v in values]


def outcome_exercise(game: Game, rng: Rng, seed: int) -> Exercise | None:
    outcomes: tuple[Outcome, ...] = getattr(game, "quiz_outcomes", ())
    if not outcomes:
        return None
    by_event = {o.event: o for o in outcomes}
    hand = play_hand(game, rng)
    found: list[tuple[Point, Outcome, Event]] = []
    for point in hand.points:
        if point.action is None:
            continue
        for ev in _events_after(game, point):
            o = by_event.get(ev.key)
            if o is not None and o.param in ev.params and (o.when is None or o.when(game, point, ev)):
                found.append((point, o, ev))
    if not found:
        return None
    point, o, ev = found[rng.below(len(found))]
    answer = ev.params[o.param]
    why = ((ev.key, ev.params),)
    if o.answer == "seat":
        options = [Option(("quiz.answer.seat" if s != point.seat else "quiz.answer.seat_you", {"seat": s}),
                          s == answer, why, ev.rule_ids) for s in range(game.players(point.state))]
    else:
        options = _number_options(int(answer), o.step, rng, o.unit, why, ev.rule_ids)
    return Exercise(game.name, "outcome", seed, hand.preset, point.state, point.seat,
                    (o.question, {"seat": point.seat}), tuple(options), tuple(ev.rule_ids),
                    shows=point.action, in_turn=point.in_turn,
                    hide=("holding",) if o.answer == "seat" else ())  # who holds the trick: the question
