"""Actions worth asking about at a decision: legal ones, and near misses the rules refuse.

A near miss is what a learner might try: a legal play with one card more, one fewer or one
swapped; a handful of the hand's cards; a bid the auction no longer allows; passing where one
must lead. Each is judged by ``explain`` (never assumed): a candidate is kept with its verdict,
and only if the seat can know the verdict before acting (``Game.announcement`` is None: a
Shengji throw that another hand may beat is not a question anyone could answer) and the verdict
names a rule to practise.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actions import PASS, Action, Play, action_key
from ..game import Game, Verdict
from ..rng import Rng

#: near misses tried per decision (each costs one ``explain``)
TRIES = 24
#: refusals that teach nothing about the game: every near miss is tried by the seat deciding, in
#: the phase it decides in, so these only say the try was of another kind (a card play in an auction)
UNTAUGHT = ("common.wrong_phase", "common.not_your_turn")


@dataclass(frozen=True)
class Judged:
    action: Action
    verdict: Verdict


def legal_one(game: Game, state: Any, seat: int, in_turn: bool, rng: Rng) -> Action | None:
    """One legal action, at random (a "choose k cards" decision is drawn from its spec)."""
    spec = game.decision_spec(state, seat, in_turn=in_turn)
    if spec is not None:
        return spec.sample(rng) if spec.count() else None
    actions = game.legal_sample(state, seat, rng, in_turn=in_turn)
    return rng.choice(actions) if actions else None


def hand_of(game: Game, state: Any, seat: int) -> list[Any]:
    hands = getattr(state, "hands", None)
    if hands is None or seat >= len(hands):
        return []
    return list(hands[seat])


def near_misses(game: Game, state: Any, seat: int, in_turn: bool, rng: Rng) -> list[Action]:
    """Actions a learner might try here, legal or not (judged by the caller)."""
    out: list[Action] = []
    options = game.decision_options(state, seat)
    if options:
        out.extend(options)
    if game.decision_spec(state, seat, in_turn=in_turn) is not None:
        return out  # a "choose k cards" decision: its near misses are only miscounts, nothing to learn
    hand = hand_of(game, state, seat)
    if not hand or not all(hasattr(c, "token") for c in hand):
        return out
    every = game.legal_sample(state, seat, rng, in_turn=in_turn)
    legal = [a for a in every if isinstance(a, Play)]
    if every and not legal:
        return out  # the decision is no card play (Jian Hong Dian lays or captures): a play is no near miss
    out.append(PASS)
    sizes = sorted({len(a.cards) for a in legal}) or [1]
    base_cards = list(legal[rng.below(len(legal))].cards) if legal else []
    for _ in range(TRIES):
        pool = list(hand)
        rng.shuffle(pool)
        # a size no play here has ("Play exactly one card") teaches little: one try in eight
        any_size = rng.below(8) == 0
        move = rng.below(4)
        if base_cards and move == 0 and (any_size or len(base_cards) + 1 in sizes):  # one card more
            cards = base_cards + [c for c in pool if c not in base_cards][:1]
        elif base_cards and move == 1 and len(base_cards) > 1 and (any_size or len(base_cards) - 1 in sizes):
            cards = base_cards[:]  # one card fewer
            cards.pop(rng.below(len(cards)))
        elif base_cards and move == 2:  # one card swapped
            others = [c for c in pool if c not in base_cards]
            if not others:
                continue
            cards = base_cards[:]
            cards[rng.below(len(cards))] = others[0]
        else:  # a few cards of the hand, as many as some play here has
            k = 1 + rng.below(min(5, len(pool))) if any_size else sizes[rng.below(len(sizes))]
            cards = pool[:k]
        if cards:
            out.append(Play(tuple(cards)))
    return out


def judged(game: Game, state: Any, seat: int, in_turn: bool, rng: Rng) -> tuple[list[Judged], list[Judged]]:
    """The legal and the illegal actions worth asking about here, each with its verdict, each
    action once; only verdicts the seat can know beforehand and that cite a rule."""
    seen: set[str] = set()
    legal: list[Judged] = []
    illegal: list[Judged] = []
    first = legal_one(game, state, seat, in_turn, rng)
    for action in ([first] if first is not None else []) + near_misses(game, state, seat, in_turn, rng):
        key = action_key(game, action.to_json())
        if key in seen:
            continue
        seen.add(key)
        if game.announcement(state, action, seat, in_turn) is not None:
            continue  # decided by cards the seat cannot see (SJ-THROW-2)
        verdict = game.explain(state, action, seat, in_turn)
        if not verdict.rule_ids or verdict.key in UNTAUGHT:
            continue
        (legal if verdict.legal else illegal).append(Judged(action, verdict))
    return legal, illegal
