"""Proofreading lessons (sitebuild/proofread.py): each check stops a bad lesson, naming file, line
and step; the real lessons pass them all; the build stops on a slip like on any lesson error."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import build
from sitebuild.lessons import LessonError, compute_lesson, load_course, parse_lesson
from sitebuild.proofread import ASK_CONTROLS, WINDOW_CONTROLS, find_slips, proofread

pytestmark = pytest.mark.cpython_only
ROOT = Path(build.__file__).resolve().parent
STRINGS = {lang: json.loads((ROOT / "site" / "strings" / f"{lang}.json").read_text("utf-8")) for lang in build.LANGS}

DDZ = {"scenario": {"flags": {"players": 3}, "phase": "play", "to_act": 0, "landlord": 0,
                    "hands": {"0": ["S-5", "H-5", "S-9"]}, "cards_held": {"1": 12, "2": 12}, "trick": []},
       "seat": 0, "ask": {"answers": [["S-5", "H-5"]]}}
TICHU_HAND = ["S-2", "H-3", "C-6", "D-7", "S-8", "H-9", "D-10", "C-J", "S-Q", "D-K", "S-A", "H-A", "C-A", "DRAGON"]


def _tichu(hand: list[str], ask: dict | None = None, moves: list | None = None, to_act: int = 0) -> dict:
    step: dict = {"scenario": {"flags": {}, "phase": "play", "to_act": to_act, "hands": {"0": hand},
                               "cards_held": {"1": 13, "2": 14, "3": 13}, "trick": [{"seat": 3, "cards": ["D-4"]}]
                               if to_act == 0 else []},
                  "seat": 0}
    if moves:
        step["moves"] = moves
    if ask:
        step["ask"] = ask
    return step


def _lesson(tmp_path: Path, game: str, lang: str, steps: list[tuple[str, dict]], outro: str = "Done.",
            title: str = "Test") -> Path:
    body = ["---", "key: t-test", f"title: {title}", "---"]
    for prose, step in steps:
        body += [prose, "", "```step", json.dumps(step), "```", ""]
    body.append(outro)
    path = tmp_path / "01-test.md"
    path.write_text("\n".join(body) + "\n", "utf-8")
    return path


def _proofread(path: Path, game: str, lang: str = "en") -> None:
    lesson = parse_lesson(path, lang, game)
    compute_lesson(lesson)
    proofread(lesson, STRINGS[lang])


def _fails(tmp_path: Path, game: str, steps: list[tuple[str, dict]], expect: str, *, lang: str = "en",
           line: int | None = None, where: str = "step 1", **kw: str) -> str:
    path = _lesson(tmp_path, game, lang, steps, **kw)
    with pytest.raises(LessonError) as info:
        _proofread(path, game, lang)
    message = str(info.value)
    assert message.startswith(f"{path}:"), message
    assert f": {where}" in message and expect in message, message
    if line is not None:
        assert message.startswith(f"{path}:{line}: "), message
    return message


# ------------------------------------------------------------------ markdown left over
@pytest.mark.parametrize("prose,expect", [
    ("The suits rank **♠ spades > ♥ hearts > ♦ diamonds\n> ♣ clubs**. Play a pair.", "became a quote block"),
    ("* one: **♠ spades > ♥ hearts > ♦ diamonds\n  > ♣ clubs**.\n\nPlay a pair.", "became a quote block"),
    ("Play a **pair of fives.", 'a literal "**"'),
    ("Play a __pair of fives.", 'a literal "__"'),
    ("Play a `pair of fives.", "a literal backtick"),
    ("Play a pair (see [the rules](rules.html#DDZ-CMP-1 for more.", "a link left over as text"),
    ("Play a pair.\n\n#5 is not a card.", "became a heading"),
    ("Play a pair.\n\n\\> not a quote", "shown as it is"),
])
def test_markdown_left_over_in_the_text_fails(tmp_path: Path, prose: str, expect: str) -> None:
    _fails(tmp_path, "doudizhu", [(prose, DDZ)], expect)


def test_the_message_names_the_line_of_the_slip(tmp_path: Path) -> None:
    prose = "First line.\n\nSecond line with a **broken bold.\n\nThird line."
    # front matter is lines 1-4, the prose starts at line 5: the slip is on line 7
    _fails(tmp_path, "doudizhu", [(prose, DDZ)], 'a literal "**"', line=7)


def test_a_text_ending_on_a_colon_fails(tmp_path: Path) -> None:
    _fails(tmp_path, "doudizhu", [("Step through the others' cards, two of them honours:", DDZ)],
           'ends on ":"')
    # a colon that announces a line or a list is fine
    path = _lesson(tmp_path, "doudizhu", "en", [("From low to high:\n\n3 · 4 · 5\n\nPlay a pair:\n\n* the fives", DDZ)])
    _proofread(path, "doudizhu")


def test_the_closing_prose_and_the_title_are_read_too(tmp_path: Path) -> None:
    _fails(tmp_path, "doudizhu", [("Play a pair.", DDZ)], "snake_case", where="closing prose",
           outro="Turn on kickers_may_repeat at home.")
    _fails(tmp_path, "doudizhu", [("Play a pair.", DDZ)], "a literal", where="front matter title",
           title="Pairs **and triplets")


# ------------------------------------------------------------------ identifiers
@pytest.mark.parametrize("prose,expect", [
    ("A house rule, the flag joker_request_weakens, changes this. Play a pair.", "'joker_request_weakens'"),
    ("Play a pair (rule DDZ-CMP-1).", "a rule ID written outside a link (link it, or say it in words): 'DDZ-CMP-1'"),
    ("Play S-5 and H-5.", "a card token written raw"),
    ("A PHOENIX=8 would do. Play a pair.", "'PHOENIX=8'"),
    ('Answer {"bid": 2}. Play a pair.', "a JSON fragment"),
    ("The result says spring: false. Play a pair.", "a JSON fragment"),
])
def test_identifiers_in_prose_fail(tmp_path: Path, prose: str, expect: str) -> None:
    _fails(tmp_path, "doudizhu", [(prose, DDZ)], expect)


def test_identifiers_are_found_between_japanese_words(tmp_path: Path) -> None:
    _fails(tmp_path, "doudizhu", [("オプションsame2_first_trickをオンにします。ペアを出しましょう。", DDZ)],
           "'same2_first_trick'", lang="ja")


def test_a_flag_named_by_its_identifier_fails_even_as_a_plain_word(tmp_path: Path) -> None:
    # "reverse" is an ordinary word, but "the flag reverse" names the identifier (the game's own flags)
    nap = {"scenario": {"flags": {}, "phase": "auction", "to_act": 0,
                        "hands": {"0": ["S-4", "S-9", "S-10", "S-Q", "S-K", "S-A", "H-8", "D-5", "C-J", "JOKER"]}},
           "seat": 0, "ask": {"answers": [{"bid": [11, "S"]}]}}
    _fails(tmp_path, "napoleon", [("Some tables play **reverse** (flag reverse). Bid.", nap)], "'flag reverse'")
    _fails(tmp_path, "napoleon", [("**リバース**（フラグreverse）を使う卓もあります。", nap)], "'フラグreverse'", lang="ja")
    _proofread(_lesson(tmp_path, "napoleon", "en", [("Reverse the order of your cards, then bid.", nap)]), "napoleon")


def test_a_rule_id_in_a_link_is_fine(tmp_path: Path) -> None:
    path = _lesson(tmp_path, "doudizhu", "en", [("Play a pair ([DDZ-CMP-1](rules.html#DDZ-CMP-1)).", DDZ)])
    _proofread(path, "doudizhu")


# ------------------------------------------------------------------ controls named in the prose
def test_a_control_the_step_does_not_show_fails(tmp_path: Path) -> None:
    # "Let it go" shows only in a window out of turn; this is a decision in turn
    message = _fails(tmp_path, "doudizhu", [('Choose "Let it go". Play a pair.', DDZ)], 'the control "Let it go"')
    assert "a decision in turn (play)" in message and '"Play selected"' in message
    # no decision at all: no Hint
    _fails(tmp_path, "doudizhu", [("Play a pair.", DDZ), ("Press **Hint** if you are stuck.", {"moves": []})],
           'the control "Hint"', where="step 2")
    # Napoleon plays a card on every turn: no Pass button in play
    nap = {"scenario": {"flags": {}, "phase": "play", "to_act": 0, "trick_no": 2, "napoleon": 0,
                        "contract": [13, "S"], "trump": "S", "called_card": "S-A",
                        "hands": {"0": ["S-5", "D-6", "D-A"]},
                        "cards_held": {"1": 3, "2": 3, "3": 2, "4": 2},
                        "trick": [{"seat": 3, "cards": ["D-K"]}, {"seat": 4, "cards": ["D-10"]}]},
           "seat": 0, "ask": {"answers": [["D-A"]]}}
    _fails(tmp_path, "napoleon", [('Take it, or press "Pass".', nap)], 'the control "Pass"')


def test_the_tichu_call_shows_only_while_it_is_open_or_prepared(tmp_path: Path) -> None:
    # 13 cards: the call is no longer open, and the lesson did not prepare it as a mistake
    late = _tichu(TICHU_HAND[:-1], ask={"answers": [["C-6"]]})
    _fails(tmp_path, "tichu", [("Press **Call Tichu!** now.", late)], 'the control "Call Tichu!"')
    _fails(tmp_path, "tichu", [("「テチュ宣言！」を押しましょう。", late)], 'the control "テチュ宣言！"', lang="ja")
    # prepared as a mistake: the page offers the button, to explain why it is refused
    prepared = _tichu(TICHU_HAND[:-1], ask={"answers": [["C-6"]], "wrong": [{"call": "tichu"}]})
    _proofread(_lesson(tmp_path, "tichu", "en", [("Try **Call Tichu!**: it is refused.", prepared)]), "tichu")
    # 14 cards: open
    open_call = _tichu(TICHU_HAND, ask={"answers": [{"call": "tichu"}]})
    _proofread(_lesson(tmp_path, "tichu", "en", [('Press "Call Tichu!".', open_call)]), "tichu")


def test_let_it_go_shows_in_a_window_out_of_turn(tmp_path: Path) -> None:
    hand = ["S-9", "H-9", "D-9", "C-9", "S-3", "H-K"]
    window = {"scenario": {"flags": {}, "phase": "play", "to_act": 1, "trick": [],
                           "hands": {"0": hand, "1": ["S-4", "H-4", "D-5"], "2": ["S-6", "H-7"], "3": ["D-8", "C-8", "S-2"]}},
              "seat": 0, "moves": [{"seat": 1, "action": ["S-4", "H-4"]}],
              "ask": {"out_of_turn": True, "answers": ["LET_GO"]}}
    _proofread(_lesson(tmp_path, "tichu", "en", [('Choose "Let it go".', window)]), "tichu")
    _proofread(_lesson(tmp_path, "tichu", "ja", [("「出さない」を選びましょう。", window)]), "tichu", "ja")
    # in the same window there is no Pass button
    _fails(tmp_path, "tichu", [('Press "Pass".', window)], 'the control "Pass"')


def test_words_that_are_no_control_are_left_alone(tmp_path: Path) -> None:
    # quoted or bold, but no label of the page: a name, a concept, a quotation
    prose = ('Dou Dizhu ("fight the landlord"): **A pass is not final**, and "higher" has two ways. '
             "**pass** and **play** are verbs here. Play a pair.")
    _proofread(_lesson(tmp_path, "doudizhu", "en", [(prose, DDZ)]), "doudizhu")


def test_every_control_of_the_table_has_a_label_in_every_language() -> None:
    for lang, strings in STRINGS.items():
        missing = [key for key in (*ASK_CONTROLS, *WINDOW_CONTROLS) if not strings.get(key)]
        assert not missing, f"site/strings/{lang}.json lacks {missing} (sitebuild/proofread.py)"


# ------------------------------------------------------------------ the real lessons, the build
def test_the_real_lessons_pass_every_check() -> None:
    found = []
    for lang in build.LANGS:
        for game in build.GAMES:
            if not (ROOT / "lessons" / lang / game).is_dir():
                continue
            for lesson in load_course(ROOT / "lessons", lang, game):
                compute_lesson(lesson)
                found += find_slips(lesson, STRINGS[lang])
    assert not found, "\n".join(found)


def test_a_slip_stops_the_build_naming_file_line_and_step(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", lessons)
    path = lessons / "en" / "napoleon" / "02-bidding.md"
    text = path.read_text("utf-8")
    old = "The suits rank, strongest first:\n  **♠ spades > ♥ hearts > ♦ diamonds > ♣ clubs**."
    assert old in text
    path.write_text(text.replace(old, "The suits rank **♠ spades > ♥ hearts > ♦ diamonds\n  > ♣ clubs**."), "utf-8")
    assert build.main(["--out", str(tmp_path / "out"), "--lessons", str(lessons)]) == 1
    err = capsys.readouterr().err
    assert re.search(r"en/napoleon/02-bidding\.md:\d+: step 2: prose: .*quote block", err), err
    assert not (tmp_path / "out").exists()
