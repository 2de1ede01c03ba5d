"""Out-of-turn windows, owned by the engine.

After an action a game may open a *window*: some seats may act out of turn, in an order the
rules fix, with the first claim winning (Tichu bombs, TICHU-BOMB-4/8; next Daifugo cut-ins,
Shengji exposures, Pon-jan calls). A game says which window is open with ``Game.window``
and closes it (nobody takes it; automatic steps follow) with ``Game.close_window``. Inside
the engine an out-of-turn action is the game's ordinary action with ``in_turn=False``.

This module resolves windows for every caller alike: the bridge (practice table and a
lesson's free play, through ``resolve``), the lesson build and the page's replay of a
lesson (``replay``). No caller orders seats or decides when a window closes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from .actions import Action
from .errors import TutorError


@dataclass(frozen=True)
class Window:
    """Who may act out of turn now: ``order`` is the rule's asking order (first claim wins)."""

    kind: str                      # "bomb" (Tichu); later "cut_in", "expose", "call"
    order: tuple[int, ...]
    rule_ids: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "order": list(self.order), "rule_ids": list(self.rule_ids)}


@dataclass
class Resolution:
    """How far a window got: closed (``state`` is settled), or waiting for ``ask`` (the viewer)."""

    state: Any
    status: str                     # "closed" or "ask"
    ask_seat: int | None = None
    options: list[Action] = field(default_factory=list)
    taken: list[tuple[int, Action]] = field(default_factory=list)
    window: Window | None = None


BotChoice = Callable[[Any, Any, int], "Action | None"]


def _bot_choice(game: Any, state: Any, seat: int) -> Action | None:
    from .bots import interrupt_choice
    return interrupt_choice(game, state, seat)


def resolve(game: Any, state: Any, *, viewer: int | None = None, declined: Iterable[int] = (),
            choose: BotChoice = _bot_choice, limit: int = 64) -> Resolution:
    """Runs the open window: asks each seat in the rule's order; bots answer through ``choose``.

    The first seat that takes the window acts out of turn; its action may open a new window,
    which is resolved the same way (``declined`` applies to the first window only). When the
    ``viewer`` (the learner) has an out-of-turn option, resolution stops and asks it: the
    caller applies the viewer's choice (``in_turn=False``) and resolves again, or resolves
    again with the viewer in ``declined``. When nobody takes the window, it is closed.
    """
    declined = set(declined)
    taken: list[tuple[int, Action]] = []
    for _ in range(limit):
        window = game.window(state)
        if window is None:
            break
        took = False
        for seat in window.order:
            if seat in declined:
                continue
            options = game.legal_actions(state, seat, in_turn=False)
            if not options:
                continue
            if seat == viewer:
                return Resolution(state, "ask", seat, options, taken, window)
            action = choose(game, state, seat)
            if action is None:
                continue
            state = game.apply(state, action, seat, in_turn=False)
            taken.append((seat, action))
            declined = set()
            took = True
            break
        if not took:
            break
    return Resolution(game.close_window(state), "closed", taken=taken)


def window_words(game: Any, window: Window, actions: Sequence[Action], lang: str = "en") -> dict[str, Any]:
    """What the page says when a window asks the learner: ``Game.window_words`` (the game's
    catalog), so the page names no game's windows."""
    return game.window_words(window.kind, actions, lang)


class ReplayError(TutorError):
    """A scripted action that does not fit the position (a lesson's or a shared replay)."""


def submit(game: Any, state: Any, action: Action, seat: int | None, in_turn: bool = True) -> tuple[Any, Any]:
    """Applies ``action``; an announced action the hidden cards make fail (``Game.announcement``:
    a Shengji throw another hand beats), or an illegal one the rules punish (``Game.penalizes``:
    Daifugo's exposed cards, DFG-OPEN-3), gets the rules' consequence (``Game.attempt``)
    instead of a refusal. Returns ``(state, verdict)``: the verdict of the failed
    announcement, or None. Other illegal actions raise ``IllegalAction``."""
    from .game import IllegalAction
    try:
        return game.apply(state, action, seat, in_turn=in_turn), None
    except IllegalAction as exc:
        # a failed announcement (SJ-THROW-3), or an illegal play the rules punish (DFG-OPEN-3)
        if game.announcement(state, action, seat, in_turn) is None and not game.penalizes(state, action, seat, in_turn):
            raise
        return game.attempt(state, action, seat, in_turn=in_turn), exc.verdict


def scripted_move(game: Any, state: Any, seat: int, action: Action, in_turn: bool = True, where: str = "") -> Any:
    """One scripted move: in turn, it first closes any window nobody took; out of turn, it must
    take the open window (the seat in its order). Illegal moves raise ``IllegalAction``; a seat
    the window does not ask raises ``ReplayError`` at ``where`` (the move's JSON path)."""
    if in_turn:
        state = game.close_window(state)
    else:
        window = game.window(state)
        # no window at all: the game's own verdict says why (e.g. nothing to bomb before a lead)
        if window is not None and seat not in window.order:
            raise ReplayError("error.replay.not_in_window", path=where, seat=seat, seats=list(window.order))
    return submit(game, state, action, seat, in_turn)[0]  # a failed throw, as announced (SJ-THROW-3)


def shown(game: Any, state: Any, next_takes_window: bool) -> Any:
    """The position a reader sees after a scripted move: its window still open only if the
    script's next move takes it; otherwise closed (a finished trick collected)."""
    return state if next_takes_window else game.close_window(state)


def replay(game: Any, state: Any, moves: Sequence[Mapping[str, Any]], *, keep_open: bool = False) -> Any:
    """Plays scripted moves ``{"seat", "action", "in_turn"?}`` from ``state`` (``scripted_move``).

    With ``keep_open`` the last move's window stays open (the next decision is out of turn).
    """
    for index, m in enumerate(moves):
        action = m["action"] if isinstance(m["action"], Action) else game.parse_action(m["action"])
        state = scripted_move(game, state, m["seat"], action, m.get("in_turn", True) is not False, f"moves[{index}]")
    return shown(game, state, keep_open)
