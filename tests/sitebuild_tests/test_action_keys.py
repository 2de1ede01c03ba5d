"""One definition of "the same action": the page's ``actionKey`` (site/static/table.js, as written and
as minified) computes exactly the text of Python's ``tutor.actions.action_key``, which the golden
runner (``Game.normalize_action``) and the build (``sitebuild/lessons.py``) use.

Both run over every action the build keys in every lesson (answers, likely mistakes, every legal
action at each decision, the bots' hints), every action of every golden case (expected legal and
illegal ones, steps, and the engine's legal set at each legal case), and a few hand-made edge cases.
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import build
import sitebuild.lessons as lessons
from tools import minify
from tutor.actions import LET_GO, action_key
from tutor.errors import NotBuiltYet
from tutor.registry import BUILT_NAMES, find_game

pytestmark = pytest.mark.cpython_only
ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "rules" / "golden"  # the copy of ../shared/rules/golden
TABLE_JS = ROOT / "site" / "static" / "table.js"

EDGE = [
    "PASS", LET_GO, "pass", ["S-3#1", "H-3#2"], ["PHOENIX=8", "S-8"], ["BJ", "RJ", "S-10"], ["JOKER=H-7"],
    {"cards": ["S-4", "H-4"], "type": "pair"}, {"bid": 2}, {"bid": [13, "S"]}, {"bid": ["S", 13]},
    {"k_greed": {}}, {"k_greed": []}, {"x": [["a", 1], ["b", 2]]}, {"x": {"b": [3, 1, 2], "a": None}},
    {"x": [{"b": 1}, {"a": 2}, [], {}]}, {"wish": None}, {"grand": True}, {"x": "S-2#1"}, {"x": "ツ\"\\"},
    {"exchange": {"3": "H-3", "1": "S-2", "2": "DRAGON"}}, {"discard": ["S-9", "C-2", "D-4"]}, {"x": [True, False, 0, -1]},
]

NODE_SCRIPT = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const mod = await import(pathToFileURL(process.argv[2]).href);
const items = JSON.parse(readFileSync(0, "utf8"));
const keys = items.map(([suitsMatter, action]) => {
  mod.configure({ strings: {}, lang: "en", phases: [], suitsMatter, game: "" });
  return mod.actionKey(action);
});
process.stdout.write(JSON.stringify(keys));
"""


def lesson_actions(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """Every action the build keys while computing every lesson (it calls ``action_key`` for each)."""
    seen: list[tuple[str, Any]] = []

    def recording(game: Any, data: Any) -> str:
        seen.append((game.name, data))
        return action_key(game, data)

    monkeypatch.setattr(lessons, "action_key", recording)
    for lang in build.LANGS:
        for game in build.GAMES:
            if (ROOT / "lessons" / lang / game).is_dir():
                for lesson in lessons.load_course(ROOT / "lessons", lang, game):
                    lessons.compute_lesson(lesson)
    monkeypatch.undo()
    return seen


def golden_actions() -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for path in sorted(GOLDEN.glob("*.json")):
        for case in json.loads(path.read_text("utf-8")):
            name = case.get("game")
            game = game_of(name)  # a game not built yet: its actions still run through both
            expect = case.get("expect", {})
            out += [(name, a) for a in expect.get("legal", []) + expect.get("illegal", [])]
            out += [(name, s["action"]) for s in case.get("steps", []) if isinstance(s, dict) and "action" in s]
            if game is not None and case.get("kind") == "legal":
                setup = case["setup"]
                try:
                    state = game.from_setup(setup)
                except NotBuiltYet:  # a variant not built yet (Daifugo's cut-in game): its listed actions only
                    continue
                seat = setup["to_act"]
                actions = game.legal_actions(state, seat, in_turn=setup.get("in_turn", True))
                out += [(name, game.action_to_json(a)) for a in list(actions) + list(game.side_actions(state, seat))]
    return out


def game_of(name: str) -> Any:
    """The game, or None for one not built yet (its actions are keyed with suits kept)."""
    try:
        return find_game(name)
    except KeyError:
        return None


def js_keys(script_dir: Path, module: Path, items: list[tuple[bool, Any]]) -> list[str]:
    runner = script_dir / "keys.mjs"
    runner.write_text(NODE_SCRIPT, "utf-8")
    proc = subprocess.run(["node", str(runner), str(module)], input=json.dumps(items), capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def actions() -> list[tuple[str, Any]]:
    mp = pytest.MonkeyPatch()
    try:
        collected = lesson_actions(mp) + golden_actions()
    finally:
        mp.undo()
    games = BUILT_NAMES
    collected += [(g, a) for g in games for a in EDGE]
    unique = {(g, json.dumps(a, sort_keys=True)): (g, a) for g, a in collected}
    return list(unique.values())


@pytest.mark.parametrize("minified", [False, True])
def test_the_page_computes_the_same_keys_as_python(tmp_path: Path, actions: list[tuple[str, Any]],
                                                  minified: bool) -> None:
    assert shutil.which("node"), "node is missing: ./dev test installs it"
    source = TABLE_JS.read_text("utf-8")
    module = tmp_path / "table.mjs"
    module.write_text(minify.js(source) if minified else source, "utf-8")
    assert any(g == "tichu" and isinstance(a, dict) and "exchange" in a for g, a in actions)
    assert len(actions) > 3000, len(actions)  # lessons' legal sets, the exchanges, golden cases
    games = {name: game_of(name) for name, _ in actions}
    got = js_keys(tmp_path, module, [(games[g].suits_matter if games[g] else True, a) for g, a in actions])
    want = [action_key(games[g], a) for g, a in actions]
    diff = [(g, a, p, j) for (g, a), p, j in zip(actions, want, got) if p != j]
    assert not diff, diff[:10]


def test_the_build_and_the_golden_runner_use_the_one_key() -> None:
    for name in BUILT_NAMES:
        game = find_game(name)
        for data in EDGE:
            assert lessons.action_key(game, data) == game.normalize_action(data) == action_key(game, data)
