"""Dou Dizhu's quiz exercises (issue 22): every kind, generic and the game's own, over many seeds.

Each exercise is made by ``tutor.quiz.generate`` and checked here again through the engine, not
through the quiz's own code: an option's verdict by ``explain``, an outcome by applying the move
shown and reading the event or the state ``apply`` made. Then its words (no placeholder left in
en or ja), its rule IDs (all in the catalog) and its view (no other seat's hand).
"""
from __future__ import annotations

from typing import Any

import pytest

from tutor import quiz
from tutor.actions import Play
from tutor.cards import format_cards
from tutor.registry import find_game
from tutor.rules import rules_by_id

#: thousands of exercises: CPython only; tests/pyodide/test_determinism.py makes every kind there
#: and checks it is the same exercise
pytestmark = pytest.mark.cpython_only

GAME = find_game("doudizhu")
SEEDS = range(30)
KINDS = list(quiz.kinds(GAME))
OWN = ("classify", "beats", "stake", "pay", "auction", "turn", "dealer", "declare")


@pytest.fixture(scope="module")
def made() -> dict[str, list[Any]]:
    return {kind: [quiz.generate(GAME, kind, seed) for seed in SEEDS] for kind in KINDS}


def exercises(made: dict[str, list[Any]], kind: str) -> list[Any]:
    return [e for e in made[kind] if e is not None]


def label_param(option: Any, name: str) -> Any:
    return option.label[1][name]


def the_correct(ex: Any) -> Any:
    right = [o for o in ex.options if o.correct]
    assert len(right) == 1, (ex.key, right)
    return right[0]


def events_of(state: Any, action: Any, seat: int) -> tuple[Any, list[Any]]:
    logged = len(GAME.events(state))
    after = GAME.apply(state, action, seat)
    return after, list(GAME.events(after))[logged:]


def test_kinds_listed() -> None:
    assert KINDS[:4] == ["legal", "pick", "why", "outcome"]
    assert set(OWN) <= set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_most_seeds_make_an_exercise(made: dict[str, list[Any]], kind: str) -> None:
    got = exercises(made, kind)
    assert len(got) >= 0.8 * len(SEEDS), (kind, len(got))
    for ex in got:
        assert ex.kind == kind and ex.game == "doudizhu"


@pytest.mark.parametrize("kind", KINDS)
def test_answers_single_or_several(made: dict[str, list[Any]], kind: str) -> None:
    for ex in exercises(made, kind):
        right = ex.correct()
        if ex.multiple:
            assert right, ex.key
        else:
            assert len(right) == 1, (ex.key, right)
        assert 2 <= len(ex.options) <= 5, ex.key


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_exercise(kind: str) -> None:
    a, b = quiz.generate(GAME, kind, 3), quiz.generate(GAME, kind, 3)
    assert a == b


@pytest.mark.parametrize("kind", KINDS)
def test_words_rules_and_view(made: dict[str, list[Any]], kind: str) -> None:
    catalog = rules_by_id("doudizhu")
    for ex in exercises(made, kind):
        assert ex.rule_ids and all(r in catalog for r in ex.rule_ids), (ex.key, ex.rule_ids)
        for o in ex.options:
            assert all(r in catalog for r in o.rule_ids), (ex.key, o.rule_ids)
        for lang in ("en", "ja"):
            js = ex.to_json(GAME, lang)
            texts = [js["question"]] + [o["label"] for o in js["options"]] + [o["why"] for o in js["options"]]
            for t in texts:
                assert t and "{" not in t and "}" not in t and ".quiz." not in t, (ex.key, lang, t)
            others = [format_cards(h) for s, h in enumerate(ex.state.hands) if s != ex.seat and h]
            assert js["view"]["hand"] == format_cards(ex.state.hands[ex.seat])
            assert not _holds_list(js["view"], others), ex.key
            if not ex.state.kitty_shown:
                assert js["view"]["kitty"] is None


def _holds_list(data: Any, wanted: list[list[str]]) -> bool:
    if isinstance(data, list):
        if data in wanted:
            return True
        return any(_holds_list(v, wanted) for v in data)
    if isinstance(data, dict):
        return any(_holds_list(v, wanted) for v in data.values())
    return False


# ------------------------------------------------------------------ each kind's answers, by the engine
def test_legal(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "legal"):
        legal = GAME.explain(ex.state, ex.shows, ex.seat, ex.in_turn).legal
        assert the_correct(ex).label[0] == ("quiz.answer.allowed" if legal else "quiz.answer.not_allowed")


def test_pick(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "pick"):
        the_correct(ex)
        for o in ex.options:
            assert GAME.explain(ex.state, o.action, ex.seat, ex.in_turn).legal == o.correct, ex.key


def test_why(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "why"):
        v = GAME.explain(ex.state, ex.shows, ex.seat, ex.in_turn)
        assert not v.legal
        assert label_param(the_correct(ex), "rule") == v.rule_ids[0]


def test_outcome(made: dict[str, list[Any]]) -> None:
    by_question = {o.question: o for o in GAME.quiz_outcomes}
    for ex in exercises(made, "outcome"):
        declared = by_question[ex.question[0]]
        _, events = events_of(ex.state, ex.shows, ex.seat)
        ev = next(e for e in events if e.key == declared.event)
        right = the_correct(ex)
        assert label_param(right, "seat" if declared.answer == "seat" else "n") == ev.params[declared.param]


def test_classify(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "classify"):
        assert isinstance(ex.shows, Play) and GAME.explain(ex.state, ex.shows, ex.seat).legal
        assert label_param(the_correct(ex), "type") == GAME.play_type(ex.state, ex.seat, ex.shows)
        assert len({label_param(o, "type") for o in ex.options}) == len(ex.options)


def test_beats(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "beats"):
        assert ex.multiple and ex.state.top() is not None
        for o in ex.options:
            assert isinstance(o.action, Play)
            assert GAME.explain(ex.state, o.action, ex.seat).legal == o.correct, ex.key


def test_stake(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "stake"):
        after, events = events_of(ex.state, ex.shows, ex.seat)
        assert any(e.key in ("ddz.event.doubles", "ddz.event.bomb_no_double") for e in events)
        assert label_param(the_correct(ex), "n") == GAME.table_view(after, ex.seat)["multiplier"]


def test_pay(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "pay"):
        after, _ = events_of(ex.state, ex.shows, ex.seat)
        assert after.phase == "score"
        key = ex.question[0]
        net = after.result["each_farmer_net"] if "_each_" in key else after.result["landlord_net"]
        assert label_param(the_correct(ex), "n") == abs(net)
        assert ("landlord" if ex.seat == after.landlord else "farmers") == after.result["winner"]


def test_auction(made: dict[str, list[Any]]) -> None:
    seen = set()
    for ex in exercises(made, "auction"):
        after, events = events_of(ex.state, ex.shows, ex.seat)
        keys = {e.key: e for e in events}
        right = the_correct(ex)
        seen.add(right.label[0])
        if "ddz.event.throw_in" in keys:
            assert right.label[0] == "ddz.quiz.answer.redeal"
        elif "ddz.event.landlord" in keys:
            assert right.label == ("ddz.quiz.answer.landlord", {"seat": keys["ddz.event.landlord"].params["seat"],
                                                               "bid": keys["ddz.event.landlord"].params["bid"]})
        else:
            assert right.label == ("ddz.quiz.answer.next_bidder", {"seat": after.to_act})
        labels = [(o.label[0], tuple(sorted(o.label[1].items()))) for o in ex.options]
        assert len(set(labels)) == len(labels)
    assert {"ddz.quiz.answer.landlord", "ddz.quiz.answer.next_bidder"} <= seen


def test_turn(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "turn"):
        after, _ = events_of(ex.state, ex.shows, ex.seat)
        assert label_param(the_correct(ex), "seat") == after.to_act


def test_dealer(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "dealer"):
        right = label_param(the_correct(ex), "seat")
        if ex.question[0] == "ddz.quiz.q.first_bidder":
            assert ex.state.marker in ex.state.hands[ex.seat]  # the asking seat sees the card it is asked about
            assert right == ex.state.first_bidder
            continue
        after, _ = events_of(ex.state, ex.shows, ex.seat)
        nxt = GAME.next_hand(after)
        if ex.question[0] == "ddz.quiz.q.next_first_bidder":
            assert ex.state.flags.first_bidder == "rotate" and right == nxt.first_bidder
        else:
            assert right == nxt.dealer


def test_declare(made: dict[str, list[Any]]) -> None:
    for ex in exercises(made, "declare"):
        assert ex.multiple and "DDZ-CMP-6" in ex.rule_ids
        for o in ex.options:
            assert GAME.explain(ex.state, o.action, ex.seat).legal == o.correct, ex.key
        assert sum(o.correct for o in ex.options) == 2


def test_four_players_practised(made: dict[str, list[Any]]) -> None:
    """The four-player rules come up on four-player hands (DDZ-4P-*)."""
    four = [e for kind in KINDS for e in exercises(made, kind) if e.state.flags.players == 4]
    assert four
    ids = {r for e in four for r in e.rule_ids}
    assert {"DDZ-4P-4", "DDZ-4P-6"} <= ids, ids


def test_generate_is_fast() -> None:
    import time
    for kind in KINDS:
        start = time.perf_counter()
        for seed in range(100, 110):
            quiz.generate(GAME, kind, seed)
        per = (time.perf_counter() - start) / 10
        assert per < 0.25, (kind, per)  # well under 100 ms on a quiet machine; room for a busy one
