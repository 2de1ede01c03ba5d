"""Card notation (rules/README.md §1): parsing, formatting, names, decks."""
from __future__ import annotations

import json

from collections import Counter

import pytest

from tutor.cards import (RANKS, SUITS, Card, CardError, DeckSpec, format_cards, multiset_contains,
                         multiset_remove, parse_cards)
from unit_helpers import GAME, cards


class TestRoundTrip:
    @pytest.mark.parametrize("token", [f"{s}-{r}" for s in "SHDC" for r in
                                       ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")])
    def test_every_suited_card(self, token):
        card = Card.parse(token)
        assert str(card) == token
        suit, rank = token.split("-")
        assert (card.suit, card.rank, card.special, card.declared) == (suit, rank, "", "")

    @pytest.mark.parametrize("token", ["BJ", "RJ", "JOKER", "MAHJONG", "DOG", "PHOENIX", "DRAGON"])
    def test_jokers_and_tichu_specials(self, token):
        card = Card.parse(token)
        assert str(card) == token
        assert card.special == token and card.suit == "" and card.rank == "" and card.declared == ""

    @pytest.mark.parametrize("token", [f"T{i}" for i in range(1, 10)] + ["WILD"])
    def test_ponjan_tiles(self, token):
        assert str(Card.parse(token)) == token
        assert Card.parse(token).special == token

    def test_declared_phoenix(self):
        card = Card.parse("PHOENIX=8")
        assert str(card) == "PHOENIX=8"
        assert card.special == "PHOENIX" and card.declared == "8"
        assert card.physical == Card.parse("PHOENIX")
        assert Card.parse("PHOENIX=10").declared == "10"
        assert Card.parse("PHOENIX=8") != Card.parse("PHOENIX=9")  # README §4.4: kept whole

    def test_declared_joker(self):
        card = Card.parse("JOKER=H-7")
        assert str(card) == "JOKER=H-7"
        assert card.special == "JOKER" and card.declared == "H-7"
        assert card.physical == Card.parse("JOKER")
        assert card.is_joker

    @pytest.mark.parametrize("token, plain", [("S-7#2", "S-7"), ("H-10#1", "H-10"), ("BJ#2", "BJ"),
                                              ("RJ#1", "RJ"), ("JOKER#3", "JOKER"), ("PHOENIX=8#1", "PHOENIX=8")])
    def test_copy_suffix_is_dropped(self, token, plain):
        assert Card.parse(token) == Card.parse(plain)
        assert str(Card.parse(token)) == plain

    def test_repr_evaluates_back_to_the_card(self):
        for token in ("H-10", "BJ", "PHOENIX=8", "JOKER=H-7", "T3"):
            card = Card.parse(token)
            assert eval(repr(card), {"Card": Card}) == card

    def test_list_helpers(self):
        toks = cards("S-3 H-10 BJ RJ")
        assert format_cards(parse_cards(toks)) == toks
        assert parse_cards([]) == ()

    def test_is_joker(self):
        assert Card.parse("BJ").is_joker and Card.parse("RJ").is_joker and Card.parse("JOKER").is_joker
        assert not Card.parse("S-A").is_joker and not Card.parse("PHOENIX").is_joker


class TestErrors:
    @pytest.mark.parametrize("token", ["S-11", "T-10", "X", "S-1", "H-T", "S-0", "Z-3", "S-", "-3", "",
                                       "PHOENIX=1", "PHOENIX=BJ", "JOKER=7", "JOKER=H-1", "JOKER=BJ", "BJ=3",
                                       "DRAGON=5", "T10", "T0"])
    def test_bad_token_is_named(self, token):
        with pytest.raises(CardError) as info:
            Card.parse(token)
        assert f'"{token}"' in str(info.value)
        assert isinstance(info.value, ValueError)

    @pytest.mark.parametrize("value", [10, None, 3.5, ["S-3"]])
    def test_non_string_is_named(self, value):  # in JSON's spelling: null, not None
        with pytest.raises(CardError) as info:
            Card.parse(value)  # type: ignore[arg-type]
        assert json.dumps(value) in str(info.value)

    def test_ten_as_int_in_a_list(self):
        with pytest.raises(CardError) as info:
            parse_cards(["S-3", 10])  # type: ignore[list-item]
        assert "[1]" in str(info.value) and "10" in str(info.value)

    def test_list_error_names_position_and_token(self):
        with pytest.raises(CardError) as info:
            parse_cards(["S-3", "H-4", "S-11"])
        message = str(info.value)
        assert message.startswith("[2]") and '"S-11"' in message


class TestNames:
    def test_ten_of_hearts(self):
        assert Card.parse("H-10").name("en") == "10 of hearts"
        assert Card.parse("H-10").name("ja") == "ハートの10"
        assert Card.parse("H-10").name() == "10 of hearts"

    def test_suit_names(self):
        assert Card.parse("S-3").name("en") == "3 of spades"
        assert Card.parse("D-3").name("en") == "3 of diamonds"
        assert Card.parse("C-3").name("en") == "3 of clubs"
        assert Card.parse("S-3").name("ja") == "スペードの3"
        assert Card.parse("D-3").name("ja") == "ダイヤの3"
        assert Card.parse("C-3").name("ja") == "クラブの3"

    @pytest.mark.parametrize("lang", ["en", "ja"])
    @pytest.mark.parametrize("players", [3, 4])
    def test_every_doudizhu_card_has_its_own_name(self, lang, players):
        deck = set(GAME.flags({"players": players}).deck.cards())
        names = {c: c.name(lang) for c in deck}
        assert all(n.strip() for n in names.values())
        assert len(set(names.values())) == len(deck) == 54  # a screen reader tells every card apart

    @pytest.mark.parametrize("lang", ["en", "ja"])
    def test_specials_and_declared_cards_have_names(self, lang):
        specials = ["BJ", "RJ", "JOKER", "MAHJONG", "DOG", "PHOENIX", "DRAGON", "WILD"]
        names = [Card.parse(t).name(lang) for t in specials]
        assert all(n and n not in specials for n in names)  # translated, not the raw token
        assert len(set(names)) == len(names)
        assert "8" in Card.parse("PHOENIX=8").name(lang)
        assert Card.parse("PHOENIX=8").name(lang) != Card.parse("PHOENIX=9").name(lang)
        assert Card.parse("BJ").name(lang) != Card.parse("RJ").name(lang)


class TestDecks:
    def test_three_player_doudizhu_deck(self):
        deck = GAME.flags({"players": 3}).deck.cards()
        assert len(deck) == 54  # DDZ-SETUP-2
        count = Counter(deck)
        assert set(count.values()) == {1}
        assert count[Card.parse("BJ")] == 1 and count[Card.parse("RJ")] == 1
        assert sum(1 for c in deck if c.suit) == 52

    def test_four_player_doudizhu_deck(self):
        deck = GAME.flags({"players": 4}).deck.cards()
        assert len(deck) == 108  # DDZ-SETUP-2: two decks
        count = Counter(deck)
        assert set(count.values()) == {2}
        assert len(count) == 54
        assert count[Card.parse("BJ")] == 2 and count[Card.parse("RJ")] == 2
        assert count[Card.parse("H-10")] == 2

    def test_counts_and_fixed_order(self):
        spec = DeckSpec(copies=2, specials=("BJ", "RJ"), special_copies=2)
        assert spec.cards() == spec.cards()
        assert sum(spec.counts().values()) == 108
        assert len(DeckSpec().cards()) == 52
        assert len(DeckSpec(suited=False, specials=("MAHJONG",)).cards()) == 1
        assert {c.suit for c in DeckSpec().cards()} == set(SUITS)
        assert {c.rank for c in DeckSpec().cards()} == set(RANKS)

    def test_accepts(self):
        ddz_deck = GAME.flags({"players": 3}).deck
        assert ddz_deck.accepts(Card.parse("BJ")) and ddz_deck.accepts(Card.parse("S-2"))
        assert not ddz_deck.accepts(Card.parse("JOKER"))
        assert not ddz_deck.accepts(Card.parse("PHOENIX"))
        assert not ddz_deck.accepts(Card.parse("JOKER=H-7"))
        assert not DeckSpec(suited=False, specials=("WILD",)).accepts(Card.parse("S-3"))

    def test_multisets(self):
        pool = [Card.parse(t) for t in cards("S-7 S-7 H-3 BJ")]
        assert multiset_contains(pool, [Card.parse("S-7"), Card.parse("S-7")])
        assert not multiset_contains(pool, [Card.parse("H-3"), Card.parse("H-3")])
        left = multiset_remove(pool, [Card.parse("S-7"), Card.parse("BJ")])
        assert Counter(left) == Counter(Card.parse(t) for t in cards("S-7 H-3"))
