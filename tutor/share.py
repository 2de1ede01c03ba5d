"""A moment of a practice deal as a short text: the moves of a share link (issue 14).

The practice table's link names a deal (game, seed, flags, the learner's seat); a link to a
*moment* adds every move made since that deal, so whoever opens it replays them through the
rules and stands at the same position: the learner's moves, the bots', the actions taken out of
turn (a Tichu bomb in a window) and each step to the next hand of a match.

**The moves code, format 1.** ``"1."`` followed by the unpadded base64url (RFC 4648 §5) of the
raw DEFLATE stream (RFC 1951, no zlib header) of the compact JSON list of moves, compressed
against the preset dictionary ``ZDICT_1``. Each move is one of

* ``[seat, action]``: an action in turn (the action in the shared notation, rules/README.md §3);
* ``[seat, action, 0]``: an action out of turn (it takes the window the move before it opened);
* ``"next"``: the next hand of the match (``Game.next_hand``).

For example ``[[0,"PASS"],[1,{"bid":1}],[2,"PASS"],[1,["S-3","H-3"]]]`` is ``1.i0ZVAI1ew1pUoyEBYQz2EciVsQA``.
The number before the dot is the format: a later format gets the next number and ``decode``
keeps reading every format it ever wrote, so ``ZDICT_1`` and the rules above never change
(tests/unit/test_share.py holds codes written today).

A code is held to bounds before any work is done on it (``MAX_CODE`` characters, ``MAX_JSON``
bytes once inflated, ``MAX_MOVES`` moves), and every move is checked as it is replayed: a bad
one is refused by its number (1 is the first), saying why, through the message keys
``error.share.*`` (tutor/errors.py).
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any, NamedTuple, Sequence

from .errors import TutorError, message, short_value
from .game import Game, IllegalAction
from .limits import MAX_STRING, InputError, check_value, load_json_text
from .windows import ReplayError, scripted_move

FORMAT = 1
#: the most characters a moves code may have (a request's longest text, tutor/limits.py); a
#: whole Tichu match of about 1,000 moves takes some 2,800
MAX_CODE = MAX_STRING
#: the most moves one code may carry (a Dou Dizhu hand has 20-60, a Tichu round 60-90)
MAX_MOVES = 5_000
#: the most bytes a code may inflate to (a move takes 10-60 bytes of JSON)
MAX_JSON = 400_000
NEXT = "next"

#: format 1's preset dictionary (deflate finds strings of the moves in it): frozen forever
ZDICT_1 = (
    '[0,{"bid":[11,"S"]}],[1,{"call_adjutant":"H-A"}],[1,{"discard":["D-3","C-4","H-5"]}],[2,{"bid":2}],[3,{"bid":3}],'
    '[0,{"grand":false}],[1,{"grand":false}],[2,{"grand":false}],[3,{"grand":false}],[2,{"tichu":true}],'
    '[0,{"exchange":{"1":"DOG","2":"DRAGON","3":"PHOENIX"}}],[3,["MAHJONG"]],[3,{"wish":"J"}],[0,["BJ","RJ"]],'
    '[1,["JOKER"]],"next",[1,["S-7","H-8","D-9","C-10","S-J","H-Q","D-K","C-A"]],[2,["S-2","H-2","D-2","C-2"],0],'
    '[0,["D-6"]],[1,["H-3","C-3"]],[2,["S-4"]],[3,["C-5"]],'
    '[0,"PASS"],[1,"PASS"],[2,"PASS"],[3,"PASS"],[4,"PASS"],[0,"PASS"],[1,"PASS"],[2,"PASS"]'
).encode("ascii")

_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


class Move(NamedTuple):
    """One move of a moment: ``seat`` plays ``action`` (JSON), in turn or out of turn."""

    seat: int
    action: Any
    in_turn: bool = True

    def to_json(self) -> Any:
        return [self.seat, self.action] if self.in_turn else [self.seat, self.action, 0]


Entry = Any  #: a ``Move`` or ``NEXT``


def encode(moves: Sequence[Entry]) -> str:
    """The moves code (format 1) of ``moves``; ``ShareError`` when there are more than ``MAX_MOVES``
    or the code would be longer than ``MAX_CODE``."""
    if len(moves) > MAX_MOVES:
        raise ShareError("error.share.too_many", path="moves", n=len(moves), limit=MAX_MOVES)
    text = json.dumps([m if m == NEXT else Move(*m).to_json() for m in moves], separators=(",", ":"),
                      ensure_ascii=False)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, ZDICT_1)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    code = f"{FORMAT}." + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")
    if len(code) > MAX_CODE:
        raise ShareError("error.share.too_long", path="moves", n=len(code), limit=MAX_CODE)
    return code


class ShareError(TutorError):
    """A moves code that cannot be read, or a move in it that does not fit the deal."""


def decode(code: Any, path: str = "moves") -> list[Entry]:
    """The moves of a code (each a ``Move`` or ``NEXT``); ``ShareError`` names what is wrong (a
    move's shape is checked here, whether it fits the deal by ``replay``)."""
    if not isinstance(code, str):
        raise ShareError("error.expected", path=path, what="moves_code", got=short_value(code))
    if len(code) > MAX_CODE:  # before any other work: a tampered link may carry megabytes
        raise ShareError("error.share.too_long", path=path, n=len(code), limit=MAX_CODE)
    version, dot, body = code.partition(".")
    if not dot or not (version.isascii() and version.isdigit()) or len(version) > 6:
        raise ShareError("error.share.damaged", path=path)
    if int(version) != FORMAT:
        raise ShareError("error.share.format", path=path, got=int(version), known=[FORMAT])
    if not _BASE64URL.fullmatch(body) or len(body) % 4 == 1:
        raise ShareError("error.share.damaged", path=path)
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj(-15, ZDICT_1)
        raw = unpacker.decompress(packed, MAX_JSON + 1)  # never more: a small code may inflate to gigabytes
    except (binascii.Error, zlib.error):
        raise ShareError("error.share.damaged", path=path) from None
    if len(raw) > MAX_JSON:
        raise ShareError("error.share.too_large", path=path, limit=f"{MAX_JSON:,}")
    if not unpacker.eof or unpacker.unused_data:  # cut short, or more after its end
        raise ShareError("error.share.damaged", path=path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareError("error.share.damaged", path=path) from None
    try:
        # the core's JSON reader: nesting is counted before parsing (under Pyodide a parse too deep
        # overflows the WebAssembly stack), then numbers, depth and texts are held to the bounds
        value = load_json_text(text, path)
        if isinstance(value, list) and len(value) > MAX_MOVES:
            raise ShareError("error.share.too_many", path=path, n=len(value), limit=MAX_MOVES)
        check_value(value, path)
    except InputError as exc:
        raise ShareError("error.share.damaged_at", path=path, reason=message(exc.key, exc.params)) from None
    if not isinstance(value, list):
        raise ShareError("error.share.damaged", path=path)
    return [_entry(item, i + 1, path) for i, item in enumerate(value)]


def _entry(item: Any, n: int, path: str) -> Entry:
    if item == NEXT:
        return NEXT
    ok = (isinstance(item, list) and len(item) in (2, 3) and type(item[0]) is int
          and (len(item) == 2 or type(item[2]) in (int, bool) and item[2] == 0))
    if not ok:
        raise ShareError("error.share.bad_move", path=path, n=n, got=short_value(item))
    return Move(item[0], item[1], len(item) == 2)


class Replayed(NamedTuple):
    """Where a replay ends (``state``, its window closed) and every position on the way, after
    move ``i`` at ``states[i]`` (``states[0]``: the deal), for the page's undo (``undo_points``)."""

    state: Any
    states: list[Any]


def replay(game: Game, state: Any, moves: Sequence[Entry], path: str = "moves") -> Replayed:
    """Plays ``moves`` from a fresh deal ``state`` as the practice table played them: an action in
    turn first closes a window nobody took, an action out of turn takes the open window, ``"next"``
    deals the next hand once this one is over. ``ShareError`` names the first move that does not
    fit, by its number (1 is the first), and why."""
    states = [state]
    for i, move in enumerate(moves):
        n = i + 1
        if move == NEXT:
            state = game.close_window(state)
            if game.game_over(state):
                raise ShareError("error.share.game_over", path=path, n=n)
            following = game.next_hand(state)
            if following is state:
                raise ShareError("error.share.hand_not_over", path=path, n=n)
            state = following
        else:
            state = _play(game, state, move, n, path)
        states.append(state)
    return Replayed(game.close_window(state), states)


def _play(game: Game, state: Any, move: Move, n: int, path: str) -> Any:
    players = game.players(state)
    if not 0 <= move.seat < players:
        raise ShareError("error.share.no_seat", path=path, n=n, seat=move.seat, players=players)
    try:
        action = game.parse_action(move.action)
        return scripted_move(game, state, move.seat, action, move.in_turn)
    except IllegalAction as exc:
        verdict = exc.verdict
        raise ShareError("error.share.illegal", path=path, n=n, seat=move.seat, action=short_value(move.action),
                         reason=message(verdict.key, verdict.params), rules=list(verdict.rule_ids)) from None
    except ReplayError as exc:
        raise ShareError("error.share.move", path=path, n=n, reason=message(exc.key, exc.params)) from None
    except TutorError as exc:  # an action that cannot even be read (an unknown card, a bad shape)
        raise ShareError("error.share.move", path=path, n=n, reason=message(exc.key, exc.params)) from None


def undo_points(game: Game, moves: Sequence[Entry], replayed: Replayed, viewer: int | None) -> list[tuple[int, Any]]:
    """The positions the practice table's Undo goes back to, the ones the page keeps while it
    plays (site/static/practice.js): before each of the learner's moves in turn (its window
    closed, as the page holds it), after each of the learner's moves out of turn, none from before
    the last ``"next"`` (a new hand starts a new undo list). Each is ``(moves made, position)``."""
    points: list[tuple[int, Any]] = []
    if viewer is None:
        return points
    for i, move in enumerate(moves):
        if move == NEXT:
            points = []
        elif move.seat == viewer and move.in_turn:
            points.append((i, game.close_window(replayed.states[i])))
        elif move.seat == viewer:
            points.append((i + 1, replayed.states[i + 1]))
    return points
