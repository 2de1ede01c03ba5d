"""Scenarios: a golden-case ``setup`` plus ``"game"``, loaded into a game state.

One loader serves lessons, tests, the command line and the page. Every validation error
names the JSON path of the bad value, e.g. ``hands.1[3]: unknown card "S-11"``.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from .cards import Card, CardError, DeckSpec
from .errors import ActionError, ScenarioError, UnknownGame, message, short_value
from .game import Game, IllegalAction
from .registry import find_game
from .rng import derive


def parse_card_list(value: Any, path: str, deck: DeckSpec | None = None,
                    declared_ok: bool = False) -> tuple[Card, ...]:
    """A JSON card list; each bad token is reported with its index."""
    if not isinstance(value, list):
        raise ScenarioError(path, "error.expected", what="card_list", got=short_value(value))
    out = []
    for i, tok in enumerate(value):
        try:
            card = Card.parse(tok)
        except CardError as exc:
            raise ScenarioError(f"{path}[{i}]{exc.path}", exc.key, **exc.params) from None
        if card.declared and not declared_ok:
            raise ScenarioError(f"{path}[{i}]", "error.scenario.declared_card", token=short_value(tok))
        if deck is not None and not deck.accepts(card):
            raise ScenarioError(f"{path}[{i}]", "error.scenario.not_in_deck", token=short_value(tok))
        out.append(card)
    return tuple(out)


def parse_seed(setup: Mapping[str, Any], path: str) -> int | str:
    """A setup's ``seed`` (default 0): an integer or a short text, as ``rng.derive`` takes it
    (``limits.check_seed``, the one check the bridge and the command line use too)."""
    from .limits import check_seed
    seed = setup.get("seed", 0)
    check_seed(seed, path)
    return seed


def check_hand_sizes(hands: Mapping[int, Sequence[Card]], path: str, most: Mapping[int, int] | int,
                     key: str, **params: Any) -> None:
    """No hand holds more cards than the deal gives it in this phase (``most``: per seat, or one
    number for all). ``key`` and ``params`` say why, in the message ("error.tichu.hand_size": "{n}
    cards, but a Tichu hand holds at most 14 cards"); ``n`` is the hand's size."""
    for seat, cards in hands.items():
        limit = most if isinstance(most, int) else most.get(seat, max(most.values()))
        if len(cards) > limit:
            raise ScenarioError(f"{path}.{seat}", key, n=len(cards), **params)


def parse_seat(value: Any, path: str, players: int, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ScenarioError(path, "error.expected_seat", last=players - 1, got=short_value(value))
    return value


def parse_seat_map(value: Any, path: str, players: int) -> dict[int, Any]:
    """An object keyed by seat strings ("0", "1", …)."""
    if not isinstance(value, dict):
        raise ScenarioError(path, "error.expected", what="seat_map", got=short_value(value))
    out = {}
    for key, v in value.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and 0 <= int(key) < players):
            raise ScenarioError(f"{path}.{key}", "error.scenario.not_a_seat", players=players)
        out[int(key)] = v
    return out


def auction_opener(setup: Mapping[str, Any], at: str, to_act: int, players: int) -> tuple[list[Any], int]:
    """A setup's ``auction`` list (at JSON path ``at``) and the seat that opened it (its first
    entry's, else ``to_act``): Dou Dizhu and Napoleon replay a setup's auction from there.
    """
    auction = setup.get("auction", [])
    if not isinstance(auction, list):
        raise ScenarioError(at, "error.expected", what="auction_list", got=short_value(auction))
    if not auction:
        return auction, to_act
    first = auction[0]
    if not isinstance(first, dict) or "seat" not in first:
        raise ScenarioError(f"{at}[0]", "error.expected", what="auction_entry", got=short_value(first))
    return auction, parse_seat(first["seat"], f"{at}[0].seat", players)  # type: ignore[return-value]


def check_keys(obj: Mapping[str, Any], path: str, required: Iterable[str], optional: Iterable[str]) -> None:
    """Unknown or missing keys are errors (a typo must never be silently ignored)."""
    if not isinstance(obj, Mapping):
        raise ScenarioError(path, "error.expected", what="object", got=short_value(obj))
    allowed = set(required) | set(optional)
    for key in obj:
        if key not in allowed:
            raise ScenarioError(f"{path}.{key}" if path else key, "error.unknown_key", key=short_value(key),
                                allowed=sorted(allowed))
    for key in required:
        if key not in obj:
            raise ScenarioError(f"{path}.{key}" if path else key, "error.missing")


def unreadable_action(path: str, exc: ActionError) -> ScenarioError:
    """An action in a setup that cannot be read, at its JSON path there (``auction[2].action``,
    ``auction[2].action[1]`` for its second card)."""
    inner = exc.path[len("action"):] if exc.path.startswith("action") else ""
    return ScenarioError(path + inner, exc.key, **exc.params)


def illegal_entry(path: str, exc: IllegalAction) -> ScenarioError:
    """A setup's scripted action the rules reject: the verdict's reason and rule IDs."""
    verdict = exc.verdict
    return ScenarioError(path, "error.scenario.illegal", reason=message(verdict.key, verdict.params),
                         rules=list(verdict.rule_ids))


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
                raise ScenarioError(f"{path}[{i}]", "error.scenario.too_many_copies", token=short_value(phys.token),
                                    copies=copies)


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
        raise ScenarioError(path or "scenario", "error.scenario.not_object", got=short_value(data))
    name = data.get("game")
    where = f"{path}.game" if path else "game"
    if name is None:
        raise ScenarioError(where, "error.scenario.no_game")
    if not isinstance(name, str):
        raise ScenarioError(where, "error.expected", what="game_name", got=short_value(name))
    try:
        game = find_game(name)
    except UnknownGame as exc:
        raise ScenarioError(where, exc.key, **exc.params) from None
    setup = {k: v for k, v in data.items() if k != "game"}
    return game, game.from_setup(setup, path)


def load_scenario_file(filename: str) -> tuple[Game, Any]:
    """Reads a scenario JSON file within the core's bounds (tutor/limits.py: at most 8 MB read, so
    ``/dev/zero`` ends; UTF-8; nesting and numbers); each failure is an ``InputError`` naming it."""
    from .limits import parse_json_text, read_text_file
    return load_scenario(parse_json_text(read_text_file(filename), filename))
