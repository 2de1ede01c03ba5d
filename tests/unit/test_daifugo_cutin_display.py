"""The cut-in game as the page draws it (tutor/display.py, tutor/decisions.py): every effect
decision's control (cards in the hand, picks from the discard pile, blind picks by position,
K-greed's buttons), the effect in progress said above the trick with the field still shown, the
order in force under a revolution and a J-back, exposed cards under their seat, cut-ins marked as
cut-ins, exposure as one button, and the log's words after effects that flow the field."""
from __future__ import annotations

import re

from tutor.bots import random_choice, random_interrupt
from tutor.registry import find_game
from tutor.rng import derive

G = find_game("daifugo")
ORDER = {(False, False): "2 strongest", (True, False): "Revolution: 3 strongest",
         (False, True): "J-back: 3 strongest until the field clears",
         (True, True): "Revolution and J-back: 2 strongest until the field clears"}


def positions(seeds=range(12), players=5):
    """Every position of seeded random sessions of two games (random cut-ins too)."""
    for seed in seeds:
        state = G.new_game(G.flags({"preset": "cutin", "players": players}), seed)
        rng = derive(seed, "display test")
        for game_no in range(2):
            if game_no:
                state = G.next_hand(state)
            while not G.round_over(state):
                yield state
                window = G.window(state)
                if window is not None:
                    taken = next(((s, a) for s in window.order if (a := random_interrupt(G, state, s, rng))), None)
                    state = G.apply(state, taken[1], taken[0], in_turn=False) if taken else G.close_window(state)
                    continue
                seat = G.to_act(state)
                state = G.apply(state, random_choice(G, state, seat, rng).action, seat)
        yield state


def test_every_effect_decision_has_its_control_and_its_words():
    seen = set()
    for state in positions():
        effect = state.effect
        if effect is None:
            continue
        view = G.view(state, effect.chooser)
        d = view["display"]
        decision = d["decision"]
        blind = effect.kind == "q_peeping" or (effect.kind == "a_open" and effect.cut is not None)
        if effect.kind == "k_greed":
            assert decision["kind"] == "choose" and all(o["label"].startswith("Move ") for o in decision["options"])
        elif blind:
            assert decision["kind"] == "positions" and decision["spec"]["seat"] == effect.target
            assert decision["spec"]["size"] == len(state.hidden_of(effect.target))
            assert decision["whose"] == f"Seat {effect.target}'s face-down cards: pick blind"
        else:
            assert decision["kind"] == "cards"
            assert decision["from"] == ("pool" if effect.kind == "six_salvage" else "hand")
        if effect.count == 1 and effect.kind in ("seven_pass", "ten_discard"):
            assert "selected card" in decision["confirm"] and "1" not in decision["confirm"]
        # the field stays on the table while the effect is chosen, and the facts say who chooses what
        assert d["trick"]["show"] and view["trick"]
        assert any(f"seat {effect.chooser}" in (z.get("text") or "") for z in d["zones"]), d["zones"]
        seen.add(effect.kind + ("_blind" if blind and effect.kind == "a_open" else ""))
    assert {"six_salvage", "seven_pass", "ten_discard", "q_peeping", "k_greed", "a_open"} <= seen, seen


def test_the_order_in_force_and_cut_ins_and_exposed_cards_on_the_table():
    orders, marked, opened = set(), 0, 0
    for state in positions(range(6)):
        view = G.view(state, 0)
        d = view["display"]
        if view["phase"] == "score":
            continue
        order = ORDER[(state.revolution, state.jback)]
        assert order in d["info"], (order, d["info"])
        orders.add(order)
        if any(not e.get("in_turn", True) for e in view["trick"]):
            assert d["trick"]["out_of_turn"] == "(cut-in)"
            marked += 1
        for s in range(state.players):
            assert d["seats"][s]["open"] == view["exposed"].get(str(s), [])
            opened += bool(d["seats"][s]["open"])
        # voluntary exposure: one button for the selected cards, never one per card
        side = d["side"]
        assert [e for e in side if "select" in e] == ([{"select": "expose", "label": "Expose the selected cards"}]
                                                     if state.hidden_of(0) and state.active(0) else [])
        assert not [e for e in side if "action" in e and "expose" in e["action"]]
    assert len(orders) >= 3 and marked and opened, (orders, marked, opened)


def test_the_log_after_effects_that_flow_the_field_names_no_passes():
    """After a 4-cut (or a 5-skip all round, or a 9 with two players) the field flows although
    nobody passed: the log says the field is cleared, not that everyone passed."""
    checked = 0
    for state in positions(range(8)):
        log = [e for e in state.log]
        for before, after in zip(log, log[1:]):
            if before.key in ("dfg.event.four_cut", "dfg.event.five_lap", "dfg.event.nine_two"):
                assert after.key == "dfg.event.flow.effect", (before.key, after.key)
                checked += 1
        if checked > 20:
            break
    assert checked


def test_k_greed_that_moves_nothing_says_so():
    from tutor.messages import render
    assert render("dfg.event.k_greed", {"seat": 2, "to": 2, "cards": [], "count": 0}, "en") == "K-greed: seat 2 moves no card."
    assert not re.search(r"\s{2}", render("dfg.event.five_skip", {"n": 1, "skips": 1}, "en"))
    assert render("dfg.event.five_skip", {"n": 1, "skips": 1}, "en") == "5-skip: 1 five in the chain: 1 player is skipped."
