"""Shared pytest configuration (loaded by CPython and by the in-Pyodide run)."""


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "pyodide: runs the test suite inside Pyodide under Node.js (slow; deselect with -m 'not pyodide')"
    )
    config.addinivalue_line(
        "markers", "cpython_only: cannot run inside Pyodide; skipped by the in-Pyodide run"
    )
    config.addinivalue_line("markers", "browser: drives the built site in Debian's Chromium (Playwright)")


import pytest  # noqa: E402


def pytest_itemcollected(item):
    """The suite runs on two workers (./dev test: pytest-xdist, ``--dist loadgroup``): every browser
    test in one group, so that one browser and one built site serve them all, and the tests inside
    Pyodide in another (they share one wheel folder under .cache); the rest is spread over both.
    Marked as each test is collected: xdist reads the groups in its own collection hook."""
    path = str(item.fspath).replace("\\", "/")
    for group in ("browser", "pyodide"):
        if f"/tests/{group}/" in path:
            item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture
def unbuilt_game(monkeypatch):
    """A game the registry knows but has not built, for the "not supported yet" paths: every game
    of the mission is built now, so one (Pon-jan) is marked unbuilt for the test's length."""
    from tutor import registry

    name = "ponjan"
    monkeypatch.setitem(registry._BY_NAME, name, registry.GameEntry(name, "minor", None))
    monkeypatch.delitem(registry._LOADED, name, raising=False)
    return name
