"""The practice tables' own controls, in en and ja: every variant flag through the form, a fresh
deal on "New deal", the trick marker on the card that holds the trick, the reveal toggle, the
bid line, rule titles in feedback and history (issue 10)."""
from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from .conftest import click_and_wait, settled, wait_settled, wait_waiting
from tutor.registry import SITE_NAMES

READY = '#engine-status[data-state="ready"]'
GAMES = SITE_NAMES


def _dealt_cards(name: str) -> bool:
    from tutor.registry import find_game
    game = find_game(name)
    return bool(game.all_cards(game.new_game(game.default_flags(), 1)))


#: the games dealt from cards to several seats (the 2d6 check has no cards and one seat)
CARD_GAMES = tuple(g for g in GAMES if _dealt_cards(g))
LANGS = ("en", "ja")


def open_practice(page, server, lang: str, game: str, query: str = "") -> dict:
    page.goto(server + f"{lang}/{game}/practice.html{query}")
    expect(page.locator(READY)).to_be_visible()
    wait_waiting(page)
    return json.loads(page.locator("#practice-data").text_content())


def hand(page, at_least: int = 1) -> list[str]:
    """The learner's cards. Where a deal begins by drawing (Shengji: the hand starts empty), the
    learner draws, letting every chance to act out of turn go by, until it holds ``at_least``."""
    draw = page.locator("#decision button[data-key='{\"draw\":true}']")
    for _ in range(4 * at_least + 8):
        cards = page.locator(".hand button.card").evaluate_all("els => els.map(e => e.dataset.token)")
        if len(cards) >= at_least or wait_waiting(page) == "over":
            return cards
        if page.locator("#btn-let-go").is_visible():
            click_and_wait(page, page.locator("#btn-let-go"))
        elif draw.count():
            click_and_wait(page, draw)
        else:
            return cards
    return page.locator(".hand button.card").evaluate_all("els => els.map(e => e.dataset.token)")


def query(page) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(page.url).query).items()}


def deal(page) -> str:
    """Clicks "New deal" and waits for the page to answer; returns the page's state."""
    before = settled(page)
    page.locator("#settings button[type=submit]").click()
    return wait_settled(page, before)


def flag_values(info: dict) -> list:
    """Every value a learner can give a flag in the form: each choice, both booleans, some numbers."""
    if isinstance(info["default"], bool):
        return [not info["default"], info["default"]]
    if info.get("choices"):  # a long list (thirteen levels): its ends and the default
        choices = list(info["choices"])
        return choices if len(choices) <= 5 else list(dict.fromkeys([choices[0], choices[-1], info["default"]]))
    if isinstance(info["default"], int):  # its bounds where it has them (a kitty counted 1 to 8 times)
        return [info.get("min", 500), info.get("max", 1000), info["default"]]
    raise AssertionError(f"a flag of a kind the form does not know: {info}")


def preset_value(data: dict, info: dict):
    """The value of a flag in the preset the page starts from (``default_preset``), else its default."""
    preset = next((p for p in data.get("presets", []) if p["name"] == data.get("default_preset", "seed")), None)
    return preset["values"].get(info["name"], info["default"]) if preset else info["default"]


def set_flag(page, info: dict, value) -> None:
    page.locator("#settings details").evaluate("d => d.open = true")
    field = page.locator(f'[name="flag-{info["name"]}"]')
    if isinstance(info["default"], bool):
        field.set_checked(value)
    elif info.get("choices"):
        field.select_option(str(value))
    else:
        field.fill(str(value))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_flag_value_deals_through_the_form(page, server, game, lang) -> None:
    """Every value of every flag goes through the form into a deal and into the link. The flags
    change together, one round per value (round r gives each flag its r-th value, or its last):
    a game with thirty local rules deals a few times, not sixty (CI time)."""
    data = open_practice(page, server, lang, game, "?seed=3")
    flags = [f for f in data["flags"] if f["name"] != "players"]
    assert flags
    by_name = {f["name"]: f for f in flags}
    values = {f["name"]: flag_values(f) for f in flags}
    tried = set()

    def deal_with(chosen: dict) -> None:
        """Sets ``chosen`` through the form (a flag another one needs first), deals, and checks
        the link: a flag with no say under the others (``needs``) is greyed out, shows its "off"
        value and is left out of the link."""
        for info in sorted(flags, key=lambda f: bool(f.get("needs"))):
            if has_say(info, chosen):
                set_flag(page, info, chosen[info["name"]])
        state = deal(page)
        assert page.locator("#url-error").is_hidden(), (chosen, page.locator("#url-error").text_content())
        assert state in ("learner", "over")
        for info in flags:
            # a link carries what differs from the preset a link without one means (the game's default)
            value, default = chosen[info["name"]], preset_value(data, info)
            field = page.locator(f'[name="flag-{info["name"]}"]')
            if not has_say(info, chosen):
                expect(field).to_be_disabled()
                assert query(page).get(info["name"]) is None, (info["name"], page.url)
                continue
            expect(field).to_be_enabled()
            expected = None if value == default else str(value).lower() if isinstance(value, bool) else str(value)
            assert query(page).get(info["name"]) == expected, (info["name"], value, page.url)
            tried.add((info["name"], str(value)))
        # the learner has cards to play, or (a deal that begins by drawing) a draw to make
        expect(page.locator(".hand button.card, #decision button").first).to_be_visible()

    def has_say(info: dict, chosen: dict) -> bool:
        """As the form decides: every flag it needs holds an allowed value, a flag that itself has
        no say holding its "off" value (the kitty multiplier has a say again when the kitty-by-
        shape flag is greyed out with one deck)."""
        def effective(name: str) -> object:
            other = by_name[name]
            return chosen[name] if has_say(other, chosen) else other["off"]
        return all(effective(other) in allowed for other, allowed in (info.get("needs") or {}).items())

    for r in range(max(len(v) for v in values.values())):
        deal_with({info["name"]: values[info["name"]][min(r, len(values[info["name"]]) - 1)] for info in flags})
    # a value no round could give (the flag had no say then): a round where what it needs holds
    for name, vs in values.items():
        for v in vs:
            if (name, str(v)) not in tried:
                chosen = {info["name"]: values[info["name"]][-1] for info in flags}
                chosen[name] = v
                wanted = dict(by_name[name].get("needs") or {})
                while wanted:
                    other, allowed = wanted.popitem()
                    chosen[other] = allowed[0]
                    wanted.update(by_name[other].get("needs") or {})
                deal_with(chosen)
    assert tried == {(name, str(v)) for name, vs in values.items() for v in vs}
    # the player counts each preset seats (Daifugo: 3 to 6, the cut-in game 4 to 8)
    players_flag = next((f for f in data["flags"] if f["name"] == "players"), {})  # none: a game played alone
    presets = data.get("presets") or [{"name": None, "players": players_flag.get("choices") or []}]
    for preset in presets:
        if preset["name"] is not None and page.locator("select[name=preset]").count():
            page.locator("#settings details").evaluate("d => d.open = true")
            page.locator("select[name=preset]").select_option(preset["name"])
        players = preset.get("players") or []
        for n in players if len(players) > 1 else []:
            page.locator("select[name=players]").select_option(str(n))
            deal(page)
            assert page.locator("#url-error").is_hidden()
            assert page.locator(".seat").count() == n - 1


@pytest.mark.parametrize("lang", LANGS)
def test_a_number_that_is_not_a_whole_number_is_named(page, server, lang) -> None:
    open_practice(page, server, lang, "tichu", "?seed=3")
    page.locator("#settings details").evaluate("d => d.open = true")
    page.locator('[name="flag-target_score"]').evaluate("el => { el.type = 'text'; el.value = 'lots'; }")
    deal(page)
    expect(page.locator("#url-error")).to_be_visible()
    expect(page.locator("#url-error")).to_contain_text("target_score")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", CARD_GAMES)
def test_new_deal_is_a_fresh_deal_whose_number_is_shown_and_shared(page, server, game, lang) -> None:
    open_practice(page, server, lang, game, "?seed=5&seat=1")
    first = hand(page, at_least=4)
    deal(page)  # the number unchanged: a fresh random deal
    number = page.locator("input[name=seed]").input_value()
    assert number != "5" and re.fullmatch(r"\d{1,6}", number)
    assert query(page)["seed"] == number and query(page)["seat"] == "1"
    fresh = hand(page, at_least=4)
    assert fresh != first
    expect(page.locator("#share")).to_have_attribute("href", re.compile(rf"seed={number}\b"))
    page.locator("input[name=seed]").fill("5")  # a number typed in is dealt as it is
    deal(page)
    assert hand(page, at_least=4) == first and query(page)["seed"] == "5"
    page.goto(server + f"{lang}/{game}/practice.html?seed={number}&seat=1")  # the shared number
    expect(page.locator(READY)).to_be_visible()
    wait_waiting(page)
    assert hand(page, at_least=4) == fresh


RENDER = """async ([scenario, moves, seat]) => {
  const engine = globalThis.cardtutorEngine;
  const table = await import(new URL("../../assets/table.js", location.href).href);
  let reply = await engine.call({ op: "load", scenario, lang: document.documentElement.lang });
  if (!reply.ok) throw new Error(reply.error);
  let id = reply.state;
  for (const [actor, action] of moves) {
    reply = await engine.call({ op: "apply", state: id, action, seat: actor });
    if (!reply.ok) throw new Error(JSON.stringify(reply));
    id = reply.state;
  }
  const view = await engine.call({ op: "view", state: id, seat, lang: document.documentElement.lang });
  const box = document.createElement("div");
  box.id = "rendered";
  document.body.append(box);
  table.renderTable(box, view.view, {});
  return box.innerText;
}"""

NAPOLEON_TRICK = {"game": "napoleon", "flags": {"players": 5}, "phase": "play", "to_act": 4, "trump": "H", "trick_no": 3,
                  "trick": [{"seat": 0, "cards": ["C-J"]}, {"seat": 1, "cards": ["C-Q"]}, {"seat": 2, "cards": ["C-7"]},
                            {"seat": 3, "cards": ["C-5"]}],
                  "hands": {"4": ["C-2", "H-3"]}}


@pytest.mark.parametrize("lang", LANGS)
def test_the_trick_marker_sits_on_the_card_that_holds_the_trick(page, server, lang) -> None:
    open_practice(page, server, lang, "napoleon")
    page.evaluate(RENDER, [NAPOLEON_TRICK, [], 4])
    top = page.locator("#rendered .played.holds")
    expect(top).to_have_count(1)
    # each card lies in front of its player: the queen in seat 1's place, the jack in seat 0's
    expect(page.locator('#rendered .seat[data-seat="1"] .played.holds')).to_have_count(1)
    expect(page.locator('#rendered .seat[data-seat="0"] .played [role=img]')).to_have_attribute(
        "aria-label", "jack of clubs" if lang == "en" else re.compile("クラブのJ"))
    expect(top.locator("[role=img]")).to_have_attribute("aria-label", "queen of clubs" if lang == "en" else re.compile("クラブのQ"))
    expect(top).to_contain_text("Holds the trick" if lang == "en" else "いまトリックを取っている札")
    # a spade led, then a higher spade, then a lower one: the king still holds the trick
    spades = {**NAPOLEON_TRICK, "trick": [{"seat": 0, "cards": ["S-9"]}, {"seat": 1, "cards": ["S-K"]}, {"seat": 2, "cards": ["S-5"]}],
              "to_act": 3, "hands": {"3": ["C-2", "H-3"]}}
    page.evaluate("document.getElementById('rendered').remove()")
    page.evaluate(RENDER, [spades, [], 3])
    expect(page.locator("#rendered .played.holds [role=img]")).to_have_attribute(
        "aria-label", "king of spades" if lang == "en" else re.compile("スペードのK"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_bid_line_says_no_bid_only_before_the_first_bid(page, server, lang) -> None:
    open_practice(page, server, lang, "doudizhu")
    no_bid = "No bid yet" if lang == "en" else "まだビッドなし"
    auction = {"game": "doudizhu", "flags": {"players": 3}, "phase": "auction", "to_act": 1,
               "hands": {"0": ["H-4", "S-6", "D-7", "H-A", "S-A", "D-A", "S-2", "H-2", "BJ"]}, "cards_held": {"1": 17, "2": 17}}
    text = page.evaluate(RENDER, [auction, [], 0])
    assert no_bid in text
    page.evaluate("document.getElementById('rendered').remove()")
    text = page.evaluate(RENDER, [auction, [[1, {"bid": 1}]], 0])
    assert no_bid not in text and re.search(r"(Bid|ビッド).{0,3}1", text), text


def become_landlord(page) -> None:
    """Bids 3 whenever asked (seat 0, deal 5: the learner bids first): the play begins."""
    for _ in range(10):
        if page.locator("#phases li.current").text_content() not in ("▶ Auction", "▶ 競り"):
            return
        before = settled(page)
        page.locator('#decision button[data-key=\'{"bid":3}\']').click()
        wait_settled(page, before)
    raise AssertionError("the auction did not end")


@pytest.mark.parametrize("lang", LANGS)
def test_reveal_all_hands_is_a_toggle(page, server, lang) -> None:
    open_practice(page, server, lang, "doudizhu", "?seed=5&seat=0")
    reveal = page.locator("#btn-reveal")
    label = reveal.text_content()
    become_landlord(page)
    expect(reveal).to_be_enabled()
    reveal.click()
    expect(page.locator(".seat .cards.shown")).to_have_count(2)
    expect(reveal).not_to_have_text(label)
    expect(reveal).to_have_attribute("aria-pressed", "true")
    reveal.click()
    expect(page.locator(".seat .cards.shown")).to_have_count(0)
    expect(reveal).to_have_text(label)
    expect(reveal).to_have_attribute("aria-pressed", "false")


@pytest.mark.parametrize("lang", LANGS)
def test_feedback_and_history_cite_rules_by_title(page, server, lang) -> None:
    data = open_practice(page, server, lang, "doudizhu", "?seed=5&seat=0")
    become_landlord(page)
    before = settled(page)
    page.locator("#btn-pass").click()  # the landlord leads: passing is not allowed, and says why
    wait_settled(page, before)
    expect(page.locator("#feedback .headline")).to_have_text("Not allowed." if lang == "en" else "出せません。")
    cited = page.locator("#feedback .rules-cited a")
    expect(cited.first).to_be_visible()
    rule_id = cited.first.get_attribute("href").split("#")[1]
    expect(page.locator("#feedback .rules-cited")).to_contain_text(data["rules"][rule_id])
    links = page.locator("#history a[href^='rules.html#']")
    expect(links.first).to_be_visible()
    for i in range(links.count()):
        rule_id = links.nth(i).get_attribute("href").split("#")[1]
        assert links.nth(i).text_content() == data["rules"][rule_id], rule_id


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("value", ["1" * 400, "0", "-5"])
def test_a_tampered_target_score_in_the_url_is_named_in_the_pages_language(page, server, lang, value) -> None:
    """Issue 13: a 400-digit or non-positive target score in the URL gets the engine's message,
    naming the flag and what it got, in the page's language (never "expected int, got None")."""
    open_practice(page, server, lang, "tichu", f"?seed=3&target_score={value}")
    error = page.locator("#url-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("target_score")
    text = error.text_content() or ""
    assert "None" not in text and "int" not in text.split(), text
    if lang == "ja":
        assert "指定してください" in text, text
    else:
        assert "expected a whole number" in text, text


def test_the_settings_make_room_for_the_table_in_a_cramped_window(page, server) -> None:
    """Issue 14: at 1280×720 (a laptop, a projector) the settings fold away so the table keeps its
    seats in view; the learner may open them again, and a roomy window leaves them as they are."""
    open_practice(page, server, "en", "napoleon")
    box = page.locator("#settings-box")
    expect(box).to_have_attribute("open", "")
    page.set_viewport_size({"width": 1280, "height": 720})
    expect(box).not_to_have_attribute("open", "")
    page.locator("#settings-box > summary").click()
    expect(page.locator("select[name=seat]")).to_be_visible()
    page.set_viewport_size({"width": 1200, "height": 860})
    expect(box).to_have_attribute("open", "")
    page.locator('button.pref[data-pref="projector"]').click()
    expect(box).not_to_have_attribute("open", "")
    page.locator('button.pref[data-pref="projector"]').click()
