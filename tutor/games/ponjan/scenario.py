"""A Pon-jan setup (rules/README.md §4.2 and §4.6) to a state; errors name their JSON path.

Keys: ``flags``, ``phase`` (``play``), ``to_act``, ``hands`` (concealed tiles), ``cards_held``,
``dealer``, ``riichi``, ``drawn``, ``last_discard``, ``melds``; and, for lessons and links,
``wall`` (the next tiles to draw, top first), ``discards`` (seat -> its discards), ``scores``,
``hand_no`` and ``seed``.

With ``last_discard`` the discard's calls are open (the window) and ``to_act`` is the seat after
the discarder, still to draw; every seat holds eight tiles (concealed and in pon sets). In a
``legal`` case with ``in_turn: false`` (README §4.2, §4.6) ``to_act`` names instead the seat whose
calls are listed (the discarder has none); the seat after the discarder is still the next to
draw. (``include_side`` is accepted and changes nothing: Pon-jan has no side declarations.) Without
it, ``to_act`` holds nine: it has drawn (``drawn`` names the tile; a riichi player's is needed,
PON-RIICHI-2) and decides. Unknown tiles are filled from the tiles no key places; the wall is what
is left."""
from __future__ import annotations

from typing import Any, Mapping

from ...cards import Card, CardError
from ...errors import ScenarioError, short_value
from ...rng import derive
from ...scenario import check_keys, parse_seat, parse_seat_map, parse_seed
from .state import HAND, Flags, Session, State

KEYS = ("flags", "phase", "to_act", "hands")
OPTIONAL = ("cards_held", "dealer", "riichi", "drawn", "last_discard", "melds", "wall", "discards", "scores",
            "hand_no", "seed", "trick", "in_turn", "include_side")


def _tiles(value: Any, path: str, flags: Flags) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise ScenarioError(path, "error.expected", what="card_list", got=short_value(value))
    return tuple(_tile(v, f"{path}[{i}]", flags) for i, v in enumerate(value))


def _tile(value: Any, path: str, flags: Flags) -> Card:
    try:
        tile = Card.parse(value)
    except CardError as exc:
        raise ScenarioError(path + exc.path, exc.key, **exc.params) from None
    allowed = {t.token for t in flags.kinds_in_play()}
    if tile.token not in allowed:
        raise ScenarioError(path, "error.pon.not_a_tile", token=short_value(value), kinds=flags.kinds,
                            wilds=flags.wild_tiles)
    return tile


def classify_tiles(game: Any, setup: Mapping[str, Any]) -> tuple[Card, ...]:
    check_keys(setup, "setup", ("flags", "cards"), ())
    flags = game.flags(setup["flags"], "setup.flags")
    return _tiles(setup["cards"], "setup.cards", flags)


def score_facts(game: Any, setup: Mapping[str, Any]) -> tuple[int, int, int, str, int | None, int]:
    check_keys(setup, "setup", ("flags", "dealer", "winner", "win_type"), ("discarder", "V"))
    flags: Flags = game.flags(setup["flags"], "setup.flags")
    n = flags.players
    dealer = parse_seat(setup["dealer"], "setup.dealer", n)
    winner = parse_seat(setup["winner"], "setup.winner", n)
    how = setup["win_type"]
    if how not in ("tsumo", "ron"):
        raise ScenarioError("setup.win_type", "error.one_of", choices='"tsumo", "ron"', got=short_value(how))
    discarder = None
    if how == "ron":
        if "discarder" not in setup:
            raise ScenarioError("setup.discarder", "error.missing")
        discarder = parse_seat(setup["discarder"], "setup.discarder", n)
        if discarder == winner:
            raise ScenarioError("setup.discarder", "error.pon.discarder_is_winner")
    elif "discarder" in setup:
        raise ScenarioError("setup.discarder", "error.pon.discarder_on_tsumo")
    value = setup.get("V", flags.hand_value)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 1_000_000:
        raise ScenarioError("setup.V", "error.expected_number", low=1, high=1_000_000, got=short_value(value))
    assert dealer is not None and winner is not None
    return n, dealer, winner, how, discarder, value


def state_from_setup(game: Any, setup: Mapping[str, Any], path: str = "setup") -> State:
    at = f"{path}." if path else ""
    check_keys(setup, path, KEYS, OPTIONAL)
    flags: Flags = game.flags(setup["flags"], f"{at}flags")
    n = flags.players
    if setup["phase"] != "play":
        raise ScenarioError(f"{at}phase", "error.one_of", choices='"play"', got=short_value(setup["phase"]))
    if setup.get("trick") not in (None, []):
        raise ScenarioError(f"{at}trick", "error.pon.no_trick")
    to_act = parse_seat(setup["to_act"], f"{at}to_act", n)
    assert to_act is not None
    for key in ("in_turn", "include_side"):
        if not isinstance(setup.get(key, True), bool):
            raise ScenarioError(f"{at}{key}", "error.expected", what="bool", got=short_value(setup[key]))
    calls_of = setup.get("in_turn", True) is False  # to_act names a caller, not the next drawer
    dealer = parse_seat(setup.get("dealer", 0), f"{at}dealer", n)
    assert dealer is not None

    known = {s: _tiles(v, f"{at}hands.{s}", flags) for s, v in parse_seat_map(setup["hands"], f"{at}hands", n).items()}
    melds: dict[int, tuple[tuple[Card, ...], ...]] = {}
    for s, v in parse_seat_map(setup.get("melds", {}), f"{at}melds", n).items():
        if not isinstance(v, list):
            raise ScenarioError(f"{at}melds.{s}", "error.expected", what="list", got=short_value(v))
        sets = []
        for i, m in enumerate(v):
            tiles = _tiles(m, f"{at}melds.{s}[{i}]", flags)
            if len(tiles) != 3 or len({t.token for t in tiles}) != 1:
                raise ScenarioError(f"{at}melds.{s}[{i}]", "error.pon.meld", got=short_value(m))
            sets.append(tiles)
        if len(sets) > 2:
            raise ScenarioError(f"{at}melds.{s}", "error.pon.too_many_melds", n=len(sets))
        melds[s] = tuple(sets)
    discards = {s: _tiles(v, f"{at}discards.{s}", flags)
                for s, v in parse_seat_map(setup.get("discards", {}), f"{at}discards", n).items()}
    riichi_list = setup.get("riichi", [])
    if not isinstance(riichi_list, list):
        raise ScenarioError(f"{at}riichi", "error.expected", what="list", got=short_value(riichi_list))
    riichi = [False] * n
    for i, s in enumerate(riichi_list):
        seat = parse_seat(s, f"{at}riichi[{i}]", n)
        assert seat is not None
        if melds.get(seat) and flags.riichi_requires_closed:
            raise ScenarioError(f"{at}riichi[{i}]", "error.pon.riichi_with_meld", seat=seat)
        riichi[seat] = True

    last = None
    if setup.get("last_discard") is not None:
        ld = setup["last_discard"]
        check_keys(ld, f"{at}last_discard", ("seat", "tile"), ())
        by = parse_seat(ld["seat"], f"{at}last_discard.seat", n)
        assert by is not None
        last = (by, _tile(ld["tile"], f"{at}last_discard.tile", flags))
        if calls_of:  # the seat named is a caller; the next to draw follows the discarder
            to_act = (by + 1) % n
        if to_act != (by + 1) % n:
            raise ScenarioError(f"{at}to_act", "error.pon.next_after_discard", seat=(by + 1) % n)
    drawn = _tile(setup["drawn"], f"{at}drawn", flags) if setup.get("drawn") is not None else None
    if drawn is not None and last is not None:
        raise ScenarioError(f"{at}drawn", "error.pon.drawn_with_discard")

    def full(s: int) -> int:  # concealed tiles the seat holds
        nine = last is None and s == to_act
        return (9 if nine else HAND) - 3 * len(melds.get(s, ()))
    held = parse_seat_map(setup.get("cards_held", {}), f"{at}cards_held", n)
    counts = {}
    for s in range(n):
        want = full(s)
        if s in held:
            c = held[s]
            if not isinstance(c, int) or isinstance(c, bool) or c != want:
                raise ScenarioError(f"{at}cards_held.{s}", "error.pon.count", n=short_value(c), want=want)
        if s in known and len(known[s]) != want:
            raise ScenarioError(f"{at}hands.{s}", "error.pon.count", n=len(known[s]), want=want)
        counts[s] = want
    if drawn is not None and to_act in known and drawn not in known[to_act]:
        raise ScenarioError(f"{at}drawn", "error.pon.drawn_not_in_hand", cards=[drawn.token])
    if last is None and riichi[to_act] and drawn is None:
        raise ScenarioError(f"{at}drawn", "error.pon.riichi_needs_drawn", seat=to_act)

    wall_top = _tiles(setup.get("wall", []), f"{at}wall", flags)
    placed = [t for h in known.values() for t in h] + [t for ms in melds.values() for m in ms for t in m]
    placed += [t for d in discards.values() for t in d] + list(wall_top)
    if last is not None:
        placed.append(last[1])
    if drawn is not None and to_act not in known:
        placed.append(drawn)
    pool = list(flags.tiles())
    for i, t in enumerate(placed):
        if t not in pool:
            raise ScenarioError(path or "setup", "error.pon.too_many", token=t.token)
        pool.remove(t)
    derive(parse_seed(setup, f"{at}seed"), "unknown-tiles").shuffle(pool)
    hands = []
    for s in range(n):
        mine = list(known.get(s, ()))
        if s not in known and drawn is not None and s == to_act:
            mine.append(drawn)
        need = counts[s] - len(mine)
        if need > len(pool):
            raise ScenarioError(f"{at}hands", "error.pon.too_many", token="…")
        hands.append(tuple(mine) + tuple(pool[:need]))
        pool = pool[need:]
    all_discards = [discards.get(s, ()) for s in range(n)]
    if last is not None:
        all_discards[last[0]] = all_discards[last[0]] + (last[1],)
    scores = setup.get("scores")
    if scores is None:
        scores = [0] * n
    elif not (isinstance(scores, list) and len(scores) == n and all(isinstance(v, int) and not isinstance(v, bool)
                                                                  and abs(v) <= 10_000_000 for v in scores)):
        raise ScenarioError(f"{at}scores", "error.pon.scores", players=n, got=short_value(scores))
    hand_no = setup.get("hand_no", 1)
    if not isinstance(hand_no, int) or isinstance(hand_no, bool) or not 1 <= hand_no <= 2 * n:
        raise ScenarioError(f"{at}hand_no", "error.expected_number", low=1, high=2 * n, got=short_value(hand_no))
    session = Session(seed=parse_seed(setup, f"{at}seed"), hand_no=hand_no, dealer=dealer, scores=tuple(scores))
    return State(flags=flags, session=session, phase="play", turn=to_act,
                 hands=tuple(hands), melds=tuple(melds.get(s, ()) for s in range(n)), wall=tuple(wall_top) + tuple(pool),
                 discards=tuple(all_discards), riichi=tuple(riichi), drawn=drawn, last_discard=last)
