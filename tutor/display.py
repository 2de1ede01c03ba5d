"""The table as the page draws it, in words: seats, the lines above the trick, zones, the trick,
the decision, the result (issue 12: a page that knows no game).

``Game.view`` adds ``display`` to every view: everything the page shows, already in the
learner's language, so ``site/static/table.js`` draws any game without branching on a game's
name or its own view keys. A game fills in what is its own through ``Game.display_parts``
(its seat roles, its bid line, its kitty, its result sentence); the shape below is common:

* ``phases``: ``[{id, name}]`` in order, for the phase list, and ``phase``, the current one of them
  (a game's sub-step, a Daifugo effect decision, shows the phase it belongs to);
* ``seats``: per seat ``{label, notes, open}``: "Seat 2 (you) · landlord", lines under it
  ("40 points taken"), and the cards of its hand that lie face up for everyone (Daifugo's
  exposed cards; usually none);
  ``role``: where it sits for the viewer ("on your right", "partner"; None for the viewer);
* ``ring``: the other seats around the table, ``{left, opposite, right}`` (``ring``);
* ``info``: short facts above the trick ("Bid: 2 · Stake ×4");
* ``zones``: boxes beside the trick, each ``{label?, cards?, small?, text?, items?, details?}`` (``small``: a long row of small pieces, its label above), or drawn
  from numbers: ``die_faces`` (dice showing those faces), ``grid`` (a table of outcomes, each cell
  good or bad, one marked) and ``chart`` (bars of a value out of a total, one current);
* ``trick``: ``{show, holding, label, empty, out_of_turn}`` for the view's ``trick`` entries
  (``out_of_turn``: the mark of a play out of turn, a game's own word: a bomb, a cut-in):
  ``holding`` is the index of the entry that holds the trick, ``label`` names it ("To beat" in
  climbing games, "Holds the trick" in trick-taking ones), ``empty`` is said when the viewer leads;
* ``decision``: ``tutor.decisions.describe`` for the viewing seat (None when it has none);
  ``side``: the side declarations open to it now (a Tichu call), each ``{action, key, label}``,
  or ``{select, label}`` for a declaration made with the cards selected in the hand (Daifugo's
  voluntary exposure: ``Game.side_by_selection``), sent as ``{select: [cards]}``;
* ``result``: the round's outcome in a sentence, or None; ``reveal``: whether showing every
  hand is allowed now (not while cards are still being chosen or exchanged); ``apart``: words
  for the hand's last piece when it lies set apart (a tile just drawn), else None.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .actions import action_key
from .messages import render

if TYPE_CHECKING:
    from .game import Game


def phase_names(game: "Game", lang: str) -> list[dict[str, str]]:
    """The game's phases with their names (the game's own word first, then the common one)."""
    return [dict(p) for p in _phase_names(game.rule_prefix.lower(), tuple(game.phases), lang)]


@lru_cache(maxsize=None)
def _phase_names(prefix: str, phases: tuple[str, ...], lang: str) -> tuple[dict[str, str], ...]:
    # the same for every view of a game: worked out once per game and language
    return tuple({"id": p, "name": render(f"{prefix}.phase_title.{p}", {}, lang)} for p in phases)


def seat_label(seat: int, viewer: int | None, badges: list[str], lang: str) -> str:
    return _seat_label(seat, viewer, tuple(badges), lang)


@lru_cache(maxsize=1024)
def _seat_label(seat: int, viewer: int | None, badges: tuple[str, ...], lang: str) -> str:
    parts = [render("common.display.seat_you" if seat == viewer else "common.display.seat", {"seat": seat}, lang)]
    parts.extend(f"· {b}" for b in badges)
    return " ".join(parts)


def ring(players: int, viewer: int | None, direction: str) -> dict[str, list[int]]:
    """Where the other seats sit around the table, the viewer at the bottom: ``left`` and ``right``
    (one seat each: the seats before and after the viewer) and ``opposite`` (the rest, along the
    far side, in the order the eye reads them, left to right). Counter-clockwise play puts the
    next seat on the right."""
    me = viewer if viewer is not None else 0
    others = [(me + k) % players for k in range(1, players)]
    if players == 1:  # a game played alone (the 2d6 check): nobody else at the table
        return {"left": [], "opposite": [], "right": []}
    if players == 2:
        return {"left": [], "opposite": others, "right": []}
    after, before, middle = others[0], others[-1], others[1:-1]
    if direction == "clockwise":  # the next seat on your left, the arc read left to right
        return {"left": [after], "opposite": middle, "right": [before]}
    return {"left": [before], "opposite": middle[::-1], "right": [after]}


def role_key(players: int, viewer: int | None, seat: int, direction: str, partner: int | None) -> str | None:
    """The message key naming ``seat`` by where it sits for ``viewer`` ("on your right", "across",
    "partner"), or None for the viewer's own seat."""
    me = viewer if viewer is not None else 0
    k = (seat - me) % players
    if k == 0:
        return None
    if partner == seat:
        return "common.display.role.partner"
    if 2 * k == players:
        return "common.display.role.across"
    next_side, other_side = ("left", "right") if direction == "clockwise" else ("right", "left")
    side, n = (next_side, k) if 2 * k < players else (other_side, players - k)
    return f"common.display.role.{side}" + (f"_{n}" if n > 1 else "")


def last_play_index(trick: list[dict[str, Any]]) -> int | None:
    """Climbing games: the last play holds the trick (the one the next play must beat)."""
    for i in range(len(trick) - 1, -1, -1):
        if "cards" in trick[i]:
            return i
    return None


def build(game: "Game", state: Any, seat: int | None, view: dict[str, Any], lang: str) -> dict[str, Any]:
    """The ``display`` block of ``view`` (the game's table as ``seat`` sees it)."""
    parts = game.display_parts(state, view, seat, lang)
    players = game.players(state)
    badges = parts.get("badges", {})
    notes = parts.get("notes", {})
    trick = view.get("trick") or []
    holding = parts.get("holding", last_play_index(trick))
    show = parts.get("show_trick", bool(trick))
    empty = None
    if show and not trick and view.get("to_act") == seat and seat is not None:
        empty = render("common.display.nothing_to_beat", {}, lang)
    me = seat if seat is not None else 0
    partner = game.partner(state, me)
    roles = [role_key(players, seat, s, game.direction, partner) for s in range(players)]
    return {
        "phases": phase_names(game, lang),
        "phase": parts.get("phase", view.get("phase")),  # which of ``phases`` is current (a sub-step shows its phase)
        "seats": [{"label": seat_label(s, seat, badges.get(s, []), lang), "notes": notes.get(s, []),
                   "role": render(roles[s], {}, lang) if roles[s] else None, "open": parts.get("open", {}).get(s, [])}
                  for s in range(players)],
        "ring": ring(players, seat, game.direction),
        "info": parts.get("info", []),
        "zones": parts.get("zones", []),
        "trick": {"show": show, "holding": holding, "label": render(parts.get("marker", "common.display.to_beat"), {}, lang),
                  "empty": empty, "out_of_turn": render(parts.get("out_of_turn", "common.display.out_of_turn"), {}, lang)},
        "decision": game.decision(state, seat, lang) if seat is not None else None,
        "side": side_entries(game, state, seat, lang) if seat is not None else [],
        "result": parts.get("result"),
        "reveal": parts.get("reveal", True),
        "apart": parts.get("apart"),
    }


def side_entries(game: "Game", state: Any, seat: int, lang: str) -> list[dict[str, Any]]:
    """The side declarations open to ``seat``: a button each, except those made with the selected
    cards (``Game.side_by_selection``: one entry per key, however many cards could go)."""
    out: list[dict[str, Any]] = []
    by_selection: set[str] = set()
    for a in game.side_actions(state, seat):
        key = getattr(a, "key", None)
        if key in game.side_by_selection:
            if key not in by_selection:
                by_selection.add(key)
                out.append({"select": key, "label": render(f"{game.rule_prefix.lower()}.side.{key}", {}, lang)})
            continue
        out.append({"action": a.to_json(), "key": action_key(game, a.to_json()), "label": game.action_label(a, lang)})
    return out
