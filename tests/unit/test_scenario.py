"""Scenario loading (rules/README.md §4.2): every validation error names its JSON path."""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

from tutor.cards import Card
from tutor.errors import FlagError, ScenarioError
from tutor.scenario import load_scenario, load_scenario_file
from unit_helpers import GAME, REPO, cards, deck_counter, passed, play


def scenario(**overrides):
    data = {"game": "doudizhu", "flags": {"players": 3}, "phase": "play", "to_act": 1,
            "hands": {"1": cards("S-6 H-6 S-9")}, "trick": []}
    for key, value in overrides.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def error_of(**overrides) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        load_scenario(scenario(**overrides))
    assert isinstance(info.value, ValueError)
    return info.value


class TestCardErrors:
    def test_unknown_card_names_its_path(self):
        err = error_of(hands={"1": cards("S-3 H-3 D-3 S-11")})
        assert str(err) == 'hands.1[3]: unknown card "S-11"'
        assert err.path == "hands.1[3]"

    def test_ten_is_never_t(self):
        assert str(error_of(hands={"1": cards("S-3 H-T")})) == 'hands.1[1]: unknown card "H-T"'

    def test_card_more_often_than_the_deck_holds_it(self):
        err = error_of(hands={"1": cards("S-3 S-3")})
        assert err.path == "hands.1[1]" and '"S-3"' in str(err) and "1 copy" in str(err)
        err = error_of(flags={"players": 4}, hands={"1": cards("S-3 S-3 S-3")})
        assert err.path == "hands.1[2]" and "2 copies" in str(err)

    def test_same_card_in_two_places(self):
        err = error_of(hands={"1": cards("S-5 S-9")}, trick=[play(0, "S-5 H-5")])
        assert err.path == "trick[0].cards[0]" and '"S-5"' in str(err)
        err = error_of(hands={"0": cards("BJ"), "1": cards("BJ")}, to_act=0)
        assert err.path == "hands.1[0]"

    def test_card_of_another_game(self):
        err = error_of(hands={"1": cards("S-3 PHOENIX")})
        assert err.path == "hands.1[1]" and "PHOENIX" in str(err)
        err = error_of(hands={"1": cards("JOKER")})
        assert err.path == "hands.1[0]"

    def test_declared_card_in_a_hand(self):
        err = error_of(hands={"1": ["S-3", "JOKER=H-7"]})
        assert err.path == "hands.1[1]" and "declared" in str(err)

    def test_hand_must_be_a_list(self):
        err = error_of(hands={"1": "S-3"})
        assert err.path == "hands.1" and "list" in str(err)

    @pytest.mark.parametrize("seat", ["3", "x", "-1"])
    def test_hand_key_must_be_a_seat(self, seat):
        assert error_of(hands={seat: ["S-3"]}).path == f"hands.{seat}"


class TestFlagsAndKeys:
    def test_unknown_flag(self):
        err = error_of(flags={"players": 3, "jokers_wild": True})
        assert isinstance(err, FlagError)
        assert err.path == "flags.jokers_wild" and 'unknown flag "jokers_wild"' in str(err)

    @pytest.mark.parametrize("flags, path", [
        ({"players": 5}, "flags.players"),
        ({"players": "3"}, "flags.players"),
        ({"players": True}, "flags.players"),
        ({"players": 3, "spring": 1}, "flags.spring"),
        ({"players": 3, "first_bidder": "dealer"}, "flags.first_bidder"),
    ])
    def test_bad_flag_value(self, flags, path):
        err = error_of(flags=flags)
        assert isinstance(err, FlagError) and err.path == path

    def test_flags_must_be_an_object(self):
        assert error_of(flags=[3]).path == "flags"

    def test_unknown_top_level_key(self):
        err = error_of(handz={})
        assert err.path == "handz" and 'unknown key "handz"' in str(err)

    @pytest.mark.parametrize("key", ["flags", "phase", "to_act", "hands"])
    def test_missing_required_key(self, key):
        err = error_of(**{key: None})
        assert err.path == key and "missing" in str(err)

    def test_trick_required_in_play(self):
        err = error_of(trick=None)
        assert err.path == "trick" and "missing" in str(err)

    @pytest.mark.parametrize("phase", ["score", "deal", "kitty", "PLAY", 1])
    def test_bad_phase(self, phase):
        err = error_of(phase=phase)
        assert err.path == "phase"

    @pytest.mark.parametrize("to_act", [3, -1, "1", None, True, 1.0])
    def test_to_act_out_of_range(self, to_act):
        data = scenario()
        data["to_act"] = to_act
        with pytest.raises(ScenarioError) as info:
            load_scenario(data)
        assert info.value.path == "to_act"

    def test_to_act_range_follows_players(self):
        err = error_of(flags={"players": 4}, to_act=4)
        assert err.path == "to_act" and "0-3" in str(err)

    def test_not_an_object(self):
        with pytest.raises(ScenarioError):
            load_scenario(["doudizhu"])

    def test_unknown_and_missing_game(self):
        data = scenario()
        data["game"] = "chess"
        with pytest.raises(ScenarioError) as info:
            load_scenario(data)
        assert info.value.path == "game" and "chess" in str(info.value)
        data.pop("game")
        with pytest.raises(ScenarioError) as info:
            load_scenario(data)
        assert info.value.path == "game"

    def test_game_not_built_yet(self, unbuilt_game):
        data = scenario()
        data["game"] = unbuilt_game
        with pytest.raises(ScenarioError) as info:
            load_scenario(data)
        assert info.value.path == "game" and "not supported yet" in str(info.value)

    def test_kitty_size(self):
        err = error_of(kitty=["S-3"])
        assert err.path == "kitty" and "3" in str(err)

    def test_cards_held_must_be_positive(self):
        assert error_of(cards_held={"1": 0}).path == "cards_held.1"
        assert error_of(cards_held={"1": 2}).path == "cards_held.1"  # fewer than the 3 listed


class TestTrick:
    def test_play_that_is_not_a_combination(self):
        err = error_of(hands={}, trick=[play(0, "S-3 H-4")])
        assert err.path == "trick[0].cards" and "not a combination" in str(err)

    def test_play_not_of_the_stated_type(self):
        err = error_of(hands={}, trick=[play(0, "S-5", "pair")])
        assert err.path == "trick[0].cards"

    def test_unknown_type(self):
        err = error_of(hands={}, trick=[play(0, "S-5", "straight")])
        assert err.path == "trick[0].type"

    def test_play_that_does_not_beat_the_one_before(self):
        err = error_of(hands={}, trick=[play(0, "S-5 H-5"), play(1, "S-4 H-4")], to_act=2)
        assert err.path == "trick[1].cards" and "does not beat" in str(err)

    def test_inconsistent_to_act(self):
        err = error_of(hands={}, trick=[play(0, "S-5 H-5")], to_act=2)
        assert err.path == "to_act" and "seat 1" in str(err)

    def test_ambiguous_play_needs_its_type(self):  # DDZ-CMP-6
        planes = "S-3 H-3 D-3 S-4 H-4 D-4 S-5 H-5 D-5 S-6 H-6 D-6"
        flags = {"players": 3, "kickers_may_repeat": True}
        err = error_of(flags=flags, hands={}, trick=[play(0, planes)])
        assert err.path == "trick[0].type" and "type" in str(err)
        _, state = load_scenario(scenario(flags=flags, hands={}, trick=[play(0, planes, "airplane")]))
        assert state.top().combo.type == "airplane"
        _, state = load_scenario(scenario(flags=flags, hands={}, trick=[play(0, planes, "airplane_single_wings")]))
        assert state.top().combo.type == "airplane_single_wings"

    def test_trick_cannot_open_with_a_pass(self):
        err = error_of(hands={}, trick=[passed(0)], to_act=1)
        assert err.path == "trick[0]"

    def test_trick_entry_keys(self):
        assert error_of(hands={}, trick=[{"seat": 0, "cards": ["S-5"], "rank": "5"}]).path == "trick[0].rank"
        assert error_of(hands={}, trick=[{"seat": 0, "action": "bid"}]).path == "trick[0].action"
        assert error_of(hands={}, trick=[{"seat": 0, "cards": ["S-5"], "in_turn": False}]).path == "trick[0].in_turn"
        assert error_of(hands={}, trick=[{"seat": 5, "cards": ["S-5"]}]).path == "trick[0].seat"

    def test_trick_entries_follow_turn_order(self):  # README §2, DDZ-PLAY-2: a trick that could not happen
        for trick in ([play(0, "S-5 H-5"), play(2, "S-6 H-6")],  # seat 1 skipped
                      [play(0, "S-5 H-5"), play(0, "S-6 H-6")]):  # seat 0 twice in a row
            data = scenario(hands={}, trick=trick, to_act=(trick[-1]["seat"] + 1) % 3)
            with pytest.raises(ScenarioError) as info:
                load_scenario(data)
            assert info.value.path.startswith("trick[1]"), str(info.value)

    def test_open_trick(self):
        _, state = load_scenario(scenario(hands={}, trick=[play(0, "S-5 H-5"), passed(1)], to_act=2))
        assert state.to_act == 2 and len(state.trick) == 2 and not GAME.trick_over(state)
        assert [e["seat"] for e in GAME.trick_entries(state)] == [0, 1]

    def test_finished_trick_settles_to_the_winner_leading(self):  # DDZ-PLAY-4, README §4.2 timing
        trick = [play(0, "S-5 H-5"), play(1, "S-7 H-7"), passed(2), passed(0)]
        _, state = load_scenario(scenario(hands={"1": cards("S-9 S-K")}, trick=trick, to_act=1))
        assert state.to_act == 1 and state.trick == () and GAME.trick_over(state)
        assert "PASS" not in [GAME.action_to_json(a) for a in GAME.legal_actions(state)]
        err = error_of(hands={}, trick=trick, to_act=2)
        assert err.path == "to_act"

    def test_four_players_finish_a_trick_after_three_passes(self):
        trick = [play(0, "S-5 H-5"), passed(1), passed(2)]
        _, state = load_scenario(scenario(flags={"players": 4}, hands={}, trick=trick, to_act=3))
        assert state.to_act == 3 and len(state.trick) == 3
        _, state = load_scenario(scenario(flags={"players": 4}, hands={}, trick=trick + [passed(3)], to_act=0))
        assert state.to_act == 0 and state.trick == ()


class TestAuctionSetup:
    def auction(self, entries, to_act, players=3):
        return scenario(flags={"players": players}, phase="auction", to_act=to_act, hands={}, trick=None,
                        auction=entries)

    def test_replayed_auction(self):
        _, s = load_scenario(self.auction([{"seat": 2, "action": {"bid": 1}}, {"seat": 0, "action": "PASS"}], 1))
        assert s.phase == "auction" and s.to_act == 1 and s.bid == 1 and s.high_bidder == 2

    def test_illegal_auction_entry(self):
        with pytest.raises(ScenarioError) as info:
            load_scenario(self.auction([{"seat": 0, "action": {"bid": 2}}, {"seat": 1, "action": {"bid": 1}}], 2))
        assert info.value.path == "auction[1]"

    def test_auction_over_is_not_an_auction_position(self):
        with pytest.raises(ScenarioError) as info:
            load_scenario(self.auction([{"seat": 0, "action": {"bid": 3}}], 1))
        assert info.value.path == "auction[0]"

    def test_to_act_after_the_auction(self):
        with pytest.raises(ScenarioError) as info:
            load_scenario(self.auction([{"seat": 0, "action": "PASS"}], 2))
        assert info.value.path == "to_act" and "seat 1" in str(info.value)

    def test_unreadable_auction_action(self):
        with pytest.raises(ScenarioError) as info:
            load_scenario(self.auction([{"seat": 0, "action": "FOLD"}], 1))
        assert info.value.path == "auction[0].action"

    def test_given_kitty_stays_apart_until_the_auction_ends(self):
        kitty = cards("BJ RJ S-2")
        data = self.auction([], 0)
        data["kitty"] = kitty
        game, s = load_scenario(data)
        assert Counter(str(c) for c in s.kitty) == Counter(kitty)
        assert all(Card.parse(t) not in h for h in s.hands for t in kitty)
        s = game.apply(s, game.parse_action({"bid": 3}), 0)
        assert not (Counter(Card.parse(t) for t in kitty) - Counter(s.hands[0]))


class TestFillingUnknownHands:
    def test_known_hand_is_kept_and_others_are_filled(self):
        _, s = load_scenario(scenario(hands={"1": cards("S-6 H-6 S-9")}, trick=[play(0, "S-5 H-5")]))
        assert Counter(s.hands[1]) == Counter(Card.parse(t) for t in cards("S-6 H-6 S-9"))
        assert all(1 <= len(h) <= 20 for h in s.hands)
        placed = Counter(c for h in s.hands for c in h) + Counter(c for e in s.trick for c in e.cards)
        assert not (placed - deck_counter(3)), "a card appears twice"
        trick_cards = {Card.parse("S-5"), Card.parse("H-5")}
        assert not any(c in trick_cards for h in s.hands for c in h)

    @pytest.mark.parametrize("players", [3, 4])
    def test_auction_position_is_a_full_deal(self, players):  # DDZ-DEAL-1 (golden DDZ-G-09 uses hands {})
        data = scenario(flags={"players": players}, phase="auction", to_act=0, hands={}, trick=None)
        _, s = load_scenario(data)
        size, kitty = (17, 3) if players == 3 else (25, 8)
        assert [len(h) for h in s.hands] == [size] * players
        assert len(s.kitty) == kitty
        assert Counter(GAME.all_cards(s)) == deck_counter(players)

    @pytest.mark.parametrize("players", [3, 4])
    def test_unknown_bidders_get_a_full_hand(self, players):  # DDZ-DEAL-1: nothing is played before the auction
        data = scenario(flags={"players": players}, phase="auction", to_act=0, hands={"0": cards("BJ RJ S-2")},
                        trick=None)
        _, s = load_scenario(data)
        size, kitty = (17, 3) if players == 3 else (25, 8)
        assert Counter(str(c) for c in s.hands[0]) == Counter(cards("BJ RJ S-2"))
        assert [len(h) for h in s.hands][1:] == [size] * (players - 1)
        assert len(s.kitty) == kitty
        assert not (Counter(GAME.all_cards(s)) - deck_counter(players))

    def test_cards_held(self):
        _, s = load_scenario(scenario(hands={"1": cards("S-6 H-6 S-9")}, cards_held={"1": 5, "2": 4}))
        assert [len(h) for h in s.hands][1:] == [5, 4]
        assert Counter(s.hands[1]) >= Counter(Card.parse(t) for t in cards("S-6 H-6 S-9"))

    def test_filling_is_deterministic(self):
        a = load_scenario(scenario())[1]
        b = load_scenario(scenario())[1]
        assert a.hands == b.hands

    def test_every_card_is_in_exactly_one_place(self):
        """The state built from a play scenario holds the whole deck: hands, the trick on the table
        and the cards played before (all_cards is the conservation check; README §4.2 lets the
        runner put unknown cards anywhere, but somewhere)."""
        for data in (scenario(), scenario(hands={"1": cards("S-6 H-6 S-9")}, trick=[play(0, "S-5 H-5")]),
                     scenario(flags={"players": 4}, hands={"0": cards("S-3")}, to_act=0, landlord=0)):
            _, s = load_scenario(data)
            players = data["flags"]["players"]
            assert Counter(GAME.all_cards(s)) == deck_counter(players)


ADVANCE_SCRIPT = """
from tutor.scenario import load_scenario
game, s = load_scenario({"game": "doudizhu", "flags": {"players": 3, "no_shuffle": True}, "phase": "play",
                         "to_act": 0, "hands": {"0": ["S-3"]}, "trick": [], "landlord": 0})
s = game.apply(s, game.parse_action(["S-3"]), 0)
s = game.advance(s)
print(sorted(len(h) for h in s.hands), len(s.kitty))
"""


@pytest.mark.cpython_only
def test_next_deal_after_a_scenario_round_with_no_shuffle():
    """DDZ-FLAG-no_shuffle, DDZ-NEXT-1: a lesson played to the end must deal the next round."""
    try:
        proc = subprocess.run([sys.executable, "-c", ADVANCE_SCRIPT], cwd=REPO, capture_output=True, text=True,
                              timeout=8)
    except subprocess.TimeoutExpired:
        pytest.fail("advance() did not return within 8 s (no_shuffle deal from a scenario round)")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["[17,", "17,", "17]", "3"]


class TestScenarioFiles:
    def test_missing_file(self, tmp_path):
        path = tmp_path / "nope.json"
        with pytest.raises(ScenarioError) as info:
            load_scenario_file(str(path))
        assert info.value.path == str(path) and "cannot read" in str(info.value)

    def test_bad_json(self, tmp_path):
        path = tmp_path / "bad.json"
        path.write_text("{\"game\": ", encoding="utf-8")
        with pytest.raises(ScenarioError) as info:
            load_scenario_file(str(path))
        assert info.value.path == str(path) and "not JSON" in str(info.value)

    def test_good_file(self, tmp_path):
        path = tmp_path / "ok.json"
        path.write_text(json.dumps(scenario()), encoding="utf-8")
        game, state = load_scenario_file(str(path))
        assert game is GAME and state.to_act == 1


def test_a_seat_key_in_digits_of_another_script_is_named_not_a_crash():
    """A fuzz find: "¹" and "٣" are digits to ``str.isdigit`` but not to ``int``; a seat key must
    be ASCII digits, and anything else is named as no seat."""
    from tutor.errors import ScenarioError
    from tutor.scenario import parse_seat_map
    import pytest
    for key in ("¹", "٣", "３"):
        with pytest.raises(ScenarioError) as err:
            parse_seat_map({key: None}, "captured_points", 4)
        assert "not a seat of a 4-player game" in str(err.value.text("en"))
