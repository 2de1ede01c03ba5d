"""Class sets (issue 23), run in Node (site/static/classset.js), as written and as minified: a set
survives its link (every kind of item, any title), a tampered link gets the message naming what is
wrong (a bad or newer format, a damaged or too long code, an unknown game, lesson, kind or setting,
a bad moves code), a quiz round of a set asks the same questions every time, and the student's
progress is kept per set, only for the set's own work.
"""
from __future__ import annotations

import base64
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
const out = [];
for (const [name, args] of calls) {
  if (name === "fixedExercise") {  // a fake engine: {"kind:seed": exercise}; what was asked is kept
    const [made, round, index, used] = args;
    const asked = [];
    const call = async (request) => {
      asked.push(`${request.kind}:${request.seed}`);
      return { exercise: made[`${request.kind}:${request.seed}`] ?? null };
    };
    out.push({ exercise: await mod.fixedExercise(call, round, index, new Set(used)), asked });
  } else if (name === "roundTrip") {  // encode, then read back
    out.push(mod.decodeSet(mod.encodeSet(args[0])));
  } else {
    out.push(await mod[name](...args));
  }
}
process.stdout.write(JSON.stringify(out));
"""


def run(calls: list[tuple[str, list[Any]]], tmp_path: Path, minified: bool) -> list[Any]:
    assert shutil.which("node"), "node is missing: ./dev test installs it"
    for name in ("classset.js", "links.js"):  # classset.js imports links.js
        source = (STATIC / name).read_text("utf-8")
        (tmp_path / name).write_text(minify.js(source) if minified else source, "utf-8")
    (tmp_path / "package.json").write_text('{"type": "module"}', "utf-8")
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER, "utf-8")
    proc = subprocess.run(["node", str(runner), str(tmp_path / "classset.js")], input=json.dumps(calls),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def code_of(value: Any) -> str:
    """A set code made here, the way the format says (base64url of the UTF-8 of the JSON)."""
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


#: two games as the pages' data describes them (build.py build_class_sets), the lessons renamed once
CATALOG = [
    {"game": "doudizhu", "title": "Dou Dizhu",
     "lessons": [{"key": "ddz-cards", "slug": "01-cards", "title": "The cards"},
                 {"key": "ddz-auction", "slug": "02-auction", "title": "The auction"}],
     "kinds": [{"name": "legal", "title": "Is this move allowed?"}, {"name": "pick", "title": "Pick one"},
               {"name": "stake", "title": "The stake"}],
     "flags": [{"name": "players", "default": 3, "choices": [3, 4]},
               {"name": "spring", "default": True, "choices": None},
               {"name": "first_bidder", "default": "random", "choices": ["random", "marker"]},
               {"name": "max_bid", "default": 3, "choices": None}],
     "presets": [{"name": "seed", "title": "Standard", "values": {}, "players": [3, 4]},
                 {"name": "four", "title": "Four players", "values": {"players": 4}, "players": [4]}],
     "default_preset": "seed",
     "links": {"current": 2, "steps": [{"version": 2, "game": "doudizhu", "flags": {"chuntian": "spring"}}]}},
    {"game": "dice", "title": "2d6 check", "lessons": [], "kinds": [{"name": "chance", "title": "Chance"}],
     "flags": [{"name": "snake_eyes", "default": False, "choices": None}],
     "presets": [{"name": "seed", "title": "Standard", "values": {}, "players": []}],
     "default_preset": "seed", "links": {"current": 1, "steps": []}},
]
RENAMES = {"ddz-old-cards": "ddz-cards"}
SET = {"title": "2年B組：闘地主 & dice", "items": [
    {"type": "lesson", "game": "doudizhu", "key": "ddz-cards"},
    {"type": "quiz", "game": "doudizhu", "kinds": ["legal", "pick"], "seed": 7, "count": 5},
    {"type": "practice", "game": "doudizhu", "query": "v=1&seed=5&seat=1&players=4"},
    {"type": "practice", "game": "dice", "query": "v=1&seed=3&seat=0&moves=1.i0ZVAI1ew1pUoyEBYQz2EciVsQA"},
]}


@pytest.mark.parametrize("minified", [False, True])
def test_a_set_survives_its_link(tmp_path: Path, minified: bool) -> None:
    calls = [("roundTrip", [SET]), ("encodeSet", [SET]), ("setQuery", [SET]),
             ("readSetLink", ["?v=1&s=" + code_of({"t": SET["title"], "i": [
                 ["L", "doudizhu", "ddz-old-cards"], ["Q", "doudizhu", ["legal", "pick", "legal"], 7, 5],
                 ["P", "doudizhu", "v=1&seed=5&seat=3&chuntian=false&preset=four"], ["P", "dice", "seed=x-1&snake_eyes=on"]]}),
                              CATALOG, RENAMES, {"moves_code": 20000}])]
    got = run(calls, tmp_path, minified)
    assert got[0] == {"set": SET}
    code = got[1]
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    # the format as documented: base64url of the UTF-8 JSON, item by item
    assert json.loads(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)).decode("utf-8")) == {
        "t": SET["title"], "i": [["L", "doudizhu", "ddz-cards"], ["Q", "doudizhu", ["legal", "pick"], 7, 5],
                                 ["P", "doudizhu", "v=1&seed=5&seat=1&players=4"], ["P", "dice", SET["items"][3]["query"]]]}
    assert got[2] == f"?v=1&s={code}"
    read = got[3]
    assert len(read["id"]) >= 6 and read["set"]["title"] == SET["title"]
    lesson, quiz, deal, dice = read["items"]
    assert (lesson["key"], lesson["slug"], lesson["title"]) == ("ddz-cards", "01-cards", "The cards")  # renamed since
    assert quiz["kinds"] == ["legal", "pick"] and quiz["seed"] == 7 and quiz["count"] == 5
    # a link of an older format is read through the migrations (chuntian → spring), typed like the flag
    assert deal["setup"] == {"seed": "5", "seat": 3, "preset": "four", "flags": {"spring": False}, "moves": None}
    assert dice["setup"] == {"seed": "x-1", "seat": 0, "preset": "seed", "flags": {"snake_eyes": True}, "moves": None}


@pytest.mark.parametrize("minified", [False, True])
def test_tampered_links_are_named(tmp_path: Path, minified: bool) -> None:
    good = code_of({"t": "", "i": [["L", "doudizhu", "ddz-cards"]]})
    item = lambda *items: "?v=1&s=" + code_of({"t": "x", "i": list(items)})  # noqa: E731
    cases = [
        ("?v=2&s=" + good, {"key": "url_newer_version", "params": {"version": 2, "current": 1}}),
        ("?v=one&s=" + good, {"key": "url_bad_version", "params": {"value": "one"}}),
        ("?v=1&v=1&s=" + good, {"key": "url_bad_version", "params": {"value": "1, 1"}}),
        ("?v=1", {"key": "set_no_code", "params": {}}),
        ("?v=1&s=" + good[:-7] + "%25" + good[-6:], {"key": "set_bad_char", "params": {"value": "%", "at": len(good) - 6}}),
        ("?v=1&s=" + good[:-5], {"key": "set_bad_code", "params": {}}),  # cut short when copied
        ("?v=1&s=bm90IGEgc2V0", {"key": "set_bad_code", "params": {}}),  # "not a set"
        ("?v=1&s=" + code_of([1, 2]), {"key": "set_bad_code", "params": {}}),
        ("?v=1&s=" + "A" * 8001, {"key": "set_code_too_long", "params": {"n": 8001, "limit": 8000}}),
        ("?v=1&s=" + code_of({"t": "x", "i": []}), {"key": "set_no_items", "params": {}}),
        ("?v=1&s=" + code_of({"t": "x" * 81, "i": [["L", "dice", "x"]]}), {"key": "set_bad_title", "params": {"max": 80}}),
        ("?v=1&s=" + code_of({"t": "x", "i": [["L", "dice", "x"]] * 31}), {"key": "set_too_many", "params": {"n": 31, "max": 30}}),
        (item(["L", "doudizhu", "ddz-cards"], ["X", "doudizhu"]), {"key": "set_bad_item", "params": {"item": 2}}),
        (item(["Q", "doudizhu", "legal", 1, 5]), {"key": "set_bad_item", "params": {"item": 1}}),
    ]
    in_item = [
        (item(["L", "chess", "x"]), 1, "url_unknown_game", {"value": "chess", "known": "doudizhu, dice"}),
        (item(["L", "doudizhu", "ddz-cards"], ["L", "doudizhu", "ddz-nothing"]), 2, "url_unknown_lesson",
         {"game": "Dou Dizhu", "value": "ddz-nothing"}),
        (item(["Q", "doudizhu", ["legal", "wish"], 1, 5]), 1, "url_bad_kind", {"value": "wish", "known": "legal, pick, stake"}),
        (item(["Q", "doudizhu", [], 1, 5]), 1, "url_bad_kind", {"value": "", "known": "legal, pick, stake"}),
        (item(["Q", "doudizhu", ["legal"], 1, 21]), 1, "url_bad_count", {"value": "21", "max": 20}),
        (item(["Q", "doudizhu", ["legal"], -1, 5]), 1, "url_bad_quiz_seed", {"value": "-1", "max": 999999}),
        (item(["P", "doudizhu", "v=1&seed=5&colour=red"]), 1, "url_unknown_param",
         {"name": "colour", "known": "v, game, seed, seat, hints, chances, moves, preset, players, spring, first_bidder, max_bid"}),
        (item(["P", "doudizhu", "v=3&seed=5"]), 1, "url_newer_version", {"version": 3, "current": 2}),
        (item(["P", "doudizhu", "seed=5&seat=3"]), 1, "url_bad_seat", {"value": "3", "max": 2}),
        (item(["P", "doudizhu", "seed=5&seat=3&players=4"]), None, None, None),  # four players: seat 3 is there
        (item(["P", "doudizhu", "preset=five"]), 1, "url_bad_preset", {"value": "five", "known": "seed, four"}),
        (item(["P", "doudizhu", "seed=a b"]), 1, "url_bad_seed", {"value": "a b"}),
        (item(["P", "doudizhu", "seed=5&moves=1.abc%21"]), 1, "url_bad_moves", {"value": "1.abc!"}),
        (item(["P", "doudizhu", "seed=5&moves=1." + "a" * 30 + "*"]), 1, "url_bad_moves", {"value": "1." + "a" * 22 + "…"}),
        (item(["P", "doudizhu", "first_bidder=dealer"]), 1, "url_bad_flag",
         {"name": "first_bidder", "value": "dealer", "known": "random, marker"}),
        (item(["P", "doudizhu", "spring=maybe"]), 1, "url_bad_flag", {"name": "spring", "value": "maybe", "known": "true, false"}),
        (item(["P", "doudizhu", "hints=sometimes"]), 1, "url_bad_hints", {"value": "sometimes"}),
        (item(["P", "doudizhu", "game=dice"]), 1, "url_wrong_game", {"game": "Dou Dizhu", "value": "dice"}),
    ]
    calls = [("readSetLink", [q, CATALOG, RENAMES, {"moves_code": 20000}]) for q, _ in cases]
    calls += [("readSetLink", [q, CATALOG, RENAMES, {"moves_code": 20000}]) for q, *_ in in_item]
    calls += [("readSetLink", [item(["P", "doudizhu", "seed=5&moves=1." + "a" * 50]), CATALOG, {}, {"moves_code": 40}])]
    calls += [("errorText", [{"key": "set_item_error", "params": {"item": 2, "error": {"key": "url_bad_seat", "params": {"value": "9", "max": 2}}}},
                             {"set_item_error": "item {item}: {error}", "url_bad_seat": "seat must be 0 to {max}, not {value}"}])]
    got = run(calls, tmp_path, minified)
    for (query, error), answer in zip(cases, got):
        assert answer == {"error": error}, query
    for (query, index, key, params), answer in zip(in_item, got[len(cases):]):
        if key is None:
            assert "items" in answer, query
        else:
            assert answer == {"error": {"key": "set_item_error", "params": {"item": index, "error": {"key": key, "params": params}}}}, query
    assert got[-2]["error"]["params"]["error"] == {"key": "url_moves_too_long", "params": {"n": 52, "limit": 40}}
    assert got[-1] == "item 2: seat must be 0 to 2, not 9"


@pytest.mark.parametrize("minified", [False, True])
def test_item_pages_and_their_marks(tmp_path: Path, minified: bool) -> None:
    items = [{"type": "lesson", "game": "doudizhu", "key": "ddz-cards", "slug": "01-cards"},
             {"type": "quiz", "game": "doudizhu", "kinds": ["legal", "pick"], "seed": 7, "count": 5},
             {"type": "practice", "game": "dice", "query": "v=1&seed=3&seat=0"}]
    calls = [("itemPath", [item, i, "abc123"]) for i, item in enumerate(items)]
    calls += [("setContext", ["?v=1&seed=3&set=abc123&item=3"]), ("setContext", ["?set=abc123&item=0"]),
              ("setContext", ["?set=ABC&item=1"]), ("setContext", ["?seed=3"]),
              ("withoutSet", ["?v=1&seed=3&set=abc123&item=3"]), ("withoutSet", ["?set=abc123&item=3"]),
              ("setSuffix", ["?v=1&set=abc123&item=3"]), ("setSuffix", ["?v=1"]),
              ("quizRound", ["?rules=DDZ-CMP-1", ["legal", "pick"]]),
              ("quizRound", ["?kinds=pick,legal,pick&seed=12&n=3&set=abc&item=2", ["legal", "pick"]]),
              ("quizRound", ["?seed=12", ["legal", "pick"]]),
              ("quizRound", ["?kinds=legal,wish&seed=1&n=3", ["legal", "pick"]]),
              ("quizRound", ["?kinds=legal&seed=1&n=50", ["legal", "pick"]]),
              ("setId", ["abc"]), ("setId", ["abc"]), ("setId", ["abd"])]
    got = run(calls, tmp_path, minified)
    assert got[:3] == ["doudizhu/01-cards.html?set=abc123&item=1",
                       "doudizhu/quiz.html?kinds=legal,pick&seed=7&n=5&set=abc123&item=2",
                       "dice/practice.html?v=1&seed=3&seat=0&set=abc123&item=3"]
    assert got[3:7] == [{"id": "abc123", "item": 3}, None, None, None]
    assert got[7:11] == ["?v=1&seed=3", "", "&set=abc123&item=3", ""]
    assert got[11] is None  # a quiz of the mastery page: no fixed round
    assert got[12] == {"fixed": {"kinds": ["pick", "legal"], "seed": 12, "count": 3}}
    assert got[13] == {"fixed": {"kinds": ["legal", "pick"], "seed": 12, "count": 10}}
    assert got[14] == {"error": {"key": "url_bad_kind", "params": {"value": "wish", "known": "legal, pick"}}}
    assert got[15] == {"error": {"key": "url_bad_count", "params": {"value": "50", "max": 20}}}
    assert got[16] == got[17] != got[18]


@pytest.mark.parametrize("minified", [False, True])
def test_a_set_round_asks_the_same_questions(tmp_path: Path, minified: bool) -> None:
    round_ = {"kinds": ["legal", "pick"], "seed": 7, "count": 3}
    made = {"legal:7000": {"key": "L1"}, "pick:7024": None, "pick:7025": {"key": "P1"},
            "legal:7048": {"key": "L1"}, "legal:7049": {"key": "L2"}}
    calls = [("fixedExercise", [made, round_, 0, []]), ("fixedExercise", [made, round_, 1, ["L1"]]),
             ("fixedExercise", [made, round_, 2, ["L1", "P1"]]), ("fixedExercise", [made, round_, 0, []]),
             ("fixedExercise", [{}, {"kinds": ["legal"], "seed": 1, "count": 1}, 0, []])]
    got = run(calls, tmp_path, minified)
    assert got[0] == {"exercise": {"key": "L1"}, "asked": ["legal:7000"]}
    assert got[1] == {"exercise": {"key": "P1"}, "asked": ["pick:7024", "pick:7025"]}  # no question from a seed: the next
    assert got[2] == {"exercise": {"key": "L2"}, "asked": ["legal:7048", "legal:7049"]}  # a question asked already: the next
    assert got[3] == got[0]  # the same round, the same questions
    assert got[4]["exercise"] is None and len(got[4]["asked"]) == 24


@pytest.mark.parametrize("minified", [False, True])
def test_progress_is_kept_per_set(tmp_path: Path, minified: bool) -> None:
    empty = {"v": 1, "sets": {}, "newer": False}
    entry = {"code": "abc", "title": "T", "paths": ["a", "b"]}
    deal_item = {"type": "practice", "game": "dice", "setup": {"seed": "3", "seat": 0, "preset": "seed",
                                                              "flags": {"snake_eyes": True}, "moves": None}}
    played = {"seed": "3", "seat": 0, "preset": "seed", "flags": {"snake_eyes": True, "players": 1}, "moves": None}
    quiz_item = {"type": "quiz", "game": "doudizhu", "kinds": ["legal", "pick", "legal"], "seed": 7, "count": 5}
    calls = [
        ("parseStore", [None]), ("parseStore", ["not json"]), ("parseStore", ['{"v":9,"sets":{"x":{"code":"c","done":{"0":{"done":true},"zz":1}}}}']),
        ("rememberSet", [empty, "s1", entry, 5]),
        ("recordResult", [{**empty, "sets": {"s1": {**entry, "seen": 5, "done": {}}}}, "s1", 1, {"type": "quiz", "right": 3, "n": 5}, 9]),
        ("recordResult", [{**empty, "sets": {"s1": {**entry, "seen": 5, "done": {"1": {"done": True, "right": 4, "n": 5}}}}},
                          "s1", 1, {"type": "quiz", "right": 2, "n": 5}, 9]),
        ("recordResult", [empty, "nope", 0, {"type": "lesson"}, 9]),
        ("matches", [{"type": "lesson", "game": "doudizhu", "key": "ddz-old-cards"}, {"type": "lesson", "game": "doudizhu", "key": "ddz-cards"}, RENAMES]),
        ("matches", [{"type": "lesson", "game": "doudizhu", "key": "ddz-cards"}, {"type": "lesson", "game": "doudizhu", "key": "ddz-auction"}, {}]),
        ("matches", [quiz_item, {"type": "quiz", "game": "doudizhu", "fixed": {"kinds": ["legal", "pick"], "seed": 7, "count": 5}}, {}]),
        ("matches", [quiz_item, {"type": "quiz", "game": "doudizhu", "fixed": {"kinds": ["legal", "pick"], "seed": 8, "count": 5}}, {}]),
        ("matches", [quiz_item, {"type": "quiz", "game": "doudizhu"}, {}]),  # an ordinary round of the quiz
        ("matches", [deal_item, {"type": "practice", "game": "dice", "settings": played}, {}]),
        ("matches", [deal_item, {"type": "practice", "game": "dice", "settings": {**played, "seed": "4"}}, {}]),
        ("matches", [deal_item, {"type": "practice", "game": "dice", "settings": {**played, "flags": {"snake_eyes": False}}}, {}]),
        ("matches", [deal_item, {"type": "practice", "game": "dice", "settings": {**played, "moves": "1.abc"}}, {}]),
        ("itemState", [{"type": "lesson", "key": "k"}, None, None]),
        ("itemState", [{"type": "quiz"}, {"done": True, "right": 3, "n": 5}, None]),
    ]
    got = run(calls, tmp_path, minified)
    assert got[0] == empty and got[1] == empty
    assert got[2] == {"v": 1, "sets": {"x": {"code": "c", "title": "", "paths": [], "seen": 0, "done": {"0": {"done": True}}}},
                      "newer": True}
    assert got[3]["sets"]["s1"] == {**entry, "seen": 5, "done": {}}
    assert got[4]["sets"]["s1"]["done"] == {"1": {"done": True, "at": 9, "right": 3, "n": 5, "last": 3, "last_n": 5}}
    assert got[5]["sets"]["s1"]["done"]["1"] == {"done": True, "at": 9, "right": 4, "n": 5, "last": 2, "last_n": 5}  # the best kept
    assert got[6] == empty  # a set this browser never showed: nothing recorded
    assert got[7:16] == [True, False, True, False, False, True, False, False, False]
    assert got[16] == {"state": "todo"}
    assert got[17] == {"state": "done", "right": 3, "n": 5}
    # the store keeps the sets seen last (LIMITS.sets = 50)
    full = {"v": 1, "sets": {f"s{i}": {**entry, "seen": i, "done": {}} for i in range(50)}}
    kept = run([("rememberSet", [full, "new", entry, 100])], tmp_path, minified)[0]["sets"]
    assert len(kept) == 50 and "new" in kept and "s0" not in kept and "s49" in kept


def test_every_quiz_kind_has_words_in_both_languages() -> None:
    """The teacher's form names each kind of question (build.py quiz_kind_words): in words, never
    its identifier, and no two kinds of a game alike."""
    import build
    from tutor import quiz
    from tutor.registry import SITE_NAMES, find_game
    for name in SITE_NAMES:
        game = find_game(name)
        for lang in ("en", "ja"):
            words = build.quiz_kind_words(game, lang)
            assert [w["name"] for w in words] == list(quiz.kinds(game))
            titles = [w["title"] for w in words]
            assert len(set(titles)) == len(titles), (name, lang, titles)
            assert all(t.strip() and "_" not in t and t not in quiz.kinds(game) for t in titles), (name, lang)
