"""Shengji's quiz (tutor/quiz, tutor/games/shengji/quiz.py): every kind, the generic ones too,
over 30 seeds. Each option's judgement is asked of the engine again, independently of how the
exercise was made: ``explain`` for a play or an exposure, the effective suit and strength of
the order for a card, the events ``apply`` and ``close_window`` write for a move, ``next_hand``
for the next hand. Every exercise renders in en and ja with no placeholder left, names rules of
the catalog, and shows the position as its own seat sees it (no other hand, the buried kitty
only to the dealer).
"""
from __future__ import annotations

import json

import pytest

from tutor import quiz
from tutor.actions import Decision
from tutor.games.shengji.order import power
from tutor.games.shengji.suits import group
from tutor.registry import find_game
from tutor.rules import rules_by_id
from tutor.tricktaking import TRUMP
from tutor.windows import submit

#: thousands of exercises: CPython only; tests/pyodide/test_determinism.py makes every kind there
#: and checks it is the same exercise
pytestmark = pytest.mark.cpython_only

G = find_game("shengji")
SEEDS = range(30)
KINDS = list(quiz.kinds(G))
OWN = ("trumps", "order", "beat", "trick", "points", "result", "next", "expose", "may", "flip", "lead2")


@pytest.fixture(scope="module")
def made() -> dict[str, list[quiz.Exercise]]:
    return {kind: [e for e in (quiz.generate(G, kind, s) for s in SEEDS) if e is not None] for kind in KINDS}


def events_after(state, action, seat, in_turn=True) -> list:
    """What ``action`` writes, with the automatic steps that follow when no window stays open."""
    logged = len(G.events(state))
    after, _ = submit(G, state, action, seat, in_turn)
    if G.window(after) is None:
        after = G.close_window(after)
    return list(G.events(after))[logged:], after


def test_the_kinds() -> None:
    assert {"legal", "pick", "why", "outcome", *OWN} <= set(KINDS)


def test_importing_the_game_does_not_import_the_quiz() -> None:
    import subprocess
    import sys
    code = ("import sys; from tutor.registry import find_game; find_game('shengji'); "
            "print('tutor.games.shengji.quiz' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


@pytest.mark.parametrize("kind", KINDS)
def test_made_for_most_seeds(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    assert len(made[kind]) >= 24, (kind, len(made[kind]))


@pytest.mark.parametrize("kind", KINDS)
def test_words_rules_and_view(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    catalog = rules_by_id("shengji")
    for ex in made[kind]:
        assert len(ex.correct()) == 1 or (ex.multiple and ex.correct()), ex.key
        assert 2 <= len(ex.options) <= 4, ex.key
        assert ex.rule_ids and all(r in catalog for r in ex.rule_ids), (ex.key, ex.rule_ids)
        assert all(r in catalog for o in ex.options for r in o.rule_ids), ex.key
        for lang in ("en", "ja"):
            js = ex.to_json(G, lang)
            texts = [js["question"]] + [o["label"] for o in js["options"]] + [o["why"] for o in js["options"]]
            for text in texts:
                assert text and "{" not in text and "}" not in text and "sj.quiz" not in text, (ex.key, lang, text)
            view = js["view"]
            assert view["seat"] == ex.seat
            assert view["hand"] == [c.token for c in ex.state.hands[ex.seat]]
            shown = json.dumps(view)
            # no other hand: only counts of the others' cards; the buried kitty only to the dealer
            assert "hands" not in view
            if ex.state.phase != "score" and ex.seat != ex.state.dealer:
                assert view["buried"] is None
            assert len(shown) < 200_000


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_exercise(kind: str) -> None:
    a, b = quiz.generate(G, kind, 3), quiz.generate(G, kind, 3)
    assert (a is None) == (b is None)
    if a is not None:
        assert a.options == b.options and a.rule_ids == b.rule_ids and a.seat == b.seat


# ---------------------------------------------------------------------------- the answers, again
def test_generic_kinds(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["legal"]:
        verdict = G.explain(ex.state, ex.shows, ex.seat, ex.in_turn)
        assert [o.label[0] for o in ex.options if o.correct] == \
            ["quiz.answer.allowed" if verdict.legal else "quiz.answer.not_allowed"]
        assert G.announcement(ex.state, ex.shows, ex.seat, ex.in_turn) is None
    for ex in made["pick"]:
        for o in ex.options:
            assert G.explain(ex.state, o.action, ex.seat, ex.in_turn).legal == o.correct, ex.key
    for ex in made["why"]:
        verdict = G.explain(ex.state, ex.shows, ex.seat, ex.in_turn)
        assert not verdict.legal
        assert next(o for o in ex.options if o.correct).label[1]["rule"] == verdict.rule_ids[0]
    for ex in made["outcome"]:
        events, _ = events_after(ex.state, ex.shows, ex.seat, ex.in_turn)
        won = next(e for e in events if e.key == "sj.event.trick_won")
        assert next(o for o in ex.options if o.correct).label[1]["seat"] == won.params["seat"], ex.key


def test_the_generic_kinds_reach_the_play() -> None:
    """The generic kinds run on hands that go past the draw (the settled game of quiz.py)."""
    phases = {quiz.generate(G, "pick", s).state.phase for s in range(10)}
    assert "play" in phases


def test_trumps(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["trumps"]:
        order = G.order(ex.state)
        asks_trump = ex.question[0] == "sj.quiz.q.trump"
        for o in ex.options:
            card = o.action.cards[0]
            assert card in ex.state.hands[ex.seat]
            assert o.correct == ((group(order, card) == TRUMP) == asks_trump), ex.key


def test_order(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["order"]:
        order = G.order(ex.state)
        cards = [o.action.cards[0] for o in ex.options]
        assert len({group(order, c) for c in cards}) == 1 and all(c in ex.state.hands[ex.seat] for c in cards)
        strengths = [power(order, c) for c in cards]
        assert len(set(strengths)) == len(cards)  # no two equal cards asked
        top = cards[strengths.index(max(strengths))]
        assert [o.action.cards[0] for o in ex.options if o.correct] == [top]
        # the same through the engine's trick winner: the top card, led or followed, takes the trick
        plays = [(i, (c,)) for i, c in enumerate(cards)]
        from tutor.games.shengji.order import trick_winner
        assert trick_winner(order, plays)[0] == cards.index(top)


def test_beat(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["beat"]:
        for o in ex.options:
            verdict = G.explain(ex.state, o.action, ex.seat)
            assert verdict.legal
            # played, then the others' cards left as they are: does the seat hold the trick?
            plays = [(e.seat, e.cards) for e in ex.state.trick] + [(ex.seat, o.action.cards)]
            from tutor.games.shengji.order import trick_winner
            assert (trick_winner(G.order(ex.state), plays)[0] == ex.seat) == o.correct, ex.key


def test_trick_and_points(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["trick"]:
        events, _ = events_after(ex.state, ex.shows, ex.seat)
        won = next(e for e in events if e.key == "sj.event.trick_won")
        assert next(o for o in ex.options if o.correct).label[1]["seat"] == won.params["seat"]
    for ex in made["points"]:
        _, after = events_after(ex.state, ex.shows, ex.seat)
        assert after.phase == "play"
        assert next(o for o in ex.options if o.correct).label[1]["n"] == G.nondealer_points(after)


def test_result(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["result"]:
        mover = ex.state.to_act
        events, after = events_after(ex.state, ex.shows, mover)
        assert after.phase == "score"
        r = after.result
        # the seat asked may know the answer: it is the dealer (it buried the kitty), or the
        # dealer's team takes the last trick (the kitty then counts nothing)
        last = next(e for e in events if e.key == "sj.event.trick_won").params["seat"]
        assert ex.seat == r["dealer"] or (last - r["dealer"]) % 2 == 0
        label = next(o for o in ex.options if o.correct).label
        team = r["hand_winner"]
        assert label[1]["team"] == team
        if after.session.game_over:
            assert label[0] == "sj.quiz.result.game"
        else:
            assert label[1]["level"] == r["levels_after"][team]
        labels = [json.dumps(o.label, sort_keys=True) for o in ex.options]
        assert len(set(labels)) == len(labels)


def test_next(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["next"]:
        nxt = G.next_hand(ex.state)
        label = next(o for o in ex.options if o.correct).label
        if ex.question[0] == "sj.quiz.q.next_dealer":
            assert label[1]["seat"] == nxt.to_act == nxt.dealer  # the dealer draws first (SJ-DEAL-2)
        else:
            assert label[1]["rank"] == nxt.trump_rank


def test_expose(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["expose"]:
        assert G.explain(ex.state, ex.shows, ex.seat, in_turn=False).legal
        after = G.apply(ex.state, ex.shows, ex.seat, in_turn=False)
        suit = G.events(after)[-1].params["suit"]
        assert after.trump_suit == suit
        assert G.window(after) is None  # with one deck the first exposure stands (SJ-DECLARE-1)
        label = next(o for o in ex.options if o.correct).label
        if ex.state.session.first_hand:
            assert after.dealer == ex.seat and label[0] == "sj.quiz.expose.you_deal"
        else:
            assert after.dealer == ex.state.dealer != ex.seat and label[0] == "sj.quiz.expose.dealer_stays"
        for o in ex.options:  # no other option names the dealer it leaves
            if not o.correct and o.label[0] != "sj.quiz.expose.at_end":
                assert o.label[0] != "sj.quiz.expose.you_deal" or after.dealer != ex.seat


def test_may(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["may"]:
        assert ex.multiple and not ex.in_turn and G.window(ex.state) is not None
        for o in ex.options:
            if o.action is None:  # waiting: always allowed during the draw
                assert o.correct and G.decline(ex.state, ex.seat).legal
            else:
                assert G.explain(ex.state, o.action, ex.seat, in_turn=False).legal == o.correct, ex.key
                legal = G.legal_actions(ex.state, ex.seat, in_turn=False)
                assert (o.action in legal) == o.correct or not o.correct


def test_flip(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["flip"]:
        assert ex.state.phase == "draw" and not ex.state.stock and ex.state.exposed is None
        logged = len(G.events(ex.state))
        events = list(G.events(G.close_window(ex.state)))[logged:]
        label = next(o for o in ex.options if o.correct).label
        if ex.question[0] == "sj.quiz.q.flip_suit":
            turned = next(e for e in events if e.key == "sj.event.kitty_turned")
            assert label[1]["suit"] == turned.params["suit"]
            assert ex.question[1]["cards"] == list(turned.params["cards"])
        else:
            take = next(e for e in events if e.key == "sj.event.take_kitty")
            assert label[1]["seat"] == take.params["seat"] == ex.state.session.first_drawer


def test_lead2(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["lead2"]:
        assert ex.state.flags.decks == 2 and not ex.state.trick
        for o in ex.options:
            assert G.explain(ex.state, o.action, ex.seat).legal == o.correct, ex.key


#: the rules no lesson decision practises: the quiz must (the coverage report, sitebuild/coverage.py)
QUIZ_ONLY = ("SJ-PLAYERS-1", "SJ-PLAYERS-2", "SJ-PLAYERS-3", "SJ-DECK-2", "SJ-RANK-2", "SJ-RANK-3", "SJ-RANK-5",
             "SJ-DEAL-2", "SJ-DECLARE-2", "SJ-DECLARE-4", "SJ-DECLARE-5", "SJ-DECLARE-6", "SJ-DECLARE-7",
             "SJ-LEAD-1", "SJ-COMBO-3", "SJ-TRICK-2", "SJ-TRICK-3", "SJ-TRICK-4", "SJ-POINTS-1", "SJ-POINTS-2",
             "SJ-POINTS-3", "SJ-SCORE-1", "SJ-SCORE-2", "SJ-SCORE-3", "SJ-NEXT-1", "SJ-NEXT-2", "SJ-NEXT-3",
             "SJ-END-1", "SJ-END-2", "SJ-2D-2", "SJ-2D-9")


def test_the_rules_no_lesson_practises(made: dict[str, list[quiz.Exercise]]) -> None:
    """Every rule of the game no lesson decision cites is practised by some kind (30 seeds here,
    40 in the build's report), or is a setup fact of the catalog."""
    from tutor import rules as catalog
    practised = {r for exercises in made.values() for ex in exercises for r in ex.rule_ids}
    assert not [r for r in QUIZ_ONLY if r not in practised]
    facts = {r["id"] for r in catalog.catalog("shengji")["rules"] if r.get("fact")}
    assert facts == {"SJ-DECK-1", "SJ-2D-1"}
    assert all(set(r["fact"]) == {"en", "ja"} for r in catalog.catalog("shengji")["rules"] if r.get("fact"))


def test_decline_option_words() -> None:
    ex = next(e for e in (quiz.generate(G, "may", s) for s in SEEDS) if e is not None)
    assert any(o.action is None and o.label == ("sj.quiz.wait", {}) for o in ex.options)
    assert all(isinstance(o.action, Decision) for o in ex.options if o.action is not None)
