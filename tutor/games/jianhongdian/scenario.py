"""A Jian Hong Dian setup (rules/README.md §4.2 and §4.6) to a state; errors name their JSON path.

Keys: ``flags``, ``phase`` (``deal``, ``hand`` or ``stock``), ``to_act``, ``hands``,
``cards_held``, ``layout`` (required), ``stock`` (its top cards, top first), ``stock_card``,
``captured``, ``initial_triple``; and, for lessons and links, ``seed`` (where unknown cards come
from), ``dealer`` and ``scores`` (the running totals before this deal).

Unknown cards are filled so that the position is one a real deal reaches. A seat whose hand is
not given holds what the seats' turn order gives it: in a deal, the deal's hand size; later, as
many as the seat to act (seats that have already played this round one fewer). The stock holds
as many cards as the hands together (each turn takes one of each, JHD-END-1). Cards left over
were captured before the position by seats the setup does not name: they are out of play
(``State.unplaced``) and score for nobody.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...cards import Card
from ...errors import ScenarioError, short_value
from ...scenario import (check_deck_counts, check_keys, parse_card_list, parse_seat, parse_seat_map, parse_seed,
                         unplaced_cards)
from . import capture as C
from .state import DECK, HAND_SIZE, TRIPLE_RANKS, Flags, Session, State

KEYS = ("flags", "phase", "to_act", "hands", "layout")
OPTIONAL = ("cards_held", "stock", "stock_card", "captured", "initial_triple", "seed", "dealer", "scores", "trick")


def score_facts(game: Any, setup: Mapping[str, Any]) -> tuple[Flags, tuple[Card, ...]]:
    check_keys(setup, "setup", ("flags", "captured"), ())
    flags = game.flags(setup["flags"], "setup.flags")
    cards = parse_card_list(setup["captured"], "setup.captured", DECK)
    check_deck_counts([("setup.captured", cards)], DECK)
    return flags, cards


def _count(value: Any, path: str, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise ScenarioError(path, "error.expected_number", low=0, high=high, got=short_value(value))
    return value


def state_from_setup(game: Any, setup: Mapping[str, Any], path: str = "setup") -> State:
    at = f"{path}." if path else ""
    check_keys(setup, path, KEYS, OPTIONAL)
    flags: Flags = game.flags(setup["flags"], f"{at}flags")
    n = flags.players
    phase = setup["phase"]
    if phase not in ("deal", "hand", "stock"):
        raise ScenarioError(f"{at}phase", "error.one_of", choices='"deal", "hand", "stock"', got=short_value(phase))
    if setup.get("trick") not in (None, []):
        raise ScenarioError(f"{at}trick", "error.jhd.no_trick")
    dealer = parse_seat(setup.get("dealer", 0), f"{at}dealer", n)
    assert dealer is not None
    to_act = parse_seat(setup["to_act"], f"{at}to_act", n, allow_none=phase == "deal")
    if phase == "deal" and to_act is not None:
        raise ScenarioError(f"{at}to_act", "error.jhd.deal_is_automatic")
    size = HAND_SIZE[n]
    if phase == "deal" and isinstance(setup["layout"], list) and len(setup["layout"]) != 4:
        raise ScenarioError(f"{at}layout", "error.jhd.deal_layout", n=len(setup["layout"]))

    known = {s: parse_card_list(v, f"{at}hands.{s}", DECK)
             for s, v in parse_seat_map(setup["hands"], f"{at}hands", n).items()}
    layout = parse_card_list(setup["layout"], f"{at}layout", DECK)
    stock_top = parse_card_list(setup.get("stock", []), f"{at}stock", DECK)
    stock_card = None
    if "stock_card" in setup:
        if phase != "stock":
            raise ScenarioError(f"{at}stock_card", "error.jhd.stock_card_phase")
        stock_card = parse_card_list([setup["stock_card"]], f"{at}stock_card", DECK)[0]
    elif phase == "stock":
        raise ScenarioError(f"{at}stock_card", "error.missing")
    captured_map = {s: parse_card_list(v, f"{at}captured.{s}", DECK)
                    for s, v in parse_seat_map(setup.get("captured", {}), f"{at}captured", n).items()}
    places = [(f"{at}hands.{s}", c) for s, c in known.items()] + [(f"{at}layout", layout), (f"{at}stock", stock_top)]
    places += [(f"{at}captured.{s}", c) for s, c in captured_map.items()]
    if stock_card is not None:
        places.append((f"{at}stock_card", (stock_card,)))
    check_deck_counts(places, DECK)

    held = {s: _count(v, f"{at}cards_held.{s}", size)
            for s, v in parse_seat_map(setup.get("cards_held", {}), f"{at}cards_held", n).items()}
    for s, cards in known.items():
        if s in held and held[s] < len(cards):
            raise ScenarioError(f"{at}cards_held.{s}", "error.jhd.held_below_known", n=held[s], known=len(cards))
        if len(cards) > size:
            raise ScenarioError(f"{at}hands.{s}", "error.jhd.hand_size", n=len(cards), most=size, players=n)
    first = game.first_seat(flags, dealer)
    counts = _hand_counts(phase, to_act, first, n, size, known, held)

    triple = setup.get("initial_triple")
    if triple is not None:
        if phase == "deal":
            raise ScenarioError(f"{at}initial_triple", "error.jhd.triple_after_deal")
        if triple not in TRIPLE_RANKS:
            raise ScenarioError(f"{at}initial_triple", "error.one_of", choices=", ".join(f'"{r}"' for r in TRIPLE_RANKS),
                                got=short_value(triple))
        if sum(1 for c in layout if c.rank == triple) != 3:
            raise ScenarioError(f"{at}initial_triple", "error.jhd.triple_not_on_layout", rank=triple)

    seed = parse_seed(setup, f"{at}seed")
    placed = [c for _, cards in places for c in cards]
    pool = unplaced_cards(DECK, placed, seed)
    hands = []
    for s in range(n):
        cards = known.get(s, ())
        extra = counts[s] - len(cards)
        hands.append(tuple(cards) + tuple(pool[:extra]))
        pool = pool[extra:]
    in_hands = sum(len(h) for h in hands)
    if len(stock_top) > in_hands:  # JHD-END-1: each turn takes one hand card and one stock card
        raise ScenarioError(f"{at}stock", "error.jhd.stock_too_long", n=len(stock_top), hands=in_hands)
    if phase == "hand" and to_act is not None and not hands[to_act]:
        raise ScenarioError(f"{at}to_act", "error.jhd.nothing_to_play", seat=to_act)
    stock_size = in_hands
    fill = min(len(pool), stock_size - len(stock_top))
    stock = tuple(stock_top) + tuple(pool[:fill])
    unplaced = tuple(pool[fill:])

    scores = setup.get("scores")
    if scores is None:
        totals = (0,) * n
    else:
        if not isinstance(scores, list) or len(scores) != n or not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10_000_000 for v in scores):
            raise ScenarioError(f"{at}scores", "error.jhd.scores", players=n, got=short_value(scores))
        totals = tuple(scores)
    session = Session(seed=seed, dealer=dealer, scores=totals)
    state = State(flags=flags, session=session, phase=phase, turn=to_act if to_act is not None else dealer,
                  first=first, hands=tuple(hands), layout=layout, stock=stock,
                  captured=tuple(captured_map.get(s, ()) for s in range(n)), stock_card=stock_card,
                  initial_triple=triple, unplaced=unplaced)
    if phase == "stock":
        assert stock_card is not None
        if len(C.targets(stock_card, layout, triple)) < 2:
            raise ScenarioError(f"{at}stock_card", "error.jhd.stock_no_choice", cards=[stock_card.token])
    return state


def _hand_counts(phase: str, to_act: int | None, first: int, n: int, size: int,
                 known: Mapping[int, Any], held: Mapping[int, int]) -> list[int]:
    """How many cards each seat holds (see the module's docstring)."""
    if phase == "deal":
        return [held.get(s, len(known[s]) if s in known else size) for s in range(n)]
    assert to_act is not None
    if to_act in held:
        k = held[to_act]
    elif to_act in known:
        k = len(known[to_act])
    else:
        k = 2 if phase == "hand" else 1
    order = {(first + i) % n: i for i in range(n)}
    out = []
    for s in range(n):
        if s in held:
            out.append(held[s])
        elif s in known:
            out.append(len(known[s]))
        elif phase == "hand":  # seats before to_act in this round have played: one card fewer
            out.append(max(0, k - 1) if order[s] < order[to_act] else k)
        else:  # to_act has played this turn: seats after it still hold one more
            out.append(k + 1 if order[s] > order[to_act] else k)
    return [min(c, size) for c in out]
