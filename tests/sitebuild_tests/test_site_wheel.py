"""The browser's slim wheel (tools/site_wheel.py): complete for the bridge, and it answers alike.

The wheel is unpacked into a folder and run in a fresh CPython whose ``sys.path`` is that
folder plus the standard library only (``-I -S``: no site-packages, no work tree), so a module
the bridge imports but the wheel lacks fails here, not in the browser.
"""
from __future__ import annotations

import ast
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tools import site_wheel

pytestmark = pytest.mark.cpython_only
ROOT = Path(__file__).resolve().parents[2]

# Every op the page uses, for each game, printed as JSON lines (run in a fresh interpreter).
SCRIPT = r"""
import json, sys, pkgutil, importlib
sys.path[:0] = [sys.argv[1]]
import tutor
if sys.argv[2] == "import-all":
    names = sorted(m.name for m in pkgutil.walk_packages(tutor.__path__, "tutor."))
    for name in names:
        importlib.import_module(name)
    outside = sorted(n for n, m in sys.modules.items()
                     if n.startswith("tutor") and not str(getattr(m, "__file__", "")).startswith(sys.argv[1]))
    print(json.dumps({"imported": names, "outside": outside}))
    raise SystemExit
from tutor.api import handle
def call(req):
    out = handle(req)
    print(json.dumps({"req": req, "out": out}, sort_keys=True, ensure_ascii=False))
    assert out["ok"], (req, out)
    return out
for game, seed in (("doudizhu", 3), ("tichu", 5)):
    for lang in ("en", "ja"):
        new = call({"op": "new", "game": game, "seed": seed, "lang": lang})
        sid = new["state"]
        for _ in range(6):  # a few decisions into the round: bids, calls, plays
            legal = call({"op": "legal", "state": sid, "side": True})
            if "spec" in legal:  # the exchange comes as its spec; listed on request
                assert legal["spec"]["count"] == len(call({"op": "legal", "state": sid, "expand": True})["actions"])
                legal = call({"op": "legal", "state": sid, "side": True, "expand": True})
            action = legal["actions"][-1]
            call({"op": "explain", "state": sid, "action": action, "lang": lang})
            call({"op": "hint", "state": sid, "lang": lang})
            call({"op": "bot", "state": sid, "lang": lang})
            call({"op": "bot", "state": sid, "level": "random", "seed": 2, "lang": lang})
            sid = call({"op": "apply", "state": sid, "action": action, "lang": lang})["state"]
            call({"op": "view", "state": sid, "seat": 0, "lang": lang})
        bad = handle({"op": "apply", "state": sid, "action": ["S-3", "S-3", "S-3", "S-3", "S-3"], "lang": lang})
        print(json.dumps({"bad": bad}, sort_keys=True, ensure_ascii=False))
call({"op": "load", "scenario": {"game": "doudizhu", "flags": {"players": 3}, "phase": "play", "to_act": 1,
      "hands": {"1": ["S-5", "H-5", "D-5", "S-6", "H-6", "D-6", "C-8", "BJ", "RJ"]},
      "trick": [{"seat": 0, "cards": ["S-3", "H-3", "D-3", "S-4", "H-4", "D-4", "C-7", "S-9"]}]}})
call({"op": "games"})
"""


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    wheel = site_wheel.build_site_wheel(ROOT, tmp_path_factory.mktemp("wheel"))
    dest = tmp_path_factory.mktemp("unpacked")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(dest)
    return dest


def _run(path: Path, mode: str) -> list[str]:
    proc = subprocess.run([sys.executable, "-I", "-S", "-c", SCRIPT, str(path), mode],
                          capture_output=True, text=True, cwd=path, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.splitlines()


def test_the_slim_wheel_holds_the_bridge_and_not_the_rest(unpacked: Path) -> None:
    names = {p.relative_to(unpacked).as_posix() for p in unpacked.rglob("*") if p.is_file()}
    assert "tutor/api.py" in names and "tutor/games/doudizhu/game.py" in names
    assert "tutor/data/messages/ja.json" in names
    for absent in ("tutor/cli.py", "tutor/__main__.py", "tutor/terminal.py", "tutor/golden.py"):
        assert absent not in names
    # the rule catalogs ship for the quiz (a rule's title), without the rules' texts
    rules = json.loads((unpacked / "tutor/data/rules/doudizhu.json").read_text("utf-8"))
    assert rules["rules"][0]["title"]["ja"] and not any("text" in r for r in rules["rules"])
    from tutor.registry import ENTRIES
    for entry in ENTRIES:  # every registered game ships (a package still being built need not)
        if entry.package is not None:
            assert f"tutor/games/{entry.package}/__init__.py" in names


def test_every_module_compiles_and_keeps_the_tree_of_its_minified_form(unpacked: Path) -> None:
    for path in unpacked.rglob("*.py"):
        text = path.read_text("utf-8")
        compile(text, str(path), "exec")
        assert '"""' not in text  # no docstrings left
        original = (ROOT / path.relative_to(unpacked)).read_text("utf-8")
        assert ast.dump(ast.parse(text)) == ast.dump(ast.parse(site_wheel.minify_source(original)))
    data = json.loads((unpacked / "tutor" / "data" / "messages" / "en.json").read_text("utf-8"))
    assert data == json.loads((ROOT / "tutor" / "data" / "messages" / "en.json").read_text("utf-8"))


def test_nothing_the_bridge_imports_is_missing(unpacked: Path) -> None:
    out = json.loads(_run(unpacked, "import-all")[-1])
    assert "tutor.api" in out["imported"] and "tutor.games.tichu.bot" in out["imported"]
    assert out["outside"] == []


def test_the_slim_wheel_answers_like_the_source(unpacked: Path) -> None:
    slim = _run(unpacked, "ops")
    full = _run(ROOT, "ops")
    assert len(slim) > 100
    assert slim == full


def test_minify_keeps_behaviour_of_tricky_source() -> None:
    source = '''"""Module doc."""
from __future__ import annotations
import dataclasses

@dataclasses.dataclass(frozen=True)
class P:
    """Doc."""
    x: int = 1
    y: str = """two
lines"""

def only_doc(a: int) -> None:
    """Nothing else."""

def f(a: int, *b: str, c: "P" = None, **d: int) -> int:
    # a comment
    n: int = a + 1
    m: int
    if n:
        """a bare string"""
    return n
'''
    small = site_wheel.minify_source(source)
    space: dict = {}
    exec(compile(small, "<small>", "exec"), space)
    assert space["P"]().y == "two\nlines" and [f.name for f in dataclasses_fields(space["P"])] == ["x", "y"]
    assert space["only_doc"](1) is None and space["f"](1) == 2
    assert "Doc" not in small and "comment" not in small and "bare" not in small
    assert small.startswith("from __future__ import annotations\n")


def dataclasses_fields(cls: type) -> list:
    import dataclasses
    return list(dataclasses.fields(cls))
