"""Dou Dizhu 闘地主 for 3 and 4 players, as a state machine (rules: ``doudizhu.md``).

Phases: ``deal`` (automatic) → ``auction`` → ``kitty`` (automatic: the landlord takes the
kitty) → ``play`` → ``score`` (the round's payment; ``next_hand`` deals the next round).
What lasts across rounds (the round number, the dealer, the running totals of payments) is
the ``Session`` the state holds; the rest of the state is the round in play.
The landlord plays alone against the farmers; the first to empty their hand wins the
round for their side, and the payment doubles for every bomb and rocket (DDZ-PAY-2).

Engine choices where the spec leaves a point open (each is a flag's detail, never the
seed's default rules):

* ``kickers_may_repeat`` lets wings (and quad singles) share a rank with *each other*; a
  wing still never shares a triplet's (or the quad's) rank, and the two jokers are still
  never both kickers. One declared type can then have two readings (``333444555666`` as
  wings ``666`` on ``333444555`` or ``333`` on ``444555666``): the higher one counts.
* ``first_bidder = "rotate"``: the seat after the dealer bids first.
* ``no_shuffle`` (不洗牌): the stack is the played cards in play order followed by the cards
  left in hands (seat 0 first); it is dealt 4 cards at a time from the seat after the
  dealer, a last short packet topping each hand up to 17 (25), and the rest is the kitty.
* ``spring`` (春天): one more ×2 on top of the bombs' multiplier, when the landlord wins and
  no farmer played a card, or the farmers win and the landlord's only play was the lead.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Mapping, Sequence

from ...actions import PASS, Action, Decision, Pass, Play
from ...cards import Card, format_cards, multiset_contains, multiset_remove, shortfall
from ...climbing import everyone_else_passed, lead_after, next_seat
from ...errors import ScenarioError, TutorError, quoted, short_value
from ...jsondata import fresh_json
from ...game import Event, Game, IllegalAction, Verdict
from ...game import event as _event, allowed as _yes, refused as _no  # the shared verdict and log helpers
from ...rng import derive
from .combos import (BJ, RJ, TWO, TYPE_RULE, TYPES, Combo, ComboRules, FOUR_PLAYER_BANNED, RANK_TOKEN,
                     beats, card_rank, classify, generate_raw, possibly_ambiguous)
from .combos import NRANKS
from .state import PHASES, Flags, Session, State, TrickPlay, sort_hand



class DouDizhu(Game):
    """Dou Dizhu for 3 players (default) or 4 (``players = 4``, DDZ-4P-*)."""

    name = "doudizhu"
    title = {"en": "Dou Dizhu", "ja": "闘地主"}
    phases = PHASES
    Flags = Flags
    deal_flags = ("first_bidder",)  # decided at the deal: not offered by the compare panel (tutor/compare.py)
    rule_prefix = "DDZ"
    suits_matter = False  # DDZ-RANK-1
    direction = "counterclockwise"  # DDZ-SETUP-3
    kinds = ("legal", "classify", "score", "steps")

    #: the four-player game is a flag, no preset: quizzes deal it too (DDZ-4P-*)
    quiz_variants = ({"players": 4},)

    @property
    def quiz_outcomes(self):  # the outcome questions (tutor/games/doudizhu/quiz.py)
        from .quiz import OUTCOMES
        return OUTCOMES

    def quiz_kinds(self):
        from .quiz import KINDS
        return KINDS

    def rules_conflict(self, state: State, flags: Flags) -> Verdict | None:
        """The play on the table must be a combination under the other rules too (tutor/compare.py):
        a trio with a repeated kicker is none where kickers may not repeat (DDZ-COMBO-14)."""
        lead = state.top()
        if lead is None:
            return None
        ranks = [card_rank(c) for c in lead.cards]
        if any(c.type == lead.combo.type and c.rank == lead.combo.rank for c in classify(ranks, flags.combo_rules)):
            return None
        why = diagnose(ranks, flags.combo_rules)
        return Verdict(False, "compare.table_play", {"cards": list(lead.cards)}, why.rule_ids,
                       more=((why.key, dict(why.params)),))

    # ------------------------------------------------------------------ dealing
    # ------------------------------------------------------------------ hints (tutor/hints.py, .hints)
    def hint_focus(self, state: State, seat: int, action: Action | None, in_turn: bool = True) -> Any:
        from . import hints
        return hints.hint_focus(self, state, seat, action, in_turn)

    def display_parts(self, state: State, view: dict[str, Any], seat: int | None, lang: str) -> dict[str, Any]:
        from .display import display_parts
        return display_parts(self, state, view, seat, lang)

    def new_game(self, flags: Flags, seed: int | str) -> State:
        """Deals the first round from ``seed``; the first dealer is random (DDZ-DEAL-2)."""
        n = flags.players
        dealer = derive(seed, "dealer").below(n)
        state = State(flags=flags, seed=seed, phase="deal", hands=tuple(() for _ in range(n)), kitty=(),
                      to_act=None, session=Session(dealer=dealer, scores=(0,) * n), plays_by_seat=(0,) * n)
        return self._deal(state, derive(seed, "deal", 0), stacked=None)

    def _deal(self, state: State, rng: Any, stacked: Sequence[Card] | None) -> State:
        """Deals hands and kitty, picks the first bidder, opens the auction."""
        flags = state.flags
        n = flags.players
        if stacked is None:
            deck = list(flags.deck.cards())
            rng.shuffle(deck)
            hands = [deck[i * flags.hand_size:(i + 1) * flags.hand_size] for i in range(n)]
            kitty = deck[n * flags.hand_size:]
        else:
            hands, kitty = _deal_in_packets(list(stacked), n, flags.hand_size, (state.dealer + 1) % n)
        marker = None
        if flags.first_bidder == "marker":  # DDZ-DEAL-2: a random non-kitty card is turned face up
            k = rng.below(n * flags.hand_size)
            marker = hands[k // flags.hand_size][k % flags.hand_size]
            first = k // flags.hand_size
        elif flags.first_bidder == "random":  # DDZ-DEAL-3
            first = rng.below(n)
        else:
            first = (state.dealer + 1) % n
        log = state.log + (_event("ddz.event.deal", ("DDZ-DEAL-1", "DDZ-DEAL-2"), dealer=state.dealer,
                                  first=first, marker=str(marker) if marker else None),)
        return replace(state, phase="auction", hands=tuple(sort_hand(h) for h in hands), kitty=tuple(kitty),
                       first_bidder=first, marker=marker, to_act=first, auction=(), bid=0, high_bidder=None,
                       landlord=None, kitty_shown=False, trick=(), trick_closed=False, bombs=(), rockets=0,
                       plays_by_seat=(0,) * n, played=(), result=None, log=log)

    def next_hand(self, state: State) -> State:
        """After the payment: the deal passes to the next seat and a new round starts from the
        session (DDZ-NEXT-1); the totals carry over. Before the payment, the state itself."""
        if state.phase != "score":
            return state
        n = state.players
        ses = state.session
        session = replace(ses, dealer=(ses.dealer + 1) % n, deal_no=ses.deal_no + 1, round_no=ses.round_no + 1)
        nxt = replace(state, session=session, redeal=False,
                      log=state.log + (_event("ddz.event.next_round", ("DDZ-NEXT-1",), round=session.round_no),))
        stacked = None
        if state.flags.no_shuffle:  # 不洗牌: played cards in play order, then what was left in hands
            stacked = list(state.played) + [c for h in state.hands for c in h]
        return self._deal(nxt, derive(state.seed, "deal", nxt.deal_no), stacked)

    # ------------------------------------------------------------------ queries
    def to_act(self, state: State) -> int | None:
        return state.to_act

    def round_over(self, state: State) -> bool:
        return state.phase == "score"

    def all_cards(self, state: State) -> list[Card]:
        # once shown, the kitty is in the landlord's hand and stays on view only as a record
        kitty = [] if state.kitty_shown else list(state.kitty)
        return [c for h in state.hands for c in h] + kitty + list(state.played)

    def _leading(self, state: State) -> bool:
        return state.top() is None

    def decision_options(self, state: State, seat: int) -> list[Action] | None:
        """The auction's buttons: pass and every bid, legal or not (a low bid is explained)."""
        if state.phase == "auction":
            return [PASS] + [Decision("bid", b) for b in (1, 2, 3)]
        return None

    def legal_actions(self, state: State, seat: int | None = None, in_turn: bool = True) -> list[Action]:
        """Every action open to ``seat`` (default: the seat to act). Dou Dizhu has no out-of-turn actions."""
        if seat is None:
            seat = state.to_act
        if not in_turn or seat is None or seat != state.to_act:
            return []
        if state.phase == "auction":
            acts: list[Action] = [PASS]
            acts.extend(Decision("bid", b) for b in range(state.bid + 1, 4))
            return acts
        if state.phase != "play":
            return []
        return self._legal_plays(state, seat)

    def _legal_plays(self, state: State, seat: int) -> list[Action]:
        hand = state.hands[seat]  # sorted by rank, so each rank's cards are contiguous
        cnt = [0] * NRANKS
        by_rank: list[list[Card]] = [[] for _ in range(NRANKS)]
        for c in hand:
            r = card_rank(c)
            cnt[r] += 1
            by_rank[r].append(c)
        top = state.top()
        rules = state.flags.combo_rules
        # generate straight into cards: each rank's "units" are the hand's cards of that rank
        combos = generate_raw(cnt, rules, top.combo if top else None, [tuple(cs) for cs in by_rank])
        out: list[Action] = [] if top is None else [PASS]
        new_play = tuple.__new__  # Play is a named tuple; this skips its Python-level __new__
        if top is None:
            # a lead lists every reading, so a card set with two readings appears twice
            # (the cards of one rank multiset are always the same objects, so identity is a key)
            seen: dict[tuple[int, ...], int] = {}
            for _, _, _, cards in combos:
                if len(cards) >= 8:
                    key = tuple(map(id, cards))
                    seen[key] = seen.get(key, 0) + 1
            for ctype, _, _, cards in combos:
                declared = ctype if len(cards) >= 8 and seen[tuple(map(id, cards))] > 1 else None
                out.append(new_play(Play, (cards, declared)))
            return out
        for ctype, _, _, cards in combos:
            declared = None
            if len(cards) >= 8:
                ranks = [card_rank(c) for c in cards]
                if possibly_ambiguous(ranks) and len({c.type for c in classify(ranks, rules)}) > 1:
                    declared = ctype
            out.append(new_play(Play, (cards, declared)))
        return out

    # ------------------------------------------------------------------ explain / apply
    def explain(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> Verdict:
        """Legal or not, with the rule IDs and a message (never raises for a readable action)."""
        verdict, _ = self._judge(state, action, seat, in_turn)
        return verdict

    def _judge(self, state: State, action: Action, seat: int | None, in_turn: bool) -> tuple[Verdict, Combo | None]:
        if seat is None:
            seat = state.to_act
        n = state.players
        if seat is None or not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            if state.phase == "score":
                return _no("ddz.round_over", ("DDZ-END-1",)), None
            return _no("common.bad_seat", (), seat=seat, players=n), None
        if state.phase == "score":
            return _no("ddz.round_over", ("DDZ-END-1",)), None
        if not in_turn:
            return _no("ddz.no_out_of_turn", ("DDZ-PLAY-2",)), None
        if seat != state.to_act:
            rule = "DDZ-BID-1" if state.phase == "auction" else "DDZ-PLAY-2"
            return _no("common.not_your_turn", (rule,), seat=seat, to_act=state.to_act), None
        if state.phase == "auction":
            return self._judge_auction(state, action), None
        return self._judge_play(state, action, seat)

    def _judge_auction(self, state: State, action: Action) -> Verdict:
        if isinstance(action, Pass):
            return _yes("ddz.ok.auction_pass", ("DDZ-BID-1", "DDZ-BID-2"))
        if isinstance(action, Decision) and action.key == "bid":
            b = action.value
            if not isinstance(b, int) or isinstance(b, bool) or b not in (1, 2, 3):
                return _no("ddz.bid_range", ("DDZ-BID-1",), bid=b)
            if b <= state.bid:
                return _no("ddz.bid_not_higher", ("DDZ-BID-1",), bid=b, high=state.bid)
            return _yes("ddz.ok.bid", ("DDZ-BID-1", "DDZ-BID-3"), bid=b)
        return _no("common.wrong_phase", ("DDZ-BID-1",), phase="auction", expected="PASS / {\"bid\": n}")

    def _judge_play(self, state: State, action: Action, seat: int) -> tuple[Verdict, Combo | None]:
        top = state.top()
        if isinstance(action, Pass):
            if top is None:
                return _no("ddz.cannot_pass_lead", ("DDZ-PLAY-1", "DDZ-PLAY-4")), None
            return _yes("ddz.ok.pass", ("DDZ-PLAY-2", "DDZ-PLAY-3")), None
        if not isinstance(action, Play):
            return _no("common.wrong_phase", ("DDZ-PLAY-2",), phase="play", expected="[cards] / PASS"), None
        cards = action.cards
        bad = [str(c) for c in cards if c.declared or not state.flags.deck.accepts(c)]
        if bad:
            return _no("common.not_in_deck", ("DDZ-SETUP-2",), cards=bad), None
        if not multiset_contains(state.hands[seat], cards):
            absent, repeated = shortfall(state.hands[seat], cards)
            if absent:
                return _no("common.not_in_hand", (), cards=[str(c) for c in absent]), None
            return _no("common.repeated_card", (), cards=[str(c) for c in repeated], count=len(repeated)), None
        if action.type is not None and action.type not in TYPES:
            return _no("ddz.unknown_type", ("DDZ-CMP-6",), type=action.type), None
        ranks = [card_rank(c) for c in cards]
        rules = state.flags.combo_rules
        readings = classify(ranks, rules)
        if not readings:
            return diagnose(ranks, rules), None
        if action.type is not None:
            chosen = [c for c in readings if c.type == action.type]
            if not chosen:
                return _no("ddz.not_that_type", ("DDZ-CMP-6", TYPE_RULE[action.type]), type=action.type,
                           readings=[c.type for c in readings]), None
            readings = chosen
        if top is None:
            if len({c.type for c in readings}) > 1:
                return _no("ddz.declare_type", ("DDZ-CMP-6",), readings=sorted({c.type for c in readings})), None
            best = max(readings, key=lambda c: c.rank)
            # the landlord's opening lead (DDZ-PLAY-1), or the lead of a trick's winner (DDZ-PLAY-4)
            lead_rule = "DDZ-PLAY-1" if not state.played else "DDZ-PLAY-4"
            return _yes("ddz.ok.lead", (lead_rule, TYPE_RULE[best.type]), type=best.type), best
        winners = [c for c in readings if beats(c, top.combo, state.players)]  # type: ignore[arg-type]
        if winners:
            best = max(winners, key=lambda c: c.rank)
            return self._beat_verdict(best, top.combo, state.players), best  # type: ignore[arg-type]
        return self._why_not_beat(readings, top.combo, state.players), None  # type: ignore[arg-type]

    @staticmethod
    def _beat_verdict(new: Combo, top: Combo, players: int) -> Verdict:
        if new.type == "rocket":
            return _yes("ddz.ok.rocket", ("DDZ-COMBO-12", "DDZ-CMP-4"))
        if new.is_bomb and not top.is_bomb:
            return _yes("ddz.ok.bomb", ("DDZ-COMBO-11", "DDZ-CMP-3"), top_type=top.type)
        if new.is_bomb:
            return _yes("ddz.ok.bigger_bomb", ("DDZ-4P-2",) if players == 4 else ("DDZ-CMP-5",))
        return _yes("ddz.ok.beats", ("DDZ-CMP-1", TYPE_RULE[new.type]), type=new.type,
                    rank=RANK_TOKEN[new.rank], top_rank=RANK_TOKEN[top.rank])

    @staticmethod
    def _why_not_beat(readings: list[Combo], top: Combo, players: int) -> Verdict:
        new = next((c for c in readings if c.type == top.type), readings[0])
        if top.type == "rocket":
            return _no("ddz.rocket_unbeatable", ("DDZ-CMP-4",))
        if top.is_bomb and new.is_bomb:
            if players == 4:
                return _no("ddz.bomb_too_small_4p", ("DDZ-4P-2",), size=new.size, top_size=top.size,
                           rank=RANK_TOKEN[new.rank], top_rank=RANK_TOKEN[top.rank])
            return _no("ddz.bomb_too_low", ("DDZ-CMP-5",), rank=RANK_TOKEN[new.rank], top_rank=RANK_TOKEN[top.rank])
        if top.is_bomb:
            return _no("ddz.only_bomb_beats_bomb", ("DDZ-CMP-3",), type=new.type)
        if new.type != top.type:
            return _no("ddz.type_mismatch", ("DDZ-CMP-1", "DDZ-CMP-2"), type=new.type, top_type=top.type)
        if new.size != top.size or new.length != top.length:
            return _no("ddz.size_mismatch", ("DDZ-CMP-1",), type=new.type, size=new.size, top_size=top.size)
        return _no("ddz.not_higher", ("DDZ-CMP-1",), type=new.type, rank=RANK_TOKEN[new.rank],
                   top_rank=RANK_TOKEN[top.rank])

    def apply(self, state: State, action: Action, seat: int | None = None, in_turn: bool = True) -> State:
        """The state after ``action``; an illegal one raises ``IllegalAction`` and changes nothing."""
        if seat is None:
            seat = state.to_act
        verdict, combo = self._judge(state, action, seat, in_turn)
        if not verdict.legal:
            raise IllegalAction(verdict)
        assert seat is not None
        if state.phase == "auction":
            return self._apply_auction(state, action, seat)
        if isinstance(action, Pass):
            return self._apply_pass(state, seat)
        assert isinstance(action, Play) and combo is not None
        return self._apply_play(state, seat, action.cards, combo)

    # ------------------------------------------------------------------ auction
    def _apply_auction(self, state: State, action: Action, seat: int) -> State:
        n = state.players
        entry = (seat, action.to_json())
        auction = state.auction + (entry,)
        bid, high = state.bid, state.high_bidder
        if isinstance(action, Decision):
            bid, high = int(action.value), seat
            log = state.log + (_event("ddz.event.bid", ("DDZ-BID-1",), seat=seat, bid=bid),)
        else:
            log = state.log + (_event("ddz.event.auction_pass", ("DDZ-BID-1",), seat=seat),)
        state = replace(state, auction=auction, bid=bid, high_bidder=high, log=log, redeal=False)
        trailing_passes = 0
        for _, a in reversed(auction):
            if a != "PASS":
                break
            trailing_passes += 1
        spoken = len(auction)
        if bid == 3:
            return self._win_auction(state, "DDZ-BID-3")
        if state.flags.single_round_bidding and spoken >= n:  # every player has spoken once
            if high is None:
                return self._throw_in(state)
            return self._win_auction(state, "DDZ-FLAG-single_round_bidding")
        if high is not None and trailing_passes >= n - 1:
            return self._win_auction(state, "DDZ-BID-3")
        if high is None and spoken >= n:
            return self._throw_in(state)
        return replace(state, to_act=(seat + 1) % n)

    def _win_auction(self, state: State, rule: str) -> State:
        """The high bidder becomes landlord and takes the kitty, shown to all (DDZ-KITTY-1)."""
        lord = state.high_bidder
        assert lord is not None
        hands = list(state.hands)
        hands[lord] = sort_hand(hands[lord] + state.kitty)
        log = state.log + (_event("ddz.event.landlord", (rule,), seat=lord, bid=state.bid),
                           _event("ddz.event.kitty", ("DDZ-KITTY-1",), seat=lord, cards=format_cards(state.kitty)))
        return replace(state, phase="play", landlord=lord, hands=tuple(hands), kitty_shown=True, to_act=lord,
                       trick=(), log=log)

    def _throw_in(self, state: State) -> State:
        """Nobody bid: the cards are thrown in and dealt again by the same dealer (DDZ-BID-4)."""
        log = state.log + (_event("ddz.event.throw_in", ("DDZ-BID-4",)),)
        nxt = replace(state, session=replace(state.session, deal_no=state.deal_no + 1), log=log)
        dealt = self._deal(nxt, derive(state.seed, "deal", nxt.deal_no), stacked=None)
        return replace(dealt, redeal=True)

    # ------------------------------------------------------------------ play
    def _apply_pass(self, state: State, seat: int) -> State:
        n = state.players
        trick = state.trick + (TrickPlay(seat),)
        log = state.log + (_event("ddz.event.pass", ("DDZ-PLAY-2",), seat=seat),)
        if everyone_else_passed(trick, n):  # the trick goes to the last player (DDZ-PLAY-4)
            top = state.top()
            assert top is not None
            log = log + (_event("ddz.event.trick_won", ("DDZ-PLAY-4",), seat=top.seat),)
            return replace(state, trick=(), trick_closed=True, to_act=lead_after(top.seat, n), log=log)
        return replace(state, trick=trick, trick_closed=False, to_act=next_seat(seat, n), log=log)

    def _apply_play(self, state: State, seat: int, cards: tuple[Card, ...], combo: Combo) -> State:
        n = state.players
        hands = list(state.hands)
        hands[seat] = multiset_remove(hands[seat], cards)
        bombs, rockets = state.bombs, state.rockets
        events = [_event("ddz.event.play", (TYPE_RULE[combo.type],), seat=seat, type=combo.type,
                         cards=format_cards(cards))]
        if combo.is_bomb:
            bombs = bombs + (combo.size,)
            if _doubles(combo.size, n):
                events.append(_event("ddz.event.doubles", ("DDZ-PAY-2",), seat=seat, multiplier=_multiplier(bombs, rockets, n)))
            else:
                events.append(_event("ddz.event.bomb_no_double", ("DDZ-PAY-2", "DDZ-4P-6"), size=combo.size))
        elif combo.type == "rocket":
            rockets += 1
            events.append(_event("ddz.event.doubles", ("DDZ-PAY-2",), seat=seat, multiplier=_multiplier(bombs, rockets, n)))
        plays = list(state.plays_by_seat)
        plays[seat] += 1
        state = replace(state, hands=tuple(hands), bombs=bombs, rockets=rockets, plays_by_seat=tuple(plays),
                        played=state.played + tuple(cards), trick=state.trick + (TrickPlay(seat, tuple(cards), combo),),
                        trick_closed=False, log=state.log + tuple(events))
        if not hands[seat]:
            return self._finish(state, seat)
        return replace(state, to_act=next_seat(seat, n))

    def _finish(self, state: State, seat: int) -> State:
        """A hand is empty: the round ends and the losers pay (DDZ-END-1, DDZ-PAY-*)."""
        lord = state.landlord
        assert lord is not None
        n = state.players
        winner = "landlord" if seat == lord else "farmers"
        spring = False
        if state.flags.spring:
            farmer_plays = sum(p for s, p in enumerate(state.plays_by_seat) if s != lord)
            spring = (winner == "landlord" and farmer_plays == 0) or \
                     (winner == "farmers" and state.plays_by_seat[lord] == 1)
        pay = payment(state.flags, state.bid, winner, state.bombs, state.rockets, spring)
        scores = tuple(state.scores[s] + (pay["landlord_net"] if s == lord else pay["each_farmer_net"])
                       for s in range(n))
        session = replace(state.session, scores=scores)
        result = {"winner": winner, "out": seat, "bid": state.bid, "spring": spring, **pay}
        rules = ("DDZ-END-1", "DDZ-PAY-1", "DDZ-PAY-2", "DDZ-PAY-3") + (("DDZ-FLAG-spring",) if spring else ())
        log = state.log + (_event("ddz.event.round_end", ("DDZ-END-1",), seat=seat, winner=winner),
                           _event("ddz.event.landlord_wins" if winner == "landlord" else "ddz.event.farmers_win", rules,
                                  multiplier=pay["multiplier"], each=abs(pay["each_farmer_net"])),)
        return replace(state, phase="score", to_act=None, trick_closed=True, session=session, result=result, log=log)

    # ------------------------------------------------------------------ session
    def session(self, state: State) -> dict[str, Any]:
        """DDZ-NEXT-1: the deal passes to the next seat; with ``first_bidder = "rotate"`` the seat
        after that dealer bids first, otherwise the next deal decides (marker, random)."""
        ses, n = state.session, state.players
        nxt = (ses.dealer + 1) % n
        return {"hand_no": ses.round_no, "scores": list(ses.scores), "target": None, "dealer": ses.dealer,
                "next_dealer": nxt, "next_first_bidder": (nxt + 1) % n if state.flags.first_bidder == "rotate" else None,
                "game_over": False, "winner": None}

    # ------------------------------------------------------------------ view
    def play_type(self, state: State, seat: int, action: Play) -> str:
        """The combination type ``action`` counts as here ("" if it is no legal play)."""
        _, combo = self._judge(state, action, seat, True)
        return combo.type if combo else ""

    def table_view(self, state: State, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``seat`` sees: its own hand, the others' card counts, the table and the log."""
        n = state.players
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n):
            raise TutorError("error.no_seat", seat=short_value(seat), players=n)
        top = state.top()
        return {
            "game": self.name,
            "flags": _flags_json(state.flags),
            "phases": list(PHASES),
            "phase": state.phase,
            "seat": seat,
            "to_act": state.to_act,
            "players": n,
            "dealer": state.dealer,
            "round": state.round_no,
            "hand": format_cards(state.hands[seat]) if seat is not None else None,
            "cards_held": [len(h) for h in state.hands],
            "kitty": format_cards(state.kitty) if state.kitty_shown else None,
            "kitty_size": len(state.kitty),
            "marker": str(state.marker) if state.marker else None,
            "first_bidder": state.first_bidder,
            "auction": [{"seat": s, "action": fresh_json(a)} for s, a in state.auction],
            "bid": state.bid,
            "landlord": state.landlord,
            "trick": [e.to_json() for e in state.trick],
            "top": top.to_json() if top else None,
            "multiplier": _multiplier(state.bombs, state.rockets, n),
            "bombs": list(state.bombs),
            "rockets": state.rockets,
            "scores": list(state.scores),
            "result": fresh_json(state.result) if state.result else None,
            "session": self.session(state),
        }

    # ------------------------------------------------------------------ golden hooks
    def classify(self, setup: Mapping[str, Any]) -> list[dict[str, Any]]:
        from ...scenario import parse_card_list
        flags = self.flags(setup.get("flags"), "setup.flags")
        cards = parse_card_list(setup.get("cards"), "setup.cards", flags.deck)
        readings = classify([card_rank(c) for c in cards], flags.combo_rules)
        out = []
        for c in readings:
            entry: dict[str, Any] = {"type": c.type, "rank": RANK_TOKEN[c.rank]}
            if c.length:
                entry["length"] = c.length
            out.append(entry)
        return out

    def score(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        flags = self.flags(setup.get("flags"), "setup.flags")
        bid = setup.get("bid")
        if bid not in (1, 2, 3):
            raise ScenarioError("setup.bid", "error.one_of", choices=quoted((1, 2, 3)), got=short_value(bid))
        winner = setup.get("winner")
        if winner not in ("landlord", "farmers"):
            raise ScenarioError("setup.winner", "error.one_of", choices=quoted(("landlord", "farmers")),
                                got=short_value(winner))
        bombs = setup.get("bombs_played", [])
        if not isinstance(bombs, list) or not all(isinstance(b, int) and 4 <= b <= 8 for b in bombs):
            raise ScenarioError("setup.bombs_played", "error.expected", what="bomb_sizes", got=short_value(bombs))
        rockets = setup.get("rockets_played", 0)
        if not isinstance(rockets, int) or rockets < 0:
            raise ScenarioError("setup.rockets_played", "error.expected", what="rocket_count", got=short_value(rockets))
        spring = bool(setup.get("spring", False)) and flags.spring
        return payment(flags, bid, winner, tuple(bombs), rockets, spring)

    def check_value(self, state: State, key: str) -> Any:
        if key == "landlord":
            return state.landlord
        if key == "bid":
            return state.bid
        if key == "auction_over":
            return state.phase not in ("auction", "deal")
        if key == "redeal":
            return state.redeal
        raise KeyError(key)

    def from_setup(self, setup: Mapping[str, Any], path: str = "setup") -> State:
        from .scenario import state_from_setup
        return state_from_setup(self, setup, path)


def _doubles(size: int, players: int) -> bool:
    """3 players: every bomb doubles; 4 players: only bombs of 6+ cards (DDZ-PAY-2)."""
    return players == 3 or size >= 6


def _multiplier(bombs: Sequence[int], rockets: int, players: int) -> int:
    return 2 ** (sum(1 for b in bombs if _doubles(b, players)) + rockets)


def payment(flags: Flags, bid: int, winner: str, bombs: Sequence[int], rockets: int, spring: bool) -> dict[str, int]:
    """The round's payment (DDZ-PAY-1…3, DDZ-4P-6; ×2 more for a spring when the flag is on)."""
    mult = _multiplier(bombs, rockets, flags.players) * (2 if spring else 1)
    each = bid * mult
    farmers = flags.players - 1
    if winner == "landlord":
        return {"multiplier": mult, "landlord_net": each * farmers, "each_farmer_net": -each}
    return {"multiplier": mult, "landlord_net": -each * farmers, "each_farmer_net": each}


def _deal_in_packets(stack: list[Card], n: int, hand_size: int, first: int) -> tuple[list[list[Card]], list[Card]]:
    """不洗牌 (no_shuffle): deal the unshuffled stack 4 cards at a time, the rest is the kitty."""
    hands: list[list[Card]] = [[] for _ in range(n)]
    pos = 0
    seat = first
    if len(stack) < n * hand_size:
        raise TutorError("error.ddz.stack_too_small", path="no_shuffle", n=len(stack), need=n * hand_size)
    while any(len(h) < hand_size for h in hands):
        take = min(4, hand_size - len(hands[seat]))
        hands[seat].extend(stack[pos:pos + take])
        pos += take
        seat = (seat + 1) % n
    return hands, stack[pos:]


def _flags_json(flags: Flags) -> dict[str, Any]:
    from ...flags import flags_to_dict
    return flags_to_dict(flags)


def diagnose(ranks: Sequence[int], rules: ComboRules) -> Verdict:
    """Why a card set is no combination, as precisely as we can tell (DDZ-COMBO-14 and friends)."""
    rs = sorted(ranks)
    n = len(rs)
    cnt = Counter(rs)
    if rules.players == 4 and rs == [BJ, RJ]:
        return _no("ddz.invalid.jokers_4p", ("DDZ-4P-3", "DDZ-COMBO-14"))
    if rules.players == 4 and not rules.allow_all_types:
        banned = [c.type for c in classify(rs, ComboRules(4, rules.kickers_may_repeat, True))
                  if c.type in FOUR_PLAYER_BANNED]
        if banned:
            return _no("ddz.invalid.banned_4p", ("DDZ-4P-1", TYPE_RULE[banned[0]]), type=banned[0])
    if not rules.kickers_may_repeat:
        loose = classify(rs, ComboRules(rules.players, True, rules.allow_all_types))
        if loose:
            t = loose[0].type
            return _no("ddz.invalid.kickers_repeat", (TYPE_RULE[t], "DDZ-COMBO-14"), type=t)
    if (BJ in cnt and RJ in cnt) and n >= 6:
        return _no("ddz.invalid.both_jokers", ("DDZ-COMBO-9", "DDZ-COMBO-13", "DDZ-COMBO-14"))
    widths = set(cnt.values())
    if len(widths) == 1 and len(cnt) >= 2:
        width = widths.pop()
        keys = sorted(cnt)
        if width == 1 and n == 2:
            return _no("ddz.invalid.pair_mismatch", ("DDZ-COMBO-2", "DDZ-COMBO-14"))
        chain_type = {1: "sequence", 2: "pair_sequence", 3: "airplane"}.get(width)
        if chain_type:
            if width == 1 and n < 5:
                return _no("ddz.invalid.too_short", ("DDZ-COMBO-6", "DDZ-COMBO-14"), type=chain_type, min=5)
            if width == 2 and len(keys) < 3:
                return _no("ddz.invalid.too_short", ("DDZ-COMBO-7", "DDZ-COMBO-14"), type=chain_type, min=3)
            if any(k >= TWO for k in keys):
                return _no("ddz.invalid.two_in_chain", ("DDZ-RANK-2", TYPE_RULE[chain_type]), type=chain_type)
            if keys[-1] - keys[0] + 1 != len(keys):
                return _no("ddz.invalid.not_consecutive", (TYPE_RULE[chain_type], "DDZ-COMBO-14"), type=chain_type)
    return _no("ddz.invalid.not_combination", ("DDZ-COMBO-14",))
