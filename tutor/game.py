"""The protocol every game implements (the list of games is ``tutor.registry``).

A game is a state machine over its own list of phases. States are immutable values:
``apply`` returns a new state and never touches its input, so a rejected action leaves
everything as it was and undo is just keeping the old state. The acting seat is always an
argument, so actions out of turn (Tichu bombs, Daifugo cut-ins, Shengji exposures) use the
same calls as regular ones with ``in_turn=False``.
"""
from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .actions import Action, Play, action_key, parse_action
from .errors import TutorError
from .jsondata import fresh_json, frozen_json
from .messages import render

if TYPE_CHECKING:
    from .hints import CardPool, Focus
    from .windows import Window


def from_session(name: str) -> Any:
    """A read-only state property that reads the session's field ``name`` (a session fact is
    stored once, in ``state.session``, and read through the state where the rules need it)."""
    return property(lambda self: getattr(self.session, name), doc=f"``session.{name}``")


@dataclass(frozen=True)
class Verdict:
    """Whether one action is legal, why (rule IDs), and the message that says so."""

    legal: bool
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    rule_ids: tuple[str, ...] = ()
    #: further sentences, each ``(key, params)``: what the action leads to (who wins the trick so far)
    more: tuple[tuple[str, Mapping[str, Any]], ...] = ()

    def text(self, lang: str = "en") -> str:
        # Japanese sentences follow one another without a space (each ends in 。)
        return ("" if lang == "ja" else " ").join([render(self.key, self.params, lang)] +
                                                 [render(k, p, lang) for k, p in self.more])

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {"legal": self.legal, "rule_ids": list(self.rule_ids), "key": self.key,
                "params": dict(self.params), "text": self.text(lang)}


@dataclass(frozen=True)
class Event:
    """One entry of the event log: what happened, as a message key with parameters.

    A state keeps its log, and a view hands the log out: so an event holds its parameters
    frozen (lists as tuples, its own copy of every object) and ``to_json`` gives fresh lists
    and objects, which a caller may change without touching any stored state (issue 13)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    rule_ids: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", {k: frozen_json(v) if isinstance(v, (list, tuple, dict)) else v
                                            for k, v in self.params.items()})
        object.__setattr__(self, "rule_ids", tuple(self.rule_ids))
        # whether any parameter is a list or an object (then a view needs its own copy of it)
        object.__setattr__(self, "_nested", any(isinstance(v, (tuple, dict)) for v in self.params.values()))
        object.__setattr__(self, "_texts", {})  # its text per language, rendered once

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """A fresh JSON object each call (a view's log may be changed by whoever receives it)."""
        text = self._texts.get(lang)  # type: ignore[attr-defined]
        if text is None:
            text = self._texts[lang] = render(self.key, self.params, lang)  # type: ignore[attr-defined]
        params = ({k: fresh_json(v) if isinstance(v, (tuple, dict)) else v for k, v in self.params.items()}
                  if self._nested else dict(self.params))  # type: ignore[attr-defined]
        return {"key": self.key, "params": params, "rule_ids": list(self.rule_ids), "text": text}


def event(key: str, rules: tuple[str, ...] = (), **params: Any) -> Event:
    """One log entry: what happened (``key`` with ``params``), by which rules."""
    return Event(key, params, rules)


def allowed(key: str, rules: tuple[str, ...], **params: Any) -> Verdict:
    """A verdict that lets the action stand, and says why."""
    return Verdict(True, key, params, rules)


def refused(key: str, rules: tuple[str, ...], **params: Any) -> Verdict:
    """A verdict that refuses the action, and says why."""
    return Verdict(False, key, params, rules)


def evolve(state: Any, **changes: Any) -> Any:
    """``dataclasses.replace`` for a frozen state without ``__post_init__``, several times faster:
    a game applies a move through a handful of these, and whole games in the browser's worker and
    in the property tests make hundreds of thousands. An unknown field name is an error, as there."""
    fields = type(state).__dataclass_fields__
    for name in changes:
        if name not in fields:
            raise TypeError(f"{type(state).__name__} has no field {name!r}")
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def replaced_at(items: tuple, i: int, value: Any) -> tuple:
    """``items`` with entry ``i`` replaced (states are immutable: a seat's hand, points, voids)."""
    return items[:i] + (value,) + items[i + 1:]


class IllegalAction(ValueError):
    """Raised by ``apply`` for an illegal action; carries the verdict that explains it."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(f"{verdict.text('en')} [{', '.join(verdict.rule_ids)}]")


class Game(abc.ABC):
    """Base class: one subclass per game under ``tutor/games/``.

    Subclasses set the class facts (``name``, ``phases``, ``Flags``…) and implement the
    hooks. The page, the CLI, the golden runner and the bots use only these methods.
    """

    name: str = ""
    title: Mapping[str, str] = {}
    phases: tuple[str, ...] = ()
    Flags: type = object
    rule_prefix: str = ""
    suits_matter: bool = True  # False: plays of the same ranks are the same action (Dou Dizhu)
    #: whether its pieces have suits to colour (the page's "four-colour suits" toggle); tiles and
    #: dice have none
    suit_colours: bool = True
    #: The physical direction of play, as each spec states it (rules/README.md §2: seats are numbered
    #: in turn order, and the direction changes no rule). It only places the seats on the page: when
    #: play goes counter-clockwise the seat after yours sits on your right, when clockwise on your left.
    direction: str = "counterclockwise"
    #: The preset a new game starts from when none is named (the bridge's ``new``, the CLI, the
    #: practice page). None: the seed's defaults. A game whose seed variant is not built yet names
    #: the preset it does teach (Daifugo: ``base`` until the cut-in game lands); scenarios and golden
    #: cases still default to the seed, so the runner reports those cases as not built yet.
    default_preset: str | None = None
    #: Flags the practice form does not offer (a game's own machinery, or rules not built yet):
    #: they keep the value of the chosen preset.
    fixed_flags: tuple[str, ...] = ()

    def partner(self, state: Any, seat: int) -> int | None:
        """The seat's fixed partner (four-player partnership games: Tichu, Shengji), else None.
        Teams that form during a hand (a landlord's peasants, Napoleon's secret adjutant) are no
        partners here: the page names seats by where they sit, and badges say the rest."""
        return None

    # --- building states -------------------------------------------------------------
    def flags(self, data: Mapping[str, Any] | None = None, path: str = "flags") -> Any:
        from .flags import parse_flags
        return parse_flags(self.Flags, data, path)

    def default_flags(self, overrides: Mapping[str, Any] | None = None) -> Any:
        """The flags of a new game when no preset is named: ``default_preset``'s, then ``overrides``."""
        from .flags import resolve_flags
        return resolve_flags(self, None, overrides)

    def playable_presets(self) -> dict[str, dict[str, Any]]:
        """The presets this tutor can play now (``default_preset`` first): every preset whose values
        ``flags`` accepts (a preset of rules not built yet is left out)."""
        from .errors import NotBuiltYet
        out: dict[str, dict[str, Any]] = {}
        names = list(self.presets)
        if self.default_preset in names:
            names.remove(self.default_preset)
            names.insert(0, self.default_preset)
        for name in names:
            try:
                self.flags(self.presets[name])
            except NotBuiltYet:
                continue
            out[name] = self.presets[name]
        return out

    @property
    def presets(self) -> dict[str, dict[str, Any]]:
        """Named sets of flag values, ``"seed"`` (the defaults) first: the ``presets`` of ``Flags``
        (tutor/flags.py), checked by ``parse_flags`` when the game registers."""
        from .flags import presets_of
        return presets_of(self.Flags)

    @abc.abstractmethod
    def new_game(self, flags: Any, seed: int | str) -> Any:
        """A fresh game, dealt from ``seed`` (same seed, same deal, on every Python)."""
        ...

    @abc.abstractmethod
    def from_setup(self, setup: Mapping[str, Any], path: str = "setup") -> Any:
        """A state from a golden-case / scenario setup (rules/README.md §4.2)."""
        ...

    # --- the rules -------------------------------------------------------------------
    @abc.abstractmethod
    def to_act(self, state: Any) -> int | None:
        ...

    def phase(self, state: Any) -> str:
        return state.phase

    @abc.abstractmethod
    def legal_actions(self, state: Any, seat: int | None = None, in_turn: bool = True) -> list[Action]:
        ...

    def has_legal(self, state: Any, seat: int | None = None, in_turn: bool = True) -> bool:
        """Whether ``seat`` has any legal action: ``legal_actions`` is not empty. A game whose
        lists grow long answers without building one (two-deck Shengji: a void follower of a
        tractor has thousands of plays, and a bot only needs to know it has one). A "choose k
        cards" decision is counted, not listed (two-deck Shengji's bury: 13,884,156 choices)."""
        spec = self.decision_spec(state, seat, in_turn=in_turn) if seat is not None else None
        if spec is not None:
            return spec.count() > 0
        return bool(self.legal_actions(state, seat, in_turn=in_turn))

    def short_options(self, state: Any, seat: int | None, in_turn: bool = True) -> tuple[list[Action], int] | None:
        """Where ``seat``'s legal list would run to hundreds of thousands of actions: a short list
        of legal ones worth weighing and the count of all of them (the hint names a few and says
        how many there are; the bridge sends these and the count, and judges any selection the
        learner makes). None (the default): the list is short enough to build."""
        return None

    def legal_sample(self, state: Any, seat: int | None, rng: Any, in_turn: bool = True) -> list[Action]:
        """The legal actions, or, where a game's list would run to hundreds of thousands (a
        two-deck Shengji follower void in a long tractor's suit), one of them drawn at random by
        the game: what a random bot and a random test need without listing every one. Default:
        ``legal_actions``."""
        return self.legal_actions(state, seat, in_turn=in_turn)

    def legal_for_cards(self, state: Any, cards: Sequence[Any], seat: int | None = None,
                        in_turn: bool = True) -> list[Action]:
        """The legal plays made of exactly these physical cards (``cards``: ``Card``s, a wild card
        undeclared), each with its wild-card declarations: what a page asks when the learner
        selects a joker or the Phoenix among other cards and must say what it stands for.

        A hand with two jokers can make thousands of plays, most of them a joker standing for
        some card; the page asks for the few readings of the cards selected instead of listing
        every one at each decision. This default filters ``legal_actions``; a game whose lists
        grow that long answers directly (Daifugo)."""
        want = sorted(c.physical.token for c in cards)
        return [a for a in self.legal_actions(state, seat, in_turn=in_turn)
                if isinstance(a, Play) and sorted(c.physical.token for c in a.cards) == want]

    @abc.abstractmethod
    def explain(self, state: Any, action: Action, seat: int | None = None, in_turn: bool = True) -> Verdict:
        ...

    @abc.abstractmethod
    def apply(self, state: Any, action: Action, seat: int | None = None, in_turn: bool = True) -> Any:
        """The state after ``action``; raises ``IllegalAction`` (input untouched) if illegal."""
        ...

    def acting_seat(self, state: Any, action: Action, seat: int | None, in_turn: bool = True) -> int:
        """The opening of ``apply``: the seat acting (the one to act when not given), once
        ``explain`` finds the action legal; ``IllegalAction`` with the verdict otherwise."""
        if seat is None:
            seat = self.to_act(state)
        verdict = self.explain(state, action, seat, in_turn)
        if not verdict.legal:
            raise IllegalAction(verdict)
        assert isinstance(seat, int)
        return seat

    # --- out-of-turn windows (tutor/windows.py resolves them for every caller) ----------
    def window(self, state: Any) -> "Window | None":
        """The window open now: which seats may act out of turn, in the rule's order; None if none.

        Games with actions out of turn (Tichu bombs, Daifugo cut-ins, Shengji exposures,
        Pon-jan calls) override it; the others never open one.
        """
        return None

    def close_window(self, state: Any) -> Any:
        """Nobody takes the open window: close it and run the automatic steps that follow."""
        return state

    def settle(self, state: Any) -> Any:
        """The older name of ``close_window`` (the golden runner and the CLI settle positions)."""
        return self.close_window(state)

    # --- the session: what lasts across hands ---------------------------------------
    # A hand (a round, a "game" of Napoleon) is dealt, played and scored; what outlives it
    # (the running scores and the target, the hand number, whose deal it is and who bids
    # first next) belongs to the session. Games keep those facts in a small frozen
    # ``Session`` value apart from the hand's fields (``state.session``), so a hand never
    # holds a session fact twice, a scenario can set them in one place, and the next hand is
    # dealt from the session alone (``next_hand``) rather than by resetting a hand's fields.
    def session(self, state: Any) -> Mapping[str, Any]:
        """What lasts across hands, JSON-ready: ``hand_no``, ``scores`` (running totals, or None),
        ``target`` (the score that ends the game, or None), ``dealer`` / ``next_dealer`` and
        ``next_first_bidder`` (None where the next deal decides it), ``game_over`` and ``winner``.

        The default suits a game without a session: hand 1, no scores, never over."""
        return {"hand_no": 1, "scores": None, "target": None, "dealer": None, "next_dealer": None,
                "next_first_bidder": None, "game_over": self.game_over(state), "winner": None}

    def game_over(self, state: Any) -> bool:
        """Whether the session has ended (a target score reached). False by default: a game
        without a target never ends by itself; the players stop when they like."""
        return False

    def next_hand(self, state: Any) -> Any:
        """The next hand, dealt from the session once this hand is scored; ``state`` itself while
        the hand is still in play or the game is over (so callers need not check first)."""
        return state

    def advance(self, state: Any) -> Any:
        """The older name of ``next_hand`` (kept for callers: the terminal, tests, the bridge's
        ``advance`` op). Games override ``next_hand``, never this."""
        return self.next_hand(state)

    def view(self, state: Any, seat: int | None, lang: str = "en", log_since: int = 0,
             omit: tuple[str, ...] = ()) -> dict[str, Any]:
        """What ``seat`` may see, JSON-ready (``None``: a spectator, no hand shown): the game's
        ``table_view`` plus the event log from entry ``log_since`` on.

        The log only grows along a game (undo goes back to a prefix of it), so a page that holds
        the first ``n`` entries asks for ``log_since=n`` and receives the new ones, not the
        whole log with every view (a Tichu log runs to hundreds of entries over a game).
        ``log_from`` says where the entries sent start, ``log_length`` how long the log is: a
        page whose copy is longer (after an undo) cuts it to ``log_length``."""
        from .display import build
        out = self.table_view(state, seat, lang)
        for key in omit:  # a quiz leaves out what its question would be read off (tutor/quiz/exercise.py)
            out.pop(key, None)
        out["display"] = build(self, state, seat, out, lang)
        log = self.events(state)
        since = min(max(0, log_since), len(log)) if isinstance(log_since, int) and not isinstance(log_since, bool) else 0
        out["log"] = [e.to_json(lang) for e in log[since:]]
        out["log_from"] = since
        out["log_length"] = len(log)
        return out

    @abc.abstractmethod
    def table_view(self, state: Any, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """The table as ``seat`` sees it (its hand, the others' counts, the trick, what is public),
        JSON-ready; ``view`` adds the event log."""
        ...

    @abc.abstractmethod
    def round_over(self, state: Any) -> bool:
        ...

    @abc.abstractmethod
    def all_cards(self, state: Any) -> list[Any]:
        """Every physical card the state holds, wherever it is (conservation checks)."""
        ...

    def events(self, state: Any) -> Sequence[Any]:
        return state.log

    # --- actions as JSON -------------------------------------------------------------
    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    def action_to_json(self, action: Action) -> Any:
        return action.to_json()

    # --- golden-case hooks (rules/README.md §4) --------------------------------------
    kinds: tuple[str, ...] = ()

    def normalize_action(self, data: Any) -> str:
        """The comparison key of a JSON action (§4.4): ``actions.action_key``, the one definition
        the golden runner, the build and the page share."""
        return action_key(self, data)

    def display_parts(self, state: Any, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
        """The game's own part of ``view["display"]`` (tutor/display.py): seat badges and notes,
        info lines, zones, which phases show the trick, the result sentence. Nothing by default."""
        return {}

    # --- decisions as the page draws them (tutor/decisions.py) -------------------------
    passes_in_play: bool = True  #: a Pass button in play (climbing games); trick-taking games: False

    def decision(self, state: Any, seat: int, lang: str = "en") -> dict[str, Any] | None:
        """The decision open to ``seat``, described for the page: its kind of control and every
        option's words (tutor/decisions.py), so the page needs no game's names."""
        from .decisions import describe
        return describe(self, state, seat, lang)

    def decision_options(self, state: Any, seat: int) -> list[Action] | None:
        """Every option of a decision made by choosing from a list, legal or not (a wrong one is
        explained); None where the decision is a card play or a "choose k cards" spec."""
        return None

    def action_label(self, action: Action, lang: str = "en") -> str:
        """The words on ``action``'s button (tutor/decisions.py: from the game's catalog)."""
        from .decisions import action_label
        return action_label(self, action, lang)

    def action_params(self, action: Any) -> dict[str, Any]:
        """The message parameters of a decision's label: an object's fields, else the value under
        the decision's own key (``{"bid": 2}`` renders ``{bid}``) and as ``value``."""
        value = action.value
        if isinstance(value, tuple) and value and all(isinstance(p, tuple) and len(p) == 2 for p in value):
            return dict(value)
        return {action.key: value, "value": value}

    def action_parts(self, action: Action, lang: str = "en") -> list[str] | None:
        """The words of each part of an option picked from menus (a count, a suit), or None."""
        return None

    def decision_spec(self, state: Any, seat: int | None = None, in_turn: bool = True) -> Any:
        """The decision open to ``seat`` as a spec (``tutor.choices.ChooseCards``: "choose k of
        these cards"), or None where it is an ordinary list. ``legal_actions`` still lists every
        action either way; the bridge sends the spec instead of thousands of actions."""
        return None

    def classify(self, setup: Mapping[str, Any]) -> list[dict[str, Any]]:
        raise TutorError("error.kind_not_offered", game=self.name, kind="classify")

    def score(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        raise TutorError("error.kind_not_offered", game=self.name, kind="score")

    def trick(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        raise TutorError("error.kind_not_offered", game=self.name, kind="trick")

    #: the decision keys that are side declarations, open beside the decision (a Tichu call)
    side_decision_keys: tuple[str, ...] = ()

    #: keys of side declarations made with the cards selected in the hand (the page offers one
    #: button for them, not one per card: Daifugo's voluntary exposure)
    side_by_selection: tuple[str, ...] = ()

    def play_extras(self, state: Any, seat: int) -> list[Any]:
        """Buttons the page offers beside a card play in turn (tutor/decisions.py): an action (a
        button of its own, legal or not: pressing it explains), or a decision key made with the one
        selected card (a string: Pon-jan's riichi, ``{"riichi": tile}``)."""
        return []

    def side_actions(self, state: Any, seat: int) -> list[Action]:
        """Side declarations open at any time (a Tichu call, a Daifugo exposure)."""
        return []

    def window_words(self, kind: str, actions: Sequence[Action], lang: str = "en") -> dict[str, Any]:
        """What the page says when a window of ``kind`` asks the learner, from the game's catalog:
        the prompt (``<prefix>.window.<kind>``), a label per action (a card play:
        ``<prefix>.window.<kind>.take`` with its cards; a decision: its own label) and the words
        for letting it pass (``<prefix>.window.<kind>.decline``)."""
        prefix = f"{self.rule_prefix.lower()}.window.{kind}"
        labels = [render(f"{prefix}.take", {"cards": [c.token for c in a.cards]}, lang) if isinstance(a, Play)
                  else self.action_label(a, lang) for a in actions]
        return {"prompt": render(prefix, {}, lang), "labels": labels, "decline": render(f"{prefix}.decline", {}, lang)}

    def decline(self, state: Any, seat: int) -> Verdict:
        """Why letting an out-of-turn chance go by is always allowed (a lesson's "let it go").

        Declining is no action the state records (``settle`` closes the chances), so it is
        always legal; games name the rule that makes the chance optional.
        """
        return Verdict(True, "common.ok.let_go", {}, ())

    # --- hints in three levels (tutor/hints.py) -----------------------------------------
    # A hint leads to one answer (``action``; None: let an out-of-turn chance go by). Each hook
    # may return None, and tutor/hints.py does the generic thing; none may use what ``seat``
    # cannot know (another hand, a secret partner).
    def hint_focus(self, state: Any, seat: int, action: Action | None, in_turn: bool = True) -> "Focus | None":
        """Level 1: what to look for in this position (which combination is to be beaten, whether
        suit must be followed, what a bid promises), with the rules that govern the decision, and
        never the answer's cards."""
        return None

    def hint_options(self, state: Any, seat: int, action: Action | None, in_turn: bool = True) -> list[Any] | None:
        """Level 2 of a decision with many options: the ones worth weighing (the answer among
        them; the rest are dropped), or None to draw from all of them."""
        return None

    def hint_cards(self, state: Any, seat: int, action: Action) -> "CardPool | None":
        """Level 2 of a "choose k cards" decision (``decision_spec``): the cards a good choice is
        drawn from, more than are needed, the answer's among them."""
        return None

    # --- quizzes (tutor/quiz) -----------------------------------------------------------
    #: events that make an "what does this move lead to?" question (``tutor.quiz.outcomes.Outcome``)
    quiz_outcomes: tuple[Any, ...] = ()
    #: flag values (over the default preset) a quiz also deals hands under, beside the presets:
    # --- one position under other rules (tutor/compare.py) ------------------------------
    #: the flags the deal itself is made of: a position under another value of one of them is
    #: no position at all (three players' hands are no four-player deal; one deck is not two)
    table_flags: tuple[str, ...] = ("players",)
    #: flags spent once the deal is made (who draws or bids first, the level a game starts at):
    #: the position already shows what they decided, so the compare panel does not offer them
    deal_flags: tuple[str, ...] = ()

    def rules_conflict(self, state: Any, flags: Any) -> Verdict | None:
        """Why ``state`` cannot stand under ``flags`` (a refusing verdict citing the rule the
        position needs), or None: something in it exists only under a rule the other flags
        switch off (a revolution in force, an exchange under way, exposed cards)."""
        return None

    def with_flags(self, state: Any, flags: Any) -> Any:
        """``state`` under other ``flags`` (already cleared by ``rules_conflict``): the same
        position; a game whose state keeps something the flags decide overrides this."""
        return evolve(state, flags=flags)

    #: rules worth practising that no preset switches on (four-player Dou Dizhu)
    quiz_variants: tuple[dict[str, Any], ...] = ()

    def quiz_kinds(self) -> dict[str, Any]:
        """The game's own kinds of exercise beside the generic ones (``tutor/quiz/kinds.py``):
        name → ``(game, rng, seed) -> Exercise | None``."""
        return {}

    # --- what a seat may know before it acts (the bridge asks these for a bound viewer) -----
    def announcement(self, state: Any, action: Action, seat: int | None = None, in_turn: bool = True) -> Verdict | None:
        """The verdict on an action the rules judge only once it is announced, as ``seat`` may know
        it beforehand (a Shengji throw stands only if no other hand beats it, SJ-THROW-2: its
        player cannot know that). None for every other action: ``explain`` says it all.

        The bridge answers ``explain`` with it for a viewer, and ``apply`` submits such an action
        as an ``attempt`` when the hidden cards make it fail (SJ-THROW-3), never as a refusal that
        would tell the player what it could not know."""
        return None

    def penalizes(self, state: Any, action: Action, seat: int | None = None, in_turn: bool = True) -> bool:
        """Whether an illegal ``action`` is not refused but punished by the rules (``attempt``
        applies the consequence): Daifugo's cut-in game exposes the cards of an illegal play
        (DFG-OPEN-3). False in every other game: an illegal action leaves the state untouched."""
        return False

    def public_legal(self, state: Any, seat: int, in_turn: bool = True) -> list[Action] | None:
        """The options ``seat`` may choose as it may know them, where the legal set depends on
        hidden cards (a Shengji leader may announce any throw); None: ``legal_actions``."""
        return None

    def attempt(self, state: Any, action: Action, seat: int | None = None, in_turn: bool = True) -> Any:
        """Submits an illegal action whose attempt the rules punish (SJ-THROW-3, DFG-OPEN-3)."""
        raise IllegalAction(self.explain(state, action, seat, in_turn))

    def players(self, state: Any) -> int:
        """How many seats the game has (cheap: the bridge checks every seat it is sent)."""
        return len(state.hands)

    # The three below suit every game whose state keeps ``hands`` (a tuple per seat),
    # ``trick`` (entries with ``to_json``) and ``trick_closed``; others override them.
    def hands(self, state: Any) -> dict[int, list[str]]:
        """Every seat's complete hand as tokens (golden checks and tests, never the page)."""
        from .cards import format_cards
        return {s: format_cards(h) for s, h in enumerate(state.hands)}

    def trick_entries(self, state: Any) -> list[dict[str, Any]]:
        """The current trick as README §4.2 trick entries."""
        return [e.to_json() for e in state.trick]

    def trick_over(self, state: Any) -> bool:
        """Whether the last action ended the trick."""
        return bool(state.trick_closed)

    def check_value(self, state: Any, key: str) -> Any:
        """The value of a state check (§4.3, §4.6); ``KeyError`` for an unknown check."""
        raise KeyError(key)
