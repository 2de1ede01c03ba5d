"""Jian Hong Dian (撿紅点) and 2d6-check benchmark: what the page asks per decision (legal moves,
applying a turn, the view it draws) in CPython and in Pyodide (the browser's runtime), and whole
random deals per second. No other engine plays these rule sets: the figures are absolute.

    .venv/bin/python bench/minor_bench.py [--deals 8] [--reps 5] [--whole 60] [--no-worker] [--no-write]

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

from harness import commit, pct, run_in_worker, stats, timed  # noqa: E402

from tutor.actions import Decision  # noqa: E402
from tutor.bots import random_choice  # noqa: E402
from tutor.registry import find_game  # noqa: E402
from tutor.rng import derive  # noqa: E402

JHD = find_game("jianhongdian")
DICE = find_game("dice")
RESULTS = os.path.join(HERE, "results", "minor.txt")
GOAL_MS = 2.0
FLAG_SETS = {"jhd 2p": {"players": 2}, "jhd 3p": {"players": 3}, "jhd 4p": {"players": 4},
             "jhd 4p optional": {"players": 4, "capture_optional": True}}

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


def measure(deals: int, reps: int, whole: int) -> dict[str, Any]:
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
    return {"python": f"{platform.python_implementation()} {platform.python_version()}",
            "fingerprint": fingerprint(groups), "rows": rows, "deals": per_set,
            "seconds": time.perf_counter() - start}


def report(args: argparse.Namespace, cpy: dict[str, Any], wrk: dict[str, Any] | None, versions: dict[str, str]) -> str:
    defs = (DEFINITIONS.replace("DEALS-1", str(args.deals - 1)).replace("REPS", str(args.reps))
            .replace("WHOLE", str(args.whole)))
    same = "" if wrk is None else ("the same positions in the worker (fingerprint " + cpy["fingerprint"] + ")"
                                   if wrk["fingerprint"] == cpy["fingerprint"] else
                                   f"WORKER POSITIONS DIFFER ({cpy['fingerprint']} / {wrk['fingerprint']})")
    lines = ["Jian Hong Dian and 2d6-check benchmark (bench/minor_bench.py)", "=" * 62,
             f"python {cpy['python']} on {platform.machine()} ({os.cpu_count()} cpus), {platform.platform()}",
             f"worker {wrk['python'] + ' in Pyodide ' + versions['pyodide'] + ' under Node ' + versions['node'] if wrk else '(not run: --no-worker)'}",
             f"load average {' '.join(f'{x:.2f}' for x in args.load)} at the start",
             f"cardtutor {commit()}", f"DEALS {args.deals}, REPS {args.reps}, WHOLE {args.whole}",
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
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=8, help="seeded deals per rule set whose positions are timed")
    ap.add_argument("--reps", type=int, default=5, help="timed calls per position")
    ap.add_argument("--whole", type=int, default=60, help="deals per rule set played for deals per second")
    ap.add_argument("--no-worker", action="store_true", help="CPython only (no Node.js / Pyodide run)")
    ap.add_argument("--no-write", action="store_true", help="print only; leave the results file alone")
    args = ap.parse_args()
    started = time.perf_counter()
    args.load = os.getloadavg()
    kwargs = {"deals": args.deals, "reps": args.reps, "whole": args.whole}
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
