"""The exercise kinds every game has, made from its rules through the ``Game`` protocol.

* ``legal``: "Is this allowed now?": one action, legal or a near miss; the verdict says why.
* ``pick``: "Only one of these is allowed now. Which?": one legal action among near misses;
  every option's verdict says why (a Dou Dizhu play that beats the table, a bid still open).
* ``why``: "This is not allowed here. Which rule says so?": a near miss and four rule titles.
* ``outcome``: "You play this. Who takes the trick? / How many points?": a move and what the
  rules make of it, from the events the game declares (``Game.quiz_outcomes``,
  ``tutor/quiz/outcomes.py``).

A kind is a function ``(game, rng, seed) -> Exercise | None``: None when the hand it drew has
no position for it (the caller draws another). A game adds its own kinds (the Tichu wish, a
Napoleon adjutant question) with ``Game.quiz_kinds``.
"""
from __future__ import annotations

from typing import Any, Callable

from ..game import Game
from ..rng import Rng
from .candidates import Judged, judged
from .exercise import Exercise, Msg, Option
from .positions import Hand, Point, play_hand

Kind = Callable[[Game, Rng, int], "Exercise | None"]

#: positions of one hand a kind looks at before it draws another hand
TRIES = 12


def _verdict_option(j: Judged) -> Option:
    v = j.verdict
    return Option(None, v.legal, ((v.key, v.params),) + tuple(v.more), v.rule_ids, j.action)


def _random_point(hand: Hand, rng: Rng, test: Callable[[Point], bool] = lambda p: True) -> Point | None:
    points = [p for p in hand.points if test(p)]
    return points[rng.below(len(points))] if points else None


def _exercise(game: Game, kind: str, seed: int, hand: Hand, point: Point, question: Msg,
              options: list[Option], rule_ids: tuple[str, ...], shows: Any = None, **more: Any) -> Exercise:
    ordered = tuple(dict.fromkeys(rule_ids))
    return Exercise(game.name, kind, seed, hand.preset, point.state, point.seat, question, tuple(options), ordered,
                    shows=shows, in_turn=point.in_turn, **more)


def legal_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """Is this action allowed now? Half the time it is."""
    hand = play_hand(game, rng)
    for _ in range(TRIES):
        point = _random_point(hand, rng)
        if point is None:
            return None
        legal, illegal = judged(game, point.state, point.seat, point.in_turn, rng)
        if len(legal) + len(illegal) < 2:
            continue  # a forced move (a Shengji draw): nothing to ask
        want_legal = rng.below(2) == 0
        pool = legal if (want_legal and legal) or not illegal else illegal
        if not pool:
            continue
        j = pool[rng.below(len(pool))]
        v = j.verdict
        why = ((v.key, v.params),) + tuple(v.more)
        options = [Option(("quiz.answer.allowed", {}), v.legal, why, v.rule_ids),
                   Option(("quiz.answer.not_allowed", {}), not v.legal, why, v.rule_ids)]
        question = ("quiz.q.legal" if point.in_turn else "quiz.q.legal_out_of_turn", {})
        return _exercise(game, "legal", seed, hand, point, question, options, v.rule_ids, shows=j.action)
    return None


def pick_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """Only one of these is allowed now: which? (one legal action, three near misses)."""
    hand = play_hand(game, rng)
    for _ in range(TRIES):
        point = _random_point(hand, rng, lambda p: p.in_turn)
        if point is None:
            return None
        legal, illegal = judged(game, point.state, point.seat, True, rng)
        if not legal or len(illegal) < 3:
            continue
        wrong = _distinct_reasons(illegal, rng)[:3]
        if len(wrong) < 3:
            continue
        options = [_verdict_option(legal[rng.below(len(legal))])] + [_verdict_option(j) for j in wrong]
        rng.shuffle(options)
        rule_ids = tuple(r for o in options for r in o.rule_ids)
        return _exercise(game, "pick", seed, hand, point, ("quiz.q.pick", {}), options, rule_ids)
    return None


def _distinct_reasons(illegal: list[Judged], rng: Rng) -> list[Judged]:
    """Near misses, those refused for different reasons first (three wrong options that fail
    the same way teach one rule; three that fail differently teach three)."""
    pool = list(illegal)
    rng.shuffle(pool)
    first: list[Judged] = []
    rest: list[Judged] = []
    seen: set[tuple[str, ...]] = set()
    for j in pool:
        (rest if j.verdict.rule_ids in seen else first).append(j)
        seen.add(j.verdict.rule_ids)
    return first + rest


def why_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """This is not allowed here: which rule says so? (the verdict's first rule among three others)."""
    from .. import rules as catalog
    titles = catalog.rules_by_id(game.name)
    hand = play_hand(game, rng)
    for _ in range(TRIES):
        point = _random_point(hand, rng)
        if point is None:
            return None
        _, illegal = judged(game, point.state, point.seat, point.in_turn, rng)
        illegal = [j for j in illegal if j.verdict.rule_ids[0] in titles]
        if not illegal:
            continue
        j = illegal[rng.below(len(illegal))]
        v = j.verdict
        answer = v.rule_ids[0]
        # the other options: rules other near misses here broke (plausible), then any rule of the game
        nearby = [r for k in illegal for r in k.verdict.rule_ids]
        anywhere = [r for r in titles if "-FLAG-" not in r]
        rng.shuffle(anywhere)
        others = [r for r in dict.fromkeys(nearby + anywhere) if r in titles and r not in v.rule_ids][:3]
        why = ((v.key, v.params),) + tuple(v.more)
        options = [Option(("quiz.answer.rule", {"rule": answer}), True, why, v.rule_ids)]
        options += [Option(("quiz.answer.rule", {"rule": r}), False, (("quiz.why.other_rule", {"rule": r}),) + why,
                           (r,)) for r in others]
        rng.shuffle(options)
        return _exercise(game, "why", seed, hand, point, ("quiz.q.why", {}), options, (answer,), shows=j.action)
    return None


def outcome_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """A move and what the rules make of it: who takes the trick, how many points it brings."""
    from .outcomes import outcome_exercise
    return outcome_exercise(game, rng, seed)


GENERIC: dict[str, Kind] = {"legal": legal_kind, "pick": pick_kind, "why": why_kind, "outcome": outcome_kind}
