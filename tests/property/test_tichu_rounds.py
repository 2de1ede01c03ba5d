"""Property tests over whole random Tichu rounds (hypothesis).

Each example deals a seeded round (``GAME.new_game(flags, seed)``) and plays it to the score with
a mix of random legal actions and the heuristic bot (which seats use the bot is drawn too). After
every action every seat is polled for out-of-turn bombs, and sometimes one is played
(``in_turn=False``); then ``settle`` closes what is finished. Tichu calls are made at random
through ``side_actions``. CI plays at least 500 rounds; ``CARDTUTOR_GAMES`` raises it. A few
whole games (``advance`` round after round, small ``target_score``) check the game end.

What every game shares (cards conserved, a decision for the seat to act, ``explain`` agreeing
with the listed actions, ``apply`` leaving its input and refusing the illegal, rounds ending) is
tests/property/test_every_game_random.py's. Checked here: every action played was listed, in or
out of turn, none twice; ``explain`` agrees with ``legal_actions`` on random card sets and bombs
out of turn; Tichu calls are open exactly while ``side_actions`` lists them; the played cards
leave the hand; the round ends exactly at three out or a one-two; the
wish is never left unfulfilled when it could be fulfilled; 100 card points per round (200/0 on a
one-two), scored from the captured piles by TICHU-END-3; calls ±100/±200; rounds and games end.
"""
from __future__ import annotations

import os
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tutor.actions import PASS, Decision, FrozenMap, Pass, Play
from tutor.bots import heuristic_choice, random_choice
from tutor.cards import RANKS, Card
from tutor.game import IllegalAction
from tutor.registry import find_game
from tutor.games.tichu import bot
from tutor.games.tichu.combos import DRAGON, Hand, generate, is_natural
from tutor.games.tichu.game import card_points, team_of
from tutor.rng import Rng

GAMES = max(500, int(os.environ.get("CARDTUTOR_GAMES", "500")))
WHOLE_GAMES = max(20, GAMES // 25)
GAME = find_game("tichu")
MAX_STEPS = 1500

flag_sets = st.fixed_dictionaries({}, optional={
    "bomb_interrupt_on_interrupt": st.booleans(), "wish_on_lead": st.booleans(),
    "grand_tichu": st.booleans(), "exchange": st.booleans(),
})


# --------------------------------------------------------------------------- helpers
def _key(action: Any) -> Any:
    """An order-free identity for an action (a play is a multiset of tokens, declarations kept)."""
    if isinstance(action, Play):
        return ("play", tuple(sorted(c.token for c in action.cards)))
    if isinstance(action, Pass):
        return ("pass",)
    return ("decision", action.key, action.value)


def _check_physical(state: Any) -> None:
    """A Phoenix played as a rank is kept as the Phoenix (the card itself), never as its reading."""
    assert all(not c.declared for c in GAME.all_cards(state)), "only physical cards are kept"


def _has_wished(cards: Any, wish: str) -> bool:
    return any(is_natural(c) and c.rank == wish for c in cards)


def _random_subset(hand: tuple, rng: Rng) -> tuple:
    k = 1 + rng.below(min(len(hand), 7))
    idx = list(range(len(hand)))
    rng.shuffle(idx)
    cards = [hand[i] for i in idx[:k]]
    if len(cards) > 1 and rng.below(2):  # declare the Phoenix as some rank (often an illegal one)
        cards = [Card(special="PHOENIX", declared=RANKS[rng.below(13)]) if c.special == "PHOENIX" else c
                 for c in cards]
    return tuple(cards)


def _near_miss(play: Play, hand: tuple, rng: Rng) -> Play:
    """A legal play changed a little: another card, the Phoenix in or out, another declaration."""
    cards = list(play.cards)
    spare = [c for c in hand if c not in {x.physical for x in cards}]
    how = rng.below(5)
    if how == 0 and spare:
        cards[rng.below(len(cards))] = spare[rng.below(len(spare))]
    elif how == 1 and any(c.special == "PHOENIX" for c in spare):
        i = rng.below(len(cards))
        if cards[i].rank:
            cards[i] = Card(special="PHOENIX", declared=cards[i].rank)
    elif how == 2:
        cards = [Card(special="PHOENIX", declared=RANKS[rng.below(13)]) if c.special == "PHOENIX" and c.declared
                 else c for c in cards]
    elif how == 3 and spare:
        cards.append(spare[rng.below(len(spare))])
    elif len(cards) > 1:
        cards.pop(rng.below(len(cards)))
    if len(cards) > 1:  # a multi-card play names the Phoenix's rank; a lone Phoenix is plain
        cards = [Card(special="PHOENIX", declared=RANKS[rng.below(13)]) if c.special == "PHOENIX" and not c.declared
                 else c for c in cards]
    elif cards[0].special == "PHOENIX":
        cards = [Card(special="PHOENIX")]
    rng.shuffle(cards)
    return Play(tuple(cards))


def _random_exchange(state: Any, seat: int, rng: Rng) -> Decision:
    hand = list(state.hands[seat])
    rng.shuffle(hand)
    others = [s for s in range(4) if s != seat]
    return Decision("exchange", FrozenMap.of({str(o): str(c) for o, c in zip(others, hand)}))


def _unrestricted_plays(state: Any, seat: int) -> list[tuple]:
    """Every play the rules of combination allow, before the wish (independent of ``_plays``)."""
    top = state.top()
    plays = generate(Hand(state.hands[seat]), top.combo if top else None, leading=top is None)
    if top is not None and top.combo.type == "single" and top.combo.rank >= DRAGON:
        plays = [p for p in plays if p[1].is_bomb]
    return [cards for cards, _ in plays]


def _check_wish(state: Any, seat: int, legal: list, keys: set) -> None:
    """TICHU-WISH-2/3/4: a wish that can be fulfilled must be; one that cannot binds nothing."""
    wish = state.wish
    top = state.top()
    if wish is None or (top is None and not state.flags.wish_on_lead):
        return
    if not _has_wished(state.hands[seat], wish):
        return
    fulfilling = [c for c in _unrestricted_plays(state, seat) if _has_wished(c, wish)]
    if fulfilling:
        assert all(isinstance(a, Play) and _has_wished(a.cards, wish) for a in legal), \
            f"wish {wish}: every legal action must contain a natural {wish}"
        assert keys == {_key(Play(c)) for c in fulfilling}, "exactly the plays with the wished rank are legal"
        if top is not None:
            verdict = GAME.explain(state, PASS, seat)
            assert not verdict.legal and verdict.key == "tichu.wish_forces", verdict
    elif top is not None:
        assert ("pass",) in keys, f"wish {wish} cannot be fulfilled: passing stays legal"


def _check_explain(state: Any, seat: int, legal: list, keys: set, rng: Rng) -> None:
    """``explain`` says legal exactly for the legal actions (a sample of them and of other tries)."""
    sample = legal[:4] + legal[-2:] + [legal[rng.below(len(legal))] for _ in range(2)]
    for a in sample:
        assert GAME.explain(state, a, seat).legal, (a, GAME.explain(state, a, seat))
    if state.phase == "play":
        plays = [a for a in legal if isinstance(a, Play)]
        tries = [Play(_random_subset(state.hands[seat], rng)) for _ in range(3)]
        tries += [_near_miss(plays[rng.below(len(plays))], state.hands[seat], rng) for _ in range(4) if plays]
        tries += [Play(tuple(reversed(p.cards))) for p in plays[-2:]]  # the order of the cards is free
        for try_play in tries:
            verdict = GAME.explain(state, try_play, seat)
            assert verdict.legal == (_key(try_play) in keys), (try_play, verdict, state.trick)
        assert GAME.explain(state, PASS, seat).legal == (("pass",) in keys)
        other = (seat + 1 + rng.below(3)) % 4
        assert not GAME.explain(state, legal[0], other).legal, "another seat may not act in turn"
    elif state.phase == "wish":
        assert not GAME.explain(state, Decision("wish", "1"), seat).legal
        assert not GAME.explain(state, Decision("wish", "MAHJONG"), seat).legal
        assert len(legal) == 14
    elif state.phase == "dragon_gift":
        assert not GAME.explain(state, Decision("give_trick_to", seat), seat).legal
        assert not GAME.explain(state, Decision("give_trick_to", (seat + 2) % 4), seat).legal
        assert {a.value for a in legal} == {(seat + 1) % 4, (seat + 3) % 4}
    elif state.phase == "grand_tichu":
        assert {a.value for a in legal} == {True, False}
        assert len(state.hands[seat]) == 8


def _check_exchange_explain(state: Any, seat: int, rng: Rng) -> None:
    """The exchange list is 14·13·12 long; check explain on random valid and invalid exchanges."""
    a = _random_exchange(state, seat, rng)
    assert GAME.explain(state, a, seat).legal, a
    card = str(state.hands[seat][0])
    same_twice = Decision("exchange", FrozenMap.of({str(o): card for o in range(4) if o != seat}))
    assert not GAME.explain(state, same_twice, seat).legal
    to_self = Decision("exchange", FrozenMap.of({str(o): str(c) for o, c in zip(range(4), state.hands[seat])}))
    assert not GAME.explain(state, to_self, seat).legal
    spec = GAME.decision_spec(state, seat)  # the spec judges them alike, without the list
    assert spec.contains(a) and not spec.contains(same_twice) and not spec.contains(to_self)


def _poll_interrupts(state: Any, rng: Rng, bomb_rate: int, bot_seats: int) -> Any:
    """Poll every seat for out-of-turn bombs; sometimes play one (randomly or the bot's pick)."""
    for _ in range(4):  # a bomb may be answered by a bigger one (with the official flag)
        top = state.top() if state.phase == "play" else None
        options: list[tuple[int, Play]] = []
        for seat in range(4):
            bombs = GAME.legal_actions(state, seat, in_turn=False)
            if top is None or (not top.in_turn and top.combo.is_bomb
                               and not state.flags.bomb_interrupt_on_interrupt):
                assert not bombs, "no interrupt before the lead (BOMB-5) or on an interrupt (BOMB-7)"
            for b in bombs:
                verdict = GAME.explain(state, b, seat, in_turn=False)
                assert verdict.legal, (b, verdict)
                assert b.cards and all(not c.special for c in b.cards), "bombs are natural cards only"
            if state.hands[seat] and top is not None and state.phase == "play":
                try_play = Play(_random_subset(state.hands[seat], rng))
                verdict = GAME.explain(state, try_play, seat, in_turn=False)
                assert verdict.legal == (_key(try_play) in {_key(b) for b in bombs}), (try_play, verdict)
            pick = bot.interrupt(GAME, state, seat)
            if pick is not None:
                assert _key(pick) in {_key(b) for b in bombs}, "the bot bombs only legally"
            options.extend((seat, b) for b in bombs)
            if pick is not None and bot_seats >> seat & 1:
                options.extend([(seat, pick)] * 4)
        if not options or rng.below(bomb_rate):
            return state
        seat, bomb = options[rng.below(len(options))]
        state = GAME.apply(state, bomb, seat, in_turn=False)
        _check_round_end(state)
        if state.phase != "play":
            return state
        top = state.top()
        assert top is not None and top.seat == seat and not top.in_turn and top.combo.is_bomb
    return state


def _check_round_end(state: Any) -> None:
    """TICHU-END-1/2: the round ends as soon as three are out, or two partners are out first."""
    out = state.out
    if len(out) >= 3 or (len(out) == 2 and team_of(out[0]) == team_of(out[1])):
        assert state.phase in ("score", "dragon_gift"), ("the round must end now", out, state.phase)
    else:
        assert state.phase != "score"


def _record_events(state: Any) -> None:
    """What the round exercised (shown by ``pytest --hypothesis-show-statistics``)."""
    keys = {e.key for e in state.log}
    out = state.out
    event("one-two" if len(out) == 2 else "three out")
    for key, label in (("tichu.event.interrupt", "bomb out of turn"), ("tichu.event.wish", "wish named"),
                       ("tichu.event.wish_fulfilled", "wish fulfilled"), ("tichu.event.gift", "Dragon gift"),
                       ("tichu.event.dog", "Dog played"), ("tichu.event.call", "Tichu call"),
                       ("tichu.event.grand", "Grand Tichu call")):
        if key in keys:
            event(label)
    if any(e.key == "tichu.event.play" and e.params.get("type") in ("four_of_a_kind_bomb", "straight_flush_bomb")
           for e in state.log):
        event("bomb in turn")


def _check_round_result(state: Any, start_scores: tuple) -> None:
    res = state.result
    assert res is not None and state.phase == "score"
    out = list(state.out)
    one_two = len(out) >= 2 and team_of(out[0]) == team_of(out[1])
    assert len(out) >= 3 or one_two, "a round ends with three out or a one-two"
    if one_two:
        assert len(out) == 2
        assert res["card_points"] == {team_of(out[0]): 200, "B" if team_of(out[0]) == "A" else "A": 0}
    else:
        assert res["card_points"]["A"] + res["card_points"]["B"] == 100, res
        # TICHU-END-3, recomputed: the last player's pile to the first out, the hand to the opponents
        (last,) = [s for s in range(4) if s not in out]
        pts = {s: state.points(s) for s in range(4)}
        pts[out[0]] += pts[last]
        pts[last] = 0
        card = {"A": 0, "B": 0}
        for s, p in pts.items():
            card[team_of(s)] += p
        card["B" if team_of(last) == "A" else "A"] += card_points(state.hands[last])
        assert res["card_points"] == card, (res, card)
    calls = {"A": 0, "B": 0}
    for s, c in enumerate(state.calls):
        if c:
            stake = 200 if c == "grand" else 100
            calls[team_of(s)] += stake if s == out[0] else -stake
    assert res["call_points"] == calls, (res, state.calls, out)
    for t, i in (("A", 0), ("B", 1)):
        assert res["round_score"][t] == res["card_points"][t] + res["call_points"][t]
        assert state.scores[i] == start_scores[i] + res["round_score"][t]
        assert GAME.view(state, None)["result"]["totals"][t] == state.scores[i]


# --------------------------------------------------------------------------- one round
def play_round(state: Any, seed: int, bot_seats: int, bomb_rate: int, call_rate: int,
               full_exchange: bool = False) -> Any:
    """Plays the round of ``state`` to the score, checking every step; returns the scored state."""
    rng = Rng(seed)
    start_scores = state.scores
    for step in range(MAX_STEPS):
        if GAME.round_over(state):
            break
        # random Tichu calls (side actions), by any seat still holding all its cards
        for s in range(4):
            side = GAME.side_actions(state, s)
            call = Decision("call", "tichu")
            assert GAME.explain(state, call, s).legal == bool(side), (s, side)
            if side and rng.below(call_rate) == 0:
                state = GAME.apply(state, side[0], s)
                assert state.calls[s] == "tichu" and not GAME.side_actions(state, s)
        seat = GAME.to_act(state)
        use_bot = bool(bot_seats >> seat & 1)
        if state.phase == "exchange" and not full_exchange:
            # the full list has 2,184 exchanges: build it only in some rounds
            _check_exchange_explain(state, seat, rng)
            action = bot.choose(GAME, state, seat).action if use_bot else _random_exchange(state, seat, rng)
            assert GAME.explain(state, action, seat).legal, action
        else:
            legal = GAME.legal_actions(state, seat)
            keys = {_key(a) for a in legal}
            assert len(keys) == len(legal), "no action is listed twice"
            _check_explain(state, seat, legal, keys, rng)
            if state.phase == "play":
                _check_wish(state, seat, legal, keys)
            if state.phase == "exchange":
                assert len(legal) == 14 * 13 * 12
                _check_exchange_explain(state, seat, rng)
            if use_bot:
                choice = heuristic_choice(GAME, state, seat)
                assert choice.key.startswith("tichu.why."), choice
                action = choice.action
            else:
                action = random_choice(GAME, state, seat, rng).action
            assert _key(action) in keys, ("played action not in legal_actions", action)
        new_state = GAME.apply(state, action, seat)
        if state.phase == "play" and isinstance(action, Play):
            assert Counter(new_state.hands[seat]) + Counter(c.physical for c in action.cards) == \
                Counter(state.hands[seat]), "the played cards leave the hand"
            try:  # an illegal attempt is rejected (another seat playing in turn)
                GAME.apply(new_state, action, seat)
                assert False, "replaying cards no longer held must fail"
            except IllegalAction:
                pass
        state = new_state
        _check_round_end(state)
        if state.phase == "play":
            state = _poll_interrupts(state, rng, bomb_rate, bot_seats)
        state = GAME.settle(state)
    else:
        raise AssertionError("the round did not end")
    _check_physical(state)
    _check_round_result(state, start_scores)
    _record_events(state)
    assert GAME.legal_actions(state, 0) == [] and GAME.to_act(state) is None
    return state


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), flags_in=flag_sets, bot_seats=st.integers(0, 15),
       bomb_rate=st.sampled_from([1, 2, 4]), call_rate=st.sampled_from([8, 40, 1000]))
def test_random_rounds(seed: int, flags_in: dict, bot_seats: int, bomb_rate: int, call_rate: int) -> None:
    state = GAME.new_game(GAME.flags(flags_in), seed)
    play_round(state, seed, bot_seats, bomb_rate, call_rate, full_exchange=seed % 8 == 0)


@settings(max_examples=WHOLE_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), bot_seats=st.sampled_from([15, 5, 10, 0]),
       target=st.sampled_from([200, 300]))
def test_whole_games_end(seed: int, bot_seats: int, target: int) -> None:
    state = GAME.new_game(GAME.flags({"target_score": target, "grand_tichu": False}), seed)
    for rnd in range(1, 80):
        assert state.round_no == rnd
        state = play_round(state, seed + rnd, bot_seats, bomb_rate=4, call_rate=1000)
        a, b = state.scores
        over = max(a, b) >= target and a != b
        assert GAME.game_over(state) == over
        if over:
            assert state.session.winner == ("A" if a > b else "B")
            assert GAME.advance(state) is state, "a finished game stays finished"
            return
        state = GAME.advance(state)
        assert state.phase in ("grand_tichu", "exchange") and state.scores == (a, b)
        assert all(len(h) == 14 for h in state.hands) and state.calls == (None,) * 4
    raise AssertionError("the game did not reach its target score")


def test_bombs_listed_out_of_turn_are_accepted_out_of_turn() -> None:
    """``legal_actions(in_turn=False)`` and ``explain``/``apply`` (in_turn=False) agree for the seat on turn.

    TICHU-WISH-2 / TICHU-WISH-6: seat 0 is on turn, a wish for 7 is active and it holds a 7 that
    beats the single 5, so in turn it must play the 7; out of turn its bomb of 9s is exempt from the
    wish (golden TICHU-G-21). Listing and judging must agree either way, or the practice table would
    offer a bomb that ``apply`` then rejects.
    """
    state = GAME.from_setup({"flags": {}, "phase": "play", "to_act": 0, "wish": "7", "trick": [{"seat": 3, "cards": ["S-5"]}],
                             "hands": {"0": ["H-7", "S-9", "H-9", "D-9", "C-9", "S-2"]}})
    listed = GAME.legal_actions(state, 0, in_turn=False)
    for bomb in listed:
        assert GAME.explain(state, bomb, 0, in_turn=False).legal, (bomb, GAME.explain(state, bomb, 0, in_turn=False))
    bomb = Play(tuple(Card.parse(t) for t in ("S-9", "H-9", "D-9", "C-9")))
    assert (_key(bomb) in {_key(b) for b in listed}) == GAME.explain(state, bomb, 0, in_turn=False).legal
    assert _key(bomb) in {_key(b) for b in listed}, "TICHU-WISH-6: the seat on turn may bomb out of turn past the wish"
    assert not GAME.explain(state, bomb, 0).legal, "TICHU-WISH-2: in turn the wish still binds"
