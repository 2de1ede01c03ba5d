"""The Content-Security-Policy every built page carries (issue 13), in a ``<meta>`` tag so it works
on any static host.

What the site needs, and nothing more: its own scripts (ES modules from ``assets/``), the one
inline script a page may have (the boot script of templates/boot.html, allowed by the hash of
its exact text, computed here after minifying), its own stylesheet, workers from itself (the
engine's worker, the service worker), WebAssembly for Pyodide (``'wasm-unsafe-eval'``),
connections to its own origin only (the wheel, the runtime, the strings), no plugins, frames or
form submissions, and no ``<base>`` that could move where relative URLs point.

A limit no meta tag can lift: a worker loaded from a URL takes its policy from its own HTTP
response headers, which static hosts do not send by default. ``headers_file`` writes
``_headers`` (read by Netlify and Cloudflare Pages) with the same policy for every page and
the worker's own for ``assets/worker.js``; README.md says how to use it elsewhere.
"""
from __future__ import annotations

import base64
import hashlib
import re

#: inline scripts that run (not ``type="application/json"`` data blocks, not ``src=`` scripts)
_INLINE = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>(.*?)</script>", re.S)
_CHARSET = '<meta charset="utf-8">'


def script_hashes(html: str) -> list[str]:
    """The CSP hash source of every inline script of ``html``, in order."""
    return [f"'sha256-{base64.b64encode(hashlib.sha256(body.encode('utf-8')).digest()).decode()}'"
            for body in _INLINE.findall(html)]


def policy(hashes: list[str] | tuple[str, ...] = ()) -> str:
    """The policy text, with the hashes of the inline scripts it allows."""
    scripts = " ".join(["'self'", *sorted(set(hashes)), "'wasm-unsafe-eval'"])
    return "; ".join([
        "default-src 'self'",
        f"script-src {scripts}",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "frame-src 'none'",
        "form-action 'none'",
        "base-uri 'none'",
    ])


def with_policy(html: str) -> tuple[str, list[str]]:
    """``html`` with its policy as the first thing in ``<head>`` after the charset (a meta policy
    covers only what follows it, and the boot script comes next), and the hashes it allows."""
    if _CHARSET not in html:
        raise ValueError('a page must start its head with <meta charset="utf-8"> (the policy follows it)')
    hashes = script_hashes(html)
    tag = f'<meta http-equiv="Content-Security-Policy" content="{policy(hashes)}">'
    return html.replace(_CHARSET, _CHARSET + tag, 1), hashes


#: the worker's own policy: what Pyodide does inside it (module imports and fetches from the
#: site, WebAssembly compiled from the runtime's bytes)
WORKER_POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
                 "object-src 'none'; base-uri 'none'")


def headers_file(page_hashes: set[str]) -> str:
    """``_headers`` for hosts that read one: the pages' policy as an HTTP header (a header also
    covers what a meta tag cannot, ``frame-ancestors``), and the worker's own."""
    page = policy(tuple(page_hashes)) + "; frame-ancestors 'self'"
    return (f"/*\n  Content-Security-Policy: {page}\n  X-Content-Type-Options: nosniff\n"
            f"/assets/worker.js\n  Content-Security-Policy: {WORKER_POLICY}\n")
