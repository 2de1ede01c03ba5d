"""Property tests over random games of cut-in Daifugo (カットイン大富豪, hypothesis).

Each example deals a seeded game of the cut-in preset for 4 to 8 players, with a random subset of
the local rules (every flag of §8 – §10 and its parameters drawn) and plays it to the score; one
example in four deals the session's second game too (the exchange, 6-salvage by the 大貧民,
都落ち with its resignation). Seats choose by a mix of the heuristic bot and uniformly random legal
actions; after every play the cut-in window is resolved by the same mix (a random seat of the
window's order with a random option, or the bots' own rule), so chains of cut-ins happen often.
Each player count plays ``GAMES`` examples in CI (at least 500); ``CARDTUTOR_GAMES`` raises it.

Checked as it goes (restated from daifugo.md, not imported from the engine):

* cards are conserved across hands (exposed cards included), the field, the discard pile and the
  exchange's gifts: the whole multiset equals the two decks and jokers at every phase end and on
  a sample of the other steps; a seat's exposed cards are always part of its hand (DFG-OPEN-1);
* no window lists a cut-in the seat cannot make: every listed cut-in holds exactly the top play's
  cards (declared jokers as their cards, an undeclared joker only for a joker: DFG-CUT-1, CUT-8),
  from the seat's hand, never the top owner's (DFG-CUT-7), and ``explain`` accepts it; the seats
  outside the window's order (the owner, players out) list none;
* after a chain closes, the turn follows §13 step 7 for the effects that only move it: an 8 or an
  even number of 4s flows the field to the chain's last player (or the next active seat when it
  went out), a 5 skips ``2n − 1`` seats or flows after a lap, an odd number of 9s reverses the
  direction (or flows with two players left) (DFG-EIGHT-1, FOUR-1, FIVE-1, NINE-1, CUT-5);
* every effect decision offers at least one action, and its count is the rule's (7-pass:
  ``min(n, hidden cards)``, 10-discard ``min(n, hand)``, K-greed ``n // k_divisor``, A-open
  ``n // a_divisor``);
* the seat to act always has a legal action; every game ends with every place 1..n given once.
"""
from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tutor.actions import Decision, Play
from tutor.bots import heuristic_choice, interrupt_choice, random_choice
from tutor.cards import Card
from tutor.games.daifugo import GAME
from tutor.games.daifugo.state import CUTIN_RULES, deck_of
from tutor.rng import Rng

GAMES = max(500, int(os.environ.get("CARDTUTOR_GAMES", "500")))
MAX_STEPS = 4000
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")

LOCAL = {name: st.booleans() for name in CUTIN_RULES}
LOCAL.update({
    "jokers": st.sampled_from([0, 1, 2]),
    "k_divisor": st.sampled_from([2, 3]),
    "a_divisor": st.sampled_from([2, 3]),
    "cutin_can_revolt": st.booleans(),
    "salvage_transfers_on_cutin": st.booleans(),
    "effects_in_sequences": st.booleans(),
    "pass_locks_phase": st.booleans(),
    "forbidden_finish": st.booleans(),
    "suit_binding": st.booleans(),
    "rank_binding": st.booleans(),
    "later_start": st.sampled_from(["daihinmin", "diamond3"]),
})
flag_sets = st.fixed_dictionaries(LOCAL)


def ident(card: Card) -> str:
    """The card a card counts as (a declared joker its declared card, DFG-JOKER-1)."""
    if card.special == "JOKER":
        return card.declared or "JOKER"
    return card.token


def rank_of(card: Card) -> str | None:
    token = ident(card)
    return None if token == "JOKER" else token.split("-", 1)[1]


def active_seats(s: Any) -> list[int]:
    return [seat for seat in range(s.players) if seat not in s.out]


def next_active(seat: int, s: Any, direction: int, skip: int = 0) -> int:
    n = s.players
    for _ in range(skip + 1):
        for _k in range(n):
            seat = (seat + direction) % n
            if seat not in s.out:
                break
    return seat


class Run:
    def __init__(self, state: Any, rng: Rng, mix: int) -> None:
        self.s = state
        self.rng = rng
        self.mix = mix
        self.deck = Counter(deck_of(state.flags).cards())
        self.total = sum(self.deck.values())
        self.steps = 0

    def cards_now(self, s: Any) -> Counter:
        cards = Counter(c for h in s.hands for c in h)
        cards.update(s.discard_pile)
        cards.update(c.physical for e in s.trick for c in e.cards)
        cards.update(c for g in s.gifts if g for c in g)
        return cards

    def check_cards(self, s: Any, full: bool) -> None:
        """Every step the count; at phase ends and on a sample, the multiset and the exposed cards."""
        if full:
            assert self.cards_now(s) == self.deck, "cards conserved"
            for seat in range(s.players):
                shown = Counter(s.exposed_of(seat))
                assert not shown - Counter(s.hands[seat]), ("exposed cards are part of the hand", seat)
        else:
            count = (sum(len(h) for h in s.hands) + len(s.discard_pile) + sum(len(e.cards) for e in s.trick)
                     + sum(len(g) for g in s.gifts if g))
            assert count == self.total
            assert all(len(s.exposed_of(seat)) <= len(s.hands[seat]) for seat in range(s.players))

    # ----------------------------------------------------------------- the window
    def check_window(self, s: Any) -> None:
        top = s.top()
        order = GAME.window(s).order
        assert top.seat not in order and all(seat not in s.out for seat in order)
        for seat in range(s.players):
            options = GAME.legal_actions(s, seat, in_turn=False)
            if seat not in order:
                assert options == [], ("no cut-in outside the window", seat)
                continue
            want = sorted(ident(c) for c in top.cards)
            for o in options:
                cards = [Card.parse(t) for t in o.value]
                assert sorted(ident(c) for c in cards) == want, ("identical cards (DFG-CUT-1)", o)
                if top.combo.undeclared_joker:
                    assert o.value == ("JOKER",), "only a joker cuts a joker (DFG-CUT-8)"
                assert not Counter(c.physical for c in cards) - Counter(s.hands[seat]), "from the hand"
                if self.rng.below(8) == 0:
                    assert GAME.explain(s, o, seat, in_turn=False).legal

    def resolve(self, s: Any) -> Any:
        """The window after a play: cut-ins chosen at random or by the bots' rule, until none."""
        chain_plays = 0
        while GAME.window(s) is not None:
            if self.rng.below(3) == 0 or self.steps % 5 == 0:
                self.check_window(s)
            taker = None
            for seat in GAME.window(s).order:
                options = GAME.legal_actions(s, seat, in_turn=False)
                if not options:
                    continue
                if self.mix & 1:
                    choice = interrupt_choice(GAME, s, seat)
                else:
                    choice = options[self.rng.below(len(options))] if self.rng.below(2) else None
                if choice is not None:
                    taker = (seat, choice)
                    break
            if taker is None:
                return self.close(s)
            s = GAME.apply(s, taker[1], taker[0], in_turn=False)
            chain_plays += 1
            event("cut-in")
            if chain_plays > 1:
                event("chain of cut-ins")
        return s

    def close(self, s: Any) -> Any:
        """Closes the chain and checks the turn for the effects that only move it (§13 step 7)."""
        f = s.flags
        start = s.chain_start
        plays = [e for e in s.trick[start:] if not e.is_pass]
        owner = plays[-1].seat
        first = plays[0].combo
        ranks = ({rank_of(c) for c in plays[0].cards} if first.kind != "sequence" else set())
        if first.kind == "sequence" and f.effects_in_sequences:
            ranks = {rank_of(c) for c in plays[0].cards}
        n_of = {r: sum(1 for e in plays for c in e.cards if rank_of(c) == r) for r in ranks if r}
        closed = GAME.close_window(s)
        if closed.phase != "play" or len(ranks) != 1 or closed.phase == "score":
            return closed
        (rank,) = ranks
        n = n_of.get(rank, 0)
        active = active_seats(closed)
        others = [seat for seat in active if seat != owner]
        flows = ((rank == "8" and f.eight_cut) or (rank == "4" and f.four_cut and n % 2 == 0)
                 or (rank == "5" and f.five_skip and 2 * n - 1 >= len(others))
                 or (rank == "9" and f.nine_reverse and n % 2 == 1 and len(active) == 2))
        if flows:
            assert closed.trick == () and closed.bound == () and not closed.jback, ("the field flows", rank, n)
            lead = owner if owner not in closed.out else next_active(owner, closed, closed.direction)
            assert closed.to_act == lead, ("the owner leads after the flow", rank, n, owner, lead)
            event(f"flow by {rank}")
            return closed
        if f.pass_locks_phase:
            return closed
        if rank == "5" and f.five_skip:
            assert closed.to_act == next_active(owner, closed, closed.direction, skip=2 * n - 1), "DFG-FIVE-1"
            event("5-skip")
        elif rank == "9" and f.nine_reverse:
            assert closed.direction == (-s.direction if n % 2 else s.direction), "DFG-NINE-1"
            assert closed.to_act == next_active(owner, closed, closed.direction), "DFG-NINE-1"
        elif rank not in ("6", "7", "10", "Q", "K", "A") or not getattr(f, {
                "6": "six_salvage", "7": "seven_pass", "10": "ten_discard", "Q": "q_peeping",
                "K": "k_greed", "A": "a_open"}[rank]):
            assert closed.to_act == next_active(owner, closed, closed.direction), ("DFG-CUT-4", rank)
        return closed

    # ----------------------------------------------------------------- a decision
    def check_effect(self, s: Any, seat: int) -> None:
        eff = s.effect
        f = s.flags
        assert eff is not None and eff.chooser == seat == s.to_act and s.phase == eff.kind
        event(f"effect {eff.kind}")
        if eff.kind == "seven_pass":
            assert eff.count == min(eff.n, len(s.hidden_of(seat)))
        elif eff.kind == "ten_discard":
            assert eff.count == min(eff.n, len(s.hands[seat]))
        elif eff.kind == "k_greed":
            assert eff.count == eff.n // f.k_divisor > 0
        elif eff.kind == "a_open":
            assert eff.count == eff.n // f.a_divisor or eff.cut is not None
        spec = GAME.decision_spec(s, seat)
        assert (spec.count() if spec is not None else len(GAME.legal_actions(s, seat))) > 0

    def step(self) -> None:
        s = self.s
        seat = GAME.to_act(s)
        # an effect's chooser may have gone out with the very cut-in that made it the owner
        # (DFG-CUT-7): it still makes the choice the rule gives it (a blind pick, K-greed)
        assert seat is not None and (seat not in s.out or s.effect is not None)
        if s.effect is not None:
            self.check_effect(s, seat)
        # (the seat to act has a legal action: the bots below list them, and raise NoDecision if none)
        use_bot = (self.mix >> (1 + seat % 8)) & 1
        choice = heuristic_choice(GAME, s, seat) if use_bot else random_choice(GAME, s, seat, self.rng)
        new = GAME.apply(s, choice.action, seat)
        self.steps += 1
        if new.chain_start is not None:
            new = self.resolve(new)
        # the whole multiset at phase changes and on a sample of steps; the count at every step
        self.check_cards(new, full=new.phase != s.phase or self.steps % 13 == 0)
        self.s = new

    def run(self) -> Any:
        self.check_cards(self.s, True)
        for _ in range(MAX_STEPS):
            if self.s.phase == "score":
                break
            self.step()
        else:
            raise AssertionError("the game did not end")
        s = self.s
        assert sorted(s.places) == list(range(1, s.players + 1)), "every place once"
        assert GAME.window(s) is None and GAME.to_act(s) is None
        self.check_cards(s, True)
        return s


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flags_in=flag_sets, seed=st.integers(0, 2**63), mix=st.integers(0, 2**10 - 1))
def test_random_cut_in_games_keep_the_rules(players: int, flags_in: dict[str, Any], seed: int, mix: int) -> None:
    flags = GAME.flags({**flags_in, "players": players})
    assert flags.preset == "cutin" and flags.decks == 2
    rng = Rng(seed)
    first = Run(GAME.new_game(flags, seed), rng, mix).run()
    if mix % 4 == 0:
        nxt = GAME.next_hand(first)
        assert nxt.game_no == 2 and all(not e for e in nxt.exposed), "exposed cards reset (DFG-NEXT-1)"
        assert not nxt.jback and nxt.direction == 1 and not nxt.revolution
        Run(nxt, rng, mix).run()
