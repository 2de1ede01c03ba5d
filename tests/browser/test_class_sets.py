"""Class sets (issue 23) in a real browser: a teacher builds a set of lessons, a quiz round, a
practice deal and a position (pasted from the practice table, checked by the engine) on
``<lang>/class.html``; its one link opens the set for a student, who walks every item (the lesson
finished, the round answered, the hands played to their end against the bots), each page showing
the way back and on; the set page then shows the student's own progress. A lesson finished before
counts. Tampered links get messages naming what is wrong."""
from __future__ import annotations

import base64
import json
import re

from playwright.sync_api import expect

from tutor.actions import Decision
from tutor.bots import heuristic_choice
from tutor.flags import resolve_flags
from tutor.registry import SITE_NAMES, find_game
from tutor.share import Move, encode

from .conftest import click_and_wait, shot, wait_waiting
from .test_lessons import answer as play_action
from .test_lessons import walk
from .test_quiz import answer as answer_question

READY = '#engine-status[data-state="ready"]'
TEACHER_READY = '#class-sets[data-state="ready"]'
SET_READY = '#class-set[data-state="ready"]'
BAR_DONE = '#set-bar[data-done="true"]'
WORDS = {
    "en": {"progress": "{done} of {n} done", "earlier": "Done (finished earlier)", "done": "Done",
           "score": "Done: {right} of {n} right", "todo": "Not yet", "of": "Question 1 of 2", "roll": "Roll the dice",
           "bar": "Class set “{title}”: item {i} of {n}", "bad_link": "This link cannot be added", "checking": "Checking",
           "error": "This link cannot be used", "set_title": "Class set"},
    "ja": {"progress": "{n}項目中{done}項目完了", "earlier": "完了（以前に修了）", "done": "完了",
           "score": "完了：{n}問中{right}問正解", "todo": "まだ", "of": "第1問（全2問）", "roll": "ダイスを振る",
           "bar": "授業用セット「{title}」：{n}項目中{i}項目め", "bad_link": "このリンクは追加できません", "checking": "確かめています",
           "error": "このリンクは使えません", "set_title": "授業用セット"},
}


def last_play_of(game_name: str, seed: int) -> tuple[int, str, list[str]]:
    """A moment of a deal one play before its end (the bots' moves, as the engine replays them):
    the seat that makes the last play, the moves code, and that last play."""
    game = find_game(game_name)
    state = game.close_window(game.new_game(resolve_flags(game, game.default_preset or "seed", {}), seed))
    moves = []
    while not game.round_over(state):
        seat = game.to_act(state)
        action = heuristic_choice(game, state, seat).action
        moves.append(Move(seat, game.action_to_json(action)))
        state = game.close_window(game.apply(state, action, seat))
    return moves[-1].seat, encode(moves[:-1]), moves[-1].action


def add(page, kind: str, **fields) -> None:
    """Adds one item through the teacher's form, as a teacher fills it."""
    form = page.locator("#class-form")
    form.locator("select[name=type]").select_option(kind)
    if "game" in fields:
        form.locator("select[name=game]").select_option(fields["game"])
    if "lesson" in fields:
        form.locator("select[name=lesson]").select_option(fields["lesson"])
    if "kinds" in fields:
        for box in form.locator("input[name=kind]").all():
            box.set_checked(box.get_attribute("value") in fields["kinds"])
    for name in ("count", "quiz_seed", "seed", "link"):
        if name in fields:
            form.locator(f"input[name={name}]").fill(str(fields[name]))
    before = page.locator("#class-items > li").count()
    form.locator("#class-add").click()
    expect(page.locator(TEACHER_READY)).to_be_attached()
    expect(page.locator("#class-items > li")).to_have_count(before + 1)


def bar_and_next(page, lang: str, title: str, i: int, n: int, last: bool = False) -> None:
    """The item's bar says it is done, then leads on to the next item (or back to the set)."""
    bar = page.locator("#set-bar")
    expect(bar.locator(".set-bar-title")).to_have_text(WORDS[lang]["bar"].format(title=title, i=i, n=n))
    expect(page.locator(BAR_DONE)).to_be_visible()
    if last:
        expect(bar.locator(".set-next")).to_have_count(0)
        bar.locator(".set-back").click()
    else:
        bar.locator(".set-next").click()


def play_deal_to_its_end(page) -> None:
    """A Dou Dizhu deal as a hurried learner plays it: bid 3, then pass, or lead the lowest card."""
    for _ in range(200):
        if wait_waiting(page) == "over":
            return
        if "Auction" in page.locator("#phases li.current").text_content():
            click_and_wait(page, page.locator("#decision button", has_text=re.compile("^Bid 3$")))
        else:
            click_and_wait(page, page.locator("#btn-pass"))
            if "Not allowed" in (page.locator("#feedback").text_content() or ""):
                page.locator(".hand button.card").first.click()
                click_and_wait(page, page.locator("#btn-play"))
    raise AssertionError("the deal did not end")


def teacher_page(page, server: str, lang: str) -> None:
    page.goto(server + f"{lang}/index.html")
    page.locator(".class-sets-link a").click()  # the home page links the teachers' page
    expect(page.locator(TEACHER_READY)).to_be_attached()
    # every game of the site is offered, in its own words
    games = page.locator("select[name=game] option")
    assert games.evaluate_all("els => els.map(e => e.value)") == list(SITE_NAMES)
    assert all(t.strip() and "_" not in t for t in games.all_text_contents())


def test_a_teacher_builds_a_set_and_a_student_walks_it_en(page, server: str) -> None:
    lang, title = "en", "Year 9: Dou Dizhu"
    seat, moves, last = last_play_of("doudizhu", 5)
    teacher_page(page, server, lang)
    page.locator("input[name=title]").fill(title)
    add(page, "lesson", game="doudizhu", lesson="ddz-auction")  # moved to the end below
    add(page, "lesson", game="doudizhu", lesson="ddz-cards")
    add(page, "quiz", game="doudizhu", kinds=["legal", "pick"], count=2, quiz_seed=7)
    add(page, "fresh", game="doudizhu", seed=5)
    add(page, "fresh", game="dice", seed=3)  # removed below
    # a position pasted from the practice table: checked structurally, then by the engine
    form_error = page.locator("#class-error")
    page.locator("select[name=type]").select_option("position")
    page.locator("input[name=link]").fill(server + "en/doudizhu/practice.html?v=1&seed=5&seat=1&moves=1.%25%25")
    page.locator("#class-add").click()
    expect(form_error).to_contain_text(WORDS[lang]["bad_link"])
    expect(form_error).to_contain_text("the moves “1.%%” are damaged")
    page.locator("input[name=link]").fill(server + f"en/doudizhu/practice.html?v=1&seed=5&seat=2&moves={encode([Move(1, 'PASS')])}")
    page.locator("#class-add").click()
    expect(form_error).to_contain_text("move 1, seat 1 plays")  # the engine replayed it and names the move
    expect(form_error).to_contain_text("It is seat 0's turn")
    add(page, "position", link=server + f"en/doudizhu/practice.html?v=1&seed=5&seat={seat}&moves={moves}")
    expect(form_error).to_be_hidden()
    items = page.locator("#class-items > li")
    expect(items).to_have_count(6)
    items.nth(4).locator(".class-remove").click()  # the dice deal
    items.nth(0).locator(".class-down").click()  # the lesson done before goes last, one step at a time
    for i in range(1, 4):
        items.nth(i).locator(".class-down").click()
    expect(items).to_have_count(5)
    assert items.evaluate_all("els => els.map(e => e.dataset.type)") == ["lesson", "quiz", "practice", "practice", "lesson"]
    expect(page.locator("#class-preview li")).to_have_count(5)
    expect(page.locator("#class-preview li").nth(1)).to_have_text(re.compile(r"Quiz: 2 questions \(Is this move allowed\?, Pick"))
    expect(page.locator("#class-length")).to_contain_text("characters (a set's code may have up to 8000)")
    link = page.locator("#class-link").input_value()
    assert re.fullmatch(re.escape(server) + r"en/set\.html\?v=1&s=[A-Za-z0-9_-]+", link), link
    shot(page, "class-sets-teacher-en")
    # the page keeps the set in its address: the other language opens the same set to edit
    page.locator(".lang-switch").click()
    expect(page.locator(TEACHER_READY)).to_be_attached()
    expect(page.locator("#class-items > li")).to_have_count(5)
    expect(page.locator("input[name=title]")).to_have_value(title)
    assert page.locator("#class-link").input_value() == link.replace("/en/", "/ja/")

    # the student: the auction lesson was finished before, outside the set
    page.evaluate("localStorage.setItem('cardtutor.progress', JSON.stringify({v: 2, done: ['ddz-auction']}))")
    page.goto(link)
    expect(page.locator(SET_READY)).to_be_attached()
    expect(page.locator("#set-title")).to_have_text(title)
    expect(page.locator("#set-progress")).to_have_text("1 of 5 done")
    states = page.locator(".set-item")
    assert states.evaluate_all("els => els.map(e => e.dataset.state)") == ["todo"] * 4 + ["earlier"]
    expect(states.nth(4).locator(".set-status")).to_have_text("✓ " + WORDS[lang]["earlier"])
    states.nth(0).locator("a").click()

    walk(page)  # 1. the lesson
    bar_and_next(page, lang, title, 1, 5)

    expect(page.locator("#quiz-focus")).to_contain_text("2 questions, the same for everyone")  # 2. the round
    first = None
    for i in range(2):
        answer_question(page, i)
        if i == 0:
            first = page.locator("#quiz").get_attribute("data-key")
            expect(page.locator("#quiz-progress")).to_contain_text(WORDS[lang]["of"])
        page.locator("#quiz-next").click()
    expect(page.locator('#quiz[data-state="done"]')).to_be_visible()
    right = int(re.search(r"You answered (\d) of 2", page.locator("#quiz-summary-text").text_content()).group(1))
    expect(page.locator(BAR_DONE)).to_be_visible()
    page.locator("#quiz-again").click()  # the set's round again: the same questions
    expect(page.locator('#quiz[data-state="asking"]')).to_be_visible()
    assert page.locator("#quiz").get_attribute("data-key") == first
    bar_and_next(page, lang, title, 2, 5)

    expect(page.locator(READY)).to_be_visible()  # 3. the deal, played to its end
    assert "set=" in page.url and "seed=5" in page.url
    play_deal_to_its_end(page)
    bar_and_next(page, lang, title, 3, 5)

    expect(page.locator(READY)).to_be_visible()  # 4. the position: the last play is the student's
    assert wait_waiting(page) == "learner"
    before = int(page.evaluate("Number(document.documentElement.dataset.settled || 0)"))
    play_action(page, last)
    expect(page.locator(f'html[data-state="over"]:not([data-settled="{before}"])')).to_be_attached()
    bar_and_next(page, lang, title, 4, 5)

    expect(page.locator(".lesson-nav")).to_be_attached()  # 5. the lesson done before: the last item
    bar_and_next(page, lang, title, 5, 5, last=True)
    expect(page.locator(SET_READY)).to_be_attached()
    expect(page.locator("#set-progress")).to_have_text("5 of 5 done")
    assert states.evaluate_all("els => els.map(e => e.dataset.state)") == ["done"] * 4 + ["earlier"]
    expect(states.nth(1).locator(".set-status")).to_have_text("✓ " + WORDS[lang]["score"].format(right=right, n=2))
    expect(states.nth(2).locator(".set-status")).to_have_text("✓ " + WORDS[lang]["done"])
    expect(page.locator("#set-all-done")).to_be_visible()
    shot(page, "class-sets-student-en")


def test_a_teacher_builds_a_set_and_a_student_walks_it_ja(page, server: str) -> None:
    lang, title = "ja", "3年A組 2d6の判定"
    target = encode([Move(0, find_game("dice").action_to_json(Decision("set_target", 9)))])
    teacher_page(page, server, lang)
    page.locator("input[name=title]").fill(title)
    add(page, "lesson", game="dice")
    add(page, "quiz", game="dice", kinds=["chance", "target"], count=2, quiz_seed=3)
    add(page, "fresh", game="dice", seed=3)
    # the seat and player fields are not offered for a game played alone
    expect(page.locator("select[name=seat]")).to_be_hidden()
    add(page, "position", link=server + f"ja/dice/practice.html?v=1&seed=4&moves={target}")
    expect(page.locator("#class-preview li").nth(3)).to_have_text(re.compile("練習：配札番号4の途中から"))
    link = page.locator("#class-link").input_value()
    shot(page, "class-sets-teacher-ja")

    page.goto(link)
    expect(page.locator(SET_READY)).to_be_attached()
    expect(page.locator("#set-title")).to_have_text(title)
    expect(page.locator("#set-progress")).to_have_text("4項目中0項目完了")
    page.locator(".set-item a").first.click()
    walk(page)
    bar_and_next(page, lang, title, 1, 4)
    for i in range(2):
        answer_question(page, i)
        page.locator("#quiz-next").click()
    expect(page.locator('#quiz[data-state="done"]')).to_be_visible()
    bar_and_next(page, lang, title, 2, 4)
    for i in (3, 4):  # the deal, then the position: a roll ends each check
        expect(page.locator(READY)).to_be_visible()
        assert wait_waiting(page) == "learner"
        assert click_and_wait(page, page.get_by_role("button", name=WORDS[lang]["roll"], exact=True)) == "over"
        bar_and_next(page, lang, title, i, 4, last=i == 4)
    expect(page.locator("#set-progress")).to_have_text("4項目中4項目完了")
    expect(page.locator(".set-item .set-status").nth(0)).to_have_text("✓ 完了")
    expect(page.locator(".set-item .set-status").nth(1)).to_have_text(re.compile(r"^✓ 完了：2問中\d問正解$"))
    expect(page.locator("#set-all-done")).to_have_text("すべての項目が完了しました。よくできました！")
    shot(page, "class-sets-student-ja")


def code_of(value) -> str:
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


TAMPERED = {
    "en": [
        ("v=2&s={good}", "made by a newer version of this site (link format 2; this copy reads formats 1 to 1)"),
        ("v=abc&s={good}", "the link's format v must be a number from 1 on, not \"abc\""),
        ("v=1&s=not*a*set", "the set's code has “*” at character 4, which no set code has"),
        ("v=1&s=Z2FyYmFnZQ", "the set's code cannot be read: the link may have been cut short"),
        ("v=1&s={lesson}", "item 2: the Dou Dizhu course has no lesson “ddz-nothing”"),
        ("v=1&s={game}", "item 1: there is no game “chess” on this site"),
        ("v=1&s={kind}", "item 1: the quiz has no kind of question “wish”"),
        ("v=1&s={flag}", "item 1: the setting spring cannot be “maybe” (it can be: true, false)"),
        ("v=1", "the link has no set in it"),
    ],
    "ja": [
        ("v=2&s={good}", "このリンクはこのサイトの新しい版で作られています（リンクの形式 2。"),
        ("v=abc&s={good}", "リンクの形式 v は1以上の数字です。「abc」は使えません"),
        ("v=1&s=not*a*set", "セットのコードの4文字めに「*」があります"),
        ("v=1&s=Z2FyYmFnZQ", "セットのコードを読めません。"),
        ("v=1&s={lesson}", "2番めの項目：闘地主（ドウディジュ）のコースに「ddz-nothing」というレッスンはありません"),
    ],
}


def test_tampered_links_get_their_messages(page, server: str) -> None:
    codes = {"good": code_of({"t": "x", "i": [["L", "doudizhu", "ddz-cards"]]}),
             "lesson": code_of({"t": "x", "i": [["L", "doudizhu", "ddz-cards"], ["L", "doudizhu", "ddz-nothing"]]}),
             "game": code_of({"t": "x", "i": [["L", "chess", "x"]]}),
             "kind": code_of({"t": "x", "i": [["Q", "doudizhu", ["legal", "wish"], 1, 5]]}),
             "flag": code_of({"t": "x", "i": [["P", "doudizhu", "v=1&seed=5&spring=maybe"]]})}
    for lang, cases in TAMPERED.items():
        for query, message in cases:
            page.goto(server + f"{lang}/set.html?" + query.format(**codes))
            expect(page.locator('#class-set[data-state="error"]')).to_be_attached()
            error = page.locator("#url-error")
            expect(error).to_be_visible()
            expect(error).to_contain_text(WORDS[lang]["error"])
            expect(error).to_contain_text(message)
            expect(page.locator("h1")).to_have_text(WORDS[lang]["set_title"])  # never a blank page
            expect(page.locator("#set-items li")).to_have_count(0)
    # a quiz link with a round it cannot ask: said so, and an ordinary round instead
    page.goto(server + "en/doudizhu/quiz.html?kinds=wish&seed=1&n=3")
    expect(page.locator("#quiz-focus")).to_contain_text("The round in this link cannot be used (the quiz has no kind of question “wish”")
    expect(page.locator('#quiz[data-state="asking"]')).to_be_visible()
    # the teacher's page with a damaged set in its address: said so, and an empty form to start again
    page.goto(server + "ja/class.html?v=1&s=" + codes["lesson"])
    expect(page.locator(TEACHER_READY)).to_be_attached()
    expect(page.locator("#class-error")).to_contain_text("このページのアドレスにあるセットを読めませんでした：2番めの項目")
    expect(page.locator("#class-items > li")).to_have_count(0)
