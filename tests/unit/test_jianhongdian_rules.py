"""Jian Hong Dian 撿紅点 (rules/minor.md part 1): every rule ID and every flag, through the public
API only (``find_game``, ``from_setup``, ``legal_actions``, ``explain``, ``apply``, ``close_window``,
``new_game``, ``next_hand``, ``game_over``, ``score``).

Positions are written as setups (rules/README.md §4.2 and §4.6, plus the engine's extras ``seed``,
``dealer`` and ``scores``). Every expected value is worked out from the spec by hand (the oracles
below re-state JHD-CAP-1 and JHD-SCORE-1; nothing is imported from the engine's rules).
"""
from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from tutor.bots import heuristic_choice, random_choice
from tutor.cards import Card
from tutor.errors import ActionError, FlagError, ScenarioError
from tutor.game import IllegalAction
from tutor.registry import find_game
from tutor.rng import Rng

G = find_game("jianhongdian")

SUITS = "SHDC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECK = Counter(Card.parse(f"{s}-{r}") for s in SUITS for r in RANKS)   # JHD-SETUP-1: 52 cards, no jokers
HAND_SIZE = {2: 12, 3: 8, 4: 6}                                          # JHD-DEAL-1
NUMERAL = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9}


# --------------------------------------------------------------------------- oracles (minor.md)
def captures(a: str, b: str) -> bool:
    """JHD-CAP-1 by rank: numerals summing to 10, or 10/J/Q/K on its own rank."""
    if a in NUMERAL and b in NUMERAL:
        return NUMERAL[a] + NUMERAL[b] == 10
    return a == b and a in ("10", "J", "Q", "K")


def points(token: str, club_ace_40: bool = False) -> int:
    """JHD-SCORE-1 / JHD-SCORE-2."""
    suit, rank = token.split("-")
    if suit in "HD":
        if rank == "A":
            return 20
        if rank in ("9", "10", "J", "Q", "K"):
            return 10
        return int(rank)
    if token == "S-A":
        return 30
    if token == "C-A" and club_ace_40:
        return 40
    return 0


# --------------------------------------------------------------------------- helpers
def setup(layout: list[str], hands: dict[str, list[str]] | None = None, *, phase: str = "hand", to_act: Any = 0,
          players: int = 4, **extra: Any) -> dict[str, Any]:
    flags = {"players": players, **extra.pop("flags", {})}
    return {"flags": flags, "phase": phase, "to_act": to_act, "hands": hands or {}, "layout": layout, **extra}


def pos(layout: list[str], hands: dict[str, list[str]] | None = None, **kw: Any) -> Any:
    return G.from_setup(setup(layout, hands, **kw))


def act(data: Any) -> Any:
    return G.parse_action(data)


def key(action: Any) -> str:
    return G.normalize_action(G.action_to_json(action))


def legal(state: Any, seat: int | None = None) -> set[str]:
    return {key(a) for a in G.legal_actions(state, seat)}


def keys(*actions: Any) -> set[str]:
    return {G.normalize_action(a) for a in actions}


def verdict(state: Any, data: Any, seat: int | None = None, in_turn: bool = True) -> Any:
    return G.explain(state, act(data), seat, in_turn)


def tokens(cards: Any) -> Counter:
    return Counter(c.token if isinstance(c, Card) else c for c in cards)


def refuse(state: Any, data: Any, seat: int | None, rules: set[str], in_turn: bool = True) -> Any:
    """The action is refused with a reason and these rule IDs; ``apply`` raises ``IllegalAction``
    with the same verdict and leaves the state as it was."""
    before = copy.deepcopy(state)
    v = verdict(state, data, seat, in_turn)
    assert not v.legal, (data, v.text("en"))
    assert set(v.rule_ids) == rules, (data, v.rule_ids, v.text("en"))
    assert v.text("en").strip() and v.text("ja").strip()
    with pytest.raises(IllegalAction) as info:
        G.apply(state, act(data), seat, in_turn)
    assert info.value.verdict.legal is False and set(info.value.verdict.rule_ids) == rules
    assert state == before, "a refused action changes nothing"
    return v


def conserved(state: Any) -> None:
    assert tokens(G.all_cards(state)) == tokens(DECK), "every card of the deck is in exactly one place"


def play_to_end(state: Any, rng: Rng, bot_every: int = 0) -> tuple[Any, list[int]]:
    """Random legal choices (every ``bot_every``-th by the heuristic bot) until the deal is scored;
    returns the state and the seat of every hand step in order."""
    hand_steps = []
    n = 0
    while not G.round_over(state):
        seat = G.to_act(state)
        if state.phase == "hand":
            hand_steps.append(seat)
        n += 1
        choice = heuristic_choice(G, state, seat) if bot_every and n % bot_every == 0 else random_choice(G, state, seat, rng)
        state = G.apply(state, choice.action, seat)
        assert n < 500
    return state, hand_steps


#: the golden case JHD-G-01's position
G01 = dict(hands={"0": ["S-6", "H-K", "D-5", "C-A", "S-3"]}, layout=["H-4", "S-K", "D-9", "C-5"])


# =========================================================================== JHD-SETUP-1
class TestSetup:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_two_to_four_players_one_52_card_deck(self, players: int) -> None:
        state = G.new_game(G.flags({"players": players}), 11)
        assert G.players(state) == players and len(state.hands) == players
        conserved(state)   # one 52-card deck, no jokers
        assert not any(c.special for c in G.all_cards(state))

    @pytest.mark.parametrize("bad", [1, 5, 0, "4", True])
    def test_other_player_counts_are_refused(self, bad: Any) -> None:
        with pytest.raises(FlagError) as info:
            G.flags({"players": bad})
        assert info.value.path == "flags.players"

    def test_flag_defaults(self) -> None:
        flags = G.flags({})
        assert flags.players == 4 and flags.first_player == "dealer" and flags.capture_optional is False
        assert flags.target_score == 0 and flags.club_ace_40 is False
        assert G.flags({"target_score": None}).target_score == 0   # the spec's "none"

    @pytest.mark.parametrize("name,value", [("first_player", "left"), ("first_player", 1), ("capture_optional", "yes"),
                                            ("club_ace_40", 1), ("target_score", -1), ("target_score", "1000"),
                                            ("jokers", 2)])
    def test_bad_flag_values_name_their_flag(self, name: str, value: Any) -> None:
        with pytest.raises(FlagError) as info:
            G.flags({"players": 4, name: value})
        assert info.value.path == f"flags.{name}"
        assert str(info.value).startswith(f"flags.{name}: ")

    def test_seat_zero_deals_the_first_deal(self) -> None:
        state = G.new_game(G.flags({"players": 3}), 5)
        assert state.dealer == 0 and G.session(state)["dealer"] == 0

    def test_a_seat_outside_the_table_is_refused(self) -> None:
        state = pos(**G01)
        for seat in (4, -1, 17):
            refuse(state, {"lay": "S-3"}, seat, {"JHD-SETUP-1"})
        assert G.legal_actions(state, 4) == []

    def test_a_joker_is_no_card_of_the_game(self) -> None:
        with pytest.raises(ScenarioError) as info:
            G.from_setup(setup(["H-4"], {"0": ["S-6", "JOKER"]}))
        assert info.value.path == "setup.hands.0[1]"
        with pytest.raises(ActionError):
            act({"lay": "JOKER"})


# =========================================================================== JHD-DEAL-1
class TestDeal:
    @pytest.mark.parametrize("players", [2, 3, 4])
    @pytest.mark.parametrize("seed", [1, 2, 3, "lesson"])
    def test_hand_sizes_layout_and_stock(self, players: int, seed: Any) -> None:
        state = G.new_game(G.flags({"players": players}), seed)
        assert [len(h) for h in state.hands] == [HAND_SIZE[players]] * players
        assert sum(len(h) for h in state.hands) == 24
        assert len(state.stock) == 24
        # four layout cards, unless the dealer took four of a kind at once (JHD-DEAL-2)
        assert len(state.layout) + sum(len(p) for p in state.captured) == 4
        assert state.phase == "hand" and state.stock_card is None
        conserved(state)

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_a_deal_phase_setup_fills_full_hands_and_stock(self, players: int) -> None:
        state = G.from_setup(setup(["S-2", "H-5", "D-9", "C-K"], phase="deal", to_act=None, players=players))
        assert state.phase == "deal" and G.to_act(state) is None
        assert [len(h) for h in state.hands] == [HAND_SIZE[players]] * players
        assert len(state.stock) == 24
        conserved(state)
        state = G.close_window(state)
        assert state.phase == "hand" and G.to_act(state) == 0
        assert tokens(state.layout) == tokens(["S-2", "H-5", "D-9", "C-K"])

    def test_the_same_seed_deals_the_same_cards(self) -> None:
        a, b = (G.new_game(G.flags({"players": 3}), 42) for _ in range(2))
        assert a.hands == b.hands and a.layout == b.layout and a.stock == b.stock
        c = G.new_game(G.flags({"players": 3}), 43)
        assert (a.hands, a.layout, a.stock) != (c.hands, c.layout, c.stock)

    def test_the_stock_is_turned_from_the_top(self) -> None:
        """The setup's ``stock`` lists the top first: the first turned card is its first entry."""
        state = pos(["H-4"], {"0": ["S-6"]}, stock=["C-3", "C-2"])
        state = G.apply(state, act({"play": "S-6", "capture": "H-4"}), 0)
        assert tokens(state.layout) == tokens(["C-3"]) and state.stock[0].token == "C-2"


# =========================================================================== JHD-DEAL-2
class TestInitialLayoutOfAKind:
    def test_golden_three_kings_taken_by_the_fourth_from_the_hand(self) -> None:
        # JHD-G-04
        state = G.from_setup(setup(["S-K", "H-K", "D-K", "C-4"], {"0": ["C-K"]}, phase="deal", to_act=None,
                                   cards_held={"0": 6, "1": 6, "2": 6, "3": 6}, stock=["S-3"]))
        refuse(state, {"play": "C-K", "capture": ["S-K", "H-K", "D-K"]}, 0, {"JHD-DEAL-2"})   # the deal is automatic
        state = G.close_window(state)
        assert state.initial_triple == "K" and len(state.layout) == 4 and state.phase == "hand"
        options = legal(state, 0)
        assert G.normalize_action({"play": "C-K", "capture": ["S-K", "H-K", "D-K"]}) in options
        for single in ("S-K", "H-K", "D-K"):   # the fourth K never takes one of them alone
            assert G.normalize_action({"play": "C-K", "capture": single}) not in options
            refuse(state, {"play": "C-K", "capture": single}, 0, {"JHD-DEAL-2"})
        v = verdict(state, {"play": "C-K", "capture": ["D-K", "S-K", "H-K"]}, 0)   # any order of the three
        assert v.legal and "JHD-DEAL-2" in v.rule_ids
        after = G.apply(state, act({"play": "C-K", "capture": ["S-K", "H-K", "D-K"]}), 0)
        assert tokens(after.captured[0]) == tokens(["S-K", "H-K", "D-K", "C-K"])
        assert after.initial_triple is None
        assert "S-K" not in tokens(after.layout) and "C-4" in tokens(after.layout)
        conserved(after)

    def test_three_tens_taken_by_the_fourth_turned_from_the_stock(self) -> None:
        hand = ["S-2", "S-3", "H-7", "D-8", "C-9", "S-J"]   # nothing captures 10s or C-4
        state = G.close_window(G.from_setup(setup(["S-10", "H-10", "D-10", "C-4"], {"0": hand}, phase="deal",
                                                  to_act=None, stock=["C-10"])))
        assert state.initial_triple == "10"
        assert legal(state, 0) == keys(*({"lay": c} for c in hand))
        after = G.apply(state, act({"lay": "S-2"}), 0)
        # the stock step is automatic: the turned C-10 has one target, the three together
        assert after.phase == "hand" and G.to_act(after) == 1
        assert tokens(after.captured[0]) == tokens(["C-10", "S-10", "H-10", "D-10"])
        assert tokens(after.layout) == tokens(["C-4", "S-2"]) and after.initial_triple is None
        conserved(after)

    def test_three_fives_wait_for_the_fourth_five(self) -> None:
        state = pos(["S-5", "H-5", "D-5", "C-8"], {"0": ["C-5", "H-2"]}, initial_triple="5")
        assert legal(state, 0) == keys({"play": "C-5", "capture": ["S-5", "H-5", "D-5"]},
                                       {"play": "H-2", "capture": "C-8"})
        refuse(state, {"play": "C-5", "capture": "H-5"}, 0, {"JHD-DEAL-2"})
        after = G.apply(state, act({"play": "C-5", "capture": ["S-5", "H-5", "D-5"]}), 0)
        assert tokens(after.captured[0]) >= tokens(["C-5", "S-5", "H-5", "D-5"])
        assert points("H-5") + points("D-5") == 10

    def test_triple_by_stock_card_from_a_hand_position(self) -> None:
        state = pos(["S-Q", "H-Q", "D-Q"], {"0": ["C-2"]}, initial_triple="Q", stock=["C-Q"])
        after = G.apply(state, act({"lay": "C-2"}), 0)
        assert tokens(after.captured[0]) == tokens(["C-Q", "S-Q", "H-Q", "D-Q"])
        assert tokens(after.layout) == tokens(["C-2"]) and after.phase == "hand"

    def test_a_three_of_a_kind_laid_later_is_no_initial_triple(self) -> None:
        """README §4.6: without ``initial_triple`` three Ks on the layout are taken one by one."""
        state = pos(["S-K", "H-K", "D-K"], {"0": ["C-K"]}, flags={"capture_optional": True})
        assert state.initial_triple is None
        assert keys({"play": "C-K", "capture": "S-K"}, {"play": "C-K", "capture": "H-K"},
                    {"play": "C-K", "capture": "D-K"}) <= legal(state, 0)
        refuse(state, {"play": "C-K", "capture": ["S-K", "H-K", "D-K"]}, 0, {"JHD-CAP-2"})

    def test_three_of_another_rank_is_not_special(self) -> None:
        state = G.close_window(G.from_setup(setup(["S-7", "H-7", "D-7", "C-K"], {"0": ["C-3", "S-2", "S-4", "H-J", "C-J", "D-Q"]},
                                                  phase="deal", to_act=None)))
        assert state.initial_triple is None
        assert legal(state, 0) == keys({"play": "C-3", "capture": "S-7"}, {"play": "C-3", "capture": "H-7"},
                                       {"play": "C-3", "capture": "D-7"})

    @pytest.mark.parametrize("dealer,first_player,first", [(0, "dealer", 0), (2, "dealer", 2), (2, "left_of_dealer", 3),
                                                           (3, "left_of_dealer", 0)])
    def test_four_of_a_kind_go_to_the_dealer_at_once(self, dealer: int, first_player: str, first: int) -> None:
        # JHD-G-05 (and the same with another dealer)
        state = G.from_setup(setup(["S-Q", "H-Q", "D-Q", "C-Q"], phase="deal", to_act=None, dealer=dealer,
                                   flags={"first_player": first_player}, cards_held={"0": 6, "1": 6, "2": 6, "3": 6}))
        state = G.close_window(state)
        assert tokens(state.captured[dealer]) == tokens(["S-Q", "H-Q", "D-Q", "C-Q"])
        assert all(not p for s, p in enumerate(state.captured) if s != dealer)
        assert state.layout == () and state.initial_triple is None   # not refilled
        assert len(state.stock) == 24 and [len(h) for h in state.hands] == [6] * 4
        assert G.to_act(state) == first
        hand = state.hands[first]
        assert legal(state, first) == {key(act({"lay": c.token})) for c in hand}   # nothing to capture: lay
        conserved(state)

    def test_four_fives_go_to_the_dealer(self) -> None:
        state = G.close_window(G.from_setup(setup(["S-5", "H-5", "D-5", "C-5"], phase="deal", to_act=None, players=2)))
        assert tokens(state.captured[0]) == tokens(["S-5", "H-5", "D-5", "C-5"]) and state.layout == ()

    def test_the_dealers_four_score_for_the_dealer(self) -> None:
        state = G.close_window(G.from_setup(setup(["S-K", "H-K", "D-K", "C-K"], phase="deal", to_act=None,
                                                  players=2, dealer=1)))
        state, _ = play_to_end(state, Rng(3))
        pile = tokens(state.captured[1])
        assert pile >= tokens(["S-K", "H-K", "D-K", "C-K"])
        assert state.result["points"][1] == sum(points(t) * n for t, n in pile.items())

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_real_deals_apply_the_rule(self, players: int) -> None:
        """Seeded deals: a triple of 5/10/J/Q/K on the dealt layout is named, four go to the dealer."""
        seen = Counter()
        for seed in range(3000):
            state = G.new_game(G.flags({"players": players}), seed)
            pile = state.captured[0]
            if pile:
                seen["four"] += 1
                assert len({c.rank for c in pile}) == 1 and len(pile) == 4 and pile[0].rank in ("5", "10", "J", "Q", "K")
                assert state.layout == ()
            by_rank = Counter(c.rank for c in state.layout)
            triple = [r for r, n in by_rank.items() if n == 3 and r in ("5", "10", "J", "Q", "K")]
            assert state.initial_triple == (triple[0] if triple else None)
            if triple:
                seen["three"] += 1
        assert seen["three"] > 0   # about 1 deal in 280 has one (5 ranks × 4 × 48 / C(52, 4))

    def test_bad_initial_triples_are_scenario_errors(self) -> None:
        for bad, path in [
            (setup(["S-K", "H-K", "C-4"], {"0": ["C-K"]}, initial_triple="K"), "setup.initial_triple"),      # two only
            (setup(["S-7", "H-7", "D-7"], {"0": ["C-3"]}, initial_triple="7"), "setup.initial_triple"),      # rank 7
            (setup(["S-K", "H-K", "D-K", "C-K"], {"0": ["C-3"]}, initial_triple="K"), "setup.initial_triple"),
            (setup(["S-K", "H-K", "D-K", "C-4"], phase="deal", to_act=None, initial_triple="K"), "setup.initial_triple"),
        ]:
            with pytest.raises(ScenarioError) as info:
                G.from_setup(bad)
            assert info.value.path == path, (bad, str(info.value))
            assert str(info.value).startswith(path + ": ")


# =========================================================================== JHD-TURN-1
class TestFirstPlayerAndTurnOrder:
    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_the_dealer_plays_first_by_default(self, players: int) -> None:
        state = G.new_game(G.flags({"players": players}), 9)
        assert G.to_act(state) == 0 and state.phase == "hand"

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_left_of_dealer_is_seat_one(self, players: int) -> None:
        state = G.new_game(G.flags({"players": players, "first_player": "left_of_dealer"}), 9)
        assert G.to_act(state) == 1

    @pytest.mark.parametrize("players,first_player,dealer,first", [(3, "dealer", 2, 2), (3, "left_of_dealer", 2, 0),
                                                                   (4, "left_of_dealer", 1, 2), (2, "left_of_dealer", 1, 0)])
    def test_first_player_follows_the_dealer(self, players: int, first_player: str, dealer: int, first: int) -> None:
        state = G.close_window(G.from_setup(setup(["S-2", "H-5", "D-9", "C-K"], phase="deal", to_act=None, players=players,
                                                  dealer=dealer, flags={"first_player": first_player})))
        assert G.to_act(state) == first

    @pytest.mark.parametrize("players", [2, 3, 4])
    @pytest.mark.parametrize("first_player", ["dealer", "left_of_dealer"])
    def test_turns_go_in_seat_order(self, players: int, first_player: str) -> None:
        state = G.new_game(G.flags({"players": players, "first_player": first_player}), 77)
        first = G.to_act(state)
        state, seats = play_to_end(state, Rng(5))
        assert seats == [(first + i) % players for i in range(24)]   # 24 hand steps, one per hand card

    def test_playing_out_of_turn_is_refused(self) -> None:
        state = pos(["H-4", "S-K"], {"1": ["S-6"]}, to_act=0)
        v = refuse(state, {"play": "S-6", "capture": "H-4"}, 1, {"JHD-TURN-1"})
        assert "seat 0" in v.text("en")
        assert G.legal_actions(state, 1) == []

    def test_the_wrong_seat_in_the_stock_step_is_refused(self) -> None:
        state = pos(["H-2", "D-2", "C-10"], phase="stock", stock_card="S-8", to_act=2)
        refuse(state, {"capture": "H-2"}, 1, {"JHD-TURN-1"})
        refuse(state, {"capture": "H-2"}, 3, {"JHD-TURN-1"})
        assert G.legal_actions(state, 1) == []


# =========================================================================== JHD-TURN-2
class TestTwoSteps:
    def test_a_hand_step_is_followed_by_the_stock_step(self) -> None:
        state = pos(["H-4", "S-K"], {"0": ["S-6", "C-2"]}, stock=["D-J"])
        stock = len(state.stock)
        after = G.apply(state, act({"play": "S-6", "capture": "H-4"}), 0)
        assert len(after.stock) == stock - 1                        # the stock card was turned
        assert tokens(after.layout) == tokens(["S-K", "D-J"])      # and laid: nothing to take
        assert G.to_act(after) == 1 and after.phase == "hand"       # the turn has passed

    def test_no_action_out_of_turn(self) -> None:
        state = pos(**G01)
        assert G.legal_actions(state, 0, in_turn=False) == []
        assert G.legal_actions(state, 1, in_turn=False) == []
        refuse(state, {"play": "S-6", "capture": "H-4"}, 0, {"JHD-TURN-2"}, in_turn=False)
        refuse(state, {"play": "S-6", "capture": "H-4"}, 2, {"JHD-TURN-2"}, in_turn=False)

    @pytest.mark.parametrize("data", ["PASS", ["S-6", "H-K"], {"bid": 1}])
    def test_other_actions_are_refused(self, data: Any) -> None:
        refuse(pos(**G01), data, 0, {"JHD-TURN-2"})

    def test_a_bare_hand_card_is_told_what_it_can_do(self) -> None:
        """A card played without naming what it takes (the page's Enter on a selected card): its
        captures are named (JHD-CAP-2); a card that takes nothing while another can capture is the
        compulsory capture (JHD-CAP-3)."""
        state = pos(**G01)
        v = verdict(state, ["S-6"], 0)
        assert not v.legal and v.rule_ids == ("JHD-CAP-2",) and "4♥" in v.text("en")
        v = verdict(state, ["S-3"], 0)
        assert not v.legal and v.rule_ids == ("JHD-CAP-3",)

    def test_a_stock_choice_in_the_hand_step_is_refused(self) -> None:
        refuse(pos(**G01), {"capture": "H-4"}, 0, {"JHD-CAP-3"})

    def test_nothing_can_be_done_in_the_automatic_deal(self) -> None:
        state = G.from_setup(setup(["S-2", "H-5", "D-9", "C-K"], phase="deal", to_act=None))
        assert G.to_act(state) is None and G.legal_actions(state, 0) == []
        refuse(state, {"lay": state.hands[0][0].token}, 0, {"JHD-DEAL-2"})


# =========================================================================== JHD-CAP-1
def _pair_position(a: str, b: str) -> tuple[Any, str, str]:
    """Seat 0 holds one card of rank ``a``, the layout one card of rank ``b`` (other suits)."""
    card, target = f"S-{a}", f"H-{b}"
    return pos([target], {"0": [card]}, flags={"capture_optional": True}), card, target


class TestWhatCapturesWhat:
    @pytest.mark.parametrize("a", RANKS)
    @pytest.mark.parametrize("b", RANKS)
    def test_every_pair_of_ranks(self, a: str, b: str) -> None:
        state, card, target = _pair_position(a, b)
        action = {"play": card, "capture": target}
        v = verdict(state, action, 0)
        assert v.legal == captures(a, b), (a, b, v.text("en"))
        assert (G.normalize_action(action) in legal(state, 0)) == captures(a, b)
        if v.legal:
            assert set(v.rule_ids) >= {"JHD-CAP-1"}
        else:
            assert set(v.rule_ids) == {"JHD-CAP-1"}
            refuse(state, action, 0, {"JHD-CAP-1"})

    @pytest.mark.parametrize("a,b", [("A", "9"), ("9", "A"), ("2", "8"), ("8", "2"), ("3", "7"), ("7", "3"),
                                     ("4", "6"), ("6", "4"), ("5", "5"), ("10", "10"), ("J", "J"), ("Q", "Q"), ("K", "K")])
    def test_the_listed_pairings_in_every_suit_combination(self, a: str, b: str) -> None:
        for s1 in SUITS:
            for s2 in SUITS:
                card, target = f"{s1}-{a}", f"{s2}-{b}"
                if card == target:
                    continue
                state = pos([target], {"0": [card]})
                assert legal(state, 0) == keys({"play": card, "capture": target}), (card, target)

    def test_a_ten_captures_no_card_by_sum(self) -> None:
        state = pos(["H-A", "D-9", "C-5", "S-J"], {"0": ["S-10"]})
        assert legal(state, 0) == keys({"lay": "S-10"})
        for target in ("H-A", "D-9", "C-5", "S-J"):
            v = refuse(state, {"play": "S-10", "capture": target}, 0, {"JHD-CAP-1"})
        # face cards never pair with numerals: a K with a ... nothing sums to 10 with a face card
        state = pos(["H-A", "D-9", "C-5", "S-10"], {"0": ["S-J", "S-Q", "S-K"]})
        assert legal(state, 0) == keys({"lay": "S-J"}, {"lay": "S-Q"}, {"lay": "S-K"})

    def test_the_refusal_says_the_sum(self) -> None:
        v = refuse(pos(**G01), {"play": "S-6", "capture": "D-9"}, 0, {"JHD-CAP-1"})
        assert "15" in v.text("en")

    def test_a_card_not_on_the_layout_cannot_be_captured(self) -> None:
        refuse(pos(**G01), {"play": "S-6", "capture": "C-4"}, 0, {"JHD-CAP-1"})

    def test_a_card_not_in_hand_cannot_be_played(self) -> None:
        refuse(pos(**G01), {"play": "C-6", "capture": "H-4"}, 0, {"JHD-CAP-3"})

    def test_golden_every_capture_is_listed(self) -> None:
        # JHD-G-01
        assert legal(pos(**G01), 0) == keys({"play": "S-6", "capture": "H-4"}, {"play": "H-K", "capture": "S-K"},
                                            {"play": "D-5", "capture": "C-5"}, {"play": "C-A", "capture": "D-9"})


# =========================================================================== JHD-CAP-2
class TestOneCardEach:
    def test_the_player_chooses_among_several_targets_in_the_hand_step(self) -> None:
        state = pos(["H-2", "D-2", "C-2", "S-9"], {"0": ["S-8"]}, stock=["C-J"])
        options = [{"play": "S-8", "capture": t} for t in ("H-2", "D-2", "C-2")]
        assert legal(state, 0) == keys(*options)
        for option in options:
            after = G.apply(state, act(option), 0)
            assert tokens(after.captured[0]) == tokens(["S-8", option["capture"]])   # exactly one card
            assert tokens(after.layout) == tokens(["H-2", "D-2", "C-2", "S-9", "C-J"]) - tokens([option["capture"]])

    def test_one_card_never_takes_two(self) -> None:
        state = pos(["H-2", "D-2", "C-2", "S-9"], {"0": ["S-8"]})
        refuse(state, {"play": "S-8", "capture": ["H-2", "D-2", "C-2"]}, 0, {"JHD-CAP-2"})

    def test_golden_stock_choice(self) -> None:
        # JHD-G-03
        state = pos(["H-2", "D-2", "C-10"], phase="stock", stock_card="S-8")
        assert state.phase == "stock" and G.to_act(state) == 0 and state.stock_card.token == "S-8"
        assert legal(state, 0) == keys({"capture": "H-2"}, {"capture": "D-2"})
        refuse(state, {"capture": "C-10"}, 0, {"JHD-CAP-1"})
        refuse(state, {"capture": ["H-2", "D-2", "C-10"]}, 0, {"JHD-CAP-2"})
        refuse(state, {"capture": "S-5"}, 0, {"JHD-CAP-1"})         # not on the layout
        after = G.apply(state, act({"capture": "D-2"}), 0)
        assert tokens(after.captured[0]) == tokens(["S-8", "D-2"])
        assert tokens(after.layout) == tokens(["H-2", "C-10"])
        assert after.phase == "hand" and after.stock_card is None and G.to_act(after) == 1


# =========================================================================== JHD-CAP-3
class TestCompulsoryCapture:
    def test_laying_is_refused_when_a_capture_exists(self) -> None:
        state = pos(**G01)
        for card in G01["hands"]["0"]:
            v = refuse(state, {"lay": card}, 0, {"JHD-CAP-3"})
        assert "capture" in v.text("en").lower()
        assert not any(k.startswith('{"lay"') for k in legal(state, 0))

    def test_capture_optional_allows_a_lay(self) -> None:
        # JHD-G-01b
        state = pos(**G01, flags={"capture_optional": True})
        assert legal(state, 0) == keys({"play": "S-6", "capture": "H-4"}, {"play": "H-K", "capture": "S-K"},
                                       {"play": "D-5", "capture": "C-5"}, {"play": "C-A", "capture": "D-9"},
                                       *({"lay": c} for c in G01["hands"]["0"]))
        v = verdict(state, {"lay": "S-3"}, 0)
        assert v.legal and v.rule_ids == ("JHD-CAP-3",)
        after = G.apply(state, act({"lay": "H-K"}), 0)
        assert "H-K" in tokens(after.layout) and "H-K" not in tokens(after.hands[0])

    def test_any_card_is_laid_when_nothing_captures(self) -> None:
        # JHD-G-02
        state = pos(["H-3", "S-Q"], {"0": ["C-8", "D-J"]}, stock=["S-4"])
        assert legal(state, 0) == keys({"lay": "C-8"}, {"lay": "D-J"})
        v = verdict(state, {"lay": "D-J"}, 0)
        assert v.legal and v.rule_ids == ("JHD-CAP-3",)
        after = G.apply(state, act({"lay": "D-J"}), 0)
        assert tokens(after.layout) == tokens(["H-3", "S-Q", "D-J", "S-4"]) and after.captured[0] == ()

    def test_a_lay_of_a_card_not_in_hand_is_refused(self) -> None:
        refuse(pos(["H-3"], {"0": ["C-8"]}), {"lay": "C-9"}, 0, {"JHD-CAP-3"})

    def test_an_empty_layout_means_laying(self) -> None:
        state = pos([], {"0": ["S-6", "H-K"]})
        assert legal(state, 0) == keys({"lay": "S-6"}, {"lay": "H-K"})


# =========================================================================== JHD-CAP-4
class TestStockStep:
    def test_no_target_the_card_joins_the_layout(self) -> None:
        state = pos(["C-7", "S-2"], {"0": ["H-3"]}, stock=["D-9"])
        after = G.apply(state, act({"play": "H-3", "capture": "C-7"}), 0)
        assert tokens(after.layout) == tokens(["S-2", "D-9"])
        assert tokens(after.captured[0]) == tokens(["H-3", "C-7"])
        assert after.phase == "hand" and G.to_act(after) == 1

    def test_one_target_is_captured_automatically(self) -> None:
        state = pos(["C-7", "S-2"], {"0": ["H-3"]}, stock=["D-8"])
        after = G.apply(state, act({"play": "H-3", "capture": "C-7"}), 0)
        assert after.layout == ()
        assert tokens(after.captured[0]) == tokens(["H-3", "C-7", "D-8", "S-2"])
        assert after.phase == "hand" and G.to_act(after) == 1

    def test_two_targets_are_a_decision(self) -> None:
        state = pos(["H-2", "D-2", "C-Q"], {"0": ["S-Q"], "1": ["S-3"]}, stock=["S-8"])
        after = G.apply(state, act({"play": "S-Q", "capture": "C-Q"}), 0)
        assert after.phase == "stock" and G.to_act(after) == 0 and after.stock_card.token == "S-8"
        assert legal(after, 0) == keys({"capture": "H-2"}, {"capture": "D-2"})
        conserved_tokens = tokens(G.all_cards(after))
        assert conserved_tokens == tokens(DECK)
        # the stock step takes no hand card and no lay
        refuse(after, {"lay": "S-3"}, 0, {"JHD-CAP-4", "JHD-CAP-2"})
        refuse(after, {"play": "S-3", "capture": "H-2"}, 0, {"JHD-CAP-4", "JHD-CAP-2"})
        done = G.apply(after, act({"capture": "H-2"}), 0)
        assert tokens(done.captured[0]) == tokens(["S-Q", "C-Q", "S-8", "H-2"])
        assert tokens(done.layout) == tokens(["D-2"]) and done.phase == "hand" and G.to_act(done) == 1

    def test_stock_phase_setups_need_a_choice(self) -> None:
        for bad in (setup(["H-2", "C-10"], phase="stock", stock_card="S-8"),        # one target: automatic
                    setup(["H-3", "C-10"], phase="stock", stock_card="S-8"),        # none
                    setup(["H-2", "D-2"], phase="stock")):                           # no stock card
            with pytest.raises(ScenarioError) as info:
                G.from_setup(bad)
            assert info.value.path == "setup.stock_card", str(info.value)


# =========================================================================== JHD-CAP-5
class TestCapturedPiles:
    def test_both_cards_go_to_the_capturer(self) -> None:
        state = pos(["H-4", "S-K"], {"2": ["S-6"]}, to_act=2, captured={"2": ["D-3", "C-7"], "0": ["H-A", "C-9"]},
                    stock=["D-K"])
        after = G.apply(state, act({"play": "S-6", "capture": "H-4"}), 2)
        # hand step: S-6 and H-4; stock step: D-K takes S-K, for the same player
        assert tokens(after.captured[2]) == tokens(["D-3", "C-7", "S-6", "H-4", "D-K", "S-K"])
        assert tokens(after.captured[0]) == tokens(["H-A", "C-9"])
        assert after.captured[1] == () and after.captured[3] == ()
        assert after.layout == ()


# =========================================================================== JHD-END-1
END_2P = dict(players=2, hands={"0": ["H-3"], "1": ["S-K"]}, layout=["C-7", "D-K"], stock=["H-A", "C-9"])


class TestEndOfTheDeal:
    def test_the_last_turn_ends_the_deal(self) -> None:
        state = pos(**END_2P)
        state = G.apply(state, act({"play": "H-3", "capture": "C-7"}), 0)   # H-A turned: laid
        assert tokens(state.layout) == tokens(["D-K", "H-A"]) and G.to_act(state) == 1
        assert not G.round_over(state)
        state = G.apply(state, act({"play": "S-K", "capture": "D-K"}), 1)   # C-9 turned: takes H-A
        assert G.round_over(state) and state.phase == "score"
        assert all(h == () for h in state.hands) and state.stock == () and state.layout == ()
        assert G.to_act(state) is None and G.legal_actions(state, 0) == [] and G.legal_actions(state, 1) == []
        refuse(state, {"lay": "H-3"}, 0, {"JHD-END-1"})
        # JHD-SCORE-1: seat 0 H-3 3 + C-7 0; seat 1 S-K 0 + D-K 10 + C-9 0 + H-A 20
        assert state.result["points"] == [3, 30] and state.result["winners"] == [1]

    def test_hands_and_stock_run_out_together(self) -> None:
        for players in (2, 3, 4):
            state = G.new_game(G.flags({"players": players}), 31)
            while not G.round_over(state):
                # each turn takes one hand card and one stock card (the stock step's card is out of
                # the stock while its player chooses)
                assert len(state.stock) == sum(len(h) for h in state.hands)
                seat = G.to_act(state)
                state = G.apply(state, heuristic_choice(G, state, seat).action, seat)
            assert all(not h for h in state.hands) and not state.stock and state.layout == ()

    def test_with_capture_optional_cards_may_stay_on_the_layout(self) -> None:
        state = pos(**END_2P, flags={"capture_optional": True})
        state = G.apply(state, act({"lay": "H-3"}), 0)                       # H-A turned: nothing to take
        state = G.apply(state, act({"lay": "S-K"}), 1)                       # C-9 turned: takes H-A
        assert G.round_over(state)
        assert tokens(state.layout) == tokens(["C-7", "D-K", "H-3", "S-K"])
        assert Counter(state.result["left_on_layout"]) == tokens(["C-7", "D-K", "H-3", "S-K"])
        # they score for nobody: D-K 10 and H-3 3 are nobody's
        assert state.result["points"] == [0, 20] and state.result["winners"] == [1]


# =========================================================================== JHD-SCORE-1
class TestCardPoints:
    @pytest.mark.parametrize("token", sorted(c.token for c in DECK))
    def test_every_card(self, token: str) -> None:
        assert G.score({"flags": {"players": 4}, "captured": [token]}) == {"score": points(token)}
        assert G.score({"flags": {"players": 4, "club_ace_40": True}, "captured": [token]}) == \
            {"score": points(token, club_ace_40=True)}

    def test_golden_examples(self) -> None:
        # JHD-G-06, JHD-G-07, JHD-G-07b
        assert G.score({"flags": {"players": 4}, "captured": ["H-A", "D-7", "S-A", "H-Q", "C-9", "D-5"]}) == {"score": 72}
        everything = sorted(c.token for c in DECK)
        assert G.score({"flags": {"players": 4}, "captured": everything}) == {"score": 240}
        assert G.score({"flags": {"players": 4, "club_ace_40": True}, "captured": everything}) == {"score": 280}
        assert G.score({"flags": {"players": 2}, "captured": []}) == {"score": 0}

    def test_the_table(self) -> None:
        assert points("S-A") == 30 and points("C-A") == 0 and points("C-A", True) == 40
        reds = [f"{s}-{r}" for s in "HD" for r in RANKS]
        assert sum(points(t) for t in reds) == 210 and sum(points(t) for t in DECK_TOKENS) == 240

    @pytest.mark.parametrize("bad,path", [({"flags": {"players": 4}, "captured": ["S-11"]}, "setup.captured[0]"),
                                          ({"flags": {"players": 4}, "captured": ["S-2", "S-2"]}, "setup.captured[1]"),
                                          ({"flags": {"players": 4}}, "setup.captured"),
                                          ({"flags": {"players": 9}, "captured": []}, "setup.flags.players")])
    def test_bad_score_facts(self, bad: dict, path: str) -> None:
        with pytest.raises(ScenarioError) as info:
            G.score(bad)
        assert info.value.path == path, str(info.value)


DECK_TOKENS = sorted(c.token for c in DECK)


# =========================================================================== JHD-SCORE-2
def end_position(scores: list[int] | None = None, target: int | None = None, **flags: Any) -> Any:
    """END_2P played out: seat 0 scores 3, seat 1 scores 30."""
    extra: dict[str, Any] = {}
    if scores is not None:
        extra["scores"] = scores
    if target is not None:
        flags["target_score"] = target
    state = pos(**END_2P, flags=flags, **extra)
    state = G.apply(state, act({"play": "H-3", "capture": "C-7"}), 0)
    return G.apply(state, act({"play": "S-K", "capture": "D-K"}), 1)


class TestWinnerAndSessions:
    def test_highest_total_wins_the_deal(self) -> None:
        state = end_position()
        assert state.result["winners"] == [1]
        assert G.session(state)["scores"] == [3, 30]
        assert not G.game_over(state)   # no target: every deal stands alone

    def test_a_tie_has_several_winners(self) -> None:
        state = pos(players=2, hands={"0": ["H-3"], "1": ["D-3"]}, layout=["C-7", "S-7"], stock=["S-8", "C-2"])
        state = G.apply(state, act({"play": "H-3", "capture": "C-7"}), 0)    # S-8 turned: laid
        state = G.apply(state, act({"play": "D-3", "capture": "S-7"}), 1)    # C-2 turned: takes S-8
        assert G.round_over(state) and state.layout == ()
        assert state.result["points"] == [3, 3] and state.result["winners"] == [0, 1]

    def test_club_ace_40_counts_in_the_deal(self) -> None:
        setup_ = dict(players=2, hands={"0": ["C-A"], "1": ["S-K"]}, layout=["C-9", "D-K"], stock=["H-2", "C-8"])
        for flag, expected in ((False, [0, 10]), (True, [40, 10])):
            state = pos(**setup_, flags={"club_ace_40": flag})
            state = G.apply(state, act({"play": "C-A", "capture": "C-9"}), 0)   # H-2 turned: laid
            state = G.apply(state, act({"play": "S-K", "capture": "D-K"}), 1)   # C-8 turned: takes H-2
            assert G.round_over(state)
            # seat 1 also has H-2 (2) with C-8
            assert state.result["points"] == [expected[0], expected[1] + 2], flag
        assert state.result["winners"] == [0]

    def test_a_target_reached_with_one_highest_total_ends_the_game(self) -> None:
        state = end_position(scores=[90, 80], target=100)
        assert G.session(state)["scores"] == [93, 110]
        assert G.game_over(state) and G.session(state)["winner"] == [1]
        assert G.next_hand(state) is state   # no next deal once the game is over

    def test_a_tie_at_the_top_plays_on(self) -> None:
        state = end_position(scores=[107, 80], target=100)
        assert G.session(state)["scores"] == [110, 110]
        assert not G.game_over(state)
        nxt = G.next_hand(state)
        assert nxt.phase == "hand" and nxt.deal_no == 2

    def test_no_total_at_the_target_plays_on(self) -> None:
        state = end_position(scores=[0, 0], target=100)
        assert G.session(state)["scores"] == [3, 30] and not G.game_over(state)
        assert not G.game_over(end_position(scores=[500, 0]))   # without a target never over

    def test_next_hand_deals_again_and_carries_the_totals(self) -> None:
        state = end_position(scores=[10, 20], target=1000)
        nxt = G.next_hand(state)
        assert nxt.deal_no == 2 and nxt.dealer == 1 and G.to_act(nxt) == 1   # the dealer passes on and plays first
        assert list(nxt.scores) == [13, 50]
        assert [len(h) for h in nxt.hands] == [12, 12] and len(nxt.stock) == 24
        assert all(not p for s, p in enumerate(nxt.captured) if s != 1)   # only a dealer's four of a kind
        conserved(nxt)
        assert G.next_hand(nxt) is nxt   # a deal in play has no next deal yet

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_a_session_to_the_target(self, players: int) -> None:
        flags = G.flags({"players": players, "target_score": 300, "first_player": "left_of_dealer"})
        state = G.new_game(flags, 2024)
        rng = Rng(8)
        totals = [0] * players
        deal = 1
        while True:
            assert state.deal_no == deal and state.dealer == (deal - 1) % players
            assert G.to_act(state) == deal % players    # left of the dealer
            assert list(state.scores) == totals
            state, _ = play_to_end(state, rng, bot_every=2)
            deal_points = [sum(points(c.token) for c in pile) for pile in state.captured]
            assert state.result["points"] == deal_points and sum(deal_points) == 240
            totals = [a + b for a, b in zip(totals, deal_points)]
            assert list(state.scores) == totals
            over = max(totals) >= 300 and totals.count(max(totals)) == 1
            assert G.game_over(state) == over
            if over:
                assert G.session(state)["winner"] == [totals.index(max(totals))]
                break
            state = G.next_hand(state)
            deal += 1
            assert deal < 20
        assert deal >= 2    # 240 points per deal: 300 needs at least two deals


# =========================================================================== actions and setups
class TestActionsAndSetups:
    def test_actions_round_trip(self) -> None:
        for data in ({"play": "S-6", "capture": "H-4"}, {"play": "C-K", "capture": ["S-K", "H-K", "D-K"]},
                     {"lay": "S-3"}, {"capture": "H-2"}, {"capture": ["S-K", "H-K", "D-K"]}):
            assert G.action_to_json(act(data)) == data

    @pytest.mark.parametrize("data", [{"play": "S-6", "capture": "H-4", "lay": "S-6"}, {"play": "S-66", "capture": "H-4"},
                                      {"play": "S-6", "capture": ["H-4", "D-4"]}, {"lay": "X-1"},
                                      {"capture": ["S-K", "H-K"]}, {"play": "JOKER", "capture": "H-4"}])
    def test_unreadable_actions(self, data: Any) -> None:
        with pytest.raises(ActionError):
            act(data)

    @pytest.mark.parametrize("bad,path", [
        (setup(["H-4"], {"0": ["S-6"]}, stock_card="S-8"), "setup.stock_card"),                     # outside the stock phase
        (setup(["H-4"], {"0": ["S-6", "S-11"]}), "setup.hands.0[1]"),                              # unknown card
        (setup(["H-4", "Z-2"], {"0": ["S-6"]}), "setup.layout[1]"),
        (setup(["H-4", "S-6"], {"0": ["S-6"]}), "setup.layout[1]"),                                # duplicate card
        (setup(["H-4"], {"0": ["S-6", "S-6"]}), "setup.hands.0[1]"),
        (setup(["H-4"], {"0": ["S-6"]}, stock=["H-4"]), "setup.stock[0]"),
        (setup(["H-4"], {"0": ["S-6"]}, captured={"1": ["S-6"]}), "setup.captured.1[0]"),
        (setup(["H-4"], {"0": ["S-6"]}, phase="play"), "setup.phase"),
        (setup(["H-4"], {"0": ["S-6"]}, to_act=None), "setup.to_act"),
        (setup(["H-4"], {"0": ["S-6"]}, to_act=4), "setup.to_act"),
        (setup(["H-4"], phase="deal", to_act=0), "setup.to_act"),
        (setup(["H-4"], {"4": ["S-6"]}), "setup.hands.4"),
        (setup(["H-4"], {"0": ["S-2", "S-3", "S-4", "S-5", "S-6", "S-7", "S-8"]}), "setup.hands.0"),   # 7 > 6
        (setup(["H-4"], {"0": ["S-6", "S-7"]}, cards_held={"0": 1}), "setup.cards_held.0"),
        (setup(["H-4"], {"0": ["S-6"]}, cards_held={"1": 7}), "setup.cards_held.1"),
        (setup(["H-4"], {"0": ["S-6"]}, scores=[1, 2]), "setup.scores"),
        (setup(["H-4"], {"0": ["S-6"]}, dealer=5), "setup.dealer"),
        (setup(["H-4"], {"0": ["S-6"]}, initial_triple="K"), "setup.initial_triple"),
        (setup(["H-4"], {"0": ["S-6"]}, flags={"capture_optional": 1}), "setup.flags.capture_optional"),
        (setup(["H-4"], {"0": ["S-6"]}, trump="S"), "setup.trump"),
        ({"flags": {"players": 4}, "phase": "hand", "to_act": 0, "hands": {}}, "setup.layout"),
    ])
    def test_malformed_setups_name_the_json_path(self, bad: dict, path: str) -> None:
        with pytest.raises(ScenarioError) as info:
            G.from_setup(bad)
        assert info.value.path == path, str(info.value)
        assert str(info.value).startswith(path + ": ")

    def test_unknown_cards_fill_a_consistent_position(self) -> None:
        """The seat to act holds 2 cards, seat 0 (first, has played) 1: seats 1..3 play before seat 0 again."""
        state = pos(["H-4"], {"2": ["S-6", "S-7"]}, to_act=2)
        assert [len(h) for h in state.hands] == [1, 1, 2, 2]
        assert len(state.stock) == 6
        conserved(state)

    def test_the_seed_picks_the_unknown_cards(self) -> None:
        a = pos(["H-4"], {"0": ["S-6"]}, seed=1)
        b = pos(["H-4"], {"0": ["S-6"]}, seed=1)
        c = pos(["H-4"], {"0": ["S-6"]}, seed=2)
        assert a.hands == b.hands and a.stock == b.stock
        assert (a.hands, a.stock) != (c.hands, c.stock)


# =========================================================================== engine bugs found
class TestTripleCaptureMustBeTheThree:
    """JHD-DEAL-2: the fourth card of the triple's rank takes *the three of a kind* left from the
    deal. A three-card capture list naming any other card, or one card twice, is not that triple."""

    def test_a_triple_capture_with_a_card_of_another_rank_is_refused(self) -> None:
        state = pos(["S-K", "H-K", "D-K", "C-4"], {"0": ["C-K", "C-2"]}, initial_triple="K", stock=["S-3"])
        v = verdict(state, {"play": "C-K", "capture": ["S-K", "H-K", "C-4"]}, 0)
        assert not v.legal, "a K took C-4 (JHD-CAP-1) as part of the 'triple': " + v.text("en")

    def test_a_triple_capture_naming_one_card_twice_is_refused(self) -> None:
        state = pos(["S-K", "H-K", "D-K", "C-4"], {"0": ["C-K", "C-2"]}, initial_triple="K", stock=["S-3"])
        try:  # refused as it is read (a card named twice), or by the rules
            act({"play": "C-K", "capture": ["S-K", "S-K", "H-K"]})
        except ActionError as exc:
            assert "three" in str(exc)
            return
        v = verdict(state, {"play": "C-K", "capture": ["S-K", "S-K", "H-K"]}, 0)
        if v.legal:
            after = G.apply(state, act({"play": "C-K", "capture": ["S-K", "S-K", "H-K"]}), 0)
            assert tokens(G.all_cards(after)) == tokens(DECK), \
                f"cards not conserved: captured {tokens(after.captured[0])}, layout {tokens(after.layout)}"
        assert not v.legal, v.text("en")

    def test_a_five_triple_cannot_take_another_card(self) -> None:
        state = pos(["S-5", "H-5", "D-5", "C-8"], {"0": ["C-5", "H-2"]}, initial_triple="5")
        assert not verdict(state, {"play": "C-5", "capture": ["S-5", "H-5", "C-8"]}, 0).legal


class TestPositionsThePlayCannotReach:
    """Setups the rules cannot reach must be refused (ScenarioError) or still play by the rules."""

    def test_a_deal_never_ends_with_stock_cards_unturned(self) -> None:
        """JHD-END-1: hands and stock run out on the same turn. A setup whose stock is longer than
        the hands may be refused; if accepted, the deal must not end with stock cards left."""
        try:
            state = pos(["H-3"], {"0": ["S-2"]}, stock=["C-4", "C-5", "C-6", "C-7", "C-9", "D-2"])
        except ScenarioError as exc:
            assert exc.path.startswith("setup."), str(exc)
            return
        state, _ = play_to_end(state, Rng(1))
        assert state.stock == (), f"the deal ended with {[c.token for c in state.stock]} still in the stock"

    def test_the_seat_to_act_has_a_decision(self) -> None:
        """README §4.2: ``to_act`` is the seat whose decision is due. A hand-step seat with no card
        has none (the deal is stuck: no legal action, never scored)."""
        try:
            state = pos(["H-3"], {"0": [], "1": ["S-2"]}, players=2)
        except ScenarioError as exc:
            assert exc.path.startswith("setup."), str(exc)
            return
        assert G.round_over(state) or G.legal_actions(state, G.to_act(state)), \
            "accepted a position where the seat to act can do nothing"
