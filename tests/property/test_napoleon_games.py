"""Property tests over whole random Napoleon games (hypothesis).

Each example deals a seeded game (``GAME.new_game(flags, seed)``) and plays it to the score
with a mix of random legal actions and the heuristic bot (which seats use the bot is drawn
too). CI plays at least 500 games; ``CARDTUTOR_GAMES`` raises it. A few sessions of several
games (``advance``) check that totals carry over and Napoleon bids first (NAP-NEXT-1).

What every game shares (cards conserved, a decision for the seat to act, ``explain`` agreeing
with the listed actions, ``apply`` leaving its input and refusing the illegal, games ending) is
tests/property/test_every_game_random.py's. Checked here after every action: the 20 honours
are always accounted for (hands, kitty, discards, the trick, the tricks won); every action
played was listed, none twice; ``explain`` agrees with ``legal_actions`` card by card in play
(NAP-FOLLOW) and for bids, calls, suits and discards; nothing is open out of turn; replaying a
card no longer held is refused; the adjutant stays out of every view but its own until the called card is played. After
every trick: exactly one winner, the one an independent re-statement of NAP-RANK/YORO/SAME2
names, who leads next and took the trick's honours. At the end: the score follows the table
(re-stated here from napoleon.md §9, not imported).
"""
from __future__ import annotations

import json
import os
from collections import Counter
from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tutor.actions import PASS, Decision, Play
from tutor.bots import heuristic_choice, random_choice
from tutor.cards import Card
from tutor.game import IllegalAction
from tutor.registry import find_game
from tutor.games.napoleon.tricks import DECK
from tutor.rng import Rng

GAMES = max(500, int(os.environ.get("CARDTUTOR_GAMES", "500")))
SESSIONS = max(10, GAMES // 50)
GAME = find_game("napoleon")
HONOURS = {"10", "J", "Q", "K", "A"}
MAX_STEPS = 2000

flag_sets = st.fixed_dictionaries({}, optional={
    "same2_first_trick": st.booleans(), "reverse": st.booleans(), "pass_is_final": st.booleans(),
    "joker_request_weakens": st.booleans(), "min_bid": st.sampled_from([11, 13, 16]),
    "penalty_a_reading": st.sampled_from(["allies_reach_bid", "any_loss"]),
})


# --------------------------------------------------------------------------- independent oracles
def honour(c: Card) -> bool:
    return not c.special and c.rank in HONOURS


VAL = {r: i for i, r in enumerate("2 3 4 5 6 7 8 9 10 J Q K A".split())}
BACK = {"S": "C", "C": "S", "H": "D", "D": "H"}


def oracle_winner(plays: list[tuple[int, Card]], trump: str, trick_no: int, joker_suit: str | None,
                  flags: Any) -> int:
    """NAP-TRICK-1 restated: よろめき, then セイム2, then power cards > trumps > lead suit."""
    cards = [c for _, c in plays]
    tokens = [c.token for c in cards]
    if "S-A" in tokens and "H-Q" in tokens:
        return plays[tokens.index("H-Q")][0]

    def power(c: Card) -> int:
        t = c.token
        if t == "S-A":
            return 4
        if t == "JOKER":
            weak = flags.joker_request_weakens and tokens[0] == "C-3"
            return -99 if weak else 3
        if t == f"{trump}-J":
            return 2
        if t == f"{BACK[trump]}-J":
            return 1
        return 0
    suits = {c.suit for c in cards}
    if (trick_no > 1 or flags.same2_first_trick) and "JOKER" not in tokens and len(suits) == 1 \
            and any(c.rank == "2" for c in cards):
        best = max(plays, key=lambda p: power(p[1]))
        if power(best[1]) > 0:
            return best[0]
        return next(s for s, c in plays if c.rank == "2")
    lead = joker_suit if cards[0].special else cards[0].suit

    def key(c: Card) -> tuple:
        p = power(c)
        if p:
            return (2, p) if p > 0 else (-1, 0)
        if c.suit == trump:
            return (1, VAL[c.rank])
        if c.suit == lead:
            return (0, VAL[c.rank])
        return (-1, 0)
    return max(plays, key=lambda p: key(p[1]))[0]


def oracle_score(bid: int, solo: bool, nap_side: int, reading: str) -> tuple[int, int, int]:
    """napoleon.md §9 restated: (napoleon, adjutant, each ally)."""
    if nap_side >= bid:
        nap, adj = (10, 0) if solo else (8, 4)
        if nap_side == 18:
            nap, adj = nap + 1, adj + (0 if solo else 1)
        elif nap_side == 19:
            nap, adj = nap + 2, adj + (0 if solo else 1)
        elif nap_side == 20:
            nap, adj = (nap + 8, adj) if solo else (nap + 4, adj + 2)
        return nap, adj, 0
    nap = adj = 0
    if bid >= 14 and (reading == "any_loss" or 20 - nap_side >= bid):
        nap, adj = (-12, 0) if solo else (-8, -4)
    nap -= {15: 3, 16: 5, 17: 7, 18: 9, 19: 11, 20: 15}.get(bid, 0)
    return nap, adj, 3 if solo else 4


# --------------------------------------------------------------------------- per-step checks
def _key(action: Any) -> Any:
    if isinstance(action, Play):
        return ("play", tuple(sorted(c.token for c in action.cards)))
    if action == PASS:
        return ("pass",)
    value = action.value
    if action.key == "discard":
        value = tuple(sorted(value))
    return ("decision", action.key, value)


def _check_honours(state: Any) -> None:
    assert sum(1 for c in GAME.all_cards(state) if honour(c)) == 20, "20 honours"


def _check_secret(state: Any) -> None:
    """NAP-ADJ-2: before the reveal no view but the adjutant's own says who the adjutant is."""
    if state.revealed or state.napoleon is None:
        return
    for seat in range(5):
        if seat == state.adjutant:
            continue
        v = GAME.view(state, seat)
        assert v["adjutant"] is None and not v["adjutant_revealed"] and v["side_honours"] is None
        assert v["my_side"] in (None, "napoleon", "allies")
        if seat != state.napoleon:
            assert v["solo"] is None
        keys = [e["key"] for e in v["log"]]
        this_game = keys[len(keys) - 1 - keys[::-1].index("nap.event.deal"):]
        assert not {"nap.event.adjutant_revealed", "nap.event.solo_revealed"} & set(this_game)


def _check_explain(state: Any, seat: int, legal: list, keys: set, rng: Rng) -> None:
    phase = state.phase
    other = (seat + 1 + rng.below(4)) % 5
    assert not GAME.explain(state, legal[0], seat, in_turn=False).legal, "no action out of turn"
    assert GAME.legal_actions(state, other) == [] and GAME.legal_actions(state, seat, in_turn=False) == []
    if phase == "play":
        for card in state.hands[seat]:
            v = GAME.explain(state, Play((card,)), seat)
            assert v.legal == (_key(Play((card,))) in keys), (card, v, state.trick)
            assert v.rule_ids and all(r.startswith("NAP-") for r in v.rule_ids)
        spare = [c for c in DECK.cards() if c not in state.hands[seat]]
        assert not GAME.explain(state, Play((spare[rng.below(len(spare))],)), seat).legal
        if len(state.hands[seat]) >= 2:
            assert not GAME.explain(state, Play(tuple(state.hands[seat][:2])), seat).legal
        assert not GAME.explain(state, PASS, seat).legal
    elif phase == "auction":
        assert ("pass",) in keys
        bids = {a.value for a in legal if isinstance(a, Decision)}
        standing = state.bid
        for n in range(0, 22):
            for s in "SHDC":
                ok = state.flags.min_bid <= n <= 20 and (standing is None or n > standing[0] or (
                    n == standing[0] and "CDHS".index(s) > "CDHS".index(standing[1])))
                assert ((n, s) in bids) == ok, (n, s, standing)
                if rng.below(8) == 0:
                    assert GAME.explain(state, Decision("bid", (n, s)), seat).legal == ok
    elif phase == "call_adjutant":
        assert len(legal) == 53
        assert not GAME.explain(state, Decision("call_adjutant", "S-11"), seat).legal
    elif phase == "discard":
        assert len(state.hands[seat]) == 13 and len(legal) == 286
        hand = list(state.hands[seat])
        rng.shuffle(hand)
        assert GAME.explain(state, Decision("discard", tuple(c.token for c in hand[:3])), seat).legal
        assert not GAME.explain(state, Decision("discard", tuple(c.token for c in hand[:2])), seat).legal
        assert not GAME.explain(state, Decision("discard", (hand[0].token,) * 3), seat).legal
    elif phase == "joker_suit":
        assert {a.value for a in legal} == set("SHDC")
        assert not GAME.explain(state, Decision("joker_suit", "X"), seat).legal


def _check_trick(before: Any, after: Any) -> None:
    """A trick just ended: one winner (the oracle's), who leads next and took the honours."""
    plays = [(e.seat, e.card) for e in before.trick] + [(after.last_trick["trick"][-1]["seat"],
                                                        Card.parse(after.last_trick["trick"][-1]["cards"][0]))]
    assert len(plays) == 5 and len({s for s, _ in plays}) == 5, "each seat plays once"
    winner = after.last_trick["winner"]
    assert winner == oracle_winner(plays, before.trump, before.trick_no, before.trick[0].joker_suit
                                   if before.trick else None, before.flags), (plays, before.trump, before.trick_no)
    gained = [c for c in after.won[winner] if c not in before.won[winner]]
    expected = [c for _, c in plays] + (list(before.discards) if before.trick_no == 1 else [])
    assert Counter(gained) == Counter(expected)
    for s in range(5):
        if s != winner:
            assert after.won[s] == before.won[s]
    assert after.trick_no == before.trick_no + 1
    if after.phase == "play":
        assert after.to_act == winner and after.trick == ()


def _check_result(state: Any, start_scores: tuple) -> None:
    res = state.result
    assert state.phase == "score" and res is not None and state.to_act is None
    assert all(len(h) == 0 for h in state.hands) and state.trick_no == 11
    total = sum(state.honours_of(s) for s in range(5))
    assert total == 20, "all 20 honours were captured"
    side = state.honours_of(state.napoleon) + (state.honours_of(state.adjutant)
                                               if state.adjutant is not None and not state.solo else 0)
    assert res["napoleon_side_honours"] == side and res["allies_honours"] == 20 - side
    nap, adj, ally = oracle_score(state.bid[0], state.solo, side, state.flags.penalty_a_reading)
    assert (res["napoleon"], res["adjutant"], res["each_ally"]) == (nap, adj, ally), res
    for s in range(5):
        want = nap if s == state.napoleon else adj if (s == state.adjutant and not state.solo) else ally
        assert state.scores[s] == start_scores[s] + want
    assert state.solo == (state.adjutant is None)
    event("napoleon wins" if side >= state.bid[0] else "allies win")
    if state.solo:
        event("solo")


def _record(state: Any) -> None:
    keys = {e.key for e in state.log}
    for key, label in (("nap.event.redeal", "redeal"), ("nap.event.reverse", "reverse"),
                       ("nap.event.joker_suit", "joker led"), ("nap.event.solo_revealed_discard", "solo in discards")):
        if key in keys:
            event(label)


# --------------------------------------------------------------------------- one game
def play_game(state: Any, seed: int, bot_seats: int) -> Any:
    rng = Rng(seed)
    start_scores = state.scores
    for step in range(MAX_STEPS):
        _check_honours(state)
        if step % 7 == 0:
            _check_secret(state)
        if GAME.round_over(state):
            break
        seat = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        keys = {_key(a) for a in legal}
        assert len(keys) == len(legal), "no action is listed twice"
        _check_explain(state, seat, legal, keys, rng)
        if bot_seats >> seat & 1:
            choice = heuristic_choice(GAME, state, seat)
            assert choice.key.startswith("nap.why."), choice
            action = choice.action
        else:
            action = random_choice(GAME, state, seat, rng).action
        assert _key(action) in keys, ("played action not in legal_actions", action)
        new = GAME.apply(state, action, seat)
        if isinstance(action, Play):
            try:
                GAME.apply(new, action, seat)
                raise AssertionError("replaying a card no longer held must fail")
            except IllegalAction:
                pass
            if new.trick_closed:
                _check_trick(state, new)
        state = new
    else:
        raise AssertionError("the game did not end")
    _check_result(state, start_scores)
    _record(state)
    assert GAME.legal_actions(state, 0) == [] and GAME.to_act(state) is None
    json.dumps(GAME.view(state, 0))
    return state


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), flags_in=flag_sets, bot_seats=st.integers(0, 31))
def test_random_games(seed: int, flags_in: dict, bot_seats: int) -> None:
    play_game(GAME.new_game(GAME.flags(flags_in), seed), seed, bot_seats)


@settings(max_examples=SESSIONS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), bot_seats=st.sampled_from([31, 0, 10, 21]))
def test_sessions_carry_totals_and_napoleon_bids_first(seed: int, bot_seats: int) -> None:
    state = GAME.new_game(GAME.flags({}), seed)
    for n in range(1, 5):
        assert state.game_no == n
        state = play_game(state, seed + n, bot_seats)
        totals, nap = state.scores, state.napoleon
        assert list(totals) == GAME.view(state, None)["result"]["totals"]
        state = GAME.advance(state)
        assert state.phase == "auction" and state.scores == totals
        assert state.first_bidder == nap and state.to_act == nap, "NAP-NEXT-1"
        assert all(len(h) == 10 for h in state.hands) and len(state.kitty) == 3


def test_discard_list_is_every_trio() -> None:
    """The 286 discards are the 3-subsets of the 13 cards, each once."""
    state = GAME.new_game(GAME.flags({}), 5)
    while state.phase != "discard":
        seat = state.to_act
        state = GAME.apply(state, heuristic_choice(GAME, state, seat).action, seat)
    legal = GAME.legal_actions(state, state.to_act)
    want = {tuple(sorted(c.token for c in trio)) for trio in combinations(state.hands[state.to_act], 3)}
    assert {tuple(sorted(a.value)) for a in legal} == want
