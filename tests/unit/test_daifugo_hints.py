"""Daifugo's hints: level 1 names what constrains the play (the form, a revolution, a binding),
level 2 weighs a joker once, however many cards it could stand for, and the bot's reasons follow
the order in force."""
from __future__ import annotations

from tutor.api import handle
from tutor.bots import heuristic_choice
from tutor.registry import find_game
from tutor.scenario import load_scenario

G = find_game("daifugo")


def scenario(hand: list[str], trick: list[dict] | None = None, **extra) -> dict:
    return {"game": "daifugo", "flags": {"preset": "base", "players": 4}, "phase": "play", "to_act": 0,
            "hands": {"0": hand}, "trick": trick or [], **extra}


def hint(sc: dict, lang: str = "en") -> dict:
    loaded = handle({"op": "load", "scenario": sc})
    out = handle({"op": "hint", "state": loaded["state"], "seat": 0, "lang": lang})
    assert out["ok"], out
    return out["hint"]


def test_following_names_the_form_to_beat() -> None:
    h = hint(scenario(["S-3", "H-5", "D-5", "C-9"], [{"seat": 3, "cards": ["C-7"]}]))
    assert "a single card stronger than the one on top" in h["focus"]["text"]
    assert "DFG-PLAY-2" in h["focus"]["rule_ids"]
    h = hint(scenario(["S-3", "H-5", "D-5", "C-9", "C-10"], [{"seat": 3, "cards": ["C-7", "H-7"]}]))
    assert "a pair stronger" in h["focus"]["text"]


def test_a_binding_and_a_revolution_are_named() -> None:
    h = hint(scenario(["S-9", "H-5", "D-6"], [{"seat": 2, "cards": ["S-4"]}, {"seat": 3, "cards": ["S-5"]}]))
    text = h["focus"]["text"]
    assert "must hold spades" in text and "only rank 6 may come next" in text
    assert {"DFG-BIND-1", "DFG-BIND-4"} <= set(h["focus"]["rule_ids"])
    h = hint(scenario(["S-9", "H-5", "D-6"], revolution=True))
    assert "3 is the strongest rank" in h["focus"]["text"] and "DFG-REV-1" in h["focus"]["rule_ids"]
    ja = hint(scenario(["S-9", "H-5", "D-6"], revolution=True), "ja")
    assert "革命中" in ja["focus"]["text"]


def test_a_lone_joker_is_weighed_once() -> None:
    """A joker may stand for any card (DFG-JOKER-1): dozens of legal plays, one card in the hand."""
    sc = scenario(["S-3", "H-5", "C-9", "H-2", "JOKER"], [{"seat": 3, "cards": ["C-7"]}])
    _, state = load_scenario(sc)
    legal = G.legal_actions(state)
    assert sum(1 for a in legal if any(getattr(c, "declared", "") for c in getattr(a, "cards", ()))) > 10
    options = G.hint_options(state, 0, None)
    labels = [str(a) for a in options]
    assert sum(1 for a in options if any(c.is_joker for c in getattr(a, "cards", ()))) == 1
    assert len(labels) == len(set(labels)) == 4  # Pass, 9♣, 2♥, the joker
    h = hint(sc)
    assert h["candidates"]["text"].count("joker") <= 1


def test_the_bots_reasons_follow_the_order_in_force() -> None:
    _, state = load_scenario(scenario(["S-3", "H-5", "C-9", "H-2"], revolution=True))
    choice = heuristic_choice(G, state, 0)
    assert choice.params["strong"] == "3" and [c.token for c in choice.action.cards] == ["H-2"]
    _, state = load_scenario(scenario(["S-3", "H-5", "C-9", "H-2"]))
    choice = heuristic_choice(G, state, 0)
    assert choice.params["strong"] == "2" and [c.token for c in choice.action.cards] == ["S-3"]
