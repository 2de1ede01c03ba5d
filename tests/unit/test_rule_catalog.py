"""The rule catalog (tutor/data/rules/doudizhu.json) against the code and the spec."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import tutor.game
from tutor.rules import catalog, rule, rules_by_id
from unit_helpers import GAME, shared_rules

RULE_ID = re.compile(r"DDZ-[A-Z0-9]+-[A-Za-z0-9_]+")
SOURCES = sorted(Path(tutor.game.__file__).resolve().parent.rglob("*.py"))


def cited_ids() -> set[str]:
    return {m for p in SOURCES for m in RULE_ID.findall(p.read_text(encoding="utf-8"))}


def test_sources_cite_rules():
    ids = cited_ids()
    assert len(ids) > 30
    assert {"DDZ-BID-4", "DDZ-CMP-6", "DDZ-4P-2", "DDZ-PAY-2"} <= ids


def test_every_cited_rule_is_in_the_catalog():
    missing = sorted(cited_ids() - set(rules_by_id("doudizhu")))
    assert not missing, f"cited in tutor/ but missing from the catalog: {missing}"


def test_every_entry_has_titles_and_texts_in_both_languages():
    entries = catalog("doudizhu")["rules"]
    assert entries
    for entry in entries:
        for part in ("title", "text"):
            for lang in ("ja", "en"):
                assert isinstance(entry[part][lang], str) and entry[part][lang].strip(), (entry["id"], part, lang)
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", entry["text"]["ja"]), entry["id"]


def test_ids_are_unique_and_sections_exist():
    entries = catalog("doudizhu")["rules"]
    ids = [e["id"] for e in entries]
    assert len(ids) == len(set(ids))
    sections = {s["id"] for s in catalog("doudizhu")["sections"]}
    for s in catalog("doudizhu")["sections"]:
        assert s["title"]["ja"].strip() and s["title"]["en"].strip()
    assert all(e["section"] in sections for e in entries)


def test_every_flag_has_an_entry():
    flag_names = {f.name for f in dataclasses.fields(GAME.Flags)}
    flag_ids = {i for i in rules_by_id("doudizhu") if i.startswith("DDZ-FLAG-")}
    assert flag_ids == {f"DDZ-FLAG-{name}" for name in flag_names}


def test_rule_lookup():
    assert rule("doudizhu", "DDZ-CMP-4")["id"] == "DDZ-CMP-4"
    with pytest.raises(KeyError):
        rule("doudizhu", "DDZ-NOPE-1")


def test_catalog_matches_the_spec():
    """The non-flag IDs are exactly the bold rule IDs of doudizhu.md (needs ../shared/rules)."""
    spec = (shared_rules() / "doudizhu.md").read_text(encoding="utf-8")
    bold = set(re.findall(r"\*\*(DDZ-[A-Z0-9]+-[A-Za-z0-9_]+)", spec))
    assert len(bold) > 40
    ours = {i for i in rules_by_id("doudizhu") if not i.startswith("DDZ-FLAG-")}
    assert ours == bold, f"only in the catalog: {sorted(ours - bold)}; only in the spec: {sorted(bold - ours)}"


def test_flag_table_matches_the_spec():
    spec = (shared_rules() / "doudizhu.md").read_text(encoding="utf-8")
    table = set(re.findall(r"^\| `([a-z_0-9]+)`", spec, flags=re.M))  # the §9 flag table
    prose = set(re.findall(r"Flag `([a-z_0-9]+) =", spec))  # flags named in a rule (DDZ-DEAL-3)
    assert "players" in table and "first_bidder" in prose
    assert table | prose == {f.name for f in dataclasses.fields(GAME.Flags)}
