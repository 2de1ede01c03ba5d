"""Builds a Tichu state from a scenario / golden setup (rules/README.md §4.2, §4.6).

The state is the moment just after the last recorded event: out-of-turn chances on it stay
open until ``settle``. Unknown hands are filled with cards placed nowhere else; what is
left over went into earlier tricks and is set aside (``captured_points`` gives its points).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Mapping

from ...errors import ScenarioError, quoted, short_value
from ...scenario import (check_deck_counts, check_hand_sizes, check_keys, parse_card_list, parse_seat, parse_seat_map,
                         parse_seed, unplaced_cards)
from .combos import VALUE, beats, classify
from .state import DECK, Entry, Session, State, sort_hand

if TYPE_CHECKING:
    from .game import Tichu

KEYS_REQUIRED = ("flags", "phase", "to_act", "hands")
KEYS_OPTIONAL = ("cards_held", "trick", "wish", "out", "calls", "captured_points", "in_turn", "include_side", "seed",
                 "scores", "round")  # the session: team totals before this round, its number
PHASES = ("grand_tichu", "exchange", "play", "wish", "dragon_gift")


def state_from_setup(game: "Tichu", setup: Mapping[str, Any], path: str = "setup") -> State:
    def at(key: str) -> str:
        return f"{path}.{key}" if path else key

    check_keys(setup, path, KEYS_REQUIRED, KEYS_OPTIONAL)
    flags = game.flags(setup.get("flags"), at("flags"))
    phase = setup["phase"]
    if phase not in PHASES:
        raise ScenarioError(at("phase"), "error.one_of", choices=quoted(PHASES), got=short_value(phase))
    to_act = parse_seat(setup["to_act"], at("to_act"), 4)
    seed = parse_seed(setup, at("seed"))
    hands = {s: parse_card_list(v, f"{at('hands')}.{s}", DECK) for s, v in parse_seat_map(setup["hands"], at("hands"), 4).items()}
    check_hand_sizes(hands, at("hands"), 14, "error.tichu.hand_size", size=14)
    held = parse_seat_map(setup.get("cards_held", {}), at("cards_held"), 4)
    for s, v in held.items():
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 14:
            raise ScenarioError(f"{at('cards_held')}.{s}", "error.expected_cards", low=0, high=14, got=short_value(v))
        if s in hands and v < len(hands[s]):
            raise ScenarioError(f"{at('cards_held')}.{s}", "error.scenario.fewer_than_listed", held=v,
                                listed=len(hands[s]))
    out = setup.get("out", [])
    if not isinstance(out, list):
        raise ScenarioError(at("out"), "error.expected", what="out_list", got=short_value(out))
    out = [parse_seat(s, f"{at('out')}[{i}]", 4) for i, s in enumerate(out)]
    for s in out:
        if hands.get(s):
            raise ScenarioError(f"{at('hands')}.{s}", "error.tichu.out_holds_cards", seat=s)
    wish = setup.get("wish")
    if wish is not None and (not isinstance(wish, str) or wish not in VALUE):
        raise ScenarioError(at("wish"), "error.expected", what="wish", got=short_value(wish))
    calls = parse_seat_map(setup.get("calls", {}), at("calls"), 4)
    for s, c in calls.items():
        if c not in ("tichu", "grand"):
            raise ScenarioError(f"{at('calls')}.{s}", "error.one_of", choices=quoted(("tichu", "grand")),
                                got=short_value(c))
    points = parse_seat_map(setup.get("captured_points", {}), at("captured_points"), 4)
    for s, v in points.items():
        if not isinstance(v, int) or isinstance(v, bool):
            raise ScenarioError(f"{at('captured_points')}.{s}", "error.expected", what="points", got=short_value(v))

    session = _session(setup, flags, at)

    trick_in = setup.get("trick", [])
    if not isinstance(trick_in, list):
        raise ScenarioError(at("trick"), "error.expected", what="trick_list", got=short_value(trick_in))
    if phase == "play" and "trick" not in setup:
        raise ScenarioError(at("trick"), "error.scenario.missing_in_play")
    trick: list[Entry] = []
    trick_cards = []
    for i, entry in enumerate(trick_in):
        ep = f"{at('trick')}[{i}]"
        if not isinstance(entry, dict):
            raise ScenarioError(ep, "error.expected", what="trick_entry", got=short_value(entry))
        if "action" in entry:
            check_keys(entry, ep, ("seat", "action"), ())
            if entry["action"] != "PASS":
                raise ScenarioError(f"{ep}.action", "error.scenario.only_pass", got=short_value(entry["action"]))
            if not any(e.combo for e in trick):
                raise ScenarioError(ep, "error.scenario.pass_opens")
            trick.append(Entry(parse_seat(entry["seat"], f"{ep}.seat", 4)))  # type: ignore[arg-type]
            continue
        check_keys(entry, ep, ("seat", "cards"), ("in_turn",))
        seat = parse_seat(entry["seat"], f"{ep}.seat", 4)
        in_turn = entry.get("in_turn", True)
        if not isinstance(in_turn, bool):
            raise ScenarioError(f"{ep}.in_turn", "error.expected", what="bool", got=short_value(in_turn))
        cards = parse_card_list(entry["cards"], f"{ep}.cards", DECK, declared_ok=True)
        top = next((e for e in reversed(trick) if e.combo), None)
        on_single = top.combo.rank if top and top.combo and top.combo.type == "single" else None
        readings = classify(cards, on_single)
        if not readings:
            raise ScenarioError(f"{ep}.cards", "error.tichu.not_combination")
        combo = readings[0]
        if top is not None and top.combo and top.combo.rank >= 15 and len(cards) == 1 and cards[0].special == "PHOENIX":
            raise ScenarioError(f"{ep}.cards", "error.tichu.phoenix_on_dragon")
        if top is not None and not beats(combo, top.combo):  # type: ignore[arg-type]
            raise ScenarioError(f"{ep}.cards", "error.scenario.does_not_beat")
        if not in_turn and not combo.is_bomb:
            raise ScenarioError(f"{ep}.in_turn", "error.tichu.out_of_turn_bomb")
        trick.append(Entry(seat, cards, combo, in_turn))  # type: ignore[arg-type]
        trick_cards.append((f"{ep}.cards", [c.physical for c in cards]))

    check_deck_counts([(f"{at('hands')}.{s}", c) for s, c in hands.items()] + trick_cards, DECK)
    placed = [c for cs in hands.values() for c in cs] + [c for _, cs in trick_cards for c in cs]
    pool = unplaced_cards(DECK, placed, seed)
    size = {"grand_tichu": 8}.get(phase, 14)
    full: dict[int, list] = {}
    order = sorted(range(4), key=lambda s: (s not in held, s))
    for i, s in enumerate(order):
        if s in out:
            full[s] = []
            continue
        want = held.get(s)
        if want is None and s in hands:
            full[s] = list(hands[s])
            continue
        if want is None:
            open_seats = sum(1 for t in order[i:] if t not in hands and t not in held and t not in out)
            want = min(size, len(pool) // max(1, open_seats))
        have = list(hands.get(s, ()))
        extra = want - len(have)
        if extra > len(pool) or want < 1:
            raise ScenarioError(at("cards_held") if s in held else at("hands"), "error.scenario.deck_short",
                                seat=s, n=want)
        full[s] = have + pool[:extra]
        pool = pool[extra:]
    second: tuple = ((), (), (), ())
    if phase == "grand_tichu":
        second = tuple(tuple(pool[i * 6:(i + 1) * 6]) for i in range(4))
        pool = pool[24:]
    state = State(flags=flags, seed=seed, phase=phase, session=session, hands=tuple(sort_hand(full[s]) for s in range(4)),
                  to_act=to_act, second_half=second, calls=tuple(calls.get(s) for s in range(4)),
                  trick=tuple(trick), wish=wish, out=tuple(out),  # type: ignore[arg-type]
                  captured_offset=tuple(points.get(s, 0) for s in range(4)), set_aside=tuple(pool),
                  played=tuple(len(full[s]) < 14 for s in range(4)))
    if phase == "grand_tichu":
        state = replace(state, grand=tuple(False if calls.get(s) else None for s in range(4)))
    if phase in ("play", "wish") and not state.hands[to_act] and phase == "play":
        raise ScenarioError(at("to_act"), "error.scenario.no_cards_to_act", seat=to_act)
    return state


def _session(setup: Mapping[str, Any], flags: Any, at: Any) -> Session:
    """The session a scenario starts in: ``scores`` (``{"A": n, "B": n}``, the totals before this
    round; default 0 each) and ``round`` (default 1); the target is the flag's."""
    scores = setup.get("scores", {"A": 0, "B": 0})
    if not isinstance(scores, dict) or set(scores) - {"A", "B"} or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in scores.values()):
        raise ScenarioError(at("scores"), "error.expected", what="team_scores", got=short_value(scores))
    rnd = setup.get("round", 1)
    if not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1:
        raise ScenarioError(at("round"), "error.expected", what="round_number", got=short_value(rnd))
    return Session(round_no=rnd, scores=(scores.get("A", 0), scores.get("B", 0)), target_score=flags.target_score)
