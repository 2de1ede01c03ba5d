"""Daifugo's quiz (tutor/quiz, tutor/games/daifugo/quiz.py): every kind, generic and the game's own,
over 30 seeds, in the ordinary and the cut-in game. Each exercise is made for most seeds, has one
right option, and every option's verdict is checked again through the engine: ``explain``, or the
move applied (and the cut-in window closed, as the question says "if nobody cuts in") and the
events, turn and order it left; the penalty through ``penalizes`` and ``attempt``. Its words render
in en and ja, its rules are in the catalog, its seat's view shows no other hand.
"""
from __future__ import annotations

import pytest

from tutor import quiz
from tutor.bots import heuristic_choice
from tutor.cards import format_cards
from tutor.registry import find_game
from tutor.rules import rules_by_id

#: thousands of exercises: CPython only; tests/pyodide/test_determinism.py makes every kind there
#: and checks it is the same exercise
pytestmark = pytest.mark.cpython_only

G = find_game("daifugo")
SEEDS = range(30)
KINDS = list(quiz.kinds(G))
OWN = ("beats", "next_turn", "effect", "cut_in", "attempt", "going_out", "new_game", "miyako")


@pytest.fixture(scope="module")
def made() -> dict[str, list[quiz.Exercise]]:
    return {kind: [e for e in (quiz.generate(G, kind, s) for s in SEEDS) if e is not None] for kind in KINDS}


def _after(ex: quiz.Exercise):
    """The shown move applied, and the cut-in window closed (nobody cuts in); the events written."""
    logged = len(G.events(ex.state))
    after = G.apply(ex.state, ex.shows, ex.seat, ex.in_turn)
    if G.window(after) is not None:
        after = G.close_window(after)
    return after, list(G.events(after))[logged:]


def _label(o: quiz.Option) -> str:
    return o.label[0] if o.label else ""


def _right(ex: quiz.Exercise) -> quiz.Option:
    return ex.options[ex.correct()[0]]


def test_the_kinds() -> None:
    assert {"legal", "pick", "why", "outcome", *OWN} <= set(KINDS)


def test_importing_the_game_does_not_import_the_quiz() -> None:
    import subprocess
    import sys
    code = ("import sys; from tutor.registry import find_game; find_game('daifugo'); "
            "print('tutor.games.daifugo.quiz' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("kind", KINDS)
def test_made_for_most_seeds(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    assert len(made[kind]) >= 24, kind


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_exercise(kind: str) -> None:
    a, b = quiz.generate(G, kind, 7), quiz.generate(G, kind, 7)
    assert (a is None) == (b is None)
    if a is not None:
        assert a.to_json(G, "en") == b.to_json(G, "en")


@pytest.mark.parametrize("kind", KINDS)
def test_answers_and_words(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    catalog = rules_by_id("daifugo")
    for ex in made[kind]:
        right = ex.correct()
        assert not ex.multiple and len(right) == 1, ex.key
        seats = ex.options[0].label is not None and ex.options[0].label[0].startswith("quiz.answer.seat")
        assert 2 <= len(ex.options) <= (8 if seats else 4), ex.key
        assert ex.rule_ids and all(r in catalog for r in ex.rule_ids), (ex.key, ex.rule_ids)
        assert all(r in catalog for o in ex.options for r in o.rule_ids), ex.key
        for lang in ("en", "ja"):
            js = ex.to_json(G, lang)
            for text in [js["question"]] + [o["label"] for o in js["options"]] + [o["why"] for o in js["options"]]:
                assert text and "{" not in text and "}" not in text, (ex.key, lang, text)
                assert "dfg.quiz." not in text and "quiz." not in text.split(" ")[0], (ex.key, lang, text)


@pytest.mark.parametrize("kind", KINDS)
def test_view_shows_no_other_hand(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    for ex in made[kind]:
        view = ex.to_json(G, "en")["view"]
        assert view["hand"] == format_cards(ex.state.hands[ex.seat])
        assert "hands" not in view
        assert view["cards_held"] == [len(h) for h in ex.state.hands]
        # of the others' hands only the exposed cards are shown
        for s, shown in view["exposed"].items():
            assert shown == format_cards(ex.state.exposed_of(int(s)))


def test_fast_enough() -> None:
    import time
    for kind in KINDS:
        start = time.perf_counter()
        for seed in range(5):
            quiz.generate(G, kind, 100 + seed)
        assert (time.perf_counter() - start) / 5 < 0.5, kind  # typically 20 – 50 ms; generous for a busy machine


def test_both_presets_are_asked(made: dict[str, list[quiz.Exercise]]) -> None:
    for kind in ("beats", "next_turn", "effect", "attempt", "going_out", "miyako"):
        assert {ex.preset for ex in made[kind]} == {"base", "cutin"}, kind


# --------------------------------------------------------------------------- each answer again
def test_generic_answers(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["legal"]:
        legal = G.explain(ex.state, ex.shows, ex.seat, ex.in_turn).legal
        assert [o.correct for o in ex.options] == [legal, not legal]
    for ex in made["pick"]:
        for o in ex.options:
            assert G.explain(ex.state, o.action, ex.seat, ex.in_turn).legal == o.correct
    for ex in made["why"]:
        v = G.explain(ex.state, ex.shows, ex.seat, ex.in_turn)
        assert not v.legal and _right(ex).label[1]["rule"] == v.rule_ids[0]
    for ex in made["outcome"]:
        _, events = _after(ex)
        last = [e for e in events if e.key == "dfg.event.last"]
        assert last and _right(ex).label[1]["seat"] == last[0].params["seat"], ex.key


@pytest.mark.parametrize("kind", ["beats", "cut_in"])
def test_plays_offered(made: dict[str, list[quiz.Exercise]], kind: str) -> None:
    """Each play or cut-in offered is right exactly when ``explain`` allows it; "none of these"
    exactly when it allows none of them."""
    for ex in made[kind]:
        verdicts = [G.explain(ex.state, o.action, ex.seat, ex.in_turn).legal for o in ex.options if o.action is not None]
        for o in ex.options:
            if o.action is not None:
                assert G.explain(ex.state, o.action, ex.seat, ex.in_turn).legal == o.correct, ex.key
            else:
                assert o.correct == (not any(verdicts)), ex.key
        if kind == "cut_in":
            assert not ex.in_turn and G.window(ex.state) is not None and ex.seat in G.window(ex.state).order
        else:  # every play offered has the form of the top play (DFG-PLAY-1)
            top = G.top_reading(ex.state)
            assert all(len(o.action.cards) == top.size for o in ex.options if o.action is not None)


def test_next_turn(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["next_turn"]:
        after, _ = _after(ex)
        assert after.phase == "play"
        assert _right(ex).label[1]["seat"] == after.to_act, ex.key


#: what each effect option says happens, as the events and the decision phase show it
EFFECT_SEEN = {
    "eight": lambda keys, phase: "dfg.event.flow.eight" in keys,
    "four": lambda keys, phase: "dfg.event.four_cut" in keys,
    "five": lambda keys, phase: bool(keys & {"dfg.event.five_skip", "dfg.event.five_lap"}),
    "nine": lambda keys, phase: bool(keys & {"dfg.event.nine_reverse", "dfg.event.nine_two"}),
    "jback": lambda keys, phase: bool(keys & {"dfg.event.jback", "dfg.event.jback_off"}),
    "revolution": lambda keys, phase: bool(keys & {"dfg.event.revolution", "dfg.event.revolution_back"}),
    "bound": lambda keys, phase: "dfg.event.suit_bound" in keys,
    "rank_bound": lambda keys, phase: bool(keys & {"dfg.event.rank_bound", "dfg.event.rank_bound_end"}),
    "seven": lambda keys, phase: phase == "seven_pass",
    "ten": lambda keys, phase: phase == "ten_discard",
    "queen": lambda keys, phase: phase == "q_peeping",
    "king": lambda keys, phase: phase == "k_greed",
    "ace": lambda keys, phase: phase == "a_open",
    "six": lambda keys, phase: phase == "six_salvage",
}
RANK_EFFECTS = set(EFFECT_SEEN) - {"bound", "rank_bound"}


def test_effect(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["effect"]:
        after, events = _after(ex)
        keys = {e.key for e in events}
        seen = {name for name, test in EFFECT_SEEN.items() if test(keys, after.phase)}
        answer = _label(_right(ex)).rsplit(".", 1)[1]
        if answer == "none":
            assert not seen, (ex.key, seen)
        else:
            assert answer in seen, (ex.key, answer, seen)
            # a binding is the answer only when no rank effect happened
            assert answer in RANK_EFFECTS or not (seen & RANK_EFFECTS), ex.key
        for o in ex.options:
            if not o.correct:
                assert _label(o).rsplit(".", 1)[1] not in seen, ex.key
        if not ex.in_turn:
            assert "DFG-CUT-5" in ex.rule_ids


def test_attempt(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["attempt"]:
        assert not G.explain(ex.state, ex.shows, ex.seat, ex.in_turn).legal
        answer = _label(_right(ex)).rsplit(".", 1)[1]
        if not G.penalizes(ex.state, ex.shows, ex.seat, ex.in_turn):
            assert answer == "refused" and not ex.state.flags.penalize_illegal_attempt
            continue
        logged = len(G.events(ex.state))
        after = G.attempt(ex.state, ex.shows, ex.seat, ex.in_turn)
        events = list(G.events(after))[logged:]
        assert any(e.key == "dfg.event.penalty" for e in events)
        assert len(after.exposed_of(ex.seat)) > len(ex.state.exposed_of(ex.seat))
        assert len(after.hands[ex.seat]) == len(ex.state.hands[ex.seat])  # still in the hand (DFG-OPEN-1)
        passed = any(e.key == "dfg.event.pass" and e.params["seat"] == ex.seat for e in events)
        assert answer == ("exposed_pass" if passed else "exposed"), ex.key


def test_going_out(made: dict[str, list[quiz.Exercise]]) -> None:
    forbidden_seen = False
    for ex in made["going_out"]:
        _, events = _after(ex)
        out = [e for e in events if e.key in ("dfg.event.out", "dfg.event.forbidden_out") and e.params["seat"] == ex.seat]
        assert out, ex.key
        forbidden_seen |= out[0].key == "dfg.event.forbidden_out"
        params = _right(ex).label[1]
        assert params["place"] == out[0].params["place"], ex.key
        if "DFG-OUT-3" in ex.rule_ids:
            assert ex.state.flags.forbidden_finish
    assert forbidden_seen


def test_new_game(made: dict[str, list[quiz.Exercise]]) -> None:
    asked = set()
    for ex in made["new_game"]:
        state = ex.state
        assert state.phase == "exchange" and state.game_no == 2
        question = ex.question[0]
        asked.add(question)
        if question == "dfg.quiz.q.first":
            while state.phase == "exchange":  # the exchange played through: who is to play first
                seat = G.to_act(state)
                state = G.apply(state, heuristic_choice(G, state, seat).action, seat)
            assert _right(ex).label[1]["seat"] == state.to_act
            assert state.previous_places[state.to_act] == state.players  # the last game's 大貧民
        elif question == "dfg.quiz.q.order_after":
            assert _label(_right(ex)) == ("dfg.quiz.answer.order_reversed" if G.reversed_order(state)
                                         else "dfg.quiz.answer.order_normal")
        else:
            assert _label(_right(ex)) == ("dfg.quiz.answer.direction_usual" if state.direction == 1
                                         else "dfg.quiz.answer.direction_other")
    assert len(asked) >= 2


def test_miyako(made: dict[str, list[quiz.Exercise]]) -> None:
    for ex in made["miyako"]:
        after, events = _after(ex)
        fell = [e for e in events if e.key in ("dfg.event.miyako_ochi", "dfg.event.miyako_ochi_open")]
        assert fell, ex.key
        king = fell[0].params["seat"]
        assert ex.state.previous_places[king] == 1 and king != ex.seat
        assert king in after.eliminated
        answer = _label(_right(ex)).rsplit(".", 1)[1]
        assert answer == ("falls_open" if fell[0].key == "dfg.event.miyako_ochi_open" else "falls")
