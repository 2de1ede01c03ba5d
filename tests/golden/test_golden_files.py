"""The shared golden cases pass through the generic runner (rules/README.md §4)."""
from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from tutor.golden import run_files
from tutor.registry import BUILT_NAMES, golden_file

SHARED = Path(__file__).resolve().parents[2] / "rules" / "golden"  # the copy of ../shared/rules/golden


@pytest.mark.parametrize("game", BUILT_NAMES)
def test_shared_golden_file_passes(game: str) -> None:
    path = SHARED.parent / golden_file(game)
    lines: list[str] = []
    passed, failed = run_files([str(path)], out=lines.append)
    assert failed == 0, "\n".join(line for line in lines if line.startswith("FAIL"))
    assert passed > 0
    assert lines[-1] == f"{passed} passed, 0 failed"
    assert all(line.startswith("PASS ") for line in lines[:-1])


def test_every_shared_file_runs_without_crashing() -> None:
    """Games not built yet are FAIL lines with a reason, never an exception."""
    files = sorted(SHARED.glob("*.json"))
    assert files
    buf = io.StringIO()
    with redirect_stdout(buf):
        passed, failed = run_files([str(f) for f in files])
    lines = buf.getvalue().splitlines()
    assert len(lines) == passed + failed + 1
    for line in lines[:-1]:
        assert line.startswith("PASS ") or (line.startswith("FAIL ") and ": " in line), line
