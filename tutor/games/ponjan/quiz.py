"""Pon-jan's own quiz kinds (tutor/quiz): what a hand waits on, which discard allows riichi, what
you may do now, whether a discard can be called, what a win pays, what an empty wall means, who
deals next. Every answer is the engine's: ``explain`` on the actions, the waits its verdicts
name, the payments and events its ``apply`` wrote, the session it keeps.

Nothing asked depends on another seat's concealed tiles or on the wall: a call question is
asked of the seat whose tiles decide it, a payment is read once the win is declared, and the
empty wall is asked about "if nobody calls".
"""
from __future__ import annotations

from typing import Any

from ...actions import Decision, Play
from ...bots import heuristic_choice
from ...quiz.exercise import Exercise, Option
from ...quiz.outcomes import Outcome
from ...quiz.positions import Point, play_hand
from ...rng import Rng

TSUMO = Decision("win", "tsumo")
RON = Decision("win", "ron")

#: "What do you receive for this win?" (the engine's ``paid`` event, the winner being the seat asked)
OUTCOMES = (
    Outcome("pon.event.paid", "total", "pon.quiz.q.receive", answer="number", step=3, unit="pon.quiz.answer.chips",
            when=lambda game, point, ev: ev.params.get("seat") == point.seat),
)

#: decisions of one hand a kind looks at before it draws another hand
TRIES = 12


def _exercise(game: Any, kind: str, seed: int, preset: str, point: Point, question: Any, options: list[Option],
              rule_ids: tuple[str, ...], **more: Any) -> Exercise:
    return Exercise(game.name, kind, seed, preset, point.state, point.seat, question, tuple(options),
                    tuple(dict.fromkeys(rule_ids)), in_turn=point.in_turn, **more)


def _why(v: Any) -> tuple[Any, ...]:
    return ((v.key, v.params),) + tuple(v.more)


def _turns(hand: Any) -> list[Point]:
    """The decisions in turn of a seat holding nine tiles (after its draw or its pon)."""
    return [p for p in hand.points if p.in_turn and p.state.last_discard is None]


def wait_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """You discard this tile: which tiles would then complete your hand? (the waits ``explain`` names)"""
    hand = play_hand(game, rng)
    points = [p for p in _turns(hand) if not p.state.riichi[p.seat]]
    rng.shuffle(points)
    for point in points[:TRIES]:
        state, seat = point.state, point.seat
        tiles = sorted(set(state.hands[seat]), key=lambda t: t.token)
        rng.shuffle(tiles)
        for tile in tiles:
            v = game.explain(state, Play((tile,)), seat)
            if v.key != "pon.ok.discard_waits":
                continue
            waits = list(v.params["wait_cards"])
            kinds = [k.token for k in state.flags.kinds_in_play()]
            others = [k for k in kinds if k not in waits]
            if not others:
                continue
            rng.shuffle(others)
            shown = list(waits)
            rng.shuffle(shown)
            right = shown[:min(len(shown), 1 + rng.below(2))]
            chosen = sorted(right + others[:4 - len(right)], key=kinds.index)
            options = [Option(("pon.quiz.answer.tile", {"cards": [k]}), k in waits,
                              (("pon.quiz.why.wait_yes" if k in waits else "pon.quiz.why.wait_no",
                                {"cards": [k], "discard_cards": [tile.token]}),) + _why(v), ("PON-SET-1",))
                       for k in chosen]
            return _exercise(game, "wait", seed, hand.preset, point, ("pon.quiz.q.wait", {"cards": [tile.token]}),
                             options, ("PON-SET-1", "PON-RIICHI-1"), shows=Play((tile,)), multiple=True)
    return None


def riichi_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """Only one of these discards lets you declare riichi: which? (``explain`` of each riichi)"""
    hand = play_hand(game, rng)
    points = [p for p in _turns(hand) if game.can_riichi(p.state, p.seat)]
    rng.shuffle(points)
    for point in points[:TRIES]:
        state, seat = point.state, point.seat
        tiles = sorted(set(state.hands[seat]), key=lambda t: t.token)
        judged = [(Decision("riichi", t.token), game.explain(state, Decision("riichi", t.token), seat)) for t in tiles]
        right = [j for j in judged if j[1].legal]
        wrong = [j for j in judged if not j[1].legal]
        if not right or len(wrong) < 3:
            continue
        rng.shuffle(wrong)
        chosen = [right[rng.below(len(right))]] + wrong[:3]
        rng.shuffle(chosen)
        options = [Option(None, v.legal, _why(v), v.rule_ids, a) for a, v in chosen]
        return _exercise(game, "riichi", seed, hand.preset, point, ("pon.quiz.q.riichi", {}), options,
                         ("PON-RIICHI-1",))
    return None


def may_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """What may you do now? (pick all: tsumo, a discard, riichi, each judged by ``explain``)"""
    hand = play_hand(game, rng)
    points = _turns(hand)
    if not points:
        return None
    # the positions where the rules narrow the choice come first: riichi, a pon, a winning hand
    special = [p for p in points if p.state.riichi[p.seat] or p.state.called or game.wins_with(p.state, p.seat)]
    pool = special if special and rng.below(4) else points
    point = pool[rng.below(len(pool))]
    state, seat = point.state, point.seat
    tiles = sorted(set(state.hands[seat]), key=lambda t: t.token)
    rng.shuffle(tiles)
    drawn = state.drawn
    others = [t for t in tiles if t != drawn]
    candidates: list[Any] = [TSUMO]
    if drawn is not None:
        candidates.append(Play((drawn,)))
    candidates += [Play((t,)) for t in others[:1]]
    riichis = [Decision("riichi", t.token) for t in tiles]
    legal_riichi = [a for a in riichis if game.explain(state, a, seat).legal]
    candidates.append((legal_riichi or riichis)[0] if rng.below(2) else riichis[0])
    candidates += [Play((t,)) for t in others[1:]]
    chosen = []
    for a in candidates:
        if a not in chosen:
            chosen.append(a)
        if len(chosen) == 4:
            break
    judged = [(a, game.explain(state, a, seat)) for a in chosen]
    if not any(v.legal for _, v in judged) or all(v.legal for _, v in judged):
        return None
    options = [Option(None, v.legal, _why(v), v.rule_ids, a) for a, v in judged]
    rules = tuple(r for _, v in judged for r in v.rule_ids)
    # what narrows the choice is said: the table does not show a pon just called, nor the riichi as a question
    question = "pon.quiz.q.may_after_pon" if state.called else "pon.quiz.q.may_riichi" if state.riichi[seat] \
        else "pon.quiz.q.may"
    return _exercise(game, "may", seed, hand.preset, point, (question, {}), options, rules, multiple=True)


def call_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """Seat k discards this tile: can you call pon, ron, or neither? (``explain`` of each call)"""
    hand = play_hand(game, rng)
    opened = [p for p in hand.points if p.action is not None and game.window(p.after) is not None]
    if not opened:
        return None
    point = opened[rng.below(len(opened))]
    state = point.after
    by, tile = state.last_discard
    seats = [s for s in range(game.players(state)) if s != by]
    callers = [s for s in seats if game.legal_actions(state, s, in_turn=False)]
    pool = callers if callers and rng.below(2) else seats
    seat = pool[rng.below(len(pool))]
    pon = Decision("pon", tile.token)
    judged = [(pon, game.explain(state, pon, seat, False)), (RON, game.explain(state, RON, seat, False))]
    neither = not any(v.legal for _, v in judged)
    options = [Option(None, v.legal, _why(v), v.rule_ids, a) for a, v in judged]
    options.append(Option(("pon.quiz.answer.no_call", {}), neither,
                          tuple(m for _, v in judged if v.legal == (not neither) for m in _why(v)),
                          tuple(r for _, v in judged for r in v.rule_ids)))
    rules = tuple(r for _, v in judged for r in v.rule_ids)
    where = Point(state, seat, False, None, state, ())
    return _exercise(game, "call", seed, hand.preset, where,
                     ("pon.quiz.q.call", {"seat": by, "cards": [tile.token]}), options, rules)


#: payments a learner may think of (the default value 12: 3, 4, 6, 8, 9, 12, 18 and none)
PAYMENTS = (0, 3, 4, 6, 8, 9, 12, 18, 24)


def pay_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """You win like this: how many chips does seat k pay? (the payments ``apply`` wrote)"""
    hand = play_hand(game, rng)
    wins = [p for p in hand.points if p.action in (TSUMO, RON)]
    if not wins:
        return None
    point = wins[rng.below(len(wins))]
    result = point.after.result
    seats = [s for s in range(game.players(point.state)) if s != point.seat]
    payer = seats[rng.below(len(seats))]
    answer = -result["payments"][str(payer)]
    dealer = point.state.dealer
    win = next(e for e in point.events if e.key.startswith("pon.event.win."))
    paid = next(e for e in point.events if e.key == "pon.event.paid")
    rules = tuple(r for r in win.rule_ids if r.startswith("PON-PAY-")) + ("PON-VALUE-1", "PON-PAY-5")
    if point.seat == dealer:
        rules += ("PON-PAY-1",)
    case = ("pon.quiz.why.pay.ron" if point.action == RON else
            "pon.quiz.why.pay.tsumo_dealer" if point.seat == dealer else "pon.quiz.why.pay.tsumo")
    why = ((case, {"seat": payer, "n": answer, "dealer": dealer}),
           (win.key, win.params), (paid.key, paid.params))
    others = [v for v in PAYMENTS if v != answer]
    rng.shuffle(others)
    values = sorted([answer] + others[:3])
    options = [Option(("pon.quiz.answer.chips", {"n": v}), v == answer, why, rules) for v in values]
    question = ("pon.quiz.q.pay_ron" if point.action == RON else "pon.quiz.q.pay_tsumo",
                {"seat": payer, "by": win.params.get("by"), "dealer": dealer})
    return _exercise(game, "pay", seed, hand.preset, point, question, options, rules, shows=point.action)


def _to_empty_wall(game: Any, rng: Rng) -> tuple[str, Any] | None:
    """A hand dealt as ``play_hand`` deals it and played by the bots, every discard let go and
    every tsumo left undeclared (declaring is a choice, PON-TURN-1), up to the turn whose seat
    holds nine tiles with the wall empty: the last discard of a hand nobody wins."""
    from ...quiz.positions import pick_preset
    preset = pick_preset(game, rng)
    state = game.new_game(game.flags(game.playable_presets()[preset]), rng.below(1 << 30))
    for _ in range(1000):
        if game.window(state) is not None:
            state = game.close_window(state)
        if game.round_over(state):
            return None
        seat = game.to_act(state)
        if not state.wall:
            return preset, state
        action = heuristic_choice(game, state, seat).action
        if action == TSUMO:
            action = next(a for a in game.legal_actions(state, seat) if a != TSUMO)
        state = game.apply(state, action, seat)
    return None


#: what an empty wall might be thought to bring (one is the rule's: a drawn hand)
DRAW_ANSWERS = ("pon.quiz.answer.draw", "pon.quiz.answer.draw_dealer_pays", "pon.quiz.answer.draw_you_pay",
                "pon.quiz.answer.draw_reshuffle")


def draw_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """The wall is empty: if nobody calls your discard, what happens? (the events that follow)"""
    found = _to_empty_wall(game, rng)
    if found is None:
        return None
    preset, state = found
    seat = game.to_act(state)
    plays = [a for a in game.legal_actions(state, seat) if isinstance(a, Play)]
    if not plays:
        return None
    action = plays[rng.below(len(plays))]
    after = game.apply(state, action, seat)
    after = game.close_window(after) if game.window(after) is not None else after
    events = game.events(after)[len(game.events(state)):]
    drawn = [e for e in events if e.key == "pon.event.exhausted"]
    if not drawn or not game.round_over(after):
        return None
    ev = drawn[0]
    unchanged = all(v == 0 for v in after.result["payments"].values())
    why = ((ev.key, ev.params),)
    options = [Option((key, {"dealer": state.dealer}), key == DRAW_ANSWERS[0] and unchanged,
                      ((("pon.quiz.why.draw_yes" if key == DRAW_ANSWERS[0] else "pon.quiz.why.draw_no"), {}),) + why,
                      ev.rule_ids) for key in DRAW_ANSWERS]
    rng.shuffle(options)
    point = Point(state, seat, True, action, after, tuple(events))
    return _exercise(game, "draw", seed, preset, point, ("pon.quiz.q.draw", {}), options, ev.rule_ids, shows=action)


def _play_out(game: Any, state: Any) -> Any:
    """The hand played to its end by the bots, every discard let go (nobody calls)."""
    for _ in range(1000):
        if game.window(state) is not None:
            state = game.close_window(state)
        if game.round_over(state):
            return state
        seat = game.to_act(state)
        state = game.apply(state, heuristic_choice(game, state, seat).action, seat)
    return state


def dealer_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """This hand is over: who deals the next one, or is the game over? (the engine's ``next_hand``)"""
    hand = play_hand(game, rng)
    state = hand.end
    n = game.players(state)
    for _ in range(rng.below(game.hands_in_game(state))):  # later hands of the game too
        if game.game_over(state) or not game.round_over(state):
            break
        state = _play_out(game, game.next_hand(state))
    if not game.round_over(state):
        return None
    following = game.next_hand(state)
    over = following is state
    answer = None if over else following.dealer
    rules = ("PON-NEXT-1", "PON-SETUP-1")
    info = {"hand": state.hand_no, "of": game.hands_in_game(state), "dealer": state.dealer}
    right_why = (("pon.quiz.why.game_over", info),) if over else (("pon.quiz.why.next_dealer", {**info, "seat": answer}),)
    seat = rng.below(n)
    options = [Option(("quiz.answer.seat_you" if s == seat else "quiz.answer.seat", {"seat": s}), s == answer,
                      right_why, rules) for s in range(n)]
    options.append(Option(("pon.quiz.answer.game_over", {}), over, right_why, rules))
    where = Point(state, seat, True, None, state, ())
    return _exercise(game, "dealer", seed, hand.preset, where, ("pon.quiz.q.dealer", info), options, rules)


KINDS = {"wait": wait_kind, "riichi": riichi_kind, "may": may_kind, "call": call_kind, "pay": pay_kind,
         "draw": draw_kind, "dealer": dealer_kind}
