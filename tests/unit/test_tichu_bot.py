"""The Tichu heuristic bot (tutor/games/tichu/bot.py): one position per habit it is meant to have."""
from __future__ import annotations

from tutor.actions import Decision, Pass, Play
from tutor.bots import heuristic_choice, hint, interrupt_choice
from tutor.games.tichu import bot
from tutor.messages import catalog, render

from tichu_helpers import G, key_of, norm, th


def choose(state, seat=None):
    seat = state.to_act if seat is None else seat
    choice = heuristic_choice(G, state, seat)
    assert norm(choice.action) in {norm(a) for a in G.legal_actions(state, seat)}, choice
    for lang in ("en", "ja"):
        assert choice.key in catalog(lang) and "{" not in render(choice.key, choice.params, lang)
    return choice


def played(choice) -> object:
    return key_of(choice.action.to_json()) if isinstance(choice.action, Play) else choice.action


class TestGrandAndExchange:
    def test_grand_only_with_a_very_strong_eight(self):
        strong = th({"0": "DRAGON PHOENIX H-A S-3 S-4 H-7 D-9 C-J"}, phase="grand_tichu")
        assert choose(strong, 0).action == Decision("grand", True)
        bomb = th({"0": "S-6 H-6 D-6 C-6 S-2 H-9 D-J C-3"}, phase="grand_tichu")
        assert choose(bomb, 0).action == Decision("grand", True)
        weak = th({"0": "DRAGON H-A S-A S-3 S-4 H-7 D-9 C-J"}, phase="grand_tichu")
        assert choose(weak, 0).action == Decision("grand", False)

    def test_exchange_keeps_dragon_phoenix_and_bombs(self):
        s = th({"0": "DRAGON PHOENIX S-9 H-9 D-9 C-9 DOG S-2 H-4 D-A C-K S-7 H-7 D-J"}, phase="exchange")
        choice = choose(s, 0)
        gifts = dict(choice.action.value)
        assert set(gifts) == {"1", "2", "3"}
        assert not {"DRAGON", "PHOENIX", "S-9", "H-9", "D-9", "C-9"} & set(gifts.values())
        assert {gifts["1"], gifts["3"]} == {"DOG", "S-2"}  # the lowest cards to the opponents
        assert gifts["2"] == "D-A"  # the best free card to the partner

    def test_exchange_when_almost_everything_is_precious(self):
        s = th({"0": "DRAGON PHOENIX S-2 S-3 S-4 S-5 S-6 H-9 D-9 C-9 S-9 H-K D-K C-K"}, phase="exchange")
        gifts = dict(choose(s, 0).action.value)
        assert "DRAGON" not in gifts.values() and "PHOENIX" not in gifts.values()


class TestWishAndGift:
    def test_wish_names_a_rank_the_bot_does_not_hold(self):
        s = th({"0": "S-2 S-3 H-A D-A"}, trick=[{"seat": 0, "cards": ["MAHJONG"]}], phase="wish", to_act=0)
        choice = choose(s, 0)
        assert choice.action.key == "wish" and choice.action.value not in ("2", "3", "A")
        assert choice.action.value == "K"  # the highest rank still all out there

    def test_gift_to_the_opponent_with_more_cards(self):
        s = th({"0": "S-2", "1": "S-3 S-4", "3": "S-5 S-6 S-7 S-8"},
               trick=[{"seat": 0, "cards": ["DRAGON"]}, {"seat": 1, "action": "PASS"}, {"seat": 2, "action": "PASS"},
                      {"seat": 3, "action": "PASS"}], phase="dragon_gift", to_act=0)
        assert choose(s, 0).action == Decision("give_trick_to", 3)


class TestPlay:
    def test_go_out_when_possible(self):
        s = th({"1": "S-9 H-9"}, trick=[{"seat": 0, "cards": ["S-4", "H-4"]}], to_act=1)
        choice = choose(s)
        assert choice.key == "tichu.why.go_out" and played(choice) == key_of("S-9 H-9")

    def test_lead_low_and_keep_the_big_cards(self):
        s = th({"0": "S-3 H-8 D-J DRAGON PHOENIX C-A"}, trick=[], to_act=0)
        choice = choose(s)
        assert choice.key == "tichu.why.lead_low" and played(choice) == key_of("S-3")

    def test_do_not_beat_the_partner(self):
        s = th({"0": "S-K H-2"}, trick=[{"seat": 2, "cards": ["S-9"]}, {"seat": 3, "action": "PASS"}], to_act=0)
        choice = choose(s)
        assert isinstance(choice.action, Pass) and choice.key == "tichu.why.partner_winning"

    def test_beat_an_opponent_cheaply(self):
        s = th({"0": "S-K H-10 D-J DRAGON S-3"}, trick=[{"seat": 3, "cards": ["S-9"]}], to_act=0)
        choice = choose(s)
        assert choice.key == "tichu.why.beat_cheaply" and played(choice) == key_of("H-10")

    def test_dog_to_a_partner_who_called(self):
        s = th({"0": "DOG S-3 H-5"}, trick=[], to_act=0, calls={"2": "tichu"})
        choice = choose(s)
        assert choice.key == "tichu.why.dog_to_partner" and played(choice) == key_of("DOG")

    def test_bomb_an_opponent_about_to_go_out(self):
        s = th({"0": "S-7 H-7 D-7 C-7 S-2 H-3", "3": "S-Q"}, trick=[{"seat": 3, "cards": ["DRAGON"]}], to_act=0)
        choice = choose(s)
        assert choice.key == "tichu.why.bomb_to_stop" and played(choice) == key_of("S-7 H-7 D-7 C-7")

    def test_no_bomb_on_a_harmless_trick(self):
        s = th({"0": "S-7 H-7 D-7 C-7 S-2 H-3", "3": "S-Q S-J D-4 D-5 D-6"}, trick=[{"seat": 3, "cards": ["S-A"]}],
               to_act=0)
        choice = choose(s)
        assert isinstance(choice.action, Pass) and choice.key == "tichu.why.save_strength"

    def test_the_wish_is_obeyed(self):
        s = th({"0": "S-8 S-A H-3"}, trick=[{"seat": 3, "cards": ["S-5"]}], to_act=0, wish="A")
        choice = choose(s)
        assert choice.key == "tichu.why.wish_forced" and played(choice) == key_of("S-A")


class TestInterrupt:
    def test_bomb_out_of_turn_when_an_opponent_is_about_to_go_out(self):
        s = th({"0": "S-7 H-7 D-7 C-7 S-2 H-3", "1": "S-Q"}, trick=[{"seat": 1, "cards": ["S-K"]}], to_act=2)
        action = bot.interrupt(G, s, 0)
        assert action is not None and key_of(action.to_json()) == key_of("S-7 H-7 D-7 C-7")
        assert interrupt_choice(G, s, 0) == action  # what the practice table asks (tutor.bots)
        reason = bot.interrupt_reason(G, s, 0)
        assert reason.key == "tichu.why.bomb_to_stop" and "{" not in render(reason.key, reason.params, "ja")

    def test_no_bomb_on_the_partner_nor_on_a_cheap_open_trick(self):
        s = th({"0": "S-7 H-7 D-7 C-7 S-2 H-3", "2": "S-Q"}, trick=[{"seat": 2, "cards": ["S-K"]}], to_act=3)
        assert bot.interrupt(G, s, 0) is None
        s = th({"0": "S-7 H-7 D-7 C-7 S-2 H-3"}, trick=[{"seat": 1, "cards": ["S-4"]}], to_act=2)
        assert bot.interrupt(G, s, 0) is None

    def test_bomb_a_rich_trick_about_to_be_won(self):
        s = th({"0": "S-7 H-7 D-7 C-7 S-2 H-3"},
               trick=[{"seat": 1, "cards": ["S-K", "H-K"]}, {"seat": 2, "action": "PASS"}, {"seat": 3, "action": "PASS"}],
               to_act=0)
        # seat 0 is on turn (then it decides in turn, not out of turn); the choice is the same bomb
        assert bot.interrupt(G, s, 0) is None
        choice = choose(s)
        assert choice.key == "tichu.why.bomb_points" and played(choice) == key_of("S-7 H-7 D-7 C-7")
        s = th({"2": "S-7 H-7 D-7 C-7 S-2 H-3"},
               trick=[{"seat": 1, "cards": ["S-K", "H-K"]}, {"seat": 2, "action": "PASS"}, {"seat": 3, "action": "PASS"},
                      {"seat": 0, "action": "PASS"}], to_act=1)
        action = bot.interrupt(G, s, 2)
        assert action is not None and key_of(action.to_json()) == key_of("S-7 H-7 D-7 C-7")


def test_call_tichu_only_with_a_strong_full_hand():
    s = th({"0": "DRAGON S-A H-A D-A C-A S-K H-K D-Q C-Q S-J H-10 D-9 C-8 MAHJONG"}, trick=[], to_act=0)
    choice = bot.call_choice(G, s, 0)
    assert choice is not None and choice.action == Decision("call", "tichu")
    weak = th({"0": "S-2 H-3 D-4 C-5 S-6 H-7 D-8 C-9 S-10 H-J D-Q C-K S-A MAHJONG"}, trick=[], to_act=0)
    assert bot.call_choice(G, weak, 0) is None


def test_hint_in_three_levels_for_a_lead():
    """Level 1 says what to look for (the seat leads: any combination goes) without naming the
    answer; level 2 lists candidates with the answer among them; level 3 is the answer (tutor/hints.py)."""
    s = th({"0": "S-3 H-3 D-J DRAGON"}, trick=[], to_act=0)
    h = hint(G, s, 0, "en")
    assert h["action"] == ["S-3", "H-3"]
    assert h["focus"]["text"].startswith(catalog("en")["tichu.focus.lead"])
    assert "3♠" not in h["focus"]["text"] and "TICHU-TURN-1" in h["focus"]["rule_ids"]
    listed = [sorted(a) for a in h["candidates"]["actions"]]
    assert sorted(h["action"]) in listed and len(listed) >= 2
    assert all(G.explain(s, G.parse_action(a), 0).legal for a in h["candidates"]["actions"])