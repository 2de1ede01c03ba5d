"""Cut-in Daifugo (``"preset": "cutin"``), one rule ID of daifugo.md §8 – §10 at a time.

The rule-by-rule walk of the cut-in game, in the style of test_daifugo_rule_ids.py (the base game):
a position from ``load_scenario``, then the engine as a player drives it: ``legal_actions`` (in
turn, or ``in_turn=False`` for a seat's cut-ins), ``explain`` (the verdict's key and rule IDs),
``apply`` and ``close_window`` (the chain closes: its effect applies once, §13 step 6). Each test
cites the rule IDs it checks in a comment on its ``def`` line, so ``grep DFG-XXX-n tests/`` finds
it; ``A<n>`` are the spec's resolutions of §14 and ``§13`` its resolution order.

Positions are mostly reached by playing from an empty field (the chain is then really open);
seats a test does not list hold cards nobody else holds (up to 27).
"""
from __future__ import annotations

import copy
from typing import Any

import pytest

from tutor.actions import PASS, Decision, Play, action_key, parse_action
from tutor.cards import Card
from tutor.game import IllegalAction
from tutor.registry import find_game
from tutor.scenario import load_scenario

G = find_game("daifugo")
PLACES4 = {"0": 4, "1": 3, "2": 2, "3": 1}  # game 2: seat 0 is the 大貧民, seat 3 the 大富豪


# --------------------------------------------------------------------------- helpers
def cutin(hands: dict, trick: list | tuple = (), *, to_act: int = 0, players: int = 4, phase: str = "play",
          flags: dict | None = None, **extra: Any):
    """A cut-in-preset position (every local rule on unless ``flags`` switches it off)."""
    data = {"game": "daifugo", "flags": {"preset": "cutin", "players": players, **(flags or {})}, "phase": phase,
            "to_act": to_act, "hands": hands, **extra}
    if phase == "play" or trick:
        data["trick"] = list(trick)
    return load_scenario(data)[1]


def act(data: Any):
    return data if isinstance(data, (Play, Decision)) or data is PASS else parse_action(data)


def key(data: Any) -> str:
    return action_key(G, act(data).to_json())


def legal(state, seat: int | None = None) -> set[str]:
    return {key(a) for a in G.legal_actions(state, seat)}


def natural_legal(state, seat: int | None = None) -> set[str]:
    """The legal plays without any joker (a joker may stand for any card: dozens of plays)."""
    return {k for k in legal(state, seat) if "JOKER" not in k}


def cut_ins(state, seat: int) -> set[str]:
    return {key(a) for a in G.legal_actions(state, seat, in_turn=False)}


def C(cards: list[str]) -> dict:
    return {"cut_in": list(cards)}


def allowed(state, data: Any, seat: int | None = None, verdict_key: str | None = None, rules: tuple = ()):
    """The in-turn action is legal all three ways; returns the state after it."""
    if state.chain_start is not None:
        state = G.close_window(state)
    seat = state.to_act if seat is None else seat
    action = act(data)
    verdict = G.explain(state, action, seat)
    assert verdict.legal, (verdict.key, verdict.rule_ids, dict(verdict.params))
    if verdict_key is not None:
        assert verdict.key == verdict_key, verdict.key
    assert set(rules) <= set(verdict.rule_ids), verdict.rule_ids
    assert key(action) in legal(state, seat), (key(action), legal(state, seat))
    return G.apply(state, action, seat)


def refused(state, data: Any, seat: int | None = None, verdict_key: str | None = None, rules: tuple = ()):
    """The in-turn action is illegal all three ways: a verdict citing ``rules``, not in the legal
    set, and ``apply`` raises ``IllegalAction`` leaving the state as it was."""
    if state.chain_start is not None:
        state = G.close_window(state)
    seat = state.to_act if seat is None else seat
    action = act(data)
    verdict = G.explain(state, action, seat)
    assert not verdict.legal, (key(action), verdict.key)
    assert verdict.rule_ids, "a refusal names its rules"
    if verdict_key is not None:
        assert verdict.key == verdict_key, (verdict.key, verdict.rule_ids)
    assert set(rules) <= set(verdict.rule_ids), verdict.rule_ids
    assert key(action) not in legal(state, seat)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        G.apply(state, action, seat)
    assert state == before
    return verdict


def cut(state, cards: list[str], seat: int, rules: tuple = ("DFG-CUT-1",)):
    """A cut-in that is legal all three ways; returns the state after it (its window open)."""
    action = act(C(cards))
    verdict = G.explain(state, action, seat, in_turn=False)
    assert verdict.legal, (verdict.key, verdict.rule_ids, dict(verdict.params))
    assert verdict.key == "dfg.ok.cut_in"
    assert set(rules) <= set(verdict.rule_ids), verdict.rule_ids
    assert key(action) in cut_ins(state, seat), (key(action), cut_ins(state, seat))
    after = G.apply(state, action, seat, in_turn=False)
    assert after.trick[-1].seat == seat and after.trick[-1].in_turn is False
    assert after.to_act is None and after.chain_start is not None  # a new window on the new top play
    return after


def no_cut(state, cards: list[str], seat: int, verdict_key: str | None = None, rules: tuple = ()):
    """The cut-in is refused all three ways; returns the verdict."""
    action = act(C(cards))
    verdict = G.explain(state, action, seat, in_turn=False)
    assert not verdict.legal
    assert verdict.rule_ids or verdict.key.startswith("common."), verdict.key  # a rule, or a plain fact
    if verdict_key is not None:
        assert verdict.key == verdict_key, (verdict.key, verdict.rule_ids)
    assert set(rules) <= set(verdict.rule_ids), verdict.rule_ids
    assert key(action) not in cut_ins(state, seat)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        G.apply(state, action, seat, in_turn=False)
    assert state == before
    return verdict


def play(state, cards: list[str], seat: int | None = None):
    """An in-turn play (legal all three ways); its cut-in window is left open."""
    after = allowed(state, list(cards), seat)
    return after


def settle(state):
    """Nobody cuts in (any more): the chain closes (§13 steps 6, 7)."""
    assert state.chain_start is not None, "no open chain"
    return G.close_window(state)


def passes(state, *seats: int):
    for seat in seats:
        state = G.close_window(state)
        assert state.to_act == seat, (state.to_act, seat)
        state = allowed(state, "PASS", seat)
    return G.close_window(state)


def exposed(state) -> dict[str, list[str]]:
    return {s: sorted(v) for s, v in G.check_value(state, "exposed").items()}


def hand(state, seat: int) -> list[str]:
    return sorted(c.token for c in state.hands[seat])


def hidden(state, seat: int) -> list[str]:
    return sorted(c.token for c in state.hidden_of(seat))


def event_keys(after, before) -> list[str]:
    return [e.key for e in after.log[len(before.log):]]


def trick_over(state) -> bool:
    return G.trick_over(state)


# =========================================================================== §8 cut-in
def test_a_player_holding_the_identical_cards_may_cut_in_out_of_turn():  # DFG-CUT-1
    s = cutin({"1": ["H-2", "S-2", "C-9"], "3": ["H-2", "S-2", "C-2", "D-9"], "4": ["D-2", "C-2"]},
              to_act=1, players=5)
    s = play(s, ["H-2", "S-2"], 1)
    assert cut_ins(s, 3) == {key(C(["H-2", "S-2"]))}  # exactly the identical set, nothing more
    assert cut_ins(s, 4) == set()  # no S-2 and no joker
    no_cut(s, ["H-2", "C-2"], 3, "dfg.cut.identical", ("DFG-CUT-1",))
    no_cut(s, ["H-2", "S-2"], 4, rules=())
    after = cut(s, ["H-2", "S-2"], 3)
    assert hand(after, 3) == ["C-2", "D-9"]


def test_a_cut_in_copies_suits_and_ranks_exactly_no_more_no_fewer():  # DFG-CUT-1
    s = cutin({"0": ["H-6", "C-9"], "2": ["D-6", "H-6", "S-7", "C-3"]})
    s = play(s, ["H-6"], 0)
    assert cut_ins(s, 2) == {key(C(["H-6"]))}
    no_cut(s, ["D-6"], 2, "dfg.cut.identical", ("DFG-CUT-1",))       # same rank, other suit
    no_cut(s, ["H-6", "D-6"], 2, "dfg.cut.identical", ("DFG-CUT-1",))  # more cards
    no_cut(s, ["S-7"], 2, "dfg.cut.identical", ("DFG-CUT-1",))       # a stronger card is no cut-in


def test_a_declared_joker_may_supply_the_missing_card_of_a_cut_in():  # DFG-CUT-1, DFG-JOKER-1, A25
    s = cutin({"0": ["H-5", "D-5", "C-9"], "2": ["H-5", "JOKER", "JOKER", "C-3"]}, flags={"five_skip": False})
    s = play(s, ["H-5", "D-5"], 0)
    assert cut_ins(s, 2) == {key(C(["H-5", "JOKER=D-5"])), key(C(["JOKER=H-5", "JOKER=D-5"]))}
    no_cut(s, ["H-5", "JOKER"], 2, "dfg.cut.identical")       # an undeclared joker copies nothing
    no_cut(s, ["H-5", "JOKER=S-5"], 2, "dfg.cut.identical")   # declared as another card
    after = cut(s, ["H-5", "JOKER=D-5"], 2)
    assert hand(after, 2) == ["C-3", "JOKER"]


def test_two_jokers_may_copy_a_pair_of_identical_cards():  # DFG-CUT-1, DFG-JOKER-1, A25
    s = cutin({"0": ["H-5", "H-5", "C-9"], "2": ["JOKER", "JOKER", "C-3"]}, flags={"five_skip": False})
    s = play(s, ["H-5", "H-5"], 0)
    assert cut_ins(s, 2) == {key(C(["JOKER=H-5", "JOKER=H-5"]))}
    cut(s, ["JOKER=H-5", "JOKER=H-5"], 2)


def test_nobody_may_cut_into_their_own_play():  # DFG-CUT-7, DFG-CUT-1
    s = cutin({"0": ["H-2", "H-2", "C-9"]})
    s = play(s, ["H-2"], 0)
    assert cut_ins(s, 0) == set()
    no_cut(s, ["H-2"], 0, "dfg.cut.own_play", ("DFG-CUT-7",))


def test_the_window_asks_every_other_active_seat_in_turn_order_from_the_top_owner():  # DFG-CUT-2
    s = cutin({"3": ["H-2", "C-9"], "0": ["H-2", "C-8"]}, to_act=3, players=5, out=[1], direction=-1)
    s = play(s, ["H-2"], 3)
    w = G.window(s)
    assert w is not None and w.kind == "cut_in" and w.order == (2, 0, 4)  # direction −1; seat 1 is out
    assert {"DFG-CUT-1", "DFG-CUT-2"} <= set(w.rule_ids)
    s = cut(s, ["H-2"], 0)
    assert G.window(s).order == (4, 3, 2)  # a new window on the new top play; the original player too


def test_when_nobody_cuts_in_the_chain_closes_and_no_window_is_left():  # DFG-CUT-2
    s = cutin({"0": ["H-2", "C-9"], "2": ["H-2", "C-8"]})
    s = play(s, ["H-2"], 0)
    assert s.to_act is None and s.chain_start is not None  # nobody is in turn while the window is open
    assert G.decline(s, 2).legal  # withdrawing an announcement costs nothing
    closed = settle(s)
    assert closed.chain_start is None and G.window(closed) is None and closed.to_act == 1
    assert cut_ins(closed, 2) == set()
    no_cut(closed, ["H-2"], 2, "dfg.cut.no_window", ("DFG-CUT-2",))


def test_no_cut_in_after_a_pass():  # DFG-CUT-2 (a window follows plays and cut-ins only)
    s = cutin({"0": ["H-2", "C-9"], "2": ["H-2", "C-8"]})
    s = passes(play(s, ["H-2"], 0), 1)
    assert s.to_act == 2 and G.window(s) is None
    no_cut(s, ["H-2"], 2, "dfg.cut.no_window")


def test_the_cut_player_may_cut_back_in_and_the_chain_grows():  # DFG-CUT-2, DFG-CUT-5, DFG-CUT-1
    s = cutin({"0": ["H-2", "JOKER", "C-9"], "2": ["H-2", "C-8"]})
    s = play(s, ["H-2"], 0)
    s = cut(s, ["H-2"], 2)
    s = cut(s, ["JOKER=H-2"], 0)  # seat 0 is no longer the top owner
    closed = settle(s)
    assert closed.to_act == 1  # the owner of the chain is seat 0 again (DFG-CUT-4)
    assert [(e.seat, e.in_turn) for e in closed.trick] == [(0, True), (2, False), (0, False)]


def test_a_cut_in_ignores_rank_binding_but_binds_its_suit_at_once():  # DFG-CUT-3, DFG-BIND-1, DFG-BIND-4
    # H-K then D-A: rank binding (next: a 2), no suit binding (different suits); seat 2's cut-in
    # D-A is no 2 and still legal; it repeats the diamond, so diamonds are bound at once
    s = cutin({"0": ["H-K", "C-9"], "1": ["D-A", "C-8"], "2": ["D-A", "C-7"], "3": ["D-2", "H-2", "C-2", "D-3"]})
    s = play(s, ["H-K"], 0)
    s = play(settle(s), ["D-A"], 1)
    assert s.rank_bind.active and s.bound == ()
    s = cut(s, ["D-A"], 2, ("DFG-CUT-1",))
    assert G.check_value(s, "bound_suits") == ["D"]
    s = settle(s)
    assert s.to_act == 3
    # the cut-in was no rank step of its own: the binding still asks for the rank after A, a 2
    assert natural_legal(s, 3) == {"PASS", "D-2"}
    refused(s, ["H-2"], 3, "dfg.suit_bound", ("DFG-BIND-1",))
    refused(s, ["D-3"], 3)


def test_a_cut_in_on_the_second_card_of_a_suit_run_binds_like_the_play_it_copies():  # DFG-CUT-3, DFG-BIND-1
    # the first play of the phase and its cut-in: two clubs in a row bind clubs
    s = cutin({"0": ["C-K", "H-3"], "2": ["C-K", "H-4"], "3": ["S-2", "C-2", "H-2"]})
    s = cut(play(s, ["C-K"], 0), ["C-K"], 2)
    assert G.check_value(s, "bound_suits") == ["C"]
    assert natural_legal(settle(s), 3) == {"PASS", "C-2"}


@pytest.mark.parametrize("direction, cutter, nxt", [(1, 4, 0), (-1, 3, 2)])
def test_after_the_chain_closes_play_continues_from_the_cut_in_player(direction, cutter, nxt):  # DFG-CUT-4, A3
    s = cutin({"1": ["H-2", "C-9"], str(cutter): ["H-2", "C-8"]}, to_act=1, players=5, direction=direction)
    s = play(s, ["H-2"], 1)
    assert settle(s).to_act == (2 if direction == 1 else 0)  # without the cut-in
    s = settle(cut(s, ["H-2"], cutter))
    assert s.to_act == nxt  # the seats between are skipped


def test_the_chain_effect_has_the_chain_total_the_last_player_as_owner_and_the_cut_player():  # DFG-CUT-5, A4
    s = cutin({"0": ["D-7", "S-9", "S-10"], "2": ["D-7", "H-9"],
               "4": ["JOKER", "C-3", "C-4", "C-5", "C-6"]}, players=5)
    s = play(s, ["D-7"], 0)
    s = cut(s, ["D-7"], 2)
    s = cut(s, ["JOKER=D-7"], 4)  # a declared joker counts as a 7 of the chain
    s = settle(s)
    e = s.effect
    assert s.phase == "seven_pass" and s.to_act == 4
    assert (e.kind, e.n, e.owner, e.cut, e.chooser, e.target, e.count) == ("seven_pass", 3, 4, 2, 4, 2, 3)


def test_the_cut_play_loses_its_own_effect_a_nine_and_its_cut_in_do_not_reverse():  # DFG-CUT-5, DFG-NINE-1
    s = cutin({"0": ["C-9", "H-3"], "3": ["C-9", "H-4"]}, players=6)
    s = play(s, ["C-9"], 0)
    alone = settle(s)
    assert alone.direction == -1 and alone.to_act == 5
    s = settle(cut(s, ["C-9"], 3))
    assert s.direction == 1 and s.to_act == 4


def test_a_cut_in_of_four_toggles_the_revolution_back():  # DFG-CUT-6, DFG-REV-1, A5, §13 step 3
    four = ["S-6", "H-6", "D-6", "C-6"]
    s = cutin({"0": four + ["H-3"], "2": four + ["H-4"]})
    s = play(s, four, 0)
    assert s.chain_start is not None and G.check_value(s, "revolution") is True  # at once, window open
    verdict = G.explain(s, act(C(four)), 2, in_turn=False)
    assert "DFG-CUT-6" in verdict.rule_ids
    s = cut(s, four, 2)
    assert G.check_value(s, "revolution") is False
    assert not G.reversed_order(settle(s))


def test_with_cutin_can_revolt_off_a_cut_in_of_four_leaves_the_revolution():  # DFG-CUT-6 (flag), A5
    four = ["S-6", "H-6", "D-6", "C-6"]
    s = cutin({"0": four + ["H-3"], "2": four + ["H-4"]}, flags={"cutin_can_revolt": False})
    s = cut(play(s, four, 0), four, 2)
    assert G.check_value(s, "revolution") is True


def test_a_cut_in_may_use_the_last_cards_and_the_player_goes_out():  # DFG-CUT-7, DFG-OUT-1, §13 step 2
    s = cutin({"0": ["H-2", "C-9"], "2": ["H-2"]})
    s = play(s, ["H-2"], 0)
    verdict = G.explain(s, act(C(["H-2"])), 2, in_turn=False)
    assert verdict.legal and "DFG-CUT-7" in verdict.rule_ids
    s = cut(s, ["H-2"], 2)
    assert G.check_value(s, "places") == {"2": 1} and G.check_value(s, "active") == [0, 1, 3]
    s = settle(s)
    assert s.to_act == 3  # the next active player after the cut-in player


def test_an_in_turn_play_that_leaves_one_active_player_ends_the_game_with_no_window():  # DFG-OUT-2, DFG-CUT-2
    s = cutin({"2": ["H-2", "C-9"], "3": ["H-2"]}, to_act=3, out=[0, 1])
    s = G.apply(s, act(["H-2"]), 3)
    assert s.phase == "score" and G.window(s) is None and cut_ins(s, 2) == set()
    assert G.check_value(s, "places") == {"0": 1, "1": 2, "3": 3, "2": 4}


def test_a_cut_in_that_leaves_one_active_player_ends_the_game():  # DFG-OUT-2, DFG-CUT-7, DFG-CUT-2
    s = cutin({"2": ["H-2", "JOKER", "C-9"], "3": ["H-2"]}, to_act=2, out=[0, 1])
    s = play(s, ["H-2"], 2)
    s = G.apply(s, act(C(["H-2"])), 3, in_turn=False)  # seat 3 goes out: seat 2 is the only one left
    assert s.phase == "score" and G.window(s) is None  # the game is over: no window for the last player
    assert cut_ins(s, 2) == set()
    assert s.places[3] == 3 and s.places[2] == 4  # seat 3 out third by its cut-in, seat 2 last


@pytest.mark.parametrize("locks", [False, True], ids=["default", "pass_locks_phase"])
def test_a_player_who_passed_earlier_in_the_phase_may_still_cut_in(locks):  # DFG-CUT-7, DFG-PASS-1, A27
    s = cutin({"0": ["S-3", "C-9"], "1": ["H-2", "C-8"], "2": ["H-2", "C-7"]}, flags={"pass_locks_phase": locks})
    s = passes(play(s, ["S-3"], 0), 1)
    s = play(s, ["H-2"], 2)
    assert any(e.seat == 1 and e.is_pass for e in s.trick)
    s = settle(cut(s, ["H-2"], 1))
    assert s.to_act == 2


def test_when_the_cut_in_player_went_out_the_field_flows_once_every_active_player_passed():  # DFG-CUT-7, DFG-FLOW-1
    s = cutin({"0": ["H-2", "C-9"], "2": ["H-2"]})
    s = settle(cut(play(s, ["H-2"], 0), ["H-2"], 2))
    s = passes(s, 3, 0)
    assert not trick_over(s) and s.to_act == 1
    s = passes(s, 1)
    assert trick_over(s) and s.to_act == 3  # the next active player after the top owner


def test_an_eight_and_its_cut_in_flow_to_the_cut_in_player():  # DFG-CUT-5, DFG-EIGHT-1
    s = cutin({"0": ["S-8", "C-9"], "2": ["S-8", "C-7"]}, players=5)
    s = play(s, ["S-8"], 0)
    assert settle(s).to_act == 0 and trick_over(settle(s))
    s = settle(cut(s, ["S-8"], 2))
    assert trick_over(s) and s.to_act == 2


def test_only_another_joker_cuts_into_a_lone_joker():  # DFG-CUT-8, DFG-JOKER-2
    s = cutin({"0": ["JOKER", "C-9"], "1": ["JOKER", "S-3", "C-8"], "2": ["S-3", "S-2", "H-2"]})
    s = play(s, ["JOKER"], 0)
    assert cut_ins(s, 1) == {key(C(["JOKER"]))}
    assert cut_ins(s, 2) == set()
    no_cut(s, ["S-3"], 1, "dfg.cut.joker", ("DFG-CUT-8",))  # the spade-3 return is in turn only
    no_cut(s, ["S-2"], 2, "dfg.cut.joker", ("DFG-CUT-8",))
    cut(s, ["JOKER"], 1)


def test_spade_three_returns_a_lone_joker_under_revolution_only_a_spade_three_cuts_in():  # DFG-S3-1, DFG-CUT-8, A25
    s = cutin({"0": ["JOKER", "C-9"], "1": ["S-3", "H-3", "C-8"], "2": ["S-3", "JOKER", "C-3", "C-7"],
               "3": ["H-3", "D-3", "S-2"]}, revolution=True)
    s = play(s, ["JOKER"], 0)
    s = settle(s)
    assert G.reversed_order(s)
    refused(s, ["H-3"], 1, "dfg.joker_top", ("DFG-S3-1",))  # the strongest natural card in the reversed order
    s = allowed(s, ["S-3"], 1, "dfg.ok.spade3", ("DFG-S3-1",))
    assert cut_ins(s, 2) == {key(C(["S-3"])), key(C(["JOKER=S-3"]))}
    no_cut(s, ["C-3"], 2, "dfg.cut.identical", ("DFG-CUT-8",))
    s = cut(s, ["JOKER=S-3"], 2)
    s = settle(s)
    assert s.to_act == 3
    # the cut-in copied the return: nothing beats it in turn, in either order
    assert legal(s, 3) == {"PASS"}
    refused(s, ["H-3"], 3, "dfg.spade3_top", ("DFG-S3-1",))


def test_a_cut_in_on_a_spade_three_lead_binds_spades_at_once():  # DFG-CUT-3, DFG-BIND-1, DFG-S3-1
    # the plain case first: S-3 led and cut into: two spades in a row bind spades at once
    s = cutin({"0": ["S-3", "C-9"], "2": ["S-3", "C-7"]})
    assert G.check_value(cut(play(s, ["S-3"], 0), ["S-3"], 2), "bound_suits") == ["S"]


def test_a_cut_in_on_a_spade_three_return_binds_spades():  # DFG-CUT-3, DFG-BIND-1, DFG-S3-1, DFG-CUT-8
    s = cutin({"0": ["JOKER", "C-9"], "1": ["S-3", "H-3", "C-8"], "2": ["S-3", "C-3", "C-7"]})
    s = allowed(settle(play(s, ["JOKER"], 0)), ["S-3"], 1, "dfg.ok.spade3")
    assert G.check_value(s, "bound_suits") == []  # the undeclared joker shares no suit with the S-3
    s = cut(s, ["S-3"], 2)
    # B = {} ∪ (S(S-3) ∩ S(S-3)) = {S}: "a cut-in … binds them at once"
    assert G.check_value(s, "bound_suits") == ["S"]


def test_a_cut_in_may_copy_a_sequence_and_four_cards_revolt():  # DFG-CUT-1, DFG-CUT-6, DFG-REV-1
    seq = ["D-3", "D-4", "D-5", "D-6"]
    s = cutin({"0": seq + ["C-9"], "2": ["D-3", "D-4", "JOKER", "D-6", "C-8"]},
              flags={"four_cut": False, "five_skip": False})
    s = play(s, seq, 0)
    assert G.check_value(s, "revolution") is True
    assert cut_ins(s, 2) == {key(C(["D-3", "D-4", "JOKER=D-5", "D-6"]))}
    s = cut(s, ["D-3", "D-4", "JOKER=D-5", "D-6"], 2)
    assert G.check_value(s, "revolution") is False and settle(s).to_act == 3


def test_a_natural_card_may_cut_into_a_joker_declared_as_it():  # DFG-CUT-1, DFG-JOKER-1
    s = cutin({"0": ["JOKER", "C-9"], "2": ["H-2", "D-2", "C-8"]})
    s = play(s, ["JOKER=H-2"], 0)
    assert cut_ins(s, 2) == {key(C(["H-2"]))}
    no_cut(s, ["D-2"], 2, "dfg.cut.identical")


def test_the_field_flows_to_the_cut_in_player_when_everyone_else_passes():  # DFG-CUT-4, DFG-FLOW-1, DFG-TERM-2
    s = cutin({"0": ["H-2", "C-9"], "2": ["H-2", "C-8"]})
    s = cut(play(s, ["H-2"], 0), ["H-2"], 2)
    s = passes(s, 3, 0, 1)  # the cut player must pass too
    assert trick_over(s) and s.to_act == 2


# =========================================================================== §9 DFG-D3-1
def test_game_one_starts_with_the_first_holder_of_the_three_of_diamonds_which_is_exposed():  # DFG-D3-1, A12, DFG-OPEN-2
    s = cutin({"1": ["D-3"], "3": ["D-3"]}, phase="deal", to_act=None,
              cards_held={"0": 27, "1": 27, "2": 26, "3": 26})
    assert s.phase == "play" and s.to_act == 1
    assert exposed(s) == {"0": [], "1": ["D-3"], "2": [], "3": []}  # only the starting copy
    assert s.log[-1].key == "dfg.event.first_diamond3" and "DFG-D3-1" in s.log[-1].rule_ids


@pytest.mark.parametrize("seed", range(2))
def test_a_new_cut_in_game_starts_with_a_revealed_three_of_diamonds(seed):  # DFG-D3-1, A12
    s = G.new_game(G.flags({"players": 5}), seed)
    d3 = Card.parse("D-3")
    first = min(seat for seat in range(5) if d3 in s.hands[seat])
    assert s.to_act == first
    assert [seat for seat in range(5) if s.exposed_of(seat)] == [first] and s.exposed_of(first) == (d3,)


def test_from_game_two_the_daihinmin_leads_and_nothing_is_revealed():  # DFG-D3-1 (later_start "daihinmin")
    s = cutin({"2": ["D-3", "C-9"]}, phase="deal", to_act=None, game_no=2, previous_places=PLACES4,
              flags={"exchange": False})
    assert s.phase == "play" and s.to_act == 0
    assert all(v == [] for v in exposed(s).values())


def test_without_diamond3_start_the_first_player_is_drawn_and_nothing_is_revealed():  # DFG-D3-1 (flag off)
    s = cutin({"2": ["D-3", "C-9"]}, phase="deal", to_act=None, flags={"diamond3_start": False})
    assert s.log[-1].key == "dfg.event.first_random"
    assert all(v == [] for v in exposed(s).values())


# =========================================================================== §9 DFG-FOUR-1
def test_a_single_four_does_not_cut():  # DFG-FOUR-1 (odd n)
    s = settle(play(cutin({"0": ["S-4", "C-9"]}), ["S-4"], 0))
    assert s.to_act == 1 and not trick_over(s)


def test_a_pair_of_fours_cuts_and_its_player_leads():  # DFG-FOUR-1 (even n)
    s = settle(play(cutin({"0": ["S-4", "H-4", "C-9"]}, flags={"five_skip": False}), ["S-4", "H-4"], 0))
    assert trick_over(s) and s.to_act == 0 and s.trick == ()
    assert "dfg.event.four_cut" in [e.key for e in s.log]


def test_a_single_four_and_its_cut_in_make_an_even_four_cut_for_the_cut_in_player():  # DFG-FOUR-1, DFG-CUT-5
    s = cutin({"0": ["S-4", "C-9"], "2": ["S-4", "C-8"]})
    s = settle(cut(play(s, ["S-4"], 0), ["S-4"], 2))
    assert trick_over(s) and s.to_act == 2


def test_three_fours_do_not_cut_but_three_more_by_a_cut_in_do():  # DFG-FOUR-1, DFG-CUT-5
    three = ["S-4", "H-4", "D-4"]
    s = cutin({"0": three + ["C-9"], "3": three + ["C-8"]})
    s = play(s, three, 0)
    assert settle(s).to_act == 1 and not trick_over(settle(s))
    s = settle(cut(s, three, 3))
    assert trick_over(s) and s.to_act == 3


def test_a_four_cut_by_a_cut_in_player_going_out_hands_the_lead_on():  # DFG-FOUR-1, A21, §13 step 7
    s = cutin({"0": ["S-4", "C-9"], "2": ["S-4"]})
    s = settle(cut(play(s, ["S-4"], 0), ["S-4"], 2))
    assert trick_over(s) and 2 not in G.check_value(s, "active") and s.to_act == 3


# =========================================================================== §9 DFG-FIVE-1
@pytest.mark.parametrize("players, cards, nxt", [(4, ["S-5"], 2), (6, ["S-5", "H-5"], 4), (6, ["S-5"], 2)])
def test_a_five_skips_two_n_minus_one_players(players, cards, nxt):  # DFG-FIVE-1
    s = cutin({"0": cards + ["C-9"]}, players=players)
    s = settle(play(s, cards, 0))
    assert s.to_act == nxt and not trick_over(s)


def test_a_five_skip_past_everyone_is_a_lap_the_field_flows_and_the_owner_leads():  # DFG-FIVE-1, A6
    # four players: two 5s skip 2·2 − 1 = 3 ≥ 3 other active players
    s = cutin({"0": ["S-5", "H-5", "C-9"]})
    s = settle(play(s, ["S-5", "H-5"], 0))
    assert trick_over(s) and s.to_act == 0 and s.trick == ()
    assert "dfg.event.five_lap" in [e.key for e in s.log]


def test_a_five_lap_counts_only_active_players():  # DFG-FIVE-1, A6
    s = cutin({"0": ["S-5", "C-9"]}, players=5, out=[2, 3])
    s = settle(play(s, ["S-5"], 0))  # 1 skip < 2 others: seat 1 is skipped, seat 4 plays
    assert s.to_act == 4 and not trick_over(s)
    s = cutin({"0": ["S-5", "H-5", "C-9"]}, players=5, out=[2, 3])
    s = settle(play(s, ["S-5", "H-5"], 0))  # 3 skips ≥ 2 others: a lap
    assert trick_over(s) and s.to_act == 0


def test_a_five_lap_by_a_player_going_out_gives_the_lead_to_the_next_active_player():  # DFG-FIVE-1, A21
    s = cutin({"0": ["S-5", "H-5"]})
    s = settle(play(s, ["S-5", "H-5"], 0))
    assert trick_over(s) and s.to_act == 1 and G.check_value(s, "places") == {"0": 1}


def test_a_five_and_its_cut_in_skip_from_the_cut_in_player():  # DFG-FIVE-1, DFG-CUT-5, DFG-CUT-4
    # six players: n = 2, 3 skips < 5: seats 4, 5, 0 after the cut-in player 3 are skipped
    s = cutin({"0": ["S-5", "C-9"], "3": ["S-5", "C-8"]}, players=6)
    s = settle(cut(play(s, ["S-5"], 0), ["S-5"], 3))
    assert s.to_act == 1 and not trick_over(s)


def test_a_five_lap_made_by_a_cut_in_gives_the_lead_to_the_cut_in_player():  # DFG-FIVE-1, DFG-CUT-5
    s = cutin({"0": ["S-5", "H-5", "C-9"], "2": ["S-5", "H-5", "C-8"]}, players=6)
    s = play(s, ["S-5", "H-5"], 0)
    assert settle(s).to_act == 4
    s = settle(cut(s, ["S-5", "H-5"], 2))  # n = 4: 7 skips ≥ 5
    assert trick_over(s) and s.to_act == 2


# =========================================================================== §9 DFG-SIX-1
def test_the_daihinmin_may_salvage_up_to_n_cards_from_the_discard_pile():  # DFG-SIX-1
    s = cutin({"0": ["S-6", "H-6", "C-9"], "1": ["C-3", "C-3"], "2": ["D-3", "D-4"], "3": ["H-3", "H-4"]},
              game_no=2, previous_places=PLACES4, discard_pile=["H-2", "S-A", "C-K"], flags={"five_skip": False})
    s = settle(play(s, ["S-6", "H-6"], 0))
    assert s.phase == "six_salvage" and s.to_act == 0
    assert (s.effect.n, s.effect.count, s.effect.owner) == (2, 2, 0)
    options = legal(s)
    assert key({"six_salvage": []}) in options and key({"six_salvage": ["H-2", "S-A"]}) in options
    refused(s, {"six_salvage": ["H-2", "S-A", "C-K"]}, 0)  # more than n
    refused(s, {"six_salvage": ["C-3"]}, 0, "dfg.effect.not_in_pile")  # both copies are in seat 1's hand
    after = allowed(s, {"six_salvage": ["H-2", "S-A"]}, 0)
    assert hand(after, 0) == ["C-9", "H-2", "S-A"] and hidden(after, 0) == ["C-9", "H-2", "S-A"]
    taken = len(s.discard_pile) - len(after.discard_pile)
    assert taken == 2 and after.discard_pile.count(Card.parse("H-2")) == s.discard_pile.count(Card.parse("H-2")) - 1
    assert Card.parse("C-K") in after.discard_pile
    assert after.phase == "play" and after.to_act == 1


def test_no_salvage_in_the_first_game_nor_for_another_player():  # DFG-SIX-1
    s = settle(play(cutin({"0": ["S-6", "C-9"]}, discard_pile=["H-2"]), ["S-6"], 0))
    assert s.phase == "play" and s.to_act == 1
    s = cutin({"1": ["S-6", "C-9"]}, to_act=1, game_no=2, previous_places=PLACES4, discard_pile=["H-2"])
    s = settle(play(s, ["S-6"], 1))
    assert s.phase == "play" and s.to_act == 2


def test_no_salvage_once_a_player_has_gone_out():  # DFG-SIX-1
    s = cutin({"0": ["S-6", "C-9"]}, game_no=2, previous_places={"0": 4, "2": 1}, out=[2], discard_pile=["H-2"])
    s = settle(play(s, ["S-6"], 0))
    assert s.phase == "play" and s.to_act == 1


def test_a_cut_in_takes_the_salvage_away_from_everyone():  # DFG-SIX-1, A14, DFG-CUT-5
    s = cutin({"0": ["S-6", "C-9"], "2": ["S-6", "C-8"]}, game_no=2, previous_places=PLACES4, discard_pile=["H-2"])
    s = play(s, ["S-6"], 0)
    assert settle(s).phase == "six_salvage"
    s = settle(cut(s, ["S-6"], 2))
    assert s.phase == "play" and s.to_act == 3 and s.effect is None


def test_with_salvage_transfers_on_cutin_the_cut_in_player_salvages():  # DFG-SIX-1 (flag), A14
    s = cutin({"0": ["S-6", "C-9"], "2": ["S-6", "C-8"]}, game_no=2, previous_places=PLACES4,
              discard_pile=["H-2"], flags={"salvage_transfers_on_cutin": True})
    s = settle(cut(play(s, ["S-6"], 0), ["S-6"], 2))
    assert s.phase == "six_salvage" and s.to_act == 2 and s.effect.count == 2
    after = allowed(s, {"six_salvage": ["H-2"]}, 2)
    assert "H-2" in hand(after, 2) and after.to_act == 3


# =========================================================================== §9 DFG-SEVEN-1
def test_a_seven_passes_n_hidden_cards_to_the_player_who_has_the_next_turn():  # DFG-SEVEN-1
    s = cutin({"0": ["D-7", "S-10", "H-6"], "1": ["C-3", "C-4"]}, players=5)
    s = settle(play(s, ["D-7"], 0))
    assert s.phase == "seven_pass" and s.to_act == 0 and s.effect.target == 1 and s.effect.count == 1
    assert legal(s) == {key({"seven_pass": ["S-10"]}), key({"seven_pass": ["H-6"]})}
    refused(s, {"seven_pass": ["S-10", "H-6"]}, 0)  # exactly min(n, hidden) = 1
    after = allowed(s, {"seven_pass": ["S-10"]}, 0)
    assert hand(after, 0) == ["H-6"] and hand(after, 1) == ["C-3", "C-4", "S-10"]
    assert hidden(after, 1) == ["C-3", "C-4", "S-10"]  # the given card joins the hidden hand
    assert after.phase == "play" and after.to_act == 1


def test_a_seven_pass_may_not_hand_over_exposed_cards():  # DFG-SEVEN-1, DFG-OPEN-4
    # two 7s, but one hidden card: min(2, 1) = 1, and the exposed C-2 may not make up the rest
    s = cutin({"0": ["D-7", "D-7", "S-10", "C-2"], "1": ["C-3", "C-4"]}, exposed={"0": ["C-2"]})
    s = settle(play(s, ["D-7", "D-7"], 0))
    assert s.phase == "seven_pass" and s.effect.count == 1
    assert legal(s) == {key({"seven_pass": ["S-10"]})}
    verdict = refused(s, {"seven_pass": ["C-2"]}, 0, "dfg.effect.no_exposed", ("DFG-SEVEN-1", "DFG-OPEN-4"))
    assert verdict.params["cards"] == ["C-2"]
    after = allowed(s, {"seven_pass": ["S-10"]}, 0)
    assert hand(after, 0) == ["C-2"] and exposed(after)["0"] == ["C-2"]


def test_after_a_cut_in_the_seven_goes_from_the_cut_in_player_to_the_cut_player():  # DFG-SEVEN-1, DFG-CUT-5, DFG-OPEN-4
    # golden DFG-G-11: two 7s; seat 3 gives both hidden cards to seat 0, keeps its exposed C-2
    s = cutin({"0": ["D-7", "S-10", "H-6"], "3": ["D-7", "S-3", "H-K", "C-2"]}, players=5, cards_held={"1": 4},
              exposed={"3": ["C-2"]})
    s = settle(cut(play(s, ["D-7"], 0), ["D-7"], 3))
    e = s.effect
    assert s.phase == "seven_pass" and (e.chooser, e.target, e.n, e.count) == (3, 0, 2, 2)
    refused(s, {"seven_pass": ["S-3", "C-2"]}, 3, rules=("DFG-OPEN-4",))
    after = allowed(s, {"seven_pass": ["S-3", "H-K"]}, 3)
    assert hand(after, 3) == ["C-2"] and hand(after, 0) == ["H-6", "H-K", "S-10", "S-3"]
    assert after.to_act == 4  # the turn goes on from the owner, the cut-in player


def test_a_seven_pass_to_a_player_no_longer_active_lapses():  # DFG-SEVEN-1, DFG-CUT-7
    # seat 0 goes out with its 7; seat 2's cut-in would give to seat 0, which is out
    s = cutin({"0": ["D-7"], "2": ["D-7", "C-8", "C-9"]})
    s = settle(cut(play(s, ["D-7"], 0), ["D-7"], 2))
    assert s.phase == "play" and s.effect is None and s.to_act == 3
    assert hand(s, 2) == ["C-8", "C-9"]


def test_a_seven_pass_that_empties_the_hand_goes_out():  # DFG-SEVEN-1, A15, DFG-OUT-1
    s = cutin({"0": ["D-7", "D-7", "S-10"], "1": ["C-3", "C-4"]}, flags={"five_skip": False})
    s = settle(play(s, ["D-7", "D-7"], 0))
    assert s.effect.count == 1
    after = allowed(s, {"seven_pass": ["S-10"]}, 0)
    assert G.check_value(after, "places") == {"0": 1} and 0 not in G.check_value(after, "active")
    assert after.to_act == 1 and hand(after, 1) == ["C-3", "C-4", "S-10"]


def test_a_player_going_out_with_a_seven_has_nothing_left_to_pass():  # DFG-SEVEN-1, §13 step 2
    s = settle(play(cutin({"0": ["D-7"]}), ["D-7"], 0))
    assert s.phase == "play" and s.effect is None and s.to_act == 1


@pytest.mark.parametrize("rank, phase, pick", [("7", "seven_pass", ["C-4"]), ("Q", "q_peeping", [0])])
def test_seven_and_queen_aim_at_the_next_turn_player_past_a_locked_seat(rank, phase, pick):  # DFG-SEVEN-1, DFG-QUEEN-1
    # also DFG-PASS-1 and A27: a locked-out player is skipped whenever the turn would reach it
    # seat 1 passed in this phase and is locked out: after seat 0's play the turn skips it to seat 2
    s = cutin({"0": ["C-3", f"S-{rank}", "C-4", "C-5"], "1": ["D-3", "D-4"], "2": ["H-6", "H-8", "H-9"],
               "3": ["S-4", "S-5"]}, flags={"pass_locks_phase": True})
    s = passes(settle(play(s, ["C-3"], 0)), 1)
    s = passes(settle(play(s, ["H-6"], 2)), 3)
    s = settle(play(s, [f"S-{rank}"], 0))
    assert s.phase == phase
    after = allowed(s, {phase: pick}, 0)
    assert after.to_act == 2  # the player who has the next turn …
    assert s.effect.target == 2  # … is the one the effect aims at
    assert hand(after, 1) == ["D-3", "D-4"] and exposed(after)["1"] == []


# =========================================================================== §9 DFG-NINE-1
def test_an_odd_nine_reverses_the_direction_for_the_rest_of_the_game():  # DFG-NINE-1, A7
    s = cutin({"1": ["C-9", "H-3"]}, to_act=1)
    s = settle(play(s, ["C-9"], 1))
    assert G.check_value(s, "direction") == -1 and s.to_act == 0
    s = passes(s, 0, 3, 2)  # the field flows back to seat 1
    assert trick_over(s) and s.to_act == 1 and G.check_value(s, "direction") == -1


def test_an_even_number_of_nines_does_nothing():  # DFG-NINE-1
    s = cutin({"1": ["C-9", "D-9", "H-3"]}, to_act=1)
    s = settle(play(s, ["C-9", "D-9"], 1))
    assert G.check_value(s, "direction") == 1 and s.to_act == 2


def test_with_two_active_players_an_odd_nine_acts_as_an_eight_cut():  # DFG-NINE-1, A24
    s = cutin({"1": ["C-9", "H-3"]}, to_act=1, out=[0, 2])
    s = settle(play(s, ["C-9"], 1))
    assert trick_over(s) and s.to_act == 1 and G.check_value(s, "direction") == 1


def test_with_two_active_players_an_even_nine_still_does_nothing():  # DFG-NINE-1, A24
    s = cutin({"1": ["C-9", "D-9", "H-3"]}, to_act=1, out=[0, 2])
    s = settle(play(s, ["C-9", "D-9"], 1))
    assert not trick_over(s) and s.to_act == 3 and G.check_value(s, "direction") == 1


# =========================================================================== §9 DFG-TEN-1
def test_a_ten_discards_min_n_hand_cards_hidden_or_exposed():  # DFG-TEN-1, DFG-OPEN-4
    s = cutin({"0": ["C-10", "C-10", "S-3", "H-4", "D-9"]}, exposed={"0": ["H-4", "D-9"]})
    s = settle(play(s, ["C-10", "C-10"], 0))
    assert s.phase == "ten_discard" and s.to_act == 0 and s.effect.count == 2
    assert legal(s) == {key({"ten_discard": p}) for p in (["S-3", "H-4"], ["S-3", "D-9"], ["H-4", "D-9"])}
    refused(s, {"ten_discard": ["S-3"]}, 0)
    after = allowed(s, {"ten_discard": ["H-4", "D-9"]}, 0)
    assert hand(after, 0) == ["S-3"] and exposed(after)["0"] == []
    assert Card.parse("H-4") in after.discard_pile and after.to_act == 1


def test_after_a_cut_in_the_ten_discard_passes_to_the_cut_in_player_with_the_chain_total():  # DFG-TEN-1, DFG-CUT-5
    s = cutin({"0": ["C-10", "S-4", "S-5"], "1": ["C-10", "H-3", "H-4", "H-5"]})
    s = settle(cut(play(s, ["C-10"], 0), ["C-10"], 1))
    assert s.phase == "ten_discard" and s.to_act == 1 and s.effect.count == 2 and s.effect.n == 2
    after = allowed(s, {"ten_discard": ["H-3", "H-5"]}, 1)
    assert hand(after, 1) == ["H-4"] and hand(after, 0) == ["S-4", "S-5"] and after.to_act == 2


def test_a_ten_discard_that_empties_the_hand_goes_out():  # DFG-TEN-1, A15
    s = cutin({"0": ["C-10", "C-10", "H-5"]})
    s = settle(play(s, ["C-10", "C-10"], 0))
    assert s.effect.count == 1  # min(2, 1)
    after = allowed(s, {"ten_discard": ["H-5"]}, 0)
    assert G.check_value(after, "places") == {"0": 1} and after.to_act == 1


# =========================================================================== §9 DFG-JBACK-1
def test_a_chain_of_jacks_toggles_j_back_once_even_with_a_cut_in():  # DFG-JBACK-1, A8, §13 step 6
    s = cutin({"0": ["S-J", "H-3"], "2": ["S-J", "H-4"], "3": ["S-10", "S-Q", "H-9", "D-3"]})
    s = play(s, ["S-J"], 0)
    assert G.check_value(s, "jback") is False  # the effect waits for the chain to close
    s = cut(s, ["S-J"], 2)
    assert G.check_value(s, "jback") is False
    s = settle(s)
    assert G.check_value(s, "jback") is True and G.reversed_order(s) and s.to_act == 3
    assert natural_legal(s, 3) == {"PASS", "S-10"}  # weaker now; spades bound by the cut-in


def test_j_back_ends_with_the_flow():  # DFG-JBACK-1
    s = cutin({"0": ["S-J", "H-3"]})
    s = settle(play(s, ["S-J"], 0))
    assert G.check_value(s, "jback") is True
    s = passes(s, 1, 2, 3)
    assert trick_over(s) and G.check_value(s, "jback") is False and not G.reversed_order(s)


def test_each_closed_chain_of_jacks_in_a_phase_toggles_j_back_again():  # DFG-JBACK-1, A8, DFG-REV-1
    # four of a kind each: 10s (revolution), 9s (back), Js (revolution; J-back on), Ks (back), Js again
    suits = ["S", "H", "D", "C"]
    four = {r: [f"{x}-{r}" for x in suits] for r in ("10", "9", "J", "K")}
    s = cutin({"0": four["10"] + four["J"] + ["H-3"], "1": four["9"] + ["H-4"], "2": four["J"] + ["H-5"],
               "3": four["K"] + ["H-6"]}, flags={"rank_binding": False, "ten_discard": False})
    s = settle(play(s, four["10"], 0))
    s = settle(play(s, four["9"], 1))
    s = settle(play(s, four["J"], 2))
    assert G.check_value(s, "jback") is True and G.check_value(s, "revolution") is True
    assert not G.reversed_order(s)
    s = settle(play(s, four["K"], 3))
    assert G.reversed_order(s)  # revolution off, J-back on
    s = settle(play(s, four["J"], 0))
    assert G.check_value(s, "jback") is False and G.check_value(s, "revolution") is True


def test_revolution_and_j_back_together_give_the_normal_order_for_the_phase():  # DFG-JBACK-1, DFG-RANK-3, DFG-REV-1
    # golden DFG-G-02, played: under a revolution S-J beats H-K, and J-back restores the normal order
    s = cutin({"0": ["H-K", "C-4"], "1": ["S-J", "C-5"], "2": ["D-10", "C-K", "H-2", "S-3", "D-Q"]},
              revolution=True)
    s = settle(play(s, ["H-K"], 0))
    assert G.reversed_order(s)  # the revolution: a J is stronger than a K
    s = settle(play(s, ["S-J"], 1))
    assert G.check_value(s, "revolution") is True and G.check_value(s, "jback") is True
    assert not G.reversed_order(s)
    assert natural_legal(s, 2) == {"PASS", "D-Q", "C-K", "H-2"}
    s = passes(s, 2, 3, 0)
    assert trick_over(s) and s.to_act == 1
    assert G.check_value(s, "revolution") is True and G.reversed_order(s)  # J-back gone, revolution stays


# =========================================================================== §9 DFG-QUEEN-1
def test_a_queen_exposes_cards_picked_blind_from_the_next_players_hidden_hand():  # DFG-QUEEN-1, A13, DFG-OPEN-4
    s = cutin({"0": ["S-Q", "C-9"], "1": ["H-3", "H-4", "H-5", "S-2"]}, exposed={"1": ["S-2"]})
    s = settle(play(s, ["S-Q"], 0))
    e = s.effect
    assert s.phase == "q_peeping" and s.to_act == 0 and (e.target, e.count) == (1, 1)
    assert legal(s) == {key({"q_peeping": [i]}) for i in range(3)}  # positions among the 3 hidden cards
    refused(s, {"q_peeping": [3]}, 0)
    refused(s, {"q_peeping": [0, 1]}, 0)
    refused(s, {"q_peeping": ["H-5"]}, 0)  # picked blind: a position, never a named card
    after = allowed(s, {"q_peeping": [2]}, 0)
    assert exposed(after)["1"] == ["H-5", "S-2"] and hand(after, 1) == ["H-3", "H-4", "H-5", "S-2"]
    assert after.phase == "play" and after.to_act == 1


def test_a_queen_peeps_at_no_more_than_the_hidden_cards():  # DFG-QUEEN-1
    s = cutin({"0": ["S-Q", "H-Q", "C-9"], "1": ["H-3", "S-2"]}, exposed={"1": ["S-2"]})
    s = settle(play(s, ["S-Q", "H-Q"], 0))
    assert s.effect.count == 1 and legal(s) == {key({"q_peeping": [0]})}


def test_after_a_cut_in_the_queen_peeps_at_the_cut_player():  # DFG-QUEEN-1, DFG-CUT-5
    s = cutin({"0": ["S-Q", "C-3", "C-4"], "1": ["H-3", "H-4"], "2": ["S-Q", "C-8"]})
    s = settle(cut(play(s, ["S-Q"], 0), ["S-Q"], 2))
    e = s.effect
    assert s.phase == "q_peeping" and s.to_act == 2 and (e.target, e.n, e.count) == (0, 2, 2)
    assert legal(s) == {key({"q_peeping": [0, 1]})}
    after = allowed(s, {"q_peeping": [0, 1]}, 2)
    assert exposed(after)["0"] == ["C-3", "C-4"] and exposed(after)["1"] == []
    assert after.to_act == 3


# =========================================================================== §9 DFG-KING-1
def test_k_greed_moves_up_to_n_over_three_exposed_cards_of_others_into_its_own_area():  # DFG-KING-1, A22, DFG-OPEN-4
    s = cutin({"0": ["S-K", "H-K", "D-K", "C-5", "C-6"], "1": ["H-4", "C-7"], "2": ["D-9", "C-8"]},
              exposed={"0": ["C-5"], "1": ["H-4"], "2": ["D-9"]})
    s = settle(play(s, ["S-K", "H-K", "D-K"], 0))
    assert s.phase == "k_greed" and s.to_act == 0 and s.effect.count == 1
    assert legal(s) == {key({"k_greed": {}}), key({"k_greed": {"1": ["H-4"]}}), key({"k_greed": {"2": ["D-9"]}})}
    refused(s, {"k_greed": {"0": ["C-5"]}}, 0, "dfg.effect.greed_own", ("DFG-KING-1",))
    refused(s, {"k_greed": {"1": ["C-7"]}}, 0, "dfg.effect.greed_not_exposed", ("DFG-OPEN-4",))  # hidden
    refused(s, {"k_greed": {"1": ["H-4"], "2": ["D-9"]}}, 0, "dfg.effect.up_to")
    after = allowed(s, {"k_greed": {"1": ["H-4"]}}, 0)
    assert exposed(after)["0"] == ["C-5", "H-4"] and hand(after, 1) == ["C-7"] and exposed(after)["1"] == []
    assert after.to_act == 1
    none = allowed(s, {"k_greed": {}}, 0)  # choosing none is allowed
    assert exposed(none) == exposed(s)


def test_k_greed_with_fewer_than_k_divisor_kings_asks_nothing():  # DFG-KING-1
    s = cutin({"0": ["S-K", "H-K", "C-9"], "1": ["H-4", "C-7"]}, exposed={"1": ["H-4"]})
    s = settle(play(s, ["S-K", "H-K"], 0))
    assert s.phase == "play" and s.to_act == 1
    s = cutin({"0": ["S-K", "H-K", "C-9"], "1": ["H-4", "C-7"]}, exposed={"1": ["H-4"]}, flags={"k_divisor": 2})
    s = settle(play(s, ["S-K", "H-K"], 0))
    assert s.phase == "k_greed" and s.effect.count == 1


def test_after_a_cut_in_k_greed_fills_the_cut_players_exposed_area():  # DFG-KING-1, DFG-CUT-5, A22
    kk = ["S-K", "H-K"]
    s = cutin({"0": kk + ["C-3", "H-9"], "1": ["H-4", "H-8"], "2": kk + ["D-5", "D-8"], "3": ["C-6", "S-8"]},
              exposed={"0": ["C-3"], "1": ["H-4"], "2": ["D-5"], "3": ["C-6"]})
    s = settle(cut(play(s, kk, 0), kk, 2))  # n = 4: one card
    e = s.effect
    assert s.phase == "k_greed" and s.to_act == 2 and (e.chooser, e.target, e.count) == (2, 0, 1)
    # never the chooser's own cards, nor the cut player's (they would not move)
    assert legal(s) == {key({"k_greed": {}}), key({"k_greed": {"1": ["H-4"]}}), key({"k_greed": {"3": ["C-6"]}})}
    refused(s, {"k_greed": {"2": ["D-5"]}}, 2, "dfg.effect.greed_own")
    refused(s, {"k_greed": {"0": ["C-3"]}}, 2, "dfg.effect.greed_target")
    after = allowed(s, {"k_greed": {"3": ["C-6"]}}, 2)
    assert exposed(after)["0"] == ["C-3", "C-6"] and hand(after, 0) == ["C-3", "C-6", "H-9"]
    assert hand(after, 2) == ["D-5", "D-8"]  # the chooser gains nothing
    assert hand(after, 3) == ["S-8"] and after.to_act == 3


def test_k_greed_may_take_the_exposed_cards_of_a_player_fallen_by_miyako_ochi():  # DFG-KING-1, DFG-MIYAKO-2, A16, A22
    s = cutin({"0": ["S-K", "H-K", "D-K", "C-9"], "2": ["S-9", "H-K"]}, game_no=2,
              previous_places={"2": 1}, out=[1, 2], eliminated=[2])
    assert exposed(s)["2"] == ["H-K", "S-9"] and G.check_value(s, "active") == [0, 3]
    s = settle(play(s, ["S-K", "H-K", "D-K"], 0))
    assert s.phase == "k_greed"
    assert {key({"k_greed": {"2": ["S-9"]}}), key({"k_greed": {"2": ["H-K"]}})} <= legal(s)
    after = allowed(s, {"k_greed": {"2": ["S-9"]}}, 0)
    assert hand(after, 2) == ["H-K"] and exposed(after)["2"] == ["H-K"]
    assert "S-9" in exposed(after)["0"]


# =========================================================================== §9 DFG-ACE-1
def test_a_open_makes_every_other_player_expose_hidden_cards_one_after_another():  # DFG-ACE-1, A23, DFG-OPEN-4
    aaa = ["S-A", "H-A", "D-A"]
    s = cutin({"0": aaa + ["C-9"], "1": ["H-4", "D-9"], "2": ["S-5", "S-6"], "3": ["C-5"]}, exposed={"3": ["C-5"]})
    s = settle(play(s, aaa, 0))
    assert s.phase == "a_open" and s.to_act == 1 and s.effect.count == 1
    assert legal(s) == {key({"a_open": ["H-4"]}), key({"a_open": ["D-9"]})}
    s = allowed(s, {"a_open": ["D-9"]}, 1)
    assert s.phase == "a_open" and s.to_act == 2
    assert exposed(s)["1"] == []  # the choices take effect together
    s = allowed(s, {"a_open": ["S-6"]}, 2)
    # seat 3 has no hidden card left: nothing to ask it
    assert s.phase == "play" and s.to_act == 1
    assert exposed(s) == {"0": [], "1": ["D-9"], "2": ["S-6"], "3": ["C-5"]}


def test_after_a_cut_in_the_cut_in_player_opens_the_cut_players_hidden_cards_blind():  # DFG-ACE-1, DFG-CUT-5, A23
    aaa = ["S-A", "H-A", "D-A"]
    s = cutin({"0": aaa + ["C-3", "H-9"], "1": ["H-4", "D-9"], "2": aaa + ["C-8"], "3": ["S-5", "S-6"]},
              exposed={"0": ["H-9"]})
    s = settle(cut(play(s, aaa, 0), aaa, 2))  # n = 6: two cards, but seat 0 has one hidden card
    e = s.effect
    assert s.phase == "a_open" and s.to_act == 2 and (e.target, e.count) == (0, 1)
    assert legal(s) == {key({"a_open": [0]})}
    after = allowed(s, {"a_open": [0]}, 2)
    assert exposed(after) == {"0": ["C-3", "H-9"], "1": [], "2": [], "3": []}  # nobody else exposes
    assert after.phase == "play" and after.to_act == 3


# =========================================================================== §9 DFG-TWO-1
def test_a_two_has_no_effect_with_or_without_a_cut_in():  # DFG-TWO-1
    s = cutin({"0": ["S-2", "H-2", "H-3"], "2": ["S-2", "H-2", "H-4"]})
    s = play(s, ["S-2", "H-2"], 0)
    alone = settle(s)
    assert alone.phase == "play" and alone.to_act == 1 and not trick_over(alone)
    assert (alone.direction, alone.jback, alone.revolution) == (1, False, False)
    s = settle(cut(s, ["S-2", "H-2"], 2))
    assert s.phase == "play" and s.to_act == 3 and not trick_over(s) and s.effect is None


# =========================================================================== §10 exposed cards
def test_exposed_cards_stay_in_the_hand_and_may_be_played_mixed_with_hidden_ones():  # DFG-OPEN-1
    s = cutin({"0": ["S-9", "H-9", "C-4"], "1": ["H-5"], "2": ["S-9", "H-9", "C-3"]},
              exposed={"0": ["S-9"], "1": ["H-5"], "2": ["H-9"]}, flags={"nine_reverse": False})
    assert G.check_value(s, "active") == [0, 1, 2, 3]  # an all-exposed hand still plays
    s = play(s, ["S-9", "H-9"], 0)
    assert exposed(s)["0"] == [] and hand(s, 0) == ["C-4"]
    s = cut(s, ["S-9", "H-9"], 2)  # an exposed card in a cut-in
    assert exposed(s)["2"] == [] and hand(s, 2) == ["C-3"]


def test_a_player_must_play_out_the_exposed_cards_to_go_out():  # DFG-OPEN-1, DFG-OUT-1
    s = cutin({"0": ["S-3", "C-9"], "1": ["H-5", "H-J"]}, exposed={"1": ["H-5", "H-J"]},
              flags={"five_skip": False})
    s = settle(play(s, ["S-3"], 0))
    s = settle(play(s, ["H-5"], 1))
    assert G.check_value(s, "active") == [0, 1, 2, 3] and hand(s, 1) == ["H-J"]


def test_voluntary_exposure_is_open_at_any_time_and_never_undone():  # DFG-OPEN-2, DFG-OPEN-1
    s = cutin({"0": ["S-3", "C-9"], "2": ["C-4", "C-8", "H-2"]})
    s = play(s, ["S-3"], 0)  # a window is open, seat 2 is not in turn
    assert Decision("expose", ("C-8",)) in G.side_actions(s, 2)
    verdict = G.explain(s, Decision("expose", ("C-8",)), 2, in_turn=False)
    assert verdict.legal and "DFG-OPEN-2" in verdict.rule_ids
    after = G.apply(s, Decision("expose", ("C-8",)), 2, in_turn=False)
    assert exposed(after)["2"] == ["C-8"] and hand(after, 2) == ["C-4", "C-8", "H-2"]
    for cards in (("C-8",), ("S-K",)):  # already exposed, not held
        v = G.explain(after, Decision("expose", cards), 2, in_turn=False)
        assert not v.legal and v.key == "dfg.expose.not_hidden"
    s = settle(after)
    assert exposed(s)["2"] == ["C-8"]


def test_an_illegal_play_attempt_exposes_the_cards_and_counts_as_a_pass():  # DFG-OPEN-3, DFG-OPEN-2
    s = cutin({"0": ["H-K", "C-9"], "1": ["H-A", "C-8"], "2": ["S-2", "H-2", "C-3"]})
    s = settle(play(settle(play(s, ["H-K"], 0)), ["H-A"], 1))
    assert s.flags.penalize_illegal_attempt and s.to_act == 2
    refused(s, ["S-2"], 2, "dfg.suit_bound", ("DFG-BIND-1",))  # never a legal action
    after = G.attempt(s, act(["S-2"]), 2)
    assert exposed(after)["2"] == ["S-2"] and hand(after, 2) == ["C-3", "H-2", "S-2"]
    assert after.to_act == 3 and after.trick[-1].seat == 2 and after.trick[-1].is_pass
    assert "dfg.event.penalty" in event_keys(after, s)


def test_an_out_of_turn_play_that_is_no_valid_cut_in_exposes_its_cards():  # DFG-OPEN-3, DFG-OPEN-2
    s = cutin({"0": ["H-K", "C-9"], "2": ["D-K", "C-3"]})
    s = play(s, ["H-K"], 0)
    after = G.attempt(s, act(C(["D-K"])), 2, in_turn=False)
    assert exposed(after)["2"] == ["D-K"] and hand(after, 2) == ["C-3", "D-K"]
    assert after.trick == s.trick and after.chain_start == s.chain_start  # no turn lost, window still open


def test_without_penalize_illegal_attempt_an_illegal_attempt_is_only_rejected():  # DFG-OPEN-3 (flag off)
    s = cutin({"0": ["H-K", "C-9"], "2": ["D-K", "C-3"]}, flags={"penalize_illegal_attempt": False})
    s = play(s, ["H-K"], 0)
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction):
        G.attempt(s, act(C(["D-K"])), 2, in_turn=False)
    assert s == before and exposed(s)["2"] == []


# =========================================================================== §11 DFG-MIYAKO-2
def test_the_daifugo_fallen_by_miyako_ochi_resigns_its_cards_face_up_and_inert():  # DFG-MIYAKO-2, DFG-MIYAKO-1, A16
    s = cutin({"4": ["C-2"], "2": ["S-9", "H-K", "C-2"]}, to_act=4, players=5, game_no=2, previous_places={"2": 1})
    s = play(s, ["C-2"], 4)
    assert G.check_value(s, "places") == {"4": 1, "2": 5} and G.check_value(s, "active") == [0, 1, 3]
    assert exposed(s)["2"] == ["C-2", "H-K", "S-9"] and hand(s, 2) == ["C-2", "H-K", "S-9"]
    assert 2 not in G.window(s).order
    assert cut_ins(s, 2) == set()
    no_cut(s, ["C-2"], 2, "dfg.already_out")
    assert G.side_actions(s, 2) == []
    s = settle(s)
    assert s.to_act == 0 and hand(s, 2) == ["C-2", "H-K", "S-9"]


# =========================================================================== §13 resolution order
def test_a_chain_effect_waits_for_the_window_to_close():  # §13 step 6, DFG-NINE-1
    s = play(cutin({"1": ["C-9", "H-3"]}, to_act=1), ["C-9"], 1)
    assert G.check_value(s, "direction") == 1 and s.to_act is None
    assert G.check_value(settle(s), "direction") == -1


def test_an_in_turn_action_on_an_open_window_is_judged_once_it_closes():  # §13 steps 5 – 7, DFG-CUT-2
    s = play(cutin({"1": ["C-9", "H-3"], "0": ["H-K", "C-4"]}, to_act=1), ["C-9"], 1)
    assert {"PASS", "H-K"} <= legal(s, 0)  # seat 0 is next once the 9 has reversed the direction
    assert G.explain(s, PASS, 0).legal and not G.explain(s, PASS, 2).legal
    after = G.apply(s, PASS, 0)
    assert after.chain_start is None and after.to_act == 3


def test_effects_in_a_sequence_apply_in_rank_order_before_the_next_turn():  # §13 steps 6–7, DFG-EIGHT-2, DFG-SEVEN-1
    # S-5 S-6 S-7 with effects_in_sequences: the 5 skips seat 1, so the 7 goes to seat 2, who plays next
    s = cutin({"0": ["S-5", "S-6", "S-7", "C-9", "H-3"], "1": ["D-3", "D-4"], "2": ["H-4", "H-5"]},
              flags={"effects_in_sequences": True})
    s = settle(play(s, ["S-5", "S-6", "S-7"], 0))
    assert s.phase == "seven_pass" and s.effect.target == 2
    after = allowed(s, {"seven_pass": ["C-9"]}, 0)
    assert hand(after, 2) == ["C-9", "H-4", "H-5"] and after.to_act == 2


def test_without_effects_in_sequences_five_six_seven_does_nothing():  # DFG-EIGHT-2, DFG-FIVE-1, DFG-SEVEN-1
    s = cutin({"0": ["S-5", "S-6", "S-7", "C-9", "H-3"]})
    s = settle(play(s, ["S-5", "S-6", "S-7"], 0))
    assert s.phase == "play" and s.to_act == 1


# =========================================================================== named interactions
@pytest.mark.parametrize("rank, phase", [("7", "seven_pass"), ("Q", "q_peeping"), ("K", "k_greed"), ("A", "a_open")])
def test_after_a_cut_in_the_targeting_effects_aim_at_the_cut_player(rank, phase):  # DFG-CUT-5, §9 7 / Q / K / A
    # DFG-SEVEN-1, DFG-QUEEN-1, DFG-KING-1, DFG-ACE-1: "ranks whose cut-in note names a target use the cut player"
    # three identical cards, cut in by seat 3 on seat 1: n = 6 (two cards for K and A)
    three = [f"S-{rank}", f"H-{rank}", f"D-{rank}"]
    s = cutin({"0": ["C-3", "C-4", "C-5"], "1": three + ["D-3", "D-4", "C-J"], "2": ["H-3", "H-4", "H-5"],
               "3": three + ["S-3", "S-4", "S-5", "C-Q"]}, to_act=1,
              exposed={"0": ["C-3", "C-4"], "1": ["C-J"], "2": ["H-3"]})
    s = settle(cut(play(s, three, 1), three, 3))
    e = s.effect
    assert s.phase == phase and s.to_act == 3
    assert (e.owner, e.cut, e.chooser, e.n) == (3, 1, 3, 6)
    if rank == "K":
        assert e.target == 1
        assert key({"k_greed": {"0": ["C-3"]}}) in legal(s) and key({"k_greed": {"1": ["C-J"]}}) not in legal(s)
        after = allowed(s, {"k_greed": {"0": ["C-3"], "2": ["H-3"]}}, 3)
        assert exposed(after)["1"] == ["C-3", "C-J", "H-3"] and hand(after, 3) == ["C-Q", "S-3", "S-4", "S-5"]
    elif rank == "7":
        assert e.target == 1 and e.count == 4
        after = allowed(s, {"seven_pass": ["S-3", "S-4", "S-5", "C-Q"]}, 3)
        assert hand(after, 1) == ["C-J", "C-Q", "D-3", "D-4", "S-3", "S-4", "S-5"]
    else:  # Q and A: blind positions in the cut player's two hidden cards D-3, D-4
        assert e.target == 1 and e.count == 2
        after = allowed(s, {phase: [0, 1]}, 3)
        assert exposed(after)["1"] == ["C-J", "D-3", "D-4"]
        assert exposed(after)["0"] == ["C-3", "C-4"] and exposed(after)["2"] == ["H-3"]  # nobody else touched
    assert after.phase == "play" and after.to_act == 0
