"""Dou Dizhu legal-move benchmark: cardtutor against RLCard 1.2.0 (CPython).

Run it in the benchmark's own environment (RLCard is never a dependency of ``tutor``)::

    bench/run.sh                                   # creates .cache/bench-venv if needed, then runs this
    .cache/bench-venv/bin/python bench/legal_moves.py [--reps 9] [--no-write]

What is timed, per position (all INTERLEAVED, one call of each side per round, the order of
the sides alternating between rounds, ``time.perf_counter_ns`` around each single call):

* ``ours/bridge``  ``tutor.api.handle({"op": "legal", "state": sid})``: exactly what the page
  calls (state lookup, ``legal_actions``, every action turned to JSON-ready lists/dicts);
* ``ours/raw``     ``game.legal_actions(state)``: the engine alone (``Action`` values);
* ``RLCard``       leads: ``DoudizhuJudger.playable_cards_from_hand(hand_str)``; responses:
  ``rlcard.games.doudizhu.utils.get_gt_cards(player, greater_player)``.

Positions come from seeded deals (``game.new_game(flags, seed)``, seeds 0..N-1, 3 players;
the auction played by the heuristic bot) and are loaded through the bridge as scenarios.
See bench/README.md.
"""
from __future__ import annotations

import argparse
import gc
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from typing import Any, Callable

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)

import tutor.api as api  # noqa: E402
from tutor.bots import heuristic_choice, random_choice  # noqa: E402
from tutor.cards import format_cards  # noqa: E402
from tutor.registry import find_game  # noqa: E402
from tutor.games.doudizhu.combos import card_rank  # noqa: E402
from tutor.rng import derive  # noqa: E402
from tutor.scenario import load_scenario  # noqa: E402

try:
    import numpy
    import rlcard
    from rlcard.games.base import Card as RLCard
    from rlcard.games.doudizhu import utils as rl_utils
    from rlcard.games.doudizhu.judger import DoudizhuJudger
    from rlcard.games.doudizhu.utils import CARD_RANK_STR, CARD_TYPE, get_gt_cards
except ImportError as exc:  # pragma: no cover - depends on the environment
    sys.exit(f"RLCard is not importable here ({exc}).\n"
             "Run bench/run.sh, or .cache/bench-venv/bin/python bench/legal_moves.py")

GAME = find_game("doudizhu")
RESULTS = os.path.join(REPO, "bench", "results", "legal_moves.txt")

# Response categories: the type of the play to beat.
CATEGORY = {
    "single": "single", "pair": "pair",
    "trio": "trio / trio+1 / trio+2", "trio_single": "trio / trio+1 / trio+2",
    "trio_pair": "trio / trio+1 / trio+2",
    "sequence": "sequence / pair seq.", "pair_sequence": "sequence / pair seq.",
    "airplane": "airplane (+wings)", "airplane_single_wings": "airplane (+wings)",
    "airplane_pair_wings": "airplane (+wings)",
    "quad_two_singles": "quad + two", "quad_two_pairs": "quad + two",
    "bomb": "bomb / rocket", "rocket": "bomb / rocket",
}
CATEGORY_ORDER = ["single", "pair", "trio / trio+1 / trio+2", "sequence / pair seq.", "airplane (+wings)",
                  "quad + two", "bomb / rocket"]

DEFINITIONS = """\
Definitions
-----------
position     one decision: a hand and a trick. "leads": the landlord's 20-card hand (17 dealt + the
             3-card kitty) from the seeded deal of seed s (auction played by our heuristic bot), trick
             empty, loaded through the bridge as the scenario {"phase":"play","to_act":L,"landlord":L,
             "hands":{L: <20 cards>},"trick":[]}. "responses": real positions where the seat to act must
             answer a non-empty trick, recorded from whole seeded games (3 players) played by our
             heuristic bot (source "heur") and, for the types that bot rarely plays (chains, airplanes),
             from games whose plays are chosen by tutor.bots.random_choice (source "rand"; auction still
             by the heuristic bot); at most PER_TYPE per type of the play to beat, evenly spread;
             loaded as scenarios (hand of the seat to act, the others' card counts, the trick entries).
ours/bridge  one call tutor.api.handle({"op":"legal","state":sid}), exactly as the page calls it
             (state lookup + game.legal_actions + every action converted to JSON-ready lists/dicts).
ours/raw     one call game.legal_actions(state) on the same loaded state (Action values, no JSON).
RLCard       RLCard 1.2.0, CPython, same position. Leads: DoudizhuJudger.playable_cards_from_hand(
             hand_str) (a staticmethod; hand_str is RLCard's rank string, e.g. '3345...2BR', sorted in
             CARD_RANK_STR order 3..9 T J Q K A 2 B R; returns a set of strings; this is the from-scratch
             generator, RLCard's own game then only filters that set as cards leave the hand).
             Responses: rlcard.games.doudizhu.utils.get_gt_cards(player, greater_player) with small
             player objects (player.current_hand: rlcard Card list; greater_player.played_cards: the
             rank string of the play to beat); returns a list that includes 'pass'. Its per-hand
             contains_cards cache is reset before every call (outside the timed region), as in one real
             call on a new hand.
timing       per position: one warm-up call per side, then REPS rounds; each round times one call of
             each side back to back (A B C, next round C B A, ...), time.perf_counter_ns around each call,
             gc enabled. The per-position time is the MEDIAN of its REPS rounds (min also kept).
median, p95  across positions of a category, of the per-position times, in microseconds (us).
             p95 is the nearest-rank 95th percentile.
ratio        per position, ours / RLCard (per-position medians); the table gives the median and p95 of
             these per-position ratios. < 1.0 means ours is faster.
count        number of legal actions (PASS / 'pass' included for responses), median over positions.
             ours: the seed's rules (default flags: airplane wings and quad kickers may not repeat a
             rank, the two jokers are never kickers together). ours+rep: the same positions with
             flags {"kickers_may_repeat": true}. RLCard: its own rules (single wings may repeat a rank,
             e.g. 333444+55; no pair-of-jokers kickers), so counts differ by design.
random games whole rounds from tutor's engine only: game.new_game(flags, seed) for seeds 0..G-1, every
             decision (auction included) chosen by tutor.bots.random_choice, applied with game.apply +
             game.settle until the round is scored (throw-ins redeal inside apply). games/s and turns/s
             (turns = decisions, auction included; "play turns" = play-phase decisions only) are from
             the fastest of 3 timed passes over the same seeds.
"""


# ----------------------------------------------------------------------------- conversions
def rl_rank_char(card: Any) -> str:
    """Our card → RLCard's rank character (3..9 T J Q K A 2 B R; index = our rank - 3)."""
    return CARD_RANK_STR[card_rank(card) - 3]


def rl_hand_str(cards: Any) -> str:
    return "".join(sorted((rl_rank_char(c) for c in cards), key=CARD_RANK_STR.index))


def rl_cards(cards: Any) -> list[Any]:
    """RLCard Card objects (their suit/rank fields; jokers are suit 'BJ'/'RJ' with rank '')."""
    out = []
    for c in sorted(cards, key=card_rank):
        ch = rl_rank_char(c)
        if ch == "B":
            out.append(RLCard("BJ", ""))
        elif ch == "R":
            out.append(RLCard("RJ", ""))
        else:
            out.append(RLCard(c.suit or "S", ch))
    return out


class RLPlayer:
    """The two attributes get_gt_cards reads."""

    def __init__(self, current_hand: list[Any], played_cards: str | None = None) -> None:
        self.current_hand = current_hand
        self.played_cards = played_cards
        self.player_id = 0


def norm_ours(action_json: Any) -> str:
    """One of our JSON actions → RLCard's string form (for the set comparison)."""
    if action_json == "PASS":
        return "pass"
    cards = action_json["cards"] if isinstance(action_json, dict) else action_json
    from tutor.cards import Card
    return rl_hand_str([Card.parse(t) for t in cards])


# ----------------------------------------------------------------------------- positions
def bridge(req: dict[str, Any]) -> dict[str, Any]:
    out = api.handle(req)
    if not out.get("ok"):
        raise RuntimeError(f"bridge error for {req.get('op')}: {out.get('error')}")
    return out


def play_auction(state: Any) -> Any:
    while state.phase == "auction":
        state = GAME.settle(GAME.apply(state, heuristic_choice(GAME, state, state.to_act).action))
    return state


def lead_scenarios(seeds: int, flags: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    fl = GAME.flags(flags)
    for s in range(seeds):
        st = play_auction(GAME.new_game(fl, s))
        lord = st.landlord
        hand = st.hands[lord]
        assert len(hand) == 20, (s, len(hand))
        out.append({"seed": s, "src": "heur", "type": "lead", "cards": hand, "_state": st, "scenario": {
            "game": "doudizhu", "flags": dict(flags), "phase": "play", "to_act": lord, "landlord": lord,
            "hands": {str(lord): format_cards(hand)}, "trick": []}})
    return out


def response_scenarios(seeds: int, flags: dict[str, Any], per_type: int) -> list[dict[str, Any]]:
    fl = GAME.flags(flags)
    pools: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for src in ("heur", "rand"):
        for s in range(seeds):
            st = GAME.new_game(fl, s)
            rng = derive(s, "bench", "responses")
            while st.phase != "score":
                seat = st.to_act
                top = st.top() if st.phase == "play" else None
                if top is not None:
                    pools[top.combo.type].append({"seed": s, "src": src, "type": top.combo.type,
                                                  "cards": st.hands[seat], "top": top, "scenario": {
                        "game": "doudizhu", "flags": dict(flags), "phase": "play", "to_act": seat,
                        "landlord": st.landlord, "hands": {str(seat): format_cards(st.hands[seat])},
                        "cards_held": {str(o): len(st.hands[o]) for o in range(st.players) if o != seat},
                        "trick": [e.to_json() for e in st.trick]}, "_state": st})
                choice = (heuristic_choice(GAME, st, seat) if src == "heur" or st.phase == "auction"
                          else random_choice(GAME, st, seat, rng))
                st = GAME.settle(GAME.apply(st, choice.action))
    chosen = []
    for ctype in sorted(pools):
        # prefer heuristic-bot positions; fill up with random-bot ones for the types it rarely plays
        heur = [p for p in pools[ctype] if p["src"] == "heur"]
        rand = [p for p in pools[ctype] if p["src"] == "rand"]
        chosen.extend(_spread(heur, per_type) if len(heur) >= per_type
                      else heur + _spread(rand, per_type - len(heur)))
    return chosen


def _spread(items: list[Any], k: int) -> list[Any]:
    """k items evenly spread over the list (deterministic)."""
    if len(items) <= k:
        return list(items)
    step = len(items) / k
    return [items[int(i * step)] for i in range(k)]


# ----------------------------------------------------------------------------- timing
def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    v = sorted(values)
    if not v:
        return float("nan")
    k = max(1, math.ceil(p / 100 * len(v)))
    return v[min(len(v), k) - 1]


def time_interleaved(fns: list[Callable[[], Any]], reps: int, before: list[Callable[[], Any] | None]) -> list[list[int]]:
    """Times each fn ``reps`` times, one of each per round, order alternating; ns per call."""
    pc = time.perf_counter_ns
    times: list[list[int]] = [[] for _ in fns]
    for f, b in zip(fns, before):  # warm-up
        if b:
            b()
        f()
    idx = list(range(len(fns)))
    for r in range(reps):
        order = idx if r % 2 == 0 else idx[::-1]
        for i in order:
            b = before[i]
            if b:
                b()
            f = fns[i]
            t0 = pc()
            f()
            t1 = pc()
            times[i].append(t1 - t0)
    return times


def reset_rl_cache() -> None:
    rl_utils._local_objs.cached_candidate_cards = None


def measure(positions: list[dict[str, Any]], reps: int, flags: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    rep_flags = dict(flags, kickers_may_repeat=True)
    for pos in positions:
        sc = pos["scenario"]
        sid = bridge({"op": "load", "scenario": sc})["state"]
        game, state = load_scenario(sc)
        state = game.settle(state)
        req = {"op": "legal", "state": sid}
        ours_json = bridge(req)["actions"]
        raw = game.legal_actions(state)
        if len(raw) != len(ours_json):
            raise AssertionError(f"bridge/raw count mismatch at seed {pos['seed']}")
        if "_state" in pos and len(GAME.legal_actions(pos["_state"])) != len(raw):
            raise AssertionError(f"scenario does not reproduce the game position (seed {pos['seed']})")
        g2, st2 = load_scenario(dict(sc, flags=rep_flags))
        rep_actions = g2.legal_actions(g2.settle(st2))
        n_rep = len(rep_actions)
        rep_set = {norm_ours(g2.action_to_json(a)) for a in rep_actions}
        hand = pos["cards"]
        if pos["type"] == "lead":
            hand_str = rl_hand_str(hand)
            rl_fn: Callable[[], Any] = lambda h=hand_str: DoudizhuJudger.playable_cards_from_hand(h)
            rl_before = None
        else:
            top_str = rl_hand_str(pos["top"].cards)
            if top_str not in CARD_TYPE[0]:
                rows.append({**pos, "skip": f"RLCard has no play {top_str!r}"})
                continue
            me, greater = RLPlayer(rl_cards(hand)), RLPlayer([], top_str)
            rl_fn = lambda a=me, b=greater: get_gt_cards(a, b)
            rl_before = reset_rl_cache
        reset_rl_cache()
        rl_out = rl_fn()
        fns = [lambda r=req: api.handle(r), lambda s=state: game.legal_actions(s), rl_fn]
        t_bridge, t_raw, t_rl = time_interleaved(fns, reps, [None, None, rl_before])
        ours_set = {norm_ours(a) for a in ours_json}
        rows.append({**pos, "sid": sid,
                     "bridge": statistics.median(t_bridge) / 1000, "raw": statistics.median(t_raw) / 1000,
                     "rl": statistics.median(t_rl) / 1000,
                     "bridge_min": min(t_bridge) / 1000, "raw_min": min(t_raw) / 1000, "rl_min": min(t_rl) / 1000,
                     "n_ours": len(ours_json), "n_rep": n_rep, "n_rl": len(set(rl_out)),
                     "rl_only": set(rl_out) - ours_set, "ours_only": ours_set - set(rl_out),
                     "rep_same": rep_set == set(rl_out) and n_rep == len(rep_set)})
    return rows


# ----------------------------------------------------------------------------- random games
def random_games(players: int, games: int, passes: int = 3) -> dict[str, float]:
    fl = GAME.flags({"players": players})
    best = None
    for _ in range(passes):
        turns = play_turns = 0
        t0 = time.perf_counter_ns()
        for s in range(games):
            rng = derive(s, "bench", "random-games")
            st = GAME.new_game(fl, s)
            while st.phase != "score":
                if st.phase == "play":
                    play_turns += 1
                st = GAME.settle(GAME.apply(st, random_choice(GAME, st, st.to_act, rng).action))
                turns += 1
        dt = (time.perf_counter_ns() - t0) / 1e9
        if best is None or dt < best[0]:
            best = (dt, turns, play_turns)
    dt, turns, play_turns = best  # type: ignore[misc]
    return {"games": games, "seconds": dt, "games_s": games / dt, "turns": turns, "turns_s": turns / dt,
            "play_turns": play_turns, "play_turns_s": play_turns / dt}


# ----------------------------------------------------------------------------- report
def summary_line(label: str, rows: list[dict[str, Any]]) -> str:
    def col(key: str) -> tuple[float, float]:
        v = [r[key] for r in rows]
        return statistics.median(v), pct(v, 95)

    b, raw, rl = col("bridge"), col("raw"), col("rl")
    rb = [r["bridge"] / r["rl"] for r in rows]
    rr = [r["raw"] / r["rl"] for r in rows]
    counts = (statistics.median([r["n_ours"] for r in rows]), statistics.median([r["n_rep"] for r in rows]),
              statistics.median([r["n_rl"] for r in rows]))
    return (f"{label:<28}{len(rows):>4} | {b[0]:>8.1f}{b[1]:>8.1f} | {raw[0]:>8.1f}{raw[1]:>8.1f} | "
            f"{rl[0]:>8.1f}{rl[1]:>8.1f} | {statistics.median(rb):>5.2f}{pct(rb, 95):>6.2f} | "
            f"{statistics.median(rr):>5.2f}{pct(rr, 95):>6.2f} | {counts[0]:>5g}{counts[1]:>6g}{counts[2]:>6g}")


HEADER = (f"{'category':<28}{'n':>4} | {'ours/bridge':^16} | {'ours/raw':^16} | {'RLCard':^16} | "
          f"{'bridge/RL':^11} | {'raw/RL':^11} | {'count (median)':^17}\n"
          f"{'':<28}{'':>4} | {'median':>8}{'p95':>8} | {'median':>8}{'p95':>8} | {'median':>8}{'p95':>8} | "
          f"{'med':>5}{'p95':>6} | {'med':>5}{'p95':>6} | {'ours':>5}{'+rep':>6}{'RL':>6}")


def git_rev() -> str:
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                             text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "tutor"], cwd=REPO, capture_output=True,
                               text=True, check=True).stdout.strip()
        return rev + (" (tutor/ has uncommitted changes)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=200, help="seeded deals 0..N-1 (default 200)")
    ap.add_argument("--reps", type=int, default=9, help="timed rounds per position (default 9)")
    ap.add_argument("--per-type", type=int, default=40, help="response positions per type of the play to beat")
    ap.add_argument("--games", type=int, default=200, help="random full games per player count (default 200)")
    ap.add_argument("--no-write", action="store_true", help=f"do not write {os.path.relpath(RESULTS, REPO)}")
    args = ap.parse_args(argv)
    flags = {"players": 3}

    lines: list[str] = []

    def out(text: str = "") -> None:
        print(text, flush=True)
        lines.append(text)

    out("Dou Dizhu legal-move benchmark (bench/legal_moves.py)")
    out("=" * 52)
    out(f"python {platform.python_implementation()} {platform.python_version()} on {platform.machine()} "
        f"({os.cpu_count()} cpus), {platform.platform()}")
    out(f"cardtutor {git_rev()}; RLCard {getattr(rlcard, '__version__', '?')}, numpy {numpy.__version__}")
    out(f"seeds 0..{args.seeds - 1}, REPS {args.reps}, PER_TYPE {args.per_type}, "
        f"random games {args.games} per player count")
    out(f"date {time.strftime('%Y-%m-%d %H:%M:%S %Z')}")
    out("")
    out(DEFINITIONS)

    leads = lead_scenarios(args.seeds, flags)
    responses = response_scenarios(args.seeds, flags, args.per_type)
    if len(leads) + len(responses) >= api.MAX_STATES:  # the bridge forgets the oldest states beyond that
        ap.error(f"{len(leads) + len(responses)} positions do not fit the bridge's state table ({api.MAX_STATES})")
    gc.collect()
    lead_rows = measure(leads, args.reps, flags)
    resp_all = measure(responses, args.reps, flags)
    skipped = [r for r in resp_all if "skip" in r]
    resp_rows = [r for r in resp_all if "skip" not in r]

    out("Legal moves: times in microseconds per call (per-position median of REPS rounds)")
    out("-" * 80)
    out(HEADER)
    out(summary_line("leads (20 cards)", lead_rows))
    out(summary_line("responses (all)", resp_rows))
    by_cat: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in resp_rows:
        by_cat[CATEGORY[r["type"]]].append(r)
    for cat in CATEGORY_ORDER:
        if by_cat.get(cat):
            out(summary_line("  vs " + cat, by_cat[cat]))
    out("")
    for label, rows in (("leads", lead_rows), ("responses", resp_rows)):
        out(f"action totals, {label}: ours {sum(r['n_ours'] for r in rows)}, ours+rep {sum(r['n_rep'] for r in rows)}, "
            f"RLCard {sum(r['n_rl'] for r in rows)}; max per position: ours {max(r['n_ours'] for r in rows)}, "
            f"ours+rep {max(r['n_rep'] for r in rows)}, RLCard {max(r['n_rl'] for r in rows)}")
    src = Counter((r["type"], r["src"]) for r in resp_rows)
    out("response positions by type of the play to beat (source heur/rand): " + ", ".join(
        f"{t} {src[(t, 'heur')]}/{src[(t, 'rand')]}" for t in sorted({t for t, _ in src})))
    if skipped:
        out(f"skipped (the play to beat is not in RLCard's action space): {len(skipped)}: "
            + ", ".join(sorted({r['skip'] for r in skipped})))
    out("")
    lead_ratio = statistics.median([r["bridge"] / r["rl"] for r in lead_rows])
    lead_ratio_raw = statistics.median([r["raw"] / r["rl"] for r in lead_rows])
    lead_min = statistics.median([r["bridge_min"] / r["rl_min"] for r in lead_rows])
    out(f"Goal (leads, CPython): ours/RLCard <= 1.0. Median ratio: bridge {lead_ratio:.2f}, raw {lead_ratio_raw:.2f} "
        f"(per-position min instead of median: bridge {lead_min:.2f}) -> "
        f"{'MET' if lead_ratio <= 1.0 else 'NOT MET'} for the bridge call.")
    out("")

    # how the action sets differ (why the counts differ)
    rl_only = Counter()
    ours_only = Counter()
    for r in lead_rows + resp_rows:
        for a in r["rl_only"]:
            rl_only[_shape(a)] += 1
        for a in r["ours_only"]:
            ours_only[_shape(a)] += 1
    out("Set differences over all positions, ours (default flags) vs RLCard, by RLCard type of the play:")
    out("  only in RLCard: " + (", ".join(f"{k} {v}" for k, v in rl_only.most_common(8)) or "none"))
    out("  only in ours:   " + (", ".join(f"{k} {v}" for k, v in ours_only.most_common(8)) or "none"))
    both = lead_rows + resp_rows
    out(f"With kickers_may_repeat on, our action set equals RLCard's (as rank strings, no duplicates) on "
        f"{sum(1 for r in both if r['rep_same'])} of {len(both)} positions.")
    out("")

    out("Random full games (tutor engine only, random_choice for every decision)")
    out("-" * 80)
    out(f"{'players':<8}{'games':>6}{'seconds':>9}{'games/s':>9}{'turns':>8}{'turns/s':>9}"
        f"{'play turns':>11}{'play turns/s':>13}")
    for players in (3, 4):
        g = random_games(players, args.games)
        out(f"{players:<8}{g['games']:>6}{g['seconds']:>9.2f}{g['games_s']:>9.1f}{g['turns']:>8}"
            f"{g['turns_s']:>9.0f}{g['play_turns']:>11}{g['play_turns_s']:>13.0f}")

    if not args.no_write:
        os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
        with open(RESULTS, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
        print(f"\n(written to {os.path.relpath(RESULTS, REPO)})")
    return 0


def _shape(s: str) -> str:
    """A play's RLCard type name (or, outside RLCard's action space, its rank-count shape)."""
    types = CARD_TYPE[0].get(s)
    if types:
        return types[0][0]
    return "not in RLCard's space:" + "+".join(str(n) for n in sorted(Counter(s).values(), reverse=True))


if __name__ == "__main__":
    sys.exit(main())
