"""A hand's result (SJ-POINTS-2/3, SJ-SCORE-1…3, SJ-NEXT-1…3, SJ-END-1/2), apart from the play
so the golden ``score`` kind and the end of a played hand share one computation."""
from __future__ import annotations

from typing import Any, Sequence

from .order import points
from .shapes import level_steps
from .state import LEVELS, PLAYERS, TEAMS, team_of
from ...cards import Card


def level_up(level: str, steps: int) -> str:
    """SJ-SCORE-3: a level moves up ``steps`` ranks and never past A (surplus steps are lost)."""
    return LEVELS[min(LEVELS.index(level) + steps, len(LEVELS) - 1)]


def hand_result(dealer: int, levels: Sequence[str], nondealer_trick_points: int, last_trick_winner: int,
                buried: Sequence[Card], kitty_multiplier: int = 2, end_level: str = "A",
                penalty: int = 0, decks: int = 1) -> dict[str, Any]:
    """The result of a hand: ``P`` (the non-dealers' points with the kitty bonus and any failed-
    throw penalties), who won, the levels after, the next dealer and trump rank, the game's end.
    With two decks the thresholds scale by two (SJ-2D-2: 200 card points)."""
    dealer_team = team_of(dealer)
    other = TEAMS[1 - TEAMS.index(dealer_team)]
    kitty_points = points(buried)
    bonus = kitty_multiplier * kitty_points if team_of(last_trick_winner) == other else 0  # SJ-POINTS-3, A6
    p = nondealer_trick_points + bonus + penalty
    rules = ["SJ-POINTS-2", "SJ-SCORE-1", "SJ-SCORE-2"]
    if kitty_points:
        rules.insert(1, "SJ-POINTS-3")
    after = {t: levels[i] for i, t in enumerate(TEAMS)}
    if decks == 2:
        rules[rules.index("SJ-SCORE-2")] = "SJ-2D-2"
        who, steps = level_steps(p)
        dealer_wins = who == "dealer"
    else:
        dealer_wins = p < 40
        steps = (2 if p == 0 else 1) if dealer_wins else (2 if p >= 100 else 1 if p >= 80 else 0)
    if dealer_wins:
        winner = dealer_team
        next_dealer = (dealer + 2) % PLAYERS  # SJ-NEXT-1: the dealer's partner
        rules.append("SJ-NEXT-1")
    else:
        winner = other
        next_dealer = (dealer + 1) % PLAYERS  # SJ-NEXT-2: the seat after the dealer
        rules.append("SJ-NEXT-2")
    before = after[winner]
    after[winner] = level_up(before, steps)
    if LEVELS.index(before) + steps > len(LEVELS) - 1:
        rules.append("SJ-SCORE-3")
    # SJ-END-1: a dealer-team win in a hand whose trump rank is end_level or above ends the game
    trump_rank = levels[TEAMS.index(dealer_team)]
    game_over = winner == dealer_team and LEVELS.index(trump_rank) >= LEVELS.index(end_level)
    if game_over:
        rules.append("SJ-END-1")
    elif winner == other and LEVELS.index(after[other]) >= LEVELS.index(end_level):
        rules.append("SJ-END-2")  # at the end level as non-dealers: the game goes on
    return {"P": p, "kitty_points": kitty_points, "kitty_bonus": bonus, "penalty": penalty,
            "hand_winner": winner, "dealer_team": dealer_team, "levels_before": {t: levels[i] for i, t in enumerate(TEAMS)},
            "levels_after": after, "steps": steps, "next_dealer": next_dealer,
            "next_trump_rank": after[team_of(next_dealer)], "game_over": game_over,
            "game_winner": winner if game_over else None, "rule_ids": rules}
