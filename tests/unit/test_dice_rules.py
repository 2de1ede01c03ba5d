"""The 2d6 roll-under check (rules/minor.md part 3): DICE-CHECK-1 … DICE-CHECK-4 and both flags,
through the public API (``find_game("dice")``: ``score``, ``from_setup``, ``new_game``,
``legal_actions``, ``explain``, ``apply``, ``next_hand``).

The expected values are the spec's: the table of DICE-CHECK-2 is written out below, and c'(t) of
DICE-CHECK-3 is computed from it as the spec defines it (nothing is imported from tutor/games/dice).
"""
from __future__ import annotations

import copy
from itertools import product
from typing import Any

import pytest

from tutor.errors import ActionError, FlagError, ScenarioError
from tutor.game import IllegalAction
from tutor.registry import find_game
from tutor.rules import rules_by_id

G = find_game("dice")

#: DICE-CHECK-2, as the spec prints it (t ≤ 1 → 0, t ≥ 12 → 36)
TABLE = {2: 1, 3: 3, 4: 6, 5: 10, 6: 15, 7: 21, 8: 26, 9: 30, 10: 33, 11: 35}
ROLLS = list(product(range(1, 7), repeat=2))
FLAG_SETS = [{}, {"auto_success_on_2": True}, {"auto_fail_on_12": True},
             {"auto_success_on_2": True, "auto_fail_on_12": True},
             {"auto_success_on_2": False, "auto_fail_on_12": False}]


def c(t: int) -> int:
    """c(t) of DICE-CHECK-2."""
    if t <= 1:
        return 0
    if t >= 12:
        return 36
    return TABLE[t]


def c_prime(t: int, flags: dict[str, bool]) -> int:
    """c'(t) = c(t) + a − f of DICE-CHECK-3."""
    a = 1 if flags.get("auto_success_on_2") and t < 2 else 0
    f = 1 if flags.get("auto_fail_on_12") and t >= 12 else 0
    return c(t) + a - f


def succeeds(roll: tuple[int, int], t: int, flags: dict[str, bool]) -> bool:
    """DICE-CHECK-1 with DICE-CHECK-3's two conventions."""
    if flags.get("auto_success_on_2") and roll == (1, 1):
        return True
    if flags.get("auto_fail_on_12") and roll == (6, 6):
        return False
    return sum(roll) <= t


def check(target: int = 7, **extra: Any) -> Any:
    return G.from_setup({"flags": extra.pop("flags", {}), "target": target, **extra})


def act(data: Any) -> Any:
    return G.parse_action(data)


def refuse(state: Any, data: Any, seat: Any = 0, rules: set[str] = frozenset({"DICE-CHECK-1"}), in_turn: bool = True) -> Any:
    before = copy.deepcopy(state)
    v = G.explain(state, act(data), seat, in_turn)
    assert not v.legal and set(v.rule_ids) == set(rules), (data, v)
    assert v.text("en").strip() and v.text("ja").strip()
    with pytest.raises(IllegalAction) as info:
        G.apply(state, act(data), seat, in_turn)
    assert set(info.value.verdict.rule_ids) == set(rules)
    assert state == before, "a refused action changes nothing"
    return v


def roll_once(state: Any) -> Any:
    return G.apply(state, act({"roll": True}), 0)


# =========================================================================== DICE-CHECK-1
class TestCheck:
    @pytest.mark.parametrize("target", range(-2, 16))
    def test_success_iff_the_total_is_at_most_the_target(self, target: int) -> None:
        for roll in ROLLS:
            out = G.score({"flags": {}, "target": target, "roll": list(roll)})
            assert out["success"] is (sum(roll) <= target), (roll, target)
            assert out["total"] == sum(roll)

    def test_the_boundary(self) -> None:
        assert G.score({"flags": {}, "target": 7, "roll": [3, 4]})["success"] is True     # equal: success (≤)
        assert G.score({"flags": {}, "target": 7, "roll": [4, 4]})["success"] is False
        assert G.score({"flags": {}, "target": 6, "roll": [3, 4]})["success"] is False

    @pytest.mark.parametrize("target", [2, 7, 12])
    def test_a_played_check_judges_the_same_way(self, target: int) -> None:
        for roll in ROLLS:
            state = roll_once(check(target, rolls=[list(roll)]))
            assert state.phase == "score" and G.round_over(state)
            assert state.last.dice == roll and state.last.success is (sum(roll) <= target)
            assert state.result == {"success": sum(roll) <= target, "total": sum(roll)}
            event = state.log[-1]
            assert event.rule_ids == ("DICE-CHECK-1",)

    def test_golden_cases(self) -> None:
        # DICE-G-02 … DICE-G-03c
        cases = [({}, 12, [6, 6], True, "36/36"), ({"auto_fail_on_12": True}, 12, [6, 6], False, "35/36"),
                 ({}, 2, [1, 1], True, "1/36"), ({}, 1, [1, 1], False, "0/36"),
                 ({"auto_success_on_2": True}, 1, [1, 1], True, "1/36")]
        for flags, target, roll, success, p in cases:
            out = G.score({"flags": flags, "target": target, "roll": roll})
            assert (out["success"], out["p_success"]) == (success, p), (flags, target, roll)


# =========================================================================== DICE-CHECK-2
class TestTable:
    @pytest.mark.parametrize("target", range(-2, 16))
    def test_c_of_t(self, target: int) -> None:
        out = G.score({"flags": {}, "target": target})
        assert out["p_success"] == f"{c(target)}/36"
        assert out["successes"] == c(target)
        assert "success" not in out   # no roll, no verdict on one

    def test_the_printed_table(self) -> None:
        got = [G.score({"flags": {}, "target": t})["successes"] for t in range(1, 13)]
        assert got == [0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36]

    def test_the_table_counts_the_rolls(self) -> None:
        for t in range(-2, 16):
            assert c(t) == sum(1 for r in ROLLS if sum(r) <= t)

    def test_never_reduced(self) -> None:
        assert G.score({"flags": {}, "target": 10})["p_success"] == "33/36"
        assert G.score({"flags": {}, "target": 6})["p_success"] == "15/36"    # not 5/12


# =========================================================================== DICE-CHECK-3
class TestFlags:
    @pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "+".join(k for k, v in f.items() if v) or "none")
    @pytest.mark.parametrize("target", range(-2, 16))
    def test_c_prime_of_t(self, flags: dict[str, bool], target: int) -> None:
        out = G.score({"flags": flags, "target": target})
        assert out["p_success"] == f"{c_prime(target, flags)}/36" and out["successes"] == c_prime(target, flags)
        # and c'(t) is the number of the 36 rolls that succeed under these flags
        assert c_prime(target, flags) == sum(1 for r in ROLLS if succeeds(r, target, flags))
        for roll in ROLLS:
            assert G.score({"flags": flags, "target": target, "roll": list(roll)})["success"] is succeeds(roll, target, flags)

    def test_spec_examples(self) -> None:
        assert G.score({"flags": {"auto_success_on_2": True}, "target": 1})["p_success"] == "1/36"
        for t in (12, 13, 15):
            assert G.score({"flags": {"auto_fail_on_12": True}, "target": t})["p_success"] == "35/36"
        # the flags change nothing for 2 ≤ t < 12
        for t in range(2, 12):
            for flags in FLAG_SETS:
                assert G.score({"flags": flags, "target": t})["successes"] == TABLE[t]
        # below 2 with auto_success_on_2: only [1, 1]; with both flags at 12+: all but [6, 6]
        both = {"auto_success_on_2": True, "auto_fail_on_12": True}
        assert G.score({"flags": both, "target": -2})["p_success"] == "1/36"
        assert G.score({"flags": both, "target": 15})["p_success"] == "35/36"

    def test_double_one_and_double_six(self) -> None:
        assert G.score({"flags": {"auto_success_on_2": True}, "target": -2, "roll": [1, 1]})["success"] is True
        assert G.score({"flags": {"auto_success_on_2": True}, "target": -2, "roll": [1, 2]})["success"] is False
        assert G.score({"flags": {"auto_fail_on_12": True}, "target": 15, "roll": [6, 6]})["success"] is False
        assert G.score({"flags": {"auto_fail_on_12": True}, "target": 15, "roll": [6, 5]})["success"] is True
        assert G.score({"flags": {"auto_fail_on_12": True}, "target": 1, "roll": [1, 1]})["success"] is False
        assert G.score({"flags": {"auto_success_on_2": True}, "target": 13, "roll": [6, 6]})["success"] is True

    def test_a_played_roll_names_the_flag_that_decided_it(self) -> None:
        state = roll_once(check(1, flags={"auto_success_on_2": True}, rolls=[[1, 1]]))
        assert state.last.success is True and "DICE-CHECK-3" in state.log[-1].rule_ids
        state = roll_once(check(12, flags={"auto_fail_on_12": True}, rolls=[[6, 6]]))
        assert state.last.success is False and "DICE-CHECK-3" in state.log[-1].rule_ids
        state = roll_once(check(7, flags={"auto_fail_on_12": True}, rolls=[[6, 6]]))   # fails by its total anyway
        assert state.last.success is False

    def test_flag_values_are_checked(self) -> None:
        for bad in ({"auto_success_on_2": "yes"}, {"auto_fail_on_12": 1}, {"players": 1}):
            with pytest.raises(FlagError) as info:
                G.score({"flags": bad, "target": 7})
            assert info.value.path.startswith("setup.flags."), str(info.value)
        flags = G.flags({})
        assert flags.auto_success_on_2 is False and flags.auto_fail_on_12 is False


# =========================================================================== DICE-CHECK-4
class TestSameRuleEverywhere:
    def test_every_check_of_a_series_uses_the_one_rule(self) -> None:
        """DICE-CHECK-4: operation and combat mode check alike; the engine has one check, and a
        series of checks (``next_hand``) judges each roll by DICE-CHECK-1 against the same target."""
        rolls = [[1, 2], [6, 6], [3, 4], [4, 4], [2, 5]]
        state = check(7, rolls=rolls)
        for roll in rolls:
            state = roll_once(state)
            assert state.last.success is (sum(roll) <= 7) and state.last.target == 7
            state = G.next_hand(state)
            assert state.phase == "check" and state.target == 7
        assert [r.success for r in state.rolls] == [True, False, True, False, True]
        assert G.session(state)["checks"] == 5 and G.session(state)["successes"] == 3

    def test_the_catalog_has_every_rule(self) -> None:
        assert {"DICE-CHECK-1", "DICE-CHECK-2", "DICE-CHECK-3", "DICE-CHECK-4",
                "DICE-FLAG-auto_success_on_2", "DICE-FLAG-auto_fail_on_12"} <= set(rules_by_id("dice"))


# =========================================================================== actions
class TestActions:
    def test_the_actions_of_a_check(self) -> None:
        state = G.new_game(G.flags({}), 1)
        assert state.target == 7 and state.phase == "check" and G.to_act(state) == 0
        got = [G.action_to_json(a) for a in G.legal_actions(state, 0)]
        # every target from 1 to 12 but the one set, and the roll
        assert got == [{"set_target": t} for t in range(1, 13) if t != 7] + [{"roll": True}]
        for a in G.legal_actions(state, 0):
            v = G.explain(state, a, 0)
            assert v.legal and set(v.rule_ids) == {"DICE-CHECK-1", "DICE-CHECK-2"}

    @pytest.mark.parametrize("target", range(1, 13))
    def test_set_target(self, target: int) -> None:
        state = check(5 if target != 5 else 6)
        after = G.apply(state, act({"set_target": target}), 0)
        assert after.target == target and after.phase == "check"
        assert G.score({"flags": {}, "target": target})["p_success"] == f"{c(target)}/36"
        v = G.explain(state, act({"set_target": target}), 0)
        assert f"{c(target)}/36" in v.text("en")

    def test_a_roll_ends_the_check(self) -> None:
        state = roll_once(check(7, rolls=[[2, 3]]))
        assert G.legal_actions(state, 0) == [] and G.to_act(state) is None
        refuse(state, {"roll": True})                   # rolling twice
        refuse(state, {"set_target": 4})

    @pytest.mark.parametrize("value", [0, 13, -1, 100, "5", True, None, 5.5])
    def test_targets_outside_1_to_12_are_refused(self, value: Any) -> None:
        refuse(check(7), {"set_target": value})

    def test_the_same_target_again_is_refused(self) -> None:
        refuse(check(7), {"set_target": 7})

    @pytest.mark.parametrize("value", [False, 1, "true", None])
    def test_roll_is_written_true(self, value: Any) -> None:
        refuse(check(7), {"roll": value})

    def test_other_actions_and_seats(self) -> None:
        state = check(7)
        refuse(state, "PASS")
        refuse(state, {"target": 5})
        refuse(state, ["S-2"])
        refuse(state, {"roll": True}, seat=1)
        refuse(state, {"roll": True}, in_turn=False)
        assert G.legal_actions(state, 1) == [] and G.legal_actions(state, 0, in_turn=False) == []

    def test_unreadable_actions(self) -> None:
        with pytest.raises(ActionError):
            act({"roll": True, "set_target": 3})


# =========================================================================== dice and series
class TestRolls:
    def test_the_same_seed_rolls_the_same_dice(self) -> None:
        def series(seed: Any, n: int = 12) -> list[tuple[int, int]]:
            state = G.new_game(G.flags({}), seed)
            out = []
            for _ in range(n):
                state = roll_once(state)
                out.append(state.last.dice)
                state = G.next_hand(state)
            return out

        a, b = series(17), series(17)
        assert a == b
        assert all(1 <= d <= 6 for roll in a for d in roll)
        assert len(set(a)) > 1, "the k-th roll of a series changes with k"
        assert series(18) != a and series("share-link") == series("share-link")

    def test_a_setup_with_a_seed_rolls_as_the_new_game(self) -> None:
        assert roll_once(check(7, seed=99)).last.dice == roll_once(G.new_game(G.flags({}), 99)).last.dice

    def test_the_dice_are_fair_enough(self) -> None:
        seen = set()
        totals = []
        for seed in range(600):
            dice = roll_once(G.new_game(G.flags({}), seed)).last.dice
            seen.add(dice)
            totals.append(sum(dice))
        assert seen == set(ROLLS)    # all 36 outcomes turn up
        assert 6.5 < sum(totals) / len(totals) < 7.5

    def test_scripted_rolls_then_seeded_ones(self) -> None:
        state = check(9, rolls=[[6, 6], [1, 1]], seed=4)
        state = roll_once(state)
        assert state.last.dice == (6, 6) and state.last.success is False
        state = roll_once(G.next_hand(state))
        assert state.last.dice == (1, 1) and state.last.success is True
        third = roll_once(G.next_hand(state)).last.dice
        # the third roll is the seed's third: a series from the same seed rolls it at k = 2 too
        s = G.new_game(G.flags({}), 4)
        for _ in range(3):
            s = roll_once(s)
            last = s.last.dice
            s = G.next_hand(s)
        assert third == last

    def test_next_hand_keeps_the_target(self) -> None:
        state = G.apply(check(7), act({"set_target": 4}), 0)
        state = roll_once(state)
        nxt = G.next_hand(state)
        assert nxt.phase == "check" and nxt.target == 4 and len(nxt.rolls) == 1
        assert G.next_hand(nxt) is nxt     # not rolled yet: nothing to start
        assert not G.game_over(nxt)

    def test_a_setup_with_a_roll_is_a_rolled_check(self) -> None:
        state = check(5, roll=[2, 3])
        assert state.phase == "score" and state.last.success is True and state.result == {"success": True, "total": 5}
        state = check(4, roll=[2, 3])
        assert state.last.success is False

    @pytest.mark.parametrize("bad,path", [
        ({"flags": {}, "target": 41}, "setup.target"),
        ({"flags": {}, "target": "7"}, "setup.target"),
        ({"flags": {}}, "setup.target"),
        ({"flags": {}, "target": 7, "roll": [0, 3]}, "setup.roll[0]"),
        ({"flags": {}, "target": 7, "roll": [1, 2, 3]}, "setup.roll"),
        ({"flags": {}, "target": 7, "rolls": [[1, 2], [7, 1]]}, "setup.rolls[1][0]"),
        ({"flags": {}, "target": 7, "rolls": "1,2"}, "setup.rolls"),
        ({"flags": {}, "target": 7, "extra": 1}, "setup.extra"),
    ])
    def test_malformed_setups(self, bad: dict, path: str) -> None:
        with pytest.raises(ScenarioError) as info:
            G.from_setup(bad)
        assert info.value.path == path, str(info.value)

    @pytest.mark.parametrize("bad,path", [
        ({"flags": {}, "target": 7, "roll": [7, 1]}, "setup.roll[0]"),
        ({"flags": {}, "target": True}, "setup.target"),
        ({"flags": {}, "target": 7, "rolls": []}, "setup.rolls"),
    ])
    def test_malformed_score_facts(self, bad: dict, path: str) -> None:
        with pytest.raises(ScenarioError) as info:
            G.score(bad)
        assert info.value.path == path, str(info.value)
