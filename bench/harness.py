"""What the benches share: timing, percentiles, the report's columns, the commit, profiles, and
running a bench module's ``measure`` inside Pyodide under Node.js (the browser's runtime).

A bench module defines ``measure(**kwargs) -> dict`` (JSON-ready); ``run_in_worker`` imports the
module inside Pyodide (the site's slim wheel of ``tutor`` built afresh from this work tree) and
returns what ``measure`` returned there, so both sides time the very same code.
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import time
from typing import Any, Callable

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
IN_PYODIDE = sys.platform == "emscripten"
MARKER = "@@bench-result@@"


def timed(fn: Callable[[], Any], reps: int) -> float:
    """Median milliseconds of ``reps`` calls, after one warm-up call."""
    return timed_both(fn, reps)[0]


def timed_both(fn: Callable[[], Any], reps: int) -> list[float]:
    """[median, fastest] milliseconds of ``reps`` calls, after one warm-up call."""
    fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - t0)
    return [statistics.median(times) / 1e6, min(times) / 1e6]


def pct(values: list[float], p: float) -> float:
    """The nearest-rank percentile."""
    values = sorted(values)
    return values[max(0, min(len(values) - 1, int(round(p / 100.0 * len(values) + 0.5)) - 1))]


def stats(values: list[float]) -> str:
    """median, p95 and max, in the reports' columns."""
    if not values:
        return f"{'-':>7} {'-':>7} {'-':>7}"
    return f"{statistics.median(values):7.3f} {pct(values, 95):7.3f} {max(values):7.3f}"


def commit() -> str:
    import subprocess
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout
        dirty = subprocess.run(["git", "status", "--porcelain", "tutor"], cwd=REPO, capture_output=True, text=True).stdout
        return rev.strip() + (" (tutor/ has uncommitted changes)" if dirty.strip() else "")
    except OSError:
        return "unknown"


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
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    keep, on = [], False
    for ln in out.getvalue().splitlines():
        if ln.strip().startswith("ncalls"):
            on = True
        if on and ln.strip():
            keep.append("  " + ln.replace(REPO + os.sep, "").rstrip())
        elif "function calls" in ln:
            keep.append("  " + ln.strip())
    return keep


def run_in_worker(module: str, kwargs: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """``module.measure(**kwargs)`` inside Pyodide under Node.js; returns its result and the
    runtime's versions."""
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path
    if REPO not in sys.path:
        sys.path.insert(0, REPO)
    from tools.site_wheel import build_site_wheel
    from tools.vendor_pyodide import PYODIDE_VERSION, ensure_pyodide
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node (Node.js >= 18) is needed for the worker figures (or pass --no-worker)")
    pyodide_dir = ensure_pyodide(Path(REPO) / ".cache")
    snippet = (f"import json, sys\nsys.path.insert(0, {HERE!r})\nimport {module} as b\n"
               f"kwargs = json.loads({json.dumps(kwargs)!r})\n"
               f"print({MARKER!r} + json.dumps(b.measure(**kwargs)))\n")
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        build_site_wheel(Path(REPO), Path(tmp))
        proc = subprocess.run([node, os.path.join(REPO, "tests", "pyodide", "run_python.mjs"), "--pyodide",
                               str(pyodide_dir), "--wheels", tmp, "--root", REPO], input=snippet, text=True,
                              capture_output=True, cwd=REPO, timeout=1800)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith(MARKER)]
    if proc.returncode != 0 or not lines:
        raise SystemExit(f"the Pyodide run failed (exit {proc.returncode})\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    return json.loads(lines[-1][len(MARKER):]), {"pyodide": PYODIDE_VERSION, "node": version}
