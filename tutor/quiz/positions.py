"""Seeded positions for exercises: one hand played by the bots, every decision of it kept.

A quiz asks about positions that real play reaches, not hand-made ones: so a hand is dealt
from a seed under one of the game's playable presets and played to its end by the heuristic
bot, with a random move now and then (positions a good player would not reach teach too: a
learner makes those moves). Out-of-turn windows are taken now and then, so the positions
where a seat may act out of turn (a Tichu bomb, a Daifugo cut-in, a Pon-jan call) are kept too.

Everything here is a function of the seed: the same seed gives the same hand on every Python
(``tutor.rng``), which is what lets a quiz name an exercise by ``(game, kind, seed)``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..actions import Action
from ..bots import heuristic_choice, random_choice, random_interrupt
from ..game import Event, Game
from ..rng import Rng

#: a hand longer than this many actions is cut short (every game's hand ends well before)
MAX_ACTIONS = 1500
#: one open window in this many is looked into (its seats asked, kept as decision points)
WINDOW_LOOK = 4


@dataclass(frozen=True)
class Point:
    """One decision met along the hand: ``seat`` decides in ``state`` (out of turn when
    ``in_turn`` is False), chose ``action`` (None: let an out-of-turn chance go by); ``after``
    is the state ``apply`` gave (its window, if any, still open) and ``events`` what that move
    wrote to the log."""

    state: Any
    seat: int
    in_turn: bool
    action: Action | None
    after: Any
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Hand:
    """A played hand: the preset it was dealt under and every decision along it."""

    preset: str
    flags: Any
    points: tuple[Point, ...]
    end: Any  #: the state the hand ended in


def pick_preset(game: Game, rng: Rng) -> str:
    """The preset of a new exercise: the game's default one half of the time, else any playable
    preset (two-deck Shengji, the cut-in game have rules of their own)."""
    presets = list(game.playable_presets())
    if rng.below(2) == 0:
        return presets[0]
    return presets[rng.below(len(presets))]


def pick_deal(game: Game, rng: Rng) -> tuple[str, dict[str, Any]]:
    """The rules of a new exercise's hand: a preset (``pick_preset``), or one time in four, where
    the game names some, one of its ``quiz_variants`` over its default preset (four-player Dou
    Dizhu is no preset, only a flag, and has rules of its own to practise)."""
    variants = list(game.quiz_variants)
    if variants and rng.below(4) == 0:
        return next(iter(game.playable_presets())), dict(variants[rng.below(len(variants))])
    return pick_preset(game, rng), {}


def play_hand(game: Game, rng: Rng, preset: str | None = None, random_share: int = 4,
              flags: dict[str, Any] | None = None) -> Hand:
    """Deals a hand and plays it through: the heuristic bot's choice, or one in ``random_share``
    times a random legal one; each open window is taken by a random seat of it one time in two.
    Its rules: ``preset`` with the flag values ``flags`` over it; neither given: ``pick_deal``."""
    if preset is None and flags is None:
        preset, flags = pick_deal(game, rng)
    preset = preset or next(iter(game.playable_presets()))
    rules = game.flags({**game.playable_presets()[preset], **(flags or {})})
    points: list[Point] = []
    end = play_on(game, game.new_game(rules, rng.below(1 << 30)), rng, points, random_share=random_share)
    return Hand(preset, rules, tuple(points), end)


def play_on(game: Game, state: Any, rng: Rng, points: list[Point], stop: Callable[[Point], bool] | None = None,
            random_share: int = 4) -> Any:
    """Plays ``state`` on to the end of its hand as ``play_hand`` does, each decision appended to
    ``points``; ``stop`` ends it early at a point it likes (a kind that asks about a move in the
    middle of a hand need not pay for the rest). Returns the state it ended in."""
    for _ in range(MAX_ACTIONS):
        window = game.window(state)
        if window is not None:
            # a window stays open while its chance lasts (a Tichu bomb, any time a play lies on
            # the table): it is taken here, or the move in turn follows on the closed state
            taken = _window_step(game, state, window.order, rng, points)
            if taken is not None:
                state = taken
                if stop is not None and stop(points[-1]):
                    break
                continue
        # the automatic steps that follow when nobody acts out of turn (the end of a Shengji draw
        # runs there), whether or not a window was open: as ``windows.resolve`` does
        state = game.close_window(state)
        if game.round_over(state):
            break
        seat = game.to_act(state)
        if seat is None:
            break
        choice = random_choice(game, state, seat, rng) if rng.below(random_share) == 0 else heuristic_choice(game, state, seat)
        state = _step(game, state, seat, True, choice.action, points)
        if stop is not None and stop(points[-1]):
            break
    return state


def _step(game: Game, state: Any, seat: int, in_turn: bool, action: Action, points: list[Point]) -> Any:
    from ..windows import submit
    logged = len(game.events(state))
    after, _ = submit(game, state, action, seat, in_turn)
    points.append(Point(state, seat, in_turn, action, after, tuple(game.events(after)[logged:])))
    return after


def _window_step(game: Game, state: Any, order: Sequence[int], rng: Rng, points: list[Point]) -> Any | None:
    """One open window, looked at one time in ``WINDOW_LOOK`` (a Tichu window opens after every
    play, and asking each seat for its bombs costs more than the play): the first seat in the
    rule's order that a coin toss lets act does, else the window closes untaken. Every seat with
    an option there is kept as a decision point. The state after the move taken, or None."""
    if rng.below(WINDOW_LOOK):
        return None
    for seat in order:
        if not game.has_legal(state, seat, in_turn=False):
            continue
        action = random_interrupt(game, state, seat, rng)
        if action is not None:
            return _step(game, state, seat, False, action, points)
        points.append(Point(state, seat, False, None, state, ()))
    return None
