#!/usr/bin/env python3
"""Copies the shared rules folder (``../shared/rules``: the specs, the card notation, the golden
cases and their schema checker) into ``rules/``, so a clone without ``../shared`` still runs
every test. ``tests/unit/test_rules_copy.py`` fails while the copy differs from the shared
folder; run this, read the diff, commit.

``python tools/sync_rules.py [--from DIR]``
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "rules"
COPY = ROOT / "rules"


def shared_files(folder: Path) -> list[Path]:
    """The files of a rules folder, relative to it, sorted (the copy holds exactly these)."""
    return sorted(p.relative_to(folder) for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="source", default=str(SHARED), help=f"the shared folder (default {SHARED})")
    args = ap.parse_args(argv)
    source = Path(args.source)
    if not source.is_dir():
        print(f"no shared rules folder at {source}", file=sys.stderr)
        return 2
    wanted = shared_files(source)
    for rel in shared_files(COPY) if COPY.is_dir() else []:
        if rel not in wanted:
            (COPY / rel).unlink()
            print(f"removed rules/{rel}")
    for rel in wanted:
        target = COPY / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        data = (source / rel).read_bytes()
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
            target.chmod(0o755 if rel.suffix == ".py" else 0o644)
            print(f"copied rules/{rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
