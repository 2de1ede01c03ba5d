"""The Napoleon rule catalog (tutor/data/rules/napoleon.json) against the spec and the code."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import tutor.game
from tutor.registry import find_game
from tutor.rules import catalog, rule, rules_by_id

G = find_game("napoleon")
SPEC = Path(__file__).resolve().parents[2] / "rules" / "napoleon.md"
SOURCES = sorted((Path(tutor.game.__file__).resolve().parent / "games" / "napoleon").rglob("*.py"))
RULE_ID = re.compile(r"NAP-[A-Z0-9]+-[A-Za-z0-9_]+")


def spec_text() -> str:
    return SPEC.read_text(encoding="utf-8")


def cited() -> set[str]:
    return {m for p in SOURCES for m in RULE_ID.findall(p.read_text(encoding="utf-8"))}


def test_catalog_ids_are_the_spec_ids_and_the_flags():
    bold = set(re.findall(r"\*\*(NAP-[A-Z0-9]+-[A-Za-z0-9_]+)", spec_text()))
    assert len(bold) > 35
    ids = set(rules_by_id("napoleon"))
    assert {i for i in ids if "-FLAG-" not in i} == bold
    assert {i for i in ids if "-FLAG-" in i} == {f"NAP-FLAG-{f.name}" for f in dataclasses.fields(G.Flags)}


def test_every_spec_rule_is_cited_in_the_code():
    bold = set(re.findall(r"\*\*(NAP-[A-Z0-9]+-[A-Za-z0-9_]+)", spec_text()))
    assert bold <= cited(), sorted(bold - cited())
    assert cited() <= set(rules_by_id("napoleon"))


def test_flag_table_matches_the_spec():
    table = set(re.findall(r"^\| `([a-z_0-9]+)` \| `", spec_text(), flags=re.M))
    assert table == {f.name for f in dataclasses.fields(G.Flags)} - {"players"}
    defaults = dict(re.findall(r"^\| `([a-z_0-9]+)` \| `([^`]+)`", spec_text(), flags=re.M))
    for f in dataclasses.fields(G.Flags):
        if f.name in defaults:
            assert str(f.default).lower() == defaults[f.name].strip('"').lower(), f.name


def test_entries_are_bilingual_and_in_our_sections():
    data = catalog("napoleon")
    sections = {s["id"] for s in data["sections"]}
    for entry in data["rules"]:
        assert entry["section"] in sections
        for part in ("title", "text"):
            assert entry[part]["en"].strip() and entry[part]["ja"].strip(), (entry["id"], part)
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", entry["text"]["ja"]), entry["id"]
    assert rule("napoleon", "NAP-YORO-1")["section"] == "strength"
