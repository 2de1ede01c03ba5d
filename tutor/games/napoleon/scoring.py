"""The Napoleon score table (napoleon.md §9), as one pure function of the end-of-game facts.

Why a function of three facts (bid, solo, the Napoleon army's honours): the golden ``score``
cases give exactly those, and the state machine calls the same code at the end of a game,
so the table is written once.

Readings (spec §12): penalty A by default needs the Allies' own honours to reach the bid
(A5, flag ``penalty_a_reading``); the solo bonus at 18/19 uses the Napoleon column (A6);
penalties A and B add up (NAP-SCORE-7). In a solo game there is no adjutant: its entry is 0.
"""
from __future__ import annotations

from typing import Any

TOTAL_HONOURS = 20  # NAP-SETUP-3
PENALTY_B = {15: 3, 16: 5, 17: 7, 18: 9, 19: 11, 20: 15}  # NAP-SCORE-6


def game_score(bid: int, solo: bool, napoleon_side: int, penalty_a_reading: str = "allies_reach_bid") -> dict[str, Any]:
    """Points gained this game by Napoleon, the adjutant and each Ally, with the rules applied."""
    allies_honours = TOTAL_HONOURS - napoleon_side
    rules: list[str] = ["NAP-SCORE-1"]
    nap = adj = ally = 0
    won = napoleon_side >= bid  # NAP-SCORE-1
    if won:
        nap, adj = (10, 0) if solo else (8, 4)  # NAP-SCORE-2
        rules.append("NAP-SCORE-2")
        bonus = {18: (1, 1), 19: (2, 1), 20: (8, 0) if solo else (4, 2)}.get(napoleon_side)  # NAP-SCORE-3
        if bonus:
            nap += bonus[0]
            adj += 0 if solo else bonus[1]
            rules.append("NAP-SCORE-3")
    else:
        ally = 3 if solo else 4  # NAP-SCORE-4
        rules.append("NAP-SCORE-4")
        reach = allies_honours >= bid if penalty_a_reading == "allies_reach_bid" else True
        if bid >= 14 and reach:  # NAP-SCORE-5 (penalty A)
            nap -= 12 if solo else 8
            adj -= 0 if solo else 4
            rules.append("NAP-SCORE-5")
        if bid >= 15:  # NAP-SCORE-6 (penalty B), added to A (NAP-SCORE-7)
            nap -= PENALTY_B[bid]
            rules.append("NAP-SCORE-6")
            if "NAP-SCORE-5" in rules:
                rules.append("NAP-SCORE-7")
    return {"winner": "napoleon" if won else "allies", "napoleon": nap, "adjutant": adj, "each_ally": ally,
            "napoleon_side_honours": napoleon_side, "allies_honours": allies_honours, "rules": rules}
