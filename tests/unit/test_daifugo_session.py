"""A Daifugo session through the bridge, as the practice page plays it: game 1 to its end, the
next game (DFG-NEXT-1) with its exchange (DFG-EXCH-1), and a share link to the moment in game 2
that replays to the same position."""
from __future__ import annotations

from tutor.api import handle


def ok(req: dict) -> dict:
    out = handle(req)
    assert out.get("ok"), out
    return out


def test_two_games_with_the_exchange_and_a_shared_moment() -> None:
    sid = ok({"op": "new", "game": "daifugo", "seed": 11, "viewer": 0, "flags": {"players": 5}})["state"]
    titles = None
    for _ in range(800):
        view = ok({"op": "view", "state": sid, "seat": 0})["view"]
        if view["phase"] == "score":
            assert view["game_no"] == 1 and sorted(view["places"]) == [1, 2, 3, 4, 5]
            nxt = ok({"op": "next_hand", "state": sid})
            titles = nxt["session"]["titles"]
            sid = nxt["state"]
            continue
        if view["game_no"] == 2 and view["phase"] == "play" and view["to_act"] == 0:
            break
        if view["to_act"] == 0:
            hint = ok({"op": "hint", "state": sid, "seat": 0})["hint"]
            sid = ok({"op": "apply", "state": sid, "action": hint["action"], "seat": 0})["state"]
        else:
            sid = ok({"op": "bot_move", "state": sid})["state"]
    else:
        raise AssertionError("game 2 never reached the learner")
    # the titles of game 1 (five players: every title once), and the exchange they led to
    assert titles is not None and sorted(titles.values()) == sorted(["daifugo", "fugo", "heimin", "hinmin", "daihinmin"])
    log = [e["key"] for e in ok({"op": "view", "state": sid, "seat": 0})["view"]["log"]]
    assert log.count("dfg.event.gives") == 4 and log.index("dfg.event.next_game") < log.index("dfg.event.gives")
    # a link to this moment replays the session to the same position
    shared = ok({"op": "share", "state": sid})
    replayed = ok({"op": "replay_deal", "game": "daifugo", "seed": 11, "viewer": 0, "flags": {"players": 5},
                   "moves": shared["moves"]})
    assert replayed["view"]["hand"] == view["hand"] and replayed["view"]["game_no"] == 2
    assert replayed["view"]["titles"] == titles


def test_a_place_that_is_not_a_number_is_named() -> None:
    """A scenario's previous places must be the numbers 1..n, each once (a null once crashed the CLI)."""
    from tutor.errors import ScenarioError
    from tutor.scenario import load_scenario
    import pytest
    with pytest.raises(ScenarioError) as info:
        load_scenario({"game": "daifugo", "flags": {"players": 4, "preset": "base"}, "phase": "exchange", "to_act": 0,
                       "hands": {"0": ["S-3", "H-9", "D-K"]}, "game_no": 2,
                       "previous_places": {"0": None, "1": 2, "2": 3, "3": 4}})
    assert info.value.path == "previous_places"
