"""Printable handouts (issue 23): every game's rules summary, lessons and quiz sheet, printed to PDF
on A4 and on Letter, in Japanese and in English.

Each handout is loaded once and printed on both papers. Its page counts must equal the ones
recorded beside this file in ``handout_pages.json`` (``CARDTUTOR_RECORD_HANDOUTS=1`` writes them
instead: review the diff, as for the golden files); a mismatch names the handout, the paper, the
language, and the counts expected and got. With print media emulated at each paper's printable
width, no element may run past the page's edge, and no element whose overflow shows may hold
content wider than its box (the offender is named, with its step or question).

Speed: a Japanese PDF embeds a subset of the CJK font, about half a second each. The suite's one
browser prints them all by default (the conftest's, watched for console errors and requests to
another origin), keeping one page for all of a game's handouts; on a machine with cores to spare,
``CARDTUTOR_HANDOUT_WORKERS=2`` shares them with a second Chromium launched and watched the same
way in a thread.
"""
from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

import build

from .conftest import ARGS, CHROMIUM, Watch, shot

EXPECTED = Path(__file__).with_name("handout_pages.json")
RECORD = os.environ.get("CARDTUTOR_RECORD_HANDOUTS") == "1"
WORKERS = max(1, int(os.environ.get("CARDTUTOR_HANDOUT_WORKERS", "1")))
MM = 96 / 25.4  # CSS pixels per millimetre
#: each paper's printable area in CSS pixels: the paper less print.css's @page margins (15 mm each
#: side, 14 mm top and 16 mm bottom)
PAPERS = {"A4": (int((210 - 30) * MM), int((297 - 30) * MM)),
          "Letter": (int((215.9 - 30) * MM), int((279.4 - 30) * MM))}
#: a PDF's page size in points, per paper (Chromium rounds A4's 595.28 × 841.89 to whole pixels)
MEDIA = {"A4": (595.92, 842.88), "Letter": (612.0, 792.0)}

#: every element of the page laid out now (print media, the printable width): the ones that run
#: past the page's edge, and the ones whose visible overflow holds content wider than their box
OVERFLOW = """() => {
  const name = (el) => {
    const cls = typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\\s+/).join(".") : "";
    const text = (el.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 40);
    const where = el.closest("[data-step], [data-question]");
    const at = !where ? "" : where.dataset.step ? ` in step ${where.dataset.step}` : ` in question ${where.dataset.question}`;
    return `<${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${cls}> "${text}"${at}`;
  };
  const edge = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.body.querySelectorAll("*")) {
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.right > edge + 0.5 || box.left < -0.5) {
      out.push(`${name(el)} runs past the page's edge (${box.left.toFixed(1)} to ${box.right.toFixed(1)} px of ${edge})`);
    } else if (!["inline", "contents"].includes(style.display) && style.overflowX === "visible"
               && el.scrollWidth > el.clientWidth + 1) {
      out.push(`${name(el)} overflows its box (${el.scrollWidth} px of content in ${el.clientWidth})`);
    }
  }
  return out;
}"""

#: what the handout's script must have drawn, and what the print stylesheet must hide or break
DRAWN = """() => {
  const out = [];
  for (const box of document.querySelectorAll("[data-view]")) {
    if (!box.querySelector(".ring") || !box.querySelector(".hand")) out.push(`position ${box.dataset.view} is not drawn`);
  }
  for (const span of document.querySelectorAll("[data-cards]")) {
    const want = span.dataset.cards.split(" ").filter(Boolean).length;
    if (span.querySelectorAll(".card").length !== want) out.push(`cards "${span.dataset.cards}" are not drawn`);
  }
  for (const sel of ["header.site", ".print-tools"]) {
    const el = document.querySelector(sel);
    if (el && getComputedStyle(el).display !== "none") out.push(`${sel} prints`);
  }
  const answers = document.querySelector(".print-answers");
  if (answers && getComputedStyle(answers).breakBefore !== "page") out.push("the answers do not start on a new page");
  return out;
}"""


def pdf_pages(pdf: bytes) -> int:
    """The page count of a PDF Chromium wrote: its page objects, checked against the ``/Count`` of
    the page tree's root (the ``/Pages`` node without a ``/Parent``)."""
    leaves = len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf))
    roots = [int(m.group(1)) for node in re.findall(rb"<<((?:(?!<<|>>).)*?/Type\s*/Pages\b(?:(?!<<|>>).)*)>>", pdf, re.S)
             if b"/Parent" not in node for m in [re.search(rb"/Count\s+(\d+)", node)] if m]
    assert roots == [leaves], f"the PDF's page tree says {roots}, its page objects are {leaves}"
    return leaves


def media_box(pdf: bytes) -> tuple[float, float]:
    found = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert found, "the PDF has no /MediaBox"
    return float(found.group(1)), float(found.group(2))


def handouts(site_dir: Path, game: str) -> list[str]:
    """The handouts of ``game`` in both languages (``lang/game/print/name.html``), the index aside."""
    return sorted(f"{lang}/{game}/print/{p.name}" for lang in build.LANGS
                  for p in (site_dir / lang / game / "print").glob("*.html") if p.name != "index.html")


def print_all(page: Any, server: str, jobs: list[str]) -> tuple[dict[str, dict[str, int]], list[str]]:
    """Loads each handout once, checks what it drew, then per paper: its overflow at the paper's
    printable width, and its page count printed. Returns the counts and the problems found."""
    counts: dict[str, dict[str, int]] = {}
    problems: list[str] = []
    page.emulate_media(media="print")
    for rel in jobs:
        page.goto(server + rel)
        expect(page.locator('html[data-state="ready"]')).to_be_attached()
        problems += [f"{rel}: {p}" for p in page.evaluate(DRAWN)]
        for paper, (width, height) in PAPERS.items():
            page.set_viewport_size({"width": width, "height": height})
            problems += [f"{rel} ({paper}): {p}" for p in page.evaluate(OVERFLOW)]
            counts.setdefault(rel, {})[paper] = pdf_pages(page.pdf(format=paper))
    return counts, problems


def print_in_thread(server: str, jobs: list[str], result: dict[str, Any]) -> None:
    """A second worker: its own Chromium (Playwright objects belong to the thread that made them),
    launched and watched as the conftest's."""
    from playwright.sync_api import sync_playwright
    try:
        watch = Watch(server)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                page = browser.new_page()
                watch.attach(page)
                result["counts"], result["problems"] = print_all(page, server, jobs)
            finally:
                browser.close()
        result["problems"] += watch.errors + [f"request to another origin: {url}" for url in watch.foreign]
    except BaseException as exc:  # handed to the test's own thread, which fails with it
        result["error"] = exc


def compare(game: str, counts: dict[str, dict[str, int]]) -> list[str]:
    """The counts against the recorded ones (or, recording, the recorded ones replaced)."""
    expected: dict[str, dict[str, int]] = json.loads(EXPECTED.read_text("utf-8")) if EXPECTED.exists() else {}
    mine = {rel for rel in expected if rel.split("/")[1] == game}
    if RECORD:
        kept = {rel: c for rel, c in expected.items() if rel not in mine}
        merged = sorted({**kept, **counts}.items())  # one line per handout, for a readable diff
        EXPECTED.write_text("{\n" + ",\n".join(f" {json.dumps(rel)}: {json.dumps(c)}" for rel, c in merged) + "\n}\n", "utf-8")
        return []
    problems = []
    for rel, papers in sorted(counts.items()):
        lang = rel.split("/")[0]
        for paper, got in papers.items():
            want = expected.get(rel, {}).get(paper)
            if want is None:
                problems.append(f"{rel}: no page count recorded for {paper} ({lang}); got {got} "
                                f"(CARDTUTOR_RECORD_HANDOUTS=1 records them)")
            elif want != got:
                problems.append(f"{rel}: {paper}, {lang}: expected {want} pages, got {got}")
    if not os.environ.get("CARDTUTOR_LESSONS"):  # a smaller lessons folder builds fewer handouts
        problems += [f"{rel}: recorded, but the build made no such handout" for rel in sorted(mine - set(counts))]
    return problems


@pytest.mark.parametrize("game", build.GAMES)
def test_every_handout_prints_at_its_page_count_and_within_the_page(game: str, site_dir: Path, server: str,
                                                                   page: Any) -> None:
    jobs = handouts(site_dir, game)
    assert any("/print/quiz.html" in j for j in jobs) and any("/print/rules.html" in j for j in jobs), jobs
    mine, theirs = jobs[::WORKERS], jobs[1::WORKERS] if WORKERS > 1 else []
    other: dict[str, Any] = {"counts": {}, "problems": []}
    helper = threading.Thread(target=print_in_thread, args=(server, theirs, other)) if theirs else None
    if helper:
        helper.start()
    try:
        counts, problems = print_all(page, server, mine)
    finally:
        if helper:
            helper.join()
    if "error" in other:
        raise other["error"]
    counts.update(other["counts"])
    problems += other["problems"]
    assert set(counts) == set(jobs)
    problems += compare(game, counts)
    assert not problems, f"{len(problems)} problem(s) with the {game} handouts:\n" + "\n".join(problems)


def test_the_paper_choice_sets_the_printed_size_and_the_overflow_check_sees(context: Any, page: Any, server: str) -> None:
    """The handout's paper choice sets ``@page { size }`` (kept for the next handout) under the
    page's policy; and the overflow check names what runs past the page's edge and what overflows
    its own box."""
    context.add_init_script("window.cspViolations = []; document.addEventListener('securitypolicyviolation', "
                            "(e) => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));")
    page.goto(server + "ja/doudizhu/print/01-cards.html")
    expect(page.locator('html[data-state="ready"]')).to_be_attached()
    paper = page.locator("#print-paper")
    for value, size in (("letter", "Letter"), ("a4", "A4")):
        paper.select_option(value)
        expect(page.locator(f'html[data-paper="{value}"]')).to_be_attached()
        width, height = media_box(page.pdf(prefer_css_page_size=True))
        assert abs(width - MEDIA[size][0]) < 2 and abs(height - MEDIA[size][1]) < 2, (value, width, height)
    page.goto(server + "en/tichu/print/quiz.html")  # the choice is remembered
    expect(page.locator('html[data-state="ready"]')).to_be_attached()
    expect(page.locator('html[data-paper="a4"]')).to_be_attached()
    assert page.locator("#print-paper").input_value() == "a4"
    paper.select_option("")
    expect(page.locator('html[data-paper="any"]')).to_be_attached()
    assert page.evaluate("window.cspViolations") == []
    shot(page, "handout-quiz-en")
    page.emulate_media(media="print")
    page.set_viewport_size({"width": PAPERS["A4"][0], "height": PAPERS["A4"][1]})
    assert page.evaluate(OVERFLOW) == []
    page.evaluate("""() => {
      const question = document.querySelector('[data-question="2"]');
      const wide = document.createElement("div");
      wide.id = "too-wide";
      wide.style.width = "2000px";  // (through the CSSOM: the policy allows no style attribute)
      wide.textContent = "wide";
      question.append(wide);
      const long = document.createElement("p");
      long.id = "too-long";
      long.textContent = "x".repeat(400);
      question.append(long);
    }""")
    found = page.evaluate(OVERFLOW)
    assert any(p.startswith('<div#too-wide> "wide" in question 2 runs past the page') for p in found), found
    assert any(p.startswith('<p#too-long> "xxx') and "overflows its box" in p for p in found), found
