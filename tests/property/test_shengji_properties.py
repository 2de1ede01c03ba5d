"""Property tests over random Shengji 升級 hands and whole games (hypothesis).

Each example deals a seeded first hand under random flags (``multi_lead``, ``kitty_multiplier``,
``start_level``, ``first_drawer``, ``throw_fail_penalty``) and plays it to the score: the draw one
card at a time, every exposure window resolved by ``tutor.windows.resolve`` (the bots take it or
leave it, or a random choice does) or by a random exposure, or declined; the bury and the play by a
mix of ``random_choice`` and ``heuristic_choice`` (which seats use the heuristic is drawn too); now
and then a leader announces a throw that is not valid (``Game.attempt``, SJ-THROW-3). CI plays at
least 500 hands; ``CARDTUTOR_GAMES`` raises it (as in the other property tests). A few whole games
(``next_hand`` until ``game_over``, from level Q or K) check that games end, at end_level.

Checked after every step (rules re-stated here from shengji.md, not imported from the engine):

* the 54 cards are conserved (``all_cards`` is the deck); the 100 card points are split between
  the seats' taken points, the current trick and the cards still in hands, stock, kitty, buried
  kitty (and set aside); each seat's points are the points of the cards it won;
* exposure windows ask in turn order from the seat that just drew (SJ-DEAL-3) and only rank-R
  cards are offered; after an exposure no window opens again in the hand (SJ-DECLARE-1);
* the dealer of the first hand is the exposer, else the first drawer (SJ-DECLARE-3); the bury
  starts with 18 cards in the dealer's hand and 12 in the others' (SJ-KITTY-1);
* every finished trick has one winner, the one an independent statement of SJ-TRICK-1/2 and
  SJ-THROW-5 names, who took the trick's points and leads next (SJ-LEAD-1); all hands stay equal
  between tricks (SJ-FOLLOW-5);
* at the end: P = non-dealer trick points + kitty bonus (SJ-POINTS-3) + failed-throw penalties,
  the hand winner, the level change (SJ-SCORE-2, capped at A: SJ-SCORE-3), the next dealer
  (SJ-NEXT-1/2) and the game's end (SJ-END-1) follow the table.
"""
from __future__ import annotations

import os
from collections import Counter
from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tutor.actions import Play
from tutor.bots import heuristic_choice, random_choice
from tutor.cards import Card
from tutor.game import IllegalAction
from tutor.registry import find_game
from tutor.rng import Rng
from tutor.windows import resolve

GAMES = max(500, int(os.environ.get("CARDTUTOR_GAMES", "500")))
WHOLE_GAMES = max(20, GAMES // 25)
GAME = find_game("shengji")
DECK = Counter(Card.parse(t) for t in
               [f"{s}-{r}" for s in "SHDC" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()] + ["BJ", "RJ"])
RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()
MAX_STEPS = 400          # a hand: 48 draws, the bury, at most 48 plays, windows
MAX_HANDS = 300          # a whole game from Q or K

flag_sets = st.fixed_dictionaries({"players": st.just(4)}, optional={
    "multi_lead": st.booleans(),
    "kitty_multiplier": st.sampled_from([1, 2, 3, 4]),
    "start_level": st.sampled_from(RANKS),
    "first_drawer": st.sampled_from([-1, 0, 1, 2, 3]),
    "throw_fail_penalty": st.sampled_from([0, 5, 10]),
})


# --------------------------------------------------------------------------- oracles (shengji.md)
def card_points(cards) -> int:
    """SJ-POINTS-1: 5 -> 5; 10 and K -> 10."""
    return sum(5 if c.rank == "5" else 10 if c.rank in ("10", "K") else 0 for c in cards if not c.special)


def eff(card: Card, r: str, t: str) -> str:
    """SJ-RANK-1/4: "T" for a trump (jokers, rank R, suit T), else the printed suit."""
    if card.special or card.rank == r or card.suit == t:
        return "T"
    return card.suit


def strength(card: Card, r: str, t: str) -> int:
    """SJ-RANK-2/3 within the card's effective suit (equal off-suit rank-R cards equal)."""
    if card.special:
        return 200 if card.special == "RJ" else 199
    if card.rank == r:
        return 198 if card.suit == t else 197
    return RANKS.index(card.rank)


def oracle_winner(plays: list[tuple[int, tuple[Card, ...]]], r: str, t: str) -> int:
    """SJ-TRICK-1/2 (single) and SJ-THROW-5 (throw), the first of equals winning."""
    lead_seat, led = plays[0]
    g = eff(led[0], r, t)
    if len(led) == 1:
        best_seat, best = None, None
        for seat, (card,) in plays:
            e = eff(card, r, t)
            key = (1 if e == "T" else 0 if e == g else -1, strength(card, r, t))
            if key[0] < 0:
                continue
            if best is None or key > best:
                best_seat, best = seat, key
        return best_seat
    if g == "T":
        return lead_seat
    best_seat, best = lead_seat, -1
    for seat, cards in plays[1:]:
        if all(eff(c, r, t) == "T" for c in cards):
            top = max(strength(c, r, t) for c in cards)
            if top > best:
                best_seat, best = seat, top
    return best_seat


def level_after(level: str, steps: int) -> str:
    return RANKS[min(RANKS.index(level) + steps, len(RANKS) - 1)]


def team(seat: int) -> int:
    return seat % 2


# --------------------------------------------------------------------------- per-step checks
def check_conservation(state: Any) -> None:
    assert Counter(GAME.all_cards(state)) == DECK, "every card is in exactly one place"
    loose = [c for h in state.hands for c in h] + list(state.stock) + list(state.kitty) + list(state.buried) \
        + [c for e in state.trick for c in e.cards] + list(state.set_aside)
    assert sum(state.points) + card_points(loose) == 100, "the 100 points are all somewhere"
    for seat in range(4):
        assert state.points[seat] == card_points(state.won[seat])


def check_window(state: Any) -> None:
    window = GAME.window(state)
    if window is None:
        return
    assert state.phase == "draw" and state.exposed is None, "no window after an exposure (SJ-DECLARE-1)"
    d = state.last_drawer
    assert window.order == tuple((d + k) % 4 for k in range(4)), "asked from the drawer (SJ-DEAL-3)"
    offered = 0
    for seat in window.order:
        for a in GAME.legal_actions(state, seat, in_turn=False):
            card = Card.parse(a.value)
            assert card in state.hands[seat] and card.rank == state.trump_rank and not card.special
            offered += 1
        assert not GAME.legal_actions(state, seat) or seat == state.to_act
    assert offered, "a window opens only when someone can expose"


class Hand:
    """Plays one hand from a dealt state, checking as it goes."""

    def __init__(self, state: Any, rng: Rng, heuristic_seats: int, expose_mode: int, attempt_rate: int):
        self.state = state
        self.rng = rng
        self.heuristic_seats = heuristic_seats
        self.expose_mode = expose_mode
        self.attempt_rate = attempt_rate
        self.failed = 0
        self.exposed_once = False
        self.tricks = 0
        self.levels_before = state.levels
        self.first_hand = GAME.first_hand(state)
        self.first_drawer = state.session.first_drawer
        self.dealer_before = state.dealer

    # ----------------------------------------------------------------- windows
    def window(self) -> None:
        s = self.state
        check_window(s)
        mode = self.expose_mode if self.expose_mode < 4 else self.rng.below(4)
        if mode == 0:  # a random exposure by a random seat of the window
            w = GAME.window(s)
            options = [(seat, a) for seat in w.order for a in GAME.legal_actions(s, seat, in_turn=False)]
            if self.rng.below(6) == 0:
                seat, action = options[self.rng.below(len(options))]
                s = GAME.apply(s, action, seat, in_turn=False)
                self.after_expose(s, seat, action)
                s = GAME.close_window(s)
            else:
                s = GAME.close_window(s)
        elif mode == 1:  # the bots take it or leave it
            res = resolve(GAME, s)
            for seat, action in res.taken:
                self.after_expose(None, seat, action)
            s = res.state
        elif mode == 2:  # a random taker through resolve
            rng = self.rng

            def choose(game, state, seat):
                opts = game.legal_actions(state, seat, in_turn=False)
                return opts[rng.below(len(opts))] if rng.below(8) == 0 else None
            res = resolve(GAME, s, choose=choose)
            for seat, action in res.taken:
                self.after_expose(None, seat, action)
            s = res.state
        else:  # declined
            s = GAME.close_window(s)
        self.state = s

    def after_expose(self, s: Any, seat: int, action: Any) -> None:
        assert not self.exposed_once, "one exposure per hand (SJ-DECLARE-1)"
        self.exposed_once = True
        self.exposer = seat
        self.exposed_suit = Card.parse(action.value).suit
        if s is not None:
            assert GAME.window(s) is None
            assert s.trump_suit == self.exposed_suit and Card.parse(action.value) in s.hands[seat]
        event("exposure")

    # ----------------------------------------------------------------- decisions
    def bury(self, seat: int) -> None:
        s = self.state
        assert seat == s.dealer and len(s.hands[seat]) == 18, "SJ-KITTY-1"
        assert all(len(s.hands[o]) == 12 for o in range(4) if o != seat)
        if self.first_hand:  # SJ-DECLARE-3
            assert s.dealer == (self.exposer if self.exposed_once else self.first_drawer)
        else:  # SJ-DECLARE-4: the dealer was fixed
            assert s.dealer == self.dealer_before
        if self.exposed_once:
            assert s.trump_suit == self.exposed_suit and s.kitty_turned == 0
        else:  # SJ-DECLARE-5/6: the first rank-R card turned, else the highest (first of equals)
            turned = s.turned
            assert 1 <= len(turned) <= 6
            hits = [c for c in turned if not c.special and c.rank == s.trump_rank]
            if hits:
                assert hits == [turned[-1]] and s.trump_suit == turned[-1].suit
            else:
                assert len(turned) == 6
                plain = [c for c in turned if not c.special]
                top = max(RANKS.index(c.rank) for c in plain)
                assert s.trump_suit == next(c.suit for c in plain if RANKS.index(c.rank) == top)
            event("kitty flip")
        spec = GAME.decision_spec(s, seat)
        assert spec.count() == 18564
        choice = self.choose(seat)
        self.state = GAME.apply(s, choice, seat)
        assert self.state.phase == "play" and self.state.to_act == seat  # SJ-LEAD-1

    def choose(self, seat: int) -> Any:
        if self.heuristic_seats >> seat & 1:
            return heuristic_choice(GAME, self.state, seat).action
        return random_choice(GAME, self.state, seat, self.rng).action

    def invalid_throw(self, seat: int) -> tuple[Card, ...] | None:
        """Two cards of one effective suit that do not form a valid throw (SJ-THROW-2), if any."""
        s = self.state
        r, t = s.trump_rank, s.trump_suit
        hand = s.hands[seat]
        legal = {frozenset(a.cards) for a in GAME.legal_actions(s, seat)}
        for a, b in combinations(hand, 2):
            if eff(a, r, t) == eff(b, r, t) and frozenset((a, b)) not in legal:
                return (a, b)
        return None

    def play(self, seat: int) -> None:
        s = self.state
        r, t = s.trump_rank, s.trump_suit
        if not s.trick and s.flags.multi_lead and self.rng.below(self.attempt_rate) == 0:
            bad = self.invalid_throw(seat)
            if bad is not None:
                verdict = GAME.explain(s, Play(bad), seat)
                assert not verdict.legal and verdict.key == "sj.throw_fails", verdict
                try:
                    GAME.apply(s, Play(bad), seat)
                    raise AssertionError("an invalid throw was applied")
                except IllegalAction:
                    pass
                low = min(bad, key=lambda c: (strength(c, r, t), "SHDC".index(c.suit) if c.suit else 0))
                new = GAME.attempt(s, Play(bad), seat)
                assert [e.cards for e in new.trick] == [(low,)], "the lowest card is led (SJ-THROW-3)"
                assert new.penalty == s.penalty + s.flags.throw_fail_penalty
                self.failed += 1
                event("failed throw")
                self.state = new
                return
        action = self.choose(seat)
        assert GAME.explain(s, action, seat).legal, action
        if not s.trick and len(action.cards) > 1:
            event("throw")
        trick_before = s.trick
        new = GAME.apply(s, action, seat)
        self.after_play(s, new, seat, action, trick_before)
        self.state = new

    def after_play(self, s: Any, new: Any, seat: int, action: Any, trick_before: tuple) -> None:
        r, t = s.trump_rank, s.trump_suit
        k = len(trick_before[0].cards) if trick_before else len(action.cards)
        assert len(action.cards) == k, "as many cards as were led (SJ-FOLLOW-5, SJ-THROW-4)"
        if trick_before:  # SJ-FOLLOW / SJ-THROW-4: min(k, m) of the led effective suit
            g = eff(trick_before[0].cards[0], r, t)
            m = sum(1 for c in s.hands[seat] if eff(c, r, t) == g)
            assert sum(1 for c in action.cards if eff(c, r, t) == g) >= min(k, m)
        if len(trick_before) < 3:
            assert new.to_act == (seat + 1) % 4 and len(new.trick) == len(trick_before) + 1
            return
        plays = [(e.seat, e.cards) for e in trick_before] + [(seat, tuple(action.cards))]
        w = oracle_winner(plays, r, t)
        worth = card_points(c for _, cs in plays for c in cs)
        self.tricks += 1
        assert new.last_trick["winner"] == w and new.last_trick["points"] == worth
        assert new.points[w] == s.points[w] + worth
        assert all(new.points[o] == s.points[o] for o in range(4) if o != w)
        assert new.trick == ()
        sizes = {len(h) for h in new.hands}
        assert len(sizes) == 1, "every hand runs out together"
        if new.phase == "score":
            assert sizes == {0}
            self.last_winner = w
        else:
            assert new.to_act == w and new.leader == w, "the winner leads next (SJ-LEAD-1)"

    # ----------------------------------------------------------------- the hand
    def run(self) -> Any:
        for _ in range(MAX_STEPS):
            check_conservation(self.state)
            s = self.state
            if s.phase == "score":
                self.check_result()
                return s
            if GAME.window(s) is not None:
                self.window()
                continue
            if s.exposed is not None:
                assert GAME.window(s) is None
            seat = s.to_act
            if seat is None:  # the draw is over: its automatic end, the kitty flip
                self.state = GAME.close_window(s)
                continue
            if s.phase == "draw":
                top = s.stock[0]
                self.state = GAME.apply(GAME.close_window(s), GAME.legal_actions(s, seat)[0], seat)
                assert top in self.state.hands[seat] and len(self.state.stock) == len(s.stock) - 1  # SJ-DEAL-1
            elif s.phase == "bury":
                self.bury(seat)
            else:
                self.play(seat)
        raise AssertionError("the hand did not end")

    def check_result(self) -> None:
        s = self.state
        res = s.result
        dealer = s.dealer
        nd = [o for o in range(4) if team(o) != team(dealer)]
        tricks = sum(card_points(s.won[o]) for o in nd)
        bonus = s.flags.kitty_multiplier * card_points(s.buried) if team(self.last_winner) != team(dealer) else 0
        penalty = self.failed * s.flags.throw_fail_penalty
        p = tricks + bonus + penalty                      # SJ-POINTS-2/3, SJ-THROW-3
        assert res["P"] == p and GAME.check_value(s, "P") == p, (res, tricks, bonus, penalty)
        assert res["last_trick_winner"] == self.last_winner and len(s.buried) == 6
        before = list(self.levels_before)
        after = list(before)
        if p < 40:                                        # SJ-SCORE-1/2
            won, steps, nxt = team(dealer), (2 if p == 0 else 1), (dealer + 2) % 4
        else:
            won, steps, nxt = 1 - team(dealer), (2 if p >= 100 else 1 if p >= 80 else 0), (dealer + 1) % 4
        after[won] = level_after(before[won], steps)      # SJ-SCORE-3: never past A
        assert res["hand_winner"] == ("team02", "team13")[won]
        assert list(s.levels) == after and all(RANKS.index(x) <= 12 for x in after)
        over = won == team(dealer) and RANKS.index(s.trump_rank) >= RANKS.index(s.flags.end_level)
        assert GAME.game_over(s) == over                  # SJ-END-1/2
        if not over:
            assert s.session.next_dealer == nxt           # SJ-NEXT-1/2
        else:
            assert GAME.session(s)["winner"] == ("team02", "team13")[team(dealer)]
        event(f"P {'0' if p == 0 else '<40' if p < 40 else '<80' if p < 80 else '<100' if p < 100 else '>=100'}")


def play_hand(state: Any, seed: int, mix: int) -> tuple[Any, Hand]:
    rng = Rng(seed)
    hand = Hand(state, rng, heuristic_seats=mix & 15, expose_mode=(mix >> 4) % 5, attempt_rate=6 + (mix >> 7) % 8)
    return hand.run(), hand


# --------------------------------------------------------------------------- the tests
@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flags=flag_sets, seed=st.integers(0, 2**63), mix=st.integers(0, 2**10 - 1))
def test_random_hands_keep_the_rules(flags: dict[str, Any], seed: int, mix: int) -> None:
    state = GAME.new_game(GAME.flags(flags), seed)
    assert state.trump_rank == state.levels[0] == state.levels[1] == GAME.flags(flags).start_level  # SJ-DECK-2
    fd = GAME.flags(flags).first_drawer
    assert state.to_act == (fd if fd >= 0 else state.session.first_drawer)  # SJ-DEAL-2
    end, hand = play_hand(state, seed, mix)
    assert end.phase == "score" and hand.tricks >= 1
    if not GAME.game_over(end):  # the next hand: the next dealer draws first at its team's level
        nxt = GAME.next_hand(end)
        dealer = end.session.next_dealer
        assert nxt.dealer == dealer and nxt.to_act == dealer and nxt.trump_rank == end.levels[team(dealer)]
        assert nxt.trump_suit is None and Counter(GAME.all_cards(nxt)) == DECK and nxt.hand_no == 2


@settings(max_examples=WHOLE_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(["Q", "K"]), end_level=st.sampled_from(["K", "A"]),
       multi_lead=st.booleans(), seed=st.integers(0, 2**63), mix=st.integers(0, 2**10 - 1))
def test_whole_games_end_at_end_level(start: str, end_level: str, multi_lead: bool, seed: int, mix: int) -> None:
    flags = GAME.flags({"players": 4, "start_level": start, "end_level": end_level, "multi_lead": multi_lead})
    state = GAME.new_game(flags, seed)
    levels = [RANKS.index(x) for x in state.levels]
    for n in range(1, MAX_HANDS + 1):
        assert state.hand_no == n
        if n > 1:  # SJ-DECK-2, SJ-NEXT-3: R is the dealer team's level
            assert state.trump_rank == state.levels[team(state.dealer)]
        state, _ = play_hand(state, seed + n, mix + n)
        now = [RANKS.index(x) for x in state.levels]
        assert all(a <= b <= 12 for a, b in zip(levels, now)), "levels only go up, never past A"
        levels = now
        if GAME.game_over(state):
            dealer_team = team(state.dealer)
            winner = GAME.session(state)["winner"]
            assert winner == ("team02", "team13")[dealer_team] == state.result["hand_winner"]
            assert RANKS.index(state.trump_rank) >= RANKS.index(end_level)   # SJ-END-1
            assert GAME.next_hand(state) is state
            event(f"game of {'<5' if n < 5 else '<10' if n < 10 else '<20' if n < 20 else '>=20'} hands")
            return
        state = GAME.next_hand(state)
    raise AssertionError(f"the game did not end in {MAX_HANDS} hands")
