"""Mastery per rule (site/static/mastery.js), run in Node as written and as minified: answers move
rules between boxes, a wrong rule is due again at once and comes first, a right one rests longer
each time, a broken or newer store is read without being misread, and a wrong answer marks the
rules it concerns, not every rule of the exercise."""
from __future__ import annotations

from pathlib import Path

import pytest

from test_links_js import run

pytestmark = pytest.mark.cpython_only
MINUTE = 60_000
DAY = 24 * 60 * MINUTE
RULES = ["R-1", "R-2", "R-3", "R-4"]


@pytest.mark.parametrize("minified", [False, True])
def test_spaced_practice(tmp_path: Path, minified: bool) -> None:
    def call(*calls):
        return run("mastery.js", list(calls), tmp_path, minified)

    [empty, broken, newer] = call(["parseMastery", [None]], ["parseMastery", ["{not json"]],
                                  ["parseMastery", ['{"v": 9, "games": {"g": {"R-1": {"box": 2, "due": 5}}}}']])
    assert empty["games"] == {} and broken["games"] == {} and not empty["newer"]
    assert newer["newer"] and newer["games"]["g"]["R-1"]["box"] == 2  # read, never written over (saveStore)
    now = 1_000_000
    [s1] = call(["record", [empty, "g", ["R-1", "R-2"], True, now]])
    [s2] = call(["record", [s1, "g", ["R-2"], False, now + 1]])
    assert s1["games"]["g"]["R-1"] == {"box": 1, "due": now + 10 * MINUTE, "last": now, "right": 1, "wrong": 0}
    assert s2["games"]["g"]["R-2"] == {"box": 0, "due": now + 1, "last": now + 1, "right": 1, "wrong": 1}
    assert s2["games"]["g"]["R-1"] == s1["games"]["g"]["R-1"]  # untouched by an answer on another rule
    later = now + 2
    [nxt, counts, status] = call(["nextRules", [s2, "g", RULES, later, 5]], ["summarize", [s2, "g", RULES]],
                                 ["ruleStatus", [s2["games"]["g"]["R-1"]]])
    # the rule missed comes first, then the ones never met; R-1 rests (due in 10 minutes)
    assert nxt == ["R-2", "R-3", "R-4"]
    assert counts == {"new": 2, "weak": 1, "learning": 1, "strong": 0}
    assert status == "learning"
    # right answers in a row: each rests longer, up to the top box
    store, dues = s2, []
    for i in range(7):
        [store] = call(["record", [store, "g", ["R-3"], True, now + i]])
        dues.append(store["games"]["g"]["R-3"]["due"] - (now + i))
    assert dues == [10 * MINUTE, DAY, 3 * DAY, 7 * DAY, 21 * DAY, 21 * DAY, 21 * DAY]
    [strong, after_r1_due, forgot] = call(["ruleStatus", [store["games"]["g"]["R-3"]]],
                                          ["nextRules", [store, "g", RULES, now + 11 * MINUTE, 5]],
                                          ["forgetGame", [store, "g"]])
    assert strong == "strong"
    assert after_r1_due == ["R-2", "R-1", "R-4"]  # the weak one first, then R-1 due again, then new
    assert forgot["games"] == {}


@pytest.mark.parametrize("minified", [False, True])
def test_answered_rules(tmp_path: Path, minified: bool) -> None:
    exercise = {"rule_ids": ["A", "B", "C"], "options": [
        {"correct": True, "rule_ids": ["A"]}, {"correct": False, "rule_ids": ["B"]}, {"correct": False, "rule_ids": ["Z"]}]}
    right, wrong_b, wrong_z = run("mastery.js", [["answeredRules", [exercise, [0]]], ["answeredRules", [exercise, [1]]],
                                                 ["answeredRules", [exercise, [2]]]], tmp_path, minified)
    assert right == {"right": True, "rules": ["A", "B", "C"]}
    assert wrong_b == {"right": False, "rules": ["A", "B"]}  # the rule of the answer given and the right one's
    assert wrong_z == {"right": False, "rules": ["A"]}
