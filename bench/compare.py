#!/usr/bin/env python3
"""The legal-move benches on two commits, interleaved in one run, and the medians side by side.

``python bench/compare.py BEFORE [AFTER] [--rounds 3] [--only tichu,napoleon]`` checks both commits
out as git worktrees under ``.cache/bench-compare/`` (AFTER defaults to the working tree itself, so
uncommitted changes count), then runs each commit's own benches (``bench/run.sh``,
``bench/tichu_legal.py``, ``bench/napoleon_bench.py``, ``bench/worker_games.py``, all with
``--no-write``) round after round, alternating which commit goes first (A B, then B A, ...), so
that a machine getting busier or quieter weighs on both alike.

Why the commits' own benches: a bench may use an API the older commit does not have, and each
commit is measured the way its own code is meant to be called. Only the rows both reports share
are compared; rows only one side has are listed apart.

Every figure compared is a time (lower is better); games per second are turned into milliseconds
per game. Each figure is shown as the best of the rounds (the lowest: on a shared machine the
noise only ever adds time, which is why ``timeit`` reads the minimum) and as their median; the
ratio is after / before; rows whose best is more than 10 % slower are marked. The report goes to ``bench/results/compare.txt`` (``--no-write``: print
only).
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".cache" / "bench-compare"
RESULTS = ROOT / "bench" / "results" / "compare.txt"
PY = ROOT / ".venv" / "bin" / "python"
LIMIT = 1.10  # the bar: no median more than 10 % slower

NUM = r"([\d.]+)"
Metrics = dict[str, float]


def _table(text: str, prefix: str, columns: dict[str, int]) -> Metrics:
    """Rows ``label  n | a b | c d | ...``: the named columns (0 = the first number after ``n |``)."""
    out: Metrics = {}
    for line in text.splitlines():
        m = re.match(r"^(\S.*?|\s+\S.*?)\s+(\d+) \|(.*)$", line)
        if not m:
            continue
        numbers = re.findall(r"-?\d+(?:\.\d+)?", m.group(3))
        label = m.group(1).strip()
        for name, index in columns.items():
            if index < len(numbers):
                out[f"{prefix}{label}: {name}"] = float(numbers[index])
    return out


def parse_ddz(text: str) -> Metrics:
    out = _table(text.split("Set differences")[0], "ddz legal ", {"bridge us": 0, "raw us": 2})
    for m in re.finditer(r"^([34])\s+\d+\s+[\d.]+\s+" + NUM, text, re.M):
        out[f"ddz random game, {m.group(1)} players: ms per game"] = 1000.0 / float(m.group(2))
    return out


def parse_tichu(text: str) -> Metrics:
    head = text.split("Worst hands")[0]
    out = {k: v for k, v in _table(head, "tichu legal ", {"raw us": 0, "bridge us": 2}).items()}
    m = re.search(r"exchange phase.*?raw (\d+) us, bridge (\d+) us", text)  # before the choice specs
    if m:
        out["tichu exchange: raw legal_actions ms"] = float(m.group(1)) / 1000
        out["tichu exchange: bridge legal ms"] = float(m.group(2)) / 1000
    m = re.search(r"exchange phase.*?raw legal_actions " + NUM + r" ms; bridge legal: spec " + NUM, text)
    if m:
        out["tichu exchange: raw legal_actions ms"] = float(m.group(1))
        out["tichu exchange: bridge legal ms"] = float(m.group(2))
    for m in re.finditer(r"^(.+?)\s{2,}(\d+)\s+" + NUM + r"\s+" + NUM + r"\s+(?:MAHJONG|PHOENIX)", text, re.M):
        out[f"tichu worst hand {m.group(1).strip()}: raw ms"] = float(m.group(3))
        out[f"tichu worst hand {m.group(1).strip()}: bridge ms"] = float(m.group(4))
    return out


def parse_napoleon(text: str) -> Metrics:
    out: Metrics = {}
    for m in re.finditer(r"^(\S.*?)\s+(\d+) \|\s+" + NUM + r"\s+[\d.]+\s+[\d.]+(.*)$", text, re.M):
        label, rest = m.group(1).strip(), m.group(4)
        out[f"napoleon {label}: median us"] = float(m.group(3))
        for what in ("bridge", "explain"):
            found = re.search(what + r"\s+" + NUM, rest)
            if found:
                out[f"napoleon {label}: {what} us"] = float(found.group(1))
    for m in re.finditer(r"^(random|heuristic) bots\s+" + NUM + " games/s", text, re.M):
        out[f"napoleon {m.group(1)} game: ms per game"] = 1000.0 / float(m.group(2))
    return out


def parse_worker(text: str) -> Metrics:
    out: Metrics = {}
    for m in re.finditer(r"^(\S.*?)\s+" + NUM + r"\s+[\d.]+ \|\s+" + NUM + r"\s+[\d.]+ \|", text, re.M):
        out[f"worker bench {m.group(1).strip()}: CPython ms"] = float(m.group(2))
        out[f"worker bench {m.group(1).strip()}: worker ms"] = float(m.group(3))
    return out


# name -> (command inside the tree, parser)
BENCHES: dict[str, tuple[list[str], Callable[[str], Metrics]]] = {
    "doudizhu": (["bash", "bench/run.sh", "--no-write"], parse_ddz),
    "tichu": ([str(PY), "bench/tichu_legal.py", "--no-write"], parse_tichu),
    "napoleon": ([str(PY), "bench/napoleon_bench.py", "--no-write"], parse_napoleon),
    "worker": ([str(PY), "bench/worker_games.py", "--no-write"], parse_worker),
}


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def tree_for(ref: str | None) -> tuple[str, Path]:
    """A checkout of ``ref`` (a worktree under .cache/bench-compare), or the working tree for None."""
    if ref is None:
        dirty = " + uncommitted changes" if git("status", "--porcelain", "--untracked-files=no") else ""
        return git("rev-parse", "--short", "HEAD") + dirty, ROOT
    sha = git("rev-parse", "--short", ref)
    path = WORK / sha
    if not path.exists():
        WORK.mkdir(parents=True, exist_ok=True)
        git("worktree", "add", "--detach", str(path), sha)
    cache = path / ".cache"  # the vendored Pyodide and the bench venv are shared, not fetched again
    if not cache.exists():
        cache.symlink_to(ROOT / ".cache", target_is_directory=True)
    return sha, path


def run_bench(name: str, tree: Path) -> tuple[Metrics, float]:
    cmd, parse = BENCHES[name]
    start = time.monotonic()
    done = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    if done.returncode:
        raise SystemExit(f"{name} failed in {tree}:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    return parse(done.stdout), time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", help="the commit before the change")
    ap.add_argument("after", nargs="?", help="the commit after it (default: the working tree)")
    ap.add_argument("--rounds", type=int, default=3, help="runs of every bench per commit (default 3)")
    ap.add_argument("--only", help="comma-separated benches: " + ",".join(BENCHES))
    ap.add_argument("--no-write", action="store_true", help=f"do not write {RESULTS.relative_to(ROOT)}")
    args = ap.parse_args(argv)
    names = args.only.split(",") if args.only else list(BENCHES)
    unknown = [n for n in names if n not in BENCHES]
    if unknown:
        ap.error(f"unknown bench {unknown}; known: {', '.join(BENCHES)}")
    sides = [tree_for(args.before), tree_for(args.after)]
    runs: list[list[Metrics]] = [[], []]
    seconds = [0.0, 0.0]
    for rnd in range(args.rounds):
        order = (0, 1) if rnd % 2 == 0 else (1, 0)
        for name in names:
            for side in order:
                metrics, took = run_bench(name, sides[side][1])
                runs[side].append(metrics)
                seconds[side] += took
                print(f"round {rnd + 1}: {name} on {sides[side][0]} ({took:.0f} s, {len(metrics)} figures)",
                      file=sys.stderr)

    def values(side: int, pick: Callable[[list[float]], float]) -> Metrics:
        keys = {k for m in runs[side] for k in m}
        return {k: pick([m[k] for m in runs[side] if k in m]) for k in keys}

    before, after = values(0, min), values(1, min)
    before_med, after_med = values(0, statistics.median), values(1, statistics.median)
    common = sorted(set(before) & set(after))
    width = max((len(k) for k in common), default=10)
    lines = ["Benches on two commits, interleaved (bench/compare.py)", "=" * 60,
             f"before {sides[0][0]}, after {sides[1][0]}; {args.rounds} rounds, alternating which goes first; "
             f"benches: {', '.join(names)}",
             f"date {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}; bench wall time: before "
             f"{seconds[0]:.0f} s, after {seconds[1]:.0f} s",
             "Each report's own figures (per-position medians, per-game times). best = the lowest of the rounds "
             "(best of N, as timeit reads a shared machine), median = the median of the rounds; ratio = after / "
             "before; '!' marks a best more than 10 % slower",
             "",
             f"{'figure':<{width}}   {'best before':>11} {'after':>9} {'ratio':>6}   {'median before':>13} "
             f"{'after':>9} {'ratio':>6}"]
    slower = []
    for key in common:
        ratio = after[key] / before[key] if before[key] else float("nan")
        med_ratio = after_med[key] / before_med[key] if before_med[key] else float("nan")
        mark = " !" if ratio > LIMIT else ""
        if mark:
            slower.append(key)
        lines.append(f"{key:<{width}}   {before[key]:11.3f} {after[key]:9.3f} {ratio:6.2f}   "
                     f"{before_med[key]:13.3f} {after_med[key]:9.3f} {med_ratio:6.2f}{mark}")
    ratios = [after[k] / before[k] for k in common if before[k]]
    lines += ["", f"{len(common)} figures compared; best ratio median {statistics.median(ratios):.2f}, "
              f"max {max(ratios):.2f}; more than 10 % slower: {len(slower)}" + (f" ({'; '.join(slower)})" if slower else "")]
    for label, only in (("only before", set(before) - set(after)), ("only after", set(after) - set(before))):
        for key in sorted(only):
            value = before.get(key, after.get(key))
            lines.append(f"{label}: {key} = {value:.3f}")
    report = "\n".join(lines) + "\n"
    print(report)
    if not args.no_write:
        RESULTS.write_text(report, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
