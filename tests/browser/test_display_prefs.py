"""Display preferences (issue 14): a projector mode (cards and text about twice the size, high
contrast) and a four-colour deck, each a toggle remembered across pages and visits."""
from __future__ import annotations

from playwright.sync_api import expect


def card_box(page) -> dict:
    return page.locator("#table .hand .card").first.bounding_box()  # a card of the hand (plays lie smaller)


def test_projector_mode_and_four_colours_are_remembered(page, server) -> None:
    page.goto(server + "en/doudizhu/01-cards.html")
    expect(page.locator("#table .card").first).to_be_visible()
    before = card_box(page)
    toggle = page.locator('button.pref[data-pref="projector"]')
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(page.locator("html")).to_have_class("projector")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    after = card_box(page)
    # about twice: 175 % (64×90 px from 37×51), so the whole table still fits 1280×720 (test_layout.py)
    assert after["height"] >= 1.7 * before["height"] and after["width"] >= 1.7 * before["width"], (before, after)
    # remembered: another page in the other language comes up in projector mode
    page.goto(server + "ja/tichu/rules.html")
    expect(page.locator("html")).to_have_class("projector")
    expect(page.locator('button.pref[data-pref="projector"]')).to_have_attribute("aria-pressed", "true")
    page.locator('button.pref[data-pref="projector"]').click()
    expect(page.locator("html")).not_to_have_class("projector")
    # four colours: the four suits in four different colours
    page.goto(server + "en/napoleon/practice.html?seed=3")
    expect(page.locator(".hand .card").first).to_be_visible()
    page.locator('button.pref[data-pref="four-colour"]').click()
    expect(page.locator("html")).to_have_class("four-colour")
    colours = page.evaluate("""() => Object.fromEntries(['S', 'H', 'D', 'C'].map((s) => {
        const probe = document.createElement('span');
        probe.className = `card suit-${s}`;
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return [s, colour];
    }))""")
    assert len(set(colours.values())) == 4, colours
    page.reload()
    expect(page.locator("html")).to_have_class("four-colour")


def test_what_the_bots_play_is_announced(page, server) -> None:
    """Issue 14: a screen reader hears what a bot played (a polite live region)."""
    from .conftest import click_and_wait, wait_waiting
    page.goto(server + "en/doudizhu/practice.html?seed=3&seat=0")
    wait_waiting(page)
    region = page.locator("#announce")
    expect(region).to_have_attribute("aria-live", "polite")
    # the bots' moves so far (the auction around the learner's first turn) were said
    for _ in range(20):
        if "Seat 1" in (region.text_content() or "") or "Seat 2" in (region.text_content() or ""):
            break
        if wait_waiting(page) == "over":
            break
        buttons = page.locator("#decision button")
        click_and_wait(page, page.locator("#btn-pass") if page.locator("#btn-pass").count() else buttons.first)
    import re
    expect(region).to_contain_text(re.compile(r"Seat [12] "))  # a bot's move, in the log's words
    assert region.is_hidden() or region.bounding_box()["width"] <= 1  # heard, not seen
