"""The command line. These contracts stay stable:

* ``python -m tutor golden FILE…`` — run golden-case files (rules/README.md §4.5 output).
* ``python -m tutor legal SCENARIO.json [--seat N]`` — the legal actions as JSON.
* ``python -m tutor explain SCENARIO.json ACTION [--seat N]`` — ``{legal, rule_ids, key, params, text}``.
* ``python -m tutor play doudizhu --seed N`` — a terminal game against bots, with hints.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from .actions import ActionError, parse_action_text
from .errors import TutorError


def _print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False))


def cmd_golden(args: argparse.Namespace) -> int:
    """0: every case passed; 1: a case failed; 2: a file could not be read as golden cases."""
    from .golden import run_files
    from .limits import parse_json_text, read_text_file
    for path in args.files:  # bad input first: the files themselves (tutor/limits.py)
        parse_json_text(read_text_file(path), path)
    _, failed = run_files(args.files)
    return 0 if failed == 0 else 1


def _load(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    from .scenario import load_scenario_file
    game, state = load_scenario_file(args.scenario)
    seat = args.seat if args.seat is not None else game.to_act(state)
    if seat is not None and not 0 <= seat < len(game.hands(state)):
        raise TutorError("error.cli_seat", seat=seat, players=len(game.hands(state)), last=len(game.hands(state)) - 1)
    return game, state, seat


def cmd_legal(args: argparse.Namespace) -> int:
    game, state, seat = _load(args)
    in_turn = not args.out_of_turn
    if in_turn:
        state = game.settle(state)
    actions = game.legal_actions(state, seat, in_turn=in_turn)
    _print_json([game.action_to_json(a) for a in actions])
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    game, state, seat = _load(args)
    action = parse_action_text(args.action)
    in_turn = not args.out_of_turn
    if in_turn:
        state = game.settle(state)
    verdict = game.explain(state, action, seat, in_turn=in_turn)
    _print_json(verdict.to_json(args.lang))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .terminal import play
    return play(args.game, args.seed, seat=args.seat, lang=args.lang, players=args.players,
                hints=not args.no_hints)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tutor", description="cardtutor rules core")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("golden", help="run golden-case files")
    p.add_argument("files", nargs="+")
    p.set_defaults(func=cmd_golden)

    for name, func, helptext in (("legal", cmd_legal, "list the legal actions of a scenario"),
                                 ("explain", cmd_explain, "say whether an action is legal, and why")):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("scenario", help="a scenario JSON file (a golden setup plus \"game\")")
        if name == "explain":
            p.add_argument("action", help='one JSON action, e.g. \'["S-3","H-3"]\' or PASS')
        p.add_argument("--seat", type=int, default=None, help="the acting seat (default: the one to act)")
        p.add_argument("--out-of-turn", action="store_true", help="actions out of turn (Tichu bombs, cut-ins)")
        p.add_argument("--lang", choices=("en", "ja"), default="en")
        p.set_defaults(func=func)

    p = sub.add_parser("play", help="play a game in the terminal against bots")
    p.add_argument("game")
    p.add_argument("--seed", default="1")
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--lang", choices=("en", "ja"), default="en")
    p.add_argument("--no-hints", action="store_true")
    p.set_defaults(func=cmd_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs one command. Bad input (a file, a scenario, an action, an option) prints a message
    naming what is wrong and returns 2 (argparse's own usage errors too); never a traceback."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (TutorError, ActionError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except RecursionError:
        print("error: the input is nested too deeply", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug, not bad input: said plainly, still no traceback
        print(f"internal error (please report it): {type(exc).__name__}: {exc}", file=sys.stderr)
        return 3
