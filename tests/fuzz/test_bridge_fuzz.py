"""The bridge under malformed and hostile requests (issue 13): ``api.handle`` and ``handle_json``
answer everything, refuse bad input in our words, and a refused request changes no stored state.

Every game of the registry is covered: the sessions are dealt from ``BUILT_NAMES`` and the
scenarios are mutated golden setups of each game. ``CARDTUTOR_FUZZ`` raises the counts.
"""
from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_helpers import EXAMPLES, JSON_VALUES, assert_answer, assert_refused, mutated_setups
from tutor.api import OPS, handle, handle_json
from tutor.registry import BUILT_NAMES

SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: every field some op reads
FIELDS = ("game", "seed", "state", "seat", "action", "lang", "flags", "preset", "viewer", "log_since", "in_turn",
          "scenario", "moves", "keep_open", "reps", "request", "level", "declined", "view_seat", "expand", "side")


def _session(name: str, seed: int = 3, viewer: int | None = None) -> int:
    reply = handle({"op": "new", "game": name, "seed": seed, **({"viewer": viewer} if viewer is not None else {})})
    assert reply["ok"], reply
    return reply["state"]


@SETTINGS
@given(op=st.sampled_from(sorted(OPS)), fields=st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=5))
def test_any_request_gets_an_answer(op: str, fields: dict[str, Any]) -> None:
    if op == "timeit":
        fields["reps"] = 1  # a probe's own bound is tested below; here the fields around it
    reply = handle({"op": op, **fields})
    assert_answer(reply, f"{op} {fields}")


@SETTINGS
@given(name=st.sampled_from(BUILT_NAMES), op=st.sampled_from(sorted(set(OPS) - {"games", "new", "playout", "timeit"})),
       fields=st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=4))
def test_requests_on_a_live_position_change_nothing_they_refuse(name: str, op: str, fields: dict[str, Any]) -> None:
    sid = _session(name)
    before = handle({"op": "view", "state": sid})
    fields.pop("state", None)
    reply = handle({"op": op, "state": sid, **fields})
    assert_answer(reply, f"{name} {op} {fields}")
    after = handle({"op": "view", "state": sid})
    assert after == before, "a request on a stored position never changes it"


@SETTINGS
@given(op=st.sampled_from(["load", "replay"]), scenario=mutated_setups(), viewer=st.one_of(st.none(), JSON_VALUES))
def test_mutated_scenarios_load_or_are_refused_by_name(op: str, scenario: dict[str, Any], viewer: Any) -> None:
    reply = handle({"op": op, "scenario": scenario, **({"viewer": viewer} if viewer is not None else {})})
    assert_answer(reply, f"{op} {scenario}")
    if reply["ok"]:  # a position that loads is one the engine can work on
        sid = reply["state"]
        for follow in ({"op": "legal", "state": sid}, {"op": "hint", "state": sid}, {"op": "view", "state": sid}):
            assert_answer(handle(follow), f"{follow['op']} after {scenario}")


@SETTINGS
@given(text=st.one_of(st.text(max_size=60), st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
                      JSON_VALUES.map(json.dumps)))
def test_any_text_gets_a_json_answer(text: str) -> None:
    reply = json.loads(handle_json(text))
    assert_answer(reply, text)


@pytest.mark.parametrize("name", BUILT_NAMES)
def test_random_actions_are_explained_or_refused_and_change_nothing(name: str) -> None:
    """Many malformed actions on one position of each game: explain and apply answer, the
    position stays as it was."""
    sid = _session(name, viewer=0)
    before = handle({"op": "view", "state": sid})

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(action=JSON_VALUES, in_turn=st.one_of(st.booleans(), JSON_VALUES))
    def run(action: Any, in_turn: Any) -> None:
        for op in ("explain", "apply"):
            reply = handle({"op": op, "state": sid, "action": action, "in_turn": in_turn})
            assert_answer(reply, f"{op} {action!r}")
            if op == "apply" and reply["ok"]:
                return  # a legal action: a new position, the old one still stored
        assert handle({"op": "view", "state": sid}) == before

    run()
    assert handle({"op": "view", "state": sid}) == before


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,                        # nesting the parser cannot follow
    '{"op": "new", "game": "tichu", "seed": ' + "9" * 5000 + "}",   # digits beyond the interpreter's limit
    '{"op": "explain", "state": 1, "action": ' + "[" * 1000 + "]" * 1000 + "}",   # an action 1,000 deep
    '{"op": "explain", "state": 1, "action": ' + "[" * 3000 + "]" * 3000 + "}",
    '{"op": "view", "state": 1, "lang": "\\ud800"}',         # a lone surrogate
    json.dumps({"op": "new", "game": "tichu", "seed": "\ud800"}),
])
def test_hostile_json_texts_are_refused(text: str) -> None:
    assert_refused(json.loads(handle_json(text)), text[:60])


@SETTINGS
@given(code=st.one_of(st.text(max_size=80), st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
                                                   max_size=80).map(lambda t: "1." + t)),
       moves=st.lists(JSON_VALUES, max_size=6), name=st.sampled_from(BUILT_NAMES))
def test_shared_moments_with_any_moves_are_replayed_or_refused_by_name(code: str, moves: list[Any], name: str) -> None:
    """A share link's moves (issue 14): any text, and any list of JSON values packed as a moves code,
    replays or is refused in our words."""
    from tutor.share import ZDICT_1
    import base64
    import zlib
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, ZDICT_1)
    packed = "1." + base64.urlsafe_b64encode(packer.compress(json.dumps(moves).encode()) + packer.flush()).decode().rstrip("=")
    for text in (code, packed):
        reply = handle({"op": "replay_deal", "game": name, "seed": 3, "viewer": 0, "moves": text})
        assert_answer(reply, f"{name} {text}")
        if not reply["ok"]:
            assert reply["error_key"].startswith(("error.share.", "error.expected", "error.input.")), reply
