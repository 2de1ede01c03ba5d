"""Safe minification of what the build copies and renders (the sources stay readable).

* JavaScript (ES modules with template and regex literals): ``rjsmin`` drops comments and
  the whitespace that means nothing; it keeps template literals byte for byte and tells
  regex literals from division. Names are never changed.
* CSS: ``rcssmin``.
* HTML: every line's leading indent and every blank line go; a newline stays wherever there
  was whitespace, so text runs and inline elements render the same. Pages with ``<pre>`` or
  ``<textarea>`` (where indents show) are left as they are.

``rjsmin`` and ``rcssmin`` are in the ``site`` extra (pyproject.toml), like Jinja2.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import rcssmin
import rjsmin


def js(text: str) -> str:
    return rjsmin.jsmin(text).strip() + "\n"


def css(text: str) -> str:
    return rcssmin.cssmin(text).strip() + "\n"


_INDENT = re.compile(r"\n[ \t]*(?:\n[ \t]*)*")


def html(text: str) -> str:
    if re.search(r"<(pre|textarea)\b", text, re.I):
        return text
    return _INDENT.sub("\n", text).strip() + "\n"


MINIFIERS = {".js": js, ".mjs": js, ".css": css}


def copy_tree(src: Path, dest: Path) -> list[tuple[str, int, int]]:
    """Copies ``src`` to ``dest``, minifying JS and CSS; returns (name, bytes before, after)."""
    done = []
    for path in sorted(src.rglob("*")):
        if not path.is_file():
            continue
        target = dest / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        minify = MINIFIERS.get(path.suffix)
        if minify is None:
            shutil.copy2(path, target)
        else:
            target.write_text(minify(path.read_text("utf-8")), "utf-8")
        done.append((path.relative_to(src).as_posix(), path.stat().st_size, target.stat().st_size))
    return done
