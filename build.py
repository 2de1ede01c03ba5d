#!/usr/bin/env python3
"""Builds the static site: ``python build.py [--out _site]``.

Read top to bottom, like makesite: clean the output folder, pack ``tutor`` as a slim wheel,
vendor the pinned Pyodide runtime, copy the static files, run every lesson's steps through
the rules (so pages work before Pyodide loads), render lessons, course pages and the rules
reference through the Jinja2 templates in ``site/``. Every URL is relative, so the folder
can be served as it is from any static host, under any sub-path.

A broken lesson (an unknown card, an illegal scripted move, a missing translation, prose
with a slip a machine can catch) stops the build with the file and line named.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

import jinja2  # noqa: E402

from sitebuild.lessons import (Lesson, LessonError, check_translations, compact_frames, compute_lesson, intern_decisions,  # noqa: E402
                               former_pages, intern_texts, lesson_renames,
                               load_course)
from sitebuild import csp, links  # noqa: E402
from sitebuild import coverage  # noqa: E402
from sitebuild.handouts import build_handouts  # noqa: E402
from sitebuild.coverage import collect_rule_ids  # noqa: E402
from sitebuild.proofread import md, proofread  # noqa: E402
from tools import minify  # noqa: E402
from tools.site_wheel import build_site_wheel  # noqa: E402
from tools.vendor_pyodide import PYODIDE_VERSION, RUNTIME_FILES, ensure_pyodide  # noqa: E402
from tutor import rules as rule_catalog  # noqa: E402
from tutor.flags import describe_flags  # noqa: E402
from tutor.display import phase_names  # noqa: E402
from tutor.messages import catalog as message_catalog  # noqa: E402
from tutor.registry import SITE_NAMES, find_game  # noqa: E402
from tutor.share import MAX_CODE  # noqa: E402

LANGS = ("ja", "en")
GAMES = SITE_NAMES  # every game on the site gets a practice table and a rules reference (tutor/registry.py)
SITE = ROOT / "site"
LESSONS = ROOT / "lessons"
LINK_MIGRATIONS = SITE / "link-migrations.json"  # share links' format and migrations (sitebuild/links.py)
CACHE = ROOT / ".cache"


def log(message: str) -> None:
    print(message, flush=True)


def load_strings() -> dict[str, dict[str, str]]:
    """UI strings per language; a key missing in one language fails the build."""
    strings = {lang: json.loads((SITE / "strings" / f"{lang}.json").read_text("utf-8")) for lang in LANGS}
    for lang in LANGS:
        for other in LANGS:
            missing = set(strings[other]) - set(strings[lang])
            if missing:
                raise LessonError(f"site/strings/{lang}.json: missing translation for {sorted(missing)}")
    return strings


def script_json(data: Any) -> str:
    """JSON that is safe inside a <script> element."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def rule_titles(game: str, lang: str, ids: set[str]) -> dict[str, str]:
    by_id = rule_catalog.rules_by_id(game)
    missing = sorted(i for i in ids if i not in by_id)
    if missing:
        raise LessonError(f"tutor/data/rules/{game}.json: no entry for {missing}")
    return {i: by_id[i]["title"][lang] for i in sorted(ids)}


def flag_words(game: Any, lang: str) -> list[dict[str, Any]]:
    """Every flag with its catalog words (title, text, a label per value) and the rule it changes."""
    by_id = rule_catalog.rules_by_id(game.name)
    out = []
    for f in describe_flags(game.Flags):
        rid = f"{game.rule_prefix}-FLAG-{f['name']}"
        if rid not in by_id:
            raise LessonError(f"tutor/data/rules/{game.name}.json: no entry {rid} for the flag {f['name']}")
        if f["rule"] and f["rule"] not in by_id:
            raise LessonError(f"tutor/data/rules/{game.name}.json: no entry {f['rule']} (the rule of {f['name']})")
        entry = by_id[rid]
        out.append({**f, "title": entry["title"][lang], "doc": entry["text"][lang],
                    # a choice's words for the form (the value itself is an identifier)
                    "labels": {str(k): v[lang] for k, v in entry.get("choices", {}).items()}})
    return out


def rule_words(game: Any, lang: str) -> dict[str, Any]:
    """The words the "compare with another rule" panel names a change in (site/static/compare.js):
    each flag's title and value labels, each preset's title."""
    presets = rule_catalog.catalog(game.name).get("presets", {})
    return {"flags": {f["name"]: {"title": f["title"], "labels": f["labels"]} for f in flag_words(game, lang)},
            "presets": {name: presets[name]["title"][lang] for name in game.presets if name in presets}}


def form_flags(game: Any, flags: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The flags the practice form offers: all but the game's ``fixed_flags``, each value of a
    listed flag kept only if a new game takes it (a game may seat fewer players in the preset it starts from)."""
    from tutor.errors import FlagError
    from tutor.flags import resolve_flags
    out = []
    for info in flags:
        if info["name"] in game.fixed_flags:
            continue
        if info["choices"]:
            kept = []
            for value in info["choices"]:
                for preset in [None, *game.playable_presets()]:  # some preset the form offers takes it
                    try:
                        resolve_flags(game, preset, {info["name"]: value})
                    except FlagError:
                        continue
                    kept.append(value)
                    break
            info = {**info, "choices": kept}
        out.append(info)
    return out


def preset_players(game: Any, preset: str, offered: list[dict[str, Any]]) -> list[int]:
    """The player counts the form's players field offers under ``preset`` (Daifugo: 3 to 6 for
    the ordinary game, 4 to 8 for the cut-in game)."""
    from tutor.errors import FlagError
    from tutor.flags import resolve_flags
    info = next((f for f in offered if f["name"] == "players"), None)
    out = []
    for value in (info["choices"] if info else []):
        try:
            resolve_flags(game, preset, {"players": value})
        except FlagError:
            continue
        out.append(value)
    return out


def value_words(info: dict[str, Any], value: Any, s: dict[str, str]) -> str:
    """One flag value as the page says it: on/off, the catalog's label, or the number."""
    if isinstance(value, bool):
        return s["flag_on"] if value else s["flag_off"]
    return info["labels"].get(str(value), str(value))


def preset_words(game: Any, lang: str, flags: list[dict[str, Any]], s: dict[str, str],
                 shown: set[str] | None = None) -> list[dict[str, Any]]:
    """Every preset with its catalog words, its values, and what it changes from the defaults, in
    words (only the flags in ``shown``, when given: the practice form's)."""
    words = rule_catalog.catalog(game.name).get("presets", {})
    info = {f["name"]: f for f in flags}
    out = []
    for name, values in game.presets.items():
        if name not in words:
            raise LessonError(f"tutor/data/rules/{game.name}.json: presets has no entry for {name!r}")
        changes = [f"{info[k]['title']}: {value_words(info[k], v, s)}" for k, v in values.items()
                   if v != info[k]["default"] and (shown is None or k in shown)]
        out.append({"name": name, "title": words[name]["title"][lang], "text": words[name]["text"][lang],
                    "values": dict(values), "changes": changes})
    return out


class Site:
    """Renders pages into ``out``; every page knows its depth for relative URLs."""

    def __init__(self, out: Path, strings: dict[str, dict[str, str]], wheel: Path,
                 renames: dict[str, str] | None = None, snapshot: str = "") -> None:
        self.out = out
        # the build's memory snapshot under py/ ("" when built without one: site/static/worker.js)
        self.snapshot = snapshot
        # its size: the worker judges by it whether a slow link makes it worth its download
        self.snapshot_size = (out / "py" / snapshot).stat().st_size if snapshot else 0
        self.strings = strings
        # former lesson keys → keys, on every page that shows or keeps progress (progress.js)
        self.lesson_renames = json.dumps(renames, separators=(",", ":"), ensure_ascii=False) if renames else ""
        self.wheel_name = wheel.name
        # names the worker's memory snapshot: a new runtime or a new wheel never restores an old one
        self.stamp = f"{PYODIDE_VERSION}-{hashlib.sha256(wheel.read_bytes()).hexdigest()[:12]}"
        # names the shared engine worker (templates/boot.html): pages of one build share one engine;
        # a page of another build (another wheel, snapshot or worker script) never meets it
        engine = hashlib.sha256(f"{self.stamp}|{snapshot}".encode())
        for name in ("worker.js", "wheel-install.js", "snapshot-codec.js"):
            engine.update(hashlib.sha256((out / "assets" / name).read_bytes()).digest())
        self.engine_name = f"cardtutor-engine-{engine.hexdigest()[:12]}"
        # names the build a page belongs to (<body data-build>): its scripts and its engine; a
        # lesson of another build is never shown in a page of this one (site/static/lesson-nav.js)
        scripts = hashlib.sha256(self.engine_name.encode())
        for path in sorted((out / "assets").rglob("*")):
            if path.is_file():
                scripts.update(path.relative_to(out).as_posix().encode())
                scripts.update(hashlib.sha256(path.read_bytes()).digest())
        self.build_id = scripts.hexdigest()[:12]
        self.env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(SITE / "templates")),
                                      autoescape=jinja2.select_autoescape(["html"]),
                                      undefined=jinja2.StrictUndefined)
        self.pages: list[str] = []
        self.script_hashes: set[str] = set()

    def with_policy(self, html: str) -> str:
        """The page with its Content-Security-Policy (sitebuild/csp.py), hashes noted for _headers."""
        html, hashes = csp.with_policy(html)
        self.script_hashes.update(hashes)
        return html

    def render(self, template: str, rel: str, lang: str, words: dict[str, str] | None = None, **context: Any) -> None:
        """``words``: a game's own words for some of the page's (``page_words``)."""
        depth = rel.count("/")
        other = "en" if lang == "ja" else "ja"
        other_rel = rel.replace(f"{lang}/", f"{other}/", 1)
        html = self.env.get_template(template).render(
            lang=lang, s={**self.strings.get(lang, {}), **(words or {})}, root="../" * depth, other_lang=other,
            other_url="../" * depth + other_rel, wheel=self.wheel_name, stamp=self.stamp, snapshot=self.snapshot,
            engine_name=self.engine_name, snapshot_size=self.snapshot_size, build_id=self.build_id, lesson_renames=self.lesson_renames, **context)
        dest = self.out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(self.with_policy(minify.html(html)), "utf-8")
        self.pages.append(rel)
        log(f"Rendering {template} => {rel}")


def load_courses(lessons_root: Path, strings: dict[str, dict[str, str]]) -> dict[str, dict[str, list[Lesson]]]:
    """Every course in every language, checked, run through the rules and proofread (fails early)."""
    courses: dict[str, dict[str, list[Lesson]]] = {game: {lang: [] for lang in LANGS} for game in GAMES}
    for game_name in GAMES:  # a game has a course once lessons/<lang>/<game>/ exists in some language
        if not any((lessons_root / lang / game_name).is_dir() for lang in LANGS):
            continue
        by_lang = {lang: load_course(lessons_root, lang, game_name) for lang in LANGS}
        check_translations(by_lang)
        for lessons in by_lang.values():
            for lesson in lessons:
                compute_lesson(lesson)
                proofread(lesson, strings[lesson.lang])  # the text against the page (sitebuild/proofread.py)
        courses[game_name] = by_lang
    return courses


def page_words(game: Any, lang: str, page_strings: dict[str, str]) -> dict[str, str]:
    """A game's own words for some of the page's: its catalog's ``<prefix>.page.<key>`` over the
    page string ``<key>`` (the 2d6 check says "Next check" where a card game says "Next round",
    and has no cards to select): the template and the page's script both read them."""
    prefix = f"{game.rule_prefix.lower()}.page."
    words = {key[len(prefix):]: text for key, text in message_catalog(lang).items()
             if key.startswith(prefix) and key[len(prefix):] in page_strings}
    if not game.suit_colours:  # no suits to colour: the header leaves the toggle out
        words["display_four_colour"] = ""
    return words


def has_windows(game: Any) -> bool:
    """Whether the game ever asks a seat out of turn (else the practice form's "ask me when I can
    act out of turn" has nothing to ask)."""
    from tutor.game import Game
    return type(game).window is not Game.window


def build_course(site: Site, game_name: str, by_lang: dict[str, list[Lesson]], migrations: dict[str, Any]) -> None:
    game = find_game(game_name)
    catalog = rule_catalog.catalog(game_name)
    for lang in LANGS:
        s = site.strings[lang]
        course_title = s[f"game.{game_name}"]
        words = page_words(game, lang, s)
        lessons = by_lang[lang]
        summaries = [{"slug": l.slug, "key": l.key, "title": l.meta["title"], "minutes": l.meta.get("minutes"),
                      "part": l.meta.get("part"),
                      "summary": l.meta.get("summary")} for l in lessons]
        site.render("course.html", f"{lang}/{game_name}/index.html", lang, words=words, page_title=course_title,
                    page_kind="course", course_title=course_title, blurb=s[f"game.{game_name}.blurb"],
                    game=game_name, lessons=summaries)
        for i, lesson in enumerate(lessons):
            steps = [{"html": md(step["prose"])} for step in lesson.computed]
            payload_steps, decisions = intern_decisions([compact_frames({k: v for k, v in step.items() if k != "prose"})
                                                         for step in lesson.computed])
            payload_steps, strings = intern_texts(payload_steps)
            data = {
                "game": game_name, "lang": lang, "key": lesson.key, "suits_matter": game.suits_matter, "words": words,
                # the rule the lesson teaches, which the learner may switch off to see what it changed
                "switch": ({"name": lesson.meta["switch"], "title": next(f["title"] for f in flag_words(game, lang)
                                                                        if f["name"] == lesson.meta["switch"])}
                           if lesson.meta.get("switch") else None),
                "rule_words": rule_words(game, lang),
                "phases": phase_names(game, lang), "steps": payload_steps, "strings": strings, "decisions": decisions, "scenarios": lesson.scenarios,
                "rules": rule_titles(game_name, lang, collect_rule_ids(payload_steps, set())),
                "wheel": site.wheel_name, "stamp": site.stamp, "snapshot": site.snapshot,
                "next": summaries[i + 1]["slug"] + ".html" if i + 1 < len(lessons) else None,
            }
            # the completion screen: the rules this lesson's questions and answers cited, in the
            # spec's order, each a link to the rules page
            practised = [{"id": rid, "title": title} for rid, title in data["rules"].items()]
            order = list(rule_catalog.rules_by_id(game_name))
            practised.sort(key=lambda r: order.index(r["id"]))
            site.render("lesson.html", f"{lang}/{game_name}/{lesson.slug}.html", lang, words=words, practised=practised,
                        page_title=lesson.meta["title"], page_kind="lesson", course_title=course_title,
                        lesson={"title": lesson.meta["title"], "key": lesson.key, "slug": lesson.slug}, steps=steps,
                        outro_html=md(lesson.outro), data_json=script_json(data),
                        next_lesson=summaries[i + 1] if i + 1 < len(lessons) else None)
        # a lesson's former file names (formerly:) forward to it: links made before a reorder open
        for old, lesson in former_pages(lessons).items():
            site.render("forward.html", f"{lang}/{game_name}/{old}.html", lang, target=f"{lesson.slug}.html",
                        page_title=lesson.meta["title"])
        game_rules = rule_catalog.rules_by_id(game_name)
        flags = flag_words(game, lang)
        presets = preset_words(game, lang, flags, s)
        offered = form_flags(game, flags)
        practice_data = {"game": game_name, "lang": lang, "phases": phase_names(game, lang), "words": words,
                         "windows": has_windows(game), "rule_words": rule_words(game, lang),
                         "suits_matter": game.suits_matter, "flags": offered,
                         # the form offers what the tutor plays now: a preset of rules not built yet
                         # is on the rules page, not in the form
                         "presets": [{**p, "players": preset_players(game, p["name"], offered)}
                                     for p in preset_words(game, lang, flags, s, {f["name"] for f in offered})
                                     if p["name"] in game.playable_presets()],
                         "default_preset": game.default_preset or "seed",
                         "wheel": site.wheel_name,
                         "rules": rule_titles(game_name, lang, set(game_rules)),  # feedback and history cite titles
                         # share links: their format and migrations (site/static/links.js), the moves' bound
                         "links": links.for_game(migrations, game_name), "limits": {"moves_code": MAX_CODE},
                         "stamp": site.stamp, "snapshot": site.snapshot}
        site.render("practice.html", f"{lang}/{game_name}/practice.html", lang, words=words, windows=has_windows(game),
                    page_title=s["practice_title"].replace("{game}", course_title), page_kind="practice",
                    course_title=course_title, data_json=script_json(practice_data),
                    # a game may name its next deal in its own word (a "hand", a "game"): its catalog's
                    # ``<prefix>.next_deal``, else the page's own word
                    next_label=message_catalog(lang).get(f"{game.rule_prefix.lower()}.next_deal",
                                                         words.get("next_round", s["next_round"])))
        sections = [{"id": sec["id"], "title": sec["title"][lang],
                     "rules": [{"id": r["id"], "title": r["title"][lang], "text": r["text"][lang]}
                               for r in catalog["rules"] if r["section"] == sec["id"]]}
                    for sec in catalog["sections"]]
        site.render("rules.html", f"{lang}/{game_name}/rules.html", lang, words=words,
                    page_title=f"{course_title} — {s['rules_reference']}", page_kind="rules",
                    course_title=course_title, sections=sections, presets=presets)


#: exercises written into each quiz page (one round: the quiz starts before Pyodide has loaded)
QUIZ_ROUND = 10


def quiz_pool(game: Any) -> list[Any]:
    """The exercises a quiz page comes with: one round, the game's kinds in turn, seeds from 1."""
    from tutor import quiz
    kinds = list(quiz.kinds(game))
    pool = []
    seed = 1
    while len(pool) < QUIZ_ROUND and seed < 10 * QUIZ_ROUND:
        made = quiz.generate(game, kinds[(seed - 1) % len(kinds)], seed)
        if made is not None:
            pool.append(made)
        seed += 1
    return pool


def quiz_coverage(game: Any) -> dict[str, list[str]]:
    """Which rules each quiz kind of ``game`` practises (tutor/quiz/coverage.py: some 500
    exercises made, half a minute for all the games), kept in ``.cache`` under a hash of the rules
    core, so the builds of one test run measure it once."""
    from tutor.quiz.coverage import SEEDS, practised_by_kind
    digest = hashlib.sha256(f"{game.name}:{SEEDS}".encode())
    for path in sorted((ROOT / "tutor").rglob("*")):
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    cached = CACHE / "quiz-coverage" / f"{game.name}-{digest.hexdigest()[:16]}.json"
    if cached.is_file():
        return json.loads(cached.read_text("utf-8"))
    found = practised_by_kind(game)
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(found), "utf-8")
    return found


def build_quiz(site: Site, game_name: str, by_lang: dict[str, list[Lesson]], pool: list[Any] | None = None) -> dict[str, Any]:
    """The quiz and mastery pages of a game, and its part of the coverage report (returned).
    ``pool``: the round the quiz page comes with (``quiz_pool``), when the caller made it already."""
    from tutor import quiz
    game = find_game(game_name)
    by_kind = quiz_coverage(game)
    report = coverage.game_report(game_name, coverage.lesson_rules(by_lang["en"]), by_kind)
    log(coverage.summary(report))
    catalog = rule_catalog.catalog(game_name)
    # the rules a quiz practises, in the catalog's order (a flag's own entry is not one: the rule
    # it switches on is, as Napoleon's "reverse" is NAP-SPECIAL-1)
    practisable = [r["id"] for r in catalog["rules"] if r["id"] in by_kind and "-FLAG-" not in r["id"]]
    pool = quiz_pool(game) if pool is None else pool
    presets = rule_catalog.catalog(game_name).get("presets", {})
    for lang in LANGS:
        s = site.strings[lang]
        course_title = s[f"game.{game_name}"]
        words = page_words(game, lang, s)
        titles = {r["id"]: r["title"][lang] for r in catalog["rules"]}
        data = {"game": game_name, "lang": lang, "words": words, "suits_matter": game.suits_matter,
                "kinds": list(quiz.kinds(game)), "length": QUIZ_ROUND, "pool": [e.to_json(game, lang) for e in pool],
                "coverage": by_kind, "practisable": practisable, "rules": titles, "rule_words": rule_words(game, lang),
                "presets": {name: presets[name]["title"][lang] for name in game.presets if name in presets},
                "default_preset": game.default_preset or "seed", "wheel": site.wheel_name, "stamp": site.stamp, "snapshot": site.snapshot}
        site.render("quiz.html", f"{lang}/{game_name}/quiz.html", lang, words=words,
                    page_title=s["quiz_title"].replace("{game}", course_title), page_kind="quiz",
                    course_title=course_title, data_json=script_json(data))
        sections = [{"id": sec["id"], "title": sec["title"][lang],
                     "rules": [{"id": r["id"], "title": r["title"][lang], "quiz": r["id"] in by_kind,
                                "fact": bool(r.get("fact"))}
                               for r in catalog["rules"] if r["section"] == sec["id"] and "-FLAG-" not in r["id"]]}
                    for sec in catalog["sections"]]
        sections = [sec for sec in sections if sec["rules"]]
        site.render("mastery.html", f"{lang}/{game_name}/mastery.html", lang, words=words,
                    page_title=s["mastery_title"].replace("{game}", course_title), page_kind="mastery",
                    course_title=course_title, sections=sections,
                    data_json=script_json({"game": game_name, "lang": lang, "practisable": practisable, "rules": titles}))
    return report


def quiz_kind_words(game: Any, lang: str) -> list[dict[str, str]]:
    """Every quiz kind of ``game`` with its words (the catalog's ``quiz.kind.<kind>``, or the game's
    own ``<prefix>.quiz.kind.<kind>``): the teacher's form lists them; a kind without words fails the build."""
    from tutor import quiz
    words = message_catalog(lang)
    out = []
    for kind in quiz.kinds(game):
        key = next((k for k in (f"{game.rule_prefix.lower()}.quiz.kind.{kind}", f"quiz.kind.{kind}") if k in words), None)
        if key is None:
            raise LessonError(f"tutor/data/messages/{lang}.json: no words for the {game.name} quiz kind {kind!r} "
                              f"({game.rule_prefix.lower()}.quiz.kind.{kind} or quiz.kind.{kind})")
        out.append({"name": kind, "title": words[key]})
    return out


def build_class_sets(site: Site, courses: dict[str, dict[str, list[Lesson]]], migrations: dict[str, Any]) -> None:
    """The teacher's page (``class.html``: a class set of lessons, quiz rounds and practice deals in
    one link) and the student's (``set.html``: the set and the student's own progress through it),
    both reading one description of every game (site/static/classset.js checks a set against it)."""
    for lang in LANGS:
        s = site.strings[lang]
        games = []
        for game_name, by_lang in courses.items():
            game = find_game(game_name)
            flags = flag_words(game, lang)
            offered = form_flags(game, flags)
            games.append({
                "game": game_name, "title": s[f"game.{game_name}"],
                "lessons": [{"key": l.key, "slug": l.slug, "title": l.meta["title"]} for l in by_lang[lang]],
                "kinds": quiz_kind_words(game, lang),
                # what a practice link may say (the practice page's form: practice.js readUrl)
                "flags": [{"name": f["name"], "default": f["default"], "choices": f["choices"]} for f in offered],
                "presets": [{"name": p["name"], "title": p["title"], "values": p["values"],
                             "players": preset_players(game, p["name"], offered)}
                            for p in preset_words(game, lang, flags, s, {f["name"] for f in offered})
                            if p["name"] in game.playable_presets()],
                "default_preset": game.default_preset or "seed",
                "links": links.for_game(migrations, game_name)})
        data = {"lang": lang, "games": games, "limits": {"moves_code": MAX_CODE},
                "wheel": site.wheel_name, "stamp": site.stamp, "snapshot": site.snapshot}
        site.render("class.html", f"{lang}/class.html", lang, page_title=s["class_title"], page_kind="class",
                    data_json=script_json(data))
        site.render("set.html", f"{lang}/set.html", lang, page_title=s["set_title"], page_kind="set",
                    data_json=script_json(data))


# what the service worker never stores ahead (site/sw.js: a visit stores them like any other file)
NOT_PRECACHED = ("_headers", "sw.js", "build.json", "coverage.json")


def offline_group(rel: str) -> str | None:
    """The service worker's group of a built file (site/sw.js): ``core`` (runtime, wheel, assets,
    the home pages), a game's pages in both languages (its name, the folder under each language: the switch works
    offline too), or None: printed handouts and reports, stored only when visited."""
    parts = rel.split("/")
    if rel in NOT_PRECACHED or "print" in parts[:-1]:
        return None
    if parts[0] in ("assets", "py", "pyodide") or len(parts) == 1 or (parts[0] in LANGS and len(parts) == 2):
        return "core"
    return parts[1] if parts[0] in LANGS else None


def write_service_worker(out: Path) -> None:
    """``sw.js``: every built file with a hash of its content (a returning visitor downloads only
    the files that changed), grouped so that a page stores its own game's pages, not every
    game's; its version is a hash of them all."""
    files = {}
    groups: dict[str, list[str]] = {"core": ["./"]}
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        if not path.is_file() or rel in ("_headers", "sw.js"):
            continue
        files[rel] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        group = offline_group(rel)
        if group:
            groups.setdefault(group, []).append(rel)
    files["./"] = files["index.html"]
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    template = (SITE / "sw.js").read_text("utf-8")
    code = (template.replace("__VERSION__", version).replace("__FILES__", json.dumps(files, separators=(",", ":")))
            .replace("__GROUPS__", json.dumps(groups, separators=(",", ":"))))
    (out / "sw.js").write_text(minify.js(code), "utf-8")
    log(f"Writing sw.js ({len(files) - 1} files, {len(groups)} groups; core "
        f"{sum((out / p).stat().st_size for p in groups['core'] if p != './') // 1024} KB)")


def _node() -> str:
    node = shutil.which("node")
    if not node:
        raise LessonError("the engine's memory snapshot is made with Node.js, which is not installed: "
                          "install it (./dev run does), or build with --no-snapshot")
    return node


def slim_runtime(runtime: Path, wheel: Path) -> Path:
    """The runtime the site serves: Pyodide's files with the standard library cut down to what
    the tutor can import (tools/slim_stdlib.py: 2.5 MB to about 1 MB) and a lock file listing no
    packages (the tutor loads none). Made once per wheel in ``.cache``. Python's imports at
    start-up are read off a real run (tools/make_snapshot.mjs --modules, with Node)."""
    from tools import slim_stdlib
    digest = hashlib.sha256(PYODIDE_VERSION.encode())
    for part in (wheel, ROOT / "tools" / "slim_stdlib.py", ROOT / "tools" / "make_snapshot.mjs"):
        digest.update(hashlib.sha256(part.read_bytes()).digest())
    slim = CACHE / f"runtime-{PYODIDE_VERSION}-{digest.hexdigest()[:12]}"
    if (slim / "python_stdlib.zip").is_file():
        return slim
    # names of this process's own (two test workers may build at once; the first to finish wins)
    listed = CACHE / "snapshots" / f"modules-{os.getpid()}.json"
    listed.parent.mkdir(parents=True, exist_ok=True)
    ran = subprocess.run([_node(), str(ROOT / "tools" / "make_snapshot.mjs"), str(runtime), str(wheel), str(listed),
                          "--modules"], capture_output=True, text=True)
    if ran.returncode != 0:
        raise LessonError(f"tools/make_snapshot.mjs --modules failed:\n{ran.stderr[-2000:]}")
    stdlib = (runtime / "python_stdlib.zip").read_bytes()
    keep = slim_stdlib.keep_set(stdlib, wheel, json.loads(listed.read_text("utf-8")))
    part = slim.with_name(f"{slim.name}.{os.getpid()}.part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, part / name)
    (part / "python_stdlib.zip").write_bytes(slim_stdlib.slim_zip(stdlib, keep))
    lock = json.loads((runtime / "pyodide-lock.json").read_text("utf-8"))
    (part / "pyodide-lock.json").write_text(json.dumps({**lock, "packages": {}}, separators=(",", ":")), "utf-8")
    listed.unlink()
    try:
        part.replace(slim)
    except OSError:  # another build made it meanwhile: the same files
        shutil.rmtree(part, ignore_errors=True)
    return slim


def make_snapshot(runtime: Path, wheel: Path, out_dir: Path) -> str:
    """The engine's memory snapshot (tools/make_snapshot.mjs, run with Node): Python booted, the
    tutor imported and every game dealt once, so a first visit restores it instead of booting
    Python. Kept in ``.cache/snapshots`` under a hash of what makes it (the runtime, the wheel,
    the script, its codec and the wheel's install): the same inputs give the same bytes (the script sees to that), so
    an unchanged engine keeps its file name and a returning visitor downloads nothing new.
    Returns the file's name under ``py/``."""
    tool = ROOT / "tools" / "make_snapshot.mjs"
    codec = SITE / "static" / "snapshot-codec.js"
    install = SITE / "static" / "wheel-install.js"
    digest = hashlib.sha256(PYODIDE_VERSION.encode())
    for part in (wheel, tool, codec, install, runtime / "pyodide.asm.wasm", runtime / "python_stdlib.zip"):
        digest.update(hashlib.sha256(part.read_bytes()).digest())
    cached = CACHE / "snapshots" / f"{digest.hexdigest()[:16]}.snap"
    if not cached.is_file():
        cached.parent.mkdir(parents=True, exist_ok=True)
        part = Path(f"{cached}.{os.getpid()}.part")
        made = subprocess.run([_node(), str(tool), str(runtime), str(wheel), str(part)], capture_output=True, text=True)
        if made.returncode != 0:
            raise LessonError(f"tools/make_snapshot.mjs failed:\n{made.stderr[-2000:]}")
        part.replace(cached)  # a file: replacing one another build made is harmless (the same bytes)
    name = f"engine-{hashlib.sha256(cached.read_bytes()).hexdigest()[:12]}.snap"
    shutil.copy2(cached, out_dir / name)
    return name


def build(out: Path, lessons_root: Path = LESSONS, link_migrations: Path = LINK_MIGRATIONS,
          snapshot: bool = True) -> dict[str, Any]:
    """Builds the site into ``out``. ``snapshot``: ship the engine's memory snapshot (needs Node);
    without it the worker boots Python on a first visit and makes its own snapshot for the next."""
    started = time.time()
    strings = load_strings()
    migrations = links.load_migrations(link_migrations, list(GAMES))
    courses = load_courses(lessons_root, strings)
    log(f"Checked {sum(len(l) for c in courses.values() for l in c.values())} lessons in {lessons_root}")
    if out.exists():
        shutil.rmtree(out)
    (out / "py").mkdir(parents=True)
    # the browser's slim wheel: what tutor.api imports, minified (the tests use the full pip wheel)
    wheel = build_site_wheel(ROOT, out / "py")
    log(f"Packing tutor => py/{wheel.name} ({wheel.stat().st_size // 1024} KB)")
    runtime = ensure_pyodide(CACHE)
    if snapshot:  # a cut-down standard library, and the snapshot made with it (both need Node)
        runtime = slim_runtime(runtime, out / "py" / wheel.name)
    (out / "pyodide").mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, out / "pyodide" / name)
    log(f"Vendoring Pyodide => pyodide/ ({len(RUNTIME_FILES)} files)")
    copied = minify.copy_tree(SITE / "static", out / "assets")
    log(f"Copying site/static => assets/ (JS and CSS minified: {sum(c[1] for c in copied) // 1024} KB"
        f" -> {sum(c[2] for c in copied) // 1024} KB)")
    for lang in LANGS:  # one copy of the UI strings per language, cached across pages
        (out / "assets" / f"strings-{lang}.json").write_text(
            json.dumps(strings[lang], ensure_ascii=False, separators=(",", ":")), "utf-8")
    snapshot_name = make_snapshot(runtime, out / "py" / wheel.name, out / "py") if snapshot else ""
    if snapshot_name:
        log(f"Snapshot => py/{snapshot_name} ({(out / 'py' / snapshot_name).stat().st_size // 1024} KB raw)")
    site = Site(out, strings, out / "py" / wheel.name, lesson_renames(courses), snapshot_name)
    reports = []
    for game_name, by_lang in courses.items():
        build_course(site, game_name, by_lang, migrations)
        pool = quiz_pool(find_game(game_name))  # one round, for the quiz page and its printed sheet
        reports.append(build_quiz(site, game_name, by_lang, pool))
        build_handouts(site, game_name, by_lang, pool)  # printable handouts (sitebuild/handouts.py)
    build_class_sets(site, courses, migrations)  # the teacher's class sets and the student's page
    # which rules each game's lessons and quizzes practise, and why not the rest (sitebuild/coverage.py)
    (out / "coverage.json").write_text(json.dumps({"games": reports}, ensure_ascii=False, indent=1), "utf-8")
    for lang in LANGS:
        s = strings[lang]
        listed = [{"game": g, "title": s[f"game.{g}"], "blurb": s[f"game.{g}.blurb"],
                   "lesson_keys": [l.key for l in by_lang[lang]]} for g, by_lang in courses.items()]
        site.render("home.html", f"{lang}/index.html", lang, page_title=s["site_title"], page_kind="home",
                    courses=listed)
    html = site.env.get_template("language.html").render()
    (out / "index.html").write_text(site.with_policy(minify.html(html)), "utf-8")
    log("Rendering language.html => index.html")
    # the same policy as HTTP headers, for hosts that read _headers (README: Content-Security-Policy)
    (out / "_headers").write_text(csp.headers_file(site.script_hashes), "utf-8")
    (out / "build.json").write_text(json.dumps({"wheel": wheel.name, "pages": ["index.html"] + site.pages},
                                               indent=1), "utf-8")
    write_service_worker(out)
    log(f"Built {out} in {time.time() - started:.1f} s")
    return {"wheel": wheel.name, "pages": site.pages}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the cardtutor static site.")
    parser.add_argument("--out", default=str(ROOT / "_site"), help="output folder (default: _site)")
    parser.add_argument("--lessons", default=str(LESSONS), help="lessons folder (default: lessons)")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="ship no memory snapshot of the engine (no Node.js needed; a first visit boots Python)")
    args = parser.parse_args(argv)
    try:
        build(Path(args.out).resolve(), Path(args.lessons).resolve(), snapshot=not args.no_snapshot)
    except LessonError as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
