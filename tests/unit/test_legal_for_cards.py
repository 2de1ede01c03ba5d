"""The readings of one selection (``Game.legal_for_cards``, the bridge's ``legal`` with ``cards``):
what the page asks when the learner selects a wild card among other cards and must say what it
stands for, instead of listing every play at every decision (a Daifugo hand with two jokers makes
thousands). The answer must be exactly the legal plays of those physical cards."""
from __future__ import annotations

import json

import pytest

from tutor.api import handle
from tutor.cards import Card
from tutor.game import Game
from tutor.games.daifugo import GAME as DAIFUGO
from tutor.scenario import load_scenario

RICH = ("S-3 H-3 S-4 H-4 S-5 H-5 S-6 H-6 S-7 H-7 S-8 H-8 S-9 H-9 S-10 H-10 S-J H-J S-Q H-Q S-K H-K "
        "S-A H-A S-2 JOKER JOKER").split()


def daifugo(hand, trick=(), players=4, **flags):
    return {"game": "daifugo", "flags": {"preset": "base", "decks": 2, "jokers": 2, "players": players, **flags},
            "phase": "play", "to_act": 0, "hands": {"0": list(hand)}, "trick": list(trick)}


def physical(action) -> tuple[str, ...]:
    return tuple(sorted(c.physical.token for c in action.cards))


def by_cards(game, state, seat=0):
    groups: dict[tuple[str, ...], list[str]] = {}
    for a in game.legal_actions(state, seat):
        if hasattr(a, "cards"):
            groups.setdefault(physical(a), []).append(json.dumps(a.to_json()))
    return groups


def readings(game, state, key, seat=0):
    return sorted(json.dumps(a.to_json()) for a in game.legal_for_cards(state, [Card.parse(t) for t in key], seat))


@pytest.mark.parametrize("trick", [
    [],  # a lead: every shape, about 4,000 plays
    [{"seat": 3, "cards": ["D-3", "D-4", "D-5", "D-6", "D-7"]}],  # a sequence to beat
    [{"seat": 3, "cards": ["C-5", "C-5"]}],  # a pair to beat
])
def test_daifugo_readings_equal_the_listed_plays_of_those_cards(trick):
    _, state = load_scenario(daifugo(RICH, trick))
    groups = by_cards(DAIFUGO, state)
    assert groups
    for key, listed in groups.items():
        assert readings(DAIFUGO, state, key) == sorted(listed), key


def test_daifugo_readings_under_binding_and_revolution():
    trick = [{"seat": 2, "cards": ["H-6", "D-6"]}, {"seat": 3, "cards": ["H-5", "D-5"]}]
    _, state = load_scenario({**daifugo(RICH, trick), "revolution": True})
    assert state.bound == ("D", "H")
    groups = by_cards(DAIFUGO, state)
    assert groups and all(readings(DAIFUGO, state, k) == sorted(v) for k, v in groups.items())
    assert readings(DAIFUGO, state, ("S-3", "JOKER")) == []  # no diamond: the bound suits are missing


def test_daifugo_cards_that_make_no_play_or_are_not_held_have_no_reading():
    _, state = load_scenario(daifugo(RICH))
    assert readings(DAIFUGO, state, ("S-3", "H-9", "JOKER")) == []  # no shape holds them
    assert readings(DAIFUGO, state, ("C-3", "JOKER")) == []  # C-3 is not in the hand
    assert readings(DAIFUGO, state, ("JOKER", "JOKER", "JOKER")) == []  # two jokers held
    assert DAIFUGO.legal_for_cards(state, [Card.parse("S-3")], 1) == []  # not that seat's turn
    # the two jokers alone: a pair of any rank, one play per suit multiset (13 ranks x 10)
    assert len(readings(DAIFUGO, state, ("JOKER", "JOKER"))) == 130


def test_the_generic_default_filters_the_legal_list():
    """Every other game answers from its list (a Tichu Phoenix in a pair reads as that rank)."""
    scenario = {"game": "tichu", "flags": {}, "phase": "play", "to_act": 0,
                "hands": {"0": ["S-5", "H-9", "PHOENIX", "S-K"]}, "trick": []}
    game, state = load_scenario(scenario)
    assert type(game).legal_for_cards is Game.legal_for_cards
    got = [a.to_json() for a in game.legal_for_cards(state, [Card.parse("PHOENIX"), Card.parse("S-5")], 0)]
    assert got == [["S-5", "PHOENIX=5"]] or got == [["PHOENIX=5", "S-5"]]
    assert game.legal_for_cards(state, [Card.parse("PHOENIX"), Card.parse("D-2")], 0) == []


class TestBridge:
    def sid(self, scenario=None, **extra):
        reply = handle({"op": "load", "scenario": scenario or daifugo(RICH), **extra})
        assert reply["ok"], reply
        return reply["state"]

    def test_cards_gives_the_readings(self):
        sid = self.sid()
        reply = handle({"op": "legal", "state": sid, "cards": ["S-3", "S-4", "JOKER"]})
        assert reply["ok"] and "spec" not in reply
        got = {tuple(a) for a in reply["actions"]}
        # the joker fills the 5 above, stands for the 3 or the 4 below another, or the 2 below
        assert ("S-3", "S-4", "JOKER=S-5") in got
        assert all(any(t.startswith("JOKER=") for t in a) for a in got)
        _, state = load_scenario(daifugo(RICH))
        assert len(got) == len(by_cards(DAIFUGO, state)[("JOKER", "S-3", "S-4")])

    def test_list_false_leaves_the_actions_out(self):
        sid = self.sid()
        reply = handle({"op": "legal", "state": sid, "list": False, "side": True})
        assert reply["ok"] and "actions" not in reply and reply["side"] == []
        assert len(handle({"op": "legal", "state": sid})["actions"]) > 3000

    def test_a_viewer_may_ask_only_for_its_own_cards(self):
        sid = self.sid(viewer=0)
        assert handle({"op": "legal", "state": sid, "cards": ["JOKER", "JOKER"]})["actions"]
        refused = handle({"op": "legal", "state": sid, "seat": 1, "cards": ["S-3", "JOKER"]})
        assert not refused["ok"] and refused["error_path"] == "seat"

    @pytest.mark.parametrize("cards, path, what", [
        ("S-3", "cards", "error.expected"),
        ([], "cards", "error.expected"),
        (["S-3", 7], "cards", "error.expected"),
        (["S-3", "S-33"], "cards[1]", "error.card.unknown"),
    ])
    def test_bad_cards_are_named(self, cards, path, what):
        sid = self.sid()
        for lang in ("en", "ja"):
            reply = handle({"op": "legal", "state": sid, "cards": cards, "lang": lang})
            assert not reply["ok"] and reply["error_key"] == what and reply["error_path"] == path
            assert "error." not in reply["error"]  # a message, not a key

    def test_list_must_be_a_bool(self):
        reply = handle({"op": "legal", "state": self.sid(), "list": "no"})
        assert not reply["ok"] and reply["error_path"] == "list"
