"""The browser's slim wheel of ``tutor``: only what the bridge can import, minified (stdlib only).

The full wheel (``tools/build_wheel.py``, pip) stays what the tests and the CLI use. The page
only ever calls ``tutor.api``, so the site ships a wheel with:

* the modules ``tutor.api`` can import at run time: its import closure, found by reading
  every ``import`` in those modules (function-level ones too) and following them, from
  ``tutor.api`` and from every built game's package (``tutor.registry`` imports those by name);
  ``EXCLUDE`` names the few the closure reaches only through hooks the bridge never calls;
* the data files those modules read (``DATA``); a module in the closure that reads package
  data without an entry here fails the build;
* Python source minified with ``ast``: docstrings and other bare string statements removed
  (a body left empty gets ``pass``), function argument and return annotations removed (class
  and module annotations stay: dataclasses and NamedTuples read them), comments gone (``ast.unparse``),
  one-space indents (checked: the re-indented source parses to the same tree);
* JSON data written compact; a minimal ``.dist-info`` (METADATA, WHEEL, RECORD).

Pyodide installs it with ``unpackArchive`` (site/static/worker.js): it is only a zip unpacked
into site-packages. The archive is deterministic (fixed timestamps, sorted entries), so the
same source gives the same bytes and the same snapshot stamp.
"""
from __future__ import annotations

import ast
import base64
import hashlib
import json
import re
import zipfile
from pathlib import Path

PACKAGE = "tutor"
DIST = "cardtutor"
ENTRY = "tutor.api"

#: Modules the closure reaches only through hooks the page never calls.
EXCLUDE = {
    # the golden runner (golden.py compares legal sets); tutor.api never reaches it, and the
    # key it compares by (``actions.action_key``) lives in tutor.actions, which ships.
    "tutor.golden": "golden runner only",
}

#: Package data read at run time, per module that reads it (importlib.resources).
DATA = {
    "tutor.messages": ("data/messages/*.json",),
    "tutor.rules": ("data/rules/*.json",),
}


def _rule_titles(catalog: dict) -> dict:
    """A rule catalog as the bridge reads it (tutor/quiz: a rule's title for "which rule says
    so?", a flag's words for the rules a question is played under): the rules' texts, a third
    of the catalogs' bytes and read only by the rules pages the build renders, stay out."""
    return {"game": catalog["game"], "rules": [{k: r[k] for k in ("id", "title", "choices") if k in r}
                                               for r in catalog["rules"]]}


#: data files the wheel holds trimmed to what the bridge reads
TRIM = {"data/rules/*.json": _rule_titles}

_ZIP_DATE = (2020, 1, 1, 0, 0, 0)


# --- the import closure -------------------------------------------------------------------

def _module_file(src: Path, name: str) -> Path | None:
    """The source file of module ``name`` under ``src`` (the folder holding the package)."""
    rel = Path(*name.split("."))
    if (src / rel / "__init__.py").is_file():
        return src / rel / "__init__.py"
    if (src / rel).with_suffix(".py").is_file():
        return (src / rel).with_suffix(".py")
    return None


def _imports(src: Path, name: str, tree: ast.AST) -> set[str]:
    """Every ``tutor`` module that ``name`` imports anywhere in its source."""
    is_package = _module_file(src, name).name == "__init__.py"  # type: ignore[union-attr]
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                mod = f"{base}.{node.module}" if node.module else base
            else:
                mod = node.module or ""
            found.add(mod)
            for alias in node.names:  # "from . import games": a submodule, not a name
                if _module_file(src, f"{mod}.{alias.name}"):
                    found.add(f"{mod}.{alias.name}")
    return {m for m in found if m == PACKAGE or m.startswith(PACKAGE + ".")}


def game_packages() -> list[str]:
    """The built games' packages: ``tutor.registry`` imports them by name, which no ``import``
    statement shows, so they join the closure as roots of their own."""
    from tutor.registry import ENTRIES
    return [e.module for e in ENTRIES if e.built]


def closure(src: Path, entry: str = ENTRY, exclude: dict[str, str] | None = None,
            plugins: list[str] | None = None) -> list[str]:
    """``entry``, the game packages, and every ``tutor`` module they can import, with their packages, sorted."""
    exclude = EXCLUDE if exclude is None else exclude
    seen: set[str] = set()
    todo = [entry, *(game_packages() if plugins is None else plugins)]
    while todo:
        name = todo.pop()
        if name in seen or name in exclude:
            continue
        path = _module_file(src, name)
        if path is None:
            raise RuntimeError(f"{name}: imported but not found under {src}")
        seen.add(name)
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))  # the packages above it
        todo.extend(_imports(src, name, ast.parse(path.read_text("utf-8"), str(path))))
    return sorted(seen)


# --- minifying Python ---------------------------------------------------------------------

class _Strip(ast.NodeTransformer):
    """Docstrings, bare strings and function annotations out; an emptied body gets ``pass``."""

    def __init__(self) -> None:
        self._classes = 0  # > 0 directly in a class body (not in a method of it)

    def _body(self, body: list[ast.stmt]) -> list[ast.stmt]:
        kept = [s for s in body
                if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)
                        and isinstance(s.value.value, str))]
        return kept or [ast.Pass()]

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                setattr(node, field, self._body(body))
        return node

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        node.returns = None
        args = node.args
        for arg in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
            if arg is not None:
                arg.annotation = None
        outer, self._classes = self._classes, 0
        try:
            return self.generic_visit(node)
        finally:
            self._classes = outer

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        self._classes += 1
        try:
            return self.generic_visit(node)
        finally:
            self._classes -= 1

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        # outside a class body (dataclasses and NamedTuples read those), "x: T = v" is "x = v"
        if self._classes == 0 and node.value is not None and node.simple and isinstance(node.target, ast.Name):
            return ast.Assign(targets=[node.target], value=node.value)
        return node


_INDENT = re.compile(r"^((?:    )*)", re.M)
_BLANK = re.compile(r"\n\s*\n")


def minify_source(text: str, filename: str = "<source>") -> str:
    """Smaller source with the same behaviour (see the module docstring for what goes)."""
    tree = _Strip().visit(ast.parse(text, filename))
    ast.fix_missing_locations(tree)
    code = ast.unparse(tree)
    shorter = _BLANK.sub("\n", _INDENT.sub(lambda m: " " * (len(m.group(1)) // 4), code))
    # a string spanning lines would be changed by re-indenting: keep the 4-space form then
    if ast.dump(ast.parse(shorter)) != ast.dump(ast.parse(code)):
        shorter = code
    return shorter + "\n"


# --- the wheel ----------------------------------------------------------------------------

def _version(src: Path) -> str:
    init = (src / PACKAGE / "__init__.py").read_text("utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', init, re.M)
    if not match:
        raise RuntimeError(f"{PACKAGE}/__init__.py: no __version__")
    return match.group(1)


def wheel_files(src: Path) -> dict[str, bytes]:
    """Path in the archive → bytes, for the package part of the slim wheel."""
    modules = closure(src)
    files: dict[str, bytes] = {}
    for name in modules:
        path = _module_file(src, name)
        assert path is not None
        rel = path.relative_to(src).as_posix()
        text = path.read_text("utf-8")
        if "resources.files(" in text and name not in DATA:
            raise RuntimeError(f"{rel} reads package data: list its files in tools/site_wheel.py DATA")
        files[rel] = minify_source(text, rel).encode("utf-8")
        for pattern in DATA.get(name, ()):
            for data in sorted((src / PACKAGE).glob(pattern)):
                drel = data.relative_to(src).as_posix()
                value = json.loads(data.read_text("utf-8"))
                if pattern in TRIM:
                    value = TRIM[pattern](value)
                files[drel] = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return files


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build_site_wheel(src: Path, out_dir: Path) -> Path:
    """Writes ``cardtutor-<version>-py3-none-any.whl`` (slim) into ``out_dir``; returns its path."""
    version = _version(src)
    files = wheel_files(src)
    info = f"{DIST}-{version}.dist-info"
    files[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: {DIST}\nVersion: {version}\n".encode()
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: cardtutor tools/site_wheel.py\n" \
                             b"Root-Is-Purelib: true\nTag: py3-none-any\n"
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in files.items())
    files[f"{info}/RECORD"] = (record + f"{info}/RECORD,,\n").encode()
    out_dir.mkdir(parents=True, exist_ok=True)
    dest = out_dir / f"{DIST}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(dest, "w") as archive:
        for name, data in files.items():  # packages, modules and data first, RECORD last
            entry = zipfile.ZipInfo(name, _ZIP_DATE)
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return dest


if __name__ == "__main__":
    import sys
    root = Path(__file__).resolve().parent.parent
    wheel = build_site_wheel(root, Path(sys.argv[1]) if len(sys.argv) > 1 else root / ".cache" / "site-wheel")
    with zipfile.ZipFile(wheel) as z:
        for item in z.infolist():
            print(f"{item.file_size:8d} {item.compress_size:8d}  {item.filename}")
    print(f"{wheel}: {wheel.stat().st_size} bytes")
