"""The JSON bridge: the only thing the page (through its Web Worker) calls.

``handle(request) -> response`` takes one ``{op, ...}`` object and returns a JSON-ready
object with ``ok``. States are immutable and kept in a small table by id: ``apply``
returns the id of a new state and leaves the old one, so undo is just going back to an
earlier id. Hidden information never crosses the bridge: the page gets ``view``s, and
``legal``/``explain``/``hint`` for a seat only.

**The viewer seat.** ``new``, ``load`` and ``replay`` may bind the session to a ``viewer`` seat
(the page always does: the learner's seat). Every position derived from it keeps that seat,
and then ``view``, ``legal``, ``explain``, ``hint`` and ``apply`` answer for the viewer only
(another ``seat`` is an error), bots move inside the engine (``bot_move``; ``bot``, which
would tell a bot's choice before it is made, is refused), and no answer names a card another
seat holds unless the rules made it public. The one exception is ``reveal``, the learner's
explicit "Reveal all hands". Without a viewer (tests, the CLI, benches) any seat may be asked.

**Refusals.** Bad input is answered ``{ok: false, error, error_key, error_params}`` (and
``error_path``, the JSON path or field of the bad value, where there is one): ``error`` is the
text in the request's ``lang`` (English when ``lang`` itself is the bad field), from the message
key ``error_key`` and its parameters, like every other text of the engine (tutor/errors.py).
An illegal action is no error: it gets ``{ok: false, verdict}``.

Ops (each may carry ``lang``, "en" or "ja"):

* ``new``      ``{game, preset?, flags?, seed, viewer?}`` → ``{state, view}`` (a seeded deal; the flags are the
               preset's values, then ``flags``; an unknown preset is an error naming the known ones)
* ``load``     ``{scenario, viewer?}``        → ``{state, view}`` (a lesson position)
* ``view``     ``{state, seat, log_since?}``  → ``{view}``. Every view carries the event log from entry
               ``log_since`` on (default 0: all of it), with ``log_from`` and ``log_length``
               (``Game.view``): a page holding ``n`` entries asks for the new ones only
* ``legal``    ``{state, seat?, in_turn?, side?, expand?}`` → ``{actions, side?}`` (side: a call open at any time …),
               or ``{spec, side?}`` for a "choose k cards" decision (a card to each seat, a discard:
               ``tutor.choices.ChooseCards.to_json``); ``expand: true`` lists it anyway; ``list: false``
               leaves the actions out (the page asks ``cards`` when it needs a reading);
               ``cards: [tokens]``: only the plays of exactly those physical cards, each with its
               wild-card declarations (``Game.legal_for_cards``: the readings of a selection)
* ``explain``  ``{state, action, seat?}``     → ``{verdict}``
* ``apply``    ``{state, action, seat?, in_turn?}`` → ``{state, view, window}`` or ``{ok: false, verdict}``
               (``window``: the out-of-turn window the action opened, or null; resolve it with ``window``).
               An announced action the hidden cards make fail (a throw another hand beats, ``Game.announcement``)
               is applied as the rules' ``attempt``, its verdict as ``attempt``
* ``window``   ``{state, viewer?, declined?, level?, seed?}`` → ``{status, state, view, taken, ask?}``: runs the open
               window (tutor/windows.py): bot seats answer in the rule's order (``level`` "random": a
               coin toss each, seeded) and the first taker acts;
               ``status`` "ask" stops at the viewer (``ask``: its seat and options; apply its choice
               with ``in_turn: false`` and call again, or call again with it in ``declined``);
               "closed": nobody took it, ``state`` is settled
* ``replay``   ``{scenario, moves, keep_open?, viewer?}`` → ``{state, view}``: a lesson position (scenario, then
               scripted moves; an out-of-turn move takes the window the move before it opened)
* ``bot_move`` ``{state}``                    → ``{state, view, window, seat, action}``: the seat to act (a
               bot, never the viewer) chooses inside the engine and its move is applied
* ``share``    ``{state}``                    → ``{moves, count}``: the moves since the deal (the learner's,
               the bots', those out of turn, each next hand) as a moves code for a share link
               (tutor/share.py); a position that was not dealt (a lesson's) has none
* ``replay_deal`` ``{game, preset?, flags?, seed, viewer?, moves}`` → ``{state, view, undo, count}``: a
               shared moment: the deal as ``new`` makes it, then the moves of the code, each checked
               (a bad one is refused by its number, saying why); ``undo``: the ids of the positions
               the page's Undo goes back to, oldest first
* ``bot``      ``{state, seat?, level?}``     → ``{action, why}`` (no viewer only; level "heuristic" or "random")
* ``hint``     ``{state, seat?}``             → ``{hint}``
* ``next_hand`` ``{state}``                   → ``{state, view, session, game_over}``: the next hand (round,
               game) dealt from the session once this one is scored; the same state while the hand
               is in play or the game is over (``game_over`` true). Every view carries ``session``
               (``Game.session``: hand number, running scores, target, next dealer / first bidder,
               ``game_over``)
* ``advance``  ``{state}``                    → the older name of ``next_hand``
* ``reveal``   ``{state}``                    → ``{hands}`` (all hands, when the learner asks)
* ``games``                                   → ``{games}`` (names, titles, phases, flags with the rule
               each changes, ``presets``: ``{name: {flag: value}}``, "seed" = the defaults)
* ``timeit``   ``{request, reps}``            → ``{ms}`` (times another op in the worker, for bench/)
* ``playout``  ``{game, seed, flags?}``       → ``{actions, over}`` (one round by the bots, for bench/)
"""
from __future__ import annotations

import json
from typing import Any, Callable, NamedTuple

from .actions import Play
from .errors import TutorError, quoted, short_value
from .game import Game, IllegalAction
from .registry import all_games, find_game

class _Moves(NamedTuple):
    """The moves made since a practice deal, newest first, shared between positions (each
    position keeps its own; an undo is going back to an earlier one): what a share link replays
    (tutor/share.py). ``DEAL`` is the deal itself, with no move yet."""

    before: "_Moves | None"
    move: Any            # a tutor.share.Move, or "next"
    count: int

    def add(self, *moves: Any) -> "_Moves":
        out = self
        for move in moves:
            out = _Moves(out, move, out.count + 1)
        return out

    def as_list(self) -> list[Any]:
        out = []
        node: _Moves | None = self
        while node is not None and node.count:
            out.append(node.move)
            node = node.before
        return out[::-1]


DEAL = _Moves(None, None, 0)


class _Entry(NamedTuple):
    """A stored position: its game, the state, the session's viewer seat (None: no viewer), and
    the moves since its deal (None: a position that was not dealt, a lesson's)."""

    game: Game
    state: Any
    viewer: int | None
    moves: _Moves | None = None


_STATES: dict[int, _Entry] = {}
_NEXT_ID = [1]
MAX_STATES = 5000


def _store(game: Game, state: Any, viewer: int | None = None, moves: _Moves | None = None) -> int:
    sid = _NEXT_ID[0]
    _NEXT_ID[0] += 1
    _STATES[sid] = _Entry(game, state, viewer, moves)
    # forget the positions unused longest (the dict keeps them in order of last use, _get): one
    # engine serves every open page of the site (site/static/worker.js), and a page left a while
    # keeps its position while another page's bots make thousands
    while len(_STATES) > MAX_STATES:
        del _STATES[next(iter(_STATES))]
    return sid


class BridgeError(TutorError):
    """A request the bridge cannot serve (the message says what is wrong with it)."""


def _get(req: dict[str, Any]) -> _Entry:
    sid = req.get("state")
    if isinstance(sid, bool) or sid not in _STATES:
        raise BridgeError("error.bridge.unknown_state", path="state", got=short_value(sid))
    _STATES[sid] = entry = _STATES.pop(sid)  # used now: the last to be forgotten
    return entry


def _check_seat(seat: Any, game: Game, state: Any, key: str = "seat") -> int | None:
    """A seat from a request must exist: a bad one could otherwise index someone else's hand."""
    if seat is None:
        return None
    players = game.players(state)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise BridgeError("error.no_seat", path=key, seat=short_value(seat), players=players)
    return seat


def _seat(req: dict[str, Any], entry: _Entry, key: str = "seat") -> int | None:
    """The seat a request acts or asks for. A session with a viewer seat answers for that seat
    only (its legal actions, verdicts, hints and moves): nothing another seat holds crosses."""
    seat = _check_seat(req.get(key), entry.game, entry.state, key)
    if entry.viewer is not None:
        if seat is not None and seat != entry.viewer:
            raise BridgeError("error.bridge.viewer_only", path=key, viewer=entry.viewer, seat=seat)
        return entry.viewer
    return entry.game.to_act(entry.state) if seat is None else seat


def _viewer(req: dict[str, Any], game: Game, state: Any) -> int | None:
    """The viewer seat a new session is bound to (``viewer``), or None (tests, the CLI, benches)."""
    return _check_seat(req.get("viewer"), game, state, "viewer")


def _log_since(req: dict[str, Any]) -> int:
    """``log_since``: how many log entries the page already holds (it is sent the rest)."""
    since = req.get("log_since", 0)
    if isinstance(since, bool) or not isinstance(since, int) or since < 0:
        raise BridgeError("error.expected", path="log_since", what="log_count", got=short_value(since))
    return since


def _view(game: Game, state: Any, req: dict[str, Any], viewer: int | None = None) -> dict[str, Any]:
    since = _log_since(req)
    if viewer is not None:
        for key in ("view_seat", "seat"):
            if req.get(key) is not None and req.get(key) != viewer:
                raise BridgeError("error.bridge.viewer_table", path=key, viewer=viewer, seat=short_value(req.get(key)))
        return game.view(state, viewer, lang=req.get("lang", "en"), log_since=since)
    key = "view_seat" if "view_seat" in req else "seat"
    seat = _check_seat(req.get(key), game, state, key)
    return game.view(state, seat, lang=req.get("lang", "en"), log_since=since)


def _stored(entry: _Entry, new: Any, req: dict[str, Any], moves: tuple[Any, ...], **extra: Any) -> dict[str, Any]:
    """A derived position, ``moves`` after ``entry``'s: stored with its session's viewer, with that
    viewer's view."""
    track = entry.moves.add(*moves) if entry.moves is not None else None
    return {"state": _store(entry.game, new, entry.viewer, track), "view": _view(entry.game, new, req, entry.viewer),
            **extra}


def op_new(req: dict[str, Any]) -> dict[str, Any]:
    from .flags import resolve_flags
    game = find_game(str(req.get("game")))
    seed = req.get("seed", 1)
    state = game.new_game(resolve_flags(game, req.get("preset"), req.get("flags")), seed)
    viewer = _viewer(req, game, state)
    return {"state": _store(game, state, viewer, DEAL), "view": _view(game, state, req, viewer)}


def op_load(req: dict[str, Any]) -> dict[str, Any]:
    from .scenario import load_scenario
    game, state = load_scenario(req.get("scenario"))
    state = game.close_window(state)
    viewer = _viewer(req, game, state)
    return {"state": _store(game, state, viewer), "view": _view(game, state, req, viewer)}


def op_view(req: dict[str, Any]) -> dict[str, Any]:
    entry = _get(req)
    return {"view": _view(entry.game, entry.state, req, entry.viewer)}


def op_legal(req: dict[str, Any]) -> dict[str, Any]:
    entry = _get(req)
    game, state = entry.game, entry.state
    seat = _seat(req, entry)
    in_turn = req.get("in_turn", True)
    cards = _cards(req)
    spec = None if req.get("expand") or cards is not None else game.decision_spec(state, seat, in_turn=in_turn)
    out: dict[str, Any]
    # a bound viewer gets the options it may know of (a throw is announced, then judged)
    public = (game.public_legal(state, seat, in_turn=in_turn)
              if entry.viewer is not None and seat is not None and spec is None
              and (cards is not None or req.get("list", True)) else None)
    if cards is not None and public is None:  # the readings of one selection (a joker among other cards)
        out = {"actions": [a.to_json() for a in game.legal_for_cards(state, cards, seat, in_turn=in_turn)]}
    elif cards is not None:
        want = sorted(c.physical.token for c in cards)
        out = {"actions": [a.to_json() for a in public
                           if isinstance(a, Play) and sorted(c.physical.token for c in a.cards) == want]}
    elif spec is not None:  # thousands of actions (the exchange): their spec, a few hundred bytes
        out = {"spec": spec.to_json()}
    elif not req.get("list", True):  # the page asks for the readings of a selection when it needs them
        out = {}
    else:
        short = game.short_options(state, seat, in_turn=in_turn) if public is None else None
        if short is not None:  # hundreds of thousands of plays: a few, the count, and "ask with cards"
            out = {"actions": [a.to_json() for a in short[0]], "count": short[1], "partial": True}
        else:
            actions = public if public is not None else game.legal_actions(state, seat, in_turn=in_turn)
            out = {"actions": [a.to_json() for a in actions]}  # as game.action_to_json, one call fewer
    if req.get("side") and seat is not None:
        out["side"] = [a.to_json() for a in game.side_actions(state, seat)]
    return out


def _cards(req: dict[str, Any]) -> Any:
    """``cards``: the physical cards a learner selected (tokens), or None when not asked."""
    if "cards" not in req:
        return None
    tokens = req["cards"]
    if not isinstance(tokens, list) or not tokens or not all(isinstance(t, str) for t in tokens):
        raise BridgeError("error.expected", path="cards", what="card_list", got=short_value(tokens))
    from .cards import CardError, parse_cards
    try:
        return parse_cards(tokens)
    except CardError as exc:
        raise CardError(exc.key, path=f"cards{exc.path}", **exc.params) from None


def op_explain(req: dict[str, Any]) -> dict[str, Any]:
    entry = _get(req)
    game, state = entry.game, entry.state
    action = game.parse_action(req.get("action"))
    seat, in_turn = _seat(req, entry), req.get("in_turn", True)
    verdict = game.announcement(state, action, seat, in_turn) if entry.viewer is not None else None
    if verdict is None:
        verdict = game.explain(state, action, seat, in_turn=in_turn)
    return {"verdict": verdict.to_json(req.get("lang", "en"))}


def op_apply(req: dict[str, Any]) -> dict[str, Any]:
    """Applies one action; an in-turn action first closes any window nobody took (tutor/windows.py)."""
    entry = _get(req)
    game, state = entry.game, entry.state
    action = game.parse_action(req.get("action"))
    in_turn = req.get("in_turn", True)
    seat = _seat(req, entry)
    before = game.close_window(state) if in_turn else state
    from .windows import submit
    try:
        # an announced action the hidden cards make fail gets the rules' consequence (Game.attempt)
        new, failed = submit(game, before, action, seat, in_turn)
    except IllegalAction as exc:
        return {"ok": False, "verdict": exc.verdict.to_json(req.get("lang", "en"))}
    attempted = failed.to_json(req.get("lang", "en")) if failed is not None else None
    seat = game.to_act(before) if seat is None else seat  # the seat that acted, for the moves since the deal
    if attempted is not None:
        return _after_action(entry, new, req, _move(seat, game.action_to_json(action), in_turn), attempt=attempted)
    return _after_action(entry, new, req, _move(seat, game.action_to_json(action), in_turn))


def _move(seat: int | None, action: Any, in_turn: Any = True) -> Any:
    from .share import Move
    return Move(seat, action, in_turn is not False)


def _after_action(entry: _Entry, new: Any, req: dict[str, Any], move: Any, **extra: Any) -> dict[str, Any]:
    """The answer to an applied action (``move``): the window it opened (resolve it with
    ``window``), or, when it opened none, the position with nothing left open."""
    window = entry.game.window(new)
    if window is None:
        new = entry.game.close_window(new)
    return _stored(entry, new, req, (move,), window=window.to_json() if window else None, **extra)


def op_bot_move(req: dict[str, Any]) -> dict[str, Any]:
    """The seat to act is a bot: it chooses inside the engine and its move is applied (only the
    move, now public, crosses the bridge; never the bot's hand or its reasons)."""
    from .bots import heuristic_choice
    entry = _get(req)
    game = entry.game
    state = game.close_window(entry.state)
    seat = game.to_act(state)
    if seat is None:
        raise BridgeError("error.bridge.nobody_to_act")
    if seat == entry.viewer:
        raise BridgeError("error.bridge.bot_is_viewer", seat=seat)
    action = heuristic_choice(game, state, seat).action
    new = game.apply(state, action, seat)
    played = game.action_to_json(action)
    return _after_action(entry, new, req, _move(seat, played), seat=seat, action=played)


def op_window(req: dict[str, Any]) -> dict[str, Any]:
    """Resolves the open out-of-turn window: bots in the rule's order, then the viewer, or closed."""
    from .windows import resolve
    entry = _get(req)
    game, state = entry.game, entry.state
    viewer = _check_seat(req.get("viewer"), game, state, "viewer")
    if entry.viewer is not None:
        if viewer is not None and viewer != entry.viewer:
            raise BridgeError("error.bridge.other_viewer", path="viewer", viewer=entry.viewer, seat=viewer)
        viewer = entry.viewer
    declined = req.get("declined", [])
    if not isinstance(declined, list):
        raise BridgeError("error.expected", path="declined", what="seat_list", got=short_value(declined))
    declined = [_check_seat(s, game, state, "declined") for s in declined]
    if req.get("level", "heuristic") == "random":  # the random bot cuts in by a coin toss
        from .bots import random_interrupt
        from .rng import derive
        rng = derive(req.get("seed", 0), "window", req.get("state"))
        res = resolve(game, state, viewer=viewer, declined=declined,
                      choose=lambda g, s, seat: random_interrupt(g, s, seat, rng))
    else:
        res = resolve(game, state, viewer=viewer, declined=declined)
    track = entry.moves.add(*(_move(s, game.action_to_json(a), False) for s, a in res.taken)) \
        if entry.moves is not None else None
    out: dict[str, Any] = {"status": res.status, "state": _store(game, res.state, entry.viewer, track),
                           "view": _view(game, res.state, {**req, "view_seat": viewer}, entry.viewer),
                           "taken": [{"seat": s, "action": game.action_to_json(a)} for s, a in res.taken]}
    if res.status == "ask":
        from .windows import window_words
        out["ask"] = {"seat": res.ask_seat, "actions": [game.action_to_json(a) for a in res.options],
                      "window": res.window.to_json() if res.window else None,
                      "words": window_words(game, res.window, res.options, req.get("lang", "en")) if res.window else None}
    return out


def op_replay(req: dict[str, Any]) -> dict[str, Any]:
    """A lesson position: the scenario, then its scripted moves (windows taken or closed as scripted)."""
    from .scenario import load_scenario
    from .windows import replay
    moves = req.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, dict) and {"seat", "action"} <= set(m) for m in moves):
        raise BridgeError("error.expected", path="moves", what="move_list", got=short_value(moves))
    game, state = load_scenario(req.get("scenario"))
    for m in moves:
        _check_seat(m["seat"], game, state, "moves[].seat")
    viewer = _viewer(req, game, state)
    try:
        state = replay(game, game.close_window(state), moves, keep_open=bool(req.get("keep_open", False)))
    except IllegalAction as exc:
        return {"ok": False, "verdict": exc.verdict.to_json(req.get("lang", "en")),
                "error": exc.verdict.text(req.get("lang", "en"))}
    return {"state": _store(game, state, viewer), "view": _view(game, state, req, viewer)}


def op_share(req: dict[str, Any]) -> dict[str, Any]:
    """The moves since the deal as a moves code for a share link (tutor/share.py)."""
    from .share import encode
    entry = _get(req)
    if entry.moves is None:
        raise BridgeError("error.share.not_a_deal", path="state")
    return {"moves": encode(entry.moves.as_list()), "count": entry.moves.count}


def op_replay_deal(req: dict[str, Any]) -> dict[str, Any]:
    """A shared moment: the deal (as ``new``), then the moves of a moves code, each checked; the
    position after them, and the positions the page's Undo goes back to (``undo``, oldest first)."""
    from .flags import resolve_flags
    from .share import decode, replay, undo_points
    moves = decode(req.get("moves"))  # first: a code is held to its bounds before any other work
    game = find_game(str(req.get("game")))
    state = game.new_game(resolve_flags(game, req.get("preset"), req.get("flags")), req.get("seed", 1))
    viewer = _viewer(req, game, state)
    replayed = replay(game, state, moves)
    track = [DEAL]
    for move in moves:
        track.append(track[-1].add(move))
    undo = [_store(game, position, viewer, track[made]) for made, position in undo_points(game, moves, replayed, viewer)]
    return {"state": _store(game, replayed.state, viewer, track[-1]), "view": _view(game, replayed.state, req, viewer),
            "undo": undo, "count": len(moves)}


def op_bot(req: dict[str, Any]) -> dict[str, Any]:
    from .bots import heuristic_choice, random_choice
    from .messages import render
    from .rng import derive
    entry = _get(req)
    if entry.viewer is not None:  # a bot's choice and reasons would tell what its hand holds
        raise BridgeError("error.bridge.bot_with_viewer", path="op", op="bot_move")
    game, state = entry.game, entry.state
    seat = _seat(req, entry)
    if req.get("level", "heuristic") == "random":
        choice = random_choice(game, state, seat, derive(req.get("seed", 0), "bot", req.get("state")))
    else:
        choice = heuristic_choice(game, state, seat)
    return {"action": game.action_to_json(choice.action), "why": render(choice.key, choice.params, req.get("lang", "en"))}


def op_hint(req: dict[str, Any]) -> dict[str, Any]:
    from .bots import hint
    entry = _get(req)
    return {"hint": hint(entry.game, entry.state, _seat(req, entry), req.get("lang", "en"))}


def op_next_hand(req: dict[str, Any]) -> dict[str, Any]:
    """The next hand from the session (``Game.next_hand``); ``advance`` is its older name."""
    from .share import NEXT
    entry = _get(req)
    new = entry.game.next_hand(entry.state)
    return _stored(entry, new, req, (NEXT,) if new is not entry.state else (),
                   session=dict(entry.game.session(new)), game_over=entry.game.game_over(new))


def op_reveal(req: dict[str, Any]) -> dict[str, Any]:
    """Every hand, face up: only when the learner asks (the practice table's "reveal" button)."""
    entry = _get(req)
    return {"hands": {str(s): cards for s, cards in entry.game.hands(entry.state).items()}}


def op_games(req: dict[str, Any]) -> dict[str, Any]:
    from .flags import describe_flags
    return {"games": [{"name": g.name, "title": dict(g.title), "phases": list(g.phases),
                       "flags": describe_flags(g.Flags), "presets": g.presets} for g in all_games()]}


def op_compare(req: dict[str, Any]) -> dict[str, Any]:
    """The stored position under other rules, beside it (tutor/compare.py): ``change`` is
    ``{"flag": name, "value": v}`` or ``{"preset": name}``; ``focus`` the move looked at."""
    from .compare import compare
    entry = _get(req)
    game, state = entry.game, entry.state
    change = req.get("change")
    if not isinstance(change, dict) or not (set(change) == {"flag", "value"} or set(change) == {"preset"}):
        raise BridgeError("error.expected", path="change", what="rule_change", got=short_value(change))
    seat = _seat(req, entry)
    in_turn = req.get("in_turn", True)
    if not isinstance(in_turn, bool):
        raise BridgeError("error.expected", path="in_turn", what="boolean", got=short_value(in_turn))
    focus = game.parse_action(req["focus"]) if req.get("focus") is not None else None
    return {"compare": compare(game, state, seat, change, req.get("lang", "en"), focus=focus, in_turn=in_turn)}


def op_rule_changes(req: dict[str, Any]) -> dict[str, Any]:
    """What may be switched in the stored position for ``compare``: flags' other values, presets."""
    from .compare import changes
    entry = _get(req)
    return changes(entry.game, entry.state)


#: rule IDs a quiz request may name (a learner's rules due again: a handful)
MAX_QUIZ_RULES = 64


def op_quiz(req: dict[str, Any]) -> dict[str, Any]:
    """One exercise (tutor/quiz): ``kind`` (default: any kind, by the seed) made from ``seed``; with
    ``rules``, one that practises one of them if the kinds offered (``kinds``, default all) can.
    ``exercise`` is None where no position was found for it (the page asks with the next seed)."""
    from . import quiz
    game = find_game(str(req.get("game")))
    offered = quiz.kinds(game)
    seed = req.get("seed", 1)
    kind = req.get("kind")
    if kind is not None and kind not in offered:
        raise BridgeError("error.one_of", path="kind", choices=quoted(list(offered)), got=short_value(kind))
    rules = req.get("rules", [])
    if not isinstance(rules, list) or len(rules) > MAX_QUIZ_RULES or not all(isinstance(r, str) for r in rules):
        raise BridgeError("error.expected", path="rules", what="rule_list", got=short_value(rules))
    kinds = req.get("kinds", list(offered))
    if not isinstance(kinds, list) or not kinds or not all(isinstance(k, str) and k in offered for k in kinds):
        raise BridgeError("error.expected", path="kinds", what="kind_list", got=short_value(kinds))
    if kind is not None:
        exercise = quiz.generate(game, kind, seed)
    else:
        exercise = quiz.for_rules(game, rules, seed, kinds)
    if exercise is None:
        return {"exercise": None}
    # the position is kept, so the page may look at it under other rules (op ``compare``)
    return {"exercise": exercise.to_json(game, req.get("lang", "en")), "state": _store(game, exercise.state),
            "seat": exercise.seat, "in_turn": exercise.in_turn}


def op_timeit(req: dict[str, Any]) -> dict[str, Any]:
    """Times ``reps`` runs of another request inside this Python (the benchmarks' probe)."""
    import time
    inner = req.get("request")
    reps = req.get("reps", 1)
    if not isinstance(inner, dict) or inner.get("op") == "timeit":
        raise BridgeError("error.expected", path="request", what="other_request", got=short_value(inner))
    if not isinstance(reps, int) or isinstance(reps, bool) or not 1 <= reps <= MAX_REPS:
        raise BridgeError("error.expected_number", path="reps", low=1, high=MAX_REPS, got=short_value(reps))
    times = []
    began = time.perf_counter()
    for _ in range(reps):
        start = time.perf_counter()
        handle(inner)
        times.append((time.perf_counter() - start) * 1000.0)
        if start - began > TIMEIT_BUDGET_S:  # a probe, not a way to keep the worker busy
            break
    return {"ms": times}


MAX_REPS = 200
TIMEIT_BUDGET_S = 2.0


def op_playout(req: dict[str, Any]) -> dict[str, Any]:
    """Plays one seeded round to its end with the heuristic bots (the benchmarks' games per second)."""
    from .bots import heuristic_choice
    game = find_game(str(req.get("game")))
    seed = req.get("seed", 1)
    state = game.close_window(game.new_game(game.default_flags(req.get("flags")), seed))
    actions = 0
    while not game.round_over(state) and actions < 5000:
        seat = game.to_act(state)
        if seat is None:
            break
        # windows close untaken: the figure is the rules' speed, comparable across versions
        state = game.close_window(game.apply(state, heuristic_choice(game, state, seat).action, seat))
        actions += 1
    return {"actions": actions, "over": game.round_over(state)}


OPS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "new": op_new, "load": op_load, "view": op_view, "legal": op_legal, "explain": op_explain,
    "apply": op_apply, "bot": op_bot, "hint": op_hint, "next_hand": op_next_hand, "advance": op_next_hand,
    "games": op_games, "reveal": op_reveal, "compare": op_compare, "rule_changes": op_rule_changes, "timeit": op_timeit, "window": op_window, "replay": op_replay,
    "bot_move": op_bot_move, "share": op_share, "replay_deal": op_replay_deal,
    "playout": op_playout, "quiz": op_quiz,
}


#: the fields several ops read, checked once for every request (a wrong type gets a message
#: naming the field, never "unhashable type: 'list'" from deep inside)
_FLAGS_BOOL = ("in_turn", "keep_open", "expand", "side", "list")
_LEVELS = ("heuristic", "random")


def _check_common(req: dict[str, Any]) -> None:
    from .limits import check_seed
    from .messages import LANGS
    lang = req.get("lang", "en")
    if not isinstance(lang, str) or lang not in LANGS:
        raise BridgeError("error.one_of", path="lang", choices=quoted(LANGS), got=short_value(lang))
    for key in _FLAGS_BOOL:
        if key in req and not isinstance(req[key], bool):
            raise BridgeError("error.expected", path=key, what="bool", got=short_value(req[key]))
    if "state" in req and (isinstance(req["state"], bool) or not isinstance(req["state"], int)):
        raise BridgeError("error.expected", path="state", what="state_id", got=short_value(req["state"]))
    level = req.get("level", "heuristic")
    if level not in _LEVELS:
        raise BridgeError("error.one_of", path="level", choices=quoted(_LEVELS), got=short_value(level))
    if "seed" in req:
        check_seed(req["seed"], "seed")  # tutor/limits.py
    if "game" in req and not isinstance(req["game"], str):
        raise BridgeError("error.expected", path="game", what="game_name", got=short_value(req["game"]))


def _lang(request: Any) -> str:
    """The language a request's answers are in: its ``lang`` when that is one we speak, else
    English (``lang`` itself may be the bad field)."""
    from .messages import LANGS
    lang = request.get("lang", "en") if isinstance(request, dict) else "en"
    return lang if isinstance(lang, str) and lang in LANGS else "en"


def _refusal(error: TutorError, lang: str) -> dict[str, Any]:
    """``{ok: false, error, error_key, error_params}``: the text in ``lang``, the message key and its
    parameters (``error_path`` too, where the error names one)."""
    return {"ok": False, **error.to_json(lang)}


def handle(request: Any) -> dict[str, Any]:
    """Serves one request; bad input gives ``{ok: false, error, error_key, error_params}``, never an
    exception. ``error`` is in the request's ``lang`` (English when ``lang`` is itself wrong).

    The request is checked against the core's bounds first (tutor/limits.py: depth, size,
    numbers, text), then its common fields; each op checks its own. An exception nobody
    foresaw still gets an answer, marked ``internal`` (the fuzz tests assert there is none).
    """
    from .limits import check_value
    lang = _lang(request)
    if not isinstance(request, dict):
        return _refusal(BridgeError("error.bridge.not_object", got=short_value(request)), lang)
    name = request.get("op")
    op = OPS.get(name) if isinstance(name, str) else None
    if op is None:
        return _refusal(BridgeError("error.bridge.unknown_op", got=short_value(name), known=list(OPS)), lang)
    try:
        check_value(request)
        _check_common(request)
        out = op(request)
    except TutorError as exc:
        return _refusal(exc, lang)
    except RecursionError:
        return _refusal(BridgeError("error.bridge.too_deep"), lang)
    except Exception as exc:  # a bug, not bad input: answered all the same, and marked
        return {**_refusal(BridgeError("error.internal", detail=f"{type(exc).__name__}: {exc}"), lang), "internal": True}
    out.setdefault("ok", True)
    return out


def handle_json(text: Any) -> str:
    """``handle`` over JSON text (what the worker passes across the Pyodide boundary); the text
    is read within the core's bounds (tutor/limits.py). Text that is no request is refused in
    English (there is no ``lang`` to read)."""
    from .limits import load_json_text
    if not isinstance(text, str):
        return json.dumps(_refusal(BridgeError("error.bridge.not_text"), "en"))
    try:
        request = load_json_text(text, "request")  # handle() checks the value within the bounds
    except TutorError as exc:
        return json.dumps(_refusal(exc, "en"), ensure_ascii=False)
    return json.dumps(handle(request), ensure_ascii=False)
