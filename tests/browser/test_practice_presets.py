"""Presets on the practice page, in en and ja (issue 11): the Preset select sets the form, the URL
carries the preset and only the flags that differ from it, a shared URL restores the same form, a
tampered preset name gets the URL error; every option reads in words, never an identifier."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from .conftest import settled, shot, wait_settled, wait_waiting
from tutor.registry import SITE_NAMES

ROOT = Path(__file__).resolve().parents[2]
READY = '#engine-status[data-state="ready"]'
GAMES = SITE_NAMES
LANGS = ("en", "ja")
SNAKE = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b")
FORM = """form => Object.fromEntries([...form.elements].filter(e => e.name)
  .map(e => [e.name, e.type === 'checkbox' ? e.checked : e.value]))"""


def open_practice(page, server, lang: str, game: str, query: str = "") -> dict:
    page.goto(server + f"{lang}/{game}/practice.html{query}")
    expect(page.locator(READY)).to_be_visible()
    wait_waiting(page)
    return json.loads(page.locator("#practice-data").text_content())


def query(page) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}


def form(page) -> dict:
    return page.locator("#settings").evaluate(FORM)


def deal(page) -> str:
    before = settled(page)
    page.locator("#settings button[type=submit]").click()
    return wait_settled(page, before)


def field_value(value):
    """A flag value as the form holds it (a checkbox's checked, else the field's text)."""
    return value if isinstance(value, bool) else str(value)


@pytest.mark.parametrize("lang", LANGS)
def test_tichu_official_preset_sets_the_form_the_url_and_survives_a_reload(page, server, lang) -> None:
    data = open_practice(page, server, lang, "tichu", "?seed=3")
    presets = {p["name"]: p for p in data["presets"]}
    official = presets["official"]
    page.locator("#settings details").evaluate("d => d.open = true")
    select = page.locator('#settings select[name="preset"]')
    assert select.locator("option").all_text_contents() == [p["title"] for p in data["presets"]]
    assert select.input_value() == "seed"

    select.select_option("official")
    expect(page.locator("#settings .preset-doc")).to_contain_text(official["text"])
    flags = {f["name"]: f for f in data["flags"] if f["name"] != "players"}
    expected = {f"flag-{n}": field_value(official["values"].get(n, f["default"])) for n, f in flags.items()}
    assert {k: form(page)[k] for k in expected} == expected
    assert form(page)["flag-bomb_interrupt_on_interrupt"] is True  # the official rule (tichu.md §14)

    # one flag away from the preset: the URL carries the preset and only that flag
    page.locator('[name="flag-target_score"]').fill("500")
    state = deal(page)
    assert state in ("learner", "over")
    assert page.locator("#url-error").is_hidden(), page.locator("#url-error").text_content()
    q = query(page)
    assert q["preset"] == "official" and q["target_score"] == "500"
    assert q["v"] == "1" and set(q) - {"v", "seed", "seat", "preset", "target_score"} == set(), page.url
    before = form(page)
    expected["flag-target_score"] = "500"
    assert {k: before[k] for k in expected} == expected and before["preset"] == "official"
    shot(page, f"practice-preset-tichu-{lang}")

    # the shared link restores the same form
    shared = page.locator("#share").get_attribute("href")
    assert "preset=official" in shared
    page.goto(shared)
    expect(page.locator(READY)).to_be_visible()
    wait_waiting(page)
    assert page.locator("#url-error").is_hidden()
    assert form(page) == before
    assert query(page) == q

    # back to the seed: every flag field at its default, and no preset in the URL
    page.locator("#settings details").evaluate("d => d.open = true")
    page.locator('#settings select[name="preset"]').select_option("seed")
    assert form(page)["flag-bomb_interrupt_on_interrupt"] is False
    assert form(page)["flag-target_score"] == "1000"
    deal(page)
    assert "preset" not in query(page) and "target_score" not in query(page)


@pytest.mark.parametrize("lang", LANGS)
def test_a_tampered_preset_gets_the_url_error(page, server, lang) -> None:
    page.goto(server + f"{lang}/tichu/practice.html?seed=3&preset=fata_morgana")
    error = page.locator("#url-error")
    expect(error).to_be_visible()
    strings = json.loads((ROOT / "site" / "strings" / f"{lang}.json").read_text("utf-8"))
    prefix = strings["url_error"].split("{error}")[0]
    text = error.text_content()
    assert text.startswith(prefix) and "fata_morgana" in text and "official" in text, text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_settings_read_in_words_and_link_each_flag_to_its_rule(page, server, game, lang) -> None:
    data = open_practice(page, server, lang, game)
    options = page.locator("#settings option").evaluate_all(
        "els => els.map(e => [e.closest('select').name, e.value, e.textContent.trim()])")
    assert any(name == "preset" for name, _, _ in options)
    for name, value, text in options:
        assert text and not SNAKE.search(text), (name, value, text)
        if not re.fullmatch(r"-?\d+|[JQKA]", value):  # a number or a card rank (a level) reads as itself
            assert text != value, (name, value, text)  # a word, not the identifier
    for info in data["flags"]:
        if info["name"] == "players":
            continue
        line = page.locator(f'label.flag:has([name="flag-{info["name"]}"])')
        assert not SNAKE.search(line.text_content()), line.text_content()
        link = line.locator("a.flag-rule")
        assert link.get_attribute("href") == f"rules.html#{info['rule']}"
        assert link.get_attribute("title") == data["rules"][info["rule"]]
