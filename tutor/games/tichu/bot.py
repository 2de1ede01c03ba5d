"""A simple Tichu heuristic: call Grand Tichu rarely, shed low cards, save the big ones, help the partner.

A fair practice opponent and a source of hints, not a strong player: every choice comes with
a reason a learner can read (``tichu.why.*``). ``choose`` answers every in-turn decision
(``grand_tichu``, ``exchange``, ``wish``, ``dragon_gift``, ``play``); ``interrupt`` says whether
to bomb out of turn right now (the practice table polls it after every play, through
``tutor.bots.interrupt_choice``); ``interrupt_reason`` gives the same decision with its reason.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from ...actions import PASS, Action, Decision, FrozenMap, Pass, Play
from ...bots import Choice, register_heuristic
from ...cards import Card
from .combos import BOMBS, DRAGON, RANK_OF, VALUE, Combo, Hand, classify, generate, is_natural
from .state import card_points, team_of

GRAND_STRONG = 7          # Dragon 3 + Phoenix 3 + an ace 1, or any bomb (7)
DANGER_CARDS = 3          # an opponent with this many cards or fewer may go out soon
INTERRUPT_DANGER = 2      # out of turn, bomb a player left with this many cards or fewer
POINTS_WORTH_A_BOMB = 20  # trick points that justify an out-of-turn bomb
POINTS_WORTH_A_SPECIAL = 10


# --------------------------------------------------------------------------- hand facts
def partner_of(seat: int) -> int:
    return (seat + 2) % 4


def opponents_of(seat: int) -> tuple[int, int]:
    return ((seat + 1) % 4, (seat + 3) % 4)


def bomb_cards(cards: Sequence[Card]) -> set[Card]:
    """The natural cards that take part in some bomb (four of a kind, straight flush)."""
    by_value: dict[int, list[Card]] = {}
    for c in cards:
        if is_natural(c):
            by_value.setdefault(VALUE[c.rank], []).append(c)
    out: set[Card] = set()
    for cs in by_value.values():
        if len(cs) == 4:
            out.update(cs)
    for suit in "SHDC":
        have = {VALUE[c.rank]: c for c in cards if is_natural(c) and c.suit == suit}
        run: list[Card] = []
        for v in range(2, 16):
            if v in have:
                run.append(have[v])
                continue
            if len(run) >= 5:
                out.update(run)
            run = []
    return out


def has_bomb(cards: Sequence[Card]) -> bool:
    return bool(bomb_cards(cards))


def grand_strength(cards: Sequence[Card]) -> int:
    specials = {c.special for c in cards if c.special}
    aces = sum(1 for c in cards if c.rank == "A")
    score = 3 * ("DRAGON" in specials) + 3 * ("PHOENIX" in specials) + aces
    if has_bomb(cards):
        score += 7
    return score


def _low_key(card: Card) -> tuple[float, int]:
    """How readily a card is given to an opponent: the Dog first, then low naturals, point cards last."""
    if card.special == "DOG":
        return (0.0, 0)
    if card.special == "MAHJONG":
        return (15.0, 0)  # keep it if we can: it is a harmless single and leads trick 1
    return (float(VALUE[card.rank]), 1 if card.rank in ("5", "10", "K") else 0)


def _seen_counts(state: Any, seat: int) -> Counter:
    """Natural cards of each rank this seat can account for: its hand, captured piles, the trick."""
    seen: Counter = Counter()
    cards = list(state.hands[seat]) + [c for pile in state.captured for c in pile]
    cards += [c.physical for e in state.trick for c in e.cards]
    for c in cards:
        if is_natural(c):
            seen[c.rank] += 1
    return seen


def trick_points(state: Any) -> int:
    return card_points([c.physical for e in state.trick for c in e.cards])


def _combo_of(state: Any, play: Play) -> Combo:
    top = state.top()
    on_single = top.combo.rank if top and top.combo and top.combo.type == "single" else None
    readings = classify(play.cards, on_single)
    return readings[0]


# --------------------------------------------------------------------------- phases
def _grand(state: Any, seat: int) -> Choice:
    hand = state.hands[seat]
    if grand_strength(hand) >= GRAND_STRONG:
        return Choice(Decision("grand", True), "tichu.why.grand_strong")
    return Choice(Decision("grand", False), "tichu.why.grand_weak")


def exchange_gifts(state: Any, seat: int) -> dict[int, Card]:
    """Lowest cards to the opponents, a good card to the partner; keep the Dragon, the Phoenix, bombs."""
    hand = list(state.hands[seat])
    keep = bomb_cards(hand)
    precious = ("DRAGON", "PHOENIX")
    free = sorted((c for c in hand if c not in keep and c.special not in precious), key=_low_key)
    # only when fewer than three cards are free: bomb cards (lowest first), then the Phoenix, the Dragon
    spare = sorted((c for c in hand if c in keep or c.special in precious),
                   key=lambda c: (c.special == "DRAGON", c.special == "PHOENIX", VALUE.get(c.rank, 0), c.suit))
    order = free + spare
    left, right = opponents_of(seat)
    gifts = {left: order[0], right: order[1]}
    rest = free[2:]
    counts = Counter(c.rank for c in hand if is_natural(c))
    naturals = [c for c in rest if is_natural(c)]
    if naturals:  # the highest natural card, preferably one that splits no pair
        gifts[partner_of(seat)] = min(naturals, key=lambda c: (counts[c.rank] >= 2, -VALUE[c.rank], c.suit))
    else:
        gifts[partner_of(seat)] = (rest + spare[max(0, 2 - len(free)):])[0]
    return gifts


def _exchange(state: Any, seat: int) -> Choice:
    gifts = exchange_gifts(state, seat)
    value = FrozenMap.of({str(s): str(c) for s, c in gifts.items()})
    return Choice(Decision("exchange", value), "tichu.why.exchange", {"cards": [str(gifts[partner_of(seat)])]})


def _wish(state: Any, seat: int) -> Choice:
    seen = _seen_counts(state, seat)
    held = {c.rank for c in state.hands[seat] if is_natural(c)}
    candidates = [r for r in RANK_OF.values() if r not in held and seen[r] < 4]
    if not candidates:
        return Choice(Decision("wish", None), "tichu.why.no_wish")
    # a rank we lack entirely, as many of it still out there as possible, high ranks first
    rank = max(candidates, key=lambda r: (4 - seen[r], VALUE[r]))
    return Choice(Decision("wish", rank), "tichu.why.wish", {"rank": rank})


def _gift(state: Any, seat: int) -> Choice:
    opps = opponents_of(seat)
    # the opponent with more cards is the one less likely to go out (and, if last, loses the pile)
    to = max(opps, key=lambda s: (len(state.hands[s]), -((s - seat) % 4)))
    return Choice(Decision("give_trick_to", to), "tichu.why.gift", {"seat": to, "left": len(state.hands[to])})


# --------------------------------------------------------------------------- play
class _Plays:
    """The legal plays of one position with what the heuristic needs to know about each."""

    def __init__(self, state: Any, seat: int, actions: list[Action]) -> None:
        self.state, self.seat = state, seat
        self.hand = state.hands[seat]
        self.counts = Counter(c.rank for c in self.hand if is_natural(c))
        self.bomb_cards = bomb_cards(self.hand)
        self.plays = [a for a in actions if isinstance(a, Play)]
        self.can_pass = any(isinstance(a, Pass) for a in actions)
        top = state.top()
        # the generator's readings (one pass), instead of classifying every legal play again
        known = {cards: combo for cards, combo in generate(Hand(self.hand), top.combo if top else None,
                                                           leading=top is None)}
        self.combo = {p: known.get(p.cards) or _combo_of(state, p) for p in self.plays}

    def is_bomb(self, p: Play) -> bool:
        return self.combo[p].type in BOMBS

    def breaks_bomb(self, p: Play) -> bool:
        return not self.is_bomb(p) and any(c in self.bomb_cards for c in p.cards)

    def special(self, p: Play) -> bool:
        """Uses the Dragon or the Phoenix (cards worth saving)."""
        return any(c.special in ("DRAGON", "PHOENIX") for c in p.cards)

    def breaks(self, p: Play) -> int:
        """How many sets (pairs, triples) of the hand this play splits."""
        used = Counter(c.rank for c in p.cards if is_natural(c))
        return sum(1 for r, n in used.items() if n < self.counts[r] and self.counts[r] >= 2)

    def low(self, p: Play) -> float:
        values = [VALUE[c.rank] if is_natural(c) else (1 if c.special == "MAHJONG" else 15)
                  for c in p.cards if not c.declared]
        return min(values) if values else 15.0

    def normal(self) -> list[Play]:
        return [p for p in self.plays if not self.is_bomb(p) and not self.breaks_bomb(p)]

    def bombs(self) -> list[Play]:
        return [p for p in self.plays if self.is_bomb(p)]

    def lead_cost(self, p: Play) -> tuple:
        return (self.special(p), self.low(p), self.breaks(p), -len(p.cards), self.combo[p].rank)

    def follow_cost(self, p: Play) -> tuple:
        return (self.special(p), self.combo[p].rank + 4 * self.breaks(p), -len(p.cards))

    def bomb_cost(self, p: Play) -> tuple:
        c = self.combo[p]
        return (c.size, c.rank)


def _wish_binds(state: Any, seat: int, plays: list[Play]) -> bool:
    w = state.wish
    if w is None or not any(is_natural(c) and c.rank == w for c in state.hands[seat]):
        return False
    return bool(plays) and all(any(is_natural(c) and c.rank == w for c in p.cards) for p in plays)


def _play(game: Any, state: Any, seat: int, actions: list[Action]) -> Choice:
    info = _Plays(state, seat, actions)
    hand = info.hand
    plays = info.plays
    for p in plays:  # going out first is what a call and the card points hinge on
        if len(p.cards) == len(hand):
            return Choice(p, "tichu.why.go_out")
    top = state.top()
    partner = partner_of(seat)
    forced = _wish_binds(state, seat, plays)

    if top is None:  # leading
        dog = next((p for p in plays if info.combo[p].type == "dog"), None)
        if dog is not None and state.hands[partner] and state.calls[partner] and not state.calls[seat]:
            return Choice(dog, "tichu.why.dog_to_partner", {"seat": partner})
        pool = [p for p in info.normal() if info.combo[p].type != "dog"] or info.normal() or plays
        best = min(pool, key=info.lead_cost)
        if forced:
            return Choice(best, "tichu.why.wish_forced", {"rank": state.wish, "type": info.combo[best].type})
        return Choice(best, "tichu.why.lead_low", {"type": info.combo[best].type})

    if top.seat == partner or top.seat == seat:  # the partner's play is winning: let it run
        if info.can_pass:
            return Choice(PASS, "tichu.why.partner_winning")
        best = min(info.normal() or plays, key=info.follow_cost)
        return Choice(best, "tichu.why.wish_forced", {"rank": state.wish, "type": info.combo[best].type})

    opp_left = len(state.hands[top.seat])
    danger = 0 < opp_left <= DANGER_CARDS
    points = trick_points(state)
    normal = info.normal()
    plain = [p for p in normal if not info.special(p)]
    if forced:
        best = min(normal or plays, key=info.follow_cost)
        return Choice(best, "tichu.why.wish_forced", {"rank": state.wish, "type": info.combo[best].type})
    if plain:
        best = min(plain, key=info.follow_cost)
        return Choice(best, "tichu.why.beat_cheaply", {"type": info.combo[best].type})
    if normal and (danger or points >= POINTS_WORTH_A_SPECIAL or len(hand) <= 5):
        best = min(normal, key=info.follow_cost)
        return Choice(best, "tichu.why.special_worth_it", {"type": info.combo[best].type, "points": points})
    bombs = info.bombs()
    dragon_on_top = top.combo is not None and top.combo.type == "single" and top.combo.rank >= DRAGON
    # a Dragon trick comes to our team anyway (the gift): bomb it only to stop a player going out
    worth = points if not dragon_on_top else 0
    if bombs and (danger or worth >= POINTS_WORTH_A_BOMB):
        best = min(bombs, key=info.bomb_cost)
        if danger:
            return Choice(best, "tichu.why.bomb_to_stop", {"seat": top.seat, "left": opp_left,
                                                           "type": info.combo[best].type})
        return Choice(best, "tichu.why.bomb_points", {"points": points, "type": info.combo[best].type})
    if info.can_pass:
        return Choice(PASS, "tichu.why.save_strength" if plays else "tichu.why.cannot_beat")
    best = min(plays, key=info.follow_cost)  # not reached: a follower may always pass unless wished
    return Choice(best, "tichu.why.beat_cheaply", {"type": info.combo[best].type})


# --------------------------------------------------------------------------- entry points
def choose(game: Any, state: Any, seat: int) -> Choice:
    """The bot's in-turn decision for ``seat`` (always one of ``game.legal_actions(state, seat)``)."""
    phase = state.phase
    if phase == "grand_tichu":
        return _grand(state, seat)
    if phase == "exchange":
        return _exchange(state, seat)
    if phase == "wish":
        return _wish(state, seat)
    if phase == "dragon_gift":
        return _gift(state, seat)
    return _play(game, state, seat, game.legal_actions(state, seat))


def call_choice(game: Any, state: Any, seat: int) -> Choice | None:
    """A Tichu call (side action) when the full 14-card hand is strong; ``None`` otherwise."""
    if not game.side_actions(state, seat) or len(state.hands[seat]) != 14:
        return None  # during the exchange (11 cards held) the bot waits for the cards it receives
    hand = state.hands[seat]
    aces = sum(1 for c in hand if c.rank == "A")
    specials = {c.special for c in hand if c.special}
    score = 3 * ("DRAGON" in specials) + 3 * ("PHOENIX" in specials) + aces + 5 * has_bomb(hand)
    small = sum(1 for c in hand if is_natural(c) and VALUE[c.rank] <= 6 and c not in bomb_cards(hand))
    if score >= 10 and small <= 3:
        return Choice(game.side_actions(state, seat)[0], "tichu.why.call_tichu")
    return None


def interrupt_reason(game: Any, state: Any, seat: int) -> Choice | None:
    """An out-of-turn bomb worth playing now, with its reason (``None``: let the play stand)."""
    if state.phase != "play" or not state.hands[seat] or seat == state.to_act:
        return None  # in turn the regular decision (``choose``) considers bombs itself
    top = state.top()
    if top is None or top.combo is None or team_of(top.seat) == team_of(seat):
        return None
    bombs = game.legal_actions(state, seat, in_turn=False)
    if not bombs:
        return None
    opp_left = len(state.hands[top.seat])
    danger = 0 < opp_left <= INTERRUPT_DANGER
    others = sum(1 for s in range(4) if state.hands[s] and s != top.seat)
    closing = state.passes_since_top() >= others  # everyone passed: the play is about to win
    dragon_on_top = top.combo.type == "single" and top.combo.rank >= DRAGON
    points = trick_points(state)
    worth = 0 if dragon_on_top else points
    if not (danger or (closing and worth >= POINTS_WORTH_A_BOMB)):
        return None
    combos = {p: _combo_of(state, p) for p in bombs}
    best = min(bombs, key=lambda p: (combos[p].size, combos[p].rank))
    if danger:
        return Choice(best, "tichu.why.bomb_to_stop", {"seat": top.seat, "left": opp_left, "type": combos[best].type})
    return Choice(best, "tichu.why.bomb_points", {"points": points, "type": combos[best].type})


def interrupt(game: Any, state: Any, seat: int) -> Action | None:
    """Whether ``seat`` bombs out of turn now: the bomb to play (``in_turn=False``), or ``None``."""
    choice = interrupt_reason(game, state, seat)
    return choice.action if choice else None


register_heuristic("tichu", choose, interrupt)
