#!/usr/bin/env bash
# Runs the Dou Dizhu legal-move benchmark in its own venv (.cache/bench-venv, git-ignored).
# Creates the venv and installs RLCard 1.2.0 (+ numpy) only when they are missing; safe to rerun.
# Extra arguments go to bench/legal_moves.py (e.g. --reps 15, --no-write).
# `bench/run.sh shengji [args]` runs bench/shengji_bench.py instead (no peer library, no bench venv;
# Node.js for its in-Pyodide figures), e.g. `bench/run.sh shengji --no-worker`; likewise
# `bench/run.sh daifugo [args]` runs bench/daifugo_bench.py, `bench/run.sh daifugo-cutin [args]`
# bench/daifugo_cutin_bench.py (the seed's cut-in game: no peer engine exists), `bench/run.sh minor [args]`
# bench/minor_bench.py (Jian Hong Dian, the 2d6 check and Pon-jan: no peer engine either; Pon-jan's
# tile tests are compared with an in-house brute force).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ "${1:-}" == "shengji" ]]; then
    shift
    SJ_PY="$ROOT/.venv/bin/python"
    [[ -x "$SJ_PY" ]] || SJ_PY="${PYTHON:-python3}"
    cd "$ROOT"
    exec "$SJ_PY" bench/shengji_bench.py "$@"
fi
if [[ "${1:-}" == "daifugo" || "${1:-}" == "daifugo-cutin" || "${1:-}" == "minor" ]]; then
    case "$1" in
        daifugo) DFG_SCRIPT=bench/daifugo_bench.py ;;
        daifugo-cutin) DFG_SCRIPT=bench/daifugo_cutin_bench.py ;;
        *) DFG_SCRIPT=bench/minor_bench.py ;;
    esac
    shift
    DFG_PY="$ROOT/.venv/bin/python"
    [[ -x "$DFG_PY" ]] || DFG_PY="${PYTHON:-python3}"
    cd "$ROOT"
    exec "$DFG_PY" "$DFG_SCRIPT" "$@"
fi
VENV="$ROOT/.cache/bench-venv"
PY="$VENV/bin/python"
BASE_PYTHON="${PYTHON:-python3}"

have_peer() {
    "$PY" - <<'PYCHECK' >/dev/null 2>&1
import sys
from importlib.metadata import version
import numpy  # noqa: F401
from rlcard.games.doudizhu.judger import DoudizhuJudger  # noqa: F401
sys.exit(0 if version("rlcard") == "1.2.0" else 1)
PYCHECK
}

if [[ ! -x "$PY" ]]; then
    echo "creating $VENV" >&2
    mkdir -p "$ROOT/.cache"
    "$BASE_PYTHON" -m venv "$VENV"
fi
if ! have_peer; then
    echo "installing rlcard==1.2.0 and numpy into $VENV" >&2
    "$PY" -m pip install --quiet "rlcard==1.2.0" numpy
    have_peer || { echo "rlcard 1.2.0 does not import in $VENV" >&2; exit 1; }
fi

cd "$ROOT"
exec "$PY" bench/legal_moves.py "$@"
