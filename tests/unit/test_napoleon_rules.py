"""Napoleon as a state machine (napoleon.md §1-§9): one class per rule area.

Positions come from literal scenarios (tutor.scenario) or from seeded deals; every expected
value is worked out by hand from the spec in the comments.
"""
from __future__ import annotations

from collections import Counter

import pytest

from tutor.actions import Decision, Play
from tutor.cards import Card
from tutor.errors import FlagError, ScenarioError
from tutor.games.napoleon.scoring import game_score
from tutor.games.napoleon.tricks import DECK, back_jack, follow_options, is_honour, main_jack
from tutor.scenario import load_scenario
from napoleon_helpers import (G, accept, do, keys, legal, nap, play, reject, run, through_auction, trick, verdict,
                              winner)


def new(seed=1, **flags):
    return G.new_game(G.flags({"players": 5, **flags}), seed)


def parsed(text):
    return [Card.parse(t) for t in text.split()]


# --------------------------------------------------------------------------- setup and deal
class TestSetupAndDeal:
    def test_53_cards_ten_each_three_in_the_kitty(self):  # NAP-SETUP-2, NAP-DEAL-1
        s = new(3)
        assert [len(h) for h in s.hands] == [10] * 5 and len(s.kitty) == 3
        assert Counter(G.all_cards(s)) == Counter(DECK.cards()) and len(DECK.cards()) == 53
        assert sum(1 for c in DECK.cards() if c.special == "JOKER") == 1

    def test_twenty_honours_the_joker_is_none(self):  # NAP-SETUP-3
        assert sum(1 for c in DECK.cards() if is_honour(c)) == 20
        assert not is_honour(Card.parse("JOKER")) and is_honour(Card.parse("S-10")) and not is_honour(Card.parse("S-9"))

    def test_seeded_deal_is_repeatable(self):
        assert new(9).hands == new(9).hands and new(9).hands != new(10).hands

    def test_power_cards(self):  # NAP-SETUP-5
        assert main_jack("H") == Card.parse("H-J") and back_jack("H") == Card.parse("D-J")
        assert back_jack("S") == Card.parse("C-J") and back_jack("C") == Card.parse("S-J")
        assert back_jack("D") == Card.parse("H-J")

    def test_players_flag_is_always_five(self):  # NAP-SETUP-1
        with pytest.raises(FlagError):
            G.flags({"players": 4})
        assert G.flags({}).players == 5

    def test_first_bidder_is_seat_0_in_the_first_game(self):  # NAP-BID-2
        s = new(2)
        assert s.phase == "auction" and s.to_act == 0


# --------------------------------------------------------------------------- bidding
class TestBidding:
    def test_opening_bids_from_min_bid_to_20(self):  # NAP-BID-1, NAP-BID-5
        s = new(1)
        assert legal(s) == keys("PASS", *({"bid": [n, x]} for n in range(11, 21) for x in "SHDC"))

    def test_min_bid_flag(self):  # NAP-BID-5
        s = new(1, min_bid=13)
        reject(s, {"bid": [12, "S"]}, 0, key="nap.bid_below_min", rule="NAP-BID-5")
        accept(s, {"bid": [13, "C"]}, 0)

    def test_above_twenty_and_malformed(self):  # NAP-BID-1
        s = new(1)
        reject(s, {"bid": [21, "S"]}, 0, key="nap.bid_above_max", rule="NAP-BID-1")
        reject(s, {"bid": [13, "X"]}, 0, key="nap.bad_bid")
        reject(s, {"bid": 13}, 0, key="nap.bad_bid")
        reject(s, {"bid": [True, "S"]}, 0, key="nap.bad_bid")

    def test_stronger_suit_may_repeat_the_count(self):  # NAP-BID-3
        s = do(new(1), 0, {"bid": [13, "H"]})
        accept(s, {"bid": [13, "S"]}, 1, key="nap.ok.bid_stronger_suit", rule="NAP-BID-3")
        reject(s, {"bid": [13, "H"]}, 1, key="nap.bid_same_count_weaker", rule="NAP-BID-3")
        reject(s, {"bid": [13, "D"]}, 1, key="nap.bid_same_count_weaker")
        reject(s, {"bid": [12, "S"]}, 1, key="nap.bid_too_low", rule="NAP-BID-3")
        accept(s, {"bid": [14, "C"]}, 1, key="nap.ok.bid")

    def test_suit_order_spades_hearts_diamonds_clubs(self):  # NAP-BID-3
        s = do(new(1), 0, {"bid": [12, "D"]})
        assert {a.value for a in G.legal_actions(s, 1) if isinstance(a, Decision) and a.value[0] == 12} == \
            {(12, "S"), (12, "H")}

    def test_four_passes_after_a_bid_make_napoleon(self):  # NAP-BID-4
        s = run(new(1), (0, "PASS"), (1, {"bid": [12, "C"]}), (2, "PASS"), (3, "PASS"), (4, "PASS"))
        assert s.phase == "auction" and s.to_act == 0
        s = do(s, 0, "PASS")
        assert s.phase == "call_adjutant" and s.napoleon == 1 and s.to_act == 1
        assert s.trump == "C" and s.contract == 12
        assert G.check_value(s, "contract") == [12, "C"] and G.check_value(s, "trump") == "C"

    def test_a_pass_is_not_final_by_default(self):  # NAP-BID-6
        s = run(new(1), (0, "PASS"), (1, {"bid": [11, "C"]}), (2, "PASS"), (3, "PASS"), (4, "PASS"))
        v = accept(s, {"bid": [11, "D"]}, 0, key="nap.ok.bid_stronger_suit")
        s = run(s, (0, {"bid": [11, "D"]}), (1, "PASS"), (2, {"bid": [12, "S"]}))
        assert s.phase == "auction" and s.to_act == 3 and v.legal

    def test_pass_is_final_flag(self):  # NAP-BID-6
        s = run(new(1, pass_is_final=True), (0, "PASS"), (1, {"bid": [11, "C"]}))
        assert G.explain(s, act_pass(), 2).key == "nap.ok.pass_final"
        s = run(s, (2, "PASS"), (3, {"bid": [12, "C"]}), (4, "PASS"))
        assert s.to_act == 1, "seat 0 passed for good and is skipped"
        s = do(s, 1, "PASS")
        assert s.phase == "call_adjutant" and s.napoleon == 3

    def test_five_passes_redeal_with_the_same_first_bidder(self):  # NAP-BID-7
        s = new(4)
        hands = s.hands
        s = run(s, *((k, "PASS") for k in range(5)))
        assert s.phase == "auction" and s.to_act == 0 and s.first_bidder == 0 and s.bid is None
        assert s.hands != hands and s.log[-2].key == "nap.event.redeal"
        assert Counter(G.all_cards(s)) == Counter(DECK.cards())

    def test_golden_position_lists_every_bid(self):  # NAP-G-10 shape
        s = nap({}, phase="auction", to_act=1, auction=[{"seat": 0, "action": {"bid": [13, "H"]}}])
        assert len(G.legal_actions(s, 1)) == 1 + 1 + 7 * 4


def act_pass():
    from tutor.actions import PASS
    return PASS


# --------------------------------------------------------------------------- the adjutant
class TestAdjutant:
    def call_position(self, kitty="C-A D-7 S-4", **hands):
        return nap({"4": "H-K", "2": "S-A S-2", **hands}, phase="call_adjutant", to_act=2, napoleon=2,
                   kitty=kitty.split(), cards_held={str(s): 10 for s in range(5)})

    def test_holder_of_the_called_card_is_the_adjutant(self):  # NAP-ADJ-1
        s = do(self.call_position(), 2, {"call_adjutant": "H-K"})
        assert s.adjutant == 4 and not s.solo and s.called == Card.parse("H-K")

    def test_own_card_makes_a_solo(self):  # NAP-ADJ-3
        s0 = self.call_position()
        accept(s0, {"call_adjutant": "S-A"}, 2, key="nap.ok.call_own", rule="NAP-ADJ-3")
        s = do(s0, 2, {"call_adjutant": "S-A"})
        assert s.solo and s.adjutant is None and G.check_value(s, "adjutant") is None

    def test_kitty_card_makes_a_solo_but_the_explanation_does_not_peek(self):  # NAP-ADJ-3, NAP-ADJ-4
        s0 = self.call_position()
        v = accept(s0, {"call_adjutant": "C-A"}, 2)
        assert v.key == "nap.ok.call", "the kitty is face down while the card is named"
        s = do(s0, 2, {"call_adjutant": "C-A"})
        assert s.solo and s.adjutant is None

    def test_any_of_53_cards_the_joker_included(self):  # NAP-ADJ-1
        s0 = self.call_position()
        assert len(G.legal_actions(s0, 2)) == 53
        assert {"call_adjutant": "JOKER"} in [G.action_to_json(a) for a in G.legal_actions(s0, 2)]
        reject(s0, {"call_adjutant": "BJ"}, 2, key="nap.bad_card", rule="NAP-ADJ-1")
        reject(s0, {"call_adjutant": "S-11"}, 2, key="nap.bad_card")
        reject(s0, {"call_adjutant": "H-K"}, 3, key="common.not_your_turn")

    def test_napoleon_takes_the_kitty_after_the_call(self):  # NAP-ADJ-4, NAP-KITTY-1
        s = do(self.call_position(), 2, {"call_adjutant": "H-K"})
        assert s.phase == "discard" and len(s.hands[2]) == 13 and s.kitty == ()
        assert set(parsed("C-A D-7 S-4")) <= set(s.hands[2])

    def test_the_adjutant_is_revealed_when_the_card_is_played(self):  # NAP-ADJ-2
        s = nap({"3": "H-K H-2"}, to_act=3, trick=[play(2, "H-5")], napoleon=2, called_card="H-K",
                trick_no=4, trump="S")
        assert s.adjutant == 3 and not s.revealed
        assert G.view(s, 0)["adjutant"] is None and G.view(s, 2)["adjutant"] is None
        assert G.view(s, 3)["my_side"] == "adjutant" and G.view(s, 0)["my_side"] == "allies"
        s = do(s, 3, "H-K")
        assert s.revealed and G.view(s, 0)["adjutant"] == 3
        assert s.log[-1].key == "nap.event.adjutant_revealed" and s.log[-1].params["seat"] == 3

    def test_napoleon_playing_the_called_card_reveals_the_solo(self):  # NAP-ADJ-2, NAP-ADJ-3
        s = nap({"2": "H-K H-2"}, to_act=2, trick=[], napoleon=2, called_card="H-K", trick_no=4, trump="S")
        assert s.solo and G.view(s, 0)["solo"] is None and G.view(s, 2)["solo"] is True
        s = do(s, 2, "H-K")
        assert s.revealed and G.view(s, 0)["solo"] is True and s.log[-1].key == "nap.event.solo_revealed"


# --------------------------------------------------------------------------- kitty and discards
class TestKittyAndDiscards:
    def discard_position(self):
        return nap({"0": "S-10 H-K C-4 C-5"}, phase="discard", to_act=0, napoleon=0,
                   cards_held={"0": 13, "1": 10, "2": 10, "3": 10, "4": 10}, called_card="JOKER")

    def test_honours_are_face_up(self):  # NAP-KITTY-1
        s0 = self.discard_position()
        accept(s0, {"discard": ["S-10", "H-K", "C-4"]}, 0, key="nap.ok.discard_face_up")
        s = do(s0, 0, {"discard": ["S-10", "H-K", "C-4"]})
        assert G.face_up_discards(s) == ["S-10", "H-K"] and len(s.hands[0]) == 10
        assert s.phase == "play" and s.to_act == 0 and s.trick_no == 1
        assert G.view(s, 1)["discards"] is None and G.view(s, 1)["face_up_discards"] == ["S-10", "H-K"]
        assert G.view(s, 0)["discards"] == ["S-10", "H-K", "C-4"]

    def test_plain_discards_stay_face_down(self):  # NAP-KITTY-1
        s = do(self.discard_position(), 0, {"discard": ["C-4", "C-5", "H-K"]})
        assert G.face_up_discards(s) == ["H-K"] and G.view(s, 3)["discards_count"] == 3

    def test_bad_discards(self):  # NAP-KITTY-1
        s = self.discard_position()
        reject(s, {"discard": ["S-10", "H-K"]}, 0, key="nap.discard_three", rule="NAP-KITTY-1")
        reject(s, {"discard": ["S-10", "S-10", "H-K"]}, 0, key="nap.discard_repeat", rule="NAP-KITTY-1")
        reject(s, {"discard": ["S-10", "H-K", "C-4", "C-5"]}, 0, key="nap.discard_three")
        held = set(s.hands[0])
        other = next(c for c in DECK.cards() if c not in held)
        reject(s, {"discard": ["S-10", "H-K", other.token]}, 0, key="common.not_in_hand")
        reject(s, ["S-10"], 0, key="common.wrong_phase")

    def test_trick_1_winner_takes_the_discards(self):  # NAP-KITTY-2, NAP-TRICK-2
        out = trick([(0, "D-4"), (1, "D-10"), (2, "D-6"), (3, "D-A"), (4, "D-3")], trick_no=1, napoleon=0,
                    discards=["S-10", "H-K", "C-4"])
        assert out["winner"] == 3 and out["honours_won"] == 4
        assert sorted(out["honours"]) == sorted(["D-10", "D-A", "S-10", "H-K"])

    def test_discards_in_a_played_trick_1(self):  # NAP-KITTY-2
        s = nap({"0": "D-4 S-3", "1": "D-10 S-4", "2": "D-6 S-5", "3": "D-A S-6", "4": "D-3 S-7"}, to_act=0,
                trick_no=1, napoleon=0, discards=["S-10", "H-K", "C-4"], called_card="S-7")
        s = run(s, (0, "D-4"), (1, "D-10"), (2, "D-6"), (3, "D-A"), (4, "D-3"))
        assert s.honours_of(3) == 4 and s.discards_to == 3 and s.to_act == 3
        assert Counter(s.won[3]) == Counter(parsed("D-4 D-10 D-6 D-A D-3 S-10 H-K C-4"))


# --------------------------------------------------------------------------- following suit and the joker
class TestFollowing:
    def test_must_follow_but_joker_any_time(self):  # NAP-FOLLOW-1
        s = nap({"1": "C-2 C-K S-5 JOKER H-3"}, to_act=1, trick=[play(0, "C-9")], trump="H")
        assert legal(s) == keys("C-2", "C-K", "JOKER")
        reject(s, "S-5", 1, key="nap.must_follow", rule="NAP-FOLLOW-1")
        accept(s, "JOKER", 1, key="nap.ok.joker_any_time")
        accept(s, "C-2", 1, key="nap.ok.follow")

    def test_void_plays_anything(self):  # NAP-FOLLOW-1
        s = nap({"1": "S-2 H-4 C-9"}, to_act=1, trick=[play(0, "D-6")], trump="H")
        assert legal(s) == keys("S-2", "H-4", "C-9")
        accept(s, "H-4", 1, key="nap.ok.void_trump")
        accept(s, "C-9", 1, key="nap.ok.void")

    def test_the_mighty_must_follow_too(self):  # NAP-FOLLOW-1
        s = nap({"1": "S-A D-9 C-4"}, to_act=1, trick=[play(0, "D-2")], trump="H")
        reject(s, "S-A", 1, key="nap.must_follow_mighty", rule="NAP-FOLLOW-1")
        s = nap({"1": "S-A S-3 C-4"}, to_act=1, trick=[play(0, "S-9")], trump="H")
        assert legal(s) == keys("S-A", "S-3")

    def test_jacks_follow_their_printed_suit(self):  # NAP-FOLLOW-1, NAP-RANK-2
        s = nap({"1": "D-J D-3 S-4"}, to_act=1, trick=[play(0, "D-9")], trump="H")  # D-J is the back jack
        assert legal(s) == keys("D-J", "D-3")

    def test_club_3_requests_the_joker(self):  # NAP-JOKER-1
        s = nap({"1": "JOKER C-8 D-4"}, to_act=1, trick=[play(0, "C-3")], trump="D", trick_no=6)
        assert legal(s) == keys("JOKER")
        reject(s, "C-8", 1, key="nap.joker_requested", rule="NAP-JOKER-1")
        accept(s, "JOKER", 1, key="nap.ok.joker_requested")
        s = nap({"1": "C-8 D-4"}, to_act=1, trick=[play(0, "C-3")], trump="D", trick_no=6)
        assert legal(s) == keys("C-8"), "without the joker: plain must-follow"

    def test_club_3_lead_is_allowed_in_trick_1(self):  # NAP-JOKER-1, NAP-PLAY-1
        s = nap({"0": "C-3 H-4"}, to_act=0, trick_no=1, napoleon=0)
        accept(s, "C-3", 0, key="nap.ok.lead_club3")

    def test_led_joker_names_the_suit(self):  # NAP-JOKER-3
        s = nap({"0": "JOKER D-4", "1": "D-9 S-A C-4"}, to_act=0, trump="H", trick_no=5)
        accept(s, "JOKER", 0, key="nap.ok.lead_joker", rule="NAP-JOKER-3")
        s = do(s, 0, "JOKER")
        assert s.phase == "joker_suit" and s.to_act == 0
        assert legal(s) == keys(*({"joker_suit": x} for x in "SHDC"))
        reject(s, {"joker_suit": "X"}, 0, key="nap.bad_suit", rule="NAP-JOKER-3")
        reject(s, "D-4", 0, key="common.wrong_phase")
        s = do(s, 0, {"joker_suit": "D"})
        assert s.phase == "play" and s.to_act == 1 and s.trick[0].joker_suit == "D"
        assert G.trick_entries(s) == [{"seat": 0, "cards": ["JOKER"], "joker_suit": "D"}]
        assert legal(s, 1) == keys("D-9")

    def test_turn_and_one_card(self):  # NAP-PLAY-1
        s = nap({"1": "C-2 C-K"}, to_act=1, trick=[play(0, "C-9")], trump="H")
        reject(s, "C-2 C-K", 1, key="nap.one_card")
        reject(s, "C-2", 2, key="common.not_your_turn")
        reject(s, "C-2", 1, key="nap.no_out_of_turn", in_turn=False)
        reject(s, "PASS", 1, key="common.wrong_phase")
        reject(s, "C-Q", 1, key="common.not_in_hand")
        reject(s, "BJ", 1, key="common.not_in_deck")
        assert G.legal_actions(s, 1, in_turn=False) == [] and G.side_actions(s, 1) == []

    def test_follow_options_helper(self):
        hand = parsed("C-2 JOKER H-3")
        assert follow_options(hand, None, None) == hand
        assert follow_options(hand, Card.parse("C-3"), None) == [Card.parse("JOKER")]
        assert follow_options(hand, Card.parse("S-3"), None) == hand


# --------------------------------------------------------------------------- strength and the winner
class TestStrength:
    def test_power_order(self):  # NAP-RANK-1
        assert winner([(0, "C-5"), (1, "JOKER"), (2, "S-A"), (3, "H-J"), (4, "D-J")], trump="H") == 2
        assert winner([(0, "C-5"), (1, "JOKER"), (2, "S-2"), (3, "H-J"), (4, "D-J")], trump="H") == 1
        assert winner([(0, "C-5"), (1, "C-A"), (2, "S-2"), (3, "H-J"), (4, "D-J")], trump="H") == 3
        assert winner([(0, "C-5"), (1, "C-A"), (2, "H-A"), (3, "H-2"), (4, "D-J")], trump="H") == 4

    def test_trump_beats_lead_and_other_suits_never_win(self):  # NAP-RANK-2
        assert winner([(0, "D-5"), (1, "D-K"), (2, "H-2"), (3, "C-A"), (4, "D-A")], trump="H") == 2
        assert winner([(0, "D-5"), (1, "D-K"), (2, "S-K"), (3, "C-A"), (4, "D-3")], trump="H") == 1

    def test_main_jack_counts_once(self):  # NAP-RANK-2: the jack of trumps is a power card, not "a trump J"
        assert winner([(0, "H-A"), (1, "H-J"), (2, "H-K"), (3, "C-3"), (4, "D-4")], trump="H") == 1

    def test_yoromeki(self):  # NAP-YORO-1, NAP-TRICK-1
        out = trick([(0, "D-5"), (1, "S-A"), (2, "H-Q"), (3, "D-K"), (4, "JOKER")], trump="S", trick_no=4)
        assert out["winner"] == 2 and out["honours_won"] == 3 and out["rule"] == "NAP-YORO-1"
        # without the Mighty the heart queen is an ordinary card
        assert winner([(0, "D-5"), (1, "S-3"), (2, "H-Q"), (3, "D-K"), (4, "JOKER")], trump="S", trick_no=4) == 4

    def test_same_two(self):  # NAP-SAME2-1
        assert winner([(0, "H-7"), (1, "H-A"), (2, "H-2"), (3, "H-K"), (4, "H-5")], trick_no=3) == 2
        # a power card of that suit still beats the 2: the main jack with hearts trumps
        assert winner([(0, "H-7"), (1, "H-J"), (2, "H-2"), (3, "H-K"), (4, "H-5")], trump="H", trick_no=3) == 1
        # the Mighty in spades
        assert winner([(0, "S-7"), (1, "S-A"), (2, "S-2"), (3, "S-K"), (4, "S-5")], trump="H", trick_no=3) == 1
        # one card of another suit (or the joker) breaks it
        assert winner([(0, "H-7"), (1, "H-A"), (2, "H-2"), (3, "H-K"), (4, "D-5")], trump="S", trick_no=3) == 1
        assert winner([(0, "H-7"), (1, "H-A"), (2, "H-2"), (3, "H-K"), (4, "JOKER")], trump="S", trick_no=3) == 4

    def test_same_two_not_in_trick_1_unless_flagged(self):  # NAP-SAME2-2, NAP-SPECIAL-2
        plays = [(0, "H-7"), (1, "H-A"), (2, "H-2"), (3, "H-K"), (4, "H-5")]
        assert winner(plays, trick_no=1) == 1
        assert winner(plays, trick_no=1, flags={"same2_first_trick": True}) == 2

    def test_requested_joker_keeps_its_power(self):  # NAP-JOKER-2
        plays = [(0, "C-3"), (1, "JOKER"), (2, "C-A"), (3, "S-5"), (4, "C-4")]
        assert winner(plays, trump="S") == 1
        assert winner(plays, trump="S", flags={"joker_request_weakens": True}) == 3
        assert winner(plays, trump="H", flags={"joker_request_weakens": True}) == 2

    def test_led_joker_and_its_suit(self):  # NAP-JOKER-3
        assert winner([play(0, "JOKER", "D"), (1, "D-9"), (2, "D-A"), (3, "C-4"), (4, "D-2")], trump="H") == 0
        with pytest.raises(ScenarioError):
            trick([(0, "JOKER"), (1, "D-9"), (2, "D-A"), (3, "C-4"), (4, "D-2")], trump="H")

    def test_trick_setup_errors_name_the_path(self):
        with pytest.raises(ScenarioError) as info:
            trick([(0, "D-5"), (1, "S-11"), (2, "H-Q"), (3, "D-K"), (4, "JOKER")])
        assert info.value.path == "setup.trick[1].cards[0]"
        with pytest.raises(ScenarioError) as info:
            trick([(0, "D-5"), (2, "S-3"), (1, "H-Q"), (3, "D-K"), (4, "JOKER")])
        assert info.value.path == "setup.trick[1].seat"
        with pytest.raises(ScenarioError) as info:
            trick([(0, "D-5"), (1, "S-3")])
        assert info.value.path == "setup.trick"

    def test_a_played_trick_goes_to_its_winner(self):  # NAP-TRICK-2
        s = nap({"3": "D-K D-2", "4": "S-3 C-3", "0": "H-2 H-3", "1": "D-4 H-4", "2": "D-5 C-5"}, to_act=3,
                trick_no=9, trump="S", napoleon=0, called_card="H-3")
        s = run(s, (3, "D-K"), (4, "S-3"), (0, "H-2"), (1, "D-4"), (2, "D-5"))
        assert s.to_act == 4 and s.leader == 4 and s.trick == () and s.trick_closed
        assert s.last_trick["winner"] == 4 and s.honours_of(4) == 1 and s.trick_no == 10


# --------------------------------------------------------------------------- reverse
class TestReverse:
    def test_off_colour_jack_flips_the_next_tricks(self):  # NAP-SPECIAL-1
        plays = [(0, "H-3"), (1, "H-J"), (2, "H-5"), (3, "H-9"), (4, "H-K")]
        assert trick(plays, trump="S", flags={"reverse": True})["next_direction"] == -1
        assert trick(plays, trump="S")["next_direction"] == 1
        assert trick(plays, trump="D", flags={"reverse": True})["next_direction"] == 1, "same colour: no flip"

    def test_two_off_colour_jacks_cancel(self):  # NAP-SPECIAL-1 (A7)
        plays = [(0, "H-3"), (1, "H-J"), (2, "D-J"), (3, "H-9"), (4, "H-K")]
        assert trick(plays, trump="C", flags={"reverse": True})["next_direction"] == 1

    def test_play_goes_the_other_way(self):  # NAP-SPECIAL-1, NAP-PLAY-1
        s = nap({"0": "H-3 C-2", "1": "H-J C-3", "2": "H-5 C-4", "3": "H-9 C-5", "4": "H-K C-6"}, to_act=0,
                trick_no=9, trump="S", napoleon=0, called_card="C-6", flags={"reverse": True})
        s = run(s, (0, "H-3"), (1, "H-J"), (2, "H-5"), (3, "H-9"), (4, "H-K"))
        assert s.direction == -1 and s.to_act == 4 and s.log[-1].key == "nap.event.reverse"
        s = do(s, 4, "C-6")
        assert s.to_act == 3, "counter-clockwise now"
        reject(s, "C-2", 0, key="common.not_your_turn")


# --------------------------------------------------------------------------- scoring
class TestScoring:
    @pytest.mark.parametrize("bid, solo, side, nap_, adj, ally", [
        (13, False, 13, 8, 4, 0),     # NAP-SCORE-2
        (13, False, 18, 9, 5, 0),     # NAP-SCORE-3: +1/+1
        (13, False, 19, 10, 5, 0),    # +2/+1
        (13, False, 20, 12, 6, 0),    # +4/+2
        (13, True, 13, 10, 0, 0),     # solo +10
        (16, True, 20, 18, 0, 0),     # solo 20: +8
        (13, True, 18, 11, 0, 0),     # solo 18: +1 (A6)
        (13, True, 19, 12, 0, 0),     # solo 19: +2 (A6)
        (13, False, 12, 0, 0, 4),     # NAP-SCORE-4
        (13, True, 12, 0, 0, 3),      # solo: +3 each
        (14, False, 6, -8, -4, 4),    # NAP-SCORE-5: Allies 14 >= 14
        (14, False, 7, 0, 0, 4),      # Allies 13 < 14: no penalty A, no B below 15
        (14, True, 5, -12, 0, 3),     # solo penalty A
        (16, False, 12, -5, 0, 4),    # NAP-SCORE-6 only
        (15, False, 4, -11, -4, 4),   # NAP-SCORE-7: A -8 and B -3
        (20, True, 0, -27, 0, 3),     # solo: A -12 and B -15
    ])
    def test_table(self, bid, solo, side, nap_, adj, ally):
        s = game_score(bid, solo, side)
        assert (s["napoleon"], s["adjutant"], s["each_ally"]) == (nap_, adj, ally)
        assert G.score({"flags": {"players": 5}, "bid": bid, "solo": solo, "napoleon_side_honours": side})["napoleon"] == nap_

    def test_penalty_a_reading_flag(self):  # NAP-SCORE-5 (A5)
        assert game_score(14, False, 7, "any_loss")["napoleon"] == -8
        assert game_score(14, False, 7)["napoleon"] == 0

    def test_score_setup_errors(self):
        with pytest.raises(ScenarioError) as info:
            G.score({"flags": {"players": 5}, "bid": 25, "solo": False, "napoleon_side_honours": 3})
        assert info.value.path == "setup.bid"
        with pytest.raises(ScenarioError):
            G.score({"flags": {"players": 5}, "bid": 13, "solo": False})

    def test_a_played_game_pays_each_seat(self):  # NAP-SCORE-1..4, NAP-NEXT-1
        from tutor.bots import heuristic_choice
        s = new(7)
        while not G.round_over(s):
            seat = s.to_act
            s = G.apply(s, heuristic_choice(G, s, seat).action, seat)
        r = s.result
        side = s.napoleon_side_honours()
        assert r["napoleon_side_honours"] == side and sum(r["honours"]) == 20
        for seat in range(5):
            if seat == s.napoleon:
                assert r["gained"][seat] == r["napoleon"]
            elif seat == s.adjutant:
                assert r["gained"][seat] == r["adjutant"]
            else:
                assert r["gained"][seat] == r["each_ally"]
        assert list(s.scores) == r["gained"] and G.view(s, 1)["adjutant"] == (None if s.solo else s.adjutant)
        nxt = G.advance(s)
        assert nxt.phase == "auction" and nxt.to_act == s.napoleon and nxt.scores == s.scores and nxt.game_no == 2
        reject(s, "PASS", 0, key="nap.game_over")


# --------------------------------------------------------------------------- scenarios and errors
class TestScenarios:
    def error(self, **changes):
        data = {"game": "napoleon", "flags": {"players": 5}, "phase": "play", "to_act": 1, "trump": "H",
                "trick_no": 2, "hands": {"1": ["C-2", "C-K"]}, "trick": [{"seat": 0, "cards": ["C-9"]}]}
        data.update(changes)
        with pytest.raises(ScenarioError) as info:
            load_scenario(data)
        return info.value

    def test_unknown_card_names_its_path(self):
        assert self.error(hands={"1": ["C-2", "C-11"]}).path == "hands.1[1]"

    def test_bad_values_name_their_keys(self):
        assert self.error(trump="X").path == "trump"
        assert self.error(trick_no=11).path == "trick_no"
        assert self.error(phase="bidding").path == "phase"
        assert self.error(direction=2).path == "direction"
        assert self.error(to_act=2).path == "to_act"
        assert self.error(flags={"players": 5, "reverse": "yes"}).path == "flags.reverse"
        assert self.error(trick=[{"seat": 0, "action": "PASS"}]).path == "trick[0].action"
        assert self.error(trick=[{"seat": 0, "cards": ["C-9", "C-8"]}]).path == "trick[0].cards"
        assert self.error(trick=[{"seat": 0, "cards": ["JOKER"]}]).path == "trick[0].joker_suit"
        assert self.error(kitty=["S-2"]).path == "kitty"
        assert self.error(unknown=1).path == "unknown"

    def test_missing_play_keys(self):
        data = {"game": "napoleon", "flags": {"players": 5}, "phase": "play", "to_act": 0, "hands": {}, "trick": []}
        with pytest.raises(ScenarioError) as info:
            load_scenario(data)
        assert info.value.path in ("trump", "trick_no")

    def test_unknown_hands_are_filled_and_cards_conserved(self):
        s = nap({"1": "C-2 C-K S-5 JOKER H-3"}, to_act=1, trick=[play(0, "C-9")], trump="H")
        assert Counter(G.all_cards(s)) == Counter(DECK.cards())
        assert [len(h) for h in s.hands] == [8, 5, 9, 9, 9]

    def test_auction_replay_rejects_an_illegal_bid(self):
        with pytest.raises(ScenarioError) as info:
            nap({}, phase="auction", to_act=2, auction=[{"seat": 0, "action": {"bid": [13, "H"]}},
                                                        {"seat": 1, "action": {"bid": [13, "C"]}}])
        assert info.value.path == "auction[1]"

    def test_cli_style_scenario_through_the_api(self):
        from tutor.api import handle
        r = handle({"op": "load", "scenario": {"game": "napoleon", "flags": {"players": 5}, "phase": "play",
                                               "to_act": 1, "trump": "H", "trick_no": 2,
                                               "hands": {"1": ["C-2", "C-K", "JOKER"]},
                                               "trick": [{"seat": 0, "cards": ["C-9"]}]}, "seat": 1})
        assert r["ok"] and r["view"]["hand"] == ["C-2", "C-K", "JOKER"]
        legal_ = handle({"op": "legal", "state": r["state"], "seat": 1})
        assert sorted(map(str, legal_["actions"])) == sorted(map(str, [["C-2"], ["C-K"], ["JOKER"]]))
        bad = handle({"op": "apply", "state": r["state"], "action": ["H-A"], "seat": 1, "lang": "ja"})
        assert bad["ok"] is False and bad["verdict"]["rule_ids"] and bad["verdict"]["text"]


# --------------------------------------------------------------------------- the bot
class TestBot:
    def test_bot_only_plays_legal_actions_for_whole_games(self):
        from tutor.bots import heuristic_choice, hint
        for seed in range(6):
            s = new(seed)
            while not G.round_over(s):
                seat = s.to_act
                c = heuristic_choice(G, s, seat)
                assert G.explain(s, c.action, seat).legal and c.key.startswith("nap.why.")
                if seed == 0:
                    h = hint(G, s, seat, "ja")
                    assert h["focus"]["text"] and h["candidates"]["text"] and h["why"] and h["rule"]["legal"]
                s = G.apply(s, c.action, seat)

    def test_bot_calls_the_mighty_when_it_lacks_it(self):
        from tutor.bots import heuristic_choice
        s = nap({"2": "S-2 S-3"}, phase="call_adjutant", to_act=2, napoleon=2, contract=[13, "H"])
        assert G.action_to_json(heuristic_choice(G, s, 2).action) == {"call_adjutant": "S-A"}

    def test_bot_feeds_an_honour_to_a_known_friend(self):
        from tutor.bots import heuristic_choice
        # seat 1 is the adjutant (holds the called card H-2) and knows Napoleon (seat 0) wins with the Mighty
        s = nap({"1": "S-K S-4 H-2"}, to_act=1, trick=[play(0, "S-A")], napoleon=0,
                called_card="H-2", trump="H", trick_no=3)
        assert heuristic_choice(G, s, 1).action == Play((Card.parse("S-K"),))


class TestShortScenarios:
    def test_calling_a_card_nobody_holds_in_a_short_lesson_hand_is_a_solo(self):  # NAP-ADJ-3
        s = nap({"0": "S-2 S-3", "1": "H-2", "2": "H-3", "3": "H-4", "4": "H-5"}, phase="call_adjutant", to_act=0,
                napoleon=0, kitty=["C-2", "C-3", "C-4"])
        s = do(s, 0, {"call_adjutant": "S-A"})
        assert s.solo and s.adjutant is None and s.phase == "discard" and len(s.hands[0]) == 5


class TestView:
    def test_public_table_facts(self):  # NAP-TRICK-1, NAP-TRICK-2
        s = nap({"2": "D-K D-2"}, to_act=2, trick=[play(0, "D-5"), play(1, "S-A")], trump="H", trick_no=4,
                napoleon=0, called_card="H-K")
        v = G.view(s, 2)
        assert v["winning"] == 1 and v["lead_suit"] == "D" and v["trick_no"] == 4 and v["leader"] == 0
        assert v["hand"] == ["D-2", "D-K"] and v["cards_held"][2] == 2 and v["my_side"] in ("allies", "adjutant")
        s2 = do(s, 2, "D-K")
        assert G.view(s2, 3)["winning"] == 1
        yoro = nap({"2": "H-Q C-2"}, to_act=2, trick=[play(0, "D-5"), play(1, "S-A")], trump="S", trick_no=4,
                   napoleon=0, called_card="C-K")
        assert G.view(do(yoro, 2, "H-Q"), 0)["winning"] == 2  # NAP-YORO-1

    def test_captured_honours_are_public(self):  # NAP-TRICK-2
        s = nap({"3": "D-K D-2", "4": "S-3 C-3", "0": "H-2 H-3", "1": "D-4 H-4", "2": "D-5 C-5"}, to_act=3,
                trick_no=9, trump="S", napoleon=0, called_card="H-3")
        s = run(s, (3, "D-K"), (4, "S-3"), (0, "H-2"), (1, "D-4"), (2, "D-5"))
        for seat in range(5):
            v = G.view(s, seat)
            assert v["captured_honours"][4] == ["D-K"] and v["honours_won"][4] == 1
            assert v["last_trick"]["winner"] == 4 and v["trick"] == [] and v["winning"] is None


class TestExplainSaysWhoHoldsTheTrick:  # NAP-TRICK-1 (よろめき, セイム2, strength), public cards only
    def test_yoromeki_wins_so_far_and_cites_its_rule(self):
        s = nap({"2": "H-Q H-5 D-7"}, to_act=2, trick=[play(0, "C-9"), play(1, "S-A")], trump="D")
        v = verdict(s, "H-Q", 2)
        assert v.legal and "NAP-YORO-1" in v.rule_ids
        assert "So far Q♥ takes the trick" in v.text("en") and "Q♥" in v.text("ja")

    def test_a_card_that_cannot_win_names_the_card_on_top(self):
        s = nap({"2": "H-Q C-5 D-7"}, to_act=2, trick=[play(0, "C-9"), play(1, "S-A")], trump="D")
        v = verdict(s, "C-5", 2)
        assert v.legal and "Seat 1's A♠ would still hold the trick" in v.text("en")
        assert "NAP-RANK-1" in v.rule_ids  # the Mighty holds it as a power card

    def test_a_lead_says_nothing_about_winning(self):
        s = nap({"0": "H-Q C-5 D-7"}, to_act=0, trick=[], trump="D")
        assert "takes the trick" not in verdict(s, "C-5", 0).text("en")
