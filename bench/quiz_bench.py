"""Quiz benchmark: how long the engine takes to make one exercise (what the quiz page waits for
after "Next question"), per game and kind, in CPython and in Pyodide (the browser's runtime).

Runs with the project's own Python::

    .venv/bin/python bench/quiz_bench.py [--seeds 12] [--no-worker] [--no-write]

The peer is the work every exercise starts from: one hand dealt and played by the bots
(``tutor.quiz.positions.play_hand``); the ratio says what a kind adds to it (its near misses,
its judgements, the hands it draws again when one has no position for it). "Focused" is the
bridge's ``quiz`` op asked for the rules of one exercise of each kind (``for_rules``: the
spaced-practice path, which may try several kinds and seeds). Results go to
``bench/results/quiz.txt``.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
if sys.platform != "emscripten" and REPO not in sys.path:
    sys.path.insert(0, REPO)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from harness import commit, pct, run_in_worker  # noqa: E402

RESULTS = os.path.join(HERE, "results", "quiz.txt")


def measure(seeds: int = 12) -> dict[str, Any]:
    """Milliseconds per exercise for every game and kind, per hand for the peer, per focused call."""
    from tutor import quiz
    from tutor.api import handle
    from tutor.quiz.positions import play_hand
    from tutor.registry import SITE_NAMES, find_game
    from tutor.rng import Rng
    began = time.perf_counter()
    out: dict[str, Any] = {}
    for name in SITE_NAMES:
        game = find_game(name)
        hands = []
        for seed in range(seeds):
            rng = Rng(f"bench:{seed}")
            start = time.perf_counter()
            play_hand(game, rng)
            hands.append((time.perf_counter() - start) * 1000)
        kinds: dict[str, list[float]] = {}
        focused: list[float] = []
        for kind in quiz.kinds(game):
            times = []
            first = None
            for seed in range(seeds):
                start = time.perf_counter()
                made = quiz.generate(game, kind, 1000 + seed)
                times.append((time.perf_counter() - start) * 1000)
                first = first or made
            kinds[kind] = times
            if first is not None:
                start = time.perf_counter()
                handle({"op": "quiz", "game": name, "seed": 77, "rules": list(first.rule_ids)})
                focused.append((time.perf_counter() - start) * 1000)
        out[name] = {"hand": hands, "kinds": kinds, "focused": focused}
    return {"games": out, "seconds": time.perf_counter() - began}


def _row(label: str, values: list[float], hand: float) -> str:
    mean = sum(values) / len(values)
    return (f"  {label:<14} mean {mean:7.1f}  p95 {pct(values, 95):7.1f}  max {max(values):7.1f} ms"
            f"   {mean / hand:4.1f}x a hand")


def report(args: Any, cpy: dict[str, Any], wrk: dict[str, Any] | None, versions: dict[str, str]) -> str:
    lines = ["# Quiz: one exercise, per game and kind", "",
             f"commit {commit()}, {platform.python_implementation()} {platform.python_version()} on "
             f"{platform.machine()}, {os.cpu_count()} cores; {args.seeds} seeds per kind",
             (f"worker: Pyodide {versions['pyodide']} under Node {versions['node']}" if wrk else "worker: not run"), "",
             "## Definitions",
             "- exercise: `tutor.quiz.generate(game, kind, seed)`, every hand it draws included (ms);",
             "- a hand (the peer): `positions.play_hand`, one hand dealt and played by the bots (ms);",
             "- focused: the bridge's `quiz` op for the rules of one exercise of each kind (`for_rules`), ms;",
             "- Nx a hand: an exercise's mean over a hand's mean, in the same runtime.", ""]
    for runtime, data in (("CPython", cpy), ("Pyodide", wrk)):
        if data is None:
            continue
        lines.append(f"## {runtime}")
        worst = []
        for name, g in data["games"].items():
            hand = sum(g["hand"]) / len(g["hand"])
            lines.append(f"{name}: a hand {hand:.1f} ms (p95 {pct(g['hand'], 95):.1f})")
            for kind, times in g["kinds"].items():
                lines.append(_row(kind, times, hand))
                worst.append((pct(times, 95), f"{name} {kind}"))
            if g["focused"]:
                lines.append(_row("focused", g["focused"], hand))
        worst.sort(reverse=True)
        lines.append(f"slowest kinds by p95: " + "; ".join(f"{w} {t:.0f} ms" for t, w in worst[:5]))
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=12)
    parser.add_argument("--no-worker", action="store_true")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    cpy = measure(args.seeds)
    wrk, versions = (None, {}) if args.no_worker else run_in_worker("quiz_bench", {"seeds": args.seeds})
    text = report(args, cpy, wrk, versions)
    text += f"\ntotal run time {time.perf_counter() - started:.1f} s\n"
    print(text, end="")
    if not args.no_write:
        os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
        with open(RESULTS, "w", encoding="utf-8") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
