"""Dou Dizhu's own quiz kinds (tutor/quiz): combinations, beating the table, the stake and the
payment, the auction, whose turn it is, who deals and bids first.

Every answer is the engine's: a type from ``play_type``, a verdict from ``explain``, an
outcome from the events ``apply`` wrote (or the state it made: the multiplier, the payment,
the next round's dealer). The positions are seeded hands played by the bots; four-player
rules (DDZ-4P-*) are practised on hands dealt with ``players = 4``, and the first-bidder
variant (DDZ-DEAL-3) on hands dealt with ``first_bidder = "rotate"``: neither is one of the
game's named presets, so those hands are dealt with the flag values over the default preset
(the quiz page names them beside the preset: ``tutor.quiz.exercise.variant_words``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ...actions import PASS, Decision, Pass, Play
from ...game import Game
from ...quiz.exercise import Exercise, Msg, Option
from ...quiz.outcomes import Outcome
from ...quiz.positions import Hand, Point, pick_preset, play_hand
from ...rng import Rng
from .combos import BJ, RANK_TOKEN, RJ, TOKEN_RANK, TYPE_RULE, card_rank

#: hands under flags no named preset has: (a name for them, flag values)
FOUR = ("four", {"players": 4})
ROTATE = ("rotate", {"first_bidder": "rotate"})

#: chain types, whose ranks run within 3…A (DDZ-RANK-2)
CHAINS = frozenset({"sequence", "pair_sequence", "airplane", "airplane_single_wings", "airplane_pair_wings"})
#: types a learner might take a combination for (the wrong options of ``classify``), nearest first
NEAR = {
    "single": ("pair", "trio", "sequence"),
    "pair": ("single", "trio", "pair_sequence", "rocket"),
    "trio": ("pair", "bomb", "trio_single", "airplane"),
    "trio_single": ("trio_pair", "bomb", "quad_two_singles", "trio"),
    "trio_pair": ("trio_single", "pair_sequence", "quad_two_pairs", "airplane"),
    "sequence": ("pair_sequence", "airplane_single_wings", "single", "trio_pair"),
    "pair_sequence": ("sequence", "airplane", "quad_two_pairs", "airplane_pair_wings"),
    "airplane": ("pair_sequence", "trio_single", "airplane_single_wings", "quad_two_pairs"),
    "airplane_single_wings": ("airplane_pair_wings", "quad_two_pairs", "sequence", "airplane"),
    "airplane_pair_wings": ("airplane_single_wings", "pair_sequence", "quad_two_pairs", "airplane"),
    "bomb": ("trio_single", "pair_sequence", "quad_two_singles", "rocket"),
    "rocket": ("pair", "bomb", "single", "pair_sequence"),
    "quad_two_singles": ("bomb", "trio_pair", "quad_two_pairs", "airplane"),
    "quad_two_pairs": ("quad_two_singles", "airplane_single_wings", "pair_sequence", "bomb"),
}

OUTCOMES = (
    Outcome("ddz.event.trick_won", "seat", "ddz.quiz.q.trick_won"),
    Outcome("ddz.event.landlord_wins", "each", "ddz.quiz.q.landlord_wins", answer="number",
            unit="ddz.quiz.answer.amount"),
    Outcome("ddz.event.farmers_win", "each", "ddz.quiz.q.farmers_win", answer="number",
            unit="ddz.quiz.answer.amount"),
)


# --------------------------------------------------------------------------- positions
def _hand(game: Game, rng: Rng, variant: tuple[str, dict[str, Any]] | None = None) -> Hand:
    """A seeded hand: under ``variant`` (a name and flag values), else a named preset (half
    the time the seed's rules) and, one time in three, the four-player game."""
    if variant is None:
        if rng.below(3) == 0:
            variant = FOUR
        else:
            return play_hand(game, rng, pick_preset(game, rng))
    _, values = variant
    return play_hand(game, rng, preset=next(iter(game.playable_presets())), flags=values)


def _four(state: Any) -> bool:
    return state.flags.players == 4


def _exercise(game: Game, kind: str, seed: int, hand: Hand, point: Point, question: Msg,
              options: list[Option], rule_ids: tuple[str, ...], **more: Any) -> Exercise:
    ids = tuple(dict.fromkeys(r for r in rule_ids if r))
    return Exercise(game.name, kind, seed, hand.preset, point.state, point.seat, question, tuple(options), ids,
                    in_turn=point.in_turn, **more)


def _pick(points: list[Point], rng: Rng, prefer: Callable[[Point], bool] | None = None) -> Point | None:
    """A point at random, one that ``prefer`` likes where there is one."""
    if prefer is not None:
        liked = [p for p in points if prefer(p)]
        if liked:
            points = liked
    return points[rng.below(len(points))] if points else None


def _tokens(cards: Any) -> list[str]:
    return [c.token for c in cards]


def _verdict_why(v: Any) -> tuple[Msg, ...]:
    return ((v.key, v.params),) + tuple(v.more)


def _seat_label(seat: int, me: int) -> Msg:
    return ("quiz.answer.seat_you" if seat == me else "quiz.answer.seat", {"seat": seat})


def _joker_pair(action: Any) -> bool:
    ranks = [card_rank(c) for c in action.cards]
    return ranks.count(BJ) == 2 and len(ranks) == 2 or ranks.count(RJ) == 2 and len(ranks) == 2


def _has_joker_pair(action: Any) -> bool:
    ranks = [card_rank(c) for c in action.cards]
    return ranks.count(BJ) >= 2 and ranks.count(RJ) < 2 or ranks.count(RJ) >= 2 and ranks.count(BJ) < 2


def _holds_joker_pair(point: Point) -> bool:
    """Four players: the seat holds two identical jokers (a pair, DDZ-4P-4)."""
    if not _four(point.state):
        return False
    ranks = [card_rank(c) for c in point.state.hands[point.seat]]
    return ranks.count(BJ) >= 2 or ranks.count(RJ) >= 2


# --------------------------------------------------------------------------- classify
#: plays of a hand classified at most, to draw the one asked about
SAMPLE = 16


def classify_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """What combination are these cards? (a legal play of the seat's hand; the type from ``play_type``)."""
    hand = _hand(game, rng)
    leads = [p for p in hand.points if p.in_turn and p.state.phase == "play" and p.state.top() is None]
    point = _pick(leads, rng, _holds_joker_pair)
    if point is None:
        return None
    state, seat = point.state, point.seat
    plays = [a for a in game.legal_actions(state, seat) if isinstance(a, Play)]
    if not plays:
        return None
    # a few plays, grouped by type, so a rarer type is asked as often as the singles (a big hand
    # leads hundreds of plays: only a sample is classified)
    rng.shuffle(plays)
    pairs = [a for a in plays if _joker_pair(a)] if _four(state) else []
    by_type: dict[str, list[Play]] = {}
    for a in pairs[:1] or plays[:SAMPLE]:  # two identical jokers are a pair with four players (DDZ-4P-4)
        by_type.setdefault(game.play_type(state, seat, a), []).append(a)
    by_type.pop("", None)
    if not by_type:
        return None
    types = sorted(by_type)
    ctype = types[rng.below(len(types))]
    action = by_type[ctype][rng.below(len(by_type[ctype]))]
    verdict = game.explain(state, action, seat)
    allowed = [t for t in NEAR[ctype] if state.flags.combo_rules.allowed(t)][:3]
    rule = TYPE_RULE[ctype]
    options = [Option(("ddz.quiz.answer.type", {"type": ctype}), True,
                      (("ddz.quiz.why.type_is", {"type": ctype, "rule": rule}),) + _verdict_why(verdict), (rule,))]
    options += [Option(("ddz.quiz.answer.type", {"type": t}), False,
                       (("ddz.quiz.why.type_not", {"type": t, "real_type": ctype, "rule": rule}),), (TYPE_RULE[t],))
                for t in allowed]
    rng.shuffle(options)
    ids = [rule]
    if ctype in CHAINS:
        ids.append("DDZ-RANK-2")
    if _four(state) and _has_joker_pair(action):
        ids.append("DDZ-4P-4")
    if _four(state) and ctype == "rocket":
        ids.append("DDZ-4P-3")
    return _exercise(game, "classify", seed, hand, point, ("ddz.quiz.q.classify", {"cards": _tokens(action.cards)}),
                     options, tuple(ids), shows=action)


# --------------------------------------------------------------------------- beats
#: how the table's top is compared where the cards' ranks decide (DDZ-RANK-1)
RANKED = frozenset({"single", "pair", "trio", "trio_single", "trio_pair", "bomb", "quad_two_singles", "quad_two_pairs"})


def beats_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """Which of these plays beat the table? (combinations of the seat's hand, each judged by ``explain``)."""
    hand = _hand(game, rng)
    follows = [p for p in hand.points if p.in_turn and p.state.phase == "play" and p.state.top() is not None]
    for _ in range(6):
        point = _pick(follows, rng, _holds_joker_pair)
        if point is None:
            return None
        state, seat = point.state, point.seat
        winning = [a for a in game.legal_actions(state, seat) if isinstance(a, Play)]
        if not winning:
            continue
        # every combination the hand holds (what it could lead), those that do not beat the top
        combos = [a for a in game.legal_actions(replace(state, trick=()), seat) if isinstance(a, Play)]
        keys = {tuple(_tokens(a.cards)) for a in winning}
        losing = [a for a in combos if tuple(_tokens(a.cards)) not in keys]
        top = state.top().combo
        rng.shuffle(losing)
        leading = replace(state, trick=())
        losing = losing[:3 * SAMPLE]
        same = [a for a in losing if game.play_type(leading, seat, a) == top.type]
        other = [a for a in losing if a not in same]
        rng.shuffle(winning)
        rng.shuffle(same)
        rng.shuffle(other)
        if _four(state):  # a pair of identical jokers first, where one is at hand (DDZ-4P-4)
            winning.sort(key=lambda a: not _has_joker_pair(a))
        n_win = 1 + rng.below(min(2, len(winning)))
        chosen = winning[:n_win]
        wrong = (same[:2] + other)[:4 - n_win] if same else other[:4 - n_win]
        if len(wrong) < 4 - n_win:
            wrong = (wrong + [a for a in same + other if a not in wrong])[:4 - n_win]
        if len(wrong) < 2:
            continue
        options = []
        ids: list[str] = []
        for a in chosen + wrong:
            v = game.explain(state, a, seat)
            options.append(Option(None, v.legal, _verdict_why(v), v.rule_ids, a))
            ids.extend(v.rule_ids)
        if not any(o.correct for o in options):
            continue
        rng.shuffle(options)
        if top.type in RANKED:
            ids.append("DDZ-RANK-1")
        if _four(state) and any(_has_joker_pair(a) for a in chosen + wrong):
            ids.append("DDZ-4P-4")
        question = ("ddz.quiz.q.beats", {"cards": _tokens(state.top().cards), "top_type": top.type})
        return _exercise(game, "beats", seed, hand, point, question, options, tuple(ids), multiple=True)
    return None


# --------------------------------------------------------------------------- stake
def _doubling(events: Any) -> bool:
    return any(e.key in ("ddz.event.doubles", "ddz.event.bomb_no_double") for e in events)


def _bomb_like(action: Play) -> bool:
    """Cards that may be a bomb or the rocket (the engine says which), to classify only those."""
    ranks = {card_rank(c) for c in action.cards}
    return len(action.cards) >= 4 and len(ranks) == 1 or ranks == {BJ, RJ}


def _bomb_held(game: Game, hand: Hand, rng: Rng) -> Point | None:
    """A decision where the seat could play a bomb or the rocket, with that play made there
    (``apply``): the point as if it had been chosen."""
    def holds(p: Point) -> bool:
        ranks = [card_rank(c) for c in p.state.hands[p.seat]]
        k = 2 if _four(p.state) else 1
        return any(ranks.count(r) >= 4 for r in set(ranks)) or (ranks.count(BJ) >= k and ranks.count(RJ) >= k)

    points = [p for p in hand.points if p.in_turn and p.state.phase == "play" and holds(p)]
    rng.shuffle(points)
    for p in points[:4]:
        plays = [a for a in game.legal_actions(p.state, p.seat) if isinstance(a, Play) and _bomb_like(a)
                 and game.play_type(p.state, p.seat, a) in ("bomb", "rocket")]
        if plays:
            action = plays[rng.below(len(plays))]
            logged = len(game.events(p.state))
            after = game.apply(p.state, action, p.seat)
            return Point(p.state, p.seat, True, action, after, tuple(game.events(after)[logged:]))
    return None


def stake_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """You play this bomb (or the rocket): what is the stake multiplier after it? (the state ``apply`` made)."""
    hand = _hand(game, rng)
    points = [p for p in hand.points if isinstance(p.action, Play) and _doubling(p.events)]
    point = _pick(points, rng)
    if point is None:
        point = _bomb_held(game, hand, rng)  # no bomb played: one a seat held and could have played
    if point is None:
        return None
    before = game.table_view(point.state, point.seat)["multiplier"]
    after = game.table_view(point.after, point.seat)["multiplier"]
    ctype = game.play_type(point.state, point.seat, point.action)
    events = [e for e in point.events if e.key in ("ddz.event.doubles", "ddz.event.bomb_no_double")]
    why = tuple((e.key, e.params) for e in events)
    ids = [TYPE_RULE[ctype], "DDZ-PAY-2"] + [r for e in events for r in e.rule_ids]
    if _four(point.state):
        ids.append("DDZ-4P-6")
    ladder = [before // 2, before, before * 2, before * 4, before * 8]
    values = sorted({v for v in ladder if v >= 1} | {after})
    while len(values) > 4:  # keep four, the answer among them, dropping from the far end
        values.remove(values[0] if abs(values[0] - after) > abs(values[-1] - after) else values[-1])
    options = [Option(("ddz.quiz.answer.multiplier", {"n": v}), v == after,
                      why + ((("ddz.quiz.why.multiplier", {"n": after, "before": before}),)), tuple(ids))
               for v in values]
    question = ("ddz.quiz.q.stake", {"cards": _tokens(point.action.cards), "type": ctype, "before": before})
    return _exercise(game, "stake", seed, hand, point, question, options, tuple(ids), shows=point.action)


# --------------------------------------------------------------------------- pay
def pay_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """This play empties your hand: how much does each farmer pay, or the landlord gain or lose in
    all? (the payment ``apply`` wrote into the result)."""
    hand = _hand(game, rng)
    point = next((p for p in hand.points if p.after.phase == "score" and p.state.phase == "play"), None)
    if point is None:
        return None
    result = point.after.result
    end = next(e for e in point.events if e.key in ("ddz.event.landlord_wins", "ddz.event.farmers_win"))
    each = abs(result["each_farmer_net"])
    total = abs(result["landlord_net"])
    farmers = point.state.players - 1
    ids = list(end.rule_ids) + (["DDZ-4P-6"] if _four(point.state) else [])
    why = ((end.key, end.params), ("ddz.quiz.why.pay", {"bid": result["bid"], "n": result["multiplier"],
                                                         "each": each, "farmers": farmers, "total": total}))
    if rng.below(2) == 0:  # what passes between the landlord and one farmer
        key = "ddz.quiz.q.pay_each_landlord" if result["winner"] == "landlord" else "ddz.quiz.q.pay_each_farmers"
        answer = each
        pool = [each, result["bid"], result["multiplier"], each * 2, max(1, each // 2), each + result["bid"],
                each * 4, each + 1]
    else:  # what the landlord gains or loses in all
        key = "ddz.quiz.q.pay_total_win" if result["winner"] == "landlord" else "ddz.quiz.q.pay_total_lose"
        answer = total
        pool = [total, each, each * 2, each * 3, each * 4]
    values = list(dict.fromkeys(pool))[:4]
    if len(values) < 3:
        values = list(dict.fromkeys(values + [answer + 1, answer + 2, answer + 3]))[:4]
    values.sort()
    options = [Option(("ddz.quiz.answer.amount", {"n": v}), v == answer, why, tuple(ids)) for v in values]
    question = (key, {"bid": result["bid"]})
    return _exercise(game, "pay", seed, hand, point, question, options, tuple(ids), shows=point.action)


# --------------------------------------------------------------------------- auction
def _auction_result(game: Game, state: Any, seat: int, action: Any) -> tuple[Msg, tuple[str, ...], tuple[Msg, ...]]:
    """What ``action`` leads to in the auction, from the events ``apply`` writes: the outcome's
    words (an option's label), its rules and the events' words."""
    logged = len(game.events(state))
    after = game.apply(state, action, seat)
    events = [e for e in game.events(after)[logged:] if e.key not in ("ddz.event.bid", "ddz.event.auction_pass")]
    why = tuple((e.key, e.params) for e in events if e.key != "ddz.event.deal")
    keys = {e.key: e for e in events}
    if "ddz.event.throw_in" in keys:
        return ("ddz.quiz.answer.redeal", {}), ("DDZ-BID-4",), why
    if "ddz.event.landlord" in keys:
        ev = keys["ddz.event.landlord"]
        return (("ddz.quiz.answer.landlord", {"seat": ev.params["seat"], "bid": ev.params["bid"]}),
                ("DDZ-BID-3",) + ev.rule_ids, why)
    once = state.flags.single_round_bidding  # each speaks once: a pass is final (else DDZ-BID-2)
    rules = ("DDZ-BID-1", "DDZ-FLAG-single_round_bidding" if once else "DDZ-BID-2", "DDZ-SETUP-3")
    return ("ddz.quiz.answer.next_bidder", {"seat": after.to_act}), rules, \
        (("ddz.quiz.why.auction_goes_on", {"seat": after.to_act}),)


def auction_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """You pass (or bid): what happens next? The auction goes on, someone becomes the landlord, or
    the cards are dealt again (the events ``apply`` writes)."""
    # a pass that ends the auction teaches most (a throw-in the most rarely met): looked for first
    wanted = ("ddz.quiz.answer.redeal", "ddz.quiz.answer.landlord", None)[rng.below(3)]
    redeal = wanted == "ddz.quiz.answer.redeal"
    for _ in range(3 if redeal else 1):
        # a throw-in is looked for in three-player hands (cheaper to play, and all pass more often)
        hand = play_hand(game, rng, "seed") if redeal else _hand(game, rng)
        points = [p for p in hand.points if p.state.phase == "auction" and p.in_turn]
        liked = [p for p in points if _auction_result(game, p.state, p.seat, PASS)[0][0] == wanted] \
            if wanted else []
        if liked:
            points = liked
            break
    else:
        wanted = None
    point = _pick(points, rng)
    if point is None:
        return None
    state, seat = point.state, point.seat
    actions = game.legal_actions(state, seat)
    action = PASS if wanted or rng.below(2) else actions[rng.below(len(actions))]
    label, ids, why = _auction_result(game, state, seat, action)
    n = state.players
    # the other outcomes a learner might expect
    others: list[Msg] = [("ddz.quiz.answer.redeal", {})]
    if state.high_bidder is not None:
        others.append(("ddz.quiz.answer.landlord", {"seat": state.high_bidder, "bid": state.bid}))
    if isinstance(action, Decision):
        others.append(("ddz.quiz.answer.landlord", {"seat": seat, "bid": action.value}))
    others += [("ddz.quiz.answer.next_bidder", {"seat": (seat + k) % n}) for k in range(1, n)]
    wrong = [m for m in dict.fromkeys((k, tuple(sorted(p.items()))) for k, p in others)
             if m != (label[0], tuple(sorted(label[1].items())))]
    rng.shuffle(wrong)
    options = [Option(label, True, why, ids)]
    options += [Option((k, dict(p)), False, (("ddz.quiz.why.not_outcome", {}),) + why, ids) for k, p in wrong[:3]]
    rng.shuffle(options)
    all_ids = ids + (("DDZ-4P-5",) if _four(state) and "DDZ-BID-3" in ids else ())
    q = "ddz.quiz.q.auction_pass" if isinstance(action, Pass) else "ddz.quiz.q.auction_bid"
    question = (q, {"bid": action.value} if isinstance(action, Decision) else {})
    return _exercise(game, "auction", seed, hand, point, question, options, all_ids, shows=action)


# --------------------------------------------------------------------------- turn
def turn_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """You play (or pass): who plays next? (the seat ``apply`` hands the turn to)."""
    hand = _hand(game, rng)
    points = [p for p in hand.points if p.in_turn and p.state.phase == "play" and p.after.phase == "play"]
    # a pass that ends the trick half the time: the trick's winner leads (DDZ-PLAY-4)
    point = _pick(points, rng, (lambda p: any(e.key == "ddz.event.trick_won" for e in p.events))
                  if rng.below(2) else None)
    if point is None:
        return None
    nxt = point.after.to_act
    trick_won = next((e for e in point.events if e.key == "ddz.event.trick_won"), None)
    if trick_won is not None:
        ids: tuple[str, ...] = ("DDZ-PLAY-4", "DDZ-SETUP-3")
        why: tuple[Msg, ...] = ((trick_won.key, trick_won.params),)
    else:
        ids = ("DDZ-SETUP-3", "DDZ-PLAY-2")
        why = (("ddz.quiz.why.next_seat", {"seat": nxt}),)
    options = [Option(_seat_label(s, point.seat), s == nxt, why, ids) for s in range(point.state.players)]
    q = "ddz.quiz.q.turn_pass" if isinstance(point.action, Pass) else "ddz.quiz.q.turn_play"
    return _exercise(game, "turn", seed, hand, point, (q, {}), options, ids, shows=point.action)


# --------------------------------------------------------------------------- who deals, who bids first
def dealer_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """Who deals the next round, who bids first (the next round ``next_hand`` deals; the marker card)."""
    form = rng.below(3)
    if form == 0:  # the face-up card: its holder bids first (DDZ-DEAL-2)
        hand = play_hand(game, rng, "seed")  # three players: one deck, so the face-up card has no twin
        point = next((p for p in hand.points if p.state.phase == "auction"), None)
        if point is None or point.state.marker is None or point.state.auction:
            return None
        state = point.state
        holder = point.seat  # the first bidder holds the marker; asked from its seat, who sees it in hand
        if state.marker not in state.hands[holder]:
            return None
        ids: tuple[str, ...] = ("DDZ-DEAL-2",)
        why: tuple[Msg, ...] = (("ddz.quiz.why.marker", {"cards": [state.marker.token]}),)
        options = [Option(_seat_label(s, holder), s == state.first_bidder, why, ids) for s in range(state.players)]
        question = ("ddz.quiz.q.first_bidder", {"cards": [state.marker.token], "dealer": state.dealer})
        # the table's turn arrow and first-bidder mark would answer it: left out
        return _exercise(game, "dealer", seed, hand, point, question, options, ids, omit=("to_act", "first_bidder"))
    rotate = form == 2
    hand = _hand(game, rng, ROTATE if rotate else None)
    point = next((p for p in hand.points if p.after.phase == "score" and p.state.phase == "play"), None)
    if point is None:
        return None
    nxt = game.next_hand(point.after)
    dealer = point.state.dealer
    if rotate:
        answer = nxt.first_bidder
        ids = ("DDZ-DEAL-3", "DDZ-FLAG-first_bidder", "DDZ-NEXT-1", "DDZ-SETUP-3")
        why = (("ddz.quiz.why.rotate", {"dealer": nxt.dealer, "seat": answer}),)
        q = "ddz.quiz.q.next_first_bidder"
    else:
        answer = nxt.dealer
        ids = ("DDZ-NEXT-1", "DDZ-DEAL-2", "DDZ-SETUP-3")
        why = (("ddz.quiz.why.next_dealer", {"dealer": dealer, "seat": answer}),)
        q = "ddz.quiz.q.next_dealer"
    options = [Option(_seat_label(s, point.seat), s == answer, why, ids) for s in range(point.state.players)]
    return _exercise(game, "dealer", seed, hand, point, (q, {"dealer": dealer}), options, ids, shows=point.action)


# --------------------------------------------------------------------------- declare
#: what four triplets in a row may be declared as, right or wrong (DDZ-CMP-6)
READINGS = ("airplane", "airplane_single_wings")
NOT_READINGS = ("pair_sequence", "airplane_pair_wings", "sequence")


def declare_kind(game: Game, rng: Rng, seed: int) -> Exercise | None:
    """Four triplets in a row, where wings may share a rank, read two ways: which ways of playing
    them may you lead? (each judged by ``explain``: undeclared, declared as each reading, as a
    type they are not).

    Real hands almost never hold four triplets in a row (one deal in a few hundred), so this
    kind deals the landlord's hand with them and the rest of the deck at random
    (``from_setup``), at the opening lead under the "online" preset (wings may share a rank).
    """
    preset = "online"
    values = dict(game.playable_presets().get(preset, {}))
    values["kickers_may_repeat"] = True
    flags = game.flags(values)
    deck = list(flags.deck.cards())
    rng.shuffle(deck)
    start = 3 + rng.below(9)  # four ranks in a row within 3…A (DDZ-RANK-2)
    ranks = {RANK_TOKEN[r] for r in range(start, start + 4)}
    body: list[Any] = []
    for rank in sorted(ranks, key=lambda t: TOKEN_RANK[t]):
        body += [c for c in deck if not c.special and c.rank == rank][:3]
    extra = [c for c in deck if c.special or c.rank not in ranks][:flags.hand_size + flags.kitty_size - len(body)]
    lord = rng.below(flags.players)
    setup = {"flags": values, "phase": "play", "to_act": lord, "landlord": lord, "bid": 1 + rng.below(3),
             "hands": {str(lord): [c.token for c in body + extra]}, "trick": [], "seed": seed}
    state = game.from_setup(setup)
    cards = tuple(c for c in state.hands[lord] if c in body)
    wrong = NOT_READINGS[rng.below(len(NOT_READINGS))]
    tries = [(Play(cards), ("ddz.quiz.answer.undeclared", {}))]
    tries += [(Play(cards, t), ("ddz.quiz.answer.declared", {"type": t})) for t in READINGS + (wrong,)]
    options = []
    ids = ["DDZ-CMP-6", "DDZ-COMBO-8", "DDZ-COMBO-9", "DDZ-FLAG-kickers_may_repeat"]
    for action, label in tries:
        v = game.explain(state, action, lord)
        options.append(Option(label, v.legal, _verdict_why(v), v.rule_ids, action))
        ids += list(v.rule_ids)
    rng.shuffle(options)
    point = Point(state, lord, True, None, state, ())
    hand = Hand(preset, flags, (point,), state)
    question = ("ddz.quiz.q.declare", {"cards": _tokens(cards)})
    return _exercise(game, "declare", seed, hand, point, question, options, tuple(ids), multiple=True)


KINDS = {
    "classify": classify_kind,
    "beats": beats_kind,
    "stake": stake_kind,
    "pay": pay_kind,
    "auction": auction_kind,
    "turn": turn_kind,
    "dealer": dealer_kind,
    "declare": declare_kind,
}
