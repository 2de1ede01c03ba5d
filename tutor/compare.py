"""One position under two sets of rules, side by side (issue 23).

A learner on a lesson step, a quiz question or a practice position switches one flag (or, in
Daifugo, the preset) and sees the same position under the other rule beside it: which moves are
legal under each, what the engine says of the move in focus under each, and what each legal move
leads to where the two rules part. Where the rule makes no difference here, the comparison says so;
where the other rule cannot hold this position at all, it says why instead of showing one.

*The same position* is the same state with its flags replaced (``with_rules``): the cards where
they lie, the turn, the trick, the bids. Two things stop that:

* the table itself differs: a flag the deal is made of (``Game.table_flags``: the player count,
  the decks, the jokers, Pon-jan's tiles) has another value under the other rule: a position of
  three players is no position of a four-player game;
* something in the position exists only under the rule switched off (``Game.rules_conflict``: a
  Daifugo revolution in force when the other rule has no revolution, Tichu's exchange under
  "no exchange"), or the other rule cannot be read at all (its flags refuse the combination).

Nothing here tells what the learner may not see: the legal moves are the seat's own, the outcomes
are those of the seat's own moves, and a move whose verdict depends on hidden cards (a Shengji
throw, ``Game.announcement``) is compared only by its verdict, never by what it leads to.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from .actions import Action
from .errors import FlagError, TutorError, error_text
from .game import Game, IllegalAction, Verdict, refused
from .messages import render

#: a flag with more values than this offers those the presets use and the neighbours of its own
MAX_VALUES = 6
#: the most legal moves listed per side (a Shengji follow when void may have thousands)
MAX_LISTED = 60
#: the most legal moves played out under both rules to find where they lead apart
MAX_PLAYED = 40
#: the most legal moves compared at all (beyond it: the counts and the move in focus only)
MAX_COMPARED = 3000


class CannotHold(Exception):
    """The other rule cannot hold this position: ``verdict`` says why, with its rule IDs (no
    error of the request: ``compare`` answers with the verdict)."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(verdict.key)


def current_values(flags: Any) -> dict[str, Any]:
    """A flags object as ``{name: value}``."""
    return {f.name: getattr(flags, f.name) for f in dataclasses.fields(flags)}


def changes(game: Game, state: Any) -> dict[str, Any]:
    """What the page offers to switch in ``state``: each flag's other values (a number without
    listed values: those the presets use) and the presets whose rules differ from these, with
    the values in force. A flag without a say under the rules in force (``needs`` unmet), and a
    game's ``fixed_flags`` machinery, are left out; so is a flag that only names a preset."""
    from .flags import describe_flags
    values = current_values(state.flags)
    offered = []
    for info in describe_flags(type(state.flags)):
        name, now = info["name"], values[info["name"]]
        if name == "preset" or name in game.fixed_flags or name in game.deal_flags:
            continue
        if any(values.get(other) not in allowed for other, allowed in (info.get("needs") or {}).items()):
            continue
        used = {p[name] for p in game.presets.values() if name in p} | {info["default"]}
        if isinstance(now, bool):
            others = [not now]
        elif info["choices"]:
            others = [v for v in info["choices"] if v != now]
            if name not in game.table_flags and len(others) > MAX_VALUES:  # a long range (the lowest bid, a level): the values near
                near = used | {c for i, c in enumerate(info["choices"]) if abs(info["choices"].index(now) - i) == 1}
                others = [v for v in others if v in near]
        else:
            others = sorted(used - {now})
        for value in others:
            try:  # a value the other flags refuse alongside those in force is not offered
                other_flags(game, state, {"flag": name, "value": value})
            except CannotHold:
                continue
            offered.append({"flag": name, "value": value})
            if name in game.table_flags:  # another table holds no position of this one: one says so
                break
    presets = []
    for name in game.playable_presets():
        try:
            flags = other_flags(game, state, {"preset": name})
        except (CannotHold, TutorError):
            presets.append(name)  # offered: the comparison says why it cannot hold
            continue
        if flags != state.flags:
            presets.append(name)
    return {"flags": offered, "presets": presets if len(game.playable_presets()) > 1 else [], "values": values}


def other_flags(game: Game, state: Any, change: Mapping[str, Any]) -> Any:
    """The flags of ``state`` with ``change`` made: ``{"flag": name, "value": v}``, or
    ``{"preset": name}`` (the preset's values, the player count kept from the position).
    A combination the flags refuse raises ``CannotHold`` with the flags' own reason."""
    values = current_values(state.flags)
    if "preset" in change:
        preset = change["preset"]
        if preset not in game.presets:
            raise FlagError("change.preset", "error.one_of", choices=[f"\"{p}\"" for p in game.presets],
                            got=str(preset)[:60])
        # the seats stay (a preset seldom names them); its cards are the preset's own, so the
        # cut-in game's two decks are no position of the ordinary game's one
        data = {**({"players": values["players"]} if "players" in values else {}), **game.presets[preset]}
        if "preset" in values:  # a game whose flags start from a preset's column (Daifugo)
            data["preset"] = game.presets[preset].get("preset", preset)
    else:
        name = change.get("flag")
        if name not in values:
            raise FlagError("change.flag", "error.flag.unknown", name=str(name)[:60], known=sorted(values))
        data = {**values, name: change.get("value")}
    try:
        return game.flags(data, "change")
    except FlagError as exc:
        if exc.key in _BAD_VALUE:  # a value the flag never takes: a bad request, not a rule
            raise
        raise CannotHold(refused("compare.flags_refuse", (), why=error_text(exc, "en"), why_ja=error_text(exc, "ja"))) from None


#: the flags' refusals of a value itself (the rest refuse a combination: a rule that needs another)
_BAD_VALUE = {"error.expected", "error.flag.unknown", "error.expected_number", "error.expected_at_least",
              "error.expected_at_most", "error.expected_value", "error.one_of"}


def with_rules(game: Game, state: Any, flags: Any) -> Any:
    """``state`` under ``flags``: the same position, or ``CannotHold`` saying why there is none."""
    for name in game.table_flags:
        here, there = getattr(state.flags, name, None), getattr(flags, name, None)
        if here != there:
            rule = _flag_rule(flags, name)
            raise CannotHold(refused(f"compare.table.{name}" if name in _TABLE_KEYS else "compare.table",
                                     (rule,) if rule else (), flag=name, here=here, there=there))
    conflict = game.rules_conflict(state, flags)
    if conflict is not None:
        raise CannotHold(conflict)
    return game.with_flags(state, flags)


_TABLE_KEYS = ("players", "decks", "jokers")


def _flag_rule(flags: Any, name: str) -> str | None:
    for f in dataclasses.fields(flags):
        if f.name == name:
            return f.metadata.get("rule")
    return None


def _label(game: Game, action: Action, lang: str) -> str:
    return game.action_label(action, lang)


def _legal(game: Game, state: Any, seat: int, in_turn: bool) -> tuple[list[Action], int | None, bool]:
    """The seat's legal moves, their count, and whether the list is all of them. A choice of
    cards (``Game.decision_spec``: the kitty to bury, the cards to pass) is no list to set side
    by side (Shengji's bury has 18,564 ways): nothing is listed and the count is None."""
    if game.decision_spec(state, seat, in_turn) is not None:
        return [], None, False
    short = game.short_options(state, seat, in_turn)
    if short is not None:
        listed, count = short
        return list(listed), count, False
    actions = game.legal_actions(state, seat, in_turn)
    return actions, len(actions), True


def _outcome(game: Game, state: Any, action: Action, seat: int, in_turn: bool) -> tuple[tuple[Any, ...], list[Any]]:
    """What ``action`` leads to: the events it writes (the window after it closed untaken), as
    comparable keys and as the events themselves."""
    from .windows import submit
    before = len(game.events(state))
    after, _ = submit(game, state, action, seat, in_turn)
    after = game.close_window(after)
    events = list(game.events(after)[before:])
    return tuple((e.key, tuple(sorted((k, repr(v)) for k, v in e.params.items()))) for e in events), events


def compare(game: Game, state: Any, seat: int, change: Mapping[str, Any], lang: str = "en",
            focus: Action | None = None, in_turn: bool = True) -> dict[str, Any]:
    """The comparison the page shows (module docstring). ``focus``: the move the learner is
    looking at (a lesson's answer, a quiz's move, the selection on the practice table)."""
    try:
        flags = other_flags(game, state, change)
    except CannotHold as exc:
        return {"changed": [], "cannot": _verdict_json(exc.verdict, lang)}
    changed = sorted(name for name, value in current_values(flags).items() if getattr(state.flags, name) != value)
    out: dict[str, Any] = {"changed": changed}
    if not changed:
        out["same_rules"] = True
        return out
    try:
        other = with_rules(game, state, flags)
    except CannotHold as exc:
        out["cannot"] = _verdict_json(exc.verdict, lang)
        return out
    mine, mine_count, mine_all = _legal(game, state, seat, in_turn)
    theirs, theirs_count, theirs_all = _legal(game, other, seat, in_turn)
    out["this"] = {"count": mine_count}
    out["other"] = {"count": theirs_count}
    keys_mine = {game.normalize_action(game.action_to_json(a)): a for a in mine}
    keys_theirs = {game.normalize_action(game.action_to_json(a)): a for a in theirs}
    complete = mine_all and theirs_all and max(len(mine), len(theirs)) <= MAX_COMPARED
    if complete:
        lost = [a for k, a in keys_mine.items() if k not in keys_theirs]
        gained = [a for k, a in keys_theirs.items() if k not in keys_mine]
        out["lost"] = [_label(game, a, lang) for a in lost[:MAX_LISTED]]
        out["gained"] = [_label(game, a, lang) for a in gained[:MAX_LISTED]]
        out["lost_count"], out["gained_count"] = len(lost), len(gained)
    else:  # too many to list both ways: the counts say whether they differ, the focus says more
        out["lost"], out["gained"] = [], []
        out["lost_count"] = out["gained_count"] = None
    out["this"]["legal"] = [_label(game, a, lang) for a in mine[:MAX_LISTED]]
    out["other"]["legal"] = [_label(game, a, lang) for a in theirs[:MAX_LISTED]]
    # the move in focus, judged under each rule
    if focus is not None:
        verdicts = [game.explain(s, focus, seat, in_turn=in_turn) for s in (state, other)]
        out["focus"] = {"label": _label(game, focus, lang),
                        "this": _verdict_json(verdicts[0], lang), "other": _verdict_json(verdicts[1], lang),
                        "differs": _verdict_key(verdicts[0]) != _verdict_key(verdicts[1])}
    # where the moves legal under both lead apart
    both = [a for k, a in keys_mine.items() if k in keys_theirs] if complete else \
        ([focus] if focus is not None and game.explain(state, focus, seat, in_turn=in_turn).legal
         and game.explain(other, focus, seat, in_turn=in_turn).legal else [])
    if focus is not None and focus in both:  # the focus first
        both.remove(focus)
        both.insert(0, focus)
    apart = []
    for action in both[:MAX_PLAYED]:
        if game.announcement(state, action, seat, in_turn) is not None:
            continue  # its outcome hangs on hidden cards
        try:
            keys_a, events_a = _outcome(game, state, action, seat, in_turn)
            keys_b, events_b = _outcome(game, other, action, seat, in_turn)
        except (IllegalAction, TutorError):
            continue
        if keys_a != keys_b:
            apart.append({"label": _label(game, action, lang),
                          "this": [render(e.key, e.params, lang) for e in events_a],
                          "other": [render(e.key, e.params, lang) for e in events_b]})
    out["apart"] = apart
    out["apart_checked"] = min(len(both), MAX_PLAYED)
    out["same"] = (complete and not out["lost"] and not out["gained"] and not apart
                   and not (out.get("focus") or {}).get("differs"))
    if not complete and mine_count == theirs_count and not apart and not (out.get("focus") or {}).get("differs"):
        out["same"] = None  # too many moves to be sure: the page says what was compared
    out["chosen"] = mine_count is None  # a choice of cards: the move in focus is what is compared
    return out


def _verdict_key(verdict: Verdict) -> tuple[Any, ...]:
    """What the learner reads of a verdict: allowed or not, and its words (a rule ID cited
    differently behind the same sentence is no change on screen)."""
    return (verdict.legal, verdict.text("en"))


def _verdict_json(verdict: Verdict, lang: str) -> dict[str, Any]:
    params = dict(verdict.params)
    if verdict.key == "compare.flags_refuse":  # the flags' own reason, already in words
        return {"legal": False, "rule_ids": list(verdict.rule_ids), "text": render(
            verdict.key, {"why": params["why_ja" if lang == "ja" else "why"]}, lang)}
    return {"legal": verdict.legal, "rule_ids": list(verdict.rule_ids), "text": verdict.text(lang)}
