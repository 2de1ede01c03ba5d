"""Fetch and verify the Pyodide runtime from the npm registry (standard library only).

``ensure_pyodide(cache_dir)`` downloads the npm tarball of ``pyodide`` at the
pinned version once, checks it against the sha512 integrity string recorded
below (the registry's metadata is *not* consulted at run time), extracts the
five runtime files plus ``package.json`` into ``cache_dir/pyodide-<version>/``
and returns that folder.  A stamp file records a verified extraction so later
calls do no work.

Usage as a script::

    python tools/vendor_pyodide.py [CACHE_DIR]     # default: <repo>/.cache

Importing this module has no side effects.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import sys
import tarfile
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

PYODIDE_VERSION = "314.0.7"
# Recorded from https://registry.npmjs.org/pyodide/314.0.7 (dist.tarball / dist.integrity).
TARBALL_URL = "https://registry.npmjs.org/pyodide/-/pyodide-314.0.7.tgz"
TARBALL_INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)

#: Files the runtime needs (loadPyodide with indexURL pointing at the folder).
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: Kept for the record (version, licence).
EXTRA_FILES = ("package.json",)
STAMP_NAME = ".verified"

DEFAULT_CACHE_DIR = Path(__file__).resolve().parent.parent / ".cache"


class IntegrityError(RuntimeError):
    """The downloaded tarball does not match the recorded sha512."""


def _integrity_of(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def verify_integrity(data: bytes, expected: str = TARBALL_INTEGRITY) -> None:
    """Raise IntegrityError unless ``data`` hashes to the ``expected`` SRI string."""
    actual = _integrity_of(data)
    if actual != expected:
        raise IntegrityError(
            f"pyodide {PYODIDE_VERSION} tarball failed its sha512 check\n"
            f"  url:      {TARBALL_URL}\n"
            f"  expected: {expected}\n"
            f"  actual:   {actual}"
        )


def _download(url: str, attempts: int = 3, timeout: float = 120.0) -> bytes:
    last: Exception | None = None
    for i in range(attempts):
        try:
            with urllib.request.urlopen(url, timeout=timeout) as resp:
                return resp.read()
        except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
            last = exc
            time.sleep(1.5 * (i + 1))
    raise RuntimeError(f"could not download {url}: {last}") from last


def _stamp_text() -> str:
    return json.dumps(
        {"version": PYODIDE_VERSION, "url": TARBALL_URL, "integrity": TARBALL_INTEGRITY},
        sort_keys=True,
    )


def _is_complete(dest: Path) -> bool:
    stamp = dest / STAMP_NAME
    if not stamp.is_file():
        return False
    try:
        if stamp.read_text(encoding="utf-8") != _stamp_text():
            return False
    except OSError:
        return False
    return all((dest / name).is_file() for name in RUNTIME_FILES + EXTRA_FILES)


def _extract(data: bytes, dest: Path) -> None:
    """Extract the wanted members of the npm tarball (all under ``package/``) into dest."""
    wanted = {f"package/{name}": name for name in RUNTIME_FILES + EXTRA_FILES}
    found: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for member in tar:
            name = wanted.get(member.name)
            if name is None or not member.isfile():
                continue
            fh = tar.extractfile(member)
            assert fh is not None
            found[name] = fh.read()
    missing = sorted(set(wanted.values()) - set(found))
    if missing:
        raise RuntimeError(f"pyodide tarball lacks expected files: {', '.join(missing)}")
    for name, content in found.items():
        tmp = dest / (name + ".part")
        tmp.write_bytes(content)
        os.replace(tmp, dest / name)


def ensure_pyodide(cache_dir: Path) -> Path:
    """Return ``cache_dir/pyodide-<version>/`` holding a verified Pyodide runtime.

    Downloads and verifies the tarball only when the folder is not already
    complete (files present and stamp matching this version/integrity).
    """
    cache_dir = Path(cache_dir)
    dest = cache_dir / f"pyodide-{PYODIDE_VERSION}"
    if _is_complete(dest):
        return dest

    dest.mkdir(parents=True, exist_ok=True)
    stamp = dest / STAMP_NAME
    if stamp.exists():
        stamp.unlink()

    tarball = cache_dir / f"pyodide-{PYODIDE_VERSION}.tgz"
    data: bytes | None = None
    if tarball.is_file():  # a previously downloaded copy: reuse it if it verifies
        cached = tarball.read_bytes()
        if _integrity_of(cached) == TARBALL_INTEGRITY:
            data = cached
    if data is None:
        data = _download(TARBALL_URL)
        verify_integrity(data)
        fd, tmpname = tempfile.mkstemp(dir=cache_dir, prefix=tarball.name, suffix=".part")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmpname, 0o644)
        os.replace(tmpname, tarball)

    _extract(data, dest)
    stamp.write_text(_stamp_text(), encoding="utf-8")
    return dest


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if len(argv) > 1:
        print("usage: python tools/vendor_pyodide.py [CACHE_DIR]", file=sys.stderr)
        return 2
    cache_dir = Path(argv[0]) if argv else DEFAULT_CACHE_DIR
    try:
        dest = ensure_pyodide(cache_dir)
    except IntegrityError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
