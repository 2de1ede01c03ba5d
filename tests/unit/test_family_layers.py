"""The family layers every game of a family uses: the climbing trick (tutor/climbing.py) and the
trick-taking trump order (tutor/tricktaking.py), card by card, seat by seat."""
from __future__ import annotations

from types import SimpleNamespace

from tutor.cards import Card
from tutor.climbing import (TrickEntry, everyone_else_passed, lead_after, next_seat, passes_since_top,
                            seats_after, top)
from tutor.tricktaking import POINTS_5_10_K, TRUMP, TrumpOrder, card_points, voids

C = Card.parse


def play(seat: int, *tokens: str, in_turn: bool = True) -> TrickEntry:
    return TrickEntry(seat, tuple(C(t) for t in tokens), SimpleNamespace(type="single"), in_turn)


def pass_(seat: int) -> TrickEntry:
    return TrickEntry(seat)


# ---------------------------------------------------------------- climbing
def test_top_and_passes_read_the_last_play() -> None:
    trick = [play(0, "S-5"), pass_(1), play(2, "S-9"), pass_(3), pass_(0)]
    assert top(trick) == trick[2]
    assert passes_since_top(trick) == 2
    assert top([]) is None and top([pass_(0)]) is None
    assert passes_since_top([]) == 0


def test_the_trick_is_won_when_everyone_else_still_in_has_passed() -> None:
    trick = [play(0, "S-5"), pass_(1), pass_(2)]
    assert not everyone_else_passed(trick, 4)
    assert everyone_else_passed(trick + [pass_(3)], 4)
    out = {3}
    assert everyone_else_passed(trick, 4, lambda s: s not in out)  # seat 3 is out: no pass owed
    assert not everyone_else_passed([pass_(0)], 4)  # nothing to beat: nothing won


def test_the_turn_skips_seats_that_are_out_and_follows_the_direction() -> None:
    still_in = lambda s: s != 2  # noqa: E731
    assert next_seat(1, 4) == 2
    assert next_seat(1, 4, still_in) == 3
    assert next_seat(3, 4, still_in) == 0
    assert next_seat(0, 4, direction=-1) == 3
    assert next_seat(0, 5, skip=1) == 2  # a skip passes over one more seat
    assert next_seat(1, 4, lambda s: s == 1) == 1  # nobody else still in
    assert seats_after(1, 4) == (2, 3, 0, 1)
    assert seats_after(1, 4, still_in) == (3, 0, 1)


def test_the_lead_after_a_trick_goes_to_the_winner_or_the_next_seat_still_in() -> None:
    assert lead_after(2, 4) == 2
    assert lead_after(2, 4, lambda s: s != 2) == 3


def test_entries_write_the_shared_json() -> None:
    assert pass_(1).to_json() == {"seat": 1, "action": "PASS"}
    assert play(0, "S-5").to_json() == {"seat": 0, "cards": ["S-5"]}
    assert play(0, "S-5").to_json(with_type=True) == {"seat": 0, "cards": ["S-5"], "type": "single"}
    assert play(3, "S-5", "H-5", "D-5", "C-5", in_turn=False).to_json()["in_turn"] is False


# ---------------------------------------------------------------- trick-taking
LEVEL_5_HEARTS = TrumpOrder("H", "5", powers={C("RJ"): 2, C("BJ"): 1})


def test_a_trump_order_knows_a_trump_suit_and_a_trump_rank() -> None:
    o = LEVEL_5_HEARTS
    assert [o.is_trump(C(t)) for t in ("H-2", "S-5", "H-5", "RJ", "S-A")] == [True, True, True, True, False]
    assert o.effective_suit(C("S-5")) == TRUMP and o.effective_suit(C("S-A")) == "S"
    ladder = ["H-A", "S-5", "H-5", "BJ", "RJ"]  # A of trumps < off-suit level card < trump-suit level card < jokers
    values = [o.strength(C(t), "S") for t in ladder]
    assert values == sorted(values) and len(set(values)) == len(values)
    assert o.strength(C("H-2"), "S") > o.strength(C("S-A"), "S")  # any trump beats the led suit
    assert o.strength(C("D-A"), "S") == 0  # off-suit: cannot win
    assert o.rank_value(C("S-6")) == o.rank_value(C("S-4")) + 1  # the trump rank leaves the plain order


def test_following_and_the_winner() -> None:
    o = LEVEL_5_HEARTS
    hand = [C(t) for t in ("S-3", "D-5", "H-9", "C-K")]
    assert o.follow_options(hand, TRUMP) == [C("D-5"), C("H-9")]  # the 5 of diamonds is a trump
    assert o.follow_options(hand, "S") == [C("S-3")]
    assert o.follow_options(hand, "D") == hand  # void in plain diamonds: any card
    plays = [(0, C("S-K")), (1, C("S-A")), (2, C("D-5")), (3, C("S-Q"))]
    assert o.trick_winner(plays) == 2  # a trump rank card wins a spade trick
    two_decks = [(0, C("S-A")), (1, C("S-A"))]
    assert o.trick_winner(two_decks) == 0  # equal cards: the first played wins


def test_a_printed_suit_order_follows_as_printed() -> None:
    napoleonish = TrumpOrder("S", None, powers={C("S-A"): 4}, trumps_follow_as_trump=False)
    assert napoleonish.effective_suit(C("S-A")) == "S" and napoleonish.effective_suit(C("S-2")) == "S"
    hand = [C("S-A"), C("H-2")]
    assert napoleonish.follow_options(hand, "H") == [C("H-2")]
    assert napoleonish.trick_winner([(0, C("H-K")), (1, C("S-2")), (2, C("S-A"))]) == 2


def test_voids_and_points() -> None:
    o = LEVEL_5_HEARTS
    tricks = [[(0, C("S-K")), (1, C("D-3")), (2, C("S-2"))], [(2, C("H-3")), (0, C("S-9")), (1, C("S-5"))]]
    assert voids(tricks, o) == {1: {"S"}, 0: {TRUMP}}
    assert voids(tricks, o, free=lambda c: c == C("D-3")) == {0: {TRUMP}}
    assert card_points([C(t) for t in ("S-5", "H-10", "D-K", "C-A", "RJ")], POINTS_5_10_K) == 25


def test_napoleon_voids_are_the_shared_models_voids() -> None:
    """Napoleon records the suits a seat showed it lacks as each card is played; the shared model
    (tutor/tricktaking.py: voids) reads the same from the finished tricks (NAP-FOLLOW-1: the
    joker is free and shows nothing; a led joker's named suit is the lead suit, NAP-JOKER-3)."""
    import random

    from tutor.games.napoleon import GAME
    from tutor.games.napoleon.tricks import FOLLOWING, JOKER, lead_suit

    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.new_game(GAME.Flags(), seed)
        tricks: list[list[tuple[int, Card]]] = []
        joker_suits: list[str | None] = []
        while not GAME.round_over(state):
            seat = GAME.to_act(state)
            before = state
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state, seat)), seat)
            if before.phase in ("play", "joker_suit") and before.trick and len(before.trick) == 4 and not state.trick:
                plays = [(e.seat, e.card) for e in before.trick]
                last = next(e for e in reversed(state.log) if e.key == "nap.event.play")
                plays.append((seat, Card.parse(last.params["cards"][0])))
                tricks.append(plays)
                joker_suits.append(before.trick[0].joker_suit)
                led = {id(p): lead_suit(p[0][1], js) for p, js in zip(tricks, joker_suits)}
                expected = voids(tricks, FOLLOWING, led_of=lambda p: led[id(p)], free=lambda c: c == JOKER)
                assert {s: set(v) for s, v in enumerate(state.voids) if v} == expected
                checked += 1
    assert checked > 100
