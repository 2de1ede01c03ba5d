"""The command line (tutor.cli): legal, explain, golden; run in-process, plus a few real subprocesses."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tutor.cli import main
from unit_helpers import REPO, cards, key_of

SCENARIO = {"game": "doudizhu", "flags": {"players": 3}, "phase": "play", "to_act": 1,
            "hands": {"1": cards("S-6 H-6 S-9 BJ RJ")}, "trick": [{"seat": 0, "cards": cards("S-5 H-5")}]}
CASE = {"id": "DDZ-UNIT-CLI", "game": "doudizhu", "kind": "classify", "rules": ["DDZ-COMBO-2"],
        "description": "two 7s are a pair", "setup": {"flags": {"players": 3}, "cards": cards("S-7 H-7")},
        "expect": {"type": "pair", "rank": "7"}}


@pytest.fixture
def scenario_file(tmp_path):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(SCENARIO), encoding="utf-8")
    return str(path)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


class TestLegal:
    def test_legal_actions_of_the_seat_to_act(self, capsys, scenario_file):
        code, out, err = run(capsys, "legal", scenario_file)
        assert code == 0 and err == ""
        actions = json.loads(out)
        assert {key_of(a) for a in actions} == {key_of("PASS"), key_of("S-6 H-6"), key_of("BJ RJ")}

    def test_legal_for_another_seat(self, capsys, scenario_file):
        code, out, _ = run(capsys, "legal", scenario_file, "--seat", "2")
        assert code == 0 and json.loads(out) == []

    def test_no_such_seat(self, capsys, scenario_file):
        code, out, err = run(capsys, "legal", scenario_file, "--seat", "7")
        assert code == 2 and out == "" and "--seat 7" in err

    def test_auction_scenario(self, capsys, tmp_path):
        path = tmp_path / "auction.json"
        path.write_text(json.dumps({"game": "doudizhu", "flags": {"players": 4}, "phase": "auction", "to_act": 2,
                                    "hands": {}, "auction": [{"seat": 1, "action": {"bid": 2}}]}), encoding="utf-8")
        code, out, _ = run(capsys, "legal", str(path))
        assert code == 0 and json.loads(out) == ["PASS", {"bid": 3}]


class TestExplain:
    def test_bare_pass(self, capsys, scenario_file):
        code, out, _ = run(capsys, "explain", scenario_file, "PASS")
        verdict = json.loads(out)
        assert code == 0
        assert verdict["legal"] is True and verdict["key"] == "ddz.ok.pass"
        assert verdict["rule_ids"] == ["DDZ-PLAY-2", "DDZ-PLAY-3"] and verdict["text"]

    def test_lowercase_pass(self, capsys, scenario_file):
        code, out, _ = run(capsys, "explain", scenario_file, "pass")
        assert code == 0 and json.loads(out)["legal"] is True

    def test_json_play(self, capsys, scenario_file):
        code, out, _ = run(capsys, "explain", scenario_file, '["S-6", "H-6"]')
        verdict = json.loads(out)
        assert code == 0 and verdict["legal"] is True and verdict["key"] == "ddz.ok.beats"
        assert verdict["params"] == {"type": "pair", "rank": "6", "top_rank": "5"}
        assert "DDZ-CMP-1" in verdict["rule_ids"]

    def test_declared_type_object(self, capsys, scenario_file):
        code, out, _ = run(capsys, "explain", scenario_file, '{"cards": ["S-6", "H-6"], "type": "pair"}')
        assert code == 0 and json.loads(out)["legal"] is True

    def test_illegal_play_is_explained(self, capsys, scenario_file):
        code, out, _ = run(capsys, "explain", scenario_file, '["S-9"]')
        verdict = json.loads(out)
        assert code == 0
        assert verdict["legal"] is False and verdict["key"] == "ddz.type_mismatch"
        assert verdict["rule_ids"] == ["DDZ-CMP-1", "DDZ-CMP-2"]

    def test_other_seat(self, capsys, scenario_file):
        code, out, _ = run(capsys, "explain", scenario_file, "PASS", "--seat", "0")
        verdict = json.loads(out)
        assert code == 0 and verdict["legal"] is False and verdict["key"] == "common.not_your_turn"

    def test_japanese(self, capsys, scenario_file):
        code, out, _ = run(capsys, "explain", scenario_file, '["S-6","H-6"]', "--lang", "ja")
        verdict = json.loads(out)
        assert code == 0 and re.search(r"[\u3040-\u30ff]", verdict["text"])
        assert "ペア" in verdict["text"]
        assert not re.search(r"[\u3040-\u30ff]", json.loads(run(capsys, "explain", scenario_file, "PASS")[1])["text"])

    def test_output_is_one_json_line(self, capsys, scenario_file):
        _, out, _ = run(capsys, "explain", scenario_file, "PASS", "--lang", "ja")
        assert out.count("\n") == 1 and set(json.loads(out)) == {"legal", "rule_ids", "key", "params", "text"}


class TestErrors:
    def test_malformed_scenario(self, capsys, tmp_path):
        bad = dict(SCENARIO, hands={"1": cards("S-6 H-6 S-9 S-11")})
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(bad), encoding="utf-8")
        for argv in (["legal", str(path)], ["explain", str(path), "PASS"]):
            code, out, err = run(capsys, *argv)
            assert code == 2 and out == ""
            assert 'hands.1[3]: unknown card "S-11"' in err

    def test_scenario_that_is_not_json(self, capsys, tmp_path):
        path = tmp_path / "broken.json"
        path.write_text("{", encoding="utf-8")
        code, _, err = run(capsys, "legal", str(path))
        assert code == 2 and str(path) in err and "not JSON" in err

    def test_missing_file(self, capsys, tmp_path):
        path = str(tmp_path / "nowhere.json")
        code, out, err = run(capsys, "legal", path)
        assert code == 2 and out == "" and path in err and "cannot read" in err

    @pytest.mark.parametrize("action, words", [
        ("nonsense", "not JSON"),
        ('["S-11"]', '"S-11"'),
        ('"FOLD"', "FOLD"),
        ("[]", "empty"),
        ('{"bid": 1, "pass": 2}', "exactly one key"),
    ])
    def test_bad_action(self, capsys, scenario_file, action, words):
        code, out, err = run(capsys, "explain", scenario_file, action)
        assert code == 2 and out == ""
        assert err.startswith("error: ") and words in err

    def test_unknown_game(self, capsys, tmp_path):
        path = tmp_path / "chess.json"
        path.write_text(json.dumps(dict(SCENARIO, game="chess")), encoding="utf-8")
        code, _, err = run(capsys, "legal", str(path))
        assert code == 2 and "chess" in err

    def test_usage_errors_exit_2(self, capsys):
        for argv in ([], ["legal"], ["explain", "x.json"], ["frobnicate"]):
            with pytest.raises(SystemExit) as info:
                main(argv)
            assert info.value.code == 2
        capsys.readouterr()


class TestGolden:
    def test_passing_file(self, capsys, tmp_path):
        path = tmp_path / "good.json"
        path.write_text(json.dumps([CASE]), encoding="utf-8")
        code, out, _ = run(capsys, "golden", str(path))
        assert code == 0
        assert out.splitlines() == ["PASS DDZ-UNIT-CLI", "1 passed, 0 failed"]

    def test_failing_file(self, capsys, tmp_path):
        path = tmp_path / "bad.json"
        wrong = dict(CASE, id="DDZ-UNIT-CLI2", expect={"type": "trio"})
        path.write_text(json.dumps([CASE, wrong]), encoding="utf-8")
        code, out, _ = run(capsys, "golden", str(path))
        lines = out.splitlines()
        assert code == 1
        assert lines[0] == "PASS DDZ-UNIT-CLI" and lines[1].startswith("FAIL DDZ-UNIT-CLI2: ")
        assert lines[-1] == "1 passed, 1 failed"

    def test_unreadable_file(self, capsys, tmp_path):
        path = str(tmp_path / "none.json")
        code, out, err = run(capsys, "golden", path)
        assert code == 2 and out == "" and path in err and "cannot read" in err  # bad input: exit 2

    def test_several_files(self, capsys, tmp_path):
        good = tmp_path / "a.json"
        good.write_text(json.dumps([CASE]), encoding="utf-8")
        code, out, _ = run(capsys, "golden", str(good), str(good))
        assert code == 0 and out.splitlines()[-1] == "2 passed, 0 failed"


@pytest.mark.cpython_only
class TestSubprocess:
    def python_m(self, *args):
        return subprocess.run([sys.executable, "-m", "tutor", *args], cwd=REPO, capture_output=True, text=True,
                              timeout=60)

    def test_legal(self, scenario_file):
        proc = self.python_m("legal", scenario_file)
        assert proc.returncode == 0, proc.stderr
        assert {key_of(a) for a in json.loads(proc.stdout)} == {key_of("PASS"), key_of("S-6 H-6"), key_of("BJ RJ")}

    def test_explain_japanese(self, scenario_file):
        proc = self.python_m("explain", scenario_file, '["S-6","H-6"]', "--lang", "ja")
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["legal"] is True and "ペア" in json.loads(proc.stdout)["text"]

    def test_bad_action_exit_code(self, scenario_file):
        proc = self.python_m("explain", scenario_file, "nonsense")
        assert proc.returncode == 2 and proc.stdout == "" and "not JSON" in proc.stderr

    def test_golden_exit_codes(self, tmp_path):
        good, bad = tmp_path / "good.json", tmp_path / "bad.json"
        good.write_text(json.dumps([CASE]), encoding="utf-8")
        bad.write_text(json.dumps({"not": "a list"}), encoding="utf-8")
        assert self.python_m("golden", str(good)).returncode == 0
        proc = self.python_m("golden", str(bad))
        assert proc.returncode == 1 and proc.stdout.splitlines()[-1] == "0 passed, 1 failed"
