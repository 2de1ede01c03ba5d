"""Shengji 升級 benchmark: legal moves, explain, throws and the bury per decision, the worst lead we
could build, and whole random hands per second, in CPython and in Pyodide (the browser's runtime).

Runs with the project's own Python (no peer library; Shengji has no peer engine, so the figures
are absolute)::

    .venv/bin/python bench/shengji_bench.py [--hands 30] [--reps 5] [--games 40] [--no-worker] [--no-write]

The same functions of this file run twice: here, and inside Pyodide under Node.js
(tests/pyodide/run_python.mjs, the runtime vendored in .cache/, the site's slim wheel of ``tutor``
built afresh into a temporary folder and installed there, as the page's worker installs it). Both
sides replay the same seeded hands, so they time the same positions (checked by a fingerprint).
Every measure is defined in the report's "Definitions" section. Results go to
``bench/results/shengji.txt``. A run takes about a minute on 2 cores.
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
from tutor.actions import Play  # noqa: E402
from tutor.bots import random_choice  # noqa: E402
from tutor.registry import find_game  # noqa: E402
from tutor.rng import derive  # noqa: E402
from tutor.scenario import load_scenario  # noqa: E402
from tutor.windows import resolve  # noqa: E402

GAME = find_game("shengji")
FLAGS = GAME.flags({})  # the seed's rules: one deck, multi_lead (throws) on
RESULTS = os.path.join(HERE, "results", "shengji.txt")
MARKER = "@@shengji-bench@@"
GOAL_MS = 2.0
PROFILE_TOP = 8
WORST_REPS = 15  # calls per worst position (at least REPS)
EXPAND_POSITIONS = 5  # the bury's full listing (18,564 actions) is timed on this many positions only

DEFINITIONS = """\
Definitions
-----------
hands        seeds 0..HANDS-1: GAME.new_game(default flags, seed), played from the draw to the score
             with tutor.bots.random_choice at every in-turn decision (its stream derive(seed,
             "bench-shengji", "bots")); each exposure window resolved by tutor.windows.resolve (the
             heuristic's exposure rule, tutor.bots.interrupt_choice). Every decision of the bury and
             the play is a position; the draw steps are not timed.
lead         a leader to act on an empty trick. legal: GAME.legal_actions(state) (the single cards and
             every valid throw, SJ-THROW-2: it reads the other hands). explain: GAME.explain(state,
             action) of the bot's lead. public: GAME.public_legal(state, seat), the list the bridge
             sends a page bound to that seat (singles and EVERY set of 2+ cards of one effective suit,
             since the leader cannot see whether a throw stands).
follow       a seat to act on a trick holding 1-3 plays: legal and explain as above (the bot's play);
             "follow a throw" is the subset where the lead was a throw (its follow sets are
             combinations, k of n).
throw        an announced throw: at every lead position, for each effective suit the leader holds 2+
             cards of, (a) all of them and (b) a random subset of 2+ of them (derive(seed,
             "bench-shengji", "throws")); GAME.explain(state, Play(cards)), which compares the throw
             with the three other hands (SJ-THROW-2). "valid": the verdict is legal; "fails": another
             hand holds a higher card of the suit (sj.throw_fails, SJ-THROW-3).
bury         the dealer to act with 18 cards (choose 6, SJ-KITTY-1). spec: GAME.decision_spec(state)
             .to_json(), what the bridge's {op: legal} sends (the pool, k = 6 and the count 18,564);
             explain: GAME.explain of the bot's bury (spec.sample); legal_actions: the full listing of
             the 18,564 Decision values (CLI, golden runner and the hints' option list use it; the
             page does not), on the first EXPAND positions only.
timing       per position one warm-up call, then REPS calls with time.perf_counter_ns around each, gc
             enabled; the position's value is the MEDIAN of its REPS calls. median / p95 / max are over
             the positions of a row (p95 nearest-rank), in milliseconds. Goal: p95 < 2 ms in the worker.
worker       the same code inside Pyodide PYODIDE under Node.js NODE (WebAssembly in V8, as in the page's
             Web Worker; Node's clock ticks in about 1 µs, where Chromium's worker clock ticks in
             0.1 ms steps and cannot time one call). The wheel is the site's slim, minified one
             (tools/site_wheel.py), built from this work tree.
worst lead   a scenario: seat 0 to lead trick 1, trump rank 2, trumps hearts, holding RJ BJ H-2 S-2 D-2
             C-2 H-A H-K H-Q H-J H-10 H-9 (the twelve top trumps: every one of the 2^12 - 1 sets is a
             legal lead); the other hands filled from the rest of the deck by the scenario loader.
             legal, public as above; bridge legal: tutor.api.handle({op: legal}) on the position loaded
             with viewer 0 (public_legal + every action to JSON, as the page asks); explain: GAME.explain
             of the 12-card throw; bridge explain: {op: explain} with viewer 0 (the announcement verdict).
worst follow a scenario: seat 0 led a 6-card spade throw (S-A … S-9), seat 1 to act holds twelve diamonds
             (void in spades: any 6 of its 12 cards follow, C(12,6) = 924 sets). legal, bridge legal
             (no viewer: legal_actions to JSON), explain of a 6-diamond follow. Both worst positions:
             WORST calls after a warm-up; the median and the fastest call.
hands/s      whole hands as above (seeds 10000.., GAMES of them), from the deal to the score, including
             the window resolution after every step; wall time, no checks.
"""

WORST_LEAD = {"game": "shengji", "flags": {}, "phase": "play", "to_act": 0, "trick": [], "trump_rank": "2",
              "trump_suit": "H",
              "hands": {"0": ["RJ", "BJ", "H-2", "S-2", "D-2", "C-2", "H-A", "H-K", "H-Q", "H-J", "H-10", "H-9"]}}
WORST_FOLLOW = {"game": "shengji", "flags": {}, "phase": "play", "to_act": 1, "trump_rank": "2", "trump_suit": "H",
                "trick": [{"seat": 0, "cards": ["S-A", "S-K", "S-Q", "S-J", "S-10", "S-9"]}],
                "hands": {"1": ["D-3", "D-4", "D-5", "D-6", "D-7", "D-8", "D-9", "D-10", "D-J", "D-Q", "D-K", "D-A"]}}


# ---------------------------------------------------------------------------- playing hands
def settle(state: Any) -> Any:
    """Exposure windows resolved by the bots' rule, then closed (the draw goes on)."""
    return resolve(GAME, state).state


def play_hand(seed: int, visit: Callable[[Any, int, Any], None] | None = None) -> Any:
    rng = derive(seed, "bench-shengji", "bots")
    state = settle(GAME.new_game(FLAGS, seed))
    while not GAME.round_over(state):
        seat = GAME.to_act(state)
        action = random_choice(GAME, state, seat, rng).action
        if visit is not None:
            visit(state, seat, action)
        state = settle(GAME.apply(state, action, seat))
    return state


def record(hands: int) -> dict[str, list[tuple[Any, int, Any]]]:
    """Positions (state, seat, action taken) by kind: lead, follow, bury."""
    out: dict[str, list[tuple[Any, int, Any]]] = {"lead": [], "follow": [], "bury": []}

    def visit(state: Any, seat: int, action: Any) -> None:
        if state.phase == "bury":
            out["bury"].append((state, seat, action))
        elif state.phase == "play":
            out["follow" if state.trick else "lead"].append((state, seat, action))

    for seed in range(hands):
        play_hand(seed, visit)
    return out


def announced_throws(positions: list[tuple[Any, int, Any]]) -> list[tuple[Any, int, Any]]:
    """For each lead and each effective suit held 2+ times: all those cards, and a random subset."""
    out = []
    for i, (state, seat, _) in enumerate(positions):
        rng = derive(i, "bench-shengji", "throws")
        order = GAME.order(state)
        groups: dict[str, list[Any]] = {}
        for c in state.hands[seat]:
            groups.setdefault(order.effective_suit(c) or "T", []).append(c)
        for cards in groups.values():
            if len(cards) < 2:
                continue
            out.append((state, seat, Play(tuple(cards))))
            k = 2 + rng.below(len(cards) - 1)
            idx = list(range(len(cards)))
            rng.shuffle(idx)
            out.append((state, seat, Play(tuple(cards[j] for j in sorted(idx[:k])))))
    return out


def fingerprint(groups: dict[str, list[tuple[Any, int, Any]]]) -> str:
    h = hashlib.sha1()
    for kind in sorted(groups):
        for state, seat, action in groups[kind]:
            h.update(json.dumps([kind, seat, [c.token for c in state.hands[seat]], action.to_json()]).encode())
    return h.hexdigest()[:12]


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
    """[median, fastest] milliseconds of ``reps`` calls, after one warm-up call (the fastest call
    is the figure least disturbed by other work on the machine)."""
    fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - t0)
    return [statistics.median(times) / 1e6, min(times) / 1e6]


def _is_throw_follow(state: Any, seat: int, action: Any) -> bool:
    return len(state.trick[0].cards) > 1


def _valid(state: Any, seat: int, action: Any) -> bool:
    return GAME.explain(state, action, seat).legal


def _spec(state: Any, seat: int, action: Any) -> Any:
    return GAME.decision_spec(state, seat).to_json()


#: row -> (positions it is timed on, which of them, the call, its size). ``positions``: a kind of
#: ``record`` or "throw" (``announced_throws``); which: a test, or None for all.
ROW_CALLS: dict[str, tuple[str, Any, Callable[[Any, int, Any], Any], Callable[[Any, int, Any], int]]] = {
    "lead legal": ("lead", None, lambda s, seat, a: GAME.legal_actions(s, seat),
                   lambda s, seat, a: len(GAME.legal_actions(s, seat))),
    "lead explain": ("lead", None, lambda s, seat, a: GAME.explain(s, a, seat), lambda s, seat, a: len(a.cards)),
    "lead public": ("lead", None, lambda s, seat, a: GAME.public_legal(s, seat),
                    lambda s, seat, a: len(GAME.public_legal(s, seat))),
    "follow legal": ("follow", None, lambda s, seat, a: GAME.legal_actions(s, seat),
                     lambda s, seat, a: len(GAME.legal_actions(s, seat))),
    "follow a throw legal": ("follow", _is_throw_follow, lambda s, seat, a: GAME.legal_actions(s, seat),
                             lambda s, seat, a: len(GAME.legal_actions(s, seat))),
    "follow explain": ("follow", None, lambda s, seat, a: GAME.explain(s, a, seat), lambda s, seat, a: len(a.cards)),
    "throw explain, valid": ("throw", _valid, lambda s, seat, a: GAME.explain(s, a, seat),
                             lambda s, seat, a: len(a.cards)),
    "throw explain, fails": ("throw", lambda s, seat, a: not _valid(s, seat, a),
                             lambda s, seat, a: GAME.explain(s, a, seat), lambda s, seat, a: len(a.cards)),
    "bury spec": ("bury", None, _spec, lambda s, seat, a: GAME.decision_spec(s, seat).count()),
    "bury explain": ("bury", None, lambda s, seat, a: GAME.explain(s, a, seat), lambda s, seat, a: len(a.value)),
    "bury legal_actions": ("bury", None, lambda s, seat, a: GAME.legal_actions(s, seat),
                           lambda s, seat, a: len(GAME.legal_actions(s, seat))),
}
ROWS = tuple(ROW_CALLS)


def positions(hands: int) -> dict[str, list[tuple[Any, int, Any]]]:
    """The recorded positions by kind, with the announced throws as kind "throw"."""
    groups = record(hands)
    groups["throw"] = announced_throws(groups["lead"])
    return groups


def measure(hands: int, reps: int, games: int) -> dict[str, Any]:
    """Everything this benchmark times, in the running interpreter (CPython or Pyodide)."""
    gc.enable()
    start = time.perf_counter()
    groups = positions(hands)
    rows: dict[str, dict[str, list[Any]]] = {}
    for name, (kind, which, call, size) in ROW_CALLS.items():
        row: dict[str, list[Any]] = {"ms": [], "count": [], "index": []}
        expand = name == "bury legal_actions"
        for i, (state, seat, action) in enumerate(groups[kind]):
            if expand and i >= EXPAND_POSITIONS:
                break
            if which is not None and not which(state, seat, action):
                continue
            row["ms"].append(timed(lambda: call(state, seat, action), max(1, reps // 2) if expand else reps))
            row["count"].append(size(state, seat, action))
            row["index"].append(i)
        rows[name] = row

    worst: dict[str, Any] = {}
    wreps = max(reps, WORST_REPS)
    _, lead = load_scenario(WORST_LEAD)
    actions = GAME.legal_actions(lead, 0)
    biggest = max(actions, key=lambda a: len(a.cards))
    sid = api.handle({"op": "load", "scenario": WORST_LEAD, "viewer": 0})["state"]
    big_json = biggest.to_json()
    worst["lead"] = {
        "legal": [*timed_both(lambda: GAME.legal_actions(lead, 0), wreps), len(actions)],
        "public": [*timed_both(lambda: GAME.public_legal(lead, 0), wreps), len(GAME.public_legal(lead, 0))],
        "bridge legal": [*timed_both(lambda: api.handle({"op": "legal", "state": sid}), wreps),
                         len(api.handle({"op": "legal", "state": sid})["actions"])],
        "explain (12-card throw)": [*timed_both(lambda: GAME.explain(lead, biggest, 0), wreps), len(biggest.cards)],
        "bridge explain": [*timed_both(lambda: api.handle({"op": "explain", "state": sid, "action": big_json}),
                                                wreps),
                           len(biggest.cards)],
    }
    _, follow = load_scenario(WORST_FOLLOW)
    factions = GAME.legal_actions(follow, 1)
    fsid = api.handle({"op": "load", "scenario": WORST_FOLLOW})["state"]
    six = factions[0]
    worst["follow"] = {
        "legal": [*timed_both(lambda: GAME.legal_actions(follow, 1), wreps), len(factions)],
        "bridge legal": [*timed_both(lambda: api.handle({"op": "legal", "state": fsid}), wreps),
                         len(api.handle({"op": "legal", "state": fsid})["actions"])],
        "explain (6-card follow)": [*timed_both(lambda: GAME.explain(follow, six, 1), wreps), len(six.cards)],
    }
    worst["lead verdict"] = GAME.explain(lead, biggest, 0).key

    t0 = time.perf_counter()
    decisions = [0]

    def count(*_: Any) -> None:
        decisions[0] += 1

    for seed in range(games):
        play_hand(10_000 + seed, count)
    wall = time.perf_counter() - t0
    return {"python": f"{platform.python_implementation()} {platform.python_version()}", "platform": sys.platform,
            "fingerprint": fingerprint(groups), "positions": {k: len(v) for k, v in groups.items()},
            "rows": rows, "worst": worst, "hands_per_s": games / wall,
            "decisions_per_hand": decisions[0] / max(1, games), "seconds": time.perf_counter() - start}


# ---------------------------------------------------------------------------- the worker (host side)
def run_worker(hands: int, reps: int, games: int) -> tuple[dict[str, Any], dict[str, str]]:
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
    snippet = (f"import json, sys\nsys.path.insert(0, {HERE!r})\nimport shengji_bench as b\n"
               f"print({MARKER!r} + json.dumps(b.measure({hands}, {reps}, {games})))\n")
    with tempfile.TemporaryDirectory(prefix="shengji-bench-") as tmp:
        build_site_wheel(Path(REPO), Path(tmp))
        proc = subprocess.run([node, os.path.join(REPO, "tests", "pyodide", "run_python.mjs"), "--pyodide",
                               str(pyodide_dir), "--wheels", tmp, "--root", REPO], input=snippet, text=True,
                              capture_output=True, cwd=REPO, timeout=600)
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


def report(args: argparse.Namespace, cpy: dict[str, Any], wrk: dict[str, Any] | None, versions: dict[str, str]) -> str:
    defs = DEFINITIONS.replace("0..HANDS-1", f"0..{args.hands - 1}").replace("HANDS", str(args.hands)).replace("REPS", str(args.reps)) \
        .replace("GAMES", str(args.games)).replace("EXPAND", str(EXPAND_POSITIONS)).replace("WORST calls", f"{max(args.reps, WORST_REPS)} calls") \
        .replace("PYODIDE", versions.get("pyodide", "?")).replace("NODE", versions.get("node", "?"))
    lines = ["Shengji benchmark (bench/shengji_bench.py)", "=" * 43,
             f"python {cpy['python']} on {platform.machine()} ({os.cpu_count()} cpus), {platform.platform()}",
             f"worker {wrk['python'] + ' in Pyodide ' + versions['pyodide'] + ' under Node ' + versions['node'] if wrk else '(not run: --no-worker)'}",
             f"load average {' '.join(f'{x:.2f}' for x in args.load)} at the start (other work on the machine "
             f"skews CPython and worker alike)",
             f"cardtutor {commit()}", f"HANDS {args.hands}, REPS {args.reps}, GAMES {args.games}",
             f"date {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}", "", defs]
    pos = cpy["positions"]
    same = "" if wrk is None else ("; the same positions in the worker (fingerprint " + cpy["fingerprint"] + ")"
                                   if wrk["fingerprint"] == cpy["fingerprint"] else
                                   f"; WORKER POSITIONS DIFFER ({cpy['fingerprint']} / {wrk['fingerprint']})")
    lines += [f"positions: {pos['lead']} leads, {pos['follow']} follows, {pos['bury']} buries, "
              f"{pos['throw']} announced throws{same}", "",
              "Per decision (milliseconds)", "-" * 104,
              f"{'row':<22} {'n':>5} | {'CPython median':>14} {'p95':>7} {'max':>7} | {'worker median':>13} {'p95':>7} "
              f"{'max':>7} | {'size median (max)':<17}"]
    over: list[str] = []
    for name in ROWS:
        c = cpy["rows"][name]
        w = wrk["rows"][name] if wrk else {"ms": []}
        if not c["ms"]:
            continue
        counts = c["count"]
        size = f"{statistics.median(counts):g} ({max(counts)})"
        lines.append(f"{name:<22} {len(c['ms']):>5} | {stats(c['ms']):>30} | {stats(w['ms']):>29} | {size}")
        if w["ms"] and pct(w["ms"], 95) >= GOAL_MS:
            over.append(name)
    lines.append("size: actions listed (legal, public), cards in the action (explain), count of the spec (bury spec)")
    if wrk:
        lines.append(f"goal p95 < {GOAL_MS:g} ms in the worker: " +
                     ("met by every row" if not over else "missed by " + ", ".join(over)))
    reps = max(args.reps, WORST_REPS)
    lines += ["", f"Worst positions built (milliseconds: median and fastest of {reps} calls; ratio of the medians)",
              "-" * 104,
              f"{'measure':<38} {'CPython median':>14} {'fastest':>8} | {'worker median':>13} {'fastest':>8} | "
              f"{'ratio':>5} | size"]
    for kind in ("lead", "follow"):
        for name, (ms, fast, size) in cpy["worst"][kind].items():
            w = wrk["worst"][kind][name] if wrk else None
            wtxt = f"{w[0]:13.3f} {w[1]:8.3f} | {w[0] / ms:5.2f}" if w is not None else f"{'-':>13} {'-':>8} | {'-':>5}"
            lines.append(f"{'worst ' + kind + ': ' + name:<38} {ms:14.3f} {fast:8.3f} | {wtxt} | {size}")
    lines.append(f"(the 12-card throw's verdict: {cpy['worst']['lead verdict']})")
    if wrk:
        slow = [f"{kind} {name} {ms:.1f} ms" for kind in ("lead", "follow")
                for name, (ms, _, _) in wrk["worst"][kind].items() if ms >= GOAL_MS]
        lines.append(f"over {GOAL_MS:g} ms in the worker: " + ("; ".join(slow) if slow else "none"))
    lines += ["", "Whole hands (random bots, draw to score)", "-" * 104,
              f"CPython {cpy['hands_per_s']:8.1f} hands/s  ({1000.0 / cpy['hands_per_s']:.2f} ms per hand, "
              f"{cpy['decisions_per_hand']:.0f} in-turn decisions per hand)"]
    if wrk:
        lines.append(f"worker  {wrk['hands_per_s']:8.1f} hands/s  ({1000.0 / wrk['hands_per_s']:.2f} ms per hand); "
                     f"worker/CPython time ratio {cpy['hands_per_s'] / wrk['hands_per_s']:.2f}")
    return "\n".join(lines)


def profiles(args: argparse.Namespace, cpy: dict[str, Any], wrk: dict[str, Any] | None) -> list[str]:
    """Where the time goes (CPython, cProfile): the worst positions built, and the slowest
    position of every row whose p95 in the worker (CPython without it) is over the goal."""
    out = ["", f"Profiles (CPython, cProfile, sorted by own time; the top {PROFILE_TOP} functions)", "-" * 104]
    _, lead = load_scenario(WORST_LEAD)
    _, follow = load_scenario(WORST_FOLLOW)
    sid = api.handle({"op": "load", "scenario": WORST_LEAD, "viewer": 0})["state"]
    jobs: list[tuple[str, Callable[[], Any], int]] = [
        ("worst lead: GAME.legal_actions, 20 calls", lambda: GAME.legal_actions(lead, 0), 20),
        ("worst lead: bridge {op: legal} (viewer 0), 20 calls", lambda: api.handle({"op": "legal", "state": sid}), 20),
        ("worst follow: GAME.legal_actions, 10 calls", lambda: GAME.legal_actions(follow, 1), 10)]
    side = wrk or cpy
    slow = [name for name in ROWS if side["rows"][name]["ms"] and pct(side["rows"][name]["ms"], 95) >= GOAL_MS]
    if slow:
        groups = positions(args.hands)
        for name in slow:
            row = side["rows"][name]
            at = row["index"][max(range(len(row["ms"])), key=row["ms"].__getitem__)]
            kind, _, call, _ = ROW_CALLS[name]
            state, seat, action = groups[kind][at]
            jobs.append((f"{name}: its slowest position ({kind} #{at}), 3 calls",
                         lambda call=call, state=state, seat=seat, action=action: call(state, seat, action), 3))
    for title, fn, calls in jobs:
        out.append(title)
        out += profile_lines(fn, calls, PROFILE_TOP)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=30, help="seeded hands whose decisions are timed")
    ap.add_argument("--reps", type=int, default=5, help="timed calls per position")
    ap.add_argument("--games", type=int, default=40, help="hands played for hands per second")
    ap.add_argument("--no-worker", action="store_true", help="CPython only (no Node.js / Pyodide run)")
    ap.add_argument("--no-write", action="store_true", help="print only; leave bench/results/shengji.txt alone")
    args = ap.parse_args()
    started = time.perf_counter()
    args.load = os.getloadavg()
    cpy = measure(args.hands, args.reps, args.games)
    wrk, versions = (None, {}) if args.no_worker else run_worker(args.hands, args.reps, args.games)
    text = report(args, cpy, wrk, versions)
    text += "\n" + "\n".join(profiles(args, cpy, wrk)) + "\n"
    text += f"\ntotal run time {time.perf_counter() - started:.1f} s (CPython part {cpy['seconds']:.1f} s" + \
            (f", worker part {wrk['seconds']:.1f} s)" if wrk else ")") + "\n"
    print(text, end="")
    if not args.no_write:
        os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
        with open(RESULTS, "w", encoding="utf-8") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
