"""Napoleon benchmark (CPython): legal moves and trick resolution per position, whole games per second.

Runs with the project's own Python (no peer library)::

    .venv/bin/python bench/napoleon_bench.py [--games 200] [--reps 9] [--no-write]

Positions are recorded from seeded games played by the heuristic bot; every measure is
defined in the report's "Definitions" section. Results go to ``bench/results/napoleon.txt``.
Runs in well under a minute on 2 cores.
"""
from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import subprocess
import sys
import time
from typing import Any, Callable

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)

import tutor.api as api  # noqa: E402
from tutor.bots import heuristic_choice, random_choice  # noqa: E402
from tutor.registry import find_game  # noqa: E402
from tutor.games.napoleon.tricks import trick_winner  # noqa: E402
from tutor.rng import Rng  # noqa: E402

GAME = find_game("napoleon")
RESULTS = os.path.join(REPO, "bench", "results", "napoleon.txt")

DEFINITIONS = """\
Definitions
-----------
positions    recorded from GAMES seeded games (seeds 0..GAMES-1, default flags) played to the end by the
             heuristic bot (tutor.games.napoleon.bot) at all five seats; every decision of every game is
             a position, grouped by phase, and play positions by how many cards the trick already holds
             (0 = leading, 1-4 = following).
legal        one call GAME.legal_actions(state) (Action values), in microseconds.
bridge       one call tutor.api.handle({"op":"legal","state":sid}) as the page makes it (state lookup,
             legal_actions, every action to JSON), in microseconds.
explain      one call GAME.explain(state, action) for the action the bot took there, in microseconds.
resolve      trick resolution alone: one call tricks.trick_winner(plays, trump, trick_no, joker_suit,
             flags...) on each finished trick of the recorded games, in microseconds.
last card    one call GAME.apply(state, fifth card): checks the play, resolves the trick, hands the cards
             and the discards to the winner, sets the next leader (and scores the game after trick 10).
timing       per position one warm-up call, then REPS calls, time.perf_counter_ns around each, gc enabled;
             the per-position time is the MEDIAN of its REPS calls. median / p95 / max are over the
             positions of a row (p95 nearest-rank).
games/s      whole games from a fresh seeded deal to the score, each seat's action from
             tutor.bots.random_choice (random) or heuristic_choice (heuristic); wall time over
             GAMES games, legal_actions + choice + apply for every decision, no checks.
"""


def record(games: int) -> tuple[dict[str, list[tuple[Any, Any]]], list[tuple[Any, Any]]]:
    """Positions (state, action taken) by group, and (state before the 5th card, that card) pairs."""
    groups: dict[str, list[tuple[Any, Any]]] = {}
    last_cards: list[tuple[Any, Any]] = []
    for seed in range(games):
        state = GAME.new_game(GAME.flags({}), seed)
        while not GAME.round_over(state):
            seat = GAME.to_act(state)
            action = heuristic_choice(GAME, state, seat).action
            if state.phase == "play":
                group = f"play, {len(state.trick)} in trick" if state.trick else "play, leading"
                if len(state.trick) == 4:
                    last_cards.append((state, action))
            else:
                group = state.phase
            groups.setdefault(group, []).append((state, action))
            state = GAME.apply(state, action, seat)
    return groups, last_cards


def timed(fn: Callable[[], Any], reps: int) -> float:
    fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - t0)
    return statistics.median(times) / 1000.0


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[max(0, min(len(values) - 1, int(round(p / 100.0 * len(values) + 0.5)) - 1))]


def row(name: str, values: list[float], extra: str = "") -> str:
    return (f"{name:<24} {len(values):>5} | {statistics.median(values):>8.1f} {pct(values, 95):>8.1f} "
            f"{max(values):>8.1f}{extra}")


def games_per_second(games: int, heuristic: bool) -> float:
    t0 = time.perf_counter()
    for seed in range(games):
        state = GAME.new_game(GAME.flags({}), 10_000 + seed)
        rng = Rng(seed)
        while not GAME.round_over(state):
            seat = GAME.to_act(state)
            choice = heuristic_choice(GAME, state, seat) if heuristic else random_choice(GAME, state, seat, rng)
            state = GAME.apply(state, choice.action, seat)
    return games / (time.perf_counter() - t0)


def commit() -> str:
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout
        dirty = subprocess.run(["git", "status", "--porcelain", "tutor"], cwd=REPO, capture_output=True, text=True).stdout
        return rev.strip() + (" (tutor/ has uncommitted changes)" if dirty.strip() else "")
    except OSError:
        return "unknown"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--reps", type=int, default=9)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    start = time.perf_counter()
    gc.enable()
    groups, last_cards = record(args.games)
    lines = ["Napoleon benchmark (bench/napoleon_bench.py)", "=" * 45,
             f"python {platform.python_implementation()} {platform.python_version()} on {platform.machine()} "
             f"({os.cpu_count()} cpus), {platform.platform()}",
             f"cardtutor {commit()}", f"GAMES {args.games}, REPS {args.reps}",
             f"date {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}", "", DEFINITIONS,
             "Legal moves, bridge and explain per position (microseconds)",
             "-" * 84,
             f"{'position':<24} {'n':>5} | {'median':>8} {'p95':>8} {'max':>8}   (legal; bridge and explain medians, actions)"]
    order = ["auction", "call_adjutant", "discard", "joker_suit", "play, leading"] + \
        [f"play, {k} in trick" for k in range(1, 5)]
    all_play: list[float] = []
    for name in order:
        items = groups.get(name, [])
        if not items:
            continue
        if name in ("discard", "auction", "call_adjutant"):
            items = items[: max(50, len(items) // 4)]
        legal_t, bridge_t, explain_t, counts = [], [], [], []
        for state, action in items:
            legal_t.append(timed(lambda: GAME.legal_actions(state), args.reps))
            sid = api._store(GAME, state)
            bridge_t.append(timed(lambda: api.handle({"op": "legal", "state": sid}), args.reps))
            explain_t.append(timed(lambda: GAME.explain(state, action), args.reps))
            counts.append(len(GAME.legal_actions(state)))
        if name.startswith("play"):
            all_play.extend(legal_t)
        lines.append(row(name, legal_t, f"   bridge {statistics.median(bridge_t):7.1f}  explain "
                                        f"{statistics.median(explain_t):6.1f}  actions {statistics.median(counts):g}"
                                        f" (max {max(counts)})"))
    lines.append(row("play, all", all_play))
    lines += ["", "Trick resolution per finished trick (microseconds)", "-" * 84,
              f"{'measure':<24} {'n':>5} | {'median':>8} {'p95':>8} {'max':>8}"]
    resolve_t, apply_t = [], []
    for state, action in last_cards:
        plays = [(e.seat, e.card) for e in state.trick] + [(state.to_act, action.cards[0])]
        flags = state.flags
        resolve_t.append(timed(lambda: trick_winner(plays, state.trump, state.trick_no, state.trick[0].joker_suit,
                                                    flags.same2_first_trick, flags.joker_request_weakens), args.reps))
        apply_t.append(timed(lambda: GAME.apply(state, action), args.reps))
    lines.append(row("resolve (trick_winner)", resolve_t))
    lines.append(row("last card (apply)", apply_t))
    rnd = games_per_second(args.games, heuristic=False)
    heu = games_per_second(args.games, heuristic=True)
    lines += ["", "Whole games", "-" * 84,
              f"random bots      {rnd:8.1f} games/s  ({1000.0 / rnd:.2f} ms per game)",
              f"heuristic bots   {heu:8.1f} games/s  ({1000.0 / heu:.2f} ms per game)",
              "", f"total run time {time.perf_counter() - start:.1f} s"]
    report = "\n".join(lines) + "\n"
    print(report, end="")
    if not args.no_write:
        os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
        with open(RESULTS, "w", encoding="utf-8") as fh:
            fh.write(report)


if __name__ == "__main__":
    main()
