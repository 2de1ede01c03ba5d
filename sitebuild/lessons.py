"""Lessons as data: parse ``lessons/<lang>/<game>/NN-slug.md`` and run their steps in CPython.

A lesson is Markdown with a small front matter and fenced ``step`` blocks of JSON::

    ---
    key: ddz-pairs
    title: Pairs and triplets
    ---
    Prose for the first step (Markdown) …

    ```step
    {"scenario": {"flags": {"players": 3}, "phase": "play", "to_act": 0, "landlord": 0,
                  "hands": {"0": ["S-5", "H-5", "S-9"]}, "trick": []},
     "seat": 0, "moves": [], "ask": {"answers": [["S-5", "H-5"]]}}
    ```

    Prose for the next step …

The prose before a block belongs to that block's step; prose after the last block closes
the lesson. Step keys:

* ``scenario`` — a scenario without ``"game"`` (the course's game); left out, the step
  continues where the previous one ended (after its moves and its first answer);
* ``seat`` — the learner's seat (default: the seat to act);
* ``show`` — other seats whose hands are shown face up (``"all"`` or a list);
* ``moves`` — scripted moves ``{"seat": s, "action": a}`` the learner steps through;
  ``"in_turn": false`` makes one an action out of turn (a bomb out of turn);
* ``ask`` — a decision for the learner after the moves: ``answers`` (accepted actions;
  left out, any legal action is accepted) and ``wrong`` (likely mistakes, explained even
  before the engine has loaded); ``"out_of_turn": true`` asks while it is not the
  learner's turn (a bomb window), where ``"LET_GO"`` lets the chance go by.

Windows for actions out of turn are the engine's (tutor/windows.py): a scripted move out of
turn takes the window the action before it opened; otherwise the window closes untaken.

Everything is computed here at build time, so the page can show and step through a lesson,
and explain its prepared choices, before Pyodide is ready. Any problem raises
``LessonError`` naming the file and line.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.actions import LET_GO, ActionError, Play, action_key as _action_key
from tutor.bots import hint as engine_hint, hint_for
from tutor.errors import TutorError
from tutor.game import Game, IllegalAction
from tutor.messages import render
from tutor.registry import find_game
from tutor.windows import ReplayError, scripted_move, shown, submit, window_words

STEP_KEYS = {"scenario", "seat", "show", "moves", "ask"}
ASK_KEYS = {"answers", "wrong", "out_of_turn"}
MOVE_KEYS = {"seat", "action", "in_turn"}
#: a decision with at most this many legal actions has every one explained in the page (so any
#: choice is answered before the engine loads); a larger one (a lead of 14 cards, an exchange,
#: a discard) explains its answers and likely mistakes and lists this many legal actions only
LEGAL_CAP = 24
FRONT_KEYS_REQUIRED = ("key", "title")
#: ``switch``: the on/off rule (a boolean flag) the lesson teaches; it is on in every scenario of
#: the lesson, and the page lets the learner switch it off to see what it changed
#: ``part``: a heading the course page shows before this lesson (a course in parts: the ordinary
#: Daifugo, then the cut-in game)
FRONT_KEYS_OPTIONAL = ("minutes", "summary", "aliases", "formerly", "switch", "part")
_KEY = re.compile(r"^[A-Za-z0-9_.-]+$")  # a lesson key: progress is stored by it, listed with spaces
_FENCE = re.compile(r"^```\s*step\s*$")
_NAME = re.compile(r"^(\d\d)-[a-z0-9-]+\.md$")
# lean views for the page: the event log is sent per frame, not with every view, and what the
# table never draws (or can derive) stays out, so lesson pages stay light

class LessonError(ValueError):
    """A broken lesson; the message starts with ``file:line:``."""


@dataclass
class RawStep:
    line: int
    prose: str
    data: dict[str, Any]
    prose_line: int = 0  # the file's line where the step's prose starts (1-based)


@dataclass
class Lesson:
    path: Path
    lang: str
    game: str
    slug: str
    order: int
    meta: dict[str, str]
    steps: list[RawStep]
    outro: str
    computed: list[dict[str, Any]] = field(default_factory=list)
    outro_line: int = 0  # the file's line where the closing prose starts
    scenarios: list[dict[str, Any]] = field(default_factory=list)  # each chain's starting scenario

    @property
    def key(self) -> str:
        return self.meta["key"]

    @property
    def aliases(self) -> list[str]:
        """The lesson's former keys (front matter ``aliases:``): progress stored under one counts
        for this lesson (site/static/progress.js)."""
        return self.meta.get("aliases", "").replace(",", " ").split()

    @property
    def formerly(self) -> list[str]:
        """The lesson's former file names, without ``.md`` (front matter ``formerly:``): a link to
        one still opens the lesson (the build writes a page there that forwards to it)."""
        return self.meta.get("formerly", "").replace(",", " ").split()


def parse_lesson(path: Path, lang: str, game: str) -> Lesson:
    """Reads one lesson file (front matter, prose and step blocks); no engine yet."""
    m = _NAME.match(path.name)
    if not m:
        raise LessonError(f"{path}:1: a lesson file is named NN-slug.md (two digits, lowercase slug)")
    text = path.read_text("utf-8")
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        raise LessonError(f"{path}:1: a lesson starts with a front matter block between --- lines")
    meta: dict[str, str] = {}
    i = 1
    while i < len(lines) and lines[i].strip() != "---":
        line = lines[i]
        if line.strip():
            key, sep, value = line.partition(":")
            key = key.strip()
            if not sep or key not in FRONT_KEYS_REQUIRED + FRONT_KEYS_OPTIONAL:
                raise LessonError(f"{path}:{i + 1}: unknown front matter line {line!r} "
                                  f"(allowed: {', '.join(FRONT_KEYS_REQUIRED + FRONT_KEYS_OPTIONAL)})")
            meta[key] = value.strip()
        i += 1
    if i >= len(lines):
        raise LessonError(f"{path}:1: the front matter is not closed with ---")
    for key in FRONT_KEYS_REQUIRED:
        if not meta.get(key):
            raise LessonError(f"{path}:1: front matter lacks {key!r}")
    for key in [meta["key"], *meta.get("aliases", "").replace(",", " ").split()]:
        if not _KEY.match(key):
            raise LessonError(f"{path}:1: a lesson key is letters, digits, '-', '_' or '.', not {key!r}")
    for old in meta.get("formerly", "").replace(",", " ").split():
        if not _NAME.match(old + ".md"):
            raise LessonError(f"{path}:1: formerly lists former file names without .md (NN-slug), not {old!r}")
    steps: list[RawStep] = []
    prose: list[str] = []
    i += 1
    prose_line = i + 1
    while i < len(lines):
        if _FENCE.match(lines[i]):
            start = i + 1
            body: list[str] = []
            i += 1
            while i < len(lines) and lines[i].strip() != "```":
                body.append(lines[i])
                i += 1
            if i >= len(lines):
                raise LessonError(f"{path}:{start}: the step block is not closed with ```")
            try:
                data = json.loads("\n".join(body))
            except json.JSONDecodeError as exc:
                raise LessonError(f"{path}:{start + exc.lineno}: step is not JSON: {exc.msg}") from None
            if not isinstance(data, dict):
                raise LessonError(f"{path}:{start + 1}: a step is a JSON object")
            unknown = set(data) - STEP_KEYS
            if unknown:
                raise LessonError(f"{path}:{start + 1}: unknown step key(s) {sorted(unknown)} "
                                  f"(allowed: {', '.join(sorted(STEP_KEYS))})")
            steps.append(RawStep(start + 1, "\n".join(prose).strip(), data, prose_line))
            prose = []
            prose_line = i + 2
        else:
            prose.append(lines[i])
        i += 1
    if not steps:
        raise LessonError(f"{path}:1: a lesson needs at least one ```step block")
    return Lesson(path, lang, game, path.stem, int(m.group(1)), meta, steps, "\n".join(prose).strip(),
                  outro_line=prose_line)


def _where(lesson: Lesson, step: RawStep, index: int) -> str:
    return f"{lesson.path}:{step.line}: step {index + 1}"


def action_key(game: Game, action_json: Any) -> str:
    """The key the page computes for a choice: ``tutor.actions.action_key``, the one definition
    the golden runner, the build and the page (table.js ``actionKey``) share."""
    return _action_key(game, action_json)


#: what the page reads of a view (table.js, player.js); the rest stays out of the frames
_VIEW_KEEP = ("seat", "to_act", "phase", "hand", "cards_held", "result", "trick")


def lean_view(view: dict[str, Any]) -> dict[str, Any]:
    """A frame's view with only what the page reads: ``display`` (the table in words,
    tutor/display.py) is spread into top-level ``display.<part>`` keys (the trick by field, the
    seats one by one), so a frame sends only the parts that changed (``delta``); its phase names come once per page (``phases`` in the page's
    data), not with every frame. The page folds the parts back (player.js: unpack)."""
    display = dict(view.get("display") or {})
    display.pop("phases", None)
    out = {k: view[k] for k in _VIEW_KEEP if view.get(k) is not None and view.get(k) != []}
    for k, v in display.items():
        if v is None or v == [] or v == {}:
            continue
        if k in _SPREAD_FIELDS:  # the trick's marker words stay put while its holder changes
            out.update({f"display.{k}.{field}": x for field, x in v.items() if x is not None})
        elif k in _SPREAD_ITEMS:  # one seat's notes change, not the other seats'
            out.update({f"display.{k}.{i}": x for i, x in enumerate(v)})
        else:
            out[f"display.{k}"] = v
    return out


#: display parts sent field by field (``display.trick.holding``) and item by item
#: (``display.seats.2``), so a frame carries only the fields and seats that changed
_SPREAD_FIELDS = ("trick",)
_SPREAD_ITEMS = ("seats",)


def delta(prev: dict[str, Any], cur: dict[str, Any]) -> dict[str, Any]:
    """``cur`` as a change to ``prev`` (removed keys map to None): frames repeat most of a view.

    A list that only grew (the trick, the auction) is sent as its new entries, ``{"+": [...]}``.
    """
    out: dict[str, Any] = {}
    for k, v in cur.items():
        old = prev.get(k)
        if old == v:
            continue
        if isinstance(old, list) and isinstance(v, list) and len(v) > len(old) and v[:len(old)] == old and old:
            out[k] = {"+": v[len(old):]}
        else:
            out[k] = v
    out.update({k: None for k in prev if k not in cur})
    return out


def intern_decisions(steps: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Replaces each frame's decision (``display.decision``: its options and their words) by its
    index in one table: a bidding lesson asks the same auction menu at many steps, and the page
    keeps it once (player.js: foldDisplay looks it up)."""
    table: list[dict[str, Any]] = []
    index: dict[str, int] = {}

    def ref(decision: dict[str, Any]) -> int:
        key = json.dumps(decision, sort_keys=True, ensure_ascii=False)
        if key not in index:
            index[key] = len(table)
            table.append(decision)
        return index[key]

    out = []
    for step in steps:
        step = dict(step)
        for part in ("frames", "after"):
            frames = step.get(part)
            if frames is None:
                continue
            listed = frames if isinstance(frames, list) else [frames]
            listed = [dict(f, **{"display.decision": ref(f["display.decision"])})
                      if isinstance(f.get("display.decision"), dict) else f for f in listed]
            step[part] = listed if isinstance(frames, list) else listed[0]
        out.append(step)
    return out, table


#: the fields whose strings a page keeps once, in its ``strings`` table (texts repeat across steps)
_INTERNED = ("texts", "events", "why", "focus", "candidates")


def intern_texts(steps: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """Replaces every explanation, event and hint text in ``steps`` by its index in one table.

    The same sentence ("Seat 2 passes.", "You lead, so any combination goes…") recurs in many
    steps of a lesson; the page reads each once and looks the indices up when it starts.
    """
    table: list[str] = []
    index: dict[str, int] = {}

    def ref(text: str) -> int:
        if text not in index:
            index[text] = len(table)
            table.append(text)
        return index[text]

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            out = {}
            for k, v in value.items():
                if k in _INTERNED and isinstance(v, str):
                    out[k] = ref(v)
                elif k in _INTERNED and isinstance(v, list) and all(isinstance(t, str) for t in v):
                    out[k] = [ref(t) for t in v]
                elif k in _INTERNED and isinstance(v, dict) and isinstance(v.get("+"), list):
                    out[k] = {"+": [ref(t) for t in v["+"]]}
                else:
                    out[k] = walk(v)
            return out
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    return [walk(step) for step in steps], table


def compact_frames(entry: dict[str, Any]) -> dict[str, Any]:
    """The page's form of a step: every frame but the first, and the answered view, as deltas."""
    frames = entry["frames"]
    packed = [frames[0]] + [delta(a, b) for a, b in zip(frames, frames[1:])]
    out = dict(entry, frames=packed)
    if "after" in entry:
        out["after"] = delta(frames[-1], entry["after"])
    return out


def _check_switch(lesson: Lesson, game: Any, state: Any, where: str) -> None:
    """The lesson's ``switch`` names an on/off rule of the game that is on in this scenario."""
    name = lesson.meta.get("switch")
    if not name:
        return
    flags = getattr(state, "flags", None)
    value = getattr(flags, name, None)
    if not isinstance(value, bool):
        raise LessonError(f"{lesson.path}:1: switch {name!r} is not an on/off rule of {lesson.game}")
    if not value:
        raise LessonError(f"{where}: the lesson teaches {name!r} (switch), but this scenario has it off")


def compute_lesson(lesson: Lesson) -> list[dict[str, Any]]:
    """Runs every step through the rules and returns what the page embeds."""
    game = find_game(lesson.game)
    lang = lesson.lang
    computed: list[dict[str, Any]] = []
    lesson.scenarios = []
    state = None
    base: dict[str, Any] | None = None  # the scenario the current chain of steps started from
    replay: list[dict[str, Any]] = []   # actions from that scenario to the start of this step
    seat_prev: int | None = None
    for index, step in enumerate(lesson.steps):
        where = _where(lesson, step, index)
        data = step.data
        if "scenario" in data:
            scenario = data["scenario"]
            if not isinstance(scenario, dict) or "game" in scenario:
                raise LessonError(f"{where}: scenario is a setup object without \"game\" (the course sets it)")
            try:
                state = game.close_window(game.from_setup(scenario, "scenario"))
            except TutorError as exc:
                raise LessonError(f"{where}: {exc}") from None
            _check_switch(lesson, game, state, where)
            base, replay = scenario, []
            lesson.scenarios.append(scenario)
        elif state is None:
            raise LessonError(f"{where}: the first step needs a scenario")
        assert base is not None
        seat = data.get("seat", seat_prev if "scenario" not in data and seat_prev is not None else game.to_act(state))
        if not isinstance(seat, int) or not 0 <= seat < len(game.hands(state)):
            raise LessonError(f"{where}: seat {seat!r} is not a seat of this game")
        seat_prev = seat
        show = data.get("show", [])
        players = len(game.hands(state))
        if show == "all":
            show = [s for s in range(players) if s != seat]
        if not isinstance(show, list) or not all(isinstance(s, int) and 0 <= s < players for s in show):
            raise LessonError(f"{where}: show is \"all\" or a list of seats")
        start_replay = list(replay)
        own_moves: list[dict[str, Any]] = []
        frames = [_frame(game, state, seat, show, lang, None)]
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise LessonError(f"{where}: moves is a list of {{\"seat\": s, \"action\": a}}")
        for m_index, move in enumerate(moves):
            mw = f"{where}: moves[{m_index}]"
            if not isinstance(move, dict) or not {"seat", "action"} <= set(move) <= MOVE_KEYS \
                    or not isinstance(move.get("in_turn", True), bool):
                raise LessonError(f"{mw}: a move is {{\"seat\": s, \"action\": a}}, "
                                  f"optionally with \"in_turn\": false")
            in_turn = move.get("in_turn", True)
            try:
                action = game.parse_action(move["action"])
                before = len(game.events(state))
                state = scripted_move(game, state, move["seat"], action, in_turn)
            except (ActionError, ReplayError) as exc:
                raise LessonError(f"{mw}: {exc}") from None
            except IllegalAction as exc:
                raise LessonError(f"{mw}: illegal scripted move {json.dumps(move['action'])}"
                                  f"{'' if in_turn else ' (out of turn)'}: "
                                  f"{exc.verdict.text('en')} [{', '.join(exc.verdict.rule_ids)}]") from None
            state = shown(game, state, _next_takes_window(lesson, index, m_index + 1))
            done = _replay_entry(move["seat"], move["action"], in_turn=in_turn)
            replay.append(done)
            own_moves.append(done)
            frames.append(_frame(game, state, seat, show, lang, game.events(state)[before:]))
        entry: dict[str, Any] = {
            "prose": step.prose, "seat": seat, "frames": frames,
            "scenario": len(lesson.scenarios) - 1, "replay": start_replay, "moves": own_moves,
        }
        answer_entry = None
        if "ask" in data:
            keep_open = _next_takes_window(lesson, index + 1, 0, first=False)
            state, answered = _compute_ask(game, state, seat, data["ask"], lang, where, keep_open)
            entry["ask"] = answered["ask"]
            first = answered["first"]
            # letting a chance go is no engine action (the page's replay skips it)
            answer_entry = _replay_entry(seat, first, in_turn=first != LET_GO and not answered["out_of_turn"])
            replay.append(answer_entry)
            entry["after"] = _frame(game, state, seat, show, lang, answered["events"])
        if lesson.meta.get("switch"):
            entry["without"] = _without_rule(game, lesson, base, start_replay,
                                             own_moves + ([answer_entry] if answer_entry and answer_entry["action"] != LET_GO else []))
        _keep_decision_where_asked(entry)
        computed.append(entry)
    lesson.computed = computed
    return computed


#: the parts of a view the page reads only while the learner decides (player.js: renderDecision)
_DECISION_PARTS = ("display.decision", "display.side")


def _without_rule(game: Game, lesson: Lesson, scenario: dict[str, Any], before: list[dict[str, Any]],
                  step: list[dict[str, Any]]) -> dict[str, Any]:
    """What the step's moves and first answer do with the lesson's rule (``switch``) off: the
    events they cause then, or the reason one of them would be refused, so the learner can switch
    the rule off and see what it changed. ``{"events": [...], "refused": {...}?}``, or
    ``{"impossible": text}`` when the position cannot arise without the rule (exposed cards
    without exposed cards), or ``{"diverged": true}`` when an earlier step already went otherwise."""
    name, lang = lesson.meta["switch"], lesson.lang
    setup = {**scenario, "flags": {**scenario.get("flags", {}), name: False}}
    try:
        state = game.close_window(game.from_setup(setup, "scenario"))
    except TutorError:  # (exposed cards without the exposed-cards rule; an effect without its rule)
        return {"impossible": True}
    for move in before:
        try:
            state = scripted_move(game, state, move["seat"], game.parse_action(move["action"]), move.get("in_turn", True))
        except (IllegalAction, ReplayError, ActionError):
            return {"diverged": True}
    first_event = len(game.events(state))
    for index, move in enumerate(step):
        in_turn = move.get("in_turn", True)
        action = game.parse_action(move["action"])
        try:
            state = scripted_move(game, state, move["seat"], action, in_turn)
        except (IllegalAction, ReplayError) as exc:
            verdict = exc.verdict if isinstance(exc, IllegalAction) else game.explain(state, action, move["seat"], in_turn=in_turn)
            events = [render(e.key, e.params, lang) for e in game.events(state)[first_event:]]
            if verdict.key == "common.wrong_phase":  # the decision itself does not come up without the rule
                return {"events": events, "no_decision": True}
            return {"events": events, "refused": {"seat": move["seat"], "what": game.action_label(action, lang)
                                                  if not isinstance(action, Play) else _cards_words(action, lang),
                                                  "why": verdict.text(lang), "rule_ids": list(verdict.rule_ids)}}
    state = game.close_window(state)
    return {"events": [render(e.key, e.params, lang) for e in game.events(state)[first_event:]]}


def _cards_words(action: Any, lang: str) -> str:
    from tutor.messages import card_text
    return " ".join(card_text(c.token, lang) for c in action.cards)


def _keep_decision_where_asked(entry: dict[str, Any]) -> None:
    """The decision controls show only at a step's question, on its last frame: every other frame
    (a scripted move being watched, the answered position) leaves the decision out, which was
    most of a bidding lesson's bytes (an auction's menu in every frame)."""
    asked = len(entry["frames"]) - 1 if "ask" in entry else None
    for i, frame in enumerate(entry["frames"]):
        if i != asked:
            for part in _DECISION_PARTS:
                frame.pop(part, None)
    for part in _DECISION_PARTS:
        entry.get("after", {}).pop(part, None)


def _replay_entry(seat: int, action: Any, *, in_turn: bool) -> dict[str, Any]:
    """How the page replays one action in the engine (op ``replay``): out of turn only when so."""
    done: dict[str, Any] = {"seat": seat, "action": action}
    if not in_turn:
        done["in_turn"] = False
    return done


def _next_takes_window(lesson: Lesson, step_index: int, move_index: int, first: bool = True) -> bool:
    """Whether the script's next action (a scripted move, else a step's ask) is out of turn, that
    is, takes the window the action before it opened (tutor/windows.py). A step with a new
    scenario starts afresh, so nothing carries over into it.
    """
    steps = lesson.steps
    while step_index < len(steps):
        data = steps[step_index].data
        if not first and "scenario" in data:
            return False
        moves = data.get("moves") or []
        if isinstance(moves, list) and move_index < len(moves):
            move = moves[move_index]
            return isinstance(move, dict) and move.get("in_turn", True) is False
        ask = data.get("ask")
        if isinstance(ask, dict):
            return ask.get("out_of_turn") is True
        step_index, move_index, first = step_index + 1, 0, False
    return False


def _frame(game: Game, state: Any, seat: int, show: list[int], lang: str, events: Any) -> dict[str, Any]:
    view = lean_view(game.view(state, seat, lang=lang))
    if show:
        hands = game.hands(state)
        view["shown"] = {str(s): hands[s] for s in show}
    if events is not None:
        view["events"] = [render(e.key, e.params, lang) for e in events]
    return view


def _compute_ask(game: Game, state: Any, seat: int, ask: Any, lang: str, where: str,
                 keep_open: bool = False) -> tuple[Any, dict[str, Any]]:
    if not isinstance(ask, dict) or set(ask) - ASK_KEYS:
        raise LessonError(f"{where}: ask is an object with \"answers\", \"wrong\" and/or \"out_of_turn\"")
    out_of_turn = ask.get("out_of_turn", False)
    if not isinstance(out_of_turn, bool):
        raise LessonError(f"{where}: ask.out_of_turn is true or false")
    in_turn = not out_of_turn
    if in_turn and game.to_act(state) != seat:
        raise LessonError(f"{where}: ask: it is seat {game.to_act(state)}'s turn, not the learner's seat {seat} "
                          f"(a decision out of turn says \"out_of_turn\": true)")
    window = game.window(state) if out_of_turn else None
    # a window may ask the seat whose turn it is too (an exposure during the deal, asked of every seat)
    if out_of_turn and game.to_act(state) == seat and (window is None or seat not in window.order):
        raise LessonError(f"{where}: ask.out_of_turn, but it is the learner's turn (seat {seat})")
    # the options as the learner's seat may know them (a leader: every throw it may
    # announce, SJ-THROW-2/3), so the page never tells which throws the hidden hands let stand
    public = game.public_legal(state, seat, in_turn=in_turn)
    # side declarations made with selected cards (an exposure of any hidden card) are offered as one
    # button (``select_side``), not listed one by one among the plays
    sides = game.side_actions(state, seat)
    by_selection = sorted({a.key for a in sides if getattr(a, "key", None) in game.side_by_selection})
    legal = (public if public is not None else game.legal_actions(state, seat, in_turn=in_turn)) \
        + [a for a in sides if getattr(a, "key", None) not in game.side_by_selection]
    legal_json: list[Any] = [game.action_to_json(a) for a in legal]
    if out_of_turn:
        legal_json.append(LET_GO)
    # shortest first, so a capped list still shows every card that can be played alone
    legal_keys = sorted({action_key(game, a) for a in legal_json}, key=lambda k: (k.count(" "), k))
    answers = ask.get("answers")
    if answers is None:
        answers = legal_json
    if not isinstance(answers, list) or not answers:
        raise LessonError(f"{where}: ask.answers is a non-empty list of actions")
    table: dict[str, dict[str, Any]] = {}

    def explain(data: Any, label: str) -> dict[str, Any]:
        if data == LET_GO:
            if in_turn:
                raise LessonError(f"{where}: {label}: \"LET_GO\" is a choice out of turn only (ask.out_of_turn)")
            verdict = game.decline(state, seat).to_json(lang)
        else:
            try:
                action = game.parse_action(data)
            except ActionError as exc:
                raise LessonError(f"{where}: {label}: {exc}") from None
            known = game.announcement(state, action, seat, in_turn)  # judged only once announced
            verdict = (known or game.explain(state, action, seat,
                                             in_turn=in_turn or _is_side(game, state, seat, action))).to_json(lang)
        table[action_key(game, data)] = verdict
        return verdict

    for i, answer in enumerate(answers):
        verdict = explain(answer, f"ask.answers[{i}]")
        if not verdict["legal"]:
            raise LessonError(f"{where}: ask.answers[{i}] {json.dumps(answer)} is not legal here: "
                              f"{verdict['text']} [{', '.join(verdict['rule_ids'])}]")
    for i, wrong in enumerate(ask.get("wrong", [])):
        explain(wrong, f"ask.wrong[{i}]")  # legal or not, the page explains it before the engine loads
    if len(legal_json) <= LEGAL_CAP:
        for data in legal_json:
            explain(data, "legal action")
    first = answers[0]
    before = len(game.events(state))
    if first == LET_GO:
        new_state = shown(game, state, False)
        h = hint_for(game, state, seat, None, lang)
    else:
        action = game.parse_action(first)
        side = _is_side(game, state, seat, action)
        # announced as the learner would: a throw another hand beats fails (SJ-THROW-3)
        new_state = shown(game, submit(game, state, action, seat, in_turn=in_turn or side)[0], keep_open)
        h = hint_for(game, state, seat, action, lang, in_turn=in_turn or side)
        # the bot's reason reads better, where it agrees; but it plans for play still to come ("the
        # less likely to go out soon"): when at most one seat still holds cards (a Dragon gift after
        # the round's last play), there is none, and the rule's own explanation is the hint
        if in_turn and not side and sum(1 for cards in game.hands(state).values() if cards) > 1:
            bot = engine_hint(game, state, seat, lang)
            if action_key(game, bot["action"]) == action_key(game, first):
                h["why"] = bot["why"]
    # verdict texts repeat a lot (every single "leads a single"): each is stored once
    texts: list[str] = []
    compact: dict[str, list[Any]] = {}
    for key, verdict in table.items():
        if verdict["text"] not in texts:
            texts.append(verdict["text"])
        compact[key] = [1 if verdict["legal"] else 0, texts.index(verdict["text"]), verdict["rule_ids"]]
    any_legal = ask.get("answers") is None
    # the engine's words for every decision the page may list or offer (not card plays), and the
    # side declarations among them (a call beside the play), which the page offers beside the decision
    labels: dict[str, str] = {}
    side: list[str] = []
    listed = set(legal_keys[:LEGAL_CAP]) | set(table)  # what the page lists or explains (not 2,184 exchanges)
    for data in [json.loads(k) for k in sorted(listed) if k.startswith("{")]:
        action = game.parse_action(data)
        labels[action_key(game, data)] = game.action_label(action, lang)
        if getattr(action, "key", None) in game.side_decision_keys and action_key(game, data) not in side:
            side.append(action_key(game, data))
    out = {
        "answers": "any" if any_legal else sorted({action_key(game, a) for a in answers}),
        "answer_actions": [first] if any_legal else answers,
        "legal": legal_keys[:LEGAL_CAP],
        "complete": len(legal_keys) <= LEGAL_CAP,
        "texts": texts,
        "table": compact,
        # the three levels (tutor/hints.py): what to look for, the candidates (their cards marked
        # in the hand), the answer with its reason; texts are interned (``intern_texts``)
        "hint": {"focus": h["focus"]["text"], "focus_rules": h["focus"]["rule_ids"],
                 "candidates": h["candidates"]["text"], "candidate_cards": h["candidates"]["cards"],
                 "action": h["action"], "why": h["why"], "rule_ids": h["rule"]["rule_ids"]},
        "labels": labels,
        "side": side,
        # offered where the lesson is about it (an answer or a likely mistake uses it), so a step
        # about something else keeps its controls few
        "select_side": [{"select": key, "label": render(f"{game.rule_prefix.lower()}.side.{key}", {}, lang)}
                        for key in by_selection
                        if any(isinstance(a, dict) and key in a for a in [*answers, *ask.get("wrong", [])])],
    }
    if out_of_turn:
        out["out_of_turn"] = True
        if window is not None:
            # the window's own words (tutor/windows.py: window_words): the page names no game's
            # windows; ``choices`` says its actions are decisions (an exposure during the deal), offered as
            # buttons, not cards to select and play (a bomb out of turn)
            actions = game.legal_actions(state, seat, in_turn=False)
            words = window_words(game, window, actions, lang)
            out["window"] = {"prompt": words["prompt"], "decline": words["decline"],
                             "choices": not any(isinstance(a, Play) for a in actions)}
    return new_state, {"ask": out, "first": first, "out_of_turn": out_of_turn,
                       "events": game.events(new_state)[before:]}


def _is_side(game: Game, state: Any, seat: int, action: Any) -> bool:
    """A side declaration (a call beside the play) is made whenever it is open, in turn or not."""
    return action in game.side_actions(state, seat)


def load_course(root: Path, lang: str, game: str) -> list[Lesson]:
    folder = root / lang / game
    if not folder.is_dir():
        raise LessonError(f"{folder}: no lessons for {game} in {lang}")
    lessons = [parse_lesson(p, lang, game) for p in sorted(folder.glob("*.md"))]
    keys = [l.key for l in lessons]
    dup = {k for k in keys if keys.count(k) > 1}
    if dup:
        raise LessonError(f"{folder}: duplicate lesson keys {sorted(dup)}")
    return lessons


def check_translations(by_lang: dict[str, list[Lesson]]) -> None:
    """Every lesson exists in every language, with the same key and identical step data."""
    langs = sorted(by_lang)
    ref_lang = "en" if "en" in by_lang else langs[0]
    ref = {l.slug: l for l in by_lang[ref_lang]}
    for lang in langs:
        other = {l.slug: l for l in by_lang[lang]}
        for slug, lesson in ref.items():
            if slug not in other:
                raise LessonError(f"{lesson.path}:1: missing translation: no {lang}/{lesson.game}/{slug}.md")
        for slug, lesson in other.items():
            if slug not in ref:
                raise LessonError(f"{lesson.path}:1: missing translation: no {ref_lang}/{lesson.game}/{slug}.md")
            r = ref[slug]
            if lesson.key != r.key:
                raise LessonError(f"{lesson.path}:1: key {lesson.key!r} differs from {r.path} ({r.key!r})")
            for field_name in ("aliases", "formerly"):
                if getattr(lesson, field_name) != getattr(r, field_name):
                    raise LessonError(f"{lesson.path}:1: {field_name} {getattr(lesson, field_name)} differs from "
                                      f"{r.path} ({getattr(r, field_name)})")
            if len(lesson.steps) != len(r.steps):
                raise LessonError(f"{lesson.path}:1: {len(lesson.steps)} steps, but {r.path} has {len(r.steps)}")
            for a, b in zip(lesson.steps, r.steps):
                if a.data != b.data:
                    raise LessonError(f"{lesson.path}:{a.line}: step data differs from {r.path}:{b.line} "
                                      f"(translations change the prose only)")
                if not a.prose.strip() and b.prose.strip():
                    raise LessonError(f"{lesson.path}:{a.line}: missing translation of the step's prose")


def lesson_renames(courses: dict[str, dict[str, list[Lesson]]]) -> dict[str, str]:
    """Every former lesson key and the key it became (``aliases:``), over all courses: the page
    moves stored progress along (site/static/progress.js). An alias that is a lesson's key now,
    or that two lessons claim, would move progress to the wrong lesson: it fails the build."""
    lessons = [l for by_lang in courses.values() for ls in by_lang.values() for l in ls]
    keys = {l.key for l in lessons}
    renames: dict[str, str] = {}
    for lesson in lessons:
        for alias in lesson.aliases:
            if alias in keys:
                raise LessonError(f"{lesson.path}:1: alias {alias!r} is the key of a lesson")
            if renames.get(alias, lesson.key) != lesson.key:
                raise LessonError(f"{lesson.path}:1: alias {alias!r} is claimed by {renames[alias]!r} too")
            renames[alias] = lesson.key
    return dict(sorted(renames.items()))


def former_pages(lessons: list[Lesson]) -> dict[str, Lesson]:
    """The former file names of one course in one language (``formerly:``), each with the lesson
    it forwards to. A former name that is a lesson's name now, or listed twice, fails the build."""
    slugs = {l.slug for l in lessons}
    out: dict[str, Lesson] = {}
    for lesson in lessons:
        for old in lesson.formerly:
            if old in slugs:
                raise LessonError(f"{lesson.path}:1: formerly {old!r} is the file name of a lesson")
            if old in out:
                raise LessonError(f"{lesson.path}:1: formerly {old!r} is listed by {out[old].path} too")
            out[old] = lesson
    return out
