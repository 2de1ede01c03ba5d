"""Property tests over whole random Dou Dizhu rounds (hypothesis): what is particular to Dou
Dizhu. What every game shares (cards conserved, a decision for the seat to act, ``explain``
agreeing with ``legal_actions`` on the listed actions, ``apply`` leaving its input and refusing
the illegal, hands ending) is tests/property/test_every_game_random.py's.

Here: random card subsets are legal exactly when they are listed (the combination rules: one
play with several readings must say which, DDZ-PLAY-2); playing out of turn is refused; the
heuristic bot's choice is listed; payments sum to zero and follow DDZ-PAY (the stake times the
multiplier from each farmer); the landlord wins exactly when their hand is empty; the next
round rotates the dealer and deals full hands.

CI plays at least 500 rounds per player count; ``CARDTUTOR_GAMES`` raises it.
"""
from __future__ import annotations

import os
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.actions import Play
from tutor.bots import heuristic_choice, random_choice
from tutor.registry import find_game
from tutor.rng import Rng

GAMES = max(500, int(os.environ.get("CARDTUTOR_GAMES", "500")))
GAME = find_game("doudizhu")
MAX_TURNS = 2000

flag_sets = st.fixed_dictionaries({}, optional={
    "single_round_bidding": st.booleans(), "spring": st.booleans(), "kickers_may_repeat": st.booleans(),
    "four_player_allow_all_types": st.booleans(), "first_bidder": st.sampled_from(["marker", "random", "rotate"]),
    "no_shuffle": st.booleans(),
})


def _norm(action: object) -> object:
    return GAME.normalize_action(GAME.action_to_json(action))  # type: ignore[arg-type]


def _check_conservation(state: object, deck: Counter) -> None:  # the next round's deal
    assert Counter(GAME.all_cards(state)) == deck, "every card is in exactly one place"


def _random_subset(hand: tuple, rng: Rng) -> tuple:
    k = 1 + rng.below(min(len(hand), 8))
    idx = list(range(len(hand)))
    rng.shuffle(idx)
    return tuple(hand[i] for i in idx[:k])


def play_round(players: int, flags_in: dict, seed: int, bot_mix: int) -> None:
    flags = GAME.flags({"players": players, **flags_in})
    deck = Counter(flags.deck.cards())
    state = GAME.new_game(flags, seed)
    rng = Rng(seed)
    start_scores = list(state.scores)
    for turn in range(MAX_TURNS):
        if GAME.round_over(state):
            break
        seat = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        keys = {_norm(a) for a in legal}
        if state.phase == "play":
            for _ in range(3):
                try_play = Play(_random_subset(state.hands[seat], rng))
                verdict = GAME.explain(state, try_play, seat)
                if _norm(try_play) in keys and not verdict.legal:
                    # only a multi-reading lead without a declared type may be refused here
                    assert verdict.key == "ddz.declare_type", verdict
                else:
                    assert verdict.legal == (_norm(try_play) in keys), (try_play, verdict)
            other = (seat + 1) % players
            assert not GAME.explain(state, legal[0], other).legal, "acting out of turn is refused"
        # choose: heuristic or random; either way the choice is legal
        if (turn + bot_mix) % 3 == 0:
            action = heuristic_choice(GAME, state, seat).action
            assert _norm(action) in keys
        else:
            action = random_choice(GAME, state, seat, rng).action
        state = GAME.apply(state, action, seat)
    else:
        raise AssertionError("the round did not end")
    assert state.result is not None
    deltas = [a - b for a, b in zip(state.scores, start_scores)]
    assert sum(deltas) == 0, "payments sum to zero"
    lord = state.landlord
    assert (state.result["winner"] == "landlord") == (len(state.hands[lord]) == 0)
    assert abs(deltas[lord]) == (players - 1) * state.bid * state.result["multiplier"]
    # the next round deals every card again
    nxt = GAME.advance(state)
    _check_conservation(nxt, deck)
    assert nxt.dealer == (state.dealer + 1) % players
    assert all(len(h) == flags.hand_size for h in nxt.hands)


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), flags_in=flag_sets, bot_mix=st.integers(0, 2))
def test_random_three_player_rounds(seed: int, flags_in: dict, bot_mix: int) -> None:
    play_round(3, flags_in, seed, bot_mix)


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), flags_in=flag_sets, bot_mix=st.integers(0, 2))
def test_random_four_player_rounds(seed: int, flags_in: dict, bot_mix: int) -> None:
    play_round(4, flags_in, seed, bot_mix)
