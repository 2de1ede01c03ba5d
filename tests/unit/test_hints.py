"""Hints in three levels (tutor/hints.py, issue 14), over many positions of every built game.

Positions come from seeded deals advanced by the heuristic bots. At each decision the bot's
hint, and a hint for another legal answer (as a lesson would have), must satisfy:

* level 1 (focus) cites rules of the game's catalog and names none of the answer's cards
  when the seat has a real choice;
* level 2 (candidates) lists legal options only, the answer among them, at least two of them
  whenever there is a choice, says "only one" exactly when there is none; a "choose k cards"
  decision offers more cards than it needs, the answer's among them, all from the hand;
* every text renders in English and Japanese, with no key or placeholder left over.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any, Iterator

import pytest

from tutor.actions import Decision, Play, action_key, parse_action
from tutor.bots import heuristic_choice, hint, hint_for
from tutor.hints import CAP, LET_GO
from tutor.messages import LANGS, card_text, catalog, render
from tutor.registry import find_game
from tutor.rng import derive
from tutor.rules import rules_by_id

GAMES = ("doudizhu", "tichu", "napoleon")
#: the decisions these deals reach: (phase, in turn); Napoleon's joker_suit has a test of its own
DECISIONS = {"doudizhu": {("auction", True), ("play", True)},
             "tichu": {("grand_tichu", True), ("exchange", True), ("play", True), ("wish", True),
                       ("dragon_gift", True), ("play", False)},
             "napoleon": {("auction", True), ("call_adjutant", True), ("discard", True), ("play", True)}}
SEEDS = range(6)
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
LEFTOVER = re.compile(r"\{\w*|\b(?:hint|ddz|tichu|nap|common)\.[a-z_]+\.[a-z_.]+")


def positions(name: str, seeds=SEEDS) -> Iterator[tuple[Any, Any, int, bool]]:
    """``(game, state, seat, in_turn)`` at every decision of one round per seed: in turn, and out of
    turn wherever a seat may bomb (Tichu)."""
    game = find_game(name)
    for seed in seeds:
        state = game.new_game(game.flags({}), seed)
        for _ in range(400):
            if game.round_over(state):
                break
            window = game.window(state)
            if window is not None:
                for seat in window.order:
                    if game.legal_actions(state, seat, in_turn=False):
                        yield game, state, seat, False
            state = game.close_window(state)
            if game.round_over(state):
                break
            seat = game.to_act(state)
            yield game, state, seat, True
            state = game.apply(state, heuristic_choice(game, state, seat).action, seat)


def options(game, state, seat: int, in_turn: bool) -> list[Any]:
    listed = list(game.legal_actions(state, seat, in_turn=in_turn))
    if in_turn:
        listed += [a for a in game.side_actions(state, seat) if a not in listed]
    else:
        listed.append(None)
    return listed


def key(game, data: Any) -> str:
    return LET_GO if data in (None, LET_GO) else action_key(game, data)


def answer_card_names(game, action: Any, lang: str) -> list[str]:
    """The answer's suited cards as a sentence names them (special cards are named by the rules'
    own sentences, "the joker may be played at any time": those are left out)."""
    if not isinstance(action, Play):
        return []
    return [card_text(c.token, lang) for c in action.cards if not c.special]


def check_texts(h: dict[str, Any], lang: str) -> None:
    for text in (h["focus"]["text"], h["candidates"]["text"], h["why"], h["label"]):
        assert text and not LEFTOVER.search(text), text
        assert lang != "ja" or JAPANESE.search(text) or text in (h["label"],), text


def check_hint(game, state, seat: int, in_turn: bool, action: Any, h: dict[str, Any], lang: str) -> None:
    rules = rules_by_id(game.name)
    every = options(game, state, seat, in_turn)
    check_texts(h, lang)
    # level 1: the governing rules, real ones; never the answer's cards when there is a choice
    assert h["focus"]["rule_ids"], h["focus"]
    assert set(h["focus"]["rule_ids"]) <= set(rules), h["focus"]["rule_ids"]
    spec = game.decision_spec(state, seat) if in_turn and action is not None else None
    count = spec.count() if spec is not None else len(every)
    if count > 1:
        for name in answer_card_names(game, action, lang):
            assert name not in h["focus"]["text"], (name, h["focus"]["text"])
    cand = h["candidates"]
    assert cand["count"] == count and cand["only"] is (count == 1)
    if spec is not None:
        # a "choose k cards" decision: more cards than needed, from the hand, the answer's among them
        hand = {c.token for c in spec.pool}
        value = game.action_to_json(action)
        chosen = set(value[spec.key].values() if isinstance(value[spec.key], dict) else value[spec.key])
        assert chosen <= set(cand["cards"]) <= hand and len(cand["cards"]) > spec.k, (chosen, cand)
        for lang_ in LANGS:
            assert not LEFTOVER.search(render("hint.options.cards", {"cards": cand["cards"]}, lang_))
        return
    listed = [key(game, a) for a in cand["actions"]]
    legal = {key(game, game.action_to_json(a)) if a is not None else LET_GO for a in every}
    answer = key(game, game.action_to_json(action) if action is not None else None)
    assert answer in listed, (answer, listed)
    assert set(listed) <= legal, set(listed) - legal
    assert len(listed) == len(set(listed)) and len(listed) <= CAP
    assert len(listed) >= min(2, len(legal)), listed
    # the marked cards are those of the candidate plays, from the seat's own hand
    hand = Counter(game.hands(state)[seat])
    assert set(cand["cards"]) <= set(hand)


@pytest.mark.parametrize("name", GAMES)
def test_the_bots_hints_in_every_position(name):
    seen = Counter()
    first = []
    for game, state, seat, in_turn in positions(name):
        seen[(game.phase(state), in_turn)] += 1
        if not in_turn:
            continue
        for lang in LANGS:
            h = hint(game, state, seat, lang)
            action = heuristic_choice(game, state, seat).action
            assert key(game, h["action"]) == key(game, game.action_to_json(action))
            check_hint(game, state, seat, True, action, h, lang)
        listed = h["candidates"]["actions"]
        if len(listed) >= 3:
            first.append(key(game, listed[0]) == key(game, h["action"]))
    # level 2 never singles the answer out by its place: it is not (nearly) always listed first
    assert len(first) > 20 and sum(first) < 0.6 * len(first), (sum(first), len(first))
    assert DECISIONS[name] <= set(seen), seen


@pytest.mark.parametrize("name", GAMES)
def test_hints_lead_to_any_legal_answer(name):
    """A lesson's answer need not be the bot's: any legal answer (out of turn too, and letting the
    chance go) gets candidates that include it, and the same level 1."""
    for i, (game, state, seat, in_turn) in enumerate(positions(name, seeds=range(3))):
        every = options(game, state, seat, in_turn)
        spec = game.decision_spec(state, seat) if in_turn else None
        rng = derive(i, "hint-test")
        answer = spec.sample(rng) if spec is not None else every[rng.below(len(every))]
        lang = LANGS[i % 2]
        h = hint_for(game, state, seat, answer, lang, in_turn=in_turn)
        check_hint(game, state, seat, in_turn, answer, h, lang)
        assert h["rule"]["legal"] is True


def test_out_of_turn_hints_cover_the_bomb_window():
    """Tichu: a seat holding a bomb after a play may bomb now or let it stand (TICHU-BOMB-4)."""
    found = 0
    for game, state, seat, in_turn in positions("tichu", seeds=range(12)):
        if in_turn:
            continue
        found += 1
        for answer in (None, game.legal_actions(state, seat, in_turn=False)[0]):
            h = hint_for(game, state, seat, answer, "en", in_turn=False)
            assert "TICHU-BOMB-4" in h["focus"]["rule_ids"]
            assert LET_GO in h["candidates"]["actions"]
            check_hint(game, state, seat, False, answer, h, "en")
    assert found, "no bomb window in these deals"


# ---------------------------------------------------------------------------- set positions
def ddz(hands: dict[str, str], trick: list, to_act: int, landlord: int = 0):
    from tutor.scenario import load_scenario
    _, state = load_scenario({"game": "doudizhu", "flags": {"players": 3}, "phase": "play", "landlord": landlord,
                              "to_act": to_act, "hands": {s: h.split() for s, h in hands.items()}, "trick": trick})
    return state


def test_dou_dizhu_following_names_the_play_to_beat_and_what_beats_it():
    g = find_game("doudizhu")
    s = ddz({"0": "S-3 S-9 H-9 D-J C-J S-2", "1": "D-4 D-8", "2": "D-5 D-6"},
            [{"seat": 1, "cards": ["S-7", "H-7"]}, {"seat": 2, "action": "PASS"}], to_act=0, landlord=0)
    h = hint(g, s, 0, "en")
    focus = h["focus"]["text"]
    assert focus.startswith("The play to beat is seat 1's pair: 7♠ 7♥. "
                            "Only a higher pair beats it, or a bomb or the rocket.")
    assert {"DDZ-CMP-1", "DDZ-COMBO-2", "DDZ-CMP-3", "DDZ-PLAY-3"} <= set(h["focus"]["rule_ids"])
    assert "Seat 1, on the other side, has only 2 cards left." in focus
    assert "9♠" not in focus and "J♦" not in focus
    ja = hint(g, s, 0, "ja")["focus"]["text"]
    assert "勝つべき手は席1のペア（7♠ 7♥）です。" in ja and " " not in ja.replace("7♠ 7♥", "")
    # level 2: the pairs that beat it and passing, never the answer alone
    keys = {key(g, a) for a in h["candidates"]["actions"]}
    assert keys == {"9 9", "J J", "PASS"}


def test_dou_dizhu_lead_and_auction():
    g = find_game("doudizhu")
    s = ddz({"0": "S-3 H-3 D-9", "1": "D-4 D-8 C-8 S-K", "2": "D-5 D-6 H-K S-A"}, [], to_act=0)
    h = hint(g, s, 0, "en")
    assert h["focus"]["text"].startswith(catalog("en")["ddz.focus.lead"])
    state = g.new_game(g.flags({}), 5)
    h = hint(g, state, g.to_act(state), "en")
    assert "DDZ-BID-1" in h["focus"]["rule_ids"] and "count your strong cards" in h["focus"]["text"]


def test_napoleon_following_suit_or_not():
    from napoleon_helpers import nap, play
    g = find_game("napoleon")
    s = nap({"1": "H-2 H-K C-5 D-9"}, trick=[play(0, "H-9")], trump="S", to_act=1)
    h = hint(g, s, 1, "en")
    assert h["focus"]["text"].startswith("The lead suit is hearts ♥ and you hold some: you must follow suit.")
    assert h["focus"]["rule_ids"][0] == "NAP-FOLLOW-1"
    assert "So far seat 0 holds the trick with 9♥." in h["focus"]["text"]
    assert {key(g, a) for a in h["candidates"]["actions"]} == {"H-2", "H-K"}
    s = nap({"1": "C-5 D-9 S-3"}, trick=[play(0, "H-9")], trump="S", to_act=1)
    h = hint(g, s, 1, "en")
    assert h["focus"]["text"].startswith("The lead suit is hearts ♥ and you hold none: you may play any card")
    assert "NAP-RANK-2" in h["focus"]["rule_ids"]
    # the club 3 calls out the joker: the only legal card, and level 2 says so
    s = nap({"1": "C-5 JOKER S-3"}, trick=[play(0, "C-3")], trump="S", to_act=1)
    h = hint(g, s, 1, "en")
    assert h["focus"]["rule_ids"] == ["NAP-JOKER-1"] and h["candidates"]["only"]
    assert h["candidates"]["text"] == "Only one choice is legal here: joker."


def test_napoleon_naming_the_suit_of_a_led_joker():
    from napoleon_helpers import nap, play
    g = find_game("napoleon")
    s = nap({"0": "H-2 H-K C-5 D-9"}, phase="joker_suit", trick=[play(0, "JOKER")], trump="D", to_act=0)
    for lang in LANGS:
        h = hint(g, s, 0, lang)
        check_hint(g, s, 0, True, parse_action(h["action"]), h, lang)
    assert h["focus"]["rule_ids"][:2] == ["NAP-JOKER-3", "NAP-FOLLOW-1"]
    assert [a["joker_suit"] for a in h["candidates"]["actions"]] == ["S", "H", "D", "C"]


def test_tichu_wish_in_force_and_the_dragon_gift():
    from tichu_helpers import play, th
    g = find_game("tichu")
    s = th({"0": "S-7 S-9 H-9 D-K", "1": "C-2 C-3", "2": "D-2 D-3 D-4", "3": "H-2"},
           trick=[play(1, "S-5")], to_act=0, wish="7")
    h = hint(g, s, 0, "en")
    assert "The wish for 7s is in force and you hold one: if you can make a legal play with it, you must." \
        in h["focus"]["text"]
    assert "TICHU-WISH-2" in h["focus"]["rule_ids"] and "7♠" not in h["focus"]["text"].split("wish")[0]
    assert h["candidates"]["only"] and h["candidates"]["actions"] == [["S-7"]]
    s = th({"0": "S-7 S-9", "1": "C-2 C-3 C-4", "2": "D-2", "3": "H-2 H-3"}, phase="dragon_gift",
           trick=[play(0, "DRAGON")], to_act=0)
    h = hint(g, s, 0, "en")
    assert "Seat 1 holds 3 cards, seat 3 holds 2." in h["focus"]["text"]
    assert h["focus"]["rule_ids"][0] == "TICHU-DRAGON-2"
    assert [a["give_trick_to"] for a in h["candidates"]["actions"]] == [1, 3]


def test_tichu_exchange_offers_cards_not_the_answer():
    g = find_game("tichu")
    state = g.new_game(g.flags({}), 11)
    while g.phase(state) != "exchange":
        seat = g.to_act(state)
        state = g.apply(state, heuristic_choice(g, state, seat).action, seat)
    seat = g.to_act(state)
    h = hint(g, state, seat, "en")
    gifts = h["action"]["exchange"]
    partner = str((seat + 2) % 4)
    cards = h["candidates"]["cards"]
    assert set(gifts.values()) <= set(cards) and len(cards) >= 6
    text = h["candidates"]["text"]
    low, high = text.split(f"For your partner (seat {partner})")
    assert card_text(gifts[partner]) in high and all(card_text(t) in low for s, t in gifts.items() if s != partner)
    assert h["candidates"]["actions"] == [] and h["candidates"]["count"] == 2184


def test_a_tichu_call_in_a_lesson():
    from tichu_helpers import th
    g = find_game("tichu")
    s = th({"0": "S-2 S-3 S-4 S-5 S-6 H-7 H-8 H-9 D-10 D-J D-Q C-K C-A MAHJONG", "1": "C-2", "2": "D-2", "3": "H-2"},
           trick=[], to_act=0)
    call = Decision("call", "tichu")
    assert call in g.side_actions(s, 0)
    h = hint_for(g, s, 0, call, "en")
    assert h["focus"]["rule_ids"] == ["TICHU-CALL-1", "TICHU-CALL-2"]
    assert {"call": "tichu"} in h["candidates"]["actions"] and len(h["candidates"]["actions"]) >= 2


def test_every_new_message_exists_in_both_languages():
    en, ja = catalog("en"), catalog("ja")
    new = [k for k in en if ".focus." in k or k.startswith(("hint.", "nap.options.", "tichu.options."))]
    assert len(new) > 40
    for k in new:
        assert k in ja and JAPANESE.search(ja[k]), k


def test_the_generic_parts_serve_a_game_without_hooks():
    """A future game that fills no hook still gets all three levels: the generic focus per kind of
    decision, and for a "choose k cards" decision the answer's cards and as many others."""
    from tutor import hints
    g = find_game("napoleon")
    state = g.new_game(g.flags({}), 2)
    for _ in range(40):
        seat = g.to_act(state)
        if g.phase(state) == "discard":
            break
        state = g.apply(state, heuristic_choice(g, state, seat).action, seat)
    spec = g.decision_spec(state, seat)
    action = heuristic_choice(g, state, seat).action
    pool = hints._default_pool(g, spec, action)
    chosen = list(action.value)
    assert set(chosen) < set(pool.cards) and len(pool.cards) == 2 * len(chosen)
    assert list(pool.cards) == [c.token for c in spec.pool if c.token in pool.cards]  # the pool's order
    focus = hints.default_focus(g, state, seat, action, True)
    assert focus.rule_ids == ("NAP-KITTY-1",) and "3 cards" in focus.text("en")
    for name in GAMES:
        for game, state, seat, in_turn in positions(name, seeds=range(1)):
            action = heuristic_choice(game, state, seat).action if in_turn else None
            focus = hints.default_focus(game, state, seat, action, in_turn)
            for lang in LANGS:
                assert not LEFTOVER.search(focus.text(lang))
            assert set(focus.rule_ids) <= set(rules_by_id(name))
