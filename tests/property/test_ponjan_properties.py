"""Property tests over random Pon-jan ポンジャン hands (hypothesis).

Each example deals a seeded game under random flags (``kinds``, ``copies_per_kind``,
``wild_tiles``, ``pon_calls``, ``riichi_requires_closed``, ``hand_value``) for 3 and 4 players and
plays hands by random legal choices (``tutor.bots.random_choice``, a tsumo taken on a coin toss),
the heuristic bot, or a mix of both (seats drawn). After every discard the call window
(``Game.window``) is resolved as ``tutor.windows.resolve`` does: its seats are asked in the window's
order and each seat with a call (ron, pon) takes it on a coin toss (random seats) or by the bots'
rule; nobody taking it closes it (``close_window``: the next seat draws). Each player count plays
``GAMES`` hands in CI (at least 500; ``CARDTUTOR_GAMES`` raises it, as in the other property tests),
each a random hand of its session (dealt by ``next_hand`` after the hands before it, so every seat
deals); ``WHOLE_GAMES`` examples (GAMES / 10, at least 50) play a whole game of 2N hands.

Checked as it goes (rules re-stated here from minor.md part 2, not imported from the engine):

* tiles are conserved at every step: ``all_cards`` is ``flags.tiles()`` as a multiset (PON-SETUP-2);
* every seat holds 8 tiles, concealed plus its exposed sets, but the seat that has just drawn or
  called pon: 9 (PON-DEAL-1, PON-TURN-1, PON-PON-1); exposed sets are three identical tiles;
* turns go clockwise from the dealer; after a pon the caller discards and the seat after it draws
  (PON-TURN-1, PON-PON-1);
* the legal set, as JSON in the encodings of minor.md's Actions table, is exactly the one the rules
  give, for the seat to act and for every seat out of turn: any held tile to discard, riichi with a
  discard that leaves the hand one tile from winning (not in riichi, closed hand per
  ``riichi_requires_closed``), tsumo when the nine form three sets and the turn did not start with a
  pon; in riichi only the drawn tile; out of turn: ron for a riichi seat the discard completes, pon
  for a non-riichi seat holding two of it (``pon_calls``; and a tile left to discard after it);
  the window names exactly the seats with a call, each in turn order from the discarder (PON-RON-1:
  of several ron seats the first after the discarder wins), the ron seats before the pon seats
  (the engine's order, as in mahjong);
* whether nine tiles form three sets is worked out here by brute force (every split of the tiles
  into threes, a wild standing for any tile: PON-SET-1), never with ``tiles.is_win``;
* every legal action explains as legal; random refused ones (tiles not held, riichi not waiting,
  tsumo without three sets, frozen riichi discards, calls without a pair or out of the window,
  other seats' turns) are refused with rule IDs, ``apply`` raises ``IllegalAction`` and the state
  is left as it was;
* riichi freezes the hand: afterwards the seat discards only the tile it drew, never calls pon,
  and its concealed tiles stay those it held after declaring (PON-RIICHI-2, PON-PON-1);
* a declared win (tsumo, ron) is three sets counting the exposed ones; the payments sum to zero
  and match PON-PAY-1 … PON-PAY-5 computed here from the text; a draw happens only with the wall
  empty and moves no chips (PON-DRAW-1); the session scores move by the payments;
* the session: the deal passes clockwise, the game is over after 2N hands and not before, the
  scores sum to zero, the game's winners have the most chips (PON-NEXT-1).

And ``tiles.waits`` / ``tiles.missing`` against brute force on random small hands with 0..8 wilds.
"""
from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tutor.bots import heuristic_choice, interrupt_choice, random_choice
from tutor.cards import Card
from tutor.errors import FlagError
from tutor.game import IllegalAction
from tutor.games.ponjan import tiles as T
from tutor.registry import find_game
from tutor.rng import Rng

GAMES = max(500, int(os.environ.get("CARDTUTOR_GAMES", "500")))
G = find_game("ponjan")
MAX_STEPS = 400          # a hand: at most ~80 draws, each a discard and a window, and the pons
#: one step in this many also makes the refused attempts (explain + apply each: as dear as a step)
ATTEMPT_RATE = 3
#: whole games of 2N hands (3 or 4 players), besides the GAMES single hands a player count
WHOLE_GAMES = max(50, GAMES // 10)

WILD = "WILD"
HAND = 8                                                   # PON-DEAL-1
TSUMO = {"win": "tsumo"}
RON = {"win": "ron"}


def flag_sets(players: int) -> st.SearchStrategy[dict[str, Any]]:
    """Random flags (absent ones keep the engine's defaults) that ``flags`` accepts: a tile set too
    small to deal is refused (``test_every_flag_set_deals_eight_tiles_a_seat``)."""
    return st.fixed_dictionaries({}, optional={
        "kinds": st.sampled_from([6, 7, 8, 9]),
        "copies_per_kind": st.sampled_from([4, 5, 6, 7, 8, 9]),
        "wild_tiles": st.integers(0, 8),
        "pon_calls": st.booleans(),
        "riichi_requires_closed": st.booleans(),
        "hand_value": st.one_of(st.sampled_from([12, 10, 1]), st.integers(1, 10_000)),
    }).filter(lambda f: accepted({"players": players, **f}))


def accepted(data: dict[str, Any]) -> bool:
    try:
        G.flags(data)
    except FlagError:
        return False
    return True


# --------------------------------------------------------------------------- oracles (minor.md)
def tiles_of(flags: Any) -> Counter[str]:
    """PON-SETUP-2: ``copies_per_kind`` of each of T1..T<kinds>, and the wilds."""
    out = Counter({f"T{k}": flags.copies_per_kind for k in range(1, flags.kinds + 1)})
    if flags.wild_tiles:
        out[WILD] = flags.wild_tiles
    return out


def kinds_of(flags: Any) -> list[str]:
    """What a tile may be: every kind in play and the wild (when there are wilds)."""
    return [f"T{k}" for k in range(1, flags.kinds + 1)] + ([WILD] if flags.wild_tiles else [])


def is_set(trio: tuple[str, ...]) -> bool:
    """PON-SET-1: three identical tiles, a wild standing for any."""
    return len(trio) == 3 and len({t for t in trio if t != WILD}) <= 1


@lru_cache(maxsize=None)
def splits(tiles: tuple[str, ...]) -> bool:
    """Whether ``tiles`` (sorted tokens) split into sets: brute force over every way of putting
    the first tile in a set with two others."""
    if not tiles:
        return True
    if len(tiles) % 3:
        return False
    first, rest = tiles[0], tiles[1:]
    for i, j in combinations(range(len(rest)), 2):
        if is_set((first, rest[i], rest[j])) and splits(tuple(t for k, t in enumerate(rest) if k not in (i, j))):
            return True
    return False


def wins(concealed: list[str] | tuple[str, ...], melds: int) -> bool:
    """Nine tiles in three sets, the exposed ones counting (PON-SET-1, PON-PON-1)."""
    return len(concealed) + 3 * melds == 9 and splits(tuple(sorted(concealed)))


def waits_of(concealed: list[str] | tuple[str, ...], melds: int, kinds: list[str]) -> list[str]:
    """The kinds that complete a hand of eight (tenpai; PON-RIICHI-1)."""
    if len(concealed) + 3 * melds != HAND:
        return []
    return [k for k in kinds if wins(list(concealed) + [k], melds)]


def missing_of(concealed: list[str], melds: int) -> int:
    """The fewest tiles to take in (after throwing out any) for three sets: the least, over every
    three-set hand, of its tiles this hand lacks. Kinds not held are all alike: one stands for them."""
    held = Counter(concealed)
    kinds = sorted({t for t in concealed if t != WILD}) + ["T_absent"]
    shapes = [(k, k, k) for k in kinds] + [(k, k, WILD) for k in kinds] + [(k, WILD, WILD) for k in kinds]
    shapes.append((WILD, WILD, WILD))
    best = 9
    for sets in combinations_with_replacement(shapes, 3 - melds):
        want = Counter(t for s in sets for t in s)
        best = min(best, sum(max(0, c - held[t]) for t, c in want.items()))
    return best


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def expected_payments(players: int, dealer: int, winner: int, how: str, discarder: int | None, v: int) -> list[int]:
    """PON-PAY-1 … PON-PAY-5 from the text: a dealer winner gets 1.5V (PON-PAY-1); ron: the
    discarder pays it all (PON-PAY-2); non-dealer tsumo: V/N from each non-dealer, 2V/N from the
    dealer (PON-PAY-3); dealer tsumo: 1.5V shared by the N-1 others (PON-PAY-4); each payment
    rounded up to a whole chip, the winner gets their sum (PON-PAY-5)."""
    pay = [0] * players
    if how == "ron":
        assert discarder is not None
        pay[discarder] = ceil_div(3 * v, 2) if winner == dealer else v
    else:
        for s in range(players):
            if s == winner:
                continue
            if winner == dealer:
                pay[s] = ceil_div(3 * v, 2 * (players - 1))
            else:
                pay[s] = ceil_div(2 * v, players) if s == dealer else ceil_div(v, players)
    out = [-p for p in pay]
    out[winner] = sum(pay)
    return out


def tokens(tiles: Any) -> list[str]:
    return [t.token for t in tiles]


def key(data: Any) -> tuple:
    """An action's JSON (minor.md's Actions table) as a hashable value: ``["T3"]``,
    ``{"riichi": "T3"}``, ``{"win": "tsumo"}``, ``{"win": "ron"}``, ``{"pon": "T3"}``."""
    if isinstance(data, list):
        return ("[]", *data)
    assert isinstance(data, dict) and len(data) == 1, data
    return next(iter(data.items()))


def shape(action: Any) -> tuple:
    return key(G.action_to_json(action))


@lru_cache(maxsize=None)
def riichi_discards(hand: tuple[str, ...], melds: int, kinds: tuple[str, ...]) -> frozenset[str]:
    """The tiles of a hand of nine whose discard leaves it one tile from winning (PON-RIICHI-1)."""
    out = set()
    for t in set(hand):
        rest = list(hand)
        rest.remove(t)
        if waits_of(rest, melds, list(kinds)):
            out.add(t)
    return frozenset(out)


def expected_legal(state: Any, seat: int, in_turn: bool) -> set[str]:
    """The legal set from the rules, as the JSON of minor.md's Actions table."""
    if state.phase != "play":
        return set()
    hand = tokens(state.hands[seat])
    melds = len(state.melds[seat])
    if not in_turn:
        if state.last_discard is None:
            return set()
        by, tile = state.last_discard
        if seat == by:
            return set()
        if state.riichi[seat]:                                               # PON-RON-1
            return {key(RON)} if wins(hand + [tile.token], melds) else set()
        # PON-PON-1: a non-riichi player holding two; the caller then discards a tile it keeps
        if state.flags.pon_calls and hand.count(tile.token) >= 2 and len(hand) - 2 >= 1:
            return {key({"pon": tile.token})}
        return set()
    # in turn: the seat that has drawn (or called) and holds nine, no discard's calls open
    if state.last_discard is not None or seat != state.turn or len(hand) + 3 * melds != 9:
        return set()
    out: set[str] = set()
    if state.riichi[seat]:                                                   # PON-RIICHI-2
        assert state.drawn is not None, "a riichi seat never calls pon: its turn starts with a draw"
        out.add(key([state.drawn.token]))
    else:
        out |= {key([t]) for t in hand}                                      # PON-TURN-1
        closed_ok = not (state.melds[seat] and state.flags.riichi_requires_closed)
        if closed_ok:                                                        # PON-RIICHI-1
            found = riichi_discards(tuple(sorted(hand)), melds, tuple(kinds_of(state.flags)))
            out |= {key({"riichi": t}) for t in found}
    if not state.called and wins(hand, melds):                              # PON-TURN-1, PON-PON-1
        out.add(key(TSUMO))
    return out


# --------------------------------------------------------------------------- checks
def check_position(state: Any, start_tiles: Counter[str]) -> None:
    """Tiles conserved, hand sizes, exposed sets (at every step)."""
    assert Counter(tokens(G.all_cards(state))) == start_tiles, "tiles conserved at every step"
    n = state.players
    for s in range(n):
        for m in state.melds[s]:
            assert len(m) == 3 and len(set(tokens(m))) == 1, "an exposed pon set is three identical tiles"
    if state.phase != "play":
        return
    nine = state.turn if state.last_discard is None else None
    for s in range(n):
        held = len(state.hands[s]) + 3 * len(state.melds[s])
        assert held == (9 if s == nine else HAND), (s, held, "8 tiles, 9 for the seat that drew or called")
    if state.drawn is not None:
        assert state.last_discard is None and state.drawn in state.hands[state.turn] and not state.called
    if state.last_discard is not None:
        by, tile = state.last_discard
        assert state.discards[by] and state.discards[by][-1] == tile
        assert state.turn == (by + 1) % n, "the seat after the discarder draws next"


def check_refused(state: Any, data: Any, seat: int, in_turn: bool) -> None:
    action = G.parse_action(data)
    fields = dict(vars(state))
    verdict = G.explain(state, action, seat, in_turn)
    assert not verdict.legal and verdict.rule_ids, (data, seat, in_turn, verdict)
    try:
        G.apply(state, action, seat, in_turn)
    except IllegalAction as exc:
        assert exc.verdict.rule_ids == verdict.rule_ids
    else:
        raise AssertionError(f"apply accepted a refused action {data} by {seat} (in_turn={in_turn})")
    assert vars(state).keys() == fields.keys() and all(vars(state)[k] is v for k, v in fields.items()), \
        "a refused action changes nothing"


def candidates(state: Any) -> list[Any]:
    """Every action shape that names a tile of the set (held or not), two tiles at once, the wins."""
    out: list[Any] = [TSUMO, RON]
    for k in kinds_of(state.flags):
        out += [[k], {"riichi": k}, {"pon": k}]
    out.append([kinds_of(state.flags)[0]] * 2)
    return out


def attempts(state: Any, rng: Rng, tries: int = 3) -> None:
    """A few random actions the rules refuse, each by a random seat in or out of turn."""
    pool = candidates(state)
    for _ in range(tries):
        seat = rng.below(state.players)
        in_turn = rng.below(2) == 0
        legal = expected_legal(state, seat, in_turn)
        illegal = [d for d in pool if key(d) not in legal]
        check_refused(state, rng.choice(illegal), seat, in_turn)


def check_legal_sets(state: Any) -> dict[tuple[int, bool], list[Any]]:
    """The legal sets of every seat, in and out of turn, against the rules; all explain legal."""
    out = {}
    for s in range(state.players):
        for in_turn in (True, False):
            legal = G.legal_actions(state, s, in_turn=in_turn)
            got = [shape(a) for a in legal]
            assert len(set(got)) == len(got), ("no action listed twice", got)
            assert set(got) == expected_legal(state, s, in_turn), (s, in_turn, sorted(got),
                                                                   sorted(expected_legal(state, s, in_turn)))
            for a in legal:
                v = G.explain(state, a, s, in_turn)
                assert v.legal and v.rule_ids, (shape(a), s, in_turn, v)
            out[(s, in_turn)] = legal
    return out


def check_window(state: Any) -> None:
    window = G.window(state)
    if state.last_discard is None:
        assert window is None
        return
    by, _ = state.last_discard
    n = state.players
    after = [(by + k) % n for k in range(1, n)]
    ron = [s for s in after if key(RON) in expected_legal(state, s, False)]
    pon = [s for s in after if s not in ron and expected_legal(state, s, False)]
    # a discard nobody can call closes at once (the next seat draws): no open window is left
    assert window is not None and (ron or pon), "a window stays open only while someone may call"
    assert list(window.order) == ron + pon, (window.order, ron, pon)


class Table:
    """One hand played out under the checks, with what the test remembers across steps."""

    def __init__(self, state: Any, rng: Rng, bots: set[int]) -> None:
        self.state = state
        self.rng = rng
        self.bots = bots
        self.start_tiles = tiles_of(state.flags)
        self.frozen: dict[int, Counter[str]] = {}    # riichi seat -> its concealed tiles since

    def check_frozen(self) -> None:
        s = self.state
        for seat in range(s.players):
            assert s.riichi[seat] == (seat in self.frozen), "riichi is declared only with a riichi discard"
            if seat not in self.frozen or s.phase != "play":
                continue
            hand = Counter(tokens(s.hands[seat]))
            if s.phase == "play" and s.last_discard is None and s.turn == seat:
                assert s.drawn is not None
                hand[s.drawn.token] -= 1
                hand = +hand
            assert hand == self.frozen[seat], "a riichi hand is frozen (PON-RIICHI-2)"

    def window_step(self) -> None:
        s = self.state
        check_window(s)
        by, tile = s.last_discard
        for seat in G.window(s).order:
            options = G.legal_actions(s, seat, in_turn=False)
            assert options
            if seat in self.bots:
                action = interrupt_choice(G, s, seat)
            else:
                action = None if self.rng.below(2) else self.rng.choice(options)
            if action is None:
                continue
            assert shape(action) in {shape(a) for a in options}
            new = G.apply(s, action, seat, in_turn=False)
            if G.action_to_json(action) == RON:
                event("ron")
                self.check_win(s, new, seat, "ron", by)
            else:
                event("pon")
                assert not s.riichi[seat], "no pon by a riichi seat (PON-PON-1)"
                assert new.turn == seat and new.called and new.drawn is None and new.last_discard is None
                assert new.melds[seat] == s.melds[seat] + ((tile, tile, tile),)
                assert new.discards[by] == s.discards[by][:-1], "the called tile leaves the discarder's row"
                assert len(new.wall) == len(s.wall)
            self.state = new
            return
        new = G.close_window(s)
        if not s.wall:
            assert new.phase == "score" and new.result["draw"], "an empty wall ends the hand (PON-DRAW-1)"
        else:
            assert new.phase == "play" and new.turn == (by + 1) % s.players and new.drawn == s.wall[0]
            assert new.wall == s.wall[1:] and not new.called
        self.state = new

    def turn_step(self, step: int, legal: list[Any]) -> None:
        s = self.state
        seat = s.turn
        assert G.to_act(s) == seat and legal, "the seat to act has a legal action"
        if seat in self.bots:
            action = heuristic_choice(G, s, seat).action
            assert shape(action) in {shape(a) for a in legal}
        elif any(shape(a) == key(TSUMO) for a in legal) and self.rng.below(2):
            action = G.parse_action(TSUMO)
        else:
            action = random_choice(G, s, seat, self.rng).action
        data = G.action_to_json(action)
        new = G.apply(s, action, seat)
        if data == TSUMO:
            event("tsumo")
            self.check_win(s, new, seat, "tsumo", None)
            self.state = new
            return
        tile = data["riichi"] if isinstance(data, dict) else data[0]
        if s.riichi[seat]:
            assert tile == s.drawn.token, "in riichi a seat discards only the tile it drew (PON-RIICHI-2)"
        rest = Counter(tokens(s.hands[seat]))
        rest[tile] -= 1
        rest = +rest
        if isinstance(data, dict):
            event("riichi")
            assert not s.riichi[seat] and waits_of(list(rest.elements()), len(s.melds[seat]), kinds_of(s.flags))
            self.frozen[seat] = rest
        assert Counter(tokens(new.hands[seat])) == rest
        assert new.discards[seat] == s.discards[seat] + (Card.parse(tile),)
        if new.last_discard is None:  # nobody could call: the next seat has drawn, or the wall is empty
            if s.wall:
                assert new.turn == (seat + 1) % s.players and new.drawn == s.wall[0], "turns go clockwise (PON-TURN-1)"
            else:
                assert new.phase == "score" and new.result["draw"], "an empty wall ends the hand (PON-DRAW-1)"
        self.state = new

    def check_win(self, before: Any, after: Any, seat: int, how: str, by: int | None) -> None:
        hand = tokens(before.hands[seat])
        if how == "ron":
            hand.append(before.last_discard[1].token)
        melds = len(before.melds[seat])
        assert wins(hand, melds), ("a declared win is three sets", hand, melds)
        if how == "tsumo":
            assert not before.called and before.drawn is not None
        else:
            assert before.riichi[seat], "only a riichi seat wins by ron (PON-RON-1)"
        res = after.result
        assert after.phase == "score" and G.to_act(after) is None and not res["draw"]
        assert res["winner"] == seat and res["win_type"] == how and res["discarder"] == by
        assert sorted(res["hand"]) == sorted(hand)
        paid = [res["payments"][str(s)] for s in range(before.players)]
        assert sum(paid) == 0, "payments sum to zero"
        dealer = G.session(before)["dealer"]
        want = expected_payments(before.players, dealer, seat, how, by, before.flags.hand_value)
        assert paid == want, (paid, want, dealer, seat, how, by, before.flags.hand_value)
        if seat == dealer:
            event("dealer wins")
        before_scores = G.session(before)["scores"]
        assert G.session(after)["scores"] == [a + p for a, p in zip(before_scores, paid)]

    def play(self) -> Any:
        for step in range(MAX_STEPS):
            s = self.state
            check_position(s, self.start_tiles)
            self.check_frozen()
            legal = check_legal_sets(s)
            if G.round_over(s):
                break
            if step % ATTEMPT_RATE == 0:
                attempts(s, self.rng)
            for seat in range(s.players):
                if seat != s.turn:
                    assert not legal[(seat, True)], "only the seat to act has a turn"
            if s.last_discard is not None:
                assert not legal[(s.turn, True)], "the next seat waits for the calls"
                self.window_step()
            else:
                self.turn_step(step, legal[(s.turn, True)])
        else:
            raise AssertionError("the hand did not end")
        s = self.state
        assert G.to_act(s) is None and G.window(s) is None
        if s.result["draw"]:
            event("draw (wall empty)")
            assert not s.wall and all(v == 0 for v in s.result["payments"].values())   # PON-DRAW-1
        return s


def first_hand(players: int, flags_in: dict[str, Any], seed: int, before: int) -> Any:
    """Hand ``before + 1`` of a session: new, or dealt by ``next_hand`` as if ``before`` hands
    had been played (the dealer passes clockwise, PON-NEXT-1) with random scores summing to zero."""
    flags = G.flags({"players": players, **flags_in})
    state = G.new_game(flags, seed)
    if before == 0:
        return state
    rng = Rng(seed ^ 0x5EED)
    scores = [rng.below(201) - 100 for _ in range(players - 1)]
    scores.append(-sum(scores))
    played = replace(state, phase="score", result={"draw": True},
                     session=replace(state.session, hand_no=before, dealer=(before - 1) % players, scores=tuple(scores)))
    return G.next_hand(played)


def play_session(players: int, flags_in: dict[str, Any], seed: int, mix: int, before: int, hands: int) -> None:
    state = first_hand(players, flags_in, seed, before)
    rng = Rng(seed)
    mode = mix % 3
    bots = set() if mode == 0 else set(range(players)) if mode == 1 else {s for s in range(players) if (mix >> 2 >> s) & 1}
    last = 2 * players                                                       # PON-NEXT-1
    for k in range(before + 1, min(last, before + hands) + 1):
        ses = G.session(state)
        assert ses["hand_no"] == k and ses["dealer"] == (k - 1) % players and ses["hands_in_game"] == last
        assert sum(ses["scores"]) == 0
        if state.phase == "play":
            assert state.turn == ses["dealer"] and len(state.hands[ses["dealer"]]) == 9, "the dealer draws first"
        state = Table(state, rng, bots).play()
        ses = G.session(state)
        assert sum(ses["scores"]) == 0, "session scores sum to zero"
        assert G.game_over(state) == (k == last) == ses["game_over"]
        nxt = G.next_hand(state)
        if k == last:
            event("the game's last hand")
            best = max(ses["scores"])
            assert ses["winner"] == G.game_winner(state) == [s for s, v in enumerate(ses["scores"]) if v == best]
            assert nxt is state
            return
        assert Counter(tokens(G.all_cards(nxt))) == tiles_of(nxt.flags), "the next hand deals every tile again"
        assert G.session(nxt)["scores"] == ses["scores"]
        state = nxt


def hand_args(players: int) -> dict[str, Any]:
    """Flags, the seed, how the seats play (``mix``) and how many hands of the session came before."""
    return dict(flags_in=flag_sets(players), seed=st.integers(0, 2**63), mix=st.integers(0, 2**8 - 1),
                before=st.integers(0, 2 * players - 1))


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**hand_args(3))
def test_random_three_player_hands(flags_in: dict[str, Any], seed: int, mix: int, before: int) -> None:
    play_session(3, flags_in, seed, mix, before, 1)


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**hand_args(4))
def test_random_four_player_hands(flags_in: dict[str, Any], seed: int, mix: int, before: int) -> None:
    play_session(4, flags_in, seed, mix, before, 1)


@settings(max_examples=WHOLE_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from([3, 4]).flatmap(lambda n: st.tuples(st.just(n), flag_sets(n))),
       seed=st.integers(0, 2**63), mix=st.integers(0, 2**8 - 1))
def test_random_whole_games(table: tuple[int, dict[str, Any]], seed: int, mix: int) -> None:
    """A game of 2N hands from the first (PON-NEXT-1), every hand under the same checks."""
    players, flags_in = table
    play_session(players, flags_in, seed, mix, 0, 2 * players)


# --------------------------------------------------------------------------- the deal's size
def test_every_flag_set_deals_eight_tiles_a_seat() -> None:
    """PON-DEAL-1: every player gets 8 tiles. A flag set whose tiles (PON-SETUP-2) are too few to
    deal 8 to every seat must be refused by ``flags``; one the engine accepts deals 8 each."""
    short = []
    for players in (3, 4):
        for kinds in (6, 7, 8, 9):
            for copies in (4, 5, 6, 7, 8, 9):
                for wilds in range(9):
                    data = {"players": players, "kinds": kinds, "copies_per_kind": copies, "wild_tiles": wilds}
                    try:
                        flags = G.flags(data)
                    except FlagError:
                        continue
                    state = G.new_game(flags, 1)
                    held = [len(h) + 3 * len(m) for h, m in zip(state.hands, state.melds)]
                    dealt = [x - (1 if s == 0 and state.phase == "play" else 0) for s, x in enumerate(held)]
                    if dealt != [HAND] * players:
                        short.append((data, dealt))
    assert not short, f"{len(short)} accepted flag sets cannot deal 8 tiles a seat, e.g. {short[0]}"


# --------------------------------------------------------------------------- tiles.waits / missing
@st.composite
def small_hands(draw: Any) -> tuple[list[str], int, int]:
    """A concealed hand (0..8 wilds, kinds from a few) with 0..2 exposed sets: 9 or 8 tiles in
    all, or fewer; and the number of kinds in play."""
    kinds = draw(st.sampled_from([6, 7, 8, 9]))
    melds = draw(st.integers(0, 2))
    size = draw(st.one_of(st.sampled_from([9 - 3 * melds, 8 - 3 * melds]), st.integers(0, 9 - 3 * melds)))
    wilds = draw(st.integers(0, min(8, size)))
    spread = draw(st.integers(1, kinds))
    plain = draw(st.lists(st.integers(1, spread), min_size=size - wilds, max_size=size - wilds))
    return [f"T{k}" for k in plain] + [WILD] * wilds, melds, kinds


def cards(tokens_: list[str]) -> list[Card]:
    return [Card.parse(t) for t in tokens_]


@settings(max_examples=max(300, GAMES // 2), deadline=None)
@given(hand=small_hands(), order=st.randoms(use_true_random=False))
def test_waits_and_missing_against_brute_force(hand: tuple[list[str], int, int], order: Any) -> None:
    tiles, melds, kinds = hand
    order.shuffle(tiles)
    kinds_list = [f"T{k}" for k in range(1, kinds + 1)] + [WILD]
    got_waits = tokens(T.waits(cards(tiles), melds, cards(kinds_list)))
    assert got_waits == waits_of(tiles, melds, kinds_list), (tiles, melds)
    if len(tiles) + 3 * melds == 9:
        assert T.is_win(cards(tiles), melds) == wins(tiles, melds), (tiles, melds)
    got = T.missing(cards(tiles), melds)
    want = missing_of(tiles, melds)
    # the docstring: 0 with nine tiles exactly when it wins, 1 with eight exactly when it waits
    if len(tiles) + 3 * melds == 9:
        assert (got == 0) == wins(tiles, melds), (tiles, melds, got)
        event("nine tiles: " + ("win" if got == 0 else "no win"))
    if len(tiles) + 3 * melds == HAND:
        assert (got == 1) == bool(got_waits), (tiles, melds, got, got_waits)
        event("eight tiles: " + ("waiting" if got_waits else "not waiting"))
    # "how many tiles this hand lacks for three sets, at best"
    assert got == want, (tiles, melds, got, want)
