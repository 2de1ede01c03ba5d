"""The page's link formats and progress schemas, run in Node (site/static/links.js, progress.js),
as written and as minified: old links and old stored progress are read in today's format, newer
ones are refused (links) or left alone (progress), never misread.
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tools import minify

pytestmark = pytest.mark.cpython_only
ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "site" / "static"

RUNNER = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const mod = await import(pathToFileURL(process.argv[2]).href);
const calls = JSON.parse(readFileSync(0, "utf8"));
const out = calls.map(([name, args]) => {
  const value = mod[name](...args);
  if (value && value.params instanceof URLSearchParams) return { ...value, params: [...value.params] };
  if (value && value.done instanceof Set) return { ...value, done: [...value.done].sort() };
  return value;
});
process.stdout.write(JSON.stringify(out));
"""

#: a table as a rebuild would leave it after renaming things twice
TABLE = {"current": 3, "steps": [
    {"version": 2, "game": "doudizhu", "flags": {"chuntian": "spring_bonus"}, "presets": {"web": "online"},
     "values": {"first_bidder": {"holder": "marker"}}},
    {"version": 2, "game": "tichu", "flags": {"chuntian": "grand_tichu"}},
    {"version": 3, "game": "doudizhu", "flags": {"spring_bonus": "spring"}},
]}


def run(module_name: str, calls: list[tuple[str, list[Any]]], tmp_path: Path, minified: bool) -> list[Any]:
    assert shutil.which("node"), "node is missing: ./dev test installs it"
    source = (STATIC / module_name).read_text("utf-8")
    module = tmp_path / module_name.replace(".js", ".mjs")
    module.write_text(minify.js(source) if minified else source, "utf-8")
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER, "utf-8")
    proc = subprocess.run(["node", str(runner), str(module)], input=json.dumps(calls), capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


@pytest.mark.parametrize("minified", [False, True])
def test_links_are_read_in_the_current_format(tmp_path: Path, minified: bool) -> None:
    cases = [
        # (query, game, table) → expected params (or error key), version
        ("?seed=5&seat=1", "doudizhu", TABLE, [["seed", "5"], ["seat", "1"]], 1),
        ("?v=1&seed=5&chuntian=true&preset=web&first_bidder=holder", "doudizhu", TABLE,
         [["seed", "5"], ["preset", "online"], ["first_bidder", "marker"], ["spring", "true"]], 1),
        ("?v=2&spring_bonus=true", "doudizhu", TABLE, [["spring", "true"]], 2),
        ("?v=3&spring=true", "doudizhu", TABLE, [["spring", "true"]], 3),
        ("?v=3&chuntian=true", "doudizhu", TABLE, [["chuntian", "true"]], 3),  # not renamed: unknown later
        ("?chuntian=false", "tichu", TABLE, [["grand_tichu", "false"]], 1),  # each game its own steps
        ("?v=1&seed=5&moves=1.AbC-_", "doudizhu", None, [["seed", "5"], ["moves", "1.AbC-_"]], 1),
    ]
    errors = [
        ("?v=4", "doudizhu", TABLE, "url_newer_version", {"version": 4, "current": 3}),
        ("?v=999&seed=1", "doudizhu", {"current": 1, "steps": []}, "url_newer_version", {"version": 999, "current": 1}),
        ("?v=two", "doudizhu", TABLE, "url_bad_version", {"value": "two"}),
        ("?v=0", "doudizhu", TABLE, "url_bad_version", {"value": "0"}),
        ("?v=1&v=2", "doudizhu", TABLE, "url_bad_version", {"value": "1, 2"}),
        ("?v=2&spring_bonus=true&spring=false", "doudizhu", TABLE, "url_renamed_twice",
         {"old": "spring_bonus", "name": "spring"}),
    ]
    calls = [("upgradeQuery", [q, g, t]) for q, g, t, *_ in cases + errors]
    calls += [("writeQuery", [[["seed", "5"], ["moves", "1.x"]], TABLE]), ("writeQuery", [[], None])]
    got = run("links.js", calls, tmp_path, minified)
    for (query, _, _, params, version), answer in zip(cases, got):
        assert answer == {"params": params, "version": version}, query
    for (query, _, _, key, params), answer in zip(errors, got[len(cases):]):
        assert answer == {"error": {"key": key, "params": params}}, query
    assert got[-2:] == ["?v=3&seed=5&moves=1.x", "?v=1"]


@pytest.mark.parametrize("minified", [False, True])
def test_stored_progress_is_migrated(tmp_path: Path, minified: bool) -> None:
    renames = {"ddz-old-cards": "ddz-cards", "ddz-older": "ddz-old-cards", "loop-a": "loop-b", "loop-b": "loop-a"}
    v2 = lambda *keys: json.dumps({"v": 2, "done": list(keys)}, separators=(",", ":"))  # noqa: E731
    cases = [
        # stored, legacy → done, write, dropLegacy, newer
        (None, None, [], None, False, False),
        (None, '["ddz-cards","ddz-auction"]', ["ddz-auction", "ddz-cards"], v2("ddz-cards", "ddz-auction"), True, False),
        (None, '["ddz-older", 7, null]', ["ddz-cards"], v2("ddz-cards"), True, False),
        (None, "not json", [], v2(), True, False),
        (v2("ddz-cards"), None, ["ddz-cards"], None, False, False),
        (v2("ddz-old-cards"), None, ["ddz-cards"], v2("ddz-cards"), False, False),
        (v2("ddz-cards"), '["tichu-wish"]', ["ddz-cards", "tichu-wish"], v2("ddz-cards", "tichu-wish"), True, False),
        (v2("loop-a"), None, ["loop-a"], None, False, False),
        ('{"v":3,"lessons":{"ddz-cards":{"done":true}},"done":["ddz-cards"]}', '["x"]', ["ddz-cards"], None, False, True),
        ('{"v":2,"done":"oops"}', None, [], v2(), False, False),
    ]
    calls = [("migrateProgress", [stored, legacy, renames]) for stored, legacy, *_ in cases]
    calls += [("withDone", [["ddz-cards"], "ddz-auction"]), ("withDone", [["ddz-cards"], "ddz-cards"])]
    got = run("progress.js", calls, tmp_path, minified)
    for (stored, legacy, done, write, drop, newer), answer in zip(cases, got):
        assert answer == {"done": sorted(done), "write": write, "dropLegacy": drop, "newer": newer}, (stored, legacy)
    assert got[-2:] == [v2("ddz-cards", "ddz-auction"), v2("ddz-cards")]
