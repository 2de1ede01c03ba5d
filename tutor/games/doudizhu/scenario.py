"""Builds a Dou Dizhu state from a scenario / golden setup (rules/README.md §4.2, §4.6).

Unknown hands are filled with cards placed nowhere else; the trick and the auction are
replayed through the rules, so a setup that could not happen is reported, not accepted.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Mapping

from ...actions import ActionError
from ...cards import multiset_contains
from ...errors import ScenarioError, quoted, short_value
from ...game import IllegalAction
from ...scenario import (auction_opener, check_deck_counts, check_hand_sizes, check_keys, illegal_entry, parse_card_list,
                         parse_seat, parse_seat_map, parse_seed, unplaced_cards, unreadable_action)
from .combos import TYPES, card_rank, classify
from .state import Session, State, TrickPlay, sort_hand

if TYPE_CHECKING:
    from .game import DouDizhu

KEYS_REQUIRED = ("flags", "phase", "to_act", "hands")
# golden keys, plus three of our own for lessons: the kitty, the landlord's bid and a seed
KEYS_OPTIONAL = ("cards_held", "trick", "landlord", "auction", "in_turn", "include_side", "kitty", "bid", "seed")


def state_from_setup(game: "DouDizhu", setup: Mapping[str, Any], path: str = "setup") -> State:
    def at(key: str) -> str:
        return f"{path}.{key}" if path else key

    check_keys(setup, path, KEYS_REQUIRED, KEYS_OPTIONAL)
    flags = game.flags(setup.get("flags"), at("flags"))
    n = flags.players
    deck = flags.deck
    phase = setup["phase"]
    if phase not in ("auction", "play"):
        raise ScenarioError(at("phase"), "error.one_of", choices=quoted(("auction", "play")), got=short_value(phase))
    to_act = parse_seat(setup["to_act"], at("to_act"), n)
    seed = parse_seed(setup, at("seed"))

    hands_in = parse_seat_map(setup["hands"], at("hands"), n)
    hands = {s: parse_card_list(v, f"{at('hands')}.{s}", deck) for s, v in hands_in.items()}
    # DDZ-DEAL-1, DDZ-4P-5: the deal gives each seat hand_size cards; the landlord adds the kitty
    if phase == "auction":
        check_hand_sizes(hands, at("hands"), flags.hand_size, "error.ddz.hand_size_deal", players=n,
                         size=flags.hand_size)
    else:
        lord = setup.get("landlord")
        most = {s: flags.hand_size + (flags.kitty_size if lord in (None, s) else 0) for s in range(n)}
        check_hand_sizes(hands, at("hands"), most, "error.ddz.hand_size_play", size=flags.hand_size,
                         landlord_size=flags.hand_size + flags.kitty_size)
    held = {s: v for s, v in parse_seat_map(setup.get("cards_held", {}), at("cards_held"), n).items()}
    for s, v in held.items():
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= flags.hand_size + flags.kitty_size:
            raise ScenarioError(f"{at('cards_held')}.{s}", "error.expected_cards", low=1,
                                high=flags.hand_size + flags.kitty_size, got=short_value(v))
        if s in hands and v < len(hands[s]):
            raise ScenarioError(f"{at('cards_held')}.{s}", "error.scenario.fewer_than_listed", held=v,
                                listed=len(hands[s]))

    trick_in = setup.get("trick", [])
    if not isinstance(trick_in, list):
        raise ScenarioError(at("trick"), "error.expected", what="trick_list", got=short_value(trick_in))
    if phase == "play" and "trick" not in setup:
        raise ScenarioError(at("trick"), "error.scenario.missing_in_play")
    trick_cards = []
    parsed_trick: list[tuple[int, Any, str | None]] = []
    for i, entry in enumerate(trick_in):
        ep = f"{at('trick')}[{i}]"
        if not isinstance(entry, dict):
            raise ScenarioError(ep, "error.expected", what="trick_entry", got=short_value(entry))
        if "action" in entry:
            check_keys(entry, ep, ("seat", "action"), ())
            if entry["action"] != "PASS":
                raise ScenarioError(f"{ep}.action", "error.scenario.only_pass", got=short_value(entry["action"]))
            parsed_trick.append((parse_seat(entry["seat"], f"{ep}.seat", n), None, None))  # type: ignore[arg-type]
            continue
        check_keys(entry, ep, ("seat", "cards"), ("type", "in_turn"))
        if entry.get("in_turn", True) is not True:
            raise ScenarioError(f"{ep}.in_turn", "error.ddz.no_out_of_turn")
        cards = parse_card_list(entry["cards"], f"{ep}.cards", deck)
        ctype = entry.get("type")
        if ctype is not None and ctype not in TYPES:
            raise ScenarioError(f"{ep}.type", "error.scenario.unknown_type", name=short_value(ctype),
                                known=sorted(TYPES))
        trick_cards.append((f"{ep}.cards", cards))
        parsed_trick.append((parse_seat(entry["seat"], f"{ep}.seat", n), cards, ctype))  # type: ignore[arg-type]

    kitty_given = None
    if "kitty" in setup:
        kitty_given = parse_card_list(setup["kitty"], at("kitty"), deck)
        if len(kitty_given) != flags.kitty_size:
            raise ScenarioError(at("kitty"), "error.scenario.kitty_size", size=flags.kitty_size, n=len(kitty_given))
    kitty_apart = kitty_given if phase == "auction" else None  # in play it lies in the landlord's hand
    check_deck_counts([(f"{at('hands')}.{s}", c) for s, c in hands.items()] + trick_cards
                      + ([(at("kitty"), kitty_apart)] if kitty_apart else []), deck)

    # fill unknown cards
    placed = [c for cs in hands.values() for c in cs] + [c for _, cs in trick_cards for c in cs] + list(kitty_apart or ())
    pool = unplaced_cards(deck, placed, seed)
    full: dict[int, list] = {s: list(c) for s, c in hands.items()}
    kitty: list = list(kitty_given or [])
    if phase == "auction" and kitty_given is None:
        kitty, pool = pool[:flags.kitty_size], pool[flags.kitty_size:]
    # seats with a known count first, then the unknown ones share what is left
    order = sorted(range(n), key=lambda seat: (seat not in held, seat))
    for i, s in enumerate(order):
        want = held.get(s)
        if s in hands and want is None:
            continue
        if want is None:
            open_seats = sum(1 for t in order[i:] if t not in hands and t not in held)
            want = min(flags.hand_size, len(pool) // max(1, open_seats))
        extra = want - len(full.get(s, []))
        if extra > len(pool) or want < 1:
            raise ScenarioError(at("cards_held") if s in held else at("hands"), "error.scenario.deck_short",
                                seat=s, n=want)
        full[s] = full.get(s, []) + pool[:extra]
        pool = pool[extra:]
    hand_tuple = tuple(sort_hand(full[s]) for s in range(n))

    if phase == "auction":
        # a lesson may show a short hand: the cards it leaves over are set aside, out of play
        state = _auction_state(game, setup, flags, seed, hand_tuple, tuple(kitty), to_act, at)
        return replace(state, played=tuple(pool))

    landlord = setup.get("landlord")
    if landlord is None:  # irrelevant to the case: the seat that opened the trick, else the one to act
        landlord = parsed_trick[0][0] if parsed_trick else to_act
    landlord = parse_seat(landlord, at("landlord"), n)
    if kitty and not multiset_contains(hand_tuple[landlord], kitty):
        raise ScenarioError(at("kitty"), "error.ddz.kitty_not_in_hand", seat=landlord)
    bid = setup.get("bid", 1)
    if bid not in (1, 2, 3):
        raise ScenarioError(at("bid"), "error.one_of", choices=quoted((1, 2, 3)), got=short_value(bid))
    state = State(flags=flags, seed=seed, phase="play", hands=hand_tuple, kitty=tuple(kitty),
                  to_act=None, landlord=landlord, bid=bid, high_bidder=landlord, kitty_shown=bool(kitty),
                  session=Session(dealer=0, scores=(0,) * n), plays_by_seat=(0,) * n,
                  # cards in no hand went in earlier tricks, then come the current trick's plays
                  played=tuple(pool) + tuple(c for _, cs in trick_cards for c in cs))
    # the trick: each play is read (declared type or the only reading) and must beat the one before
    trick: list[TrickPlay] = []
    rules = flags.combo_rules
    from .combos import beats
    for i, (seat, cards, ctype) in enumerate(parsed_trick):
        ep = f"{at('trick')}[{i}]"
        if i and seat != (parsed_trick[i - 1][0] + 1) % n:
            raise ScenarioError(f"{ep}.seat", "error.scenario.seat_order", seat=seat, before=parsed_trick[i - 1][0],
                                expected=(parsed_trick[i - 1][0] + 1) % n)
        if cards is None:
            if not any(e.combo is not None for e in trick):
                raise ScenarioError(ep, "error.scenario.pass_opens")
            trick.append(TrickPlay(seat))
            continue
        readings = classify([card_rank(c) for c in cards], rules)
        if ctype is not None:
            readings = [c for c in readings if c.type == ctype]
        if not readings:
            if ctype:
                raise ScenarioError(f"{ep}.cards", "error.ddz.not_combination_of_type", name=short_value(ctype))
            raise ScenarioError(f"{ep}.cards", "error.ddz.not_combination")
        prev = next((e.combo for e in reversed(trick) if e.combo is not None), None)
        if prev is not None:
            readings = [c for c in readings if beats(c, prev, n)]
            if not readings:
                raise ScenarioError(f"{ep}.cards", "error.scenario.does_not_beat")
        if len({c.type for c in readings}) > 1:
            raise ScenarioError(f"{ep}.type", "error.ddz.several_readings", types=sorted({c.type for c in readings}))
        trick.append(TrickPlay(seat, cards, max(readings, key=lambda c: c.rank)))
    expected = to_act
    closed = False
    if trick:
        last = trick[-1].seat
        passes = 0
        for e in reversed(trick):
            if e.combo is not None:
                break
            passes += 1
        if passes >= n - 1:  # a finished trick: the last player leads the next one (settled position)
            top_seat = next(e.seat for e in reversed(trick) if e.combo is not None)
            trick, expected, closed = [], top_seat, True
        else:
            expected = (last + 1) % n
    if expected != to_act:
        raise ScenarioError(at("to_act"), "error.scenario.turn_after_trick", expected=expected, seat=to_act)
    return replace(state, trick=tuple(trick), to_act=to_act, trick_closed=closed)


def _auction_state(game: "DouDizhu", setup: Mapping[str, Any], flags: Any, seed: Any, hands: tuple,
                   kitty: tuple, to_act: int, at: Any) -> State:
    n = flags.players
    auction, first = auction_opener(setup, at("auction"), to_act, n)
    state = State(flags=flags, seed=seed, phase="auction", hands=hands, kitty=kitty,
                  to_act=first, first_bidder=first, session=Session(dealer=(first - 1) % n, scores=(0,) * n),
                  plays_by_seat=(0,) * n)
    for i, entry in enumerate(auction):
        ep = f"{at('auction')}[{i}]"
        check_keys(entry, ep, ("seat", "action"), ())
        seat = parse_seat(entry["seat"], f"{ep}.seat", n)
        try:
            action = game.parse_action(entry["action"])
            state = game.apply(state, action, seat)
        except ActionError as exc:
            raise unreadable_action(f"{ep}.action", exc) from None
        except IllegalAction as exc:
            raise illegal_entry(ep, exc) from None
        if state.phase != "auction":
            raise ScenarioError(ep, "error.scenario.auction_over")
    if state.to_act != to_act:
        raise ScenarioError(at("to_act"), "error.scenario.turn_after_auction", expected=state.to_act, seat=to_act)
    return state
