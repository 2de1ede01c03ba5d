"""Property tests over random Daifugo 大富豪 sessions, base preset (hypothesis).

Each example deals a seeded game under random flags (every flag of the base game that is not a
rule of the cut-in game: ``decks``, ``jokers``, ``spade3_return``, ``eight_cut``, ``revolution``,
``revolution_by_sequence``, the three bindings, ``exchange``, ``miyako_ochi``, ``diamond3_start``,
``later_start``, ``effects_in_sequences``, ``pass_locks_phase``, ``forbidden_finish``) for 3, 4, 5
and 6 players, plays it to the score, then deals the second game of the session (``next_hand``:
the exchange when the flag is on, 都落ち when that flag is on) and plays it to the score too. The
seats choose by a mix of uniformly random legal actions and the heuristic bot (which seats use the
bot is drawn; ``BOT_MAX``). Each player count plays ``GAMES`` games in CI (at least 500: ``GAMES //
2`` sessions of two games); ``CARDTUTOR_GAMES`` raises it, as in the other property tests.

Run time: the engine alone (``legal_actions`` and ``apply`` of the actions chosen) takes most of it
(a game of 27 or 36-card hands holds 150-200 decisions); the checks that cost more than the step
itself (a deep copy, every single of the hand explained, a second action applied, the duplicate
scan) run on a sample of steps or sessions, and the others are kept cheap (card counts every step,
the full multiset at phase ends).

Checked as it goes (rules re-stated here from daifugo.md, not imported from the engine):

* cards are conserved: every step the cards in hands, on the field, in the discard pile and in
  the exchange's face-down gifts add up to the deck; the whole multiset is compared with the
  deck after every flow, deal, exchange and game end (and on a sample of the other steps);
* the seat to act always has a legal action; PASS is offered exactly when a play is to be
  answered; no action is listed twice (sampled); the action chosen is a play of a valid shape
  (DFG-COMBO-1 … 5, DFG-JOKER-1/3) of the form and strictly stronger than the top in the order
  in force (DFG-PLAY-1/2, DFG-RANK-1/2, DFG-JOKER-2, DFG-S3-1) and meets both bindings, whose
  state is followed independently (DFG-BIND-1/2/4); on a sample of steps another listed action
  is applied too, and three cards of the hand played alone are explained as legal iff listed;
* random illegal attempts (a card not in hand, PASS on a lead, a weaker single, a play of the
  wrong form, cards of no shape, a single on a lone joker, a non-strongest or miscounted
  exchange) are refused by ``explain`` with rule IDs (``common.not_in_hand`` carries none, as in
  the other climbing games), ``apply`` raises ``IllegalAction`` with the same verdict, and the
  state is left as it was (every field the same object; in a quarter of the sessions also
  compared with a deep copy);
* after every action the turn goes where DFG-TURN-1 / DFG-FLOW-1 / DFG-PASS-1 / DFG-EIGHT-1 say
  (the next active seat; the flow when everyone else passed since the top, or on an 8-cut; the
  owner leads, or the next active seat after it), and the revolution toggles on four cards or
  more (DFG-REV-1);
* a seat going out takes the next place from the top, a forbidden finish (DFG-OUT-3) the last
  one free; 都落ち (DFG-MIYAKO-1); every game ends with every place 1..n given once and the
  titles of DFG-TITLE-1;
* the first player (DFG-D3-1); the exchange (DFG-EXCH-1): who gives how many cards to whom,
  the poorer their strongest (jokers strongest), the richer any; the cards change hands together.
"""
from __future__ import annotations

import copy
import dataclasses
import os
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tutor.actions import PASS, Decision, Play
from tutor.bots import heuristic_choice, random_choice
from tutor.cards import Card
from tutor.game import IllegalAction
from tutor.games.daifugo import GAME
from tutor.games.daifugo.state import CUTIN_RULES, title_of
from tutor.rng import Rng

GAMES = max(500, int(os.environ.get("CARDTUTOR_GAMES", "500")))
SESSIONS = GAMES // 2 + GAMES % 2     # two games each: at least GAMES games per player count
MAX_STEPS = 3000
#: the heuristic bot's seats use it when the seat has at most this many actions (every follow but
#: a rare few, and the leads of small hands), a random action otherwise: the bot reads every play
#: it weighs three times, so a lead of a big hand costs it 1 to 15 ms, most of the file's time
BOT_MAX = 24
#: one step in this many makes a random illegal attempt (explain + apply: as dear as a step)
ATTEMPT_RATE = 6

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")   # DFG-RANK-1
POS = {r: i for i, r in enumerate(RANKS)}
JOKER = Card.parse("JOKER")
S3 = Card.parse("S-3")
D3 = Card.parse("D-3")

BASE_FLAGS = {
    "decks": st.sampled_from([1, 2]),
    "jokers": st.sampled_from([0, 1, 2]),
    "spade3_return": st.booleans(),
    "eight_cut": st.booleans(),
    "revolution": st.booleans(),
    "revolution_by_sequence": st.booleans(),
    "suit_binding": st.booleans(),
    "partial_binding": st.booleans(),
    "rank_binding": st.booleans(),
    "exchange": st.booleans(),
    "miyako_ochi": st.booleans(),
    "diamond3_start": st.booleans(),
    "later_start": st.sampled_from(["daihinmin", "diamond3"]),
    "effects_in_sequences": st.booleans(),
    "pass_locks_phase": st.booleans(),
    "forbidden_finish": st.booleans(),
}
assert not set(BASE_FLAGS) & set(CUTIN_RULES)
flag_sets = st.fixed_dictionaries(BASE_FLAGS)


# --------------------------------------------------------------------------- oracles (daifugo.md)
def deck_counter(decks: int, jokers: int) -> Counter:
    """DFG-SETUP-2: ``decks`` 52-card decks and ``jokers`` jokers."""
    cards = Counter({Card.parse(f"{s}-{r}"): decks for s in "SHDC" for r in RANKS})
    if jokers:
        cards[JOKER] = jokers
    return cards


def title(place: int, n: int) -> str:
    """DFG-TITLE-1."""
    if place == 1:
        return "daifugo"
    if place == n:
        return "daihinmin"
    if place == 2:
        return "fugo"
    if place == n - 1 and n > 3:
        return "hinmin"
    return "heimin"


def ident(card: Card) -> tuple[str, str] | None:
    """The card a card counts as (a declared joker its declaration, DFG-JOKER-1); None: a lone joker."""
    if card.special:
        if not card.declared:
            return None
        s, _, r = card.declared.partition("-")
        return s, r
    return card.suit, card.rank


def power(rank: str, rev: bool) -> int:
    return 12 - POS[rank] if rev else POS[rank]


def next_up(rank: str | None, rev: bool) -> str | None:
    """The rank one step stronger in the order in force (DFG-BIND-4); None past the end."""
    if rank is None:
        return None
    p = POS[rank] + (-1 if rev else 1)
    return RANKS[p] if 0 <= p < 13 else None


class Shape:
    """A play read from its cards: ``kind`` single / group / sequence / joker (undeclared)."""

    def __init__(self, cards: tuple[Card, ...], decks: int) -> None:
        self.cards = cards
        self.size = len(cards)
        if self.size == 1 and cards[0].special and not cards[0].declared:
            self.kind, self.ranks, self.suits = "joker", (), ()
            return
        ids = [ident(c) for c in cards]
        assert None not in ids, ("a joker among others must be declared (DFG-JOKER-3)", cards)
        if len(set(ids)) < len(ids):  # no card more often than the decks hold it (DFG-JOKER-1)
            assert max(Counter(ids).values()) <= decks, ("a card more often than the decks hold it", cards)
        self.suits = tuple(sorted(s for s, _ in ids))
        ranks = {r for _, r in ids}
        if len(ranks) == 1:
            self.kind = "single" if self.size == 1 else "group"
            self.ranks = tuple(ranks)
        else:
            pos = sorted(POS[r] for r in ranks)
            assert self.size >= 3 and len(set(self.suits)) == 1 and len(pos) == self.size \
                and pos[-1] - pos[0] == self.size - 1, ("no shape (DFG-COMBO-5)", cards)
            self.kind = "sequence"
            self.ranks = tuple(RANKS[p] for p in pos)

    @property
    def form(self) -> tuple[str, int]:
        """DFG-PLAY-1: singles (a lone joker is one), groups by size, sequences by length."""
        return ("sequence" if self.kind == "sequence" else "same", self.size)

    def strength(self, rev: bool) -> int:
        """DFG-PLAY-2: the rank, a sequence's strongest card in the order in force; a lone joker above all."""
        if self.kind == "joker":
            return 13
        return max(power(r, rev) for r in self.ranks)

    def rank(self) -> str | None:
        return self.ranks[0] if self.kind in ("single", "group") else None


def forbidden_finish(shape: Shape, rev: bool, eight_cut: bool, s3_return: bool) -> bool:
    """DFG-OUT-3: a lone joker, a 2 (a 3 when reversed), an 8 with the 8-cut (in a sequence too),
    the spade-3 return; declared jokers count as their cards."""
    if shape.kind == "joker" or s3_return:
        return True
    return ("3" if rev else "2") in shape.ranks or (eight_cut and "8" in shape.ranks)


def card_strength(card: Card) -> int:
    """DFG-EXCH-1: the normal order, jokers strongest."""
    return 13 if card.special else POS[card.rank]


def next_active(seat: int, active: list[bool]) -> int:
    n = len(active)
    for k in range(1, n + 1):
        if active[(seat + k) % n]:
            return (seat + k) % n
    raise AssertionError("nobody is active")


class _Cached:
    """The game for the heuristic bot, with the step's ``legal_actions`` kept (the bot asks for
    them again; the list is listed once per step)."""

    def __init__(self) -> None:
        self.name = GAME.name
        self.state: Any = None
        self.seat: Any = None
        self.legal: list[Any] = []

    def remember(self, state: Any, seat: int, legal: list[Any]) -> None:
        self.state, self.seat, self.legal = state, seat, legal

    def legal_actions(self, state: Any, seat: int | None = None, in_turn: bool = True) -> list[Any]:
        if state is self.state and seat == self.seat and in_turn:
            return self.legal
        return GAME.legal_actions(state, seat, in_turn)

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)


CACHED = _Cached()
FIELDS = tuple(f.name for f in dataclasses.fields(GAME.new_game(GAME.default_flags({}), 0)))


# --------------------------------------------------------------------------- refusals
def refused(state: Any, action: Any, seat: int, key: str | None = None, rule: str | None = None,
            deep: bool = False) -> None:
    """``action`` is illegal at ``seat``: explained with rule IDs, ``apply`` raises with the same
    verdict, and nothing changes: every field of the state is the same object as before (the state
    is frozen), and with ``deep`` it also equals a deep copy taken before (its contents untouched)."""
    verdict = GAME.explain(state, action, seat)
    assert not verdict.legal, (action, verdict)
    if key is not None:  # a key, or (ending in "*") a family of keys (the 大貧民's ties: _some, _any)
        assert verdict.key.startswith(key[:-1]) if key.endswith("*") else verdict.key == key, (action, verdict, key)
    if verdict.key != "common.not_in_hand":
        assert verdict.rule_ids and all(r.startswith("DFG-") for r in verdict.rule_ids), verdict
    if rule is not None:
        assert rule in verdict.rule_ids, (verdict, rule)
    fields = [getattr(state, name) for name in FIELDS]
    snapshot = copy.deepcopy(state) if deep else None
    try:
        GAME.apply(state, action, seat)
    except IllegalAction as exc:
        assert exc.verdict == verdict
    else:
        raise AssertionError(f"an illegal action was applied: {action}")
    assert all(getattr(state, name) is was for name, was in zip(FIELDS, fields)), "the state is untouched"
    if snapshot is not None:
        assert state == snapshot, "a refused action leaves the state untouched"


# --------------------------------------------------------------------------- one game
class GameRun:
    """Plays one game of the session from its deal, checking as it goes."""

    def __init__(self, state: Any, rng: Rng, bot_seats: int, check_rate: int, deep_done: bool) -> None:
        f = state.flags
        self.state = state
        self.f = f
        self.n = f.players
        self.rng = rng
        self.bot_seats = bot_seats
        self.check_rate = check_rate
        self.deck = deck_counter(f.decks, f.jokers)
        self.size = sum(self.deck.values())
        self.deck_tokens = sorted(c.token for c in self.deck.elements())
        self.prev = state.previous_places
        self.steps = 0
        self.first_out: int | None = None
        self.eliminated: tuple[int, ...] = ()
        self.deep_done = deep_done
        self.reset_phase()

    # ----------------------------------------------------------------- tracking the phase
    def reset_phase(self) -> None:
        self.top: tuple[int, Shape] | None = None   # (seat, play) to beat
        self.s3_top = False                         # the top is a spade-3 return (DFG-S3-1)
        self.bound: Counter = Counter()             # the bound suits (DFG-BIND-1)
        self.rank_bind: tuple[bool, str | None] = (False, None)  # DFG-BIND-4: (in force, last rank)
        self.passed: set[int] = set()               # seats that passed in this phase (DFG-PASS-1)
        self.since_top: set[int] = set()            # seats that passed since the top

    def conserved(self, full: bool) -> None:
        s = self.state
        count = sum(map(len, s.hands)) + len(s.discard_pile) + sum(len(e.cards) for e in s.trick) \
            + sum(len(g) for g in s.gifts if g)
        assert count == self.size, "no card appears or vanishes"
        if full:
            tokens = sorted([c.token for c in GAME.all_cards(s)])
            assert tokens == self.deck_tokens, "every card is in exactly one place"

    def choose(self, seat: int, legal: list[Any]) -> Any:
        if self.bot_seats >> seat & 1 and len(legal) <= BOT_MAX:
            CACHED.remember(self.state, seat, legal)
            return heuristic_choice(CACHED, self.state, seat).action
        if self.state.phase == "exchange":
            return random_choice(GAME, self.state, seat, self.rng).action
        return legal[self.rng.below(len(legal))]

    def sampled(self) -> bool:
        return self.rng.below(self.check_rate) == 0

    def deep(self) -> bool:
        """In a quarter of the sessions, the first refusal of the first game is compared with a deep
        copy (every refusal is checked field by field; a deep copy of a state costs milliseconds)."""
        first, self.deep_done = not self.deep_done, True
        return first

    # ----------------------------------------------------------------- the game
    def run(self) -> Any:
        s = self.state
        self.conserved(True)
        if s.phase == "exchange":
            self.exchange()
        self.check_first_player()
        while self.state.phase == "play":
            self.steps += 1
            assert self.steps < MAX_STEPS, "the game did not end"
            self.play_step()
        self.check_end()
        return self.state

    def check_first_player(self) -> None:
        """DFG-D3-1: game 1 the (first) holder of D-3 with ``diamond3_start``; later the 大貧民,
        or the holder of D-3 again with ``later_start = "diamond3"``; otherwise a random seat."""
        s, f, n = self.state, self.f, self.n
        assert s.phase == "play" and s.trick == () and not s.revolution and s.bound == ()
        holders = [seat for seat in range(n) if D3 in s.hands[seat]]
        if self.prev is not None and f.later_start == "daihinmin":
            assert s.to_act == self.prev.index(n)
        elif f.diamond3_start and holders and (self.prev is None or f.later_start == "diamond3"):
            assert s.to_act == holders[0]
        else:
            assert 0 <= s.to_act < n

    # ----------------------------------------------------------------- the exchange
    def exchange(self) -> None:
        s, n = self.state, self.n
        prev = self.prev
        places = (1, n) if n == 3 else (1, 2, n - 1, n)
        givers = [seat for seat in range(n) if prev[seat] in places]
        assert list(s.exchange_order) == givers and s.to_act == givers[0], "DFG-EXCH-1: who exchanges"
        dealt = s.hands
        gifts: dict[int, tuple[Card, ...]] = {}
        while self.state.phase == "exchange":
            s = self.state
            seat = s.to_act
            assert seat in givers and seat not in gifts
            place = prev[seat]
            k = 2 if place in (1, n) else 1
            legal = GAME.legal_actions(s, seat)
            assert legal, "a decision for the seat to act"
            hand = s.hands[seat]
            if place in (1, 2):  # the richer give any k cards (DFG-EXCH-1)
                spec = GAME.decision_spec(s, seat)
                assert spec is not None and spec.k == k and spec.count() == len(legal)
            else:  # the poorer their k strongest, jokers strongest
                assert GAME.decision_spec(s, seat) is None
                top = sorted((card_strength(c) for c in hand), reverse=True)[:k]
                for a in legal:
                    assert sorted((card_strength(Card.parse(t)) for t in a.value), reverse=True) == top, a
                weaker = [c for c in hand if card_strength(c) < top[-1]]
                if weaker:
                    bad = tuple(t for t in legal[0].value[:-1]) + (weaker[self.rng.below(len(weaker))].token,)
                    refused(s, Decision("exchange", bad), seat, "dfg.exchange_strongest*", "DFG-EXCH-1",
                            deep=self.deep())
            refused(s, Decision("exchange", tuple(c.token for c in hand[:k + 1])), seat, "dfg.exchange_count",
                    "DFG-EXCH-1")
            refused(s, PASS, seat, rule="DFG-EXCH-1")
            action = self.choose(seat, legal)
            assert GAME.explain(s, action, seat).legal, action
            assert action in legal or GAME.decision_spec(s, seat).contains(action), action
            self.state = GAME.apply(s, action, seat)
            gifts[seat] = tuple(Card.parse(t) for t in action.value)
            assert len(gifts[seat]) == k
            self.conserved(True)
            if self.state.phase == "exchange":  # chosen face down: nothing has changed hands yet
                assert all(Counter(self.state.hands[o]) == Counter(dealt[o]) for o in range(n) if o not in gifts)
        after = self.state.hands
        for seat in range(n):  # each giver's cards go to the place at the other end (n + 1 - place)
            want = Counter(dealt[seat])
            if seat in gifts:
                partner = prev.index(n + 1 - prev[seat])
                want.subtract(gifts[seat])
                want.update(gifts[partner])
            assert Counter(after[seat]) == +want, ("DFG-EXCH-1: the exchange", seat)
        event("exchange")

    # ----------------------------------------------------------------- the play
    def play_step(self) -> None:
        s, f = self.state, self.f
        seat = s.to_act
        assert seat is not None and s.hands[seat], "the seat to act holds cards"
        legal = GAME.legal_actions(s, seat)
        assert legal, "a legal action for the seat to act"
        following = self.top is not None
        assert (legal[0] is PASS) == following, "PASS is offered exactly when a play is to be answered"
        assert sum(1 for a in legal if a is PASS) == (1 if following else 0)
        plays = legal[1:] if following else legal
        if self.s3_top:
            assert not plays, "nothing answers a spade-3 return in turn (DFG-S3-1)"
        elif self.top is not None and self.top[1].kind == "joker":
            assert all(p.cards == (S3,) for p in plays) and (len(plays) == 1) == (
                f.spade3_return and S3 in s.hands[seat]), "only the S-3 answers a lone joker"
        sampled = self.sampled()
        if sampled and len(plays) <= 400:
            keys = {tuple(sorted(c.token for c in p.cards)) for p in plays}
            assert len(keys) == len(plays), "no play is listed twice"
        if self.rng.below(ATTEMPT_RATE) == 0:
            self.attempt(s, seat)
        if sampled:
            self.singles_agree(s, seat, plays)
            self.readings_agree(s, seat, plays)
        action = self.choose(seat, legal)
        if sampled and len(legal) > 1:  # another listed action applies as well
            other = legal[self.rng.below(len(legal))]
            assert GAME.explain(s, other, seat).legal, other
            after = GAME.apply(s, other, seat)
            gone = 0 if other is PASS else len(other.cards)
            assert len(after.hands[seat]) == len(s.hands[seat]) - gone
        self.act(seat, action, sampled)

    def attempt(self, s: Any, seat: int) -> None:
        """One random illegal attempt at ``seat``'s decision (when the position allows that kind)."""
        hand = s.hands[seat]
        rng = self.rng
        kind = rng.below(4)
        naturals = [c for c in hand if not c.special]
        if kind == 0:  # a card this seat does not hold
            held = set(hand)
            foreign = [c for c in self.deck if c not in held]
            card = foreign[rng.below(len(foreign))]
            refused(s, Play((card,)), seat, "common.not_in_hand", deep=self.deep())
        elif kind == 1 and self.top is None:
            refused(s, PASS, seat, "dfg.lead_must_play", "DFG-PASS-1", deep=self.deep())
        elif kind == 1:  # two cards of two ranks and two suits: no shape
            pairs = [(a, b) for a in naturals[:4] for b in naturals[-4:] if a.rank != b.rank and a.suit != b.suit]
            if pairs:
                refused(s, Play(pairs[rng.below(len(pairs))]), seat, "dfg.shape.mixed", "DFG-COMBO-5",
                        deep=self.deep())
        elif self.top is not None and not self.s3_top and naturals:
            top = self.top[1]
            rev = s.revolution
            if top.kind == "joker":
                others = [c for c in naturals if c != S3]
                if others:
                    refused(s, Play((others[rng.below(len(others))],)), seat, "dfg.joker_top*", "DFG-JOKER-2")
            elif top.form == ("same", 1):
                weaker = [c for c in naturals if power(c.rank, rev) <= top.strength(rev)]
                if weaker and kind == 2:
                    refused(s, Play((weaker[rng.below(len(weaker))],)), seat, "dfg.not_stronger", "DFG-PLAY-2",
                            deep=self.deep())
                pair = next(((a, b) for a, b in zip(naturals, naturals[1:]) if a.rank == b.rank), None)
                if pair and kind == 3:
                    refused(s, Play(pair), seat, "dfg.form", "DFG-PLAY-1")
            else:
                refused(s, Play((naturals[rng.below(len(naturals))],)), seat, "dfg.form", "DFG-PLAY-1")

    def readings_agree(self, s: Any, seat: int, plays: list[Any]) -> None:
        """The readings of a selection (``legal_for_cards``, what the page asks when a joker is
        among the selected cards) are exactly the listed plays of those physical cards: for a few
        listed plays with a joker, and for one selection of the hand that may have none."""
        by_cards: dict[tuple[str, ...], list[Any]] = {}
        for p in plays:
            by_cards.setdefault(tuple(sorted(c.physical.token for c in p.cards)), []).append(p)
        wild = [k for k in by_cards if "JOKER" in k]
        hand = sorted(s.hands[seat], key=lambda c: c.token)
        size = 1 + self.rng.below(min(5, len(hand)))
        start = self.rng.below(len(hand) - size + 1)
        picked = tuple(sorted(c.token for c in hand[start:start + size]))
        for key in ([wild[self.rng.below(len(wild))] for _ in range(3)] if wild else []) + [picked]:
            got = GAME.legal_for_cards(s, [Card.parse(t) for t in key], seat)
            want = by_cards.get(key, [])
            assert sorted(map(repr, got)) == sorted(map(repr, want)), ("legal_for_cards", key, got, want)
        if wild:
            event("joker readings asked")

    def singles_agree(self, s: Any, seat: int, plays: list[Any]) -> None:
        """Three cards of the hand played alone (natural singles or the lone joker) are explained as
        legal iff they are listed; the refusals carry rule IDs."""
        singles = {p.cards[0] for p in plays if len(p.cards) == 1}
        hand = s.hands[seat]
        for card in {hand[self.rng.below(len(hand))] for _ in range(3)}:
            verdict = GAME.explain(s, Play((card,)), seat)
            assert verdict.legal == (card in singles), (card, verdict)
            if not verdict.legal:
                assert verdict.rule_ids and all(r.startswith("DFG-") for r in verdict.rule_ids), verdict

    def act(self, seat: int, action: Any, sampled: bool) -> None:
        s, f, n = self.state, self.f, self.n
        if sampled:
            verdict = GAME.explain(s, action, seat)
            assert verdict.legal, (action, verdict)
        new = GAME.apply(s, action, seat)
        rev = s.revolution
        was_places = s.places
        flowed_by_eight = False
        if action is PASS:
            assert len(new.hands[seat]) == len(s.hands[seat])
            self.passed.add(seat)
            self.since_top.add(seat)
            owner = self.top[0]
        else:
            shape = Shape(action.cards, f.decks)
            owner = seat
            s3 = (self.top is not None and self.top[1].kind == "joker" and f.spade3_return
                  and action.cards == (S3,))
            self.check_legal(shape, s3, rev)
            assert len(new.hands[seat]) == len(s.hands[seat]) - shape.size, "the cards leave the hand"
            if sampled:
                physical = Counter(c.physical for c in action.cards)
                assert Counter(new.hands[seat]) == Counter(s.hands[seat]) - physical, "the cards leave the hand"
            # DFG-REV-1: four cards or more at once
            revolts = f.revolution and shape.size >= 4 and (
                shape.kind == "group" or (shape.kind == "sequence" and f.revolution_by_sequence))
            assert new.revolution == (rev != revolts), "DFG-REV-1"
            if revolts:
                event("revolution")
            # the bindings (§7), in the order the play was judged in
            if self.top is not None and not s3 and f.suit_binding:
                prev = Counter(self.top[1].suits)
                now = Counter(shape.suits)
                if prev and now:
                    if f.partial_binding:
                        self.bound |= prev & now
                    elif prev == now:
                        self.bound |= now
            if f.rank_binding:
                if shape.kind in ("sequence", "joker"):
                    self.rank_bind = (False, None)
                else:
                    last = self.top[1].rank() if self.top is not None else None
                    self.rank_bind = (last is not None and shape.rank() == next_up(last, rev), shape.rank())
            if not new.hands[seat]:  # out of cards: a place (DFG-OUT-1/3), and maybe 都落ち
                self.goes_out(s, new, seat, shape, rev, s3)
            self.top = (seat, shape)
            self.s3_top = s3
            self.since_top = set()
            flowed_by_eight = f.eight_cut and "8" in (
                shape.ranks if shape.kind != "sequence" or f.effects_in_sequences else ())
            if shape.kind == "sequence" and f.effects_in_sequences and "8" in shape.ranks:
                event("8 in a sequence")
        self.state = new
        if new.phase == "score":
            return
        # where the turn goes (DFG-TURN-1, DFG-FLOW-1, DFG-PASS-1, DFG-EIGHT-1)
        active = [bool(h) for h in new.hands]
        others = [o for o in range(n) if active[o] and o != owner]
        if flowed_by_eight:
            flows = True
            event("8-cut")
        elif f.pass_locks_phase:
            flows = all(o in self.passed for o in others)
        else:
            flows = action is PASS and all(o in self.since_top for o in others)
        if flows:
            assert new.trick == (), "the field flows"
            lead = owner if active[owner] else next_active(owner, active)
            assert new.to_act == lead, ("the owner leads, or the next active seat after it", lead)
            assert new.bound == () and not new.rank_bind.active
            self.reset_phase()
            self.conserved(True)
            return
        assert new.trick, "the phase goes on"
        nxt = next_active(seat, active)
        while f.pass_locks_phase and nxt in self.passed and nxt != owner:
            self.since_top.add(nxt)
            nxt = next_active(nxt, active)
        assert new.to_act == nxt, "the next active seat plays (DFG-TURN-1)"
        assert sorted(new.bound) == sorted(self.bound.elements()), ("DFG-BIND-1/2", new.bound, self.bound)
        if f.rank_binding:
            assert (new.rank_bind.active, new.rank_bind.last) == self.rank_bind, "DFG-BIND-4"
        self.conserved(was_places != new.places or self.sampled())

    def check_legal(self, shape: Shape, s3: bool, rev: bool) -> None:
        """The play chosen is of the top's form, stronger, and meets both bindings (DFG-PLAY-1/2/3)."""
        if self.top is None:  # a lead: any shape, no binding in force
            assert not self.bound and not self.rank_bind[0]
            return
        top = self.top[1]
        assert not self.s3_top, "nothing beats a spade-3 return"
        if s3:
            event("spade-3 return")
            return
        assert top.kind != "joker", "only the S-3 beats a lone joker (DFG-JOKER-2)"
        assert shape.form == top.form, "DFG-PLAY-1"
        assert shape.strength(rev) > top.strength(rev), "DFG-PLAY-2"
        if shape.kind != "joker":
            assert not (self.bound - Counter(shape.suits)), "the bound suits (DFG-BIND-1)"
            if self.rank_bind[0] and shape.kind != "sequence":
                assert shape.rank() == next_up(self.rank_bind[1], rev), "the bound rank (DFG-BIND-4)"

    def goes_out(self, s: Any, new: Any, seat: int, shape: Shape, rev: bool, s3: bool) -> None:
        f, n = self.f, self.n
        free = [p for p in range(1, n + 1) if p not in s.places]
        forbidden = f.forbidden_finish and forbidden_finish(shape, rev, f.eight_cut, s3)
        place = free[-1] if forbidden else free[0]
        assert new.places[seat] == place, ("DFG-OUT-1/3", seat, place, new.places)
        if forbidden:
            event("forbidden finish")
        if self.first_out is None:
            self.first_out = seat
            king = self.prev.index(1) if self.prev is not None else None
            if f.miyako_ochi and king is not None and king != seat:  # DFG-MIYAKO-1
                free.remove(place)
                assert new.places[king] == free[-1] and not new.hands[king]
                self.eliminated = (king,)
                event("miyako-ochi")
        assert new.eliminated == self.eliminated, "都落ち only when someone but the 大富豪 goes out first"

    # ----------------------------------------------------------------- the end
    def check_end(self) -> None:
        s, n = self.state, self.n
        assert s.phase == "score" and GAME.round_over(s) and GAME.to_act(s) is None
        assert sorted(s.places) == list(range(1, n + 1)), "every place once"
        assert sum(1 for h in s.hands if h) <= 1 and s.trick == ()
        res = s.result
        assert res["places"] == {str(seat): p for seat, p in enumerate(s.places)}
        assert res["titles"] == {str(seat): title(p, n) for seat, p in enumerate(s.places)}, "DFG-TITLE-1"
        assert all(title(p, n) == title_of(p, n) for p in range(1, n + 1))
        assert all(GAME.legal_actions(s, seat) == [] for seat in range(n))
        assert s.eliminated == self.eliminated
        refused(s, PASS, s.places.index(1), "dfg.game_over", "DFG-OUT-2")
        self.conserved(True)


# --------------------------------------------------------------------------- the session
def play_session(flags_in: dict[str, Any], players: int, seed: int, mix: int) -> None:
    flags = GAME.default_flags({**flags_in, "players": players})
    assert flags.preset == "base" and not any(getattr(flags, r) for r in CUTIN_RULES)
    rng = Rng(seed)
    bot_seats = mix & 63
    check_rate = 6 + (mix >> 6) % 4
    state = GAME.new_game(flags, seed)
    sizes = {len(h) for h in state.hands}
    assert max(sizes) - min(sizes) <= 1, "dealt as evenly as possible (DFG-DEAL-1)"
    assert state.previous_places is None and state.game_no == 1
    first = GameRun(state, rng, bot_seats, check_rate, deep_done=(mix >> 8) % 4 != 1).run()
    nxt = GAME.next_hand(first)
    assert nxt.game_no == 2 and nxt.previous_places == first.places and nxt.session.history == (first.places,)
    assert not nxt.revolution and nxt.bound == () and not nxt.eliminated and set(nxt.places) == {None}
    assert nxt.phase == ("exchange" if flags.exchange else "play")
    second = GameRun(nxt, rng, bot_seats, check_rate, deep_done=True).run()
    assert second.session.history == (first.places,)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@settings(max_examples=SESSIONS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flags_in=flag_sets, seed=st.integers(0, 2**63), mix=st.integers(0, 2**10 - 1))
def test_random_sessions_keep_the_rules(players: int, flags_in: dict[str, Any], seed: int, mix: int) -> None:
    play_session(flags_in, players, seed, mix)
