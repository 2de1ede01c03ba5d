"""The generic golden-case runner (rules/README.md §4), for any game and any case file.

Each case is checked from its schema alone: the runner builds the position through the
game's scenario loader and asks the game's public API (legal actions, explain, apply,
classify, score, trick, state checks). Nothing here knows a case by its id. A malformed
case, or a game or kind not built yet, is a FAIL with its reason, never a crash.
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any, Callable, Iterable, Mapping

from .actions import ActionError, action_key
from .cards import Card, CardError
from .errors import TutorError
from .game import Game, IllegalAction
from .limits import InputError, parse_json_text, read_text_file
from .registry import KNOWN_NAMES, find_game

KINDS = ("legal", "classify", "trick", "score", "steps")
CASE_KEYS = {"id", "game", "kind", "rules", "description", "setup", "steps", "expect", "note"}
GENERIC_CHECKS = ("phase", "to_act", "trick", "trick_over", "hands", "cards_held")


class CaseFailure(Exception):
    """One case failed; the message is the one-line reason."""


def _multiset(value: Any) -> Any:
    """Lists become sorted tuples of their (recursively normalised) items, at any depth."""
    if isinstance(value, list):
        return ("list",) + tuple(sorted((_multiset(v) for v in value), key=repr))
    if isinstance(value, dict):
        return ("obj",) + tuple(sorted((k, _multiset(v)) for k, v in value.items()))
    if isinstance(value, str) and "#" in value:
        return value.split("#", 1)[0]
    return value


def default_normalize(action: Any) -> str:
    """README §4.4 where suits matter: ``actions.action_key`` (``Game.normalize_action``)."""
    return action_key(None, action)


def _cards_equal(a: Any, b: Any) -> bool:
    try:
        return Counter(str(Card.parse(t)) for t in a) == Counter(str(Card.parse(t)) for t in b)
    except (CardError, TypeError):
        return False


def _same_trick(expected: Any, actual: list[dict[str, Any]]) -> str | None:
    if not isinstance(expected, list):
        return "expected trick is not a list"
    if len(expected) != len(actual):
        return f"trick has {len(actual)} entries, expected {len(expected)}"
    for i, (e, a) in enumerate(zip(expected, actual)):
        if e.get("seat") != a.get("seat"):
            return f"trick[{i}] seat {a.get('seat')}, expected {e.get('seat')}"
        if "action" in e and e["action"] != a.get("action"):
            return f"trick[{i}] is {a.get('cards', a.get('action'))}, expected {e['action']}"
        if "cards" in e and not _cards_equal(e["cards"], a.get("cards", [])):
            return f"trick[{i}] cards {a.get('cards')}, expected {e['cards']}"
        for key, value in e.items():
            if key not in ("seat", "action", "cards") and a.get(key) != value:
                return f"trick[{i}].{key} is {a.get(key)!r}, expected {value!r}"
    return None


def compare_check(key: str, expected: Any, actual: Any) -> str | None:
    """Compares one state check (README §4.3); returns the reason it differs, or None."""
    if key == "trick":
        return _same_trick(expected, actual)
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{key} is {actual!r}, expected {expected!r}"
        for seat, value in expected.items():
            got = actual.get(seat)
            if isinstance(value, list):
                if not isinstance(got, list) or not _multiset_equal(value, got):
                    return f"{key}.{seat} is {got!r}, expected {value!r}"
            elif got != value:
                return f"{key}.{seat} is {got!r}, expected {value!r}"
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or not _multiset_equal(expected, actual):
            return f"{key} is {actual!r}, expected {expected!r}"
        return None
    if type(expected) is bool or type(actual) is bool:
        return None if expected is actual else f"{key} is {actual!r}, expected {expected!r}"
    return None if expected == actual else f"{key} is {actual!r}, expected {expected!r}"


def _multiset_equal(a: list[Any], b: list[Any]) -> bool:
    if all(isinstance(x, str) for x in a + b):
        if _cards_equal(a, b):
            return True
    return _multiset(a) == _multiset(b)


def state_check(game: Game, state: Any, key: str) -> Any:
    """The value of one state check: the generic ones, then the game's own."""
    if key == "phase":
        return game.phase(state)
    if key == "to_act":
        return game.to_act(state)
    if key == "trick":
        return game.trick_entries(state)
    if key == "trick_over":
        return game.trick_over(state)
    if key == "hands":
        return {str(s): cards for s, cards in game.hands(state).items()}
    if key == "cards_held":
        return {str(s): len(cards) for s, cards in game.hands(state).items()}
    return game.check_value(state, key)


def _run_checks(game: Game, state: Any, checks: Mapping[str, Any], where: str) -> None:
    for key, expected in checks.items():
        try:
            actual = state_check(game, state, key)
        except KeyError:
            raise CaseFailure(f"{where}: unknown state check \"{key}\" for {game.name}") from None
        problem = compare_check(key, expected, actual)
        if problem:
            raise CaseFailure(f"{where}: {problem}")


def _need(obj: Any, key: str, where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise CaseFailure(f"malformed case: {where} lacks \"{key}\"")
    return obj[key]


def run_legal(game: Game, case: Mapping[str, Any]) -> None:
    setup = dict(_need(case, "setup", "case"))
    expect = _need(case, "expect", "case")
    extra = set(expect) - {"legal", "illegal"}
    if extra:
        raise CaseFailure(f"malformed case: unknown expect key(s) {sorted(extra)}")
    in_turn = setup.get("in_turn", True)
    include_side = setup.get("include_side", False)
    state = game.from_setup(setup)
    if in_turn:
        state = game.settle(state)
    seat = setup["to_act"]
    actions = game.legal_actions(state, seat, in_turn=in_turn)
    if include_side:
        actions = list(actions) + list(game.side_actions(state, seat))
    got = {game.normalize_action(game.action_to_json(a)) for a in actions}
    want = {game.normalize_action(a) for a in _need(expect, "legal", "expect")}
    if got != want:
        missing = [a for a in want if a not in got]
        extra_ = [a for a in got if a not in want]
        raise CaseFailure(f"legal set differs: missing {_short(missing)}; unexpected {_short(extra_)}")
    for data in expect.get("illegal", []):
        try:
            action = game.parse_action(data)
        except ActionError as exc:
            if not str(exc):
                raise CaseFailure(f"illegal {json.dumps(data)} rejected without a reason") from None
            continue
        verdict = game.explain(state, action, seat, in_turn=in_turn)
        if verdict.legal:
            raise CaseFailure(f"engine accepts {json.dumps(data)}, which must be illegal")
        if not verdict.key or not verdict.text("en"):
            raise CaseFailure(f"illegal {json.dumps(data)} rejected without a reason")


def _short(items: list[Any], limit: int = 4) -> str:
    shown = ", ".join(_show(i) for i in items[:limit])
    more = f" (+{len(items) - limit} more)" if len(items) > limit else ""
    return f"[{shown}]{more}" if items else "none"


def _show(item: Any) -> str:
    if isinstance(item, str):
        return item
    if isinstance(item, tuple):
        if item and item[0] in ("list", "obj", "play"):
            return " ".join(_show(i) for i in item[1:]) if item[0] != "obj" else str(item[1:])
        return " ".join(_show(i) for i in item)
    return str(item)


def run_classify(game: Game, case: Mapping[str, Any]) -> None:
    expect = _need(case, "expect", "case")
    if "type" not in expect:
        raise CaseFailure("malformed case: classify expect needs \"type\"")
    readings = game.classify(_need(case, "setup", "case"))
    if expect["type"] is None:
        if readings:
            raise CaseFailure(f"expected no combination, engine reads {_readings(readings)}")
        return
    types = {r["type"] for r in readings}
    if types != {expect["type"]}:
        raise CaseFailure(f"expected {expect['type']}, engine reads {_readings(readings) or 'no combination'}")
    matching = [r for r in readings if all(r.get(k) == v for k, v in expect.items() if k != "type")]
    if not matching:
        raise CaseFailure(f"expected {json.dumps(expect)}, engine reads {_readings(readings)}")


def _readings(readings: list[dict[str, Any]]) -> str:
    return "; ".join(json.dumps(r) for r in readings)


def _compare_result(result: Mapping[str, Any], expect: Mapping[str, Any]) -> None:
    for key, value in expect.items():
        if key not in result:
            raise CaseFailure(f"unknown result key \"{key}\"")
        problem = compare_check(key, value, result[key])
        if problem:
            raise CaseFailure(problem)


def run_score(game: Game, case: Mapping[str, Any]) -> None:
    _compare_result(game.score(_need(case, "setup", "case")), _need(case, "expect", "case"))


def run_trick(game: Game, case: Mapping[str, Any]) -> None:
    _compare_result(game.trick(_need(case, "setup", "case")), _need(case, "expect", "case"))


def run_steps(game: Game, case: Mapping[str, Any]) -> None:
    setup = _need(case, "setup", "case")
    steps = _need(case, "steps", "case")
    if not isinstance(steps, list):
        raise CaseFailure("malformed case: steps is not a list")
    state = game.from_setup(setup)
    if setup.get("to_act") is None:
        state = game.settle(state)
    elif not steps:
        raise CaseFailure("malformed case: steps may be empty only when to_act is null")
    for i, step in enumerate(steps):
        where = f"step {i}"
        if not isinstance(step, dict) or set(step) - {"seat", "action", "in_turn", "expect"} \
                or not {"seat", "action", "in_turn", "expect"} <= set(step):
            raise CaseFailure(f"malformed case: {where} needs exactly seat, action, in_turn, expect")
        checks = dict(step["expect"])
        if "ok" not in checks:
            raise CaseFailure(f"malformed case: {where} expect lacks \"ok\"")
        ok = checks.pop("ok")
        penalty = checks.pop("penalty", False)
        in_turn = step["in_turn"]
        if in_turn:
            state = game.settle(state)
        try:
            action = game.parse_action(step["action"])
        except ActionError as exc:
            if ok:
                raise CaseFailure(f"{where}: action unreadable: {exc}") from None
            _run_checks(game, game.settle(state), checks, where)
            continue
        seat = step["seat"]
        if ok:
            try:
                state = game.apply(state, action, seat, in_turn=in_turn)
            except IllegalAction as exc:
                raise CaseFailure(f"{where}: engine rejects {json.dumps(step['action'])}: {exc}") from None
        elif penalty:
            verdict = game.explain(state, action, seat, in_turn=in_turn)
            if verdict.legal:
                raise CaseFailure(f"{where}: engine accepts {json.dumps(step['action'])}, which must be illegal")
            state = game.attempt(state, action, seat, in_turn=in_turn)
        else:
            verdict = game.explain(state, action, seat, in_turn=in_turn)
            if verdict.legal:
                raise CaseFailure(f"{where}: engine accepts {json.dumps(step['action'])}, which must be illegal")
            before = state
            try:
                game.apply(state, action, seat, in_turn=in_turn)
                raise CaseFailure(f"{where}: apply accepted an action that explain rejects")
            except IllegalAction:
                pass
            if state != before:
                raise CaseFailure(f"{where}: a rejected action changed the state")
        _run_checks(game, game.settle(state), checks, where)
    _run_checks(game, game.settle(state), case.get("expect", {}), "final")


RUNNERS: dict[str, Callable[[Game, Mapping[str, Any]], None]] = {
    "legal": run_legal, "classify": run_classify, "score": run_score, "trick": run_trick, "steps": run_steps,
}


def run_case(case: Any) -> None:
    """Checks one case; raises ``CaseFailure`` with the reason if it fails."""
    if not isinstance(case, dict):
        raise CaseFailure("malformed case: not a JSON object")
    unknown = set(case) - CASE_KEYS
    if unknown:
        raise CaseFailure(f"malformed case: unknown key(s) {sorted(unknown)}")
    for key in ("id", "game", "kind", "rules", "description", "setup", "expect"):
        if key not in case:
            raise CaseFailure(f"malformed case: missing \"{key}\"")
    kind = case["kind"]
    if kind not in KINDS:
        raise CaseFailure(f"malformed case: unknown kind \"{kind}\"")
    if (kind == "steps") != ("steps" in case):
        raise CaseFailure("malformed case: \"steps\" belongs to kind steps only")
    if not isinstance(case["rules"], list) or not case["rules"]:
        raise CaseFailure("malformed case: rules must be a non-empty list")
    name = case["game"]
    if name not in KNOWN_NAMES:
        raise CaseFailure(f"malformed case: unknown game \"{name}\"")
    try:
        game = find_game(name)
    except KeyError:
        raise CaseFailure(f"game {name} not supported yet") from None
    if kind not in game.kinds:
        raise CaseFailure(f"kind {kind} not supported for game {name}")
    try:
        RUNNERS[kind](game, case)
    except CaseFailure:
        raise
    except (TutorError, CardError) as exc:
        raise CaseFailure(f"setup rejected: {exc}") from None
    except Exception as exc:  # a runner never crashes on one case
        raise CaseFailure(f"engine error: {type(exc).__name__}: {exc}") from None


def run_files(paths: Iterable[str], out: Callable[[str], None] = print) -> tuple[int, int]:
    """Runs every case of every file, printing one line per case and the closing summary."""
    passed = failed = 0
    for path in paths:
        try:
            cases = parse_json_text(read_text_file(path), path)  # bounded: tutor/limits.py
            if not isinstance(cases, list):
                raise InputError(path, "error.input.not_case_list")
        except InputError as exc:
            out(f"FAIL {exc}")
            failed += 1
            continue
        for index, case in enumerate(cases):
            cid = case.get("id") if isinstance(case, dict) else None
            name = cid if isinstance(cid, str) and cid else f"{path}#{index}"
            try:
                run_case(case)
            except CaseFailure as exc:
                out(f"FAIL {name}: {' '.join(str(exc).split())}")
                failed += 1
            else:
                out(f"PASS {name}")
                passed += 1
    out(f"{passed} passed, {failed} failed")
    return passed, failed
