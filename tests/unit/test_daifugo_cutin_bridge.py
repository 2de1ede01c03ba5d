"""Cut-in Daifugo through the JSON bridge, as a page bound to seat 0 plays it: the window after
every play (the bots cut in, or the learner is asked and cuts in), each effect decision made
with the options or the spec ``legal`` gives, hints and views in both languages, and a session's
second game (the exchange, 6-salvage). Nothing may crash, every reply is ``ok``."""
from __future__ import annotations

import pytest

from tutor.api import handle

SEEDS = range(6)


def ok(request):
    reply = handle(request)
    assert reply.get("ok") is True, (request.get("op"), reply.get("error") or reply.get("verdict"))
    return reply


def answer(legal):
    """The learner's choice: the last listed action, or from a spec the first cards / positions."""
    if legal.get("actions"):
        return legal["actions"][-1]
    spec = legal["spec"]
    if spec["choose"] == "positions":
        return {spec["key"]: list(range(spec["k"]))}
    return {spec["key"]: spec["pool"][:spec["k"]]}


def play_session(players: int, seed: int, seen: set[str]) -> None:
    sid = ok({"op": "new", "game": "daifugo", "preset": "cutin", "seed": seed, "flags": {"players": players},
              "viewer": 0})["state"]
    games = 0
    for step in range(1500):
        view = ok({"op": "view", "state": sid, "lang": "ja" if step % 2 else "en"})["view"]
        if view["phase"] == "score":
            games += 1
            if games == 2 or seed % 2:
                return
            sid = ok({"op": "next_hand", "state": sid})["state"]
            continue
        seen.add(view["phase"])
        if view["window_open"]:
            reply = ok({"op": "window", "state": sid, "viewer": 0})
            if reply["status"] == "ask":  # the learner may cut in: it does
                seen.add("learner cut-in")
                words = reply["ask"]["words"]  # the page's words, never a message key
                assert all(w and not w.startswith("dfg.") for w in (words["prompt"], words["decline"], *words["labels"])), words
                action = reply["ask"]["actions"][0]
                assert "cut_in" in action
                sid = ok({"op": "apply", "state": reply["state"], "action": action, "in_turn": False})["state"]
            else:
                seen.update("bot cut-in" for _ in reply["taken"])
                sid = reply["state"]
            continue
        if view["to_act"] == 0:
            hint = ok({"op": "hint", "state": sid, "lang": "ja" if step % 3 else "en"})["hint"]
            assert hint
            legal = ok({"op": "legal", "state": sid, "side": True})
            sid = ok({"op": "apply", "state": sid, "action": answer(legal)})["state"]
            if view["phase"] != "play":
                seen.add(f"learner {view['phase']}")
            continue
        sid = ok({"op": "bot_move", "state": sid})["state"]
    raise AssertionError("the session did not end")


@pytest.mark.parametrize("players", [4, 8])
def test_cut_in_sessions_through_the_bridge(players):
    seen: set[str] = set()
    for seed in SEEDS:
        play_session(players, seed, seen)
    assert {"learner cut-in", "bot cut-in", "exchange"} <= seen, seen
    effects = {"seven_pass", "ten_discard", "q_peeping", "a_open"}
    assert len(effects & seen) >= 3, seen


def test_random_level_bots_cut_in_and_make_every_kind_of_decision():
    """The random level through the bridge (no viewer): its moves from ``bot``, its cut-ins from
    ``window`` by a seeded coin toss; whole games end, and the random bots cut in."""
    seen: set[str] = set()
    cut_ins = declined = 0
    wanted = {"seven_pass", "ten_discard", "q_peeping"}  # every kind: the seeded test below
    for seed in range(24):  # the coin tosses hang on state ids, which other tests move: play until all are seen
        if wanted <= seen and cut_ins and declined:
            break
        sid = ok({"op": "new", "game": "daifugo", "preset": "cutin", "seed": seed, "flags": {"players": 6}})["state"]
        for step in range(3000):
            view = ok({"op": "view", "state": sid})["view"]
            if view["phase"] == "score":
                break
            seen.add(view["phase"])
            if view["window_open"]:
                could = any(ok({"op": "legal", "state": sid, "seat": s, "in_turn": False})["actions"]
                            for s in range(6) if s not in view.get("out", []))
                reply = ok({"op": "window", "state": sid, "level": "random", "seed": step})
                assert reply["status"] == "closed"
                cut_ins += len(reply["taken"])
                declined += could and not reply["taken"]
                sid = reply["state"]
                continue
            action = ok({"op": "bot", "state": sid, "level": "random", "seed": step})["action"]
            sid = ok({"op": "apply", "state": sid, "action": action})["state"]
        else:
            raise AssertionError("the game did not end")
    assert cut_ins and declined, (cut_ins, declined)
    assert wanted <= seen, seen


@pytest.mark.parametrize("penalize", [True, False])
def test_an_illegal_play_is_punished_or_refused_as_the_flag_says(penalize):
    """DFG-OPEN-3: with ``penalize_illegal_attempt`` (the cut-in game's default) an illegal play
    through the bridge exposes its cards and counts as a pass; without it, it is refused and the
    position stays as it was."""
    setup = {"flags": {"preset": "cutin", "players": 4, "penalize_illegal_attempt": penalize}, "phase": "play",
             "to_act": 1, "hands": {"0": ["S-4", "H-9", "C-K"], "1": ["D-5", "H-5", "S-2"]},
             "cards_held": {"2": 5, "3": 5}, "trick": [{"seat": 0, "cards": ["C-6"]}]}
    sid = ok({"op": "load", "scenario": {"game": "daifugo", **setup}})["state"]
    reply = handle({"op": "apply", "state": sid, "action": ["S-4"], "seat": 1})  # seat 1 holds no 4: not its cards
    assert reply["ok"] is False  # cards the seat does not hold are refused either way
    reply = handle({"op": "apply", "state": sid, "action": ["D-5"], "seat": 1})  # a 5 on a 6: too weak
    view = lambda s: ok({"op": "view", "state": s, "seat": 1})["view"]
    if penalize:
        assert reply["ok"] is True and "DFG-PLAY-2" in reply["attempt"]["rule_ids"]
        after = view(reply["state"])
        assert after["exposed"] == {"1": ["D-5"]} and after["to_act"] == 2 and sorted(after["hand"]) == ["D-5", "H-5", "S-2"]
        assert any(e["key"] == "dfg.event.penalty" for e in after["log"])
    else:
        assert reply["ok"] is False and "DFG-PLAY-2" in reply["verdict"]["rule_ids"]
        assert view(sid)["to_act"] == 1 and view(sid)["exposed"] == {}


def test_the_random_level_makes_every_effect_decision_and_cuts_in():
    """The random bot in the engine (no bridge, so its coin tosses hang on the seed alone): over
    seeded games it cuts in, lets cut-ins go, and makes each effect decision of the seed's game."""
    from tutor.bots import random_choice, random_interrupt
    from tutor.registry import find_game
    from tutor.rng import derive
    game = find_game("daifugo")
    made: set[str] = set()
    cut = declined = 0
    for seed in range(30):
        state = game.new_game(game.flags({"preset": "cutin", "players": 5}), seed)
        rng = derive(seed, "random level")
        for game_no in range(2):  # the second game has a 大貧民 for the 6-salvage
            if game_no:
                state = game.next_hand(state)
            while not game.round_over(state):
                window = game.window(state)
                if window is not None:
                    able = [s for s in window.order if game.legal_actions(state, s, in_turn=False)]
                    taken = next(((s, a) for s in window.order if (a := random_interrupt(game, state, s, rng))), None)
                    if taken:
                        cut += 1
                        state = game.apply(state, taken[1], taken[0], in_turn=False)
                    else:
                        declined += bool(able)
                        state = game.close_window(state)
                    continue
                if state.effect is not None:
                    made.add(state.effect.kind)
                seat = game.to_act(state)
                state = game.apply(state, random_choice(game, state, seat, rng).action, seat)
        if len(made) == 6 and cut and declined:
            break
    assert made == {"six_salvage", "seven_pass", "ten_discard", "q_peeping", "k_greed", "a_open"}, made
    assert cut and declined
