"""Jian Hong Dian's own quiz kinds (tutor/quiz): what a card captures, what a capture scores, whose
turn follows, who wins the deal. Every answer is the engine's: ``explain`` on the capture, the
events ``apply`` wrote, the state ``apply`` left.

The stock is face down: no question here waits on the card a stock step will turn (the seat
cannot see it); a stock step is asked about only once its card is turned (phase ``stock``).

No ``Outcome`` declarations (``OUTCOMES`` is empty, so the generic ``outcome`` kind is not
offered): the one event a move's seat can foresee, the hand step's capture, is asked by
``points`` with the rules it practises (card points), and every later event of a turn waits on
the turned stock card.
"""
from __future__ import annotations

from typing import Any

from ...quiz.exercise import Exercise, Option
from ...quiz.positions import Point, play_hand
from ...rng import Rng
from .moves import HandCapture, stock_capture

OUTCOMES: tuple[Any, ...] = ()

#: positions of one hand a kind looks at before it draws another hand
TRIES = 12


def _exercise(game: Any, kind: str, seed: int, preset: str, point: Point, question: Any, options: list[Option],
              rule_ids: tuple[str, ...], **more: Any) -> Exercise:
    return Exercise(game.name, kind, seed, preset, point.state, point.seat, question, tuple(options),
                    tuple(dict.fromkeys(rule_ids)), in_turn=point.in_turn, **more)


def _verdict_why(v: Any) -> tuple[Any, ...]:
    return ((v.key, v.params),) + tuple(v.more)


def _layout_choice(game: Any, rng: Rng, seed: int, kind: str, stock: bool) -> Exercise | None:
    """Which layout cards can this card capture? (every one the engine's ``explain`` lets it take)"""
    hand = play_hand(game, rng)
    points = [p for p in hand.points if p.in_turn and (p.state.phase == "stock") == stock and len(p.state.layout) >= 3]
    rng.shuffle(points)
    for point in points[:TRIES]:
        state, seat = point.state, point.seat
        if stock:
            card = state.stock_card
            make = lambda t: stock_capture((t,))  # noqa: E731
        else:
            cards = [c for c in state.hands[seat] if c.rank != state.initial_triple]
            if not cards:
                continue
            card = cards[rng.below(len(cards))]
            make = lambda t: HandCapture.of(card, (t,))  # noqa: E731
        if state.initial_triple is not None and card.rank == state.initial_triple:
            continue  # the three go together (JHD-DEAL-2): not a card-by-card question
        layout = list(state.layout)
        rng.shuffle(layout)
        judged = [(t, game.explain(state, make(t), seat)) for t in layout]
        right = [j for j in judged if j[1].legal]
        wrong = [j for j in judged if not j[1].legal]
        if not right or not wrong or len(judged) < 3:
            continue
        k = min(len(right), 1 + rng.below(2))
        chosen = right[:k] + wrong[:4 - k]
        chosen += right[k:k + 4 - len(chosen)]  # four options where the layout has four cards
        chosen.sort(key=lambda j: layout.index(j[0]))
        options = [Option(("jhd.quiz.answer.card", {"cards": [t.token]}), v.legal, _verdict_why(v), v.rule_ids)
                   for t, v in chosen]
        rules = ("JHD-CAP-4",) if stock else ()
        rules += tuple(r for _, v in chosen for r in v.rule_ids)
        question = ("jhd.quiz.q.stock_targets" if stock else "jhd.quiz.q.targets", {"cards": [card.token]})
        return _exercise(game, kind, seed, hand.preset, point, question, options, rules, multiple=True)
    return None


def targets_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """Which layout cards can this card of your hand capture? (JHD-CAP-1, JHD-CAP-2)"""
    return _layout_choice(game, rng, seed, "targets", stock=False)


def stock_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """You turned this stock card: which layout cards can it take? (JHD-CAP-4)"""
    return _layout_choice(game, rng, seed, "stock", stock=True)


def _near_numbers(answer: int, rng: Rng, pool: tuple[int, ...]) -> list[int]:
    """The answer and three other plausible totals, in rising order."""
    others = [v for v in dict.fromkeys(pool + tuple(answer + d for d in (-10, -5, 5, 10, 20))) if v >= 0 and v != answer]
    rng.shuffle(others)
    return sorted([answer] + others[:3])


#: what a capture of two cards can score (JHD-SCORE-1: 0, 2-8, 10, 20, 30 a card)
CAPTURE_POINTS = (0, 2, 5, 8, 10, 12, 15, 20, 30, 40)


def points_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """You capture like this: how many points do the two cards bring you? (the event ``apply`` wrote)"""
    hand = play_hand(game, rng)
    found = [(p, e) for p in hand.points if isinstance(p.action, HandCapture)
             for e in p.events if e.key == "jhd.event.capture.hand"]
    if not found:
        return None
    # captures worth something half the time at least (a black pair scoring 0 teaches less)
    scoring = [f for f in found if f[1].params["points"]]
    pool = scoring if scoring and rng.below(4) else found
    point, ev = pool[rng.below(len(pool))]
    answer = ev.params["points"]
    why = (("jhd.quiz.why.capture_points", {"n": answer}), (ev.key, ev.params))
    rules = ("JHD-SCORE-1", "JHD-CAP-5")
    options = [Option(("quiz.answer.points", {"n": v}), v == answer, why, rules)
               for v in _near_numbers(answer, rng, CAPTURE_POINTS)]
    return _exercise(game, "points", seed, hand.preset, point, ("jhd.quiz.q.points", {}), options, rules,
                     shows=point.action)


def _finish_turn(game: Any, point: Point) -> Any:
    """The state once the turn shown is over: a stock choice (its card already turned) is made
    with the first target the engine lists; which one changes no turn order."""
    state = point.after
    while state.phase == "stock" and state.turn == point.seat:
        state = game.apply(state, game.legal_actions(state, point.seat)[0], point.seat)
    return state


def next_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """After your hand step (and the stock step that follows), who plays next, or does the deal end?"""
    hand = play_hand(game, rng)
    steps = [p for p in hand.points if p.in_turn and p.state.phase == "hand"]
    if not steps:
        return None
    last = [p for p in steps if len(p.state.hands[p.seat]) == 1]
    pool = last if last and rng.below(2) else steps
    point = pool[rng.below(len(pool))]
    after = _finish_turn(game, point)
    n = game.players(point.state)
    ended = game.round_over(after)
    answer = None if ended else game.to_act(after)
    if ended:
        end = [e for e in game.events(after)[len(game.events(point.state)):] if e.key == "jhd.event.scored"]
        why_right: tuple[Any, ...] = (("jhd.quiz.why.deal_ends", {}),) + tuple((e.key, e.params) for e in end)
        rules = ("JHD-END-1", "JHD-TURN-2")
    else:
        why_right = (("jhd.quiz.why.next_seat", {"seat": answer}),)
        rules = ("JHD-TURN-1", "JHD-TURN-2")
    options = []
    for s in range(n):
        if s == point.seat:
            continue  # your turn ends with its stock step: nobody plays twice in a row
        right = s == answer
        why = why_right if right else ((("jhd.quiz.why.deal_ends_not_seat", {"seat": s}),) if ended else
                                       (("jhd.quiz.why.not_next", {"seat": s, "next": answer}),))
        options.append(Option(("quiz.answer.seat", {"seat": s}), right, why, rules))
    options.append(Option(("jhd.quiz.answer.deal_ends", {}), ended,
                          why_right if ended else (("jhd.quiz.why.deal_goes_on", {"seat": answer}),), rules))
    return _exercise(game, "next", seed, hand.preset, point, ("jhd.quiz.q.next", {}), options, rules,
                     shows=point.action)


def winner_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """The deal is over: who wins it? (the engine's score: its ``scored`` event)"""
    hand = play_hand(game, rng)
    end = hand.end
    if not game.round_over(end):
        return None
    scored = [e for e in game.events(end) if e.key == "jhd.event.scored"][-1]
    winners = list(scored.params["seats"])
    points = list(scored.params["points"])
    seat = rng.below(game.players(end))
    rules = ("JHD-SCORE-2", "JHD-SCORE-1")
    options = []
    for s in range(game.players(end)):
        right = s in winners
        key = "jhd.quiz.why.wins" if right else "jhd.quiz.why.loses"
        options.append(Option(("quiz.answer.seat_you" if s == seat else "quiz.answer.seat", {"seat": s}), right,
                              ((key, {"seat": s, "n": points[s], "best": scored.params["best"]}),), rules))
    point = Point(end, seat, True, None, end, ())
    # the table's result line names the winner: left out (the seats' points stay in view)
    return _exercise(game, "winner", seed, hand.preset, point, ("jhd.quiz.q.winner", {}), options, rules,
                     multiple=len(winners) > 1, hide=("result",))


KINDS = {"targets": targets_kind, "stock": stock_kind, "points": points_kind, "next": next_kind,
         "winner": winner_kind}
