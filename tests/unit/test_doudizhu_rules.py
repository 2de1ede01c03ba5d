"""Dou Dizhu as a state machine (doudizhu.md §1-§4, §7-§9): deal, auction, play, payment.

Positions come from literal scenarios (tutor.scenario) or from seeded deals; every expected
value is worked out from the spec by hand in the comments.
"""
from __future__ import annotations

import copy
import re
from collections import Counter
from itertools import product

import pytest

from tutor.actions import PASS, Decision, Play
from tutor.bots import heuristic_choice
from tutor.cards import Card
from tutor.game import IllegalAction
from tutor.games.doudizhu.combos import beats, card_rank, classify
from tutor.rng import Rng
from unit_helpers import GAME, act, apply_all, cards, ddz, deck_counter, dumps, key_of, legal_set, play

CARD_TOKEN = re.compile(r"(?<![A-Z0-9=-])(?:[SHDC]-(?:10|[2-9JQKA])|BJ|RJ)(?![A-Z0-9])")


def new(players=3, seed=1, **flags):
    return GAME.new_game(GAME.flags({"players": players, **flags}), seed)


def auction(players=3, to_act=0, **flags):
    """An auction position with an empty auction: ``to_act`` is the first bidder."""
    return ddz(players, phase="auction", to_act=to_act, flags=flags)


def bids(state, *moves):
    """Auction actions in turn order from the seat to act: ints are bids, "P" passes."""
    for m in moves:
        state = GAME.apply(state, PASS if m == "P" else Decision("bid", m), state.to_act)
    return state


def hand_of(state, seat) -> Counter:
    return Counter(state.hands[seat])


def verdict(state, data, seat=None):
    return GAME.explain(state, act(data), seat)


def play_round_with_bots(state):
    while not GAME.round_over(state):
        seat = GAME.to_act(state)
        state = GAME.apply(state, heuristic_choice(GAME, state, seat).action, seat)
    return state


# --------------------------------------------------------------------------- deal
class TestDeal:
    @pytest.mark.parametrize("players, hand, kitty", [(3, 17, 3), (4, 25, 8)])
    def test_hand_and_kitty_sizes(self, players, hand, kitty):  # DDZ-DEAL-1, DDZ-4P-5
        s = new(players, seed=11)
        assert s.phase == "auction"
        assert [len(h) for h in s.hands] == [hand] * players
        assert len(s.kitty) == kitty
        assert Counter(GAME.all_cards(s)) == deck_counter(players)  # DDZ-SETUP-2

    def test_same_seed_same_deal(self):
        a, b = new(seed="lesson-1"), new(seed="lesson-1")
        assert a.hands == b.hands and a.kitty == b.kitty and a.dealer == b.dealer and a.to_act == b.to_act
        assert new(seed=1).hands != new(seed=2).hands

    def test_first_dealer_is_random(self):  # DDZ-DEAL-2
        assert {new(seed=s).dealer for s in range(30)} == {0, 1, 2}

    @pytest.mark.parametrize("players", [3, 4])
    def test_marker_holder_bids_first(self, players):  # DDZ-DEAL-2 (default first_bidder = "marker")
        for seed in range(10):
            s = new(players, seed=seed)
            assert s.marker is not None
            assert s.marker in s.hands[s.first_bidder]
            assert s.marker not in s.kitty or players == 4  # a 4-player kitty may hold the twin
            assert s.to_act == s.first_bidder

    def test_rotate_first_bidder(self):  # DDZ-DEAL-3
        for seed in range(10):
            s = new(seed=seed, first_bidder="rotate")
            assert s.to_act == (s.dealer + 1) % 3
            assert s.marker is None

    def test_random_first_bidder(self):  # DDZ-DEAL-3
        states = [new(seed=seed, first_bidder="random") for seed in range(40)]
        assert {s.to_act for s in states} == {0, 1, 2}
        assert any(s.to_act != (s.dealer + 1) % 3 for s in states)
        assert all(s.marker is None for s in states)

    def test_bad_first_bidder_value(self):
        with pytest.raises(ValueError, match="first_bidder"):
            GAME.flags({"first_bidder": "youngest"})


# --------------------------------------------------------------------------- auction
class TestAuction:
    def test_opening_options(self):  # DDZ-BID-1
        s = auction()
        assert legal_set(s) == {key_of("PASS"), key_of({"bid": 1}), key_of({"bid": 2}), key_of({"bid": 3})}

    def test_bid_must_be_higher(self):  # DDZ-BID-1
        s = bids(auction(), 2)
        assert s.to_act == 1
        assert legal_set(s) == {key_of("PASS"), key_of({"bid": 3})}
        for low in (1, 2):
            v = verdict(s, {"bid": low})
            assert not v.legal and v.key == "ddz.bid_not_higher" and "DDZ-BID-1" in v.rule_ids
        for bad in (0, 4, "2", True, None):
            v = verdict(s, {"bid": bad})
            assert not v.legal and v.key == "ddz.bid_range"
        assert verdict(s, {"bid": 3}).legal

    def test_play_in_the_auction_is_the_wrong_kind(self):
        v = verdict(auction(), "S-3")
        assert not v.legal and v.key == "common.wrong_phase"

    def test_rebid_after_a_pass(self):  # DDZ-BID-2, DDZ-BID-3
        s = bids(auction(), "P", 1, "P")
        assert s.phase == "auction" and s.to_act == 0
        assert verdict(s, {"bid": 2}).legal
        s = bids(s, 2, "P")
        assert s.phase == "auction"  # only one pass since the last bid
        s = bids(s, "P")
        assert (s.phase, s.landlord, s.bid, s.to_act) == ("play", 0, 2, 0)

    def test_bid_three_ends_at_once(self):  # DDZ-BID-3
        s = bids(auction(), 1, 3)
        assert (s.phase, s.landlord, s.bid) == ("play", 1, 3)
        assert s.to_act == 1  # DDZ-PLAY-1: the landlord leads
        s = bids(auction(players=4, to_act=2), 3)
        assert (s.phase, s.landlord, s.bid) == ("play", 2, 3)

    def test_three_players_two_passes_end(self):  # DDZ-BID-3
        s = bids(auction(), 1, "P")
        assert s.phase == "auction" and s.to_act == 2
        s = bids(s, "P")
        assert (s.phase, s.landlord, s.bid) == ("play", 0, 1)

    def test_four_players_three_passes_end(self):  # DDZ-BID-3, DDZ-4P-5
        s = bids(auction(players=4), 1, "P", "P")
        assert s.phase == "auction" and s.to_act == 3
        s = bids(s, "P")
        assert (s.phase, s.landlord, s.bid) == ("play", 0, 1)

    def test_passes_between_bids_do_not_end_it(self):
        s = bids(auction(), 1, "P", 2, "P")
        assert s.phase == "auction" and s.to_act == 1 and s.bid == 2
        s = bids(s, "P")
        assert (s.phase, s.landlord, s.bid) == ("play", 2, 2)

    @pytest.mark.parametrize("players", [3, 4])
    def test_all_pass_redeals(self, players):  # DDZ-BID-4
        s = new(players, seed=3)
        before_hands, dealer = s.hands, s.dealer
        s = bids(s, *["P"] * (players - 1))
        assert s.phase == "auction" and not s.redeal
        s = bids(s, "P")
        assert s.redeal is True and GAME.check_value(s, "redeal") is True
        assert s.phase == "auction" and s.auction == () and s.bid == 0 and s.landlord is None
        assert s.dealer == dealer  # same dealer
        assert s.hands != before_hands  # a fresh deal
        assert Counter(GAME.all_cards(s)) == deck_counter(players)
        assert s.to_act == s.first_bidder and s.marker in s.hands[s.first_bidder]
        assert any(e.key == "ddz.event.throw_in" and "DDZ-BID-4" in e.rule_ids for e in s.log)
        assert legal_set(s) == {key_of("PASS"), key_of({"bid": 1}), key_of({"bid": 2}), key_of({"bid": 3})}
        s = bids(s, 1)
        assert s.redeal is False

    def test_single_round_bidding(self):  # DDZ-FLAG-single_round_bidding
        s = bids(auction(single_round_bidding=True), "P", "P", 1)
        assert (s.phase, s.landlord, s.bid) == ("play", 2, 1)
        s = bids(auction(single_round_bidding=True), 1, 2, "P")
        assert (s.phase, s.landlord, s.bid) == ("play", 1, 2)
        # the same bids without the flag: seat 0 speaks again
        s = bids(auction(), 1, 2, "P")
        assert s.phase == "auction" and s.to_act == 0
        s = bids(auction(single_round_bidding=True), "P", "P", "P")
        assert s.redeal and s.phase == "auction"

    def test_single_round_bidding_four_players(self):
        s = bids(auction(players=4, single_round_bidding=True), "P", 1, "P", "P")
        assert (s.phase, s.landlord) == ("play", 1)
        s = bids(auction(players=4), "P", 1, "P", "P")
        assert s.phase == "auction" and s.to_act == 0


# --------------------------------------------------------------------------- kitty
class TestKitty:
    @pytest.mark.parametrize("players, lord_size, farmer_size", [(3, 20, 17), (4, 33, 25)])
    def test_kitty_goes_to_the_landlord_and_is_shown(self, players, lord_size, farmer_size):  # DDZ-KITTY-1
        s = new(players, seed=5)
        kitty = list(s.kitty)
        for seat in list(range(players)) + [None]:
            view = GAME.view(s, seat)
            assert view["kitty"] is None and view["kitty_size"] == len(kitty)
        lord = s.to_act
        s = bids(s, 3)
        assert s.landlord == lord and s.phase == "play"
        assert len(s.hands[lord]) == lord_size
        assert all(len(s.hands[x]) == farmer_size for x in range(players) if x != lord)
        assert not (Counter(kitty) - hand_of(s, lord))  # the kitty is in the landlord's hand
        for seat in list(range(players)) + [None]:
            assert Counter(GAME.view(s, seat)["kitty"]) == Counter(str(c) for c in kitty)
        events = [e for e in s.log if e.key == "ddz.event.kitty"]
        assert events and Counter(events[-1].params["cards"]) == Counter(str(c) for c in kitty)
        assert Counter(GAME.all_cards(s)) == deck_counter(players)


# --------------------------------------------------------------------------- play
class TestPlay:
    def test_leader_cannot_pass(self):  # DDZ-PLAY-1
        s = ddz(hands={"0": "S-3 H-3 S-9"}, to_act=0, landlord=0)
        v = verdict(s, "PASS")
        assert not v.legal and v.key == "ddz.cannot_pass_lead" and "DDZ-PLAY-1" in v.rule_ids
        assert key_of("PASS") not in legal_set(s)
        assert legal_set(s) == {key_of("S-3"), key_of("S-9"), key_of("S-3 H-3")}

    def test_follower_may_pass_or_beat(self):  # DDZ-PLAY-2
        s = ddz(hands={"1": "S-4 H-4 S-6 H-6 S-9"}, trick=[play(0, "S-5 H-5")], to_act=1)
        assert legal_set(s) == {key_of("PASS"), key_of("S-6 H-6")}
        assert verdict(s, "PASS").legal

    def test_trick_ends_after_two_passes(self):  # DDZ-PLAY-4
        s = ddz(hands={"0": "S-3 S-8", "1": "S-4", "2": "S-6"}, trick=[play(0, "S-5 H-5")], to_act=1, landlord=0)
        s = GAME.apply(s, PASS, 1)
        assert s.to_act == 2 and len(s.trick) == 2 and not GAME.trick_over(s)
        s = GAME.apply(s, PASS, 2)
        assert s.to_act == 0 and s.trick == () and GAME.trick_over(s)
        assert key_of("PASS") not in legal_set(s)  # the winner leads: anything, no pass
        assert verdict(s, "S-3").legal  # lower than the 5s: a new trick
        assert any(e.key == "ddz.event.trick_won" and e.params["seat"] == 0 for e in s.log)

    def test_four_players_need_three_passes(self):  # DDZ-PLAY-4
        s = ddz(4, hands={"0": "S-3 S-8"}, trick=[play(0, "S-5 H-5")], to_act=1, landlord=0)
        s = GAME.apply(s, PASS, 1)
        s = GAME.apply(s, PASS, 2)
        assert s.to_act == 3 and not GAME.trick_over(s)
        s = GAME.apply(s, PASS, 3)
        assert s.to_act == 0 and GAME.trick_over(s) and s.trick == ()

    def test_a_passer_may_play_later(self):  # DDZ-PLAY-3
        s = ddz(hands={"0": "S-3 S-4 S-8", "1": "S-7 H-7 S-K", "2": "S-6 H-6 S-Q"},
                trick=[play(0, "S-5 H-5")], to_act=1, landlord=0)
        s = apply_all(s, [(1, "PASS"), (2, "S-6 H-6"), (0, "PASS")])
        assert s.to_act == 1
        v = verdict(s, "S-7 H-7")
        assert v.legal
        s = apply_all(s, [(1, "S-7 H-7"), (2, "PASS"), (0, "PASS")])
        assert s.to_act == 1 and s.trick == () and GAME.trick_entries(s) == []

    def test_trick_entries(self):
        s = ddz(hands={"1": "S-7 H-7 S-K", "2": "S-6 H-6 S-Q"}, trick=[play(0, "S-5 H-5")], to_act=1)
        s = apply_all(s, [(1, "PASS"), (2, "S-6 H-6")])
        entries = GAME.trick_entries(s)
        assert [e["seat"] for e in entries] == [0, 1, 2]
        assert entries[1] == {"seat": 1, "action": "PASS"}
        assert Counter(entries[2]["cards"]) == Counter(cards("S-6 H-6")) and entries[2]["type"] == "pair"

    def test_bomb_and_rocket_answer_any_type(self):  # DDZ-CMP-3, DDZ-CMP-4
        s = ddz(hands={"1": "S-9 H-9 D-9 C-9 BJ RJ D-3"}, trick=[play(0, "S-3 H-4 D-5 C-6 S-7")], to_act=1)
        assert legal_set(s) == {key_of("PASS"), key_of("S-9 H-9 D-9 C-9"), key_of("BJ RJ")}

    def test_played_cards_leave_the_hand(self):
        s = ddz(hands={"0": "S-3 H-3 S-9"}, to_act=0, landlord=0)
        s = GAME.apply(s, act("S-3 H-3"), 0)
        assert hand_of(s, 0) == Counter([Card.parse("S-9")])
        assert s.to_act == 1

    def test_declared_type_for_an_ambiguous_lead(self):  # DDZ-CMP-6
        planes = "S-3 H-3 D-3 S-4 H-4 D-4 S-5 H-5 D-5 S-6 H-6 D-6"
        s = ddz(hands={"0": planes + " S-9"}, to_act=0, landlord=0, flags={"kickers_may_repeat": True})
        v = verdict(s, planes)
        assert not v.legal and v.key == "ddz.declare_type" and "DDZ-CMP-6" in v.rule_ids
        assert set(v.params["readings"]) == {"airplane", "airplane_single_wings"}
        legal_objects = [GAME.action_to_json(a) for a in GAME.legal_actions(s)
                         if isinstance(a, Play) and len(a.cards) == 12]
        assert {o["type"] for o in legal_objects if isinstance(o, dict)} == {"airplane", "airplane_single_wings"}
        for type_ in ("airplane", "airplane_single_wings"):
            v = verdict(s, {"cards": cards(planes), "type": type_})
            assert v.legal and v.params["type"] == type_
            after = GAME.apply(s, act({"cards": cards(planes), "type": type_}), 0)
            assert after.top().combo.type == type_
        v = verdict(s, {"cards": cards(planes), "type": "pair_sequence"})
        assert not v.legal and v.key == "ddz.not_that_type"

    def test_declared_type_when_following(self):  # DDZ-CMP-6: the stated type must be the trick's type
        planes = "S-J H-J D-J S-Q H-Q D-Q S-K H-K D-K S-A H-A D-A"
        s = ddz(hands={"1": planes}, to_act=1, flags={"kickers_may_repeat": True},
                trick=[play(0, "S-3 H-3 D-3 S-4 H-4 D-4 S-5 H-5 D-5 S-8 S-9 S-10", "airplane_single_wings")])
        v = verdict(s, {"cards": cards(planes), "type": "airplane"})
        assert not v.legal
        assert verdict(s, {"cards": cards(planes), "type": "airplane_single_wings"}).legal

    def test_legal_actions_all_explain_legal(self):
        s = ddz(hands={"1": "S-3 H-3 D-3 S-4 H-4 D-4 S-5 H-5 S-6 S-7 S-8 C-8 BJ RJ S-2 H-2 D-2 C-2"},
                trick=[play(0, "C-5 D-5")], to_act=1)
        actions = GAME.legal_actions(s)
        assert actions
        for a in actions:
            assert GAME.explain(s, a).legal, GAME.action_to_json(a)

    def test_only_the_seat_to_act_has_actions(self):
        s = ddz(hands={"1": "S-6 H-6"}, trick=[play(0, "S-5 H-5")], to_act=1)
        assert GAME.legal_actions(s, 0) == [] and GAME.legal_actions(s, 2) == []
        assert GAME.legal_actions(s, 1, in_turn=False) == []
        v = GAME.explain(s, act("S-6 H-6"), 1, in_turn=False)
        assert not v.legal and v.key == "ddz.no_out_of_turn"


# --------------------------------------------------------------------------- explain reasons
class TestExplainReasons:
    def test_not_your_turn(self):
        s = ddz(hands={"1": "S-6 H-6", "2": "S-7 H-7"}, trick=[play(0, "S-5 H-5")], to_act=1)
        v = verdict(s, "S-7 H-7", seat=2)
        assert not v.legal and v.key == "common.not_your_turn" and v.rule_ids == ("DDZ-PLAY-2",)
        assert v.params == {"seat": 2, "to_act": 1}
        v = verdict(auction(), {"bid": 1}, seat=2)
        assert v.key == "common.not_your_turn" and v.rule_ids == ("DDZ-BID-1",)

    def test_bad_seat(self):
        s = ddz(hands={"1": "S-6 H-6"}, trick=[play(0, "S-5 H-5")], to_act=1)
        for seat in (3, -1, 99):
            v = verdict(s, "S-6 H-6", seat=seat)
            assert not v.legal and v.key == "common.bad_seat"

    def test_not_in_hand(self):
        s = ddz(hands={"0": "S-3 H-3 S-9"}, to_act=0, landlord=0)
        v = verdict(s, "S-3 D-3")
        assert not v.legal and v.key == "common.not_in_hand" and v.params["cards"] == ["D-3"]
        v = verdict(s, "S-9 S-9")  # held once, named twice: a repeat, not "not held"
        assert not v.legal and v.key == "common.repeated_card" and v.params["cards"] == ["S-9"]

    def test_not_in_this_deck(self):
        s = ddz(hands={"0": "S-3"}, to_act=0, landlord=0)
        for token in ("JOKER", "PHOENIX", "DRAGON"):
            v = verdict(s, token)
            assert not v.legal and v.key == "common.not_in_deck" and "DDZ-SETUP-2" in v.rule_ids

    LEAD_HAND = "S-3 H-3 D-3 S-4 H-4 D-4 S-5 H-6 S-7 S-8 C-8 S-9 S-10 S-J S-Q S-K S-A S-2 BJ RJ"  # 20 cards: the landlord's whole hand

    @pytest.mark.parametrize("played, key, rule", [
        ("S-J S-Q S-K S-A S-2", "ddz.invalid.two_in_chain", "DDZ-RANK-2"),
        ("S-A S-2 S-3 S-4 S-5", "ddz.invalid.two_in_chain", "DDZ-RANK-2"),  # chains never wrap
        ("S-3 S-4 S-5 H-6", "ddz.invalid.too_short", "DDZ-COMBO-6"),
        ("S-3 H-3 S-4 H-4", "ddz.invalid.too_short", "DDZ-COMBO-7"),
        ("S-3 S-4 S-5 H-6 S-8", "ddz.invalid.not_consecutive", "DDZ-COMBO-6"),
        ("S-3 H-3 D-3 S-4 H-4 D-4 S-8 C-8", "ddz.invalid.kickers_repeat", "DDZ-COMBO-9"),
        ("S-3 H-3 D-3 S-4 H-4 D-4 BJ RJ", "ddz.invalid.both_jokers", "DDZ-COMBO-9"),
        ("S-3 H-3 S-9", "ddz.invalid.not_combination", "DDZ-COMBO-14"),
    ])
    def test_not_a_combination(self, played, key, rule):
        s = ddz(hands={"0": self.LEAD_HAND}, to_act=0, landlord=0)
        v = verdict(s, played)
        assert not v.legal
        assert v.key == key and rule in v.rule_ids, (v.key, v.rule_ids)

    def test_quad_kickers_repeat(self):
        s = ddz(hands={"0": "S-6 H-6 D-6 C-6 S-3 H-3 S-9"}, to_act=0, landlord=0)
        v = verdict(s, "S-6 H-6 D-6 C-6 S-3 H-3")
        assert not v.legal and v.key == "ddz.invalid.kickers_repeat" and "DDZ-COMBO-13" in v.rule_ids
        assert v.params["type"] == "quad_two_singles"

    @pytest.mark.parametrize("played, type_", [
        ("S-7 H-7 D-7 C-5", "trio_single"),
        ("S-6 H-6 D-6 C-6 S-3 H-9", "quad_two_singles"),
        ("S-3 H-3 D-3 S-4 H-4 D-4 C-5 S-9", "airplane_single_wings"),
    ])
    def test_banned_with_four_players(self, played, type_):  # DDZ-4P-1
        s = ddz(4, hands={"0": played + " S-K"}, to_act=0, landlord=0)
        v = verdict(s, played)
        assert not v.legal and v.key == "ddz.invalid.banned_4p" and "DDZ-4P-1" in v.rule_ids
        assert v.params["type"] == type_
        s = ddz(4, hands={"0": played + " S-K"}, to_act=0, landlord=0, flags={"four_player_allow_all_types": True})
        assert verdict(s, played).legal

    def test_both_jokers_with_four_players(self):  # DDZ-4P-3, ambiguity A5
        s = ddz(4, hands={"0": "BJ RJ S-3"}, to_act=0, landlord=0)
        v = verdict(s, "BJ RJ")
        assert not v.legal and v.key == "ddz.invalid.jokers_4p" and "DDZ-4P-3" in v.rule_ids
        assert key_of("BJ RJ") not in legal_set(s)

    def test_type_mismatch(self):
        s = ddz(hands={"1": "S-9 H-9 D-9 S-4 H-4 C-5"}, trick=[play(0, "S-7 H-7 D-7 C-K D-K")], to_act=1)
        v = verdict(s, "S-9 H-9 D-9 C-5")
        assert not v.legal and v.key == "ddz.type_mismatch" and "DDZ-CMP-1" in v.rule_ids
        assert v.params == {"type": "trio_single", "top_type": "trio_pair"}
        assert verdict(s, "S-9 H-9 D-9 S-4 H-4").legal

    def test_size_mismatch(self):
        s = ddz(hands={"1": "S-3 H-4 D-5 C-6 S-7 S-8"}, trick=[play(0, "S-9 H-10 D-J C-Q S-K S-A")], to_act=1)
        v = verdict(s, "S-3 H-4 D-5 C-6 S-7")
        assert not v.legal and v.key == "ddz.size_mismatch" and v.rule_ids == ("DDZ-CMP-1",)
        assert (v.params["size"], v.params["top_size"]) == (5, 6)

    def test_not_higher(self):
        s = ddz(hands={"1": "S-3 H-4 D-5 C-6 S-7 S-8"}, trick=[play(0, "S-9 H-10 D-J C-Q S-K S-A")], to_act=1)
        v = verdict(s, "S-3 H-4 D-5 C-6 S-7 S-8")
        assert not v.legal and v.key == "ddz.not_higher" and v.rule_ids == ("DDZ-CMP-1",)
        assert (v.params["rank"], v.params["top_rank"]) == ("8", "A")
        s = ddz(hands={"1": "D-5 C-5 S-9"}, trick=[play(0, "S-5 H-5")], to_act=1)
        assert verdict(s, "D-5 C-5").key == "ddz.not_higher"  # equal is not higher

    def test_lower_bomb(self):  # DDZ-CMP-5
        s = ddz(hands={"1": "S-3 H-3 D-3 C-3 S-5 H-5 D-5 C-5"}, trick=[play(0, "S-4 H-4 D-4 C-4")], to_act=1)
        v = verdict(s, "S-3 H-3 D-3 C-3")
        assert not v.legal and v.key == "ddz.bomb_too_low" and "DDZ-CMP-5" in v.rule_ids
        assert verdict(s, "S-5 H-5 D-5 C-5").legal

    def test_smaller_bomb_with_four_players(self):  # DDZ-4P-2
        s = ddz(4, hands={"1": "S-3 H-3 D-3 C-3 S-5 H-5 D-5 C-5 C-5"}, trick=[play(0, "S-4 H-4 D-4 C-4 C-4")],
                to_act=1)
        v = verdict(s, "S-5 H-5 D-5 C-5")  # a higher rank, but fewer cards
        assert not v.legal and v.key == "ddz.bomb_too_small_4p" and "DDZ-4P-2" in v.rule_ids
        assert verdict(s, "S-5 H-5 D-5 C-5 C-5").legal

    def test_only_a_bomb_beats_a_bomb(self):  # DDZ-CMP-3
        s = ddz(hands={"1": "BJ S-2 H-2"}, trick=[play(0, "S-4 H-4 D-4 C-4")], to_act=1)
        v = verdict(s, "S-2 H-2")
        assert not v.legal and v.key == "ddz.only_bomb_beats_bomb" and "DDZ-CMP-3" in v.rule_ids

    def test_rocket_is_unbeatable(self):  # DDZ-CMP-4
        s = ddz(hands={"1": "S-2 H-2 D-2 C-2"}, trick=[play(0, "BJ RJ")], to_act=1)
        v = verdict(s, "S-2 H-2 D-2 C-2")
        assert not v.legal and v.key == "ddz.rocket_unbeatable" and v.rule_ids == ("DDZ-CMP-4",)
        assert legal_set(s) == {key_of("PASS")}

    def test_bid_during_play_is_the_wrong_kind(self):
        s = ddz(hands={"0": "S-3"}, to_act=0, landlord=0)
        for data in ({"bid": 1}, {"exchange": ["S-3"]}):
            v = verdict(s, data)
            assert not v.legal and v.key == "common.wrong_phase"

    def test_unknown_declared_type(self):
        s = ddz(hands={"0": "S-3"}, to_act=0, landlord=0)
        v = verdict(s, {"cards": ["S-3"], "type": "straight"})
        assert not v.legal and v.key == "ddz.unknown_type"

    def test_legal_verdicts_cite_the_rules(self):
        s = ddz(hands={"1": "S-6 H-6 S-9 H-9 D-9 C-9 BJ RJ"}, trick=[play(0, "S-5 H-5")], to_act=1)
        assert verdict(s, "S-6 H-6").rule_ids == ("DDZ-CMP-1", "DDZ-COMBO-2")
        assert verdict(s, "S-9 H-9 D-9 C-9").rule_ids == ("DDZ-COMBO-11", "DDZ-CMP-3")
        assert verdict(s, "BJ RJ").rule_ids == ("DDZ-COMBO-12", "DDZ-CMP-4")
        assert verdict(s, "PASS").rule_ids == ("DDZ-PLAY-2", "DDZ-PLAY-3")

    def test_every_verdict_renders_in_both_languages(self):
        s = ddz(hands={"1": "S-3 H-4 D-5 C-6 S-7 S-8"}, trick=[play(0, "S-9 H-10 D-J C-Q S-K S-A")], to_act=1)
        for data in ("PASS", "S-3", "S-3 H-4 D-5 C-6 S-7", "S-3 H-4 D-5 C-6 S-7 S-8", "S-3 S-8", "H-3"):
            v = verdict(s, data)
            for lang in ("en", "ja"):
                text = v.text(lang)
                assert text and text != v.key and "{" not in text


class TestApplyIsPure:
    def test_illegal_apply_raises_and_changes_nothing(self):
        s = ddz(hands={"1": "S-3 S-6 H-6"}, trick=[play(0, "S-5 H-5")], to_act=1)
        before = copy.deepcopy(s)
        with pytest.raises(IllegalAction) as info:
            GAME.apply(s, act("S-3"), 1)
        assert info.value.verdict == GAME.explain(s, act("S-3"), 1)
        assert not info.value.verdict.legal
        assert s == before

    def test_legal_apply_leaves_the_input_alone(self):
        s = ddz(hands={"1": "S-3 S-6 H-6"}, trick=[play(0, "S-5 H-5")], to_act=1)
        before = copy.deepcopy(s)
        after = GAME.apply(s, act("S-6 H-6"), 1)
        assert s == before and after != s
        a = auction()
        before = copy.deepcopy(a)
        GAME.apply(a, Decision("bid", 2), 0)
        assert a == before

    def test_wrong_turn_raises(self):
        s = auction()
        with pytest.raises(IllegalAction):
            GAME.apply(s, PASS, 1)


# --------------------------------------------------------------------------- payment
def finish(state, moves):
    s = apply_all(state, moves)
    assert s.phase == "score" and GAME.round_over(s)
    return s


class TestPayment:
    def test_landlord_wins_with_a_bomb_three_players(self):  # DDZ-PAY-1..3
        s = ddz(hands={"0": "S-4 H-4 D-4 C-4 S-3"}, to_act=0, landlord=0, bid=2)
        s = apply_all(s, [(0, "S-4 H-4 D-4 C-4")])
        doubles = [e for e in s.log if e.key == "ddz.event.doubles"]
        assert len(doubles) == 1 and doubles[0].params["multiplier"] == 2 and "DDZ-PAY-2" in doubles[0].rule_ids
        s = finish(s, [(1, "PASS"), (2, "PASS"), (0, "S-3")])
        # stake 2 x multiplier 2 = 4 from each farmer
        assert s.result["winner"] == "landlord" and s.result["multiplier"] == 2
        assert (s.result["landlord_net"], s.result["each_farmer_net"]) == (8, -4)
        assert s.scores == (8, -4, -4)
        assert s.to_act is None and GAME.legal_actions(s) == []
        v = GAME.explain(s, act("S-3"), 0)
        assert not v.legal and v.key == "ddz.round_over"

    def test_farmers_win(self):  # DDZ-END-1, DDZ-PAY-3
        s = ddz(hands={"0": "S-3 H-9", "1": "S-4"}, to_act=0, landlord=0, bid=3)
        s = finish(s, [(0, "S-3"), (1, "S-4")])
        # the landlord pays 3 x 1 to each of the two farmers
        assert s.result["winner"] == "farmers"
        assert (s.result["landlord_net"], s.result["each_farmer_net"]) == (-6, 3)
        assert s.scores == (-6, 3, 3)

    def test_rocket_doubles(self):  # DDZ-PAY-2
        s = ddz(hands={"0": "S-3 S-9", "1": "BJ RJ S-5"}, to_act=0, landlord=0, bid=1)
        s = finish(s, [(0, "S-3"), (1, "BJ RJ"), (2, "PASS"), (0, "PASS"), (1, "S-5")])
        assert s.rockets == 1 and s.result["multiplier"] == 2
        assert (s.result["landlord_net"], s.result["each_farmer_net"]) == (-4, 2)

    @pytest.mark.parametrize("bomb, multiplier", [
        ("S-3 H-3 D-3 C-3", 1),
        ("S-3 S-3 H-3 D-3 C-3", 1),
        ("S-3 S-3 H-3 H-3 D-3 C-3", 2),
        ("S-3 S-3 H-3 H-3 D-3 D-3 C-3 C-3", 2),
    ])
    def test_four_player_bombs(self, bomb, multiplier):  # DDZ-PAY-2, DDZ-4P-6
        s = ddz(4, hands={"0": bomb + " S-9"}, to_act=0, landlord=0, bid=1)
        s = apply_all(s, [(0, bomb)])
        keys = [e.key for e in s.log]
        assert ("ddz.event.doubles" in keys) == (multiplier == 2)
        assert ("ddz.event.bomb_no_double" in keys) == (multiplier == 1)
        s = finish(s, [(1, "PASS"), (2, "PASS"), (3, "PASS"), (0, "S-9")])
        # each of the 3 farmers pays 1 x multiplier
        assert s.result["multiplier"] == multiplier
        assert (s.result["landlord_net"], s.result["each_farmer_net"]) == (3 * multiplier, -multiplier)
        assert s.scores == (3 * multiplier, -multiplier, -multiplier, -multiplier)

    def test_four_player_rocket_doubles(self):
        s = ddz(4, hands={"0": "BJ BJ RJ RJ S-9"}, to_act=0, landlord=0, bid=2)
        s = finish(s, [(0, "BJ BJ RJ RJ"), (1, "PASS"), (2, "PASS"), (3, "PASS"), (0, "S-9")])
        assert s.result["multiplier"] == 2 and s.result["each_farmer_net"] == -4 and s.result["landlord_net"] == 12

    @pytest.mark.parametrize("setup, expected", [
        ({"flags": {"players": 3}, "bid": 3, "winner": "landlord", "bombs_played": [4, 4], "rockets_played": 1},
         {"multiplier": 8, "landlord_net": 48, "each_farmer_net": -24}),
        ({"flags": {"players": 3}, "bid": 1, "winner": "farmers", "bombs_played": [], "rockets_played": 0},
         {"multiplier": 1, "landlord_net": -2, "each_farmer_net": 1}),
        ({"flags": {"players": 4}, "bid": 2, "winner": "landlord", "bombs_played": [4, 6], "rockets_played": 0},
         {"multiplier": 2, "landlord_net": 12, "each_farmer_net": -4}),
        ({"flags": {"players": 4}, "bid": 3, "winner": "farmers", "bombs_played": [5, 5, 7], "rockets_played": 1},
         {"multiplier": 4, "landlord_net": -36, "each_farmer_net": 12}),
        ({"flags": {"players": 3, "spring": True}, "bid": 1, "winner": "landlord", "bombs_played": [4],
          "rockets_played": 0, "spring": True}, {"multiplier": 4, "landlord_net": 8, "each_farmer_net": -4}),
        ({"flags": {"players": 3}, "bid": 1, "winner": "landlord", "bombs_played": [4], "rockets_played": 0,
          "spring": True}, {"multiplier": 2, "landlord_net": 4, "each_farmer_net": -2}),
    ])
    def test_score_hook(self, setup, expected):
        assert GAME.score(setup) == expected


class TestSpring:
    def test_landlord_spring(self):  # DDZ-FLAG-spring: no farmer played a card
        hands = {"0": "S-4 H-4 D-4 C-4 S-3"}
        moves = [(0, "S-4 H-4 D-4 C-4"), (1, "PASS"), (2, "PASS"), (0, "S-3")]
        on = finish(ddz(hands=hands, to_act=0, landlord=0, bid=1, flags={"spring": True}), moves)
        assert on.result["spring"] is True and on.result["multiplier"] == 4  # bomb x2, spring x2
        assert (on.result["landlord_net"], on.result["each_farmer_net"]) == (8, -4)
        off = finish(ddz(hands=hands, to_act=0, landlord=0, bid=1), moves)
        assert off.result["spring"] is False and off.result["multiplier"] == 2

    def test_no_spring_when_a_farmer_played(self):
        s = ddz(hands={"0": "S-3 S-5", "1": "S-4 S-K"}, to_act=0, landlord=0, flags={"spring": True})
        s = finish(s, [(0, "S-3"), (1, "S-4"), (2, "PASS"), (0, "S-5")])
        assert s.result["winner"] == "landlord" and s.result["spring"] is False and s.result["multiplier"] == 1

    def test_farmers_spring(self):  # the landlord played only the opening lead
        s = ddz(hands={"0": "S-3 H-9", "1": "S-4"}, to_act=0, landlord=0, flags={"spring": True})
        s = finish(s, [(0, "S-3"), (1, "S-4")])
        assert s.result["winner"] == "farmers" and s.result["spring"] is True
        assert (s.result["landlord_net"], s.result["each_farmer_net"]) == (-4, 2)

    def test_no_farmers_spring_after_a_second_landlord_play(self):
        s = ddz(hands={"0": "S-3 S-5 H-9", "1": "S-4 S-6"}, to_act=0, landlord=0, flags={"spring": True})
        s = finish(s, [(0, "S-3"), (1, "S-4"), (2, "PASS"), (0, "S-5"), (1, "S-6")])
        assert s.result["winner"] == "farmers" and s.result["spring"] is False and s.result["multiplier"] == 1


# --------------------------------------------------------------------------- next round
class TestNextRound:
    def test_advance_deals_the_next_round(self):  # DDZ-NEXT-1
        s = ddz(hands={"0": "S-4 H-4 D-4 C-4 S-3"}, to_act=0, landlord=0, bid=2)
        s = finish(s, [(0, "S-4 H-4 D-4 C-4"), (1, "PASS"), (2, "PASS"), (0, "S-3")])
        dealer, scores = s.dealer, s.scores
        nxt = GAME.advance(s)
        assert nxt.phase == "auction" and nxt.dealer == (dealer + 1) % 3 and nxt.round_no == s.round_no + 1
        assert nxt.scores == scores == (8, -4, -4)
        assert [len(h) for h in nxt.hands] == [17, 17, 17] and len(nxt.kitty) == 3
        assert nxt.landlord is None and nxt.bid == 0 and nxt.trick == () and nxt.bombs == ()
        assert GAME.view(nxt, 0)["kitty"] is None
        assert Counter(GAME.all_cards(nxt)) == deck_counter(3)
        assert any(e.key == "ddz.event.next_round" for e in nxt.log)

    def test_advance_outside_the_score_phase_changes_nothing(self):
        s = auction()
        assert GAME.advance(s) is s

    @pytest.mark.parametrize("players", [3, 4])
    @pytest.mark.parametrize("no_shuffle", [False, True])
    def test_whole_rounds_conserve_cards(self, players, no_shuffle):
        s = new(players, seed=21, no_shuffle=no_shuffle)
        deck = deck_counter(players)
        total = [0] * players
        for _ in range(2):
            dealer = s.dealer
            s = play_round_with_bots(s)
            assert Counter(GAME.all_cards(s)) == deck
            assert sum(s.scores) == 0  # the payments balance
            total = list(s.scores)
            played = list(s.played)
            s = GAME.advance(s)
            assert s.dealer == (dealer + 1) % players and list(s.scores) == total
            assert Counter(GAME.all_cards(s)) == deck
            assert [len(h) for h in s.hands] == [17 if players == 3 else 25] * players
            if no_shuffle:
                # 不洗牌: the played cards are stacked in play order and dealt 4 at a time,
                # so the first four cards played arrive together in one hand
                first_packet = Counter(played[:4])
                assert any(not (first_packet - hand_of(s, seat)) for seat in range(players))


# --------------------------------------------------------------------------- view
def tokens_in(view) -> set[str]:
    return set(CARD_TOKEN.findall(dumps(view)))


class TestView:
    @pytest.mark.parametrize("players", [3, 4])
    def test_auction_view_shows_only_the_own_hand(self, players):
        s = new(players, seed=8)
        for seat in range(players):
            view = GAME.view(s, seat)
            assert Counter(view["hand"]) == Counter(str(c) for c in s.hands[seat])
            assert view["cards_held"] == [len(h) for h in s.hands]
            assert view["kitty"] is None
            own = {str(c) for c in s.hands[seat]} | {str(s.marker)}  # the marker card is turned face up
            assert {str(c) for c in s.hands[seat]} <= tokens_in(view) <= own
        spectator = GAME.view(s, None)
        assert spectator["hand"] is None
        assert tokens_in(spectator) <= {str(s.marker)}

    def test_play_view_shows_only_public_cards(self):
        s = new(3, seed=9)
        s = bids(s, 3)
        for _ in range(7):
            seat = s.to_act
            s = GAME.apply(s, heuristic_choice(GAME, s, seat).action, seat)
        public = {str(c) for c in s.kitty} | {str(c) for c in s.played} | {str(s.marker)}
        for seat in range(3):
            view = GAME.view(s, seat)
            assert tokens_in(view) <= public | {str(c) for c in s.hands[seat]}
            others = {str(c) for x in range(3) if x != seat for c in s.hands[x]} - public
            assert not tokens_in(view) & others

    def test_view_fields(self):
        s = ddz(hands={"1": "S-6 H-6"}, trick=[play(0, "S-5 H-5")], to_act=1)
        view = GAME.view(s, 1)
        assert view["phase"] == "play" and view["to_act"] == 1 and view["players"] == 3
        assert view["top"]["seat"] == 0 and Counter(view["top"]["cards"]) == Counter(cards("S-5 H-5"))
        assert view["multiplier"] == 1


class TestEventLog:
    def test_bomb_doubling_is_logged(self):
        s = ddz(hands={"1": "S-9 H-9 D-9 C-9 S-3"}, trick=[play(0, "S-5 H-5")], to_act=1)
        s = GAME.apply(s, act("S-9 H-9 D-9 C-9"), 1)
        event = s.log[-1]
        assert event.key == "ddz.event.doubles" and event.params["multiplier"] == 2
        assert event.params["seat"] == 1
        assert GAME.view(s, 0)["multiplier"] == 2
        for lang in ("en", "ja"):
            text = event.to_json(lang)["text"]
            assert "2" in text and "{" not in text

    def test_every_logged_event_renders(self):
        s = new(3, seed=4)
        s = play_round_with_bots(s)
        s = GAME.advance(s)
        keys = {e.key for e in s.log}
        assert {"ddz.event.deal", "ddz.event.landlord", "ddz.event.kitty", "ddz.event.play",
                "ddz.event.round_end", "ddz.event.next_round"} <= keys
        for e in s.log:
            for lang in ("en", "ja"):
                text = e.to_json(lang)["text"]
                assert text != e.key and "{" not in text


# --------------------------------------------------------------------------- legal_actions, exhaustively
RANK_TOKENS = "3 4 5 6 7 8 9 10 J Q K A 2".split()


def _card_pool(players: int, rng) -> dict[str, list[str]]:
    """rank token -> the deck's card tokens of that rank, shuffled."""
    copies = 2 if players == 4 else 1
    pool = {r: [f"{s}-{r}" for s in "SHDC"] * copies for r in RANK_TOKENS}
    pool["BJ"], pool["RJ"] = ["BJ"] * copies, ["RJ"] * copies
    for tokens in pool.values():
        rng.shuffle(tokens)
    return pool


def _random_cards(rng, pool, size: int) -> list[str]:
    """Up to ``size`` cards drawn from a few neighbouring ranks (so chains, trios and wings occur)."""
    order = RANK_TOKENS + ["BJ", "RJ"]
    start, width = rng.below(len(order)), 1 + rng.below(6)
    out: list[str] = []
    for _ in range(40):
        if len(out) >= size:
            break
        rank = order[min(start + rng.below(width), len(order) - 1)] if rng.below(4) else order[rng.below(len(order))]
        if pool[rank]:
            out.append(pool[rank].pop())
    return out


def _brute_force_keys(hand: list[str], rules, top) -> set:
    by_rank: dict[int, list[str]] = {}
    for t in hand:
        by_rank.setdefault(card_rank(Card.parse(t)), []).append(t)
    ranks_present = sorted(by_rank)
    out = set()
    for take in product(*(range(len(by_rank[r]) + 1) for r in ranks_present)):
        sub = [t for r, k in zip(ranks_present, take) for t in by_rank[r][:k]]
        if not sub:
            continue
        readings = classify_cards(sub, rules)
        if any(top is None or beats(c, top, rules.players) for c in readings):
            out.add(key_of(sub))
    return out


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("flags", [{}, {"kickers_may_repeat": True}, {"four_player_allow_all_types": True},
                                   {"kickers_may_repeat": True, "four_player_allow_all_types": True}])
def test_legal_actions_match_a_brute_force(players, flags):
    """legal_actions (which builds plays straight from the hand's cards) lists exactly the plays
    whose cards form a combination (that beats the top), README §4.4 comparison, and every one
    of them is in the hand and explains as legal."""
    rng = Rng(f"legal-{players}-{sorted(flags)}")
    rules = GAME.flags({"players": players, **flags}).combo_rules
    checked = followed = 0
    for i in range(24):
        pool = _card_pool(players, rng)
        hand = _random_cards(rng, pool, 3 + rng.below(8))
        other = _random_cards(rng, pool, 1 + rng.below(8))
        while other and not classify_cards(other, rules):
            other = other[:-1]  # the longest prefix that is a combination (at worst a single)
        trick = []
        if i % 3 and other:
            readings = classify_cards(other, rules)
            trick = [{"seat": 0, "cards": other, "type": readings[rng.below(len(readings))].type}]
        if trick:
            s = ddz(players, hands={"1": " ".join(hand)}, trick=trick, to_act=1, flags=flags)
        else:
            s = ddz(players, hands={"0": " ".join(hand)}, to_act=0, landlord=0, flags=flags)
        seat = s.to_act
        top = s.top().combo if s.top() else None
        actions = GAME.legal_actions(s)
        plays = [a for a in actions if isinstance(a, Play)]
        assert (PASS in actions) == (top is not None)
        assert {norm_play(a) for a in plays} == _brute_force_keys(hand, rules, top), (hand, trick)
        for a in plays:
            assert not (Counter(a.cards) - hand_of(s, seat)), f"{GAME.action_to_json(a)} is not in {hand}"
            assert GAME.explain(s, a).legal, GAME.action_to_json(a)
        checked += len(plays)
        followed += top is not None
    assert checked > 60 and followed >= 12


def classify_cards(tokens, rules):
    return classify([card_rank(Card.parse(t)) for t in tokens], rules)


def norm_play(action):
    return key_of(GAME.action_to_json(action))
