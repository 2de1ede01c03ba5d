"""Shengji, the two-deck module (shengji.md §13, SJ-2D-1 … SJ-2D-10; §15 A12, A13) through the game.

``tests/unit/test_shengji_two_deck_shapes.py`` checks the pure shape functions; here every rule
is checked through ``Shengji`` itself: seeded deals drawn card by card, positions built from the
golden setup format (rules/README.md §4.2 and the Shengji paragraph of §4.6), ``legal_actions``,
``explain``, ``apply`` (in turn and, for exposures, out of turn through the window), ``score``,
``trick`` and ``classify``. Expected values are worked out by hand from the spec in comments;
every refusal is also checked to raise ``IllegalAction`` and leave the state untouched
(``unit_helpers.assert_rejected``).
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from itertools import combinations
from typing import Any

import pytest

from tutor.actions import Decision, Play, parse_action
from tutor.cards import Card
from tutor.errors import FlagError, ScenarioError
from tutor.game import IllegalAction
from tutor.golden import run_case
from tutor.flags import describe_flags
from tutor.games.shengji.state import Flags
from tutor.registry import find_game
from unit_helpers import assert_rejected, shared_rules

G = find_game("shengji")
GAME_MULTIPLIER = G.kitty_multiplier
TWO = {"players": 4, "decks": 2}
SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NO_POINTS_KITTY = "C-3 C-3 C-4 C-4 C-6 C-6 C-7 C-7"
KING_KITTY = "C-K C-3 C-3 C-4 C-4 C-6 C-6 C-7"   # 10 points
ONE_DECK = Counter([f"{s}-{r}" for s in SUITS for r in RANKS] + ["BJ", "RJ"])
TWO_DECKS = Counter({t: 2 for t in ONE_DECK})


# --------------------------------------------------------------------------- helpers
def cards(text: str) -> list[str]:
    return text.split()


def card_points(tokens) -> int:
    """SJ-POINTS-1, restated: 5s count 5, 10s and kings 10."""
    out = 0
    for t in tokens:
        t = t.token if isinstance(t, Card) else t
        rank = t.split("-")[1] if "-" in t else ""
        out += 5 if rank == "5" else 10 if rank in ("10", "K") else 0
    return out


def act(data: Any):
    if isinstance(data, str):
        data = cards(data)
    return parse_action(data)


def sj2(hands: dict[Any, str] | None = None, *, phase: str = "play", to_act: int | None = 0,
        trick: list | None = None, flags: dict | None = None, rank: str = "9", suit: str | None = "S",
        **extra: Any):
    """A two-deck position from a golden setup (default R = 9, T = S as in SJ-G-16)."""
    setup: dict[str, Any] = {"flags": {**TWO, **(flags or {})}, "phase": phase, "to_act": to_act,
                             "hands": {str(s): cards(h) for s, h in (hands or {}).items()}, "trump_rank": rank}
    if phase == "play":
        setup["trick"] = trick or []
    if suit is not None or phase not in ("draw", "kitty_flip"):
        setup["trump_suit"] = suit
    if isinstance(extra.get("kitty"), str):
        extra["kitty"] = cards(extra["kitty"])
    setup.update(extra)
    return G.from_setup(setup)


def entry(seat: int, text: str) -> dict[str, Any]:
    return {"seat": seat, "cards": cards(text)}


def key(cs) -> tuple[str, ...]:
    """A play as a multiset of tokens (README §4.4: order carries no meaning)."""
    return tuple(sorted(c.token if isinstance(c, Card) else c for c in cs))


def legal_plays(state, seat: int | None = None) -> set[tuple[str, ...]]:
    return {key(a.cards) for a in G.legal_actions(state, seat)}


def plays(*texts: str) -> set[tuple[str, ...]]:
    return {key(cards(t)) for t in texts}


def sub_multisets(hand, k: int) -> set[tuple[str, ...]]:
    """Every different multiset of ``k`` cards of ``hand``, by brute force over positions."""
    return {key(combo) for combo in combinations(list(hand), k)}


def brute_force_legal(state, seat: int, k: int) -> set[tuple[str, ...]]:
    """The plays of ``k`` cards ``explain`` accepts, trying every multiset of the hand."""
    return {p for p in sub_multisets(state.hands[seat], k) if G.explain(state, Play(tuple(Card.parse(t) for t in p)), seat).legal}


def verdict(state, data: Any, seat: int | None = None, in_turn: bool = True):
    return G.explain(state, act(data), seat, in_turn=in_turn)


def accept(state, data: Any, seat: int | None = None, *, key_: str | None = None, rule: str | None = None,
           in_turn: bool = True):
    v = verdict(state, data, seat, in_turn)
    assert v.legal, (data, v)
    if key_ is not None:
        assert v.key == key_, v
    if rule is not None:
        assert rule in v.rule_ids, v
    for lang in ("en", "ja"):
        assert v.text(lang).strip() and v.text(lang) != v.key
    return v


def reject(state, data: Any, seat: int | None = None, *, key_: str | None = None, rule: str | None = None,
           in_turn: bool = True):
    """Illegal: a reason with a rule ID, ``apply`` raises ``IllegalAction``, the state is unchanged."""
    return assert_rejected(G, state, act(data), seat, key=key_, rule=rule, in_turn=in_turn)


def do(state, seat: int | None, data: Any, in_turn: bool = True):
    return G.apply(state, act(data), seat, in_turn=in_turn)


def run(state, *moves):
    for seat, data in moves:
        state = do(state, seat, data)
    return state


DRAW = Decision("draw", True)


def fresh2(seed: int = 1, **flags: Any):
    return G.new_game(G.flags({**TWO, **flags}), seed)


def draw(state):
    """The seat to act draws one card (the chances of the last draw declined first)."""
    state = G.close_window(state)
    return G.apply(state, DRAW, state.to_act)


def expose(value: Any) -> Decision:
    return parse_action({"expose": value})


def point_cards(p: int) -> list[str]:
    """Point cards worth exactly ``p`` (a multiple of 5, at most 200): tens and kings first (C-K
    last), then fives."""
    tens = [f"{s}-{r}" for r in ("10", "K") for s in SUITS for _ in range(2)]
    fives = [f"{s}-5" for s in SUITS for _ in range(2)]
    t = min(len(tens), p // 10)
    f = (p - 10 * t) // 5
    assert f <= len(fives) and 10 * t + 5 * f == p
    return tens[:t] + fives[:f]


def score(p: int, *, dealer: int = 0, last: int | None = None, kitty: str = NO_POINTS_KITTY, levels=("5", "5"),
          flags: dict | None = None, **extra: Any) -> dict[str, Any]:
    setup = {"flags": {**TWO, **(flags or {})}, "dealer": dealer,
             "levels": {"team02": levels[0], "team13": levels[1]}, "nondealer_trick_points": p,
             "last_trick_winner": dealer if last is None else last, "kitty_discards": cards(kitty), **extra}
    return G.score(setup)


# =========================================================================== SJ-2D-1 deck, draw, kitty
class TestTwoDecks:  # SJ-2D-1
    def test_a_deal_holds_108_cards_two_of_each(self):
        """SJ-2D-1: two 54-card decks: 108 cards, each card twice; 100 to draw and an 8-card kitty."""
        s = fresh2(7)
        assert Counter(c.token for c in G.all_cards(s)) == TWO_DECKS
        assert len(G.all_cards(s)) == 108
        assert len(s.stock) == 100 and len(s.kitty) == 8
        assert card_points(G.all_cards(s)) == 200  # SJ-2D-1: 200 card points
        one = G.new_game(G.flags({"players": 4}), 7)  # one deck unchanged: 54 cards, kitty 6
        assert Counter(c.token for c in G.all_cards(one)) == ONE_DECK and len(one.kitty) == 6

    def test_everyone_draws_25_and_the_dealer_takes_8(self):
        """SJ-2D-1: 25 cards each; the dealer adds the 8-card kitty (33) and buries 8."""
        s = fresh2(11, first_drawer=2)
        drawn = Counter()
        while s.stock:
            drawn[s.to_act] += 1
            s = draw(s)
        assert drawn == {0: 25, 1: 25, 2: 25, 3: 25}
        assert [len(h) for h in s.hands] == [25] * 4 and len(s.kitty) == 8
        s = G.settle(s)  # nobody exposed: the first drawer deals, the kitty is turned (SJ-DECLARE-3/5)
        assert s.phase == "bury" and s.dealer == 2 and s.to_act == 2
        assert [len(h) for h in s.hands] == [25, 25, 33, 25]
        assert 1 <= s.kitty_turned <= 8
        assert Counter(c.token for c in G.all_cards(s)) == TWO_DECKS

    def test_the_bury_is_eight_cards(self):
        """SJ-2D-1 / SJ-KITTY-1: eight cards are buried; six (or nine) are refused with the count."""
        s = G.settle(fresh2(11, first_drawer=2))
        hand = s.hands[2]
        for n in (6, 7, 9):
            v = reject(s, {"bury": [c.token for c in hand[:n]]}, 2, key_="sj.bury_six", rule="SJ-KITTY-1")
            assert v.params["count"] == 8 and "8" in v.text("en")
        eight = [c.token for c in hand[:8]]
        v = accept(s, {"bury": eight}, 2, rule="SJ-KITTY-1")
        after = do(s, 2, {"bury": eight})
        assert after.phase == "play" and after.to_act == 2 and len(after.buried) == 8
        assert key(after.buried) == key(eight) and [len(h) for h in after.hands] == [25] * 4
        assert Counter(c.token for c in G.all_cards(after)) == TWO_DECKS
        assert v.params["count"] == 8

    def test_both_copies_of_a_card_may_be_buried_not_a_third(self):
        """SJ-2D-1: identical cards are separate cards: both copies held may be buried, never more."""
        s = G.settle(fresh2(11, first_drawer=2))
        hand = [c.token for c in s.hands[2]]
        twice = next(t for t, n in Counter(hand).items() if n == 2)
        once = next(t for t, n in Counter(hand).items() if n == 1)
        rest = [t for t in hand if t not in (twice, once)]
        accept(s, {"bury": [twice, twice] + rest[:6]}, 2)
        reject(s, {"bury": [once, once] + rest[:6]}, 2, rule="SJ-KITTY-1")

    def test_the_bury_decision_counts_distinct_choices(self):
        """The "choose 8" decision counts each different multiset of the 33 cards once."""
        s = G.settle(fresh2(11, first_drawer=2))
        ways = [1] + [0] * 8  # a polynomial product over the kinds held once or twice
        for n in Counter(s.hands[2]).values():
            ways = [sum(ways[k - j] for j in range(0, min(n, k) + 1)) for k in range(9)]
        assert G.decision_spec(s, 2).count() == ways[8]

    def test_the_points_in_play_are_200(self):
        """SJ-2D-1: 200 card points, so score facts up to 200 are accepted and more refused."""
        assert score(200, last=1)["P"] == 200
        with pytest.raises(ScenarioError) as err:
            score(205, last=1)
        assert "200" in str(err.value)
        with pytest.raises(ScenarioError):
            G.score({"flags": {"players": 4}, "dealer": 0, "levels": {"team02": "2", "team13": "2"},
                     "nondealer_trick_points": 105, "last_trick_winner": 1, "kitty_discards": cards("S-3 S-4 S-6 S-7 S-8 S-9")})

    def test_a_score_needs_the_eight_card_kitty(self):
        with pytest.raises(ScenarioError) as err:
            score(40, kitty="C-3 C-3 C-4 C-4 C-6 C-6")
        assert err.value.key == "error.scenario.kitty_size"


# =========================================================================== SJ-2D-2 thresholds
TABLE = [  # P, hand winner (dealer 0 is team02), steps: SJ-2D-2
    (0, "team02", 2), (5, "team02", 1), (75, "team02", 1), (80, "team13", 0), (155, "team13", 0),
    (160, "team13", 1), (195, "team13", 1), (200, "team13", 2),
]


def after_levels(winner: str, steps: int, before=("5", "5")) -> dict[str, str]:
    out = {"team02": before[0], "team13": before[1]}
    out[winner] = RANKS[min(RANKS.index(out[winner]) + steps, 12)]
    return out


class TestThresholds:  # SJ-2D-2
    @pytest.mark.parametrize("p, winner, steps", TABLE)
    def test_score_setups(self, p, winner, steps):
        """SJ-2D-2: 0 dealer +2; 5–75 dealer +1; 80–155 non-dealers, no change; 160–195 +1; ≥ 200 +2."""
        r = score(p)  # the dealer team took the last trick: the kitty changes nothing
        assert r["P"] == p and r["hand_winner"] == winner and r["steps"] == steps
        assert r["levels_after"] == after_levels(winner, steps)
        assert r["next_dealer"] == (2 if winner == "team02" else 1)  # SJ-NEXT-1/2
        assert r["next_trump_rank"] == r["levels_after"]["team02" if winner == "team02" else "team13"]
        assert "SJ-2D-2" in r["rule_ids"] and "SJ-SCORE-2" not in r["rule_ids"]

    def test_above_200_with_the_kitty(self):
        """SJ-2D-2 "≥ 200": 190 in tricks + a kitty king doubled (the non-dealers took the last trick) = 210."""
        r = score(190, last=3, kitty="C-K C-3 C-3 C-4 C-4 C-6 C-6 C-7")
        assert r["P"] == 210 and r["hand_winner"] == "team13" and r["steps"] == 2
        assert r["levels_after"] == {"team02": "5", "team13": "7"}

    def test_the_one_deck_table_differs(self):
        """Guard: the same P = 75 with one deck is a non-dealer win (SJ-SCORE-2), with two a dealer win."""
        one = G.score({"flags": {"players": 4}, "dealer": 0, "levels": {"team02": "5", "team13": "5"},
                       "nondealer_trick_points": 75, "last_trick_winner": 0,
                       "kitty_discards": cards("S-3 S-4 S-6 S-7 S-8 S-9")})
        assert one["hand_winner"] == "team13" and score(75)["hand_winner"] == "team02"

    @pytest.mark.parametrize("p, winner, steps", TABLE)
    def test_the_end_of_a_played_hand(self, p, winner, steps):
        """SJ-2D-2 at the end of a played hand: seat 1 (non-dealer) took ``p`` points earlier; the
        pointless last trick goes to the dealer team (seat 2), so a king in the kitty does not count (A6)."""
        kitty = KING_KITTY if p <= 155 else NO_POINTS_KITTY  # (point_cards takes C-K only above 155)
        s = sj2({"0": "D-3", "1": "D-4", "2": "D-A", "3": "D-6"}, rank="5", dealer=0,
                levels={"team02": "5", "team13": "5"}, won={"1": point_cards(p)}, kitty=kitty)
        assert G.nondealer_points(s) == p
        end = run(s, (0, "D-3"), (1, "D-4"), (2, "D-A"), (3, "D-6"))
        assert end.phase == "score" and end.result["last_trick_winner"] == 2
        assert end.result["P"] == p and G.check_value(end, "P") == p
        assert end.result["hand_winner"] == winner and end.result["steps"] == steps
        assert G.check_value(end, "levels") == after_levels(winner, steps)
        assert end.session.next_dealer == (2 if winner == "team02" else 1)
        nxt = G.next_hand(end)  # the next hand: 108 cards again, the next dealer at its team's level
        assert nxt.dealer == end.session.next_dealer and nxt.trump_rank == after_levels(winner, steps)[
            "team02" if winner == "team02" else "team13"]
        assert Counter(c.token for c in G.all_cards(nxt)) == TWO_DECKS and len(nxt.kitty) == 8

    def test_the_end_of_a_played_hand_above_200(self):
        """SJ-2D-2: all 190 other points taken, the non-dealers win the last trick: kitty king ×2 → 210, +2."""
        won = point_cards(200)
        won.remove("C-K")  # one C-K is in the kitty: the tricks held 190
        assert card_points(won) == 190
        s = sj2({"0": "D-3", "1": "D-A", "2": "D-4", "3": "D-6"}, rank="5", dealer=0,
                levels={"team02": "5", "team13": "5"}, won={"1": won}, kitty="C-K C-3 C-3 C-4 C-4 C-6 C-6 C-7")
        end = run(s, (0, "D-3"), (1, "D-A"), (2, "D-4"), (3, "D-6"))
        assert end.result["P"] == 210 and end.result["kitty_bonus"] == 20
        assert end.result["hand_winner"] == "team13" and G.check_value(end, "levels") == {"team02": "5", "team13": "7"}


# =========================================================================== SJ-2D-3 pairs
class TestPairs:  # SJ-2D-3
    HAND = "H-9 H-9 C-9 D-8 D-8 D-A BJ BJ RJ RJ S-4 S-4"

    def leader(self):
        return sj2({"0": self.HAND}, dealer=0)

    @pytest.mark.parametrize("text, group", [("H-9 H-9", "T"), ("D-8 D-8", "D"), ("BJ BJ", "T"), ("RJ RJ", "T"),
                                             ("S-4 S-4", "T")])
    def test_identical_cards_are_a_pair_lead(self, text, group):
        v = accept(self.leader(), text, 0, key_="sj.ok.lead_pair", rule="SJ-2D-3")
        assert v.params["suit"] == group

    def test_equal_trump_rank_cards_of_two_suits_are_no_pair(self):
        """SJ-2D-3: H-9 C-9 (R = 9) are equal trumps, but not identical: no pair, refused as a lead."""
        v = reject(self.leader(), "H-9 C-9", 0, key_="sj.pair_not_identical", rule="SJ-2D-3")
        assert "SJ-2D-3" in v.rule_ids

    @pytest.mark.parametrize("text", ["H-9 S-9", "S-9 C-9"])
    def test_the_trump_suit_rank_card_and_another_are_no_pair_and_not_equal(self, text):
        """SJ-2D-3 / SJ-RANK-2: with T = S, S-9 (T-R) outranks H-9 and C-9. The set is refused (no
        pair), and the reason must not tell the learner that the two cards rank equal: only two
        off-suit R cards are equal (SJ-RANK-2, SJ-RANK-5)."""
        s = sj2({"0": "H-9 S-9 C-9 D-3"}, dealer=0)
        v = reject(s, text, 0, rule="SJ-2D-3")
        assert v.key != "sj.pair_not_identical", (v.key, v.text("en"))
        assert "equal" not in v.text("en"), v.text("en")

    @pytest.mark.parametrize("text", ["BJ RJ", "D-8 D-A"])
    def test_two_different_cards_are_no_pair(self, text):
        reject(self.leader(), text, 0, key_="sj.pair_two_cards", rule="SJ-2D-3")

    def test_two_suits_are_no_pair(self):
        reject(self.leader(), "D-8 S-4", 0, key_="sj.shape_suits", rule="SJ-2D-4")

    def test_a_pair_needs_both_copies_in_hand(self):
        reject(self.leader(), "D-A D-A", 0, key_="common.not_in_hand")

    def test_a_pair_lead_is_played_through(self):
        """A joker pair led and applied: the trick holds both copies and the hand lost both."""
        s = do(self.leader(), 0, "BJ BJ")
        assert key(s.trick[0].cards) == ("BJ", "BJ") and s.to_act == 1
        assert Counter(c.token for c in s.hands[0])["BJ"] == 0
        assert Counter(c.token for c in G.all_cards(s)) == TWO_DECKS

    def test_following_a_trump_pair_needs_an_identical_pair(self):
        """SJ-2D-3/5: S-4 S-4 led; H-9 C-9 are two trumps but no pair, so the pair S-2 S-2 is due."""
        s = sj2({"1": "H-9 C-9 S-2 S-2 D-5"}, to_act=1, trick=[entry(0, "S-4 S-4")], dealer=0)
        assert legal_plays(s, 1) == plays("S-2 S-2")
        reject(s, "H-9 C-9", 1, key_="sj.follow_pair", rule="SJ-2D-5")

    def test_the_golden_pair_case(self):
        """SJ-G-16h: H-9 C-9 with R = 9 classifies as nothing."""
        assert G.classify({"flags": TWO, "cards": cards("H-9 C-9"), "trump_rank": "9", "trump_suit": "S"}) == []
        assert G.classify({"flags": TWO, "cards": cards("H-9 H-9"), "trump_rank": "9", "trump_suit": "S"}) == \
            [{"type": "pair"}]
        assert G.classify({"flags": TWO, "cards": cards("RJ RJ"), "trump_rank": "9", "trump_suit": "S"}) == \
            [{"type": "pair"}]


# =========================================================================== SJ-2D-4 tractors
def classify(text: str, rank: str = "9", suit: str | None = "S") -> list[dict[str, Any]]:
    return G.classify({"flags": TWO, "cards": cards(text), "trump_rank": rank, "trump_suit": suit})


class TestTractors:  # SJ-2D-4
    HAND = "S-A S-A S-K S-K H-9 H-9 C-9 C-9 S-9 S-9 BJ BJ RJ RJ D-8 D-8 D-10 D-10 D-J D-J D-3 D-3"

    def leader(self):
        return sj2({"0": self.HAND}, dealer=0)

    @pytest.mark.parametrize("text, pairs, group", [
        ("S-A S-A H-9 H-9", 2, "T"),          # T-A + an off-suit R pair: across the R step
        ("H-9 H-9 S-9 S-9", 2, "T"),          # off-suit R pair + T-R pair
        ("C-9 C-9 S-9 S-9", 2, "T"),          # either off-suit R pair
        ("S-9 S-9 BJ BJ", 2, "T"),            # T-R + black jokers
        ("BJ BJ RJ RJ", 2, "T"),              # the jokers
        ("D-8 D-8 D-10 D-10", 2, "D"),        # across the gap left by the trump rank 9
        ("D-8 D-8 D-10 D-10 D-J D-J", 3, "D"),
        ("S-K S-K S-A S-A H-9 H-9", 3, "T"),
        ("H-9 H-9 S-9 S-9 BJ BJ RJ RJ", 4, "T"),
    ])
    def test_tractor_leads(self, text, pairs, group):
        v = accept(self.leader(), text, 0, key_="sj.ok.lead_tractor", rule="SJ-2D-4")
        assert v.params["count"] == pairs and v.params["suit"] == group
        assert classify(text) == [{"type": "tractor", "length": pairs}]

    def test_two_off_suit_trump_rank_pairs_are_no_tractor(self):
        """SJ-2D-4: H-9 H-9 + C-9 C-9 are equal, never adjacent."""
        reject(self.leader(), "H-9 H-9 C-9 C-9", 0, key_="sj.tractor_same_step", rule="SJ-2D-4")
        assert classify("H-9 H-9 C-9 C-9") == []

    @pytest.mark.parametrize("text", ["D-8 D-8 D-J D-J", "S-K S-K H-9 H-9", "D-3 D-3 D-8 D-8", "S-A S-A S-9 S-9"])
    def test_a_gap_is_no_tractor(self, text):
        reject(self.leader(), text, 0, key_="sj.tractor_gap", rule="SJ-2D-4")
        assert classify(text) == []

    def test_two_suits_are_no_tractor(self):
        reject(self.leader(), "D-J D-J S-A S-A", 0, key_="sj.shape_suits", rule="SJ-2D-4")

    def test_a_tractor_lead_is_played_through(self):
        s = do(self.leader(), 0, "D-8 D-8 D-10 D-10")
        assert key(s.trick[0].cards) == key(cards("D-8 D-8 D-10 D-10")) and s.to_act == 1
        assert len(s.hands[0]) == 18

    @pytest.mark.parametrize("text, expect", [
        ("D-8 D-8 D-9 D-9", [{"type": "tractor", "length": 2}]),   # R = 2: 8 and 9 are adjacent
        ("D-8 D-8 D-10 D-10", []),                                 # R = 2: 9 lies between
        ("D-A D-A D-3 D-3", []),                                   # no wrap-around past the removed 2
        ("S-A S-A H-2 H-2", [{"type": "tractor", "length": 2}]),
        ("H-2 H-2 S-2 S-2", [{"type": "tractor", "length": 2}]),
        ("S-2 S-2 BJ BJ", [{"type": "tractor", "length": 2}]),
    ])
    def test_the_gap_moves_with_the_trump_rank(self, text, expect):
        assert classify(text, rank="2") == expect

    def test_with_the_trump_rank_ace_plain_suits_run_king_high(self):
        assert classify("D-K D-K D-Q D-Q", rank="A") == [{"type": "tractor", "length": 2}]
        assert classify("S-K S-K H-A H-A", rank="A") == [{"type": "tractor", "length": 2}]

    @pytest.mark.parametrize("text, expect", [
        ("H-9 H-9 BJ BJ", [{"type": "tractor", "length": 2}]),     # no T-R step: R pairs meet the jokers
        ("S-9 S-9 BJ BJ", [{"type": "tractor", "length": 2}]),
        ("H-9 H-9 D-9 D-9", []),                                   # all four R pairs share one step
        ("BJ BJ RJ RJ", [{"type": "tractor", "length": 2}]),
        ("S-A S-A H-9 H-9", []),                                   # S is a plain suit: two suits
        ("S-A S-A S-K S-K", [{"type": "tractor", "length": 2}]),
        ("H-9 H-9", [{"type": "pair"}]),
    ])
    def test_a_hand_without_a_trump_suit(self, text, expect):
        """No trump suit: the trumps are the jokers and the four R cards (all on one step)."""
        assert classify(text, suit=None) == expect

    def test_the_golden_tractor_cases(self):
        """SJ-G-16 … SJ-G-16h through the golden runner."""
        data = json.loads((shared_rules() / "golden" / "shengji.json").read_text(encoding="utf-8"))
        cases = [c for c in data if c["id"].startswith("SJ-G-16")]
        assert len(cases) == 8
        for case in cases:
            run_case(case)


# =========================================================================== SJ-2D-5 / SJ-2D-6 following
def follower(hand: str, led: str, *, rank: str = "9", suit: str = "S"):
    """Seat 0 (the dealer) has led ``led``; seat 1 holds ``hand`` and is to follow."""
    return sj2({"1": hand}, to_act=1, trick=[entry(0, led)], dealer=0, rank=rank, suit=suit)


class TestFollowingAPair:  # SJ-2D-5
    LED = "D-5 D-5"

    @pytest.mark.parametrize("hand, expect", [
        ("D-K D-K D-3 D-4 C-2", ["D-K D-K"]),                         # a pair of the suit if you have one
        ("D-K D-K D-3 D-3 C-2", ["D-K D-K", "D-3 D-3"]),
        ("D-K D-3 D-4 C-2 C-2", ["D-K D-3", "D-K D-4", "D-3 D-4"]),   # else two cards of the suit
        ("D-K C-2 C-3 S-4", ["D-K C-2", "D-K C-3", "D-K S-4"]),       # else all of it and anything
        ("C-2 C-3 S-4 S-4 H-9", ["C-2 C-3", "C-2 S-4", "C-2 H-9", "C-3 S-4", "C-3 H-9", "S-4 S-4", "S-4 H-9",
                                 "S-4 H-9"]),                        # void: any two (S-4 S-4 once)
        ("D-9 D-9 D-3 D-4 C-2", ["D-3 D-4"]),                        # D-9 D-9 is a trump pair (R = 9)
    ])
    def test_the_legal_set(self, hand, expect):
        s = follower(hand, self.LED)
        assert legal_plays(s, 1) == plays(*expect)
        assert brute_force_legal(s, 1, 2) == plays(*expect)

    def test_refusals_name_the_rule(self):
        s = follower("D-K D-K D-3 D-4 C-2", self.LED)
        v = reject(s, "D-3 D-4", 1, key_="sj.follow_pair", rule="SJ-2D-5")
        assert v.params["count"] == 1
        v = reject(s, "D-K C-2", 1, key_="sj.follow_pair", rule="SJ-2D-5")  # the pair owed is named first
        assert v.params["count"] == 1
        v = reject(s, "D-K", 1, key_="sj.play_count", rule="SJ-2D-5")
        assert "SJ-FOLLOW-5" in v.rule_ids
        reject(s, "D-K D-K D-3", 1, key_="sj.play_count", rule="SJ-FOLLOW-5")
        s = follower("D-K C-2 C-3 S-4", self.LED)
        reject(s, "C-2 C-3", 1, key_="sj.follow_suit_count", rule="SJ-2D-5")

    def test_verdicts_of_legal_follows(self):
        s = follower("D-K D-K D-3 D-4 C-2", self.LED)
        v = accept(s, "D-K D-K", 1, key_="sj.ok.follow_pair", rule="SJ-2D-5")
        assert "SJ-2D-7" in v.rule_ids  # who holds the trick so far: the higher pair wins
        s = follower("S-2 S-2 C-3 H-4", self.LED)
        accept(s, "S-2 S-2", 1, key_="sj.ok.ruff_shape", rule="SJ-2D-7")
        v = accept(s, "C-3 H-4", 1, rule="SJ-2D-5")  # void: any two cards, and they cannot win
        assert v.more[0] == ("sj.outcome.loses", {"seat": 0})

    def test_a_trump_pair_led(self):
        """Trumps led: off-suit R cards and jokers are trumps; a trump pair is due if held."""
        s = follower("H-9 H-9 S-3 D-2 D-2", "S-4 S-4")
        assert legal_plays(s, 1) == plays("H-9 H-9")
        s = follower("H-9 C-9 S-3 D-2 D-2", "S-4 S-4")
        assert legal_plays(s, 1) == plays("H-9 C-9", "H-9 S-3", "C-9 S-3")
        assert brute_force_legal(s, 1, 2) == legal_plays(s, 1)


class TestFollowingATractor:  # SJ-2D-6
    LED = "D-5 D-5 D-6 D-6"

    @pytest.mark.parametrize("hand, expect", [
        # a tractor of the suit if you have one (10-J; the 2s are no part of it)
        ("D-10 D-10 D-J D-J D-2 D-2 C-3", ["D-10 D-10 D-J D-J"]),
        # across the gap of R = 9: 8-10 is a tractor
        ("D-8 D-8 D-10 D-10 D-2 C-3", ["D-8 D-8 D-10 D-10"]),
        # a three-pair run holds two tractors of two
        ("D-2 D-2 D-3 D-3 D-4 D-4 C-3", ["D-2 D-2 D-3 D-3", "D-3 D-3 D-4 D-4"]),
        # one pair: the pair, filled with cards of the suit
        ("D-K D-K D-3 D-4 D-7 C-3", ["D-K D-K D-3 D-4", "D-K D-K D-3 D-7", "D-K D-K D-4 D-7"]),
        # two pairs, no tractor: both pairs
        ("D-K D-K D-3 D-3 D-4 C-3", ["D-K D-K D-3 D-3"]),
        # short of the suit: all of it and anything
        ("D-K D-3 C-3 C-4 H-2", ["D-K D-3 C-3 C-4", "D-K D-3 C-3 H-2", "D-K D-3 C-4 H-2"]),
        # void: any four (the trump tractor S-2 S-2 S-3 S-3 among them)
        ("S-2 S-2 S-3 S-3 C-4", ["S-2 S-2 S-3 S-3", "S-2 S-2 S-3 C-4", "S-2 S-3 S-3 C-4"]),
    ])
    def test_the_legal_set(self, hand, expect):
        s = follower(hand, self.LED)
        assert legal_plays(s, 1) == plays(*expect)
        assert brute_force_legal(s, 1, 4) == plays(*expect)

    def test_refusals_name_the_rule(self):
        s = follower("D-10 D-10 D-J D-J D-2 D-2 C-3", self.LED)
        v = reject(s, "D-2 D-2 D-10 D-10", 1, key_="sj.follow_tractor", rule="SJ-2D-6")
        assert v.params["count"] == 2
        s = follower("D-K D-K D-3 D-4 D-7 C-3", self.LED)
        v = reject(s, "D-K D-3 D-4 D-7", 1, key_="sj.follow_pairs", rule="SJ-2D-6")
        assert v.params["count"] == 1
        reject(s, "D-K D-K D-3 C-3", 1, key_="sj.follow_suit_count", rule="SJ-2D-6")
        v = reject(s, "D-K D-K", 1, key_="sj.play_count", rule="SJ-2D-6")
        assert "SJ-FOLLOW-5" in v.rule_ids
        s = follower("D-K D-K D-3 D-3 D-4 C-3", self.LED)
        reject(s, "D-K D-K D-3 D-4", 1, key_="sj.follow_pairs", rule="SJ-2D-6")

    def test_a_trump_tractor_led_through_the_trump_rank(self):
        """H-9 H-9 S-9 S-9 led (R = 9, T = S); S-A S-A C-9 C-9 is a trump tractor, so it is due."""
        s = follower("S-A S-A C-9 C-9 D-3 D-4", "H-9 H-9 S-9 S-9")
        assert legal_plays(s, 1) == plays("S-A S-A C-9 C-9")
        accept(s, "S-A S-A C-9 C-9", 1, key_="sj.ok.follow_tractor", rule="SJ-2D-6")
        # the same cards with C-9 C-9 → D-9 D-9 on a hand also holding C-9 C-9: two R pairs, one step
        s = follower("C-9 C-9 D-9 D-9 S-3 D-4", "H-9 H-9 S-9 S-9")
        assert legal_plays(s, 1) == plays("C-9 C-9 D-9 D-9")  # no tractor held: both pairs are due
        reject(s, "C-9 C-9 D-9 S-3", 1, key_="sj.follow_pairs", rule="SJ-2D-6")

    def test_a_three_pair_tractor_led(self):
        led = "D-5 D-5 D-6 D-6 D-7 D-7"
        s = follower("D-2 D-2 D-3 D-3 D-J D-J D-K C-4", led)
        # no three-pair tractor: the three pairs (2-3 is a tractor of two, not three) are due
        assert legal_plays(s, 1) == plays("D-2 D-2 D-3 D-3 D-J D-J")
        assert brute_force_legal(s, 1, 6) == legal_plays(s, 1)
        s = follower("D-2 D-2 D-3 D-3 D-4 D-4 D-K C-4", led)
        assert legal_plays(s, 1) == plays("D-2 D-2 D-3 D-3 D-4 D-4")

    def test_a_single_led_with_two_decks(self):
        """A single lead (SJ-FOLLOW-1/2): identical cards are one choice."""
        s = follower("S-2 S-2 H-9 D-3", "S-4")
        assert legal_plays(s, 1) == plays("S-2", "H-9")
        assert len([a for a in G.legal_actions(s, 1) if key(a.cards) == ("S-2",)]) == 1
        s = follower("C-2 C-2 D-3", "H-4")
        assert legal_plays(s, 1) == plays("C-2", "D-3")


# =========================================================================== SJ-2D-7 the winner
def trick(*plays_: str, rank: str = "9", suit: str = "S") -> dict[str, Any]:
    return G.trick({"flags": TWO, "trump_rank": rank, "trump_suit": suit,
                    "trick": [entry(i, p) for i, p in enumerate(plays_)]})


class TestTheWinner:  # SJ-2D-7
    @pytest.mark.parametrize("plays_, winner, points", [
        (("D-5 D-5", "D-K D-K", "D-2 D-3", "D-A D-A"), 3, 30),              # identical shape, higher top
        (("D-5 D-5", "D-A D-K", "C-2 C-3", "H-4 H-6"), 0, 20),              # no pair: never wins
        (("D-5 D-5", "S-2 S-2", "D-A D-A", "C-3 C-4"), 1, 10),              # ruff with a trump pair
        (("D-5 D-5", "S-2 S-2", "S-3 S-3", "H-3 H-4"), 2, 10),              # a later, higher ruff
        (("D-5 D-5", "S-3 S-3", "S-2 S-2", "H-3 H-4"), 1, 10),              # a later, lower ruff does not
        (("D-5 D-5", "H-9 H-9", "C-2 C-2", "C-9 C-9"), 1, 10),              # equal ruffs: the first stands
        (("D-5 D-5", "RJ BJ", "C-2 C-2", "H-3 H-4"), 0, 10),                # two trumps are no pair: no ruff
        (("S-4 S-4", "H-9 H-9", "C-9 C-9", "D-3 D-3"), 1, 0),               # trumps led, equal tops: first
        (("S-4 S-4", "H-9 H-9", "S-9 S-9", "RJ BJ"), 2, 0),
        (("D-K", "D-K", "D-3", "C-4"), 0, 20),                              # equal singles: the first
        (("D-5 D-5 D-6 D-6", "S-2 S-2 S-4 S-4", "D-8 D-8 D-10 D-10", "C-2 C-3 C-4 C-6"), 2, 30),
        (("D-5 D-5 D-6 D-6", "S-2 S-2 S-4 S-4", "D-8 D-8 D-10 D-10", "BJ BJ RJ RJ"), 3, 30),
        (("D-5 D-5 D-6 D-6", "D-A D-A D-K D-3", "D-2 D-2 D-3 D-4", "C-2 C-3 C-4 C-6"), 0, 20),
    ])
    def test_the_trick_kind(self, plays_, winner, points):
        got = trick(*plays_)
        assert (got["winner"], got["points"]) == (winner, points)

    def test_a_played_trick_with_two_ruffs(self):
        """Applied: D-5 D-5 led; seat 1 (void) ruffs S-2 S-2; seat 2 follows D-K D-K; seat 3 (void)
        over-ruffs S-3 S-3 and takes 30 points and the lead."""
        s = sj2({"0": "D-5 D-5 H-3 H-3", "1": "S-2 S-2 H-4 H-4", "2": "D-K D-K H-6 H-6", "3": "S-3 S-3 H-7 H-7"},
                dealer=0, kitty=NO_POINTS_KITTY)
        trick_no = s.trick_no
        s = do(s, 0, "D-5 D-5")
        v = accept(s, "S-2 S-2", 1, key_="sj.ok.ruff_shape", rule="SJ-2D-7")
        assert v.more[0][0] == "sj.outcome.wins"
        s = do(s, 1, "S-2 S-2")
        v = accept(s, "D-K D-K", 2, key_="sj.ok.follow_pair")
        assert v.more[0] == ("sj.outcome.loses", {"seat": 1})
        s = do(s, 2, "D-K D-K")
        assert G.winning(s) == 1
        s = do(s, 3, "S-3 S-3")
        assert s.last_trick["winner"] == 3 and s.last_trick["points"] == 30 and s.last_trick["rule"] == "SJ-2D-7"
        assert s.points == (0, 0, 0, 30) and G.nondealer_points(s) == 30
        assert s.to_act == 3 and s.leader == 3 and s.trick == () and s.trick_no == trick_no + 1
        assert [len(h) for h in s.hands] == [2, 2, 2, 2]

    def test_a_played_trick_no_pair_never_wins(self):
        s = sj2({"0": "D-5 D-5 H-3 H-3", "1": "RJ BJ H-4 H-4", "2": "D-A D-K H-6 H-6", "3": "H-2 H-8 H-7 H-7"},
                dealer=1, kitty=NO_POINTS_KITTY)
        s = run(s, (0, "D-5 D-5"), (1, "RJ BJ"), (2, "D-A D-K"), (3, "H-2 H-8"))
        assert s.last_trick["winner"] == 0 and s.points == (20, 0, 0, 0) and s.to_act == 0

    def test_a_played_tractor_trick(self):
        s = sj2({"0": "D-5 D-5 D-6 D-6", "1": "S-2 S-2 S-4 S-4", "2": "D-8 D-8 D-10 D-10", "3": "BJ BJ RJ RJ"},
                dealer=0, kitty=NO_POINTS_KITTY)
        s = run(s, (0, "D-5 D-5 D-6 D-6"), (1, "S-2 S-2 S-4 S-4"), (2, "D-8 D-8 D-10 D-10"))
        assert G.winning(s) == 2
        s = do(s, 3, "BJ BJ RJ RJ")
        assert s.last_trick["winner"] == 3 and s.points[3] == 30
        # the last trick of the hand: scored at once
        assert s.phase == "score" and s.result["last_trick_winner"] == 3


# =========================================================================== SJ-2D-8 declaring
def draw_setup(hands: dict[Any, str], *, suit: str | None = "H", exposed: dict | None = None, flags: dict | None = None,
               to_act: int = 1, **extra: Any):
    return sj2(hands, phase="draw", to_act=to_act, rank="2", suit=suit, flags=flags,
               **({"exposed": exposed} if exposed is not None else {}), **extra)


def out_of_turn(state, seat: int) -> list[Any]:
    return [G.action_to_json(a) for a in G.legal_actions(state, seat, in_turn=False)]


class TestDeclaring:  # SJ-2D-8, A13
    HANDS = {"0": "H-2 S-3", "2": "C-2 C-2", "3": "D-2 S-4"}

    def single_stands(self, **extra: Any):
        return draw_setup(self.HANDS, exposed={"seat": 0, "cards": ["H-2"]}, **extra)

    def test_a_pair_overrides_a_single_in_the_window(self):
        s = self.single_stands(first_hand=True)
        w = G.window(s)
        assert w is not None and "SJ-2D-8" in w.rule_ids and w.order == (0, 1, 2, 3)  # from the drawer, seat 0
        assert out_of_turn(s, 2) == [{"expose": ["C-2", "C-2"]}]
        assert out_of_turn(s, 0) == [] and out_of_turn(s, 3) == []  # singles cannot override a single
        v = accept(s, {"expose": ["C-2", "C-2"]}, 2, key_="sj.ok.override_dealer", rule="SJ-2D-8", in_turn=False)
        assert v.params["before"] == 0
        t = do(s, 2, {"expose": ["C-2", "C-2"]}, in_turn=False)
        assert t.trump_suit == "C" and G.check_value(t, "exposed") == {"seat": 2, "cards": ["C-2", "C-2"]}
        assert t.dealer == 2  # A13: the first hand's dealer is the overrider
        assert Counter(c.token for c in t.hands[2])["C-2"] == 2  # exposed cards stay in hand
        assert G.window(t) is None  # a pair is never overridden

    def test_a_pair_is_never_overridden(self):
        s = draw_setup({"0": "H-2 H-2", "2": "C-2 C-2", "3": "D-2 S-4"}, exposed={"seat": 0, "cards": ["H-2", "H-2"]})
        assert G.window(s) is None
        assert all(out_of_turn(s, seat) == [] for seat in range(4))
        reject(s, {"expose": ["C-2", "C-2"]}, 2, key_="sj.already_exposed_pair", rule="SJ-2D-8", in_turn=False)

    def test_after_an_override_no_one_overrides_again(self):
        s = do(self.single_stands(first_hand=True), 2, {"expose": ["C-2", "C-2"]}, in_turn=False)
        s = draw(s)
        assert G.window(s) is None
        reject(s, {"expose": ["C-2", "C-2"]}, 2, key_="sj.already_exposed_pair", rule="SJ-2D-8", in_turn=False)

    def test_override_off_the_first_exposure_stands(self):
        s = self.single_stands(flags={"declare_override": False}, first_hand=True)
        assert G.window(s) is None and out_of_turn(s, 2) == []
        reject(s, {"expose": ["C-2", "C-2"]}, 2, key_="sj.already_exposed", rule="SJ-2D-8", in_turn=False)
        end = G.settle(s)
        assert end.dealer == 0 and end.trump_suit == "H" and end.phase == "bury"

    def test_declare_override_is_a_two_deck_flag(self):
        assert G.flags(TWO).declare_override is True  # default true in this module
        assert G.flags({**TWO, "declare_override": False}).declare_override is False
        # with one deck there is nothing to override: the value is harmless, kept and unused, and
        # the practice form greys the flag out (its needs)
        assert G.flags({"players": 4, "declare_override": False}).declare_override is False
        info = next(f for f in describe_flags(Flags) if f["name"] == "declare_override")
        assert info["needs"] == {"decks": [2]}

    def test_the_first_hand_the_overrider_deals(self):
        """A13: trump suit and dealership come from the exposure that stands when the draw ends."""
        s = do(self.single_stands(first_hand=True), 2, {"expose": ["C-2", "C-2"]}, in_turn=False)
        end = G.settle(s)
        assert end.phase == "bury" and end.dealer == 2 and end.to_act == 2 and end.trump_suit == "C"
        assert len(end.hands[2]) == 33 and end.kitty_turned == 0

    def test_a_later_hand_the_dealer_stays(self):
        """SJ-DECLARE-4: in a later hand an override changes only the trump suit."""
        s = self.single_stands(dealer=3)
        v = accept(s, {"expose": ["C-2", "C-2"]}, 2, key_="sj.ok.override", rule="SJ-2D-8", in_turn=False)
        assert "SJ-DECLARE-4" in v.rule_ids
        t = do(s, 2, {"expose": ["C-2", "C-2"]}, in_turn=False)
        assert t.trump_suit == "C" and t.dealer == 3
        end = G.settle(t)
        assert end.dealer == 3 and end.to_act == 3 and end.trump_suit == "C" and len(end.hands[3]) == 33

    def test_a_pair_exposed_first_stands_and_names_the_rule(self):
        s = draw_setup({"0": "S-3 S-5", "2": "C-2 C-2", "3": "D-2 S-4"}, suit=None, first_hand=True)
        assert out_of_turn(s, 2) == [{"expose": "C-2"}, {"expose": ["C-2", "C-2"]}]
        v = accept(s, {"expose": ["C-2", "C-2"]}, 2, key_="sj.ok.expose_dealer", rule="SJ-2D-8", in_turn=False)
        t = do(s, 2, {"expose": ["C-2", "C-2"]}, in_turn=False)
        assert t.dealer == 2 and t.trump_suit == "C" and G.window(draw(t)) is None
        assert v.legal

    @pytest.mark.parametrize("seat, value, key_, rule", [
        (3, "D-2", "sj.override_needs_pair", "SJ-2D-8"),                  # single over single
        (0, "H-2", "sj.override_needs_pair", "SJ-2D-8"),
        (2, ["C-2", "D-2"], "sj.expose_pair_identical", "SJ-2D-3"),       # a pair must be identical
        (3, ["D-2", "D-2"], "common.not_in_hand", "SJ-DECLARE-1"),        # one copy held
        (3, ["S-2", "S-2"], "common.not_in_hand", "SJ-DECLARE-1"),        # not held at all
        (3, ["S-4", "S-4"], "common.not_in_hand", "SJ-DECLARE-1"),
        (2, "C-3", "common.not_in_hand", "SJ-DECLARE-1"),
        (2, ["C-2", "C-2", "C-2"], "sj.expose_cards", "SJ-2D-8"),
    ])
    def test_refusals(self, seat, value, key_, rule):
        reject(self.single_stands(first_hand=True), {"expose": value}, seat, key_=key_, rule=rule, in_turn=False)

    def test_a_pair_of_another_rank_is_refused(self):
        s = draw_setup({"0": "H-2 S-3", "2": "C-2 C-2", "3": "S-4 S-4"}, exposed={"seat": 0, "cards": ["H-2"]})
        reject(s, {"expose": ["S-4", "S-4"]}, 3, key_="sj.expose_rank", rule="SJ-DECLARE-1", in_turn=False)

    def test_an_exposure_is_out_of_turn_only(self):
        s = self.single_stands(first_hand=True)
        reject(s, {"expose": ["C-2", "C-2"]}, 2, key_="sj.expose_between_draws", in_turn=True)

    def test_one_deck_has_no_pair_exposures(self):
        s = G.from_setup({"flags": {"players": 4}, "phase": "draw", "to_act": 1, "trump_rank": "2",
                          "hands": {"0": ["H-2", "S-3"], "2": ["C-2", "D-3"]}})
        reject(s, {"expose": ["C-2", "C-2"]}, 2, key_="sj.expose_one_card", in_turn=False)

    def test_an_override_through_a_seeded_draw(self):
        """SJ-2D-8 and A13 in a real draw: a single is exposed; later another seat's pair of trump-
        rank cards overrides it in that seat's window; the overrider deals and sets trumps. With
        ``declare_override`` off the same deal keeps the first exposure."""
        for seed in range(200):
            s = fresh2(seed, first_drawer=0)
            single = None
            while s.stock:
                s = draw(s)
                w = G.window(s)
                if w is None:
                    continue
                assert w.order == tuple((s.last_drawer + k) % 4 for k in range(4))  # SJ-DEAL-3
                if single is None:
                    seat, a = next((seat, a) for seat in w.order for a in G.legal_actions(s, seat, in_turn=False))
                    if not isinstance(a.value, str):
                        break  # a pair first: not this seed
                    s = G.apply(s, a, seat, in_turn=False)
                    single = (seat, a.value, len(s.stock))
                    assert s.dealer == seat and s.trump_suit == a.value.split("-")[0]
                    continue
                offers = {seat: G.legal_actions(s, seat, in_turn=False) for seat in w.order}
                assert all(not isinstance(a.value, str) for opts in offers.values() for a in opts), offers
                over = [(seat, a) for seat in w.order for a in offers[seat] if seat != single[0]]
                if not over:
                    continue
                seat, a = over[0]
                s = G.apply(s, a, seat, in_turn=False)
                assert s.trump_suit == a.value[0].split("-")[0] and s.dealer == seat
                end = G.settle(s)
                assert end.phase == "bury" and end.dealer == seat and end.to_act == seat
                assert end.trump_suit == a.value[0].split("-")[0] and len(end.hands[seat]) == 33
                # the same deal with declare_override off: the single stands to the end
                k = fresh2(seed, first_drawer=0, declare_override=False)
                while len(k.stock) > single[2]:
                    k = draw(k)
                k = G.apply(k, expose(single[1]), single[0], in_turn=False)
                while k.stock:
                    k = draw(k)
                    assert G.window(k) is None
                k = G.settle(k)
                assert k.dealer == single[0] and k.trump_suit == single[1].split("-")[0]
                return
        raise AssertionError("no seed with an override in 200 deals")


# =========================================================================== SJ-2D-9 kitty by shape
BY_SHAPE = {"kitty_multiplier_by_shape": True}


class TestKittyByShape:  # SJ-2D-9
    @pytest.mark.parametrize("each, mult", [(1, 2), (2, 4), (3, 6), (4, 8), (6, 12)])
    def test_score_setups(self, each, mult):
        r = score(100, last=1, kitty=KING_KITTY, flags=BY_SHAPE, last_trick_cards=each)
        assert r["P"] == 100 + 10 * mult and r["kitty_bonus"] == 10 * mult

    def test_without_the_flag_the_multiplier_stands(self):
        assert score(100, last=1, kitty=KING_KITTY, last_trick_cards=4)["P"] == 120
        assert score(100, last=1, kitty=KING_KITTY, flags={"kitty_multiplier": 3}, last_trick_cards=4)["P"] == 130

    def test_the_dealer_team_taking_the_last_trick_counts_nothing(self):
        assert score(100, last=2, kitty=KING_KITTY, flags=BY_SHAPE, last_trick_cards=4)["P"] == 100

    @pytest.mark.parametrize("each", [0, 26, "2", True])
    def test_a_bad_count_is_refused(self, each):
        with pytest.raises(ScenarioError):
            score(100, last=1, kitty=KING_KITTY, flags=BY_SHAPE, last_trick_cards=each)

    @pytest.mark.parametrize("flags, last_plays, trick_points, mult", [
        (BY_SHAPE, ("D-3", "D-A", "D-4", "D-6"), 0, 2),                                       # singles: 2
        (BY_SHAPE, ("D-3 D-3", "D-A D-A", "D-4 D-4", "D-6 D-6"), 0, 4),                       # pairs: 4
        (BY_SHAPE, ("D-3 D-3 D-4 D-4", "D-A D-A D-K D-K", "D-6 D-6 D-7 D-7", "D-8 D-8 D-10 D-10"), 40, 8),
        ({}, ("D-3 D-3", "D-A D-A", "D-4 D-4", "D-6 D-6"), 0, 2),                             # flag off: 2
        ({}, ("D-3 D-3 D-4 D-4", "D-A D-A D-K D-K", "D-6 D-6 D-7 D-7", "D-8 D-8 D-10 D-10"), 40, 2),
    ])
    def test_a_played_last_trick(self, flags, last_plays, trick_points, mult):
        """The non-dealer seat 1 wins the last trick; the kitty's king counts ``mult`` times."""
        s = sj2({str(i): p for i, p in enumerate(last_plays)}, dealer=0, rank="2", kitty=KING_KITTY, flags=flags)
        end = run(s, *enumerate(last_plays))
        assert end.phase == "score" and end.result["last_trick_winner"] == 1
        assert end.result["kitty_bonus"] == 10 * mult
        assert end.result["P"] == trick_points + 10 * mult
        if flags:
            assert "SJ-2D-9" in end.result["rule_ids"]

    def test_the_bury_explains_the_shape_rule(self):
        s = G.settle(fresh2(11, first_drawer=2, **BY_SHAPE))
        hand = [c.token for c in s.hands[2]]
        pts = [t for t in hand if card_points([t])]
        zero = [t for t in hand if not card_points([t])]
        v = accept(s, {"bury": pts[:1] + zero[:7]}, 2, key_="sj.ok.bury_points_shape", rule="SJ-2D-9")
        assert v.params["points"] == card_points(pts[:1])

    def test_the_flag_needs_two_decks(self):
        with pytest.raises(FlagError) as err:
            G.flags({"players": 4, **BY_SHAPE})
        assert err.value.params["rule"] == "SJ-2D-9" and err.value.params["other"] == "decks"
        assert "SJ-2D-9" in str(err.value) and "decks" in str(err.value)
        # the fixed multiplier has no say then: kept as given, unused (the form greys it out)
        flags = G.flags({**TWO, **BY_SHAPE, "kitty_multiplier": 3})
        assert GAME_MULTIPLIER(flags, 2) == 4 and flags.kitty_multiplier == 3
        assert G.flags({**TWO, **BY_SHAPE}).kitty_multiplier_by_shape is True


# =========================================================================== SJ-2D-10 no throws
class TestNoThrows:  # SJ-2D-10, A12
    def test_two_decks_turn_throws_off(self):
        assert G.flags(TWO).multi_lead is False
        assert G.flags({"players": 4}).multi_lead is True
        assert G.flags({**TWO, "multi_lead": False}).multi_lead is False
        from tutor.flags import resolve_flags
        assert resolve_flags(G, "two_decks").decks == 2 and resolve_flags(G, "two_decks").multi_lead is False

    def test_throws_with_two_decks_are_refused(self):
        with pytest.raises(FlagError) as err:
            G.flags({**TWO, "multi_lead": True})
        assert err.value.params["rule"] == "SJ-2D-10" and "SJ-2D-10" in str(err.value)
        assert err.value.path.endswith("multi_lead")
        with pytest.raises(FlagError) as err:  # a scenario asking for it is refused the same way
            G.from_setup({"flags": {**TWO, "multi_lead": True}, "phase": "play", "to_act": 0, "hands": {"0": ["S-3"]},
                          "trump_rank": "2", "trump_suit": "S", "trick": []})
        assert "SJ-2D-10" in str(err.value)
        # the failed-throw penalty has no say without throws: harmless, kept and never charged
        assert G.flags({**TWO, "throw_fail_penalty": 10}).multi_lead is False

    def leader(self):
        return sj2({"0": "D-A D-K D-Q D-Q D-J D-J D-3 S-4 S-4 H-9 RJ BJ"}, dealer=0)

    @pytest.mark.parametrize("text, key_", [
        ("D-A D-K D-Q", "sj.two_deck_lead"),         # a one-deck throw: three cards
        ("D-Q D-Q D-J", "sj.two_deck_lead"),
        ("D-Q D-Q D-J D-J D-A", "sj.two_deck_lead"),
        ("D-A D-K D-Q D-J", "sj.two_deck_lead"),
        ("RJ BJ S-4 S-4", "sj.two_deck_lead"),
        ("D-A D-K", "sj.pair_two_cards"),
    ])
    def test_no_other_lead(self, text, key_):
        v = reject(self.leader(), text, 0, key_=key_)
        if len(cards(text)) > 2:
            assert "SJ-2D-10" in v.rule_ids

    def test_the_leads_are_singles_pairs_and_tractors(self):
        """legal_actions lists exactly the singles, pairs and tractors (a brute force over every
        multiset of the hand through explain agrees, and names no other size)."""
        s = self.leader()
        hand = s.hands[0]
        expect = {key([c]) for c in hand} | plays("D-Q D-Q", "D-J D-J", "S-4 S-4", "D-Q D-Q D-J D-J")
        assert legal_plays(s, 0) == expect
        found = set()
        for k in range(1, len(hand) + 1):
            found |= brute_force_legal(s, 0, k)
        assert found == expect
        assert all(len(a.cards) in (1, 2, 4) for a in G.legal_actions(s, 0))
        assert len(G.legal_actions(s, 0)) == len(expect)  # identical cards listed once

    def test_a_trump_run_lead_set(self):
        s = sj2({"0": "S-A S-A H-9 H-9 C-9 C-9 S-9 S-9 BJ RJ RJ"}, dealer=0)
        found = set()
        for k in range(1, 9):
            found |= brute_force_legal(s, 0, k)
        pairs = ["S-A S-A", "H-9 H-9", "C-9 C-9", "S-9 S-9", "RJ RJ"]
        tractors = ["S-A S-A H-9 H-9", "S-A S-A C-9 C-9", "H-9 H-9 S-9 S-9", "C-9 C-9 S-9 S-9",
                    "S-A S-A H-9 H-9 S-9 S-9", "S-A S-A C-9 C-9 S-9 S-9"]
        expect = {key([c]) for c in s.hands[0]} | plays(*pairs, *tractors)
        assert found == expect == legal_plays(s, 0)


# =========================================================================== refusals and scenarios
class TestRefusalsLeaveTheStateAlone:
    def test_every_refusal_in_a_hand(self):
        """A drawn and buried two-deck hand: refusals in each phase raise and change nothing."""
        s = fresh2(5, first_drawer=1)
        s = draw(s)
        for data, seat in [({"bury": []}, s.to_act), ("S-3", s.to_act), ({"draw": True}, (s.to_act + 1) % 4)]:
            reject(s, data, seat)
        s = G.settle(s)
        dealer = s.dealer
        for data in ({"draw": True}, [c.token for c in s.hands[dealer][:1]], {"bury": [c.token for c in s.hands[dealer][:10]]}):
            reject(s, data, dealer)
        s = do(s, dealer, {"bury": [c.token for c in s.hands[dealer][:8]]})
        hand = [c.token for c in s.hands[dealer]]
        reject(s, hand[:3], dealer)
        reject(s, [hand[0]], (dealer + 1) % 4, key_="common.not_your_turn")
        before = copy.deepcopy(s)
        with pytest.raises(IllegalAction):
            G.apply(s, Play(tuple(Card.parse(t) for t in hand[:3])), dealer)
        assert s == before


class TestScenarios:  # README §4.6 for decks = 2
    def setup_(self, **kw: Any) -> dict[str, Any]:
        base = {"flags": dict(TWO), "phase": "draw", "to_act": 1, "trump_rank": "2",
                "hands": {"0": ["H-2", "H-2", "S-3"], "2": ["C-2", "D-2", "D-3"]}}
        base.update(kw)
        return base

    def error(self, **kw: Any) -> ScenarioError:
        with pytest.raises(ScenarioError) as err:
            G.from_setup(self.setup_(**kw))
        return err.value

    def test_exposed_is_required_with_a_trump_suit(self):
        e = self.error(trump_suit="H")
        assert e.key == "error.sj.exposed_required" and e.path == "setup.exposed"
        s = G.from_setup(self.setup_(trump_suit="H", exposed={"seat": 0, "cards": ["H-2"]}))
        assert s.exposed[0] == 0 and len(s.exposed[1]) == 1
        s = G.from_setup(self.setup_(trump_suit="H", exposed={"seat": 0, "cards": ["H-2", "H-2"]}))
        assert len(s.exposed[1]) == 2 and G.window(s) is None
        s = G.from_setup(self.setup_())  # nothing exposed yet
        assert s.exposed is None and s.trump_suit is None

    @pytest.mark.parametrize("exposed, key_", [
        ({"seat": 2, "cards": ["C-2", "D-2"]}, "error.sj.exposed_cards"),     # not identical
        ({"seat": 0, "cards": ["H-2", "H-2", "H-2"]}, "error.sj.exposed_cards"),
        ({"seat": 2, "cards": ["D-3", "D-3"]}, "error.sj.exposed_cards"),     # not the trump rank
        ({"seat": 2, "cards": ["C-2", "C-2"]}, "error.sj.exposed_in_hand"),   # one copy held
        ({"seat": 3, "cards": ["H-2", "H-2"]}, "error.sj.exposed_in_hand"),   # another seat's
    ])
    def test_the_exposed_pair_must_be_identical_and_held(self, exposed, key_):
        suit = exposed["cards"][0].split("-")[0]
        assert self.error(trump_suit=suit, exposed=exposed).key == key_

    def test_the_exposed_suit_must_be_the_trump_suit(self):
        assert self.error(trump_suit="S", exposed={"seat": 0, "cards": ["H-2", "H-2"]}).key == "error.sj.exposed_suit"

    def test_one_deck_takes_a_single_only(self):
        with pytest.raises(ScenarioError) as err:
            G.from_setup({"flags": {"players": 4}, "phase": "draw", "to_act": 1, "trump_rank": "2", "trump_suit": "H",
                          "hands": {"0": ["H-2", "S-3"]}, "exposed": {"seat": 0, "cards": ["H-2", "H-2"]}})
        assert err.value.key == "error.sj.exposed_card" and err.value.path == "setup.exposed.cards"

    def test_a_third_copy_is_refused(self):
        with pytest.raises(ScenarioError) as err:
            sj2({"0": "D-3 D-3", "1": "D-3 D-4"}, dealer=0)
        assert "D-3" in str(err.value)

    def test_hands_hold_up_to_25(self):
        many = " ".join(f"{s}-{r}" for s in "SH" for r in RANKS[:13])  # 26 cards
        with pytest.raises(ScenarioError):
            sj2({"0": many}, dealer=0)
        s = sj2({"0": " ".join(many.split()[:25])}, dealer=0)
        assert [len(h) for h in s.hands] == [25] * 4
        assert Counter(c.token for c in G.all_cards(s)) == TWO_DECKS
