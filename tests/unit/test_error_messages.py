"""Errors are messages like every other text of the engine (issue 13): a key under ``error.``
with parameters, in en and ja, so a Japanese page gets its refusals in Japanese.

* every error class is built from a message key, never from a plain (English) text;
* every key exists in both catalogs, and each call supplies every placeholder;
* the bridge answers in the request's language, with ``error_key`` and ``error_params``.
"""
from __future__ import annotations

import ast
import re
from typing import Any

import pytest

from tutor.api import handle, handle_json
from tutor.errors import ScenarioError, TutorError, error_text, message
from tutor.messages import LANGS, catalog, render
from unit_helpers import error_calls, error_classes, error_whats, tutor_sources

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
FIELD = re.compile(r"\{(\w+)(?::[^{}]*)?\}")
#: English words a Japanese refusal must not contain (the key's text fell back to English)
ENGLISH = re.compile(r"\b(expected|got|unknown|missing|must|cannot|not a|seat \d|cards?)\b")


def test_the_error_classes_are_found() -> None:
    names = set(error_classes())
    assert {"TutorError", "ScenarioError", "FlagError", "InputError", "BridgeError", "ActionError", "CardError",
            "UnknownGame", "NoDecision", "SeedError", "ReplayError"} <= names
    assert len(error_calls()) > 150


def _key_arg(call: ast.Call, position: int) -> ast.AST | None:
    return call.args[position] if len(call.args) > position else None


def test_no_error_is_built_from_a_plain_text() -> None:
    """The message of every error is a constant ``error.`` key, or the key of another error passed
    on (``exc.key``, a helper's ``key`` parameter); never an f-string, ``str(exc)`` or prose."""
    bad = []
    for call, name, position, where in error_calls():
        key = _key_arg(call, position)
        ok = (isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value.startswith("error.")
              or isinstance(key, ast.Attribute) and key.attr == "key"
              or isinstance(key, ast.Name) and key.id == "key")
        if not ok or len(call.args) > position + 1:
            bad.append(f"{where}: {name}({ast.unparse(call)[len(name) + 1:][:80]}")
    assert not bad, "errors built from a text, not a message key:\n" + "\n".join(bad)


def test_keys_passed_through_a_parameter_are_keys() -> None:
    """``check_hand_sizes(hands, path, most, key, **params)``: its callers name an ``error.`` key."""
    found = 0
    for path in tutor_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "check_hand_sizes":
                found += 1
                key = node.args[3]
                assert isinstance(key, ast.Constant) and key.value.startswith("error."), f"{path.name}:{node.lineno}"
    assert found >= 3


def _sites() -> list[tuple[str, set[str], bool, str]]:
    """(key, parameter names, passes **params on, where) for every error built from a constant key."""
    out = []
    for call, _, position, where in error_calls():
        key = _key_arg(call, position)
        if isinstance(key, ast.Constant):
            names = {kw.arg for kw in call.keywords if kw.arg and kw.arg != "path"}
            out.append((key.value, names, any(kw.arg is None for kw in call.keywords), where))
    for path in tutor_sources():  # check_hand_sizes(..., key, n=len(cards), **params)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "check_hand_sizes":
                out.append((node.args[3].value, {kw.arg for kw in node.keywords} | {"n"}, False,
                            f"{path.name}:{node.lineno}"))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_key_is_in_the_catalog_with_its_placeholders(lang: str) -> None:
    cat = catalog(lang)
    for key, names, forwards, where in _sites():
        assert key in cat, f"{where}: {key} missing in {lang}.json"
        needed = set(FIELD.findall(cat[key]))
        assert needed <= names or forwards, f"{where}: {key} needs {sorted(needed - names)}"
        assert names <= needed, f"{where}: {key} does not show {sorted(names - needed)}"
    for what in error_whats():
        assert f"error.what.{what}" in cat, f"error.what.{what} missing in {lang}.json"


def test_every_error_key_of_the_catalogs_is_used() -> None:
    used = {key for key, _, _, _ in _sites()}
    families = ("error.what.", "error.problem.")
    unused = sorted(k for k in catalog("en") if k.startswith("error.") and not k.startswith(families) and k not in used)
    assert not unused, f"error keys no code uses: {unused}"
    assert {k for k in catalog("en") if k.startswith("error.what.")} == {f"error.what.{w}" for w in error_whats()}


def test_japanese_error_texts_are_japanese() -> None:
    ja = catalog("ja")
    for key, text in ja.items():
        if key.startswith("error.") and not key.startswith(("error.what.", "error.problem.")):
            assert JAPANESE.search(text) and text.endswith(("。", "}", "]")), (key, text)
            assert not ENGLISH.search(FIELD.sub("", text)), (key, text)


def test_an_error_keeps_its_english_text_path_and_message() -> None:
    exc = ScenarioError("hands.1[3]", "error.card.unknown", token='"S-11"')
    assert str(exc) == 'hands.1[3]: unknown card "S-11"' and exc.message == 'unknown card "S-11"'
    assert exc.path == "hands.1[3]" and exc.key == "error.card.unknown" and exc.params == {"token": '"S-11"'}
    assert error_text(exc, "ja") == 'hands.1[3]: "S-11" という札はありません。'
    assert error_text(ValueError("plain"), "ja") == "plain"
    assert isinstance(exc, ValueError)
    plain = TutorError("error.bridge.nobody_to_act")
    assert str(plain) == "nobody is to act" and plain.path == "" and plain.to_json("ja") == {
        "error": "いま行動する人はいません。", "error_key": "error.bridge.nobody_to_act", "error_params": {}}


def test_a_message_inside_an_error_is_rendered_in_its_language() -> None:
    exc = ScenarioError("auction[0]", "error.scenario.illegal", reason=message("ddz.bid_range", {"bid": 7}),
                        rules=["DDZ-AUCTION-1"])
    for lang in LANGS:
        assert render("ddz.bid_range", {"bid": 7}, lang) in exc.text(lang) and "DDZ-AUCTION-1" in exc.text(lang)


def test_an_error_pickles_with_its_key() -> None:
    import pickle
    exc = ScenarioError("flags.x", "error.flag.unknown", name='"x"', known=["a", "b"])
    back = pickle.loads(pickle.dumps(exc))
    assert type(back) is ScenarioError and back.key == exc.key and back.params == exc.params
    assert str(back) == str(exc) and back.message == exc.message and back.path == exc.path


# --------------------------------------------------------------------------- the bridge speaks the page's language
SCENARIO = {"game": "doudizhu", "flags": {}, "phase": "play", "to_act": 0, "hands": {"0": ["S-3", "S-11"]}, "trick": []}
BAD_REQUESTS = {
    "scenario": {"op": "load", "scenario": SCENARIO},
    "flag": {"op": "new", "game": "tichu", "flags": {"bomb": True}, "seed": 1},
    "flag value": {"op": "new", "game": "tichu", "flags": {"target_score": "x"}, "seed": 1},
    "state id": {"op": "view", "state": 10 ** 9},
    "seat": {"op": "new", "game": "napoleon", "seed": 1, "viewer": 9},
    "action": {"op": "explain", "state": None, "action": ["S-3", "Q-9"]},
    "game": {"op": "new", "game": "chess", "seed": 1},
}


def _request(name: str, lang: str) -> dict[str, Any]:
    request = {**BAD_REQUESTS[name], "lang": lang}
    if request["op"] == "explain":
        request["state"] = handle({"op": "new", "game": "doudizhu", "seed": 1})["state"]
    return request


@pytest.mark.parametrize("name", sorted(BAD_REQUESTS))
def test_a_japanese_request_is_refused_in_japanese(name: str) -> None:
    ja = handle(_request(name, "ja"))
    en = handle(_request(name, "en"))
    assert ja["ok"] is False and en["ok"] is False and not ja.get("internal")
    assert ja["error_key"] == en["error_key"] and ja["error_key"].startswith("error.")
    assert ja["error_params"] == en["error_params"] and ja.get("error_path") == en.get("error_path")
    message_ja = ja["error"][len(ja["error_path"]) + 2:] if ja.get("error_path") else ja["error"]
    assert JAPANESE.search(message_ja) and not ENGLISH.search(message_ja), ja["error"]
    assert not JAPANESE.search(en["error"]), en["error"]
    assert en["error"] == str(_rebuilt(en)) and ja["error"] == _rebuilt(ja).text("ja")


def _rebuilt(reply: dict[str, Any]) -> TutorError:
    return TutorError(reply["error_key"], path=reply.get("error_path", ""), **reply["error_params"])


def test_the_english_texts_are_kept() -> None:
    assert handle(_request("scenario", "en"))["error"] == 'hands.0[1]: unknown card "S-11"'
    assert handle(_request("flag", "en"))["error"].startswith('flags.bomb: unknown flag "bomb" (known: ')
    assert handle(_request("state id", "en"))["error"] == "state: unknown state id 1000000000"
    assert handle(_request("flag", "ja"))["error"].startswith('flags.bomb: "bomb" というフラグはありません（使えるフラグ: ')


@pytest.mark.parametrize("lang", ["fr", 7, None, ["ja"]])
def test_a_bad_lang_is_refused_in_english(lang: Any) -> None:
    reply = handle({"op": "view", "state": 1, "lang": lang})
    assert reply["ok"] is False and reply["error_path"] == "lang" and reply["error_key"] == "error.one_of"
    assert reply["error"].startswith('lang: expected one of "en", "ja", got ')


def test_requests_that_are_no_requests_are_refused_with_a_key() -> None:
    for reply in (handle([]), handle({"op": "nope", "lang": "ja"}), handle({"lang": "ja"})):
        assert reply["ok"] is False and reply["error_key"].startswith("error.bridge.")
    assert JAPANESE.search(handle({"op": "nope", "lang": "ja"})["error"])
    import json
    for text in (None, "{", "[" * 50 + "]" * 50):
        reply = json.loads(handle_json(text))
        assert reply["ok"] is False and reply["error_key"].startswith("error.") and not JAPANESE.search(reply["error"])
    reply = json.loads(handle_json(json.dumps({"op": "view", "state": 10 ** 9, "lang": "ja"})))
    assert reply["error_key"] == "error.bridge.unknown_state" and JAPANESE.search(reply["error"])
