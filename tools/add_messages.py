#!/usr/bin/env python3
"""Adds (or replaces) message keys in the ja and en catalogs from one JSON file
``{"en": {key: text}, "ja": {key: text}}``, keeping the catalogs' order and format.

Several people (or helpers) adding messages at once run it under ``flock``, so no edit is lost:
``flock /tmp/cardtutor-messages.lock python3 tools/add_messages.py new.json``.

With ``--strings`` the keys go to the page strings (``site/strings/<lang>.json``) instead:
``flock /tmp/cardtutor-strings.lock python3 tools/add_messages.py --strings new.json``.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "tutor" / "data" / "messages"
STRINGS = ROOT / "site" / "strings"


def main(argv: list[str]) -> int:
    folder = CATALOGS
    if argv[:1] == ["--strings"]:
        folder, argv = STRINGS, argv[1:]
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    new = json.loads(Path(argv[0]).read_text("utf-8"))
    if set(new) != {"en", "ja"} or set(new["en"]) != set(new["ja"]):
        print("the file needs \"en\" and \"ja\" with the same keys", file=sys.stderr)
        return 1
    for lang, add in new.items():
        path = folder / f"{lang}.json"
        data = json.loads(path.read_text("utf-8"))
        data.update(add)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", "utf-8")
    print(f"{len(new['en'])} keys written to {folder.name}/en.json and ja.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
