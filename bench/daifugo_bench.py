"""Daifugo 大富豪 benchmark: legal moves and explain per decision, the richest hands we could build
(two decks, two jokers: long sequences, many groups), and whole random games per second, in
CPython and in Pyodide (the browser's runtime).

Runs with the project's own Python (no peer library; no other engine plays this rule set, so the
figures are absolute)::

    .venv/bin/python bench/daifugo_bench.py [--games 6] [--reps 5] [--search 300] [--whole 30]
                                            [--no-worker] [--no-write]

The same functions of this file run twice: here, and inside Pyodide under Node.js
(tests/pyodide/run_python.mjs, the runtime vendored in .cache/, the site's slim wheel of ``tutor``
built afresh into a temporary folder), as bench/shengji_bench.py does; both sides replay the same
seeded games, so they time the same positions (checked by a fingerprint). The richest hands are
searched once, here, and handed to the worker. Every measure is defined in the report's
"Definitions" section. Results go to ``bench/results/daifugo.txt``.
"""
from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import platform
import statistics
import sys
import time
from typing import Any, Callable

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
IN_PYODIDE = sys.platform == "emscripten"
if not IN_PYODIDE and REPO not in sys.path:  # inside Pyodide ``tutor`` is the installed site wheel
    sys.path.insert(0, REPO)

import tutor.api as api  # noqa: E402
from tutor.actions import PASS  # noqa: E402
from tutor.bots import random_choice  # noqa: E402
from tutor.registry import find_game  # noqa: E402
from tutor.rng import Rng, derive  # noqa: E402
from tutor.scenario import load_scenario  # noqa: E402

GAME = find_game("daifugo")
RESULTS = os.path.join(HERE, "results", "daifugo.txt")
MARKER = "@@daifugo-bench@@"
GOAL_MS = 2.0
PROFILE_TOP = 10
WORST_REPS = 15  # calls per richest position (at least REPS)
SELECTIONS = 60  # selections with a joker timed per richest position (the page's readings)
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")

#: the rule sets the recorded games are played under (the base preset, ``GAME.default_flags``)
FLAG_SETS: dict[str, dict[str, Any]] = {
    "base 4p": {"players": 4},                                # 1 deck + 1 joker: 13-14 cards each
    "base 6p": {"players": 6},                                # 9 cards each
    "2 decks 2 jokers 4p": {"players": 4, "decks": 2, "jokers": 2},  # 27 cards each
    "2 decks 2 jokers 3p": {"players": 3, "decks": 2, "jokers": 2},  # 36 cards each
}
RICH = {"preset": "base", "decks": 2, "jokers": 2}

DEFINITIONS = """\
Definitions
-----------
games        for each rule set (the base preset, GAME.default_flags with: base 4p = 1 deck + 1 joker,
             4 players; base 6p; 2 decks 2 jokers 4p = 27-card hands; 2 decks 2 jokers 3p = 36-card
             hands), seeds 0..GAMES-1: GAME.new_game(flags, seed) played to the score by
             tutor.bots.random_choice (its stream derive(seed, "bench-daifugo", set)). Every decision
             is a position: "lead" when the seat opens a phase (empty field), "follow" when it answers.
legal        GAME.legal_actions(state): every legal play with its joker declarations (the complete set
             of rules/README.md §4: declared single jokers included), plus PASS when following.
explain      GAME.explain(state, action) of the action the bot took.
timing       per position one warm-up call, then REPS calls with time.perf_counter_ns around each, gc
             enabled; the position's value is the MEDIAN of its REPS calls. median / p95 / max are over
             the positions of a row (p95 nearest-rank), in milliseconds. Goal: p95 < 2 ms in the worker.
worker       the same code inside Pyodide PYODIDE under Node.js NODE (WebAssembly in V8, as in the page's
             Web Worker; Node's clock ticks in about 1 µs, where Chromium's worker clock ticks in
             0.1 ms steps and cannot time one call). The wheel is the site's slim, minified one
             (tools/site_wheel.py), built from this work tree.
richest      scenarios (tutor.scenario.load_scenario; the other hands filled by the loader), base preset
             with 2 decks and 2 jokers, seat 0 to act:
             each hand is a hand-built start improved by a hill-climb (SEARCH steps, Rng(1): swap one
             natural card of the hand for one of the rest of the two decks, keep the swap when the
             number of legal actions does not drop; the jokers stay); the hands found are printed.
             lead 27: 4 players, a fresh phase, 27 cards with both jokers (start: the suit runs
                      S-3..S-2 and H-3..H-A);
             lead 36: 3 players, a fresh phase, 36 cards with both jokers (start: the runs S, H,
                      D-3..D-10 and C-3);
             seq5 + joker on the table: 4 players, seat 3 played D-3 D-4 JOKER=D-5 D-6 D-7, seat 0
                      holds the other joker and 26 cards (start: 8..2 of every suit, doubled where
                      there is room): every 5-card sequence above it, the joker filling a gap or
                      standing for a card held;
             seq5, both jokers in hand: the same with S-3 S-4 S-5 S-6 S-7 on the table, seat 0
                      holding both jokers and 25 cards;
             pair: 4 players, seat 3 played S-3 H-3, seat 0 holds both jokers and 25 cards (start:
                      the ranks 4..7, every card twice): every pair above, each suit multiset;
             revolution, lead 27: the lead-27 hand leading under revolution.
             legal, bridge legal (tutor.api.handle({op: legal}) on the position loaded without a
             viewer: every legal action turned to JSON, the complete list), explain of the longest
             legal play; WORST calls after a warm-up, the median and the fastest call.
page         what the practice table and the lessons ask the worker at a decision since the lists got
             long: no list of plays (legal with list false: a choose-k spec and the calls open), and,
             when the learner presses Play with a joker among the selected cards, the readings of
             exactly those cards (legal with cards: Game.legal_for_cards, generated for that size from
             the selection alone). The complete list stays for tests, golden cases, bots and hints.
games/s      whole games (seeds 10000.., WHOLE of them per rule set), from the deal to the score,
             random_choice at every decision; wall time, no checks.
"""


# ---------------------------------------------------------------------------- playing games
def flags_of(name: str) -> Any:
    return GAME.default_flags(FLAG_SETS[name])


def play_game(name: str, seed: int, visit: Callable[[Any, int, Any], None] | None = None) -> int:
    rng = derive(seed, "bench-daifugo", name)
    state = GAME.new_game(flags_of(name), seed)
    steps = 0
    while not GAME.round_over(state):
        seat = GAME.to_act(state)
        action = random_choice(GAME, state, seat, rng).action
        if visit is not None:
            visit(state, seat, action)
        state = GAME.apply(state, action, seat)
        steps += 1
    return steps


def record(games: int) -> dict[str, list[tuple[Any, int, Any]]]:
    """Positions (state, seat, action taken) by row group: "<set> lead" and "<set> follow"."""
    out: dict[str, list[tuple[Any, int, Any]]] = {}
    for name in FLAG_SETS:
        leads: list[tuple[Any, int, Any]] = []
        follows: list[tuple[Any, int, Any]] = []

        def visit(state: Any, seat: int, action: Any) -> None:
            if state.phase == "play":
                (follows if state.trick and state.top() is not None else leads).append((state, seat, action))

        for seed in range(games):
            play_game(name, seed, visit)
        out[f"{name} lead"] = leads
        out[f"{name} follow"] = follows
    return out


def fingerprint(groups: dict[str, list[tuple[Any, int, Any]]]) -> str:
    h = hashlib.sha1()
    for kind in sorted(groups):
        for state, seat, action in groups[kind]:
            h.update(json.dumps([kind, seat, [c.token for c in state.hands[seat]], action.to_json()]).encode())
    return h.hexdigest()[:12]


# ---------------------------------------------------------------------------- the richest positions
def rich_setup(hand: list[str], players: int = 4, trick: list[dict[str, Any]] | None = None,
               revolution: bool = False) -> dict[str, Any]:
    return {"game": "daifugo", "flags": {**RICH, "players": players}, "phase": "play", "to_act": 0,
            "trick": trick or [], "hands": {"0": hand}, "revolution": revolution}


def action_count(setup: dict[str, Any]) -> int:
    _, state = load_scenario(setup)
    return len(GAME.legal_actions(state, 0))


def hill_climb(setup: dict[str, Any], steps: int, seed: int = 1) -> tuple[dict[str, Any], int]:
    """Swap one natural card of seat 0's hand for one of the rest of the two decks (less the
    field), keeping the swap when the number of legal actions does not drop; the jokers stay."""
    rng = Rng(seed)
    deck = [f"{s}-{r}" for s in "SHDC" for r in RANKS] * 2
    for entry in setup["trick"]:
        for t in entry.get("cards", ()):
            if t in deck:
                deck.remove(t)
    hand = list(setup["hands"]["0"])
    best = action_count(setup)
    for _ in range(steps):
        rest = list(deck)
        for t in hand:
            if t in rest:
                rest.remove(t)
        out_i = rng.below(len(hand))
        if hand[out_i] == "JOKER":
            continue
        cand = hand[:out_i] + [rest[rng.below(len(rest))]] + hand[out_i + 1:]
        count = action_count({**setup, "hands": {"0": cand}})
        if count >= best:
            hand, best = cand, count
    key = {f"{s}-{r}": (RANKS.index(r), "SHDC".index(s)) for s in "SHDC" for r in RANKS}
    return {**setup, "hands": {"0": sorted(hand, key=lambda t: key.get(t, (99, 0)))}}, best


def rich_positions(search: int) -> dict[str, dict[str, Any]]:
    """The richest scenarios (JSON-ready, so the worker loads the very same ones): hand-built
    starts, each improved by ``hill_climb``."""
    runs = {s: [f"{s}-{r}" for r in RANKS] for s in "SHDC"}
    high = [f"{s}-{r}" for s in "SHDC" for r in RANKS[5:]]                 # 8 .. 2 in every suit: 32
    low = sorted([f"{s}-{r}" for s in "SHDC" for r in RANKS[1:5]] * 2,     # 4 .. 7, every card twice
                 key=lambda t: RANKS.index(t.split("-")[1]))
    starts = {
        "lead 27": rich_setup(runs["S"] + runs["H"][:12] + ["JOKER", "JOKER"], 4),
        "lead 36": rich_setup(runs["S"] + runs["H"] + runs["D"][:8] + ["C-3", "JOKER", "JOKER"], 3),
        "seq5 + joker on the table": rich_setup((high + high)[:26] + ["JOKER"], 4,
                                                [{"seat": 3, "cards": ["D-3", "D-4", "JOKER=D-5", "D-6", "D-7"]}]),
        "seq5, both jokers in hand": rich_setup((high + high)[:25] + ["JOKER", "JOKER"], 4,
                                                [{"seat": 3, "cards": ["S-3", "S-4", "S-5", "S-6", "S-7"]}]),
        "pair": rich_setup(low[:25] + ["JOKER", "JOKER"], 4, [{"seat": 3, "cards": ["S-3", "H-3"]}]),
    }
    out = {name: hill_climb(setup, search)[0] for name, setup in starts.items()}
    out["revolution, lead 27"] = {**out["lead 27"], "revolution": True}
    return out


# ---------------------------------------------------------------------------- timing
def timed(fn: Callable[[], Any], reps: int) -> float:
    """Median milliseconds of ``reps`` calls, after one warm-up call."""
    fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - t0)
    return statistics.median(times) / 1e6


def timed_both(fn: Callable[[], Any], reps: int) -> list[float]:
    """[median, fastest] milliseconds of ``reps`` calls, after one warm-up call."""
    fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - t0)
    return [statistics.median(times) / 1e6, min(times) / 1e6]


def measure(games: int, reps: int, whole: int, rich: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Everything this benchmark times, in the running interpreter (CPython or Pyodide)."""
    gc.enable()
    start = time.perf_counter()
    groups = record(games)
    rows: dict[str, dict[str, list[Any]]] = {}
    for group, positions in groups.items():
        for what in ("legal", "explain"):
            row: dict[str, list[Any]] = {"ms": [], "count": [], "index": []}
            for i, (state, seat, action) in enumerate(positions):
                if what == "legal":
                    row["ms"].append(timed(lambda: GAME.legal_actions(state, seat), reps))
                    row["count"].append(len(GAME.legal_actions(state, seat)))
                else:
                    row["ms"].append(timed(lambda: GAME.explain(state, action, seat), reps))
                    row["count"].append(0 if action is PASS else len(action.cards))
                row["index"].append(i)
            rows[f"{group} {what}"] = row

    worst: dict[str, dict[str, list[float]]] = {}
    wreps = max(reps, WORST_REPS)
    for name, setup in rich.items():
        _, state = load_scenario(setup)
        actions = GAME.legal_actions(state, 0)
        longest = max((a for a in actions if a is not PASS), key=lambda a: len(a.cards))
        sid = api.handle({"op": "load", "scenario": setup})["state"]
        reply = api.handle({"op": "legal", "state": sid})
        worst[name] = {
            "legal": [*timed_both(lambda: GAME.legal_actions(state, 0), wreps), len(actions)],
            "bridge legal": [*timed_both(lambda: api.handle({"op": "legal", "state": sid}), wreps),
                             len(reply["actions"])],
            "explain": [*timed_both(lambda: GAME.explain(state, longest, 0), wreps), len(longest.cards)],
        }

    page: dict[str, dict[str, Any]] = {}
    for name, setup in rich.items():
        sid = api.handle({"op": "load", "scenario": setup})["state"]
        _, state = load_scenario(setup)
        groups_by_cards: dict[tuple[str, ...], int] = {}
        for a in GAME.legal_actions(state, 0):
            if a is not PASS:
                key = tuple(sorted(c.physical.token for c in a.cards))
                groups_by_cards[key] = groups_by_cards.get(key, 0) + 1
        wild = sorted(k for k in groups_by_cards if "JOKER" in k)
        step = max(1, len(wild) // SELECTIONS)
        picked = wild[::step][:SELECTIONS]
        richest = max(wild, key=lambda k: (groups_by_cards[k], len(k)), default=None)
        if richest is not None and richest not in picked:
            picked.append(richest)  # the selection with the most readings (both jokers alone: 130)
        ms, sizes = [], []
        for key in picked:
            request = {"op": "legal", "state": sid, "seat": 0, "cards": list(key)}
            ms.append(timed(lambda: api.handle(request), reps))
            sizes.append(len(api.handle(request)["actions"]))
        decision = {"op": "legal", "state": sid, "seat": 0, "list": False, "side": True}
        page[name] = {"decision": timed_both(lambda: api.handle(decision), wreps), "readings": ms,
                      "sizes": sizes, "selections": len(wild), "physical": len(groups_by_cards)}

    per_set: dict[str, list[float]] = {}
    for name in FLAG_SETS:
        t0 = time.perf_counter()
        steps = sum(play_game(name, 10_000 + seed) for seed in range(whole))
        wall = time.perf_counter() - t0
        per_set[name] = [whole / wall, steps / max(1, whole)]
    return {"python": f"{platform.python_implementation()} {platform.python_version()}", "platform": sys.platform,
            "fingerprint": fingerprint(groups), "positions": {k: len(v) for k, v in groups.items()},
            "rows": rows, "worst": worst, "page": page, "games": per_set, "seconds": time.perf_counter() - start}


# ---------------------------------------------------------------------------- the worker (host side)
def run_worker(games: int, reps: int, whole: int, rich: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """``measure`` inside Pyodide under Node.js, the site's wheel installed; returns its result."""
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path
    sys.path.insert(0, REPO)
    from tools.site_wheel import build_site_wheel
    from tools.vendor_pyodide import PYODIDE_VERSION, ensure_pyodide
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node (Node.js >= 18) is needed for the worker figures (or pass --no-worker)")
    pyodide_dir = ensure_pyodide(Path(REPO) / ".cache")
    snippet = (f"import json, sys\nsys.path.insert(0, {HERE!r})\nimport daifugo_bench as b\n"
               f"rich = json.loads({json.dumps(rich)!r})\n"
               f"print({MARKER!r} + json.dumps(b.measure({games}, {reps}, {whole}, rich)))\n")
    with tempfile.TemporaryDirectory(prefix="daifugo-bench-") as tmp:
        build_site_wheel(Path(REPO), Path(tmp))
        proc = subprocess.run([node, os.path.join(REPO, "tests", "pyodide", "run_python.mjs"), "--pyodide",
                               str(pyodide_dir), "--wheels", tmp, "--root", REPO], input=snippet, text=True,
                              capture_output=True, cwd=REPO, timeout=1200)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith(MARKER)]
    if proc.returncode != 0 or not lines:
        raise SystemExit(f"the Pyodide run failed (exit {proc.returncode})\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    return json.loads(lines[-1][len(MARKER):]), {"pyodide": PYODIDE_VERSION, "node": version}


# ---------------------------------------------------------------------------- the report
def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[max(0, min(len(values) - 1, int(round(p / 100.0 * len(values) + 0.5)) - 1))]


def stats(values: list[float]) -> str:
    if not values:
        return f"{'-':>7} {'-':>7} {'-':>7}"
    return f"{statistics.median(values):7.3f} {pct(values, 95):7.3f} {max(values):7.3f}"


def profile_lines(fn: Callable[[], Any], calls: int, top: int = 10) -> list[str]:
    """cProfile of ``calls`` calls of ``fn`` in CPython: the functions with the most own time."""
    import cProfile
    import io
    import pstats
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(calls):
        fn()
    prof.disable()
    out = io.StringIO()
    st = pstats.Stats(prof, stream=out)
    st.sort_stats("tottime").print_stats(top)
    keep, on = [], False
    for ln in out.getvalue().splitlines():
        if ln.strip().startswith("ncalls"):
            on = True
        if on and ln.strip():
            keep.append("  " + ln.replace(REPO + os.sep, "").rstrip())
        elif "function calls" in ln:
            keep.append("  " + ln.strip())
    return keep


def commit() -> str:
    import subprocess
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout
        dirty = subprocess.run(["git", "status", "--porcelain", "tutor"], cwd=REPO, capture_output=True, text=True).stdout
        return rev.strip() + (" (tutor/ has uncommitted changes)" if dirty.strip() else "")
    except OSError:
        return "unknown"


def row_names() -> list[str]:
    return [f"{name} {kind} {what}" for name in FLAG_SETS for kind in ("lead", "follow") for what in ("legal", "explain")]


def report(args: argparse.Namespace, cpy: dict[str, Any], wrk: dict[str, Any] | None, versions: dict[str, str],
           rich: dict[str, dict[str, Any]]) -> str:
    defs = DEFINITIONS.replace("0..GAMES-1", f"0..{args.games - 1}").replace("REPS", str(args.reps)) \
        .replace("SEARCH", str(args.search)).replace("WHOLE", str(args.whole)) \
        .replace("WORST calls", f"{max(args.reps, WORST_REPS)} calls") \
        .replace("PYODIDE", versions.get("pyodide", "?")).replace("NODE", versions.get("node", "?"))
    lines = ["Daifugo benchmark (bench/daifugo_bench.py)", "=" * 43,
             f"python {cpy['python']} on {platform.machine()} ({os.cpu_count()} cpus), {platform.platform()}",
             f"worker {wrk['python'] + ' in Pyodide ' + versions['pyodide'] + ' under Node ' + versions['node'] if wrk else '(not run: --no-worker)'}",
             f"load average {' '.join(f'{x:.2f}' for x in args.load)} at the start (other work on the machine "
             f"skews CPython and worker alike)",
             f"cardtutor {commit()}", f"GAMES {args.games}, REPS {args.reps}, SEARCH {args.search}, WHOLE {args.whole}",
             f"date {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}", "", defs]
    same = "" if wrk is None else ("the same positions in the worker (fingerprint " + cpy["fingerprint"] + ")"
                                   if wrk["fingerprint"] == cpy["fingerprint"] else
                                   f"WORKER POSITIONS DIFFER ({cpy['fingerprint']} / {wrk['fingerprint']})")
    pos = cpy["positions"]
    lines += ["positions: " + ", ".join(f"{k} {v}" for k, v in pos.items()) + (f"; {same}" if same else ""), "",
              "Per decision (milliseconds)", "-" * 112,
              f"{'row':<34} {'n':>5} | {'CPython median':>14} {'p95':>7} {'max':>7} | {'worker median':>13} {'p95':>7} "
              f"{'max':>7} | {'size median (max)':<17}"]
    over: list[str] = []
    for name in row_names():
        c = cpy["rows"][name]
        w = wrk["rows"][name] if wrk else {"ms": []}
        if not c["ms"]:
            continue
        counts = c["count"]
        size = f"{statistics.median(counts):g} ({max(counts)})"
        lines.append(f"{name:<34} {len(c['ms']):>5} | {stats(c['ms']):>30} | {stats(w['ms']):>29} | {size}")
        if (w["ms"] or c["ms"]) and pct(w["ms"] or c["ms"], 95) >= GOAL_MS:
            over.append(name)
    lines.append("size: actions listed (legal, PASS included), cards in the action (explain; 0 for PASS)")
    lines.append(f"goal p95 < {GOAL_MS:g} ms in the {'worker' if wrk else 'CPython run (no worker)'}: " +
                 ("met by every row" if not over else "missed by " + ", ".join(over)))
    reps = max(args.reps, WORST_REPS)
    lines += ["", f"Richest positions built (milliseconds: median and fastest of {reps} calls; ratio of the medians)",
              "-" * 112,
              f"{'measure':<46} {'CPython median':>14} {'fastest':>8} | {'worker median':>13} {'fastest':>8} | "
              f"{'ratio':>5} | size"]
    for pname in rich:
        for name, (ms, fast, size) in cpy["worst"][pname].items():
            w = wrk["worst"][pname][name] if wrk else None
            wtxt = f"{w[0]:13.3f} {w[1]:8.3f} | {w[0] / ms:5.2f}" if w is not None else f"{'-':>13} {'-':>8} | {'-':>5}"
            lines.append(f"{pname + ': ' + name:<46} {ms:14.3f} {fast:8.3f} | {wtxt} | {size}")
    lines.append("size: actions listed (legal, bridge legal), cards in the longest play (explain)")
    for pname, setup in rich.items():
        if pname.startswith("revolution"):
            continue
        lines.append(f"{pname} hand: {' '.join(setup['hands']['0'])}")
    side = wrk or cpy
    slow = [f"{pname} {name} {vals[0]:.1f} ms" for pname in rich for name, vals in side["worst"][pname].items()
            if vals[0] >= GOAL_MS]
    lines.append(f"over {GOAL_MS:g} ms in the {'worker' if wrk else 'CPython run'}: " + ("; ".join(slow) if slow else "none")
                 + (" (the complete list of every joker reading: tests, golden cases, bots and hints ask for it, "
                    "the page does not; see below)" if slow else ""))
    lines += ["", "What the page asks at the richest positions (milliseconds; bridge calls as the page makes them)",
              "-" * 112,
              f"{'position':<28} {'decision call':>13} {'worker':>7} | {'sel':>4} {'of':>5} | "
              f"{'readings CPython median':>23} {'p95':>6} {'max':>6} | {'worker median':>13} {'p95':>6} "
              f"{'max':>6} | readings (max)"]
    pooled_c: list[float] = []
    pooled_w: list[float] = []
    for pname in rich:
        c = cpy["page"][pname]
        w = wrk["page"][pname] if wrk else None
        pooled_c += c["readings"]
        pooled_w += w["readings"] if w else []
        wdec = f"{w['decision'][0]:7.3f}" if w else f"{'-':>7}"
        wread = stats(w["readings"]) if w else f"{'-':>13} {'-':>6} {'-':>6}"
        sizes = c["sizes"]
        lines.append(f"{pname:<28} {c['decision'][0]:13.3f} {wdec} | {len(c['readings']):>4} {c['selections']:>5} | "
                     f"{stats(c['readings']):>38} | {wread:>28} | {statistics.median(sizes):g} ({max(sizes)})")
    side_ms = pooled_w or pooled_c
    lines.append(f"{'all selections':<28} {'':>13} {'':>7} | {len(pooled_c):>4} {'':>5} | {stats(pooled_c):>38} | "
                 f"{stats(pooled_w) if pooled_w else '-':>28} |")
    lines.append("decision call: legal with list false and side true (the spec of a choose-k decision and the calls "
                 "open now; median of the calls). sel: selections timed, of: every distinct set of physical cards with "
                 "a joker that makes a legal play (evenly spaced, sorted by tokens, and the one with the most readings). readings: legal with cards = the "
                 "selection, what the page asks when the learner presses Play with a joker among other cards (each "
                 "selection's median of REPS calls; median, p95, max over the selections).".replace("REPS", str(args.reps)))
    page_p95 = pct(side_ms, 95)
    lines.append(f"goal p95 < {GOAL_MS:g} ms in the {'worker' if wrk else 'CPython run'} for what the page asks at a "
                 f"decision: readings p95 {page_p95:.3f} ms, " + ("met" if page_p95 < GOAL_MS else "MISSED"))
    lines += ["", "Whole games (random bots, deal to score; wall time)", "-" * 112]
    for name, (gps, steps) in cpy["games"].items():
        wtxt = ""
        if wrk:
            wg = wrk["games"][name][0]
            wtxt = f" | worker {wg:7.1f} games/s ({1000.0 / wg:6.2f} ms per game); worker/CPython time {gps / wg:.2f}"
        lines.append(f"{name:<22} CPython {gps:7.1f} games/s ({1000.0 / gps:6.2f} ms per game, {steps:.0f} decisions)"
                     + wtxt)
    return "\n".join(lines)


def profiles(args: argparse.Namespace, cpy: dict[str, Any], wrk: dict[str, Any] | None,
             rich: dict[str, dict[str, Any]]) -> list[str]:
    """Where the time goes (CPython, cProfile): the richest leads and follows, and the slowest
    position of every row over the goal (in the worker, else in CPython)."""
    out = ["", f"Profiles (CPython, cProfile, sorted by own time; the top {PROFILE_TOP} functions)", "-" * 112]
    jobs: list[tuple[str, Callable[[], Any], int]] = []
    for pname in ("lead 27", "lead 36", "seq5, both jokers in hand"):
        _, state = load_scenario(rich[pname])
        jobs.append((f"{pname}: GAME.legal_actions, 10 calls", lambda state=state: GAME.legal_actions(state, 0), 10))
    side = wrk or cpy
    slow = [name for name in row_names() if side["rows"][name]["ms"] and pct(side["rows"][name]["ms"], 95) >= GOAL_MS]
    if slow:
        groups = record(args.games)
        for name in slow:
            row = side["rows"][name]
            at = row["index"][max(range(len(row["ms"])), key=row["ms"].__getitem__)]
            group = name.rsplit(" ", 1)[0]
            state, seat, action = groups[group][at]
            call = (lambda state=state, seat=seat: GAME.legal_actions(state, seat)) if name.endswith("legal") \
                else (lambda state=state, seat=seat, action=action: GAME.explain(state, action, seat))
            jobs.append((f"{name}: its slowest position (#{at}), 5 calls", call, 5))
    for title, fn, calls in jobs:
        out.append(title)
        out += profile_lines(fn, calls, PROFILE_TOP)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6, help="seeded games per rule set whose decisions are timed")
    ap.add_argument("--reps", type=int, default=5, help="timed calls per position")
    ap.add_argument("--search", type=int, default=300, help="hill-climb steps for each richest hand")
    ap.add_argument("--whole", type=int, default=30, help="games per rule set played for games per second")
    ap.add_argument("--no-worker", action="store_true", help="CPython only (no Node.js / Pyodide run)")
    ap.add_argument("--no-write", action="store_true", help="print only; leave bench/results/daifugo.txt alone")
    args = ap.parse_args()
    started = time.perf_counter()
    args.load = os.getloadavg()
    rich = rich_positions(args.search)
    cpy = measure(args.games, args.reps, args.whole, rich)
    wrk, versions = (None, {}) if args.no_worker else run_worker(args.games, args.reps, args.whole, rich)
    text = report(args, cpy, wrk, versions, rich)
    text += "\n" + "\n".join(profiles(args, cpy, wrk, rich)) + "\n"
    text += f"\ntotal run time {time.perf_counter() - started:.1f} s (CPython part {cpy['seconds']:.1f} s" + \
            (f", worker part {wrk['seconds']:.1f} s)" if wrk else ")") + "\n"
    print(text, end="")
    if not args.no_write:
        os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
        with open(RESULTS, "w", encoding="utf-8") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
