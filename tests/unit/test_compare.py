"""One position under two sets of rules (tutor/compare.py, bridge ops ``rule_changes`` and
``compare``; issue 23): the same position under the other rule, what changed, the positions the
other rule cannot hold and why, and bad requests."""
from __future__ import annotations

import dataclasses

import pytest

from tutor.actions import parse_action
from tutor.api import handle
from tutor.compare import changes, compare
from tutor.errors import FlagError
from tutor.game import evolve
from tutor.quiz.positions import play_hand
from tutor.registry import SITE_NAMES, find_game
from tutor.rng import Rng

pytestmark = pytest.mark.cpython_only  # hundreds of positions: the browser tests run it in Pyodide

DFG = find_game("daifugo")
DDZ = find_game("doudizhu")


def dfg(hands, trick=(), to_act=0, **extra):
    return DFG.from_setup({"flags": {"players": 4, "preset": "base", **extra.pop("flags", {})}, "phase": "play",
                           "to_act": to_act, "hands": hands, "trick": list(trick), **extra})


@pytest.mark.parametrize("name", list(SITE_NAMES))
def test_every_change_offered_compares_without_fail(name):
    """Every game, positions along seeded hands, every change the page offers there: a comparison
    of one of the documented shapes, never a crash; the counts are those the engine lists."""
    game = find_game(name)
    seen = set()
    for seed in range(3):
        hand = play_hand(game, Rng(f"compare:{name}:{seed}"))
        for point in hand.points[:: max(1, len(hand.points) // 6)]:
            offered = changes(game, point.state)
            assert set(offered) == {"flags", "presets", "values"}
            for change in offered["flags"] + [{"preset": p} for p in offered["presets"]]:
                out = compare(game, point.state, point.seat, change, "en", focus=point.action, in_turn=point.in_turn)
                if "cannot" in out:
                    assert out["cannot"]["text"] and not out["cannot"]["legal"]
                    seen.add("cannot")
                    continue
                if out.get("same_rules"):
                    seen.add("same_rules")
                    continue
                assert out["changed"], change
                if out["chosen"]:  # a choice of cards: nothing listed, the focus compared
                    assert out["this"]["count"] is None and out["this"]["legal"] == [] and out["same"] is not True
                else:
                    assert out["this"]["count"] >= len(out["this"]["legal"])
                if point.action is not None:  # the move made there was legal under the rules in force
                    assert out["focus"]["this"]["legal"] or game.announcement(
                        point.state, point.action, point.seat, point.in_turn) is not None
                seen.add("same" if out["same"] else "differs")
    assert seen & {"same", "differs"}


def test_a_choice_of_cards_is_compared_by_the_cards_in_focus():  # SJ-KITTY-2: 6 of 18, 18,564 ways
    shengji = find_game("shengji")
    hand = play_hand(shengji, Rng("bury"), preset="seed")
    point = next(p for p in hand.points if p.state.phase == "bury")
    out = compare(shengji, point.state, point.seat, {"flag": "kitty_multiplier", "value": 3}, "en", focus=point.action)
    assert out["chosen"] and out["this"]["count"] is None and out["lost"] == out["gained"] == []
    assert out["focus"]["this"]["legal"] and out["focus"]["other"]["legal"]


def test_a_flag_value_in_force_is_no_change():
    state = dfg({"0": ["S-8", "H-9"]})
    assert compare(DFG, state, 0, {"flag": "eight_cut", "value": True})["same_rules"] is True


def test_eight_cut_switched_off_the_same_play_leads_elsewhere():  # DFG-EIGHT-1
    state = dfg({"0": ["S-8", "H-9", "C-4"], "1": ["D-10"], "2": ["C-3"], "3": ["H-4"]},
                trick=[{"seat": 3, "cards": ["S-5"]}])
    out = compare(DFG, state, 0, {"flag": "eight_cut", "value": False}, "en", focus=parse_action(["S-8"]))
    assert out["changed"] == ["eight_cut"]
    assert out["same"] is False and not out["lost"] and not out["gained"]  # the same plays are open
    focus = out["focus"]
    assert focus["this"]["legal"] and focus["other"]["legal"] and focus["differs"]  # legal both ways, said otherwise
    assert "DFG-EIGHT-1" in focus["this"]["rule_ids"] and "DFG-EIGHT-1" not in focus["other"]["rule_ids"]
    eight = next(a for a in out["apart"] if "8" in a["label"])
    assert eight is out["apart"][0]  # the move in focus first
    assert any("8-cut" in line for line in eight["this"]) and not any("8-cut" in line for line in eight["other"])


def test_a_binding_in_force_needs_its_rule():  # DFG-BIND-1
    open_field = dfg({"0": ["S-9", "H-9", "C-4"], "1": ["D-10"], "2": ["C-3"], "3": ["H-4"]},
                     trick=[{"seat": 3, "cards": ["S-6"]}])
    bound = evolve(open_field, bound=("S",))
    assert GAME_LEGAL(bound) < GAME_LEGAL(open_field)  # the binding keeps the heart out
    out = compare(DFG, bound, 0, {"flag": "suit_binding", "value": False}, "en")
    assert out["cannot"]["rule_ids"] == ["DFG-BIND-1"] and "binding" in out["cannot"]["text"]
    out = compare(DFG, open_field, 0, {"flag": "suit_binding", "value": False}, "en")
    assert "cannot" not in out  # no binding yet: the other rule holds the position


def GAME_LEGAL(state):
    return len(DFG.legal_actions(state, 0))


def test_a_revolution_in_force_cannot_stand_without_the_rule():  # DFG-REV-1
    state = dfg({"0": ["S-8", "H-9"]}, revolution=True)
    out = compare(DFG, state, 0, {"flag": "revolution", "value": False}, "en")
    assert out["cannot"]["rule_ids"] == ["DFG-REV-1"]
    assert "revolution" in out["cannot"]["text"]
    assert "革命" in compare(DFG, state, 0, {"flag": "revolution", "value": False}, "ja")["cannot"]["text"]


def test_another_table_holds_no_position():  # DFG-SETUP-1/2, DDZ-SETUP-1
    state = dfg({"0": ["S-8", "H-9"]})
    out = compare(DFG, state, 0, {"flag": "players", "value": 5}, "en")
    assert out["cannot"]["text"] == "This position is dealt for 4 players; under the other rule the game has 5."
    out = compare(DFG, state, 0, {"preset": "cutin"}, "en")  # the cut-in game: two decks
    assert "one deck" in out["cannot"]["text"] and out["cannot"]["rule_ids"] == ["DFG-SETUP-2"]
    ddz = DDZ.new_game(DDZ.flags({}), 1)
    assert "3 players" in compare(DDZ, ddz, 0, {"flag": "players", "value": 4}, "en")["cannot"]["text"]


def test_a_preset_switches_every_flag_it_names():
    state = DFG.new_game(DFG.flags({"preset": "cutin"}), 2)
    out = compare(DFG, state, state.to_act, {"preset": "cutin"}, "en")
    assert out.get("same_rules") is True
    shengji = find_game("shengji")
    one = shengji.new_game(shengji.flags({}), 3)
    assert "cannot" in compare(shengji, one, 0, {"preset": "two_decks"}, "en")  # SJ-2D-1: 108 cards


def test_kickers_that_repeat_are_gained_and_a_table_play_needs_its_rule():  # DDZ-COMBO-9, DDZ-COMBO-14
    hands = {"0": "S-3 H-3 D-3 C-3 S-9 H-9 S-K", "1": "S-5", "2": "S-6"}
    state = DDZ.from_setup({"phase": "play", "landlord": 0, "to_act": 0, "flags": {}, "trick": [],
                            "hands": {k: v.split() for k, v in hands.items()}})
    out = compare(DDZ, state, 0, {"flag": "kickers_may_repeat", "value": True}, "en")
    assert out["gained"] and not out["lost"] and out["same"] is False
    assert out["gained_count"] == len(out["gained"])
    loose = DDZ.from_setup({"phase": "play", "landlord": 0, "to_act": 1, "flags": {"kickers_may_repeat": True},
                            "hands": {"0": ["S-K"], "1": ["S-5"], "2": ["S-6"]},
                            "trick": [{"seat": 0, "cards": ["S-3", "H-3", "D-3", "C-3", "S-9", "H-9"],
                                       "type": "quad_two_singles"}]})
    out = compare(DDZ, loose, 1, {"flag": "kickers_may_repeat", "value": False}, "en")
    assert "DDZ-COMBO-14" in out["cannot"]["rule_ids"]


def test_tichu_exchange_and_grand_calls_need_their_rules():  # TICHU-EXCH-1, TICHU-GT-1
    tichu = find_game("tichu")
    state = tichu.new_game(tichu.flags({}), 4)
    assert state.phase == "grand_tichu"
    out = compare(tichu, state, 0, {"flag": "grand_tichu", "value": False}, "en")
    assert out["cannot"]["rule_ids"] == ["TICHU-GT-1"]


def test_a_bid_below_the_other_lowest_bid():  # NAP-BID-5
    nap = find_game("napoleon")
    hand = play_hand(nap, Rng("nap-bid"), preset="seed")
    standing = next(p.state for p in hand.points if p.state.phase == "auction" and p.state.bid is not None)
    higher = min(20, standing.bid[0] + 1)
    out = compare(nap, standing, standing.to_act, {"flag": "min_bid", "value": higher}, "en")
    assert out["cannot"]["rule_ids"] == ["NAP-BID-5"]


def test_the_offer_leaves_out_flags_without_a_say():
    shengji = find_game("shengji")
    two = shengji.new_game(shengji.flags({"decks": 2}), 1)
    names = {c["flag"] for c in changes(shengji, two)["flags"]}
    assert "multi_lead" not in names  # one deck's throws (SJ-COMBO-2 needs decks 1)
    assert "declare_override" in names
    values = changes(DFG, dfg({"0": ["S-3"]}))
    assert [c["value"] for c in values["flags"] if c["flag"] == "players"] == [3]  # one other table says it
    assert all(c["flag"] != "preset" for c in values["flags"])


def test_hidden_cards_never_decide_an_outcome_shown():
    """A move the hidden cards judge (a Shengji throw, SJ-THROW-2) is compared by its verdict
    only: what it leads to is never played out."""
    shengji = find_game("shengji")
    for seed in range(6):
        hand = play_hand(shengji, Rng(f"throws:{seed}"), preset="seed")
        for point in hand.points:
            if not point.in_turn or point.state.phase != "play":
                continue
            throws = [a for a in shengji.legal_actions(point.state, point.seat)
                      if shengji.announcement(point.state, a, point.seat) is not None]
            if not throws:
                continue
            out = compare(shengji, point.state, point.seat, {"flag": "throw_fail_penalty", "value": 10}, "en",
                          focus=throws[0])
            assert out["focus"]["label"] and all(a["label"] != out["focus"]["label"] for a in out["apart"])
            return
    pytest.fail("no throw met in six hands")


def test_bridge_ops_and_their_bad_requests():
    sid = handle({"op": "new", "game": "daifugo", "seed": 3, "preset": "base", "viewer": 0})["state"]
    offered = handle({"op": "rule_changes", "state": sid})
    assert offered["ok"] and offered["presets"] == ["cutin"]
    reply = handle({"op": "compare", "state": sid, "change": {"flag": "eight_cut", "value": False}, "lang": "ja"})
    assert reply["ok"] and reply["compare"]["changed"] == ["eight_cut"]
    for bad, path in [({"flag": "eight_cut"}, "change"), ({"flag": "nope", "value": 1}, "change.flag"),
                      ({"preset": "zzz"}, "change.preset"), ("eight_cut", "change")]:
        reply = handle({"op": "compare", "state": sid, "change": bad})
        assert reply["ok"] is False and reply["error_path"] == path, reply
    reply = handle({"op": "compare", "state": sid, "change": {"flag": "eight_cut", "value": "no"}})
    assert reply["ok"] is False and reply["error_path"] == "change.eight_cut"  # a value the flag never takes
    reply = handle({"op": "compare", "state": sid, "change": {"flag": "players", "value": 8}})
    assert reply["ok"] and "3 to 6" in reply["compare"]["cannot"]["text"]  # the ordinary game seats 3 to 6
    reply = handle({"op": "compare", "state": sid, "change": {"flag": "eight_cut", "value": False}, "seat": 2})
    assert reply["ok"] is False  # a viewer's session answers for the viewer only
    reply = handle({"op": "compare", "state": sid, "change": {"flag": "eight_cut", "value": False}, "in_turn": "yes"})
    assert reply["ok"] is False and reply["error_path"] == "in_turn"


def test_a_quiz_exercise_keeps_its_position():
    reply = handle({"op": "quiz", "game": "doudizhu", "kind": "legal", "seed": 2})
    assert reply["ok"] and isinstance(reply["state"], int) and reply["seat"] == reply["exercise"]["seat"]
    out = handle({"op": "compare", "state": reply["state"], "seat": reply["seat"],
                  "change": {"flag": "kickers_may_repeat", "value": True}})
    assert out["ok"] and "compare" in out


def test_the_state_compared_is_left_untouched():
    state = dfg({"0": ["S-8", "H-9", "C-4"], "1": ["D-10"], "2": ["C-3"], "3": ["H-4"]},
                trick=[{"seat": 3, "cards": ["S-5"]}])
    before = dataclasses.replace(state)
    compare(DFG, state, 0, {"flag": "eight_cut", "value": False}, "en", focus=parse_action(["S-8"]))
    assert state == before and state.flags.eight_cut is True
    with pytest.raises(FlagError):
        compare(DFG, state, 0, {"flag": "nope", "value": 1}, "en")
