"""Run the unit and golden tests inside Pyodide (Python 3.14 on WebAssembly, under Node.js).

These tests are run by CPython; they drive Node via tests/pyodide/harness.py.
They are marked ``pyodide`` so they can be deselected with ``-m "not pyodide"``.
Only tests/unit and tests/golden are handed to the in-Pyodide pytest, so this
file never runs recursively inside Pyodide.
"""

from __future__ import annotations

import ast
import os
import re
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import run_pytest, run_python  # noqa: E402  (re-exported for other tests)

pytestmark = pytest.mark.pyodide

_SUMMARY = re.compile(r"\b(\d+) passed\b")


def _tail(text: str, lines: int = 80) -> str:
    return "\n".join(text.rstrip().splitlines()[-lines:])


def test_unit_and_golden_tests_pass_inside_pyodide():
    # "--verbosity=-1" rather than "-q": pyproject's addopts already has "-q",
    # and "-q -q" makes pytest drop the "N passed" closing line we check.
    proc = run_pytest(["tests/unit", "tests/golden", "-m", "not cpython_only", "--verbosity=-1"])
    out = proc.stdout + (("\n--- stderr ---\n" + proc.stderr) if proc.stderr.strip() else "")
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    closing = lines[-1] if lines else ""
    m = _SUMMARY.search(closing)
    if proc.returncode != 0 or not m or int(m.group(1)) < 1:
        pytest.fail(
            f"pytest inside Pyodide exited {proc.returncode}; closing line: {closing!r}\n"
            f"--- output tail ---\n{_tail(out)}",
            pytrace=False,
        )


def test_python_version_inside_pyodide():
    out = run_python("import sys\nprint(tuple(sys.version_info[:2]))\nprint(sys.platform)\n")
    lines = out.strip().splitlines()
    assert ast.literal_eval(lines[0]) == (3, 14), out
    assert lines[1] == "emscripten", out
