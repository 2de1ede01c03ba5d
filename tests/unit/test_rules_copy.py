"""The project's copy of the shared rules (``rules/``) is the shared folder, file for file.

The copy lets a clone without ``../shared`` run every test; this test keeps it honest where the
shared folder is present (in CI it is, so nothing here skips there). ``tools/sync_rules.py``
refreshes the copy.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from unit_helpers import REPO, RULES

SHARED = REPO.parent / "shared" / "rules"


def files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def test_the_copy_holds_every_golden_file_and_the_checker() -> None:
    names = files(RULES)
    assert "check_golden.py" in names and "README.md" in names
    assert {"golden/doudizhu.json", "golden/tichu.json", "golden/napoleon.json"} <= set(names)


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/rules to compare with (a clone built elsewhere)")
def test_the_copy_matches_the_shared_rules_folder() -> None:
    assert files(RULES) == files(SHARED), "run tools/sync_rules.py"
    stale = [name for name in files(SHARED) if (RULES / name).read_bytes() != (SHARED / name).read_bytes()]
    assert not stale, f"rules/ differs from ../shared/rules in {stale}: run tools/sync_rules.py"
