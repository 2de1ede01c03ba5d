"""Share links in a real browser (issue 14): "Link to this moment" opens the same hand, trick and
history in a fresh page (Undo goes back through it to the deal), links carry a format version and
old ones still open (through the migration table when a flag was renamed), a link from a newer
site or with tampered moves says why it cannot open, and old stored progress is migrated.
"""
from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import threading
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

import build
from tutor.api import handle
from tutor.share import Move, encode

from .conftest import _Quiet, click_and_wait, give_first_cards, shot, wait_waiting

READY = '#engine-status[data-state="ready"]'
ROOT = Path(build.__file__).resolve().parent


def moment(page) -> dict[str, str]:
    """What the page shows of the position: the learner's hand, the table, the history, the phase."""
    return {"hand": " ".join(page.locator(".hand button.card").evaluate_all("els => els.map(e => e.dataset.token)")),
            "table": page.locator("#table").inner_text(), "history": page.locator("#history").inner_text(),
            "phase": page.locator("#phases li.current").inner_text()}


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def open_page(context, url: str):
    page = context.new_page()
    page.goto(url)
    expect(page.locator(READY)).to_be_visible()
    wait_waiting(page)
    return page


def play_ddz(page, turns: int) -> None:
    """The learner bids 3 (so leads), then plays its lowest card or passes, ``turns`` times."""
    for _ in range(turns):
        if wait_waiting(page) == "over":
            return
        if "Auction" in page.locator("#phases li.current").text_content():
            click_and_wait(page, page.locator("#decision button", has_text=re.compile("^Bid 3$")))
            continue
        click_and_wait(page, page.locator("#btn-pass"))
        if "Not allowed" in (page.locator("#feedback").text_content() or ""):
            page.locator(".hand button.card").first.click()
            click_and_wait(page, page.locator("#btn-play"))


def play_tichu(page, turns: int) -> None:
    """As tests/browser/test_tichu_practice.py plays: no Grand Tichu, the proposed exchange, then
    passes or the first single that is allowed; a bomb window is let go."""
    for _ in range(turns):
        if wait_waiting(page) == "over":
            return
        if page.locator("#btn-let-go").is_visible():
            click_and_wait(page, page.locator("#btn-let-go"))
            continue
        phase = page.locator("#phases li.current").text_content()
        if "Grand Tichu" in phase:
            click_and_wait(page, page.get_by_role("button", name="No Grand Tichu"))
        elif "Exchange" in phase:
            give_first_cards(page)
        elif "Wish" in phase:
            click_and_wait(page, page.get_by_role("button", name="No wish"))
        elif "Dragon gift" in phase:
            click_and_wait(page, page.locator("#decision button", has_text="Give the trick").first)
        else:
            click_and_wait(page, page.locator("#btn-pass"))
            if "Not allowed" in (page.locator("#feedback").text_content() or ""):
                hand = page.locator(".hand button.card")
                for i in range(hand.count()):
                    if page.locator(".hand button.card.selected").count():
                        page.locator(".hand button.card.selected").first.click()
                    hand.nth(i).click()
                    click_and_wait(page, page.locator("#btn-play"))
                    if "Not allowed" not in (page.locator("#feedback").text_content() or ""):
                        break


def undo_to_the_deal(page) -> int:
    undone = 0
    while page.locator("#btn-undo").is_enabled():
        click_and_wait(page, page.locator("#btn-undo"))
        undone += 1
        assert undone < 200
    return undone


@pytest.mark.parametrize("game, start, play, turns", [
    ("doudizhu", "?seed=5&seat=0", play_ddz, 5),            # an old link (no v): format 1
    ("tichu", "?v=1&seed=8&seat=0", play_tichu, 9),
])
def test_a_moment_link_opens_the_same_moment_and_undo_goes_back_to_the_deal(context, server, game, start, play,
                                                                          turns) -> None:
    page = open_page(context, f"{server}en/{game}/practice.html{start}")
    assert query(page.url)["v"] == "1"  # the address is today's format
    deal_link = page.locator("#share").get_attribute("href")
    at_deal = moment(page)
    play(page, turns)
    wait_waiting(page)
    here = moment(page)
    assert here["history"] != at_deal["history"]
    link = page.locator("#share-moment").get_attribute("href")
    assert query(link)["moves"].startswith("1.") and query(link)["seed"] == query(start)["seed"]
    assert page.locator("#share").get_attribute("href") == deal_link  # the deal's link has no moves
    assert "moves" not in query(deal_link)
    print(f"\n{game}: a link to this moment after {page.locator('#share-moment').get_attribute('data-moves')} "
          f"moves is {len(link)} characters")

    other = open_page(context, link)
    assert moment(other) == here
    assert other.locator("#url-error").is_hidden()
    expect(other.locator("#share-moment")).to_have_attribute("href", link)  # the same moment, shared again
    shot(other, f"share-moment-{game}")
    # one Undo in each: the same position; then back to the deal
    click_and_wait(page, page.locator("#btn-undo"))
    click_and_wait(other, other.locator("#btn-undo"))
    assert moment(other) == moment(page)
    undo_to_the_deal(other)
    assert moment(other) == at_deal
    expect(other.locator("#share-moment")).to_have_attribute("href", re.compile(r"^[^#]*\?v=1&seed=\w+&seat=0$"))


def test_the_japanese_page_opens_the_same_moment(context, server) -> None:
    page = open_page(context, f"{server}en/doudizhu/practice.html?v=1&seed=12&seat=1&players=4")
    play_ddz(page, 3)
    wait_waiting(page)
    hand = moment(page)["hand"]
    page.get_by_role("link", name="この内容を日本語で読む").click()  # the switch carries the moment
    expect(page.locator(READY)).to_be_visible()
    wait_waiting(page)
    assert "/ja/doudizhu/" in page.url and "moves=1." in page.url
    assert moment(page)["hand"] == hand


def first_bidder(seed: int) -> int:
    return handle({"op": "new", "game": "doudizhu", "seed": seed})["view"]["to_act"]


@pytest.mark.parametrize("make_query, words", [
    (lambda: "?v=999&seed=5&seat=0", "made by a newer version of this site (link format 999"),
    (lambda: "?v=abc&seed=5&seat=0", 'format v must be a number from 1 on, not "abc"'),
    (lambda: "?v=1&seed=5&seat=0&moves=" + encode([Move(first_bidder(5), "PASS")] * 2),
     "moves: move 2, seat {seat} plays \"PASS\": not allowed here"),
    (lambda: "?v=1&seed=5&seat=0&moves=" + encode([Move(first_bidder(5), "PASS")] * 2)[:-4],
     "the moves code is damaged or cut short"),
    (lambda: "?v=1&seed=5&seat=0&moves=7.AAAA", "format 7, which this version of the site cannot read"),
    # past the page's bound (the engine's, 20,000) but within what a web server takes in a request
    (lambda: "?v=1&seed=5&seat=0&moves=1." + "A" * 50_000, "the moves in the link are 50002 characters long"),
    (lambda: "?v=1&seed=5&seat=0&moves=" + encode([Move(9, "PASS")]), "move 1: no seat 9 in a 3-player game"),
])
def test_links_that_cannot_open_say_why(page, server, make_query, words: str) -> None:
    page.goto(f"{server}en/doudizhu/practice.html{make_query()}")
    error = page.locator("#url-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("This link cannot be used")
    expect(error).to_contain_text(words.replace("{seat}", str(first_bidder(5))))
    expect(page.locator(".hand button.card")).to_have_count(0)  # no table drawn from a link it cannot read


def test_old_progress_is_migrated_on_load(page, server) -> None:
    page.goto(server + "en/index.html")
    page.evaluate("""() => { localStorage.removeItem('cardtutor.progress');
                             localStorage.setItem('cardtutor.done', JSON.stringify(['ddz-cards', 'ddz-sequences', 'tichu-wish'])); }""")
    page.goto(server + "en/doudizhu/index.html")
    expect(page.locator(".done-mark.is-done")).to_have_count(2)
    expect(page.locator("p.progress")).to_have_text("2 of 8 lessons done")
    stored = page.evaluate("() => [localStorage.getItem('cardtutor.progress'), localStorage.getItem('cardtutor.done')]")
    assert json.loads(stored[0]) == {"v": 2, "done": ["ddz-cards", "ddz-sequences", "tichu-wish"]} and stored[1] is None
    page.goto(server + "en/index.html")
    expect(page.locator(".courses .progress").first).to_have_text("2 of 8 lessons done")


# ------------------------------------------------------------------ after a rebuild that renamed things
TABLE = {"current": 2, "steps": [{"version": 2, "game": "doudizhu", "flags": {"chuntian": "spring"},
                                  "values": {"first_bidder": {"card": "marker"}}}]}


@pytest.fixture(scope="module")
def renamed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site rebuilt after a flag was renamed (links of format 1 called ``spring`` ``chuntian``)
    and the first Dou Dizhu lesson got a new key and file name (``ddz-first-cards``, ``05-the-cards``
    before)."""
    tmp = tmp_path_factory.mktemp("renamed")
    lessons = tmp / "lessons"
    shutil.copytree(ROOT / "lessons", lessons)
    for lang in build.LANGS:
        for game in ("tichu", "napoleon"):
            shutil.rmtree(lessons / lang / game)
        path = lessons / lang / "doudizhu" / "01-cards.md"
        path.write_text(path.read_text("utf-8").replace(
            "key: ddz-cards\n", "key: ddz-cards\naliases: ddz-first-cards\nformerly: 05-the-cards\n", 1), "utf-8")
    table = tmp / "link-migrations.json"
    table.write_text(json.dumps(TABLE), "utf-8")
    out = tmp / "_site"
    build.build(out, lessons, table)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


@pytest.mark.parametrize("start", ["?v=1&seed=5&seat=0&chuntian=true&first_bidder=card", "?seed=5&seat=0&chuntian=true&first_bidder=card"])
def test_a_link_with_a_renamed_flag_still_opens(page, renamed_server, watch, start: str) -> None:
    watch.origin = renamed_server
    page.goto(renamed_server + "en/doudizhu/practice.html" + start)
    expect(page.locator(READY)).to_be_visible()
    wait_waiting(page)
    assert page.locator("#url-error").is_hidden(), page.locator("#url-error").text_content()
    q = query(page.url)
    assert q["v"] == "2" and q["spring"] == "true" and "chuntian" not in q and "first_bidder" not in q
    page.locator("#settings details").evaluate("d => d.open = true")
    expect(page.locator('[name="flag-spring"]')).to_be_checked()
    expect(page.locator('[name="flag-first_bidder"]')).to_have_value("marker")


def test_a_newer_link_names_what_is_unknown(page, renamed_server, watch) -> None:
    watch.origin = renamed_server
    page.goto(renamed_server + "en/doudizhu/practice.html?v=2&seed=5&chuntian=true")
    expect(page.locator("#url-error")).to_contain_text('unknown setting "chuntian"')
    page.goto(renamed_server + "en/doudizhu/practice.html?v=3&seed=5")
    expect(page.locator("#url-error")).to_contain_text("link format 3; this copy reads formats 1 to 2")


def test_progress_under_a_former_key_and_a_link_to_a_former_address(page, renamed_server, watch) -> None:
    watch.origin = renamed_server
    page.goto(renamed_server + "en/index.html")
    page.evaluate("() => localStorage.setItem('cardtutor.done', JSON.stringify(['ddz-first-cards']))")
    page.goto(renamed_server + "en/doudizhu/index.html")
    expect(page.locator(".done-mark.is-done")).to_have_count(1)
    expect(page.locator('.done-mark[data-done-key="ddz-cards"]')).to_have_class(re.compile("is-done"))
    stored = page.evaluate("() => localStorage.getItem('cardtutor.progress')")
    assert json.loads(stored) == {"v": 2, "done": ["ddz-cards"]}
    page.goto(renamed_server + "ja/doudizhu/05-the-cards.html?step=2")
    expect(page).to_have_url(re.compile(r"/ja/doudizhu/01-cards\.html\?step=2$"))
    expect(page.locator("#step-label")).to_contain_text("2")
