"""Hints in three levels (issue 14): what to look for, the candidates, the answer with its reason.

One hint leads to one answer: the heuristic bot's choice at the practice table
(``tutor.bots.hint``), a lesson's own answer at a lesson's step (``tutor.bots.hint_for``):

1. **focus**: what matters in this position, without naming the answer: which combination is
   to be beaten and what beats it, whether suit must be followed, that a bomb may be played out
   of turn, what a bid promises... with the IDs of the rules that govern the decision (never the
   rule that only the answer would cite).
2. **candidates**: some of the options, the answer among them but never singled out: the legal
   actions of the answer's kind (capped at ``CAP``, sampled and put in an order that does not
   depend on which one is the answer), topped up with other options where that alone would
   leave the answer by itself; for a "choose k cards" decision (an exchange, a discard), the
   cards a good choice is drawn from, more than are needed. When only one action is legal,
   the hint says so.
3. **answer**: the action, the bot's (or lesson's) reason and the rule's explanation.

The generic parts live here; a game adds what only it knows through three hooks of
``tutor.game.Game``, each with a default that works for any game:

* ``hint_focus(state, seat, action, in_turn)`` -> ``Focus`` (level 1; default: a sentence per
  kind of decision, citing the decision's own rules);
* ``hint_options(state, seat, action, in_turn)`` -> the options worth weighing among many (a
  Tichu wish: the ranks not held; a Napoleon call: the strong cards), or None for all of them;
* ``hint_cards(state, seat, action)`` -> ``CardPool`` for a "choose k cards" decision.

A hint uses only what the seat may know: its own hand, the public table, and the answer.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .actions import Action, Decision, Pass, Play, action_key
from .messages import card_text, render
from .rng import derive

if TYPE_CHECKING:
    from .game import Game

#: at most this many candidates at level 2
CAP = 6
#: between two sentences (Japanese sets none)
_GAP = {"en": " ", "ja": ""}
#: the JSON of "let the chance go by" (a lesson's choice out of turn; sitebuild/lessons.py)
LET_GO = "LET_GO"


@dataclass(frozen=True)
class Focus:
    """Level 1: sentences (message key, parameters) and the rules that govern the decision."""

    parts: tuple[tuple[str, Mapping[str, Any]], ...]
    rule_ids: tuple[str, ...] = ()

    def text(self, lang: str = "en") -> str:
        return _GAP.get(lang, " ").join(render(key, params, lang) for key, params in self.parts)

    def __add__(self, other: "Focus") -> "Focus":
        rules = self.rule_ids + tuple(r for r in other.rule_ids if r not in self.rule_ids)
        return Focus(self.parts + other.parts, rules)


def focus(key: str, rules: Sequence[str] = (), **params: Any) -> Focus:
    """One sentence of level 1, with the rules it rests on."""
    return Focus(((key, params),), tuple(rules))


def join(*parts: Focus | None) -> Focus:
    """Sentences one after the other (None: left out), their rules in order, each once."""
    out = Focus(())
    for part in parts:
        if part is not None:
            out = out + part
    return out


@dataclass(frozen=True)
class CardPool:
    """Level 2 of a "choose k cards" decision: the cards a good choice is drawn from (more than
    are needed, the answer's among them) and the sentence that offers them."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    cards: tuple[str, ...] = ()


# ---------------------------------------------------------------------------- the hint
def graded_hint(game: "Game", state: Any, seat: int, action: Action | None, lang: str = "en",
                in_turn: bool = True, why: str | None = None) -> dict[str, Any]:
    """The three levels that lead to ``action`` (None: let an out-of-turn chance go by).

    ``why`` is the answer's reason (the bot's); by default the rule's own explanation.
    Returns ``{action, label, focus: {text, rule_ids}, candidates: {text, actions, cards, count,
    only}, why, rule}`` (``label``: the answer in words; ``rule``: its verdict, as ``explain`` gives it).
    """
    in_turn = in_turn and action is not None  # letting a chance go is a choice out of turn
    # an announced action (a Shengji throw) is judged only once announced: the hint says what
    # the seat may know of it beforehand (Game.announcement), never whether it will stand
    verdict = (game.decline(state, seat) if action is None
               else game.announcement(state, action, seat, in_turn) or game.explain(state, action, seat, in_turn=in_turn))
    level1 = game.hint_focus(state, seat, action, in_turn) or default_focus(game, state, seat, action, in_turn)
    return {
        "action": game.action_to_json(action) if action is not None else None,
        "label": game.action_label(action, lang) if isinstance(action, Decision) else option_label(game, action, lang),
        "focus": {"text": level1.text(lang), "rule_ids": list(level1.rule_ids)},
        "candidates": candidates(game, state, seat, action, lang, in_turn),
        "why": why if why is not None else verdict.text(lang),
        "rule": verdict.to_json(lang),
    }


# ---------------------------------------------------------------------------- level 1
def default_focus(game: "Game", state: Any, seat: int, action: Action | None, in_turn: bool) -> Focus:
    """A game without its own ``hint_focus``: one sentence per kind of decision."""
    if action is None or not in_turn:
        window = game.window(state)
        return focus("hint.focus.window", window.rule_ids if window is not None else ())
    spec = game.decision_spec(state, seat)
    if spec is not None:
        return focus("hint.focus.choose_cards", spec.rule_ids, count=spec.k)
    rules = game.explain(state, action, seat).rule_ids[:1]  # the decision's own rule comes first
    if isinstance(action, Decision):
        return focus("hint.focus.decide", rules)
    leading = not any(entry.get("cards") for entry in game.trick_entries(state))
    return focus("hint.focus.lead" if leading else "hint.focus.follow", rules)


# ---------------------------------------------------------------------------- level 2
def option_label(game: "Game", action: Action | None, lang: str = "en") -> str:
    """How level 2 names one option: a play by its cards, anything else by its button's words."""
    if action is None:
        return render("hint.option.let_go", {}, lang)
    if isinstance(action, Play):
        return " ".join(card_text(c.token, lang) for c in action.cards)
    if isinstance(action, Decision):
        params = game.action_params(action)
        if set(params) == {"cards"}:  # a card named for something (Napoleon's adjutant): the card
            return " ".join(card_text(str(t), lang) for t in params["cards"])
    return game.action_label(action, lang)


def _shape(action: Action | None) -> Any:
    """What two options of the same kind share, cheaply: a play's size, a decision's key."""
    if action is None:
        return "let_go"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Play):
        return ("play", len(action.cards))
    return ("decision", getattr(action, "key", ""))


def _same_kind(game: "Game", state: Any, seat: int, action: Action | None, pool: Sequence[Action | None],
               in_turn: bool) -> list[Action | None]:
    """The options of ``pool`` of the answer's kind: a play of the same combination and size (a
    pair for a pair, a 5-card straight for one), a decision of the same key, the answer left out."""
    shape = _shape(action)
    same = [a for a in pool if a != action and _shape(a) == shape]
    classify = getattr(game, "play_type", None)
    if isinstance(action, Play) and classify is not None and in_turn:
        kind = action.type or classify(state, seat, action)
        same = [a for a in same if (a.type or classify(state, seat, a)) == kind]  # type: ignore[union-attr]
    return same


def _rng(game: "Game", keys: Sequence[str]) -> Any:
    """A stream fixed by the options alone (the same position, the same candidates, whoever asks;
    nothing of which option is the answer)."""
    return derive(0, "hint", game.name, *sorted(keys))


def options(game: "Game", state: Any, seat: int, in_turn: bool = True) -> list[Action | None]:
    """Every option open to ``seat``: the legal actions, side declarations, and (out of turn)
    letting the chance go by (None)."""
    # as the seat may know them: a Shengji leader sees every throw it may announce, not which
    # of them the hidden hands let stand (SJ-THROW-2)
    public = game.public_legal(state, seat, in_turn=in_turn)
    short = game.short_options(state, seat, in_turn=in_turn) if public is None else None
    if short is not None:  # hundreds of thousands (two-deck Shengji, void in a tractor's suit): a short list
        public = short[0]
    listed: list[Action | None] = list(public if public is not None else game.legal_actions(state, seat, in_turn=in_turn))
    if in_turn:  # (not the declarations made with any selected cards: one per card, never the point)
        listed += [a for a in game.side_actions(state, seat)
                   if a not in listed and getattr(a, "key", None) not in game.side_by_selection]
    else:
        listed.append(None)
    return listed


def candidates(game: "Game", state: Any, seat: int, action: Action | None, lang: str = "en",
               in_turn: bool = True) -> dict[str, Any]:
    """Level 2: ``{text, actions, cards, count, only}``: the candidate actions (JSON; "LET_GO" for
    letting a chance go), the cards of the hand they use (tokens, for the page to mark), how many
    options there are in all, and whether the answer is the only one."""
    spec = game.decision_spec(state, seat) if in_turn and action is not None else None
    if spec is not None and spec.contains(action):
        count = spec.count()
        if count == 1:
            return _only(game, [action], lang)
        pool = game.hint_cards(state, seat, action) or _default_pool(game, spec, action)
        return {"text": render(pool.key, pool.params, lang), "actions": [], "cards": list(pool.cards),
                "count": count, "only": False}
    every = options(game, state, seat, in_turn)
    short = game.short_options(state, seat, in_turn=in_turn)
    total = short[1] if short is not None else len(every)  # how many options there are in all
    label = _window_labeller(game, state, seat, lang) if not in_turn else None
    # the answer as the list holds it (a throw's cards may come in another order)
    same_key = next((a for a in every if a is not None and action is not None and _key(game, a) == _key(game, action)), None)
    if same_key is not None:
        action = same_key
    elif action not in every:
        every.append(action)  # a lesson's answer is legal: this only guards against a stale list
    if total == 1:
        return _only(game, every, lang, label)
    narrowed = game.hint_options(state, seat, action, in_turn)
    pool = [a for a in every if a in narrowed] if narrowed is not None else list(every)
    if action not in pool:
        pool.append(action)
    keys = [_key(game, a) for a in every]
    rng = _rng(game, keys)
    sampled = len(pool) > CAP
    if sampled:
        same = _same_kind(game, state, seat, action, pool, in_turn)
        rng.shuffle(same)
        chosen = [action] + same[:CAP - 1]
    else:
        chosen = list(pool)
    if len(chosen) < 2:  # a real choice must not look like none: add other options
        others = [a for a in every if a not in chosen]
        rng.shuffle(others)
        chosen += others[:CAP - len(chosen)]
        sampled = True
    if sampled or any(isinstance(a, Play) for a in chosen):
        rng.shuffle(chosen)  # an order that says nothing of which one is the answer
    else:
        chosen.sort(key=every.index)  # a short list of decisions keeps its own order (bids 1, 2, 3)
    labels = [label(a) if label else option_label(game, a, lang) for a in chosen]
    if len(chosen) == total:
        key = "hint.options.all"
    elif narrowed is not None and not sampled and len(chosen) == len(pool):
        # the game's own short list (a joker weighed once, not once per card it may stand for): its
        # count of every legal option would say "36" next to four names
        key = "hint.options.worth"
    else:
        key = "hint.options.some"
    text = render(key, {"options": labels, "count": total}, lang)
    return {"text": text, "actions": [_json(game, a) for a in chosen], "cards": _cards_of(chosen),
            "count": total, "only": False}


def _window_labeller(game: "Game", state: Any, seat: int, lang: str) -> Any:
    """Out of turn, level 2 names the options as the window's buttons do (``window_words``:
    "Expose 2♠", "Not now"), not in the words of a turn's options."""
    window = game.window(state)
    if window is None:
        return None
    actions = game.legal_actions(state, seat, in_turn=False)
    words = game.window_words(window.kind, actions, lang)
    by_key = {_key(game, a): text for a, text in zip(actions, words["labels"])}
    return lambda a: words["decline"] if a is None else by_key.get(_key(game, a)) or option_label(game, a, lang)


def _only(game: "Game", chosen: list[Action | None], lang: str, label: Any = None) -> dict[str, Any]:
    labels = [label(a) if label else option_label(game, a, lang) for a in chosen]
    return {"text": render("hint.options.only", {"options": labels}, lang),
            "actions": [_json(game, a) for a in chosen], "cards": _cards_of(chosen), "count": 1, "only": True}


def _json(game: "Game", action: Action | None) -> Any:
    return LET_GO if action is None else game.action_to_json(action)


def _key(game: "Game", action: Action | None) -> str:
    return LET_GO if action is None else action_key(game, game.action_to_json(action))


def _cards_of(chosen: Sequence[Action | None]) -> list[str]:
    """The hand's cards the candidate plays use, each token once, in the order first met."""
    seen: dict[str, None] = {}
    for a in chosen:
        if isinstance(a, Play):
            for c in a.cards:
                seen.setdefault(c.physical.token, None)
    return list(seen)


def answer_cards(action: Action) -> list[str]:
    """The card tokens a "choose k cards" answer names (a set, or one card per seat)."""
    value = getattr(action, "value", None)
    if isinstance(value, tuple) and value and all(isinstance(p, tuple) and len(p) == 2 for p in value):
        return [str(card) for _, card in value]
    if isinstance(value, (tuple, list)):
        return [str(card) for card in value]
    return []


def _default_pool(game: "Game", spec: Any, action: Action) -> CardPool:
    """A game without ``hint_cards``: the answer's cards and as many others of the pool, in the
    pool's order (the answer's never singled out)."""
    if not hasattr(spec, "pool"):  # blind positions (tutor.choices.ChoosePositions): any will do
        return CardPool("hint.options.blind", {"count": spec.k}, ())
    chosen = answer_cards(action)
    tokens = [c.token for c in spec.pool]
    rest = [t for t in dict.fromkeys(tokens) if t not in chosen]
    _rng(game, tokens).shuffle(rest)
    picked = set(chosen) | set(rest[:len(chosen)])
    return CardPool("hint.options.cards", {"cards": [t for t in dict.fromkeys(tokens) if t in picked],
                                           "count": spec.k}, tuple(t for t in dict.fromkeys(tokens) if t in picked))


def pool_in_hand_order(hand: Sequence[Any], tokens: Sequence[str]) -> list[str]:
    """``tokens`` in the order the hand holds them (so the order says nothing of the answer)."""
    wanted = set(tokens)
    return [c.token for c in hand if c.token in wanted]
