"""The adjutant stays secret (NAP-ADJ-2): nothing a seat is told reveals who holds the called card.

The test is one of indistinguishability. From real positions of seeded games (auction to the
last trick, before the called card is played) it builds a *twin*: the same position with the
called card moved into another seat's hand (one card swapped back, so every count stays the
same) — so the adjutant, or whether Napoleon plays alone, differs. For every learner seat that
is neither the old nor the new holder, every answer of the JSON bridge to that seat must be
identical in both: ``view`` (hand, table, event texts, in en and ja), ``legal``, ``explain``
of each legal action, ``hint`` and ``bot``. If any answer depended on the secret, some twin
would tell it apart.
"""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tutor import api
from tutor.bots import heuristic_choice
from tutor.cards import Card
from tutor.registry import find_game
from tutor.games.napoleon.tricks import sort_hand

G = find_game("napoleon")


def answers(state, seat: int) -> str:
    """Everything the bridge tells ``seat`` about ``state``, as one JSON text."""
    sid = api._store(G, state)
    out = {}
    for lang in ("en", "ja"):
        out[f"view-{lang}"] = api.handle({"op": "view", "state": sid, "seat": seat, "lang": lang})
    if G.to_act(state) == seat:
        legal = api.handle({"op": "legal", "state": sid, "seat": seat})
        out["legal"] = legal
        listed = legal if "actions" in legal else api.handle({"op": "legal", "state": sid, "seat": seat, "expand": True})
        out["explain"] = [api.handle({"op": "explain", "state": sid, "seat": seat, "action": a, "lang": "ja"})
                          for a in listed["actions"][:60]]
        out["hint"] = api.handle({"op": "hint", "state": sid, "seat": seat, "lang": "en"})
        out["bot"] = api.handle({"op": "bot", "state": sid, "seat": seat})
    else:
        out["legal"] = api.handle({"op": "legal", "state": sid, "seat": seat})  # not its turn: nothing
    text = json.dumps(out, ensure_ascii=False, sort_keys=True)
    assert '"ok": false' not in text, text[:500]
    return text


def twin(state, to_seat: int):
    """The same position with the called card in ``to_seat``'s hand (one of its cards goes back)."""
    called = state.called
    holder = next(s for s in range(5) if called in state.hands[s])
    given = state.hands[to_seat][0]
    hands = list(state.hands)
    hands[holder] = sort_hand([c for c in hands[holder] if c != called] + [given])
    hands[to_seat] = sort_hand([c for c in hands[to_seat] if c != given] + [called])
    solo = to_seat == state.napoleon
    return replace(state, hands=tuple(hands), adjutant=None if solo else to_seat, solo=solo)


def positions(seed: int):
    """Positions of a heuristic game from the call to the moment the called card is played."""
    state = G.new_game(G.flags({}), seed)
    while not G.round_over(state):
        if state.called is not None and not state.revealed and any(state.called in h for h in state.hands):
            yield state
        seat = G.to_act(state)
        state = G.apply(state, heuristic_choice(G, state, seat).action, seat)


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_no_answer_tells_the_adjutant(seed):
    checked = 0
    for k, state in enumerate(positions(seed)):
        if k % 3:
            continue  # every third position keeps the test quick
        holder = next(s for s in range(5) if state.called in state.hands[s])
        for to_seat in range(5):
            if to_seat == holder or not state.hands[to_seat]:
                continue
            other = twin(state, to_seat)
            for learner in range(5):
                if learner in (holder, to_seat):
                    continue  # the holders see the card in their own hands
                assert answers(state, learner) == answers(other, learner), (seed, k, learner, holder, to_seat)
                checked += 1
    assert checked > 20


def test_the_check_can_see_a_difference():
    """The holder itself does see the card: so answers() would expose a leak if there were one."""
    state = next(positions(1))
    holder = next(s for s in range(5) if state.called in state.hands[s])
    to_seat = next(s for s in range(5) if s not in (holder, state.napoleon))
    assert answers(state, holder) != answers(twin(state, to_seat), holder)


def test_after_the_called_card_is_played_everyone_knows():
    state = G.new_game(G.flags({}), 1)
    while not state.revealed and not G.round_over(state):
        seat = G.to_act(state)
        state = G.apply(state, heuristic_choice(G, state, seat).action, seat)
    views = [G.view(state, s) for s in range(5)]
    assert all(v["adjutant_revealed"] for v in views)
    assert len({json.dumps([v["adjutant"], v["solo"]]) for v in views}) == 1
    assert views[0]["adjutant"] == (None if state.solo else state.adjutant)


def test_kitty_and_other_hands_are_hidden():
    state = G.new_game(G.flags({}), 11)
    while state.phase != "discard":
        seat = G.to_act(state)
        state = G.apply(state, heuristic_choice(G, state, seat).action, seat)
    nap = state.napoleon
    for seat in range(5):
        v = G.view(state, seat)
        shown = set(v["hand"])
        text = json.dumps({k: val for k, val in v.items() if k != "hand"})
        for other in range(5):
            if other != seat:
                for c in state.hands[other]:
                    if c not in shown and c.token not in (v["called_card"] or ""):
                        assert f'"{c.token}"' not in text, (seat, c)
        assert (v["kitty_taken"] is not None) == (seat == nap)
    assert G.view(state, None)["hand"] is None
    assert Card.parse(state.called.token) == state.called
