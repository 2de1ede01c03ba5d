"""Daifugo (大富豪), the base game and the seed's cut-in game, as a state machine (rules: ``daifugo.md``).

Phases: ``deal`` (automatic) → ``exchange`` (from game 2: the poorest give their strongest cards
to the richest, who give any cards back, all chosen face down and given together, DFG-EXCH-1) →
``play`` (phases of the field until one player is left, DFG-OUT-2) → ``score`` → the next game
(``next_hand``). What lasts from game to game (the game's number, the places of the game before
and of every game so far) is the ``Session``.

The cut-in game (``preset = "cutin"``, the seed's default) adds cut-ins out of turn, exposed cards
and the per-rank local rules (§8 – §10), each its own flag: ``cutin.py`` holds the chain (the
window after every play, DFG-CUT-2), the effects applied when it closes and the decisions they
ask for, in the phases ``six_salvage`` … ``a_open``.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...actions import PASS, Action, Decision, Pass, Play
from ...cards import Card, format_cards, multiset_contains, multiset_remove, shortfall
from ...choices import ChooseCards
from ...climbing import everyone_else_passed, next_seat
from ...errors import FlagError, TutorError, short_value
from ...game import Game, IllegalAction, Verdict
from ...windows import Window
from ...game import evolve as replace  # a faster dataclasses.replace for the State (no __post_init__)
from ...game import event as _event, allowed as _yes, refused as _no, replaced_at as _set  # the shared verdict and log helpers
from ...jsondata import fresh_json
from ...rng import derive
from . import combos as C
from . import cutin as K
from .state import BASE, CUTIN_RULES, EFFECT_PHASES, PHASES, PLAYERS, Entry, Flags, Session, State, deck_of, title_of

#: the rule each play shape is made under (DFG-COMBO-1 … 5); a group's depends on its size
SHAPE_RULE = {"single": "DFG-COMBO-1", "group": "DFG-COMBO-2", "sequence": "DFG-COMBO-5"}
GROUP_RULE = {2: "DFG-COMBO-2", 3: "DFG-COMBO-3"}  # four or more: DFG-COMBO-4


def shape_rule(reading: C.Reading) -> str:
    """The rule a play's shape is made under: a pair DFG-COMBO-2, three DFG-COMBO-3, four or more
    DFG-COMBO-4 (a lone undeclared joker is a single, DFG-COMBO-1)."""
    if reading.kind == "group":
        return GROUP_RULE.get(reading.size, "DFG-COMBO-4")
    return SHAPE_RULE[reading.kind]


sort_key = C.sort_key  # the normal order, weakest first, jokers last (DFG-RANK-1)


def sort_hand(cards: Any) -> tuple[Card, ...]:
    """A hand in the normal order, weakest first, jokers last."""
    return tuple(sorted(cards, key=C.sort_key))


class Daifugo(Game):
    """Daifugo, the base preset (daifugo.md §1 – §7, §11, §12)."""

    name = "daifugo"
    title = {"en": "Daifugo", "ja": "大富豪"}
    # the phases the page lists; an effect decision (§9) is a step of the play, shown as "Play"
    # (``display_phase``), with its own words above the trick
    phases = ("deal", "exchange", "play", "score")
    Flags = Flags
    table_flags = ("players", "decks", "jokers")  # a position is dealt for these (tutor/compare.py)
    rule_prefix = "DFG"
    kinds = ("legal", "steps")
    direction = "clockwise"  # daifugo.md names none for the seats' places; a choice for the page
    suits_matter = True
    # the seed's game is the cut-in game (§12's default column, what ``flags`` starts from); the
    # course teaches the ordinary game first and the cut-in game on top of it, so a new game, the
    # practice page and the CLI start from the ordinary one, and the cut-in game is one choice away
    # (a choice of ours: links without a preset keep meaning the ordinary game)
    default_preset = "base"
    # the practice form offers every flag (the cut-in game's local rules as a checklist); the
    # preset is chosen by its own control
    fixed_flags = ("preset",)
    side_by_selection = ("expose",)  # voluntary exposure (DFG-OPEN-2 h): any of the hidden cards

    @property
    def quiz_outcomes(self):  # the outcome questions (tutor/games/daifugo/quiz.py)
        from .quiz import OUTCOMES
        return OUTCOMES

    def quiz_kinds(self):
        from .quiz import KINDS
        return KINDS

    def rules_conflict(self, state: State, flags: Flags) -> Verdict | None:
        """Something in the position that only a rule the other flags switch off makes
        (tutor/compare.py): a revolution, a binding, a reversed direction, J-back, exposed cards,
        a rank effect waiting for its decision, the exchange, a seat fallen by 都落ち."""
        checks = (
            (state.revolution and not flags.revolution, "revolution", "DFG-REV-1"),
            (bool(state.bound) and not flags.suit_binding, "suit_binding", "DFG-BIND-1"),
            (bool(state.rank_bind and state.rank_bind.active) and not flags.rank_binding, "rank_binding", "DFG-BIND-4"),
            (state.direction != 1 and not flags.nine_reverse, "nine_reverse", "DFG-NINE-1"),
            (state.jback and not flags.j_back, "j_back", "DFG-JBACK-1"),
            (any(state.exposed) and not flags.open_cards, "open_cards", "DFG-OPEN-1"),
            (state.phase == "exchange" and not flags.exchange, "exchange", "DFG-EXCH-1"),
            (bool(state.eliminated) and not flags.miyako_ochi, "miyako_ochi", "DFG-MIYAKO-1"),
        )
        for broken, what, rule in checks:
            if broken:
                return _no("compare.needs", (rule,), what=what)
        effect = state.effect
        if effect is not None and effect.kind in EFFECT_PHASES and not getattr(flags, effect.kind):
            return _no("compare.needs", (K.EFFECT_RULE[effect.kind],), what=effect.kind)
        return None

    def playable_presets(self) -> dict[str, dict[str, Any]]:
        """The ordinary game and the cut-in game; "seed" names the cut-in game too, so it is not
        offered twice."""
        return {k: v for k, v in super().playable_presets().items() if k != "seed"}

    # ------------------------------------------------------------------ flags
    def flags(self, data: Mapping[str, Any] | None = None, path: str = "flags") -> Flags:
        """The flags: the preset's column of §12 first (``preset``, default the cut-in game),
        then every other flag given; the player count must suit the preset (DFG-SETUP-1)."""
        from ...flags import parse_flags
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise FlagError(path, "error.expected", what="flags", got=short_value(data))
        preset = data.get("preset", "cutin")
        parse_flags(Flags, {"preset": preset}, path)  # names a bad preset
        start = dict(BASE) if preset == "base" else {}
        flags = parse_flags(Flags, {**start, **data}, path)
        low, high = PLAYERS[flags.preset]
        if not low <= flags.players <= high:
            raise FlagError(f"{path}.players", "error.dfg.players", preset=flags.preset, low=low, high=high,
                            got=flags.players)
        return flags

    # ------------------------------------------------------------------ dealing
    def new_game(self, flags: Flags, seed: int | str) -> State:
        n = flags.players
        state = State(flags=flags, seed=seed, phase="deal", hands=((),) * n, to_act=None)
        return self._deal(state)

    def _deal(self, state: State) -> State:
        """DFG-DEAL-1: every card dealt one at a time from seat 0, as evenly as possible."""
        n = state.flags.players
        deck = list(deck_of(state.flags).cards())
        derive(state.seed, "daifugo-deal", state.game_no).shuffle(deck)
        hands = tuple(sort_hand(deck[i::n]) for i in range(n))
        state = replace(state, phase="deal", hands=hands, trick=(), discard_pile=(), revolution=False, direction=1,
                        bound=(), rank_bind=C.NO_RANK_BINDING, out=(), eliminated=(), places=(None,) * n,
                        gifts=(None,) * n, exchange_order=(), first_out=None, result=None, last_field=(),
                        exposed=((),) * n, jback=False, chain_start=None, effect=None,
                        log=state.log + (_event("dfg.event.deal", ("DFG-DEAL-1",), game=state.game_no),))
        return self._after_deal(state)

    def _after_deal(self, state: State) -> State:
        """From game 2 the exchange (DFG-EXCH-1); then the first player (DFG-D3-1)."""
        prev = state.previous_places
        if state.flags.exchange and prev is not None:
            order = self._exchange_seats(state)
            if order:
                return replace(state, phase="exchange", exchange_order=order, to_act=order[0])
        return self._start_play(state)

    def _exchange_seats(self, state: State) -> tuple[int, ...]:
        """Who exchanges: 大貧民 and 大富豪, and 貧民 and 富豪 with four or more players."""
        prev = state.previous_places
        assert prev is not None
        n = state.players
        places = (1, n) if n == 3 else (1, 2, n - 1, n)
        return tuple(s for s in range(n) if prev[s] in places)

    def _start_play(self, state: State) -> State:
        """DFG-D3-1: with ``diamond3_start`` the holder of the 3 of diamonds begins the first game
        (the first holder in seat order); without it a seat drawn at random. From game 2 the
        大貧民 of the game before (``later_start``), or again the 3 of diamonds."""
        n = state.players
        d3 = Card.parse("D-3")
        holder = next((s for s in range(n) if d3 in state.hands[s]), None)
        prev = state.previous_places
        if prev is not None and state.flags.later_start == "daihinmin":
            first, rule, key = prev.index(n), "DFG-D3-1", "dfg.event.first_daihinmin"
        elif state.flags.diamond3_start and holder is not None and (prev is None or state.flags.later_start == "diamond3"):
            first, rule, key = holder, "DFG-D3-1", "dfg.event.first_diamond3"
            if state.flags.open_cards:  # the D-3 that starts is revealed: an exposed card (DFG-OPEN-2 i, A12)
                state = K.expose(state, holder, (d3,))
        else:
            first, rule, key = derive(state.seed, "daifugo-first", state.game_no).below(n), "DFG-D3-1", "dfg.event.first_random"
        return replace(state, phase="play", to_act=first, log=state.log + (_event(key, (rule,), seat=first),))

    # ------------------------------------------------------------------ the session
    def next_hand(self, state: State) -> State:
        """DFG-NEXT-1: after a game, the next one: the places carry into the exchange."""
        if state.phase != "score":
            return state
        places = tuple(int(p) for p in state.places)  # type: ignore[arg-type]
        session = replace(state.session, game_no=state.game_no + 1, previous_places=places,
                          history=state.session.history + (places,))
        return self._deal(replace(state, session=session,
                                  log=state.log + (_event("dfg.event.next_game", ("DFG-NEXT-1",), game=session.game_no),)))

    def game_over(self, state: State) -> bool:
        """A session of Daifugo has no end of its own: the players stop when they like."""
        return False

    def session(self, state: State) -> dict[str, Any]:
        ses = state.session
        titles = None
        if ses.previous_places is not None:
            titles = {str(s): title_of(p, state.players) for s, p in enumerate(ses.previous_places)}
        # no scores: a game's standing is its titles (DFG-TITLE-1), and the session's the places
        # of every game so far (``history``, seat → place per game)
        return {"hand_no": ses.game_no, "game_no": ses.game_no, "titles": titles,
                "history": [list(h) for h in ses.history], "scores": None, "target": None,
                "game_over": False, "winner": None, "dealer": None, "next_dealer": None, "next_first_bidder": None}

    # ------------------------------------------------------------------ queries
    def to_act(self, state: State) -> int | None:
        return state.to_act

    def round_over(self, state: State) -> bool:
        return state.phase == "score"

    def all_cards(self, state: State) -> list[Card]:
        cards = [c for h in state.hands for c in h] + list(state.discard_pile)
        cards += [c.physical for e in state.trick for c in e.cards]
        cards += [c for g in state.gifts if g for c in g]
        return cards

    def players(self, state: State) -> int:
        return state.players

    def check_value(self, state: State, key: str) -> Any:
        if key == "revolution":
            return state.revolution
        if key == "direction":
            return state.direction
        if key == "jback":
            return state.jback
        if key == "bound_suits":
            return sorted(state.bound)
        if key == "exposed":
            return {str(s): format_cards(state.exposed_of(s)) for s in range(state.players)}
        if key == "active":
            return [s for s in range(state.players) if state.active(s)]
        if key == "places":
            return {str(s): p for s, p in enumerate(state.places) if p is not None}
        raise KeyError(key)

    def hint_focus(self, state: State, seat: int, action: Action | None, in_turn: bool = True) -> Any:
        from . import hints
        return hints.hint_focus(self, state, seat, action, in_turn)

    def hint_options(self, state: State, seat: int, action: Action | None, in_turn: bool = True) -> Any:
        from . import hints
        return hints.hint_options(self, state, seat, action, in_turn)

    def reversed_order(self, state: State) -> bool:
        """DFG-RANK-3: the reversed order is in force iff ``revolution`` XOR ``jback``."""
        return state.revolution != state.jback

    def trick_over(self, state: State) -> bool:
        """Whether the last action ended the phase (the field flowed)."""
        return not state.trick and bool(state.last_field)

    def top_reading(self, state: State) -> C.Reading | None:
        top = state.top()
        return top.combo if top is not None else None

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, state: State, seat: int | None = None, in_turn: bool = True) -> list[Action]:
        if not in_turn:
            if not isinstance(seat, int) or not 0 <= seat < state.players:
                return []
            return [Decision("cut_in", tuple(c.token for c in o)) for o in K.cut_in_options(state, seat)]
        if state.chain_start is not None:  # an in-turn action first closes the window nobody took
            state = self.close_window(state)
        if seat is None:
            seat = state.to_act
        if seat is None or not isinstance(seat, int) or not 0 <= seat < state.players:
            return []
        if state.phase in EFFECT_PHASES:
            return K.effect_actions(state, seat)
        if state.phase == "exchange":
            spec = self._exchange_spec(state, seat)
            if spec is not None:
                return list(spec.expand())
            return [Decision("exchange", tuple(c.token for c in cards)) for cards in self._owed(state, seat)]
        if state.phase != "play" or seat != state.to_act:
            return []
        out: list[Action] = [PASS] if state.trick and state.top() is not None else []
        return out + [Play(cards) for cards in self._plays(state, seat)]

    def _plays(self, state: State, seat: int) -> list[tuple[Card, ...]]:
        f = state.flags
        return C.plays(state.hands[seat], f.decks, self.top_reading(state), self.reversed_order(state),
                       state.bound if f.suit_binding else (), state.rank_bind if f.rank_binding else C.NO_RANK_BINDING,
                       spade3_return=f.spade3_return, limit_declarations=False)

    def legal_for_cards(self, state: State, cards: Sequence[Card], seat: int | None = None,
                        in_turn: bool = True) -> list[Action]:
        """The readings of one selection: the plays of exactly ``cards`` (physical, jokers
        undeclared), generated for that size from those cards alone, so a hand of 27 cards with
        two jokers (about 4,000 plays) answers in a fraction of a millisecond."""
        if seat is None:
            seat = state.to_act
        cards = tuple(c.physical for c in cards)
        if (not in_turn or state.phase != "play" or seat != state.to_act or not cards
                or not multiset_contains(state.hands[seat], cards)):
            return []
        want = sorted(c.token for c in cards)
        f = state.flags
        found = C.plays(tuple(cards), f.decks, self.top_reading(state), self.reversed_order(state),
                        state.bound if f.suit_binding else (),
                        state.rank_bind if f.rank_binding else C.NO_RANK_BINDING,
                        spade3_return=f.spade3_return, limit_declarations=False, size=len(cards))
        return [Play(p) for p in found if sorted(c.physical.token for c in p) == want]

    def decision_spec(self, state: State, seat: int | None = None, in_turn: bool = True) -> ChooseCards | None:
        """The exchange as "choose k cards" (the 大富豪's any two of a dozen: 66 actions)."""
        if not in_turn:
            return None
        if state.chain_start is not None:
            state = self.close_window(state)
        if seat is None:
            seat = state.to_act
        if seat is None:
            return None
        if state.phase in EFFECT_PHASES:
            return K.effect_spec(state, seat)
        if state.phase != "exchange":
            return None
        return self._exchange_spec(state, seat)

    def _exchange_count(self, state: State, seat: int) -> int:
        place = state.previous_places[seat]  # type: ignore[index]
        return 2 if place in (1, state.players) else 1

    def _exchange_spec(self, state: State, seat: int) -> ChooseCards | None:
        """DFG-EXCH-1: the 大富豪 gives any two cards, the 富豪 any one: "choose k cards"."""
        if seat not in state.exchange_order or state.gifts[seat] is not None:
            return None
        if state.previous_places[seat] not in (1, 2):  # type: ignore[index]
            return None
        return ChooseCards("exchange", state.hands[seat], self._exchange_count(state, seat), rule_ids=("DFG-EXCH-1",))

    def action_label(self, action: Action, lang: str = "en") -> str:
        """Every decision of the cut-in game names what it moves: a cut-in its cards, K-greed the
        exposed cards and whose they are (or that it moves none), the effects their cards or, for a
        blind pick, the face-down positions counted from 1 (as the page numbers the card backs)."""
        from ...messages import render
        if not isinstance(action, Decision):
            return super().action_label(action, lang)
        value: Any = action.value
        if action.key == "k_greed":
            cards = [t for _, tokens in value for t in tokens]
            if not cards:
                return render("dfg.action.k_greed_none", {}, lang)
            return render("dfg.action.k_greed", {"cards": cards, "seats": [s for s, tokens in value if tokens]}, lang)
        if action.key in ("q_peeping", "a_open") and value and all(isinstance(i, int) for i in value):
            return render("dfg.action.blind_pick", {"positions": [i + 1 for i in value], "count": len(value)}, lang)
        if action.key in ("cut_in", "seven_pass", "ten_discard", "six_salvage", "a_open", "expose"):
            return render(f"dfg.action.{action.key}", {"cards": list(value), "count": len(value)}, lang)
        return super().action_label(action, lang)

    def decision_options(self, state: State, seat: int) -> list[Action] | None:
        """The poorer's exchange as buttons: each way to give its strongest cards (DFG-EXCH-1), and
        the weakest ones as the tempting wrong answer, which the rule refuses with its reason.
        The richer choose freely: a "choose k cards" spec (``decision_spec``). K-greed's choices
        are buttons too (DFG-KING-1: a few exposed cards, or none)."""
        if state.phase == "k_greed" and state.effect is not None and seat == state.effect.chooser:
            return K.greed_options(state)
        if state.phase != "exchange":
            return None
        owed = self._owed(state, seat)
        if not owed:
            return None
        k = self._exchange_count(state, seat)
        options = [Decision("exchange", tuple(c.token for c in cards)) for cards in owed]
        weakest = tuple(sorted(state.hands[seat], key=C.sort_key)[:k])
        wrong = Decision("exchange", tuple(c.token for c in weakest))
        return options + ([wrong] if wrong not in options else [])

    def _owed(self, state: State, seat: int) -> list[tuple[Card, ...]]:
        """DFG-EXCH-1: the 大貧民 owes its two strongest cards, the 貧民 its strongest (normal
        order, jokers strongest); among equal cards the giver chooses: one option per choice."""
        if seat not in state.exchange_order or state.gifts[seat] is not None:
            return []
        if state.previous_places[seat] in (1, 2):  # type: ignore[index]
            return []
        return C.strongest_sets(state.hands[seat], self._exchange_count(state, seat))

    # ------------------------------------------------------------------ explain
    def explain(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> Verdict:
        return self._judge(state, action, seat, in_turn)[0]

    def _judge(self, state: State, action: Action, seat: int | None, in_turn: bool) -> tuple[Verdict, Any]:
        if in_turn and state.chain_start is not None:  # judged on the position once the window closes
            state = self.close_window(state)
        if seat is None:
            seat = state.to_act
        n = state.players
        if seat is None or not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            return _no("common.bad_seat", (), seat=seat, players=n), None
        if isinstance(action, Decision) and action.key == "expose":
            return self._judge_expose(state, action, seat)
        if not in_turn:
            if state.phase == "score":
                return _no("dfg.game_over", ("DFG-OUT-2",)), None
            if isinstance(action, Decision) and action.key == "cut_in":
                return K.judge_cut_in(self, state, seat, action.value)
            if state.flags.cut_in:
                return _no("dfg.cut.only_cut_in", ("DFG-CUT-1",)), None
            return _no("dfg.no_out_of_turn", ("DFG-CUT-1",)), None
        if state.phase == "score":
            return _no("dfg.game_over", ("DFG-OUT-2",)), None
        if state.phase in EFFECT_PHASES:
            return K.judge_effect(state, action, seat)
        if state.phase == "exchange":
            return self._judge_exchange(state, action, seat)
        if state.phase != "play":
            return _no("dfg.automatic", ()), None
        if seat != state.to_act:
            if not state.active(seat):
                return _no("dfg.already_out", ("DFG-OUT-1",), seat=seat), None
            return _no("common.not_your_turn", ("DFG-TURN-1",), seat=seat, to_act=state.to_act), None
        return self._judge_play(state, action, seat)

    def _judge_exchange(self, state: State, action: Action, seat: int) -> tuple[Verdict, Any]:
        if not (isinstance(action, Decision) and action.key == "exchange"):
            return _no("common.wrong_phase", ("DFG-EXCH-1",), phase="exchange", expected='{"exchange": [cards]}'), None
        if seat not in state.exchange_order:
            return _no("dfg.exchange_not_you", ("DFG-EXCH-1",), seat=seat), None
        if state.gifts[seat] is not None:
            return _no("dfg.already_exchanged", ("DFG-EXCH-1",)), None
        try:
            cards = tuple(Card.parse(c) for c in action.value)  # type: ignore[union-attr]
        except (ValueError, TypeError):
            return _no("dfg.exchange_shape", ("DFG-EXCH-1",)), None
        place = state.previous_places[seat]  # type: ignore[index]
        n = state.players
        k = self._exchange_count(state, seat)
        title = title_of(place, n)
        if len(cards) != k:
            return _no("dfg.exchange_count", ("DFG-EXCH-1",), count=k, title=title, n=len(cards)), None
        hand = state.hands[seat]
        if not multiset_contains(hand, cards):
            absent, repeated = shortfall(hand, cards)
            if absent:
                return _no("common.not_in_hand", ("DFG-EXCH-1",), cards=[str(c) for c in absent]), None
            return _no("common.repeated_card", ("DFG-EXCH-1",), cards=[str(c) for c in repeated], count=len(repeated)), None
        to = state.previous_places.index(n + 1 - place)  # type: ignore[union-attr]
        if place in (1, 2):
            return _yes("dfg.ok.exchange_any", ("DFG-EXCH-1",), count=k, to=to), cards
        owed = self._owed(state, seat)
        if sorted(cards, key=sort_key) not in [sorted(o, key=sort_key) for o in owed]:
            if len(owed) == 1:
                return _no("dfg.exchange_strongest", ("DFG-EXCH-1",), count=k, title=title, cards=format_cards(owed[0])), None
            # equal cards: the ones every choice gives, and those the giver picks among
            sure = list(owed[0])
            for other in owed[1:]:
                sure = [c for c in sure if c in other]
            among = sorted({c for o in owed for c in o if c not in sure}, key=sort_key)
            key = "dfg.exchange_strongest_some" if sure else "dfg.exchange_strongest_any"
            return _no(key, ("DFG-EXCH-1",), count=k, title=title, sure_cards=format_cards(sure),
                       among_cards=format_cards(among), pick=k - len(sure)), None
        return _yes("dfg.ok.exchange_strongest", ("DFG-EXCH-1",), count=k, to=to), cards

    def _judge_play(self, state: State, action: Action, seat: int) -> tuple[Verdict, Any]:
        top = self.top_reading(state)
        f = state.flags
        reversed_ = self.reversed_order(state)
        if isinstance(action, Pass):
            if top is None:
                return _no("dfg.lead_must_play", ("DFG-PASS-1",)), None
            return _yes("dfg.ok.pass", ("DFG-PASS-1",)), None
        if not isinstance(action, Play):
            return _no("common.wrong_phase", ("DFG-TURN-1",), phase="play", expected="[cards] / PASS"), None
        deck = deck_of(f)
        physical = [c.physical for c in action.cards]
        if any(not deck.accepts(c) for c in physical) or any(c.special and c.special != "JOKER" for c in action.cards):
            return _no("common.not_in_deck", ("DFG-SETUP-2",), cards=[str(c) for c in action.cards]), None
        if not multiset_contains(state.hands[seat], physical):
            absent, repeated = shortfall(state.hands[seat], physical)
            if absent:
                return _no("common.not_in_hand", (), cards=[str(c) for c in absent]), None
            return _no("common.repeated_card", (), cards=[str(c) for c in repeated], count=len(repeated)), None
        reading = C.read(action.cards, f.decks)
        if reading is None:
            return C.why_no_shape(action.cards, f.decks), None
        s3 = (f.spade3_return and top is not None and top.undeclared_joker and reading.kind == "single"
              and action.cards[0] == Card.parse("S-3"))
        if top is not None and not s3:
            if not C.same_form(reading, top):
                return _no("dfg.form", ("DFG-PLAY-1",), form=C.form_words(top), got_form=C.form_words(reading)), None
            if not C.beats(reading, top, reversed_, spade3_return=f.spade3_return):
                if top.undeclared_joker:
                    if not f.spade3_return:  # the spade-3 return switched off: nothing beats it
                        return _no("dfg.joker_top_unbeatable", ("DFG-JOKER-2",)), None
                    return _no("dfg.joker_top", ("DFG-JOKER-2", "DFG-S3-1")), None
                if top.spade3_return_play:  # DFG-S3-1: nothing beats a returned spade 3 in turn
                    return _no("dfg.spade3_top", ("DFG-S3-1", "DFG-PLAY-2")), None
                return _no("dfg.not_stronger", ("DFG-PLAY-2", "DFG-RANK-3"),
                           order="reversed" if reversed_ else "normal"), None
            if f.suit_binding and not C.satisfies_suits(reading, state.bound):
                return _no("dfg.suit_bound", ("DFG-BIND-1", "DFG-BIND-3"), suits=list(state.bound)), None
            if f.rank_binding and not C.satisfies_rank(reading, state.rank_bind, reversed_):
                nxt = C.next_stronger(state.rank_bind.last, reversed_)
                if nxt is None:  # nothing ranks above the last step: only a lone joker (DFG-JOKER-2)
                    return _no("dfg.rank_bound_end", ("DFG-BIND-4", "DFG-JOKER-2"), last=state.rank_bind.last), None
                return _no("dfg.rank_bound", ("DFG-BIND-4",), rank=nxt), None
        rules: list[str] = ["DFG-JOKER-2"] if reading.undeclared_joker else \
            [shape_rule(reading)]
        key = "dfg.ok.lead" if top is None else "dfg.ok.beats"
        if s3:
            key, rules = "dfg.ok.spade3", ["DFG-S3-1"]
        notes: list[tuple[str, tuple[str, ...]]] = []
        if f.revolution and (reading.size >= 4 and (reading.kind == "group" or
                                                    (reading.kind == "sequence" and f.revolution_by_sequence))):
            notes.append(("dfg.note.revolution_back" if state.revolution else "dfg.note.revolution", ("DFG-REV-1",)))
        if f.eight_cut and C.effect_rank(reading, f.effects_in_sequences) == "8":
            notes.append(("dfg.note.eight_cut", ("DFG-EIGHT-1",)))
        if len(physical) == len(state.hands[seat]):
            if f.forbidden_finish and C.is_forbidden_finish(reading, reversed_, f.eight_cut, s3):
                notes.append(("dfg.note.forbidden_finish", ("DFG-OUT-3",)))
            else:
                notes.append(("dfg.note.goes_out", ("DFG-OUT-1",)))
        for _, note_rules in notes:
            rules += [r for r in note_rules if r not in rules]
        verdict = Verdict(True, key, {"form": C.form_words(reading)}, tuple(rules),
                          more=tuple((k, {}) for k, _ in notes))
        return verdict, (reading, s3)

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> State:
        if in_turn and state.chain_start is not None:  # an in-turn action closes the window nobody took
            state = self.close_window(state)
        if seat is None:
            seat = state.to_act
        verdict, extra = self._judge(state, action, seat, in_turn)
        if not verdict.legal:
            raise IllegalAction(verdict)
        assert seat is not None
        if isinstance(action, Decision) and action.key == "expose":
            return self._apply_expose(state, seat, extra)
        if not in_turn:
            return K.apply_cut_in(self, state, seat, *extra)
        if state.phase in EFFECT_PHASES:
            return K.apply_effect(self, state, seat, extra)
        if state.phase == "exchange":
            return self._apply_exchange(state, seat, extra)
        if isinstance(action, Pass):
            return self._apply_pass(state, seat)
        assert isinstance(action, Play)
        reading, s3 = extra
        return self._apply_play(state, seat, action.cards, reading, s3)

    def _apply_exchange(self, state: State, seat: int, cards: tuple[Card, ...]) -> State:
        """The cards chosen face down; once every giver has chosen they change hands together."""
        hands = _set(state.hands, seat, multiset_remove(state.hands[seat], cards))
        gifts = _set(state.gifts, seat, tuple(cards))
        state = replace(state, hands=hands, gifts=gifts,
                        log=state.log + (_event("dfg.event.chosen", ("DFG-EXCH-1",), seat=seat),))
        waiting = [s for s in state.exchange_order if gifts[s] is None]
        if waiting:
            return replace(state, to_act=waiting[0])
        n = state.players
        prev = state.previous_places
        assert prev is not None
        new_hands = list(hands)
        events = []
        for giver in state.exchange_order:
            to = prev.index(n + 1 - prev[giver])
            new_hands[to] = sort_hand(new_hands[to] + gifts[giver])  # type: ignore[operator]
            events.append(_event("dfg.event.gives", ("DFG-EXCH-1",), seat=giver, to=to, count=len(gifts[giver]),  # type: ignore[arg-type]
                                 title=title_of(prev[giver], n), to_title=title_of(prev[to], n)))
        state = replace(state, hands=tuple(new_hands), gifts=(None,) * n, exchange_order=(),
                        log=state.log + tuple(events))
        return self._start_play(state)

    def _apply_pass(self, state: State, seat: int) -> State:
        state = replace(state, trick=state.trick + (Entry(seat),), last_field=(),
                        log=state.log + (_event("dfg.event.pass", ("DFG-PASS-1",), seat=seat),))
        return self._advance(state, seat)

    def _apply_play(self, state: State, seat: int, cards: tuple[Card, ...], reading: C.Reading, s3: bool) -> State:
        f = state.flags
        reversed_ = self.reversed_order(state)   # the order this play is judged in (§13 step 1)
        prev = self.top_reading(state)
        physical = tuple(c.physical for c in cards)
        events = [_event("dfg.event.spade3" if s3 else "dfg.event.play", ("DFG-S3-1",) if s3 else (shape_rule(reading),),
                         seat=seat, cards=format_cards(cards))]
        # a returned spade 3 stands until the field flows (DFG-S3-1: nothing beats it in turn)
        stored = C.as_spade3_return(reading) if s3 else reading
        state = K.take_from_hand(state, seat, physical) if state.exposed_of(seat) else \
            replace(state, hands=_set(state.hands, seat, multiset_remove(state.hands[seat], physical)))
        hands = state.hands
        state = replace(state, trick=state.trick + (Entry(seat, tuple(cards), stored),), last_field=())
        # §13 step 2: out of cards, out of the game
        if not hands[seat]:
            forbidden = f.forbidden_finish and C.is_forbidden_finish(reading, reversed_, f.eight_cut, s3)
            state, more = self._goes_out(state, seat, forbidden)
            events += more
        # step 3: four or more cards at once toggle the revolution (DFG-REV-1)
        if f.revolution and reading.size >= 4 and (reading.kind == "group" or
                                                   (reading.kind == "sequence" and f.revolution_by_sequence)):
            state = replace(state, revolution=not state.revolution)
            events.append(_event("dfg.event.revolution" if state.revolution else "dfg.event.revolution_back",
                                 ("DFG-REV-1",), seat=seat))
        # step 4: the bindings, compared in the order this play was judged in (DFG-BIND-4, A20)
        if prev is not None and not s3:
            bound = C.bound_after(state.bound, prev.suits, reading.suits, f.partial_binding) if f.suit_binding else ()
            if f.suit_binding and bound != state.bound:
                events.append(_event("dfg.event.suit_bound", ("DFG-BIND-1",), suits=list(bound)))
            state = replace(state, bound=bound)
        if f.rank_binding:
            rank_bind = C.rank_binding_after(state.rank_bind, prev, reading, reversed_)
            if rank_bind.active and not state.rank_bind.active:
                nxt = C.next_stronger(rank_bind.last, self.reversed_order(state))
                events.append(_event("dfg.event.rank_bound", ("DFG-BIND-4",), rank=nxt) if nxt is not None else
                              _event("dfg.event.rank_bound_end", ("DFG-BIND-4", "DFG-JOKER-2"), last=rank_bind.last))
            state = replace(state, rank_bind=rank_bind)
        state = replace(state, log=state.log + tuple(events), chain_start=len(state.trick) - 1)
        # step 5: the cut-in window (DFG-CUT-2): nobody is in turn until it closes (``close_window``);
        # without cut-ins the chain closes at once: steps 6 and 7, the effects and the next turn
        if f.cut_in and not self._game_ends(state):
            return replace(state, to_act=None)
        return K.close_chain(self, state)

    def _goes_out(self, state: State, seat: int, forbidden: bool) -> tuple[State, list[Any]]:
        """DFG-OUT-1: the next finishing place from the top; a forbidden finish the last place
        still free (DFG-OUT-3). The first out in game 2 or later, if not the 大富豪 of the game
        before, sends that 大富豪 to the last place at once (都落ち, DFG-MIYAKO-1)."""
        place = self._free_place(state, last=forbidden)
        events: list[Any] = [_event("dfg.event.forbidden_out" if forbidden else "dfg.event.out",
                                    ("DFG-OUT-3",) if forbidden else ("DFG-OUT-1",), seat=seat, place=place)]
        state = replace(state, out=state.out + (seat,), places=_set(state.places, seat, place),
                        first_out=seat if state.first_out is None else state.first_out)
        prev = state.previous_places
        if (state.flags.miyako_ochi and prev is not None and state.first_out == seat and len(state.out) == 1):
            king = prev.index(1)
            if king != seat and state.active(king):
                last = self._free_place(state, last=True)
                state = replace(state, out=state.out + (king,), eliminated=state.eliminated + (king,),
                                places=_set(state.places, king, last))
                if state.flags.open_cards:  # DFG-MIYAKO-2: it resigns; its cards lie face up, inert
                    state = replace(state, exposed=_set(state.exposed, king, state.hands[king]))
                    events.append(_event("dfg.event.miyako_ochi_open", ("DFG-MIYAKO-1", "DFG-MIYAKO-2"),
                                         seat=king, place=last))
                else:
                    state = replace(state, discard_pile=state.discard_pile + state.hands[king],
                                    hands=_set(state.hands, king, ()),
                                    exposed=_set(state.exposed, king, ()) if state.exposed else state.exposed)
                    events.append(_event("dfg.event.miyako_ochi", ("DFG-MIYAKO-1",), seat=king, place=last))
        return state, events

    @staticmethod
    def _free_place(state: State, last: bool) -> int:
        taken = {p for p in state.places if p is not None}
        free = [p for p in range(1, state.players + 1) if p not in taken]
        return free[-1] if last else free[0]

    def _game_ends(self, state: State) -> bool:
        """DFG-OUT-2: one active player left."""
        return sum(1 for s in range(state.players) if state.active(s)) <= 1

    def _finish(self, state: State) -> State:
        """The last active player takes the last place still free; titles by place (DFG-TITLE-1)."""
        places = state.places
        events = []
        for s in range(state.players):
            if places[s] is None:
                place = self._free_place(replace(state, places=places), last=False)
                places = _set(places, s, place)
                events.append(_event("dfg.event.last", ("DFG-OUT-2",), seat=s, place=place))
                state = replace(state, out=state.out + (s,))
        n = state.players
        titles = {str(s): title_of(p, n) for s, p in enumerate(places)}  # type: ignore[arg-type]
        events.append(_event("dfg.event.game_end", ("DFG-TITLE-1",), game=state.game_no,
                             order=[places.index(p) for p in range(1, n + 1)]))
        field = tuple(c.physical for e in state.trick for c in e.cards)
        return replace(state, phase="score", to_act=None, places=places, last_field=state.trick, trick=(),
                       discard_pile=state.discard_pile + field,
                       result={"places": {str(s): p for s, p in enumerate(places)}, "titles": titles},
                       log=state.log + tuple(events))

    def _advance(self, state: State, seat: int) -> State:
        """The next turn (DFG-TURN-1), or the flow when everyone else has passed since the top
        play (DFG-FLOW-1); with ``pass_locks_phase`` a seat that passed in this phase is passed
        over, counting as a pass (DFG-PASS-1, A27)."""
        n = state.players
        top = state.top()
        assert top is not None
        for _ in range(2 * n + 2):
            done = everyone_else_passed(state.trick, n, state.active) if state.active(top.seat) \
                else self._all_passed(state)
            if done:
                return self._flow(state, top.seat, ("DFG-FLOW-1",))
            nxt = next_seat(seat, n, state.active, state.direction)
            if state.flags.pass_locks_phase and any(e.seat == nxt and e.is_pass for e in state.trick) and nxt != top.seat:
                state = replace(state, trick=state.trick + (Entry(nxt),),
                                log=state.log + (_event("dfg.event.locked", ("DFG-PASS-1",), seat=nxt),))
                seat = nxt
                continue
            return replace(state, to_act=nxt)
        raise AssertionError("the turn found no seat")  # cannot happen: someone is active

    def _all_passed(self, state: State) -> bool:
        """DFG-FLOW-1 when the top owner has gone out: every active player passed since the top."""
        from ...climbing import passes_since_top
        return passes_since_top(state.trick) >= sum(1 for s in range(state.players) if state.active(s))

    def _flow(self, state: State, owner: int, rules: tuple[str, ...], key: str | None = None) -> State:
        """The phase ends: the field to the discard pile, bindings cleared; the owner leads, or
        the next active player after it when it has gone out (DFG-FLOW-1, A21)."""
        n = state.players
        leader = owner if state.active(owner) else next_seat(owner, n, state.active, state.direction)
        field = tuple(c.physical for e in state.trick for c in e.cards)
        return replace(state, trick=(), last_field=state.trick, discard_pile=state.discard_pile + field, bound=(),
                       rank_bind=C.NO_RANK_BINDING, to_act=leader, jback=False,
                       log=state.log + (_event(key or ("dfg.event.flow.eight" if "DFG-EIGHT-1" in rules else "dfg.event.flow"),
                                               rules, seat=leader),))

    # ------------------------------------------------------------------ out of turn (§8, §10)
    def window(self, state: State) -> Window | None:
        """After every play and every cut-in, the cut-in window (DFG-CUT-2): every active seat but
        the top owner, asked in turn order from the seat after it; the first to cut in takes it."""
        if state.chain_start is None or state.phase != "play":
            return None
        return Window("cut_in", K.window_order(state), ("DFG-CUT-1", "DFG-CUT-2"))

    def close_window(self, state: State) -> State:
        """Nobody cuts in (any more): the chain closes, its effect applies once and the next turn
        follows (§13 steps 6, 7; DFG-CUT-5)."""
        if state.chain_start is None:
            return state
        return K.close_chain(self, state)

    def decline(self, state: State, seat: int) -> Verdict:
        """A cut-in is a chance, never a duty; withdrawing an announcement costs nothing (DFG-CUT-2)."""
        return _yes("dfg.ok.let_go", ("DFG-CUT-2",))

    def side_actions(self, state: State, seat: int) -> list[Action]:
        """Voluntary exposure (DFG-OPEN-2 h), at any time: one hidden card at a time here (any set
        of hidden cards is accepted; listing every subset of a hand would be millions)."""
        if not state.flags.open_cards or state.phase == "score" or not state.active(seat):
            return []
        hidden = dict.fromkeys(state.hidden_of(seat))
        return [Decision("expose", (c.token,)) for c in hidden]

    def _judge_expose(self, state: State, action: Decision, seat: int) -> tuple[Verdict, Any]:
        if not state.flags.open_cards:
            return _no("dfg.expose.off", ("DFG-OPEN-1",)), None
        if state.phase == "score" or not state.active(seat):
            return _no("dfg.already_out", ("DFG-OUT-1",), seat=seat), None
        try:
            cards = tuple(Card.parse(t) for t in action.value)  # type: ignore[union-attr]
        except (ValueError, TypeError):
            return _no("dfg.effect.shape", ("DFG-OPEN-2",), expected=K.written("expose")), None
        if not cards or not multiset_contains(state.hidden_of(seat), cards):
            return _no("dfg.expose.not_hidden", ("DFG-OPEN-2",), cards=[c.token for c in cards]), None
        return _yes("dfg.ok.expose", ("DFG-OPEN-2",), count=len(cards)), cards

    def _apply_expose(self, state: State, seat: int, cards: tuple[Card, ...]) -> State:
        state = K.expose(state, seat, cards)
        return replace(state, log=state.log + (_event("dfg.event.expose", ("DFG-OPEN-2",), seat=seat,
                                                      cards=format_cards(cards)),))

    def _attempted(self, state: State, action: Action, seat: int | None, in_turn: bool
                   ) -> tuple[State, int | None, tuple[Card, ...], bool]:
        """The position an attempt is judged in (a window nobody took closed first), its seat, the
        cards of the hand it tries to play, and whether the rules punish it (DFG-OPEN-3): an
        illegal play in turn or an illegal cut-in, of cards the seat holds, with the flag on."""
        if in_turn and state.chain_start is not None:
            state = self.close_window(state)
        if seat is None:
            seat = state.to_act
        cards: tuple[Card, ...] = ()
        if isinstance(action, Play):
            cards = tuple(c.physical for c in action.cards)
        elif isinstance(action, Decision) and action.key == "cut_in":
            try:
                cards = tuple(Card.parse(t).physical for t in action.value)  # type: ignore[union-attr]
            except (ValueError, TypeError, AttributeError):
                cards = ()
        playing = state.phase == "play" and (not in_turn or seat == state.to_act)
        punished = (state.flags.penalize_illegal_attempt and seat is not None and playing and bool(cards)
                    and multiset_contains(state.hands[seat], cards))
        return state, seat, cards, bool(punished)

    def penalizes(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> bool:
        return self._attempted(state, action, seat, in_turn)[3] and not self.explain(state, action, seat, in_turn).legal

    def attempt(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> State:
        """An illegal play or cut-in with ``penalize_illegal_attempt`` (DFG-OPEN-3): its cards of the
        hand are exposed and, in turn, the turn counts as a pass. Anything else is refused."""
        verdict = self.explain(state, action, seat, in_turn)
        state, seat, cards, punished = self._attempted(state, action, seat, in_turn)
        if verdict.legal or not punished or seat is None:
            raise IllegalAction(verdict)
        return K.penalize(self, state, seat, cards, in_turn)

    # ------------------------------------------------------------------ views
    def table_view(self, state: State, seat: int | None, lang: str = "en") -> dict[str, Any]:
        n = state.players
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n):
            raise TutorError("error.no_seat", seat=short_value(seat), players=n)
        from ...flags import flags_to_dict
        top = state.top()
        rb = state.rank_bind
        prev = state.previous_places
        return {
            "game": self.name, "flags": flags_to_dict(state.flags), "phases": list(PHASES), "phase": state.phase,
            "seat": seat, "to_act": state.to_act, "players": n, "game_no": state.game_no,
            "hand": format_cards(state.hands[seat]) if seat is not None else None,
            "cards_held": [len(h) for h in state.hands],
            "trick": [e.to_json() for e in state.trick],
            "top": top.to_json() if top else None,
            "last_field": [e.to_json() for e in state.last_field],
            "revolution": state.revolution, "direction": state.direction,
            "bound_suits": sorted(state.bound),
            # the rank the next play must have; "JOKER" when none ranks above the last (DFG-JOKER-2)
            "rank_binding": (C.next_stronger(rb.last, self.reversed_order(state)) or "JOKER") if rb.active else None,
            "out": list(state.out), "eliminated": list(state.eliminated),
            "places": [p for p in state.places],
            "titles": {str(s): title_of(p, n) for s, p in enumerate(prev)} if prev is not None else None,
            "exchanging": list(state.exchange_order) if state.phase == "exchange" else [],
            "exchanged": [g is not None for g in state.gifts] if state.phase == "exchange" else [],
            "discard_count": len(state.discard_pile),
            # the cut-in game (§8 – §10): exposed cards are public; J-back; the open cut-in window;
            # the effect decision in progress (who chooses, how many, whose cards)
            "exposed": {str(s): format_cards(state.exposed_of(s)) for s in range(n) if state.exposed_of(s)},
            "jback": state.jback, "window_open": state.chain_start is not None,
            "effect": ({"kind": state.effect.kind, "rank": state.effect.rank, "n": state.effect.n,
                        "owner": state.effect.owner, "cut": state.effect.cut, "chooser": state.effect.chooser,
                        "count": state.effect.count, "target": state.effect.target}
                       if state.effect is not None else None),
            "result": fresh_json(state.result) if state.result else None,
            "scores": None,  # no points in Daifugo: the titles are the standing
            "session": self.session(state),
        }

    def display_parts(self, state: State, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
        from .display import display_parts
        return display_parts(self, state, view, seat, lang)

    def action_params(self, action: Any) -> dict[str, Any]:
        """An exchange's label names its cards (``dfg.action.exchange``: "Give 2♠ 2♥")."""
        if isinstance(action, Decision) and action.key == "exchange":
            return {"cards": list(action.value)}  # type: ignore[arg-type]
        return super().action_params(action)

    def from_setup(self, setup: Mapping[str, Any], path: str = "setup") -> State:
        from .scenario import state_from_setup
        return state_from_setup(self, setup, path)
