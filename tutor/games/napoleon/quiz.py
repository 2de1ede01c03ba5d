"""Napoleon's own quiz kinds (tutor/quiz): who takes a trick with the special cards, who plays
next after it, who may be the adjutant from what the table shows, what the game scores, who
bids first in the next game.

Every answer is the engine's: the winner from the ``trick_won`` event ``apply`` wrote, the seat
the next trick is played by from the hand itself, the possible holders of the called card from
``reasoning.adjutant_candidates`` (public facts only), the score from the result the end of the
game wrote (its wrong options from ``scoring.game_score`` with other facts), the next first
bidder from ``next_hand``. The options "same two in trick 1" and "reverse" (NAP-SPECIAL-*) are
practised on hands dealt with those flags on; no named preset has them, so this module plays
those hands under preset names of its own (``same2``, ``reverse``), see ``_hand``.
"""
from __future__ import annotations

from typing import Any, Callable

from ...game import Event, Game
from ...quiz.exercise import Exercise, Msg, Option
from ...quiz.outcomes import Outcome
from ...quiz.positions import Hand, Point, play_hand
from ...rng import Rng
from .reasoning import adjutant_candidates
from .scoring import game_score
from .tricks import same_two_applies

SAME2 = ("same2", {"same2_first_trick": True})
REVERSE = ("reverse", {"reverse": True})
PLAYERS = 5


def _knows_sides(game: Game, point: Point, ev: Event | None = None) -> bool:
    """Whether the moving seat knows who is on which side (the adjutant's card played, or it is
    the adjutant, or Napoleon playing alone), so it can count the Napoleon army's honours."""
    state, seat = point.state, point.seat
    return bool(state.revealed or game.knows_side(state, seat) or (seat == state.napoleon and state.solo))


OUTCOMES = (
    Outcome("nap.event.trick_won", "seat", "nap.quiz.q.trick_won"),
    Outcome("nap.event.game_end", "count", "nap.quiz.q.game_end", answer="number", unit="nap.quiz.answer.honours",
            when=_knows_sides),
)


# --------------------------------------------------------------------------- positions
def _hand(game: Game, rng: Rng, variant: tuple[str, dict[str, Any]] | None = None) -> Hand:
    """A seeded hand under a named preset, or under ``variant`` (a name and flag values)."""
    if variant is None:
        return play_hand(game, rng)
    _, values = variant
    return play_hand(game, rng, preset=next(iter(game.playable_presets())), flags=values)


def _exercise(game: Game, kind: str, seed: int, hand: Hand, point: Point, question: Msg,
              options: list[Option], rule_ids: tuple[str, ...] | list[str], **more: Any) -> Exercise:
    ids = tuple(dict.fromkeys(r for r in rule_ids if r))
    return Exercise(game.name, kind, seed, hand.preset, point.state, point.seat, question, tuple(options), ids,
                    in_turn=point.in_turn, **more)


def _pick(points: list[Point], rng: Rng, prefer: Callable[[Point], bool] | None = None) -> Point | None:
    if prefer is not None:
        liked = [p for p in points if prefer(p)]
        if liked:
            points = liked
    return points[rng.below(len(points))] if points else None


def _seat_label(seat: int, me: int) -> Msg:
    return ("quiz.answer.seat_you" if seat == me else "quiz.answer.seat", {"seat": seat})


def _event(point: Point, key: str) -> Event | None:
    return next((e for e in point.events if e.key == key), None)


def _completing(hand: Hand) -> list[Point]:
    """The plays that complete a trick (its winner is known the moment the card is down)."""
    return [p for p in hand.points if p.in_turn and p.state.phase == "play" and _event(p, "nap.event.trick_won")]


# --------------------------------------------------------------------------- who takes the trick
def _same_two_shape(point: Point) -> bool:
    """Trick 1 with the same-two shape (one suit, its 2 among them): the rule that it does not
    count there (NAP-SAME2-2) decides it."""
    cards = [e.card for e in point.state.trick] + list(point.action.cards)
    return point.state.trick_no == 1 and same_two_applies(cards, 2, False)


def trick_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """You play the last card of a trick: who takes it? Tricks decided by the special cards first
    (power cards, yoromeki, same two, the joker), from the ``trick_won`` event ``apply`` wrote."""
    same2 = rng.below(4) == 0
    hand = _hand(game, rng, SAME2 if same2 else None)
    points = _completing(hand)

    def special(p: Point) -> bool:
        ev = _event(p, "nap.event.trick_won")
        cards = [e.card for e in p.state.trick] + list(p.action.cards)
        return ev.rule_ids[0] != "NAP-RANK-2" or any(c.special for c in cards) or _same_two_shape(p)

    prefer = (lambda p: _same_two_shape(p)) if same2 or rng.below(3) == 0 else special
    point = _pick([p for p in points if special(p)] or points, rng, prefer)
    if point is None:
        return None
    ev = _event(point, "nap.event.trick_won")
    rule = ev.rule_ids[0]
    winner = ev.params["seat"]
    ids = list(ev.rule_ids)
    if rule == "NAP-RANK-1":
        ids.append("NAP-SETUP-5")
    if rule in ("NAP-YORO-1", "NAP-SAME2-1"):
        ids.append("NAP-TRICK-1")
    if _same_two_shape(point):  # the same-two shape in trick 1: off by default, on by the option
        ids += ["NAP-SPECIAL-2"] if point.state.flags.same2_first_trick else ["NAP-SAME2-2"]
    why: tuple[Msg, ...] = ((ev.key, ev.params), ("nap.quiz.why.decided_by", {"rule": rule}))
    options = [Option(_seat_label(s, point.seat), s == winner, why, tuple(ids)) for s in range(PLAYERS)]
    question = ("nap.quiz.q.trick", {"cards": [c.token for c in point.action.cards]})
    return _exercise(game, "trick", seed, hand, point, question, options, ids, shows=point.action,
                     hide=("holding",))  # the marker on the card holding the trick would say


# --------------------------------------------------------------------------- who plays next
def next_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """You play the last card of a trick: who plays the second card of the next one? (the
    winner leads, then play goes round, reversed by an off-colour jack with the option on;
    the answer is the seat that did play it in the hand)."""
    reverse = rng.below(2) == 0
    hand = _hand(game, rng, REVERSE if reverse else None)
    index = {id(p): i for i, p in enumerate(hand.points)}

    def second(p: Point) -> int | None:
        for q in hand.points[index[id(p)] + 1:]:
            if q.state.phase == "play" and len(q.state.trick) == 1:
                return q.seat
        return None

    flips = ("nap.event.reverse", "nap.event.reverse_back")
    points = [p for p in _completing(hand) if p.after.phase == "play"]
    point = _pick(points, rng, (lambda p: any(_event(p, k) for k in flips)) if reverse else None)
    if point is None:
        return None
    answer = second(point)
    if answer is None:
        return None
    ev = _event(point, "nap.event.trick_won")
    flip = next((e for e in point.events if e.key in flips), None)
    ids = ["NAP-TRICK-2", "NAP-PLAY-1", "NAP-SETUP-1"]
    why: list[Msg] = [(ev.key, ev.params)]
    if flip is not None:
        ids += list(flip.rule_ids) + ["NAP-FLAG-reverse"]
        why.append((flip.key, flip.params))
    elif point.state.direction == -1:
        ids += ["NAP-SPECIAL-1", "NAP-FLAG-reverse"]
        why.append(("nap.quiz.why.still_reversed", {}))
    why.append(("nap.quiz.why.second", {"leader": ev.params["seat"], "seat": answer}))
    options = [Option(_seat_label(s, point.seat), s == answer, tuple(why), tuple(ids)) for s in range(PLAYERS)]
    question = ("nap.quiz.q.next", {"cards": [c.token for c in point.action.cards]})
    return _exercise(game, "next", seed, hand, point, question, options, ids, shows=point.action)


# --------------------------------------------------------------------------- who may be the adjutant
def adjutant_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """The called card has not been played: who may hold it, as this seat can tell from the table?
    (``adjutant_candidates``: the seat's own hand, the suits others showed they lack, the kitty)."""
    hand = _hand(game, rng)
    points = [p for p in hand.points if p.in_turn and p.state.phase == "play"
              and adjutant_candidates(p.state, p.seat) is not None]

    def voids(p: Point) -> bool:
        found = adjutant_candidates(p.state, p.seat)
        return any(r["why"] == "void" for r in found["ruled_out"])

    point = _pick(points, rng, voids if rng.below(4) else None)
    if point is None:
        return None
    state, seat = point.state, point.seat
    found = adjutant_candidates(state, seat)
    card = found["card"]
    out = {r["seat"]: r for r in found["ruled_out"]}
    options: list[Option] = []
    ids = ["NAP-ADJ-1", "NAP-ADJ-2", "NAP-SETUP-4"]
    for s in range(PLAYERS):
        if s == seat:
            continue
        if s in out:
            r = out[s]
            why: tuple[Msg, ...] = (("nap.display.ruled_out.void", {"seat": s, "suit": r["suit"]}),)
            rules: tuple[str, ...] = ("NAP-FOLLOW-1",)
            ids.append("NAP-FOLLOW-1")
        elif s == state.napoleon:
            why, rules = (("nap.quiz.why.adj_napoleon", {"seat": s, "cards": [card]}),), ("NAP-ADJ-3",)
            ids.append("NAP-ADJ-3")
        else:
            key = "nap.quiz.why.adj_may_joker" if card == "JOKER" else "nap.quiz.why.adj_may"
            why, rules = ((key, {"seat": s, "cards": [card]}),), ("NAP-ADJ-2",)
        label = ("nap.quiz.answer.napoleon_seat", {"seat": s}) if s == state.napoleon else _seat_label(s, seat)
        options.append(Option(label, s in found["seats"], why, rules))
    if found["kitty"]:
        options.append(Option(("nap.quiz.answer.kitty", {}), True,
                              (("nap.quiz.why.adj_kitty", {"cards": [card]}),), ("NAP-ADJ-3", "NAP-ADJ-4")))
        ids += ["NAP-ADJ-3", "NAP-ADJ-4"]
    elif seat == state.napoleon:
        options.append(Option(("nap.quiz.answer.kitty", {}), False,
                              (("nap.quiz.why.adj_kitty_seen", {"cards": [card]}),), ("NAP-ADJ-4", "NAP-KITTY-1")))
        ids += ["NAP-ADJ-4"]
    question = ("nap.quiz.q.adjutant", {"cards": [card]})
    # the table's own list of who may be the adjutant answers it: left out
    return _exercise(game, "adjutant", seed, hand, point, question, options, ids, multiple=True,
                     omit=("adjutant_candidates",))


# --------------------------------------------------------------------------- the score
#: the score questions: whose points are asked, the result's key for them
WHOSE = ("napoleon", "each_ally", "adjutant", "winner")
COMMON = ("NAP-SCORE-1", "NAP-SCORE-4", "NAP-SCORE-6")  # the result met most (a failed high bid)
#: the question of each ``WHOSE``: the game's result, and "had the army taken N honours"
SCORE_Q = {"napoleon": "nap.quiz.q.score_napoleon", "each_ally": "nap.quiz.q.score_each_ally",
           "adjutant": "nap.quiz.q.score_adjutant", "winner": "nap.quiz.q.score_winner"}
WHATIF_Q = {"napoleon": "nap.quiz.q.whatif_napoleon", "each_ally": "nap.quiz.q.whatif_each_ally",
            "adjutant": "nap.quiz.q.whatif_adjutant"}


def score_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """The last card of the game: what does Napoleon (an Ally, the adjutant) score, who wins?
    (the result the end of the game wrote; wrong numbers from ``game_score`` with other facts)."""
    hand = _hand(game, rng)
    point = next((p for p in hand.points if p.after.phase == "score" and p.state.phase == "play"), None)
    if point is None or not _knows_sides(game, point):
        return None
    result = point.after.result
    rules = tuple(result["rule_ids"])
    if rules == COMMON and rng.below(2):
        return None  # a failed high bid, met in most hands: the rarer results get their turn
    solo, bid, side = result["solo"], result["bid"], result["napoleon_side_honours"]
    end = _event(point, "nap.event.game_end")
    ids = list(rules) + ["NAP-SETUP-3", "NAP-SETUP-4"] + (["NAP-ADJ-3"] if solo else [])
    why: tuple[Msg, ...] = ((end.key, end.params),
                            ("nap.quiz.why.score", {"bid": bid, "count": side, "napoleon": result["napoleon"],
                                                    "adjutant": result["adjutant"], "ally": result["each_ally"]}))
    whose = [w for w in WHOSE if not (w == "adjutant" and solo)]
    asked = whose[rng.below(len(whose))]
    question = (SCORE_Q[asked], {"bid": bid})
    reading = point.state.flags.penalty_a_reading
    if asked != "winner" and rng.below(3) == 0:
        # what the table gives for a big win or a crushed high bid, which real hands seldom reach
        # (NAP-SCORE-3, -5, -7): the same bid and sides, another count of honours
        counts = [c for c in range(max(bid, 18), 21)] + ([20 - bid] if bid >= 14 else [])
        side = counts[rng.below(len(counts))]
        result = game_score(bid, solo, side, reading)
        rules = tuple(result["rules"])
        ids = list(rules) + ["NAP-SETUP-3", "NAP-SETUP-4"] + (["NAP-ADJ-3"] if solo else [])
        why = (("nap.quiz.why.score_if", {"bid": bid, "count": side, "napoleon": result["napoleon"],
                                          "adjutant": result["adjutant"], "ally": result["each_ally"]}),)
        question = (WHATIF_Q[asked], {"bid": bid, "count": side})
    if asked == "winner":
        options = [Option(("nap.quiz.answer.army", {"winner": w}), w == result["winner"], why, tuple(ids))
                   for w in ("napoleon", "allies")]
        return _exercise(game, "score", seed, hand, point, question, options, ids, shows=point.action)
    answer = result[asked]
    pool = [answer]
    for b, so, si in ((bid, not solo, side), (bid, solo, bid), (bid, solo, bid - 1), (bid, solo, 20 - bid),
                      (min(20, bid + 1), solo, side), (max(1, bid - 2), solo, side)):
        pool.append(game_score(b, so, si, reading)[asked])
    values = list(dict.fromkeys(pool))
    k = 1
    while len(values) < 4:
        values = list(dict.fromkeys(values + [answer + k, answer - k]))
        k += 1
    values = [answer] + [v for v in values[1:]][:3]
    values.sort()
    options = [Option(("nap.quiz.answer.points", {"n": v}), v == answer, why, tuple(ids)) for v in values]
    return _exercise(game, "score", seed, hand, point, question, options, ids, shows=point.action)


# --------------------------------------------------------------------------- the next game
def next_game_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """The last card of the game: who bids first in the next one? (the game ``next_hand`` deals)."""
    hand = _hand(game, rng)
    point = next((p for p in hand.points if p.after.phase == "score" and p.state.phase == "play"), None)
    if point is None:
        return None
    nxt = game.next_hand(point.after)
    answer = nxt.first_bidder
    ev = next(e for e in nxt.log if e.key == "nap.event.next_game")
    ids = ("NAP-NEXT-1", "NAP-BID-2")
    why = ((ev.key, ev.params),)
    options = [Option(_seat_label(s, point.seat), s == answer, why, ids) for s in range(PLAYERS)]
    question = ("nap.quiz.q.next_game", {})
    return _exercise(game, "next_game", seed, hand, point, question, options, ids, shows=point.action)


KINDS = {
    "trick": trick_kind,
    "next": next_kind,
    "adjutant": adjutant_kind,
    "score": score_kind,
    "next_game": next_game_kind,
}
