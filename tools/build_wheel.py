"""Build the project's pure-Python wheel (used by build.py and the Pyodide tests).

The wheel is built with pip from a temporary copy of the source, so no build/ or
*.egg-info folder lands in the work tree. Standard library only.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT_DIST = "cardtutor"

#: Folders never copied when building the wheel from a scratch copy of the repo.
_COPY_IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "venv", ".cache", "build", "dist", "*.egg-info", "__pycache__",
    "*.pyc", "node_modules", "_site", "artifacts", ".hypothesis", ".pytest_cache",
)

def _run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if proc.returncode != 0:
        raise RuntimeError(
            f"command failed ({proc.returncode}): {' '.join(map(str, cmd))}\n"
            f"--- stdout ---\n{proc.stdout[-4000:]}\n--- stderr ---\n{proc.stderr[-4000:]}"
        )
    return proc


def _can_build_without_isolation() -> bool:
    try:
        import setuptools  # noqa: F401
        import wheel  # noqa: F401
    except ImportError:
        return False
    try:
        major = int(setuptools.__version__.split(".")[0])
    except ValueError:
        return False
    return major >= 61


def build_project_wheel(repo_root: Path, out_dir: Path) -> Path:
    """Build the project wheel into out_dir (old cardtutor wheels removed first)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob(f"{PROJECT_DIST}-*.whl"):
        old.unlink()
    with tempfile.TemporaryDirectory(prefix="cardtutor-src-") as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(repo_root, src, ignore=_COPY_IGNORE, symlinks=True)
        cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
               "-q", "-w", str(out_dir)]
        if _can_build_without_isolation():
            cmd.append("--no-build-isolation")
        cmd.append(str(src))
        _run(cmd, cwd=tmp)
    wheels = sorted(out_dir.glob(f"{PROJECT_DIST}-*.whl"))
    if len(wheels) != 1:
        raise RuntimeError(f"expected one {PROJECT_DIST} wheel in {out_dir}, found {wheels}")
    return wheels[0]
