"""The table as the page draws it, in words: seats, the lines above the trick, zones, the trick,
the decision, the result (issue 12: a page that knows no game).

``Game.view`` adds ``display`` to every view: everything the page shows, already in the
learner's language, so ``site/static/table.js`` draws any game without branching on a game's
name or its own view keys. A game fills in what is its own through ``Game.display_parts``
(its seat roles, its bid line, its kitty, its result sentence); the shape below is common:

* ``phases``: ``[{id, name}]`` in order, for the phase list;
* ``seats``: per seat ``{label, notes}``: "Seat 2 (you) · landlord", and lines under it
  ("40 points taken");
* ``info``: short facts above the trick ("Bid: 2 · Stake ×4");
* ``zones``: boxes beside the trick, each ``{label?, cards?, text?, items?, details?}``;
* ``trick``: ``{show, entries: [{seat, who, cards?, note?, holds}], marker, empty}``: the marker
  names what the holding entry is ("To beat" in climbing games, "Holds the trick" in
  trick-taking ones);
* ``decision``: ``tutor.decisions.describe`` for the viewing seat (None when it has none);
  ``side``: the side declarations open to it now (a Tichu call), each ``{action, key, label}``;
* ``result``: the round's outcome in a sentence, or None; ``reveal``: whether showing every
  hand is allowed now (not while cards are still being chosen or exchanged).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import action_key
from .messages import render

if TYPE_CHECKING:
    from .game import Game


def phase_names(game: "Game", lang: str) -> list[dict[str, str]]:
    """The game's phases with their names (the game's own word first, then the common one)."""
    prefix = game.rule_prefix.lower()
    return [{"id": p, "name": render(f"{prefix}.phase_title.{p}", {}, lang)} for p in game.phases]


def seat_label(seat: int, viewer: int | None, badges: list[str], lang: str) -> str:
    parts = [render("common.display.seat_you" if seat == viewer else "common.display.seat", {"seat": seat}, lang)]
    parts.extend(f"· {b}" for b in badges)
    return " ".join(parts)


def trick_entries(trick: list[dict[str, Any]], holding: int | None, lang: str) -> list[dict[str, Any]]:
    """The trick's entries as the page lists them; ``holding``: the index of the entry holding
    the trick (None: none marked)."""
    out = []
    for i, entry in enumerate(trick):
        item: dict[str, Any] = {"seat": entry["seat"], "who": render("common.display.seat", {"seat": entry["seat"]}, lang),
                                "holds": i == holding}
        if "cards" in entry:
            item["cards"] = entry["cards"]
        else:
            item["note"] = render("common.display.passed", {}, lang)
        if entry.get("in_turn") is False:
            item["out_of_turn"] = render("common.display.out_of_turn", {}, lang)
        out.append(item)
    return out


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
    return {
        "phases": phase_names(game, lang),
        "seats": [{"label": seat_label(s, seat, badges.get(s, []), lang), "notes": notes.get(s, [])}
                  for s in range(players)],
        "info": parts.get("info", []),
        "zones": parts.get("zones", []),
        "trick": {"show": show, "entries": trick_entries(trick, holding, lang),
                  "marker": render(parts.get("marker", "common.display.to_beat"), {}, lang), "empty": empty},
        "decision": game.decision(state, seat, lang) if seat is not None else None,
        "side": [{"action": a.to_json(), "key": action_key(game, a.to_json()), "label": game.action_label(a, lang)}
                 for a in game.side_actions(state, seat)] if seat is not None else [],
        "result": parts.get("result"),
        "reveal": parts.get("reveal", True),
    }
