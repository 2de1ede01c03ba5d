"""Two-deck Shengji (拖拉機) benchmark: following a tractor lead with a hand full of pairs, as the
page asks it, in CPython and in Pyodide (the browser's runtime), and whole two-deck hands per second.

Runs with the project's own Python::

    .venv/bin/python bench/shengji_two_deck_bench.py [--reps 15] [--hands 6] [--games 20] [--no-worker] [--no-write]

No engine plays these rules in Python (rbtying/shengji is Rust, compiled to the page of its own
server), so the peer is in-house: the brute force that lists a follower's plays by testing every
different set of the hand against the rule (``multiset_combinations`` + ``follow_problem``),
against the engine's listing built from the rule (``shapes.follow_plays``); both agree on every
timed position (checked). Every measure is defined in the report's "Definitions" section.
Results go to ``bench/results/shengji_two_decks.txt``.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
if sys.platform != "emscripten" and REPO not in sys.path:
    sys.path.insert(0, REPO)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from harness import commit, pct, profile_lines, run_in_worker, stats, timed  # noqa: E402

import tutor.api as api  # noqa: E402
from tutor.actions import Play  # noqa: E402
from tutor.bots import heuristic_choice, random_choice  # noqa: E402
from tutor.registry import find_game  # noqa: E402
from tutor.rng import derive  # noqa: E402
from tutor.scenario import load_scenario  # noqa: E402
from tutor.windows import resolve  # noqa: E402

GAME = find_game("shengji")
from tutor.games.shengji import shapes as SH  # noqa: E402  (after find_game imported the package)

FLAGS = GAME.flags({"decks": 2})
RESULTS = os.path.join(HERE, "results", "shengji_two_decks.txt")
GOAL_MS = 2.0

#: seat 0 led a tractor; seat 1, to follow, holds 25 cards, most of them pairs. R = 9, spades trumps.
FULL_OF_PAIRS = {
    # hearts led (8-8 10-10, a tractor across the 9): five heart pairs, no two adjacent, so any two
    # of them follow (SJ-2D-6: as many pairs as it has, up to two)
    "2-pair tractor: 5 heart pairs, none adjacent": (
        ["H-8", "H-8", "H-10", "H-10"],
        ["H-2", "H-2", "H-4", "H-4", "H-6", "H-6", "H-J", "H-J", "H-K", "H-K", "H-3", "H-5", "H-7",
         "D-2", "D-2", "D-4", "D-4", "C-3", "C-3", "C-5", "C-5", "C-7", "C-7", "D-6", "D-6"]),
    # six heart pairs in a row: a tractor of three pairs must follow (four of them)
    "3-pair tractor: 6 heart pairs in a row": (
        ["H-J", "H-J", "H-Q", "H-Q", "H-K", "H-K"],
        ["H-2", "H-2", "H-3", "H-3", "H-4", "H-4", "H-5", "H-5", "H-6", "H-6", "H-7", "H-7",
         "D-2", "D-2", "D-3", "D-3", "D-4", "D-4", "C-2", "C-2", "C-3", "C-3", "C-4", "C-4", "D-6"]),
    "2-pair tractor: one heart, 12 other pairs": (
        ["H-8", "H-8", "H-10", "H-10"],
        ["H-2", "D-2", "D-2", "D-3", "D-3", "D-4", "D-4", "D-5", "D-5", "D-6", "D-6", "C-2", "C-2",
         "C-3", "C-3", "C-4", "C-4", "C-5", "C-5", "S-2", "S-2", "S-3", "S-3", "S-4", "S-4"]),
    "3-pair tractor: no heart, 12 pairs": (
        ["H-J", "H-J", "H-Q", "H-Q", "H-K", "H-K"],
        ["D-2", "D-2", "D-3", "D-3", "D-4", "D-4", "D-5", "D-5", "D-6", "D-6", "C-2", "C-2", "C-3", "C-3",
         "C-4", "C-4", "C-5", "C-5", "S-2", "S-2", "S-3", "S-3", "S-4", "S-4", "C-6"]),
}

DEFINITIONS = """\
Definitions
-----------
positions    FULL_OF_PAIRS (this file): seat 0 has led a tractor of 2 or 3 pairs of hearts (trump rank 9,
             spades trumps), seat 1 is to follow holding 25 cards, nearly all of them pairs: with pairs
             of the suit but no tractor, with tractors of the suit, with one heart, and void. Loaded
             with tutor.scenario.load_scenario; the other hands are filled by the loader.
page asks    what the practice page asks the worker for one decision, through the one JSON bridge
             (tutor.api.handle) on the position loaded with viewer seat 1: {op: view} (the table and
             the decision in words), {op: legal, list: false, side: true} (the decision's kind),
             {op: legal, cards: [the answer]} (the learner's selection judged: no list is built) and
             {op: explain} of the answer, the heuristic bot's choice.
bot          tutor.bots.heuristic_choice for seat 1 (a bot seat's move; its short list of follows).
hint         tutor.api.handle({op: hint}) for seat 1 (three levels; level 2 names options from the
             bot's short list, counts every legal play).
listing      GAME.legal_actions(state, 1): every different legal play, built from the rule
             (shapes.follow_plays); what the CLI and the golden runner use, not the page.
brute force  the peer: every different set of len(led) cards of the hand (multiset_combinations),
             kept when shapes.follow_problem finds nothing wrong; the same set as the listing (checked).
random hands seeds 0..HANDS-1: GAME.new_game(two decks, seed), played to the score with random_choice
             at every decision (derive(seed, "bench-sj2", "bots")), exposures by the heuristic's rule
             (tutor.windows.resolve); every follow of a pair or a tractor is a position, timed as
             "page asks" (explain and legal for the chosen play, the view) and "bot".
timing       per position one warm-up call, then REPS calls, the position's value the median; rows
             give median / p95 / max over positions in ms (p95 nearest-rank). Goal: p95 < 2 ms in the
             worker for the page's calls.
worker       the same code inside Pyodide under Node.js (tests/pyodide/run_python.mjs, the site's slim
             wheel built from this work tree).
hands/s      GAMES whole two-deck hands (seeds 10000..), random choices, deal to score, wall time.
"""


def scenario(name: str) -> dict[str, Any]:
    led, hand = FULL_OF_PAIRS[name]
    return {"game": "shengji", "flags": {"decks": 2}, "phase": "play", "to_act": 1, "trump_rank": "9",
            "trump_suit": "S", "dealer": 0, "trick": [{"seat": 0, "cards": led}], "hands": {"1": hand}}


def brute_force(state: Any, seat: int) -> set[tuple[str, ...]]:
    led = state.trick[0].cards
    shape = SH.shape(led, state.trump_rank, state.trump_suit)
    hand = state.hands[seat]
    return {tuple(sorted(c.token for c in cards)) for cards in SH.multiset_combinations(hand, len(led))
            if SH.follow_problem(hand, shape, cards, state.trump_rank, state.trump_suit) is None}


def listing(state: Any, seat: int) -> set[tuple[str, ...]]:
    return {tuple(sorted(c.token for c in a.cards)) for a in GAME.legal_actions(state, seat)}


def page_asks(sid: str, answer: list[str]) -> Any:
    def call() -> None:
        for req in ({"op": "view", "state": sid, "seat": 1, "lang": "en"},
                    {"op": "legal", "state": sid, "seat": 1, "list": False, "side": True},
                    {"op": "legal", "state": sid, "seat": 1, "cards": answer},
                    {"op": "explain", "state": sid, "seat": 1, "action": answer}):
            reply = api.handle(req)
            assert reply["ok"], reply
    return call


def play_hand(seed: int, visit: Any = None) -> Any:
    state = GAME.new_game(FLAGS, seed)
    rng = derive(seed, "bench-sj2", "bots")
    while state.phase != "score":
        state = resolve(GAME, state).state
        seat = GAME.to_act(state)
        if seat is None:
            break
        choice = random_choice(GAME, state, seat, rng).action
        if visit is not None and state.phase == "play" and state.trick and len(state.trick[0].cards) > 1:
            visit(state, seat, choice)
        state = GAME.apply(state, choice, seat)
    return state


def measure(reps: int, hands: int, games: int) -> dict[str, Any]:
    started = time.perf_counter()
    out: dict[str, Any] = {"worst": {}, "random": {}}
    for name in FULL_OF_PAIRS:
        game, state = load_scenario(scenario(name))
        reply = api.handle({"op": "load", "scenario": scenario(name), "viewer": 1})
        assert reply["ok"], reply
        sid = reply["state"]
        bot = heuristic_choice(GAME, state, 1).action
        answer = [c.token for c in bot.cards]
        listed = listing(state, 1)
        row = {"count": len(listed),
               "page": timed(page_asks(sid, answer), reps),
               "bot": timed(lambda: heuristic_choice(GAME, state, 1), reps),
               "hint": timed(lambda: api.handle({"op": "hint", "state": sid, "seat": 1}), max(3, reps // 3)),
               "listing": timed(lambda: GAME.legal_actions(state, 1), max(3, reps // 3))}
        if len(listed) <= 20000:
            brute = brute_force(state, 1)
            assert brute == listed, name
            row["brute"] = timed(lambda: brute_force(state, 1), max(3, reps // 3))
        out["worst"][name] = row
    rows: dict[str, list[float]] = {"page asks": [], "bot": []}
    seen: list[tuple[Any, int, Any]] = []
    for seed in range(hands):
        play_hand(seed, lambda s, seat, a: seen.append((s, seat, a)))
    for state, seat, action in seen:
        rows["page asks"].append(timed(lambda: (GAME.explain(state, action, seat),
                                                GAME.legal_for_cards(state, action.cards, seat),
                                                GAME.table_view(state, seat)), reps))
        rows["bot"].append(timed(lambda: heuristic_choice(GAME, state, seat), reps))
    out["random"] = rows
    out["positions"] = len(seen)
    t0 = time.perf_counter()
    for seed in range(10000, 10000 + games):
        end = play_hand(seed)
        assert end.phase == "score"
    out["hands_per_s"] = games / (time.perf_counter() - t0)
    out["seconds"] = time.perf_counter() - started
    return out


def report(args: argparse.Namespace, cpy: dict[str, Any], wrk: dict[str, Any] | None, versions: dict[str, str]) -> str:
    lines = ["Two-deck Shengji (拖拉機): following a tractor with a hand full of pairs",
             "=" * 100,
             f"commit {commit()}; Python {platform.python_version()} on {platform.machine()}; load {args.load[0]:.2f}",
             f"worker: Pyodide {versions.get('pyodide', '-')} under Node.js {versions.get('node', '-')}" if wrk else
             "worker: not run (--no-worker)",
             f"reps {args.reps}; random hands {args.hands} ({cpy['positions']} follows of a pair or a tractor); "
             f"whole hands {args.games}", "", DEFINITIONS, "",
             "Worst positions (ms, median of REPS calls)", "-" * 100,
             f"{'position':<44} {'plays':>6} {'page asks':>20} {'bot':>16} {'hint':>16} {'listing':>16} {'brute force':>18}"]
    over = []
    for name, c in cpy["worst"].items():
        w = wrk["worst"][name] if wrk else {}

        def both(key: str) -> str:
            if key not in c:
                return "-"
            return f"{c[key]:.3f}" + (f" / {w[key]:.3f}" if key in w else "")
        if wrk and w["page"] >= GOAL_MS:
            over.append(name)
        ratio = f" ({c['brute'] / c['listing']:.0f}×)" if "brute" in c else ""
        lines.append(f"{name:<44} {c['count']:>6} {both('page'):>20} {both('bot'):>16} {both('hint'):>16} "
                     f"{both('listing'):>16} {both('brute') + ratio:>18}")
    lines.append("(CPython / worker; brute force: the peer, its time over the listing's in CPython)")
    lines += ["", "Random two-deck hands: every follow of a pair or a tractor (ms, median / p95 / max)", "-" * 100]
    for name in ("page asks", "bot"):
        c = cpy["random"][name]
        w = wrk["random"][name] if wrk else []
        lines.append(f"{name:<12} CPython {stats(c)}" + (f" | worker {stats(w)}" if w else ""))
        if wrk and name == "page asks" and pct(w, 95) >= GOAL_MS:
            over.append("random " + name)
    lines.append(f"goal p95 < {GOAL_MS:g} ms in the worker for the page's calls: "
                 + (("met" if not over else "missed by " + ", ".join(over)) if wrk else "worker not run"))
    hps = cpy["hands_per_s"]
    lines += ["", f"whole two-deck hands: CPython {hps:.1f} hands/s" +
              (f", worker {wrk['hands_per_s']:.1f} hands/s (worker/CPython time {hps / wrk['hands_per_s']:.2f})" if wrk else "")]
    _, state = load_scenario(scenario("3-pair tractor: no heart, 12 pairs"))
    lines += ["", "cProfile (CPython) of 20 listings of the void follow of a 3-pair tractor", "-" * 100]
    lines += profile_lines(lambda: GAME.legal_actions(state, 1), 20, 8)
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=15, help="timed calls per position")
    ap.add_argument("--hands", type=int, default=6, help="random two-deck hands whose follows are timed")
    ap.add_argument("--games", type=int, default=20, help="whole hands played for hands per second")
    ap.add_argument("--no-worker", action="store_true", help="CPython only (no Node.js / Pyodide run)")
    ap.add_argument("--no-write", action="store_true", help="print only; leave the results file alone")
    args = ap.parse_args()
    started = time.perf_counter()
    args.load = os.getloadavg()
    kwargs = {"reps": args.reps, "hands": args.hands, "games": args.games}
    cpy = measure(**kwargs)
    wrk, versions = (None, {}) if args.no_worker else run_in_worker("shengji_two_deck_bench", kwargs)
    text = report(args, cpy, wrk, versions)
    text += f"\n\ntotal run time {time.perf_counter() - started:.1f} s (CPython part {cpy['seconds']:.1f} s" + \
            (f", worker part {wrk['seconds']:.1f} s)" if wrk else ")") + "\n"
    print(text, end="")
    if not args.no_write:
        os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
        with open(RESULTS, "w", encoding="utf-8") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
