"""Decisions with choice specs (tutor/choices.py), payload round-trips and the one action key."""
from __future__ import annotations

import json
import statistics
import time

import pytest

import tutor.api as api
from tutor.actions import LET_GO, Decision, FrozenMap, action_key, parse_action
from tutor.cards import Card
from tutor.choices import ChooseCards
from tutor.registry import find_game
from tutor.scenario import load_scenario

TICHU = find_game("tichu")
NAPOLEON = find_game("napoleon")
DDZ = find_game("doudizhu")

EXCHANGE_HAND = ["S-2", "H-3", "C-6", "D-7", "S-8", "H-9", "D-10", "C-J", "S-Q", "D-K", "S-A", "H-A", "C-A", "DRAGON"]
EXCHANGE = {"game": "tichu", "flags": {}, "phase": "exchange", "to_act": 0, "hands": {"0": EXCHANGE_HAND}}
DISCARD = {"game": "napoleon", "flags": {}, "phase": "discard", "to_act": 0, "napoleon": 0, "contract": [13, "S"],
           "called_card": "S-A", "cards_held": {"1": 10, "2": 10, "3": 10, "4": 10},
           "hands": {"0": ["S-5", "S-7", "S-10", "S-Q", "S-K", "S-J", "H-6", "H-K", "D-4", "JOKER", "H-A", "D-10", "C-2"],
                     "3": ["S-A"]}}


def pool(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def state_of(scenario: dict):
    game, state = load_scenario(scenario)
    return game, game.settle(state)


# --------------------------------------------------------------------------- the spec
@pytest.mark.parametrize("cards", ["S-2 S-3 S-4 S-5 S-6", "S-2 S-2 S-3 S-3 S-3 H-4", "S-2 S-2 S-2", "S-2 H-2", ""])
@pytest.mark.parametrize("k", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("seats", [False, True])
@pytest.mark.parametrize("distinct", [True, False])
def test_count_is_the_length_of_the_listing(cards: str, k: int, seats: bool, distinct: bool) -> None:
    spec = ChooseCards("x", pool(cards), k, assign_to=tuple(range(1, k + 1)) if seats else None, distinct=distinct)
    listed = list(spec.expand())
    assert spec.count() == len(listed)
    assert len({a.value for a in listed}) == len(listed)  # each action once, repeated cards or not
    assert all(spec.contains(a) for a in listed)
    assert all(parse_action(a.to_json()) == a and a.to_json() == parse_action(a.to_json()).to_json() for a in listed)


def test_the_tichu_exchange_is_a_spec_and_still_a_full_list() -> None:
    game, state = state_of(EXCHANGE)
    spec = game.decision_spec(state, 0)
    legal = game.legal_actions(state, 0)
    assert spec.count() == len(legal) == 14 * 13 * 12
    assert list(spec.expand()) == legal  # the same list, in the same order (the CLI's output is unchanged)
    assert sorted(spec.to_json()["pool"]) == sorted(EXCHANGE_HAND)  # the hand, as the view shows it
    assert spec.to_json() == {"choose": "cards", "key": "exchange", "k": 3, "pool": [c.token for c in state.hands[0]],
                              "assign_to": [1, 2, 3], "distinct": True, "count": 2184,
                              "rule_ids": ["TICHU-EXCH-1", "TICHU-EXCH-2"]}
    assert game.decision_spec(state, 0, in_turn=False) is None
    done = game.apply(state, legal[0], 0)
    assert game.decision_spec(done, 0) is None and game.legal_actions(done, 0) == []
    assert game.decision_spec(done, 1).count() == 2184  # every seat exchanges, in any order


def test_napoleons_discard_is_a_spec_and_still_a_full_list() -> None:
    game, state = state_of(DISCARD)
    spec = game.decision_spec(state, 0)
    legal = game.legal_actions(state, 0)
    assert spec.count() == len(legal) == 286 and list(spec.expand()) == legal
    assert spec.to_json()["assign_to"] is None and spec.to_json()["rule_ids"] == ["NAP-KITTY-1"]
    assert game.decision_spec(state, 1) is None  # not its turn


def test_other_decisions_are_lists() -> None:
    state = DDZ.new_game(DDZ.flags({"players": 3}), 1)
    assert DDZ.decision_spec(state, DDZ.to_act(state)) is None
    assert TICHU.decision_spec(TICHU.new_game(TICHU.flags({}), 1), 0) is None  # Grand Tichu: two choices


@pytest.mark.parametrize("data, legal", [
    ({"exchange": {"1": "S-2", "2": "D-K", "3": "H-3"}}, True),
    ({"exchange": {"1": "S-2#1", "2": "D-K", "3": "H-3"}}, True),
    ({"exchange": {"1": "S-2", "2": "S-2", "3": "H-3"}}, False),     # the same card twice
    ({"exchange": {"1": "S-2", "2": "D-K", "3": "PHOENIX"}}, False),  # not in the hand
    ({"exchange": {"0": "S-2", "2": "D-K", "3": "H-3"}}, False),      # to oneself
    ({"exchange": {"1": "S-2", "2": "D-K"}}, False),
    ({"exchange": [["1", "S-2"], ["2", "D-K"], ["3", "H-3"]]}, False),  # a list of pairs is no object
    ({"exchange": ["S-2", "D-K", "H-3"]}, False),
    ({"exchange": {"1": 2, "2": "D-K", "3": "H-3"}}, False),
    ({"exchange": {}}, False),
    ({"discard": ["S-2", "D-K", "H-3"]}, False),
    ("PASS", False),
    (["S-2"], False),
])
def test_contains_agrees_with_explain(data, legal: bool) -> None:
    game, state = state_of(EXCHANGE)
    action = parse_action(data)
    assert game.explain(state, action, 0).legal is legal
    assert game.decision_spec(state, 0).contains(action) is legal


# --------------------------------------------------------------------------- the bridge
def test_the_bridge_sends_the_exchange_as_a_spec_under_4_kb() -> None:
    sid = api.handle({"op": "load", "scenario": EXCHANGE})["state"]
    reply = api.handle({"op": "legal", "state": sid, "side": True})
    assert reply["ok"] and "actions" not in reply and reply["side"] == [{"call": "tichu"}]
    assert reply["spec"]["count"] == 2184 and sorted(reply["spec"]["pool"]) == sorted(EXCHANGE_HAND)
    size = len(json.dumps(reply, ensure_ascii=False).encode("utf-8"))
    assert size < 4096, size
    listed = api.handle({"op": "legal", "state": sid, "expand": True})
    assert len(listed["actions"]) == 2184 and listed["actions"][0] == {"exchange": dict(zip("123", reply["spec"]["pool"]))}
    assert len(json.dumps(listed).encode("utf-8")) > 100_000  # what the spec spares the page


def test_the_bridge_sends_the_discard_as_a_spec() -> None:
    sid = api.handle({"op": "load", "scenario": DISCARD})["state"]
    reply = api.handle({"op": "legal", "state": sid})
    assert reply["spec"]["key"] == "discard" and reply["spec"]["count"] == 286 and reply["spec"]["k"] == 3
    assert len(api.handle({"op": "legal", "state": sid, "expand": True})["actions"]) == 286


@pytest.mark.cpython_only
def test_one_exchange_is_explained_and_applied_in_under_a_millisecond() -> None:
    game, state = state_of(EXCHANGE)
    action = parse_action({"exchange": {"1": "S-2", "2": "D-K", "3": "H-3"}})
    sid = api._store(game, state)
    req = {"op": "apply", "state": sid, "action": action.to_json()}

    def median_ms(fn) -> float:
        fn()
        times = []
        for _ in range(51):
            start = time.perf_counter()
            fn()
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times)

    assert median_ms(lambda: game.explain(state, action, 0)) < 1.0
    assert median_ms(lambda: game.apply(state, action, 0)) < 1.0
    assert median_ms(lambda: api.handle(req)) < 1.0
    assert median_ms(lambda: api.handle({"op": "legal", "state": sid, "side": True})) < 1.0


# --------------------------------------------------------------------------- payloads keep their JSON types
@pytest.mark.parametrize("data", [
    {"k_greed": {}}, {"k_greed": []}, {"x": [["a", 1]]}, {"x": [{"a": 1}, {}]}, {"x": {"a": [], "b": {}}},
    {"exchange": {"1": "S-2", "2": "DRAGON", "3": "H-3"}}, {"discard": ["C-2", "C-3", "D-4"]},
    {"bid": [13, "S"]}, {"bid": 2}, {"wish": None}, {"grand": False}, {"x": [[["a", "b"]], [[]]]},
    {"x": {"z": 1, "a": 2}}, {"x": "S-2#1"}, {"x": [True, None, 1.5, "ツ"]},
])
def test_every_decision_payload_round_trips(data) -> None:
    action = parse_action(data)
    assert action.to_json() == data  # {} stays {} and a list of pairs a list ({} != [] in Python)
    assert parse_action(action.to_json()) == action
    hash(action)


def test_a_frozen_object_is_its_own_type() -> None:
    assert isinstance(parse_action({"k": {}}).value, FrozenMap)
    assert not isinstance(parse_action({"k": []}).value, FrozenMap)
    assert dict(parse_action({"k": {"b": 1, "a": 2}}).value) == {"a": 2, "b": 1}
    assert Decision("k", FrozenMap.of({"a": [1, {"b": 2}]})).to_json() == {"k": {"a": [1, {"b": 2}]}}


def test_engine_actions_round_trip() -> None:
    for game, state in (state_of(EXCHANGE), state_of(DISCARD)):
        for action in game.legal_actions(state, 0)[:50]:
            assert parse_action(action.to_json()) == action and parse_action(action.to_json()).to_json() == action.to_json()


# --------------------------------------------------------------------------- the one action key
def test_action_key() -> None:
    assert action_key(TICHU, ["S-3", "H-3#2"]) == action_key(TICHU, ["H-3", "S-3"]) == "H-3 S-3"
    assert action_key(DDZ, ["H-10", "S-3"]) == action_key(DDZ, {"cards": ["D-10", "C-3"], "type": "pair"}) == "10 3"
    assert action_key(TICHU, {"cards": ["S-3"], "type": "single"}) == '{"cards":["S-3"],"type":"single"}'
    assert action_key(TICHU, "PASS") == "PASS" and action_key(TICHU, LET_GO) == "LET_GO"
    assert action_key(TICHU, {"exchange": {"3": "H-3", "1": "S-2", "2": "DRAGON"}}) == \
        '{"exchange":{"1":"S-2","2":"DRAGON","3":"H-3"}}'
    assert action_key(NAPOLEON, {"discard": ["S-9", "C-2", "D-4"]}) == '{"discard":["C-2","D-4","S-9"]}'
    assert action_key(NAPOLEON, {"bid": [13, "S"]}) == action_key(NAPOLEON, {"bid": ["S", 13]}) == '{"bid":["S",13]}'
    assert action_key(TICHU, {"k_greed": {}}) != action_key(TICHU, {"k_greed": []})
    assert action_key(TICHU, ["PHOENIX=8"]) != action_key(TICHU, ["PHOENIX=9"])
    assert action_key(TICHU, ["S-7"]) != action_key(TICHU, ["S-7", "S-7"])
    assert TICHU.normalize_action({"wish": "7"}) == action_key(TICHU, {"wish": "7"})
    assert DDZ.normalize_action(["BJ"]) != DDZ.normalize_action(["RJ"])
