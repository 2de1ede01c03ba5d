"""The Daifugo practice table: a session of two games against three bots. The learner plays the
first game to its end (passing whenever the rules let it), sees the places and titles, then
deals the second game, in which the compulsory exchange happens (DFG-EXCH-1) before play."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import click_and_wait, play_any_legal_card, shot, wait_waiting

READY = '#engine-status[data-state="ready"]'
PRACTICE = "en/daifugo/practice.html"
TITLES = re.compile(r"Game over: seat \d 大富豪 \(grand millionaire\), seat \d 富豪 \(millionaire\), "
                    r"seat \d 貧民 \(poor\), seat \d 大貧民 \(very poor\)")


def _pass_or_play(page) -> None:
    """A cautious learner: passes when the rules allow it, else plays the first single accepted
    (leading a fresh phase, a seat may not pass)."""
    pass_button = page.get_by_role("button", name="Pass", exact=True)
    if pass_button.is_visible() and pass_button.is_enabled():
        click_and_wait(page, pass_button)
        if "Not allowed" not in (page.locator("#feedback").text_content() or ""):
            return
    play_any_legal_card(page)


def _play_game(page) -> None:
    for _ in range(200):
        if wait_waiting(page) == "over":
            return
        if page.locator("#btn-confirm").is_visible():  # the exchange: choose the cards to give
            return
        _pass_or_play(page)
    raise AssertionError("the game did not end")


def test_a_session_of_two_games_with_the_exchange(page, server) -> None:
    page.goto(server + PRACTICE + "?seed=3&seat=0")
    expect(page.locator(READY)).to_be_visible()
    expect(page.locator("#phases li.current")).to_contain_text("Play")
    _play_game(page)
    # the game's end: every place given, and the titles they earn; the learner, who passed
    # whenever it could, is last
    expect(page.locator("#feedback")).to_contain_text(TITLES)
    expect(page.locator("#feedback")).to_contain_text("seat 0 大貧民 (very poor)")
    shot(page, "daifugo-game-over")
    click_and_wait(page, page.get_by_role("button", name=re.compile("Next game")))
    expect(page.locator("#history")).to_contain_text(re.compile(r"Game 2"))
    # game 2: the exchange comes first; the learner, who passed whenever it could, finished last
    # (大貧民) and gives its two strongest cards
    wait_waiting(page)
    expect(page.locator("#phases li.current")).to_contain_text("Exchange")
    shot(page, "daifugo-exchange")
    # the learner is the 大貧民: one button per way to give its two strongest cards, and the
    # tempting weakest two, which the rule refuses with its reason (the state untouched)
    options = page.locator("#decision button", has_text=re.compile(r"^Give "))
    assert options.count() >= 2
    wrong = options.last
    click_and_wait(page, wrong)
    expect(page.locator("#feedback")).to_contain_text(re.compile(r"must give your two strongest cards"))
    expect(page.locator("#phases li.current")).to_contain_text("Exchange")
    click_and_wait(page, page.locator("#decision button", has_text=re.compile(r"^Give ")).first)
    # everybody has chosen, face down, at the same time; then the cards change hands and play begins
    expect(page.locator("#history")).to_contain_text("Seat 0, the 大貧民 (very poor), gives 2 cards to seat 3")
    wait_waiting(page)
    expect(page.locator("#phases li.current")).to_contain_text("Play")
    # the 大貧民 starts the second game (DFG-D3-1, later games)
    expect(page.locator("#history")).to_contain_text("The 大貧民 of the last game, seat 0, starts.")
    _play_game(page)
    expect(page.locator("#feedback")).to_contain_text(TITLES)
    expect(page.locator("#history")).to_contain_text("Game 2 is over.")


def test_a_joker_among_other_cards_asks_what_it_stands_for(page, server) -> None:
    """The table lists no plays in advance (a hand with two jokers makes thousands): pressing Play
    with a joker among other cards asks the engine for the readings of exactly those cards, and
    offers them as buttons. Seed 49: seat 0 leads, holding C-4 and the joker."""
    page.goto(server + PRACTICE + "?seed=49&seat=0")
    expect(page.locator(READY)).to_be_visible()
    wait_waiting(page)
    page.locator('.hand button.card[data-token="C-4"]').click()
    page.locator('.hand button.card[data-token="JOKER"]').click()
    page.locator("#btn-play").click()
    expect(page.locator("#decision")).to_contain_text("The joker stands for:")
    readings = page.locator("#decision .buttons button")
    expect(readings).to_have_count(3)  # the joker as the 4 of each other suit (one deck)
    labels = [readings.nth(i).text_content() or "" for i in range(3)]
    assert all("4" in label for label in labels), labels
    shot(page, "daifugo-joker-reading")
    click_and_wait(page, readings.first)
    expect(page.locator("#history")).to_contain_text(re.compile(r"Seat 0 .*4"))
    expect(page.locator('.hand button.card[data-token="JOKER"]')).to_have_count(0)
