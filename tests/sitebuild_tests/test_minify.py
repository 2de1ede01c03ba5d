"""The build's minifiers (tools/minify.py) keep code and pages meaning the same."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tools import minify

pytestmark = pytest.mark.cpython_only
ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "site" / "static"


@pytest.mark.parametrize("name", sorted(p.name for p in STATIC.glob("*.js")))
def test_minified_modules_still_parse(tmp_path: Path, name: str) -> None:
    # node checks the syntax; ./dev test installs it (as for the tests inside Pyodide)
    assert shutil.which("node"), "node is missing: ./dev test installs it"
    small = minify.js((STATIC / name).read_text("utf-8"))
    assert len(small) < (STATIC / name).stat().st_size
    (tmp_path / "m.mjs").write_text(small, "utf-8")
    proc = subprocess.run(["node", "--check", str(tmp_path / "m.mjs")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_template_and_regex_literals_survive() -> None:
    source = """// a comment
const a = `one
   two  ${x + `in ${y}`} // kept
/* kept */`;
const re = /a\\/b[/]c/g, d = a / 2 / 3;
export const s = "it's // fine";
"""
    small = minify.js(source)
    assert "`one\n   two  ${x + `in ${y}`} // kept\n/* kept */`" in small
    assert "/a\\/b[/]c/g" in small and "a/2/3" in small and "\"it's // fine\"" in small
    assert "a comment" not in small


def test_html_loses_indents_but_not_whitespace() -> None:
    page = "<p>\n    <a>x</a>\n\n    <a>y</a>\n</p>\n"
    assert minify.html(page) == "<p>\n<a>x</a>\n<a>y</a>\n</p>\n"
    kept = "<pre>\n    code\n</pre>"
    assert minify.html(kept) == kept


def test_css_is_smaller() -> None:
    text = (STATIC / "style.css").read_text("utf-8")
    assert len(minify.css(text)) < len(text)
