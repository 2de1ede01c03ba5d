"""The site's cut-down Python standard library: Pyodide's ``python_stdlib.zip`` (2.5 MB, 614
files) with only what the tutor can import (stdlib only).

Kept:

* every module Pyodide imports at start-up or the tutor imports while every game deals and lists
  its moves, seen in a real run (``observed``: tools/make_snapshot.mjs --modules);
* every stdlib module the tutor's own code names in an ``import`` anywhere (function-level ones
  too: the wheel's modules are read), and what those modules import when they are imported
  (their module-level imports, followed through the zip); a stdlib function that imports
  something when called is covered by the run above or by the tutor's own import of it;
* whole packages the runtime reaches into by name (``KEEP_PACKAGES``).

Everything else (email, http, multiprocessing, pydoc, unittest, …) goes. The worker and the build's
snapshot use this one zip (Python caches a zip's table of contents, so a snapshot must be made
with the zip it is served with). The in-Pyodide test run keeps the full library (pytest needs it);
tests/browser/test_startup.py plays every game through the bridge on the cut-down one
(tests/pyodide/run_site_runtime.mjs, under Node).
"""
from __future__ import annotations

import ast
import io
import zipfile
from pathlib import Path
from typing import Iterable

#: Packages kept whole: Pyodide's internals (its JS side calls into them; its public ``pyodide``
#: package is kept as far as start-up imports it: the console, pyfetch and the rest pull in pdb,
#: doctest and unittest).
KEEP_PACKAGES = ("_pyodide",)
#: Text codecs kept beside those start-up uses: a codec is looked up by name when text in that
#: encoding is first met, and the tutor meets only Unicode (its data is UTF-8 JSON; the page
#: sends JSON text). The 100-odd code pages (300 KB) go.
KEEP_CODECS = ("encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
               "encodings.latin_1", "encodings.utf_16", "encodings.utf_32", "encodings.unicode_escape",
               "encodings.raw_unicode_escape")


def _module_names(archive: zipfile.ZipFile) -> dict[str, str]:
    """Module name → member name, for every ``.py`` in the archive."""
    out = {}
    for name in archive.namelist():
        if name.endswith(".py"):
            module = name[:-3].replace("/", ".")
            out[module.removesuffix(".__init__")] = name
    return out


def _imported(tree: ast.AST, package: str, module_level: bool) -> set[str]:
    """Dotted names an ``import`` in ``tree`` names (relative ones resolved against ``package``);
    ``module_level``: only those run when the module is imported (not inside a function)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if module_level and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".") if package else []
                    parts = parts[: len(parts) - (child.level - 1)]
                    base = ".".join(parts + ([child.module] if child.module else []))
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in child.names)
            visit(child)

    visit(tree)
    return found


def _known(names: Iterable[str], modules: dict[str, str]) -> set[str]:
    """The archive's modules among ``names`` and their parent packages."""
    out = set()
    for name in names:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            prefix = ".".join(parts[:i])
            if prefix in modules:
                out.add(prefix)
    return out


def wheel_imports(wheel: Path) -> set[str]:
    """Every dotted name an ``import`` in the wheel's Python files names, at any depth."""
    names: set[str] = set()
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.namelist():
            if member.endswith(".py"):
                package = member[:-3].replace("/", ".").rpartition(".")[0]
                names |= _imported(ast.parse(archive.read(member)), package, module_level=False)
    return names


def keep_set(stdlib: bytes, wheel: Path, observed: Iterable[str]) -> set[str]:
    """The modules of ``stdlib`` (the zip's bytes) to keep (see the module's docstring)."""
    with zipfile.ZipFile(io.BytesIO(stdlib)) as archive:
        modules = _module_names(archive)
        keep = _known(observed, modules) | _known(wheel_imports(wheel), modules)
        keep |= {m for m in modules if m.split(".")[0] in KEEP_PACKAGES} | (set(KEEP_CODECS) & set(modules))
        todo = list(keep)
        while todo:
            module = todo.pop()
            member = modules[module]
            package = module if member.endswith("__init__.py") else module.rpartition(".")[0]
            try:
                tree = ast.parse(archive.read(member))
            except SyntaxError:  # a file for another Python (lib2to3 test data): never imported
                continue
            for name in _known(_imported(tree, package, module_level=True), modules) - keep:
                keep.add(name)
                todo.append(name)
        return keep


def slim_zip(stdlib: bytes, keep: set[str]) -> bytes:
    """``stdlib`` with only the modules in ``keep`` (and the non-Python files of their packages,
    and the top-level non-Python files), members in their order, dates as they were."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(stdlib)) as archive, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as slim:
        modules = _module_names(archive)
        members = {member for module, member in modules.items() if module in keep}
        packages = {member.rpartition("/")[0] for member in members if "/" in member}
        for info in archive.infolist():
            name = info.filename
            folder = name.rstrip("/").rpartition("/")[0] if not name.endswith("/") else name.rstrip("/")
            if name in members or (name.endswith("/") and folder in packages) \
                    or (not name.endswith(".py") and not name.endswith("/") and name.rpartition("/")[0] in packages | {""}):
                slim.writestr(info, archive.read(name))
    return out.getvalue()
