"""CPython-side helpers that run code and tests inside Pyodide under Node.js.

* ``prepare(repo_root)`` -> ``(pyodide_dir, wheels_dir)``: fetches/verifies the
  Pyodide runtime (tools/vendor_pyodide.py) into ``<repo>/.cache``, builds the
  project wheel afresh, downloads the test-dependency wheels once, and gathers
  all wheels into one folder for the Node scripts.
* ``run_pytest(args)`` runs pytest inside Pyodide (tests/pyodide/run_pytest.mjs).
* ``run_python(code)`` runs a snippet inside Pyodide with the project wheel
  installed and returns its stdout (tests/pyodide/run_python.mjs).

Everything it writes goes under ``<repo>/.cache`` (git-ignored); the wheel is
built from a temporary copy of the source so no build/ or *.egg-info lands in
the work tree.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
RUN_PYTEST_MJS = HERE / "run_pytest.mjs"
RUN_PYTHON_MJS = HERE / "run_python.mjs"

#: Python version of the pinned Pyodide; wheels are fetched for it.
PYODIDE_PYTHON = "3.14"
#: What the in-Pyodide test run needs besides the project (pure-Python wheels).
TEST_REQUIREMENTS = ("pytest",)

DEFAULT_TIMEOUT = 1200  # seconds, for one Node run


def _load_tool(repo_root: Path, name: str):
    path = repo_root / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_cardtutor_{name}", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot load {path}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def download_test_wheels(deps_dir: Path) -> None:
    """pip download the pure-Python test wheels for Pyodide's Python, once."""
    stamp = deps_dir / ".downloaded"
    want = json.dumps({"python": PYODIDE_PYTHON, "requirements": list(TEST_REQUIREMENTS)})
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == want and any(deps_dir.glob("*.whl")):
        return
    if deps_dir.exists():
        shutil.rmtree(deps_dir)
    deps_dir.mkdir(parents=True)
    _load_tool(REPO_ROOT, "build_wheel")._run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q",
          "--only-binary=:all:", "--python-version", PYODIDE_PYTHON, "--platform", "any",
          *TEST_REQUIREMENTS, "-d", str(deps_dir)])
    stamp.write_text(want, encoding="utf-8")


def _link_or_copy(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def prepare(repo_root: Path | str = REPO_ROOT) -> tuple[Path, Path]:
    """Make the Pyodide runtime and a folder of wheels ready; return (pyodide_dir, wheels_dir)."""
    repo_root = Path(repo_root).resolve()
    cache = repo_root / ".cache"
    pyodide_dir = _load_tool(repo_root, "vendor_pyodide").ensure_pyodide(cache)

    wheel_root = cache / "pyodide-wheels"
    app_dir, deps_dir, all_dir = wheel_root / "app", wheel_root / "deps", wheel_root / "all"
    _load_tool(repo_root, "build_wheel").build_project_wheel(repo_root, app_dir)
    download_test_wheels(deps_dir)

    all_dir.mkdir(parents=True, exist_ok=True)
    for old in all_dir.glob("*.whl"):
        old.unlink()
    for whl in [*deps_dir.glob("*.whl"), *app_dir.glob("*.whl")]:
        _link_or_copy(whl, all_dir / whl.name)
    return pyodide_dir, all_dir


@functools.lru_cache(maxsize=None)
def _prepared(repo_root: Path) -> tuple[Path, Path]:
    # Once per CPython process: the wheel is rebuilt on each new test session.
    return prepare(repo_root)


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node (Node.js >= 18) is needed to run Pyodide, and is not on PATH")
    return node


def _node_cmd(script: Path, repo_root: Path) -> list[str]:
    pyodide_dir, wheels_dir = _prepared(repo_root)
    return [_node(), str(script), "--pyodide", str(pyodide_dir), "--wheels", str(wheels_dir),
            "--root", str(repo_root)]


def run_pytest(args: list[str], *, repo_root: Path | str = REPO_ROOT,
               timeout: float = DEFAULT_TIMEOUT) -> subprocess.CompletedProcess:
    """Run ``pytest args -p no:cacheprovider`` inside Pyodide, cwd = repo root.

    Returns the CompletedProcess (text stdout/stderr captured); its returncode
    is pytest's exit code (99 if the Node harness itself failed).
    """
    repo_root = Path(repo_root).resolve()
    cmd = [*_node_cmd(RUN_PYTEST_MJS, repo_root), "--", *map(str, args)]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=repo_root, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def run_python(code: str, *, repo_root: Path | str = REPO_ROOT,
               timeout: float = DEFAULT_TIMEOUT) -> str:
    """Run ``code`` inside Pyodide (project wheel installed, cwd = repo root); return its stdout.

    Raises RuntimeError (with stdout and stderr) if the snippet fails.
    """
    repo_root = Path(repo_root).resolve()
    proc = subprocess.run(_node_cmd(RUN_PYTHON_MJS, repo_root), input=code, capture_output=True,
                          text=True, cwd=repo_root, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(
            f"snippet failed inside Pyodide (exit {proc.returncode})\n"
            f"--- stdout ---\n{proc.stdout[-4000:]}\n--- stderr ---\n{proc.stderr[-4000:]}"
        )
    return proc.stdout
