"""Session and hand (issue 11): what lasts across hands is kept apart from the hand in play.

Each game's state holds a frozen ``Session`` (hand number, running scores, dealer / first
bidder, the target and the game's end); ``next_hand`` deals the next hand from it,
``game_over`` ends the session, and the bridge answers ``next_hand`` (``advance`` its alias).
"""
from __future__ import annotations

import dataclasses

import pytest

from tutor.api import handle
from tutor.bots import heuristic_choice
from tutor.game import Game
from tutor.registry import BUILT_NAMES, find_game
from tutor.scenario import load_scenario

GAMES = BUILT_NAMES
#: the games whose session keeps running scores (Daifugo's keeps titles and places instead, the 2d6
#: check's its rolls)
SCORED = tuple(n for n in GAMES if n not in ("daifugo", "dice"))


def play_hand(game: Game, state):
    """Plays the hand in ``state`` to its score with the heuristic bots (windows closed untaken)."""
    state = game.close_window(state)
    for _ in range(3000):
        if game.round_over(state):
            return state
        seat = game.to_act(state)
        state = game.close_window(game.apply(state, heuristic_choice(game, state, seat).action, seat))
    raise AssertionError("the hand did not end")


def new(name: str, seed: int = 3, **flags):
    game = find_game(name)
    return game, game.new_game(game.default_flags(flags), seed)


def ok(req: dict) -> dict:
    out = handle(req)
    assert out["ok"], out
    return out


@pytest.mark.parametrize("name", GAMES)
class TestSessionCarriesOver:
    def test_the_hand_number_increments(self, name):
        """Every game: a hand's end, then the next hand numbered one more (the scoreless ones too)."""
        game, s = new(name, **({"target_score": 100000} if name == "tichu" else {}))
        for hand in range(1, 4):
            assert game.session(s)["hand_no"] == hand
            s = play_hand(game, s)
            nxt = game.next_hand(s)
            assert nxt is not s and game.phase(nxt) != "score" and game.session(nxt)["hand_no"] == hand + 1
            assert game.advance(s) == nxt, "advance is next_hand"
            s = nxt

    def test_scores_accumulate_and_hand_number_increments(self, name):
        if name not in SCORED:  # its standing is tested with its own rules (test_daifugo_rules.py)
            assert new(name)[0].session(new(name)[1])["scores"] is None
            return
        game, s = new(name, **({"target_score": 100000} if name == "tichu" else {}))
        assert game.session(s)["hand_no"] == 1 and not game.game_over(s)
        running = None
        for hand in range(1, 4):
            assert s.session is not None and game.session(s)["hand_no"] == hand
            before = list(s.scores)
            s = play_hand(game, s)
            after = list(s.scores)
            gained = _gained(name, s)
            assert after == [b + g for b, g in zip(before, gained)], "this hand's score is added to the totals"
            running = after
            nxt = game.next_hand(s)
            assert nxt is not s and game.phase(nxt) != "score"
            assert list(nxt.scores) == running, "the totals carry over"
            assert game.session(nxt)["hand_no"] == hand + 1
            assert game.advance(s) == nxt, "advance is next_hand"
            s = nxt

    def test_next_hand_only_after_the_score(self, name):
        game, s = new(name)
        assert game.next_hand(s) is s and game.advance(s) is s

    def test_session_json_and_view(self, name):
        import json
        game, s = new(name)
        ses = game.session(s)
        assert {"hand_no", "scores", "target", "dealer", "next_dealer", "next_first_bidder", "game_over",
                "winner"} <= set(ses)
        json.dumps(ses)
        view = game.view(s, 0)
        assert view["session"] == ses
        assert "scores" in view and "result" in view  # the keys the page reads stay

    def test_a_hand_holds_nothing_of_the_session_twice(self, name):
        game, s = new(name)
        s = play_hand(game, s)
        hand_fields = {f.name for f in dataclasses.fields(s)}
        session_fields = {f.name for f in dataclasses.fields(s.session)}
        assert "session" in hand_fields and not hand_fields & session_fields
        if s.result is None:
            return
        # the hand's result is its own score: totals and the game's end are the session's
        assert not {"totals", "game_over"} & set(s.result)


def _gained(name: str, state) -> list[int]:
    """What the hand just scored added to each seat's (team's) total, from the hand's own result."""
    result = state.result
    if name == "tichu":
        return [result["round_score"]["A"], result["round_score"]["B"]]
    if name == "napoleon":
        return result["gained"]
    if name == "jianhongdian":
        return result["points"]
    if name == "ponjan":
        return [result["payments"][str(seat)] for seat in range(state.players)]
    if name == "shengji":  # a team's running score is its level (SJ-SCORE-2)
        from tutor.games.shengji.state import LEVELS
        return [LEVELS.index(result["levels_after"][t]) - LEVELS.index(result["levels_before"][t])
                for t in ("team02", "team13")]
    return [result["landlord_net"] if seat == state.landlord else result["each_farmer_net"]
            for seat in range(state.players)]


class TestDouDizhuRotation:  # DDZ-NEXT-1
    @pytest.mark.parametrize("players", [3, 4])
    def test_the_deal_passes_to_the_next_seat(self, players):
        game, s = new("doudizhu", seed=5, players=players, first_bidder="rotate")
        for _ in range(players + 1):
            dealer = s.dealer
            assert s.to_act == s.first_bidder == (dealer + 1) % players
            s = play_hand(game, s)
            ses = game.session(s)
            assert ses["dealer"] == dealer and ses["next_dealer"] == (dealer + 1) % players
            assert ses["next_first_bidder"] == (dealer + 2) % players and ses["target"] is None
            s = game.next_hand(s)
            assert s.dealer == (dealer + 1) % players and s.first_bidder == ses["next_first_bidder"]

    def test_marker_first_bidder_is_the_deals(self):
        game, s = new("doudizhu", seed=5)
        assert game.session(s)["next_first_bidder"] is None  # the next deal's marked card decides


class TestNapoleonRotation:  # NAP-NEXT-1
    def test_the_napoleon_opens_the_next_bidding(self):
        game, s = new("napoleon", seed=11)
        assert s.first_bidder == 0 and game.session(s)["next_first_bidder"] is None
        for game_no in range(1, 4):
            s = play_hand(game, s)
            ses = game.session(s)
            assert ses["next_first_bidder"] == s.napoleon and ses["hand_no"] == game_no
            nap = s.napoleon
            s = game.next_hand(s)
            assert s.first_bidder == s.to_act == nap and s.game_no == game_no + 1
            assert s.session.next_first_bidder is None


class TestTichuGameEnd:  # TICHU-GAME-1
    def test_the_game_ends_at_the_target(self):
        game, s = new("tichu", seed=2, target_score=200, grand_tichu=False)
        assert game.session(s)["target"] == 200
        for _ in range(60):
            s = play_hand(game, s)
            if game.game_over(s):
                break
            s = game.next_hand(s)
        else:
            raise AssertionError("no team reached the target")
        a, b = s.scores
        ses = game.session(s)
        assert max(a, b) >= 200 and a != b and ses["game_over"] is True
        assert ses["winner"] == ("A" if a > b else "B") == s.session.winner
        assert game.next_hand(s) is s and game.advance(s) is s  # a finished game stays finished
        view = game.view(s, 0)
        assert view["result"]["game_over"] is True and view["result"]["totals"] == {"A": a, "B": b}
        assert view["scores"] == {"A": a, "B": b} and view["round"] == ses["hand_no"]

    def test_the_target_comes_from_the_flag(self):
        game, s = new("tichu", target_score=500)
        assert s.session.target_score == 500

    def test_a_scenario_sets_the_session(self):
        game, s = load_scenario({"game": "tichu", "flags": {"target_score": 300}, "phase": "play", "to_act": 0,
                                 "hands": {"0": ["S-2"]}, "trick": [], "scores": {"A": 250, "B": 100}, "round": 4})
        assert s.session.scores == (250, 100) and s.session.round_no == 4 and s.session.target_score == 300
        assert game.view(s, 0)["round"] == 4 and game.view(s, 0)["scores"] == {"A": 250, "B": 100}

    def test_a_scenario_without_session_starts_at_round_one(self):
        game, s = load_scenario({"game": "tichu", "flags": {}, "phase": "play", "to_act": 0,
                                 "hands": {"0": ["S-2"]}, "trick": []})
        assert s.session.scores == (0, 0) and s.session.round_no == 1 and s.session.target_score == 1000

    @pytest.mark.parametrize("bad", [{"scores": [1, 2]}, {"scores": {"C": 1}}, {"round": 0}])
    def test_a_bad_scenario_session_is_named(self, bad):
        from tutor.errors import ScenarioError
        with pytest.raises(ScenarioError, match=next(iter(bad))):
            load_scenario({"game": "tichu", "flags": {}, "phase": "play", "to_act": 0, "hands": {"0": ["S-2"]},
                           "trick": [], **bad})


class TestBridge:
    def test_next_hand_and_its_alias(self):
        game, s = new("doudizhu", seed=4)
        s = play_hand(game, s)
        from tutor.api import _store
        sid = _store(game, s)
        out = ok({"op": "next_hand", "state": sid, "seat": 0})
        assert out["game_over"] is False and out["session"]["hand_no"] == 2
        assert out["view"]["session"] == out["session"] and out["view"]["phase"] == "auction"
        alias = ok({"op": "advance", "state": sid, "seat": 0})
        assert alias["session"] == out["session"] and alias["view"]["hand"] == out["view"]["hand"]

    def test_game_over_in_the_answer(self):
        game, s = new("tichu", seed=2, target_score=50, grand_tichu=False)
        while not game.game_over(s):
            s = game.next_hand(play_hand(game, s))
        from tutor.api import _store
        sid = _store(game, s)
        out = ok({"op": "next_hand", "state": sid})
        assert out["game_over"] is True and out["session"]["game_over"] is True
        assert out["view"]["phase"] == "score"

    def test_new_view_has_the_session(self):
        out = ok({"op": "new", "game": "napoleon", "seed": 1, "seat": 0})
        assert out["view"]["session"]["hand_no"] == 1 and out["view"]["session"]["scores"] == [0] * 5


def test_protocol_defaults():
    """A game without a session: hand 1, no target, never over; next_hand keeps the state."""
    class Bare(Game):
        name = "bare"
        new_game = from_setup = to_act = legal_actions = explain = apply = table_view = round_over = all_cards = \
            lambda self, *a, **k: None  # noqa: E731

    g = Bare()
    assert g.game_over(object()) is False
    assert g.session(object())["game_over"] is False and g.session(object())["target"] is None
    st = object()
    assert g.next_hand(st) is st and g.advance(st) is st
