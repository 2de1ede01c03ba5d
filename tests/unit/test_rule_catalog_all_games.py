"""Every registered game's rule catalog: complete, bilingual, and covering every cited rule ID."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.flags import describe_flags
from tutor.registry import all_games, spec_file
from tutor.rules import catalog, rules_by_id

ROOT = Path(__file__).resolve().parents[2]
SPECS = ROOT / "rules"  # the copy of ../shared/rules


def cited(prefix: str) -> set[str]:
    pattern = re.compile(rf"{prefix}-[A-Z0-9]+-[A-Za-z0-9_]+")
    found: set[str] = set()
    for path in (ROOT / "tutor").rglob("*.py"):
        found.update(pattern.findall(path.read_text("utf-8")))
    return found


@pytest.mark.parametrize("game", [g for g in all_games()], ids=lambda g: g.name)
def test_every_cited_rule_is_in_the_catalog(game) -> None:
    missing = sorted(cited(game.rule_prefix) - set(rules_by_id(game.name)))
    assert not missing, f"{game.name}: rule IDs cited in code but absent from the catalog: {missing}"


@pytest.mark.parametrize("game", [g for g in all_games()], ids=lambda g: g.name)
def test_entries_are_bilingual_and_sectioned(game) -> None:
    data = catalog(game.name)
    sections = {s["id"] for s in data["sections"]}
    for entry in data["rules"]:
        assert entry["section"] in sections, entry["id"]
        for lang in ("en", "ja"):
            assert entry["title"][lang].strip() and entry["text"][lang].strip(), (entry["id"], lang)


@pytest.mark.parametrize("game", [g for g in all_games()], ids=lambda g: g.name)
def test_every_flag_has_an_entry(game) -> None:
    ids = set(rules_by_id(game.name))
    for f in describe_flags(game.Flags):
        if f["name"] == "players" and game.name == "tichu":
            continue  # always 4: not a variant
        assert f"{game.rule_prefix}-FLAG-{f['name']}" in ids, f["name"]


@pytest.mark.parametrize("game", [g for g in all_games()], ids=lambda g: g.name)
def test_catalog_ids_match_the_spec(game) -> None:
    spec = SPECS / spec_file(game.name)
    bold = set(re.findall(rf"\*\*({game.rule_prefix}-[A-Z0-9]+-[A-Za-z0-9_]+)", spec.read_text("utf-8")))
    ours = {i for i in rules_by_id(game.name) if "-FLAG-" not in i}
    assert ours == bold


@pytest.mark.parametrize("game", [g for g in all_games()], ids=lambda g: g.name)
def test_every_word_choice_of_a_flag_has_words_for_the_form(game) -> None:
    """A flag whose values are identifiers ("marker", "any_loss") is offered by its catalog words, ja and en."""
    ids = rules_by_id(game.name)
    for f in describe_flags(game.Flags):
        if not f["choices"] or not all(isinstance(c, str) for c in f["choices"]):
            continue
        labels = ids[f"{game.rule_prefix}-FLAG-{f['name']}"].get("choices", {})
        for value in f["choices"]:
            for lang in ("en", "ja"):
                assert labels.get(value, {}).get(lang, "").strip(), (f["name"], value, lang)
