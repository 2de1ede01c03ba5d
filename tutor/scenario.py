"""Scenarios: a golden-case ``setup`` plus ``"game"``, loaded into a game state.

One loader serves lessons, tests, the command line and the page. Every validation error
names the JSON path of the bad value, e.g. ``hands.1[3]: unknown card "S-11"``.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from .cards import Card, CardError, DeckSpec
from .errors import ScenarioError, short_value
from .game import Game
from .registry import find_game
from .rng import derive


def parse_card_list(value: Any, path: str, deck: DeckSpec | None = None,
                    declared_ok: bool = False) -> tuple[Card, ...]:
    """A JSON card list; each bad token is reported with its index."""
    if not isinstance(value, list):
        raise ScenarioError(path, f"expected a list of cards, got {short_value(value)}")
    out = []
    for i, tok in enumerate(value):
        try:
            card = Card.parse(tok)
        except CardError as exc:
            raise ScenarioError(f"{path}[{i}]", str(exc)) from None
        if card.declared and not declared_ok:
            raise ScenarioError(f"{path}[{i}]", f'a declared wild card ("{tok}") may only appear inside an action')
        if deck is not None and not deck.accepts(card):
            raise ScenarioError(f"{path}[{i}]", f'card "{tok}" is not in this game\'s deck')
        out.append(card)
    return tuple(out)


def parse_seed(setup: Mapping[str, Any], path: str) -> int | str:
    """A setup's ``seed`` (default 0): an integer or a short text, as ``rng.derive`` takes it."""
    from .limits import MAX_SEED_TEXT
    seed = setup.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ScenarioError(path, f"expected an integer or a text, got {short_value(seed)}")
    if isinstance(seed, str) and len(seed) > MAX_SEED_TEXT:
        raise ScenarioError(path, f"a text seed has at most {MAX_SEED_TEXT} characters")
    return seed


def check_hand_sizes(hands: Mapping[int, Sequence[Card]], path: str, most: Mapping[int, int] | int,
                     what: str) -> None:
    """No hand holds more cards than the deal gives it in this phase (``most``: per seat, or one
    number for all; ``what`` says why, in the message: "a Tichu hand holds at most 14 cards")."""
    for seat, cards in hands.items():
        limit = most if isinstance(most, int) else most.get(seat, max(most.values()))
        if len(cards) > limit:
            raise ScenarioError(f"{path}.{seat}", f"{len(cards)} cards, but {what}")


def parse_seat(value: Any, path: str, players: int, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ScenarioError(path, f"expected a seat 0-{players - 1}, got {short_value(value)}")
    return value


def parse_seat_map(value: Any, path: str, players: int) -> dict[int, Any]:
    """An object keyed by seat strings ("0", "1", …)."""
    if not isinstance(value, dict):
        raise ScenarioError(path, "expected an object keyed by seat (\"0\", \"1\", …)")
    out = {}
    for key, v in value.items():
        if not (isinstance(key, str) and key.isdigit() and 0 <= int(key) < players):
            raise ScenarioError(f"{path}.{key}", f"not a seat of a {players}-player game")
        out[int(key)] = v
    return out


def auction_opener(setup: Mapping[str, Any], at: str, to_act: int, players: int) -> tuple[list[Any], int]:
    """A setup's ``auction`` list (at JSON path ``at``) and the seat that opened it (its first
    entry's, else ``to_act``): Dou Dizhu and Napoleon replay a setup's auction from there.
    """
    auction = setup.get("auction", [])
    if not isinstance(auction, list):
        raise ScenarioError(at, "expected a list of {seat, action}")
    if not auction:
        return auction, to_act
    first = auction[0]
    if not isinstance(first, dict) or "seat" not in first:
        raise ScenarioError(f"{at}[0]", 'expected {"seat": s, "action": a}')
    return auction, parse_seat(first["seat"], f"{at}[0].seat", players)  # type: ignore[return-value]


def check_keys(obj: Mapping[str, Any], path: str, required: Iterable[str], optional: Iterable[str]) -> None:
    """Unknown or missing keys are errors (a typo must never be silently ignored)."""
    if not isinstance(obj, Mapping):
        raise ScenarioError(path, "expected an object")
    allowed = set(required) | set(optional)
    for key in obj:
        if key not in allowed:
            raise ScenarioError(f"{path}.{key}" if path else key,
                                f'unknown key "{key}" (allowed: {", ".join(sorted(allowed))})')
    for key in required:
        if key not in obj:
            raise ScenarioError(f"{path}.{key}" if path else key, "missing")


def check_deck_counts(places: Sequence[tuple[str, Sequence[Card]]], deck: DeckSpec) -> None:
    """No card may appear more often than the deck holds it (a copy placed twice is an error)."""
    limit = deck.counts()
    seen: Counter[Card] = Counter()
    for path, cards in places:
        for i, card in enumerate(cards):
            phys = card.physical
            seen[phys] += 1
            if seen[phys] > limit[phys]:
                copies = limit[phys]
                raise ScenarioError(f"{path}[{i}]", f'card "{phys}" appears more often than the deck holds it '
                                                    f"({copies} cop{'y' if copies == 1 else 'ies'})")


def unplaced_cards(deck: DeckSpec, placed: Iterable[Card], seed: int | str = "fill") -> list[Card]:
    """The cards not placed anywhere, in a fixed shuffled order (to fill unknown hands)."""
    rest = Counter(deck.cards())
    rest.subtract(c.physical for c in placed)
    pool = []
    for card in deck.cards():
        if rest[card] > 0:
            pool.append(card)
            rest[card] -= 1
    derive(seed, "unknown-cards").shuffle(pool)
    return pool


def load_scenario(data: Any, path: str = "") -> tuple[Game, Any]:
    """A scenario object → ``(game, state)``; errors name the JSON path. The scenario is held to
    the core's bounds first (tutor/limits.py)."""
    from .limits import check_value
    check_value(data, path or "scenario")
    if not isinstance(data, dict):
        raise ScenarioError(path or "scenario", "a scenario is a JSON object with \"game\" and setup keys")
    name = data.get("game")
    if not isinstance(name, str):
        raise ScenarioError(f"{path}.game" if path else "game", "missing game name")
    try:
        game = find_game(name)
    except KeyError as exc:
        raise ScenarioError(f"{path}.game" if path else "game", str(exc.args[0])) from None
    setup = {k: v for k, v in data.items() if k != "game"}
    return game, game.from_setup(setup, path)


def load_scenario_file(filename: str) -> tuple[Game, Any]:
    """Reads a scenario JSON file within the core's bounds (tutor/limits.py: at most 8 MB read, so
    ``/dev/zero`` ends; UTF-8; nesting and numbers); each failure is an ``InputError`` naming it."""
    from .limits import parse_json_text, read_text_file
    return load_scenario(parse_json_text(read_text_file(filename), filename))
