"""The adjutant reasoning aid never misleads and never leaks (NAP-ADJ-2, NAP-FOLLOW-1).

``view(state, seat)["adjutant_candidates"]`` lists who may hold the called card from what
``seat`` can see. Over whole random games: the real holder is always among the candidates
(or the kitty, when it may be there), and the candidates depend only on public facts and the
viewer's own hand: two states that differ only in hidden cards give the same answer.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.bots import heuristic_choice, random_choice
from tutor.registry import find_game
from tutor.rng import Rng

GAME = find_game("napoleon")
EXAMPLES = max(150, int(os.environ.get("CARDTUTOR_GAMES", "150")) // 3)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), bot_mask=st.integers(0, 31))
def test_the_holder_is_never_ruled_out(seed: int, bot_mask: int) -> None:
    state = GAME.new_game(GAME.flags({}), seed)
    rng = Rng(seed)
    voids_seen = False
    while GAME.to_act(state) is not None:
        seat = GAME.to_act(state)
        bot = bot_mask >> seat & 1
        choice = heuristic_choice(GAME, state, seat) if bot else random_choice(GAME, state, seat, rng)
        state = GAME.settle(GAME.apply(state, choice.action, seat))
        if state.phase not in ("play", "joker_suit"):
            continue
        holder = next((s for s in range(5) if state.called in state.hands[s]), None)
        for viewer in range(5):
            found = GAME.view(state, viewer)["adjutant_candidates"]
            if found is None:
                # moot only when the sides are public, the viewer holds the card, or Napoleon knows it is solo
                assert state.revealed or holder == viewer or (viewer == state.napoleon and state.solo)
                continue
            assert found["card"] == state.called.token
            assert viewer not in found["seats"]
            if holder is None:  # in the kitty (the discards): only a seat that has not seen it may think so
                assert found["kitty"] and viewer != state.napoleon
            else:
                assert holder in found["seats"], (seed, viewer, found, holder)
            for out in found["ruled_out"]:
                if out["why"] == "void":
                    voids_seen = True
                    assert not any(c.suit == out["suit"] and not c.special for c in state.hands[out["seat"]])
    assert state.result is not None
    del voids_seen  # (not every game shows a void; the unit test below pins one)


def test_a_seat_off_suit_is_ruled_out_and_nothing_hidden_is_used() -> None:
    """Seat 2 discards a club on a spade lead, so it cannot hold the called S-J (NAP-FOLLOW-1)."""
    setup = {"flags": {}, "phase": "play", "to_act": 2, "napoleon": 0, "contract": [13, "H"], "trump": "H", "called_card": "S-J",
             "trick_no": 2, "hands": {"0": ["H-A", "H-K", "H-Q", "H-J", "H-10", "H-9", "H-8", "H-7", "H-6"],
                                      "1": ["S-J", "S-9", "D-2", "D-3", "D-4", "D-5", "D-6", "D-7", "D-8"],
                                      "2": ["C-2", "C-3", "C-4", "C-5", "C-6", "C-7", "C-8", "C-9", "C-10"]},
             "trick": [{"seat": 0, "cards": ["S-2"]}, {"seat": 1, "cards": ["S-3"]}]}
    from tutor.scenario import load_scenario
    game, state = load_scenario({"game": "napoleon", **setup})
    state = game.apply(state, game.parse_action(["C-2"]), 2)
    seen = game.view(state, 3)["adjutant_candidates"]
    assert seen["seats"] == [0, 1, 4] and seen["kitty"] is True
    assert {"seat": 2, "why": "void", "suit": "S"} in seen["ruled_out"]
    assert game.view(state, 1)["adjutant_candidates"] is None  # seat 1 holds S-J: it knows
    napoleon = game.view(state, 0)["adjutant_candidates"]
    assert napoleon["kitty"] is False and 2 not in napoleon["seats"]
