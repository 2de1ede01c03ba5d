"""Builds a Napoleon state from a scenario / golden setup (rules/README.md §4.2, §4.6).

Unknown hands are filled with cards placed nowhere else (README §4.2). The auction is
replayed through the rules, so an impossible auction is reported with its JSON path. In
the play phases, a seat that is not listed holds ``10 - (trick_no - 1)`` cards, one fewer if
it has already played to the current trick; the cards left over were played in earlier
tricks (set aside: their winners are unknown) or, before trick 1 is over, are the discards.

Facts a setup leaves out take a value consistent with it (README §4.2): Napoleon is the
seat that led trick 1 (else the seat to act), the contract is ``[min_bid, trump]``, and the
called card, when not given, is the first card of the lowest seat other than Napoleon
(so the game has an adjutant and is not solo).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...actions import ActionError
from ...cards import Card
from ...errors import ScenarioError, quoted, short_value
from ...game import IllegalAction
from ...scenario import (auction_opener, check_deck_counts, check_hand_sizes, check_keys, illegal_entry, parse_card_list,
                         parse_seat, parse_seat_map, parse_seed, unplaced_cards, unreadable_action)
from .state import HAND_SIZE, KITTY_SIZE, MAX_BID, PLAYERS, TRICKS, Entry, Session, State
from .tricks import DECK, JOKER, SUITS, direction_after, honours, sort_hand, trick_winner

if TYPE_CHECKING:
    from .game import Napoleon

KEYS_REQUIRED = ("flags", "phase", "to_act", "hands")
KEYS_OPTIONAL = ("cards_held", "trick", "auction", "napoleon", "contract", "trump", "called_card", "kitty",
                 "discards", "trick_no", "direction", "in_turn", "include_side", "seed")
PHASES = ("auction", "call_adjutant", "discard", "play", "joker_suit")


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _suit(value: Any, path: str) -> str:
    if value not in SUITS:
        raise ScenarioError(path, "error.one_of", choices=quoted(SUITS), got=short_value(value))
    return value


def _direction(value: Any, path: str) -> int:
    if value not in (1, -1) or isinstance(value, bool):
        raise ScenarioError(path, "error.expected", what="direction", got=short_value(value))
    return value


def _trick_no(value: Any, path: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= TRICKS:
        raise ScenarioError(path, "error.expected_number", low=1, high=TRICKS, got=short_value(value))
    return value


def parse_trick(value: Any, path: str, direction: int, complete: bool) -> list[Entry]:
    """Trick entries ``{seat, cards: [card], joker_suit?}`` in playing order, seats in turn order."""
    if not isinstance(value, list):
        raise ScenarioError(path, "error.expected", what="trick_list", got=short_value(value))
    if complete and len(value) != PLAYERS:
        raise ScenarioError(path, "error.nap.trick_complete", plays=PLAYERS, n=len(value))
    if len(value) > PLAYERS:
        raise ScenarioError(path, "error.nap.trick_too_long", plays=PLAYERS, n=len(value))
    out: list[Entry] = []
    for i, entry in enumerate(value):
        ep = f"{path}[{i}]"
        if isinstance(entry, dict) and "action" in entry:
            raise ScenarioError(f"{ep}.action", "error.nap.no_pass")
        check_keys(entry, ep, ("seat", "cards"), ("joker_suit",))
        seat = parse_seat(entry["seat"], f"{ep}.seat", PLAYERS)
        assert seat is not None
        cards = parse_card_list(entry["cards"], f"{ep}.cards", DECK)
        if len(cards) != 1:
            raise ScenarioError(f"{ep}.cards", "error.nap.one_card", n=len(cards))
        js = entry.get("joker_suit")
        if js is not None:
            _suit(js, f"{ep}.joker_suit")
            if i != 0 or cards[0] != JOKER:
                raise ScenarioError(f"{ep}.joker_suit", "error.nap.joker_suit_not_led")
        elif i == 0 and cards[0] == JOKER and (len(value) > 1 or complete):
            raise ScenarioError(f"{ep}.joker_suit", "error.nap.joker_suit_missing")
        if out and seat != (out[-1].seat + direction) % PLAYERS:
            raise ScenarioError(f"{ep}.seat", "error.scenario.seat_order", seat=seat, before=out[-1].seat,
                                expected=(out[-1].seat + direction) % PLAYERS)
        out.append(Entry(seat, cards[0], js))
    check_deck_counts([(f"{path}[{i}].cards", (e.card,)) for i, e in enumerate(out)], DECK)
    return out


def trick_from_setup(game: "Napoleon", setup: Mapping[str, Any]) -> dict[str, Any]:
    """The golden ``trick`` kind: who wins, the honours won (trick 1: with the discards), the next direction."""
    path = "setup"
    check_keys(setup, path, ("flags", "trick", "trump", "trick_no"), ("direction", "napoleon", "discards"))
    flags = game.flags(setup.get("flags"), _at(path, "flags"))
    trump = _suit(setup["trump"], _at(path, "trump"))
    trick_no = _trick_no(setup["trick_no"], _at(path, "trick_no"))
    direction = _direction(setup.get("direction", 1), _at(path, "direction"))
    if "napoleon" in setup:
        parse_seat(setup["napoleon"], _at(path, "napoleon"), PLAYERS)
    trick = parse_trick(setup["trick"], _at(path, "trick"), direction, complete=True)
    discards: tuple[Card, ...] = ()
    if "discards" in setup:
        discards = parse_card_list(setup["discards"], _at(path, "discards"), DECK)
        if len(discards) != KITTY_SIZE:
            raise ScenarioError(_at(path, "discards"), "error.nap.discard_count", size=KITTY_SIZE, n=len(discards))
        if trick_no != 1:
            raise ScenarioError(_at(path, "discards"), "error.nap.discards_trick_one")
    check_deck_counts([(_at(path, "trick"), [e.card for e in trick]), (_at(path, "discards"), discards)], DECK)
    plays = [(e.seat, e.card) for e in trick]
    winner, rule = trick_winner(plays, trump, trick_no, trick[0].joker_suit, flags.same2_first_trick,
                                flags.joker_request_weakens)
    cards = [c for _, c in plays]
    got = honours(cards + list(discards))
    return {"winner": winner, "rule": rule, "honours_won": len(got), "honours": [c.token for c in got],
            "next_direction": direction_after(cards, trump, direction, flags.reverse)}


def state_from_setup(game: "Napoleon", setup: Mapping[str, Any], path: str = "setup") -> State:
    at = lambda key: _at(path, key)  # noqa: E731
    check_keys(setup, path, KEYS_REQUIRED, KEYS_OPTIONAL)
    flags = game.flags(setup.get("flags"), at("flags"))
    phase = setup["phase"]
    if phase not in PHASES:
        raise ScenarioError(at("phase"), "error.one_of", choices=quoted(PHASES), got=short_value(phase))
    to_act = parse_seat(setup["to_act"], at("to_act"), PLAYERS)
    assert to_act is not None
    seed = parse_seed(setup, at("seed"))
    hands = {s: parse_card_list(v, f"{at('hands')}.{s}", DECK)
             for s, v in parse_seat_map(setup["hands"], at("hands"), PLAYERS).items()}
    # NAP-DEAL-1: 10 cards each; Napoleon holds 13 between taking the kitty and discarding
    check_hand_sizes(hands, at("hands"), HAND_SIZE + (KITTY_SIZE if phase == "discard" else 0), "error.nap.hand_size",
                     size=HAND_SIZE, kitty_size=HAND_SIZE + KITTY_SIZE)
    held = parse_seat_map(setup.get("cards_held", {}), at("cards_held"), PLAYERS)
    for s, v in held.items():
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= HAND_SIZE + KITTY_SIZE:
            raise ScenarioError(f"{at('cards_held')}.{s}", "error.expected_cards", low=0, high=HAND_SIZE + KITTY_SIZE,
                                got=short_value(v))
        if s in hands and v < len(hands[s]):
            raise ScenarioError(f"{at('cards_held')}.{s}", "error.scenario.fewer_than_listed", held=v,
                                listed=len(hands[s]))

    playing = phase in ("play", "joker_suit")
    direction = _direction(setup.get("direction", 1), at("direction"))
    trick_no = _trick_no(setup["trick_no"], at("trick_no")) if "trick_no" in setup else 1
    if playing:
        for key in ("trump", "trick_no", "trick"):
            if key not in setup:
                raise ScenarioError(at(key), "error.scenario.missing_in_play")
    elif "trick" in setup and setup["trick"]:
        raise ScenarioError(at("trick"), "error.scenario.no_trick_in_phase", phase=short_value(phase))
    trick = parse_trick(setup.get("trick", []), at("trick"), direction, complete=False) if playing else []
    if phase == "joker_suit" and not (len(trick) == 1 and trick[0].card == JOKER and trick[0].joker_suit is None):
        raise ScenarioError(at("trick"), "error.nap.joker_suit_phase")
    if phase == "play" and len(trick) == 1 and trick[0].card == JOKER and trick[0].joker_suit is None:
        raise ScenarioError(f"{at('trick')}[0].joker_suit", "error.nap.joker_suit_missing")

    kitty: tuple[Card, ...] = ()
    if "kitty" in setup:
        kitty = parse_card_list(setup["kitty"], at("kitty"), DECK)
        if len(kitty) != KITTY_SIZE:
            raise ScenarioError(at("kitty"), "error.scenario.kitty_size", size=KITTY_SIZE, n=len(kitty))
        if phase not in ("auction", "call_adjutant"):
            raise ScenarioError(at("kitty"), "error.nap.kitty_taken", phase=short_value(phase))
    discards: tuple[Card, ...] = ()
    if "discards" in setup:
        discards = parse_card_list(setup["discards"], at("discards"), DECK)
        if len(discards) != KITTY_SIZE:
            raise ScenarioError(at("discards"), "error.nap.discard_count", size=KITTY_SIZE, n=len(discards))
        if not playing:
            raise ScenarioError(at("discards"), "error.nap.discards_before_play")
    called = None
    if "called_card" in setup:
        called = parse_card_list([setup["called_card"]], at("called_card"), DECK)[0] \
            if isinstance(setup["called_card"], str) else None
        if called is None:
            raise ScenarioError(at("called_card"), "error.expected", what="card_token",
                                got=short_value(setup["called_card"]))
        if phase in ("auction", "call_adjutant"):
            raise ScenarioError(at("called_card"), "error.nap.called_too_early")

    places = [(f"{at('hands')}.{s}", c) for s, c in hands.items()] + [(at("trick"), [e.card for e in trick]),
                                                                     (at("kitty"), kitty), (at("discards"), discards)]
    check_deck_counts(places, DECK)
    placed = [c for _, cs in places for c in cs]
    pool = unplaced_cards(DECK, placed, seed)

    if phase == "auction":
        return _auction_state(game, setup, flags, seed, hands, held, kitty, pool, to_act, at)

    # Napoleon and the contract
    nap_default = trick[0].seat if (playing and trick_no == 1 and trick) else to_act
    napoleon = parse_seat(setup.get("napoleon", nap_default), at("napoleon"), PLAYERS)
    assert napoleon is not None
    if phase in ("call_adjutant", "discard") and napoleon != to_act:
        raise ScenarioError(at("to_act"), "error.nap.napoleon_acts", seat=napoleon, phase=short_value(phase))
    if playing and trick_no == 1 and trick and trick[0].seat != napoleon:
        raise ScenarioError(at("napoleon"), "error.nap.napoleon_leads", seat=trick[0].seat)
    trump = _suit(setup["trump"], at("trump")) if "trump" in setup else None
    contract = setup.get("contract")
    if contract is not None:
        if not (isinstance(contract, list) and len(contract) == 2 and isinstance(contract[0], int)
                and not isinstance(contract[0], bool) and flags.min_bid <= contract[0] <= MAX_BID):
            raise ScenarioError(at("contract"), "error.nap.contract", low=flags.min_bid, high=MAX_BID,
                                got=short_value(contract))
        _suit(contract[1], f"{at('contract')}[1]")
        if trump is not None and trump != contract[1]:
            raise ScenarioError(at("trump"), "error.nap.trump_contract", suit=short_value(contract[1]))
        trump = contract[1]
    bid = (contract[0] if contract else flags.min_bid, trump or "S")

    # hand sizes and filling
    played_now = {e.seat for e in trick}
    def size(s: int) -> int:
        if phase == "call_adjutant":
            return HAND_SIZE
        if phase == "discard":
            return HAND_SIZE + KITTY_SIZE if s == napoleon else HAND_SIZE
        return HAND_SIZE - (trick_no - 1) - (1 if s in played_now else 0)

    full: dict[int, list[Card]] = {}
    order = sorted(range(PLAYERS), key=lambda s: (s not in held, s))
    for s in order:
        want = held.get(s)
        have = list(hands.get(s, ()))
        if want is None:
            want = len(have) if s in hands else size(s)
        extra = want - len(have)
        if extra > len(pool):
            raise ScenarioError(at("cards_held") if s in held else at("hands"), "error.scenario.deck_short",
                                seat=s, n=want)
        full[s] = have + pool[:extra]
        pool = pool[extra:]
    if phase == "call_adjutant" and not kitty:
        if len(pool) < KITTY_SIZE:
            raise ScenarioError(at("kitty"), "error.scenario.no_kitty_cards")
        kitty, pool = tuple(pool[:KITTY_SIZE]), pool[KITTY_SIZE:]
    if playing and trick_no == 1 and not discards:
        if len(pool) < KITTY_SIZE:
            raise ScenarioError(at("discards"), "error.nap.no_discard_cards")
        discards, pool = tuple(pool[:KITTY_SIZE]), pool[KITTY_SIZE:]
    if playing and trick_no > 1 and discards:
        pool = list(discards) + pool  # taken with trick 1 by a winner the setup does not say
        discards = ()
    hand_tuple = tuple(sort_hand(full[s]) for s in range(PLAYERS))
    if playing and not hand_tuple[to_act]:
        raise ScenarioError(at("to_act"), "error.scenario.no_cards_to_act", seat=to_act)

    # the turn must agree with the trick
    if playing:
        leader = trick[0].seat if trick else to_act
        if phase == "joker_suit":
            expected = trick[0].seat
        else:
            expected = (trick[-1].seat + direction) % PLAYERS if trick else to_act
        if expected != to_act:
            raise ScenarioError(at("to_act"), "error.scenario.turn_after_trick", expected=expected, seat=to_act)
    else:
        leader = None

    # the adjutant: whoever holds the called card (secret until it is played)
    solo, adjutant, revealed = False, None, False
    if phase in ("discard", "play", "joker_suit"):
        if called is None:
            other = next((s for s in range(PLAYERS) if s != napoleon and hand_tuple[s]), None)
            called = hand_tuple[other][0] if other is not None else None
        if called is not None:
            holder = next((s for s in range(PLAYERS) if called in hand_tuple[s]), None)
            in_trick = next((e.seat for e in trick if e.card == called), None)
            if holder == napoleon or called in discards:
                solo = True
                revealed = called in discards and called in honours(discards)
            elif holder is not None:
                adjutant = holder
            elif in_trick is not None:
                adjutant, revealed = (None, True) if in_trick == napoleon else (in_trick, True)
                solo = in_trick == napoleon
            else:
                revealed = True  # played in an earlier trick: public, but the setup does not say by whom
    state = State(flags=flags, seed=seed, phase=phase, hands=hand_tuple, to_act=to_act, kitty=kitty,
                  session=Session(first_bidder=napoleon), bid=bid, bidder=napoleon, napoleon=napoleon, called=called,
                  adjutant=adjutant, solo=solo, revealed=revealed, discards=discards, trick=tuple(trick),
                  trick_no=trick_no if playing else 1, leader=leader, direction=direction,
                  set_aside=tuple(pool))
    return state


def _auction_state(game: "Napoleon", setup: Mapping[str, Any], flags: Any, seed: Any, hands: dict, held: dict,
                   kitty: tuple, pool: list, to_act: int, at: Any) -> State:
    for key in ("napoleon", "contract", "trump", "trick_no", "direction"):
        if key in setup:
            raise ScenarioError(at(key), "error.nap.not_in_auction")
    full: dict[int, list[Card]] = {}
    for s in sorted(range(PLAYERS), key=lambda s: (s not in held, s)):
        have = list(hands.get(s, ()))
        want = held.get(s, len(have) if s in hands else HAND_SIZE)
        extra = want - len(have)
        if extra > len(pool):
            raise ScenarioError(at("hands"), "error.scenario.deck_short", seat=s, n=want)
        full[s], pool = have + pool[:extra], pool[extra:]
    if not kitty:
        if len(pool) < KITTY_SIZE:
            raise ScenarioError(at("kitty"), "error.scenario.no_kitty_cards")
        kitty, pool = tuple(pool[:KITTY_SIZE]), pool[KITTY_SIZE:]
    auction, first = auction_opener(setup, at("auction"), to_act, PLAYERS)
    state = State(flags=flags, seed=seed, phase="auction", hands=tuple(sort_hand(full[s]) for s in range(PLAYERS)),
                  to_act=first, kitty=kitty, session=Session(first_bidder=first), set_aside=tuple(pool))
    for i, entry in enumerate(auction):
        ep = f"{at('auction')}[{i}]"
        check_keys(entry, ep, ("seat", "action"), ())
        seat = parse_seat(entry["seat"], f"{ep}.seat", PLAYERS)
        try:
            state = game.apply(state, game.parse_action(entry["action"]), seat)
        except ActionError as exc:
            raise unreadable_action(f"{ep}.action", exc) from None
        except IllegalAction as exc:
            raise illegal_entry(ep, exc) from None
        if state.phase != "auction" or state.deal_no:
            raise ScenarioError(ep, "error.scenario.auction_over")
    if state.to_act != to_act:
        raise ScenarioError(at("to_act"), "error.scenario.turn_after_auction", expected=state.to_act, seat=to_act)
    return state
