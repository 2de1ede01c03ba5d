"""Small helpers shared by the unit tests (plain functions: they also run inside Pyodide).

Hands are written as literal strings in the shared notation (rules/README.md §1)::

    cards("S-3 H-3 D-4")  ->  ["S-3", "H-3", "D-4"]
"""
from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any, Iterable

import pytest

from tutor.actions import parse_action
from tutor.cards import Card
from tutor.game import IllegalAction
from tutor.registry import find_game
from tutor.games.doudizhu.combos import NRANKS, card_rank
from tutor.scenario import load_scenario

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "rules"  # the project's copy of ../shared/rules (tools/sync_rules.py; test_rules_copy.py)

GAME = find_game("doudizhu")


def shared_rules() -> Path:
    """The rules folder: the project's copy of the shared specs, golden cases and checker."""
    return RULES


def cards(text: str) -> list[str]:
    """``"S-3 H-3 D-4"`` -> ``["S-3", "H-3", "D-4"]`` (the JSON form of a card list)."""
    return text.split()


def parsed(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in cards(text))


def ranks(text: str) -> list[int]:
    """Integer Dou Dizhu ranks of a literal card list (suits never matter)."""
    return [card_rank(c) for c in parsed(text)]


def counts(rank_list: Iterable[int]) -> list[int]:
    cnt = [0] * NRANKS
    for r in rank_list:
        cnt[r] += 1
    return cnt


def act(data: Any):
    """An action from its JSON form; a string of card tokens is a play (``"S-3 H-3"``)."""
    if isinstance(data, str) and data.upper() != "PASS":
        data = cards(data)
    return parse_action(data)


def ddz(players: int = 3, *, hands: dict[str, str] | None = None, trick: list | None = None,
        to_act: int = 0, phase: str = "play", flags: dict | None = None, **extra: Any):
    """A Dou Dizhu state from a scenario; ``hands`` values are literal card strings."""
    data: dict[str, Any] = {
        "game": "doudizhu",
        "flags": {"players": players, **(flags or {})},
        "phase": phase,
        "to_act": to_act,
        "hands": {s: cards(h) for s, h in (hands or {}).items()},
    }
    if phase == "play":
        data["trick"] = trick or []
    elif trick is not None:
        data["trick"] = trick
    data.update(extra)
    game, state = load_scenario(data)
    assert game is GAME
    return state


def play(seat: int, text: str, type_: str | None = None) -> dict[str, Any]:
    """A trick entry for a scenario."""
    entry: dict[str, Any] = {"seat": seat, "cards": cards(text)}
    if type_:
        entry["type"] = type_
    return entry


def passed(seat: int) -> dict[str, Any]:
    return {"seat": seat, "action": "PASS"}


def norm(action) -> Any:
    """README §4.4 comparison key of an engine action."""
    return GAME.normalize_action(GAME.action_to_json(action))


def legal_set(state, seat: int | None = None) -> set:
    return {norm(a) for a in GAME.legal_actions(state, seat)}


def key_of(data: Any) -> Any:
    """README §4.4 comparison key of a JSON action (or a literal card string)."""
    if isinstance(data, str) and data.upper() != "PASS":
        data = cards(data)
    return GAME.normalize_action(data)


def deck_counter(players: int) -> Counter:
    return Counter(GAME.flags({"players": players}).deck.cards())


def apply_all(state, moves: Iterable[tuple[int, Any]]):
    """Applies ``(seat, action)`` pairs in order (actions as for ``act``)."""
    for seat, data in moves:
        state = GAME.apply(state, act(data), seat)
    return state


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True)


PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def assert_rejected(game: Any, state: Any, action: Any, seat: int | None = None, *, key: str | None = None,
                    rule: str | None = None, in_turn: bool = True) -> Any:
    """``action`` is illegal: explain says why (a rule ID, en and ja texts), apply raises, the input is unchanged."""
    v = game.explain(state, action, seat, in_turn=in_turn)
    assert not v.legal, (action, v)
    if key is not None:
        assert v.key == key, (v.key, v.rule_ids)
    if rule is not None:
        assert rule in v.rule_ids, (v.key, v.rule_ids)
    for lang in ("en", "ja"):
        text = v.text(lang)
        assert text.strip() and text != v.key and not PLACEHOLDER.search(text), (lang, text)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, action, seat, in_turn=in_turn)
    assert info.value.verdict == v
    assert state == before
    return v


# --------------------------------------------------------------------------- errors as message keys
def error_classes() -> dict[str, int]:
    """Every error class for bad input (``TutorError`` and its subclasses, wherever the core
    defines them), by name, with the position of its message key among the arguments: 1 after a
    ``ScenarioError``'s path, else 0."""
    from importlib import import_module
    from tutor.errors import ScenarioError, TutorError
    for module in ("api", "cards", "limits", "rng", "share", "windows"):  # each module that defines an error class
        import_module(f"tutor.{module}")
    found: dict[str, int] = {}
    todo = [TutorError]
    while todo:
        cls = todo.pop()
        found[cls.__name__] = 1 if issubclass(cls, ScenarioError) else 0
        todo.extend(cls.__subclasses__())
    return found


def tutor_sources() -> list[Path]:
    """The package's sources (the repo checkout, or the installed wheel inside Pyodide)."""
    import tutor
    return sorted(Path(tutor.__file__).resolve().parent.rglob("*.py"))


def error_calls() -> list[tuple[Any, str, int, str]]:
    """``(call, class name, key position, where)`` for every construction of an error class in
    the package (raised, returned or kept), found in the source (``ast``)."""
    import ast
    classes = error_classes()
    out = []
    for path in tutor_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                if name in classes:
                    out.append((node, name, classes[name], f"{path.name}:{node.lineno}"))
    return out


def error_whats() -> set[str]:
    """The ``what`` of every ``error.expected`` (``error.what.<what>``: "a list of cards"), with
    the JSON kinds a flag's default may have (``errors.json_kind``)."""
    import ast
    whats = {"null", "bool", "int", "number", "text", "list", "object"}
    for call, _, _, _ in error_calls():
        for kw in call.keywords:
            if kw.arg == "what" and isinstance(kw.value, ast.Constant):
                whats.add(kw.value.value)
    return whats
