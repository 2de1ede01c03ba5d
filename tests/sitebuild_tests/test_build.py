"""The site builds from a clean checkout, and a broken lesson fails the build, naming the file."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import build
from sitebuild.lessons import LessonError, action_key, load_course
from tutor import rules as rule_catalog
from tutor.registry import find_game

pytestmark = pytest.mark.cpython_only
ROOT = Path(build.__file__).resolve().parent


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "_site"
    build.build(out)
    return out


def test_every_page_is_there(site: Path) -> None:
    for lang in build.LANGS:
        assert (site / lang / "index.html").is_file()
        courses = [g for g in build.GAMES if (ROOT / "lessons" / "en" / g).is_dir()]
        assert "doudizhu" in courses
        for game in courses:
            assert (site / lang / game / "index.html").is_file()
            assert (site / lang / game / "rules.html").is_file()
            lessons = load_course(ROOT / "lessons", lang, game)
            assert lessons
            for lesson in lessons:
                assert (site / lang / game / f"{lesson.slug}.html").is_file()
    assert (site / "index.html").is_file()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (site / "pyodide" / name).stat().st_size > 1000
    # the tutor loads no package: the lock file lists none (build.py: slim_runtime)
    assert json.loads((site / "pyodide" / "pyodide-lock.json").read_text("utf-8"))["packages"] == {}
    assert len(list((site / "py").glob("engine-*.snap"))) == 1  # the engine's memory snapshot
    wheels = list((site / "py").glob("cardtutor-*.whl"))
    assert len(wheels) == 1


def test_urls_are_relative_and_resolve(site: Path) -> None:
    """Any static host, any sub-path: no absolute URL, and every local link points at a file."""
    for page in site.rglob("*.html"):
        html = page.read_text("utf-8")
        for url in re.findall(r'(?:href|src)="([^"]*)"', html):
            if url.startswith(("data:", "#")):
                continue
            assert not url.startswith(("/", "http:", "https:", "//")), f"{page}: {url}"
            target = (page.parent / url.split("#")[0].split("?")[0]).resolve()  # a query: the page reads it
            assert target.exists(), f"{page}: broken link {url}"


def test_rules_page_has_an_anchor_per_rule(site: Path) -> None:
    for lang in build.LANGS:
        html = (site / lang / "doudizhu" / "rules.html").read_text("utf-8")
        for rule in rule_catalog.catalog("doudizhu")["rules"]:
            assert f'id="{rule["id"]}"' in html
            assert rule["title"][lang] in html


def test_practice_pages_carry_flag_rules_and_presets_in_words(site: Path) -> None:
    """Every flag's rule and catalog words, every preset with its words; the rules page lists the presets."""
    for lang in build.LANGS:
        s = json.loads((ROOT / "site" / "strings" / f"{lang}.json").read_text("utf-8"))
        for game_name in build.GAMES:
            game = find_game(game_name)
            html = (site / lang / game_name / "practice.html").read_text("utf-8")
            raw = re.search(r'<script type="application/json" id="practice-data">(.*?)</script>', html, re.S).group(1)
            data = json.loads(raw.replace("<\\/", "</"))
            for f in data["flags"]:
                assert f["rule"] in data["rules"] and f["title"] and f["title"] != f["name"], f
            assert [p["name"] for p in data["presets"]] == list(game.playable_presets())
            assert data["default_preset"] == (game.default_preset or "seed")
            words = rule_catalog.catalog(game_name)["presets"]
            for p in data["presets"]:
                assert p["title"] == words[p["name"]]["title"][lang] and p["text"] == words[p["name"]]["text"][lang]
                assert p["values"] == game.presets[p["name"]]
            rules_html = (site / lang / game_name / "rules.html").read_text("utf-8")
            for p in data["presets"]:
                assert f'id="preset-{p["name"]}"' in rules_html and p["title"] in rules_html
        official = next(p for p in build.preset_words(find_game("tichu"), lang, build.flag_words(find_game("tichu"), lang), s)
                        if p["name"] == "official")
        title = rule_catalog.rule("tichu", "TICHU-FLAG-bomb_interrupt_on_interrupt")["title"][lang]
        assert official["changes"] == [f"{title}: {s['flag_on']}"]


def test_lesson_data_is_embedded_and_consistent(site: Path) -> None:
    game = find_game("doudizhu")
    page = site / "en" / "doudizhu" / "01-cards.html"
    html = page.read_text("utf-8")
    raw = re.search(r'<script type="application/json" id="lesson-data">(.*?)</script>', html, re.S).group(1)
    data = json.loads(raw.replace("<\\/", "</"))
    assert data["game"] == "doudizhu" and data["lang"] == "en" and data["steps"]
    asks = [s["ask"] for s in data["steps"] if "ask" in s]
    assert asks, "the first lesson asks the learner something"
    for ask in asks:
        answers = ask["legal"] if ask["answers"] == "any" else ask["answers"]
        for key in answers:
            assert ask["table"][key][0] == 1, "a prepared answer is legal"
            assert key in ask["legal"]
        for key, (legal, text_index, rule_ids) in ask["table"].items():
            # texts are indices into the page's strings table (each sentence kept once)
            assert data["strings"][ask["texts"][text_index]] and (legal or rule_ids)
        hint = ask["hint"]  # the three levels: texts interned, the candidates' cards as tokens
        assert data["strings"][hint["focus"]] and data["strings"][hint["candidates"]] and data["strings"][hint["why"]]
        assert isinstance(hint["candidate_cards"], list) and hint["focus_rules"]
    # every rule cited in the page has its title embedded for the links
    cited = {r for a in asks for v in a["table"].values() for r in v[2]}
    assert cited <= set(data["rules"])
    assert action_key(game, ["H-10", "S-3"]) == action_key(game, ["S-3", "D-10"]) == "10 3"


def _copy_lessons(tmp_path: Path) -> Path:
    dest = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", dest)
    return dest


def _break(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), "utf-8")


@pytest.mark.parametrize("old,new,expect", [
    ('"D-A"', '"D-11"', 'unknown card "D-11"'),
    ('"ask": {"answers": [["D-A"]]', '"ask": {"answers": [["H-4"]]', "is not legal here"),
    ('"seat": 1}', '"seat": 7}', "seat 7"),
])
def test_a_broken_lesson_fails_the_build_naming_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture,
                                                               old: str, new: str, expect: str) -> None:
    lessons = _copy_lessons(tmp_path)
    for lang in build.LANGS:  # both languages, so the translation check passes and the step is run
        _break(lessons / lang / "doudizhu" / "01-cards.md", old, new)
    code = build.main(["--out", str(tmp_path / "out"), "--lessons", str(lessons)])
    err = capsys.readouterr().err
    assert code == 1
    assert re.search(r"01-cards\.md:\d+: ", err), err
    assert expect in err, err
    assert not (tmp_path / "out").exists(), "nothing is written when a lesson is broken"


def test_an_illegal_scripted_move_fails_the_build(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    lessons = _copy_lessons(tmp_path)
    for lang in build.LANGS:
        _break(lessons / lang / "doudizhu" / "01-cards.md", '{"ask": {"answers"',
               '{"moves": [{"seat": 1, "action": ["H-4"]}], "ask": {"answers"')
    assert build.main(["--out", str(tmp_path / "out"), "--lessons", str(lessons)]) == 1
    err = capsys.readouterr().err
    assert "01-cards.md:" in err and "illegal scripted move" in err and "DDZ-CMP-1" in err


def test_a_missing_translation_fails_the_build(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    lessons = _copy_lessons(tmp_path)
    (lessons / "ja" / "doudizhu" / "01-cards.md").unlink()
    assert build.main(["--out", str(tmp_path / "out"), "--lessons", str(lessons)]) == 1
    err = capsys.readouterr().err
    assert "01-cards.md" in err and "missing translation" in err


def test_translations_must_keep_the_step_data(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    lessons = _copy_lessons(tmp_path)
    _break(lessons / "ja" / "doudizhu" / "01-cards.md", '"D-A"]]', '"C-2"]]')
    assert build.main(["--out", str(tmp_path / "out"), "--lessons", str(lessons)]) == 1
    assert "step data differs" in capsys.readouterr().err


def test_lesson_parse_errors_name_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "en" / "doudizhu"
    bad.mkdir(parents=True)
    (bad / "01-x.md").write_text("---\nkey: k\ntitle: t\n---\ntext\n\n```step\n{\"scenario\": [}\n```\n", "utf-8")
    with pytest.raises(LessonError, match=r"01-x\.md:8: step is not JSON"):
        load_course(tmp_path, "en", "doudizhu")
    (bad / "01-x.md").write_text("---\nkey: k\ntitle: t\n---\n\n```step\n{\"sceanrio\": {}}\n```\n", "utf-8")
    with pytest.raises(LessonError, match=r"01-x\.md:7: unknown step key"):
        load_course(tmp_path, "en", "doudizhu")


def test_the_pages_workflow_runs_the_same_build() -> None:
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text("utf-8")
    assert "python build.py" in workflow and "_site" in workflow


def test_every_page_carries_a_content_security_policy(site: Path) -> None:
    """Issue 13: a meta policy first in <head>; it allows exactly the page's inline scripts by
    hash, and _headers gives the same policy (and the worker's own) for hosts that read one."""
    from sitebuild import csp
    pages = [p for p in site.rglob("*.html")]
    assert len(pages) > 20
    for page in pages:
        html = page.read_text("utf-8")
        head = html.split("<head>", 1)[1].lstrip()
        assert head.startswith('<meta charset="utf-8"><meta http-equiv="Content-Security-Policy"'), page
        meta = head.split('content="', 1)[1].split('"', 1)[0]
        for needed in ("default-src 'self'", "style-src 'self'", "worker-src 'self'", "connect-src 'self'",
                       "object-src 'none'", "frame-src 'none'", "form-action 'none'", "'wasm-unsafe-eval'"):
            assert needed in meta, (page, needed)
        assert "unsafe-inline" not in meta and "'unsafe-eval'" not in meta and "http" not in meta
        hashes = csp.script_hashes(html)
        assert all(h in meta for h in hashes), page
        assert meta.count("'sha256-") == len(set(hashes)), page  # no hash for a script that is not there
    lesson = (site / "en" / "doudizhu" / "01-cards.html").read_text("utf-8")
    assert len(csp.script_hashes(lesson)) == 1  # the boot script, nothing else inline
    headers = (site / "_headers").read_text("utf-8")
    assert "/*\n  Content-Security-Policy: default-src 'self'" in headers
    assert "/assets/worker.js\n  Content-Security-Policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'" in headers
    assert "_headers" not in (site / "sw.js").read_text("utf-8")


def test_quiz_and_mastery_pages_and_the_coverage_report(site: Path) -> None:
    """Every game has a quiz page with a round of exercises the engine judged (one right option
    each, or all that apply), a mastery page listing the rules the quiz practises, and its part
    of coverage.json: every rule of the catalog but the flags, practised or a setup fact with
    its reason in both languages (issue 22: done means none is left unpractised)."""
    report = {g["game"]: g for g in json.loads((site / "coverage.json").read_text("utf-8"))["games"]}
    assert set(report) == set(build.GAMES)
    for game_name in build.GAMES:
        rules = [r for r in rule_catalog.catalog(game_name)["rules"] if "-FLAG-" not in r["id"]]
        part = report[game_name]
        assert part["rules"] == len(rules)
        assert {r["id"] for r in part["practised"]} | {r["id"] for r in part["unpractised"]} == {r["id"] for r in rules}
        assert part["missing"] == [], f"{game_name}: rules neither practised nor a setup fact: {part['missing']}"
        for r in part["unpractised"]:
            assert r["fact"]["en"] and r["fact"]["ja"], r["id"]
        for r in part["practised"]:
            assert r["lessons"] or r["quiz"], r["id"]
        for lang in build.LANGS:
            html = (site / lang / game_name / "quiz.html").read_text("utf-8")
            raw = re.search(r'<script type="application/json" id="quiz-data">(.*?)</script>', html, re.S).group(1)
            data = json.loads(raw.replace("<\\/", "</"))
            assert len(data["pool"]) == build.QUIZ_ROUND
            for ex in data["pool"]:
                assert any(o["correct"] for o in ex["options"]) and set(ex["rule_ids"]) <= set(data["rules"])
                assert ex["multiple"] or sum(o["correct"] for o in ex["options"]) == 1
            assert set(data["practisable"]) == {r for r in data["coverage"] if "-FLAG-" not in r}
            mastery = (site / lang / game_name / "mastery.html").read_text("utf-8")
            for rule in data["practisable"]:
                assert f'data-rule="{rule}"' in mastery


def test_every_game_has_its_handouts_in_both_languages(site: Path) -> None:
    """Issue 23: per game and language, ``print/`` holds the rules summary (every rule's ID and
    title, the presets), a handout per lesson (a section per step, an answer per question), and
    the quiz sheet (the quiz page's round, then its key); the index links each, and the course,
    rules, lesson and quiz pages link theirs. The handouts draw without the engine."""
    from markupsafe import escape  # as the templates write text
    for lang in build.LANGS:
        for game_name in build.GAMES:
            folder = site / lang / game_name / "print"
            index = (folder / "index.html").read_text("utf-8")
            lessons = load_course(ROOT / "lessons", lang, game_name)
            for name in ["rules.html", "quiz.html", *[f"{lesson.slug}.html" for lesson in lessons]]:
                html = (folder / name).read_text("utf-8")
                assert f'href="{name}"' in index, (lang, game_name, name)
                assert "assets/print.css" in html and "assets/handout.js" in html and 'id="handout-data"' in html
                assert "worker.js" not in html and "cardtutorBoot" not in html, f"{folder / name}: starts the engine"
            assert 'href="print/index.html"' in (site / lang / game_name / "index.html").read_text("utf-8")
            assert 'href="print/rules.html"' in (site / lang / game_name / "rules.html").read_text("utf-8")
            assert 'href="print/quiz.html"' in (site / lang / game_name / "quiz.html").read_text("utf-8")
            rules = (folder / "rules.html").read_text("utf-8")
            for rule in rule_catalog.catalog(game_name)["rules"]:
                assert rule["id"] in rules and escape(rule["title"][lang]) in rules, (lang, rule["id"])
            for preset in rule_catalog.catalog(game_name).get("presets", {}).values():
                assert escape(preset["title"][lang]) in rules
            quiz = (folder / "quiz.html").read_text("utf-8")
            assert quiz.count('class="print-exercise"') == quiz.count('class="print-answer"') == build.QUIZ_ROUND
            assert quiz.index('class="print-answers"') > quiz.rindex('class="print-exercise"')  # the key after the questions
            for lesson in lessons:
                assert f'href="print/{lesson.slug}.html"' in (site / lang / game_name / f"{lesson.slug}.html").read_text("utf-8")
                html = (folder / f"{lesson.slug}.html").read_text("utf-8")
                asks = sum(1 for step in lesson.steps if "ask" in step.data)
                assert html.count('class="print-step"') == len(lesson.steps), (lang, lesson.slug)
                assert html.count('class="print-question"') == html.count('class="print-answer"') == asks, (lang, lesson.slug)
