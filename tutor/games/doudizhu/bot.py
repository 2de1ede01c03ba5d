"""A simple Dou Dizhu heuristic: bid on strong hands, shed low cards, keep bombs, help the partner.

It is meant to be a fair practice opponent and a source of hints, not a strong player:
every choice comes with the reason a learner can read.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ...actions import PASS, Decision, Pass, Play
from ...bots import Choice, register_heuristic
from .combos import BJ, RJ, TWO, card_rank, classify


def hand_strength(cards: Any) -> int:
    """Rough auction strength: jokers, 2s, aces and bombs."""
    ranks = Counter(card_rank(c) for c in cards)
    score = 4 * ranks[RJ] + 3 * ranks[BJ] + 2 * ranks[TWO] + ranks[14]
    score += 4 * sum(1 for r, n in ranks.items() if n >= 4 and r <= TWO)
    if ranks[BJ] and ranks[RJ]:
        score += 2
    return score


def choose(game: Any, state: Any, seat: int) -> Choice:
    actions = game.legal_actions(state, seat)
    if state.phase == "auction":
        strength = hand_strength(state.hands[seat])
        want = 0 if strength < 7 else 1 if strength < 10 else 2 if strength < 13 else 3
        bids = [a for a in actions if isinstance(a, Decision) and a.value <= want]
        if bids:
            best = max(bids, key=lambda a: a.value)
            return Choice(best, "ddz.why.bid_strong", {"bid": best.value})
        return Choice(PASS, "ddz.why.bid_weak")
    plays = [a for a in actions if isinstance(a, Play)]
    hand = state.hands[seat]
    counts = Counter(card_rank(c) for c in hand)
    rules = state.flags.combo_rules
    for p in plays:  # going out wins the round
        if len(p.cards) == len(hand):
            return Choice(p, "ddz.why.go_out")
    top = state.top()
    readings = {id(p): _reading(p, rules) for p in plays}

    def big(p: Play) -> bool:
        c = readings[id(p)]
        return c.type in ("bomb", "rocket")

    def breaks_bomb(p: Play) -> bool:
        used = Counter(card_rank(c) for c in p.cards)
        return any(counts[r] >= 4 and n < counts[r] for r, n in used.items()) and not big(p)

    def cost(p: Play) -> tuple[int, int, int]:
        c = readings[id(p)]
        high = sum(1 for x in p.cards if card_rank(x) >= TWO)
        return (high, c.rank, -len(p.cards))

    normal = [p for p in plays if not big(p) and not breaks_bomb(p)]
    if top is None:
        pool = normal or [p for p in plays if not big(p)] or plays
        best = min(pool, key=cost)
        return Choice(best, "ddz.why.lead_low", {"type": readings[id(best)].type})
    lord = state.landlord
    partner_on_top = lord is not None and seat != lord and top.seat != lord
    if partner_on_top:
        return Choice(PASS, "ddz.why.partner_winning")
    if normal:
        best = min(normal, key=cost)
        return Choice(best, "ddz.why.beat_cheaply", {"type": readings[id(best)].type})
    danger = len(state.hands[top.seat]) <= 4
    bombs = [p for p in plays if big(p)]
    if bombs and danger:
        best = min(bombs, key=cost)
        return Choice(best, "ddz.why.bomb_to_stop", {"seat": top.seat, "left": len(state.hands[top.seat]),
                                                      "type": readings[id(best)].type})
    if any(isinstance(a, Pass) for a in actions):
        return Choice(PASS, "ddz.why.save_strength" if plays else "ddz.why.cannot_beat")
    return Choice(plays[0], "ddz.why.lead_low", {"type": readings[id(plays[0])].type})


def _reading(play: Play, rules: Any) -> Any:
    readings = classify([card_rank(c) for c in play.cards], rules)
    if play.type:
        readings = [c for c in readings if c.type == play.type] or readings
    return max(readings, key=lambda c: c.rank)


register_heuristic("doudizhu", choose)
