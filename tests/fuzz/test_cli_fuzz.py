"""The command line and the scenario loaders under malformed input (issue 13): exit status 0 or 2,
a message on stderr naming what is wrong, never a traceback; a scenario that loads is a position
the deal allows, on which every engine call works.
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_helpers import EXAMPLES, JSON_VALUES, ROOT, assert_clear, mutated_setups
from tutor.cli import main
from tutor.errors import TutorError, error_text
from tutor.scenario import load_scenario

SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own usage errors: status 2 and a usage line
        code = int(exc.code or 0)
        out, err = capsys.readouterr()
        assert code == 2 and "error:" in err, err
        return code, "", "error: " + err.split("error:", 1)[1].strip()
    out, err = capsys.readouterr()
    return code, out, err


def check_exit(code: int, out: str, err: str, where: str) -> None:
    assert code in (0, 2), f"{where}: exit {code}: {err}"
    if code == 2:
        assert out == "" and err.startswith("error: "), (where, out, err)
        assert_clear(err, where)
    else:
        json.loads(out)


@SETTINGS
@given(scenario=mutated_setups(), action=JSON_VALUES, seat=st.one_of(st.none(), st.integers(-3, 9)),
       out_of_turn=st.booleans())
def test_the_command_line_answers_every_scenario(tmp_path_factory: pytest.TempPathFactory,
                                                 capsys: pytest.CaptureFixture[str], scenario: dict[str, Any],
                                                 action: Any, seat: int | None, out_of_turn: bool) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "scenario.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    extra = ([f"--seat={seat}"] if seat is not None else []) + (["--out-of-turn"] if out_of_turn else [])
    check_exit(*run_cli(capsys, "legal", str(path), *extra), where=f"legal {scenario} {extra}")
    check_exit(*run_cli(capsys, "explain", str(path), json.dumps(action), *extra),
               where=f"explain {scenario} {action!r} {extra}")


@SETTINGS
@given(data=st.one_of(st.binary(max_size=60), JSON_VALUES.map(lambda v: json.dumps(v).encode())))
def test_the_command_line_reads_any_file(tmp_path_factory: pytest.TempPathFactory,
                                         capsys: pytest.CaptureFixture[str], data: bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "file.json"
    path.write_bytes(data)
    for command in ("legal", "golden"):
        code, out, err = run_cli(capsys, command, str(path))
        if command == "golden":
            assert code in (0, 1, 2), err
            if code == 2:
                assert_clear(err)
        else:
            check_exit(code, out, err, f"{command} {data!r}")


@SETTINGS
@given(scenario=mutated_setups())
def test_a_scenario_that_loads_is_a_position_the_deal_allows(scenario: dict[str, Any]) -> None:
    try:
        game, state = load_scenario(scenario)
    except TutorError as exc:
        assert_clear(str(exc), f"{scenario}")
        assert_clear(error_text(exc, "ja"), f"{scenario}")  # the page's other language
        return
    deck = Counter(map(str, game.all_cards(game.new_game(state.flags, 1))))  # the same flags' full deal
    assert Counter(map(str, game.all_cards(state))) == deck, "every card of the deck, each once"
    state = game.close_window(state)
    seat = game.to_act(state)
    game.view(state, seat)
    game.view(state, None)
    if seat is not None and not game.round_over(state):
        for action in game.legal_actions(state, seat)[:20]:
            assert game.explain(state, action, seat).legal, action


def test_the_command_line_never_prints_a_traceback() -> None:
    """As a user runs it: a separate process, each of the shapes the issue names."""
    deep = "[" * 100_000 + "]" * 100_000
    cases: list[tuple[list[str], str | None]] = [
        (["legal", "/dev/zero"], None),
        (["legal", "-"], None),
        (["golden", "/dev/zero"], None),
        (["explain", str(ROOT / "rules" / "README.md"), "PASS"], None),
        (["play", "doudizhu", "--seat", "7"], "q\n"),
        (["play", "doudizhu", "--seat", "-1"], "q\n"),
        (["play", "doudizhu", "--seed", "9" * 5000], "q\n"),
        (["play", "no-such-game"], "q\n"),
    ]
    for argv, stdin in cases:
        proc = subprocess.run([sys.executable, "-m", "tutor", *argv], input=stdin or deep, capture_output=True,
                              text=True, timeout=60, cwd=ROOT)
        assert proc.returncode == 2, (argv, proc.returncode, proc.stderr[-300:])
        assert "Traceback" not in proc.stderr and proc.stderr.startswith("error: "), (argv, proc.stderr[-300:])
