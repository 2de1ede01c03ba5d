"""The 2d6 check's own quiz kinds (tutor/quiz): the chance of success for a target, what a roll
means, which target gives the chance you need. Every answer is the engine's: the chance its
``explain`` states for a target (``dice.ok.target`` / ``dice.ok.roll``, from ``odds``), and the
result its ``apply`` writes for a roll (the dice of the roll asked about are scripted into the
check, as a lesson scripts them, so the event is the engine's judgement of exactly those dice).

The check has no hidden facts and no opponents, so an exercise is made from a fresh check rather
than a played hand. The house rules of DICE-CHECK-3 (a double 1 always succeeds, a double 6
always fails) are in no preset: exercises that practise them switch the flags on, and the
table's flags (in the view) say so; ``preset`` stays the seed's.

No ``Outcome`` declarations: a roll's result is a future draw, never known before the roll.
"""
from __future__ import annotations

from typing import Any

from ...actions import Decision
from ...quiz.exercise import Exercise, Option
from ...rng import Rng
from .state import TARGETS

OUTCOMES: tuple[Any, ...] = ()

ROLL = Decision("roll", True)

#: a flag set per draw: the seed's, or one or both house rules on (DICE-CHECK-3)
FLAG_SETS = ({}, {"auto_success_on_2": True}, {"auto_fail_on_12": True},
             {"auto_success_on_2": True, "auto_fail_on_12": True})


def _check(game: Any, flags: dict[str, Any], target: int, roll: tuple[int, int] | None = None) -> Any:
    """A check about to be rolled against ``target`` (its next roll scripted when given)."""
    setup: dict[str, Any] = {"flags": dict(flags), "target": target}
    if roll is not None:
        setup["rolls"] = [list(roll)]
    return game.from_setup(setup)


def _chance(game: Any, state: Any, target: int) -> tuple[int, Any]:
    """The engine's chance for ``target`` (``explain`` of setting it, or of rolling at it) as a
    count out of 36, and the verdict that states it."""
    action = ROLL if target == state.target else Decision("set_target", target)
    v = game.explain(state, action, 0)
    assert v.legal
    return int(str(v.params["chance"]).split("/")[0]), v


def _house_rules(flags: dict[str, Any], target: int) -> bool:
    """Whether the flags on could change the count for this target (DICE-CHECK-3's cases)."""
    return bool(flags.get("auto_success_on_2") and target < 2 or flags.get("auto_fail_on_12") and target >= 12)


def _exercise(game: Any, kind: str, seed: int, state: Any, question: Any, options: list[Option],
              rule_ids: tuple[str, ...], **more: Any) -> Exercise:
    # the table's target line, 36-roll grid and chart answer every question here: left out
    return Exercise(game.name, kind, seed, "seed", state, 0, question, tuple(options),
                    tuple(dict.fromkeys(rule_ids)), hide=("info", "zones", "result"), **more)


def chance_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """With this target, how many of the 36 rolls succeed? (DICE-CHECK-2; -3 at the edges)"""
    flags = FLAG_SETS[rng.below(len(FLAG_SETS))] if rng.below(3) == 0 else {}
    edge = any(flags.values()) and rng.below(2) == 0
    target = (1 if flags.get("auto_success_on_2") else 12) if edge else TARGETS[rng.below(len(TARGETS))]
    state = _check(game, flags, target)
    answer, v = _chance(game, state, target)
    rules = ("DICE-CHECK-2", "DICE-CHECK-3") if _house_rules(flags, target) else ("DICE-CHECK-2",)
    others = [n for n in range(37) if n != answer and abs(n - answer) <= 7]
    rng.shuffle(others)
    values = sorted([answer] + others[:3])
    house = "DICE-CHECK-3" in rules
    why = (("dice.quiz.why.chance_house" if house else "dice.quiz.why.chance", {"target": target, "n": answer}),)
    options = [Option(("dice.quiz.answer.of36", {"n": n}), n == answer, why, rules) for n in values]
    return _exercise(game, "chance", seed, state, ("dice.quiz.q.chance", {"target": target}), options, rules,
                     shows=ROLL)


def roll_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """Which of these rolls succeeds (or fails) against the target? (the event of each roll)"""
    flags = FLAG_SETS[rng.below(len(FLAG_SETS))] if rng.below(3) == 0 else {}
    edge = any(flags.values()) and rng.below(2) == 0
    if edge:
        target = 1 if flags.get("auto_success_on_2") else 12
    else:
        target = 4 + rng.below(7)  # 4 … 10: rolls on both sides are plenty
    faces = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    rng.shuffle(faces)
    if edge:  # the double the house rule concerns is among the options
        special = (1, 1) if target == 1 else (6, 6)
        faces.remove(special)
        faces.insert(0, special)
    judged = []
    for dice in faces[:10]:
        state = _check(game, flags, target, dice)
        after = game.apply(state, ROLL, 0)
        ev = game.events(after)[-1]
        judged.append((dice, ev, ev.key.endswith(".success")))
    want = rng.below(2) == 0  # ask for the success (or the failure) among three of the other kind
    if edge:
        want = judged[0][2]
    right = [j for j in judged if j[2] == want]
    wrong = [j for j in judged if j[2] != want]
    if not right or len(wrong) < 3:
        return None
    chosen = [right[0]] + wrong[:3]
    chosen.sort(key=lambda j: sum(j[0]))
    rules: tuple[str, ...] = ("DICE-CHECK-1",)
    rules += tuple(r for j in chosen for r in j[1].rule_ids)
    options = [Option(("dice.quiz.answer.roll", {"first": d[0], "second": d[1]}), ok == want,
                      ((ev.key, ev.params),), tuple(ev.rule_ids)) for d, ev, ok in chosen]
    question = ("dice.quiz.q.roll_success" if want else "dice.quiz.q.roll_failure", {"target": target})
    return _exercise(game, "roll", seed, _check(game, flags, target), question, options, rules, shows=ROLL)


#: the chances asked for: "at least half", "at least three in four", …
SHARES = ((1, 2), (2, 3), (3, 4), (5, 6), (1, 4), (1, 3), (9, 10))


def target_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """You want at least this chance of success: what is the lowest target that gives it? (DICE-CHECK-2)"""
    num, den = SHARES[rng.below(len(SHARES))]
    start = TARGETS[rng.below(len(TARGETS))]
    state = _check(game, {}, start)
    counts = {t: _chance(game, state, t) for t in TARGETS}
    good = [t for t in TARGETS if counts[t][0] * den >= num * 36]
    if not good:
        return None
    answer = good[0]
    near = [t for t in TARGETS if t != answer and abs(t - answer) <= 3]
    rng.shuffle(near)
    values = sorted([answer] + near[:3])
    options = []
    for t in values:
        n, v = counts[t]
        if t == answer:
            why: tuple[Any, ...] = (("dice.quiz.why.lowest_target", {"target": t, "n": n, "num": num, "den": den}),)
        elif n * den >= num * 36:
            why = (("dice.quiz.why.not_lowest", {"target": t, "n": n, "lower": answer}),)
        else:
            why = (("dice.quiz.why.too_low", {"target": t, "n": n, "num": num, "den": den}),)
        options.append(Option(("dice.quiz.answer.target", {"target": t}), t == answer, why, ("DICE-CHECK-2",)))
    return _exercise(game, "target", seed, state, ("dice.quiz.q.target", {"num": num, "den": den}), options,
                     ("DICE-CHECK-2", "DICE-CHECK-1"))


#: the check offers one action a turn (set a target, roll), every one of them allowed: nothing for
#: the generic "legal", "pick" and "why" to ask about (tutor/quiz/__init__.py: a kind mapped to
#: None is not offered)
KINDS = {"legal": None, "pick": None, "why": None, "chance": chance_kind, "roll": roll_kind, "target": target_kind}
