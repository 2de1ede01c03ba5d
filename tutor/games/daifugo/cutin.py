"""Cut-in Daifugo (カットイン大富豪, daifugo.md §8 – §10, §13): cut-ins and their chains, the
per-rank effects applied when a chain closes, and the decisions those effects ask for.

The engine's order inside one turn is §13's, and each step leaves an event in the log:

1. – 4. ``Daifugo._apply_play`` (and ``apply_cut_in`` here for a cut-in): the cards go to the
   field, the player may go out, four or more cards toggle the revolution, the bindings follow.
5. The chain stays open (``State.chain_start``): a *window* in which any seat holding the
   identical cards may cut in (DFG-CUT-1, CUT-2), asked in turn order from the seat after the
   top owner (``window_order``). Nobody is in turn while it is open (``to_act`` None).
6. ``close_chain``: the rank effect of the whole chain, once, with its ``n``, owner and cut player
   (DFG-CUT-5). Effects that only move the turn or change an order apply at once (8-cut, 4-cut,
   5-skip, 9-reverse, J-back); the others are decisions (``Effect``: 6-salvage, 7-pass,
   10-discard, Q-peeping, K-greed, A-open) in the phase of the same name.
7. ``finish_turn``: the next turn, a flow, a skip or a reversal.

Without the ``cut_in`` flag a chain closes as soon as it opens: the same code applies the
effects of the local rules switched on, so every flag combines with every other.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...actions import Decision, FrozenMap
from ...cards import Card, format_cards, multiset_contains, multiset_remove, shortfall
from ...choices import ChooseCards, ChoosePositions
from ...climbing import next_seat, seats_after
from ...game import Verdict
from ...game import evolve as replace
from ...game import event as _event, allowed as _yes, refused as _no, replaced_at as _set
from . import combos as C
from .state import Effect, Entry, State

if TYPE_CHECKING:
    from .game import Daifugo

JOKER = C.JOKER

#: the rank → (flag, phase of its decision, rule); the effects without a decision are in
#: ``close_chain`` (8, 4, 5, 9, J)
DECISIONS: dict[str, tuple[str, str, str]] = {
    "6": ("six_salvage", "six_salvage", "DFG-SIX-1"),
    "7": ("seven_pass", "seven_pass", "DFG-SEVEN-1"),
    "10": ("ten_discard", "ten_discard", "DFG-TEN-1"),
    "Q": ("q_peeping", "q_peeping", "DFG-QUEEN-1"),
    "K": ("k_greed", "k_greed", "DFG-KING-1"),
    "A": ("a_open", "a_open", "DFG-ACE-1"),
}
EFFECT_RULE = {kind: rule for _, (_, kind, rule) in DECISIONS.items()}
#: the verdict on each effect decision made as the rule asks
OK_KEY = {"six_salvage": "dfg.ok.six_salvage", "seven_pass": "dfg.ok.seven_pass", "ten_discard": "dfg.ok.ten_discard",
          "q_peeping": "dfg.ok.q_peeping", "k_greed": "dfg.ok.k_greed", "a_open": "dfg.ok.a_open"}


# --------------------------------------------------------------------------- the hand
def take_from_hand(state: State, seat: int, cards: tuple[Card, ...]) -> State:
    """The seat's hand less ``cards`` (physical). Identical copies cannot be told apart, so an
    exposed copy goes first: a player never keeps an exposed card while giving up its hidden
    twin (exposed cards may be used in any play, DFG-OPEN-1)."""
    hand = multiset_remove(state.hands[seat], cards)
    shown = state.exposed_of(seat)
    if shown:
        left = list(shown)
        for c in cards:
            if c in left:
                left.remove(c)
        state = replace(state, exposed=_set(state.exposed, seat, tuple(left)))
    return replace(state, hands=_set(state.hands, seat, hand))


def take_hidden(state: State, seat: int, cards: tuple[Card, ...]) -> State:
    """The seat's hand less hidden ``cards`` (its exposed cards stay: DFG-OPEN-4)."""
    return replace(state, hands=_set(state.hands, seat, multiset_remove(state.hands[seat], cards)))


def sort_hand(cards: Any) -> tuple[Card, ...]:
    """A hand in the normal order, weakest first, jokers last."""
    return tuple(sorted(cards, key=C.sort_key))


def add_to_hand(state: State, seat: int, cards: tuple[Card, ...], exposed: bool = False) -> State:
    state = replace(state, hands=_set(state.hands, seat, sort_hand(state.hands[seat] + tuple(cards))))
    if exposed:
        state = replace(state, exposed=_set(state.exposed, seat, sort_hand(state.exposed_of(seat) + tuple(cards))))
    return state


def expose(state: State, seat: int, cards: tuple[Card, ...]) -> State:
    """Hidden cards of the seat's hand turned face up (DFG-OPEN-2)."""
    return replace(state, exposed=_set(state.exposed, seat, sort_hand(state.exposed_of(seat) + tuple(cards))))


# --------------------------------------------------------------------------- cut-ins (§8)
def window_order(state: State) -> tuple[int, ...]:
    """DFG-CUT-2: every active seat but the top owner, in turn order from the seat after it."""
    top = state.top()
    if state.chain_start is None or top is None:
        return ()
    return tuple(s for s in seats_after(top.seat, state.players, state.active, state.direction) if s != top.seat)


def cut_in_options(state: State, seat: int) -> list[tuple[Card, ...]]:
    """Every cut-in ``seat`` can make now (DFG-CUT-1, CUT-8): the top play's cards exactly, each
    a natural card of the hand (exposed ones too, DFG-OPEN-1) or a joker declared as it; an
    undeclared joker only by another joker. Each multiset once."""
    top = state.top()
    if (state.chain_start is None or top is None or seat == top.seat or not state.active(seat)
            or not state.flags.cut_in):
        return []
    hand = Counter(state.hands[seat])
    jokers = hand[JOKER]
    if top.combo.undeclared_joker:
        return [(JOKER,)] if jokers else []
    need = Counter(C.identity(c) for c in top.cards)
    per_card: list[list[tuple[Card, ...]]] = []
    for ident, m in sorted(need.items()):  # type: ignore[arg-type]
        natural = C._NAT[ident]
        have = hand[natural]
        per_card.append([((natural,) * a + (C._DEC[ident],) * (m - a)) for a in range(min(m, have), -1, -1)])
    out: list[tuple[Card, ...]] = [()]
    for choices in per_card:
        out = [o + c for o in out for c in choices if sum(1 for x in o + c if x.special) <= jokers]
    return [tuple(sorted(o, key=C.sort_key)) for o in out]


def judge_cut_in(game: "Daifugo", state: State, seat: int, cards: Any) -> tuple[Verdict, Any]:
    """Whether ``cards`` are a cut-in ``seat`` may make now, and why not (DFG-CUT-1 … CUT-8)."""
    f = state.flags
    if not f.cut_in:
        return _no("dfg.no_out_of_turn", ("DFG-CUT-1",)), None
    top = state.top()
    if state.chain_start is None or top is None:
        return _no("dfg.cut.no_window", ("DFG-CUT-2",)), None
    if not state.active(seat):
        return _no("dfg.already_out", ("DFG-OUT-1",), seat=seat), None
    if seat == top.seat:
        return _no("dfg.cut.own_play", ("DFG-CUT-7",)), None
    try:
        played = tuple(Card.parse(t) for t in cards)
    except (ValueError, TypeError):
        return _no("dfg.cut.shape", ("DFG-CUT-1",)), None
    physical = [c.physical for c in played]
    if not multiset_contains(state.hands[seat], physical):
        absent, repeated = shortfall(state.hands[seat], physical)
        if absent:
            return _no("common.not_in_hand", (), cards=[str(c) for c in absent]), None
        return _no("common.repeated_card", (), cards=[str(c) for c in repeated], count=len(repeated)), None
    if top.combo.undeclared_joker:
        if played != (JOKER,):
            return _no("dfg.cut.joker", ("DFG-CUT-8",)), None
    elif (sorted(map(_ident_key, played)) != sorted(map(_ident_key, top.cards))
          or any(c.special == "JOKER" and not c.declared for c in played)):
        return _no("dfg.cut.identical", ("DFG-CUT-1", "DFG-CUT-8"), cards=format_cards(top.cards)), None
    reading = C.read(played, f.decks)
    if reading is None:
        return C.why_no_shape(played, f.decks), None
    rules = ["DFG-CUT-1", "DFG-CUT-4"]
    more: list[tuple[str, dict[str, Any]]] = []
    if f.revolution and f.cutin_can_revolt and _revolts(f, reading):
        more.append(("dfg.note.revolution_back" if state.revolution else "dfg.note.revolution", {}))
        rules.append("DFG-CUT-6")
    if len(physical) == len(state.hands[seat]):
        more.append(("dfg.note.goes_out", {}))
        rules.append("DFG-CUT-7")
    verdict = Verdict(True, "dfg.ok.cut_in", {"cards": format_cards(played)}, tuple(rules), more=tuple(more))
    return verdict, (played, reading)


def _ident_key(card: Card) -> str:
    ident = C.identity(card)
    return "JOKER" if ident is None else f"{ident[0]}-{ident[1]}"


def _revolts(f: Any, reading: C.Reading) -> bool:
    return reading.size >= 4 and (reading.kind == "group" or (reading.kind == "sequence" and f.revolution_by_sequence))


def apply_cut_in(game: "Daifugo", state: State, seat: int, played: tuple[Card, ...], reading: C.Reading) -> State:
    """§13 steps 1 – 5 for a cut-in: the cards to the field as a play out of turn, going out
    (DFG-CUT-7), a revolution (DFG-CUT-6), suit binding (not rank binding, DFG-CUT-3); the chain
    stays open for the next cut-in."""
    f = state.flags
    top = state.top()
    assert top is not None
    reversed_ = game.reversed_order(state)
    s3 = top.combo.spade3_return_play  # a cut-in on a spade-3 return copies it (A25)
    stored = C.as_spade3_return(reading) if s3 else reading
    state = take_from_hand(state, seat, tuple(c.physical for c in played))
    events = [_event("dfg.event.cut_in", ("DFG-CUT-1",), seat=seat, cards=format_cards(played), cut=top.seat)]
    state = replace(state, trick=state.trick + (Entry(seat, played, stored, in_turn=False),), last_field=())
    if not state.hands[seat]:
        forbidden = f.forbidden_finish and C.is_forbidden_finish(reading, reversed_, f.eight_cut, s3)
        state, more = game._goes_out(state, seat, forbidden)
        events += more
    if f.revolution and f.cutin_can_revolt and _revolts(f, reading):
        state = replace(state, revolution=not state.revolution)
        events.append(_event("dfg.event.revolution" if state.revolution else "dfg.event.revolution_back",
                             ("DFG-REV-1", "DFG-CUT-6"), seat=seat))
    if f.suit_binding:  # its suits equal the cut play's, so it binds at once, on a spade-3 return too
        bound = C.bound_after(state.bound, top.combo.suits, reading.suits, f.partial_binding)
        if bound != state.bound:
            events.append(_event("dfg.event.suit_bound", ("DFG-BIND-1", "DFG-CUT-3"), suits=list(bound)))
        state = replace(state, bound=bound)
    state = replace(state, log=state.log + tuple(events))
    if game._game_ends(state):  # DFG-OUT-2: the cut-in left one player; no window, the game ends
        return close_chain(game, state)
    return state


# --------------------------------------------------------------------------- closing a chain
def chain_facts(state: State) -> tuple[list[Entry], int, int | None]:
    """The open chain's plays (its in-turn play, then the cut-ins), its owner (the last of them)
    and its cut player (the player of the play before the last cut-in; None without one),
    DFG-CUT-5."""
    assert state.chain_start is not None
    entries = [e for e in state.trick[state.chain_start:] if not e.is_pass]
    owner = entries[-1].seat
    cut = entries[-2].seat if len(entries) > 1 else None
    return entries, owner, cut


def rank_count(entries: list[Entry], rank: str) -> int:
    """``n``: the cards of ``rank`` in the whole chain, declared jokers as their cards (DFG-CUT-5)."""
    return sum(1 for e in entries for c in e.cards if (C.identity(c) or ("", ""))[1] == rank)


def close_chain(game: "Daifugo", state: State) -> State:
    """§13 steps 6 – 7 once nobody cuts in: the chain's rank effects, then the next turn."""
    f = state.flags
    entries, owner, cut = chain_facts(state)
    reading = entries[0].combo
    state = replace(state, chain_start=None)
    if game._game_ends(state):
        return game._finish(state)
    flow = False
    skip = 0
    events = []
    decisions: list[str] = []
    for rank in C.effect_ranks(reading, f.effects_in_sequences):
        n = rank_count(entries, rank)
        if rank == "8" and f.eight_cut:
            flow = True
        elif rank == "4" and f.four_cut and n % 2 == 0:
            flow = True
            events.append(_event("dfg.event.four_cut", ("DFG-FOUR-1",), n=n))
        elif rank == "5" and f.five_skip:
            others = sum(1 for s in range(state.players) if s != owner and state.active(s))
            s_ = 2 * n - 1
            if s_ >= others:
                flow = True
                events.append(_event("dfg.event.five_lap", ("DFG-FIVE-1",), n=n, skips=s_))
            else:
                skip += s_
                events.append(_event("dfg.event.five_skip", ("DFG-FIVE-1",), n=n, skips=s_))
        elif rank == "9" and f.nine_reverse and n % 2 == 1:
            if sum(1 for s in range(state.players) if state.active(s)) == 2:
                flow = True
                events.append(_event("dfg.event.nine_two", ("DFG-NINE-1",), n=n))
            else:
                state = replace(state, direction=-state.direction)
                events.append(_event("dfg.event.nine_reverse", ("DFG-NINE-1",), n=n))
        elif rank == "9" and f.nine_reverse:
            events.append(_event("dfg.event.nine_even", ("DFG-NINE-1",), n=n))
        elif rank == "J" and f.j_back:
            state = replace(state, jback=not state.jback)
            # the message names the order now in force: 3 strongest, or 2 again (in a revolution)
            events.append(_event("dfg.event.jback" if state.jback != state.revolution else "dfg.event.jback_off",
                                 ("DFG-JBACK-1",), n=n))
        elif rank in DECISIONS and getattr(f, DECISIONS[rank][0]):
            decisions.append(rank)
    if cut is not None and (flow or skip or events):
        events.insert(0, _event("dfg.event.chain_effect", ("DFG-CUT-5",), owner=owner, n=len(entries)))
    state = replace(state, log=state.log + tuple(events))
    plan = Effect("plan", "", 0, owner, cut, owner, 0, flow=flow, skip=skip, rest=tuple(decisions),
                  entries=len(entries))
    return next_decision(game, state, plan)


def next_decision(game: "Daifugo", state: State, plan: Effect) -> State:
    """The next effect decision of the chain (ranks in order), skipped when it could only move
    no card (daifugo.md, Actions: protocol); then the next turn."""
    rest = list(plan.rest)
    while rest:
        rank = rest.pop(0)
        effect = _effect_for(game, state, plan, rank)
        if effect is not None:
            effect = replace(effect, flow=plan.flow, skip=plan.skip, rest=tuple(rest), entries=plan.entries)
            return replace(state, phase=effect.kind, effect=effect, to_act=effect.chooser)
    return finish_turn(game, replace(state, phase="play", effect=None), plan.owner, plan.flow, plan.skip)


def next_turn_seat(game: "Daifugo", state: State, owner: int, skip: int) -> int:
    """Who has the next turn after the chain (the receiver of a 7-pass, whom a Q peeps at):
    the next active seat after the owner in ``direction``, past ``skip`` more (DFG-TURN-1), and
    past seats locked out of the phase under ``pass_locks_phase`` as ``_advance`` passes them
    over (DFG-PASS-1, A27). The owner itself when everyone else is locked out: the field flows
    back to it and the effect lapses."""
    seat = next_seat(owner, state.players, state.active, state.direction, skip=skip)
    if not state.flags.pass_locks_phase:
        return seat
    locked = {e.seat for e in state.trick if e.is_pass}
    for _ in range(state.players):
        if seat == owner or seat not in locked:
            return seat
        seat = next_seat(seat, state.players, state.active, state.direction)
    return owner


def finish_turn(game: "Daifugo", state: State, owner: int, flow: bool, skip: int) -> State:
    """§13 step 7: a flow (the owner leads, or the next active seat after it when it went out,
    A21), or the next turn from the owner past ``skip`` seats (DFG-FIVE-1, DFG-CUT-4)."""
    if game._game_ends(state):
        return game._finish(state)
    if flow:  # the effect that flowed the field said so already (8-cut, 4-cut, a 5-skip lap, a 9 for two)
        if _was_eight(state):
            return game._flow(state, owner, ("DFG-EIGHT-1",))
        return game._flow(state, owner, ("DFG-FLOW-1",), key="dfg.event.flow.effect")
    if skip:
        before = next_seat(owner, state.players, state.active, state.direction, skip=skip - 1)
        return game._advance(state, before)
    return game._advance(state, owner)


def _was_eight(state: State) -> bool:
    top = state.top()
    return top is not None and top.combo is not None and "8" in C.effect_ranks(top.combo, state.flags.effects_in_sequences)


def _effect_for(game: "Daifugo", state: State, plan: Effect, rank: str) -> Effect | None:
    """The decision ``rank``'s effect asks for now, or None when it lapses or could move no card."""
    f = state.flags
    kind = DECISIONS[rank][1]
    owner, cut = plan.owner, plan.cut
    entries = list(state.trick[-plan.entries:]) if plan.entries else []
    n = rank_count([e for e in entries if not e.is_pass], rank)
    if kind == "six_salvage":
        prev = state.previous_places
        if prev is None or state.first_out is not None or not state.discard_pile:
            return None
        poorest = prev.index(state.players)
        if cut is None and owner != poorest:
            return None
        if cut is not None and not (f.salvage_transfers_on_cutin and cut == poorest):
            return None  # DFG-SIX-1: a cut-in takes the right away (A14)
        if not state.active(owner):
            return None
        return Effect(kind, rank, n, owner, cut, owner, min(n, len(state.discard_pile)))
    if kind == "seven_pass":
        to = cut if cut is not None else next_turn_seat(game, state, owner, plan.skip)
        count = min(n, len(state.hidden_of(owner)))
        if count == 0 or to == owner or not state.active(to):
            return None  # the receiver is out: the effect lapses (DFG-SEVEN-1)
        return Effect(kind, rank, n, owner, cut, owner, count, target=to)
    if kind == "ten_discard":
        count = min(n, len(state.hands[owner]))
        return Effect(kind, rank, n, owner, cut, owner, count) if count else None
    if kind == "q_peeping":
        to = cut if cut is not None else next_turn_seat(game, state, owner, plan.skip)
        count = min(n, len(state.hidden_of(to)))
        if count == 0 or to == owner:
            return None
        return Effect(kind, rank, n, owner, cut, owner, count, target=to)
    if kind == "k_greed":
        count = n // f.k_divisor
        receiver = cut if cut is not None else owner
        if count == 0 or (state.places[receiver] is not None and receiver not in state.eliminated):
            return None  # nothing to take, or the receiving area's player has finished
        effect = Effect(kind, rank, n, owner, cut, owner, count, target=receiver)
        return effect if _greed_sources(state, effect) else None
    if kind == "a_open":
        count = n // f.a_divisor
        if count == 0:
            return None
        if cut is not None:
            k = min(count, len(state.hidden_of(cut)))
            return Effect(kind, rank, n, owner, cut, owner, k, target=cut) if k else None
        queue = tuple(s for s in seats_after(owner, state.players, state.active, state.direction)
                      if s != owner and min(count, len(state.hidden_of(s))))
        if not queue:
            return None
        return Effect(kind, rank, n, owner, cut, queue[0], count, queue=queue[1:])
    raise AssertionError(kind)


def _greed_sources(state: State, effect: Effect) -> list[tuple[int, Card]]:
    """DFG-KING-1 (A22): every exposed card the chooser may move: any seat's (active or fallen by
    都落ち), but never the chooser's own, nor the receiving area's."""
    out = []
    for s in range(state.players):
        if s in (effect.chooser, effect.target):
            continue
        for c in state.exposed_of(s):
            out.append((s, c))
    return out


# --------------------------------------------------------------------------- effect decisions
def effect_spec(state: State, seat: int) -> Any:
    """The effect decision as a spec (choose k cards, or k blind positions), or None."""
    eff = state.effect
    if eff is None or seat != eff.chooser:
        return None
    rule = (EFFECT_RULE[eff.kind],)
    if eff.kind == "six_salvage":
        return ChooseCards("six_salvage", state.discard_pile, eff.count, rule_ids=rule, at_least=0,
                           in_hand=False)
    if eff.kind == "seven_pass":
        return ChooseCards("seven_pass", state.hidden_of(seat), eff.count, rule_ids=rule + ("DFG-OPEN-4",))
    if eff.kind == "ten_discard":
        return ChooseCards("ten_discard", state.hands[seat], eff.count, rule_ids=rule + ("DFG-OPEN-4",))
    if eff.kind == "q_peeping":
        assert eff.target is not None
        return ChoosePositions("q_peeping", len(state.hidden_of(eff.target)), eff.count, rule_ids=rule,
                               seat=eff.target)
    if eff.kind == "a_open" and eff.cut is not None:
        assert eff.target is not None
        return ChoosePositions("a_open", len(state.hidden_of(eff.target)), eff.count, rule_ids=rule,
                               seat=eff.target)
    if eff.kind == "a_open":
        k = min(eff.count, len(state.hidden_of(seat)))
        return ChooseCards("a_open", state.hidden_of(seat), k, rule_ids=rule)
    return None


def greed_options(state: State) -> list[Decision]:
    """K-greed's choices (DFG-KING-1): 0 … count exposed cards of the sources, grouped by seat;
    each multiset once."""
    eff = state.effect
    assert eff is not None
    sources = _greed_sources(state, eff)
    seen: set[Any] = set()
    out = []
    for k in range(0, eff.count + 1):
        for pick in combinations(range(len(sources)), k):
            by_seat: dict[str, list[str]] = {}
            for i in pick:
                s, c = sources[i]
                by_seat.setdefault(str(s), []).append(c.token)
            value = FrozenMap.of({s: tuple(sorted(v)) for s, v in by_seat.items()})
            if value not in seen:
                seen.add(value)
                out.append(Decision("k_greed", value))
    return out


def effect_actions(state: State, seat: int) -> list[Decision]:
    """Every action of the effect decision ``seat`` must make now."""
    eff = state.effect
    if eff is None or seat != eff.chooser:
        return []
    if eff.kind == "k_greed":
        return greed_options(state)
    spec = effect_spec(state, seat)
    return list(spec.expand()) if spec is not None else []


def judge_effect(state: State, action: Any, seat: int) -> tuple[Verdict, Any]:
    """Whether ``action`` is the effect decision ``seat`` may make, and why not."""
    eff = state.effect
    assert eff is not None
    rule = EFFECT_RULE[eff.kind]
    if seat != eff.chooser:
        return _no("common.not_your_turn", (rule,), seat=seat, to_act=eff.chooser), None
    if not (isinstance(action, Decision) and action.key == eff.kind):
        return _no("common.wrong_phase", (rule,), phase=eff.kind, expected=f'{{"{eff.kind}": …}}'), None
    if eff.kind == "k_greed":
        return _judge_greed(state, action, eff)
    spec = effect_spec(state, seat)
    if spec is None:
        return _no("dfg.effect.none", (rule,)), None
    if isinstance(spec, ChoosePositions):
        if not spec.contains(action):
            return _no("dfg.effect.positions", (rule,), count=spec.k, size=spec.size), None
        return _yes(OK_KEY[eff.kind], (rule,), count=spec.k), tuple(action.value)
    value = action.value
    if not isinstance(value, tuple) or isinstance(value, FrozenMap):
        return _no("dfg.effect.shape", (rule,), expected=written(eff.kind)), None
    try:
        cards = tuple(Card.parse(t) for t in value)
    except (ValueError, TypeError):
        return _no("dfg.effect.shape", (rule,), expected=written(eff.kind)), None
    if len(cards) not in spec.sizes():
        key = "dfg.effect.up_to" if spec.at_least is not None else "dfg.effect.count"
        return _no(key, (rule,), count=spec.k, n=len(cards)), None
    if not multiset_contains(spec.pool, cards):
        if eff.kind == "seven_pass" and multiset_contains(state.hands[seat], cards):
            shown = [c.token for c in cards if c in state.exposed_of(seat)]
            return _no("dfg.effect.no_exposed", (rule, "DFG-OPEN-4"), cards=shown), None
        if eff.kind == "six_salvage":
            return _no("dfg.effect.not_in_pile", (rule,)), None
        absent, repeated = shortfall(spec.pool, cards)
        if absent:
            return _no("common.not_in_hand", (rule,), cards=[str(c) for c in absent]), None
        return _no("common.repeated_card", (rule,), cards=[str(c) for c in repeated], count=len(repeated)), None
    return _yes(OK_KEY[eff.kind], (rule,), count=len(cards)), cards


def _judge_greed(state: State, action: Decision, eff: Effect) -> tuple[Verdict, Any]:
    value = action.value
    if not isinstance(value, FrozenMap):
        return _no("dfg.effect.shape", ("DFG-KING-1",), expected=written("k_greed")), None
    picks: list[tuple[int, Card]] = []
    try:
        for s, tokens in dict(value).items():
            seat = int(s)
            if not isinstance(tokens, tuple):
                raise ValueError
            picks += [(seat, Card.parse(t)) for t in tokens]
    except (ValueError, TypeError):
        return _no("dfg.effect.shape", ("DFG-KING-1",), expected=written("k_greed")), None
    if len(picks) > eff.count:
        return _no("dfg.effect.up_to", ("DFG-KING-1",), count=eff.count, n=len(picks)), None
    for seat, _ in picks:
        if seat == eff.chooser:
            return _no("dfg.effect.greed_own", ("DFG-KING-1",)), None
        if seat == eff.target or not 0 <= seat < state.players:
            return _no("dfg.effect.greed_target", ("DFG-KING-1",), seat=seat), None
    for seat in {s for s, _ in picks}:
        wanted = [c for s, c in picks if s == seat]
        if not multiset_contains(state.exposed_of(seat), wanted):
            return _no("dfg.effect.greed_not_exposed", ("DFG-KING-1", "DFG-OPEN-4"), seat=seat), None
    return _yes("dfg.ok.k_greed", ("DFG-KING-1",), count=len(picks)), tuple(picks)


def apply_effect(game: "Daifugo", state: State, seat: int, payload: Any) -> State:
    """The effect decision carried out; then the chain's next decision or the next turn."""
    eff = state.effect
    assert eff is not None
    rule = (EFFECT_RULE[eff.kind],)
    if eff.kind == "six_salvage":
        pile = multiset_remove(state.discard_pile, payload)
        state = add_to_hand(replace(state, discard_pile=pile), seat, payload)
        state = _logged(state, _event("dfg.event.six_salvage", rule, seat=seat, count=len(payload)))
    elif eff.kind == "seven_pass":
        assert eff.target is not None
        state = add_to_hand(take_hidden(state, seat, payload), eff.target, payload)
        state = _logged(state, _event("dfg.event.seven_pass", rule, seat=seat, to=eff.target, count=len(payload)))
        state = _out_by_effect(game, state, seat)
    elif eff.kind == "ten_discard":
        state = take_from_hand(state, seat, payload)
        state = replace(state, discard_pile=state.discard_pile + tuple(payload))
        state = _logged(state, _event("dfg.event.ten_discard", rule, seat=seat, cards=format_cards(payload)))
        state = _out_by_effect(game, state, seat)
    elif eff.kind == "q_peeping" or (eff.kind == "a_open" and eff.cut is not None):
        assert eff.target is not None
        hidden = state.hidden_of(eff.target)
        cards = tuple(hidden[i] for i in payload)
        state = expose(state, eff.target, cards)
        key = "dfg.event.q_peeping" if eff.kind == "q_peeping" else "dfg.event.a_open_blind"
        state = _logged(state, _event(key, rule, seat=seat, target=eff.target, cards=format_cards(cards)))
    elif eff.kind == "k_greed":
        assert eff.target is not None
        moved: list[Card] = []
        for source, card in payload:
            state = take_from_hand(state, source, (card,))
            moved.append(card)
        state = add_to_hand(state, eff.target, tuple(moved), exposed=True)
        state = _logged(state, _event("dfg.event.k_greed_self" if eff.target == seat else "dfg.event.k_greed", rule, seat=seat, to=eff.target, cards=format_cards(moved),
                                      count=len(moved)))
        for source in sorted({s for s, _ in payload}):
            state = _out_by_effect(game, state, source)
    elif eff.kind == "a_open":
        chosen = eff.chosen + ((seat, tuple(payload)),)
        if eff.queue:
            nxt = replace(eff, chooser=eff.queue[0], queue=eff.queue[1:], chosen=chosen)
            state = _logged(state, _event("dfg.event.a_open_chosen", rule, seat=seat))
            return replace(state, effect=nxt, to_act=nxt.chooser)
        for s, cards in chosen:  # the choices take effect together
            state = expose(state, s, cards)
            state = _logged(state, _event("dfg.event.a_open", rule, seat=s, cards=format_cards(cards)))
    plan = replace(eff, kind="plan")
    return next_decision(game, replace(state, effect=None, phase="play"), plan)


def written(key: str) -> str:
    """How a decision is written, for a refusal's message (``dfg.effect.shape``)."""
    if key == "k_greed":
        return '{"k_greed": {"<seat>": [cards]}}'
    if key in ("q_peeping", "a_open_blind"):
        return '{"%s": [positions]}' % key.replace("_blind", "")
    return '{"%s": [cards]}' % key


def _logged(state: State, event: Any) -> State:
    return replace(state, log=state.log + (event,))


def _out_by_effect(game: "Daifugo", state: State, seat: int) -> State:
    """A hand emptied by an effect goes out (A15); never a forbidden finish (DFG-OUT-3)."""
    if state.hands[seat] or not state.active(seat):
        return state
    state, events = game._goes_out(state, seat, False)
    return replace(state, log=state.log + tuple(events))


# --------------------------------------------------------------------------- penalties (DFG-OPEN-3)
def penalize(game: "Daifugo", state: State, seat: int, cards: tuple[Card, ...], in_turn: bool) -> State:
    """An illegal play or cut-in with ``penalize_illegal_attempt``: the attempted cards of the
    hand become exposed (DFG-OPEN-2 a, b) and, in turn, the turn counts as a pass (DFG-OPEN-3).
    A lead passed this way goes to the next active seat (the spec is silent; chosen here)."""
    hidden = list(state.hidden_of(seat))
    shown = []
    for c in cards:
        if c in hidden:
            hidden.remove(c)
            shown.append(c)
    state = expose(state, seat, tuple(shown))
    state = _logged(state, _event("dfg.event.penalty", ("DFG-OPEN-3",), seat=seat, cards=format_cards(shown)))
    if not in_turn:
        return state
    if state.top() is None:
        nxt = next_seat(seat, state.players, state.active, state.direction)
        return replace(state, to_act=nxt, log=state.log + (_event("dfg.event.pass", ("DFG-OPEN-3",), seat=seat),))
    return game._apply_pass(state, seat)
