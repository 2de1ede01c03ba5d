"""The decisions as the page draws them (tutor/decisions.py): what lets the page choose cards by
clicking cards (issue 14), for any game, without knowing it."""
from __future__ import annotations

from tutor.registry import find_game


def _to_phase(name: str, phase: str, pick):
    """A fresh game of ``name`` played on by ``pick(game, state, seat)`` until ``phase``."""
    game = find_game(name)
    state = game.new_game(game.flags({}), 1)
    for _ in range(200):
        if game.phase(state) == phase:
            return game, state
        seat = game.to_act(state)
        seat = 0 if seat is None else seat
        state = game.apply(state, pick(game, state, seat), seat)
    raise AssertionError(f"{name} never reached {phase}")


def test_each_exchange_slot_names_its_seat_by_number_and_by_place() -> None:
    game, state = _to_phase("tichu", "exchange", lambda g, s, seat: g.legal_actions(s, seat)[0])
    en = game.decision(state, 0, "en")
    assert en["kind"] == "cards" and en["spec"]["assign_to"] == [1, 2, 3]
    assert en["slots"] == {"1": "To seat 1 (on your right)", "2": "To seat 2 (partner, across)",
                           "3": "To seat 3 (on your left)"}
    ja = game.decision(state, 2, "ja")  # seen from seat 2: seat 0 is the partner
    assert ja["slots"]["0"] == "席0・パートナー（向かい）へ"
    assert set(ja["slots"]) == {"0", "1", "3"}


def test_an_option_naming_one_card_carries_the_card() -> None:
    game, state = _to_phase("napoleon", "call_adjutant", lambda g, s, seat: g.legal_actions(s, seat)[-1])
    seat = game.to_act(state)
    d = game.decision(state, seat, "en")
    assert d["kind"] == "choose" and d["menus"]
    cards = {o["card"] for o in d["options"] if "card" in o}
    assert "S-A" in cards and len(cards) == len(d["options"])
    assert all(o["action"] == {"call_adjutant": o["card"]} for o in d["options"])


def test_a_bid_is_not_a_card() -> None:
    game = find_game("napoleon")
    state = game.new_game(game.flags({}), 1)
    d = game.decision(state, game.to_act(state), "en")
    assert d["kind"] == "choose" and d["menus"]
    assert not any("card" in o for o in d["options"])
    assert any("parts" in o for o in d["options"])
