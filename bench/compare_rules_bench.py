"""Compare benchmark: how long the engine takes to set one position beside another rule (what the
"compare with another rule" panel waits for after a choice), per game, in CPython and in Pyodide.

Runs with the project's own Python::

    .venv/bin/python bench/compare_rules_bench.py [--seeds 4] [--no-worker] [--no-write]

Positions: every fourth decision of seeded hands played by the bots
(``tutor.quiz.positions.play_hand``), the move made there in focus; changes: every one the page
offers there (``tutor.compare.changes``: each flag's other values, each preset). The peer is the
bridge's ``legal`` listing of the same seat (what the page already asks at every decision): the
ratio says what a comparison costs beyond it. Results go to ``bench/results/compare_rules.txt``.
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

RESULTS = os.path.join(HERE, "results", "compare_rules.txt")


def measure(seeds: int = 4) -> dict[str, Any]:
    """Milliseconds per comparison (and per ``legal`` listing, the peer) for every site game."""
    from tutor.compare import changes, compare
    from tutor.quiz.positions import play_hand
    from tutor.registry import SITE_NAMES, find_game
    from tutor.rng import Rng
    began = time.perf_counter()
    out: dict[str, Any] = {}
    for name in SITE_NAMES:
        game = find_game(name)
        times: list[float] = []
        peer: list[float] = []
        kinds = {"cannot": 0, "same": 0, "differs": 0, "many": 0}
        for seed in range(seeds):
            hand = play_hand(game, Rng(f"compare-bench:{seed}"))
            for point in hand.points[::4]:
                start = time.perf_counter()
                game.legal_actions(point.state, point.seat, point.in_turn)
                peer.append((time.perf_counter() - start) * 1000)
                offered = changes(game, point.state)
                for change in offered["flags"] + [{"preset": p} for p in offered["presets"]]:
                    start = time.perf_counter()
                    result = compare(game, point.state, point.seat, change, "en", focus=point.action,
                                     in_turn=point.in_turn)
                    times.append((time.perf_counter() - start) * 1000)
                    kind = ("cannot" if "cannot" in result else "same" if result.get("same") or result.get("same_rules")
                            else "many" if result.get("same") is None else "differs")
                    kinds[kind] += 1
        out[name] = {"compare": times, "legal": peer, "kinds": kinds}
    return {"games": out, "seconds": time.perf_counter() - began}


def report(args: Any, cpy: dict[str, Any], wrk: dict[str, Any] | None, versions: dict[str, str]) -> str:
    lines = ["# Compare with another rule: one position under another rule, per game", "",
             f"commit {commit()}, {platform.python_implementation()} {platform.python_version()} on "
             f"{platform.machine()}, {os.cpu_count()} cores; {args.seeds} seeded hands per game, every 4th decision",
             (f"worker: Pyodide {versions['pyodide']} under Node {versions['node']}" if wrk else "worker: not run"), "",
             "## Definitions",
             "- compare: `tutor.compare.compare` for one change offered there, the move made in focus (ms);",
             "- legal (the peer): `Game.legal_actions` of the same seat, what the page asks at a decision (ms);",
             "- Nx legal: a comparison's mean over the listing's mean, in the same runtime.", ""]
    for runtime, data in (("CPython", cpy), ("Pyodide", wrk)):
        if data is None:
            continue
        lines.append(f"## {runtime}")
        for name, g in data["games"].items():
            t, peer = g["compare"], g["legal"]
            mean, base = sum(t) / len(t), max(1e-6, sum(peer) / len(peer))
            lines.append(f"{name:<13} {len(t):5d} comparisons  mean {mean:6.2f}  p95 {pct(t, 95):6.2f}  "
                         f"max {max(t):7.1f} ms   {mean / base:5.1f}x legal  ({', '.join(f'{k} {v}' for k, v in g['kinds'].items())})")
        lines.append(f"run {data['seconds']:.1f} s")
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--no-worker", action="store_true")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    cpy = measure(args.seeds)
    wrk, versions = (None, {}) if args.no_worker else run_in_worker("compare_rules_bench", {"seeds": args.seeds})
    text = report(args, cpy, wrk, versions)
    text += f"\ntotal run time {time.perf_counter() - started:.1f} s\n"
    print(text, end="")
    if not args.no_write:
        os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
        with open(RESULTS, "w", encoding="utf-8") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
