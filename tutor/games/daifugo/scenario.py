"""Builds a Daifugo state from a scenario / golden setup (rules/README.md §4.2, §4.6).

Facts a setup leaves out take a value consistent with it:

* Unknown hands are filled with cards placed nowhere else, as evenly as the rest allows (no more
  than a full hand); what is left over went into earlier phases: the discard pile.
* The field (``trick``) is replayed from its first play: the bindings of the phase follow from
  it (DFG-BIND-1 … 4). ``revolution`` is the order *now*, after the field's plays; the order
  each play was made in is worked back from it (a play of four or more toggled it, DFG-REV-1).
* ``out`` lists who left, in order; those in ``eliminated`` fell by 都落ち and take the last
  places, the others the places from the top in that order (a forbidden finish, DFG-OUT-3,
  cannot be told from a setup).
* In ``exchange`` the seat to act chooses first; the other givers choose after it.
* ``exposed`` (the cut-in game): per seat, which cards of its hand lie face up (DFG-OPEN-1); the
  hand lists them too.
* With ``cut_in`` the field's last chain (its in-turn play and the cut-ins after it, entries
  with ``"in_turn": false``) is still open when no pass follows it: a seat may cut in (the
  window, DFG-CUT-2), and its effect applies when the window closes (§13 step 6), which gives
  the seat to act. Earlier chains closed: a chain of Js among them toggled J-back (DFG-JBACK-1).
  In an effect phase (``six_salvage`` … ``a_open``) the last chain is the one whose effect
  ``to_act`` decides.
"""
from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, Any, Mapping

from ...cards import Card
from ...errors import ScenarioError, quoted, short_value
from ...scenario import (check_deck_counts, check_keys, parse_card_list, parse_seat, parse_seat_map, parse_seed,
                         unplaced_cards)
from . import combos as C
from .state import EFFECT_PHASES, Effect, Entry, Session, State, deck_of

if TYPE_CHECKING:
    from .game import Daifugo

KEYS_REQUIRED = ("flags", "phase", "to_act", "hands")
KEYS_OPTIONAL = ("cards_held", "trick", "revolution", "direction", "exposed", "out", "eliminated", "game_no",
                 "previous_places", "discard_pile", "in_turn", "include_side", "seed")
PHASES = ("deal", "exchange", "play", *EFFECT_PHASES)


def _seat_list(value: Any, path: str, players: int) -> list[int]:
    if not isinstance(value, list):
        raise ScenarioError(path, "error.expected", what="seat_list", got=short_value(value))
    seats = [parse_seat(v, f"{path}[{i}]", players) for i, v in enumerate(value)]
    if len(set(seats)) != len(seats):
        raise ScenarioError(path, "error.scenario.repeated_seat")
    return seats  # type: ignore[return-value]


def state_from_setup(game: "Daifugo", setup: Mapping[str, Any], path: str = "setup") -> State:
    def at(key: str) -> str:
        return f"{path}.{key}" if path else key

    check_keys(setup, path, KEYS_REQUIRED, KEYS_OPTIONAL)
    flags = game.flags(setup.get("flags"), at("flags"))
    n = flags.players
    deck = deck_of(flags)
    phase = setup["phase"]
    if phase not in PHASES:
        raise ScenarioError(at("phase"), "error.one_of", choices=quoted(PHASES), got=short_value(phase))
    to_act = parse_seat(setup["to_act"], at("to_act"), n, allow_none=phase == "deal")
    seed = parse_seed(setup, at("seed"))
    revolution = setup.get("revolution", False)
    if not isinstance(revolution, bool):
        raise ScenarioError(at("revolution"), "error.expected", what="bool", got=short_value(revolution))
    direction = setup.get("direction", 1)
    if direction not in (1, -1) or isinstance(direction, bool):
        raise ScenarioError(at("direction"), "error.one_of", choices=quoted((1, -1)), got=short_value(direction))
    game_no = setup.get("game_no", 1)
    if not isinstance(game_no, int) or isinstance(game_no, bool) or game_no < 1:
        raise ScenarioError(at("game_no"), "error.expected_at_least", low=1, got=short_value(game_no))
    previous: tuple[int, ...] | None = None
    if "previous_places" in setup:
        pp = parse_seat_map(setup["previous_places"], at("previous_places"), n)
        places = list(pp.values())
        if (not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= n for v in places)
                or len(set(places)) != len(places)):  # a place must be a number 1..n, each once
            raise ScenarioError(at("previous_places"), "error.dfg.places", players=n)
        # seats the case leaves out take the places left, in seat order (a case may name only
        # the 大富豪 whose 都落ち it shows)
        rest = iter(p for p in range(1, n + 1) if p not in places)
        previous = tuple(pp[s] if s in pp else next(rest) for s in range(n))
    elif game_no > 1:
        previous = tuple(range(1, n + 1))  # a later game whose places the case leaves out
    out = _seat_list(setup.get("out", []), at("out"), n)
    eliminated = _seat_list(setup.get("eliminated", []), at("eliminated"), n)
    if any(s not in out for s in eliminated):
        raise ScenarioError(at("eliminated"), "error.dfg.eliminated_out")

    hands = {s: list(parse_card_list(v, f"{at('hands')}.{s}", deck)) for s, v in
             parse_seat_map(setup["hands"], at("hands"), n).items()}
    for s in out:
        # a seat fallen by 都落ち in the cut-in game keeps its cards face up (DFG-MIYAKO-2, A16)
        if hands.get(s) and not (s in eliminated and flags.open_cards):
            raise ScenarioError(f"{at('hands')}.{s}", "error.dfg.out_holds_cards", seat=s)
    held = parse_seat_map(setup.get("cards_held", {}), at("cards_held"), n)
    for s, v in held.items():
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise ScenarioError(f"{at('cards_held')}.{s}", "error.expected_at_least", low=1, got=short_value(v))
        if s in hands and v < len(hands[s]):
            raise ScenarioError(f"{at('cards_held')}.{s}", "error.scenario.fewer_than_listed", held=v,
                                listed=len(hands[s]))
    discard = list(parse_card_list(setup.get("discard_pile", []), at("discard_pile"), deck))

    # the field, replayed from its first play (DFG-PLAY-1, §7)
    raw = setup.get("trick", [])
    if phase not in ("play", *EFFECT_PHASES) and raw:
        raise ScenarioError(at("trick"), "error.scenario.no_trick_in_phase", phase=short_value(phase))
    if phase in EFFECT_PHASES and not raw:
        raise ScenarioError(at("trick"), "error.dfg.effect_needs_play", phase=phase)
    if phase == "play" and "trick" not in setup:
        raise ScenarioError(at("trick"), "error.scenario.missing_in_play")
    if not isinstance(raw, list):
        raise ScenarioError(at("trick"), "error.expected", what="trick_list", got=short_value(raw))
    parsed: list[tuple[int, tuple[Card, ...] | None, str, bool]] = []
    for i, entry in enumerate(raw):
        ep = f"{at('trick')}[{i}]"
        if isinstance(entry, Mapping) and "action" in entry:
            check_keys(entry, ep, ("seat", "action"), ())
            if entry["action"] != "PASS":
                raise ScenarioError(f"{ep}.action", "error.expected_value", value='"PASS"', got=short_value(entry["action"]))
            parsed.append((parse_seat(entry["seat"], f"{ep}.seat", n), None, ep, True))  # type: ignore[arg-type]
            continue
        check_keys(entry, ep, ("seat", "cards"), ("in_turn",))
        in_turn_entry = entry.get("in_turn", True)
        if not isinstance(in_turn_entry, bool):
            raise ScenarioError(f"{ep}.in_turn", "error.expected", what="bool", got=short_value(in_turn_entry))
        if not in_turn_entry and not flags.cut_in:
            raise ScenarioError(f"{ep}.in_turn", "error.dfg.cut_in_off")
        parsed.append((parse_seat(entry["seat"], f"{ep}.seat", n), parse_card_list(entry["cards"], f"{ep}.cards", deck, declared_ok=True),  # type: ignore[arg-type]
                       ep, in_turn_entry))
    plays = [p for p in parsed if p[1] is not None]
    # the last chain is still open with cut-ins on (a seat may cut in), or in an effect phase
    last_pass = parsed and parsed[-1][1] is None
    open_chain = bool(plays) and not last_pass and (flags.cut_in or phase in EFFECT_PHASES)
    toggles = sum(1 for _, cards, _, in_turn_entry in plays
                  if _revolts(flags, C.read(cards, flags.decks)) and (in_turn_entry or flags.cutin_can_revolt))
    rev = revolution != (toggles % 2 == 1)  # the revolution before the field's first play
    jback = False
    trick: list[Entry] = []
    bound: tuple[str, ...] = ()
    rank_bind = C.NO_RANK_BINDING
    prev: C.Reading | None = None
    chain_start: int | None = None
    for index, (seat, cards, ep, in_turn_entry) in enumerate(parsed):
        if cards is None:
            if prev is None:
                raise ScenarioError(ep, "error.dfg.pass_before_play")
            trick.append(Entry(seat))
            continue
        reading = C.read(cards, flags.decks)
        if reading is None:
            raise ScenarioError(f"{ep}.cards", "error.dfg.no_shape", cards=[c.token for c in cards])
        order = rev != jback
        if in_turn_entry:
            if chain_start is not None and prev is not None:  # the chain before this play closed
                jback = _jback_after(flags, trick[chain_start:], jback)
                order = rev != jback
            s3 = (prev is not None and prev.undeclared_joker and reading.kind == "single" and flags.spade3_return
                  and cards[0] == Card.parse("S-3"))
            if prev is not None and not s3 and not (C.same_form(reading, prev) and C.beats(reading, prev, order)):
                raise ScenarioError(f"{ep}.cards", "error.scenario.does_not_beat")
            if prev is not None and not s3 and flags.suit_binding:
                bound = C.bound_after(bound, prev.suits, reading.suits, flags.partial_binding)
            if flags.rank_binding:
                rank_bind = C.rank_binding_after(rank_bind, prev, reading, order)
            chain_start = len(trick)
        else:
            top = trick[-1] if trick and not trick[-1].is_pass else None
            if top is None or sorted(map(_ident, cards)) != sorted(map(_ident, top.cards)):
                raise ScenarioError(f"{ep}.cards", "error.dfg.cut_in_not_identical")
            if top.seat == seat:
                raise ScenarioError(f"{ep}.seat", "error.dfg.cut_in_own")
            s3 = top.combo.spade3_return_play
            if flags.suit_binding:  # a cut-in binds at once, on a spade-3 return too (DFG-CUT-3)
                bound = C.bound_after(bound, top.combo.suits, reading.suits, flags.partial_binding)
        if _revolts(flags, reading) and (in_turn_entry or flags.cutin_can_revolt):
            rev = not rev
        # a returned spade 3 stands until the field flows, as the engine keeps it (DFG-S3-1)
        stored = C.as_spade3_return(reading) if s3 else reading
        trick.append(Entry(seat, tuple(cards), stored, in_turn=in_turn_entry))
        prev = stored
    if chain_start is not None and not open_chain:
        jback = _jback_after(flags, trick[chain_start:], jback)

    exposed_map = {s: list(parse_card_list(v, f"{at('exposed')}.{s}", deck)) for s, v in
                   parse_seat_map(setup.get("exposed", {}), at("exposed"), n).items()}
    if exposed_map and not flags.open_cards:
        raise ScenarioError(at("exposed"), "error.dfg.open_cards_off")
    for s, cards in exposed_map.items():
        listed = hands.get(s, [])
        from ...cards import multiset_contains
        if not multiset_contains(listed, cards):
            raise ScenarioError(f"{at('exposed')}.{s}", "error.dfg.exposed_not_in_hand", seat=s)
    trick_cards = [(f"{at('trick')}[{i}].cards", [c.physical for c in e.cards]) for i, e in enumerate(trick) if e.cards]
    places_list = [(f"{at('hands')}.{s}", c) for s, c in hands.items()] + trick_cards + [(at("discard_pile"), discard)]
    check_deck_counts(places_list, deck)
    placed = [c for _, cs in places_list for c in cs]
    pool = unplaced_cards(deck, placed, seed)
    size = ceil(len(deck.cards()) / n)
    full: dict[int, list[Card]] = {}
    order_seats = sorted(range(n), key=lambda s: (s not in held, s))
    for i, s in enumerate(order_seats):
        if s in out:
            full[s] = hands.get(s, [])
            continue
        want = held.get(s)
        if want is None and s in hands:
            full[s] = hands[s]
            continue
        if want is None:
            open_seats = sum(1 for t in order_seats[i:] if t not in hands and t not in held and t not in out)
            want = min(size, len(pool) // max(1, open_seats))
        have = hands.get(s, [])
        extra = want - len(have)
        if extra > len(pool) or want < 1:
            raise ScenarioError(at("cards_held") if s in held else at("hands"), "error.scenario.deck_short", seat=s, n=want)
        full[s], pool = have + pool[:extra], pool[extra:]
    hand_tuple = tuple(tuple(sorted(full[s], key=C.sort_key)) for s in range(n))

    places: list[int | None] = [None] * n
    top_next, bottom_next = 1, n
    for s in out:
        if s in eliminated:
            places[s], bottom_next = bottom_next, bottom_next - 1
        else:
            places[s], top_next = top_next, top_next + 1
    session = Session(game_no=game_no, previous_places=previous)
    from .cutin import sort_hand
    exposed = tuple(sort_hand(exposed_map.get(s, [])) for s in range(n))
    for s in eliminated:  # DFG-MIYAKO-2: a resigned 大富豪's cards all lie face up
        if flags.open_cards:
            exposed = exposed[:s] + (hand_tuple[s],) + exposed[s + 1:]
    state = State(flags=flags, seed=seed, phase=phase, hands=hand_tuple, to_act=to_act, session=session,
                  trick=tuple(trick), discard_pile=tuple(discard) + tuple(pool), revolution=revolution,
                  direction=direction, bound=bound, rank_bind=rank_bind, out=tuple(out), eliminated=tuple(eliminated),
                  places=tuple(places), gifts=(None,) * n, first_out=out[0] if out else None,
                  exposed=exposed, jback=jback)
    if phase == "deal":
        return game._after_deal(state)
    if phase == "exchange":
        if previous is None:
            raise ScenarioError(at("previous_places"), "error.dfg.exchange_needs_places")
        givers = game._exchange_seats(state)
        if to_act not in givers:
            raise ScenarioError(at("to_act"), "error.dfg.exchange_not_giver", seat=to_act)
        k = givers.index(to_act)  # type: ignore[arg-type]
        return _with(state, exchange_order=givers[k:] + givers[:k])
    if to_act in out:
        raise ScenarioError(at("to_act"), "error.dfg.out_to_act", seat=to_act)
    if phase in EFFECT_PHASES:
        return _effect_state(game, state, phase, to_act, chain_start, at)  # type: ignore[arg-type]
    if open_chain:
        # the window on the last chain is open: the seat to act follows once it closes
        state = _with(state, chain_start=chain_start, to_act=None)
        if setup.get("in_turn", True) is not False:
            settled = game.close_window(state)
            if settled.phase == "play" and settled.to_act != to_act:
                raise ScenarioError(at("to_act"), "error.dfg.to_act_after_chain", seat=to_act, expected=settled.to_act)
    return state


def _ident(card: Card) -> str:
    ident = C.identity(card)
    return "JOKER" if ident is None else f"{ident[0]}-{ident[1]}"


def _jback_after(flags: Any, chain: list[Entry], jback: bool) -> bool:
    """DFG-JBACK-1: a closed chain of Js toggles J-back (a sequence only with effects in sequences)."""
    plays = [e for e in chain if not e.is_pass]
    if flags.j_back and plays and "J" in C.effect_ranks(plays[0].combo, flags.effects_in_sequences):
        return not jback
    return jback


def _effect_state(game: "Daifugo", state: State, phase: str, to_act: int, chain_start: int | None,
                  at: Any) -> State:
    """A position inside an effect decision: the chain that caused it is the field's last one; its
    ``n``, owner and cut player follow from it (DFG-CUT-5); ``to_act`` decides."""
    from . import cutin as K
    assert chain_start is not None
    state = _with(state, chain_start=chain_start)
    entries, owner, cut = K.chain_facts(state)
    rank = next((r for r, (_, kind, _) in K.DECISIONS.items() if kind == phase), None)
    assert rank is not None
    if rank not in C.effect_ranks(entries[0].combo, state.flags.effects_in_sequences) \
            or not getattr(state.flags, K.DECISIONS[rank][0]):
        raise ScenarioError(at("phase"), "error.dfg.effect_not_caused", phase=phase, rank=rank)
    plan = Effect("plan", "", 0, owner, cut, owner, 0, rest=(rank,), entries=len(entries))
    settled = K.next_decision(game, _with(state, chain_start=None), plan)
    eff = settled.effect
    if eff is None or eff.kind != phase:
        raise ScenarioError(at("phase"), "error.dfg.effect_no_decision", phase=phase)
    if eff.kind == "a_open" and eff.cut is None and to_act != eff.chooser:
        # A-open: the seats before ``to_act`` in the asking order have chosen (nothing recorded)
        order = (eff.chooser,) + eff.queue
        if to_act not in order:
            raise ScenarioError(at("to_act"), "error.dfg.effect_chooser", seat=to_act, chooser=eff.chooser)
        k = order.index(to_act)
        eff = _with(eff, chooser=to_act, queue=order[k + 1:])
        settled = _with(settled, effect=eff, to_act=to_act)
    if to_act != eff.chooser:
        raise ScenarioError(at("to_act"), "error.dfg.effect_chooser", seat=to_act, chooser=eff.chooser)
    return settled


def _revolts(flags: Any, reading: C.Reading | None) -> bool:
    """DFG-REV-1: a play of four or more (a sequence only with ``revolution_by_sequence``)."""
    return bool(flags.revolution and reading is not None and reading.size >= 4 and
                (reading.kind == "group" or (reading.kind == "sequence" and flags.revolution_by_sequence)))


def _with(state: State, **changes: Any) -> State:
    from dataclasses import replace
    return replace(state, **changes)
