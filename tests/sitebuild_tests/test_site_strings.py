"""The page's own words (site/strings/*.json) are the page's: no game's words live there.

Issue 12 moved every game's words (phase names, decision labels, seat roles) into the engine's
catalogs (tutor/data/messages), which reach the page through views. A string left in the page's
table that nothing reads is a game word that outlived the move, or a typo'd key: both fail here.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: keys the page builds from a prefix and a value (``S[`suit.${c.suit}`]``, ``s[`flag-${name}`]``)
DYNAMIC = re.compile(r"""\b[sS]\[`([\w.-]+?)\$\{""")


def _sources() -> str:
    files = [*ROOT.joinpath("site").rglob("*.js"), *ROOT.joinpath("site").rglob("*.html"),
             ROOT / "build.py", *ROOT.joinpath("sitebuild").rglob("*.py")]
    return "\n".join(p.read_text("utf-8") for p in files)


def _used(key: str, source: str, prefixes: list[str]) -> bool:
    if any(key.startswith(p) for p in prefixes):
        return True
    return bool(re.search(r"\b[sS]\." + re.escape(key) + r"\b", source)
                or re.search(r"""["'`]""" + re.escape(key) + r"""["'`]""", source))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_page_string_is_read_somewhere(lang):
    source = _sources()
    prefixes = sorted(set(DYNAMIC.findall(source)))
    assert "suit." in prefixes  # the pattern finds the page's dynamic keys
    strings = json.loads(ROOT.joinpath(f"site/strings/{lang}.json").read_text("utf-8"))
    unused = [k for k in strings if not _used(k, source, prefixes)]
    assert not unused, f"site/strings/{lang}.json: nothing reads {unused}"


def test_a_removed_key_would_be_caught():
    source = _sources()
    assert not _used("phase.napoleon.score", source, sorted(set(DYNAMIC.findall(source))))
    assert _used("your_turn", source, [])
