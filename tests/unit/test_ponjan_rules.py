"""Pon-jan ポンジャン (rules/minor.md part 2): every rule ID, both pon flags, the Actions table
("Pon-jan — phase play") and the resolutions of §2.4, through the public API only (``find_game``,
``flags``, ``from_setup``, ``legal_actions``, ``explain``, ``apply``, ``window``, ``close_window``,
``new_game``, ``next_hand``, ``game_over``, ``session``, ``classify``, ``score``) and the JSON bridge.

Positions are written as setups (rules/README.md §4.2 and §4.6, plus the engine's extras ``wall``,
``discards``, ``scores``, ``hand_no`` and ``seed``, documented in tutor/games/ponjan/scenario.py).
Every expected value is worked out from the spec by hand; the oracles below re-state PON-SET-1
(a search for three sets, not the engine's counting shortcut), PON-RIICHI-1 (the waits),
the Actions table (the legal set) and PON-PAY-1 … PON-PAY-5; nothing is imported from the
engine's rules.
"""
from __future__ import annotations

import copy
import itertools
import json
import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from tutor.actions import Decision, Play
from tutor.api import handle
from tutor.bots import heuristic_choice
from tutor.cards import Card
from tutor.errors import ActionError, FlagError, ScenarioError
from tutor.game import IllegalAction
from tutor.registry import find_game
from tutor.rng import Rng
from tutor.windows import resolve

G = find_game("ponjan")

WILD = "WILD"
HAND = 8                                           # PON-DEAL-1
DEFAULTS = {"kinds": 9, "copies_per_kind": 9, "wild_tiles": 4}   # PON-SETUP-2
TSUMO = {"win": "tsumo"}
RON = {"win": "ron"}


# --------------------------------------------------------------------------- oracles (minor.md)
def three_sets(tiles: list[str]) -> bool:
    """PON-SET-1 by search: the tiles split into sets of three identical tiles, a ``WILD`` standing
    for any tile (so two wilds join any tile, and three wilds are a set by themselves)."""
    if len(tiles) % 3:
        return False

    def split(rest: list[str]) -> bool:
        if not rest:
            return True
        plain = [t for t in rest if t != WILD]
        wilds = len(rest) - len(plain)
        if not plain:
            return wilds % 3 == 0
        kind = plain[0]
        for same in (3, 2, 1):   # the set holding this tile: `same` of its kind, the rest wilds
            if plain.count(kind) >= same and wilds >= 3 - same:
                left = list(rest)
                for _ in range(same):
                    left.remove(kind)
                for _ in range(3 - same):
                    left.remove(WILD)
                if split(left):
                    return True
        return False

    return split(list(tiles))


def tile_kinds(kinds: int = 9, wilds: int = 4) -> list[str]:
    return [f"T{k}" for k in range(1, kinds + 1)] + ([WILD] if wilds else [])


def oracle_waits(concealed: list[str], kinds: int = 9, wilds: int = 4) -> list[str]:
    """PON-RIICHI-1: the tiles that would make this hand of eight (with its pon sets) three sets."""
    return [k for k in tile_kinds(kinds, wilds) if three_sets(concealed + [k])]


def full_set(kinds: int = 9, copies: int = 9, wilds: int = 4) -> Counter:
    """PON-SETUP-2: ``copies`` of each of ``T1``…``T<kinds>`` and ``wilds`` WILD tiles."""
    out = Counter({f"T{k}": copies for k in range(1, kinds + 1)})
    if wilds:
        out[WILD] = wilds
    return out


def oracle_payments(n: int, dealer: int, winner: int, how: str, discarder: int | None, v: int) -> dict[int, int]:
    """PON-PAY-1 … PON-PAY-5 re-stated: who pays what (negative), the winner the sum."""
    owed: dict[int, Fraction] = {}
    if how == "ron":                                                   # PON-PAY-2 (with PON-PAY-1)
        owed[discarder] = Fraction(3 * v, 2) if winner == dealer else Fraction(v)
    elif winner == dealer:                                             # PON-PAY-4
        owed = {s: Fraction(3 * v, 2) / (n - 1) for s in range(n) if s != winner}
    else:                                                              # PON-PAY-3
        owed = {s: Fraction(2 * v, n) if s == dealer else Fraction(v, n) for s in range(n) if s != winner}
    out = {s: -math.ceil(x) for s, x in owed.items()}                  # PON-PAY-5: each rounded up
    out[winner] = -sum(out.values())
    return out


# --------------------------------------------------------------------------- helpers
def T(text: str) -> list[str]:
    """``"T1 T1 WILD"`` -> ``["T1", "T1", "WILD"]``."""
    return text.split()


def setup(hands: dict[str, Any] | None = None, *, to_act: Any = 0, players: int = 4, **extra: Any) -> dict[str, Any]:
    """A position (README §4.2, §4.6); hands, pon sets and the wall may be written as strings."""
    flags = {"players": players, **extra.pop("flags", {})}
    hands = {s: T(h) if isinstance(h, str) else h for s, h in (hands or {}).items()}
    if "melds" in extra:
        extra["melds"] = {s: [T(m) if isinstance(m, str) else m for m in ms] for s, ms in extra["melds"].items()}
    if isinstance(extra.get("wall"), str):
        extra["wall"] = T(extra["wall"])
    return {"flags": flags, "phase": "play", "to_act": to_act, "hands": hands, **extra}


def pos(hands: dict[str, Any] | None = None, **kw: Any) -> Any:
    return G.from_setup(setup(hands, **kw))


def act(data: Any) -> Any:
    return G.parse_action(data)


def key(action: Any) -> str:
    return G.normalize_action(G.action_to_json(action))


def keys(*actions: Any) -> set[str]:
    return {G.normalize_action(a) for a in actions}


def legal(state: Any, seat: int | None = None, in_turn: bool = True) -> set[str]:
    return {key(a) for a in G.legal_actions(state, seat, in_turn=in_turn)}


def verdict(state: Any, data: Any, seat: int | None = None, in_turn: bool = True) -> Any:
    return G.explain(state, act(data), seat, in_turn)


def tokens(tiles: Any) -> Counter:
    return Counter(t.token if isinstance(t, Card) else t for t in tiles)


def hand(state: Any, seat: int) -> Counter:
    return tokens(state.hands[seat])


def apply(state: Any, data: Any, seat: int | None = None, in_turn: bool = True) -> Any:
    return G.apply(state, act(data), seat, in_turn)


def discard(state: Any, tile: str, seat: int | None = None) -> Any:
    """``seat`` discards ``tile`` and nobody calls: the next seat has drawn."""
    return G.close_window(apply(state, [tile], seat))


def allow(state: Any, data: Any, seat: int | None, rules: set[str] | None = None, in_turn: bool = True) -> Any:
    v = verdict(state, data, seat, in_turn)
    assert v.legal, (data, v.key, v.text("en"))
    if rules is not None:
        assert rules <= set(v.rule_ids), (data, v.rule_ids)
    assert v.text("en").strip() and v.text("ja").strip()
    return v


def refuse(state: Any, data: Any, seat: int | None, rules: set[str], in_turn: bool = True, why: str | None = None) -> Any:
    """The action is refused with a reason and exactly these rule IDs (and the message key
    ``why``); ``apply`` raises ``IllegalAction`` with the same verdict and leaves the state as it was."""
    before = copy.deepcopy(state)
    v = verdict(state, data, seat, in_turn)
    assert not v.legal, (data, v.text("en"))
    assert set(v.rule_ids) == rules, (data, v.rule_ids, v.text("en"))
    if why is not None:
        assert v.key == why, (data, v.key)
    assert v.text("en").strip() and v.text("ja").strip()
    with pytest.raises(IllegalAction) as info:
        G.apply(state, act(data), seat, in_turn)
    assert info.value.verdict.legal is False and set(info.value.verdict.rule_ids) == rules
    assert state == before, "a refused action changes nothing"
    assert G.legal_actions(state, seat, in_turn=in_turn) == G.legal_actions(before, seat, in_turn=in_turn)
    return v


def conserved(state: Any) -> None:
    f = state.flags
    assert tokens(G.all_cards(state)) == full_set(f.kinds, f.copies_per_kind, f.wild_tiles), \
        "every tile of the set is in exactly one place"


def held(state: Any, seat: int) -> int:
    """Tiles a seat holds, concealed and in pon sets."""
    return len(state.hands[seat]) + 3 * len(state.melds[seat])


def oracle_legal(state: Any, seat: int) -> set[str]:
    """The Actions table for the seat whose turn it is (9 tiles): discard any tile (in riichi only
    the drawn one); riichi with a discard that leaves a waiting hand (not in riichi; with
    ``riichi_requires_closed`` not after a pon); tsumo with three sets, never right after a pon."""
    f = state.flags
    concealed = [t.token for t in state.hands[seat]]
    melds = len(state.melds[seat])
    out: set[str] = set()
    if state.riichi[seat]:
        out.add(G.normalize_action([state.drawn.token]))
    else:
        out |= {G.normalize_action([t]) for t in set(concealed)}
        if not (melds and f.riichi_requires_closed):
            for t in set(concealed):
                rest = list(concealed)
                rest.remove(t)
                if oracle_waits(rest, f.kinds, f.wild_tiles):
                    out.add(G.normalize_action({"riichi": t}))
    if not state.called and three_sets(concealed):
        out.add(G.normalize_action(TSUMO))
    return out


def oracle_calls(state: Any, seat: int) -> set[str]:
    """The Actions table out of turn on the open discard: ron for a riichi player it completes
    (PON-RON-1); pon for a non-riichi player holding two identical tiles (PON-PON-1, ``pon_calls``),
    who keeps a tile to discard afterwards (the engine's reading of "must then discard")."""
    if state.last_discard is None:
        return set()
    by, tile = state.last_discard
    if seat == by:
        return set()
    concealed = [t.token for t in state.hands[seat]]
    if state.riichi[seat]:
        return keys(RON) if three_sets(concealed + [tile.token]) else set()
    if state.flags.pon_calls and concealed.count(tile.token) >= 2 and len(concealed) >= 3:
        return keys({"pon": tile.token})
    return set()


def play_hand(state: Any, rng: Rng, take_calls: bool = True, check: bool = True) -> tuple[Any, list[int]]:
    """Random legal choices until the hand is over (calls taken at random); after every step the
    tiles are conserved and the legal sets agree with the oracles. Returns the state and the seats
    of the in-turn decisions in order."""
    seats: list[int] = []
    for _ in range(2000):
        if check:
            conserved(state)
        if G.round_over(state):
            return state, seats
        window = G.window(state)
        if window is not None:
            assert state.last_discard is not None
            takers = [(s, a) for s in window.order for a in G.legal_actions(state, s, in_turn=False)]
            if check:
                for s in range(state.players):
                    assert legal(state, s, in_turn=False) == oracle_calls(state, s)
                assert [s for s in window.order] == [s for s, _ in takers]   # each seat of the window has one call
            if take_calls and takers and rng.below(3) == 0:
                seat, action = takers[rng.below(len(takers))]
                state = G.apply(state, action, seat, in_turn=False)
                continue
            state = G.close_window(state)
            continue
        seat = G.to_act(state)
        seats.append(seat)
        options = G.legal_actions(state, seat)
        assert options, "the seat to act always has a decision"
        assert held(state, seat) == 9
        if check:
            assert {key(a) for a in options} == oracle_legal(state, seat)
            for other in range(state.players):
                if other != seat:
                    assert G.legal_actions(state, other) == []
        action = options[rng.below(len(options))]
        assert G.explain(state, action, seat).legal
        state = G.apply(state, action, seat)
    raise AssertionError("the hand did not end")


#: a hand of nine for the seat to act: riichi with T5 leaves it waiting for T3 (or a wild)
RIICHI_HAND = "T1 T1 T1 T2 T2 T2 T3 T3 T5"
#: a winning hand of nine (three sets, no wild)
WIN_HAND = "T1 T1 T1 T2 T2 T2 T3 T3 T3"


# =========================================================================== PON-SETUP-1
class TestPlayersAndSeats:
    """PON-SETUP-1: 3–4 players (default 4), seats clockwise, seat 0 deals the first hand."""

    @pytest.mark.parametrize("players", [3, 4])
    def test_three_or_four_players(self, players: int) -> None:
        state = G.new_game(G.flags({"players": players}), 7)
        assert G.players(state) == players and len(state.hands) == players
        assert G.session(state)["scores"] == [0] * players

    @pytest.mark.parametrize("bad", [2, 5, 0, "4", True, None])
    def test_other_player_counts_are_refused(self, bad: Any) -> None:
        with pytest.raises(FlagError) as info:
            G.flags({"players": bad})
        assert info.value.path == "flags.players"

    def test_flag_defaults(self) -> None:
        f = G.flags({})
        assert f.players == 4
        assert (f.kinds, f.copies_per_kind, f.wild_tiles) == (9, 9, 4)
        assert f.pon_calls is True and f.riichi_requires_closed is True
        assert f.hand_value == 12

    @pytest.mark.parametrize("players", [3, 4])
    def test_seat_zero_deals_the_first_hand(self, players: int) -> None:
        state = G.new_game(G.flags({"players": players}), 3)
        assert state.dealer == 0 and G.session(state)["dealer"] == 0 and state.hand_no == 1
        assert G.to_act(state) == 0

    def test_seats_are_clockwise_in_seat_order(self) -> None:
        assert G.direction == "clockwise"
        state = pos({"0": RIICHI_HAND}, wall="T9", flags={"pon_calls": False})
        after = discard(state, "T5", 0)
        assert G.to_act(after) == 1 and after.drawn.token == "T9"

    @pytest.mark.parametrize("seat", [4, 5, -1, -4, "1", True, 1.5])
    def test_a_seat_outside_the_table_is_refused(self, seat: Any) -> None:
        state = pos({"0": RIICHI_HAND})
        for data in (["T5"], TSUMO, {"riichi": "T5"}):
            refuse(state, data, seat, {"PON-SETUP-1"}, why="pon.no_such_seat")
        assert G.legal_actions(state, seat) == [] and G.legal_actions(state, seat, in_turn=False) == []

    @pytest.mark.parametrize("seat", [4, 7, -1, "2", True])
    def test_a_bad_seat_has_no_call(self, seat: Any) -> None:
        """Out of turn too: a bad seat is refused, never read as another seat (-1 is not seat 3)."""
        state = pos({"3": "T3 T3 T1 T1 T1 T2 T2 T2"}, riichi=[3], to_act=1, last_discard={"seat": 0, "tile": "T3"})
        assert legal(state, 3, in_turn=False) == keys(RON)
        assert G.legal_actions(state, seat, in_turn=False) == []
        for data in (RON, {"pon": "T3"}):
            refuse(state, data, seat, {"PON-SETUP-1"}, in_turn=False, why="pon.no_such_seat")


# =========================================================================== PON-SETUP-2
class TestTiles:
    """PON-SETUP-2: ``kinds`` kinds T1…, ``copies_per_kind`` of each, ``wild_tiles`` WILD; defaults
    9, 9 and 4 (85 tiles, "roughly 80"), all configurable."""

    def test_the_default_set(self) -> None:
        state = G.new_game(G.flags({}), 1)
        everything = tokens(G.all_cards(state))
        assert everything == full_set() and sum(everything.values()) == 85
        assert set(everything) == {f"T{k}" for k in range(1, 10)} | {WILD}

    @pytest.mark.parametrize("name,value", [("kinds", k) for k in (6, 7, 8, 9)] +
                             [("copies_per_kind", c) for c in (6, 7, 8, 9)] +
                             [("wild_tiles", w) for w in range(0, 9)])
    @pytest.mark.parametrize("players", [3, 4])
    def test_each_tile_count_flag(self, name: str, value: int, players: int) -> None:
        f = G.flags({"players": players, name: value})
        counts = {**DEFAULTS, name: value}
        state = G.new_game(f, 5)
        expected = full_set(counts["kinds"], counts["copies_per_kind"], counts["wild_tiles"])
        assert tokens(G.all_cards(state)) == expected
        # PON-DEAL-1 with this set: eight each, the dealer has drawn its ninth, the rest is the wall
        assert [len(h) for h in state.hands] == [9] + [8] * (players - 1)
        assert len(state.wall) == sum(expected.values()) - 8 * players - 1

    @pytest.mark.parametrize("name,bad", [("kinds", 5), ("kinds", 10), ("copies_per_kind", 5), ("copies_per_kind", 10),
                                          ("wild_tiles", -1), ("wild_tiles", 9), ("kinds", "9"), ("wild_tiles", True),
                                          ("pon_calls", 1), ("riichi_requires_closed", "no"), ("hand_value", 0),
                                          ("hand_value", 10_001), ("hand_value", 1.5), ("jokers", 2)])
    def test_bad_flag_values_name_their_flag(self, name: str, bad: Any) -> None:
        with pytest.raises(FlagError) as info:
            G.flags({"players": 4, name: bad})
        assert info.value.path == f"flags.{name}"
        assert str(info.value).startswith(f"flags.{name}: ")

    def test_every_choice_of_counts_deals(self) -> None:
        """Eight tiles each and the dealer's first draw (PON-DEAL-1, PON-TURN-1) need 8N + 1 tiles:
        the choices keep every combination above that (the smallest, 6 kinds of 6 and no wild, is
        36 tiles: three left in the wall with four players), so no flag set fails to deal."""
        from tutor.flags import describe_flags
        info = {f["name"]: f for f in describe_flags(type(G.flags({})))}
        for players in (3, 4):
            for kinds in info["kinds"]["choices"]:
                for copies in info["copies_per_kind"]["choices"]:
                    for wilds in info["wild_tiles"]["choices"]:
                        f = G.flags({"players": players, "kinds": kinds, "copies_per_kind": copies, "wild_tiles": wilds})
                        state = G.new_game(f, 2)
                        assert [len(h) for h in state.hands] == [9] + [8] * (players - 1)
                        assert len(state.wall) == kinds * copies + wilds - 8 * players - 1 >= 2

    @pytest.mark.parametrize("flags,token", [({"kinds": 6}, "T7"), ({"kinds": 8}, "T9"), ({"wild_tiles": 0}, WILD)])
    def test_a_tile_outside_the_set_is_no_tile(self, flags: dict, token: str) -> None:
        with pytest.raises(ScenarioError) as info:
            pos({"0": f"T1 T1 T1 T2 T2 T2 T3 T3 {token}"}, flags=flags)
        assert info.value.path == "setup.hands.0[8]"
        with pytest.raises(ScenarioError) as info:
            G.classify({"flags": {"players": 4, **flags}, "cards": ["T1", token, "T1"]})
        assert info.value.path == "setup.cards[1]"

    def test_more_copies_than_the_set_holds_are_refused(self) -> None:
        with pytest.raises(ScenarioError):
            pos({"0": "T1 T1 T1 T1 T1 T2 T2 T2 T2"}, flags={"copies_per_kind": 4})
        with pytest.raises(ScenarioError):
            pos({"0": "WILD WILD WILD T2 T2 T2 T3 T3 T3", "1": "WILD WILD T4 T4 T4 T5 T5 T5"})


# =========================================================================== PON-DEAL-1
class TestDeal:
    """PON-DEAL-1: eight tiles each, the rest is the wall (the dealer then draws, PON-TURN-1)."""

    @pytest.mark.parametrize("players", [3, 4])
    @pytest.mark.parametrize("seed", [1, 2, "lesson", 99])
    def test_eight_each_and_the_wall(self, players: int, seed: Any) -> None:
        state = G.new_game(G.flags({"players": players}), seed)
        dealer = state.dealer
        assert len(state.hands[dealer]) == 9 and state.drawn in state.hands[dealer]
        assert all(len(h) == 8 for s, h in enumerate(state.hands) if s != dealer)
        assert len(state.wall) == 85 - 8 * players - 1
        assert state.melds == ((),) * players and state.discards == ((),) * players
        assert state.riichi == (False,) * players and state.last_discard is None
        conserved(state)
        deal = [e for e in G.events(state) if e.key == "pon.event.deal"]
        assert len(deal) == 1 and "PON-DEAL-1" in deal[0].rule_ids and deal[0].params["count"] == 85 - 8 * players

    def test_the_same_seed_deals_the_same_tiles(self) -> None:
        a, b = (G.new_game(G.flags({"players": 3}), 42) for _ in range(2))
        assert a.hands == b.hands and a.wall == b.wall
        c = G.new_game(G.flags({"players": 3}), 43)
        assert (a.hands, a.wall) != (c.hands, c.wall)

    @pytest.mark.parametrize("players", [3, 4])
    def test_a_setup_fills_the_unknown_hands(self, players: int) -> None:
        state = pos({"0": RIICHI_HAND}, players=players)
        assert [len(h) for h in state.hands] == [9] + [8] * (players - 1)
        assert len(state.wall) == 85 - 8 * players - 1
        conserved(state)
        window = pos(players=players, to_act=1, last_discard={"seat": 0, "tile": "T4"})
        assert [len(h) for h in window.hands] == [8] * players and window.discards[0][-1].token == "T4"
        conserved(window)


# =========================================================================== PON-TURN-1
class TestTurn:
    """PON-TURN-1: from the dealer clockwise, draw (9 tiles); with three sets the player may
    declare tsumo, or instead discard any tile or declare riichi with it; in riichi the drawn
    tile goes (PON-RIICHI-2)."""

    @pytest.mark.parametrize("players", [3, 4])
    def test_the_dealer_draws_first(self, players: int) -> None:
        state = G.new_game(G.flags({"players": players}), 11)
        draws = [e for e in G.events(state) if e.key == "pon.event.draw"]
        assert len(draws) == 1 and draws[0].params["seat"] == 0 and "PON-TURN-1" in draws[0].rule_ids
        assert G.to_act(state) == 0 and len(state.hands[0]) == 9

    def test_the_draw_is_the_walls_top_tile(self) -> None:
        state = pos({"0": RIICHI_HAND}, wall="T8 T7", flags={"pon_calls": False})
        wall = len(state.wall)
        state = discard(state, "T5", 0)
        assert G.to_act(state) == 1 and state.drawn.token == "T8" and "T8" in hand(state, 1)
        assert len(state.hands[1]) == 9 and len(state.wall) == wall - 1 and state.wall[0].token == "T7"
        assert [t.token for t in state.discards[0]] == ["T5"]

    @pytest.mark.parametrize("players", [3, 4])
    @pytest.mark.parametrize("dealer", [0, 1, 2])
    def test_turns_go_round_from_the_dealer(self, players: int, dealer: int) -> None:
        """Without calls, every seat draws and discards in seat order from the dealer until the
        wall is empty; declining tsumo every time, the hand ends in a draw."""
        state = G.new_game(G.flags({"players": players}), 21 + dealer)
        if dealer:
            state = G.from_setup(setup(players=players, dealer=dealer, to_act=dealer, seed=dealer))
        walls = len(state.wall)
        seats = []
        while not G.round_over(state):
            seat = G.to_act(state)
            seats.append(seat)
            tile = state.drawn.token if state.drawn is not None else state.hands[seat][0].token
            state = discard(state, tile, seat)
        assert seats == [(dealer + i) % players for i in range(walls + 1)]
        assert state.result["draw"] is True

    def test_any_tile_may_be_discarded(self) -> None:
        state = pos({"0": RIICHI_HAND})
        assert legal(state, 0) == keys(["T1"], ["T2"], ["T3"], ["T5"], {"riichi": "T5"})
        for tile in ("T1", "T2", "T3", "T5"):
            v = allow(state, [tile], 0, {"PON-TURN-1"})
            # the verdict says what the discard leaves: the waits (only the 5 leaves a wait, as
            # riichi with the 5 is the one riichi open), or how far from three sets
            assert v.key == ("pon.ok.discard_waits" if tile == "T5" else "pon.ok.discard_short"), (tile, v.key)
            after = apply(state, [tile], 0)
            assert hand(after, 0) == hand(state, 0) - Counter([tile]) and after.discards[0][-1].token == tile

    def test_a_winning_hand_may_win_by_tsumo(self) -> None:
        state = pos({"0": WIN_HAND}, drawn="T3")
        assert keys(TSUMO) <= legal(state, 0)
        v = allow(state, TSUMO, 0, {"PON-TURN-1", "PON-SET-1"})
        assert v.key == "pon.ok.tsumo"
        after = apply(state, TSUMO, 0)
        assert G.round_over(after) and G.to_act(after) is None
        assert after.result["winner"] == 0 and after.result["win_type"] == "tsumo" and after.result["discarder"] is None
        assert after.result["payments"] == {"0": 18, "1": -6, "2": -6, "3": -6}   # the dealer: PON-PAY-1, PON-PAY-4
        assert tokens(after.result["hand"]) == tokens(T(WIN_HAND))
        conserved(after)

    def test_tsumo_is_optional(self) -> None:
        """§2.4 "Tsumo optional": with three sets the player may still discard any tile or declare
        riichi with it, as when the tiles do not form three sets."""
        state = pos({"0": WIN_HAND}, drawn="T3", wall="T9", flags={"pon_calls": False})
        assert legal(state, 0) == keys(["T1"], ["T2"], ["T3"], {"riichi": "T1"}, {"riichi": "T2"}, {"riichi": "T3"}, TSUMO)
        v = allow(state, ["T3"], 0, {"PON-TURN-1"})
        assert v.key == "pon.ok.discard_instead"
        after = discard(state, "T3", 0)
        assert not G.round_over(after) and G.to_act(after) == 1
        v = allow(state, {"riichi": "T1"}, 0, {"PON-RIICHI-1"})
        assert v.params["wait_cards"] == ["T1", WILD]

    def test_tsumo_needs_three_sets(self) -> None:
        state = pos({"0": RIICHI_HAND})
        assert key(act(TSUMO)) not in legal(state, 0)
        refuse(state, TSUMO, 0, {"PON-SET-1", "PON-TURN-1"}, why="pon.not_three_sets")

    def test_one_tile_from_the_hand(self) -> None:
        state = pos({"0": RIICHI_HAND})
        refuse(state, ["T1", "T1"], 0, {"PON-TURN-1"}, why="pon.one_tile")
        refuse(state, ["T9"], 0, {"PON-TURN-1"}, why="pon.not_in_hand")
        refuse(state, [WILD], 0, {"PON-TURN-1"}, why="pon.not_in_hand")
        refuse(state, ["S-5"], 0, {"PON-TURN-1"}, why="pon.not_in_hand")

    def test_playing_out_of_turn_is_refused(self) -> None:
        state = pos({"0": RIICHI_HAND, "2": "T5 T5 T6 T6 T6 T7 T7 T7"})
        for data in (["T5"], TSUMO, {"riichi": "T5"}):
            v = refuse(state, data, 2, {"PON-TURN-1"}, why="pon.not_your_turn")
            assert v.params["seat"] == 0
        assert G.legal_actions(state, 2) == [] and G.legal_actions(state, 1) == []

    def test_an_in_turn_action_waits_for_the_open_calls(self) -> None:
        """While a discard's calls are open, nobody draws or discards yet (the window)."""
        state = pos({"2": "T5 T5 T1 T1 T1 T2 T2 T3"}, to_act=1, last_discard={"seat": 0, "tile": "T5"})
        assert G.window(state) is not None and G.to_act(state) == 1
        assert G.legal_actions(state, 1) == []
        v = refuse(state, [state.hands[1][0].token], 1, {"PON-PON-1", "PON-RON-1"}, why="pon.calls_open")
        assert v.params["seat"] == 0 and v.params["cards"] == ["T5"]
        settled = G.close_window(state)
        assert G.to_act(settled) == 1 and len(settled.hands[1]) == 9 and settled.last_discard is None

    def test_in_riichi_the_drawn_tile_goes_or_tsumo(self) -> None:
        state = pos({"0": "T4 T4 T4 T5 T5 T5 T6 T6 T6"}, riichi=[0], drawn="T6")
        assert legal(state, 0) == keys(["T6"], TSUMO)
        assert allow(state, ["T6"], 0).key == "pon.ok.discard_instead"


# =========================================================================== PON-SET-1
SET_CASES = [
    ("T4 T4 T4", "set"), ("T4 T4 WILD", "set"), ("T4 WILD WILD", "set"), ("WILD WILD WILD", "set"),
    ("T4 T4 T5", None), ("T4 T5 WILD", None), ("T4 T4", None), ("T4 T4 T4 T4", None), ("WILD", None),
    ("T1 T1 T1 T2 T2 T2", None),                                   # two sets: neither a set nor a win
    (WIN_HAND, "win"),                                               # no wild
    ("T1 T1 WILD T2 T2 T2 T3 T3 T3", "win"),                         # one wild
    ("T1 WILD WILD T2 T2 T2 T3 T3 T3", "win"),                       # two wilds in one set
    ("T1 T1 WILD T2 T2 WILD T3 T3 T3", "win"),                       # two wilds in two sets
    ("WILD WILD WILD T5 T5 T5 T7 T7 T7", "win"),                     # three wilds as a set (PON-G-03)
    ("T1 T1 WILD T2 T2 WILD T3 T3 WILD", "win"),                     # three wilds, one in each set
    ("WILD WILD WILD WILD T1 T1 T2 T2 T2", "win"),                   # four
    ("WILD WILD WILD WILD WILD T1 T2 T3 T3", "win"),                 # five
    ("WILD WILD WILD WILD WILD WILD T4 T4 T4", "win"),               # six: two sets of wilds
    ("WILD WILD WILD WILD WILD WILD WILD WILD T1", "win"),           # eight
    ("T1 T1 T1 T2 T2 T3 T3 T3 T4", None),                            # PON-G-02
    ("T1 T2 T3 T4 T5 T6 T7 T8 WILD", None),
    ("T1 T1 T2 T2 T3 T3 WILD WILD T4", None),                        # two wilds cannot fix three gaps
    ("T1 T1 T1 T1 T2 T2 T2 T2 WILD", None),                          # 4 + 4 + 1 wild
    ("T1 T1 T1 T1 T2 T2 T2 WILD WILD", "win"),                       # 4 + 2 wilds = two sets
    ("T1 T1 T1 T2 T2 T2 T3 T3 T3 T4", None),                         # ten tiles
]


class TestSets:
    """PON-SET-1: a set is three identical tiles, a WILD standing for any tile (even three
    wilds); nine tiles win iff they split into three sets."""

    @pytest.mark.parametrize("cards,kind", SET_CASES)
    def test_classify(self, cards: str, kind: str | None) -> None:
        # the oracle agrees with the table: a set is three tiles, a win nine
        assert (len(T(cards)) in (3, 9) and three_sets(T(cards))) == (kind is not None)
        got = G.classify({"flags": {"players": 4}, "cards": T(cards)})
        assert got == ([{"type": kind}] if kind else [])

    def test_every_small_multiset_against_the_oracle(self) -> None:
        alphabet = ["T1", "T2", "T3", "T4", WILD]
        for size in (3, 6, 9):
            for combo in itertools.combinations_with_replacement(alphabet, size):
                got = G.classify({"flags": {"players": 4, "wild_tiles": 8}, "cards": list(combo)})
                want = [] if size == 6 or not three_sets(list(combo)) else [{"type": "set" if size == 3 else "win"}]
                assert got == want, combo

    @pytest.mark.parametrize("cards", [c for c, k in SET_CASES if len(T(c)) == 9 and T(c).count(WILD) <= 4])
    def test_tsumo_follows_the_same_test(self, cards: str) -> None:
        state = pos({"0": cards})
        assert (key(act(TSUMO)) in legal(state, 0)) == three_sets(T(cards))
        assert verdict(state, TSUMO, 0).legal == three_sets(T(cards))

    def test_a_win_test_counts_the_pon_sets(self) -> None:
        """PON-PON-1: an exposed set is one of the three sets."""
        state = pos({"0": "T1 T1 T1 WILD T2 T2"}, melds={"0": ["T5 T5 T5"]})
        assert key(act(TSUMO)) in legal(state, 0)
        assert not verdict(pos({"0": "T1 T1 T1 T2 T3 T2"}, melds={"0": ["T5 T5 T5"]}), TSUMO, 0).legal
        state = pos({"0": "WILD T9 T9"}, melds={"0": ["T5 T5 T5", "T6 T6 T6"]})
        assert key(act(TSUMO)) in legal(state, 0)

    def test_bad_classify_setups(self) -> None:
        for bad, path in [({"flags": {"players": 4}}, "setup.cards"),
                          ({"flags": {"players": 4}, "cards": ["T1", "T0", "T1"]}, "setup.cards[1]"),
                          ({"flags": {"players": 4}, "cards": "T1"}, "setup.cards"),
                          ({"flags": {"players": 4}, "cards": [], "x": 1}, "setup.x")]:
            with pytest.raises(ScenarioError) as info:
                G.classify(bad)
            assert info.value.path == path, str(info.value)


# =========================================================================== PON-RIICHI-1
class TestRiichi:
    """PON-RIICHI-1: a player whose discard leaves the hand one tile from winning may declare
    riichi with that discard."""

    def test_only_a_discard_that_leaves_a_wait(self) -> None:
        state = pos({"0": RIICHI_HAND})
        assert {a for a in legal(state, 0) if "riichi" in a} == keys({"riichi": "T5"})
        v = allow(state, {"riichi": "T5"}, 0, {"PON-RIICHI-1"})
        assert v.key == "pon.ok.riichi" and v.params["wait_cards"] == ["T3", WILD]
        assert v.params["cards"] == ["T5"]
        for tile in ("T1", "T2", "T3"):   # each leaves two part-sets: two tiles from winning
            v = refuse(state, {"riichi": tile}, 0, {"PON-RIICHI-1"}, why="pon.riichi_not_waiting")
            assert v.params["cards"] == [tile]

    def test_waits_with_a_wild(self) -> None:
        """T1 T1 WILD T2 T2 T2 T6 T6 without T4: the wild completes T1 T1 or T6 T6, so the hand
        waits for T1, T6 or another wild; no other discard leaves it waiting."""
        state = pos({"0": "T1 T1 WILD T2 T2 T2 T4 T6 T6"})
        assert {a for a in legal(state, 0) if "riichi" in a} == keys({"riichi": "T4"})
        v = allow(state, {"riichi": "T4"}, 0, {"PON-RIICHI-1"})
        assert v.params["wait_cards"] == ["T1", "T6", WILD]
        assert "tile 1" in v.text("en") and "tile 6" in v.text("en")
        refuse(state, {"riichi": WILD}, 0, {"PON-RIICHI-1"}, why="pon.riichi_not_waiting")

    def test_riichi_against_the_oracle_on_dealt_hands(self) -> None:
        for seed in range(60):
            state = G.new_game(G.flags({"players": 4}), seed)
            concealed = [t.token for t in state.hands[0]]
            for tile in set(concealed):
                rest = list(concealed)
                rest.remove(tile)
                waits = oracle_waits(rest)
                v = verdict(state, {"riichi": tile}, 0)
                assert v.legal == bool(waits), (concealed, tile)
                if waits:
                    assert v.params["wait_cards"] == waits
                else:
                    assert v.rule_ids == ("PON-RIICHI-1",)
            assert legal(state, 0) == oracle_legal(state, 0)

    def test_declaring_riichi(self) -> None:
        state = pos({"0": RIICHI_HAND}, wall="T9", flags={"pon_calls": False})
        after = apply(state, {"riichi": "T5"}, 0)
        assert after.riichi[0] is True and G.check_value(after, "riichi") == [0]
        assert [t.token for t in after.discards[0]] == ["T5"]
        assert hand(after, 0) == Counter(T("T1 T1 T1 T2 T2 T2 T3 T3"))
        assert G.to_act(after) == 1 and after.drawn.token == "T9"   # the riichi discard is a discard
        ev = [e for e in G.events(after) if e.key == "pon.event.riichi"]
        assert len(ev) == 1 and ev[0].params["seat"] == 0 and ev[0].rule_ids == ("PON-RIICHI-1",)
        conserved(after)

    def test_the_riichi_tile_must_be_held(self) -> None:
        state = pos({"0": RIICHI_HAND})
        refuse(state, {"riichi": "T9"}, 0, {"PON-RIICHI-1"}, why="pon.not_in_hand")
        refuse(state, {"riichi": 5}, 0, {"PON-RIICHI-1"}, why="pon.not_in_hand")
        refuse(state, {"riichi": "T99"}, 0, {"PON-RIICHI-1"}, why="pon.not_in_hand")   # no tile at all

    def test_no_second_riichi(self) -> None:
        state = pos({"0": "T1 T1 T1 T2 T2 T2 T3 T3 T5"}, riichi=[0], drawn="T5")
        refuse(state, {"riichi": "T5"}, 0, {"PON-RIICHI-1", "PON-RIICHI-2"}, why="pon.already_riichi")
        assert not any("riichi" in a for a in legal(state, 0))

    def test_a_winning_hand_may_declare_riichi_instead(self) -> None:
        state = pos({"0": WIN_HAND}, drawn="T3")
        after = apply(state, {"riichi": "T2"}, 0)
        assert after.riichi[0] and G.waiting_for(after, 0) == [Card.parse("T2"), Card.parse(WILD)]


# =========================================================================== PON-RIICHI-2
class TestFrozenHand:
    """PON-RIICHI-2: after riichi every drawn tile that does not complete the hand is discarded
    at once; a completing one may be declared (tsumo)."""

    def test_golden_08b_only_the_drawn_tile(self) -> None:
        state = pos({"2": "T4 T4 T4 T5 T5 T5 T6 T6 T8"}, to_act=2, riichi=[2], drawn="T8")
        assert legal(state, 2) == keys(["T8"])
        for tile in ("T4", "T5", "T6"):
            v = refuse(state, [tile], 2, {"PON-RIICHI-2"}, why="pon.riichi_frozen")
            assert v.params["cards"] == ["T8"]
        refuse(state, TSUMO, 2, {"PON-SET-1", "PON-TURN-1"})
        refuse(state, {"riichi": "T8"}, 2, {"PON-RIICHI-1", "PON-RIICHI-2"})
        after = apply(state, ["T8"], 2)
        assert after.riichi[2] and hand(after, 2) == Counter(T("T4 T4 T4 T5 T5 T5 T6 T6"))

    def test_the_drawn_tile_of_a_kind_already_held(self) -> None:
        state = pos({"0": "T1 T1 T1 T2 T2 T2 T3 T3 T1"}, riichi=[0], drawn="T1")
        assert legal(state, 0) == keys(["T1"])      # a fourth T1 completes nothing
        refuse(state, ["T2"], 0, {"PON-RIICHI-2"})

    def test_a_riichi_hand_through_play(self) -> None:
        """Seat 0 (dealer, 3 players) declares riichi, then its draws are discarded at once until
        the tile it waits for comes: tsumo (PON-PAY-4: 9 + 9)."""
        state = pos({"0": RIICHI_HAND}, players=3, drawn="T5", wall="T7 T8 T9 T4 T6 T3",
                    flags={"pon_calls": False})
        state = apply(state, {"riichi": "T5"}, 0)
        state = discard(state, "T7", 1)
        state = discard(state, "T8", 2)
        assert G.to_act(state) == 0 and state.drawn.token == "T9"
        assert legal(state, 0) == keys(["T9"])
        refuse(state, ["T1"], 0, {"PON-RIICHI-2"})
        state = discard(state, "T9", 0)
        state = discard(state, "T4", 1)
        state = discard(state, "T6", 2)
        assert state.drawn.token == "T3" and legal(state, 0) == keys(["T3"], TSUMO)
        state = apply(state, TSUMO, 0)
        assert state.result["payments"] == {"0": 18, "1": -9, "2": -9}
        assert list(state.scores) == [18, -9, -9]
        conserved(state)


# =========================================================================== PON-RON-1
def ron_position(**kw: Any) -> Any:
    """Seat 2 (riichi) waits for T3 or a wild; seat 0 has just discarded ``tile`` (default T3)."""
    tile = kw.pop("tile", "T3")
    hands = {"2": "T1 T1 T1 T2 T2 T2 T3 T3", **kw.pop("hands", {})}
    return pos(hands, riichi=kw.pop("riichi", [2]), to_act=1, last_discard={"seat": 0, "tile": tile}, **kw)


class TestRon:
    """PON-RON-1: only a riichi player wins on another player's discard; of several, the first
    in turn order after the discarder."""

    def test_a_riichi_player_wins_on_the_discard(self) -> None:
        state = ron_position()
        assert legal(state, 2, in_turn=False) == keys(RON)
        v = allow(state, RON, 2, {"PON-RON-1"}, in_turn=False)
        assert v.key == "pon.ok.ron" and v.params["seat"] == 0
        after = apply(state, RON, 2, in_turn=False)
        assert G.round_over(after)
        assert after.result["winner"] == 2 and after.result["win_type"] == "ron" and after.result["discarder"] == 0
        # PON-PAY-2: the discarder (the dealer here) alone pays V = 12
        assert after.result["payments"] == {"0": -12, "1": 0, "2": 12, "3": 0}
        assert list(after.scores) == [-12, 0, 12, 0]
        ev = [e for e in G.events(after) if e.key == "pon.event.win.ron"]
        assert ev and set(ev[0].rule_ids) >= {"PON-RON-1", "PON-PAY-2"}
        conserved(after)

    def test_a_wild_discard_completes_too(self) -> None:
        assert legal(ron_position(tile=WILD), 2, in_turn=False) == keys(RON)

    def test_golden_08_no_ron_without_riichi(self) -> None:
        state = pos({"1": "T1 T1 T1 T2 T2 T2 T3 T3"}, to_act=1, last_discard={"seat": 0, "tile": "T3"})
        refuse(state, RON, 1, {"PON-RON-1"}, in_turn=False, why="pon.ron_needs_riichi")
        assert key(act(RON)) not in legal(state, 1, in_turn=False)

    def test_a_discard_that_does_not_complete(self) -> None:
        state = ron_position(tile="T4")
        refuse(state, RON, 2, {"PON-RON-1", "PON-SET-1"}, in_turn=False, why="pon.ron_not_win")
        assert legal(state, 2, in_turn=False) == set()

    def test_no_ron_on_ones_own_discard(self) -> None:
        state = pos({"0": "T1 T1 T1 T2 T2 T2 T3 T3"}, riichi=[0], to_act=1, last_discard={"seat": 0, "tile": "T3"})
        refuse(state, RON, 0, {"PON-RON-1"}, in_turn=False, why="pon.own_discard")
        assert legal(state, 0, in_turn=False) == set()

    def test_ron_is_out_of_turn_only(self) -> None:
        state = pos({"0": RIICHI_HAND})
        refuse(state, RON, 0, {"PON-RON-1"}, why="pon.ron_on_discard")
        refuse(state, RON, 0, {"PON-RON-1", "PON-PON-1"}, in_turn=False, why="pon.no_discard")

    def test_the_dealer_wins_one_and_a_half(self) -> None:
        after = apply(ron_position(dealer=2), RON, 2, in_turn=False)
        assert after.result["payments"] == {"0": -18, "1": 0, "2": 18, "3": 0}   # PON-PAY-1, PON-PAY-2

    @pytest.mark.parametrize("discarder,riichi,order", [(2, [1, 3], (3, 1)), (0, [1, 3], (1, 3)), (3, [0, 2], (0, 2)),
                                                        (1, [0, 2, 3], (2, 3, 0))])
    def test_several_riichi_players_first_after_the_discarder(self, discarder: int, riichi: list[int],
                                                              order: tuple[int, ...]) -> None:
        hands = {str(s): "T1 T1 T1 T2 T2 T2 T3 WILD" if i % 2 else "T4 T4 T4 T5 T5 T5 T3 T3" for i, s in enumerate(riichi)}
        for s in range(4):   # the others hold no pair of T3: no pon in the window
            if s not in riichi and s != discarder:
                hands[str(s)] = "T6 T7 T8 T9 T6 T7 T8 T9"
        state = pos(hands, riichi=riichi, to_act=(discarder + 1) % 4, last_discard={"seat": discarder, "tile": "T3"})
        for s in riichi:
            assert legal(state, s, in_turn=False) == keys(RON)
        window = G.window(state)
        assert window is not None and window.order == order and "PON-RON-1" in window.rule_ids
        res = resolve(G, state)   # the seats are asked in that order; the bots ron
        assert res.taken == [(order[0], act(RON))]
        assert res.state.result["winner"] == order[0] and res.state.result["discarder"] == discarder

    def test_ron_comes_before_pon(self) -> None:
        """Seat 1 (right after the discarder) could pon, seat 3 (riichi) could ron: the window asks
        the ron first."""
        state = pos({"1": "T3 T3 T4 T4 T5 T5 T6 T6", "2": "T7 T7 T8 T8 T9 T9 T6 T4", "3": "T1 T1 T1 T2 T2 T2 T3 WILD"},
                    riichi=[3], to_act=1,
                    last_discard={"seat": 0, "tile": "T3"})
        assert legal(state, 1, in_turn=False) == keys({"pon": "T3"})
        assert G.window(state).order == (3, 1)
        # declining is no action: the riichi player lets it go, the pon is next in the window
        res = resolve(G, state, declined=[3], viewer=1)
        assert res.status == "ask" and res.ask_seat == 1 and [key(a) for a in res.options] == [key(act({"pon": "T3"}))]

    def test_declined_ron_the_next_seat_draws(self) -> None:
        state = ron_position()
        settled = G.close_window(state)
        assert G.to_act(settled) == 1 and len(settled.hands[1]) == 9 and not G.round_over(settled)
        assert settled.riichi[2] and len(settled.hands[2]) == 8


# =========================================================================== PON-PON-1
def pon_position(caller: str = "2", caller_hand: str = "T5 T5 T1 T1 T1 T2 T2 T3", discarder: int = 0,
                 players: int = 4, **kw: Any) -> Any:
    """Seat ``discarder`` has just discarded T5 (after a T9 earlier); ``caller`` holds two T5."""
    return pos({caller: caller_hand, **kw.pop("hands", {})}, players=players, to_act=(discarder + 1) % players,
               last_discard={"seat": discarder, "tile": "T5"}, discards={str(discarder): ["T9"]}, **kw)


class TestPon:
    """PON-PON-1 (``pon_calls``, ``riichi_requires_closed``): a non-riichi player holding two
    identical tiles takes another player's discard, shows the set and discards next; play goes on
    after the caller; a pon never wins by itself; the set counts as one of the three; riichi after
    a pon only with ``riichi_requires_closed`` false."""

    def test_two_identical_tiles_may_call(self) -> None:
        state = pon_position()
        assert legal(state, 2, in_turn=False) == keys({"pon": "T5"})
        v = allow(state, {"pon": "T5"}, 2, {"PON-PON-1"}, in_turn=False)
        assert v.key == "pon.ok.pon" and v.params["seat"] == 0
        window = G.window(state)
        assert window is not None and window.order == (2,) and window.kind == "call"

    def test_the_pon(self) -> None:
        state = pon_position()
        after = apply(state, {"pon": "T5"}, 2, in_turn=False)
        assert G.to_act(after) == 2 and after.last_discard is None
        assert [[t.token for t in m] for m in after.melds[2]] == [["T5", "T5", "T5"]]
        assert hand(after, 2) == Counter(T("T1 T1 T1 T2 T2 T3")) and held(after, 2) == 9
        # the taken discard leaves the discarder's row
        assert [t.token for t in after.discards[0]] == ["T9"]
        assert G.check_value(after, "melds")["2"] == [["T5", "T5", "T5"]]
        ev = [e for e in G.events(after) if e.key == "pon.event.pon"]
        assert ev and ev[0].params["seat"] == 2 and ev[0].params["by"] == 0 and ev[0].rule_ids == ("PON-PON-1",)
        assert len(after.wall) == len(state.wall)          # nobody drew
        conserved(after)

    @pytest.mark.parametrize("players,discarder,caller,nxt", [(4, 0, 2, 3), (4, 0, 1, 2), (4, 1, 3, 0), (4, 1, 0, 1),
                                                              (4, 3, 2, 3), (3, 0, 2, 0), (3, 2, 1, 2), (3, 1, 2, 0)])
    def test_play_goes_on_after_the_caller(self, players: int, discarder: int, caller: int, nxt: int) -> None:
        """The seats between the discarder and the caller are skipped; the seat after the caller
        draws next."""
        state = pon_position(str(caller), discarder=discarder, players=players, wall="T8", flags={"pon_calls": True})
        before = [len(h) for h in state.hands]
        state = apply(state, {"pon": "T5"}, caller, in_turn=False)
        assert G.to_act(state) == caller and legal(state, caller) >= keys(["T3"])
        state = apply(state, ["T3"], caller)
        assert state.discards[caller][-1].token == "T3"
        state = G.close_window(state)
        assert G.to_act(state) == nxt and state.drawn.token == "T8" and "T8" in hand(state, nxt)
        for s in range(players):
            if s not in (caller, nxt):
                assert len(state.hands[s]) == before[s], "a skipped seat drew nothing"
        assert held(state, caller) == 8 and held(state, nxt) == 9

    def test_the_caller_must_discard_and_cannot_win(self) -> None:
        """§2.4 "Winning after a pon": three sets right after the pon are no win."""
        state = pon_position(caller_hand="T5 T5 T1 T1 T1 T2 T2 T2")
        state = apply(state, {"pon": "T5"}, 2, in_turn=False)
        assert three_sets([t.token for t in state.hands[2]])   # the nine tiles do form three sets
        assert legal(state, 2) == keys(["T1"], ["T2"])           # discards only: no tsumo, no riichi
        refuse(state, TSUMO, 2, {"PON-PON-1"}, why="pon.no_win_after_pon")
        assert allow(state, ["T1"], 2, {"PON-TURN-1"}).key == "pon.ok.discard_waits"   # not "instead of a win"
        refuse(state, RON, 2, {"PON-RON-1"})

    def test_the_exposed_set_counts_for_a_later_tsumo(self) -> None:
        state = pon_position(caller_hand="T5 T5 T1 T1 T1 T2 T2 T2", wall="T9 T9 T9 T1",
                             hands={"1": "T6 T6 T6 T7 T7 T7 T8 T4", "3": "T6 T6 T6 T7 T7 T7 T8 T4"})
        state = apply(state, {"pon": "T5"}, 2, in_turn=False)
        state = discard(state, "T1", 2)                # T1 T1 T2 T2 T2 + pon T5: waits for T1
        assert G.waiting_for(state, 2) == [Card.parse("T1"), Card.parse(WILD)]
        state = discard(state, "T9", 3)
        state = discard(state, "T9", 0)
        state = discard(state, "T9", 1)
        assert G.to_act(state) == 2 and state.drawn.token == "T1"
        assert key(act(TSUMO)) in legal(state, 2)
        state = apply(state, TSUMO, 2)
        assert state.result["winner"] == 2 and state.result["melds"] == [["T5", "T5", "T5"]]
        assert state.result["payments"] == {"0": -6, "1": -3, "2": 12, "3": -3}   # PON-PAY-3, N = 4
        conserved(state)

    def test_no_riichi_after_a_pon_by_default(self) -> None:
        state = apply(pon_position(), {"pon": "T5"}, 2, in_turn=False)
        # discarding T3 would leave T1 T1 T1 T2 T2 + pon: waiting for T2
        assert not any("riichi" in a for a in legal(state, 2))
        refuse(state, {"riichi": "T3"}, 2, {"PON-PON-1"}, why="pon.riichi_closed")
        # nor on a later turn: the hand stays open
        later = pos({"2": "T1 T1 T1 T2 T2 T3"}, to_act=2, melds={"2": ["T5 T5 T5"]})
        refuse(later, {"riichi": "T3"}, 2, {"PON-PON-1"}, why="pon.riichi_closed")

    def test_riichi_after_a_pon_when_the_flag_is_off(self) -> None:
        state = apply(pon_position(flags={"riichi_requires_closed": False}, wall="T9",
                                   hands={"3": "T2 T4 T4 T6 T6 T7 T7 T8"}), {"pon": "T5"}, 2, in_turn=False)
        assert legal(state, 2) == keys(["T1"], ["T2"], ["T3"], {"riichi": "T3"})
        v = allow(state, {"riichi": "T3"}, 2, {"PON-RIICHI-1"})
        assert v.params["wait_cards"] == ["T2", WILD]
        after = apply(state, {"riichi": "T3"}, 2)
        assert after.riichi[2] and len(after.melds[2]) == 1
        # and that riichi player may ron (PON-RON-1): seat 3 draws, then discards a T2
        after = G.close_window(after)
        assert G.to_act(after) == 3 and after.drawn.token == "T9"
        after = apply(after, ["T2"], 3)
        assert legal(after, 2, in_turn=False) == keys(RON)
        after = apply(after, RON, 2, in_turn=False)
        assert after.result["winner"] == 2 and after.result["payments"]["3"] == -12

    def test_a_riichi_player_with_a_pon_may_ron(self) -> None:
        state = pos({"2": "T1 T1 T1 T2 T2"}, melds={"2": ["T5 T5 T5"]}, riichi=[2], to_act=1,
                    last_discard={"seat": 0, "tile": "T2"}, flags={"riichi_requires_closed": False})
        after = apply(state, RON, 2, in_turn=False)
        assert after.result["winner"] == 2 and after.result["payments"]["0"] == -12

    def test_a_riichi_hand_cannot_be_set_up_with_a_pon_by_default(self) -> None:
        with pytest.raises(ScenarioError) as info:
            pos({"2": "T1 T1 T1 T2 T2"}, melds={"2": ["T5 T5 T5"]}, riichi=[2], to_act=1,
                last_discard={"seat": 0, "tile": "T2"})
        assert info.value.path == "setup.riichi[0]"

    def test_one_tile_is_not_enough(self) -> None:
        state = pon_position(caller_hand="T5 T1 T1 T1 T2 T2 T3 T3")
        v = refuse(state, {"pon": "T5"}, 2, {"PON-PON-1"}, in_turn=False, why="pon.pon_pair")
        assert v.params["count"] == 1
        assert legal(state, 2, in_turn=False) == set()

    def test_a_wild_is_not_an_identical_tile(self) -> None:
        state = pon_position(caller_hand="T5 WILD T1 T1 T1 T2 T2 T3")
        refuse(state, {"pon": "T5"}, 2, {"PON-PON-1"}, in_turn=False, why="pon.pon_pair")

    def test_two_wilds_pon_a_wild(self) -> None:
        state = pos({"2": "WILD WILD T1 T1 T1 T2 T2 T3"}, to_act=1, last_discard={"seat": 0, "tile": WILD})
        assert legal(state, 2, in_turn=False) == keys({"pon": WILD})

    def test_not_by_a_riichi_player(self) -> None:
        state = pon_position(caller_hand="T5 T5 T1 T1 T1 T2 T2 T4", riichi=[2])
        refuse(state, {"pon": "T5"}, 2, {"PON-PON-1", "PON-RIICHI-2"}, in_turn=False, why="pon.pon_riichi")
        assert legal(state, 2, in_turn=False) == set()
        assert G.window(state) is None or 2 not in G.window(state).order
        # a riichi player that the discard completes has ron, not pon
        state = pon_position(caller_hand="T5 T5 T1 T1 T1 T2 T2 T2", riichi=[2])
        assert legal(state, 2, in_turn=False) == keys(RON)

    def test_pon_calls_off(self) -> None:
        state = pon_position(flags={"pon_calls": False})
        assert legal(state, 2, in_turn=False) == set()
        refuse(state, {"pon": "T5"}, 2, {"PON-PON-1"}, in_turn=False, why="pon.pon_off")
        assert G.window(state) is None   # nobody is in riichi: no call at all
        # a discard opens no window then: the next seat draws at once
        s0 = pos({"0": "T5 T5 T5 T1 T1 T1 T2 T2 T4", "1": "T4 T4 T6 T6 T7 T7 T8 T8"}, flags={"pon_calls": False})
        after = apply(s0, ["T4"], 0)
        assert after.last_discard is None and G.to_act(after) == 1 and len(after.hands[1]) == 9
        with_pon = apply(pos({"0": "T5 T5 T5 T1 T1 T1 T2 T2 T4", "1": "T4 T4 T6 T6 T7 T7 T8 T8"}), ["T4"], 0)
        assert with_pon.last_discard is not None and G.window(with_pon).order[0] == 1

    def test_ron_is_not_switched_off_with_pon(self) -> None:
        state = ron_position(flags={"pon_calls": False})
        assert legal(state, 2, in_turn=False) == keys(RON) and G.window(state).order == (2,)

    def test_the_pon_takes_the_discarded_tile(self) -> None:
        state = pon_position(caller_hand="T5 T5 T1 T1 T1 T2 T2 T3")
        refuse(state, {"pon": "T1"}, 2, {"PON-PON-1"}, in_turn=False, why="pon.pon_other_tile")
        refuse(state, {"pon": "T5"}, 0, {"PON-PON-1"}, in_turn=False, why="pon.own_discard")

    def test_pon_is_out_of_turn_only(self) -> None:
        refuse(pon_position(), {"pon": "T5"}, 1, {"PON-PON-1"}, why="pon.pon_out_of_turn")
        state = pos({"0": "T5 T5 T1 T1 T1 T2 T2 T3 T3"})
        refuse(state, {"pon": "T5"}, 0, {"PON-PON-1"}, why="pon.pon_out_of_turn")
        refuse(state, {"pon": "T5"}, 2, {"PON-RON-1", "PON-PON-1"}, in_turn=False, why="pon.no_discard")

    def test_the_caller_keeps_a_tile_to_discard(self) -> None:
        """The engine's reading of "the caller must then discard": a seat whose only concealed
        tiles are the two (two pon sets already) cannot call, having nothing left to discard."""
        state = pos({"2": "T5 T5"}, melds={"2": ["T1 T1 T1", "T2 T2 T2"]}, to_act=1,
                    last_discard={"seat": 0, "tile": "T5"})
        refuse(state, {"pon": "T5"}, 2, {"PON-PON-1"}, in_turn=False, why="pon.pon_nothing_to_discard")
        assert legal(state, 2, in_turn=False) == set()
        state = pos({"2": "T5 T5 T9 T8 T8"}, melds={"2": ["T1 T1 T1"]}, to_act=1, last_discard={"seat": 0, "tile": "T5"})
        assert legal(state, 2, in_turn=False) == keys({"pon": "T5"})
        after = apply(state, {"pon": "T5"}, 2, in_turn=False)
        assert len(after.melds[2]) == 2 and hand(after, 2) == Counter(T("T9 T8 T8"))

    def test_a_call_list_for_the_golden_format(self) -> None:
        """README §4.6: in a ``legal`` case with ``in_turn: false`` ``to_act`` names the seat whose
        calls are listed; the seat after the discarder still draws next."""
        data = setup({"3": "T5 T5 T1 T1 T1 T2 T2 T3"}, to_act=3, in_turn=False, last_discard={"seat": 0, "tile": "T5"})
        state = G.from_setup(data)
        assert legal(state, 3, in_turn=False) == keys({"pon": "T5"}) and G.to_act(state) == 1
        assert G.to_act(G.close_window(state)) == 1
        with pytest.raises(ScenarioError) as info:   # in turn, to_act must be the next to draw
            G.from_setup({**data, "in_turn": True})
        assert info.value.path == "setup.to_act"
        with pytest.raises(ScenarioError) as info:
            G.from_setup({**data, "in_turn": "no"})
        assert info.value.path == "setup.in_turn"


# =========================================================================== PON-DRAW-1
def last_discard_position(**kw: Any) -> Any:
    """36 tiles (6 kinds × 6, no wild), four players: 32 in the hands, the last discard and three
    earlier discards: the wall is empty."""
    return pos({"2": "T1 T1 T1 T2 T2 T2 T3 T3", **kw.pop("hands", {})}, to_act=1,
               last_discard={"seat": 0, "tile": kw.pop("tile", "T3")}, discards={"1": ["T6", "T6", "T6"]},
               flags={"kinds": 6, "copies_per_kind": 6, "wild_tiles": 0, **kw.pop("flags", {})}, **kw)


class TestExhaustiveDraw:
    """PON-DRAW-1: the wall runs out with no winner: a draw, no chips change hands."""

    def test_the_empty_wall_ends_the_hand(self) -> None:
        state = last_discard_position(scores=[5, -5, 3, -3])
        assert state.wall == ()
        over = G.close_window(state)
        assert G.round_over(over) and G.to_act(over) is None
        assert over.result["draw"] is True and over.result["winner"] is None
        assert over.result["payments"] == {"0": 0, "1": 0, "2": 0, "3": 0}
        assert list(over.scores) == [5, -5, 3, -3]
        ev = [e for e in G.events(over) if e.key == "pon.event.exhausted"]
        assert ev and ev[0].rule_ids == ("PON-DRAW-1",)
        refuse(over, ["T1"], 1, {"PON-TURN-1"}, why="pon.hand_over")
        assert G.legal_actions(over, 1) == [] and G.window(over) is None
        conserved(over)

    def test_the_last_discard_can_still_be_called(self) -> None:
        state = last_discard_position(riichi=[2])
        assert G.window(state).order[0] == 2
        after = apply(state, RON, 2, in_turn=False)
        assert after.result["winner"] == 2 and after.result["draw"] is False

    def test_a_whole_hand_without_a_win(self) -> None:
        for players in (3, 4):
            state = G.new_game(G.flags({"players": players}), 31)
            while not G.round_over(state):
                seat = G.to_act(state)
                state = discard(state, state.drawn.token, seat)
            assert state.result["draw"] and list(state.scores) == [0] * players
            assert sum(len(d) for d in state.discards) == 85 - 8 * players
            conserved(state)


# =========================================================================== PON-VALUE-1
class TestHandValue:
    """PON-VALUE-1: a non-dealer's win is worth ``V``; the engine's default is a flat 12."""

    def test_default_twelve(self) -> None:
        assert G.score({"flags": {"players": 4}, "dealer": 0, "winner": 1, "win_type": "ron", "discarder": 3}) == \
            {"payments": {"3": -12, "1": 12}}
        assert G.flags({}).hand_value == 12

    @pytest.mark.parametrize("value", [1, 10, 12, 40, 101])
    def test_the_flag_sets_the_value_in_play(self, value: int) -> None:
        state = ron_position(flags={"hand_value": value}, dealer=1)
        after = apply(state, RON, 2, in_turn=False)
        assert after.result["payments"]["2"] == value and after.result["payments"]["0"] == -value

    def test_a_score_case_may_give_v(self) -> None:
        assert G.score({"flags": {"players": 4, "hand_value": 30}, "dealer": 0, "winner": 1, "win_type": "ron",
                        "discarder": 2}) == {"payments": {"2": -30, "1": 30}}
        assert G.score({"flags": {"players": 4, "hand_value": 30}, "dealer": 0, "winner": 1, "win_type": "ron",
                        "discarder": 2, "V": 7}) == {"payments": {"2": -7, "1": 7}}


# =========================================================================== PON-PAY-1 … PON-PAY-5
def score(players: int, dealer: int, winner: int, how: str, discarder: int | None = None, v: int | None = None) -> dict:
    facts: dict[str, Any] = {"flags": {"players": players}, "dealer": dealer, "winner": winner, "win_type": how}
    if discarder is not None:
        facts["discarder"] = discarder
    if v is not None:
        facts["V"] = v
    return G.score(facts)["payments"]


class TestPayments:
    """PON-PAY-1 dealer 1.5V; PON-PAY-2 ron: the discarder pays all; PON-PAY-3 non-dealer
    tsumo: V / N each, the dealer 2V / N; PON-PAY-4 dealer tsumo: 1.5V shared; PON-PAY-5 each
    payment rounded up, the winner receives the sum."""

    # the table of PON-PAY-5 (V = 12), dealer seat 0
    @pytest.mark.parametrize("players,dealer,winner,how,discarder,want", [
        (3, 0, 1, "tsumo", None, {"0": -8, "2": -4, "1": 12}),
        (3, 0, 2, "tsumo", None, {"0": -8, "1": -4, "2": 12}),
        (3, 0, 0, "tsumo", None, {"1": -9, "2": -9, "0": 18}),
        (3, 0, 1, "ron", 2, {"2": -12, "1": 12}),
        (3, 0, 1, "ron", 0, {"0": -12, "1": 12}),
        (3, 0, 0, "ron", 2, {"2": -18, "0": 18}),
        (4, 0, 2, "tsumo", None, {"0": -6, "1": -3, "3": -3, "2": 12}),
        (4, 0, 0, "tsumo", None, {"1": -6, "2": -6, "3": -6, "0": 18}),
        (4, 0, 3, "ron", 1, {"1": -12, "3": 12}),
        (4, 0, 0, "ron", 1, {"1": -18, "0": 18}),
        # the dealer elsewhere: its share follows the seat
        (4, 2, 0, "tsumo", None, {"2": -6, "1": -3, "3": -3, "0": 12}),
        (4, 3, 3, "tsumo", None, {"0": -6, "1": -6, "2": -6, "3": 18}),
        (3, 1, 1, "ron", 0, {"0": -18, "1": 18}),
        (3, 2, 0, "tsumo", None, {"2": -8, "1": -4, "0": 12}),
    ])
    def test_the_table(self, players: int, dealer: int, winner: int, how: str, discarder: int | None,
                       want: dict) -> None:
        assert score(players, dealer, winner, how, discarder) == want
        total = 18 if winner == dealer else 12
        assert want[str(winner)] == total

    @pytest.mark.parametrize("players,dealer,winner,how,discarder,v,want", [
        (3, 0, 1, "tsumo", None, 10, {"0": -7, "2": -4, "1": 11}),          # the spec's example: 4 + 7
        (4, 0, 1, "tsumo", None, 10, {"0": -5, "2": -3, "3": -3, "1": 11}),  # 2.5 -> 3
        (4, 0, 0, "tsumo", None, 10, {"1": -5, "2": -5, "3": -5, "0": 15}),
        (3, 0, 0, "tsumo", None, 10, {"1": -8, "2": -8, "0": 16}),           # 7.5 -> 8
        (4, 0, 0, "ron", 2, 11, {"2": -17, "0": 17}),                        # 16.5 -> 17
        (4, 0, 1, "ron", 2, 11, {"2": -11, "1": 11}),                        # V itself is whole
        (4, 0, 1, "tsumo", None, 7, {"0": -4, "2": -2, "3": -2, "1": 8}),    # 1.75 -> 2, 3.5 -> 4
        (4, 0, 2, "tsumo", None, 40, {"0": -20, "1": -10, "3": -10, "2": 40}),  # PON-G-04
        (4, 0, 0, "ron", 3, 40, {"3": -60, "0": 60}),                        # PON-G-05
        (4, 0, 0, "tsumo", None, 40, {"1": -20, "2": -20, "3": -20, "0": 60}),  # PON-G-06
        (4, 0, 1, "tsumo", None, 30, {"0": -15, "2": -8, "3": -8, "1": 31}),    # PON-G-07
        (3, 0, 2, "tsumo", None, 1, {"0": -1, "1": -1, "2": 2}),
    ])
    def test_rounding_up_with_other_values(self, players: int, dealer: int, winner: int, how: str,
                                           discarder: int | None, v: int, want: dict) -> None:
        assert score(players, dealer, winner, how, discarder, v) == want

    @pytest.mark.parametrize("players", [3, 4])
    def test_every_case_against_the_oracle(self, players: int) -> None:
        for v in range(1, 61):
            for dealer, winner in itertools.product(range(players), repeat=2):
                cases = [("tsumo", None)] + [("ron", d) for d in range(players) if d != winner]
                for how, disc in cases:
                    got = {int(s): x for s, x in score(players, dealer, winner, how, disc, v).items()}
                    want = oracle_payments(players, dealer, winner, how, disc, v)
                    assert got == want, (players, dealer, winner, how, disc, v)
                    assert sum(got.values()) == 0          # what is paid is received
                    exact = Fraction(3 * v, 2) if winner == dealer else Fraction(v)
                    assert exact <= got[winner] < exact + players - 1   # rounded up, less than a chip per payer
                    if how == "ron":
                        assert set(got) == {winner, disc}

    @pytest.mark.parametrize("players", [3, 4])
    def test_the_default_value_is_always_whole(self, players: int) -> None:
        """§2.4: with V = 12 every payment is whole, and the totals are exactly V or 1.5V."""
        for dealer, winner in itertools.product(range(players), repeat=2):
            got = score(players, dealer, winner, "tsumo")
            assert got[str(winner)] == (18 if winner == dealer else 12)

    def test_payments_in_play_add_to_the_scores(self) -> None:
        state = pos({"1": "T7 T7 T7 T8 T8 T8 T9 T9 T9"}, players=3, to_act=1, drawn="T9", scores=[3, 4, 5],
                    flags={"hand_value": 10})
        after = apply(state, TSUMO, 1)
        assert after.result["payments"] == {"0": -7, "1": 11, "2": -4}
        assert list(after.scores) == [-4, 15, 1]
        paid = [e for e in G.events(after) if e.key == "pon.event.paid"]
        assert paid and paid[0].params["total"] == 11 and set(paid[0].rule_ids) == {"PON-PAY-1", "PON-PAY-5"}
        assert G.check_value(after, "payments") == {"0": -7, "1": 11, "2": -4}

    @pytest.mark.parametrize("bad,path", [
        ({"dealer": 0, "winner": 1, "win_type": "tsumo", "discarder": 2}, "setup.discarder"),
        ({"dealer": 0, "winner": 1, "win_type": "ron"}, "setup.discarder"),
        ({"dealer": 0, "winner": 1, "win_type": "ron", "discarder": 1}, "setup.discarder"),
        ({"dealer": 0, "winner": 1, "win_type": "draw"}, "setup.win_type"),
        ({"dealer": 0, "winner": 4, "win_type": "tsumo"}, "setup.winner"),
        ({"dealer": 5, "winner": 1, "win_type": "tsumo"}, "setup.dealer"),
        ({"dealer": 0, "winner": 1, "win_type": "tsumo", "V": 0}, "setup.V"),
        ({"dealer": 0, "winner": 1, "win_type": "tsumo", "V": "12"}, "setup.V"),
        ({"dealer": 0, "win_type": "tsumo"}, "setup.winner"),
    ])
    def test_bad_score_facts(self, bad: dict, path: str) -> None:
        with pytest.raises(ScenarioError) as info:
            G.score({"flags": {"players": 4}, **bad})
        assert info.value.path == path, str(info.value)


# =========================================================================== PON-NEXT-1
def won_position(hand_no: int, scores: list[int], players: int = 3, dealer: int = 2) -> Any:
    """Hand ``hand_no``: seat 0 (not the dealer) has drawn its winning tile; the tsumo is worth
    12 (PON-PAY-3: the dealer pays 8 with three players, the other 4)."""
    state = pos({"0": WIN_HAND}, players=players, dealer=dealer, drawn="T3", hand_no=hand_no, scores=scores)
    return apply(state, TSUMO, 0)


class TestSession:
    """PON-NEXT-1: a game is 2N hands; the deal passes clockwise after every hand; the player
    with most chips wins."""

    @pytest.mark.parametrize("players", [3, 4])
    def test_a_whole_game(self, players: int) -> None:
        state = G.new_game(G.flags({"players": players}), 2024)
        totals = [0] * players
        for number in range(1, 2 * players + 1):
            assert state.hand_no == number and state.dealer == (number - 1) % players
            assert G.to_act(state) == state.dealer and len(state.hands[state.dealer]) == 9   # the dealer draws first
            assert list(state.scores) == totals and not G.game_over(state)
            ses = G.session(state)
            assert ses["hands_in_game"] == 2 * players and ses["next_dealer"] == number % players
            # bots play it, calls included (the window resolved in its order)
            for _ in range(400):
                state = resolve(G, state).state
                if G.round_over(state):
                    break
                seat = G.to_act(state)
                choice = heuristic_choice(G, state, seat)
                assert G.explain(state, choice.action, seat).legal
                state = G.apply(state, choice.action, seat)
            assert G.round_over(state)
            conserved(state)
            paid = [state.result["payments"][str(s)] for s in range(players)]
            assert sum(paid) == 0
            totals = [a + b for a, b in zip(totals, paid)]
            assert list(state.scores) == totals
            assert G.game_over(state) == (number == 2 * players)
            if number < 2 * players:
                assert G.session(state)["winner"] is None
                state = G.next_hand(state)
        best = max(totals)
        assert G.session(state)["game_over"] is True
        assert G.session(state)["winner"] == [s for s in range(players) if totals[s] == best]
        assert G.next_hand(state) is state     # no hand after the last
        assert [e for e in G.events(state) if e.key == "pon.event.game_over"]

    def test_the_deal_passes_clockwise_and_the_chips_carry(self) -> None:
        state = won_position(1, [0, 0, 0], dealer=0)
        assert list(state.scores) == [18, -9, -9] and G.session(state)["next_dealer"] == 1
        nxt = G.next_hand(state)
        assert nxt.hand_no == 2 and nxt.dealer == 1 and G.to_act(nxt) == 1 and len(nxt.hands[1]) == 9
        assert list(nxt.scores) == [18, -9, -9] and nxt.result is None and nxt.phase == "play"
        assert [len(h) for h in nxt.hands] == [8, 9, 8] and len(nxt.wall) == 85 - 25
        conserved(nxt)
        assert G.next_hand(nxt) is nxt     # a hand in play has no next hand yet
        ev = [e for e in G.events(nxt) if e.key == "pon.event.next_hand"]
        assert ev and ev[-1].params == {"hand": 2, "dealer": 1} and ev[-1].rule_ids == ("PON-NEXT-1",)

    def test_the_dealer_wraps_round(self) -> None:
        state = won_position(3, [0, 0, 0], dealer=2)
        nxt = G.next_hand(state)
        assert nxt.dealer == 0 and nxt.hand_no == 4

    def test_the_last_hand_ends_the_game(self) -> None:
        state = won_position(6, [4, 12, -16])
        assert list(state.scores) == [16, 8, -24]
        assert G.game_over(state) and G.session(state)["winner"] == [0]
        assert G.next_hand(state) is state

    def test_a_tie_has_several_winners(self) -> None:
        state = won_position(6, [4, 20, -24])
        assert list(state.scores) == [16, 16, -32]
        assert G.game_over(state) and G.session(state)["winner"] == [0, 1]
        ev = [e for e in G.events(state) if e.key == "pon.event.game_over"]
        assert ev and list(ev[0].params["seats"]) == [0, 1]

    def test_not_over_before_the_last_hand(self) -> None:
        state = won_position(5, [100, 0, -100])
        assert not G.game_over(state) and G.session(state)["winner"] is None
        assert G.next_hand(state).hand_no == 6

    def test_an_exhaustive_draw_counts_as_a_hand(self) -> None:
        state = last_discard_position(hand_no=4, scores=[1, 2, 3, -6], dealer=3)
        over = G.close_window(state)
        assert G.round_over(over) and not G.game_over(over)
        nxt = G.next_hand(over)
        assert nxt.hand_no == 5 and nxt.dealer == 0 and list(nxt.scores) == [1, 2, 3, -6]

    @pytest.mark.parametrize("bad,path", [({"hand_no": 0}, "setup.hand_no"), ({"hand_no": 9}, "setup.hand_no"),
                                          ({"scores": [1, 2]}, "setup.scores"), ({"dealer": 4}, "setup.dealer")])
    def test_bad_session_keys(self, bad: dict, path: str) -> None:
        with pytest.raises(ScenarioError) as info:
            pos({"0": RIICHI_HAND}, **bad)
        assert info.value.path == path


# =========================================================================== the Actions table
class TestActions:
    """minor.md "Actions", Pon-jan — phase play: ``[tile]``, ``{"riichi": tile}``, ``{"win":
    "tsumo"}`` in turn; ``{"win": "ron"}`` and ``{"pon": tile}`` out of turn; drawing is
    automatic and declining a call is not an action."""

    def test_actions_round_trip(self) -> None:
        for data in (["T3"], [WILD], {"riichi": "T5"}, TSUMO, RON, {"pon": "T5"}):
            assert G.action_to_json(act(data)) == data

    @pytest.mark.parametrize("data", [[], ["X1"], ["T1", "Z-2"]])
    def test_unreadable_actions(self, data: Any) -> None:
        with pytest.raises(ActionError):
            act(data)

    @pytest.mark.parametrize("data", ["PASS", {"bid": 1}, {"win": "draw"}, {"draw": True}, {"chi": "T5"}])
    def test_unknown_actions_in_turn(self, data: Any) -> None:
        refuse(pos({"0": RIICHI_HAND}), data, 0, {"PON-TURN-1"}, why="pon.unknown_action")

    @pytest.mark.parametrize("data", ["PASS", {"bid": 1}, ["T5"], {"riichi": "T5"}])
    def test_other_actions_out_of_turn(self, data: Any) -> None:
        state = pon_position()
        v = refuse(state, data, 2, {"PON-TURN-1"}, in_turn=False, why="pon.not_your_turn")
        assert v.params["seat"] == 1

    def test_tsumo_out_of_turn_is_explained(self) -> None:
        refuse(pon_position(), TSUMO, 2, {"PON-TURN-1"}, in_turn=False, why="pon.tsumo_own_draw")

    def test_no_call_without_an_open_discard(self) -> None:
        state = pos({"0": RIICHI_HAND, "1": "T5 T5 T1 T1 T1 T2 T2 T3"}, riichi=[])
        for seat in range(4):
            assert G.legal_actions(state, seat, in_turn=False) == []
        refuse(state, {"pon": "T5"}, 1, {"PON-RON-1", "PON-PON-1"}, in_turn=False, why="pon.no_discard")
        assert G.window(state) is None

    def test_only_the_tables_actions_are_listed(self) -> None:
        """In turn only discards, riichi and tsumo; out of turn only ron and pon; never a pass
        (declining a call is not an action)."""
        for seed in range(6):
            state = G.new_game(G.flags({"players": 3 + seed % 2}), seed)
            rng = Rng(seed)
            for _ in range(60):
                if G.round_over(state):
                    break
                for s in range(state.players):
                    for a in G.legal_actions(state, s, in_turn=False):
                        assert isinstance(a, Decision) and (a.key, a.value) in {("win", "ron"), ("pon", a.value)}
                if G.window(state) is not None:
                    state = G.close_window(state)
                    continue
                for a in G.legal_actions(state, G.to_act(state)):
                    assert (isinstance(a, Play) and len(a.cards) == 1) or \
                        (isinstance(a, Decision) and (a.key == "riichi" or (a.key, a.value) == ("win", "tsumo")))
                options = G.legal_actions(state, G.to_act(state))
                state = G.apply(state, options[rng.below(len(options))], G.to_act(state))

    def test_declining_is_always_allowed(self) -> None:
        state = pon_position()
        assert G.decline(state, 2).legal
        settled = G.close_window(state)
        assert settled.melds[2] == () and G.to_act(settled) == 1

    def test_random_play_agrees_with_the_oracles(self) -> None:
        """Every in-turn decision's legal set is the Actions table's (``oracle_legal``), every
        call's the oracle's, tiles are conserved at every step, for both flags either way."""
        for seed in range(16):
            flags = {"players": 3 + seed % 2, "pon_calls": seed % 4 != 3, "riichi_requires_closed": seed % 3 != 2,
                     "wild_tiles": (0, 4, 8)[seed % 3], "kinds": (6, 9)[seed % 2]}
            state = G.new_game(G.flags(flags), seed)
            state, seats = play_hand(state, Rng(seed))
            assert seats and seats[0] == 0

    def test_explain_agrees_with_legal_actions(self) -> None:
        for seed in range(4):
            state = G.new_game(G.flags({"players": 4}), 100 + seed)
            rng = Rng(seed)
            for _ in range(40):
                if G.round_over(state):
                    break
                state = G.close_window(state)
                if G.round_over(state):
                    break
                seat = G.to_act(state)
                options = {key(a) for a in G.legal_actions(state, seat)}
                tries = [[t.token] for t in state.hands[seat]] + [{"riichi": t.token} for t in state.hands[seat]]
                tries += [TSUMO, ["T1"], [WILD], {"riichi": "T9"}]
                for data in tries:
                    v = verdict(state, data, seat)
                    assert v.legal == (G.normalize_action(data) in options), (data, v.text("en"))
                    assert v.rule_ids
                options_list = G.legal_actions(state, seat)
                state = G.apply(state, options_list[rng.below(len(options_list))], seat)

    def test_apply_never_changes_its_input(self) -> None:
        state = pon_position()
        before = copy.deepcopy(state)
        apply(state, {"pon": "T5"}, 2, in_turn=False)
        G.close_window(state)
        assert state == before


# =========================================================================== setups
class TestSetups:
    """The setup keys of README §4.6 (Pon-jan) and the engine's extras."""

    @pytest.mark.parametrize("bad,path", [
        (setup({"0": "T1 T1"}), "setup.hands.0"),                                   # 2 of 9
        (setup({"1": RIICHI_HAND}), "setup.hands.1"),                               # seat 1 holds 8
        (setup({"0": RIICHI_HAND}, drawn="T9"), "setup.drawn"),                    # not in the hand
        (setup({"0": RIICHI_HAND}, riichi=[0]), "setup.drawn"),                    # riichi needs the drawn tile
        (setup(to_act=2, last_discard={"seat": 0, "tile": "T3"}), "setup.to_act"),
        (setup(to_act=1, last_discard={"seat": 0, "tile": "T3"}, drawn="T3"), "setup.drawn"),
        (setup(to_act=1, last_discard={"seat": 0, "tile": "T3", "x": 1}), "setup.last_discard.x"),
        (setup(melds={"0": ["T1 T1 T2"]}), "setup.melds.0[0]"),
        (setup(melds={"0": ["T1 T1 T1", "T2 T2 T2", "T3 T3 T3"]}), "setup.melds.0"),
        (setup({"0": RIICHI_HAND}, phase="score"), "setup.phase"),
        (setup({"0": RIICHI_HAND}, trick=[{"seat": 0, "cards": ["T1"]}]), "setup.trick"),
        (setup({"0": RIICHI_HAND}, to_act=4), "setup.to_act"),
        (setup({"0": RIICHI_HAND}, cards_held={"1": 9}), "setup.cards_held.1"),
        (setup({"0": RIICHI_HAND}, layout=[]), "setup.layout"),
        (setup({"0": RIICHI_HAND}, flags={"pon_calls": "yes"}), "setup.flags.pon_calls"),
    ])
    def test_malformed_setups_name_the_json_path(self, bad: dict, path: str) -> None:
        with pytest.raises(ScenarioError) as info:
            G.from_setup(bad)
        assert info.value.path == path, str(info.value)

    def test_melds_are_outside_the_hand(self) -> None:
        state = pos({"0": "T1 T1 T1 T2 T2 T3"}, melds={"0": ["T5 T5 T5"]}, cards_held={"0": 6, "1": 8})
        assert len(state.hands[0]) == 6 and held(state, 0) == 9
        conserved(state)

    def test_the_seed_picks_the_unknown_tiles(self) -> None:
        a, b, c = (pos({"0": RIICHI_HAND}, seed=s) for s in (1, 1, 2))
        assert a.hands == b.hands and a.wall == b.wall and (a.hands, a.wall) != (c.hands, c.wall)


# =========================================================================== the JSON bridge
def ok(request: dict) -> dict:
    response = handle(request)
    assert response.get("ok") is True, response
    json.dumps(response)
    return response


SCENARIO = {"game": "ponjan", "flags": {"players": 4}, "phase": "play", "to_act": 0,
            "hands": {"0": T(RIICHI_HAND), "1": T("T6 T6 T7 T7 T8 T8 T9 T4"), "2": T("T5 T5 T1 T1 T1 T2 T2 T3"),
                      "3": T("T6 T7 T8 T9 T4 T4 T6 T7")}}


class TestBridge:
    """``tutor.api.handle`` plays Pon-jan: new, view, legal, explain, apply, window, bot, next hand."""

    def test_games_lists_ponjan(self) -> None:
        games = ok({"op": "games"})["games"]
        pon = next(g for g in games if g["name"] == "ponjan")
        assert pon["title"]["en"] == "Pon-jan" and pon["title"]["ja"] == "ポンジャン"
        assert {f["name"] for f in pon["flags"]} >= {"players", "kinds", "copies_per_kind", "wild_tiles",
                                                    "pon_calls", "riichi_requires_closed"}

    def test_a_new_hand(self) -> None:
        r = ok({"op": "new", "game": "ponjan", "seed": 7, "viewer": 0})
        view = r["view"]
        assert view["phase"] == "play" and view["to_act"] == 0 and len(view["hand"]) == 9
        assert view["cards_held"] == [9, 8, 8, 8] and view["wall_count"] == 52
        assert view["session"]["hands_in_game"] == 8
        assert "flags.copies_per_kind" in handle({"op": "new", "game": "ponjan", "seed": 1,
                                                  "flags": {"kinds": 6, "copies_per_kind": 4, "wild_tiles": 0}})["error"]

    def test_riichi_pon_and_the_window(self) -> None:
        sid = ok({"op": "load", "scenario": {**SCENARIO, "wall": ["T9"]}})["state"]
        actions = ok({"op": "legal", "state": sid})["actions"]
        assert {G.normalize_action(a) for a in actions} == keys(["T1"], ["T2"], ["T3"], ["T5"], {"riichi": "T5"})
        v = ok({"op": "explain", "state": sid, "action": {"riichi": "T1"}})["verdict"]
        assert v["legal"] is False and v["rule_ids"] == ["PON-RIICHI-1"]
        v = ok({"op": "explain", "state": sid, "action": {"riichi": "T5"}})["verdict"]
        assert v["legal"] is True and v["params"]["wait_cards"] == ["T3", "WILD"]
        r = ok({"op": "apply", "state": sid, "action": {"riichi": "T5"}})
        assert r["window"]["kind"] == "call" and r["window"]["order"] == [2]
        asked = ok({"op": "window", "state": r["state"], "viewer": 2})
        assert asked["status"] == "ask" and asked["ask"]["seat"] == 2 and asked["ask"]["actions"] == [{"pon": "T5"}]
        called = ok({"op": "apply", "state": asked["state"], "action": {"pon": "T5"}, "seat": 2, "in_turn": False})
        assert called["view"]["to_act"] == 2 and called["view"]["melds"][2] == [["T5", "T5", "T5"]]
        assert called["view"]["riichi"] == [True, False, False, False]
        refused_ = handle({"op": "apply", "state": called["state"], "action": {"win": "tsumo"}, "seat": 2})
        assert refused_["ok"] is False and refused_["verdict"]["rule_ids"] == ["PON-PON-1"]
        # declining instead: the seat after the discarder draws the wall's top tile
        closed = ok({"op": "window", "state": r["state"], "viewer": 2, "declined": [2]})
        assert closed["status"] == "closed" and closed["view"]["to_act"] == 1 and closed["view"]["cards_held"][1] == 9

    def test_a_whole_game_through_the_bridge(self) -> None:
        r = ok({"op": "new", "game": "ponjan", "flags": {"players": 3}, "seed": 5})
        sid = r["state"]
        hands_played = 0
        for _ in range(3000):
            view = ok({"op": "view", "state": sid})["view"]
            if view["phase"] == "score":
                hands_played += 1
                assert sum(view["result"]["payments"].values()) == 0
                nxt = ok({"op": "next_hand", "state": sid})
                if nxt["game_over"]:
                    break
                sid = nxt["state"]
                assert nxt["view"]["session"]["hand_no"] == hands_played + 1
                assert nxt["view"]["dealer"] == hands_played % 3
                continue
            bot = ok({"op": "bot", "state": sid})
            assert ok({"op": "explain", "state": sid, "action": bot["action"]})["verdict"]["legal"]
            r = ok({"op": "apply", "state": sid, "action": bot["action"]})
            sid = r["state"]
            if r["window"] is not None:
                sid = ok({"op": "window", "state": sid})["state"]
        assert hands_played == 6
        final = ok({"op": "view", "state": sid})["view"]
        assert final["session"]["game_over"] is True and sum(final["scores"]) == 0
        assert final["session"]["winner"] == [s for s in range(3) if final["scores"][s] == max(final["scores"])]

    def test_playout(self) -> None:
        first = handle({"op": "playout", "game": "ponjan", "seed": 3})
        assert first["ok"] and first["over"] and first["actions"] >= 10
        assert handle({"op": "playout", "game": "ponjan", "seed": 3}) == first

    def test_the_view_hides_other_hands(self) -> None:
        sid = ok({"op": "load", "scenario": SCENARIO, "viewer": 2})["state"]
        view = ok({"op": "view", "state": sid})["view"]
        assert sorted(view["hand"]) == sorted(T("T5 T5 T1 T1 T1 T2 T2 T3")) and view["drawn"] is None
        r = handle({"op": "legal", "state": sid, "seat": 0})
        assert r["ok"] is False   # the viewer's session answers for its seat only


class TestCallWindowWords:
    """The call window's prompt names the calls it offers (PON-RON-1, PON-PON-1)."""

    @pytest.mark.parametrize("actions,start", [([{"win": "ron"}], "You may win on this discard now"),
                                               ([{"pon": "T6"}], "You may call pon on this discard now"),
                                               ([{"win": "ron"}, {"pon": "T6"}], "You may take this discard now")])
    def test_prompt(self, actions: list, start: str) -> None:
        words = G.window_words("call", [G.parse_action(a) for a in actions], "en")
        assert words["prompt"].startswith(start) and words["decline"] == "Let it go"
        assert G.window_words("call", [G.parse_action(a) for a in actions], "ja")["prompt"].startswith("いまの捨て牌")
