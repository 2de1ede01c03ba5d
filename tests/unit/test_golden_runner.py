"""The generic golden-case runner (rules/README.md §4.5): one line per case, never a crash."""
from __future__ import annotations

import copy
import json
import re
import subprocess
import sys

import pytest

from tutor.golden import CaseFailure, compare_check, default_normalize, run_case, run_files
from unit_helpers import GAME, cards, shared_rules

SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$")

# --------------------------------------------------------------------------- our own cases
LEGAL = {
    "id": "DDZ-UNIT-01", "game": "doudizhu", "kind": "legal", "rules": ["DDZ-CMP-1", "DDZ-CMP-4"],
    "description": "A pair of 5s on top: a higher pair or the rocket; the 9 alone is not a pair.",
    "setup": {"flags": {"players": 3}, "phase": "play", "to_act": 1,
              "hands": {"1": cards("S-6 H-6 S-9 BJ RJ")}, "trick": [{"seat": 0, "cards": cards("S-5 H-5")}]},
    "expect": {"legal": ["PASS", cards("H-6 S-6"), cards("RJ BJ")], "illegal": [cards("S-9"), cards("S-6 S-9")]},
}
CLASSIFY = {
    "id": "DDZ-UNIT-02", "game": "doudizhu", "kind": "classify", "rules": ["DDZ-COMBO-6"],
    "description": "3-4-5-6-7 is a five-card sequence topped by the 7.",
    "setup": {"flags": {"players": 3}, "cards": cards("S-3 H-4 D-5 C-6 S-7")},
    "expect": {"type": "sequence", "rank": "7", "length": 5},
}
SCORE = {
    "id": "DDZ-UNIT-03", "game": "doudizhu", "kind": "score", "rules": ["DDZ-PAY-1", "DDZ-PAY-2", "DDZ-PAY-3"],
    "description": "Bid 3, landlord wins after one bomb and the rocket: x4, each farmer pays 12.",
    "setup": {"flags": {"players": 3}, "bid": 3, "winner": "landlord", "bombs_played": [4], "rockets_played": 1},
    "expect": {"multiplier": 4, "landlord_net": 24, "each_farmer_net": -12},
}
STEPS_AUCTION = {
    "id": "DDZ-UNIT-04", "game": "doudizhu", "kind": "steps", "rules": ["DDZ-BID-1", "DDZ-BID-3"],
    "description": "A bid must be higher; after a bid and two passes the bidder is landlord.",
    "setup": {"flags": {"players": 3}, "phase": "auction", "to_act": 0, "hands": {}},
    "steps": [
        {"seat": 0, "action": {"bid": 1}, "in_turn": True, "expect": {"ok": True, "to_act": 1, "bid": 1}},
        {"seat": 1, "action": {"bid": 1}, "in_turn": True, "expect": {"ok": False, "to_act": 1}},
        {"seat": 1, "action": "PASS", "in_turn": True, "expect": {"ok": True, "auction_over": False}},
        {"seat": 2, "action": "PASS", "in_turn": True, "expect": {"ok": True}},
    ],
    "expect": {"auction_over": True, "landlord": 0, "bid": 1, "phase": "play", "to_act": 0, "redeal": False},
}
STEPS_PLAY = {
    "id": "DDZ-UNIT-05", "game": "doudizhu", "kind": "steps", "rules": ["DDZ-PLAY-2", "DDZ-PLAY-4"],
    "description": "Seat 1 beats the pair, the others pass, seat 1 leads the next trick.",
    "setup": {"flags": {"players": 3}, "phase": "play", "to_act": 1, "landlord": 0,
              "hands": {"1": cards("S-6 H-6 S-9")}, "trick": [{"seat": 0, "cards": cards("S-5 H-5")}]},
    "steps": [
        {"seat": 1, "action": cards("S-9"), "in_turn": True, "expect": {"ok": False}},
        {"seat": 1, "action": cards("S-6 H-6"), "in_turn": True,
         "expect": {"ok": True, "to_act": 2, "cards_held": {"1": 1}, "hands": {"1": cards("S-9")},
                    "trick": [{"seat": 0, "cards": cards("H-5 S-5")}, {"seat": 1, "cards": cards("H-6 S-6"),
                                                                        "type": "pair"}],
                    "trick_over": False}},
        {"seat": 2, "action": "PASS", "in_turn": True, "expect": {"ok": True}},
        {"seat": 0, "action": "PASS", "in_turn": True, "expect": {"ok": True, "trick_over": True, "trick": []}},
    ],
    "expect": {"phase": "play", "to_act": 1},
}
GOOD_CASES = [LEGAL, CLASSIFY, SCORE, STEPS_AUCTION, STEPS_PLAY]


def wrong(case, path, value):
    """A copy of ``case`` with the value at ``path`` (a list of keys/indexes) replaced."""
    bad = copy.deepcopy(case)
    target = bad
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    bad["id"] = case["id"] + "x"
    return bad


WRONG_CASES = [
    (wrong(LEGAL, ["expect", "legal"], ["PASS", cards("S-6 H-6")]), "legal set differs"),  # rocket left out
    (wrong(LEGAL, ["expect", "illegal"], [cards("S-6 H-6")]), "must be illegal"),
    (wrong(CLASSIFY, ["expect", "rank"], "8"), "sequence"),
    (wrong(CLASSIFY, ["expect", "type"], "pair_sequence"), "sequence"),
    (wrong(SCORE, ["expect", "landlord_net"], 12), "landlord_net"),
    (wrong(STEPS_AUCTION, ["expect", "landlord"], 1), "landlord"),
    (wrong(STEPS_AUCTION, ["steps", 1, "expect", "ok"], True), "rejects"),
    (wrong(STEPS_PLAY, ["steps", 0, "expect", "ok"], True), "rejects"),
    (wrong(STEPS_PLAY, ["steps", 3, "expect", "trick_over"], False), "trick_over"),
]


def run(tmp_path, *contents, name="cases"):
    """Writes each content to a file (lists/objects as JSON, str as raw text) and runs them."""
    paths = []
    for i, content in enumerate(contents):
        path = tmp_path / f"{name}{i}.json"
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
        paths.append(str(path))
    lines: list[str] = []
    result = run_files(paths, out=lines.append)
    return result, lines, paths


def check_lines(lines, cases_expected):
    """One line per case then the summary; returns the case lines."""
    assert SUMMARY.match(lines[-1]), lines[-1]
    assert len(lines) == cases_expected + 1
    for line in lines[:-1]:
        assert re.match(r"^(PASS \S+|FAIL \S+: \S.*)$", line), line
    return lines[:-1]


class TestOwnCases:
    @pytest.mark.parametrize("case", GOOD_CASES, ids=[c["id"] for c in GOOD_CASES])
    def test_good_case_passes(self, case):
        run_case(copy.deepcopy(case))

    @pytest.mark.parametrize("case, reason", WRONG_CASES, ids=[c["id"] + ":" + r for c, r in WRONG_CASES])
    def test_wrong_case_fails(self, case, reason):
        with pytest.raises(CaseFailure) as info:
            run_case(case)
        assert reason in str(info.value)

    def test_file_of_good_and_wrong_cases(self, tmp_path):
        cases = GOOD_CASES + [c for c, _ in WRONG_CASES]
        (passed, failed), lines, _ = run(tmp_path, cases)
        assert (passed, failed) == (len(GOOD_CASES), len(WRONG_CASES))
        body = check_lines(lines, len(cases))
        assert body[: len(GOOD_CASES)] == [f"PASS {c['id']}" for c in GOOD_CASES]
        assert all(line.startswith(f"FAIL {c['id']}: ") for line, (c, _) in zip(body[len(GOOD_CASES):], WRONG_CASES))
        assert lines[-1] == f"{len(GOOD_CASES)} passed, {len(WRONG_CASES)} failed"

    @pytest.mark.cpython_only
    def test_cases_pass_the_shared_schema_checker(self, tmp_path):
        checker = shared_rules() / "check_golden.py"
        path = tmp_path / "unit_cases.json"
        path.write_text(json.dumps(GOOD_CASES), encoding="utf-8")
        proc = subprocess.run([sys.executable, str(checker), str(path)], capture_output=True, text=True, timeout=60)
        out = proc.stdout.splitlines()
        assert any(re.match(r"^\d+ cases in \d+ files; \d+ problems?$", line) for line in out), proc.stdout
        # problem lines are "<where>: <message>"; the per-file table rows are indented
        mine = [line for line in out if not line.startswith(" ") and ("unit_cases" in line or "DDZ-UNIT" in line)]
        assert not mine, "\n".join(mine)
        assert any(line.startswith(" ") and "unit_cases" in line and "steps" in line for line in out)


class TestMalformed:
    def one_failure(self, tmp_path, content, name_prefix):
        (passed, failed), lines, paths = run(tmp_path, content)
        assert (passed, failed) == (0, 1)
        body = check_lines(lines, 1)
        assert body[0].startswith("FAIL "), body
        name = name_prefix.replace("{path}", paths[0])
        assert body[0].startswith(f"FAIL {name}: "), body[0]
        return body[0]

    def test_unknown_key(self, tmp_path):
        case = dict(CLASSIFY, id="DDZ-UNIT-90", comment="typo for note")
        line = self.one_failure(tmp_path, [case], "DDZ-UNIT-90")
        assert "comment" in line

    def test_unknown_key_in_setup(self, tmp_path):
        case = copy.deepcopy(LEGAL)
        case["id"] = "DDZ-UNIT-91"
        case["setup"]["hand"] = {}
        line = self.one_failure(tmp_path, [case], "DDZ-UNIT-91")
        assert "hand" in line

    def test_missing_id_is_named_by_path_and_index(self, tmp_path):
        case = dict(CLASSIFY)
        del case["id"]
        (passed, failed), lines, paths = run(tmp_path, [CLASSIFY, case])
        assert (passed, failed) == (1, 1)
        body = check_lines(lines, 2)
        assert body[0] == f"PASS {CLASSIFY['id']}"
        assert body[1].startswith(f"FAIL {paths[0]}#1: ") and "id" in body[1]

    def test_case_that_is_not_an_object(self, tmp_path):
        self.one_failure(tmp_path, ["DDZ-UNIT-92"], "{path}#0")

    def test_unknown_kind(self, tmp_path):
        line = self.one_failure(tmp_path, [dict(CLASSIFY, id="DDZ-UNIT-93", kind="trickery")], "DDZ-UNIT-93")
        assert "trickery" in line

    def test_kind_the_game_does_not_use(self, tmp_path):
        line = self.one_failure(tmp_path, [dict(CLASSIFY, id="DDZ-UNIT-94", kind="trick")], "DDZ-UNIT-94")
        assert "trick" in line

    def test_unknown_game(self, tmp_path):
        line = self.one_failure(tmp_path, [dict(CLASSIFY, id="DDZ-UNIT-95", game="mahjong")], "DDZ-UNIT-95")
        assert "mahjong" in line

    def test_game_not_built_yet(self, tmp_path, unbuilt_game):
        case = {"id": "PON-UNIT-1", "game": "ponjan", "kind": "classify", "rules": ["PON-SET-1"],
                "description": "x", "setup": {"flags": {"players": 4}, "cards": ["T1"]}, "expect": {"type": None}}
        line = self.one_failure(tmp_path, [case], "PON-UNIT-1")
        assert "ponjan not supported yet" in line

    def test_a_setup_the_rules_make_impossible(self, tmp_path):
        """A cut-in setup naming the wrong seat to act after the field's last play says which."""
        case = {"id": "DFG-UNIT-1", "game": "daifugo", "kind": "legal", "rules": ["DFG-CUT-4"],
                "description": "x", "setup": {"flags": {"players": 4}, "phase": "play", "to_act": 3,
                                              "hands": {"3": ["S-4"]}, "trick": [{"seat": 0, "cards": ["S-3"]}]},
                "expect": {"legal": [["S-4"]]}}
        line = self.one_failure(tmp_path, [case], "DFG-UNIT-1")
        assert "seat 1 acts, not seat 3" in line

    def test_steps_key_on_another_kind(self, tmp_path):
        line = self.one_failure(tmp_path, [dict(CLASSIFY, id="DDZ-UNIT-96", steps=[])], "DDZ-UNIT-96")
        assert "steps" in line

    def test_bad_card_in_setup(self, tmp_path):
        case = wrong(CLASSIFY, ["setup", "cards"], ["S-3", "S-11"])
        line = self.one_failure(tmp_path, [case], case["id"])
        assert "S-11" in line

    def test_unknown_state_check(self, tmp_path):
        case = wrong(STEPS_AUCTION, ["expect", "mood"], "happy")
        line = self.one_failure(tmp_path, [case], case["id"])
        assert "mood" in line

    def test_empty_rules(self, tmp_path):
        line = self.one_failure(tmp_path, [wrong(CLASSIFY, ["rules"], [])], CLASSIFY["id"] + "x")
        assert "rules" in line

    def test_file_that_is_not_a_list(self, tmp_path):
        line = self.one_failure(tmp_path, CLASSIFY, "{path}")
        assert "list" in line

    def test_file_that_is_not_json(self, tmp_path):
        self.one_failure(tmp_path, "[{\"id\": ", "{path}")

    def test_unreadable_file(self, tmp_path):
        missing = str(tmp_path / "missing.json")
        lines: list[str] = []
        assert run_files([missing], out=lines.append) == (0, 1)
        assert len(lines) == 2 and lines[0].startswith(f"FAIL {missing}: ") and lines[1] == "0 passed, 1 failed"

    def test_totals_over_several_files(self, tmp_path):
        (passed, failed), lines, _ = run(tmp_path, GOOD_CASES, "not json", [CLASSIFY, wrong(SCORE, ["bid"], 9)])
        assert (passed, failed) == (len(GOOD_CASES) + 1, 2)
        check_lines(lines, len(GOOD_CASES) + 3)
        assert lines[-1] == f"{len(GOOD_CASES) + 1} passed, 2 failed"

    def test_reasons_are_one_line(self, tmp_path):
        case = wrong(LEGAL, ["expect", "legal"], ["PASS"])
        (_, failed), lines, _ = run(tmp_path, [case])
        assert failed == 1 and "\n" not in lines[0]


class TestComparison:
    def test_doudizhu_actions_compare_by_ranks(self):  # README §4.4
        assert GAME.normalize_action(cards("S-4")) == GAME.normalize_action(cards("H-4"))
        assert GAME.normalize_action(cards("S-4 H-5")) == GAME.normalize_action(cards("D-5 C-4"))
        assert GAME.normalize_action({"cards": cards("S-4 H-4"), "type": "pair"}) == \
            GAME.normalize_action(cards("D-4 C-4"))
        assert GAME.normalize_action(cards("BJ")) != GAME.normalize_action(cards("RJ"))
        assert GAME.normalize_action("PASS") != GAME.normalize_action(cards("S-4"))
        assert GAME.normalize_action({"bid": 2}) == GAME.normalize_action({"bid": 2})
        assert GAME.normalize_action({"bid": 2}) != GAME.normalize_action({"bid": 3})

    def test_generic_normalisation(self):
        assert default_normalize(["S-2", "JOKER"]) == default_normalize(["JOKER", "S-2"])
        assert default_normalize({"exchange": ["S-2", "JOKER"]}) == default_normalize({"exchange": ["JOKER", "S-2"]})
        assert default_normalize(["S-7#1", "S-7#2"]) == default_normalize(["S-7", "S-7"])
        assert default_normalize(["PHOENIX=8"]) != default_normalize(["PHOENIX=9"])
        assert default_normalize(["S-7"]) != default_normalize(["S-7", "S-7"])

    def test_state_checks(self):
        assert compare_check("hands", {"1": ["S-3", "H-4"]}, {"1": ["H-4", "S-3"], "2": ["BJ"]}) is None
        assert compare_check("hands", {"1": ["S-3"]}, {"1": ["S-4"]})
        assert compare_check("to_act", 1, 1) is None and compare_check("to_act", 1, 2)
        assert compare_check("trick_over", True, 1)  # a bool is compared as a bool
        assert compare_check("landlord", None, None) is None


def test_shared_doudizhu_file_passes():
    path = shared_rules() / "golden" / "doudizhu.json"
    lines: list[str] = []
    passed, failed = run_files([str(path)], out=lines.append)
    assert failed == 0, "\n".join(line for line in lines if line.startswith("FAIL"))
    assert passed == len(json.loads(path.read_text(encoding="utf-8"))) > 0
    assert lines[-1] == f"{passed} passed, 0 failed"
