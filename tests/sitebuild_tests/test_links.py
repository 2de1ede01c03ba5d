"""What the build writes so old links and old progress keep working (issue 14): the share links'
format and migration table (sitebuild/links.py), the lessons' former keys (``aliases:``, for stored
progress) and former file names (``formerly:``, pages that forward to the lesson).
"""
from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

import build
from sitebuild.lessons import LessonError
from sitebuild.links import LinkTableError, check_migrations, for_game, load_migrations
from tutor.share import MAX_CODE

pytestmark = pytest.mark.cpython_only
ROOT = Path(build.__file__).resolve().parent
GAMES = list(build.GAMES)


def test_the_table_of_today_is_valid_and_current() -> None:
    table = load_migrations(build.LINK_MIGRATIONS, GAMES)
    assert table["current"] >= 1
    assert for_game(table, "tichu")["current"] == table["current"]


GOOD = {"current": 3, "steps": [
    {"version": 2, "game": "doudizhu", "flags": {"chuntian": "spring_bonus"}, "values": {"first_bidder": {"holder": "marker"}},
     "presets": {"web": "online"}},
    {"version": 3, "game": "doudizhu", "flags": {"spring_bonus": "spring"}},
    {"version": 3, "game": "napoleon", "values": {"min_bid": {"eleven": 11}}},
]}


def test_a_table_that_leads_to_todays_names_passes() -> None:
    check_migrations(GOOD, GAMES)
    assert for_game(GOOD, "doudizhu")["steps"] == GOOD["steps"][:2] and for_game(GOOD, "tichu")["steps"] == []


@pytest.mark.parametrize("table, words", [
    ([], "expected"),
    ({"current": 0, "steps": []}, "current must be"),
    ({"current": 2, "steps": [{"version": 3, "game": "doudizhu"}]}, "steps[0]: version 3"),
    ({"current": 3, "steps": [{"version": 3, "game": "doudizhu"}, {"version": 2, "game": "doudizhu"}]}, "in order"),
    ({"current": 2, "steps": [{"version": 2, "game": "chess"}]}, "unknown game 'chess'"),
    ({"current": 2, "steps": [{"version": 2}]}, "a step has version, game"),
    ({"current": 2, "steps": [{"version": 2, "game": "tichu", "flag": {}}]}, "a step has version, game"),
    ({"current": 2, "steps": [{"version": 2, "game": "tichu", "flags": {"a": 1}}]}, "old names to new ones"),
    ({"current": 2, "steps": [{"version": 2, "game": "tichu", "flags": {"bomb": "bombs"}}]},
     "'bomb' becomes 'bombs', which leads to no flag of tichu"),
    ({"current": 3, "steps": [{"version": 2, "game": "doudizhu", "flags": {"a": "spring"}},
                              {"version": 3, "game": "doudizhu", "flags": {"spring": "spring2"}}]},
     "steps[0].flags: 'a' becomes 'spring', which leads to no flag"),
    ({"current": 2, "steps": [{"version": 2, "game": "doudizhu", "values": {"first_bidder": {"x": "dealer"}}}]},
     "'x' becomes 'dealer', which leads to no value of first_bidder"),
    ({"current": 2, "steps": [{"version": 2, "game": "doudizhu", "values": {"nope": {"x": "y"}}}]}, "no flag of doudizhu"),
    ({"current": 2, "steps": [{"version": 2, "game": "tichu", "presets": {"fm": "fata"}}]}, "no preset of tichu"),
])
def test_a_table_that_would_break_old_links_fails_naming_the_step(table: Any, words: str) -> None:
    with pytest.raises(LinkTableError) as exc:
        check_migrations(table, GAMES)
    assert words in str(exc.value)
    assert isinstance(exc.value, LessonError)  # build.main reports it like a broken lesson


# ------------------------------------------------------------------ a rebuild with renamed lessons
def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), "utf-8")


def renamed_lessons(tmp_path: Path, aliases: str = "ddz-first-cards", formerly: str = "05-the-cards",
                    langs: tuple[str, ...] = build.LANGS) -> Path:
    """The real lessons, with the first Dou Dizhu lesson's former key and file name declared."""
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", lessons)
    for lang in langs:
        _edit(lessons / lang / "doudizhu" / "01-cards.md", "key: ddz-cards\n",
              f"key: ddz-cards\naliases: {aliases}\nformerly: {formerly}\n")
    return lessons


def page_data(page: Path, element_id: str) -> dict[str, Any]:
    text = page.read_text("utf-8")
    return json.loads(re.search(rf'<script type="application/json" id="{element_id}">(.*?)</script>', text, re.S).group(1))


def test_a_rebuild_carries_former_keys_and_former_addresses(tmp_path: Path) -> None:
    lessons = renamed_lessons(tmp_path, aliases="ddz-first-cards, ddz-zero")
    table = tmp_path / "links.json"
    table.write_text(json.dumps(GOOD), "utf-8")
    out = tmp_path / "site"
    build.build(out, lessons, table)
    for lang in build.LANGS:
        for page in ("index.html", "doudizhu/index.html", "doudizhu/02-auction.html", "tichu/index.html"):
            body = re.search(r"<body[^>]*>", (out / lang / page).read_text("utf-8")).group(0)
            renames = re.search(r'data-lesson-renames="([^"]*)"', body)
            assert renames, (lang, page, body)
            assert json.loads(html.unescape(renames.group(1))) == {"ddz-first-cards": "ddz-cards", "ddz-zero": "ddz-cards"}
        forward = (out / lang / "doudizhu" / "05-the-cards.html").read_text("utf-8")
        assert '<link rel="canonical" href="01-cards.html">' in forward and "assets/forward.js" in forward
        assert 'content="3; url=01-cards.html"' in forward
        data = page_data(out / lang / "doudizhu" / "practice.html", "practice-data")
        assert data["links"] == for_game(GOOD, "doudizhu") and data["limits"] == {"moves_code": MAX_CODE}
    assert "en/doudizhu/05-the-cards.html" in json.loads((out / "build.json").read_text("utf-8"))["pages"]


def test_without_renames_the_pages_carry_none(tmp_path: Path) -> None:
    out = tmp_path / "site"
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons" , lessons)
    for lang in build.LANGS:  # one course is enough here
        for game in ("tichu", "napoleon"):
            shutil.rmtree(lessons / lang / game)
    build.build(out, lessons)
    assert "data-lesson-renames" not in (out / "en" / "doudizhu" / "index.html").read_text("utf-8")
    assert page_data(out / "ja" / "doudizhu" / "practice.html", "practice-data")["links"]["current"] == 1


@pytest.mark.parametrize("aliases, formerly, langs, words", [
    ("ddz-auction", "05-the-cards", build.LANGS, "alias 'ddz-auction' is the key of a lesson"),
    ("ddz-first-cards", "02-auction", build.LANGS, "formerly '02-auction' is the file name of a lesson"),
    ("ddz-first cards!", "05-the-cards", build.LANGS, "a lesson key is letters"),
    ("ddz-first-cards", "the-cards", build.LANGS, "formerly lists former file names"),
    ("ddz-first-cards", "05-the-cards", ("en",), "aliases [] differs from"),
])
def test_former_names_that_would_mislead_fail_the_build(tmp_path: Path, capsys: pytest.CaptureFixture,
                                                       aliases: str, formerly: str, langs: tuple[str, ...],
                                                       words: str) -> None:
    lessons = renamed_lessons(tmp_path, aliases, formerly, langs)
    assert build.main(["--out", str(tmp_path / "out"), "--lessons", str(lessons)]) == 1
    err = capsys.readouterr().err
    assert "01-cards.md:1:" in err and words in err, err


def test_an_alias_claimed_twice_fails_the_build(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    lessons = renamed_lessons(tmp_path)
    for lang in build.LANGS:
        _edit(lessons / lang / "doudizhu" / "02-auction.md", "key: ddz-auction\n", "key: ddz-auction\naliases: ddz-first-cards\n")
    assert build.main(["--out", str(tmp_path / "out"), "--lessons", str(lessons)]) == 1
    assert "alias 'ddz-first-cards' is claimed by" in capsys.readouterr().err
