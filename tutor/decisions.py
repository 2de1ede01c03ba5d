"""Decisions as the page draws them: what control a decision needs, and every option's words.

The page draws any game's decisions from this description alone, without knowing the game
(issue 12): the engine says which kind of control the seat's decision needs and labels each
option in the learner's language, from the game's own message data.

``Game.decision(state, seat, lang)`` gives one of:

* ``{"kind": "play", "pass": bool, ...}``: select cards of the hand and play them (``pass``:
  the game has a Pass button in play; climbing games do, trick-taking games do not);
* ``{"kind": "choose", "options": [...], ...}``: one of a short list (buttons), each option
  ``{"action", "key", "label"}`` and, for long lists, ``"parts"`` (the words of each part: a
  count and a suit), which the page offers as one row of buttons per part; an option that names
  one card (the Napoleon adjutant) carries it as ``"card"``, and the page shows its face;
* ``{"kind": "cards", "spec": ..., "confirm": ..., "slots": ..., "from": ...}``: choose ``k``
  cards (``tutor.choices.ChooseCards``; ``at_least`` … ``k`` where the spec says so): as a set,
  selected in the hand (``from`` "hand"), or picked from the spec's pool drawn beside the
  decision (``from`` "pool": cards that are not the seat's, Daifugo's discard pile), or one to
  each seat of ``slots`` (seat -> label: the seat's number and where it sits), one slot each,
  filled by clicking cards of the hand;
* ``{"kind": "positions", "spec": ..., "confirm": ..., "whose": ...}``: choose ``k`` of ``size``
  face-down cards of another seat's hand, blind (``tutor.choices.ChoosePositions``); ``whose``
  names that seat.

The options of a "choose" decision are all the ones a learner may try, legal or not: a wrong
one gets its explanation (``Game.decision_options``). Labels come from the catalog:
``<prefix>.action.<key>.<value>`` when it exists (a yes/no, a "no wish"), else
``<prefix>.action.<key>`` with the parameters ``Game.action_params`` gives.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .actions import Action, Decision, Pass, Play, action_key
from .choices import ChoosePositions
from .jsondata import fresh_json, frozen_json
from .messages import catalog, render

if TYPE_CHECKING:
    from .game import Game

#: a "choose" decision with more options than this is offered as menus (by its options' parts)
MENU_AFTER = 12


def message_prefix(game: "Game") -> str:
    """The game's message keys start with this (``ddz``, ``tichu``, ``nap``)."""
    return game.rule_prefix.lower()


def _is_card(token: str) -> bool:
    """True when ``token`` is a card of the shared notation (``../shared/rules/README.md``)."""
    from .cards import Card, CardError
    try:
        Card.parse(token)
    except CardError:
        return False
    return True


def action_label(game: "Game", action: Action, lang: str = "en") -> str:
    """The words on ``action``'s button, in ``lang``."""
    if isinstance(action, Pass):
        return render("common.action.pass", {}, lang)
    if isinstance(action, Play):
        return render("common.action.play", {"cards": [c.token for c in action.cards]}, lang)
    if isinstance(action, Decision):
        prefix = message_prefix(game)
        exact = f"{prefix}.action.{action.key}.{json.dumps(action.value)}"
        if exact in catalog(lang):
            return render(exact, {}, lang)
        return render(f"{prefix}.action.{action.key}", game.action_params(action), lang)
    return str(action)


def _option(game: "Game", action: Action, lang: str) -> dict[str, Any]:
    """One option of a "choose" decision, worked out once per game, action and language: a view
    is built after every move, and a Napoleon auction lists 41 options. The cache keeps its own
    copy; each view gets a fresh one (a caller may change what it receives, issue 13)."""
    cache: dict[Any, dict[str, Any]] = game.__dict__.setdefault("_decision_option_cache", {})
    item = cache.get((action, lang))
    if item is None:
        data = action.to_json()
        item = {"action": data, "key": action_key(game, data), "label": game.action_label(action, lang)}
        parts = game.action_parts(action, lang)
        if parts is not None:
            item["parts"] = parts
        if isinstance(action, Decision) and isinstance(action.value, str) and _is_card(action.value):
            item["card"] = action.value  # the page offers it as a card face to click (issue 14)
        cache[(action, lang)] = item = frozen_json(item)
    return fresh_json(item)


def _slot_label(game: "Game", state: Any, seat: int, to: int, lang: str) -> str:
    """The words over the slot of the card that goes to seat ``to``: its number and where it sits
    for ``seat`` ("To seat 1 (on your right)"), as the table names it (tutor/display.py)."""
    from .display import role_key
    role = role_key(game.players(state), seat, to, game.direction, game.partner(state, seat))
    if role is None:
        return render("common.decision.card_for", {"seat": to}, lang)
    return render("common.decision.card_for_role", {"seat": to, "role": render(role, {}, lang)}, lang)


def describe(game: "Game", state: Any, seat: int, lang: str = "en") -> dict[str, Any] | None:
    """The decision open to ``seat`` in turn, as the page draws it; None when it has none. A game
    may word the prompt of a phase's decision (``<prefix>.prompt.<phase>``: "choose which layout
    card the turned card takes"), sent as ``prompt``; the page says its own words otherwise."""
    out = _describe(game, state, seat, lang)
    if out is not None:
        key = f"{message_prefix(game)}.prompt.{game.phase(state)}"
        if key in catalog(lang):
            out["prompt"] = render(key, {}, lang)
    return out


def play_extras(game: "Game", state: Any, seat: int, lang: str) -> list[dict[str, Any]]:
    """The buttons beside a card play (``Game.play_extras``): an action of its own (``{action, key,
    label}``: Pon-jan's tsumo), or a declaration made with the one selected card (``{select, label}``,
    sent as ``{select: token}``: riichi with the tile to discard)."""
    out: list[dict[str, Any]] = []
    for extra in game.play_extras(state, seat):
        if isinstance(extra, str):
            out.append({"select": extra, "label": render(f"{message_prefix(game)}.decision.{extra}", {}, lang)})
        else:
            data = extra.to_json()
            out.append({"action": data, "key": action_key(game, data), "label": game.action_label(extra, lang)})
    return out


def _describe(game: "Game", state: Any, seat: int, lang: str = "en") -> dict[str, Any] | None:
    prefix = message_prefix(game)
    spec = game.decision_spec(state, seat)
    if spec is not None:
        confirm = render(f"{prefix}.decision.{spec.key}", {"count": spec.k}, lang)
        if isinstance(spec, ChoosePositions):
            return {"kind": "positions", "spec": spec.to_json(), "confirm": confirm,
                    "whose": render("common.decision.whose", {"seat": spec.seat}, lang)}
        out: dict[str, Any] = {"kind": "cards", "spec": spec.to_json(), "confirm": confirm,
                               "from": "hand" if spec.in_hand else "pool"}
        if spec.assign_to is not None:
            out["slots"] = {str(s): _slot_label(game, state, seat, s, lang) for s in spec.assign_to}
        return out
    options = game.decision_options(state, seat)
    if options is None:
        if game.to_act(state) != seat or game.round_over(state):
            return None
        own = f"{prefix}.decision.play"  # a game's word for playing the selection ("Discard selected")
        out = {"kind": "play", "pass": game.passes_in_play,
               "play": render(own if own in catalog(lang) else "common.decision.play", {}, lang),
               "pass_label": render("common.action.pass", {}, lang), "clear": render("common.decision.clear", {}, lang)}
        extras = play_extras(game, state, seat, lang)
        if extras:
            out["extras"] = extras
        return out
    if not game.legal_actions(state, seat):
        return None  # this seat has decided already (any-order decisions) or waits
    listed = [_option(game, action, lang) for action in options]
    out = {"kind": "choose", "options": listed}
    if len(listed) > MENU_AFTER and any("parts" in o for o in listed):
        phase = game.phase(state)
        out["menus"] = [render(f"{prefix}.decision.{phase}.part.{i}", {}, lang)
                        for i in range(max(len(o.get("parts", ())) for o in listed))]
        out["confirm"] = render(f"{prefix}.decision.{phase}", {}, lang)
    return out
