"""Issue 14: on every lesson and practice page, at 1280×720, at 390×844 and in projector mode at
1280×720, the hand, the decision controls and the latest feedback are on screen without scrolling,
and so is every seat at the table with the place where its play lies.

Each lesson is walked once per language (its prepared frames: the engine is held back, so the
walk costs no Pyodide start); at every decision of the English page (the first and the last of
the Japanese one, the same layout with other words) the page is looked at in all three sizes,
before the answer and after it (the feedback then holds "Well done").
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tutor.registry import SITE_NAMES

from .conftest import route_engine, wait_waiting
from .test_lessons import answer, lesson_data

SIZES = (("1280x720", 1280, 720, False), ("390x844", 390, 844, False), ("projector", 1280, 720, True))
PHONE = (SIZES[1],)

# What must be on screen, as the learner sees it: each box inside the window (and, for the
# seats, inside the ring's visible part: the ring may scroll on its own, but not hide a seat).
OFF_SCREEN = """() => {
  const W = innerWidth, H = innerHeight, out = [];
  const inside = (r, box) => r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.left >= box.left - 1 && r.right <= box.right + 1;
  const screen = { top: 0, left: 0, bottom: H, right: W };
  const check = (node, what, box = screen) => {
    const r = node.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return;
    if (!inside(r, box)) out.push(`${what}: ${Math.round(r.left)},${Math.round(r.top)} → ${Math.round(r.right)},${Math.round(r.bottom)} (window ${W}×${H})`);
  };
  if (document.scrollingElement.scrollTop !== 0) out.push("the page has scrolled");
  for (const card of document.querySelectorAll(".hand .card")) check(card, `hand card ${card.dataset.token}`);
  const decision = document.getElementById("decision");
  if (decision && !decision.hidden) {
    // a long pool of cards to pick from (a discard pile) scrolls in its own box, as the ring may:
    // the box must be on screen, and its cards inside it
    for (const c of decision.querySelectorAll("button:not(.pick), select")) check(c, `control "${c.textContent.trim()}"`);
    for (const box of decision.querySelectorAll(".picks")) check(box, "the cards to pick from");
  }
  for (const id of ["btn-prev", "btn-next", "btn-undo"]) { const b = document.getElementById(id); if (b) check(b, `button ${id}`); }
  const headline = document.querySelector("#feedback .headline");
  if (headline) check(headline, "the feedback");
  const ring = document.querySelector(".ring");
  if (ring) {
    const box = ring.getBoundingClientRect();
    check(ring, "the table");
    for (const seat of ring.querySelectorAll(".seat")) {
      check(seat.querySelector("h3"), `seat ${seat.dataset.seat}'s name`, box);
      check(seat.querySelector(".played"), `seat ${seat.dataset.seat}'s play`, box);
    }
    const mine = ring.querySelector(".played.mine");
    if (mine) check(mine, "your play", box);
  }
  return out;
}"""


def look(page, where: str, sizes: tuple = SIZES) -> list[str]:
    """Every problem in the given sizes, all three by default (the page is resized in place and
    put back)."""
    problems = []
    for name, width, height, projector in sizes:
        page.set_viewport_size({"width": width, "height": height})
        if projector:
            page.locator('button.pref[data-pref="projector"]').click()
            expect(page.locator("html.projector")).to_be_attached()
        # the page answers a new size in its next frames (table.js fans the hand from a ResizeObserver)
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
        problems += [f"{where} at {name}: {p}" for p in page.evaluate(OFF_SCREEN)]
        if projector:
            page.locator('button.pref[data-pref="projector"]').click()
            expect(page.locator("html.projector")).not_to_be_attached()
    page.set_viewport_size({"width": 1200, "height": 860})
    return problems


@pytest.mark.parametrize("game", SITE_NAMES)
def test_every_lesson_keeps_the_hand_decision_and_feedback_on_screen(page, server, site_dir, context, game) -> None:
    route_engine(context, "**/pyodide/pyodide.asm.wasm", lambda route: None)  # held: the lessons' prepared frames
    problems: list[str] = []
    for lang in ("en", "ja"):
        for lesson in sorted((site_dir / lang / game).glob("[0-9][0-9]-*.html")):
            page.goto(server + f"{lang}/{game}/{lesson.name}")
            data = lesson_data(page)
            wait_waiting(page)
            asks = [i for i, step in enumerate(data["steps"]) if "ask" in step]
            # English: every decision; Japanese (the same page, other words): the first one. The
            # answered position (the feedback added) is looked at in the narrow phone, where it
            # crowds the most (CI time: the layout test was four and a half minutes)
            looked = set(asks) if lang == "en" else {asks[0]} if asks else set()
            for index, step in enumerate(data["steps"]):
                for _ in range(len(step["frames"]) - 1):
                    page.locator("#btn-next").click()
                where = f"{lang}/{game}/{lesson.name} step {index + 1}"
                if "ask" in step:
                    expect(page.locator("#decision")).to_be_visible()
                    if index in looked:
                        problems += look(page, where)
                    answer(page, step["ask"]["answer_actions"][0])
                    expect(page.locator("#feedback .headline")).to_have_text(re.compile("Well done|正解"))
                    if index in looked:
                        problems += look(page, where + " (answered)", PHONE)
                if index < len(data["steps"]) - 1:
                    page.locator("#btn-next").click()
    assert not problems, "\n".join(problems[:40])


@pytest.mark.parametrize("game", SITE_NAMES)
def test_every_practice_table_keeps_the_hand_decision_and_feedback_on_screen(page, server, game) -> None:
    problems: list[str] = []
    for lang in ("en", "ja"):
        page.goto(server + f"{lang}/{game}/practice.html?seed=7")
        expect(page.locator('#engine-status[data-state="ready"]')).to_be_visible()
        assert wait_waiting(page) == "learner"
        problems += look(page, f"{lang}/{game}/practice.html")
        page.locator("#btn-hint").click()
        expect(page.locator("#feedback .headline")).to_be_visible()
        problems += look(page, f"{lang}/{game}/practice.html (hint)")
    assert not problems, "\n".join(problems[:40])
