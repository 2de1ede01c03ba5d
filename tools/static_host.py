"""A local stand-in for a static host, for bench/site_perf.py and the browser tests: it serves a built site folder the
way GitHub Pages does (gzip for clients that accept it, ``Cache-Control: max-age=600``, an ETag
and Last-Modified, 304 for a conditional request whose file is unchanged) and counts the bytes it
sends, file by file, so a bench can say what a visit transferred.

Why not ``http.server``: it sends every file uncompressed and without an ETag, so its byte counts
say nothing of what a learner's browser downloads from a real host.

``Link``: a slow link (a school's shared line) for every request the host answers, the workers'
and the service worker's included, which the browser's own network emulation does not all reach
(it leaves a shared worker alone).
"""
from __future__ import annotations

import contextlib
import functools
import gzip
import hashlib
import http.server
import mimetypes
import threading
import time
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


class Link:
    """One slow link that every answer crosses: ``mbit`` megabits a second, shared by all
    connections in the order they send (a queue of 16 KB pieces), and ``latency_ms`` before each
    answer starts."""

    PIECE = 16 * 1024

    def __init__(self, mbit: float, latency_ms: float = 20) -> None:
        self.rate = mbit * 1_000_000 / 8
        self.latency = latency_ms / 1000
        self.lock = threading.Lock()
        self.free_at = 0.0

    def wait(self, size: int) -> None:
        """Returns once ``size`` more bytes would have crossed the link."""
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / self.rate
            done = self.free_at
        delay = done - time.monotonic()
        if delay > 0:
            time.sleep(delay)


@functools.lru_cache(maxsize=4096)
def _encoded(path: str, mtime_ns: int, size: int) -> tuple[bytes, bytes, str]:
    """The file's bytes, its gzip form (level 6, as hosts use) and its ETag; cached per version."""
    raw = Path(path).read_bytes()
    packed = gzip.compress(raw, 6, mtime=0)
    return raw, packed, '"' + hashlib.sha1(raw).hexdigest()[:16] + '"'


class StaticHost(http.server.BaseHTTPRequestHandler):
    root: Path
    traffic: Traffic
    link: Link | None = None
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:
        pass

    def write_body(self, body: bytes) -> None:
        if self.link is None:
            self.wfile.write(body)
            return
        for at in range(0, len(body), Link.PIECE):
            piece = body[at:at + Link.PIECE]
            self.link.wait(len(piece))
            self.wfile.write(piece)

    def do_GET(self) -> None:  # noqa: N802 (the handler's name)
        if self.link is not None:
            time.sleep(self.link.latency)
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
        self.write_body(body)
        self.traffic.add(key, len(body))


def serve(folder: Path, link: Link | None = None) -> tuple[http.server.ThreadingHTTPServer, str, Traffic]:
    """Serves ``folder`` on 127.0.0.1 (a free port) in a thread: the server, its origin, its count.
    ``link``: every answer crosses it (a slow network), else they go as fast as the machine can."""
    traffic = Traffic()
    handler = type("Host", (StaticHost,), {"root": folder.resolve(), "traffic": traffic, "link": link})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/", traffic


@contextlib.contextmanager
def hosting(folder: Path, link: Link | None = None) -> Iterator[tuple[str, Traffic]]:
    """``serve`` for the length of a ``with``: its origin and its count; the server stops after."""
    httpd, origin, traffic = serve(folder, link)
    try:
        yield origin, traffic
    finally:
        httpd.shutdown()
        httpd.server_close()
