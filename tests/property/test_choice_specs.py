"""Property tests of "choose k cards" specs (tutor/choices.py) and of decision payloads (hypothesis).

* a spec's ``count()`` is the length of its listing, which holds each action once, all of them
  contained, for random pools (repeated cards too), sizes, seats and ``distinct``;
* ``contains`` agrees with ``explain`` on random actions, near misses included, at the Tichu
  exchange and Napoleon's discard of random deals;
* every decision payload round-trips ``parse_action`` → ``to_json`` unchanged (objects stay
  objects, empty ones too; lists of pairs stay lists).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.actions import parse_action
from tutor.bots import heuristic_choice
from tutor.cards import Card, DeckSpec
from tutor.choices import ChooseCards
from tutor.registry import find_game

TICHU = find_game("tichu")
NAPOLEON = find_game("napoleon")
TOKENS = [c.token for c in DeckSpec(copies=1, specials=("MAHJONG", "DOG", "PHOENIX", "DRAGON", "JOKER")).cards()]
ODD = ["PHOENIX=5", "JOKER=H-7", "S-2#1", "S-11", "X", "", "pass"]
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@given(cards=st.lists(st.sampled_from(TOKENS[:8]), max_size=7), k=st.integers(0, 4), seats=st.booleans(),
       distinct=st.booleans())
@SETTINGS
def test_count_is_the_length_of_the_listing(cards: list[str], k: int, seats: bool, distinct: bool) -> None:
    spec = ChooseCards("x", tuple(Card.parse(t) for t in cards), k,
                       assign_to=tuple(range(k)) if seats else None, distinct=distinct)
    listed = list(spec.expand())
    assert spec.count() == len(listed) == len({a.value for a in listed})
    assert all(spec.contains(a) for a in listed)


@lru_cache(maxsize=None)
def exchange_state(seed: int) -> Any:
    return TICHU.new_game(TICHU.flags({"grand_tichu": False}), seed)


@lru_cache(maxsize=None)
def discard_state(seed: int) -> Any:
    state = NAPOLEON.new_game(NAPOLEON.flags({}), seed)
    while state.phase != "discard":
        seat = NAPOLEON.to_act(state)
        state = NAPOLEON.settle(NAPOLEON.apply(state, heuristic_choice(NAPOLEON, state, seat).action, seat))
    return state


def token(hand: list[str]) -> st.SearchStrategy[Any]:
    return st.one_of(st.sampled_from(hand), st.sampled_from(TOKENS), st.sampled_from(ODD), st.integers(0, 3),
                     st.none())


def payload(hand: list[str]) -> st.SearchStrategy[Any]:
    """Values near the decision's own: seat → card objects, card lists, lists of pairs, scalars."""
    seat = st.sampled_from(["0", "1", "2", "3", "4", "x"])
    return st.one_of(
        st.dictionaries(seat, token(hand), max_size=4),
        st.lists(token(hand), max_size=4),
        st.lists(st.tuples(seat, token(hand)).map(list), max_size=4),
        token(hand),
    )


@st.composite
def tichu_case(draw: Any) -> tuple[Any, int, Any]:
    state = exchange_state(draw(st.integers(0, 30)))
    seat = draw(st.integers(0, 3))
    hand = [c.token for c in state.hands[seat]]
    others = [str(s) for s in range(4) if s != seat]
    exact = st.permutations(hand).map(lambda p: {"exchange": dict(zip(others, p[:3]))})
    data = draw(st.one_of(exact, st.fixed_dictionaries({"exchange": payload(hand)}),
                          st.builds(lambda k, v: {k: v}, st.sampled_from(["discard", "grand", "call"]), payload(hand))))
    return state, seat, data


@given(case=tichu_case())
@SETTINGS
def test_contains_agrees_with_explain_at_the_tichu_exchange(case: tuple[Any, int, Any]) -> None:
    state, seat, data = case
    action = parse_action(data)
    spec = TICHU.decision_spec(state, seat)
    assert spec.contains(action) == TICHU.explain(state, action, seat).legal, data


@st.composite
def napoleon_case(draw: Any) -> tuple[Any, Any]:
    state = discard_state(draw(st.integers(0, 20)))
    hand = [c.token for c in state.hands[state.to_act]]
    exact = st.permutations(hand).map(lambda p: {"discard": list(p[:3])})
    data = draw(st.one_of(exact, st.builds(lambda v: {"discard": v}, payload(hand)),
                          st.builds(lambda k, v: {k: v}, st.sampled_from(["exchange", "bid", "call_adjutant"]),
                                    payload(hand))))
    return state, data


@given(case=napoleon_case())
@SETTINGS
def test_contains_agrees_with_explain_at_napoleons_discard(case: tuple[Any, Any]) -> None:
    state, data = case
    action = parse_action(data)
    spec = NAPOLEON.decision_spec(state)
    assert spec.contains(action) == NAPOLEON.explain(state, action).legal, data


# every payload within the core's input bounds (tutor/limits.py: numbers within ±2^63)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2 ** 63), 2 ** 63) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12)


@given(key=st.text(min_size=1, max_size=8), value=JSON)
@SETTINGS
def test_every_decision_payload_round_trips(key: str, value: Any) -> None:
    data = {key: value}
    action = parse_action(data)
    assert action.to_json() == data and _same_shape(action.to_json(), data)
    assert parse_action(action.to_json()) == action


def _same_shape(a: Any, b: Any) -> bool:
    """Equal and of the same JSON types throughout (``==`` alone takes 1 for true)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same_shape(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same_shape(x, y) for x, y in zip(a, b))
    return a == b
