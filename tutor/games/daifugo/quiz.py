"""Daifugo's own quiz kinds (issue 22): exercises made from seeded hands and answered by the engine.

Every answer here is the engine's: a play's verdict (``explain``), the events ``apply`` and
``close_window`` wrote, the state they left (whose turn, the order in force), or the penalty
``attempt`` applies. Nothing below decides a rule; the code only picks positions, words the
question and chooses which engine judgements to show as options.

The cut-in game opens a window after every play in which others may cut in with cards the asking
seat cannot see; so every question about what follows a play says "if nobody cuts in" and is
answered by closing the window (``close_window``), the position the learner can reason about.

Kinds (``KINDS``):

* ``beats``: which of these plays of the top play's form beats it now (order in force, bindings)?
* ``next_turn``: you make this move: who plays next (turns, passes, flows, skips, reversals)?
* ``effect``: you play this: what happens next (8-cut, revolution, binding, the per-rank rules)?
* ``cut_in``: seat X just played this: which of these may you play at once, out of turn?
* ``attempt``: this play is not allowed: what happens if you try it (exposed cards, DFG-OPEN-3)?
* ``going_out``: this play empties your hand: which place and title (forbidden finish too)?
* ``new_game``: the second game of a session: who starts, what carries over from the first?
* ``miyako``: you go out first in the second game: what happens to the last 大富豪 (都落ち)?

``OUTCOMES`` adds the generic outcome question: who is left last when a move ends the game.
"""
from __future__ import annotations

from typing import Any, Callable

from ...actions import PASS, Action, Decision, Play, action_key
from ...cards import Card, multiset_contains
from ...game import Event, Game, evolve
from ...rng import Rng
from ...quiz.candidates import UNTAUGHT, judged
from ...quiz.exercise import Exercise, Msg, Option
from ...quiz.outcomes import Outcome
from ...quiz.positions import Hand, Point, play_on
from . import combos as C
from .state import EFFECT_PHASES, title_of

#: positions of one hand a kind tries before it draws another
TRIES = 12

OUTCOMES: tuple[Outcome, ...] = (
    # a move that leaves one player holding cards ends the game: that player takes the last place
    Outcome("dfg.event.last", "seat", "dfg.quiz.q.last"),
)


def _each_refused(refused: list[tuple[Action, Any]]) -> tuple[Msg, ...]:
    """Why "none of these" is right: each option named with the engine's reason for refusing it."""
    out: list[Msg] = []
    for action, verdict in refused:
        cards = [c.token for c in action.cards] if isinstance(action, Play) else \
            [t for t in (action.value if isinstance(action.value, (list, tuple)) else [])]
        out.append(("dfg.quiz.why.option", {"cards": cards}))
        out.append((verdict.key, verdict.params))
    return tuple(out)


# --------------------------------------------------------------------------- hands
def _hand(game: Game, rng: Rng, preset: str, overrides: dict[str, Any] | None = None,
          partial: bool = False) -> Hand:
    """A hand of the first game under ``preset`` with some flags changed (a flag no preset sets,
    such as the forbidden finish, is practised under its own flags). ``partial``: played only up
    to a random number of decisions (a kind that asks about one move in the middle of a game
    need not pay for the whole game: the cut-in game's bots take some 60 ms for one)."""
    flags = game.flags({**game.playable_presets()[preset], **(overrides or {})})
    state = game.new_game(flags, rng.below(1 << 30))
    points: list[Point] = []
    stop = None
    if partial:
        length = 24 + rng.below(72)
        stop = lambda p: len(points) >= length  # noqa: E731
    end = play_on(game, state, rng, points, stop)
    return Hand(preset, flags, tuple(points), end)


def _second_game(game: Game, rng: Rng, preset: str, stop: Callable[[Point], bool] | None = None
                 ) -> tuple[Any, Hand] | None:
    """The second game of a session (the exchange, 都落ち and 6-salvage need the places of a game
    before), played by the bots up to ``stop``. The first game is not played out (that would
    double the time): a fresh deal is given finishing places drawn at random, and sometimes a
    revolution or a reversed direction in force at its end, as any first game may end; the
    engine's ``next_hand`` then starts the second game from it. Returns that first game's end
    and the second game's hand."""
    flags = game.flags(game.playable_presets()[preset])
    state = game.new_game(flags, rng.below(1 << 30))
    n = game.players(state)
    places = list(range(1, n + 1))
    rng.shuffle(places)
    end = evolve(state, phase="score", to_act=None, places=tuple(places), out=tuple(range(n)), log=(),
                 revolution=flags.revolution and rng.below(3) == 0,
                 direction=-1 if flags.nine_reverse and rng.below(3) == 0 else 1)
    state = game.next_hand(end)
    points: list[Point] = []
    last = play_on(game, state, rng, points, stop)
    return end, Hand(preset, flags, tuple(points), last)


def _preset(rng: Rng, cutin_share: int = 2) -> str:
    """The cut-in game ``cutin_share`` times in 3, else the ordinary game."""
    return "cutin" if rng.below(3) < cutin_share else "base"


def _closed(game: Game, point: Point) -> tuple[Any, list[Event]]:
    """The state after the move once nobody cuts in (the window closed, the chain's effects
    applied), and every event the move and the closing wrote."""
    after = point.after
    events = list(point.events)
    if game.window(after) is not None:
        logged = len(game.events(after))
        after = game.close_window(after)
        events += list(game.events(after))[logged:]
    return after, events


def _pick_by_category(found: list[tuple[str, Any]], rng: Rng) -> list[Any]:
    """The found items, a category drawn evenly first (rare positions, a 5-skip or a double
    binding, come up as often as common ones), then the rest in random order."""
    cats = sorted({c for c, _ in found})
    if not cats:
        return []
    cat = cats[rng.below(len(cats))]
    first = [x for c, x in found if c == cat]
    rest = [x for c, x in found if c != cat]
    rng.shuffle(first)
    rng.shuffle(rest)
    return first + rest


def _exercise(game: Game, kind: str, seed: int, hand: Hand, state: Any, seat: int, question: Msg,
              options: list[Option], rule_ids: Any, shows: Action | None = None, in_turn: bool = True) -> Exercise:
    ids = tuple(dict.fromkeys(r for r in rule_ids if r))
    return Exercise(game.name, kind, seed, hand.preset, state, seat, question, tuple(options), ids,
                    shows=shows, in_turn=in_turn)


def _why(verdict: Any) -> tuple[Msg, ...]:
    return ((verdict.key, verdict.params),) + tuple(verdict.more)


def _event_msgs(events: list[Event], skip: tuple[str, ...] = ()) -> tuple[Msg, ...]:
    return tuple((e.key, e.params) for e in events if e.key not in skip)


def _seat_options(game: Game, state: Any, mover: int, answer: int, why: tuple[Msg, ...],
                  rules: tuple[str, ...]) -> list[Option]:
    return [Option(("quiz.answer.seat" if s != mover else "quiz.answer.seat_you", {"seat": s}), s == answer, why, rules)
            for s in range(game.players(state))]


# --------------------------------------------------------------------------- beats
#: a refusal that is about the bindings (DFG-PLAY-3)
BINDING_KEYS = ("dfg.suit_bound", "dfg.rank_bound", "dfg.rank_bound_end")


def _beats_category(game: Game, state: Any) -> str:
    f = state.flags
    suit = bool(state.bound) and f.suit_binding
    rank = bool(state.rank_bind.active) and f.rank_binding
    if suit and rank:
        return "double"
    if rank:
        return "rank"
    if suit:
        return "suit"
    top = game.top_reading(state)
    if top is not None and top.undeclared_joker:
        return "joker"
    if game.reversed_order(state):
        return "reversed"
    return "plain"


def beats_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """Which of these plays (all of the top play's form, from your hand) beats the top now?"""
    hand = _hand(game, rng, _preset(rng, 1), partial=True)
    found = [(_beats_category(game, p.state), p) for p in hand.points
             if p.in_turn and p.action is not None and p.state.phase == "play" and game.top_reading(p.state) is not None]
    for point in _pick_by_category(found, rng)[:TRIES]:
        made = _beats_at(game, rng, seed, hand, point)
        if made is not None:
            return made
    return None


def _beats_at(game: Game, rng: Rng, seed: int, hand: Hand, point: Point) -> Exercise | None:
    state, seat = point.state, point.seat
    f = state.flags
    top = game.top_reading(state)
    # the plays of the top's form the hand holds, as the engine lists them, judged one by one
    shaped = [p for p in C.plays(state.hands[seat], f.decks, None, False, (), C.NO_RANK_BINDING,
                                 spade3_return=f.spade3_return, size=top.size)
              if (r := C.read(p, f.decks)) is not None and r.kind == top.kind]
    rng.shuffle(shaped)
    legal, illegal = [], []
    for cards in shaped[:30]:
        action = Play(cards)
        v = game.explain(state, action, seat)
        if not v.rule_ids:
            continue
        (legal if v.legal else illegal).append((action, v))
    if len(illegal) < 2:
        return None
    # wrong options refused for different reasons first
    first: list[tuple[Action, Any]] = []
    rest: list[tuple[Action, Any]] = []
    seen: set[str] = set()
    for a, v in illegal:
        (rest if v.key in seen else first).append((a, v))
        seen.add(v.key)
    none_right = not legal or rng.below(4) == 0
    if none_right and len(first + rest) < 3:
        return None
    wrong = (first + rest)[:3 if none_right else 2]  # with "none of these", four options
    options: list[Option] = []
    if not none_right:
        a, v = legal[rng.below(len(legal))]
        options.append(Option(None, True, _why(v), v.rule_ids, a))
    options += [Option(None, False, _why(v), v.rule_ids, a) for a, v in wrong]
    rng.shuffle(options)
    none_why = (("dfg.quiz.why.none_beats", {}),) + _each_refused(wrong) if none_right \
        else (("dfg.quiz.why.one_beats", {}),)
    options.append(Option(("dfg.quiz.answer.none_beats", {}), none_right, none_why, ("DFG-PLAY-2",)))
    reversed_ = game.reversed_order(state)
    rules = ["DFG-PLAY-1", "DFG-PLAY-2", "DFG-RANK-2" if reversed_ else "DFG-RANK-1"]
    rules += _joker_rules(options)
    if state.revolution or state.jback:
        rules.append("DFG-RANK-3")
    rules += [r for o in options for r in o.rule_ids]
    keys = {v.key for _, v in wrong}
    if keys & set(BINDING_KEYS):
        rules.append("DFG-PLAY-3")
    if f.rank_binding and state.rank_bind.active:
        rules += ["DFG-BIND-4", "DFG-RANK-4"]
    if f.suit_binding and state.bound:
        rules += ["DFG-BIND-1", "DFG-PLAY-3"]
        if f.partial_binding and top.size > 1 and len(state.bound) < top.size:
            rules.append("DFG-BIND-2")
        if f.rank_binding and state.rank_bind.active:
            rules.append("DFG-BIND-5")
    return _exercise(game, "beats", seed, hand, state, seat, ("dfg.quiz.q.beats", {}), options, rules)


def _joker_rules(options: list[Option]) -> list[str]:
    """A joker standing for a card in an option that is right: the answer counts it as that card
    (DFG-JOKER-1), declared as every joker in a play of several cards must be (DFG-JOKER-3)."""
    for o in options:
        if o.correct and o.action is not None:
            cards = o.action.cards if isinstance(o.action, Play) else \
                tuple(Card.parse(t) for t in o.action.value)  # type: ignore[union-attr]
            if any(c.special == "JOKER" and c.declared for c in cards):
                return ["DFG-JOKER-1", "DFG-JOKER-3"] if len(cards) > 1 else ["DFG-JOKER-1"]
    return []


# --------------------------------------------------------------------------- next turn
#: the events that move the turn (a binding or a revolution written by the same move does not)
TURN_EVENTS = ("dfg.event.pass", "dfg.event.flow", "dfg.event.five_", "dfg.event.nine_", "dfg.event.four_cut",
               "dfg.event.chain_effect", "dfg.event.locked")


def _turn_category(point: Point, events: list[Event]) -> str:
    keys = {e.key for e in events}
    if keys & {"dfg.event.five_skip", "dfg.event.five_lap"}:
        return "five"
    if keys & {"dfg.event.nine_reverse", "dfg.event.nine_two", "dfg.event.nine_even"}:
        return "nine"
    if any(k.startswith("dfg.event.flow") for k in keys):
        return "flow"
    if not point.in_turn:
        return "cut_in"
    if point.action == PASS:
        return "pass"
    if point.state.out:
        return "out"  # a seat out of the game is passed over (DFG-TERM-3)
    return "plain"


def next_turn_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """You make this move: who plays next (if nobody cuts in)?"""
    hand = _hand(game, rng, _preset(rng), partial=rng.below(2) == 0)
    found = []
    for p in hand.points:
        if p.action is None or p.state.phase != "play":
            continue
        after, events = _closed(game, p)
        if after.phase != "play" or after.to_act is None or game.round_over(after):
            continue
        found.append((_turn_category(p, events), (p, after, events)))
    for p, after, events in _pick_by_category(found, rng)[:1]:
        answer = after.to_act
        why = _event_msgs(events, ("dfg.event.play",)) + (("dfg.quiz.why.next", {"seat": answer}),)
        rules = ["DFG-TURN-1", "DFG-TERM-4"]
        rules += [r for e in events if e.key.startswith(TURN_EVENTS) for r in e.rule_ids]
        if any(e.key.startswith("dfg.event.flow") for e in events):
            rules += ["DFG-TERM-1", "DFG-TERM-2"]
        if after.out:
            rules.append("DFG-TERM-3")
        if not p.in_turn:
            rules += ["DFG-CUT-4"]
        opts = _seat_options(game, after, p.seat, answer, why, tuple(dict.fromkeys(rules)))
        window = game.window(p.after) is not None
        question = ("dfg.quiz.q.next_cut" if window else "dfg.quiz.q.next", {})
        return _exercise(game, "next_turn", seed, hand, p.state, p.seat, question, opts, rules,
                         shows=p.action, in_turn=p.in_turn)
    return None


# --------------------------------------------------------------------------- effects
#: what a play can lead to, each with the rule that makes it happen
EFFECT_RULES = {
    "eight": "DFG-EIGHT-1", "four": "DFG-FOUR-1", "five": "DFG-FIVE-1", "nine": "DFG-NINE-1", "jback": "DFG-JBACK-1",
    "revolution": "DFG-REV-1", "bound": "DFG-BIND-1", "rank_bound": "DFG-BIND-4", "seven": "DFG-SEVEN-1",
    "ten": "DFG-TEN-1", "queen": "DFG-QUEEN-1", "king": "DFG-KING-1", "ace": "DFG-ACE-1", "six": "DFG-SIX-1",
    "none": "DFG-TURN-1",
}
#: the flag that switches each effect on
EFFECT_FLAGS = {
    "eight": "eight_cut", "four": "four_cut", "five": "five_skip", "nine": "nine_reverse", "jback": "j_back",
    "revolution": "revolution", "bound": "suit_binding", "rank_bound": "rank_binding", "seven": "seven_pass",
    "ten": "ten_discard", "queen": "q_peeping", "king": "k_greed", "ace": "a_open", "six": "six_salvage",
}
#: the rank whose play makes each per-rank effect
EFFECT_OF_RANK = {"8": "eight", "4": "four", "5": "five", "9": "nine", "J": "jback", "7": "seven", "10": "ten",
                  "Q": "queen", "K": "king", "A": "ace", "6": "six"}
_EVENT_EFFECT = {
    "dfg.event.flow.eight": "eight", "dfg.event.four_cut": "four", "dfg.event.five_skip": "five",
    "dfg.event.five_lap": "five", "dfg.event.nine_reverse": "nine", "dfg.event.nine_two": "nine",
    "dfg.event.jback": "jback", "dfg.event.jback_off": "jback", "dfg.event.revolution": "revolution",
    "dfg.event.revolution_back": "revolution", "dfg.event.suit_bound": "bound", "dfg.event.rank_bound": "rank_bound",
    "dfg.event.rank_bound_end": "rank_bound",
}
#: events that belong to any effect's story: the chain's owner, the flow it makes, 9s that cancel
EFFECT_ALSO = ("dfg.event.chain_effect", "dfg.event.flow", "dfg.event.nine_even")
#: the effects a play's suits or ranks make along with any rank effect
BINDINGS = frozenset({"bound", "rank_bound"})
_PHASE_EFFECT = {"seven_pass": "seven", "ten_discard": "ten", "q_peeping": "queen", "k_greed": "king",
                 "a_open": "ace", "six_salvage": "six"}


def _effects_of(after: Any, events: list[Event]) -> set[str]:
    """What the move led to, read from the events written and the decision the state now asks."""
    found = {_EVENT_EFFECT[e.key] for e in events if e.key in _EVENT_EFFECT}
    if after.phase in EFFECT_PHASES:
        found.add(_PHASE_EFFECT[after.phase])
    return found


def _quiet_reason(state: Any, reading: C.Reading, events: list[Event]) -> tuple[Msg, tuple[str, ...]] | None:
    """Why a play led to nothing special: the rule a learner might have expected to act, and a
    message saying why it did not (None: a plain rank, nothing to expect)."""
    f = state.flags
    if reading.kind == "sequence":
        expected = [r for r in reading.ranks if r in EFFECT_OF_RANK and getattr(f, EFFECT_FLAGS[EFFECT_OF_RANK[r]])]
        if expected:
            return ("dfg.quiz.why.sequence", {}), ("DFG-EIGHT-2",)
        return None
    rank = reading.rank
    if rank is None:
        return None
    if rank == "2":
        return ("dfg.quiz.why.two", {}), ("DFG-TWO-1",)
    cat = EFFECT_OF_RANK.get(rank)
    if cat is None or not getattr(f, EFFECT_FLAGS[cat]):
        return None
    if any(e.key == "dfg.event.nine_even" for e in events):
        return ("dfg.quiz.why.nine_even", {}), ("DFG-NINE-1",)
    rule = EFFECT_RULES[cat]
    if cat == "six":
        return ("dfg.quiz.why.six", {}), (rule,)
    divisor = {"king": f.k_divisor, "ace": f.a_divisor}.get(cat)
    if divisor is not None and reading.size < divisor:
        return ("dfg.quiz.why.per_cards", {"rule": rule, "k": divisor}), (rule,)
    return ("dfg.quiz.why.lapsed", {"rule": rule}), (rule,)


def effect_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """You play this: what happens next (if nobody cuts in)? One effect or none, named by the
    events the engine wrote and the decision it asks next."""
    hand = _hand(game, rng, _preset(rng), partial=True)
    f = hand.flags
    vocab = [c for c in EFFECT_RULES if c == "none" or getattr(f, EFFECT_FLAGS[c])]
    found = []
    for p in list(hand.points) + _cut_in_points(game, hand, rng) + _sequence_points(game, hand, rng):
        if p.state.phase != "play" or not (isinstance(p.action, Play) or
                                           (isinstance(p.action, Decision) and p.action.key == "cut_in")):
            continue
        if any(e.key in ("dfg.event.out", "dfg.event.forbidden_out", "dfg.event.penalty", "dfg.event.last")
               for e in p.events):
            continue  # going out (or a penalty) changes what follows: asked elsewhere
        top = p.after.top()
        if top is None or top.seat != p.seat:
            continue
        after, events = _closed(game, p)
        if game.round_over(after):
            continue
        effects = _effects_of(after, events)
        primary = effects - BINDINGS
        if primary:  # a rank effect is the answer; a binding the play also made is not offered
            effects = primary
        elif not p.in_turn:
            continue  # a cut-in binds its suits at once (DFG-CUT-3): asked only for its rank effect
        if len(effects) > 1:
            continue  # one answer per question
        cat = next(iter(effects)) if effects else "none"
        group = cat
        if cat == "none":
            quiet = _quiet_reason(p.state, top.combo, events)
            group = "none:" + (quiet[1][0] if quiet is not None else "plain")
        elif not p.in_turn:
            group = "cut_in"  # a chain's effect (DFG-CUT-5), as often as any one effect
        found.append((group, (p, after, events, cat, top.combo)))
    for p, after, events, cat, reading in _pick_by_category(found, rng)[:1]:
        rules = [EFFECT_RULES[cat]]
        why: tuple[Msg, ...] = _event_msgs(events, ("dfg.event.play", "dfg.event.spade3", "dfg.event.cut_in"))
        if cat in _PHASE_EFFECT.values():
            why += (("dfg.quiz.why.decides", {"rule": EFFECT_RULES[cat]}),)
        if cat == "none":
            quiet = _quiet_reason(p.state, reading, events)
            if quiet is not None:
                why += (quiet[0],)
                rules += list(quiet[1])
            else:
                why += (("dfg.quiz.why.no_effect", {}),)
        if not p.in_turn:
            rules.append("DFG-CUT-5")
        # the rules of what the answer names (a binding written along with a rank effect is not asked)
        rules += [r for e in events if _EVENT_EFFECT.get(e.key) == cat or e.key.startswith(EFFECT_ALSO)
                  for r in e.rule_ids]
        # wrong options: the effect the played rank is known for first, then others of this game
        own = [EFFECT_OF_RANK[r] for r in (reading.ranks if reading.rank is None else (reading.rank,))
               if r in EFFECT_OF_RANK and EFFECT_OF_RANK[r] in vocab]
        others = [c for c in vocab if c != cat and c not in _effects_of(after, events)]
        rng.shuffle(others)
        happened = _effects_of(after, events)
        wrong = list(dict.fromkeys([c for c in own if c != cat and c not in happened]
                                   + (["none"] if cat != "none" else []) + others))[:3]
        rule_ids = tuple(dict.fromkeys(rules))
        options = [Option((f"dfg.quiz.effect.{cat}", {}), True, why, rule_ids)]
        for c in wrong:
            not_this: Msg = ("dfg.quiz.why.not_none", {}) if c == "none" else \
                ("dfg.quiz.why.not_this", {"rule": EFFECT_RULES[c]})
            options.append(Option((f"dfg.quiz.effect.{c}", {}), False, (not_this,) + why, (EFFECT_RULES[c],)))
        rng.shuffle(options)
        window = game.window(p.after) is not None
        question = ("dfg.quiz.q.effect_cut" if window else "dfg.quiz.q.effect", {})
        return _exercise(game, "effect", seed, hand, p.state, p.seat, question, options, rules,
                         shows=p.action, in_turn=p.in_turn)
    return None


def _sequence_points(game: Game, hand: Hand, rng: Rng, looks: int = 6) -> list[Point]:
    """Sequences holding a rank with an effect, played for the question (the bots play few):
    at a few of the hand's turns, one such legal sequence, as the engine applies it."""
    f = hand.flags
    points = [p for p in hand.points if p.in_turn and p.state.phase == "play" and isinstance(p.action, Play)
              and (p.state.top() is None or p.state.top().combo.kind == "sequence")]
    rng.shuffle(points)
    out = []
    for p in points[:looks]:
        found = []
        for action in game.legal_actions(p.state, p.seat):
            reading = C.read(action.cards, f.decks) if isinstance(action, Play) else None
            if reading is not None and reading.kind == "sequence" and any(
                    r in EFFECT_OF_RANK and getattr(f, EFFECT_FLAGS[EFFECT_OF_RANK[r]]) for r in reading.ranks):
                found.append(action)
        if found:
            action = found[rng.below(len(found))]
            logged = len(game.events(p.state))
            after = game.apply(p.state, action, p.seat)
            out.append(Point(p.state, p.seat, True, action, after, tuple(game.events(after)[logged:])))
    return out


def _cut_in_points(game: Game, hand: Hand, rng: Rng, looks: int = 6) -> list[Point]:
    """Cut-ins made for the question (the bots take few windows): at a few open windows, the
    first seat of the window's order that can cut in does, as the engine applies it."""
    if not hand.flags.cut_in:
        return []
    windows = _window_points(game, hand)
    rng.shuffle(windows)
    out = []
    for p in windows[:looks]:
        state = p.after
        for seat in game.window(state).order:
            options = game.legal_actions(state, seat, in_turn=False)
            if options:
                action = options[rng.below(len(options))]
                logged = len(game.events(state))
                after = game.apply(state, action, seat, in_turn=False)
                out.append(Point(state, seat, False, action, after, tuple(game.events(after)[logged:])))
                break
    return out


# --------------------------------------------------------------------------- cut-ins
def _cut_tries(game: Game, state: Any, seat: int, rng: Rng) -> list[Decision]:
    """Cut-ins a learner might try: the legal ones, and near misses from the hand (the same
    ranks in other suits, a card more or fewer, a stronger play of the same form, a lone joker)."""
    top = state.top()
    f = state.flags
    hand = list(state.hands[seat])
    out = list(game.legal_actions(state, seat, in_turn=False))
    size = len(top.cards)
    ranks = {C.identity(c)[1] for c in top.cards if C.identity(c) is not None}
    same_rank = [c for c in hand if not c.special and c.rank in ranks]
    for _ in range(6):
        pool = list(same_rank)
        rng.shuffle(pool)
        if len(pool) >= size:
            out.append(Decision("cut_in", tuple(c.token for c in pool[:size])))
        if len(pool) > size:
            out.append(Decision("cut_in", tuple(c.token for c in pool[:size + 1])))
        if 1 < size <= len(pool) + 1:
            out.append(Decision("cut_in", tuple(c.token for c in pool[:size - 1])))
    stronger = C.plays(state.hands[seat], f.decks, top.combo, game.reversed_order(state), (), C.NO_RANK_BINDING,
                       spade3_return=f.spade3_return)
    rng.shuffle(stronger)
    out += [Decision("cut_in", tuple(c.token for c in p)) for p in stronger[:3]]
    if any(c.special == "JOKER" for c in hand) and not top.combo.undeclared_joker:
        out.append(Decision("cut_in", ("JOKER",)))
    for _ in range(3):
        pool = list(hand)
        rng.shuffle(pool)
        out.append(Decision("cut_in", tuple(c.token for c in pool[:size])))
    return out


def _judged_cuts(game: Game, state: Any, seat: int, rng: Rng) -> tuple[list[tuple[Action, Any]], list[tuple[Action, Any]]]:
    seen: set[str] = set()
    legal, illegal = [], []
    for action in _cut_tries(game, state, seat, rng):
        key = action_key(game, action.to_json())
        if key in seen:
            continue
        seen.add(key)
        v = game.explain(state, action, seat, in_turn=False)
        if not v.rule_ids or v.key in UNTAUGHT:
            continue
        (legal if v.legal else illegal).append((action, v))
    return legal, illegal


def _window_points(game: Game, hand: Hand) -> list[Point]:
    return [p for p in hand.points if p.action is not None and game.window(p.after) is not None
            and p.after.top() is not None and p.after.top().seat == p.seat]


def cut_in_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """Seat X has just played these: which of these may you play at once, out of turn?"""
    hand = _hand(game, rng, "cutin", partial=True)
    points = _window_points(game, hand)
    rng.shuffle(points)
    for p in points[:TRIES]:
        state = p.after
        order = list(game.window(state).order)
        with_cut = [s for s in order if game.has_legal(state, s, in_turn=False)]
        pool = with_cut if with_cut and rng.below(3) else order
        seat = pool[rng.below(len(pool))]
        legal, illegal = _judged_cuts(game, state, seat, rng)
        reasons: dict[str, tuple[Action, Any]] = {}
        for a, v in illegal:
            reasons.setdefault(v.key + str(len(a.value)), (a, v))
        wrong = list(reasons.values())
        rng.shuffle(wrong)
        if len(wrong) < 2:
            continue
        none_right = not legal or rng.below(4) == 0
        if none_right and len(wrong) < 3:
            continue
        options: list[Option] = []
        if not none_right:
            a, v = legal[rng.below(len(legal))]
            options.append(Option(None, True, _why(v), v.rule_ids, a))
        options += [Option(None, False, _why(v), v.rule_ids, a) for a, v in wrong[:3 if none_right else 2]]
        rng.shuffle(options)
        none_why = (("dfg.quiz.why.none_cut", {}),) + _each_refused(wrong[:3]) if none_right \
            else (("dfg.quiz.why.one_cut", {}),)
        options.append(Option(("dfg.quiz.answer.none_cut", {}), none_right, none_why, ("DFG-CUT-1",)))
        rules = ["DFG-CUT-1", "DFG-CUT-2", "DFG-TERM-2"] + [r for o in options for r in o.rule_ids]
        rules += _joker_rules(options)
        if not none_right:
            rules.append("DFG-CUT-3")  # identical cards, never stronger: a cut-in need not beat the top
        top = state.top()
        question = ("dfg.quiz.q.cut_in", {"who": top.seat, "cards": [c.token for c in top.cards]})
        return _exercise(game, "cut_in", seed, hand, state, seat, question, options, rules, in_turn=False)
    return None


# --------------------------------------------------------------------------- an illegal attempt
ATTEMPT_ANSWERS = ("refused", "exposed_pass", "exposed", "discard")


def attempt_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """This play (or cut-in) is not allowed: what happens if you try it anyway? The engine's
    ``penalizes`` and ``attempt`` say (DFG-OPEN-3)."""
    hand = _hand(game, rng, _preset(rng), partial=True)
    points = [p for p in hand.points if p.in_turn and p.state.phase == "play"]
    rng.shuffle(points)
    out_of_turn = hand.flags.cut_in and rng.below(3) == 0
    if out_of_turn:
        points = _window_points(game, hand)
        rng.shuffle(points)
    for p in points[:TRIES]:
        if out_of_turn:
            state = p.after
            order = list(game.window(state).order)
            seat = order[rng.below(len(order))]
            _, illegal = _judged_cuts(game, state, seat, rng)
            tries = [(a, v) for a, v in illegal]
        else:
            state, seat = p.state, p.seat
            _, bad = judged(game, state, seat, True, rng)
            tries = [(j.action, j.verdict) for j in bad if isinstance(j.action, Play)]
        in_turn = not out_of_turn
        tries = [(a, v) for a, v in tries
                 # cards of the hidden hand: an exposed card tried again has nothing left to expose
                 if multiset_contains(state.hidden_of(seat), _cards_of(a)) and v.key not in ("dfg.lead_must_play",)]
        if not tries:
            continue
        action, verdict = tries[rng.below(len(tries))]
        why = _why(verdict)
        rules = ["DFG-OPEN-3"]
        if game.penalizes(state, action, seat, in_turn):
            logged = len(game.events(state))
            after = game.attempt(state, action, seat, in_turn)
            events = list(game.events(after))[logged:]
            passed = any(e.key == "dfg.event.pass" and e.params.get("seat") == seat for e in events)
            answer = "exposed_pass" if passed else "exposed"
            why += _event_msgs(events)
            rules += ["DFG-OPEN-2", "DFG-OPEN-1"]
        else:
            answer = "refused"
            why += (("dfg.quiz.why.refused", {}),)
        options = [Option((f"dfg.quiz.attempt.{a}", {}), a == answer, why, tuple(rules)) for a in ATTEMPT_ANSWERS]
        rng.shuffle(options)
        question = ("dfg.quiz.q.attempt" if in_turn else "dfg.quiz.q.attempt_cut", {})
        return _exercise(game, "attempt", seed, hand, state, seat, question, options, rules,
                         shows=action, in_turn=in_turn)
    return None


def _cards_of(action: Action) -> tuple[Card, ...]:
    if isinstance(action, Play):
        return tuple(c.physical for c in action.cards)
    if isinstance(action, Decision):
        return tuple(Card.parse(t).physical for t in action.value)  # type: ignore[union-attr]
    return ()


# --------------------------------------------------------------------------- going out
#: the rules of going out and places (the other events of the move, a binding, are not asked)
PLACE_RULES = ("DFG-OUT-1", "DFG-OUT-2", "DFG-OUT-3", "DFG-MIYAKO-1", "DFG-MIYAKO-2", "DFG-TITLE-1")

def going_out_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """This play empties your hand: which place do you take, and which title is it? Half the
    time under the forbidden finish (DFG-OUT-3), a flag of its own."""
    forbidden = rng.below(2) == 0
    preset = _preset(rng, 1)
    hand = _hand(game, rng, preset, {"forbidden_finish": True} if forbidden else None)
    found = []
    for p in hand.points:
        if p.action is None or p.state.phase != "play":
            continue
        outs = [e for e in p.events if e.key in ("dfg.event.out", "dfg.event.forbidden_out")
                and e.params.get("seat") == p.seat]
        if outs:
            found.append((outs[0].key, (p, outs[0])))
    for p, ev in _pick_by_category(found, rng)[:1]:
        n = game.players(p.state)
        answer = int(ev.params["place"])
        taken = {q for q in p.state.places if q is not None}
        free = [q for q in range(1, n + 1) if q not in taken]
        others = [q for q in range(1, n + 1) if q != answer]
        rng.shuffle(others)
        # the plausible wrong places first: the next free one and the last free one
        wrong = list(dict.fromkeys([q for q in (free[0], free[-1]) if q != answer] + others))[:3]
        why = _event_msgs(list(p.events), ("dfg.event.play", "dfg.event.cut_in"))
        why += (("dfg.quiz.why.title", {"place": answer, "title": title_of(answer, n)}),)
        rules = ["DFG-OUT-1", "DFG-TITLE-1"] + [r for e in p.events for r in e.rule_ids if r in PLACE_RULES]
        if forbidden:
            rules.append("DFG-OUT-3")
        rule_ids = tuple(dict.fromkeys(rules))
        options = [Option(("dfg.quiz.answer.place", {"place": q, "title": title_of(q, n)}), q == answer, why, rule_ids)
                   for q in sorted([answer] + wrong)]
        question = ("dfg.quiz.q.going_out_forbidden" if forbidden else "dfg.quiz.q.going_out", {})
        return _exercise(game, "going_out", seed, hand, p.state, p.seat, question, options, rules,
                         shows=p.action, in_turn=p.in_turn)
    return None


# --------------------------------------------------------------------------- the second game
def new_game_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """The second game of a session, at the exchange: who makes its first play? and what of the
    first game carries over (a revolution, a reversed direction: nothing does, DFG-NEXT-1)?"""
    preset = _preset(rng, 1)
    played = _second_game(game, rng, preset, stop=lambda p: p.state.phase == "play")
    if played is None:
        return None
    first_end, hand = played
    at = [p for p in hand.points if p.in_turn and p.state.phase == "exchange"]
    if not at:
        return None
    point = at[rng.below(len(at))]
    state, seat = point.state, point.seat
    asks = ["first"]
    if first_end.revolution:
        asks += ["order", "order"]
    if first_end.direction != 1:
        asks += ["direction", "direction"]
    ask = asks[rng.below(len(asks))]
    if ask == "first":
        starts = [e for p in hand.points for e in p.events if e.key.startswith("dfg.event.first_")]
        if not starts:
            return None
        ev = starts[0]
        answer = int(ev.params["seat"])
        why = ((ev.key, ev.params), ("dfg.quiz.why.first", {}))
        rules = tuple(dict.fromkeys(("DFG-D3-1", "DFG-TITLE-1") + tuple(ev.rule_ids)))
        options = _seat_options(game, state, seat, answer, why, rules)
        return _exercise(game, "new_game", seed, hand, state, seat, ("dfg.quiz.q.first", {}), options, rules)
    if ask == "order":
        reversed_now = game.reversed_order(state)
        why = (("dfg.quiz.why.next_game", {}),)
        rules = ("DFG-NEXT-1", "DFG-REV-1", "DFG-RANK-1")
        options = [Option(("dfg.quiz.answer.order_normal", {}), not reversed_now, why, rules),
                   Option(("dfg.quiz.answer.order_reversed", {}), reversed_now, why, rules)]
        return _exercise(game, "new_game", seed, hand, state, seat, ("dfg.quiz.q.order_after", {}), options, rules)
    usual = state.direction == 1
    why = (("dfg.quiz.why.next_game", {}),)
    rules = ("DFG-NEXT-1", "DFG-NINE-1", "DFG-TERM-4")
    options = [Option(("dfg.quiz.answer.direction_usual", {}), usual, why, rules),
               Option(("dfg.quiz.answer.direction_other", {}), not usual, why, rules)]
    return _exercise(game, "new_game", seed, hand, state, seat, ("dfg.quiz.q.direction_after", {}), options, rules)


MIYAKO_ANSWERS = ("falls", "falls_open", "nothing", "gives")


def miyako_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """You go out first in the second game, and you were not its 大富豪 before: what happens to
    the last game's 大富豪? (都落ち, DFG-MIYAKO-1; its cards exposed in the cut-in game, MIYAKO-2)"""
    preset = _preset(rng, 1)
    played = _second_game(game, rng, preset, stop=lambda p: any(e.key in ("dfg.event.out", "dfg.event.forbidden_out")
                                                                 for e in p.events))
    if played is None:
        return None
    _, hand = played
    for p in hand.points:
        falls = [e for e in p.events if e.key in ("dfg.event.miyako_ochi", "dfg.event.miyako_ochi_open")]
        if not falls or p.action is None:
            continue
        ev = falls[0]
        king = int(ev.params["seat"])
        answer = "falls_open" if ev.key == "dfg.event.miyako_ochi_open" else "falls"
        why = _event_msgs(list(p.events), ("dfg.event.play", "dfg.event.cut_in"))
        rules = tuple(dict.fromkeys(r for e in p.events for r in e.rule_ids if r in PLACE_RULES))
        options = [Option((f"dfg.quiz.miyako.{a}", {"seat": king}), a == answer, why, rules) for a in MIYAKO_ANSWERS]
        rng.shuffle(options)
        return _exercise(game, "miyako", seed, hand, p.state, p.seat, ("dfg.quiz.q.miyako", {"king": king}), options,
                         rules, shows=p.action, in_turn=p.in_turn)
    return None


KINDS: dict[str, Callable[[Game, Rng, int], Exercise | None]] = {
    "beats": beats_kind,
    "next_turn": next_turn_kind,
    "effect": effect_kind,
    "cut_in": cut_in_kind,
    "attempt": attempt_kind,
    "going_out": going_out_kind,
    "new_game": new_game_kind,
    "miyako": miyako_kind,
}
