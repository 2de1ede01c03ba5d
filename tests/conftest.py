"""Shared pytest configuration (loaded by CPython and by the in-Pyodide run)."""


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "pyodide: runs the test suite inside Pyodide under Node.js (slow; deselect with -m 'not pyodide')"
    )
    config.addinivalue_line(
        "markers", "cpython_only: cannot run inside Pyodide; skipped by the in-Pyodide run"
    )
    config.addinivalue_line("markers", "browser: drives the built site in Debian's Chromium (Playwright)")
