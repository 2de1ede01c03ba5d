"""What the fuzz tests share: hostile JSON values, the golden setups of every registered game to
mutate, and the contract every answer to bad input keeps (issue 13).

The contract: bad input gets a clear message naming what is wrong (exit status 2 from the
command line, ``{"ok": false, ...}`` from the bridge); never a traceback, a hang, a changed
state, or a message in Python's words instead of ours.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from tutor.errors import NotBuiltYet
from tutor.registry import BUILT_NAMES, golden_file

ROOT = Path(__file__).resolve().parents[2]
#: examples per fuzz test: the CI floor, raised with CARDTUTOR_FUZZ (e.g. 5000)
EXAMPLES = max(150, int(os.environ.get("CARDTUTOR_FUZZ", "150")))

#: Python's words that must never reach a learner, a teacher or a script as a message
PYTHON_WORDS = re.compile(r"unhashable|NoneType|object has no attribute|not subscriptable|codec can't|"
                          r"invalid literal|Traceback|KeyError|TypeError|AttributeError|IndexError|"
                          r"got None\b|takes \d+ positional|<class |object at 0x|Exceeds the limit|"
                          r"maximum recursion|int_max_str_digits")


def assert_clear(message: Any, where: str = "") -> None:
    """A message for bad input: text, not empty, one paragraph, in our words."""
    assert isinstance(message, str) and message.strip(), (where, message)
    assert not PYTHON_WORDS.search(message), f"{where}: a message in Python's words: {message}"
    assert len(message) < 2000, f"{where}: a message of {len(message)} characters"


def assert_refused(reply: Any, where: str = "") -> None:
    """A bridge answer that refuses: ok false, a clear error or a verdict with rule IDs; never
    marked internal (an exception nobody foresaw). An error is a message key with parameters,
    and its text is clear in Japanese too (the page's other language)."""
    assert isinstance(reply, dict) and reply.get("ok") is False, (where, reply)
    assert not reply.get("internal"), f"{where}: {reply.get('error')}"
    if "verdict" in reply:
        assert reply["verdict"]["legal"] is False and reply["verdict"]["rule_ids"], (where, reply)
        assert_clear(reply["verdict"]["text"], where)
    else:
        assert_clear(reply.get("error"), where)
        assert_clear_in_japanese(reply, where)


JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
UNFILLED = re.compile(r"\{\w+(?::[^{}]*)?\}")


def assert_clear_in_japanese(reply: dict[str, Any], where: str = "") -> None:
    """A refusal's ``error_key`` and ``error_params`` give a clear Japanese text: the catalog has
    the key, every placeholder is filled, and the words are ours."""
    from tutor.errors import TutorError
    from tutor.messages import catalog
    key, params = reply.get("error_key"), reply.get("error_params")
    assert isinstance(key, str) and key in catalog("ja") and isinstance(params, dict), (where, reply)
    json.dumps(params)  # JSON-ready
    text = TutorError(key, path=reply.get("error_path", ""), **params).text("ja")
    assert_clear(text, where)
    # an unfilled placeholder is ours; braces the input brought in (a move written {"{0}": null},
    # quoted back in the message) are not
    ours = text
    for value in params.values():
        if isinstance(value, str):
            ours = ours.replace(value, "")
    assert JAPANESE.search(text) and not UNFILLED.search(ours), (where, text)


def assert_answer(reply: Any, where: str = "") -> None:
    """Any bridge answer: an object with ``ok``; when refused, refused clearly."""
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), (where, reply)
    if reply["ok"] is False:
        assert_refused(reply, where)
    json.dumps(reply)  # JSON-ready


# --------------------------------------------------------------------------- values
SCALARS = st.one_of(
    st.none(), st.booleans(),
    st.integers(-10, 60), st.integers(), st.sampled_from([2 ** 63, -(2 ** 63) - 1, 10 ** 30, 10 ** 400]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["PASS", "LET_GO", "S-3", "H-10", "PHOENIX", "JOKER", "RJ", "D-11", "S-3=H-4", "ja", "en",
                     "tichu", "napoleon", "doudizhu", "play", "auction", "\ud800", "x" * 300, "", " ", "0", "-1"]),
)
JSON_VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)), max_leaves=12)


def nested(depth: int, leaf: Any = 1) -> Any:
    """A list nested ``depth`` deep, built without recursion."""
    value: Any = leaf
    for _ in range(depth):
        value = [value]
    return value


# --------------------------------------------------------------------------- setups
def golden_setups() -> list[dict[str, Any]]:
    """Every golden position of every registered game (the setups a scenario loader takes), with
    its ``game``: real positions to start mutating from."""
    from tutor.scenario import load_scenario
    out = []
    for name in BUILT_NAMES:
        cases = json.loads((ROOT / "rules" / golden_file(name)).read_text("utf-8"))
        for case in cases:
            if case.get("game") != name:  # a file shared by several games (minor.json)
                continue
            if case.get("kind") in ("legal", "steps") and isinstance(case.get("setup"), dict):
                scenario = {"game": name, **case["setup"]}
                try:
                    load_scenario(scenario)  # each one loads as it stands
                except NotBuiltYet:  # a variant not built yet (Daifugo's cut-in game)
                    continue
                out.append(scenario)
    # every game with positions (the 2d6 check has none: its cases are computations)
    from tutor.registry import find_game
    assert {s["game"] for s in out} == {n for n in BUILT_NAMES if {"legal", "steps"} & set(find_game(n).kinds)}
    return out


SETUPS = golden_setups()


@st.composite
def mutated_setups(draw: st.DrawFn) -> dict[str, Any]:
    """A real setup with one to three changes: a key replaced by any JSON value, removed, an
    optional key of another setup added, a list grown, a nested value changed."""
    setup = json.loads(json.dumps(draw(st.sampled_from(SETUPS))))
    keys_seen = sorted({k for s in SETUPS if s["game"] == setup["game"] for k in s})
    for _ in range(draw(st.integers(1, 3))):
        path = _pick_path(draw, setup)
        parent, key = path
        how = draw(st.sampled_from(["replace", "delete", "grow", "add"]))
        if how == "add":
            setup[draw(st.sampled_from(keys_seen + ["seed", "wish", "target_score"]))] = draw(JSON_VALUES)
        elif how == "delete" and isinstance(parent, dict) and key != "game":
            parent.pop(key, None)
        elif how == "grow" and isinstance(parent[key], list):
            parent[key] = parent[key] * draw(st.integers(2, 6))
        elif key != "game" or draw(st.booleans()):
            parent[key] = draw(JSON_VALUES)
    return setup


def _pick_path(draw: st.DrawFn, value: Any) -> tuple[Any, Any]:
    """A (container, key) somewhere inside ``value``."""
    parent, key = value, draw(st.sampled_from(sorted(value)))
    while isinstance(parent[key], (dict, list)) and parent[key] and draw(st.booleans()):
        parent = parent[key]
        key = draw(st.sampled_from(sorted(parent))) if isinstance(parent, dict) else draw(
            st.integers(0, len(parent) - 1))
    return parent, key
