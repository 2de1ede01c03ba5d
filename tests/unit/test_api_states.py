"""The bridge's store of positions forgets the one unused longest, not the oldest made.

One engine serves every open page of the site (site/static/worker.js, a shared worker): a page left
a while must keep its position while another page's bots make many more.
"""
from __future__ import annotations

import pytest

import tutor.api as api


def test_the_position_unused_longest_is_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "MAX_STATES", 3)
    monkeypatch.setattr(api, "_STATES", {})
    made = [api.handle({"op": "new", "game": "doudizhu", "seed": seed})["state"] for seed in (1, 2, 3)]
    assert api.handle({"op": "legal", "state": made[0]})["ok"]  # the first, used again
    later = api.handle({"op": "new", "game": "doudizhu", "seed": 4})["state"]
    assert set(api._STATES) == {made[0], made[2], later}
    assert api.handle({"op": "legal", "state": made[0]})["ok"]
    forgotten = api.handle({"op": "legal", "state": made[1]})
    assert not forgotten["ok"] and "state" in forgotten["error"]
