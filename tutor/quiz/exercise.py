"""An exercise: a position as one seat sees it, a question, options the engine has judged.

Why a value and not a page: the same exercise is written into a quiz page at build time (it
is readable before Pyodide loads), made by the worker on the page (a quiz never runs out), and
checked by the tests; so it is language-free until ``to_json(lang)`` renders its words.

Every option carries the engine's judgement (``correct``) and its reason (the verdict or event
that decided it, with rule IDs), worked out when the exercise is made: the page only shows them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..actions import Action
from ..game import Game
from ..messages import render

#: a message: its key and parameters (rendered in the page's language by ``to_json``)
Msg = tuple[str, Mapping[str, Any]]

#: how many entries of the event log an exercise's table shows (the latest ones: what led here)
LOG_SHOWN = 8


@dataclass(frozen=True)
class Option:
    """One answer offered: its words (or the action it is), whether it is right, and why."""

    label: Msg | None
    correct: bool
    why: tuple[Msg, ...] = ()
    rule_ids: tuple[str, ...] = ()
    action: Action | None = None  #: the option is this action (drawn as its cards where it has some)


@dataclass(frozen=True)
class Exercise:
    """A question about one position, seen from ``seat``: never more than that seat may see."""

    game: str
    kind: str
    seed: int
    preset: str
    state: Any
    seat: int
    question: Msg
    options: tuple[Option, ...]
    #: the rules the exercise practises (what the learner's answer says they know, or not)
    rule_ids: tuple[str, ...]
    #: the action the question is about ("Is this play allowed?", "Who takes the trick after it?")
    shows: Action | None = None
    in_turn: bool = True
    #: more than one option may be right (the learner picks all of them)
    multiple: bool = False
    #: parts of the table's display the question would be read off and so are left out: "info",
    #: "zones", "result" (the 2d6 check's table of the 36 rolls answers "how many succeed?"),
    #: "holding" (the mark on the card that holds the trick answers "who takes it?")
    hide: tuple[str, ...] = ()
    #: keys of the table view left out (before its display is drawn): Napoleon's list of who may be
    #: the adjutant answers "who may hold the called card?"
    omit: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The exercise's name: the same game, kind and seed always make it again."""
        return f"{self.game}:{self.kind}:{self.seed}"

    def correct(self) -> list[int]:
        return [i for i, o in enumerate(self.options) if o.correct]

    def to_json(self, game: Game, lang: str = "en") -> dict[str, Any]:
        log_length = len(game.events(self.state))
        view = game.view(self.state, self.seat, lang, log_since=max(0, log_length - LOG_SHOWN), omit=self.omit)
        for part in self.hide:
            if part == "holding":  # "who takes this trick?": the marker on the card holding it would say
                view["display"]["trick"]["holding"] = None
            else:
                view["display"][part] = None if part == "result" else []
        return {
            "key": self.key, "game": self.game, "kind": self.kind, "seed": self.seed, "preset": self.preset,
            "seat": self.seat, "in_turn": self.in_turn, "multiple": self.multiple,
            "view": view,
            "question": _text(self.question, lang, self.game),
            "shows": _action_json(game, self.shows, lang) if self.shows is not None else None,
            "options": [{"label": _text(o.label, lang, self.game) if o.label else game.action_label(o.action, lang),
                         **({"action": _action_json(game, o.action, lang)} if o.action is not None else {}),
                         "correct": o.correct, "why": _join([_text(m, lang, self.game) for m in o.why], lang),
                         "rule_ids": list(o.rule_ids)} for o in self.options],
            "rule_ids": list(self.rule_ids),
            "variant": variant_words(game, self.preset, self.state, lang),
        }


def _text(msg: Msg, lang: str, game: str) -> str:
    """A message in ``lang``; a ``rule`` parameter brings its title (``title``) from the game's
    rule catalog, as the rules page words it."""
    key, params = msg
    if "rule" in params:
        from ..rules import rules_by_id
        params = {**params, "title": rules_by_id(game)[params["rule"]]["title"][lang]}
    return render(key, params, lang)


def _join(texts: list[str], lang: str) -> str:
    return ("" if lang == "ja" else " ").join(t for t in texts if t)


def _action_json(game: Game, action: Action, lang: str) -> dict[str, Any]:
    """An action as the page draws it: its words, and its cards where it is a play."""
    from ..actions import Play
    out: dict[str, Any] = {"label": game.action_label(action, lang), "json": action.to_json()}
    if isinstance(action, Play):
        out["cards"] = [c.token for c in action.cards]
        if action.type is not None:
            out["declared"] = action.type  # the same cards read as another combination
    return out


def variant_words(game: Game, preset: str, state: Any, lang: str) -> list[str]:
    """The rules the exercise's hand is played under where they differ from its preset's, in words
    ("Players: 4"): the page says them beside the preset's name."""
    import dataclasses
    from ..rules import rules_by_id
    flags = getattr(state, "flags", None)
    if flags is None or not dataclasses.is_dataclass(flags):
        return []
    base = game.flags(game.presets.get(preset, {}))
    catalog = rules_by_id(game.name)
    out = []
    for f in dataclasses.fields(flags):
        value = getattr(flags, f.name)
        if value == getattr(base, f.name, value):
            continue
        entry = catalog.get(f"{game.rule_prefix}-FLAG-{f.name}")
        if entry is None:
            continue
        if isinstance(value, bool):
            words = render("quiz.variant.on" if value else "quiz.variant.off", {}, lang)
        else:
            label = entry.get("choices", {}).get(str(value))
            words = label[lang] if label else str(value)
        out.append(render("quiz.variant", {"title": entry["title"][lang], "value": words}, lang))
    return out
