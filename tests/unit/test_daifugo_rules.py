"""Daifugo's base game (issue 16, part 1): the engine before it joins the registry.

The shared golden cases of the base preset run through the generic runner's kinds with this
game object; the rules the spec names get a test each (more come with the registration)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.actions import PASS, parse_action
from tutor.errors import FlagError
from tutor.game import IllegalAction
from tutor.golden import run_legal, run_steps
from tutor.games.daifugo import GAME as G

GOLDEN = Path(__file__).resolve().parents[2] / "rules" / "golden" / "daifugo.json"
BASE_CASES = [c for c in json.loads(GOLDEN.read_text("utf-8")) if c["setup"].get("flags", {}).get("preset") == "base"]


@pytest.mark.parametrize("case", BASE_CASES, ids=[c["id"] for c in BASE_CASES])
def test_golden_base_case(case):
    (run_legal if case["kind"] == "legal" else run_steps)(G, case)


def test_the_player_count_must_suit_the_preset():  # DFG-SETUP-1
    with pytest.raises(FlagError):
        G.flags({"preset": "base", "players": 7})  # the ordinary game is for 3 to 6
    with pytest.raises(FlagError) as err:
        G.flags({"players": 3})  # the cut-in game (the default) for 4 to 8
    assert "from 4 to 8" in str(err.value)


def setup(hands, trick=(), to_act=0, **extra):
    return G.from_setup({"flags": {"players": 4, "preset": "base", **extra.pop("flags", {})}, "phase": "play",
                         "to_act": to_act, "hands": hands, "trick": list(trick), **extra})


def play(state, seat, cards):
    return G.apply(state, parse_action(cards), seat)


def test_everyone_else_passing_flows_the_field_to_the_top_owner():  # DFG-FLOW-1
    s = setup({"0": ["S-5", "H-9"], "1": ["S-4", "D-6"], "2": ["C-3", "C-6"], "3": ["D-3", "H-4"]})
    s = play(s, 0, ["S-5"])
    for seat in (1, 2, 3):
        s = G.apply(s, PASS, seat)
    assert s.trick == () and s.to_act == 0 and any(e.key == "dfg.event.flow" for e in s.log)


def test_the_leader_may_not_pass():  # DFG-PASS-1 (engine: passing answers a play)
    s = setup({"0": ["S-5", "H-9"]})
    assert PASS not in G.legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        G.apply(s, PASS, 0)
    assert err.value.verdict.key == "dfg.lead_must_play"


def test_an_eight_cut_flows_and_its_player_leads_again():  # DFG-EIGHT-1
    s = setup({"0": ["S-8", "H-9", "C-4"]}, trick=[{"seat": 3, "cards": ["S-5"]}])
    s = play(s, 0, ["S-8"])
    assert s.trick == () and s.to_act == 0


def test_a_returned_spade_three_cannot_be_beaten_in_turn():  # DFG-S3-1
    s = setup({"0": ["S-3", "H-9"], "1": ["H-4", "D-2"]}, trick=[{"seat": 3, "cards": ["JOKER"]}])
    s = play(s, 0, ["S-3"])
    assert G.legal_actions(s, 1) == [PASS]


def test_the_first_out_takes_first_place_and_the_last_holder_the_last():  # DFG-OUT-1, DFG-OUT-2, DFG-TITLE-1
    s = setup({"0": ["S-9"], "1": ["S-4"], "2": ["S-5"], "3": ["S-6"]}, trick=[])
    s = play(s, 0, ["S-9"])
    assert s.places[0] == 1 and s.to_act == 1
    for seat in (1, 2, 3):
        s = G.apply(s, PASS, seat)
    # seat 0 is out: the next active player after it leads (DFG-FLOW-1)
    assert s.to_act == 1
    s = play(s, 1, ["S-4"])
    s = play(s, 2, ["S-5"])
    assert s.phase == "score" and s.places == (1, 2, 3, 4)
    assert s.result["titles"] == {"0": "daifugo", "1": "fugo", "2": "hinmin", "3": "daihinmin"}


def test_miyako_ochi_sends_the_old_daifugo_to_last_place():  # DFG-MIYAKO-1
    s = setup({"0": ["S-9", "H-9"], "1": ["S-4"], "2": ["S-5", "C-5"], "3": ["S-6", "C-6"]}, to_act=1,
              game_no=2, previous_places={"0": 1, "1": 2, "2": 3, "3": 4})
    s = play(s, 1, ["S-4"])
    assert s.places[1] == 1 and s.places[0] == 4 and 0 in s.eliminated and not s.hands[0]


def test_a_whole_session_deals_exchanges_and_plays_to_the_end():  # DFG-EXCH-1, DFG-NEXT-1
    from tutor.bots import heuristic_choice
    s = G.new_game(G.flags({"preset": "base", "players": 4}), 7)
    for game_no in (1, 2):
        for _ in range(500):
            if s.phase == "score":
                break
            s = G.apply(s, heuristic_choice(G, s, s.to_act).action, s.to_act)
        assert s.phase == "score" and sorted(s.places) == [1, 2, 3, 4]
        assert len(G.all_cards(s)) == 53  # the last player keeps what it could not play
        if game_no == 1:
            s = G.next_hand(s)
            assert s.phase == "exchange" and s.game_no == 2
    assert any(e.key == "dfg.event.gives" for e in s.log)


def test_a_scenario_field_with_passes_loads_as_if_played():  # DFG-PASS-1 in a written field
    hands = {"0": ["S-5", "H-9"], "1": ["S-4", "D-6"], "2": ["C-3", "C-6"], "3": ["D-3", "H-4"]}
    written = setup(hands, trick=[{"seat": 3, "cards": ["H-3"]}, {"seat": 0, "action": "PASS"}], to_act=1)
    assert written.to_act == 1 and len(written.trick) == 2
    assert G.legal_actions(written, 1) == [PASS, parse_action(["S-4"]), parse_action(["D-6"])]
