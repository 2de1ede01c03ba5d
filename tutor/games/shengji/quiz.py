"""Shengji's quizzes (tutor/quiz): the outcome question the engine's events make, and the kinds
of this game, each asking about one rule at a time from what the seat can see.

Every answer is the engine's: ``explain`` (a play, an exposure), the events ``apply`` and
``close_window`` write (who takes a trick, which suit the turned kitty makes trumps, the hand's
result), ``next_hand`` (the next dealer and trump rank), the order's own ``group``/``power``
(which cards are trumps, which ranks highest). Nothing here decides a rule.

* ``trumps``: which of these cards is a trump (or is not)? (SJ-RANK-1, SJ-RANK-4)
* ``order``: which of these cards of one suit ranks highest? (SJ-RANK-2 / SJ-RANK-3)
* ``beat``: which of these cards takes the trick (so far)? (SJ-TRICK-1, SJ-RANK-2/5, SJ-TRICK-2)
* ``trick``: a throw, a ruff or equal trumps on the table: who takes it and leads next?
* ``points``: after this trick, how many points have the non-dealers? (SJ-POINTS-1/2)
* ``result``: the last card of the hand: who wins the hand, by how many levels, is the game over?
* ``next``: the hand is over: who draws first in the next hand (its dealer), at which trump rank?
  (SJ-NEXT-1…3, SJ-DEAL-2)
* ``expose``: you expose this card now: what happens? (SJ-DECLARE-1/3/4)
* ``may``: a card was drawn: which of these may you do now? (SJ-DECLARE-1/2, SJ-2D-8)
* ``flip``: nobody exposed: which suit do the turned kitty cards make trumps, who takes them?
* ``lead2``: two decks: which of these may you lead? (pairs and tractors, SJ-2D-3/4/10)
"""
from __future__ import annotations

from typing import Any, Callable

from ...actions import Decision, Play
from ...bots import heuristic_choice, interrupt_choice, random_choice, random_interrupt
from ...cards import Card
from ...game import Game
from ...quiz.exercise import Exercise, Msg, Option
from ...quiz.outcomes import Outcome
from ...quiz.positions import Hand, Point, pick_preset, play_hand
from ...rng import Rng
from ...tricktaking import TRUMP
from ...windows import submit
from .order import power
from .scoring import level_up
from .state import LEVELS, PLAYERS, TEAMS, team_of
from .suits import group

#: the outcome questions: who takes the trick the move completes (SJ-TRICK-1…4)
OUTCOMES = (Outcome("sj.event.trick_won", "seat", "sj.quiz.q.trick_won"),)

#: a hand is cut short after this many actions (a two-deck hand takes about 200)
MAX_ACTIONS = 600
ONE_DECK, TWO_DECKS = "seed", "two_decks"


# ---------------------------------------------------------------------------- positions
def _flags(game: Game, preset: str, **more: Any) -> Any:
    return game.flags({**game.playable_presets()[preset], **more})


def _play(game: Game, rng: Rng, state: Any, preset: str, draw_only: bool = False, tricks: int | None = None) -> Hand:
    """Plays ``state`` on to the end of its hand (of its draw; of its first ``tricks`` tricks) by
    the bots, as ``play_hand`` does: the heuristic bot, a random move one time in four; every
    in-turn decision kept, and every seat that may expose after a card (kept with the state,
    before anyone does)."""
    points: list[Point] = []
    for _ in range(MAX_ACTIONS):
        window = game.window(state)
        if window is not None:
            taker = None
            for seat in window.order:
                if not game.legal_actions(state, seat, in_turn=False):
                    continue
                points.append(Point(state, seat, False, None, state, ()))
                if taker is None:
                    action = random_interrupt(game, state, seat, rng) if rng.below(4) == 0 \
                        else interrupt_choice(game, state, seat)
                    if action is not None:
                        taker = (seat, action)
            if taker is not None:
                state = game.apply(state, taker[1], taker[0], in_turn=False)
                continue
        # nobody acts out of turn: the automatic steps (the end of the draw runs here)
        state = game.close_window(state)
        if game.round_over(state) or (draw_only and state.phase != "draw") or \
                (tricks is not None and state.phase == "play" and state.trick_no > tricks):
            break
        seat = game.to_act(state)
        if seat is None:
            break
        choice = random_choice(game, state, seat, rng) if rng.below(4) == 0 else heuristic_choice(game, state, seat)
        logged = len(game.events(state))
        after, _ = submit(game, state, choice.action, seat, True)
        points.append(Point(state, seat, True, choice.action, after, tuple(game.events(after)[logged:])))
        state = after
    return Hand(preset, state.flags, tuple(points), state)


def _hand(game: Game, rng: Rng, preset: str | None = None, tricks: int | None = None,
          draw_only: bool = False) -> Hand:
    """A first hand played through (the framework's ``play_hand``), or only
    its draw, or its first ``tricks`` tricks (a kind that asks about a hand's cards needs no more:
    a two-deck hand takes some 200 moves)."""
    if tricks is None and not draw_only:
        return play_hand(game, rng, preset=preset)
    preset = preset or pick_preset(game, rng)
    state = game.new_game(_flags(game, preset), rng.below(1 << 30))
    return _play(game, rng, state, preset, draw_only=draw_only, tricks=tricks)


def _later_hand(game: Game, rng: Rng, preset: str, draw_only: bool = False, **flags: Any) -> Hand:
    """The second hand of a game: the first played through by the bots, the next dealt by
    ``next_hand`` (its dealer and trump rank from the first's result, SJ-NEXT-1…3)."""
    state = game.new_game(_flags(game, preset, **flags), rng.below(1 << 30))
    first = _play(game, rng, state, preset)
    if first.end.phase != "score" or first.end.session.game_over:
        return first
    return _play(game, rng, game.next_hand(first.end), preset, draw_only=draw_only)


def _pick(rng: Rng, items: list[Any]) -> Any:
    return items[rng.below(len(items))] if items else None


def _exercise(game: Game, kind: str, seed: int, preset: str, state: Any, seat: int, question: Msg,
              options: list[Option], rule_ids: list[str] | tuple[str, ...], **more: Any) -> Exercise:
    return Exercise(game.name, kind, seed, preset, state, seat, question, tuple(options),
                    tuple(dict.fromkeys(rule_ids)), **more)


def _tokens(cards: Any) -> list[str]:
    return [c.token for c in cards]


def _distinct(cards: Any) -> list[Card]:
    return list(dict.fromkeys(cards))


def _play_points(hand: Hand, test: Callable[[Point], bool] = lambda p: True) -> list[Point]:
    return [p for p in hand.points if p.in_turn and p.state.phase == "play" and test(p)]


def _event(point: Point, key: str) -> Any:
    return next((e for e in point.events if e.key == key), None)


# ---------------------------------------------------------------------------- which cards are trumps
def _trump_reason(state: Any, card: Card) -> Msg:
    """Why ``card`` is or is not a trump, in words (the answer itself is the engine's ``group``)."""
    params = {"cards": [card.token], "rank": state.trump_rank, "suit": state.trump_suit}
    if card.special:
        return ("sj.quiz.why.trump_joker", params)
    if card.rank == state.trump_rank:
        return ("sj.quiz.why.trump_rank", params)
    if card.suit == state.trump_suit:
        return ("sj.quiz.why.trump_suit", params)
    return ("sj.quiz.why.plain", {**params, "card_suit": card.suit})


def trumps_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """Which of these cards of your hand is a trump (or: is not one)? SJ-RANK-1."""
    hand = _hand(game, rng, tricks=1 + rng.below(6))
    point = _pick(rng, _play_points(hand, lambda p: len(p.state.hands[p.seat]) >= 6))
    if point is None:
        return None
    state, seat = point.state, point.seat
    order = game.order(state)
    cards = _distinct(state.hands[seat])
    rng.shuffle(cards)
    trumps = [c for c in cards if group(order, c) == TRUMP]
    plain = [c for c in cards if group(order, c) != TRUMP]
    # the cards that teach most first: a trump-rank card of another suit, a joker; a plain card
    # of the trump rank's neighbours
    trumps.sort(key=lambda c: 0 if c.rank == state.trump_rank and c.suit != state.trump_suit else 1 if c.special else 2)
    odd = rng.below(3) == 0  # "which is NOT a trump?"
    one, many = (plain, trumps) if odd else (trumps, plain)
    if not one or len(many) < 3:
        return None
    chosen = [one[0]] + many[:3]
    rng.shuffle(chosen)
    options = []
    for c in chosen:
        is_trump = group(order, c) == TRUMP  # the engine's effective suit (SJ-RANK-1, SJ-RANK-4)
        options.append(Option(("sj.quiz.card", {"cards": [c.token]}), is_trump != odd, (_trump_reason(state, c),),
                              ("SJ-RANK-1",), Play((c,))))
    question = ("sj.quiz.q.not_trump" if odd else "sj.quiz.q.trump", {"rank": state.trump_rank, "suit": state.trump_suit})
    return _exercise(game, "trumps", seed, hand.preset, state, seat, question, options, ["SJ-RANK-1", "SJ-RANK-4"])


# ---------------------------------------------------------------------------- which card ranks highest
def order_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """Three or four cards of one suit of your hand (trumps count as one suit): which is the
    highest? SJ-RANK-2 for the trumps, SJ-RANK-3 for a plain suit (its trump-rank card gone)."""
    hand = _hand(game, rng, tricks=1 + rng.below(6))
    point = _pick(rng, _play_points(hand, lambda p: len(p.state.hands[p.seat]) >= 6))
    if point is None:
        return None
    state, seat = point.state, point.seat
    order = game.order(state)
    by_group: dict[str, dict[int, Card]] = {}
    for c in _distinct(state.hands[seat]):  # one card per strength: equal trumps are never asked
        by_group.setdefault(group(order, c), {}).setdefault(power(order, c), c)
    groups = [g for g, cs in by_group.items() if len(cs) >= 3]
    if not groups:
        return None
    # trumps two times in three when held: their order is the one to learn (SJ-RANK-2)
    g = TRUMP if TRUMP in groups and rng.below(3) else _pick(rng, groups)
    pool = list(by_group[g].values())
    rng.shuffle(pool)
    if g == TRUMP:  # the jokers and the trump-rank cards first: the order's surprises
        pool.sort(key=lambda c: 0 if c.special or c.rank == state.trump_rank else 1)
    chosen = pool[:4]
    top = max(chosen, key=lambda c: power(order, c))
    rules = ["SJ-RANK-2", "SJ-RANK-1"] if g == TRUMP else ["SJ-RANK-3"]
    rng.shuffle(chosen)
    options = []
    for c in chosen:
        why: Msg = ("sj.quiz.why.highest", {"cards": [c.token]}) if c == top else \
            ("sj.quiz.why.lower", {"cards": [c.token], "top_cards": [top.token]})
        rule_words: Msg = ("sj.quiz.why.trump_order" if g == TRUMP else "sj.quiz.why.plain_order",
                           {"rank": state.trump_rank, "suit": state.trump_suit})
        options.append(Option(("sj.quiz.card", {"cards": [c.token]}), c == top, (why, rule_words), tuple(rules),
                              Play((c,))))
    question = ("sj.quiz.q.highest_trump" if g == TRUMP else "sj.quiz.q.highest", {"suit": g, "rank": state.trump_rank})
    return _exercise(game, "order", seed, hand.preset, state, seat, question, options, rules)


# ---------------------------------------------------------------------------- which card takes the trick
def _holds(verdict: Any) -> bool:
    """Whether the engine says the play holds (or takes) the trick (``explain``'s outcome)."""
    return any(key in ("sj.outcome.wins", "sj.outcome.takes") for key, _ in verdict.more)


def beat_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """A single card was led: which of these cards you may play takes the trick (so far)? The
    answer is ``explain``'s outcome of each play; an equal trump on the table shows SJ-RANK-5."""
    hand = _hand(game, rng, tricks=2 + rng.below(8))
    points = _play_points(hand, lambda p: bool(p.state.trick) and len(p.state.trick[0].cards) == 1)
    rng.shuffle(points)
    for point in points[:12]:
        state, seat = point.state, point.seat
        order = game.order(state)
        judged = []
        for action in game.legal_actions(state, seat):
            v = game.explain(state, action, seat)
            judged.append((action, v, _holds(v)))
        winners = [j for j in judged if j[2]]
        losers = [j for j in judged if not j[2]]
        if not winners or len(losers) < 2:
            continue
        table_best = game.winning(state)
        best_card = next(e.cards[0] for e in state.trick if e.seat == table_best)
        # a card equal to the one that holds the trick (an off-suit trump-rank card; with two decks
        # its twin) loses to it: show it
        equal = [j for j in losers if group(order, j[0].cards[0]) == group(order, best_card)
                 and power(order, j[0].cards[0]) == power(order, best_card)]
        rest = [j for j in losers if j not in equal]
        rng.shuffle(rest)
        chosen = [_pick(rng, winners)] + (equal + rest)[:3]
        rng.shuffle(chosen)
        rules = ["SJ-TRICK-1"]
        if any(group(order, c) == TRUMP for a, _, _ in chosen for c in a.cards) or group(order, best_card) == TRUMP:
            rules.append("SJ-RANK-2")
        if equal:  # equal trumps (SJ-TRICK-2); with two decks, twins of a plain suit too (SJ-2D-7)
            rules += ["SJ-RANK-5"] + (["SJ-TRICK-2"] if group(order, best_card) == TRUMP else [])
        if state.flags.decks == 2:
            rules.append("SJ-2D-7")
        options = []
        for action, v, wins in chosen:
            why = ((v.key, v.params),) + tuple(v.more)
            if action in [e[0] for e in equal]:
                key = "sj.quiz.why.equal_trump" if group(order, best_card) == TRUMP else "sj.quiz.why.equal_card"
                why += ((key, {"cards": _tokens(action.cards), "top_cards": [best_card.token], "seat": table_best}),)
            more = {"sj.quiz.why.equal_trump": ("SJ-RANK-5", "SJ-TRICK-2"),
                    "sj.quiz.why.equal_card": ("SJ-RANK-5",)}.get(why[-1][0], ())
            options.append(Option(None, wins, why, tuple(dict.fromkeys(v.rule_ids + more)), action))
        last = len(state.trick) == PLAYERS - 1
        question = ("sj.quiz.q.beat_last" if last else "sj.quiz.q.beat", {})
        return _exercise(game, "beat", seed, hand.preset, state, seat, question, options, rules)
    return None


# ---------------------------------------------------------------------------- who takes the trick
def _trick_features(game: Game, point: Point) -> tuple[int, list[str]]:
    """How much a finished trick teaches (higher: rarer), with the rules it shows beyond the
    engine's own: equal trumps (SJ-RANK-5, SJ-TRICK-2), a throw (SJ-TRICK-3), a ruff or trumps
    over trumps (SJ-RANK-2)."""
    state = point.state
    order = game.order(state)
    plays = [(e.seat, e.cards) for e in state.trick] + [(point.seat, point.action.cards)]
    led = plays[0][1]
    rules: list[str] = []
    score = 0
    if len(led) > 1 and state.flags.decks == 1:
        rules += ["SJ-TRICK-3", "SJ-THROW-5"]
        score = 3
    if len(led) == 1:
        trumps = [cs[0] for _, cs in plays if group(order, cs[0]) == TRUMP]
        if trumps:
            rules.append("SJ-RANK-2")
            score = max(score, 1)
            top = max(power(order, c) for c in trumps)
            if sum(1 for c in trumps if power(order, c) == top) > 1:
                rules += ["SJ-RANK-5", "SJ-TRICK-2"]
                score = 4
    elif state.flags.decks == 2:
        score = 2
    return score, rules


def trick_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """The last card of a trick with something to learn in it (equal trumps, a throw, a ruff, a
    pair or a tractor): who takes the trick and leads the next? The answer is the seat of the
    ``trick_won`` event the move wrote."""
    hand = _hand(game, rng)
    found = []
    for p in _play_points(hand, lambda p: len(p.state.trick) == PLAYERS - 1):
        ev = _event(p, "sj.event.trick_won")
        if ev is None:
            continue
        score, rules = _trick_features(game, p)
        if score:
            found.append((score, p, ev, rules))
    if not found:
        return None
    best = max(f[0] for f in found)
    score, point, ev, rules = _pick(rng, [f for f in found if f[0] == best])
    winner = ev.params["seat"]
    why = ((ev.key, ev.params), ("sj.quiz.why.leads_next", {"seat": winner}))
    rule_ids = list(ev.rule_ids) + rules + ["SJ-LEAD-1"]
    rule_ids = list(dict.fromkeys(rule_ids))
    options = [Option(("quiz.answer.seat" if s != point.seat else "quiz.answer.seat_you", {"seat": s}), s == winner,
                      why, tuple(rule_ids)) for s in range(PLAYERS)]
    question = ("sj.quiz.q.trick", {"cards": _tokens(point.action.cards)})
    return _exercise(game, "trick", seed, hand.preset, point.state, point.seat, question, options, rule_ids,
                     shows=point.action, hide=("holding",))  # the marker on the card holding the trick would say


# ---------------------------------------------------------------------------- the non-dealers' points
def _numbers(answer: int, step: int, rng: Rng) -> list[int]:
    shift = rng.below(4)
    values = [answer + (i - shift) * step for i in range(4)]
    if values[0] < 0:
        values = [v - values[0] for v in values]
    return values


def points_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """The last card of a trick with points in it (not the hand's last trick, whose kitty is
    another question): how many points have the non-dealers taken now? The answer is the
    engine's ``nondealer_points`` after the move (SJ-POINTS-1/2)."""
    hand = _hand(game, rng)
    found = []
    for p in _play_points(hand, lambda p: len(p.state.trick) == PLAYERS - 1):
        ev = _event(p, "sj.event.trick_won")
        if ev is not None and ev.params["points"] and p.after.phase == "play":
            found.append((p, ev))
    if not found:
        return None
    dealer = hand.end.dealer
    # half the tricks to the dealer's team (points that do not count), half to the others
    counted = [f for f in found if team_of(f[1].params["seat"]) != team_of(dealer)]
    pool = counted if counted and (rng.below(2) or len(counted) == len(found)) else [f for f in found if f not in counted]
    point, ev = _pick(rng, pool)
    before = game.nondealer_points(point.state)
    answer = game.nondealer_points(point.after)
    winner = ev.params["seat"]
    key = "sj.quiz.why.points_counted" if team_of(winner) != team_of(dealer) else "sj.quiz.why.points_not_counted"
    why = ((ev.key, ev.params), (key, {"seat": winner, "points": ev.params["points"], "before": before,
                                       "total": answer, "dealer": dealer}))
    rules = ["SJ-POINTS-1", "SJ-POINTS-2", "SJ-PLAYERS-3", "SJ-PLAYERS-1", "SJ-TRICK-4"]
    options = [Option(("quiz.answer.points", {"n": n}), n == answer, why, tuple(rules)) for n in _numbers(answer, 5, rng)]
    question = ("sj.quiz.q.points", {"cards": _tokens(point.action.cards)})
    return _exercise(game, "points", seed, hand.preset, point.state, point.seat, question, options, rules,
                     shows=point.action)


# ---------------------------------------------------------------------------- the hand's result
def _outcome_label(team: str, level: str, game_over: bool, before: str) -> Msg:
    if game_over:
        return ("sj.quiz.result.game", {"team": team})
    if level == before:
        return ("sj.quiz.result.stays", {"team": team, "level": level})
    return ("sj.quiz.result.up", {"team": team, "level": level, "before": before})


def result_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """The last card of the hand: who wins the hand, how many levels, does the game end? Asked
    of the dealer (who knows the buried kitty), or of the seat that plays it when the kitty
    cannot count (the dealer's team takes the last trick). The answer is the ``hand_end`` event."""
    preset = pick_preset(game, rng)
    start = _pick(rng, ["A", "K", "A", "Q"]) if rng.below(2) == 0 else None
    preset = ONE_DECK if preset == "short" and start else preset
    if start is None:
        hand = _hand(game, rng, preset)
    else:  # a late game: levels capped at A, the game's end (SJ-SCORE-3, SJ-END-1/2)
        hand = _play(game, rng, game.new_game(_flags(game, preset, start_level=start), rng.below(1 << 30)), preset)
    last = next((p for p in reversed(hand.points) if p.in_turn and _event(p, "sj.event.hand_end")), None)
    if last is None:
        return None
    end = last.after
    result = end.result
    dealer = result["dealer"]
    ev = _event(last, "sj.event.hand_end")
    trick = _event(last, "sj.event.trick_won")
    viewer = last.seat if last.seat == dealer or team_of(trick.params["seat"]) == team_of(dealer) else dealer
    game_over = end.session.game_over
    dealer_team = team_of(dealer)
    other = TEAMS[1 - TEAMS.index(dealer_team)]
    levels = result["levels_before"]
    # the answer: the team that wins the hand, its level after it, the game's end (the engine's result)
    answer = (result["hand_winner"], result["levels_after"][result["hand_winner"]], game_over)
    # the other rows of the level table (SJ-SCORE-2), for the wrong options; the level reached
    # by ``level_up``, which never passes A (SJ-SCORE-3)
    rows = [(dealer_team, 2), (dealer_team, 1), (other, 0), (other, 1), (other, 2)]
    top = LEVELS[-1]
    candidates = []
    for team, steps in rows:
        after = level_up(levels[team], steps)
        candidates.append((team, after, team == dealer_team and levels[dealer_team] == top))
        if team == other and after == top:
            candidates.append((team, after, True))  # "the non-dealers reach A: they win" (SJ-END-2 says no)
    candidates = [c for c in dict.fromkeys(candidates) if c != answer]
    # the nearest rows first: the same team, then the other
    candidates.sort(key=lambda c: (c[0] != answer[0], abs(LEVELS.index(c[1]) - LEVELS.index(answer[1])), rng.below(8)))
    chosen = [answer] + candidates[:3]
    rng.shuffle(chosen)
    why: list[Msg] = [(e.key, e.params) for e in last.events if e.key.startswith("sj.event.kitty_shown")]
    why += [(ev.key, ev.params)]  # count 0: its ".zero" words ("no level changes")
    why += [(e.key, e.params) for e in last.events if e.key == "sj.event.game_over"]
    rules = [r for r in ev.rule_ids if r not in ("SJ-NEXT-1", "SJ-NEXT-2")]
    rules += ["SJ-POINTS-1", "SJ-PLAYERS-3"]
    if result["kitty_bonus"]:
        rules += ["SJ-KITTY-3", "SJ-POINTS-3"] + (["SJ-2D-9"] if end.flags.decks == 2 else [])
    options = [Option(_outcome_label(t, lv, o, levels[t]), (t, lv, o) == answer, tuple(why), tuple(rules))
               for t, lv, o in chosen]
    question = ("sj.quiz.q.result_you" if viewer == last.seat else "sj.quiz.q.result",
                {"seat": last.seat, "cards": _tokens(last.action.cards)})
    return _exercise(game, "result", seed, hand.preset, last.state, viewer, question, options, rules,
                     shows=last.action, in_turn=viewer == last.seat)


# ---------------------------------------------------------------------------- the next hand
def next_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """The hand is over (its result on the table): who draws first in the next hand (its dealer),
    or at which trump rank is it played? The answer is ``next_hand``'s (SJ-NEXT-1…3, SJ-DECK-2)."""
    hand = _hand(game, rng)
    end = hand.end
    if end.phase != "score" or end.session.game_over:
        return None
    nxt = game.next_hand(end)
    result = end.result
    viewer = rng.below(PLAYERS)
    next_rule = next(r for r in result["rule_ids"] if r in ("SJ-NEXT-1", "SJ-NEXT-2"))
    dealer = nxt.dealer
    ev = next(e for e in game.events(nxt) if e.key == "sj.event.next_hand")
    why: tuple[Msg, ...] = ((("sj.quiz.why.next_dealer_partner" if next_rule == "SJ-NEXT-1"
                              else "sj.quiz.why.next_dealer_after"),
                             {"team": result["hand_winner"], "dealer": result["dealer"], "seat": dealer}),
                            (ev.key, ev.params))
    if rng.below(2):
        rules = [next_rule, "SJ-DEAL-2", "SJ-PLAYERS-1", "SJ-PLAYERS-3"]
        first = nxt.to_act  # the next hand's first drawer: its dealer (SJ-DEAL-2)
        options = [Option(("quiz.answer.seat" if s != viewer else "quiz.answer.seat_you", {"seat": s}), s == first,
                          why, tuple(rules)) for s in range(PLAYERS)]
        question = ("sj.quiz.q.next_dealer", {})
    else:
        rank = nxt.trump_rank
        after = result["levels_after"]
        ranks = [rank, after[TEAMS[0]], after[TEAMS[1]], end.trump_rank]
        i = LEVELS.index(rank)
        ranks += [LEVELS[j] for j in (i + 1, i - 1, i + 2, i - 2) if 0 <= j < len(LEVELS)]
        ranks = list(dict.fromkeys(ranks))[:4]
        rng.shuffle(ranks)
        why += (("sj.quiz.why.next_rank", {"seat": dealer, "team": team_of(dealer), "rank": rank}),)
        rules = ["SJ-NEXT-3", "SJ-DECK-2", "SJ-PLAYERS-2", next_rule]
        options = [Option(("sj.quiz.rank", {"rank": r}), r == rank, why, tuple(rules)) for r in ranks]
        question = ("sj.quiz.q.next_rank", {})
    return _exercise(game, "next", seed, hand.preset, end, viewer, question, options, rules, in_turn=False)


# ---------------------------------------------------------------------------- exposing during the draw
def _window_points(hand: Hand, test: Callable[[Point], bool] = lambda p: True) -> list[Point]:
    return [p for p in hand.points if not p.in_turn and p.state.phase == "draw" and test(p)]


def expose_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """One deck: you hold a card of the trump rank and a card was just drawn: you expose it
    now. What happens? (its suit is trumps at once and for good; in the first hand you deal,
    in later hands the dealer stays: SJ-DECLARE-1/3/4). The answer is the exposure's event."""
    later = rng.below(2) == 0
    hand = _later_hand(game, rng, ONE_DECK, draw_only=True) if later else _hand(game, rng, ONE_DECK, draw_only=True)
    # a seat that deals anyway (a later hand's dealer, the first hand's first drawer) would make
    # two answers true: asked of the others only
    points = _window_points(hand, lambda p: p.state.exposed is None and p.seat != (
        p.state.dealer if p.state.dealer is not None else p.state.session.first_drawer))
    point = _pick(rng, points)
    if point is None:
        return None
    state, seat = point.state, point.seat
    action = _pick(rng, game.legal_actions(state, seat, in_turn=False))
    verdict = game.explain(state, action, seat, in_turn=False)
    after = game.apply(state, action, seat, in_turn=False)
    ev = game.events(after)[-1]
    suit = ev.params["suit"]
    you_deal = ev.key == "sj.event.expose_dealer"
    dealer = after.dealer
    params = {"suit": suit, "seat": state.dealer if state.dealer is not None else state.session.first_drawer,
              "rank": state.trump_rank}
    rules = list(verdict.rule_ids) + ["SJ-PLAYERS-3"]
    right = ((verdict.key, verdict.params),)
    options = [
        Option(("sj.quiz.expose.you_deal", params), you_deal, right, tuple(rules)),
        Option(("sj.quiz.expose.dealer_stays" if state.dealer is not None else "sj.quiz.expose.first_drawer_deals",
                params), not you_deal and dealer == params["seat"], right, tuple(rules)),
        Option(("sj.quiz.expose.until_later", params), False, (("sj.quiz.why.first_stands", params),) + right,
               ("SJ-DECLARE-1",)),
        Option(("sj.quiz.expose.at_end", params), False, (("sj.quiz.why.fixed_now", params),) + right,
               ("SJ-DECLARE-1",)),
    ]
    rng.shuffle(options)
    question = ("sj.quiz.q.expose", {"cards": list(action.value) if isinstance(action.value, tuple) else [action.value]})
    return _exercise(game, "expose", seed, hand.preset, state, seat, question, options, rules, shows=action,
                     in_turn=False)


def may_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """A card was drawn and you hold a card of the trump rank: which of these may you do now?
    (several may be right). Each option is ``explain``'s verdict; waiting is ``decline``'s."""
    preset = pick_preset(game, rng)
    # a later hand (its dealer fixed, SJ-DECLARE-4) with one deck: a two-deck first hand costs more
    later = preset != TWO_DECKS and rng.below(2) == 0
    hand = _later_hand(game, rng, preset, draw_only=True) if later else _hand(game, rng, preset, draw_only=True)
    point = _pick(rng, _window_points(hand))
    if point is None:
        return None
    state, seat = point.state, point.seat
    held = state.hands[seat]
    rank = state.trump_rank
    ranked = [c for c in held if c.rank == rank and not c.special]
    other = [c for c in held if c.special or c.rank != rank]
    actions: list[Any] = list(game.legal_actions(state, seat, in_turn=False))
    rng.shuffle(actions)
    actions = actions[:2]
    if other:
        actions.append(Decision("expose", _pick(rng, other).token))  # not of the trump rank
    distinct = _distinct(ranked)
    if len(distinct) >= 2:  # two different trump-rank cards at once (never one exposure)
        actions.append(Decision("expose", (distinct[0].token, distinct[1].token)))
    elif state.exposed is not None and ranked:  # over a single only a pair may come
        actions.append(Decision("expose", ranked[0].token))
    elif other and ranked:
        actions.append(Decision("expose", (ranked[0].token, _pick(rng, other).token)))
    seen: set[Any] = set()
    options = []
    for a in actions:
        if a.value in seen:
            continue
        seen.add(a.value)
        v = game.explain(state, a, seat, in_turn=False)
        options.append(Option(None, v.legal, ((v.key, v.params),) + tuple(v.more), v.rule_ids, a))
    wait = game.decline(state, seat)
    options.append(Option(("sj.quiz.wait", {}), wait.legal, ((wait.key, wait.params),), wait.rule_ids))
    if len(options) < 3:
        return None
    options = options[:4]
    rng.shuffle(options)
    rules = [r for o in options for r in o.rule_ids]
    return _exercise(game, "may", seed, hand.preset, state, seat, ("sj.quiz.q.may", {"rank": rank}), options, rules,
                     in_turn=False, multiple=True)


# ---------------------------------------------------------------------------- nobody exposes: the kitty
def flip_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """Nobody has exposed a card and the last card is drawn: if nobody exposes now, the kitty is
    turned up card by card (these cards): which suit becomes trumps (SJ-DECLARE-5/6)? or who
    takes the turned kitty (SJ-DECLARE-7, SJ-DECLARE-3)? From the events ``close_window`` writes."""
    preset = pick_preset(game, rng)
    state = game.new_game(_flags(game, preset), rng.below(1 << 30))
    while state.stock:
        state = game.apply(state, Decision("draw", True), state.to_act)
        if state.stock:
            state = game.close_window(state)
    logged = len(game.events(state))
    turned = game.close_window(state)
    events = game.events(turned)[logged:]
    flip = next(e for e in events if e.key == "sj.event.kitty_turned")
    take = next(e for e in events if e.key == "sj.event.take_kitty")
    seat = rng.below(PLAYERS)
    cards = list(flip.params["cards"])
    first = state.session.first_drawer
    if rng.below(2):
        suit = flip.params["suit"]
        rules = [r for r in flip.rule_ids if r != "SJ-DECLARE-7"]
        why = ((flip.key, flip.params), ("sj.quiz.why.flip_rank" if "SJ-DECLARE-5" in rules else "sj.quiz.why.flip_high",
                                         {"suit": suit, "rank": state.trump_rank}))
        options = [Option(("sj.quiz.suit", {"suit": s}), s == suit, why, tuple(rules)) for s in ("S", "H", "D", "C")]
        question = ("sj.quiz.q.flip_suit", {"cards": cards, "rank": state.trump_rank})
    else:
        dealer = take.params["seat"]
        rules = ["SJ-DECLARE-7", "SJ-DECLARE-3", "SJ-KITTY-1"]
        why = (("sj.quiz.why.flip_dealer", {"seat": dealer, "first": first}), (take.key, take.params))
        options = [Option(("quiz.answer.seat" if s != seat else "quiz.answer.seat_you", {"seat": s}), s == dealer,
                          why, tuple(rules)) for s in range(PLAYERS)]
        question = ("sj.quiz.q.flip_dealer", {"cards": cards, "first": first})
    return _exercise(game, "flip", seed, preset, state, seat, question, options, rules, in_turn=False)


# ---------------------------------------------------------------------------- two decks: leading shapes
def _near_leads(state: Any, hand: tuple[Card, ...], rng: Rng) -> list[tuple[Card, ...]]:
    """Sets a learner might lead with two decks: two different cards of one suit, two equal
    trump-rank cards of two suits, two pairs apart, three cards, two suits."""
    rank, suit = state.trump_rank, state.trump_suit
    cards = _distinct(hand)
    pairs = [c for c in cards if hand.count(c) >= 2]
    out: list[tuple[Card, ...]] = []
    off_rank = [c for c in cards if c.rank == rank and not c.special and c.suit != suit]
    if len(off_rank) >= 2:
        out.append((off_rank[0], off_rank[1]))
    off_pairs = [c for c in pairs if c in off_rank]
    if len(off_pairs) >= 2:
        out.append((off_pairs[0], off_pairs[0], off_pairs[1], off_pairs[1]))
    for _ in range(6):
        a, b = cards[rng.below(len(cards))], cards[rng.below(len(cards))]
        if a != b:
            out.append((a, b))
    if len(pairs) >= 2:
        for _ in range(3):
            a, b = pairs[rng.below(len(pairs))], pairs[rng.below(len(pairs))]
            if a != b:
                out.append((a, a, b, b))
    if len(cards) >= 3:
        out.append(tuple(cards[:3]))
    return out


def lead2_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """Two decks, your lead: only one of these may be led: which? (a pair, a tractor; the near
    misses: two cards that are not identical, pairs that are not next to each other, ...).
    Each option is ``explain``'s verdict (SJ-2D-3, SJ-2D-4, SJ-2D-10)."""
    hand = _hand(game, rng, TWO_DECKS, tricks=1 + rng.below(8))
    points = _play_points(hand, lambda p: not p.state.trick)
    rng.shuffle(points)
    for point in points[:8]:
        state, seat = point.state, point.seat
        held = state.hands[seat]
        legal = [a for a in game.legal_actions(state, seat) if len(a.cards) > 1]
        if not legal:
            continue
        illegal = []
        seen: set[tuple[str, ...]] = set()
        for cards in _near_leads(state, held, rng):
            key = tuple(sorted(c.token for c in cards))
            if key in seen:
                continue
            seen.add(key)
            v = game.explain(state, Play(cards), seat)
            if not v.legal:
                illegal.append((Play(cards), v))
        # different reasons first
        by_reason: dict[str, list[Any]] = {}
        for j in illegal:
            by_reason.setdefault(j[1].key, []).append(j)
        wrong = [js[0] for js in by_reason.values()] + [j for js in by_reason.values() for j in js[1:]]
        if len(wrong) < 3:
            continue
        action = _pick(rng, legal)
        right = game.explain(state, action, seat)
        chosen = [(action, right)] + wrong[:3]
        rng.shuffle(chosen)
        options = [Option(None, v.legal, ((v.key, v.params),) + tuple(v.more), v.rule_ids, a) for a, v in chosen]
        rules = [r for o in options for r in o.rule_ids] + ["SJ-COMBO-3"]
        return _exercise(game, "lead2", seed, hand.preset, state, seat, ("quiz.q.pick", {}), options, rules)
    return None


KINDS: dict[str, Callable[[Game, Rng, int], Exercise | None]] = {
    "trumps": trumps_kind,
    "order": order_kind,
    "beat": beat_kind,
    "trick": trick_kind,
    "points": points_kind,
    "result": result_kind,
    "next": next_kind,
    "expose": expose_kind,
    "may": may_kind,
    "flip": flip_kind,
    "lead2": lead2_kind,
}
