"""Random play of every registered game, with the invariants every game shares (OpenSpiel's
random-simulation test, run for each game of ``tutor.registry``).

For each game, random flags (the flags' own choices; ints without choices stay at their
default) and random seeds, played to the end of the hand by random and heuristic choices,
once through the engine and once through the bridge. What must hold everywhere:

* cards are conserved: every card of the deal is in exactly one place, at every step;
* while the hand is in play and no window is open, the seat to act has a legal decision; a
  "choose k cards" decision's spec counts and contains exactly the listed actions;
* ``explain`` agrees with ``legal_actions``: every legal action is explained as legal, and the
  illegal tries (another seat's turn, an action of another phase, garbage) are refused with
  rule IDs; ``apply`` of such a try raises ``IllegalAction`` and changes nothing;
* ``apply`` never changes its input;
* out-of-turn windows are taken (by a random seat of the window) or closed;
* hands end, and the next hand is dealt from the session with every card again, its event log
  continuing the last one (pages receive only the new entries: ``Game.view``'s ``log_since``).

The per-game property tests keep only what is particular to their game. CI plays at least 30
hands per game here; ``CARDTUTOR_GAMES`` raises it (a tenth of it, at least 30).
"""
from __future__ import annotations

import copy
import os
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.actions import Decision, Play
from tutor.api import handle
from tutor.bots import heuristic_choice, random_choice
from tutor.errors import FlagError
from tutor.flags import describe_flags
from tutor.game import Game, IllegalAction
from tutor.registry import BUILT_NAMES, find_game
from tutor.rng import Rng

HANDS = max(30, int(os.environ.get("CARDTUTOR_GAMES", "300")) // 10)
MAX_STEPS = 3000
SETTINGS = settings(max_examples=HANDS, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def flag_strategy(game: Game) -> st.SearchStrategy[dict[str, Any]]:
    """Random values for every flag that offers a choice (a bool, or listed choices), over a preset
    the tutor plays: a game's fixed flags (Daifugo's cut-in rules, not built yet) keep the preset's
    value, and a combination the game refuses (a player count its preset does not seat) is drawn again."""
    optional: dict[str, st.SearchStrategy[Any]] = {}
    for f in describe_flags(game.Flags):
        if f["name"] in game.fixed_flags:
            continue
        if f["choices"]:
            optional[f["name"]] = st.sampled_from(f["choices"])
        elif isinstance(f["default"], bool):
            optional[f["name"]] = st.booleans()
    playable = game.playable_presets()
    presets = st.sampled_from(sorted(playable))

    def accepted(flags: dict[str, Any]) -> bool:
        try:
            game.flags(flags)
        except FlagError:
            return False
        return True

    return st.tuples(presets, st.fixed_dictionaries({}, optional=optional)).map(
        lambda pair: {**playable[pair[0]], **pair[1]}).filter(accepted)


def deciders(game: Game, state: Any) -> list[int]:
    """The seats with a decision now (more than the seat to act where any order is allowed)."""
    seats = range(game.players(state))
    return [s for s in seats if game.has_legal(state, s)]


#: a "choose k cards" decision counted larger than this is checked on samples, not listed (two-deck
#: Shengji's bury: 8 of 33 cards, 13,884,156 choices)
LIST_AT_MOST = 20_000


def wrong_tries(game: Game, state: Any, seat: int, legal: list[Any], rng: Rng) -> list[tuple[Any, int]]:
    """Actions that must be refused at ``seat``'s decision, with the seat that tries them."""
    n = game.players(state)
    tries: list[tuple[Any, int]] = [(Decision("no_such_decision", 1), seat)]
    free = set(deciders(game, state))
    others = [s for s in range(n) if s not in free and (game.window(state) is None or s not in game.window(state).order)]
    if others and legal:
        tries.append((legal[rng.below(len(legal))], others[rng.below(len(others))]))  # not that seat's turn
    hand = game.hands(state)[seat]
    if hand:
        from tutor.cards import Card
        held = {Card.parse(t) for t in hand}
        foreign = [c for h in game.hands(state).values() for c in map(Card.parse, h) if c not in held]
        if foreign:  # a card this seat does not hold
            tries.append((Play((foreign[rng.below(len(foreign))],)), seat))
    return tries


def check_refused(game: Game, state: Any, action: Any, seat: int) -> None:
    verdict = game.explain(state, action, seat)
    assert not verdict.legal, (action, seat)
    assert verdict.rule_ids or verdict.key.startswith("common."), verdict
    snapshot = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        game.apply(state, action, seat)
    assert state == snapshot, "a rejected action leaves the state untouched"


def play_hand(game: Game, flags_in: dict[str, Any], seed: int, mix: int) -> None:
    flags = game.flags(flags_in)
    state = game.new_game(flags, seed)
    deck = Counter(map(str, game.all_cards(state)))
    rng = Rng(seed)
    settled = None  # the state whose window was resolved (a window stays open until the next action)
    for step in range(MAX_STEPS):
        assert Counter(map(str, game.all_cards(state))) == deck, "every card is in exactly one place"
        if state is not settled:  # after every action: its window, then the automatic steps
            window = game.window(state)
            takers = [(s, a) for s in window.order for a in game.legal_actions(state, s, in_turn=False)] \
                if window is not None else []
            if takers and rng.below(3) == 0:
                seat, action = takers[rng.below(len(takers))]
                assert game.explain(state, action, seat, in_turn=False).legal
                state = game.apply(state, action, seat, in_turn=False)
            else:
                state = settled = game.close_window(state)
            continue
        if game.round_over(state):
            break
        seat = game.to_act(state)
        free = deciders(game, state)
        assert seat in free, f"seat {seat} is to act in {game.phase(state)} and has no decision"
        if rng.below(4) == 0:
            seat = free[rng.below(len(free))]  # any-order decisions (Grand Tichu, the exchange)
        spec = game.decision_spec(state, seat)
        assert game.has_legal(state, seat)
        if spec is not None and spec.count() > LIST_AT_MOST:
            legal = [spec.sample(rng) for _ in range(5)]
            assert all(spec.contains(a) for a in legal)
        else:
            # every legal action, or where a game's list would be huge, one it draws (legal_sample)
            legal = game.legal_sample(state, seat, rng)
        if spec is not None and spec.count() <= LIST_AT_MOST:
            assert spec.count() == len(legal) and all(spec.contains(a) for a in legal[:: max(1, len(legal) // 50)])
        for action in legal[:3] + legal[-2:]:
            assert game.explain(state, action, seat).legal, action
        if step % 5 == 0:
            for action, who in wrong_tries(game, state, seat, legal, rng):
                check_refused(game, state, action, who)
        chosen = (heuristic_choice(game, state, seat) if (step + mix) % 3 == 0
                  else random_choice(game, state, seat, rng)).action
        assert game.explain(state, chosen, seat).legal, chosen
        before = copy.deepcopy(state) if step % 7 == 0 else None
        new = game.apply(state, chosen, seat)
        if before is not None:
            assert state == before, "apply never changes its input"
        state = new
    else:
        raise AssertionError(f"{game.name}: the hand did not end in {MAX_STEPS} steps")
    assert game.round_over(state)
    assert not game.legal_actions(state, game.to_act(state) or 0) or game.phase(state) != "score"
    if not game.game_over(state):
        nxt = game.next_hand(state)
        assert Counter(map(str, game.all_cards(nxt))) == deck, "the next hand deals every card again"
        assert game.session(nxt)["hand_no"] == game.session(state)["hand_no"] + 1
        assert not game.round_over(nxt)
        old_log = tuple(game.events(state))
        assert tuple(game.events(nxt))[: len(old_log)] == old_log, "the log only grows (Game.view's log_since)"


def play_through_bridge(name: str, flags_in: dict[str, Any], seed: int) -> None:
    """The page's path: new with a viewer, its own decisions by the hint's choice or a listed one,
    the bots inside the engine (``bot_move``), windows through ``window``; every reply ok, and a
    refused action leaves the stored position as it was."""
    game = find_game(name)
    reply = handle({"op": "new", "game": name, "seed": seed, "flags": flags_in, "viewer": 0})
    assert reply["ok"], reply
    sid, view = reply["state"], reply["view"]
    rng = Rng(seed)
    for _ in range(MAX_STEPS):
        if view.get("result") is not None or view.get("phase") == "score":
            break
        to_act = view.get("to_act")
        legal = handle({"op": "legal", "state": sid, "seat": 0})
        assert legal["ok"], legal
        mine = legal.get("actions") or ([] if "spec" not in legal else None)
        if to_act != 0 and not mine and legal.get("spec") is None:
            moved = handle({"op": "bot_move", "state": sid})
            assert moved["ok"], moved
            sid, view, window = moved["state"], moved["view"], moved.get("window")
        else:
            if mine is None:  # a spec: the hint's choice (the bridge never lists thousands)
                action = handle({"op": "bot", "state": sid, "seat": 0})
                assert not action["ok"]  # no bot for the viewer's own seat: the page asks the learner
                hint = handle({"op": "hint", "state": sid})
                action = hint["hint"].get("action")
                assert action is not None, hint
            else:
                action = mine[rng.below(len(mine))]
            wrong = handle({"op": "apply", "state": sid, "action": {"no_such_decision": 1}})
            assert not wrong["ok"] and wrong["verdict"]["rule_ids"] is not None
            again = handle({"op": "view", "state": sid})
            assert again["ok"] and again["view"] == view, "a refused action changes nothing"
            applied = handle({"op": "apply", "state": sid, "action": action})
            assert applied["ok"], (action, applied)
            sid, view, window = applied["state"], applied["view"], applied.get("window")
        while window:
            resolved = handle({"op": "window", "state": sid})
            assert resolved["ok"], resolved
            if resolved["status"] == "ask":  # the viewer may act out of turn: decline
                resolved = handle({"op": "window", "state": sid, "declined": [0]})
                assert resolved["ok"], resolved
            sid, view, window = resolved["state"], resolved["view"], None
            if resolved["status"] == "ask":
                window = True
    else:
        raise AssertionError(f"{name}: the hand did not end through the bridge")
    assert game  # the game is registered and was found


@pytest.mark.parametrize("name", BUILT_NAMES)
def test_random_hands_keep_the_invariants(name: str) -> None:
    game = find_game(name)

    @SETTINGS
    @given(flags_in=flag_strategy(game), seed=st.integers(0, 2**63), mix=st.integers(0, 2))
    def run(flags_in: dict[str, Any], seed: int, mix: int) -> None:
        play_hand(game, flags_in, seed, mix)

    run()


@pytest.mark.parametrize("name", BUILT_NAMES)
def test_random_hands_through_the_bridge(name: str) -> None:
    game = find_game(name)

    @settings(max_examples=max(10, HANDS // 6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(flags_in=flag_strategy(game), seed=st.integers(0, 2**63))
    def run(flags_in: dict[str, Any], seed: int) -> None:
        play_through_bridge(name, flags_in, seed)

    run()
