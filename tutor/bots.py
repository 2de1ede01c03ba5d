"""Bots for practice and testing: a uniformly random legal bot and each game's heuristic bot.

A bot returns a ``Choice``: the action and the message (key + params) that says why, so the
same choice serves as the answer of the graded hint shown to a learner (tutor/hints.py: what to
look for → the candidates → the answer and why).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .actions import Action
from .errors import NoDecision
from .game import Game
from .rng import Rng


@dataclass(frozen=True)
class Choice:
    action: Action
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


_HEURISTICS: dict[str, Callable[[Game, Any, int], Choice]] = {}
_INTERRUPTS: dict[str, Callable[[Game, Any, int], Any]] = {}


def register_heuristic(game_name: str, fn: Callable[[Game, Any, int], Choice],
                       interrupt: Callable[[Game, Any, int], Any] | None = None) -> None:
    """Registers a game's heuristic bot and, for games with actions out of turn, its interrupt rule."""
    _HEURISTICS[game_name] = fn
    if interrupt is not None:
        _INTERRUPTS[game_name] = interrupt


def interrupt_choice(game: Game, state: Any, seat: int) -> Action | None:
    """The bot's action out of turn for ``seat`` now (a Tichu bomb), or None to let it pass by."""
    if not game.legal_actions(state, seat, in_turn=False):
        return None
    rule = _INTERRUPTS.get(game.name)
    return rule(game, state, seat) if rule else None


def random_interrupt(game: Game, state: Any, seat: int, rng: Rng) -> Action | None:
    """The random bot out of turn (a Daifugo cut-in, a Tichu bomb): when the seat may act, a coin
    toss says whether it does, then any of its out-of-turn actions, uniformly."""
    options = game.legal_actions(state, seat, in_turn=False)
    if not options or rng.below(2):
        return None
    return rng.choice(options)


def random_choice(game: Game, state: Any, seat: int, rng: Rng) -> Choice:
    """Any legal action, uniformly at random (property tests and a 'beginner' opponent).

    A "choose k cards" decision (the Tichu exchange: 2,184 actions) is sampled from its spec
    rather than listed; a game whose lists grow huge samples its own (``Game.legal_sample``)."""
    spec = game.decision_spec(state, seat)
    if spec is not None and spec.count():
        return Choice(spec.sample(rng), "bot.random")
    actions = game.legal_sample(state, seat, rng)
    if not actions:
        raise NoDecision("error.no_decision", seat=seat)
    return Choice(rng.choice(actions), "bot.random")


def heuristic_choice(game: Game, state: Any, seat: int) -> Choice:
    """The game's simple heuristic bot (deterministic: same position, same choice)."""
    spec = game.decision_spec(state, seat)  # the exchange: counted, not listed (2,184 actions)
    if not (spec.count() if spec is not None else game.has_legal(state, seat)):
        raise NoDecision("error.no_decision", seat=seat)
    return _HEURISTICS[game.name](game, state, seat)


def hint(game: Game, state: Any, seat: int, lang: str = "en") -> dict[str, Any]:
    """A hint in three levels (tutor/hints.py) that leads to the heuristic bot's choice: what to
    look for, the candidates, then the choice with the bot's reason."""
    from .hints import graded_hint
    from .messages import render
    choice = heuristic_choice(game, state, seat)
    return graded_hint(game, state, seat, choice.action, lang, why=render(choice.key, choice.params, lang))


def hint_for(game: Game, state: Any, seat: int, action: Action | None, lang: str = "en",
             in_turn: bool = True) -> dict[str, Any]:
    """The hint in three levels that leads to a given ``action`` (a lesson's answer; None: let a
    chance go by), its reason the rule's own explanation: so a lesson's hint always points at the
    lesson's own answer."""
    from .hints import graded_hint
    return graded_hint(game, state, seat, action, lang, in_turn=in_turn)
