"""Shengji 升級, one deck (shengji.md §1-§12): at least one test per rule ID and per flag.

Positions come from the golden setup format (``find_game("shengji").from_setup``, rules/README.md
§4.2 and the Shengji paragraph of §4.6) or from seeded deals driven step by step (the drawer's
in-turn step is ``{"draw": true}``; exposures are out-of-turn ``{"expose": card}`` actions through
the engine's windows). Every expected value is worked out by hand from the spec in the comments;
each test names its rule IDs in its name or docstring (``grep SJ-THROW-3 tests/`` finds them).
"""
from __future__ import annotations

import copy
import json
import re
from collections import Counter
from math import comb
from typing import Any

import pytest

from tutor.actions import Decision, parse_action
from tutor.cards import Card
from tutor.errors import FlagError, ScenarioError
from tutor.game import IllegalAction
from tutor.messages import card_text, render
from tutor.registry import find_game
from tutor.games.shengji.order import group, points, power, trump_order
from tutor.games.shengji.scoring import hand_result
from tutor.games.shengji.state import DECK, TEAMS, team_of
from tutor.tricktaking import TRUMP
from tutor.windows import resolve
from unit_helpers import assert_rejected

G = find_game("shengji")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NONE = "S-3 S-4 S-6 S-7 S-8 S-9"  # a kitty without points


# --------------------------------------------------------------------------- helpers
def cards(text: str) -> list[str]:
    return text.split()


def parsed(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in cards(text))


def act(data: Any):
    """An action from its JSON form; a string of card tokens is a play (``"S-A S-K"``)."""
    if isinstance(data, str):
        data = cards(data)
    return parse_action(data)


def sj(hands: dict[Any, str] | None = None, *, phase: str = "play", to_act: int | None = 0,
       trick: list | None = None, flags: dict | None = None, rank: str = "2", suit: str | None = "S",
       **extra: Any):
    """A Shengji state from a golden setup; ``hands`` values are literal card strings."""
    setup: dict[str, Any] = {"flags": {"players": 4, **(flags or {})}, "phase": phase, "to_act": to_act,
                             "hands": {str(s): cards(h) for s, h in (hands or {}).items()}, "trump_rank": rank}
    if phase == "play":
        setup["trick"] = trick or []
    if suit is not None or phase not in ("draw", "kitty_flip"):
        setup["trump_suit"] = suit
    setup.update(extra)
    return G.from_setup(setup)


def entry(seat: int, text: str) -> dict[str, Any]:
    return {"seat": seat, "cards": cards(text)}


def fresh(seed: int = 1, **flags: Any):
    return G.new_game(G.flags({"players": 4, **flags}), seed)


def norm(data: Any) -> str:
    if isinstance(data, str):
        data = cards(data)
    return G.normalize_action(data)


def legal(state, seat: int | None = None, in_turn: bool = True) -> set[str]:
    return {G.normalize_action(G.action_to_json(a)) for a in G.legal_actions(state, seat, in_turn=in_turn)}


def keys(*items: Any) -> set[str]:
    return {norm(i) for i in items}


def verdict(state, data: Any, seat: int | None = None, in_turn: bool = True):
    return G.explain(state, act(data), seat, in_turn=in_turn)


def texts_ok(v) -> None:
    for lang in ("en", "ja"):
        text = v.text(lang)
        assert text.strip() and text != v.key and not PLACEHOLDER.search(text), (lang, text)


def accept(state, data: Any, seat: int | None = None, *, key: str | None = None, rule: str | None = None,
           in_turn: bool = True):
    v = verdict(state, data, seat, in_turn)
    assert v.legal, (data, v)
    if key is not None:
        assert v.key == key, v
    if rule is not None:
        assert rule in v.rule_ids, v
    texts_ok(v)
    return v


def reject(state, data: Any, seat: int | None = None, *, key: str | None = None, rule: str | None = None,
           in_turn: bool = True):
    """Illegal: explain says why (rule ID, en and ja texts), apply raises, the state is unchanged."""
    return assert_rejected(G, state, act(data), seat, key=key, rule=rule, in_turn=in_turn)


def do(state, seat: int | None, data: Any, in_turn: bool = True):
    return G.apply(state, act(data), seat, in_turn=in_turn)


def run(state, *moves):
    for seat, data in moves:
        state = do(state, seat, data)
    return state


DRAW = Decision("draw", True)


def draw(state):
    """The seat to act draws one card (its chances from the last draw declined first)."""
    state = G.close_window(state)
    return G.apply(state, DRAW, state.to_act)


def winner(plays: list[tuple[int, str]], rank: str = "2", suit: str = "S") -> dict[str, Any]:
    """The golden ``trick`` hook on literal plays ``[(seat, "S-A"), …]``."""
    return G.trick({"flags": {"players": 4}, "trump_rank": rank, "trump_suit": suit,
                    "trick": [entry(s, c) for s, c in plays]})


def result(dealer=0, levels=("2", "2"), pts=0, last=1, kitty="S-3 S-4 S-6 S-7 S-8 S-9", mult=2, end="A", penalty=0):
    return hand_result(dealer, levels, pts, last, parsed(kitty), mult, end, penalty)


def first_chance(seed: int, **flags: Any):
    """A seeded first hand drawn (every chance declined) up to the first draw after which some
    seat may expose a card of the trump rank."""
    state = fresh(seed, **flags)
    while state.stock:
        state = draw(state)
        if G.window(state) is not None:
            return state
    raise AssertionError("no chance to expose in the whole draw")


def play_out(state, chooser=None):
    """Plays the state to the end of the hand with the first legal action of each seat."""
    for _ in range(200):
        if state.phase == "score":
            return state
        seat = state.to_act
        if state.phase == "bury":
            state = G.apply(state, Decision("bury", tuple(c.token for c in state.hands[seat][:6])), seat)
            continue
        actions = G.legal_actions(state, seat)
        state = G.apply(state, actions[0] if chooser is None else chooser(state, actions), seat)
    raise AssertionError("hand did not end")


# =========================================================================== §1 players
class TestPlayers:
    def test_four_players_two_partnerships_opposite(self):  # SJ-PLAYERS-1
        """SJ-PLAYERS-1: four players, partners opposite, teams {0,2} and {1,3}, counter-clockwise."""
        assert G.flags({"players": 4}).players == 4
        with pytest.raises(FlagError):
            G.flags({"players": 5})
        s = fresh(1)
        assert [G.partner(s, k) for k in range(4)] == [2, 3, 0, 1]
        assert [team_of(k) for k in range(4)] == ["team02", "team13", "team02", "team13"]
        assert TEAMS == ("team02", "team13")
        assert G.direction == "counterclockwise"

    def test_turn_order_runs_0_1_2_3(self):  # SJ-PLAYERS-1
        """SJ-PLAYERS-1: seats act in turn order 0..3 (the draw and the play)."""
        s = fresh(1, first_drawer=3)
        order = []
        for _ in range(6):
            order.append(s.to_act)
            s = draw(s)
        assert order == [3, 0, 1, 2, 3, 0]
        p = sj({"3": "D-3 D-4", "0": "D-5 D-6"}, to_act=3, dealer=3)
        p = do(p, 3, "D-3")
        assert p.to_act == 0

    def test_levels_are_ranks_from_start_level(self):  # SJ-PLAYERS-2
        """SJ-PLAYERS-2: each team owns a level, a rank 2..A; both start at start_level (default 2)."""
        s = fresh(1)
        assert G.check_value(s, "levels") == {"team02": "2", "team13": "2"}
        assert G.session(s)["levels"] == {"team02": "2", "team13": "2"}
        assert G.table_view(s, 0)["scores"] == [2, 2]
        from tutor.flags import describe_flags
        choices = {f["name"]: f["choices"] for f in describe_flags(G.Flags)}
        assert list(choices["start_level"]) == list(RANKS)
        with pytest.raises(FlagError):
            G.flags({"players": 4, "start_level": "1"})

    def test_dealer_team_is_dealer_and_partner(self):  # SJ-PLAYERS-3
        """SJ-PLAYERS-3: the dealer and partner are the dealer team; only the other two are attackers."""
        for dealer, team in [(0, "team02"), (1, "team13"), (2, "team02"), (3, "team13")]:
            assert result(dealer=dealer)["dealer_team"] == team
        s = sj({"0": "D-3", "1": "D-4", "2": "D-5", "3": "D-6"}, dealer=1, rank="2")
        view = G.table_view(s, 0)
        assert view["dealer"] == 1 and set(view["points_taken"]) == {"0", "2"}


# =========================================================================== §2 deck and order
class TestDeckAndOrder:
    def test_54_cards_with_two_jokers(self):  # SJ-DECK-1
        """SJ-DECK-1: 52 cards + BJ + RJ; a fresh deal holds every card exactly once."""
        deck = list(DECK.cards())
        assert len(deck) == 54 and len(set(deck)) == 54
        assert {c.special for c in deck if c.special} == {"BJ", "RJ"}
        s = fresh(4)
        assert Counter(G.all_cards(s)) == Counter(deck)
        assert len(s.stock) == 48 and len(s.kitty) == 6

    def test_trump_rank_is_the_dealer_teams_level(self):  # SJ-DECK-2
        """SJ-DECK-2: R is the dealer team's level; first hand R = start_level (default 2)."""
        assert fresh(1).trump_rank == "2"
        assert G.check_value(fresh(1, start_level="9"), "trump_rank") == "9"
        # a later hand: R is the new dealer team's level, not the other team's
        s = sj({"0": "D-3", "1": "D-A", "2": "C-4", "3": "D-4"}, dealer=0, rank="5",
               levels={"team02": "5", "team13": "J"}, kitty=cards("S-3 S-4 S-6 S-7 S-8 S-9"))
        s = run(s, (0, "D-3"), (1, "D-A"), (2, "C-4"), (3, "D-4"))  # P = 0: the dealer team wins (+2)
        assert s.result["levels_after"] == {"team02": "7", "team13": "J"}
        n = G.next_hand(s)
        assert n.dealer == 2 and n.trump_rank == "7"

    def test_eighteen_trumps(self):  # SJ-RANK-1
        """SJ-RANK-1: RJ, BJ, the four rank-R cards and the 12 other trump-suit cards: 18 trumps."""
        for rank, suit in [("7", "S"), ("2", "H"), ("A", "C")]:
            order = trump_order(rank, suit)
            trumps = [c for c in DECK.cards() if group(order, c) == TRUMP]
            assert len(trumps) == 18
            assert {c.token for c in trumps} == {"RJ", "BJ"} | {f"{x}-{rank}" for x in SUITS} | \
                {f"{suit}-{r}" for r in RANKS}
        # in play: a rank-R card of a plain suit is a trump (a void player may ruff with it)
        s = sj({"1": "C-5 D-5 H-2 S-A"}, to_act=1, trick=[entry(0, "C-K")], rank="5", suit="H")
        assert legal(s, 1) == keys("C-5", "D-5", "H-2", "S-A")  # SJ-G-01: void in clubs
        v = accept(s, "C-5", 1, key="sj.ok.void_trump", rule="SJ-RANK-1")
        assert "SJ-FOLLOW-3" in v.rule_ids

    def test_trump_order_high_to_low(self):  # SJ-RANK-2
        """SJ-RANK-2: RJ > BJ > T-R > other R cards (equal) > T-A > ... > T-2 skipping R."""
        order = trump_order("7", "S")
        expect = ["RJ", "BJ", "S-7", "H-7", "D-7", "C-7", "S-A", "S-K", "S-Q", "S-J", "S-10", "S-9", "S-8",
                  "S-6", "S-5", "S-4", "S-3", "S-2"]  # shengji.md §14
        trumps = sorted((c for c in DECK.cards() if group(order, c) == TRUMP), key=lambda c: -power(order, c))
        powers = [power(order, c) for c in trumps]
        assert [c.token for c in trumps][:3] == expect[:3] and [c.token for c in trumps][6:] == expect[6:]
        assert {c.token for c in trumps[3:6]} == {"H-7", "D-7", "C-7"}
        assert powers[3] == powers[4] == powers[5] and len(set(powers)) == 18 - 2
        # in tricks (trump led)
        assert winner([(0, "S-A"), (1, "C-7"), (2, "S-K"), (3, "S-2")], "7", "S")["winner"] == 1  # R > T-A
        assert winner([(0, "H-7"), (1, "S-7"), (2, "S-A"), (3, "D-7")], "7", "S")["winner"] == 1  # T-R > R
        assert winner([(0, "S-7"), (1, "S-3"), (2, "BJ"), (3, "S-A")], "7", "S")["winner"] == 2  # BJ > T-R
        assert winner([(0, "BJ"), (1, "S-3"), (2, "S-4"), (3, "RJ")], "7", "S")["winner"] == 3  # RJ > BJ

    def test_plain_suits_have_twelve_cards_without_rank_r(self):  # SJ-RANK-3
        """SJ-RANK-3: a plain suit runs A..2 without rank R (12 cards); with R = A it runs K high."""
        order = trump_order("10", "D")
        hearts = sorted((c for c in DECK.cards() if group(order, c) == "H"), key=lambda c: -power(order, c))
        assert [c.token for c in hearts] == [f"H-{r}" for r in reversed(RANKS) if r != "10"]
        order = trump_order("A", "S")
        clubs = sorted((c for c in DECK.cards() if group(order, c) == "C"), key=lambda c: -power(order, c))
        assert len(clubs) == 12 and clubs[0].token == "C-K"
        assert winner([(0, "C-Q"), (1, "C-K"), (2, "C-2"), (3, "D-K")], "A", "S")["winner"] == 1
        # SJ-G-05: S-10 is a trump with R = 10, so S-2 is the only spade that follows
        s = sj({"1": "S-10 S-2 C-3"}, to_act=1, trick=[entry(0, "S-4")], rank="10", suit="D")
        assert legal(s, 1) == keys("S-2")

    def test_effective_suit_decides_following(self):  # SJ-RANK-4
        """SJ-RANK-4: a rank-R card of the led suit does not follow it (it is a trump); following
        and trick-winning use effective suits."""
        s = sj({"1": "C-5 D-5 H-2 S-A"}, to_act=1, trick=[entry(0, "C-K")], rank="5", suit="H")
        v = accept(s, "S-A", 1, key="sj.ok.void")
        assert "SJ-FOLLOW-3" in v.rule_ids
        # a plain rank-R card led is a trump lead
        s = sj({"1": "C-4 H-3 D-9"}, to_act=1, trick=[entry(0, "C-5")], rank="5", suit="H")
        assert legal(s, 1) == keys("H-3")
        reject(s, "C-4", 1, key="sj.must_follow_trump", rule="SJ-RANK-4")
        # shengji.md §14: D-2 is a trump with R = 2, so it beats D-K
        assert winner([(0, "D-8"), (1, "D-K"), (2, "C-A"), (3, "D-2")], "2", "S") == \
            {"winner": 3, "rule": "SJ-TRICK-1", "points": 10}

    def test_equal_trumps_earlier_ranks_higher(self):  # SJ-RANK-5
        """SJ-RANK-5: equal off-suit rank-R cards: the one played earlier wins."""
        assert winner([(0, "D-A"), (1, "C-7"), (2, "H-7"), (3, "D-K")], "7", "S") == \
            {"winner": 1, "rule": "SJ-TRICK-1", "points": 10}  # SJ-G-03
        assert winner([(2, "H-7"), (3, "C-7"), (0, "D-7"), (1, "S-A")], "7", "S")["winner"] == 2


# =========================================================================== §3 the draw
class TestDraw:
    def test_draw_one_at_a_time_twelve_each_six_in_the_kitty(self):  # SJ-DEAL-1
        """SJ-DEAL-1: one card at a time in turn order until each holds 12; the last 6 are the kitty."""
        s = fresh(8, first_drawer=1)
        kitty = s.kitty
        assert legal(s) == keys({"draw": True}) and s.to_act == 1
        accept(s, {"draw": True}, 1, key="sj.ok.draw", rule="SJ-DEAL-1")
        reject(s, {"draw": True}, 2, key="common.not_your_turn", rule="SJ-DEAL-1")
        top = s.stock[0]
        t = draw(s)
        assert t.hands[1] == (top,) and t.to_act == 2 and len(t.stock) == 47
        for _ in range(47):
            t = draw(t)
        assert [len(h) for h in t.hands] == [12] * 4 and not t.stock and t.kitty == kitty and t.to_act is None
        assert legal(t, 1) == set()
        assert Counter(G.all_cards(t)) == Counter(DECK.cards())

    def test_first_drawer_then_dealer_draws_first(self):  # SJ-DEAL-2
        """SJ-DEAL-2: the first hand's first drawer is first_drawer (or drawn by lot); later hands the
        dealer draws first."""
        for seat in range(4):
            s = fresh(3, first_drawer=seat)
            assert s.to_act == seat and s.session.first_drawer == seat
        by_lot = {fresh(seed).to_act for seed in range(40)}
        assert by_lot == {0, 1, 2, 3}
        assert fresh(12).to_act == fresh(12).to_act  # the lot follows the seed
        s = sj({"0": "D-3", "1": "D-A", "2": "C-4", "3": "D-4"}, dealer=0, kitty=cards("S-3 S-4 S-6 S-7 S-8 S-9"))
        s = run(s, (0, "D-3"), (1, "D-A"), (2, "C-4"), (3, "D-4"))
        n = G.next_hand(s)
        assert n.phase == "draw" and n.to_act == n.dealer == 2 and n.session.first_drawer == 2
        assert G.table_view(n, 0)["first_drawer"] == 2

    def test_exposure_window_asks_in_order_from_the_drawer(self):  # SJ-DEAL-3
        """SJ-DEAL-3: after each draw the players are asked in turn order from the seat that drew."""
        # seat 0 drew, then seat 1 drew (D-2); seat 2 draws next
        s = sj({"0": "S-2", "1": "D-2", "2": "", "3": ""}, phase="draw", to_act=2, suit=None, first_hand=True)
        w = G.window(s)
        assert w is not None and w.order == (1, 2, 3, 0) and "SJ-DEAL-3" in w.rule_ids
        assert legal(s, 1, in_turn=False) == keys({"expose": "D-2"})
        assert legal(s, 0, in_turn=False) == keys({"expose": "S-2"})
        assert legal(s, 2, in_turn=False) == set() == legal(s, 3, in_turn=False)
        asked: list[int] = []

        def nobody(game, state, seat):
            asked.append(seat)
            return None
        res = resolve(G, s, choose=nobody)
        assert asked == [1, 0] and res.status == "closed" and res.state.exposed is None
        asked.clear()

        def everybody(game, state, seat):
            asked.append(seat)
            return game.legal_actions(state, seat, in_turn=False)[0]
        res = resolve(G, s, choose=everybody)
        assert asked == [1] and res.taken == [(1, Decision("expose", "D-2"))]  # the drawer is asked first
        assert res.state.exposed == (1, (Card.parse("D-2"),)) and res.state.trump_suit == "D"
        # a seeded deal: the window after each draw starts at the seat that just drew
        for seed in (1, 2, 3):
            c = first_chance(seed)
            w = G.window(c)
            assert w.order == tuple((c.last_drawer + k) % 4 for k in range(4))
            assert c.last_drawer == (c.to_act - 1) % 4

    def test_draw_setup_with_cards_held_for_an_unlisted_seat(self):  # SJ-DEAL-3
        """SJ-DEAL-3 position: seats 2 and 3 hold no card yet (cards_held 0), seats 0 and 1 drew one each."""
        s = sj({"0": "S-2", "1": "D-2"}, phase="draw", to_act=2, suit=None, first_hand=True,
               cards_held={"2": 0, "3": 0})
        assert [len(h) for h in s.hands] == [1, 1, 0, 0] and G.window(s).order == (1, 2, 3, 0)

    def test_settle_runs_the_whole_draw_declining(self):  # SJ-DEAL-1, SJ-DEAL-3
        """SJ-DEAL-1/3: settle is the automatic draw, every chance declined: no exposure, kitty turned."""
        s = G.settle(fresh(6, first_drawer=2))
        assert s.exposed is None and s.phase == "bury" and s.dealer == 2 and s.kitty_turned >= 1
        assert [len(h) for h in s.hands] == [12 + 6 * (k == 2) for k in range(4)]


# =========================================================================== §4 declaring trumps
class TestDeclare:
    def chance(self, first_hand=True, **extra):
        return sj({"0": "S-2 H-9", "1": "D-2 C-2", "2": "C-9", "3": "H-J"}, phase="draw", to_act=2, suit=None,
                  **({"first_hand": True} if first_hand else extra))

    def test_any_seat_may_expose_a_rank_r_card_which_fixes_the_suit(self):  # SJ-DECLARE-1
        """SJ-DECLARE-1: any player holding a rank-R card may expose it; its suit becomes trumps;
        the card stays in hand; only rank-R cards; the first exposure stands."""
        s = self.chance()
        assert legal(s, 1, in_turn=False) == keys({"expose": "D-2"}, {"expose": "C-2"})
        assert legal(s, 0, in_turn=False) == keys({"expose": "S-2"})
        reject(s, {"expose": "H-9"}, 0, key="sj.expose_rank", rule="SJ-DECLARE-1", in_turn=False)
        reject(s, {"expose": "H-2"}, 0, key="common.not_in_hand", rule="SJ-DECLARE-1", in_turn=False)
        accept(s, {"expose": "S-2"}, 0, rule="SJ-DECLARE-1", in_turn=False)
        t = do(s, 0, {"expose": "S-2"}, in_turn=False)
        assert t.trump_suit == "S" and Card.parse("S-2") in t.hands[0] and len(t.hands[0]) == 2
        assert G.check_value(t, "exposed") == {"seat": 0, "cards": ["S-2"]}
        assert G.table_view(t, 3)["exposed"] == {"seat": 0, "cards": ["S-2"]}  # face up
        # the first exposure stands: no window, no later exposure, no override
        assert G.window(t) is None and legal(t, 1, in_turn=False) == set()
        reject(t, {"expose": "D-2"}, 1, key="sj.already_exposed", rule="SJ-DECLARE-1", in_turn=False)
        t = draw(t)
        assert G.window(t) is None and legal(t, 1, in_turn=False) == set()
        # the exposure is public in the log
        assert any(e.key == "sj.event.expose_dealer" and e.params["cards"] == ("S-2",) for e in t.log)

    def test_exposing_may_be_delayed(self):  # SJ-DECLARE-1
        """SJ-DECLARE-1: a player may keep a rank-R card through chances and expose it later in the
        draw; between draws (its chance declined) nobody may expose (SJ-DEAL-3)."""
        s = self.chance()
        closed = G.close_window(s)
        assert G.window(closed) is None
        reject(closed, {"expose": "S-2"}, 0, key="sj.expose_between_draws", rule="SJ-DEAL-3", in_turn=False)
        later = G.apply(closed, DRAW, 2)
        assert G.window(later).order == (2, 3, 0, 1)
        t = do(later, 0, {"expose": "S-2"}, in_turn=False)
        assert t.exposed == (0, (Card.parse("S-2"),)) and t.trump_suit == "S"

    def test_exposing_after_the_last_card_drawn(self):  # SJ-DECLARE-1, SJ-DEAL-3
        """SJ-DECLARE-1/SJ-DEAL-3: the chance after the 48th card is still in the draw; taking it makes
        the draw end with that exposure (no kitty flip)."""
        for seed in range(60):
            s = fresh(seed, first_drawer=0)
            while s.stock:
                s = draw(s)
            w = G.window(s)
            if w is None:
                continue
            assert s.phase == "draw" and s.to_act is None and s.last_drawer == 3 and w.order == (3, 0, 1, 2)
            seat = next(x for x in w.order if G.legal_actions(s, x, in_turn=False))
            action = G.legal_actions(s, seat, in_turn=False)[0]
            t = G.close_window(G.apply(s, action, seat, in_turn=False))
            assert t.phase == "bury" and t.dealer == seat and t.trump_suit == Card.parse(action.value).suit
            assert t.kitty_turned == 0
            return
        raise AssertionError("no seed with a chance after the last card")

    def test_only_one_card_is_exposed(self):  # SJ-DECLARE-2
        """SJ-DECLARE-2: exposing is one card; a pair is not an exposure with one deck."""
        s = self.chance()
        reject(s, {"expose": ["D-2", "C-2"]}, 1, key="sj.expose_one_card", rule="SJ-DECLARE-2", in_turn=False)
        reject(s, {"expose": ["D-2"]}, 1, key="sj.expose_one_card", rule="SJ-DECLARE-2", in_turn=False)
        assert all(isinstance(a.value, str) for a in G.legal_actions(s, 1, in_turn=False))

    def test_first_hand_exposer_becomes_dealer(self):  # SJ-DECLARE-3
        """SJ-DECLARE-3: in the first hand the exposer becomes the dealer."""
        s = self.chance()
        v = accept(s, {"expose": "C-2"}, 1, key="sj.ok.expose_dealer", rule="SJ-DECLARE-3", in_turn=False)
        assert v.params["suit"] == "C"
        t = do(s, 1, {"expose": "C-2"}, in_turn=False)
        assert t.dealer == 1 and G.check_value(t, "dealer") == 1
        # a seeded first hand, exposed by the first seat asked, drawn to the end
        for seed in (1, 2, 3, 4):
            c = first_chance(seed, first_drawer=0)
            seat = next(x for x in G.window(c).order if G.legal_actions(c, x, in_turn=False))
            exposed = G.legal_actions(c, seat, in_turn=False)[0]
            end = G.settle(G.apply(c, exposed, seat, in_turn=False))
            assert end.phase == "bury" and end.dealer == seat and end.to_act == seat
            assert end.trump_suit == Card.parse(exposed.value).suit and end.kitty_turned == 0 and end.turned == ()
            assert len(end.hands[seat]) == 18
            assert any(e.key == "sj.event.expose_dealer" and "SJ-DECLARE-3" in e.rule_ids for e in end.log)

    def test_first_hand_without_exposure_the_first_drawer_deals(self):  # SJ-DECLARE-3
        """SJ-DECLARE-3: if nobody exposes in the first hand, the first drawer becomes the dealer."""
        for seat in range(4):
            s = G.settle(fresh(21, first_drawer=seat))
            assert s.dealer == seat and s.phase == "bury" and s.to_act == seat
            assert any(e.key == "sj.event.dealer_first_drawer" and "SJ-DECLARE-3" in e.rule_ids for e in s.log)
        # through the setup: first_hand, no exposure, the draw complete: the first drawer deals
        s = fresh(21, first_drawer=3)
        while s.stock:
            s = draw(s)
        s = G.close_window(s)
        assert s.dealer == 3 and s.phase == "bury"

    def test_later_hand_exposure_fixes_only_the_suit(self):  # SJ-DECLARE-4
        """SJ-DECLARE-4: in a later hand the dealer is fixed; an exposure decides only the suit."""
        s = self.chance(first_hand=False, dealer=3)
        assert s.dealer == 3 and not G.table_view(s, 0)["first_hand"]
        accept(s, {"expose": "D-2"}, 1, key="sj.ok.expose", rule="SJ-DECLARE-4", in_turn=False)
        t = do(s, 1, {"expose": "D-2"}, in_turn=False)
        assert t.dealer == 3 and t.trump_suit == "D"
        end = G.settle(t)
        assert end.phase == "bury" and end.dealer == 3 and end.to_act == 3 and end.trump_suit == "D"
        assert len(end.hands[3]) == 18 and len(end.hands[1]) == 12

    @pytest.mark.parametrize("kitty,rank,suit,turned", [
        ("C-3 D-9 S-A H-9 C-K D-2", "9", "D", 2),    # SJ-G-11: D-9 first; turning stops
        ("H-4 S-3 C-4 C-K S-A D-4", "4", "H", 1),    # the very first card
        ("S-3 BJ RJ D-5 C-6 S-2", "2", "S", 6),      # the last card
        ("BJ RJ C-A H-A D-A S-A", "A", "C", 3),      # R = A: jokers skipped, C-A first
    ])
    def test_kitty_flip_first_rank_card_fixes_trumps(self, kitty, rank, suit, turned):  # SJ-DECLARE-5
        """SJ-DECLARE-5: no exposure: the kitty is turned in order; the first rank-R card fixes T."""
        s = sj({}, phase="kitty_flip", to_act=None, rank=rank, suit=None, kitty=cards(kitty))
        t = G.settle(s)
        assert t.trump_suit == suit and t.kitty_turned == turned == G.check_value(t, "kitty_turned")
        assert [c.token for c in t.turned] == cards(kitty)[:turned]
        assert any(e.key == "sj.event.kitty_turned" and "SJ-DECLARE-5" in e.rule_ids for e in t.log)

    @pytest.mark.parametrize("kitty,rank,suit", [
        ("C-9 RJ H-Q S-3 D-Q C-4", "2", "H"),   # SJ-G-10: Q highest, H-Q turned before D-Q
        ("D-Q C-A S-3 H-A BJ RJ", "2", "C"),    # tie at A: C-A first
        ("RJ BJ S-4 H-9 D-3 C-8", "K", "H"),    # jokers ignored (they come first)
        ("BJ S-2 RJ H-2 C-3 D-2", "A", "C"),    # R = A cannot be in it: 3 is the highest
        ("S-K H-K D-K C-K S-Q H-Q", "A", "S"),  # four kings: the first turned
    ])
    def test_kitty_flip_highest_card_ties_first_turned(self, kitty, rank, suit):  # SJ-DECLARE-6
        """SJ-DECLARE-6: no rank-R card in the kitty: the suit of the highest non-joker card, the
        first turned of equals; jokers are ignored; all six cards are turned."""
        t = G.settle(sj({}, phase="kitty_flip", to_act=None, rank=rank, suit=None, kitty=cards(kitty)))
        assert t.trump_suit == suit and t.kitty_turned == 6
        assert any(e.key == "sj.event.kitty_turned" and "SJ-DECLARE-6" in e.rule_ids for e in t.log)

    def test_turned_kitty_is_public_and_goes_to_the_dealer(self):  # SJ-DECLARE-7
        """SJ-DECLARE-7: turned kitty cards are seen by everyone, then join the dealer's hand."""
        kitty = cards("C-9 RJ H-Q S-3 D-Q C-4")
        t = G.settle(sj({}, phase="kitty_flip", to_act=None, rank="2", suit=None, kitty=kitty, dealer=2))
        assert t.phase == "bury" and t.to_act == 2 and len(t.hands[2]) == 18
        assert set(Card.parse(c) for c in kitty) <= set(t.hands[2])
        for seat in range(4):
            assert G.table_view(t, seat)["kitty_turned"] == kitty
        # after an exposure nothing is turned: the kitty stays hidden from the others
        c = first_chance(2, first_drawer=0)
        seat = next(x for x in G.window(c).order if G.legal_actions(c, x, in_turn=False))
        end = G.settle(G.apply(c, G.legal_actions(c, seat, in_turn=False)[0], seat, in_turn=False))
        assert G.table_view(end, (seat + 1) % 4)["kitty_turned"] == []


# =========================================================================== §5 kitty
class TestKitty:
    HAND = "S-A S-K S-10 S-5 H-2 H-3 H-4 H-6 D-7 D-8 D-9 C-J C-Q BJ RJ S-2 D-2 C-2"

    def bury_state(self, **flags):
        return sj({"0": self.HAND}, phase="bury", to_act=0, rank="2", suit="S", flags=flags)

    def test_dealer_buries_any_six_of_eighteen(self):  # SJ-KITTY-1
        """SJ-KITTY-1: the dealer holds 18 cards and buries any 6 (choose 6 of 18, no restriction)."""
        s = self.bury_state()
        assert len(s.hands[0]) == 18 and [len(h) for h in s.hands[1:]] == [12, 12, 12]
        spec = G.decision_spec(s)
        assert spec is not None and spec.count() == comb(18, 6) == 18564
        assert len(G.legal_actions(s)) == comb(18, 6)
        assert G.decision_spec(s, 1) is None and G.legal_actions(s, 1) == []
        # point cards and trumps may be buried
        v = accept(s, {"bury": cards("S-A S-K S-10 S-5 BJ RJ")}, 0, key="sj.ok.bury_points", rule="SJ-KITTY-1")
        assert v.params == {"points": 25, "double": 50, "count": 6}
        accept(s, {"bury": cards("H-3 H-4 H-6 D-7 D-8 D-9")}, 0, key="sj.ok.bury", rule="SJ-KITTY-1")
        reject(s, {"bury": cards("H-3 H-4 H-6 D-7 D-8")}, 0, key="sj.bury_six", rule="SJ-KITTY-1")
        reject(s, {"bury": cards("H-3 H-4 H-6 D-7 D-8 D-9 C-J")}, 0, key="sj.bury_six", rule="SJ-KITTY-1")
        reject(s, {"bury": cards("H-3 H-4 H-6 D-7 D-8 H-A")}, 0, key="common.not_in_hand", rule="SJ-KITTY-1")
        reject(s, {"bury": cards("H-3 H-3 H-6 D-7 D-8 D-9")}, 0, key="sj.bury_repeat", rule="SJ-KITTY-1")
        reject(s, {"bury": cards("H-3 H-4 H-6 D-7 D-8 D-9")}, 1, key="common.not_your_turn", rule="SJ-KITTY-1")
        reject(s, "H-3", 0, key="common.wrong_phase", rule="SJ-KITTY-1")
        t = do(s, 0, {"bury": cards("S-A S-K S-10 S-5 BJ RJ")})
        assert len(t.hands[0]) == 12 and set(t.buried) == set(parsed("S-A S-K S-10 S-5 BJ RJ"))
        assert t.phase == "play" and t.to_act == 0

    def test_buried_kitty_stays_hidden_until_the_end(self):  # SJ-KITTY-2
        """SJ-KITTY-2: the buried cards are seen only by the dealer until the hand is over."""
        s = do(self.bury_state(), 0, {"bury": cards("S-A S-K S-10 S-5 BJ RJ")})
        assert G.table_view(s, 0)["buried"] == cards("S-A S-K S-10 S-5 BJ RJ")
        for seat in (1, 2, 3, None):
            view = G.table_view(s, seat)
            assert view["buried"] is None and view["buried_count"] == 6
            text = json.dumps(G.view(s, seat), ensure_ascii=False)
            assert not any(f'"{t}"' in text for t in cards("S-A S-K S-10 S-5 BJ RJ"))
        assert not any("cards" in e.params for e in s.log if e.key == "sj.event.bury")

    def test_kitty_points_go_doubled_to_the_last_trick(self):  # SJ-KITTY-3
        """SJ-KITTY-3: at the end the buried points go, doubled, to the side that won the last trick:
        a non-dealer last trick adds 2 x 15; a dealer-team last trick adds nothing."""
        kitty = cards("S-K D-5 C-3 H-9 S-3 C-8")  # 15 points
        s = sj({"0": "D-3", "1": "D-A", "2": "C-4", "3": "D-4"}, dealer=0, kitty=kitty)
        end = run(s, (0, "D-3"), (1, "D-A"), (2, "C-4"), (3, "D-4"))
        assert end.result["kitty_points"] == 15 and end.result["kitty_bonus"] == 30 and end.result["P"] == 30
        assert end.result["last_trick_winner"] == 1
        s = sj({"0": "D-A", "1": "D-3", "2": "C-4", "3": "D-4"}, dealer=0, kitty=kitty)
        end = run(s, (0, "D-A"), (1, "D-3"), (2, "C-4"), (3, "D-4"))
        assert end.result["kitty_bonus"] == 0 and end.result["P"] == 0
        for seat in range(4):  # shown at the end
            assert G.table_view(end, seat)["buried"] == kitty
        assert any(e.key.startswith("sj.event.kitty_shown") and "SJ-KITTY-3" in e.rule_ids for e in end.log)


# =========================================================================== §6 leading and shapes
class TestLead:
    def test_dealer_leads_then_the_trick_winner(self):  # SJ-LEAD-1
        """SJ-LEAD-1: the dealer leads the first trick; each trick's winner leads the next; tricks go
        on until the hands are empty (a throw of k cards takes k from every hand)."""
        t = do(sj({"2": TestKitty.HAND}, phase="bury", to_act=2, rank="2", suit="S"), 2,
               {"bury": cards("H-3 H-4 H-6 D-7 D-8 D-9")})
        assert t.phase == "play" and t.to_act == 2 and t.leader == 2 and t.trick_no == 1
        assert any(e.key == "sj.event.first_lead" and e.params["seat"] == 2 for e in t.log)
        s = sj({"0": "D-3 S-A S-K H-4", "1": "D-A H-5 H-6 H-7", "2": "D-4 C-3 C-4 C-5", "3": "D-5 C-6 C-7 C-8"},
               dealer=0, rank="2", suit="S")
        assert s.trick_no == 9  # four cards left of twelve: the scenario counts eight single tricks before
        s = run(s, (0, "D-3"), (1, "D-A"), (2, "D-4"), (3, "D-5"))
        assert s.to_act == 1 and s.trick == () and s.trick_no == 10 and s.last_trick["winner"] == 1
        reject(s, "D-3", 0, key="common.not_your_turn", rule="SJ-LEAD-1")
        s = run(s, (1, "H-5"), (2, "C-3"), (3, "C-6"), (0, "H-4"))
        assert s.to_act == 1 and s.phase == "play"
        # seat 1 throws its two hearts (nobody else holds a heart): every hand runs out together
        s = do(s, 1, "H-6 H-7")
        s = run(s, (2, "C-4 C-5"), (3, "C-7 C-8"), (0, "S-A S-K"))
        assert s.phase == "score" and all(len(h) == 0 for h in s.hands) and s.trick_no == 12

    def test_any_single_may_be_led(self):  # SJ-COMBO-1
        """SJ-COMBO-1: any one card may be led (a trump, a plain card, a joker)."""
        s = sj({"0": "D-3 S-A BJ H-2 C-K"}, rank="2", suit="S")
        singles = {a for a in legal(s) if " " not in a}
        assert singles == keys("D-3", "S-A", "BJ", "H-2", "C-K")
        accept(s, "D-3", key="sj.ok.lead", rule="SJ-COMBO-1")
        accept(s, "H-2", key="sj.ok.lead_trump", rule="SJ-COMBO-1")

    def test_multiple_lead_of_one_suit(self):  # SJ-COMBO-2
        """SJ-COMBO-2: with multi_lead (default on) the leader may lead two or more cards at once."""
        s = sj({"0": "S-A S-K D-3", "1": "S-Q C-4 C-5", "2": "S-J D-9 D-10", "3": "S-10 H-7 C-8"},
               rank="2", suit="H", flags={"multi_lead": True})
        assert legal(s) == keys("S-A", "S-K", "D-3", "S-A S-K")  # SJ-G-14
        accept(s, "S-A S-K", key="sj.ok.throw", rule="SJ-COMBO-2")
        assert G.flags({"players": 4}).multi_lead is True

    def test_no_pairs_with_one_deck(self):  # SJ-COMBO-3
        """SJ-COMBO-3: one deck holds no two identical cards, so pairs and tractors never arise; two
        equal off-suit rank-R cards are not a pair (led together they are a throw of trumps)."""
        assert max(Counter(DECK.cards()).values()) == 1
        assert G.flags({"players": 4}).decks == 1  # pairs only with decks = 2 (§13, A1)
        s = sj({"0": "H-7 C-7 D-3", "1": "S-7 D-4 D-2", "2": "D-5 D-6 D-10", "3": "D-8 D-9 D-J"}, rank="7", suit="S")
        reject(s, "H-7 H-7", key="common.not_in_hand")
        v = verdict(s, "H-7 C-7")
        assert not v.legal and v.key == "sj.throw_fails"  # a throw that S-7 beats, never a "pair"


# =========================================================================== §7 throws
class TestThrow:
    def test_a_throw_is_one_effective_suit(self):  # SJ-THROW-1
        """SJ-THROW-1: a throw is k >= 2 cards of one effective suit (all trumps count as one)."""
        s = sj({"0": "D-A D-K D-7 RJ BJ S-7 S-A C-A", "1": "D-2 C-3 C-4 C-5 C-6 C-8 C-9 C-10",
                "2": "D-3 H-3 H-4 H-5 H-6 H-8 H-9 H-10", "3": "D-4 D-5 D-6 D-8 D-9 D-10 D-J D-Q"},
               rank="7", suit="S")
        reject(s, "D-A C-A", key="sj.throw_one_suit", rule="SJ-THROW-1")
        reject(s, "D-A D-7", key="sj.throw_one_suit", rule="SJ-THROW-1")  # D-7 is a trump
        accept(s, "RJ BJ S-7 D-7 S-A", key="sj.ok.throw", rule="SJ-THROW-1")  # jokers, R cards, T suit
        accept(s, "D-A D-K", key="sj.ok.throw", rule="SJ-THROW-1")
        assert norm("D-A C-A") not in legal(s)

    def test_valid_only_if_no_other_card_outranks_it(self):  # SJ-THROW-2
        """SJ-THROW-2: valid iff no card of the suit in the other hands outranks the throw's lowest;
        legal_actions lists exactly the valid throws."""
        s = sj({"0": "S-A S-Q D-3", "1": "S-J C-4 C-5", "2": "S-K D-9 D-10", "3": "S-10 H-7 C-8"},
               rank="2", suit="H")
        assert legal(s) == keys("S-A", "S-Q", "D-3")  # SJ-G-14b: S-K outranks S-Q
        v = reject(s, "S-A S-Q", key="sj.throw_fails", rule="SJ-THROW-2")
        assert "SJ-THROW-3" in v.rule_ids
        # R = 7, T = S: every valid throw from this hand, worked out by hand
        s = sj({"0": "D-A D-K D-Q D-10 H-7 C-7 S-A", "1": "D-J D-2 C-2 C-3 C-4 C-5 C-6",
                "2": "D-7 H-3 H-4 H-5 H-6 H-8 H-9", "3": "S-K C-8 C-9 C-10 C-J C-Q C-K"}, rank="7", suit="S")
        # diamonds: D-J is out, so D-A D-K D-Q are safe; trumps: D-7 is out: it equals the off-suit 7s
        # (it does not outrank them) but beats S-A (S-K out is below S-A)
        expect = {"D-A", "D-K", "D-Q", "D-10", "H-7", "C-7", "S-A",
                  "D-A D-K", "D-A D-Q", "D-K D-Q", "D-A D-K D-Q", "H-7 C-7"}
        assert legal(s) == keys(*expect)
        accept(s, "H-7 C-7", key="sj.ok.throw", rule="SJ-THROW-2")
        reject(s, "H-7 C-7 S-A", key="sj.throw_fails", rule="SJ-THROW-2")
        reject(s, "D-A D-K D-Q D-10", key="sj.throw_fails", rule="SJ-THROW-2")

    def test_failed_throw_leads_the_lowest_card(self):  # SJ-THROW-3
        """SJ-THROW-3: an announced invalid throw is shown; its lowest card is led alone, the rest go
        back to hand (SJ-G-14c)."""
        s = sj({"0": "S-A S-Q D-3", "1": "S-J C-4 C-5", "2": "S-K D-9 D-10", "3": "S-10 H-7 C-8"},
               rank="2", suit="H")
        before = copy.deepcopy(s)
        with pytest.raises(IllegalAction):
            G.apply(s, act("S-A S-Q"), 0)
        assert s == before
        t = G.attempt(s, act("S-A S-Q"), 0)
        assert s == before
        assert [e.to_json() for e in t.trick] == [entry(0, "S-Q")]
        assert set(t.hands[0]) == set(parsed("S-A D-3")) and t.to_act == 1
        assert t.failed_throw == {"seat": 0, "cards": ["S-A", "S-Q"], "led": "S-Q"}
        assert t.penalty == 0  # throw_fail_penalty defaults to 0
        for seat in range(4):  # the announced cards are shown to all
            assert G.table_view(t, seat)["failed_throw"]["cards"] == ["S-A", "S-Q"]
        assert any(e.key == "sj.event.throw_failed" and "SJ-THROW-3" in e.rule_ids for e in t.log)
        # a valid lead is no attempt
        with pytest.raises(IllegalAction):
            G.attempt(s, act("S-A"), 0)
        with pytest.raises(IllegalAction):
            G.attempt(s, act("S-A D-3"), 0)  # not one suit: not a throw that fails, simply illegal

    @pytest.mark.parametrize("throw,led", [
        ("BJ C-7 H-7", "H-7"),   # shengji.md SJ-THROW-3's own example
        ("C-7 D-7", "D-7"),
        ("D-7 H-7 C-7", "H-7"),
        ("S-A C-7", "S-A"),      # T-A is below the off-suit 7s: no tie
    ])
    def test_failed_throw_tie_break_s_h_d_c(self, throw, led):  # SJ-THROW-3
        """SJ-THROW-3 (A10): equal off-suit rank-R lowest cards: the first in S, H, D, C is led."""
        s = sj({"0": "BJ C-7 H-7 D-7 S-A D-3", "1": "RJ D-4 D-5 D-6 D-8 D-9", "2": "S-7 C-2 C-3 C-4 C-5 C-6",
                "3": "H-2 H-3 H-4 H-5 H-6 H-8"}, rank="7", suit="S")
        v = reject(s, throw, key="sj.throw_fails", rule="SJ-THROW-3")
        assert v.params["cards"] == [led]
        t = G.attempt(s, act(throw), 0)
        assert [c.token for c in t.trick[0].cards] == [led]

    def test_failed_throw_explanation_keeps_other_hands_hidden(self):  # SJ-THROW-3
        """SJ-THROW-3: the explanation names no other seat and no card the leader does not hold."""
        s = sj({"0": "BJ C-7 H-7 D-3", "1": "S-7 D-4 D-5 D-6", "2": "S-2 C-2 C-3 C-4", "3": "D-8 D-9 D-10 D-J"},
               rank="7", suit="S")
        v = verdict(s, "BJ C-7 H-7")
        assert not v.legal and v.key == "sj.throw_fails"
        others = [c.token for k in (1, 2, 3) for c in s.hands[k]]
        for lang in ("en", "ja"):
            text = v.text(lang)
            assert not any(card_text(t, lang) in text for t in others), text
            assert not re.search(r"[Ss]eat \d|席\d", text), text
        assert "seat" not in v.params and set(v.params["cards"]) <= {c.token for c in s.hands[0]}
        t = G.attempt(s, act("BJ C-7 H-7"), 0)
        for e in t.log[-2:]:
            text = e.to_json("en")["text"]
            assert not any(card_text(x, "en") in text for x in others), text

    def test_follow_a_throw_with_min_k_m_of_the_suit(self):  # SJ-THROW-4
        """SJ-THROW-4: k cards each; holding m of the led suit, min(k, m) of them, the rest free."""
        # k = 3, m = 1: the one diamond plus any two
        s = sj({"1": "D-4 C-5 C-6 H-3"}, to_act=1, trick=[entry(0, "D-A D-K D-Q")], rank="7", suit="S")
        assert legal(s, 1) == keys("D-4 C-5 C-6", "D-4 C-5 H-3", "D-4 C-6 H-3")
        reject(s, "C-5 C-6 H-3", 1, key="sj.must_follow_throw", rule="SJ-THROW-4")
        reject(s, "D-4 C-5", 1, key="sj.play_count", rule="SJ-THROW-4")
        accept(s, "D-4 C-5 H-3", 1, key="sj.ok.follow_throw", rule="SJ-THROW-4")
        # k = 2, m = 3: two of the three diamonds (D-7 is a trump, not a diamond)
        s = sj({"1": "D-4 D-5 D-6 D-7 C-2"}, to_act=1, trick=[entry(0, "D-A D-K")], rank="7", suit="S")
        assert legal(s, 1) == keys("D-4 D-5", "D-4 D-6", "D-5 D-6")
        # k = 2, m = 0: any two
        s = sj({"1": "C-4 S-5 BJ"}, to_act=1, trick=[entry(0, "D-A D-K")], rank="7", suit="S")
        assert legal(s, 1) == keys("C-4 S-5", "C-4 BJ", "S-5 BJ")
        # a trump throw: m trumps must go in
        s = sj({"1": "S-3 H-7 D-2 C-2"}, to_act=1, trick=[entry(0, "RJ BJ S-A")], rank="7", suit="S")
        assert legal(s, 1) == keys("S-3 H-7 D-2", "S-3 H-7 C-2")

    def test_throw_winner_leader_or_highest_ruff(self):  # SJ-THROW-5
        """SJ-THROW-5: a trump throw is the leader's; a plain throw is the leader's unless ruffed (all
        k cards trumps); the ruff with the highest top card wins, the earlier of equals."""
        assert winner([(0, "S-A S-K"), (1, "H-3 H-4"), (2, "S-5 D-7"), (3, "BJ C-5")], "2", "H") == \
            {"winner": 1, "rule": "SJ-THROW-5", "points": 20}  # SJ-G-15
        assert winner([(0, "S-A S-K"), (1, "H-3 H-4"), (2, "S-5 D-7"), (3, "BJ H-6")], "2", "H")["winner"] == 3
        # no ruff: the leader, whatever the others discard
        assert winner([(1, "D-A D-K"), (2, "D-3 D-4"), (3, "C-A S-A"), (0, "D-5 RJ")], "7", "S")["winner"] == 1
        # two ruffs with equal tops (off-suit 7s): the earlier
        assert winner([(0, "D-A D-K"), (1, "H-7 S-2"), (2, "C-7 S-3"), (3, "C-4 C-5")], "7", "S")["winner"] == 1
        # a later, higher ruff
        assert winner([(0, "D-A D-K"), (1, "H-7 S-2"), (2, "S-7 S-3"), (3, "C-4 C-5")], "7", "S")["winner"] == 2
        # a trump throw: always the leader (followers can only play equal or lower trumps)
        assert winner([(0, "RJ H-7"), (1, "C-7 S-A"), (2, "D-7 S-3"), (3, "C-4 C-5")], "7", "S")["winner"] == 0
        # in play: the ruff that wins collects every card
        s = sj({"0": "D-A D-K", "1": "H-7 S-2", "2": "S-7 S-3", "3": "C-4 C-5"}, dealer=0, rank="7", suit="S",
               kitty=cards("H-2 H-3 H-4 H-6 H-8 H-9"))
        s = run(s, (0, "D-A D-K"), (1, "H-7 S-2"), (2, "S-7 S-3"), (3, "C-4 C-5"))
        assert s.last_trick["winner"] == 2 and s.last_trick["rule"] == "SJ-THROW-5"
        assert len(s.won[2]) == 8 and s.points[2] == 15  # D-K and C-5


# =========================================================================== §8 following
class TestFollow:
    def test_trump_led_play_a_trump(self):  # SJ-FOLLOW-1
        """SJ-FOLLOW-1: single trump led: holding any trump (jokers, rank-R cards) play a trump."""
        s = sj({"1": "S-5 BJ C-A D-9"}, to_act=1, trick=[entry(0, "H-3")], rank="5", suit="H")
        assert legal(s, 1) == keys("S-5", "BJ")  # SJ-G-02
        reject(s, "C-A", 1, key="sj.must_follow_trump", rule="SJ-FOLLOW-1")
        accept(s, "BJ", 1, key="sj.ok.follow_trump", rule="SJ-FOLLOW-1")

    def test_plain_led_follow_its_effective_suit(self):  # SJ-FOLLOW-2
        """SJ-FOLLOW-2: a plain card of X led: play an X card that is not of rank R."""
        s = sj({"1": "S-10 S-2 C-3"}, to_act=1, trick=[entry(0, "S-4")], rank="10", suit="D")
        assert legal(s, 1) == keys("S-2")  # SJ-G-05
        reject(s, "S-10", 1, key="sj.must_follow", rule="SJ-FOLLOW-2")
        reject(s, "C-3", 1, key="sj.must_follow", rule="SJ-FOLLOW-2")
        accept(s, "S-2", 1, key="sj.ok.follow", rule="SJ-FOLLOW-2")

    def test_void_may_play_anything_without_obligation(self):  # SJ-FOLLOW-3
        """SJ-FOLLOW-3: unable to follow: any card, no duty to trump or to beat the winner."""
        s = sj({"2": "H-2 C-3 S-K BJ"}, to_act=2, trick=[entry(0, "D-A"), entry(1, "S-4")], rank="2", suit="S")
        assert legal(s, 2) == keys("H-2", "C-3", "S-K", "BJ")
        v = accept(s, "C-3", 2, key="sj.ok.void", rule="SJ-FOLLOW-3")
        assert v.more == (("sj.outcome.loses", {"seat": 1}),)
        v = accept(s, "S-K", 2, key="sj.ok.void_trump", rule="SJ-FOLLOW-3")
        assert v.more == (("sj.outcome.wins", {}),)

    def test_following_a_throw_is_throw_4(self):  # SJ-FOLLOW-4
        """SJ-FOLLOW-4: following a throw is SJ-THROW-4 (both rules named when refused)."""
        s = sj({"2": "C-4 C-5 C-6 D-9"}, to_act=2, trick=[entry(1, "C-A C-K C-Q")], rank="2", suit="S")
        assert legal(s, 2) == keys("C-4 C-5 C-6")
        v = reject(s, "C-4 C-5 D-9", 2, key="sj.must_follow_throw", rule="SJ-FOLLOW-4")
        assert "SJ-THROW-4" in v.rule_ids and v.params == {"suit": "C", "need": 3, "count": 3}

    def test_every_player_plays_once_to_every_trick(self):  # SJ-FOLLOW-5
        """SJ-FOLLOW-5: play goes once around; every player plays as many cards as were led."""
        s = sj({"0": "D-3 D-4", "1": "D-5 D-6", "2": "D-7 D-8", "3": "D-9 D-10"}, rank="2", suit="S")
        s = do(s, 0, "D-3")
        reject(s, "D-5 D-6", 1, key="sj.play_count", rule="SJ-FOLLOW-5")
        reject(s, "D-7", 2, key="common.not_your_turn")
        s = run(s, (1, "D-5"), (2, "D-7"))
        assert len(s.trick) == 3 and s.to_act == 3
        s = do(s, 3, "D-9")
        assert s.trick == () and s.last_trick["winner"] == 3 and s.to_act == 3
        assert [len(h) for h in s.hands] == [1, 1, 1, 1]


# =========================================================================== §9 trick winner
class TestTrick:
    def test_single_highest_trump_else_highest_of_the_led_suit(self):  # SJ-TRICK-1
        """SJ-TRICK-1: the highest trump wins; without trumps the highest card of the led suit; a card
        of another plain suit never wins."""
        assert winner([(0, "D-8"), (1, "D-K"), (2, "C-A"), (3, "D-2")], "2", "S")["winner"] == 3  # SJ-G-13
        assert winner([(0, "D-8"), (1, "D-K"), (2, "C-A"), (3, "H-A")], "2", "S") == \
            {"winner": 1, "rule": "SJ-TRICK-1", "points": 10}
        assert winner([(0, "D-8"), (1, "S-3"), (2, "S-4"), (3, "D-A")], "2", "S")["winner"] == 2
        assert winner([(3, "S-3"), (0, "D-A"), (1, "C-A"), (2, "H-A")], "2", "S")["winner"] == 3

    def test_equal_trumps_first_played_wins(self):  # SJ-TRICK-2
        """SJ-TRICK-2: highest trumps equal off-suit rank-R cards: the first of them played wins."""
        assert winner([(0, "D-A"), (1, "C-7"), (2, "H-7"), (3, "D-K")], "7", "S")["winner"] == 1  # SJ-G-03
        assert winner([(0, "D-A"), (1, "S-A"), (2, "H-7"), (3, "C-7")], "7", "S")["winner"] == 2

    def test_throw_tricks_use_throw_5(self):  # SJ-TRICK-3
        """SJ-TRICK-3: a throw's trick is decided by SJ-THROW-5."""
        assert winner([(0, "S-A S-K"), (1, "H-3 H-4"), (2, "S-5 D-7"), (3, "BJ C-5")], "2", "H")["rule"] == \
            "SJ-THROW-5"

    def test_winner_takes_the_cards_non_dealer_points_face_up(self):  # SJ-TRICK-4
        """SJ-TRICK-4: the winner takes all cards; a non-dealer's point cards are public."""
        s = sj({"0": "D-10 D-3", "1": "D-K D-4", "2": "D-5 C-3", "3": "D-A C-4"}, dealer=0, rank="2", suit="S")
        s = run(s, (0, "D-10"), (1, "D-K"), (2, "D-5"), (3, "D-A"))
        assert set(s.won[3]) == set(parsed("D-10 D-K D-5 D-A")) and s.points[3] == 25
        assert any(e.key == "sj.event.trick_won" and "SJ-TRICK-4" in e.rule_ids for e in s.log)
        view = G.table_view(s, 0)
        assert view["points_taken"] == {"1": 0, "3": 25}
        assert sorted(view["point_cards"]["3"]) == sorted(["D-10", "D-K", "D-5"])
        # the dealer team's tricks are kept face down: not listed
        s = sj({"0": "D-A D-3", "1": "D-K D-4", "2": "D-5 C-3", "3": "D-10 C-4"}, dealer=0, rank="2", suit="S")
        s = run(s, (0, "D-A"), (1, "D-K"), (2, "D-5"), (3, "D-10"))
        view = G.table_view(s, 1)
        assert s.points[0] == 25 and set(view["point_cards"]) == {"1", "3"} and view["nondealer_points"] == 0


# =========================================================================== §10 points
class TestPoints:
    def test_fives_tens_kings(self):  # SJ-POINTS-1
        """SJ-POINTS-1: 5 = 5, 10 and K = 10, others 0; the deck holds 100."""
        assert points(parsed("S-5")) == 5 and points(parsed("H-10")) == 10 and points(parsed("C-K")) == 10
        assert points(parsed("S-A S-Q S-J S-2 BJ RJ")) == 0
        assert points(DECK.cards()) == 100

    def test_only_non_dealer_points_count(self):  # SJ-POINTS-2
        """SJ-POINTS-2: P counts only the points the non-dealer team takes."""
        s = sj({"0": "D-10 D-3", "1": "D-K D-4", "2": "D-5 C-3", "3": "D-A C-4"}, dealer=1, rank="2", suit="S",
               kitty=cards("H-2 H-3 H-4 H-6 H-7 H-8"))
        s = run(s, (0, "D-10"), (1, "D-K"), (2, "D-5"), (3, "D-A"))  # seat 3, the dealer's partner, takes 25
        assert G.check_value(s, "nondealer_points") == 0
        # seat 3 leads C-4: C-3 is lower and D-3, D-4 do not follow: seat 3 wins the last trick too
        s = run(s, (3, "C-4"), (0, "D-3"), (1, "D-4"), (2, "C-3"))
        assert s.phase == "score" and s.result["P"] == 0 and s.result["hand_winner"] == "team13"
        assert result(dealer=0, pts=35, last=0)["P"] == 35

    def test_kitty_bonus_for_the_last_trick(self):  # SJ-POINTS-3
        """SJ-POINTS-3: non-dealers winning the last trick add kitty_multiplier x kitty points to P;
        a dealer-team last trick changes nothing."""
        kitty = "S-K C-10 H-3 H-4 D-6 D-7"  # 20 points
        assert result(dealer=1, levels=("2", "7"), pts=35, last=3, kitty=kitty)["P"] == 35  # SJ-G-09
        r = result(dealer=1, levels=("2", "7"), pts=35, last=0, kitty=kitty)
        assert r["P"] == 75 and r["kitty_bonus"] == 40 and "SJ-POINTS-3" in r["rule_ids"]
        r = result(dealer=0, levels=("5", "3"), pts=35, last=3, kitty="S-K D-5 C-3 H-9 S-2 C-8")
        assert r["P"] == 65 and r["hand_winner"] == "team13"  # SJ-G-06


# =========================================================================== §11 result and levels
class TestScore:
    def test_forty_is_the_line(self):  # SJ-SCORE-1
        """SJ-SCORE-1: P < 40 the dealer team wins; P >= 40 the non-dealer team."""
        assert result(dealer=0, pts=35)["hand_winner"] == "team02"
        assert result(dealer=0, pts=40)["hand_winner"] == "team13"
        assert result(dealer=3, pts=35)["hand_winner"] == "team13"
        assert result(dealer=3, pts=40)["hand_winner"] == "team02"

    @pytest.mark.parametrize("pts,kitty,p,team,steps", [
        (0, NONE, 0, "team02", 2),
        (5, NONE, 5, "team02", 1), (20, NONE, 20, "team02", 1), (35, NONE, 35, "team02", 1),
        (0, "S-5 S-3 S-4 S-6 S-7 S-8", 10, "team02", 1),     # 5 in the kitty, doubled
        (40, NONE, 40, "team13", 0), (60, NONE, 60, "team13", 0), (75, NONE, 75, "team13", 0),
        (80, NONE, 80, "team13", 1), (95, NONE, 95, "team13", 1),
        (100, NONE, 100, "team13", 2),
        (10, "S-K H-K D-K C-K S-10 H-10", 130, "team13", 2),  # above 100 with the kitty bonus
    ])
    def test_level_table(self, pts, kitty, p, team, steps):  # SJ-SCORE-2
        """SJ-SCORE-2: 0: dealer +2; 5-35: dealer +1; 40-75: none; 80-95: non-dealers +1; 100+: +2."""
        r = result(dealer=0, levels=("4", "6"), pts=pts, last=1, kitty=kitty)
        assert r["P"] == p and r["hand_winner"] == team and r["steps"] == steps
        before = {"team02": "4", "team13": "6"}
        after = dict(before)
        after[team] = RANKS[RANKS.index(before[team]) + steps]
        assert r["levels_after"] == after and "SJ-SCORE-2" in r["rule_ids"]

    def test_level_capped_at_ace(self):  # SJ-SCORE-3
        """SJ-SCORE-3: no level above A (surplus lost); end_level never caps."""
        r = result(dealer=0, levels=("K", "5"), pts=0)
        assert r["levels_after"]["team02"] == "A" and "SJ-SCORE-3" in r["rule_ids"]
        r = result(dealer=0, levels=("5", "A"), pts=100)
        assert r["levels_after"]["team13"] == "A" and "SJ-SCORE-3" in r["rule_ids"]
        r = result(dealer=0, levels=("Q", "5"), pts=0)  # exactly to A: nothing lost
        assert r["levels_after"]["team02"] == "A" and "SJ-SCORE-3" not in r["rule_ids"]
        r = result(dealer=0, levels=("5", "6"), pts=100, end="7")  # past end_level: 8, not 7
        assert r["levels_after"]["team13"] == "8"
        r = result(dealer=0, levels=("6", "2"), pts=0, end="7")
        assert r["levels_after"]["team02"] == "8"

    def test_dealer_team_won_partner_deals(self):  # SJ-NEXT-1
        """SJ-NEXT-1: the dealer team won: the dealer's partner deals next."""
        for dealer in range(4):
            r = result(dealer=dealer, pts=10)
            assert r["next_dealer"] == (dealer + 2) % 4 and "SJ-NEXT-1" in r["rule_ids"]
        assert result(dealer=0, levels=("Q", "4"), pts=0, last=2)["next_trump_rank"] == "A"  # SJ-G-07

    def test_non_dealers_won_next_seat_deals(self):  # SJ-NEXT-2
        """SJ-NEXT-2: the non-dealer team won: the seat after the dealer deals next."""
        for dealer in range(4):
            r = result(dealer=dealer, pts=50)
            assert r["next_dealer"] == (dealer + 1) % 4 and "SJ-NEXT-2" in r["rule_ids"]
            assert team_of(r["next_dealer"]) == r["hand_winner"]

    def test_next_hand_rank_and_fresh_declaration(self):  # SJ-NEXT-3
        """SJ-NEXT-3: the next hand's R is the new dealer team's level; the suit is declared afresh."""
        r = result(dealer=0, levels=("5", "3"), pts=35, last=3, kitty="S-K D-5 C-3 H-9 S-2 C-8")
        assert r["next_dealer"] == 1 and r["next_trump_rank"] == "3"  # SJ-G-06
        s = sj({"0": "D-3", "1": "D-A", "2": "C-4", "3": "D-10"}, dealer=0, rank="5", suit="H",
               levels={"team02": "5", "team13": "3"}, kitty=cards("S-K D-5 C-3 H-9 S-2 C-8"))
        s = run(s, (0, "D-3"), (1, "D-A"), (2, "C-4"), (3, "D-10"))
        assert s.result["P"] == 40 and s.result["next_dealer"] == 1  # 10 + 2 x 15
        n = G.next_hand(s)
        assert n.trump_rank == "3" and n.trump_suit is None and n.exposed is None and n.dealer == 1
        assert n.hand_no == 2 and n.phase == "draw" and len(n.stock) == 48 and n.buried == ()
        assert Counter(G.all_cards(n)) == Counter(DECK.cards())
        assert any(e.key == "sj.event.next_hand" and "SJ-NEXT-3" in e.rule_ids for e in n.log)
        # the later hand: an exposure decides only the suit; without one the kitty is turned
        end = G.settle(n)
        assert end.dealer == 1 and end.trump_rank == "3" and end.trump_suit is not None

    def test_game_ends_on_a_dealer_win_at_end_level_or_higher(self):  # SJ-END-1
        """SJ-END-1: a dealer-team win with R at end_level or higher ends the game (default A)."""
        r = result(dealer=0, levels=("A", "9"), pts=30)
        assert r["game_over"] and r["game_winner"] == "team02" and "SJ-END-1" in r["rule_ids"]
        r = result(dealer=0, levels=("K", "9"), pts=0)  # reaches A, but R was K: not over
        assert not r["game_over"] and r["game_winner"] is None
        r = result(dealer=1, levels=("9", "A"), pts=40)  # the non-dealers win: not over
        assert not r["game_over"]
        # a lower end_level: "or higher" (a +2 step jumped from 6 to 8 over 7)
        r = result(dealer=0, levels=("8", "3"), pts=10, end="7")
        assert r["game_over"] and r["game_winner"] == "team02"
        assert result(dealer=0, levels=("7", "3"), pts=10, end="7")["game_over"]
        assert not result(dealer=0, levels=("6", "3"), pts=0, end="7")["game_over"]
        # a played hand: the session ends and deals no more
        s = sj({"0": "D-A", "1": "D-3", "2": "C-4", "3": "D-4"}, dealer=0, rank="A",
               levels={"team02": "A", "team13": "9"}, kitty=cards("S-3 S-4 S-6 S-7 S-8 S-9"))
        end = run(s, (0, "D-A"), (1, "D-3"), (2, "C-4"), (3, "D-4"))
        assert G.game_over(end) and G.session(end)["winner"] == "team02" and G.session(end)["next_dealer"] is None
        assert G.next_hand(end) is end
        assert any(e.key == "sj.event.game_over" for e in end.log)

    def test_reaching_end_level_as_non_dealers_does_not_win(self):  # SJ-END-2
        """SJ-END-2: a team promoted to end_level as non-dealers has not won; it must still win a hand
        as dealer team at end_level or higher."""
        r = result(dealer=0, levels=("5", "Q"), pts=100)
        assert r["levels_after"]["team13"] == "A" and not r["game_over"] and "SJ-END-2" in r["rule_ids"]
        s = sj({"0": "D-3", "1": "D-A", "2": "C-4", "3": "D-10"}, dealer=0, rank="5",
               levels={"team02": "5", "team13": "K"}, kitty=cards("S-K H-K D-K C-K S-10 H-10"))
        s = run(s, (0, "D-3"), (1, "D-A"), (2, "C-4"), (3, "D-10"))  # 10 + 2 x 60 = 130
        assert s.result["P"] == 130 and s.result["levels_after"]["team13"] == "A"
        assert not G.game_over(s)
        n = G.next_hand(s)
        assert n.dealer == 1 and n.trump_rank == "A"
        # team13 then wins as dealers at A: the game is over
        r = result(dealer=1, levels=("5", "A"), pts=20)
        assert r["game_over"] and r["game_winner"] == "team13"


# =========================================================================== flags (§12)
class TestFlags:
    def test_flag_multi_lead_off_leads_singles_only(self):  # SJ-COMBO-2, flag multi_lead
        """SJ-COMBO-2, flag multi_lead = false: only singles are led; a throw is refused, not attempted."""
        hands = {"0": "S-A S-K D-3", "1": "S-Q C-4 C-5", "2": "S-J D-9 D-10", "3": "S-10 H-7 C-8"}
        s = sj(hands, rank="2", suit="H", flags={"multi_lead": False})
        assert legal(s) == keys("S-A", "S-K", "D-3")
        reject(s, "S-A S-K", key="sj.no_throws", rule="SJ-COMBO-2")
        with pytest.raises(IllegalAction):
            G.attempt(s, act("S-A S-K"), 0)
        assert legal(sj(hands, rank="2", suit="H")) == keys("S-A", "S-K", "D-3", "S-A S-K")

    @pytest.mark.parametrize("penalty", [0, 10, 20])
    def test_flag_throw_fail_penalty(self, penalty):  # SJ-THROW-3, flag throw_fail_penalty
        """SJ-THROW-3, flag throw_fail_penalty: each failed throw adds that many points to the non-dealers' P."""
        s = sj({"0": "S-A S-Q", "1": "S-K C-4", "2": "D-9 D-10", "3": "H-3 C-8"}, dealer=0, rank="2", suit="H",
               flags={"throw_fail_penalty": penalty}, kitty=cards("C-2 C-3 D-2 D-3 D-4 D-6"))
        t = G.attempt(s, act("S-A S-Q"), 0)
        assert t.penalty == penalty and G.table_view(t, 1)["penalty"] == penalty
        t = run(t, (1, "S-K"), (2, "D-9"), (3, "H-3"))       # seat 3 ruffs with a heart: 10 points
        t = run(t, (3, "C-8"), (0, "S-A"), (1, "C-4"), (2, "D-10"))  # seat 3 wins C-8 (S-A, D-10 off-suit)
        assert t.phase == "score" and t.result["penalty"] == penalty
        assert t.result["P"] == 10 + 10 + penalty

    @pytest.mark.parametrize("mult", [1, 2, 3])
    def test_flag_kitty_multiplier(self, mult):  # SJ-POINTS-3, flag kitty_multiplier
        """SJ-POINTS-3, flag kitty_multiplier: the buried points count that many times for a non-dealer last trick."""
        kitty = cards("S-K D-5 C-3 H-9 S-3 C-8")  # 15
        s = sj({"0": "D-3", "1": "D-A", "2": "C-4", "3": "D-4"}, dealer=0, kitty=kitty,
               flags={"kitty_multiplier": mult})
        end = run(s, (0, "D-3"), (1, "D-A"), (2, "C-4"), (3, "D-4"))
        assert end.result["kitty_bonus"] == 15 * mult and end.result["P"] == 15 * mult
        bury = sj({"0": TestKitty.HAND}, phase="bury", to_act=0, rank="2", suit="S", flags={"kitty_multiplier": mult})
        v = verdict(bury, {"bury": cards("S-K H-2 H-3 H-4 H-6 D-7")})
        assert v.params["double"] == 10 * mult

    def test_flag_start_level(self):  # SJ-PLAYERS-2, SJ-DECK-2, flag start_level
        """SJ-PLAYERS-2/SJ-DECK-2, flag start_level: both teams start there, and it is the first hand's
        trump rank."""
        for level in ("2", "7", "Q", "A"):
            s = fresh(2, start_level=level)
            assert s.levels == (level, level) and s.trump_rank == level
            c = first_chance(2, start_level=level)
            opts = [a for x in range(4) for a in G.legal_actions(c, x, in_turn=False)]
            assert opts and all(Card.parse(a.value).rank == level for a in opts)
        assert G.flags({"players": 4, "start_level": "7"}) == G.flags({"players": 4, **G.presets["short"]})

    def test_flag_end_level(self):  # SJ-END-1, SJ-SCORE-3, flag end_level
        """SJ-END-1/SJ-SCORE-3, flag end_level: a dealer win at it or higher ends the game; it never caps levels."""
        s = sj({"0": "D-A", "1": "D-3", "2": "C-4", "3": "D-4"}, dealer=0, rank="8",
               levels={"team02": "8", "team13": "3"}, kitty=cards("S-3 S-4 S-6 S-7 S-9 S-J"),
               flags={"end_level": "7"})
        end = run(s, (0, "D-A"), (1, "D-3"), (2, "C-4"), (3, "D-4"))
        assert end.result["levels_after"]["team02"] == "10"  # 8 + 2: not capped at 7
        assert G.game_over(end) and G.session(end)["winner"] == "team02"
        s = sj({"0": "D-A", "1": "D-3", "2": "C-4", "3": "D-4"}, dealer=0, rank="8",
               levels={"team02": "8", "team13": "3"}, kitty=cards("S-3 S-4 S-6 S-7 S-9 S-J"))
        assert not G.game_over(run(s, (0, "D-A"), (1, "D-3"), (2, "C-4"), (3, "D-4")))  # default end_level A

    def test_flag_first_drawer(self):  # SJ-DEAL-2, flag first_drawer
        """SJ-DEAL-2/SJ-DECLARE-3, flag first_drawer: who draws first in the first hand (and deals it if
        nobody exposes);
        -1 (default) draws the seat by lot."""
        assert G.flags({"players": 4}).first_drawer == -1
        for seat in range(4):
            s = fresh(30, first_drawer=seat)
            assert s.to_act == seat and s.session.first_drawer == seat
            assert G.settle(s).dealer == seat
        with pytest.raises(FlagError):
            G.flags({"players": 4, "first_drawer": 4})


# =========================================================================== views and texts
class TestViewsAndTexts:
    def test_view_hides_other_hands_and_the_buried_kitty(self):  # SJ-KITTY-2, SJ-TRICK-4
        """SJ-KITTY-2: each seat sees its own hand only; the buried kitty only the dealer, until the
        score (after an exposure, so no kitty card was turned up)."""
        c = first_chance(7, first_drawer=0)
        seat = next(x for x in G.window(c).order if G.legal_actions(c, x, in_turn=False))
        s = G.settle(G.apply(c, G.legal_actions(c, seat, in_turn=False)[0], seat, in_turn=False))
        dealer = s.dealer
        s = G.apply(s, Decision("bury", tuple(c.token for c in s.hands[dealer][:6])), dealer)
        exposed = s.exposed[1][0].token
        for viewer in range(4):
            view = G.view(s, viewer)
            assert view["hand"] == [c.token for c in s.hands[viewer]]
            text = json.dumps(view, ensure_ascii=False)
            hidden = [c.token for o in range(4) if o != viewer for c in s.hands[o] if c.token != exposed]
            assert not [t for t in hidden if f'"{t}"' in text], viewer
            buried = [c.token for c in s.buried]
            if viewer == dealer:
                assert view["buried"] == buried
            else:
                assert view["buried"] is None and not [t for t in buried if f'"{t}"' in text]
        end = play_out(s)
        assert end.phase == "score"
        for viewer in range(4):
            assert G.table_view(end, viewer)["buried"] == [c.token for c in s.buried]
            assert G.table_view(end, viewer)["result"]["buried"] == [c.token for c in s.buried]

    def test_draws_never_name_the_card(self):  # SJ-DEAL-1
        """SJ-DEAL-1: a drawn card is face down: the log says only that a card was drawn."""
        s = fresh(9, first_drawer=0)
        s = draw(draw(s))
        drawn = [c.token for h in s.hands for c in h]
        for viewer in (2, 3, None):
            text = json.dumps(G.view(s, viewer), ensure_ascii=False)
            assert not [t for t in drawn if f'"{t}"' in text]

    def test_verdicts_render_in_english_and_japanese(self):  # SJ-THROW-2, SJ-FOLLOW-1, SJ-DECLARE-1
        """SJ-THROW-2, SJ-FOLLOW-1, SJ-DECLARE-1, SJ-KITTY-1: verdict texts render in en and ja (no raw
        keys, no placeholders)."""
        play = sj({"0": "S-A S-Q D-3", "1": "S-J C-4 C-5", "2": "S-K D-9 D-10", "3": "S-10 H-7 C-8"},
                  rank="2", suit="H")
        follow = sj({"1": "S-5 BJ C-A D-9"}, to_act=1, trick=[entry(0, "H-3")], rank="5", suit="H")
        draw_s = TestDeclare().chance()
        checks = [verdict(play, "S-A S-Q"), verdict(play, "S-A D-3"), verdict(play, "D-3"),
                  verdict(follow, "C-A", 1), verdict(follow, "BJ", 1),
                  verdict(draw_s, {"expose": "S-2"}, 0, in_turn=False),
                  verdict(draw_s, {"expose": "H-9"}, 0, in_turn=False),
                  verdict(sj({"0": TestKitty.HAND}, phase="bury", to_act=0),
                          {"bury": cards("S-K S-A H-2 H-3 H-4 H-6")})]
        seen = set()
        for v in checks:
            texts_ok(v)
            seen.add(v.key)
            for lang in ("en", "ja"):
                assert render(v.key, v.params, lang) != v.key
        assert v.text("ja") != v.text("en")
        assert {"sj.throw_fails", "sj.throw_one_suit", "sj.must_follow_trump", "sj.ok.expose_dealer"} <= seen
        end = play_out(sj({"0": "D-3", "1": "D-A", "2": "C-4", "3": "D-4"}, dealer=0))
        for e in end.log:
            for lang in ("en", "ja"):
                text = e.to_json(lang)["text"]
                assert text and text != e.key and not PLACEHOLDER.search(text), (lang, text)

    def test_check_values(self):  # SJ-DECLARE-5, SJ-POINTS-2
        """SJ-DECLARE-5 and the golden state checks: trump_suit, dealer, kitty_turned, exposed, levels, P."""
        t = G.settle(sj({}, phase="kitty_flip", to_act=None, rank="9", suit=None,
                        kitty=cards("C-3 D-9 S-A H-9 C-K D-2")))
        assert (G.check_value(t, "trump_suit"), G.check_value(t, "dealer"), G.check_value(t, "kitty_turned")) == \
            ("D", 0, 2)
        assert G.check_value(t, "exposed") is None
        with pytest.raises(KeyError):
            G.check_value(t, "no_such_check")


# =========================================================================== this tutor's scenario keys
class TestTutorScenarioKeys:
    """``stock`` and ``won``: two keys lessons need that the shared format has not (scenario.py)."""

    def test_stock_names_the_next_cards_to_draw(self):  # SJ-DEAL-1
        s = sj({"0": "S-3", "1": "H-4", "2": "D-9", "3": "C-5"}, phase="draw", suit=None, stock=cards("S-2 H-K"))
        s = do(s, 0, {"draw": True})
        s = G.close_window(s)
        s = do(s, 1, {"draw": True})
        assert Card.parse("S-2") in s.hands[0] and Card.parse("H-K") in s.hands[1]
        assert len(s.stock) == 54 - 6 - 6  # six drawn, the kitty aside

    def test_won_cards_count_for_their_seat(self):  # SJ-TRICK-4, SJ-POINTS-2
        s = sj({"0": "S-3", "1": "H-4", "2": "D-9", "3": "C-5"}, dealer=0, won={"1": cards("S-K D-5"), "3": cards("C-10")})
        assert s.points == (0, 15, 0, 10) and G.nondealer_points(s) == 25
        assert G.view(s, 0)["points_taken"] == {"1": 15, "3": 10}

    @pytest.mark.parametrize("extra, phase, words", [
        ({"stock": ["S-2"]}, "play", "draw phase"),
        ({"won": {"1": ["S-K"]}}, "draw", "play phase"),
        ({"stock": ["S-2"] * 2}, "draw", "S-2"),
        ({"won": {"1": ["S-3"]}}, "play", "S-3"),  # also in seat 0's hand
    ])
    def test_misplaced_or_repeated_cards_are_named(self, extra, phase, words):
        with pytest.raises(ScenarioError) as err:
            sj({"0": "S-3", "1": "H-4", "2": "D-9", "3": "C-5"}, phase=phase, suit=None if phase == "draw" else "S",
               **({"dealer": 0} if phase == "play" else {}), **extra)
        assert words in str(err.value)

    def test_a_stock_longer_than_the_draw_is_refused(self):
        full = {str(s): " ".join(["S-3 S-4 S-5 S-6 S-7 S-8 S-9 S-10 S-J S-Q S-K S-A",
                                  "H-3 H-4 H-5 H-6 H-7 H-8 H-9 H-10 H-J H-Q H-K H-A",
                                  "D-3 D-4 D-5 D-6 D-7 D-8 D-9 D-10 D-J D-Q D-K D-A",
                                  "C-3 C-4 C-5 C-6 C-7 C-8 C-9 C-10 C-J C-Q C-K"][s].split()[:11]) for s in range(4)}
        with pytest.raises(ScenarioError) as err:
            sj(full, phase="draw", suit=None, stock=cards("S-2 H-2 D-2 C-2 BJ"))
        # four draws are left and the kitty needs six of the ten cards placed nowhere
        assert "setup.kitty: no cards left for the kitty" in str(err.value)


# =========================================================================== what the seat may know
class TestWhatTheSeatKnows:
    """Verdicts and hints say no more than the seat may know, in the words of its buttons."""

    def test_a_throw_public_facts_make_safe_is_explained_as_valid(self):  # SJ-THROW-2
        s = sj({"0": "S-A S-K S-Q D-9", "1": "S-5 D-6 C-3 C-8", "2": "S-9 D-J D-8 C-4", "3": "S-3 D-K D-7 C-Q"},
               dealer=0, rank="2", suit="H")
        sure = parse_action(cards("S-A S-K S-Q"))
        assert G.announcement(s, sure, 0) is None  # nothing higher unseen: the plain explanation says it stands
        assert G.explain(s, sure, 0).key == "sj.ok.throw"
        gamble = parse_action(cards("S-A S-Q"))  # the king is in a hand seat 0 cannot see
        s2 = sj({"0": "S-A S-Q D-9 D-4", "1": "S-K D-6 C-3 C-8", "2": "S-9 D-J D-8 C-4", "3": "S-3 D-K D-7 C-Q"},
                dealer=0, rank="2", suit="H")
        verdict = G.announcement(s2, gamble, 0)
        assert verdict is not None and verdict.key == "sj.ok.announce_throw"

    def test_letting_the_exposure_go_names_the_risk(self):  # SJ-DECLARE-1
        s = sj({"0": "S-2 S-A", "1": "H-4", "2": "D-9", "3": "C-5"}, phase="draw", suit=None, to_act=1,
               first_hand=True)
        v = G.decline(s, 0)
        assert v.legal and v.key == "sj.ok.wait_expose" and "SJ-DECLARE-1" in v.rule_ids

    def test_the_hint_names_window_options_as_the_buttons_do(self):  # SJ-DECLARE-1
        from tutor.hints import graded_hint
        s = sj({"0": "S-2 S-A", "1": "H-4", "2": "D-9", "3": "C-5"}, phase="draw", suit=None, to_act=1,
               first_hand=True)
        h = graded_hint(G, s, 0, parse_action({"expose": "S-2"}), "en", in_turn=False)
        assert "Expose 2♠" in h["candidates"]["text"] and "Not now" in h["candidates"]["text"]
        h = graded_hint(G, s, 0, parse_action({"expose": "S-2"}), "ja", in_turn=False)
        assert "今は見せない" in h["candidates"]["text"]

    def test_the_final_points_count_the_kitty_in(self):  # SJ-POINTS-3
        s = sj({"0": "RJ"}, dealer=1, rank="2", suit="H",
               won={"0": cards("S-K D-10 C-5"), "2": cards("H-10 S-5 D-5")}, kitty=cards("S-10 D-K C-9 C-4 D-6 S-7"),
               trick=[entry(1, "H-Q"), entry(2, "D-9"), entry(3, "C-J")])
        end = do(s, 0, "RJ")
        info = " · ".join(G.view(end, 0)["display"]["info"])
        assert "Non-dealers' points: 85 (45 in tricks, 40 from the kitty)" in info
