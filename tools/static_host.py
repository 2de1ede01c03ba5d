"""A local stand-in for a static host, for bench/site_perf.py and the browser tests: it serves a built site folder the
way GitHub Pages does (gzip for clients that accept it, ``Cache-Control: max-age=600``, an ETag
and Last-Modified, 304 for a conditional request whose file is unchanged) and counts the bytes it
sends, file by file, so a bench can say what a visit transferred.

Why not ``http.server``: it sends every file uncompressed and without an ETag, so its byte counts
say nothing of what a learner's browser downloads from a real host.
"""
from __future__ import annotations

import contextlib
import functools
import gzip
import hashlib
import http.server
import mimetypes
import threading
from collections import Counter
from email.utils import formatdate
from pathlib import Path
from typing import Iterator
from urllib.parse import unquote, urlsplit

# already compressed: a host sends them as they are (gzip would only grow them)
STORED = {".zip", ".whl", ".png", ".jpg", ".gz", ".woff2"}
MAX_AGE = 600  # GitHub Pages' Cache-Control


class Traffic:
    """Bytes sent (bodies, after compression) and requests, per path; thread-safe."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes: Counter[str] = Counter()
        self.requests: Counter[str] = Counter()
        self.not_modified: Counter[str] = Counter()

    def add(self, path: str, sent: int, not_modified: bool = False) -> None:
        with self.lock:
            self.bytes[path] += sent
            self.requests[path] += 1
            if not_modified:
                self.not_modified[path] += 1

    def take(self) -> "Traffic":
        """What was counted so far, and a fresh count from here on."""
        with self.lock:
            taken = Traffic()
            taken.bytes, taken.requests, taken.not_modified = self.bytes, self.requests, self.not_modified
            self.bytes, self.requests, self.not_modified = Counter(), Counter(), Counter()
            return taken

    def total(self) -> int:
        return sum(self.bytes.values())


@functools.lru_cache(maxsize=4096)
def _encoded(path: str, mtime_ns: int, size: int) -> tuple[bytes, bytes, str]:
    """The file's bytes, its gzip form (level 6, as hosts use) and its ETag; cached per version."""
    raw = Path(path).read_bytes()
    packed = gzip.compress(raw, 6, mtime=0)
    return raw, packed, '"' + hashlib.sha1(raw).hexdigest()[:16] + '"'


class StaticHost(http.server.BaseHTTPRequestHandler):
    root: Path
    traffic: Traffic
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802 (the handler's name)
        rel = unquote(urlsplit(self.path).path).lstrip("/")
        target = (self.root / rel).resolve()
        if target.is_dir():
            target = target / "index.html"
        if self.root not in target.parents and target != self.root or not target.is_file():
            body = b"not found"
            self.send_response(404)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            self.traffic.add("(404) " + rel, len(body))
            return
        stat = target.stat()
        raw, packed, etag = _encoded(str(target), stat.st_mtime_ns, stat.st_size)
        key = target.relative_to(self.root).as_posix()
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", f"max-age={MAX_AGE}")
            self.end_headers()
            self.traffic.add(key, 0, not_modified=True)
            return
        use_gzip = "gzip" in self.headers.get("Accept-Encoding", "") and target.suffix not in STORED \
            and len(packed) < len(raw)
        body = packed if use_gzip else raw
        self.send_response(200)
        kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if target.suffix == ".wasm":
            kind = "application/wasm"
        elif target.suffix in (".js", ".mjs"):
            kind = "text/javascript"
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        if use_gzip:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", formatdate(stat.st_mtime, usegmt=True))
        self.send_header("Cache-Control", f"max-age={MAX_AGE}")
        self.end_headers()
        self.wfile.write(body)
        self.traffic.add(key, len(body))


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str, Traffic]:
    """Serves ``folder`` on 127.0.0.1 (a free port) in a thread: the server, its origin, its count."""
    traffic = Traffic()
    handler = type("Host", (StaticHost,), {"root": folder.resolve(), "traffic": traffic})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/", traffic


@contextlib.contextmanager
def hosting(folder: Path) -> Iterator[tuple[str, Traffic]]:
    """``serve`` for the length of a ``with``: its origin and its count; the server stops after."""
    httpd, origin, traffic = serve(folder)
    try:
        yield origin, traffic
    finally:
        httpd.shutdown()
        httpd.server_close()
