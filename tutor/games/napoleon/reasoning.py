"""Who can hold the called card: the reasoning a learner is helped with (NAP-ADJ-2).

The adjutant is secret until the called card is played, but the table tells a lot: a seat
that did not follow a suit holds none of it (NAP-FOLLOW-1), and every seat knows its own
hand. ``adjutant_candidates`` works only from what ``seat`` can see, so the help never
leaks more than a careful player could work out.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import State

PLAYERS = 5


def adjutant_candidates(state: "State", seat: int | None) -> dict[str, Any] | None:
    """The seats (and the kitty) that may hold the called card, as ``seat`` can tell; None when moot.

    Moot: no card called yet, the sides already public, a spectator, or ``seat`` holds the
    card itself (it knows). Napoleon saw the kitty and knows whether the game is solo.
    """
    called = state.called
    if called is None or seat is None or state.revealed or state.phase in ("auction", "call_adjutant", "score"):
        return None
    if called in state.hands[seat]:
        return None  # the holder knows: it is the adjutant (or Napoleon playing solo)
    is_napoleon = seat == state.napoleon
    if is_napoleon and state.solo:
        return None  # Napoleon saw the kitty: no adjutant to look for
    seats: list[int] = []
    ruled_out: list[dict[str, Any]] = [{"seat": seat, "why": "self"}]
    for other in range(PLAYERS):
        if other == seat:
            continue
        if not called.special and called.suit in state.voids[other]:
            ruled_out.append({"seat": other, "why": "void", "suit": called.suit})
            continue
        seats.append(other)
    return {"card": called.token, "seats": seats, "kitty": not is_napoleon, "ruled_out": ruled_out}
