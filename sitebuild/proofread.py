"""Proofreading lessons: slips a machine can catch in the text a learner reads.

Runs after ``compute_lesson`` (it needs the decision the build computed for each step) and
raises ``LessonError`` naming the file, the line, the step and what is wrong, like every
other lesson error (docs/lesson-format.md, "What the build proofreads"). It reads each
step's prose as the page renders it (Markdown to HTML, then its text), the closing prose,
and the title and summary:

* **Markdown left over**: ``**``, ``__``, a backtick, ``[text](`` that did not render; a
  line that starts with ``>`` or ``#`` (a wrapped line that became a quote block or a
  heading, or a marker shown as it is); a text that ends on ``:`` with nothing after it.
* **Identifiers**: ``snake_case`` words (flag and field names), a game's flag named by its
  identifier ("the flag reverse"), rule IDs outside a link (``NAP-JOKER-2``), card tokens
  written raw (``S-10``, ``PHOENIX=8``) and JSON fragments (``{"bid": …}``,
  ``spring: false``). Learners read plain words.
* **Controls**: a button label in quotes or in bold (``"Let it go"``, ``**Call!**``,
  ``「パス」``) must be a control the page shows at that step. What a control can read comes
  from the engine's words for the game's decisions and the page's own controls
  (``control_patterns``); what the page shows at a step is the decision the build computed
  (``display.decision``, tutor/decisions.py), its side declarations, and the page's own
  controls at a decision or in a window out of turn (``decision_at``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

import markdown

from .lessons import Lesson, LessonError


def md(text: str) -> str:
    """Lesson prose as the page shows it (the build renders every prose block with this)."""
    return markdown.markdown(text, extensions=["extra", "sane_lists"], output_format="html")


# ------------------------------------------------------------------ the decision at a step
@dataclass(frozen=True)
class Decision:
    """What the page's decision area holds at the end of a step (the build computed it): the
    words of every control it shows, and what kind of decision it is (for the message)."""
    ask: bool              # the step asks the learner something (else: no decision controls)
    out_of_turn: bool      # a window out of turn (a bomb out of turn)
    shown: frozenset[str]  # the labels of the controls on screen
    kind: str = ""         # the decision's kind (tutor/decisions.py), for the message


#: the page's own controls (keys of site/strings/<lang>.json): at any decision, and in a window
#: out of turn (player.js renderDecision); the decision's controls carry the engine's words
ASK_CONTROLS = ("hint", "hint_more", "show_legal", "hide_legal")
WINDOW_CONTROLS = ("bomb", "let_it_go", "clear")


def decision_at(lesson: Lesson, index: int, strings: dict[str, str]) -> Decision:
    step = lesson.computed[index]
    ask = step.get("ask")
    if not ask:
        return Decision(False, False, frozenset())
    shown = {strings[k] for k in ASK_CONTROLS if strings.get(k)}
    shown |= {ask["labels"][k] for k in ask.get("side", []) if k in ask.get("labels", {})}
    shown |= {entry["label"] for entry in ask.get("select_side", [])}  # exposure of the selected cards
    if ask.get("out_of_turn"):
        window = ask.get("window") or {}
        if window.get("choices"):  # a button per offered decision (a cut-in) and the window's own decline
            offered = {ask["labels"][k] for k in ask.get("legal", []) if k in ask.get("labels", {})}
            return Decision(True, True, frozenset(shown | offered | {window["decline"]}), "window")
        return Decision(True, True, frozenset(shown | {strings[k] for k in WINDOW_CONTROLS if strings.get(k)}), "window")
    d = step["frames"][-1].get("display.decision") or {}
    kind = d.get("kind", "")
    if kind == "choose":
        shown |= {o["label"] for o in d["options"]} | ({d["confirm"]} if d.get("confirm") else set())
    elif kind in ("cards", "positions"):
        shown |= {d["confirm"], d.get("clear") or strings.get("clear", "")}
    elif kind == "play":
        shown |= {d["play"], d["clear"]} | ({d["pass_label"]} if d.get("pass") else set())
        shown |= {x["label"] for x in d.get("extras", [])}  # Tsumo, riichi with the selected tile
    return Decision(True, False, frozenset(shown), kind)


def _label_pattern(template: str) -> re.Pattern[str]:
    """A label with ``{params}`` ("Bid {n}") as a pattern matching any value of them."""
    parts = re.split(r"\{[^}]*\}", template)
    return re.compile("^" + ".{1,16}?".join(re.escape(p) for p in parts) + "$")


def control_patterns(game: str, lang: str, strings: dict[str, str]) -> list[re.Pattern[str]]:
    """What a control of this game's page can read: the page's own controls and the engine's
    words for the game's decisions (``<prefix>.action.*``, ``<prefix>.decision.*``, the common
    ones), each as a pattern (a quoted phrase matching one names a control)."""
    from tutor.messages import catalog
    from tutor.registry import find_game
    prefix = find_game(game).rule_prefix.lower()
    heads = (f"{prefix}.action.", f"{prefix}.decision.", "common.action.", "common.decision.")
    templates = [t for k, t in catalog(lang).items() if k.startswith(heads) and ".part." not in k]
    templates += [strings[k] for k in (*ASK_CONTROLS, *WINDOW_CONTROLS, "play", "pass", "action.PASS") if strings.get(k)]
    templates += [t for k, t in catalog(lang).items() if k.startswith((f"{prefix}.window.", f"{prefix}.side."))
                  and k.endswith((".decline", ".take")) or k.startswith(f"{prefix}.side.")]
    return [_label_pattern(t) for t in dict.fromkeys(templates) if t.strip("{}")]


# ------------------------------------------------------------------ the text a learner reads
class _Text(HTMLParser):
    """Text chunks of rendered prose, each knowing whether it sits in a link; bold spans; blocks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chunks: list[tuple[str, bool]] = []
        self.bold: list[str] = []
        self.blocks: list[str] = []
        self.dangling: list[str] = []  # the prose's last paragraph, if it ends on ":"
        self._link = 0
        self._bold: list[list[str]] = []
        self._para: list[str] | None = None
        self._colon: str | None = None

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self._colon = None  # something follows (a list, the line the colon announces)
        if tag == "p":
            self._para = []
        if tag == "a":
            self._link += 1
        elif tag in ("strong", "b"):
            self._bold.append([])
        elif tag in ("blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "pre"):
            self.blocks.append(tag)
        if tag in ("p", "li", "br", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "ul", "ol"):
            self.chunks.append(("\n", False))

    def handle_endtag(self, tag: str) -> None:
        if tag == "p" and self._para is not None:
            text = "".join(self._para).rstrip()
            if text.endswith((":", "：")):
                self._colon = text
            self._para = None
        if tag == "a":
            self._link = max(0, self._link - 1)
        elif tag in ("strong", "b") and self._bold:
            self.bold.append("".join(self._bold.pop()))

    def close(self) -> None:
        super().close()
        if self._colon is not None:
            self.dangling.append(self._colon)
        self._colon = None

    def handle_data(self, data: str) -> None:
        self.chunks.append((data, self._link > 0))
        if self._para is not None:
            self._para.append(data)
        for span in self._bold:
            span.append(data)


_BLOCK_WHY = {"blockquote": "a line starting with \">\" became a quote block",
              "pre": "an indented line became a code block"}

_MARKERS = [
    (re.compile(r"\*\*"), "a literal \"**\" (unclosed or broken bold)"),
    (re.compile(r"__"), "a literal \"__\""),
    (re.compile(r"`"), "a literal backtick"),
    (re.compile(r"\[[^\]\n]*\]\(|\]\("), "a link left over as text (\"[text](\")"),
    (re.compile(r"^[ \t]*[>#]", re.M), "a line starting with \">\" or \"#\" shown as it is"),
]
# ASCII boundaries: in Japanese, \w would take the kana next to an identifier as part of it
_A = r"A-Za-z0-9_"
_IDENTIFIERS = [
    (re.compile(rf"(?<![{_A}.\-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![{_A}\-])"),
     "an identifier in snake_case (say it in plain words)", False),
    (re.compile(rf"(?<![{_A}\-])[A-Z]{{2,}}(?:-[A-Z0-9]+)*-\d+[a-z]?(?![{_A}\-])"),
     "a rule ID written outside a link (link it, or say it in words)", True),
    (re.compile(rf"(?<![{_A}\-])[SHDC]-(?:10|[2-9JQKA])(?![{_A}\-])"),
     "a card token written raw (say \"the 10 of spades\")", False),
    (re.compile(rf"(?<![{_A}\-])(?:PHOENIX|DRAGON|MAHJONG|DOG|JOKER|BJ|RJ)(?:=[{_A}]+)?(?![{_A}\-])"),
     "a card token written raw (say \"the Phoenix\", \"the joker\")", False),
    (re.compile(r"\{\s*\"|\"\s*\}|\[\s*\"|\"[A-Za-z_]+\"\s*:|\b[a-z_]+:\s*(?:true|false|null)\b"),
     "a JSON fragment", False),
]
_QUOTED = re.compile(r"\"([^\"\n]{1,40})\"|“([^”\n]{1,40})”|「([^」\n]{1,40})」|『([^』\n]{1,40})』")
_TRIM = " \t\n.,;:。、："


@dataclass
class Slip:
    needle: str  # the offending text, to find its line in the source
    what: str


def flag_names(game: str) -> list[str]:
    """The identifiers of a game's flags (``reverse``, ``spring``…): plain words, but not for learners."""
    from tutor.flags import describe_flags
    from tutor.registry import find_game
    return [f["name"] for f in describe_flags(find_game(game).Flags)]


def _flag_pattern(names: list[str]) -> re.Pattern[str] | None:
    """A flag's identifier named as one: "the flag reverse", "オプションsame2_first_trick"."""
    if not names:
        return None
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?:\b(?:[Ff]lags?|[Oo]ptions?|[Vv]ariants?)\s+|フラグ\s*|オプション\s*)[\"“「]?({alternatives})"
                      rf"(?![{_A}\-])")


def _scan_text(text: str, linked: list[tuple[str, bool]] | None = None, flags: list[str] | None = None) -> list[Slip]:
    slips: list[Slip] = []
    for pattern, why in _MARKERS:
        m = pattern.search(text)
        if m:
            line_start = text.rfind("\n", 0, m.start()) + 1
            line_end = text.find("\n", m.end())
            slips.append(Slip(text[line_start:line_end if line_end >= 0 else len(text)].strip(), why))
    chunks = linked if linked is not None else [(text, False)]
    for pattern, why, links_allowed in _IDENTIFIERS:
        for chunk, in_link in chunks:
            if in_link and links_allowed:
                continue
            m = pattern.search(chunk)
            if m:
                slips.append(Slip(m.group(0), f"{why}: {m.group(0)!r}"))
                break
    pattern = _flag_pattern(flags or [])
    m = next((m for m in pattern.finditer(text) if not any(m.group(1) in slip.what for slip in slips)), None) \
        if pattern else None
    if m:
        slips.append(Slip(m.group(0), f"a flag's identifier (say what the variant does, and that it is "
                                      f"switched on at the practice table under Variants): {m.group(0)!r}"))
    return slips


def prose_slips(prose: str, flags: list[str] | None = None) -> tuple[list[Slip], list[str]]:
    """The markdown and identifier slips in one block of prose, and its quoted or bold spans."""
    parser = _Text()
    parser.feed(md(prose))
    parser.close()
    text = "".join(c for c, _ in parser.chunks)
    slips = [Slip(_block_needle(prose, tag), _BLOCK_WHY.get(tag, f"a line starting with \"#\" became a heading <{tag}>"))
             for tag in dict.fromkeys(parser.blocks)]
    slips += [Slip(para.split("\n")[-1].strip(), "the text ends on \":\" with nothing after it (end the sentence)")
              for para in parser.dangling[:1]]
    slips += _scan_text(text, parser.chunks, flags)
    spans = [s for m in _QUOTED.finditer(text) for s in m.groups() if s] + parser.bold
    return slips, spans


def _block_needle(prose: str, tag: str) -> str:
    for line in prose.split("\n"):
        stripped = line.lstrip()
        if (tag == "blockquote" and stripped.startswith(">")) or (tag.startswith("h") and stripped.startswith("#")):
            return stripped
    return ""


def control_slips(spans: list[str], decision: Decision, patterns: list[re.Pattern[str]]) -> list[Slip]:
    slips: list[Slip] = []
    for span in spans:
        name = span.strip(_TRIM)
        named = [p for p in patterns if p.match(name)]
        # a control is named; it is on screen when one of its forms is ("Bid 1", "Bid 2" and
        # "Bid 3" show: "bid one of 1, 2 or 3" in bold names them)
        if name in decision.shown or not named or any(p.match(label) for p in named for label in decision.shown):
            continue
        shown = "no decision, so no decision controls" if not decision.ask else \
            f"a decision {'out of turn' if decision.out_of_turn else 'in turn'} ({decision.kind}) with " \
            + ", ".join(f'"{label}"' for label in sorted(decision.shown))
        slips.append(Slip(span, f"names the control \"{name}\", which the page does not show at this step: "
                                f"this step has {shown}"))
    return slips


# ------------------------------------------------------------------ the lesson
def _line_of(lesson: Lesson, start: int, end: int, needle: str) -> int:
    """The file line in ``start..end`` that holds ``needle``, else the most of its words (else ``start``)."""
    if not needle or start <= 0:
        return start
    lines = lesson.path.read_text("utf-8").split("\n")[start - 1:max(end, start)]
    for i, line in enumerate(lines):
        if needle in line:
            return start + i
    words = [w for w in re.split(r"[\s*_`>#\[\]()]+", needle) if len(w) > 2]
    scores = [sum(w in line for w in words) for line in lines]
    best = max(scores, default=0)
    return start + scores.index(best) if best else start


def find_slips(lesson: Lesson, strings: dict[str, str]) -> list[str]:
    """Every slip of a lesson, each as ``file:line: step N: what`` (``compute_lesson`` must have run)."""
    if len(lesson.computed) != len(lesson.steps):
        raise LessonError(f"{lesson.path}:1: proofreading needs the computed steps (run compute_lesson first)")
    found: list[str] = []
    flags = flag_names(lesson.game)
    patterns = control_patterns(lesson.game, lesson.lang, strings)
    for key in ("title", "summary"):
        found += [f"{lesson.path}:1: front matter {key}: {slip.what}"
                  for slip in _scan_text(lesson.meta.get(key, ""), flags=flags)]
    for index, step in enumerate(lesson.steps):
        slips, spans = prose_slips(step.prose, flags)
        slips += control_slips(spans, decision_at(lesson, index, strings), patterns)
        found += [f"{lesson.path}:{_line_of(lesson, step.prose_line, step.line, slip.needle)}: step {index + 1}: "
                  f"prose: {slip.what}" for slip in slips]
    slips, spans = prose_slips(lesson.outro, flags)
    done = Decision(False, False, frozenset())  # the lesson is over: no decision
    slips += control_slips(spans, done, patterns)
    found += [f"{lesson.path}:{_line_of(lesson, lesson.outro_line, 10 ** 9, slip.needle)}: closing prose: {slip.what}"
              for slip in slips]
    return found


def proofread(lesson: Lesson, strings: dict[str, str]) -> None:
    """Raises ``LessonError`` naming the lesson's first slip (and how many more there are)."""
    found = find_slips(lesson, strings)
    if found:
        more = f" (and {len(found) - 1} more in this lesson)" if len(found) > 1 else ""
        raise LessonError(found[0] + more)
