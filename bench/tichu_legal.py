"""Tichu legal-move benchmark (CPython): how fast the engine lists the plays of 14-card hands.

Runs with the project's own Python (no peer library)::

    .venv/bin/python bench/tichu_legal.py [--hands 300] [--reps 9] [--search 300] [--no-write]

What is timed, per position (``time.perf_counter_ns`` around each single call; the two sides
interleaved, one call of each per round, the order alternating between rounds):

* ``raw``     ``game.legal_actions(state)`` (``Action`` values);
* ``bridge``  ``tutor.api.handle({"op": "legal", "state": sid})``, exactly what the page calls
  (state lookup, ``legal_actions``, every action turned into JSON-ready lists/dicts).

Positions: random 14-card hands that hold the Phoenix (13 other cards drawn from the rest of the
deck by a seeded shuffle), (a) leading an empty trick, (b) following a random combination of a
random type made from the other cards; then the worst hands we could construct (many pairs with
the Phoenix, doubled runs with the Mahjong and the Phoenix, and a hill-climb that maximises the
number of leads). Results go to ``bench/results/tichu_legal.txt``. See bench/README.md.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import math
import os
import platform
import pstats
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from typing import Any, Callable

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)

import tutor.api as api  # noqa: E402
from tutor.bots import heuristic_choice  # noqa: E402
from tutor.cards import Card, format_cards  # noqa: E402
from tutor.registry import find_game  # noqa: E402
from tutor.games.tichu.combos import VALUE, classify  # noqa: E402
from tutor.games.tichu.game import DECK  # noqa: E402
from tutor.rng import Rng, derive  # noqa: E402
from tutor.scenario import load_scenario  # noqa: E402

GAME = find_game("tichu")
RESULTS = os.path.join(REPO, "bench", "results", "tichu_legal.txt")
PHOENIX = Card(special="PHOENIX")
FOLLOW_TYPES = ("single", "pair", "triple", "full_house", "straight", "stairs", "four_of_a_kind_bomb",
                "straight_flush_bomb")
SLOW_MS = 20.0

DEFINITIONS = """\
Definitions
-----------
hand         14 cards: the PHOENIX plus 13 cards drawn from the other 55 by a seeded shuffle
             (tutor.rng.derive(i, "bench-tichu", ...), i = 0..HANDS-1).
leading      the hand's seat (0) to act on an empty trick: scenario {"game":"tichu","flags":{},
             "phase":"play","to_act":0,"hands":{"0":hand},"trick":[]}, loaded through the bridge.
following    the same kind of hand (another stream), to act on a trick holding one combination played
             by seat 3: its type drawn uniformly from single, pair, triple, full_house, straight (5-9
             cards), stairs (2-5 pairs), four_of_a_kind_bomb, straight_flush_bomb (5-7 cards); its cards
             drawn at random from the cards not in the hand. PASS is counted.
raw          one call game.legal_actions(state) (Action values).
bridge       one call tutor.api.handle({"op":"legal","state":sid}) as the page makes it (state lookup,
             legal_actions, every action to JSON-ready lists/dicts).
timing       per position one warm-up call per side, then REPS rounds of one call per side (order
             alternating), time.perf_counter_ns around each call, gc enabled; the per-position time
             is the MEDIAN of its rounds. median / p95: over the positions of a row, in microseconds;
             p95 nearest-rank.
count        number of legal actions (median and max over the row's positions).
worst hands  hand-built hands that multiply the Phoenix's readings, plus a hill-climb from the worst of
             them (replace one card, keep the change when the number of leads does not drop); each is
             timed leading, with REPS rounds as above.
"""


# ----------------------------------------------------------------------------- positions
def others_than(hand: list[Card]) -> list[Card]:
    held = set(hand)
    return [c for c in DECK.cards() if c not in held]


def phoenix_hand(rng: Rng) -> list[Card]:
    rest = [c for c in DECK.cards() if c != PHOENIX]
    rng.shuffle(rest)
    return [PHOENIX] + rest[:13]


def random_combo(kind: str, pool: list[Card], rng: Rng) -> tuple[Card, ...] | None:
    """A random combination of ``kind`` from ``pool`` (None if the pool cannot make one this way)."""
    by_value: dict[int, list[Card]] = defaultdict(list)
    for c in pool:
        if not c.special:
            by_value[VALUE[c.rank]].append(c)
    for v in by_value:
        rng.shuffle(by_value[v])

    def pick(options: list[Any]) -> Any:
        return options[rng.below(len(options))] if options else None

    if kind == "single":
        singles = [c for c in pool if c.special != "DOG" and c.special != "PHOENIX"]
        c = pick(singles)
        return (c,) if c else None
    if kind in ("pair", "triple", "four_of_a_kind_bomb"):
        k = {"pair": 2, "triple": 3, "four_of_a_kind_bomb": 4}[kind]
        v = pick([v for v, cs in by_value.items() if len(cs) >= k])
        return tuple(by_value[v][:k]) if v else None
    if kind == "full_house":
        t = pick([v for v, cs in by_value.items() if len(cs) >= 3])
        p = pick([v for v, cs in by_value.items() if len(cs) >= 2 and v != t])
        return tuple(by_value[t][:3] + by_value[p][:2]) if t and p else None
    if kind == "straight":
        n = 5 + rng.below(5)
        start = 2 + rng.below(14 - n)
        if not all(by_value.get(v) for v in range(start, start + n)):
            return None
        return tuple(by_value[v][0] for v in range(start, start + n))
    if kind == "stairs":
        k = 2 + rng.below(4)
        start = 2 + rng.below(14 - k)
        if not all(len(by_value.get(v, ())) >= 2 for v in range(start, start + k)):
            return None
        return tuple(c for v in range(start, start + k) for c in by_value[v][:2])
    if kind == "straight_flush_bomb":
        n = 5 + rng.below(3)
        suit = "SHDC"[rng.below(4)]
        start = 2 + rng.below(14 - n)
        cards = [next((c for c in by_value.get(v, ()) if c.suit == suit), None) for v in range(start, start + n)]
        return tuple(cards) if all(cards) else None  # type: ignore[arg-type]
    raise ValueError(kind)


def lead_position(i: int) -> dict[str, Any]:
    hand = phoenix_hand(derive(i, "bench-tichu", "lead"))
    return {"row": "leading", "hand": hand, "scenario": {
        "game": "tichu", "flags": {}, "phase": "play", "to_act": 0, "hands": {"0": format_cards(hand)},
        "trick": []}}


def follow_position(i: int) -> dict[str, Any]:
    rng = derive(i, "bench-tichu", "follow")
    hand = phoenix_hand(rng)
    pool = others_than(hand)
    while True:
        kind = FOLLOW_TYPES[rng.below(len(FOLLOW_TYPES))]
        cards = random_combo(kind, pool, rng)
        if cards and [c.type for c in classify(cards)] == [kind]:
            break
    return {"row": "following " + kind, "kind": kind, "hand": hand, "top": cards, "scenario": {
        "game": "tichu", "flags": {}, "phase": "play", "to_act": 0, "hands": {"0": format_cards(hand)},
        "trick": [{"seat": 3, "cards": format_cards(cards)}]}}


def hand_position(label: str, hand: list[Card]) -> dict[str, Any]:
    assert len(hand) == 14 and len(set(hand)) == 14, label
    return {"row": label, "hand": hand, "scenario": {
        "game": "tichu", "flags": {}, "phase": "play", "to_act": 0, "hands": {"0": format_cards(hand)},
        "trick": []}}


def cards(tokens: str) -> list[Card]:
    return [Card.parse(t) for t in tokens.split()]


WORST_CANDIDATES = {
    "M P + pairs 2-7": "MAHJONG PHOENIX S-2 H-2 S-3 H-3 S-4 H-4 S-5 H-5 S-6 H-6 S-7 H-7",
    "P + pairs 2-7 + 8": "PHOENIX S-2 H-2 S-3 H-3 S-4 H-4 S-5 H-5 S-6 H-6 S-7 H-7 D-8",
    "P + pairs 8-K + A": "PHOENIX S-8 H-8 S-9 H-9 S-10 H-10 S-J H-J S-Q H-Q S-K H-K D-A",
    "M P + triples 2-5": "MAHJONG PHOENIX S-2 H-2 D-2 S-3 H-3 D-3 S-4 H-4 D-4 S-5 H-5 D-5",
    "P + triples 2-4 + pairs 5-6": "PHOENIX S-2 H-2 D-2 S-3 H-3 D-3 S-4 H-4 D-4 S-5 H-5 S-6 H-6",
    "M P + 2-6 doubled, 7-8 single": "MAHJONG PHOENIX S-2 H-2 S-3 H-3 S-4 H-4 S-5 H-5 S-6 H-6 D-7 D-8",
    "P + run 2-A mixed suits": "PHOENIX S-2 H-3 S-4 H-5 S-6 H-7 S-8 H-9 S-10 H-J S-Q H-K S-A",
    "M P + run 2-10 + pairs": "MAHJONG PHOENIX S-2 H-2 S-3 H-3 D-4 S-5 H-6 S-7 D-8 H-9 S-10 C-10",
}


# ----------------------------------------------------------------------------- timing
def pct(values: list[float], p: float) -> float:
    v = sorted(values)
    if not v:
        return float("nan")
    return v[min(len(v), max(1, math.ceil(p / 100 * len(v)))) - 1]


def time_interleaved(fns: list[Callable[[], Any]], reps: int) -> list[list[int]]:
    pc = time.perf_counter_ns
    times: list[list[int]] = [[] for _ in fns]
    for f in fns:
        f()
    idx = list(range(len(fns)))
    for r in range(reps):
        for i in (idx if r % 2 == 0 else idx[::-1]):
            f = fns[i]
            t0 = pc()
            f()
            times[i].append(pc() - t0)
    return times


def measure(pos: dict[str, Any], reps: int) -> dict[str, Any]:
    out = api.handle({"op": "load", "scenario": pos["scenario"]})
    if not out.get("ok"):
        raise RuntimeError(f"bridge load failed: {out.get('error')}")
    sid = out["state"]
    game, state = load_scenario(pos["scenario"])
    state = game.settle(state)
    req = {"op": "legal", "state": sid}
    n_bridge = len(api.handle(req)["actions"])
    n_raw = len(game.legal_actions(state))
    if n_bridge != n_raw:
        raise AssertionError(f"bridge/raw count mismatch for {pos['row']}")
    t_raw, t_bridge = time_interleaved([lambda: game.legal_actions(state), lambda: api.handle(req)], reps)
    return {**pos, "n": n_raw, "raw": statistics.median(t_raw) / 1000, "bridge": statistics.median(t_bridge) / 1000,
            "state": state}


def lead_count(hand: list[Card]) -> int:
    game, state = load_scenario(hand_position("x", hand)["scenario"])
    return len(game.legal_actions(state))


def hill_climb(start: list[Card], iterations: int, seed: int = 1) -> list[Card]:
    """Replace one non-Phoenix card at a time; keep changes that do not lower the number of leads."""
    rng = derive(seed, "bench-tichu", "climb")
    best, best_n = list(start), lead_count(start)
    for _ in range(iterations):
        cand = list(best)
        i = 1 + rng.below(13) if cand[0] == PHOENIX else rng.below(14)
        if cand[i] == PHOENIX:
            continue
        pool = others_than(cand)
        cand[i] = pool[rng.below(len(pool))]
        n = lead_count(cand)
        if n >= best_n:
            best, best_n = cand, n
    return best


# ----------------------------------------------------------------------------- report
HEADER = (f"{'position':<34}{'n':>5} | {'raw (us)':^17} | {'bridge (us)':^17} | {'actions':^13}\n"
          f"{'':<34}{'':>5} | {'median':>8}{'p95':>9} | {'median':>8}{'p95':>9} | {'median':>7}{'max':>6}")


def row(label: str, rows: list[dict[str, Any]]) -> str:
    raw = [r["raw"] for r in rows]
    br = [r["bridge"] for r in rows]
    n = [r["n"] for r in rows]
    return (f"{label:<34}{len(rows):>5} | {statistics.median(raw):>8.1f}{pct(raw, 95):>9.1f} | "
            f"{statistics.median(br):>8.1f}{pct(br, 95):>9.1f} | {statistics.median(n):>7g}{max(n):>6}")


def git_rev() -> str:
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                             text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "tutor"], cwd=REPO, capture_output=True,
                               text=True, check=True).stdout.strip()
        return rev + (" (tutor/ has uncommitted changes)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def profile_legal(state: Any, reps: int = 5, top: int = 12) -> str:
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(reps):
        GAME.legal_actions(state)
    prof.disable()
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf)
    stats.sort_stats("tottime").print_stats(top)
    lines = buf.getvalue().splitlines()
    start = next(i for i, ln in enumerate(lines) if "ncalls" in ln)
    keep = [ln.replace(REPO + os.sep, "") for ln in lines[start:] if ln.strip()]
    return "\n".join("  " + ln.rstrip() for ln in keep)


def exchange_section(reps: int, out: Callable[[str], None]) -> None:
    """The exchange: one decision of 14 * 13 * 12 = 2,184 actions, sent over the bridge as its spec."""
    ex_state = GAME.new_game(GAME.flags({"grand_tichu": False}), 0)
    ex_sid = api.handle({"op": "new", "game": "tichu", "flags": {"grand_tichu": False}, "seed": 0})["state"]
    spec_req = {"op": "legal", "state": ex_sid, "side": True}
    list_req = {"op": "legal", "state": ex_sid, "side": True, "expand": True}
    t_raw, t_spec, t_list = time_interleaved([lambda: GAME.legal_actions(ex_state), lambda: api.handle(spec_req),
                                              lambda: api.handle(list_req)], reps)
    spec_bytes = len(json.dumps(api.handle(spec_req), ensure_ascii=False).encode())
    list_bytes = len(json.dumps(api.handle(list_req), ensure_ascii=False).encode())
    ms = lambda t: statistics.median(t) / 1e6  # noqa: E731
    out(f"exchange phase (seat 0, 14 cards): {len(GAME.legal_actions(ex_state))} actions; raw legal_actions "
        f"{ms(t_raw):.2f} ms; bridge legal: spec {ms(t_spec):.3f} ms, {spec_bytes} bytes; "
        f"listed (expand) {ms(t_list):.2f} ms, {list_bytes} bytes (median of REPS)")
    # one exchange, explained and applied: the first seat's, and the last one (which swaps the cards)
    last = ex_state
    for seat in range(3):
        last = GAME.apply(last, heuristic_choice(GAME, last, seat).action, seat)
    last_sid = api._store(GAME, last)
    for label, state, sid, seat in (("first seat", ex_state, ex_sid, 0), ("last seat", last, last_sid, 3)):
        action = heuristic_choice(GAME, state, seat).action
        data = action.to_json()
        reqs = [{"op": op, "state": sid, "seat": seat, "action": data} for op in ("explain", "apply")]
        times = time_interleaved([lambda: GAME.explain(state, action, seat), lambda: GAME.apply(state, action, seat),
                                  lambda: api.handle(reqs[0]), lambda: api.handle(reqs[1])], max(reps, 101))
        out(f"one exchange ({label}): explain {ms(times[0]):.3f} ms, apply {ms(times[1]):.3f} ms; bridge explain "
            f"{ms(times[2]):.3f} ms, apply {ms(times[3]):.3f} ms (median of max(REPS, 101)); spec.contains "
            f"{GAME.decision_spec(state, seat).contains(action)}")
    out("")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=300, help="random hands per kind of position (default 300)")
    ap.add_argument("--reps", type=int, default=9, help="timed rounds per position (default 9)")
    ap.add_argument("--search", type=int, default=300, help="hill-climb steps for the worst hand (default 300)")
    ap.add_argument("--no-write", action="store_true", help=f"do not write {os.path.relpath(RESULTS, REPO)}")
    ap.add_argument("--exchange-only", action="store_true", help="only the exchange section (nothing written)")
    args = ap.parse_args(argv)
    if args.exchange_only:
        exchange_section(args.reps, print)
        return 0
    lines: list[str] = []

    def out(text: str = "") -> None:
        print(text, flush=True)
        lines.append(text)

    out("Tichu legal-move benchmark (bench/tichu_legal.py)")
    out("=" * 49)
    out(f"python {platform.python_implementation()} {platform.python_version()} on {platform.machine()} "
        f"({os.cpu_count()} cpus), {platform.platform()}")
    out(f"cardtutor {git_rev()}")
    out(f"HANDS {args.hands}, REPS {args.reps}, hill-climb steps {args.search}")
    out(f"date {time.strftime('%Y-%m-%d %H:%M:%S %Z')}")
    out("")
    out(DEFINITIONS)

    gc.collect()
    leads = [measure(lead_position(i), args.reps) for i in range(args.hands)]
    follows = [measure(follow_position(i), args.reps) for i in range(args.hands)]

    out("Random 14-card hands holding the Phoenix")
    out("-" * 84)
    out(HEADER)
    out(row("(a) leading", leads))
    out(row("(b) following (all types)", follows))
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in follows:
        by_kind[r["kind"]].append(r)
    for kind in FOLLOW_TYPES:
        if by_kind.get(kind):
            out(row("    vs " + kind, by_kind[kind]))
    median_lead = sorted(leads, key=lambda r: r["raw"])[len(leads) // 2]
    slowest = max(leads + follows, key=lambda r: r["raw"])
    out(f"slowest random position: {slowest['row']}, {slowest['n']} actions, raw {slowest['raw']:.0f} us, "
        f"hand {' '.join(format_cards(slowest['hand']))}")
    out(f"where the time goes on the median leading position ({median_lead['n']} actions, raw "
        f"{median_lead['raw']:.0f} us; cProfile of 50 calls, top functions by own time):")
    out(profile_legal(median_lead["state"], reps=50, top=8))
    out("")

    exchange_section(args.reps, out)

    out("Worst hands (leading; the hill-climb starts from the worst hand-built one)")
    out("-" * 84)
    worst_rows = [measure(hand_position(label, cards(toks)), args.reps) for label, toks in WORST_CANDIDATES.items()]
    start = max(worst_rows, key=lambda r: r["n"])
    climbed = hill_climb(start["hand"], args.search)
    worst_rows.append(measure(hand_position("hill-climb from " + start["row"], climbed), args.reps))
    out(f"{'hand':<40}{'actions':>8}{'raw ms':>9}{'bridge ms':>11}   cards")
    for r in worst_rows:
        out(f"{r['row']:<40}{r['n']:>8}{r['raw'] / 1000:>9.2f}{r['bridge'] / 1000:>11.2f}   "
            f"{' '.join(format_cards(r['hand']))}")
    worst = max(worst_rows, key=lambda r: r["raw"])
    out("")
    out(f"worst: {worst['row']}: {worst['n']} actions, raw {worst['raw'] / 1000:.2f} ms, "
        f"bridge {worst['bridge'] / 1000:.2f} ms")
    if worst["raw"] / 1000 > SLOW_MS or worst["bridge"] / 1000 > SLOW_MS:
        out(f"over {SLOW_MS:g} ms: cProfile of 5 raw legal_actions calls on it (top functions by own time):")  # noqa: E501
        out(profile_legal(worst["state"]))
    else:
        out(f"(under {SLOW_MS:g} ms: no profile needed)")

    if not args.no_write:
        os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
        with open(RESULTS, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
        print(f"\n(written to {os.path.relpath(RESULTS, REPO)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
