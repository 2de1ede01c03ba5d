"""The coverage report: which rules of each game a learner practises, and why not the rest.

A rule is *practised* when a learner's answer depends on it: a lesson decision cites it (the
verdicts of its options and its hint's rules), or a quiz kind's exercises do (measured over
seeded exercises, ``tutor/quiz/coverage.py``). Every other rule of the spec's default variant
(the rule catalog's entries but its flags) is listed with the reason it is not: the catalog's
``fact`` of the rule (a setup fact no choice and no outcome turns on, in ja and en), or "not
practised yet".

``python -m sitebuild.coverage [GAME …]`` prints the report; the build writes it as
``coverage.json`` beside the site and the quiz and mastery pages read each game's part.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterable

ROOT = Path(__file__).resolve().parent.parent


def collect_rule_ids(data: Any, out: set[str]) -> set[str]:
    """Every rule ID a page cites: in verdicts ("rule_ids"), hints ("focus_rules") and in compact
    tables ([legal, text, ids])."""
    if isinstance(data, list) and len(data) == 3 and data[0] in (0, 1) and isinstance(data[1], int) \
            and isinstance(data[2], list):
        out.update(data[2])
        return out
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("rule_ids", "focus_rules") and isinstance(value, list):  # a hint's rules are cited too
                out.update(value)
            else:
                collect_rule_ids(value, out)
    elif isinstance(data, list):
        for value in data:
            collect_rule_ids(value, out)
    return out


def lesson_rules(lessons: Iterable[Any]) -> dict[str, list[str]]:
    """Rule ID → the keys of the lessons whose decisions cite it (computed lessons: ``lesson.computed``)."""
    out: dict[str, list[str]] = {}
    for lesson in lessons:
        for step in lesson.computed:
            if "ask" not in step:
                continue
            for rule in collect_rule_ids(step["ask"], set()):
                out.setdefault(rule, [])
                if lesson.key not in out[rule]:
                    out[rule].append(lesson.key)
    return out


def game_report(game_name: str, by_lessons: dict[str, list[str]], by_quiz: dict[str, list[str]]) -> dict[str, Any]:
    """One game's part of the report: every rule of its catalog but the flags, in the catalog's order."""
    from tutor import rules as catalog
    rules = [r for r in catalog.catalog(game_name)["rules"] if "-FLAG-" not in r["id"]]
    practised, rest = [], []
    for r in rules:
        entry = {"id": r["id"], "title": r["title"]}
        if r["id"] in by_lessons or r["id"] in by_quiz:
            practised.append({**entry, "lessons": by_lessons.get(r["id"], []), "quiz": by_quiz.get(r["id"], [])})
        else:
            rest.append({**entry, "fact": r.get("fact")})
    return {"game": game_name, "rules": len(rules), "practised": practised, "unpractised": rest,
            "by_lessons": sum(1 for r in rules if r["id"] in by_lessons),
            "missing": [r["id"] for r in rest if not r["fact"]]}


def summary(report: dict[str, Any]) -> str:
    return (f"{report['game']}: {len(report['practised'])} of {report['rules']} rules practised "
            f"({report['by_lessons']} by lesson decisions), "
            f"{len(report['unpractised']) - len(report['missing'])} setup facts, "
            f"{len(report['missing'])} not practised yet")


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT))
    from sitebuild.lessons import compute_lesson, load_course
    from tutor.quiz.coverage import practised_by_kind
    from tutor.registry import SITE_NAMES, find_game
    names = (argv if argv is not None else sys.argv[1:]) or list(SITE_NAMES)
    for name in names:
        lessons = load_course(ROOT / "lessons", "en", name) if (ROOT / "lessons" / "en" / name).is_dir() else []
        for lesson in lessons:
            compute_lesson(lesson)
        report = game_report(name, lesson_rules(lessons), practised_by_kind(find_game(name)))
        print(summary(report))
        for r in report["unpractised"]:
            print(f"  {r['id']:18} {'fact: ' + r['fact']['en'] if r['fact'] else 'NOT PRACTISED YET'}  ({r['title']['en']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
