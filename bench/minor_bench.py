"""Jian Hong Dian (撿紅点), 2d6-check and Pon-jan benchmark: what the page asks per decision (legal
moves, applying a turn, the view it draws) in CPython and in Pyodide (the browser's runtime), and
whole random deals per second. No other engine plays these rule sets: the JHD and 2d6 figures are
absolute.

Pon-jan adds its tile tests (``tiles.is_win`` on nine tiles, ``tiles.waits`` of a hand of eight,
typical hands and hands of 2 to 8 wild tiles), the decision of a seat holding nine as the page sees
it (legal actions, the view, the hint with its waits), and whole random hands per second. No
external engine plays Pon-jan's rules either, so the peer is in-house: a naive brute force that
tries every assignment of the wild tiles to the kinds in play (every multiset of kinds, the order of
the wilds being irrelevant) and checks that each kind's count is a multiple of three. It is timed
on the same hands in the same run, and it must agree with the count-based ``is_win`` on every hand
(checked on both sides).

    .venv/bin/python bench/minor_bench.py [--deals 8] [--reps 5] [--whole 60] [--hands 4] [--no-worker] [--no-write]

Both sides replay the same seeded deals (checked by a fingerprint); the harness (bench/harness.py)
runs ``measure`` inside Pyodide. Results go to ``bench/results/minor.txt``.
"""
from __future__ import annotations

import argparse
import gc
import hashlib
import os
import platform
import statistics
import sys
import time
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
if sys.platform != "emscripten" and REPO not in sys.path:
    sys.path.insert(0, REPO)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from harness import commit, pct, profile_lines, run_in_worker, stats, timed  # noqa: E402

from itertools import combinations_with_replacement  # noqa: E402

from tutor.actions import Decision  # noqa: E402
from tutor.bots import heuristic_choice, hint, random_choice, random_interrupt  # noqa: E402
from tutor.cards import Card  # noqa: E402
from tutor.registry import find_game  # noqa: E402
from tutor.rng import derive  # noqa: E402
from tutor.windows import resolve  # noqa: E402

JHD = find_game("jianhongdian")
DICE = find_game("dice")
PON = find_game("ponjan")
from tutor.games.ponjan import tiles as PT  # noqa: E402  (after find_game has imported the package)
RESULTS = os.path.join(HERE, "results", "minor.txt")
GOAL_MS = 2.0
FLAG_SETS = {"jhd 2p": {"players": 2}, "jhd 3p": {"players": 3}, "jhd 4p": {"players": 4},
             "jhd 4p optional": {"players": 4, "capture_optional": True}}
PON_SETS = {"ponjan 3p": {"players": 3}, "ponjan 4p": {"players": 4},
            "ponjan 4p 8 wilds": {"players": 4, "wild_tiles": 8}}
PON_WILDS = (2, 4, 6, 8)  #: wild tiles in the built hands (flags wild_tiles 8: every count is possible)
PON_TILE_HANDS = 100  #: built hands per wild count (half winners, half random)
PON_TYPICAL = 200  #: recorded hands kept for the tile rows

DEFINITIONS = """Definitions
-----------
deals        for each rule set, seeds 0..DEALS-1: JHD.new_game played to the score, every decision
             tutor.bots.random_choice (a capture, a lay, a stock card's target).
positions    "hand step": a decision of the hand step; "stock choice": the turned card has several
             targets and its player chooses.
legal        JHD.legal_actions(state, seat): every capture and, where allowed, every lay.
turn         JHD.apply(state, action, seat) of the action taken: the hand step and the automatic stock
             step that follows (or the chosen target and the next seat).
view         JHD.view(state, seat, log_since=len(log)): the table as the page draws it after a move
             (display words, the decision's buttons with their labels), the log's new entries only.
dice rows    the 2d6 check at targets 1..12, each flag combination: DICE.view (the info lines, the 36-
             cell grid and the 12-bar chart the page draws) and DICE.apply of a roll.
timing       per position one warm-up call, then REPS calls with time.perf_counter_ns around each, gc
             enabled; the position's value is the MEDIAN of its calls; median / p95 / max over the
             positions of a row (p95 nearest-rank), in milliseconds. Goal: p95 < 2 ms in the worker.
worker       the same code inside Pyodide under Node.js (WebAssembly in V8, as in the page's Web Worker),
             the site's slim wheel of tutor built from this work tree.
deals/s      whole deals (seeds 20000.., WHOLE of them per rule set), deal to score, random choices;
             wall time, no checks.
"""


def play(name: str, seed: int, visit: Any = None) -> int:
    rng = derive(seed, "bench-jhd", name)
    state = JHD.new_game(JHD.flags(FLAG_SETS[name]), seed)
    steps = 0
    while not JHD.round_over(state):
        seat = JHD.to_act(state)
        action = random_choice(JHD, state, seat, rng).action
        if visit:
            visit("stock choice" if state.phase == "stock" else "hand step", state, seat, action)
        state = JHD.apply(state, action, seat)
        steps += 1
    return steps


def record(deals: int) -> dict[str, list[tuple[Any, Any, Any]]]:
    out: dict[str, list[tuple[Any, Any, Any]]] = {}
    for name in FLAG_SETS:
        def visit(kind: str, state: Any, seat: Any, action: Any) -> None:
            out.setdefault(f"{name} {kind}", []).append((state, seat, action))
        for seed in range(deals):
            play(name, seed, visit)
    return out


def fingerprint(groups: dict[str, list[tuple[Any, Any, Any]]]) -> str:
    h = hashlib.sha1()
    for key in sorted(groups):
        h.update(f"{key}:{len(groups[key])}".encode())
        for state, seat, action in groups[key][:60]:
            h.update(f"{seat}{len(state.layout)}{len(state.stock)}{action.to_json()}".encode())
    return h.hexdigest()[:12]


# ---------------------------------------------------------------------------- Pon-jan
PON_DEFINITIONS = """Pon-jan definitions
-------------------
hands        for each rule set, seeds 0..HANDS-1: PON.new_game, one hand played to its payment, every
             decision in turn tutor.bots.random_choice, every call window (pon, ron) resolved by
             tutor.windows.resolve with tutor.bots.random_interrupt (a seeded coin toss per asked seat);
             and the same seeds played by the heuristic bot (tutor.bots.heuristic_choice, windows by its
             call rule). Random calls take half the pons offered, so random hands soon hold pon sets
             (no riichi: riichi_requires_closed) and rarely wait; the heuristic's hands are closer to
             winning. "typical" rows: the positions of "ponjan 3p" and "ponjan 4p" (the engine's
             flags: 9 kinds x 9 copies, 4 wild tiles); a seat in turn holds nine tiles.
is_win       tiles.is_win(concealed, melds) (count-based: each kind needs (-c) mod 3 wilds, no search).
             typical: the nine tiles of a seat in turn (TYPICAL of them, half from random and half from
             heuristic hands, evenly spaced); "w wilds": TILE_HANDS hands of nine with exactly w wild
             tiles, half three sets of random kinds with w tiles turned wild (winners), half w wilds and
             9-w random tiles of the 81 (flags wild_tiles 8).
waits        tiles.waits(eight, melds, kinds in play): the tiles (9 kinds and the wild) that would
             complete a hand of eight: ten is_win calls. typical: each sampled seat's hand less the
             tile it discarded (what the riichi check asks); "all kinds wait": every shape of eight
             tiles (kinds from T1 on, 2 to 8 wilds) that all ten tiles complete.
brute force  the in-house peer: the wilds tried as every multiset of the 9 kinds (itertools.
             combinations_with_replacement: C(8+w, w) assignments, 12,870 for 8 wilds), first success
             wins; its waits are ten such tests. It must agree with is_win on every timed hand.
             "brute/count" is the median over the hands of the per-hand ratio brute force / is_win.
decision     a seat in turn holding nine. legal: PON.legal_actions (a discard per kind held, a riichi
             per discard that leaves the hand waiting: waits for each); view: PON.view(state, seat,
             log_since=len(log)) (what the page draws: display words, the decision); hint:
             tutor.bots.hint (the heuristic's choice, and the level-1 focus naming the tiles each
             discard would wait on: the page's hint of waits). Each of the three is timed cold (the
             waits the engine remembers per hand forgotten first); "legal+view" and "legal+view+hint"
             add the medians of each position (an upper bound); "as the page asks": the three in a
             row from cold, sharing the waits the first worked out (what a decision costs). typical random / heuristic: every recorded position;
             "nine, w wilds": w wilds and 9-w different kinds (the slowest shape with w wilds in a scan
             of every nine-tile shape), the kinds rotated through T1..T9 (9 positions), 4 players,
             flags wild_tiles 8.
timing       as above (one warm-up, REPS timed, median per position), in MICROSECONDS. The tile rows time
             up to BATCH calls in a row and divide (a single call is near the clock's step in Node): as
             many as the warm-up call says fit in about 50 µs, at least one.
w/C          worker / CPython, of the medians and of the p95s.
hands/s      whole hands (seeds 20000.., WHOLE of them per rule set), deal to payment, random choices and
             random calls as above; wall time, no checks.
"""

PON_BATCH = 20  #: tile-test calls per timed sample


def _pon_tile(token: str) -> Card:
    return Card(special=token)


PON_WILD = _pon_tile(PT.WILD)
PON_KINDS = [_pon_tile(f"T{k}") for k in range(1, 10)]  # the kinds of the default flags (9)
PON_ALL = PON_KINDS + [PON_WILD]  # what a wait may be


def brute_is_win(concealed: Any, melds: int) -> bool:
    """The peer: every assignment of the wild tiles to the kinds in play (as multisets: the wilds
    are interchangeable), a win when some assignment leaves every kind a multiple of three."""
    if len(concealed) + 3 * melds != 9:
        return False
    base: dict[str, int] = {}
    wilds = 0
    for t in concealed:
        if t.special == PT.WILD:
            wilds += 1
        else:
            base[t.special] = base.get(t.special, 0) + 1
    for pick in combinations_with_replacement(PON_KINDS, wilds):
        counts = dict(base)
        for k in pick:
            counts[k.special] = counts.get(k.special, 0) + 1
        if all(c % 3 == 0 for c in counts.values()):
            return True
    return False


def brute_waits(concealed: Any, melds: int) -> list[Card]:
    if len(concealed) + 3 * melds != 8:
        return []
    return [k for k in PON_ALL if brute_is_win(list(concealed) + [k], melds)]


def pon_play(name: str, seed: int, visit: Any = None, bots: str = "random") -> int:
    """One hand, deal to payment: random choices in turn and random calls (``bots`` "heuristic": the
    heuristic bot and its call rule); ``visit(state, seat, action)`` sees every decision in turn.
    Returns the decisions in turn."""
    rng = derive(seed, "bench-ponjan", name)
    state = PON.new_game(PON.flags(PON_SETS[name]), seed)
    steps = 0
    while not PON.round_over(state):
        if PON.window(state) is not None:
            state = (resolve(PON, state) if bots == "heuristic" else
                     resolve(PON, state, choose=lambda g, st, s: random_interrupt(g, st, s, rng))).state
            continue
        seat = PON.to_act(state)
        action = (heuristic_choice(PON, state, seat) if bots == "heuristic" else random_choice(PON, state, seat, rng)).action
        if visit:
            visit(state, seat, action)
        state = PON.apply(state, action, seat)
        steps += 1
    return steps


def pon_record(hands: int) -> dict[str, list[tuple[Any, Any, Any]]]:
    out: dict[str, list[tuple[Any, Any, Any]]] = {"random": [], "heuristic": []}
    for bots, positions in out.items():
        for name in ("ponjan 3p", "ponjan 4p"):
            for seed in range(hands):
                pon_play(name, seed, lambda state, seat, action: positions.append((state, seat, action)), bots)
    return out


def _shapes(n: int, most: int = 9, parts: int = 9) -> Any:
    """Counts per kind (largest first) of ``n`` tiles over at most ``parts`` kinds."""
    if n == 0:
        yield ()
        return
    if parts == 0:
        return
    for first in range(min(n, most), 0, -1):
        for rest in _shapes(n - first, first, parts - 1):
            yield (first,) + rest


def _hand(wilds: int, shape: tuple[int, ...], offset: int = 0) -> list[Card]:
    return [PON_WILD] * wilds + [PON_KINDS[(i + offset) % 9] for i, c in enumerate(shape) for _ in range(c)]


def pon_tile_hands() -> dict[str, list[tuple[list[Card], int]]]:
    """The built hands of the tile rows: nine with w wilds (half winners), and the eights every
    tile completes."""
    out: dict[str, list[tuple[list[Card], int]]] = {}
    for w in PON_WILDS:
        rng = derive(w, "bench-ponjan-tiles")
        hands = []
        for i in range(PON_TILE_HANDS):
            if i % 2 == 0:  # a winner: three sets of random kinds, w of the tiles turned wild
                nine = [k for k in (PON_KINDS[rng.below(9)] for _ in range(3)) for _ in range(3)]
                spots = list(range(9))
                rng.shuffle(spots)
                for j in spots[:w]:
                    nine[j] = PON_WILD
            else:  # w wilds and 9-w random tiles of the 81
                pool = [k for k in PON_KINDS for _ in range(9)]
                rng.shuffle(pool)
                nine = [PON_WILD] * w + pool[:9 - w]
            rng.shuffle(nine)
            hands.append((nine, 0))
        out[f"is_win {w} wilds"] = hands
    out["waits all kinds wait"] = [(_hand(w, shape), 0) for w in range(2, 9) for shape in _shapes(8 - w)
                                     if len(PT.waits(_hand(w, shape), 0, PON_ALL)) == len(PON_ALL)]
    return out


def pon_worst_states() -> dict[str, list[Any]]:
    """Seats holding nine: w wilds and 9-w different kinds, rotated through the kinds."""
    out: dict[str, list[Any]] = {}
    for w in PON_WILDS:
        states = []
        for offset in range(9):
            nine = _hand(w, (1,) * (9 - w), offset)
            setup = {"flags": {"players": 4, "wild_tiles": 8}, "phase": "play", "to_act": 0, "seed": offset,
                     "hands": {"0": [t.token for t in nine]}, "drawn": nine[-1].token}
            states.append(PON.from_setup(setup))
        out[f"nine, {w} wilds"] = states
    return out


def timed_batch(fn: Any, reps: int, batch: int) -> float:
    """Median microseconds per call: ``reps`` samples of up to ``batch`` calls in a row (as many as
    fit in about 50 µs by the warm-up call, at least one), after a warm-up."""
    t0 = time.perf_counter_ns()
    fn()
    once = time.perf_counter_ns() - t0
    batch = max(1, min(batch, int(50_000 / max(1, once))))
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        for _ in range(batch):
            fn()
        times.append((time.perf_counter_ns() - t0) / batch)
    return statistics.median(times) / 1e3


def pon_measure(hands: int, reps: int, whole: int) -> dict[str, Any]:
    """Pon-jan's rows, hands per second and fingerprint, in the running interpreter."""
    recorded = pon_record(hands)
    positions = recorded["random"] + recorded["heuristic"]
    sample = [p for ps in recorded.values() for p in ps[::max(1, 2 * len(ps) // PON_TYPICAL)][:PON_TYPICAL // 2]]
    tiles = {"is_win typical": [(st.hands[seat], len(st.melds[seat])) for st, seat, _ in sample],
             "waits typical": [(_drop(st.hands[seat], a), len(st.melds[seat])) for st, seat, a in sample
                               if _dropped(a) is not None]}
    tiles.update(pon_tile_hands())
    rows: dict[str, dict[str, list[float]]] = {}
    disagree = 0
    for key, hs in tiles.items():
        ours, peer, ratio, size = [], [], [], []
        for concealed, melds in hs:
            concealed = list(concealed)
            if key.startswith("is_win"):
                def fn(c: Any = concealed, m: int = melds) -> Any:
                    return PT.is_win(c, m)

                def bf(c: Any = concealed, m: int = melds) -> Any:
                    return brute_is_win(c, m)
                got = fn()
                size.append(1.0 if got else 0.0)
            else:
                def fn(c: Any = concealed, m: int = melds) -> Any:
                    PT._waits.cache_clear()  # cold: the engine remembers waits per hand
                    return PT.waits(c, m, PON_ALL)

                def bf(c: Any = concealed, m: int = melds) -> Any:
                    return brute_waits(c, m)
                got = fn()
                size.append(float(len(got)))
            disagree += got != bf()
            a = timed_batch(fn, reps, PON_BATCH)
            b = timed_batch(bf, reps, PON_BATCH)
            ours.append(a)
            peer.append(b)
            ratio.append(b / a if a else 0.0)
        rows[f"ponjan {key}"] = {"us": ours, "size": size, "peer_ratio": ratio}
        rows[f"ponjan {key} (brute force)"] = {"us": peer, "size": size}
    decisions = {f"typical {bots}": [st for st, _, _ in ps] for bots, ps in recorded.items()}
    decisions.update(pon_worst_states())
    for key, states in decisions.items():
        parts: dict[str, list[float]] = {"legal": [], "view": [], "hint": []}
        sizes: dict[str, list[float]] = {"legal": [], "view": [], "hint": []}
        for st in states:
            seat = st.turn
            # each call cold (the waits the engine remembers per hand forgotten first): the three
            # rows' sum is an upper bound for a decision, whose calls share what the first worked out
            calls = {"legal": lambda st=st, seat=seat: (PT._waits.cache_clear(), len(PON.legal_actions(st, seat)))[1],
                     "view": lambda st=st, seat=seat: (PT._waits.cache_clear(),
                                                       len(PON.view(st, seat, log_since=len(st.log))["display"]["zones"]))[1],
                     "hint": lambda st=st, seat=seat: (PT._waits.cache_clear(), len(hint(PON, st, seat)["focus"]["text"]))[1]}
            for what, fn in calls.items():
                parts[what].append(timed(fn, reps) * 1e3)
                sizes[what].append(float(fn()))
            # the decision as the page asks it: legal, view and hint in a row, the waits worked out
            # once (cold at the start) and shared
            def asked(st: Any = st, seat: int = seat) -> int:
                PT._waits.cache_clear()
                PON.legal_actions(st, seat)
                PON.view(st, seat, log_since=len(st.log))
                return len(hint(PON, st, seat)["focus"]["text"])
            parts.setdefault("decision", []).append(timed(asked, reps) * 1e3)
            # what the hint's focus lists: every tile some discard would leave the hand waiting on
            sizes["hint"][-1] = float(len({w.token for t in set(st.hands[seat]) for w in PON.waits_after(st, seat, t)}))
        waits = [float(sum(1 for a in PON.legal_actions(st, st.turn) if isinstance(a, Decision) and a.key == "riichi"))
                 for st in states]
        for what in ("legal", "view", "hint"):
            rows[f"ponjan decision {key} {what}"] = {"us": parts[what], "size": sizes[what]}
        rows[f"ponjan decision {key} as the page asks"] = {"us": parts["decision"], "size": sizes["hint"]}
        rows[f"ponjan decision {key} legal+view"] = {"us": [a + b for a, b in zip(parts["legal"], parts["view"])],
                                                     "size": waits}
        rows[f"ponjan decision {key} legal+view+hint"] = {
            "us": [a + b + c for a, b, c in zip(parts["legal"], parts["view"], parts["hint"])], "size": waits}
    per_set: dict[str, list[float]] = {}
    for name in PON_SETS:
        t0 = time.perf_counter()
        steps = sum(pon_play(name, 20_000 + seed) for seed in range(whole))
        wall = time.perf_counter() - t0
        per_set[name] = [whole / wall, steps / max(1, whole)]
    h = hashlib.sha1()
    for st, seat, action in positions:
        h.update(f"{seat}{len(st.wall)}{''.join(t.token for t in st.hands[seat])}{action.to_json()}".encode())
    for key in sorted(tiles):
        h.update(f"{key}:{len(tiles[key])}:{''.join(t.token for c, _ in tiles[key][:20] for t in c)}".encode())
    return {"rows": rows, "hands": per_set, "fingerprint": h.hexdigest()[:12], "disagree": disagree,
            "positions": len(positions)}


def _dropped(action: Any) -> Any:
    """The tile a discard (or a riichi) gives up, or None (a win)."""
    if isinstance(action, Decision):
        return Card.parse(action.value) if action.key == "riichi" else None
    return action.cards[0]


def _drop(tiles: Any, action: Any) -> list[Card]:
    rest = list(tiles)
    rest.remove(_dropped(action))
    return rest


def measure(deals: int, reps: int, whole: int, hands: int = 4) -> dict[str, Any]:
    """Everything this benchmark times, in the running interpreter (CPython or Pyodide)."""
    gc.enable()
    start = time.perf_counter()
    groups = record(deals)
    rows: dict[str, dict[str, list[float]]] = {}
    for key, positions in groups.items():
        for what in ("legal", "turn", "view"):
            ms: list[float] = []
            size: list[float] = []
            for state, seat, action in positions:
                if what == "legal":
                    def call(state: Any = state, seat: Any = seat) -> int:
                        return len(JHD.legal_actions(state, seat))
                elif what == "turn":
                    def call(state: Any = state, seat: Any = seat, action: Any = action) -> int:
                        return len(JHD.apply(state, action, seat).log)
                else:
                    def call(state: Any = state, seat: Any = seat) -> int:
                        return len(JHD.view(state, seat, log_since=len(state.log))["display"]["zones"])
                ms.append(timed(call, reps))
                size.append(call())
            rows[f"{key} {what}"] = {"ms": ms, "size": size}
    for flags in ({}, {"auto_success_on_2": True}, {"auto_fail_on_12": True},
                  {"auto_success_on_2": True, "auto_fail_on_12": True}):
        views, rolls = [], []
        for target in range(1, 13):
            state = DICE.new_game(DICE.flags(flags), target, target=target)
            views.append(timed(lambda state=state: DICE.view(state, 0, log_since=len(state.log)), reps))
            rolls.append(timed(lambda state=state: DICE.apply(state, Decision("roll", True), 0), reps))
        name = "dice " + ("+".join(sorted(flags)) or "seed")
        rows[f"{name} view"] = {"ms": views, "size": [3.0] * len(views)}
        rows[f"{name} roll"] = {"ms": rolls, "size": [1.0] * len(rolls)}
    per_set: dict[str, list[float]] = {}
    for name in FLAG_SETS:
        t0 = time.perf_counter()
        steps = sum(play(name, 20_000 + seed) for seed in range(whole))
        wall = time.perf_counter() - t0
        per_set[name] = [whole / wall, steps / max(1, whole)]
    pon_start = time.perf_counter()
    pon = pon_measure(hands, reps, whole)
    pon["seconds"] = time.perf_counter() - pon_start
    return {"python": f"{platform.python_implementation()} {platform.python_version()}",
            "fingerprint": fingerprint(groups), "rows": rows, "deals": per_set, "pon": pon,
            "seconds": time.perf_counter() - start}


def report(args: argparse.Namespace, cpy: dict[str, Any], wrk: dict[str, Any] | None, versions: dict[str, str]) -> str:
    defs = (DEFINITIONS.replace("DEALS-1", str(args.deals - 1)).replace("REPS", str(args.reps))
            .replace("WHOLE", str(args.whole)))
    same = "" if wrk is None else ("the same positions in the worker (fingerprint " + cpy["fingerprint"] + ")"
                                   if wrk["fingerprint"] == cpy["fingerprint"] else
                                   f"WORKER POSITIONS DIFFER ({cpy['fingerprint']} / {wrk['fingerprint']})")
    lines = ["Jian Hong Dian, 2d6-check and Pon-jan benchmark (bench/minor_bench.py)", "=" * 71,
             f"python {cpy['python']} on {platform.machine()} ({os.cpu_count()} cpus), {platform.platform()}",
             f"worker {wrk['python'] + ' in Pyodide ' + versions['pyodide'] + ' under Node ' + versions['node'] if wrk else '(not run: --no-worker)'}",
             f"load average {' '.join(f'{x:.2f}' for x in args.load)} at the start",
             f"cardtutor {commit()}", f"DEALS {args.deals}, REPS {args.reps}, WHOLE {args.whole}, HANDS {args.hands}",
             f"date {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}", "", defs, same, "",
             "Per position (milliseconds)", "-" * 118,
             f"{'row':<46} {'n':>5} | {'CPython median':>14} {'p95':>7} {'max':>7} | {'worker median':>13} "
             f"{'p95':>7} {'max':>7} | size median (max)"]
    over = []
    for name in sorted(cpy["rows"], key=lambda k: (not k.startswith("jhd"), k)):
        c = cpy["rows"][name]
        w = (wrk["rows"].get(name) if wrk else None) or {"ms": []}
        size = f"{statistics.median(c['size']):g} ({max(c['size']):g})"
        lines.append(f"{name:<46} {len(c['ms']):>5} | {stats(c['ms']):>30} | {stats(w['ms']):>29} | {size}")
        if pct(w["ms"] or c["ms"], 95) >= GOAL_MS:
            over.append(name)
    lines.append("size: actions listed (legal), log entries after the turn (turn), zones drawn (view)")
    lines.append(f"goal p95 < {GOAL_MS:g} ms in the {'worker' if wrk else 'CPython run'}: "
                 + ("met by every row" if not over else "missed by " + ", ".join(over)))
    lines += ["", "Whole deals (random choices, deal to score; wall time)", "-" * 118]
    for name, (dps, steps) in cpy["deals"].items():
        wtxt = ""
        if wrk:
            wd = wrk["deals"][name][0]
            wtxt = f" | worker {wd:7.1f} deals/s ({1000.0 / wd:6.2f} ms per deal); worker/CPython time {dps / wd:.2f}"
        lines.append(f"{name:<16} CPython {dps:7.1f} deals/s ({1000.0 / dps:6.2f} ms per deal, {steps:.0f} decisions)" + wtxt)
    lines += ["", ""] + pon_report(args, cpy["pon"], wrk["pon"] if wrk else None)
    return "\n".join(lines)


def _ratio(w: list[float], c: list[float], p: float | None) -> str:
    if not w or not c:
        return f"{'-':>5}"
    a, b = (statistics.median(w), statistics.median(c)) if p is None else (pct(w, p), pct(c, p))
    return f"{a / b:5.2f}" if b else f"{'-':>5}"


def _us(values: list[float]) -> str:
    if not values:
        return f"{'-':>8} {'-':>8} {'-':>8}"
    return f"{statistics.median(values):8.1f} {pct(values, 95):8.1f} {max(values):8.1f}"


def pon_report(args: argparse.Namespace, cpy: dict[str, Any], wrk: dict[str, Any] | None) -> list[str]:
    defs = (PON_DEFINITIONS.replace("HANDS-1", str(args.hands - 1)).replace("REPS", str(args.reps))
            .replace("WHOLE", str(args.whole)).replace("BATCH", str(PON_BATCH))
            .replace("TYPICAL", str(PON_TYPICAL)).replace("TILE_HANDS", str(PON_TILE_HANDS)))
    lines = ["Pon-jan", "=" * 7, "", defs]
    if wrk is not None:
        lines.append("the same hands in the worker (fingerprint " + cpy["fingerprint"] + ")"
                     if wrk["fingerprint"] == cpy["fingerprint"] else
                     f"WORKER HANDS DIFFER ({cpy['fingerprint']} / {wrk['fingerprint']})")
    checks = [f"CPython {cpy['disagree']}"] + ([f"worker {wrk['disagree']}"] if wrk else [])
    lines.append(f"brute force and is_win / waits disagree on: {', '.join(checks)} hands; "
                 f"{cpy['positions']} decisions recorded")
    lines += ["", "Per hand or position (MICROSECONDS)", "-" * 150,
              f"{'row':<50} {'n':>4} | {'CPython median':>14} {'p95':>8} {'max':>8} | {'worker median':>13} "
              f"{'p95':>8} {'max':>8} | w/C p50   p95 | brute/count C (W) | size median (max)"]
    order = ["is_win typical"] + [f"is_win {w} wilds" for w in PON_WILDS] + ["waits typical", "waits all kinds wait"]
    names = [f"ponjan {k}{b}" for k in order for b in ("", " (brute force)")]
    names += [f"ponjan decision {k} {what}" for k in ["typical random", "typical heuristic"] + [f"nine, {w} wilds" for w in PON_WILDS]
              for what in ("legal", "view", "hint", "legal+view", "legal+view+hint", "as the page asks")]
    over = []
    for name in names:
        c = cpy["rows"][name]
        w = (wrk["rows"].get(name) if wrk else None) or {"us": []}
        size = f"{statistics.median(c['size']):g} ({max(c['size']):g})"
        if name.startswith("ponjan is_win"):
            size = f"{sum(c['size']):g} of {len(c['size'])} win"
        peer = ""
        if "peer_ratio" in c:
            peer = f"{statistics.median(c['peer_ratio']):6.1f}"
            peer += f" ({statistics.median(w['peer_ratio']):6.1f})" if "peer_ratio" in w else ""
        lines.append(f"{name:<50} {len(c['us']):>4} | {_us(c['us']):>31} | {_us(w['us']):>31} | "
                     f"{_ratio(w['us'], c['us'], None)} {_ratio(w['us'], c['us'], 95)} | {peer:>17} | {size}")
        if "decision" in name and pct(w["us"] or c["us"], 95) >= GOAL_MS * 1e3:
            over.append(name)
    lines.append("size: is_win: winning hands; waits: tiles listed; legal: actions; view: zones drawn; hint: the tiles "
                 "its focus names; legal+view(+hint): riichi discards (each one a waits)")
    lines.append(f"goal p95 < {GOAL_MS * 1e3:g} µs in the {'worker' if wrk else 'CPython run'} (decision rows): "
                 + ("met by every row" if not over else "missed by " + ", ".join(over)))
    lines += ["", "Whole hands (random choices and calls, deal to payment; wall time)", "-" * 150]
    for name, (hps, steps) in cpy["hands"].items():
        wtxt = ""
        if wrk:
            wh = wrk["hands"][name][0]
            wtxt = f" | worker {wh:7.1f} hands/s ({1000.0 / wh:6.2f} ms per hand); worker/CPython time {hps / wh:.2f}"
        lines.append(f"{name:<18} CPython {hps:7.1f} hands/s ({1000.0 / hps:6.2f} ms per hand, {steps:.0f} decisions)" + wtxt)
    lines.append(f"Pon-jan part: CPython {cpy['seconds']:.1f} s" + (f", worker {wrk['seconds']:.1f} s" if wrk else ""))
    worst = pon_worst_states()[f"nine, {PON_WILDS[0]} wilds"][0]
    lines += ["", f"cProfile (CPython) of 50 hints on the slowest nine ({PON_WILDS[0]} wilds, "
              f"{' '.join(t.token for t in worst.hands[0])}): the functions with the most own time", "-" * 150]
    lines += profile_lines(lambda: hint(PON, worst, 0), 50, 12)
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=8, help="seeded deals per rule set whose positions are timed")
    ap.add_argument("--reps", type=int, default=5, help="timed calls per position")
    ap.add_argument("--whole", type=int, default=60, help="deals per rule set played for deals per second")
    ap.add_argument("--hands", type=int, default=4, help="seeded Pon-jan hands per rule set whose decisions are timed")
    ap.add_argument("--no-worker", action="store_true", help="CPython only (no Node.js / Pyodide run)")
    ap.add_argument("--no-write", action="store_true", help="print only; leave the results file alone")
    args = ap.parse_args()
    started = time.perf_counter()
    args.load = os.getloadavg()
    kwargs = {"deals": args.deals, "reps": args.reps, "whole": args.whole, "hands": args.hands}
    cpy = measure(**kwargs)
    wrk, versions = (None, {}) if args.no_worker else run_in_worker("minor_bench", kwargs)
    text = report(args, cpy, wrk, versions)
    text += f"\n\ntotal run time {time.perf_counter() - started:.1f} s (CPython part {cpy['seconds']:.1f} s" + \
            (f", worker part {wrk['seconds']:.1f} s)" if wrk else ")") + "\n"
    print(text, end="")
    if not args.no_write:
        os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
        with open(RESULTS, "w", encoding="utf-8") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
