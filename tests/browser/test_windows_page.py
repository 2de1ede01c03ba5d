"""The page's side of an out-of-turn window (table.js:resolveWindow) against the real engine in
the worker: the engine orders the seats and runs the bots; the page only asks the learner."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import wait_waiting

BOMB = ["S-9", "H-9", "D-9", "C-9"]
SCENARIO = {"game": "tichu", "flags": {}, "phase": "play", "to_act": 1,
            "trick": [{"seat": 0, "cards": ["S-K"]}],
            "hands": {"0": ["H-3"], "1": ["C-7", "C-8"], "2": ["S-4", "H-6"], "3": BOMB + ["D-2"]}}

RESOLVE = """async ([scenario, learner, take]) => {
  const engine = globalThis.cardtutorEngine;
  const table = await import(new URL("../../assets/table.js", location.href).href);
  const loaded = await engine.call({ op: "load", scenario });
  const asked = [];
  const id = await table.resolveWindow(engine, {
    state: loaded.state, learner, lang: "en", alive: () => true,
    ask: async (view, actions) => { asked.push({ seat: view.seat, actions }); return take ? actions[0] : null; },
  });
  const view = await engine.call({ op: "view", state: id, seat: learner });
  return { asked, top: view.view.trick[view.view.trick.length - 1] };
}"""


@pytest.mark.parametrize("take", [True, False])
def test_the_learner_is_asked_in_the_window_and_the_engine_applies_the_choice(page, server, take) -> None:
    page.goto(server + "en/tichu/practice.html?seed=3")
    expect(page.locator('#engine-status[data-state="ready"]')).to_be_visible()
    wait_waiting(page)
    out = page.evaluate(RESOLVE, [SCENARIO, 3, take])
    assert out["asked"] == [{"seat": 3, "actions": [BOMB]}]
    assert out["top"] == ({"seat": 3, "cards": BOMB, "in_turn": False} if take else {"seat": 0, "cards": ["S-K"]})


def test_bots_take_the_window_inside_the_engine(page, server) -> None:
    page.goto(server + "en/tichu/practice.html?seed=3")
    expect(page.locator('#engine-status[data-state="ready"]')).to_be_visible()
    wait_waiting(page)
    out = page.evaluate(RESOLVE, [SCENARIO, 2, True])  # the learner at seat 2 holds no bomb: never asked
    assert out["asked"] == []
    assert out["top"] == {"seat": 3, "cards": BOMB, "in_turn": False}  # the bot at seat 3 bombed
