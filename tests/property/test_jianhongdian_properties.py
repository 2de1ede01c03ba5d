"""Property tests over random Jian Hong Dian 撿紅点 deals (hypothesis).

Each example deals a seeded game under random flags (``first_player``, ``capture_optional``,
``club_ace_40``, ``target_score``) for 2, 3 and 4 players and plays it to the score by uniformly
random legal choices (``tutor.bots.random_choice``), the heuristic bot, or a mix of both (seats
drawn). Each player count plays ``GAMES`` deals in CI (at least 500); ``CARDTUTOR_GAMES`` raises
it, as in the other property tests.

Checked as it goes (rules re-stated here from minor.md part 1, not imported from the engine):

* the deal (JHD-DEAL-1, JHD-DEAL-2): 12/8/6 cards a hand, 24 in the stock, four layout cards, or
  none when the dealer took four of a kind of 5/10/J/Q/K; a three of a kind of those ranks on the
  dealt layout is the deal's ``initial_triple``; the first seat per ``first_player`` (JHD-TURN-1);
* cards are conserved at every step: the cards in hands, on the layout, in the stock, the turned
  stock card and the captured piles are the 52-card deck as a multiset;
* the seat to act always has a legal action until the deal ends, and the legal set is exactly
  the one the rules give: in the hand step every (hand card, layout card) pair of JHD-CAP-1 (the
  fourth card of an initial triple: the three together, JHD-DEAL-2), plus every lay when nothing
  captures or under ``capture_optional`` (JHD-CAP-3); in the stock step one choice per target of
  the turned card, and only when it has two or more (JHD-CAP-4);
* every legal action explains as legal; refused actions (another seat, out of turn, a lay when a
  capture is compulsory, a card not in hand, a capture of a card not on the layout) are refused
  with rule IDs, ``apply`` raises ``IllegalAction`` and the state is left as it was;
* turns go in seat order, two steps each (JHD-TURN-1, JHD-TURN-2);
* the deal ends with hands and stock empty (JHD-END-1), with compulsory capture the layout empty
  too; the captured points (JHD-SCORE-1) are 240 (280 with ``club_ace_40``) less the points left
  on the layout; the result names the highest totals (JHD-SCORE-2); with a target, the session's
  totals, ``game_over`` and the next deal (a new dealer, a full deck, the totals carried).
"""
from __future__ import annotations

import os
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tutor.bots import heuristic_choice, random_choice
from tutor.cards import Card
from tutor.game import IllegalAction
from tutor.registry import find_game
from tutor.rng import Rng

GAMES = max(500, int(os.environ.get("CARDTUTOR_GAMES", "500")))
G = find_game("jianhongdian")
MAX_STEPS = 200          # 24 turns, at most two decisions each
#: one step in this many also makes the refused attempts (explain + apply each: as dear as a step)
ATTEMPT_RATE = 3

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECK = Counter(Card.parse(f"{s}-{r}") for s in "SHDC" for r in RANKS)   # JHD-SETUP-1
HAND_SIZE = {2: 12, 3: 8, 4: 6}                                          # JHD-DEAL-1
NUMERAL = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9}
TRIPLE_RANKS = ("5", "10", "J", "Q", "K")                                # JHD-DEAL-2

flag_sets = st.fixed_dictionaries({}, optional={
    "first_player": st.sampled_from(["dealer", "left_of_dealer"]),
    "capture_optional": st.booleans(),
    "club_ace_40": st.booleans(),
    "target_score": st.sampled_from([0, 100, 200, 1000]),
})


# --------------------------------------------------------------------------- oracles (minor.md)
def captures(a: Card, b: Card) -> bool:
    """JHD-CAP-1."""
    if a.rank in NUMERAL and b.rank in NUMERAL:
        return NUMERAL[a.rank] + NUMERAL[b.rank] == 10
    return a.rank == b.rank and a.rank in ("10", "J", "Q", "K")


def points(card: Card, club_ace_40: bool) -> int:
    """JHD-SCORE-1, JHD-SCORE-2."""
    if card.suit in "HD":
        return 20 if card.rank == "A" else 10 if card.rank in ("9", "10", "J", "Q", "K") else int(card.rank)
    if card.token == "S-A":
        return 30
    return 40 if card.token == "C-A" and club_ace_40 else 0


def targets(card: Card, layout: tuple[Card, ...], triple: str | None) -> list[tuple[str, ...]]:
    """What ``card`` may take (JHD-CAP-1, JHD-CAP-2, JHD-DEAL-2), each as a sorted token tuple."""
    if triple is not None and card.rank == triple:
        three = [c for c in layout if c.rank == triple]
        assert len(three) == 3, "an initial triple stays whole on the layout until taken"
        return [tuple(sorted(c.token for c in three))]
    return [(t.token,) for t in layout if captures(card, t)]


def expected_legal(state: Any, seat: int) -> set[tuple]:
    if state.phase == "stock":
        found = targets(state.stock_card, state.layout, state.initial_triple)
        assert len(found) >= 2, "the stock step is a decision only with two targets or more (JHD-CAP-4)"
        return {("capture", t) for t in found}
    out = {("play", c.token, t) for c in state.hands[seat] for t in targets(c, state.layout, state.initial_triple)}
    if not out or state.flags.capture_optional:
        out |= {("lay", c.token) for c in state.hands[seat]}
    return out


def shape(action: Any) -> tuple:
    data = G.action_to_json(action)
    if "play" in data:
        cap = data["capture"]
        return ("play", data["play"], tuple(sorted(cap if isinstance(cap, list) else [cap])))
    if "lay" in data:
        return ("lay", data["lay"])
    cap = data["capture"]
    return ("capture", tuple(sorted(cap if isinstance(cap, list) else [cap])))


# --------------------------------------------------------------------------- checks
def check_refused(state: Any, action: Any, seat: Any, in_turn: bool = True) -> None:
    fields = dict(vars(state))
    verdict = G.explain(state, action, seat, in_turn)
    assert not verdict.legal and verdict.rule_ids, (G.action_to_json(action), seat, verdict)
    try:
        G.apply(state, action, seat, in_turn)
    except IllegalAction as exc:
        assert exc.verdict.rule_ids == verdict.rule_ids
    else:
        raise AssertionError(f"apply accepted a refused action {G.action_to_json(action)}")
    assert vars(state).keys() == fields.keys() and all(vars(state)[k] is v for k, v in fields.items()), \
        "a refused action changes nothing"


def attempts(state: Any, seat: int, legal: list[Any], rng: Rng) -> None:
    n = state.players
    other = (seat + 1 + rng.below(n - 1)) % n
    check_refused(state, rng.choice(legal), other)                       # JHD-TURN-1
    check_refused(state, rng.choice(legal), seat, in_turn=False)         # JHD-TURN-2
    if state.phase == "stock":
        check_refused(state, G.parse_action({"lay": state.hands[seat][0].token}) if state.hands[seat]
                      else G.parse_action("PASS"), seat)
        return
    hand = state.hands[seat]
    if not state.flags.capture_optional and any(s[0] == "play" for s in map(shape, legal)):
        check_refused(state, G.parse_action({"lay": rng.choice(hand).token}), seat)   # JHD-CAP-3
    elsewhere = [c for c in DECK if c not in hand]
    check_refused(state, G.parse_action({"lay": rng.choice(elsewhere).token}), seat)  # not in hand
    off_layout = [c for c in DECK if c not in state.layout]
    check_refused(state, G.parse_action({"play": rng.choice(hand).token, "capture": rng.choice(off_layout).token}), seat)


def check_deal(state: Any, players: int) -> None:
    """JHD-DEAL-1, JHD-DEAL-2 and JHD-TURN-1 on a fresh deal."""
    assert Counter(G.all_cards(state)) == DECK
    assert [len(h) for h in state.hands] == [HAND_SIZE[players]] * players and len(state.stock) == 24
    dealer = state.dealer
    pile = state.captured[dealer]
    assert all(not p for s, p in enumerate(state.captured) if s != dealer)
    if pile:
        event("four of a kind to the dealer")
        assert len(pile) == 4 and len({c.rank for c in pile}) == 1 and pile[0].rank in TRIPLE_RANKS
        assert state.layout == ()
    else:
        assert len(state.layout) == 4
    by_rank = Counter(c.rank for c in state.layout)
    triple = [r for r in TRIPLE_RANKS if by_rank[r] == 3]
    assert state.initial_triple == (triple[0] if triple else None)
    if triple:
        event("initial triple")
    first = dealer if state.flags.first_player == "dealer" else (dealer + 1) % players
    assert state.phase == "hand" and G.to_act(state) == first


def play_deal(state: Any, players: int, rng: Rng, bots: set[int]) -> Any:
    flags = state.flags
    seat_before = None
    for step in range(MAX_STEPS):
        assert Counter(G.all_cards(state)) == DECK, "cards conserved at every step"
        if G.round_over(state):
            break
        seat = G.to_act(state)
        assert seat is not None and state.phase in ("hand", "stock")
        if state.phase == "stock":
            event("stock step with a choice")
            assert seat == seat_before, "the stock step is the same player's"
        elif seat_before is not None:
            assert seat == (seat_before + 1) % players, "turns go in seat order"
        # each turn takes a hand card and a stock card: as many of each are left
        assert len(state.stock) == sum(len(h) for h in state.hands)
        legal = G.legal_actions(state, seat)
        assert legal, "the seat to act has a legal action"
        assert {shape(a) for a in legal} == expected_legal(state, seat)
        assert len({shape(a) for a in legal}) == len(legal), "no action listed twice"
        for a in legal:
            v = G.explain(state, a, seat)
            assert v.legal and v.rule_ids, (G.action_to_json(a), v)
        if step % ATTEMPT_RATE == 0:
            attempts(state, seat, legal, rng)
        if seat in bots:
            action = heuristic_choice(G, state, seat).action
            assert shape(action) in {shape(a) for a in legal}
        else:
            action = random_choice(G, state, seat, rng).action
        before = state
        state = G.apply(state, action, seat)
        if before.phase == "hand":
            assert len(state.hands[seat]) == len(before.hands[seat]) - 1
        seat_before = seat
    else:
        raise AssertionError("the deal did not end")
    # JHD-END-1
    assert state.phase == "score" and G.to_act(state) is None and G.legal_actions(state, seat_before) == []
    assert all(not h for h in state.hands) and not state.stock and state.stock_card is None
    if not flags.capture_optional:
        assert state.layout == (), "with compulsory capture the layout is empty at the end"
    # JHD-SCORE-1 / JHD-SCORE-2
    total = 280 if flags.club_ace_40 else 240
    got = [sum(points(c, flags.club_ace_40) for c in pile) for pile in state.captured]
    left = sum(points(c, flags.club_ace_40) for c in state.layout)
    assert sum(got) + left == total
    if not state.layout:
        assert sum(got) == total
    else:
        event("cards left on the layout (capture_optional)")
    assert state.result["points"] == got
    assert state.result["winners"] == [s for s, p in enumerate(got) if p == max(got)]
    return state


def play_session(players: int, flags_in: dict[str, Any], seed: int, mix: int) -> None:
    flags = G.flags({"players": players, **flags_in})
    state = G.new_game(flags, seed)
    rng = Rng(seed)
    mode = mix % 3
    bots = set() if mode == 0 else set(range(players)) if mode == 1 else {s for s in range(players) if (mix >> 2 >> s) & 1}
    check_deal(state, players)
    state = play_deal(state, players, rng, bots)
    totals = list(state.result["points"])
    assert list(state.scores) == totals
    target = flags.target_score
    over = bool(target) and max(totals) >= target and totals.count(max(totals)) == 1
    assert G.game_over(state) == over
    nxt = G.next_hand(state)
    if over:
        event("game over after one deal")
        assert nxt is state
        return
    # the next deal: the dealer passes on, every card dealt again, the totals carried
    assert nxt.deal_no == 2 and nxt.dealer == 1 and list(nxt.scores) == totals
    check_deal(nxt, players)


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flags_in=flag_sets, seed=st.integers(0, 2**63), mix=st.integers(0, 2**8 - 1))
def test_random_two_player_deals(flags_in: dict[str, Any], seed: int, mix: int) -> None:
    play_session(2, flags_in, seed, mix)


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flags_in=flag_sets, seed=st.integers(0, 2**63), mix=st.integers(0, 2**8 - 1))
def test_random_three_player_deals(flags_in: dict[str, Any], seed: int, mix: int) -> None:
    play_session(3, flags_in, seed, mix)


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flags_in=flag_sets, seed=st.integers(0, 2**63), mix=st.integers(0, 2**8 - 1))
def test_random_four_player_deals(flags_in: dict[str, Any], seed: int, mix: int) -> None:
    play_session(4, flags_in, seed, mix)


@settings(max_examples=max(100, GAMES // 5), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), flags_in=flag_sets, rank=st.sampled_from(TRIPLE_RANKS),
       four=st.booleans(), suits=st.permutations("SHDC"), extra=st.sampled_from(RANKS), seed=st.integers(0, 2**63),
       dealer=st.integers(0, 3), mix=st.integers(0, 2**8 - 1))
def test_random_deals_with_a_layout_of_a_kind(players: int, flags_in: dict[str, Any], rank: str, four: bool,
                                              suits: list[str], extra: str, seed: int, dealer: int, mix: int) -> None:
    """JHD-DEAL-2 is rare in a shuffled deal (one deal in 280 has a triple, one in 54,000 four of a
    kind): these deals start from the automatic ``deal`` phase with one on the layout, the rest of
    the deal filled from the seed, and are played out under the same checks."""
    if four:
        layout = [f"{s}-{rank}" for s in suits]
    else:
        other = extra if extra != rank else "2"
        layout = [f"{s}-{rank}" for s in suits[:3]] + [f"{suits[3]}-{other}"]
    setup = {"flags": {"players": players, **flags_in}, "phase": "deal", "to_act": None, "hands": {},
             "layout": layout, "seed": seed, "dealer": dealer % players}
    state = G.from_setup(setup)
    assert state.phase == "deal" and G.to_act(state) is None and G.legal_actions(state, 0) == []
    assert Counter(G.all_cards(state)) == DECK
    state = G.close_window(state)
    check_deal(state, players)
    assert (state.initial_triple is None) == four and bool(state.captured[dealer % players]) == four
    rng = Rng(seed)
    mode = mix % 3
    bots = set() if mode == 0 else set(range(players)) if mode == 1 else {s for s in range(players) if (mix >> 2 >> s) & 1}
    state = play_deal(state, players, rng, bots)
    rank_cards = [c for s, pile in enumerate(state.captured) for c in pile if c.rank == rank]
    if not state.flags.capture_optional:
        # the four cards of the rank end in one pile: the dealer's, or the triple's taker's
        owners = {s for s, pile in enumerate(state.captured) if any(c.rank == rank for c in pile)}
        assert len(rank_cards) == 4 and len(owners) == 1
