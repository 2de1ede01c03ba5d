"""Message catalogs: every key the code can produce exists in en and ja, with the same placeholders."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import tutor.game
from tutor.games.doudizhu.combos import TYPES
from tutor.games.tichu.combos import TYPES as TICHU_TYPES
from tutor.messages import LANGS, catalog, render
from tutor.limits import JSON_PROBLEMS
from unit_helpers import error_whats

# the package the tests import (the repo checkout, or the installed wheel inside Pyodide)
SOURCES = sorted(Path(tutor.game.__file__).resolve().parent.rglob("*.py"))
KEY_LITERAL = re.compile(r"""["']((?:common|ddz|tichu|nap|hint|bot|error)\.[a-z_.0-9]+)["']""")
F_STRING = re.compile(r"""\bf(["'])(.*?)\1""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# a placeholder, or an English singular/plural choice on a parameter: {left:card|cards}
ANY_FIELD = re.compile(r"\{(\w+)(?::[^{}]*)?\}")

# Message keys built with f-strings, resolved by hand (a new pattern must be added here).
DYNAMIC = {
    # tutor/display.py role_key: a side and how far along it (8 seats at most: 3 on each side)
    "common.display.role.{side}": lambda: {f"common.display.role.{side}{n}" for side in ("left", "right")
                                           for n in ("", "_2", "_3")},
    # the page's words (tutor/display.py, tutor/decisions.py, each game's display.py)
    "ddz.display.result.{view['result']['winner']}": lambda: {f"ddz.display.result.{w}" for w in ("landlord", "farmers")},
}
# Text parameters translated through the catalog (messages._format_param): <prefix>.<family>.<value>
PARAM_VALUES = {"ddz.type": set(TYPES), "ddz.winner": {"landlord", "farmers"}, "tichu.type": set(TICHU_TYPES),
                "tichu.team": {"A", "B"}, "tichu.rank": {"MAHJONG", "DRAGON"},
                "tichu.phase": {"grand_tichu", "exchange", "play", "wish", "dragon_gift", "score"},
                "nap.phase": {"auction", "call_adjutant", "discard", "play", "joker_suit", "score"},
                "nap.suit": {"S", "H", "D", "C"}, "nap.winner": {"napoleon", "allies"},
                "nap.type": {"lead", "lead_joker", "power", "follow", "trump", "sluff"},
                # common.wrong_phase names the phase of any game
                "common.phase": {"auction", "play", "grand_tichu", "exchange", "wish", "dragon_gift", "score",
                                 "call_adjutant", "discard", "joker_suit", "six_salvage", "seven_pass", "ten_discard",
                                 "q_peeping", "k_greed", "a_open"},
                # errors (tutor/errors.py): what a value should have been, what the JSON reader found
                "error.what": set(error_whats()), "error.problem": set(JSON_PROBLEMS.values())}


def source_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in SOURCES)


def literal_keys() -> set[str]:
    keys = set(KEY_LITERAL.findall(source_text()))
    return {k for k in keys if not k.endswith(".")}


def dynamic_patterns() -> set[str]:
    """f-strings that build a message key (they contain a key-namespace word next to a dot)."""
    found = set()
    for _, body in F_STRING.findall(source_text()):
        literal = re.sub(r"\{[^}]*\}", "", body)
        if re.search(r"(^|\.)(common|ddz|hint|bot|why|event|kind)(\.|$)", literal):
            found.add(body)
    return found


def all_code_keys() -> set[str]:
    keys = literal_keys()
    for pattern in dynamic_patterns():
        keys |= DYNAMIC[pattern]()
    for prefix, values in PARAM_VALUES.items():
        keys |= {f"{prefix}.{v}" for v in values}
    return keys


def test_sources_were_found():
    assert any(p.name == "game.py" for p in SOURCES)
    assert len(literal_keys()) > 40


def test_every_dynamic_key_pattern_is_resolved():
    unknown = dynamic_patterns() - set(DYNAMIC)
    assert not unknown, f"resolve these f-string message keys in DYNAMIC: {sorted(unknown)}"
    assert dynamic_patterns() == set(DYNAMIC)


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_key_is_in_the_catalog(lang):
    missing = sorted(all_code_keys() - set(catalog(lang)))
    assert not missing, f"missing in {lang}.json: {missing}"


@pytest.mark.parametrize("prefix, types", [("ddz", TYPES), ("tichu", TICHU_TYPES)])
def test_every_type_has_a_name_in_both_languages(prefix, types):
    for t in types:
        en, ja = catalog("en")[f"{prefix}.type.{t}"], catalog("ja")[f"{prefix}.type.{t}"]
        assert en.strip() and ja.strip() and ja != t
    assert len({catalog("en")[f"{prefix}.type.{t}"] for t in types}) == len(types)
    assert len({catalog("ja")[f"{prefix}.type.{t}"] for t in types}) == len(types)


def test_catalogs_have_the_same_keys():
    assert set(catalog("en")) == set(catalog("ja"))


def test_placeholders_agree_between_languages():
    en, ja = catalog("en"), catalog("ja")
    for key in set(en) & set(ja):
        assert set(PLACEHOLDER.findall(en[key])) == set(PLACEHOLDER.findall(ja[key])), key


def test_no_empty_or_untranslated_texts():
    en, ja = catalog("en"), catalog("ja")
    for key in en:
        assert en[key].strip() and ja[key].strip(), key
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    # a text made only of its parameters ("{title}", "{n}") has nothing to translate
    words = [(k, PLACEHOLDER.sub("", ja[k])) for k in ja]
    untranslated = [k for k, text in words if not japanese.search(text) and re.search(r"[A-Za-z]", text)
                    and not k.startswith("common.")]
    assert not untranslated, untranslated


def _call_sites():
    """(key, supplied parameter names, where) for every _yes/_no/_event/Choice/Verdict/Event call."""
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name in ("_yes", "_no", "_event") and node.args and isinstance(node.args[0], ast.Constant):
                params = {k.arg for k in node.keywords if k.arg}
                yield node.args[0].value, params, f"{path.name}:{node.lineno}"
            elif name == "Choice" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
                params: set[str] = set()
                if len(node.args) >= 3 and isinstance(node.args[2], ast.Dict):
                    params = {k.value for k in node.args[2].keys if isinstance(k, ast.Constant)}
                yield node.args[1].value, params, f"{path.name}:{node.lineno}"


def test_call_sites_supply_every_placeholder():
    sites = list(_call_sites())
    assert len(sites) > 40
    en = catalog("en")
    for key, params, where in sites:
        assert key in en, f"{where}: unknown key {key}"
        needed = set(ANY_FIELD.findall(en[key]))
        assert needed <= params, f"{where}: {key} needs {sorted(needed - params)}"


@pytest.mark.parametrize("lang", LANGS)
def test_render(lang):
    assert render("ddz.bid_range", {"bid": 7}, lang).count("7") == 1
    assert render("no.such.key", {}, lang) == "no.such.key"
    # a *_type parameter is translated through ddz.type.<value>
    text = render("ddz.type_mismatch", {"type": "single", "top_type": "pair"}, lang)
    assert catalog(lang)["ddz.type.single"] in text and catalog(lang)["ddz.type.pair"] in text
    assert "{" not in text


def test_unknown_language():
    with pytest.raises(ValueError):
        catalog("fr")


def test_a_count_of_one_takes_the_singular_where_the_catalog_has_one():  # and a count of 0 its zero form
    params = {"seat": 2, "trick": 3, "cards": ["H-10"]}
    assert "takes 1 honour: 10♥" in render("nap.event.trick_won", {**params, "count": 1}, "en")
    assert "takes 2 honours" in render("nap.event.trick_won", {**params, "count": 2, "cards": ["H-10", "S-J"]}, "en")
    assert "1枚" in render("nap.event.trick_won", {**params, "count": 1}, "ja")
    assert render("nap.event.trick_won", {**params, "count": 0, "cards": []}, "en") == "Seat 2 wins trick 3; no honours in it."
    for lang in LANGS:  # a singular (or zero form) is a variant of a real key, with the same placeholders
        for key in catalog(lang):
            if key.endswith((".one", ".zero")):
                base = key.rsplit(".", 1)[0]
                assert base in catalog(lang), key
                assert set(PLACEHOLDER.findall(catalog(lang)[key])) <= set(PLACEHOLDER.findall(catalog(lang)[base])) | {"count"}


def test_remembered_texts_are_the_texts_themselves():
    """``render`` remembers texts; what it remembers must never stand in for a different message."""
    from tutor import messages
    cases = [("nap.event.trick_won", {"seat": 2, "trick": 3, "count": 1, "cards": ["H-10"]}),
             ("nap.event.trick_won", {"seat": 2, "trick": 3, "count": 2, "cards": ["H-10", "S-J"]}),
             ("nap.event.trick_won", {"seat": 2, "trick": 3, "count": True, "cards": ["H-10"]}),  # True is not 1
             ("ddz.type_mismatch", {"type": "single", "top_type": "pair"}),
             ("ddz.type_mismatch", {"type": ["single"], "top_type": {"nested": [1]}})]  # nothing to hash: afresh
    for lang in LANGS:
        for key, params in cases:
            fresh = messages._render(key, params, lang)
            assert render(key, params, lang) == fresh
            assert render(key, params, lang) == fresh  # the second time from memory
    one = render("nap.event.trick_won", cases[0][1], "en")
    assert render("nap.event.trick_won", {**cases[0][1], "count": True}, "en") != one  # True hashes as 1
    assert render("nap.event.trick_won", cases[0][1], "ja") != one
