"""Builds a Shengji state from a scenario / golden setup (rules/README.md §4.2, §4.6).

Unknown hands are filled with cards placed nowhere else (README §4.2). Facts a setup leaves out
take a value consistent with it:

* ``dealer``: the seat that led the current trick's first trick is not known, so seat 0 by
  default (in ``bury`` the seat to act); the dealer's team is at the trump rank, the other team
  at ``start_level`` unless ``levels`` says otherwise (an extra key of this tutor's scenarios).
* In ``draw``: the seat that just drew is the one before ``to_act`` and its chances to expose are
  still open (§4.2 Timing); a seat not listed holds as many cards as the draw order gives it
  (the seat before it in order from ``to_act``); the stock is what is placed nowhere else, less
  the kitty. A ``trump_suit`` without ``exposed`` stands for the trump-rank card of that suit,
  exposed by whoever holds it.
* In ``play``: every seat holds as many cards as the listed ones before this trick; the cards
  of earlier tricks are set aside (their winners are unknown, so they count for nobody) unless
  ``won`` names them; the buried kitty is ``kitty`` or six cards placed nowhere else.

Two extra keys of this tutor's scenarios (lessons need them; the shared format has neither):

* ``stock`` (``draw``): the next cards to be drawn, in drawing order; the rest of the stock
  follows in the usual fixed order. So a lesson knows which card the learner draws.
* ``won`` (``play``): seat → the cards that seat took in earlier tricks of the hand (its point
  cards count for it, SJ-TRICK-4, SJ-POINTS-2). So a lesson can reach the end of a hand with
  the points already taken.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...cards import Card, multiset_contains
from ...errors import ScenarioError, quoted, short_value
from ...scenario import (check_deck_counts, check_hand_sizes, check_keys, parse_card_list, parse_seat, parse_seat_map,
                         parse_seed, unplaced_cards)
from .order import card_sort_key, points, sort_hand, trick_winner, trump_order
from .scoring import hand_result
from .state import DECK, LEVELS, PLAYERS, TEAMS, Entry, Session, State, deck_of, hand_size, kitty_size

if TYPE_CHECKING:
    from .game import Shengji

KEYS_REQUIRED = ("flags", "phase", "to_act", "hands", "trump_rank")
KEYS_OPTIONAL = ("cards_held", "trick", "trump_suit", "dealer", "kitty", "exposed", "first_hand", "levels",
                 "in_turn", "include_side", "seed", "stock", "won")
PHASES = ("draw", "kitty_flip", "bury", "play")
SUITS = ("S", "H", "D", "C")


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _rank(value: Any, path: str) -> str:
    if value not in LEVELS:
        raise ScenarioError(path, "error.one_of", choices=quoted(LEVELS), got=short_value(value))
    return value


def _suit(value: Any, path: str, allow_none: bool = False) -> str | None:
    if value is None and allow_none:
        return None
    if value not in SUITS:
        raise ScenarioError(path, "error.one_of", choices=quoted(SUITS), got=short_value(value))
    return value


def _levels(value: Any, path: str) -> dict[str, str]:
    if not isinstance(value, dict) or set(value) != set(TEAMS):
        raise ScenarioError(path, "error.expected", what="levels", got=short_value(value))
    return {t: _rank(value[t], f"{path}.{t}") for t in TEAMS}


def parse_trick(value: Any, path: str, complete: bool, deck: Any = DECK) -> list[Entry]:
    """Trick entries ``{seat, cards}`` in playing order, seats in turn order, each the lead's size."""
    if not isinstance(value, list):
        raise ScenarioError(path, "error.expected", what="trick_list", got=short_value(value))
    if (complete and len(value) != PLAYERS) or len(value) > PLAYERS:
        raise ScenarioError(path, "error.sj.trick_size", plays=PLAYERS, n=len(value))
    out: list[Entry] = []
    for i, entry in enumerate(value):
        ep = f"{path}[{i}]"
        if isinstance(entry, dict) and "action" in entry:
            raise ScenarioError(f"{ep}.action", "error.sj.no_pass")
        check_keys(entry, ep, ("seat", "cards"), ())
        seat = parse_seat(entry["seat"], f"{ep}.seat", PLAYERS)
        assert seat is not None
        cards = parse_card_list(entry["cards"], f"{ep}.cards", deck)
        if not cards:
            raise ScenarioError(f"{ep}.cards", "error.sj.empty_play")
        if out and len(cards) != len(out[0].cards):
            raise ScenarioError(f"{ep}.cards", "error.sj.play_size", count=len(out[0].cards), n=len(cards))
        if out and seat != (out[-1].seat + 1) % PLAYERS:
            raise ScenarioError(f"{ep}.seat", "error.scenario.seat_order", seat=seat, before=out[-1].seat,
                                expected=(out[-1].seat + 1) % PLAYERS)
        out.append(Entry(seat, tuple(cards)))
    check_deck_counts([(f"{path}[{i}].cards", e.cards) for i, e in enumerate(out)], deck)
    return out


def trick_from_setup(game: "Shengji", setup: Mapping[str, Any]) -> dict[str, Any]:
    """The golden ``trick`` kind: who wins a finished trick (SJ-TRICK-1…3, SJ-THROW-5) and its points."""
    path = "setup"
    check_keys(setup, path, ("flags", "trick", "trump_rank", "trump_suit"), ())
    flags = game.flags(setup.get("flags"), _at(path, "flags"))
    rank = _rank(setup["trump_rank"], _at(path, "trump_rank"))
    suit = _suit(setup["trump_suit"], _at(path, "trump_suit"))
    trick = parse_trick(setup["trick"], _at(path, "trick"), complete=True, deck=deck_of(flags))
    winner, rule = trick_winner(trump_order(rank, suit), [(e.seat, e.cards) for e in trick])
    return {"winner": winner, "rule": rule, "points": points(c for e in trick for c in e.cards)}


def classify_from_setup(game: "Shengji", setup: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The golden ``classify`` kind: what a set of cards is as a lead (SJ-COMBO-1, SJ-2D-3, SJ-2D-4):
    ``single``, ``pair``, ``tractor`` (with ``length``, its pairs), or nothing (any other set,
    a throw included, README §4.6)."""
    from .shapes import TRACTOR, shape
    path = "setup"
    check_keys(setup, path, ("flags", "cards", "trump_rank", "trump_suit"), ())
    flags = game.flags(setup.get("flags"), _at(path, "flags"))
    rank = _rank(setup["trump_rank"], _at(path, "trump_rank"))
    suit = _suit(setup["trump_suit"], _at(path, "trump_suit"), allow_none=True)
    deck = deck_of(flags)
    cards = parse_card_list(setup["cards"], _at(path, "cards"), deck)
    if not cards:
        raise ScenarioError(_at(path, "cards"), "error.sj.empty_play")
    check_deck_counts([(_at(path, "cards"), cards)], deck)
    got = shape(cards, rank, suit)
    if got is None:
        return []
    return [{"type": got.kind, **({"length": got.pairs} if got.kind == TRACTOR else {})}]


def score_from_setup(game: "Shengji", setup: Mapping[str, Any]) -> dict[str, Any]:
    """The golden ``score`` kind: a hand's result from its end facts (SJ-POINTS-2/3, SJ-SCORE, SJ-NEXT, SJ-END)."""
    path = "setup"
    check_keys(setup, path, ("flags", "dealer", "levels", "nondealer_trick_points", "last_trick_winner",
                             "kitty_discards"), ("penalty", "last_trick_cards"))
    flags = game.flags(setup.get("flags"), _at(path, "flags"))
    dealer = parse_seat(setup["dealer"], _at(path, "dealer"), PLAYERS)
    levels = _levels(setup["levels"], _at(path, "levels"))
    pts = setup["nondealer_trick_points"]
    top = 200 if flags.decks == 2 else 100  # the card points in play (SJ-POINTS-1, SJ-2D-1)
    if not isinstance(pts, int) or isinstance(pts, bool) or not 0 <= pts <= top or pts % 5:
        raise ScenarioError(_at(path, "nondealer_trick_points"), "error.sj.points", top=top, got=short_value(pts))
    last = parse_seat(setup["last_trick_winner"], _at(path, "last_trick_winner"), PLAYERS)
    deck, size = deck_of(flags), kitty_size(flags)
    buried = parse_card_list(setup["kitty_discards"], _at(path, "kitty_discards"), deck)
    if len(buried) != size:
        raise ScenarioError(_at(path, "kitty_discards"), "error.scenario.kitty_size", size=size, n=len(buried))
    check_deck_counts([(_at(path, "kitty_discards"), buried)], deck)
    penalty = setup.get("penalty", 0)
    # this tutor's extension for kitty_multiplier_by_shape (SJ-2D-9): the cards each player gave
    # to the last trick (default 1, a single); the shared score facts do not carry it
    each = setup.get("last_trick_cards", 1)
    if not isinstance(each, int) or isinstance(each, bool) or not 1 <= each <= hand_size(flags):
        raise ScenarioError(_at(path, "last_trick_cards"), "error.expected_number", low=1, high=hand_size(flags),
                            got=short_value(each))
    assert dealer is not None and last is not None
    return hand_result(dealer, [levels[t] for t in TEAMS], pts, last, buried, game.kitty_multiplier(flags, each),
                       flags.end_level, penalty, decks=flags.decks)


def _draw_sizes(hands: Mapping[int, list[Card]], held: Mapping[int, int], to_act: int | None,
                at: Any, full: int) -> dict[int, int]:
    """How many cards each seat holds in the draw: in turn order from the next drawer, a run of
    ``r`` then a run of ``r + 1`` (the seats that drew this round); an unlisted seat holds what
    the seat before it in that order holds."""
    start = to_act if to_act is not None else 0
    order = [(start + k) % PLAYERS for k in range(PLAYERS)]
    known = {s: held[s] if s in held else len(hands[s]) for s in range(PLAYERS) if s in hands or s in held}
    if to_act is None:  # the draw is complete
        return {s: full for s in range(PLAYERS)}
    sizes: dict[int, int] = {}
    base = min(known.values()) if known else 0
    prev = base
    for s in order:
        sizes[s] = known.get(s, prev)
        prev = sizes[s]
    values = [sizes[s] for s in order]
    if any(b < a for a, b in zip(values, values[1:])) or values[-1] - values[0] > 1 or values[-1] > full:
        raise ScenarioError(at("hands"), "error.sj.draw_sizes", seat=to_act)
    return sizes


def state_from_setup(game: "Shengji", setup: Mapping[str, Any], path: str = "setup") -> State:
    at = lambda key: _at(path, key)  # noqa: E731
    check_keys(setup, path, KEYS_REQUIRED, KEYS_OPTIONAL)
    flags = game.flags(setup.get("flags"), at("flags"))
    phase = setup["phase"]
    if phase not in PHASES:
        raise ScenarioError(at("phase"), "error.one_of", choices=quoted(PHASES), got=short_value(phase))
    automatic = phase == "kitty_flip" or (phase == "draw" and setup["to_act"] is None)
    to_act = parse_seat(setup["to_act"], at("to_act"), PLAYERS, allow_none=automatic)
    seed = parse_seed(setup, at("seed"))
    rank = _rank(setup["trump_rank"], at("trump_rank"))
    suit = _suit(setup.get("trump_suit"), at("trump_suit"), allow_none=phase in ("draw", "kitty_flip"))
    if phase == "kitty_flip" and suit is not None:
        raise ScenarioError(at("trump_suit"), "error.sj.flip_has_no_trump")
    first_hand = setup.get("first_hand", False)
    if not isinstance(first_hand, bool):
        raise ScenarioError(at("first_hand"), "error.expected", what="bool", got=short_value(first_hand))
    if first_hand and phase != "draw":
        raise ScenarioError(at("first_hand"), "error.sj.first_hand_draw")
    if first_hand and "dealer" in setup:
        raise ScenarioError(at("dealer"), "error.sj.first_hand_dealer")
    default_dealer = to_act if phase == "bury" and to_act is not None else 0
    dealer = None if first_hand else parse_seat(setup.get("dealer", default_dealer), at("dealer"), PLAYERS)
    if phase == "bury" and dealer != to_act:
        raise ScenarioError(at("to_act"), "error.sj.dealer_buries", seat=dealer)
    levels = _levels(setup["levels"], at("levels")) if "levels" in setup else None

    deck, hand_n, kitty_n = deck_of(flags), hand_size(flags), kitty_size(flags)
    hands = {s: list(parse_card_list(v, f"{at('hands')}.{s}", deck))
             for s, v in parse_seat_map(setup["hands"], at("hands"), PLAYERS).items()}
    most = {s: hand_n + (kitty_n if phase == "bury" and s == dealer else 0) for s in range(PLAYERS)}
    check_hand_sizes(hands, at("hands"), most, "error.sj.hand_size", size=hand_n, kitty_size=hand_n + kitty_n)
    held = parse_seat_map(setup.get("cards_held", {}), at("cards_held"), PLAYERS)
    for s, v in held.items():
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= most[s]:
            raise ScenarioError(f"{at('cards_held')}.{s}", "error.expected_cards", low=0, high=most[s], got=short_value(v))
        if s in hands and v < len(hands[s]):
            raise ScenarioError(f"{at('cards_held')}.{s}", "error.scenario.fewer_than_listed", held=v,
                                listed=len(hands[s]))

    trick = parse_trick(setup.get("trick", []), at("trick"), complete=False, deck=deck) if phase == "play" else []
    if phase == "play" and "trick" not in setup:
        raise ScenarioError(at("trick"), "error.scenario.missing_in_play")
    if phase != "play" and setup.get("trick"):
        raise ScenarioError(at("trick"), "error.scenario.no_trick_in_phase", phase=short_value(phase))
    kitty: tuple[Card, ...] = ()
    if "kitty" in setup:
        kitty = parse_card_list(setup["kitty"], at("kitty"), deck)
        if len(kitty) != kitty_n:
            raise ScenarioError(at("kitty"), "error.scenario.kitty_size", size=kitty_n, n=len(kitty))
        if phase == "bury":
            raise ScenarioError(at("kitty"), "error.sj.kitty_taken")

    stock_next: tuple[Card, ...] = ()
    if "stock" in setup:
        if phase != "draw":
            raise ScenarioError(at("stock"), "error.sj.stock_in_draw")
        stock_next = parse_card_list(setup["stock"], at("stock"), deck)
    won: dict[int, tuple[Card, ...]] = {}
    if "won" in setup:
        if phase != "play":
            raise ScenarioError(at("won"), "error.sj.won_in_play")
        won = {s: parse_card_list(v, f"{at('won')}.{s}", deck)
               for s, v in parse_seat_map(setup["won"], at("won"), PLAYERS).items()}

    exposed: tuple[int, tuple[Card, ...]] | None = None
    if "exposed" in setup:
        if phase != "draw":
            raise ScenarioError(at("exposed"), "error.sj.exposed_in_draw")
        check_keys(setup["exposed"], at("exposed"), ("seat", "cards"), ())
        eseat = parse_seat(setup["exposed"]["seat"], f"{at('exposed')}.seat", PLAYERS)
        ecards = parse_card_list(setup["exposed"]["cards"], f"{at('exposed')}.cards", deck)
        sizes = (1, 2) if flags.decks == 2 else (1,)  # a pair of identical cards with two decks (SJ-2D-8)
        if (len(ecards) not in sizes or len(set(ecards)) != 1 or ecards[0].special or ecards[0].rank != rank):
            if flags.decks == 2:
                raise ScenarioError(f"{at('exposed')}.cards", "error.sj.exposed_cards", rank=rank)
            raise ScenarioError(f"{at('exposed')}.cards", "error.sj.exposed_card", rank=rank)
        if eseat not in hands or not multiset_contains(hands[eseat], ecards):
            raise ScenarioError(f"{at('exposed')}.cards", "error.sj.exposed_in_hand", seat=eseat)
        if suit != ecards[0].suit:
            raise ScenarioError(at("trump_suit"), "error.sj.exposed_suit")
        assert eseat is not None
        exposed = (eseat, tuple(ecards))
    elif phase == "draw" and suit is not None and flags.decks == 2:
        # README §4.6: with two decks a standing single may be overridden and a pair not, so the
        # setup must say which stands
        raise ScenarioError(at("exposed"), "error.sj.exposed_required")

    places = [(f"{at('hands')}.{s}", c) for s, c in hands.items()] + [(at("trick"), [c for e in trick for c in e.cards]),
                                                                     (at("kitty"), kitty), (at("stock"), stock_next)]
    places += [(f"{at('won')}.{s}", cs) for s, cs in won.items()]
    check_deck_counts(places, deck)
    pool = unplaced_cards(deck, [c for _, cs in places for c in cs], seed)

    if phase == "draw" and suit is not None and exposed is None:
        # a trump-rank card of the trump suit stands, exposed by whoever holds it (README §4.6)
        card = Card(suit=suit, rank=rank)
        holder = next((s for s, h in hands.items() if card in h), None)
        if holder is None:
            if card not in pool:
                raise ScenarioError(at("trump_suit"), "error.sj.no_exposed_card", suit=suit)
            pool.remove(card)
            holder = next((s for s in range(PLAYERS) if s not in hands), None)
            if holder is None:
                raise ScenarioError(at("trump_suit"), "error.sj.no_exposed_card", suit=suit)
            hands[holder] = [card]
            held.setdefault(holder, 1)
        exposed = (holder, (card,))

    # hand sizes
    if phase == "draw":
        sizes = _draw_sizes(hands, held, to_act, at, hand_size(flags))
    elif phase == "bury":
        sizes = {s: hand_n + (kitty_n if s == dealer else 0) for s in range(PLAYERS)}
    elif phase == "kitty_flip":
        sizes = {s: hand_n for s in range(PLAYERS)}
    else:
        played = {e.seat: len(e.cards) for e in trick}
        before = [len(hands[s]) + played.get(s, 0) for s in sorted(hands) if s not in held] + \
                 [held[s] + played.get(s, 0) for s in sorted(held)]
        base = max(before) if before else hand_n
        sizes = {s: base - played.get(s, 0) for s in range(PLAYERS)}
    for s, v in held.items():
        sizes[s] = v
    full: dict[int, list[Card]] = {}
    for s in sorted(range(PLAYERS), key=lambda s: (s not in held, s)):
        have = hands.get(s, [])
        want = sizes[s] if (s not in hands or s in held) else len(have)
        extra = want - len(have)
        if extra > len(pool):
            raise ScenarioError(at("hands"), "error.scenario.deck_short", seat=s, n=want)
        full[s], pool = have + pool[:extra], pool[extra:]
    if phase == "play":
        counts = {len(full[s]) + len(next((e.cards for e in trick if e.seat == s), ())) for s in range(PLAYERS)}
        if len(counts) != 1:
            raise ScenarioError(at("hands"), "error.sj.play_sizes")
    if phase in ("draw", "kitty_flip", "play") and not kitty:
        if len(pool) < kitty_n:
            raise ScenarioError(at("kitty"), "error.scenario.no_kitty_cards")
        kitty, pool = tuple(pool[:kitty_n]), pool[kitty_n:]

    order = trump_order(rank, suit)
    if phase == "draw":
        hand_tuple = tuple(tuple(sorted(full[s], key=card_sort_key)) for s in range(PLAYERS))
    else:
        hand_tuple = tuple(sort_hand(order, full[s]) for s in range(PLAYERS))
    if phase == "play" and not hand_tuple[to_act]:  # type: ignore[index]
        raise ScenarioError(at("to_act"), "error.scenario.no_cards_to_act", seat=to_act)
    if phase == "play":
        expected = (trick[-1].seat + 1) % PLAYERS if trick else to_act
        if expected != to_act:
            raise ScenarioError(at("to_act"), "error.scenario.turn_after_trick", expected=expected, seat=to_act)

    start = flags.start_level
    if levels is None:
        team = TEAMS[(dealer if dealer is not None else (exposed[0] if exposed else 0)) % 2]
        levels = {t: (rank if t == team else start) for t in TEAMS}
    level_tuple = (levels[TEAMS[0]], levels[TEAMS[1]])
    drawn = sum(len(h) for h in hand_tuple)
    first_drawer = to_act if to_act is not None else 0
    if phase == "draw" and to_act is not None:
        # the first drawer: the first seat in order from the next drawer that holds one card more
        sizes_now = [len(hand_tuple[(to_act + k) % PLAYERS]) for k in range(PLAYERS)]
        first_drawer = next(((to_act + k) % PLAYERS for k in range(1, PLAYERS) if sizes_now[k] > sizes_now[0]), to_act)
    if first_hand and exposed is not None:
        dealer = exposed[0]  # SJ-DECLARE-3, SJ-2D-8: the seat of the standing exposure deals the first hand
    session = Session(hand_no=1, levels=level_tuple, dealer=dealer, first_drawer=first_drawer, first_hand=first_hand)
    common = dict(flags=flags, seed=seed, hands=hand_tuple, trump_rank=rank, trump_suit=suit, session=session)
    if phase == "draw":
        last = (to_act - 1) % PLAYERS if to_act is not None else (first_drawer - 1) % PLAYERS
        # the deck's count holds the stock to the draws left (a longer one leaves the kitty short)
        return State(phase="draw", to_act=to_act, stock=stock_next + tuple(pool), kitty=kitty, exposed=exposed,
                     chance_open=drawn > 0, last_drawer=last if drawn else None, **common)
    if phase == "kitty_flip":
        return State(phase="kitty_flip", to_act=None, kitty=kitty, set_aside=tuple(pool), **common)
    if phase == "bury":
        return State(phase="bury", to_act=to_act, set_aside=tuple(pool), **common)
    won_cards = tuple(tuple(won.get(s, ())) for s in range(PLAYERS))
    # the trick's number as if every earlier trick was led with one card (a throw would make it
    # smaller; the log says "trick N" only)
    trick_no = hand_n - (len(hand_tuple[to_act]) + len(next((e.cards for e in trick if e.seat == to_act), ()))) + 1  # type: ignore[index]
    return State(phase="play", to_act=to_act, buried=kitty, trick=tuple(trick), won=won_cards, trick_no=max(1, trick_no),
                 points=tuple(points(cs) for cs in won_cards),
                 leader=trick[0].seat if trick else to_act, set_aside=tuple(pool), **common)
