"""Printable handouts (issue 23): each game's rules summary, each lesson, and a quiz sheet with
its answer key, laid out for A4 and Letter by ``site/static/print.css``.

Pages per game and language, under ``<lang>/<game>/print/``:

* ``index.html``: the handouts, each a link, and how to print them;
* ``rules.html``: every section and rule of the catalog, the default rules named, the presets;
* ``<lesson-slug>.html``: the lesson's steps (prose, the position drawn by the site's own
  table.js from the build's views, the question with boxes to tick or lines to write on), the
  closing prose, then the answers on a new page (the answer, why, the rules cited);
* ``quiz.html``: the round of exercises the quiz page comes with (question, position, options
  with a box to tick), then the answer key on a new page (the right options, the engine's reason,
  the rules cited, and why each other option is not right).

The words are written here; ``site/static/handout.js`` only draws the positions and the cards
named in them (no Pyodide, no worker) and sets ``data-state="ready"`` on ``<html>`` once laid out.
"""
from __future__ import annotations

import importlib
import json
import sys
from typing import Any

from sitebuild.lessons import Lesson
from sitebuild.proofread import md
from tutor import rules as rule_catalog
from tutor.actions import LET_GO
from tutor.display import phase_names
from tutor.messages import card_text
from tutor.registry import find_game

#: the handouts' folder inside a game's folder
FOLDER = "print"


def _build() -> Any:
    """build.py's helpers (page words, presets in words, JSON for a script element): the module
    that calls us, whether it runs as ``python build.py`` or is imported."""
    return sys.modules.get("build") or importlib.import_module("build")


def build_handouts(site: Any, game_name: str, by_lang: dict[str, list[Lesson]], pool: list[Any]) -> list[str]:
    """Renders every handout of ``game_name`` in every language; returns their paths (``lang/game/print/…``)."""
    b = _build()
    game = find_game(game_name)
    catalog = rule_catalog.catalog(game_name)
    written: list[str] = []
    for lang in b.LANGS:
        words = b.page_words(game, lang, site.strings[lang])
        s = {**site.strings[lang], **words}  # a game's own words for some (Pon-jan discards a tile)
        course_title = s[f"game.{game_name}"]
        titles = {r["id"]: r["title"][lang] for r in catalog["rules"]}
        base = f"{lang}/{game_name}/{FOLDER}"
        common = {"words": words, "course_title": course_title, "game": game_name}

        def page(template: str, name: str, title: str, data: dict[str, Any], **context: Any) -> None:
            payload = {"lang": lang, "suits_matter": game.suits_matter, "words": words, "views": [], **data}
            site.render(template, f"{base}/{name}", lang, page_title=title, data_json=b.script_json(payload),
                        **common, **context)
            written.append(f"{base}/{name}")

        # the rules summary
        flags = b.flag_words(game, lang)
        presets = b.preset_words(game, lang, flags, s)
        default = next((p for p in presets if p["name"] == (game.default_preset or "seed")), None)
        sections = [{"id": sec["id"], "title": sec["title"][lang],
                     "rules": [{"id": r["id"], "title": r["title"][lang], "text": r["text"][lang]}
                               for r in catalog["rules"] if r["section"] == sec["id"]]}
                    for sec in catalog["sections"]]
        rules_title = f"{course_title} — {s['print_rules_title']}"
        page("handout_rules.html", "rules.html", rules_title, {}, page_kind="handout", kind="rules",
             sections=[sec for sec in sections if sec["rules"]], presets=presets, default=default)

        # the lessons
        lessons = by_lang[lang]
        listed = []
        for number, lesson in enumerate(lessons, 1):
            steps, views = lesson_steps(game, lesson, s, titles)
            label = s["print_lesson_label"].replace("{n}", str(number))
            colon = _colon(lang)
            page("handout_lesson.html", f"{lesson.slug}.html", f"{course_title} — {label}{colon}{lesson.meta['title']}",
                 {"views": views}, page_kind="handout", kind="lesson", label=label, colon=colon,
                 lesson={"title": lesson.meta["title"], "slug": lesson.slug}, steps=steps,
                 outro_html=md(lesson.outro) if lesson.outro.strip() else "",
                 answered=[st for st in steps if st["answer"]])
            listed.append({"slug": lesson.slug, "title": lesson.meta["title"],
                           "part": lesson.meta.get("part"), "summary": lesson.meta.get("summary")})

        # the quiz sheet and its key
        exercises, views = quiz_sheet(game, pool, lang, s, titles, catalog)
        quiz_title = f"{course_title} — {s['print_quiz_title']}"
        page("handout_quiz.html", "quiz.html", quiz_title, {"views": views}, page_kind="handout", kind="quiz",
             exercises=exercises)

        # the list of them all
        page("handouts.html", "index.html", s["print_title"].replace("{game}", course_title), {},
             page_kind="handouts", kind="index", lessons=listed, questions=len(exercises))
    return written


# ------------------------------------------------------------------ lessons
def full_view(frame: dict[str, Any], phases: list[dict[str, str]]) -> dict[str, Any]:
    """A lesson frame as the table draws it: the ``display.<part>`` keys the build spread for the
    lesson page (sitebuild/lessons.py: lean_view) folded back into ``display``, as player.js's
    foldDisplay does; the frame's events and its decision stay out (the handout words them)."""
    display: dict[str, Any] = {"phases": phases, "seats": [], "info": [], "zones": [],
                               "trick": {"show": False, "holding": None}, "decision": None, "side": [],
                               "result": None, "reveal": True}
    view: dict[str, Any] = {}
    for key, value in frame.items():
        if key == "events":
            continue
        if not key.startswith("display."):
            view[key] = value
            continue
        part, _, field = key[len("display."):].partition(".")
        if part in ("decision", "side"):
            continue
        if not field:
            display[part] = value
        elif isinstance(display.get(part), list):
            items = display[part]
            index = int(field)
            items.extend([None] * (index + 1 - len(items)))
            items[index] = value
        else:
            display[part] = {**(display.get(part) or {}), field: value}
    view["display"] = display
    return view


def _cards_words(tokens: list[str], lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(card_text(t.split("#")[0], lang) for t in tokens)


def answer_words(game: Any, ask: dict[str, Any], action: Any, lang: str, s: dict[str, str]) -> dict[str, Any]:
    """One answer as the handout shows it: its cards (drawn as cards, named in words beneath for a
    reader without the script) or its words."""
    if action == LET_GO:
        return {"cards": "", "label": (ask.get("window") or {}).get("decline") or s["let_it_go"]}
    if action == "PASS":
        return {"cards": "", "label": s["action.PASS"]}
    cards = action if isinstance(action, list) else action.get("cards") if isinstance(action, dict) else None
    if isinstance(cards, list) and all(isinstance(t, str) for t in cards):
        return {"cards": " ".join(cards), "text": _cards_words(cards, lang)}
    from sitebuild.lessons import action_key
    label = ask.get("labels", {}).get(action_key(game, action))
    return {"cards": "", "label": label or game.action_label(game.parse_action(action), lang)}


def question_of(game: Any, ask: dict[str, Any], frame: dict[str, Any], s: dict[str, str], lang: str) -> dict[str, Any]:
    """What a step asks, for paper: a prompt, and options to tick (``{"label"}``) or to write in
    (``{"label", "write": True}``: the cards to play, a card for each seat); a long list picked
    part by part (a count and a suit) as ``groups``, a row per first part."""
    decision = frame.get("display.decision") or {}
    options: list[dict[str, Any]] = []
    groups: dict[str, list[str]] = {}
    head = ""
    if ask.get("out_of_turn"):
        window = ask.get("window")
        prompt = window["prompt"] if window else s["bomb_window_lesson"]
        if window and window.get("choices"):
            options = [{"label": _key_words(game, ask, k, lang, s)} for k in ask["legal"] if k != LET_GO]
        else:
            options = [{"label": s["print_write_play"], "write": True}]
        options.append({"label": window["decline"] if window else s["let_it_go"]})
    else:
        kind = decision.get("kind")
        prompt = decision.get("prompt") or s["your_turn"]
        if kind == "choose" and len(decision.get("menus") or []) == 2:
            head = decision["menus"][0]
            for o in decision["options"]:
                if len(o.get("parts") or []) == 2:
                    groups.setdefault(o["parts"][0], []).append(o["parts"][1])
                else:
                    options.append({"label": o["label"]})
        elif kind == "choose":
            options = [{"label": o["label"]} for o in decision["options"]]
        elif kind == "cards" and decision.get("slots"):
            prompt = decision.get("prompt") or decision["confirm"]
            options = [{"label": label, "write": True} for label in decision["slots"].values()]
        elif kind in ("cards", "positions"):
            prompt = decision.get("prompt") or decision["confirm"]
            if decision.get("whose"):
                prompt = f"{decision['whose']}{_colon(lang)}{prompt}"
            options = [{"label": s["print_write_cards"], "write": True}]
        else:  # a play (or a step whose decision the frame leaves out): the cards to write in
            options = [{"label": s["print_write_play"], "write": True}]
            if decision.get("pass"):
                options.append({"label": decision["pass_label"]})
            options += [{"label": x["label"]} for x in decision.get("extras", [])]
    # side declarations open now (a call beside the play), as the lesson page offers them
    options += [{"label": _key_words(game, ask, k, lang, s)} for k in ask.get("side", [])]
    options += [{"label": x["label"]} for x in ask.get("select_side", [])]
    return {"prompt": prompt, "options": [{"write": False, **o} for o in options],
            "columns": len(options) > 6 and not groups,
            "groups": [{"label": f"{head}{'' if head.endswith(('：', ':')) and lang == 'ja' else ' '}{part}",
                        "options": parts} for part, parts in groups.items()],
            "wide": any(len(parts) > 6 for parts in groups.values())}


def _colon(lang: str) -> str:
    return "：" if lang == "ja" else ": "


def _key_words(game: Any, ask: dict[str, Any], key: str, lang: str, s: dict[str, str]) -> str:
    """A decision's words from its key (``tutor.actions.action_key``): the build's label, else
    the engine's, else the cards it plays, named; never the key itself."""
    if key in ask.get("labels", {}):
        return ask["labels"][key]
    if key == "PASS":
        return s["action.PASS"]
    if key.startswith("{"):
        return game.action_label(game.parse_action(json.loads(key)), lang)
    return _cards_words(key.split(" "), lang)


def _rules(ids: list[str], titles: dict[str, str]) -> list[dict[str, str]]:
    """Rules cited, a flag's own entry left out beside the rule it switches on."""
    shown = [i for i in ids if "-FLAG-" not in i] or list(ids)
    return [{"id": i, "title": titles.get(i, "")} for i in dict.fromkeys(shown)]


def lesson_steps(game: Any, lesson: Lesson, s: dict[str, str],
                 titles: dict[str, str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The steps of ``lesson`` for the handout, and the views their positions are drawn from: each
    step's last frame (the position the question is asked in, or where its moves lead), after the
    moves that led there, listed in words."""
    from sitebuild.lessons import action_key
    lang = lesson.lang
    phases = phase_names(game, lang)
    steps: list[dict[str, Any]] = []
    views: list[dict[str, Any]] = []
    drawn = [full_view(step["frames"][-1], phases) for step in lesson.computed]
    for number, step in enumerate(lesson.computed, 1):
        frame = step["frames"][-1]
        ask = step.get("ask")
        # a step that only talks about the position the next step asks about leaves it to that step
        shared = not ask and number < len(drawn) and drawn[number] == drawn[number - 1]
        if not shared:
            views.append(drawn[number - 1])
        moves = [text for f in step["frames"][1:] for text in f.get("events", [])]
        entry: dict[str, Any] = {"number": number, "label": s["print_step"].replace("{i}", str(number)),
                                 "html": md(step["prose"]), "view": None if shared else len(views) - 1, "moves": moves,
                                 "question": question_of(game, ask, frame, s, lang) if ask else None, "answer": None}
        if ask:
            accepted = ask["answer_actions"]
            first_key = action_key(game, accepted[0])
            verdict = ask["table"].get(first_key)
            reason = ask["texts"][verdict[1]] if verdict else ""
            why = ask["hint"]["why"]
            ids = verdict[2] if verdict and verdict[2] else ask["hint"]["rule_ids"]
            entry["answer"] = {
                "any": ask["answers"] == "any",
                "actions": [answer_words(game, ask, a, lang, s) for a in accepted],
                "why": [t for t in dict.fromkeys([why, reason]) if t],
                "rules": _rules(list(ids), titles),
                "then": list(step.get("after", {}).get("events", [])),
            }
        steps.append(entry)
    return steps, views


# ------------------------------------------------------------------ the quiz sheet
def quiz_sheet(game: Any, pool: list[Any], lang: str, s: dict[str, str], titles: dict[str, str],
               catalog: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The quiz page's round (``pool``: the exercises build.py made once for the game), each with
    its options to tick and its key; and the views its positions are drawn from."""
    presets = catalog.get("presets", {})
    default = game.default_preset or "seed"
    exercises: list[dict[str, Any]] = []
    views: list[dict[str, Any]] = []
    for number, made in enumerate(pool, 1):
        ex = made.to_json(game, lang)
        views.append(ex["view"])
        played_under = ([presets[ex["preset"]]["title"][lang]] if ex["preset"] != default and ex["preset"] in presets
                        else []) + list(ex.get("variant") or [])

        def option(o: dict[str, Any], letter: str) -> dict[str, Any]:
            action = o.get("action") or {}
            cards = action.get("cards") or []
            return {"letter": letter, "label": o["label"], "cards": " ".join(cards),
                    "text": _cards_words(cards, lang) if cards else o["label"],
                    "reading": o["label"] if cards and action.get("declared") else "",
                    "correct": o["correct"], "why": o["why"], "rules": _rules(o["rule_ids"], titles)}

        options = [option(o, _letter(i, lang)) for i, o in enumerate(ex["options"])]
        shows = ex.get("shows") or None
        exercises.append({
            "number": number, "label": s["print_question"].replace("{i}", str(number)),
            "question": ex["question"], "view": len(views) - 1, "multiple": ex["multiple"],
            "rules_line": s["quiz_preset"].replace("{preset}", " · ".join(played_under)) if played_under else "",
            "shows": {"cards": " ".join(shows.get("cards") or []), "label": shows["label"],
                      "text": _cards_words(shows["cards"], lang) if shows.get("cards") else shows["label"]}
            if shows else None,
            "options": options, "right": [o for o in options if o["correct"]],
            "wrong": _grouped([o for o in options if not o["correct"] and o["why"]], lang),
        })
    return exercises, views


def _grouped(options: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """Wrong options that share their reason, said once under all their marks ("B, C: …")."""
    groups: dict[tuple[str, tuple[str, ...]], dict[str, Any]] = {}
    for o in options:
        key = (o["why"], tuple(r["id"] for r in o["rules"]))
        if key in groups:
            groups[key]["letter"] += ("、" if lang == "ja" else ", ") + o["letter"]
        else:
            groups[key] = {**o}
    return list(groups.values())


def _letter(index: int, lang: str) -> str:
    """An option's mark on paper: A, B, C… (ア, イ, ウ… in Japanese, as school tests mark them)."""
    marks = "アイウエオカキクケコサシスセソタチツテトナニヌネノ" if lang == "ja" else "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return marks[index] if index < len(marks) else str(index + 1)
