"""Tichu's own quiz kinds (``tutor/quiz``): exercises over seeded hands, answered by the engine.

Every answer here is the engine's: a verdict of ``explain``, the legal list, the events ``apply``
wrote, the state it left (who is to act, whether the wish still holds, the round's result), or
the combination reading of ``combos.classify``. This module only chooses positions and words:
it picks a position a real hand reached (``tutor.quiz.positions.play_hand``), asks one seat
about it as that seat sees it, and names the rules a right answer shows.

A position after a move is *settled* with ``Game.close_window`` (nobody bombs; a finished trick
is collected), as the page does once a window has closed.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ...actions import PASS, Decision, FrozenMap, Pass, Play
from ...cards import Card
from ...quiz.exercise import Exercise, Msg, Option
from ...quiz.outcomes import Outcome
from ...quiz.positions import Hand as PlayedHand, Point, play_hand
from ...rng import Rng
from .combos import DRAGON, RANK_OF, TYPE_RULE, Hand, classify, generate, is_natural
from .state import team_of

#: the engine's verdict keys that teach nothing about this game's rules (a play not held)
UNTAUGHT = ("common.wrong_phase", "common.not_your_turn", "common.not_in_hand", "common.repeated_card")

OUTCOMES = (
    Outcome("tichu.event.dog", "seat", "tichu.quiz.q.outcome_dog"),
    Outcome("tichu.event.trick_won", "seat", "tichu.quiz.q.outcome_trick"),
)

PHOENIX = Card(special="PHOENIX")
DOG = Card(special="DOG")


# --------------------------------------------------------------------------- helpers
def _exercise(game: Any, kind: str, seed: int, hand: PlayedHand, state: Any, seat: int, question: Msg,
              options: list[Option], rule_ids: Any, shows: Any = None, in_turn: bool = True,
              multiple: bool = False, hide: tuple[str, ...] = ()) -> Exercise:
    return Exercise(game.name, kind, seed, hand.preset, state, seat, question, tuple(options),
                    tuple(dict.fromkeys(rule_ids)), shows=shows, in_turn=in_turn, multiple=multiple, hide=hide)


def _real(game: Any, p: Point) -> bool:
    """A position the game really reaches: not one left with a finished trick uncollected
    (``play_hand`` closes only open windows; a trick under an out-of-turn bomb stays on the table)."""
    return not (p.in_turn and p.state.phase == "play" and game.close_window(p.state) is not p.state)


def _settle(game: Any, state: Any) -> Any:
    return game.close_window(state)


def _new_events(game: Any, before: Any, after: Any) -> list[Any]:
    return list(game.events(after))[len(game.events(before)):]


def _why(v: Any) -> tuple[Msg, ...]:
    return ((v.key, v.params),) + tuple(v.more)


def _verdict_option(action: Any, v: Any) -> Option:
    return Option(None, v.legal, _why(v), v.rule_ids, action)


def _pick(rng: Rng, items: list[Any]) -> Any:
    return items[rng.below(len(items))]


def _by_category(rng: Rng, found: dict[str, list[Any]], prefer: tuple[str, ...] = ()) -> tuple[str, Any] | None:
    """One candidate: a category drawn uniformly among those found (``prefer``: those first, one
    time in two), then one of its candidates."""
    cats = [c for c in found if found[c]]
    if not cats:
        return None
    preferred = [c for c in prefer if c in cats]
    if preferred and rng.below(2) == 0:
        cat = _pick(rng, preferred)
    else:
        cat = _pick(rng, cats)
    return cat, _pick(rng, found[cat])


def _combos(hand: tuple[Card, ...]) -> list[tuple[tuple[Card, ...], Any]]:
    """Every combination the cards make (the engine's generator, as if leading)."""
    return generate(Hand(hand), None, leading=True)


def _judge_all(game: Any, state: Any, seat: int, actions: list[Any], in_turn: bool = True) -> tuple[list, list]:
    legal, illegal, seen = [], [], set()
    for a in actions:
        key = repr(a.to_json())
        if key in seen:
            continue
        seen.add(key)
        v = game.explain(state, a, seat, in_turn)
        if v.key in UNTAUGHT or not v.rule_ids:
            continue
        (legal if v.legal else illegal).append((a, v))
    return legal, illegal


def _distinct(rng: Rng, judged: list[tuple[Any, Any]], first: Callable[[Any], bool] = lambda v: False) -> list:
    """Judged actions, one per verdict key first (those ``first`` marks before the rest)."""
    pool = list(judged)
    rng.shuffle(pool)
    pool.sort(key=lambda j: 0 if first(j[1]) else 1)
    out, rest, seen = [], [], set()
    for j in pool:
        (rest if j[1].key in seen else out).append(j)
        seen.add(j[1].key)
    return out + rest


def _sample(rng: Rng, items: list[Any], k: int) -> list[Any]:
    pool = list(items)
    rng.shuffle(pool)
    return pool[:k]


def _has_wished(cards: Any, rank: str | None) -> bool:
    return rank is not None and any(is_natural(c) and c.rank == rank for c in cards)


def _seat_options(game: Any, state: Any, me: int, answer: int, why: tuple[Msg, ...], rule_ids: Any,
                  seats: list[int] | None = None) -> list[Option]:
    seats = seats if seats is not None else list(range(game.players(state)))
    return [Option(("quiz.answer.seat_you" if s == me else "quiz.answer.seat", {"seat": s}), s == answer, why,
                   tuple(rule_ids)) for s in seats]


def _points(game: Any, hand: PlayedHand) -> list[Point]:
    """The hand's decisions up to the first position the game never reaches (``_real``): after it
    the hand only goes round in passes under an uncollected trick."""
    out = []
    for p in hand.points:
        if not _real(game, p):
            break
        out.append(p)
    return out


def _play_points(game: Any, hand: PlayedHand, test: Callable[[Point], bool]) -> list[Point]:
    return [p for p in _points(game, hand) if p.state.phase == "play" and test(p)]


def _some_plays(rng: Rng, hand: tuple[Card, ...], like: str | None, k: int = 24) -> list[Play]:
    """Up to ``k`` combinations of the hand (the engine's generator): half of them of the type
    ``like`` (those that may or may not beat the top), half of other types."""
    combos = _combos(hand)
    rng.shuffle(combos)
    same = [Play(cards) for cards, c in combos if c.type == like][:k // 2]
    other = [Play(cards) for cards, c in combos if c.type != like][:k - len(same)]
    return same + other


def _bombs(hand: tuple[Card, ...]) -> list[tuple[tuple[Card, ...], Any]]:
    """The bombs the cards make (the engine's generator)."""
    from .combos import _bombs as bombs_of
    return bombs_of(Hand(hand))


# --------------------------------------------------------------------------- beats: which play beats the table
def beats_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """Only one of these plays may go on the play on top: which? (the wish aside)"""
    hand = play_hand(game, rng)
    points = _play_points(game, hand, lambda p: p.in_turn and p.state.top() is not None and p.state.wish is None)
    for p in _sample(rng, points, 8):
        st, seat = p.state, p.seat
        plays = _some_plays(rng, st.hands[seat], st.top().combo.type)
        legal, illegal = _judge_all(game, st, seat, plays)
        if not legal or len(illegal) < 2:
            continue
        right = _pick(rng, legal)
        wrong = _distinct(rng, illegal)[:3]
        if len({v.key for _, v in wrong}) < 2:
            continue
        options = [_verdict_option(*right)] + [_verdict_option(*j) for j in wrong]
        rng.shuffle(options)
        top = st.top().combo
        rules = [r for o in options for r in o.rule_ids]
        kind = game.play_type(st, seat, right[0])
        rules.append(TYPE_RULE[kind])
        if top.type in ("single", "pair", "triple", "full_house", "straight", "stairs") and not top.is_bomb:
            rules.append("TICHU-SETUP-3")  # ranks compared: Mahjong < 2 … A < Dragon
        if top.is_bomb or any(classify(o.action.cards) and classify(o.action.cards)[0].is_bomb for o in options):
            rules += ["TICHU-CMP-3", "TICHU-BOMB-1", "TICHU-BOMB-2"]
        return _exercise(game, "beats", seed, hand, st, seat, ("tichu.quiz.q.beats", {}), options, rules)
    return None


# --------------------------------------------------------------------------- classify: what combination is this?
CONFUSED = {
    "single": ("pair", "dog", "none"),
    "pair": ("stairs", "triple", "single"),
    "triple": ("four_of_a_kind_bomb", "full_house", "pair"),
    "full_house": ("triple", "stairs", "none"),
    "straight": ("straight_flush_bomb", "stairs", "none"),
    "stairs": ("pair", "straight", "full_house"),
    "four_of_a_kind_bomb": ("triple", "stairs", "straight_flush_bomb"),
    "straight_flush_bomb": ("straight", "four_of_a_kind_bomb", "stairs"),
    "dog": ("single", "none", "pair"),
    "none": ("stairs", "full_house", "straight"),
}


def _type_label(t: str) -> Msg:
    return ("tichu.quiz.answer.no_combination", {}) if t == "none" else ("tichu.quiz.answer.type", {"type": t})


def classify_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """What kind of combination do these cards make (or none)?"""
    hand = play_hand(game, rng)
    first = next((p for p in hand.points if p.state.phase == "play" and p.in_turn), None)
    if first is None:
        return None
    st = first.state
    by_type: dict[str, list[tuple[int, tuple[Card, ...]]]] = {}
    for s in range(4):
        for cards, c in _combos(st.hands[s]):
            if c.type != "dog":  # the Dog is played alone, as no combination (TICHU-DOG-1)
                by_type.setdefault(c.type, []).append((s, cards))
    if rng.below(5) == 0:  # a handful of cards that make no combination
        for _ in range(12):
            s = first.seat  # the seat to lead: the engine's verdict on the cards says why they are none
            pool = list(st.hands[s])
            rng.shuffle(pool)
            cards = tuple(pool[:2 + rng.below(4)])
            cards = tuple(Card(special="PHOENIX", declared=RANK_OF[2 + rng.below(13)]) if c.special == "PHOENIX" else c
                          for c in cards)
            if not classify(cards):
                by_type = {"none": [(s, cards)]}
                break
    bombs = [b for b in ("straight_flush_bomb", "four_of_a_kind_bomb") if b in by_type]
    t = bombs[0] if bombs and rng.below(2) == 0 else _pick(rng, sorted(by_type))  # bombs are rare: shown often
    seat, cards = _pick(rng, by_type[t])
    action = Play(cards)
    readings = classify(cards)
    actual = readings[0].type if readings else "none"
    if actual == "none":
        v = game.explain(st, action, seat)
        if v.legal or not v.rule_ids:
            return None
        fact: tuple[Msg, ...] = _why(v)
        rules = ["TICHU-COMBO-9"] + list(v.rule_ids)
    else:
        fact = (("tichu.quiz.why.is_type", {"type": actual, "rule": TYPE_RULE[actual]}),)
        rules = [TYPE_RULE[actual]]
        if actual == "straight":  # told apart from a straight-flush bomb by its suits
            rules.append("TICHU-COMBO-8")
    if any(c.special == "PHOENIX" for c in cards) and len(cards) > 1:
        rules += ["TICHU-PHOENIX-1", "TICHU-COMBO-10"]
    choices = [actual] + list(CONFUSED[actual])
    options = []
    for c in choices:
        why = fact if c == actual else ((("tichu.quiz.why.not_type", {"type": c}) if c != "none"
                                         else ("tichu.quiz.why.is_combination", {})),) + fact
        options.append(Option(_type_label(c), c == actual, why, tuple(rules)))
    rng.shuffle(options)
    return _exercise(game, "classify", seed, hand, st, seat, ("tichu.quiz.q.classify", {}), options, rules,
                     shows=action, in_turn=seat == st.to_act)


# --------------------------------------------------------------------------- next: whose turn is it then?
def next_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """You make this move and nobody bombs: whose turn is it then?"""
    hand = play_hand(game, rng)
    found: dict[str, list[tuple[Point, Any, list]]] = {}
    for p in _play_points(game, hand, lambda p: p.action is not None):
        after = _settle(game, p.after)
        if after.phase not in ("play", "wish") or after.to_act is None:
            continue
        events = _new_events(game, p.state, after)
        keys = [e.key for e in events]
        st = p.state
        if not p.in_turn:
            cat = "bomb"
        elif after.phase == "wish":
            cat = "mahjong"
        elif "tichu.event.dog" in keys:
            cat = "dog"
        elif "tichu.event.trick_won" in keys:
            won = next(e for e in events if e.key == "tichu.event.trick_won").params["seat"]
            cat = "lead_out" if not after.hands[won] else "lead"
        elif not after.hands[(p.seat + 1) % 4]:
            cat = "skip"
        else:
            cat = "turn"
        found.setdefault(cat, []).append((p, after, events))
    picked = _by_category(rng, found, prefer=("skip", "lead_out", "dog", "bomb"))
    if picked is None:
        return None
    cat, (p, after, events) = picked
    answer = after.to_act
    rules: list[str] = []
    why: list[Msg] = []
    if cat == "bomb":
        why.append(("tichu.quiz.why.next_bomb", {"seat": answer}))
        rules += ["TICHU-BOMB-4"]
    elif cat == "mahjong":
        why.append(("tichu.quiz.why.next_wish", {"seat": answer}))
        rules += ["TICHU-WISH-1", "TICHU-MAHJONG-1"]
    elif cat == "dog":
        ev = next(e for e in events if e.key == "tichu.event.dog")
        why.append((ev.key, ev.params))
        rules += list(ev.rule_ids) if not p.state.hands[(p.seat + 2) % 4] else ["TICHU-DOG-1"]
    elif cat in ("lead", "lead_out"):
        ev = next(e for e in events if e.key == "tichu.event.trick_won")
        why.append((ev.key, ev.params))
        if cat == "lead_out":
            why.append(("tichu.quiz.why.next_lead_out", {"winner": ev.params["seat"], "seat": answer}))
            rules += ["TICHU-TRICK-1", "TICHU-TRICK-2", "TICHU-TURN-3"]
        else:
            why.append(("tichu.quiz.why.next_lead", {"seat": answer}))
            rules += ["TICHU-TRICK-1"]
    else:
        between = []  # the seats passed over on the way from the mover to the answer
        for k in range(1, 4):
            s = (p.seat + k) % 4
            if s == answer:
                break
            between.append(s)
        skipped = [s for s in between if not after.hands[s]]
        if skipped:
            why.append(("tichu.quiz.why.next_skip", {"out_seats": skipped, "seat": answer}))
            rules += ["TICHU-TURN-3", "TICHU-TURN-1"]
        else:
            why.append(("tichu.quiz.why.next_turn", {"seat": answer}))
            rules += ["TICHU-TURN-1"]
    if any(e.key == "tichu.event.out" for e in events):
        rules.append("TICHU-OUT-1")
    question = ("tichu.quiz.q.next" if p.in_turn else "tichu.quiz.q.next_bomb", {})
    options = _seat_options(game, p.state, p.seat, answer, tuple(why), rules)
    return _exercise(game, "next", seed, hand, p.state, p.seat, question, options, rules, shows=p.action,
                     in_turn=p.in_turn)


# --------------------------------------------------------------------------- trick: who takes it, how many points
def _trick_ends(game: Any, hand: PlayedHand) -> dict[str, list[tuple[Point, Any, list]]]:
    """Moves after which the trick is over (nobody bombing): by what decided it."""
    found: dict[str, list] = {}
    for p in _play_points(game, hand, lambda p: p.action is not None and p.in_turn):
        after = _settle(game, p.after)
        events = _new_events(game, p.state, after)
        ev = next((e for e in events if e.key in ("tichu.event.trick_won", "tichu.event.dragon_wins")), None)
        if ev is None or after.phase == "score" or any(e.key == "tichu.event.round_end" for e in events):
            continue
        trick = p.after.trick
        dragon = any(c.special == "DRAGON" for e in trick for c in e.cards)
        top = p.after.top().combo
        if dragon and top.is_bomb:
            cat = "bombed_dragon"
        elif ev.key == "tichu.event.dragon_wins":
            cat = "dragon"
        elif not after.hands[ev.params["seat"]]:
            cat = "out"
        elif top.is_bomb:
            cat = "bomb"
        else:
            cat = "plain"
        found.setdefault(cat, []).append((p, after, events))
    return found


def _dragon_bombed_trick(game: Any, hand: PlayedHand) -> list:
    """A Dragon bombed out of turn (``_dragon_bombed``), then every other seat passing: the last
    pass, after which the trick is over. Every move a legal one."""
    for st, seat, bombs in _dragon_bombed(game, hand)[:1]:
        state = game.apply(st, bombs[0], seat, in_turn=False)
        for _ in range(4):
            mover = state.to_act
            if mover is None or not game.explain(state, PASS, mover).legal:
                return []
            after = game.apply(state, PASS, mover)
            if game._trick_complete(after):
                done = _settle(game, after)
                point = Point(state, mover, True, PASS, after, tuple(_new_events(game, state, after)))
                return [(point, done, _new_events(game, state, done))]
            state = after
    return []


def trick_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """You make this move and nobody bombs: who takes the trick?"""
    hand = play_hand(game, rng)
    found = _trick_ends(game, hand)
    if not found.get("bombed_dragon"):
        found["bombed_dragon"] = _dragon_bombed_trick(game, hand)
    if found["bombed_dragon"] and rng.below(2) == 0:  # the rarest position: asked whenever it may be
        found = {"bombed_dragon": found["bombed_dragon"]}
    picked = _by_category(rng, found, prefer=("bombed_dragon", "out", "dragon", "bomb"))
    if picked is None:
        return None
    cat, (p, after, events) = picked
    ev = next(e for e in events if e.key in ("tichu.event.trick_won", "tichu.event.dragon_wins"))
    answer = ev.params["seat"]
    rules = ["TICHU-TRICK-1"] + list(ev.rule_ids)
    why: list[Msg] = [(ev.key, ev.params)]
    if cat == "bombed_dragon":
        rules += ["TICHU-DRAGON-3", "TICHU-BOMB-1"]
        why.append(("tichu.quiz.why.bombed_dragon", {}))
    elif cat == "out":
        rules.append("TICHU-OUT-1")
        why.append(("tichu.quiz.why.out_wins", {"seat": answer}))
    elif cat == "bomb":
        rules.append("TICHU-BOMB-1")
    options = _seat_options(game, p.state, p.seat, answer, tuple(why), rules)
    return _exercise(game, "trick", seed, hand, p.state, p.seat, ("tichu.quiz.q.trick", {}), options, rules,
                     shows=p.action, hide=("holding",))  # the marker on the play holding the trick would say


def points_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """You make this move and nobody bombs: how many card points does the trick bring?"""
    hand = play_hand(game, rng)
    found = _trick_ends(game, hand)
    # the trick's cards: with the Phoenix or the Dragon first (their points are the surprise)
    special: list = []
    for cands in found.values():
        for c in cands:
            if any(x.special in ("PHOENIX", "DRAGON") for e in c[0].after.trick for x in e.cards):
                special.append(c)
    picked = _by_category(rng, {"special": special, "any": [c for v in found.values() for c in v]},
                          prefer=("special",))
    if picked is None:
        return None
    _, (p, after, events) = picked
    ev = next(e for e in events if e.key in ("tichu.event.trick_won", "tichu.event.dragon_wins"))
    if ev.key == "tichu.event.dragon_wins":  # the points are read where the trick is given
        gift = game.legal_actions(after, after.to_act)[0]
        given = game.apply(after, gift, after.to_act)
        ev = next(e for e in _new_events(game, after, given) if e.key == "tichu.event.trick_received")
    answer = int(ev.params["points"])
    cards = [x for e in p.after.trick for x in e.cards]
    rules = ["TICHU-SCORE-1"]
    mistakes = [answer + 5, answer - 5, answer + 10, answer - 10]
    if any(c.special == "PHOENIX" for c in cards):
        rules.append("TICHU-PHOENIX-5")
        mistakes = [answer + 25] + mistakes
    if any(c.special == "DRAGON" for c in cards):
        mistakes = [answer - 25] + mistakes
    kings = sum(1 for c in cards if not c.special and c.rank == "K")
    if kings:
        mistakes = [answer - 10 * kings] + mistakes
    wrong = [m for m in dict.fromkeys(mistakes) if m != answer][:3]
    why = (("tichu.quiz.why.trick_points", {"cards": [c.token for c in cards], "points": answer}),
           ("tichu.quiz.why.card_points", {}))
    options = [Option(("quiz.answer.points", {"n": n}), n == answer, why, tuple(rules)) for n in [answer] + wrong]
    rng.shuffle(options)
    return _exercise(game, "points", seed, hand, p.state, p.seat, ("tichu.quiz.q.points", {}), options, rules,
                     shows=p.action)


# --------------------------------------------------------------------------- bomb: out of turn, own play, claims, lead
def bomb_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    hand = play_hand(game, rng)
    found: dict[str, list] = {}
    windows = 0
    for p in _points(game, hand):
        if p.in_turn and p.state.phase == "play" and p.state.top() is None:
            bombs = _bombs(p.state.hands[p.seat])
            if bombs:
                found.setdefault("lead", []).append((p.state, p.seat, bombs))
        if p.action is None or not isinstance(p.action, Play) or p.after.phase != "play":
            continue
        st = p.after
        window = game.window(st)
        if window is None:
            continue
        windows += 1
        if len(window.order) >= 3:
            found.setdefault("order", []).append((st, p.seat, window))
        for s in window.order:
            if not st.hands[s] or not _bombs(st.hands[s]):
                continue
            bombs = game.legal_actions(st, s, in_turn=False)
            if not bombs:
                continue
            top = st.top()
            if top.seat == s:
                found.setdefault("own", []).append((st, s, bombs))
            elif top.combo.type == "single" and top.combo.rank >= DRAGON:
                found.setdefault("dragon", []).append((st, s, bombs))
            elif st.wish is not None:
                found.setdefault("wish", []).append((st, s, bombs))
            else:
                found.setdefault("interrupt", []).append((st, s, bombs))
    if "wish" not in found:
        found["wish"] = _wished_bombs(game, rng, hand)
    if not found.get("dragon"):
        found["dragon"] = _dragon_bombed(game, hand)
    if found.get("dragon") and rng.below(2) == 0:  # the rarest position: a Dragon a bomb may beat
        found = {"dragon": found["dragon"]}
    elif any(v for c, v in found.items() if c != "order") and rng.below(4):
        found.pop("order", None)  # a seat holding a bomb is rarer than a window: asked first
    picked = _by_category(rng, found, prefer=("own", "dragon", "wish", "lead"))
    if picked is None:
        return None
    cat, cand = picked
    if cat == "order":
        st, mover, window = cand
        seats = list(window.order)
        me = _pick(rng, [s for s in range(4) if st.hands[s]] or [mover])
        answer = window.order[0]
        why = (("tichu.quiz.why.bomb_order", {"top_seat": st.top().seat, "seat": answer}),)
        rules = ["TICHU-BOMB-8", "TICHU-BOMB-4"]
        options = _seat_options(game, st, me, answer, why, rules, seats=seats)
        return _exercise(game, "bomb", seed, hand, st, me, ("tichu.quiz.q.bomb_order", {}), options, rules,
                         in_turn=False)
    if cat == "lead":
        st, seat, bombs = cand
        bomb = Play(_pick(rng, bombs)[0])
        others = [PASS] + [Play(tuple(_sample(rng, list(st.hands[seat]), 2 + rng.below(3)))) for _ in range(12)]
        legal, illegal = _judge_all(game, st, seat, [bomb] + others)
        right = next((j for j in legal if j[0] == bomb), None)
        wrong = _distinct(rng, illegal, first=lambda v: v.key == "tichu.cannot_pass_lead")[:3]
        if right is None or len(wrong) < 2:
            return None
        options = [_verdict_option(*right)] + [_verdict_option(*j) for j in wrong]
        rng.shuffle(options)
        rules = ["TICHU-BOMB-9", TYPE_RULE[classify(bomb.cards)[0].type]] + [r for o in options for r in o.rule_ids]
        return _exercise(game, "bomb", seed, hand, st, seat, ("tichu.quiz.q.bomb_lead", {}), options, rules)
    st, seat, bombs = cand
    bomb = _pick(rng, bombs)
    if cat == "dragon":  # the Dragon bombed: who takes the trick, and is it given away?
        after = game.apply(st, bomb, seat, in_turn=False)
        for _ in range(4):  # everyone else passes
            if game._trick_complete(after):
                break
            s = after.to_act
            if not game.explain(after, PASS, s).legal:
                after = None
                break
            after = game.apply(after, PASS, s)
        if after is not None:
            done = _settle(game, after)
            events = _new_events(game, st, done)
            ev = next((e for e in events if e.key in ("tichu.event.trick_won", "tichu.event.dragon_wins")), None)
            if ev is not None:
                dragon_seat = st.top().seat
                right = "keep" if ev.key == "tichu.event.trick_won" and ev.params["seat"] == seat else \
                    "dragon" if ev.key == "tichu.event.dragon_wins" else "give"
                why = ((ev.key, ev.params), ("tichu.quiz.why.bombed_dragon", {}))
                rules = ["TICHU-DRAGON-3", "TICHU-BOMB-1", "TICHU-BOMB-4"]
                labels = {"keep": ("tichu.quiz.answer.bomb_keeps", {}), "give": ("tichu.quiz.answer.bomb_gives", {}),
                          "dragon": ("tichu.quiz.answer.dragon_keeps", {"seat": dragon_seat})}
                options = [Option(labels[k], k == right, why, tuple(rules)) for k in ("keep", "give", "dragon")]
                return _exercise(game, "bomb", seed, hand, st, seat, ("tichu.quiz.q.bomb_dragon", {}), options,
                                 rules, shows=bomb, in_turn=False)
    # which of these may you play out of turn now?
    others = [Play(tuple(_sample(rng, list(st.hands[seat]), 1 + rng.below(4)))) for _ in range(16)]
    others += _some_plays(rng, st.hands[seat], None, 16)
    legal, illegal = _judge_all(game, st, seat, [bomb] + others, in_turn=False)
    right = next((j for j in legal if j[0] == bomb), None)
    wrong = _distinct(rng, illegal)[:3]
    if right is None or len(wrong) < 2:
        return None
    options = [_verdict_option(*right)] + [_verdict_option(*j) for j in wrong]
    rng.shuffle(options)
    rules = [r for o in options for r in o.rule_ids] + ["TICHU-CMP-3", "TICHU-BOMB-1"]
    if cat == "own":
        rules.append("TICHU-BOMB-6")
    question = ("tichu.quiz.q.bomb_own" if cat == "own" else "tichu.quiz.q.bomb_out_of_turn", {})
    return _exercise(game, "bomb", seed, hand, st, seat, question, options, rules, in_turn=False)


def _dragon_bombed(game: Any, hand: PlayedHand) -> list:
    """A Dragon a bomb may beat: the Dragon's holder plays it where it may (its choice to make),
    while another seat still holds a bomb. The first such position of the hand."""
    dragon = Play((Card(special="DRAGON"),))
    for p in _points(game, hand):
        st = p.state
        if not p.in_turn or st.phase != "play" or not any(c.special == "DRAGON" for c in st.hands[p.seat]):
            continue
        holders = [s for s in range(4) if s != p.seat and st.hands[s] and _bombs(st.hands[s])]
        if not holders or not game.explain(st, dragon, p.seat).legal:
            continue
        after = game.apply(st, dragon, p.seat)
        if game.window(after) is None:
            continue
        out = [(after, s, game.legal_actions(after, s, in_turn=False)) for s in holders]
        out = [o for o in out if o[2]]
        if out:
            return out
    return []


def _wished_bombs(game: Any, rng: Rng, hand: PlayedHand) -> list:
    """Bombs out of turn while a wish is in force: the Mahjong's player wishes for a rank a
    bomb holder holds outside the bomb (any wish is theirs to make), and the Mahjong lies on top."""
    out = []
    for p in hand.points:
        if p.state.phase != "wish" or not p.in_turn:
            continue
        st = p.state
        for s in range(4):
            if s == p.seat or not st.hands[s]:
                continue
            bombs = _bombs(st.hands[s])
            if not bombs:
                continue
            in_bomb = {c for cards, _ in bombs for c in cards}
            ranks = sorted({c.rank for c in st.hands[s] if is_natural(c) and c not in in_bomb})
            if not ranks:
                continue
            wished = game.apply(st, Decision("wish", _pick(rng, ranks)), p.seat)
            if game.window(wished) is None:
                continue
            legal = game.legal_actions(wished, s, in_turn=False)
            if legal:
                out.append((wished, s, legal))
    return out


# --------------------------------------------------------------------------- wish: what it obliges you to play
def wish_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    hand = play_hand(game, rng)
    play_pts = _play_points(game, hand, lambda p: p.in_turn and p.state.wish is not None)
    found: dict[str, list] = {
        "bound": [p for p in play_pts if _has_wished(p.state.hands[p.seat], p.state.wish)],
        "phoenix": [p for p in play_pts if not _has_wished(p.state.hands[p.seat], p.state.wish)
                    and any(c.special == "PHOENIX" for c in p.state.hands[p.seat])],
        "lasts": [p for p in play_pts if isinstance(p.action, Play)],
    }
    for _ in range(4):
        picked = _by_category(rng, found, prefer=("phoenix",))
        if picked is None:
            return None
        cat, p = picked
        found[cat] = [q for q in found[cat] if q is not p]
        made = _wish_lasts(game, rng, seed, hand, p) if cat == "lasts" else _wish_play(game, rng, seed, hand, p)
        if made is not None:
            return made
    return None


def _wish_lasts(game: Any, rng: Rng, seed: int, hand: PlayedHand, p: Point) -> Exercise | None:
    """After this play, is the wish still in force?"""
    st, rank = p.state, p.state.wish
    stays = p.after.wish is not None  # the engine's state after the move
    rules = ["TICHU-WISH-5"]
    if stays:
        why: tuple[Msg, ...] = (("tichu.quiz.why.wish_stays", {"rank": rank}),)
    else:
        ev = next(e for e in p.events if e.key == "tichu.event.wish_fulfilled")
        why = ((ev.key, ev.params), ("tichu.quiz.why.wish_over", {}))
    if any(c.special == "PHOENIX" for c in p.action.cards):
        rules.append("TICHU-WISH-7")
        why += (("tichu.quiz.why.phoenix_not_wished", {"rank": rank}),)
    options = [Option(("tichu.quiz.answer.wish_stays", {"rank": rank}), stays, why, tuple(rules)),
               Option(("tichu.quiz.answer.wish_over", {"rank": rank}), not stays, why, tuple(rules))]
    return _exercise(game, "wish", seed, hand, st, p.seat, ("tichu.quiz.q.wish_lasts", {"rank": rank}), options,
                     rules, shows=p.action)


def _wish_play(game: Any, rng: Rng, seed: int, hand: PlayedHand, p: Point) -> Exercise | None:
    """The wish is in force: which of these may you do?"""
    st, seat, rank = p.state, p.seat, p.state.wish
    mine = st.hands[seat]
    top = st.top()
    actions: list[Any] = _some_plays(rng, mine, top.combo.type if top else None, 30)
    actions += [Play(cards) for cards, _ in _combos(mine) if _has_wished(cards, rank)][:6]
    if top is not None:
        actions.insert(0, PASS)
    legal, illegal = _judge_all(game, st, seat, actions)
    if not legal or len(illegal) < 2:
        return None
    forced = all(isinstance(a, Play) and _has_wished(a.cards, rank) for a, _ in legal)
    if forced:
        right = _pick(rng, legal)
        wrong = _distinct(rng, illegal, first=lambda v: v.key == "tichu.wish_forces")[:3]
        rules = [r for _, v in [right] + wrong for r in v.rule_ids]
    else:
        free = [j for j in legal if not (isinstance(j[0], Play) and _has_wished(j[0].cards, rank))]
        if not free:
            return None
        passing = [j for j in free if isinstance(j[0], Pass)]
        right = passing[0] if passing and rng.below(2) == 0 else _pick(rng, free)
        wrong = _distinct(rng, illegal)[:3]
        rules = ["TICHU-WISH-3"] + [r for _, v in [right] + wrong for r in v.rule_ids]
    if len(wrong) < 2:
        return None
    phoenix_only = not _has_wished(mine, rank) and any(c.special == "PHOENIX" for c in mine)
    if phoenix_only:
        rules.append("TICHU-WISH-7")
    options = [_verdict_option(*right)] + [_verdict_option(*j) for j in wrong]
    if not forced:
        note: Msg = ("tichu.quiz.why.wish_phoenix", {"rank": rank}) if phoenix_only else \
            ("tichu.quiz.why.wish_free", {"rank": rank}) if _has_wished(mine, rank) else \
            ("tichu.quiz.why.wish_none_held", {"rank": rank})
        options[0] = replace(options[0], why=options[0].why + (note,))
    rng.shuffle(options)
    return _exercise(game, "wish", seed, hand, st, seat, ("tichu.quiz.q.wish", {"rank": rank}), options, rules)


# --------------------------------------------------------------------------- phoenix: as a single, in combinations
def phoenix_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    hand = play_hand(game, rng)
    pts = _play_points(game, hand, lambda p: p.in_turn and any(c.special == "PHOENIX" for c in p.state.hands[p.seat]))
    for p in _sample(rng, pts, 12):
        made = _phoenix_single(game, rng, seed, hand, p) if rng.below(2) == 0 else \
            _phoenix_combo(game, rng, seed, hand, p)
        if made is not None:
            return made
    return None


def _phoenix_single(game: Any, rng: Rng, seed: int, hand: PlayedHand, p: Point) -> Exercise | None:
    st, seat = p.state, p.seat
    play = Play((PHOENIX,))
    if not game.explain(st, play, seat).legal:
        return None
    after = game.apply(st, play, seat)
    value = after.top().combo.rank  # the value the engine gives it
    top = st.top()
    below = top.combo.rank if top else None
    if below is None:
        values = [value, 1.0, 2.0, 15.0]
    else:
        values = [value, below, below + 1, 15.0 if below + 1 < 15 else below - 1]
    values = list(dict.fromkeys(values))
    why = (("tichu.quiz.why.phoenix_value", {"n": _num(value)}) if below is not None
           else ("tichu.quiz.why.phoenix_led", {"n": _num(value)}),)
    rules = ["TICHU-PHOENIX-2", "TICHU-SETUP-3"]
    options = [Option(("tichu.quiz.answer.value", {"n": _num(v)}), v == value, why, tuple(rules)) for v in values]
    rng.shuffle(options)
    question = ("tichu.quiz.q.phoenix_single" if top else "tichu.quiz.q.phoenix_led", {})
    return _exercise(game, "phoenix", seed, hand, st, seat, question, options, rules, shows=play)


def _num(v: float) -> str:
    return str(int(v)) if v == int(v) else str(v)


def _phoenix_combo(game: Any, rng: Rng, seed: int, hand: PlayedHand, p: Point) -> Exercise | None:
    st, seat = p.state, p.seat
    mine = st.hands[seat]
    legal_plays = [a for a in game.legal_actions(st, seat) if isinstance(a, Play) and len(a.cards) > 1
                   and any(c.special == "PHOENIX" for c in a.cards)]
    if not legal_plays:
        return None
    right = _pick(rng, legal_plays)
    tries: list[Any] = []
    declared = next(c for c in right.cards if c.special == "PHOENIX").declared
    for r in _sample(rng, [x for x in RANK_OF.values() if x != declared], 5):
        tries.append(Play(tuple(Card(special="PHOENIX", declared=r) if c.special == "PHOENIX" else c
                                for c in right.cards)))
    tries.append(Play(tuple(PHOENIX if c.special == "PHOENIX" else c for c in right.cards)))
    tries.append(Play((Card(special="PHOENIX", declared=declared),)))
    naturals = [c for c in mine if is_natural(c)]
    by_rank: dict[str, list[Card]] = {}
    for c in naturals:
        by_rank.setdefault(c.rank, []).append(c)
    for r, cs in by_rank.items():
        if len(cs) == 3:  # a triple and the Phoenix: no bomb
            tries.append(Play(tuple(cs) + (Card(special="PHOENIX", declared=r),)))
    legal, illegal = _judge_all(game, st, seat, [right] + tries)
    good = next((j for j in legal if j[0] == right), None)
    wrong = _distinct(rng, illegal, first=lambda v: "TICHU-PHOENIX-4" in v.rule_ids)[:3]
    if good is None or len(wrong) < 2:
        return None
    options = [_verdict_option(*good)] + [_verdict_option(*j) for j in wrong]
    rng.shuffle(options)
    rules = ["TICHU-PHOENIX-1", "TICHU-COMBO-10"] + [r for o in options for r in o.rule_ids]
    return _exercise(game, "phoenix", seed, hand, st, seat, ("tichu.quiz.q.phoenix_combo", {}), options, rules)


# --------------------------------------------------------------------------- dog: who leads next, the new leader
def dog_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    hand = play_hand(game, rng)
    leads = _play_points(game, hand, lambda p: p.in_turn and p.state.top() is None
                         and any(c.special == "DOG" for c in p.state.hands[p.seat]))
    found: dict[str, list] = {
        "partner_out": [p for p in leads if not p.state.hands[(p.seat + 2) % 4]],
        "lead": leads,
        "after": [p for p in _points(game, hand) if any(e.key == "tichu.event.dog" for e in p.events)
                  and p.after.phase == "play" and p.after.to_act is not None],
    }
    picked = _by_category(rng, found, prefer=("partner_out",))
    if picked is None:
        return None
    cat, p = picked
    if cat == "after":
        st = p.after
        seat = st.to_act
        actions = [PASS] + _some_plays(rng, st.hands[seat], None, 12)
        actions += [Play(tuple(_sample(rng, list(st.hands[seat]), 2 + rng.below(3)))) for _ in range(8)]
        legal, illegal = _judge_all(game, st, seat, actions)
        wrong = _distinct(rng, illegal, first=lambda v: v.key == "tichu.cannot_pass_lead")[:3]
        if not legal or len(wrong) < 2:
            return None
        right = _pick(rng, legal)
        options = [_verdict_option(*right)] + [_verdict_option(*j) for j in wrong]
        rng.shuffle(options)
        rules = ["TICHU-DOG-3"] + [r for o in options for r in o.rule_ids]
        return _exercise(game, "dog", seed, hand, st, seat, ("tichu.quiz.q.dog_new_leader", {"seat": p.seat}),
                         options, rules)
    st, seat = p.state, p.seat
    play = Play((DOG,))
    if not game.explain(st, play, seat).legal:
        return None
    after = game.apply(st, play, seat)
    ev = next(e for e in _new_events(game, st, after) if e.key == "tichu.event.dog")
    answer = ev.params["seat"]
    partner_out = not st.hands[(seat + 2) % 4]
    rules = ["TICHU-DOG-1"] + (["TICHU-DOG-2", "TICHU-TURN-3"] if partner_out else [])
    why: tuple[Msg, ...] = ((ev.key, ev.params),)
    if partner_out:
        why += (("tichu.quiz.why.dog_partner_out", {"partner": (seat + 2) % 4, "seat": answer}),)
    else:
        why += (("tichu.quiz.why.dog_partner", {"seat": answer}),)
    options = _seat_options(game, st, seat, answer, why, rules)
    return _exercise(game, "dog", seed, hand, st, seat, ("tichu.quiz.q.dog_next", {}), options, rules, shows=play)


# --------------------------------------------------------------------------- dragon: to whom the trick may go
def dragon_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    hand = play_hand(game, rng)
    pts = [(p.state, p.seat) for p in _points(game, hand) if p.state.phase == "dragon_gift" and p.in_turn]
    found = {"end": [c for c in pts if game._round_ends(c[0])], "play": pts}
    if not found["end"] and rng.below(2) == 0:
        last = _dragon_kept(game, hand)
        if last is not None:
            found["end"] = [last]
    picked = _by_category(rng, found, prefer=("end",))
    if picked is None:
        return None
    cat, (st, seat) = picked
    judged = [(a, game.explain(st, a, seat)) for a in game.decision_options(st, seat)]
    options = [_verdict_option(a, v) for a, v in judged]
    rules = ["TICHU-DRAGON-2"] + (["TICHU-DRAGON-4"] if cat == "end" else [])
    if cat == "end":
        options = [replace(o, why=o.why + (("tichu.quiz.why.gift_at_end", {}),),
                           rule_ids=o.rule_ids + ("TICHU-DRAGON-4",)) for o in options]
    return _exercise(game, "dragon", seed, hand, st, seat,
                     ("tichu.quiz.q.dragon_end" if cat == "end" else "tichu.quiz.q.dragon", {}), options, rules,
                     multiple=True)


def _dragon_kept(game: Any, hand: PlayedHand, limit: int = 400) -> tuple[Any, int] | None:
    """The hand played again from its first trick, its Dragon's holder keeping the Dragon for
    the last card (every move a legal one: the others as the heuristic bot plays, nobody bombing
    out of turn): the Dragon gift at the round's end, where that is where it leads (TICHU-DRAGON-4).
    Real play rarely reaches it: a Dragon is seldom anyone's last card."""
    from ...bots import heuristic_choice
    first = next((p for p in hand.points if p.state.phase == "play" and p.in_turn), None)
    if first is None:
        return None
    state = first.state
    holder = next((s for s in range(4) if any(c.special == "DRAGON" for c in state.hands[s])), None)
    if holder is None:
        return None
    for _ in range(limit):
        state = _settle(game, state)
        if state.phase == "dragon_gift":
            return (state, state.to_act) if game._round_ends(state) else None
        if game.round_over(state) or state.to_act is None:
            return None
        seat = state.to_act
        action = heuristic_choice(game, state, seat).action
        if seat == holder and isinstance(action, Play) and any(c.special == "DRAGON" for c in action.cards) \
                and len(state.hands[seat]) > 1:
            legal = game.legal_actions(state, seat)
            keep = [a for a in legal if not (isinstance(a, Play) and any(c.special == "DRAGON" for c in a.cards))]
            if not keep:
                return None
            action = keep[0]
        state = game.apply(state, action, seat)
    return None


# --------------------------------------------------------------------------- call: may you call Tichu now?
def call_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    hand = play_hand(game, rng)
    call = Decision("call", "tichu")
    found: dict[str, list] = {}
    for p in _sample(rng, [p for p in _points(game, hand) if p.state.phase in ("exchange", "play")], 60):
        st = p.state
        for s in range(4):
            if not st.hands[s]:
                continue
            if st.calls[s] == "grand":
                cat = "grand"
            elif st.calls[s] == "tichu":
                cat = "again"
            elif st.played[s]:
                cat = "played"
            elif any(c for c in st.calls):
                cat = "others"
            else:
                cat = "fresh"
            found.setdefault(cat, []).append((st, s))
    picked = _by_category(rng, found, prefer=("others", "grand"))
    if picked is None:
        return None
    cat, (st, seat) = picked
    v = game.explain(st, call, seat)
    rules = list(v.rule_ids) + (["TICHU-CALL-4"] if cat in ("grand", "others") else [])  # one call each; calls public
    why = _why(v)
    if cat == "others" and v.legal:
        rules.append("TICHU-CALL-3")
        why += (("tichu.quiz.why.calls_add_up", {}),)
    options = [Option(("tichu.quiz.answer.may_call", {}), v.legal, why, tuple(rules)),
               Option(("tichu.quiz.answer.may_not_call", {}), not v.legal, why, tuple(rules))]
    return _exercise(game, "call", seed, hand, st, seat, ("tichu.quiz.q.call", {}), options, rules, shows=call,
                     in_turn=seat == st.to_act)


# --------------------------------------------------------------------------- exchange: which exchange is allowed?
def exchange_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    hand = play_hand(game, rng)
    pts = [p for p in hand.points if p.state.phase == "exchange" and p.state.exchanges[p.seat] is None]
    if not pts:
        return None
    p = _pick(rng, pts)
    st, seat = p.state, p.seat
    mine = list(st.hands[seat])
    others = [s for s in range(4) if s != seat]
    specials = [c for c in mine if c.special]
    rng.shuffle(mine)
    if specials:  # a special card passed: any card may be (TICHU-EXCH-2)
        first = _pick(rng, specials)
        mine.remove(first)
        mine.insert(0, first)
    three = mine[:3]
    rng.shuffle(three)

    def gifts(pairs: list[tuple[int, Card]]) -> Decision:
        return Decision("exchange", FrozenMap.of({str(s): c.token for s, c in pairs}))
    right = gifts(list(zip(others, three)))
    wrong = [gifts([(others[0], three[0]), (others[1], three[0]), (others[2], three[1])]),  # one card twice
             gifts(list(zip(others[:2], three[:2]))),  # a seat left out
             gifts([(seat, three[0])] + list(zip(others[1:], three[1:])))]  # a card to yourself
    judged = [(a, game.explain(st, a, seat)) for a in [right] + wrong]
    if not judged[0][1].legal or any(v.legal for _, v in judged[1:]):
        return None
    options = [_verdict_option(a, v) for a, v in judged]
    rng.shuffle(options)
    rules = ["TICHU-EXCH-1"] + (["TICHU-EXCH-2"] if specials else [])
    if specials:
        options = [replace(o, why=o.why + (("tichu.quiz.why.any_card", {}),)) if o.correct else o for o in options]
    return _exercise(game, "exchange", seed, hand, st, seat, ("tichu.quiz.q.exchange", {}), options, rules)


# --------------------------------------------------------------------------- end: does the round end now?
def _finished(game: Any, state: Any) -> Any:
    """The state once nobody bombs and a Dragon trick is given (to the first opponent offered)."""
    state = _settle(game, state)
    if state.phase == "dragon_gift":
        state = _settle(game, game.apply(state, game.legal_actions(state, state.to_act)[0], state.to_act))
    return state


def end_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """This play empties your hand: does the round end, and why?"""
    hand = play_hand(game, rng)
    found: dict[str, list] = {}
    for p in _play_points(game, hand, lambda p: any(e.key == "tichu.event.out" for e in p.events)):
        done = _finished(game, p.after)
        out = p.after.out
        if not game.round_over(done):
            cat = "goes_on"
        elif len(out) >= 3:
            cat = "three"
        else:
            cat = "one_two"
        found.setdefault(cat, []).append((p, done))
    picked = _by_category(rng, found)
    if picked is None:
        return None
    cat, (p, done) = picked
    out = list(p.after.out)
    facts: Msg = ("tichu.quiz.why.out_order", {"order": out, "count": len(out)})
    reason = {"goes_on": ("tichu.quiz.why.round_goes_on", {}), "three": ("tichu.quiz.why.round_three", {}),
              "one_two": ("tichu.quiz.why.round_one_two", {"a": out[0], "b": out[1]} if len(out) >= 2 else {})}[cat]
    rules = ["TICHU-OUT-1", "TICHU-END-1", "TICHU-END-2"]
    labels = {"goes_on": "tichu.quiz.answer.round_goes_on", "three": "tichu.quiz.answer.round_three",
              "one_two": "tichu.quiz.answer.round_one_two"}
    options = [Option((labels[c], {}), c == cat, (facts, reason), tuple(rules))
               for c in ("goes_on", "three", "one_two")]
    return _exercise(game, "end", seed, hand, p.state, p.seat, ("tichu.quiz.q.end", {}), options, rules,
                     shows=p.action)


# --------------------------------------------------------------------------- score: the round's score, the game's end
def _final(game: Any, hand: PlayedHand) -> tuple[Point, Any] | None:
    """The move that ends the round, and the scored state (no Dragon gift left to choose)."""
    for p in reversed(hand.points):
        if p.action is None or not p.in_turn or p.state.phase != "play":
            continue
        done = _settle(game, p.after)
        if game.round_over(done):
            return p, done
        return None
    return None


def score_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """This move ends the round: what does the team score?"""
    hand = play_hand(game, rng)
    final = _final(game, hand)
    if final is None:
        return None
    p, done = final
    result = done.result
    out = list(done.out)
    one_two = len(out) < 3  # a round ends with fewer than three out only on a one-two (TICHU-END-2)
    if one_two:
        viewer = p.seat
    else:
        viewer = next(s for s in range(4) if s not in out)  # the last player: its hand is the one left
    team = team_of(viewer) if rng.below(2) == 0 else ("B" if team_of(viewer) == "A" else "A")
    answer = result["round_score"][team]
    card, call = result["card_points"][team], result["call_points"][team]
    calls = [c for c in p.state.calls if c]
    rules: list[str] = []
    if one_two:
        rules += ["TICHU-END-2", "TICHU-SCORE-3"]
    else:
        rules += ["TICHU-END-1", "TICHU-END-3", "TICHU-SCORE-1", "TICHU-SCORE-2"]
        piles = [c for pile in p.state.captured for c in pile]
        if not any(c.special == "PHOENIX" for c in piles):
            rules.append("TICHU-PHOENIX-5")
    if calls:
        rules.append("TICHU-SCORE-4")
        rules += ["TICHU-GT-2" if c == "grand" else "TICHU-CALL-2" for c in calls]
        if len(calls) >= 2:
            rules.append("TICHU-CALL-3")
    mistakes = []
    if call:
        mistakes += [answer - call, answer + call]
    if one_two:
        mistakes += [answer + 100, answer - 100, answer + 200]
    mistakes += [answer + 5, answer - 5, answer + 10, answer - 10, answer + 25, answer - 25]
    wrong = [m for m in dict.fromkeys(mistakes) if m != answer][:3]
    why = (("tichu.quiz.why.round_score", {"team": team, "card": card, "call": call, "total": answer}),)
    if one_two:
        why += (("tichu.quiz.why.one_two_score", {}),)
    else:
        why += (("tichu.quiz.why.last_player", {"seat": viewer, "first": out[0]}),)
    options = [Option(("quiz.answer.points", {"n": n}), n == answer, why, tuple(rules)) for n in [answer] + wrong]
    rng.shuffle(options)
    question = ("tichu.quiz.q.score_you" if viewer == p.seat else "tichu.quiz.q.score", {"seat": p.seat, "team": team})
    return _exercise(game, "score", seed, hand, p.state, viewer, question, options, rules, shows=p.action,
                     in_turn=viewer == p.seat)


def game_kind(game: Any, rng: Rng, seed: int) -> Exercise | None:
    """This move ends the round, which scores so much: who has won the game?"""
    hand = play_hand(game, rng)
    final = _final(game, hand)
    if final is None:
        return None
    p, done = final
    ra, rb = done.result["round_score"]["A"], done.result["round_score"]["B"]
    target = p.state.session.target_score
    case = rng.below(4)
    if case == 0:    # A ends ahead at or over the target
        fa = target + 5 * rng.below(20)
        fb = fa - 5 * (1 + rng.below(30))
    elif case == 1:  # B does
        fb = target + 5 * rng.below(20)
        fa = fb - 5 * (1 + rng.below(30))
    elif case == 2:  # nobody reaches the target
        fa, fb = target - 5 * (1 + rng.below(40)), target - 5 * (1 + rng.below(40))
    else:            # a tie at or over the target
        fa = fb = target + 5 * rng.below(10)
    before = replace(p.state, session=replace(p.state.session, scores=(fa - ra, fb - rb)))
    after = _settle(game, game.apply(before, p.action, p.seat))
    if not game.round_over(after):
        return None
    ses = after.session
    answer = ses.winner if ses.game_over else "none"
    why = (("tichu.quiz.why.totals", {"a": ses.scores[0], "b": ses.scores[1], "target": target}),
           ("tichu.quiz.why.game_won" if ses.game_over else "tichu.quiz.why.game_tie"
            if ses.scores[0] == ses.scores[1] else "tichu.quiz.why.game_goes_on",
            {"team": ses.winner or "A", "target": target}))
    rules = ["TICHU-GAME-1"]
    options = [Option(("tichu.quiz.answer.game_winner", {"team": t}), answer == t, why, tuple(rules)) for t in "AB"]
    options.append(Option(("tichu.quiz.answer.game_goes_on", {}), answer == "none", why, tuple(rules)))
    question = ("tichu.quiz.q.game", {"a": ra, "b": rb, "target": target})
    return _exercise(game, "game", seed, hand, before, p.seat, question, options, rules, shows=p.action)


KINDS = {
    "beats": beats_kind, "classify": classify_kind, "next": next_kind, "trick": trick_kind, "points": points_kind,
    "bomb": bomb_kind, "wish": wish_kind, "phoenix": phoenix_kind, "dog": dog_kind, "dragon": dragon_kind,
    "call": call_kind, "exchange": exchange_kind, "end": end_kind, "score": score_kind, "game": game_kind,
}
