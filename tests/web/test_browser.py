"""The browser table, driven by Playwright in Debian's Chromium: a person plays whole deals by
clicking only, sees only their own hand, survives a reload, a card rises under the pointer
without moving its button, a spectator sees no hand, and a phone screen needs no horizontal
scrolling."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    DEAL_OVER,
    PLAYING,
    against_bots,
    chromium,
    hand,
    missing_browser,
    play_until,
    state,
)
from server_support import Server, running_server

import tarock.games  # noqa: F401  (registers the games)
from tarock.core.presentation import catalogue


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, or a skip that says why there is none (in CI, where it must be, a failure)."""
    reason = missing_browser()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser tests must run in CI: {reason}")
        pytest.skip(f"browser tests skipped: {reason}")
    with chromium() as b:
        yield b


@pytest.fixture(autouse=True)
def pages_closed(browser: Any) -> Iterator[None]:
    """Each test's pages close with it: a page left open would go on reconnecting to its
    server's port, which a later test's server may have taken."""
    yield
    for context in browser.contexts:
        context.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with running_server(f"sqlite:///{tmp_path / 'tarock.db'}") as s:
        yield s


def open_seat(browser: Any, server: Server, url: str, **context: Any) -> Any:
    page = browser.new_context(**context).new_page()
    page.set_default_timeout(15_000)
    page.goto(server.http + url)
    return page


# Seeds whose deal is played out, not thrown in, so that the person plays cards.
@pytest.mark.parametrize(("game", "seed"), [
    ("hungarian-tarokk", 11), ("bavarian-tarock", 13), ("ottocento", 11)])
def test_a_person_plays_a_whole_deal_by_clicking(browser, server, game, seed):
    table = server.create(**against_bots(game, deals=1, seed=seed))
    page = open_seat(browser, server, table["seats"][0]["url"])
    page.wait_for_selector("[data-to-act]")
    play_until(page, DEAL_OVER)
    assert page.locator("[data-deal-end]").inner_text()
    assert server.table(table["table"])["status"] == "finished"
    record = server.client.get(f"/api/tables/{table['table']}/records/0").json()
    assert any(a["seat"] == 0 and a["type"] == "play" for a in record["actions"])
    page.locator("[data-next-deal]").click()
    assert page.locator("[data-deal-end]").count() == 0
    page.click("#btn-replay")  # the deal again, every hand open
    page.wait_for_selector(".replay-hand .card-face")
    assert page.locator(".replay-hand").count() == len(table["seats"])


def test_a_refused_card_names_its_rule_and_the_rule_opens(browser, server):
    """A click on a card the rules refuse says why, and the rule's ID in that line shows the
    rule's text from the guide, as GET /api/rules/{id} gives it."""
    table = server.create(**against_bots("bavarian-tarock", seed=8))
    page = open_seat(browser, server, table["seats"][0]["url"])
    page.wait_for_selector("[data-to-act]")
    play_until(page, "document.querySelector('[data-card][data-rule]') !== null"
                     " && document.querySelector('[data-card][data-legal=\"true\"]') !== null")
    card = page.locator("[data-card][data-rule]").first
    rule = card.get_attribute("data-rule")
    card.click(force=True)  # a person may click it; it is only marked aria-disabled
    link = page.locator(f'#notice button[data-rule="{rule}"]')
    assert rule in page.locator("#notice").inner_text()
    link.click()
    dialog = page.locator("dialog.rule-dialog[open]")
    text = server.client.get(f"/api/rules/{rule}").json()["text"]  # it begins with the ID
    shown = text.removeprefix(rule).strip().replace("`", "")  # `code` is shown as code
    assert dialog.locator("[data-rule-text]").inner_text() == shown
    assert rule in dialog.locator("h2").inner_text()
    dialog.locator("form button").click()
    assert page.locator("dialog.rule-dialog[open]").count() == 0


def test_the_rules_button_finds_a_rule_by_its_words(browser, server):
    table = server.create(**against_bots("bavarian-tarock", seed=8))
    page = open_seat(browser, server, table["seats"][0]["url"])
    page.wait_for_selector("[data-to-act]")
    page.click("#btn-rules")
    reference = page.locator("dialog.rules-reference[open]")
    reference.locator("button[data-rule]").first.wait_for()  # the guide has arrived
    everything = reference.locator("button[data-rule]").count()
    reference.locator("input").fill("follow suit")
    found = reference.locator("button[data-rule]").evaluate_all("bs => bs.map(b => b.dataset.rule)")
    assert 0 < len(found) < everything and "BT-PLAY-5" in found
    reference.locator('button[data-rule="BT-PLAY-5"]').click()
    rule = page.locator("dialog.rule-dialog:not(.rules-reference)[open]")
    assert rule.locator("[data-rule-text]").inner_text().startswith("Follow suit.")
    rule.locator("form button").click()
    reference.locator("input").fill("FOLLÓW SÜIT")  # any case, accents or none
    assert reference.locator("button[data-rule]").evaluate_all(
        "bs => bs.map(b => b.dataset.rule)") == found
    reference.locator("input").fill("zzyzx")
    assert reference.locator("button[data-rule]").count() == 0
    assert "No rule mentions" in reference.inner_text()


def test_the_rules_in_the_readers_language_where_the_guide_is_written_in_it(browser, server):
    """A German reader at a Bavarian table reads the German guide, with no note; a Hungarian
    reader there (no Hungarian guide of Bavarian tarock) the English one, with a note."""
    table = server.create(**against_bots("bavarian-tarock", seed=8))
    page = open_seat(browser, server, table["seats"][0]["url"], locale="de-DE")
    page.wait_for_selector("[data-to-act]")
    page.click("#btn-rules")
    reference = page.locator("dialog.rules-reference[open]")
    reference.locator('button[data-rule="BT-PLAY-5"]').click()
    rule = page.locator("dialog.rule-dialog:not(.rules-reference)[open]")
    german = server.client.get("/api/rules/BT-PLAY-5", params={"lang": "de"}).json()
    shown = german["text"].removeprefix("BT-PLAY-5").strip().replace("`", "")
    assert rule.locator("[data-rule-text]").inner_text() == shown
    assert german["section"] in rule.locator("h2").inner_text()
    assert rule.locator(".note").inner_text() == ""
    assert reference.locator(".note").inner_text() == ""
    rule.locator("form button").click()
    reference.locator("form button").click()
    page.select_option("select.lang", "hu")
    page.locator("#btn-rules", has_text=catalogue("bavarian-tarock", "hu")["strings"][
        "web.rules"]).click()
    reference.locator('button[data-rule="BT-PLAY-5"]').click()
    english = server.client.get("/api/rules/BT-PLAY-5").json()["text"]
    assert rule.locator("[data-rule-text]").inner_text() == english.removeprefix(
        "BT-PLAY-5").strip().replace("`", "")
    assert rule.locator(".note").inner_text() == catalogue("bavarian-tarock", "hu")[
        "strings"]["web.rule_language"]


def test_a_choice_not_offered_says_why_once_with_its_rule(browser, server):
    """At these seeds the person, clicking the first choice, meets a choice not offered: no pass
    before the declarer's call (HU-CALL-1), or none in the auction (HU-BID-13/14); a click that
    lands on a view's last moment may take another path, so a few deals are tried."""
    for seed in (1, 7, 8, 10):
        table = server.create(**against_bots("hungarian-tarokk", deals=1, seed=seed))
        page = open_seat(browser, server, table["seats"][0]["url"])
        page.wait_for_selector("[data-to-act]")
        play_until(page, f"document.querySelector('.missing') !== null || ({DEAL_OVER})")
        if page.locator(".missing").count():
            break
    line = page.locator(".missing").first
    text = line.inner_text()
    rule = line.locator("button[data-rule]").get_attribute("data-rule")
    assert rule in ("HU-CALL-1", "HU-BID-13", "HU-BID-14"), text
    assert text.startswith("No ") and f" here ({rule}): " in text and text.count(rule) == 1, text
    # the same view again (someone watches): the line and its rule stay the same elements
    rule = line.locator("button[data-rule]").element_handle()
    views = page.locator("[data-to-act]").get_attribute("data-views")
    before = state(page)
    open_seat(browser, server, table["spectate"]).wait_for_selector(".seat")
    page.wait_for_function("v => document.querySelector('[data-to-act]').dataset.views !== v",
                           arg=views)
    assert rule.evaluate("e => e.isConnected"), f"{text!r} {views} {before} -> {state(page)}"


def test_the_lobby_lists_the_tables_this_browser_played_at(browser, server):
    """A finished table leaves the lobby's list of tables but stays under "Your finished
    tables" (the browser keeps its seat's token); a table in play says Continue, not Watch."""
    done = server.create(**against_bots("bavarian-tarock", deals=1, seed=13))
    playing = server.create(**against_bots("bavarian-tarock", seed=13))
    page = open_seat(browser, server, done["seats"][0]["url"])
    page.wait_for_selector("[data-to-act]")
    play_until(page, DEAL_OVER)
    page.goto(server.http + playing["seats"][0]["url"])  # keeps this table's token too
    page.wait_for_selector("[data-to-act]")
    page.goto(server.http + "/")
    finished = page.locator("#finished-panel:not([hidden]) a")
    finished.first.wait_for()
    assert [a.get_attribute("href") for a in finished.all()] == [f"/table/{done['table']}"]
    ours = page.locator(f'#tables a[href="/table/{playing["table"]}"]')
    assert ours.inner_text() == "Continue"
    other = page.context.browser.new_context().new_page()  # a browser with no seat here
    other.goto(server.http + "/")
    other.locator(f'#tables a[href="/table/{playing["table"]}"]').wait_for()
    assert other.locator(f'#tables a[href="/table/{playing["table"]}"]').inner_text() == "Watch"
    assert other.locator("#finished-panel").is_hidden()
    other.select_option("select.lang", "hu")  # each game's title and options in its words
    other.locator("#game", has_text="Magyar tarokk").wait_for()
    listed = other.locator(f'#tables li:has(a[href="/table/{playing["table"]}"]) strong')
    assert listed.inner_text() == "Bajor tarokk"
    other.select_option("#game", "hungarian-tarokk")
    assert other.locator('label[for="opt-red_fours"]').text_content() == (
        "A piros ászok helyett négyesek a lapokon; a játék nem változik")


def test_a_table_made_in_the_lobby_plays_the_preset_chosen_there(browser, server):
    """The lobby sends only the options a person set, as the engine reads presets: the house
    rules then set the others (before, every default was sent as if set by hand, and a preset
    changed nothing), the form shows what they set before the table is made, and an option
    set by hand wins."""
    page = open_seat(browser, server, "/")
    page.select_option("#game", "hungarian-tarokk")
    page.fill("#name", "Anna")
    keeps = page.locator("#opt-ultimo_keeps_pagat")
    assert keeps.is_checked() and keeps.is_hidden()  # among the rule options, folded
    page.select_option("#opt-house_rules", '"online_app"')  # a preset: asked first, in view
    page.wait_for_function("!document.getElementById('opt-ultimo_keeps_pagat').checked")
    page.locator("#new-table details summary").click()  # the rule options
    assert page.locator("#opt-max_kontra_level").input_value() == "6"
    keeps.check()  # by hand: kept over the preset
    page.locator("#create").click()
    page.wait_for_url("**/table/**")
    options = server.table(page.url.split("/table/")[1].split("?")[0])["options"]
    assert (options["house_rules"], options["max_kontra_level"]) == ("online_app", 6)
    assert (options["ultimo_keeps_pagat"], options["cue_bid_min_tarokks"]) == (True, 5)


def test_two_people_see_only_their_own_hands(browser, server):
    body = against_bots("hungarian-tarokk", seed=5)
    body["players"][1] = {"kind": "human"}  # an open seat, taken through its link
    table = server.create(**body, turn_seconds=600)
    anna = open_seat(browser, server, table["seats"][0]["url"])
    bela = open_seat(browser, server, table["seats"][1]["url"])
    bela.fill("#join-name", "Béla")
    bela.click("#join-button")
    for page in (anna, bela):
        page.wait_for_selector("[data-card]")
    mine, theirs = set(hand(anna)), set(hand(bela))
    assert len(mine) == len(theirs) == 9
    assert not mine & theirs
    assert "Béla" in anna.locator(".seat").all_inner_texts()[1]
    anna.fill("#chat-input", "Jó játékot!")
    anna.click("#chat-send")
    bela.wait_for_selector("#chat li:has-text('Jó játékot!')")
    anna.wait_for_selector(".seat .timer:has-text('⏱')")  # the turn timer of a person's turn
    late = open_seat(browser, server, table["seats"][1]["url"], locale="hu-HU")  # taken since
    late.fill("#join-name", "Cecília")
    late.click("#join-button")
    late.locator(".join-form .error", has_text=catalogue("hungarian-tarokk", "hu")["strings"][
        "web.error.no_open_seat"]).wait_for()  # the server's refusal in the reader's words


def test_a_reload_in_the_middle_of_a_deal_continues_it(browser, server):
    table = server.create(**against_bots("ottocento", deals=1, seed=3))
    page = open_seat(browser, server, table["seats"][0]["url"])
    page.wait_for_selector("[data-to-act]")
    play_until(page, PLAYING)
    assert page.locator("[data-deal-end]").count() == 0, "pick a seed whose deal is played"
    before = hand(page)
    page.goto(f"{server.http}/table/{table['table']}")  # no token: the page kept it
    page.wait_for_selector("[data-card]")
    assert hand(page) == before
    play_until(page, DEAL_OVER)


def test_a_card_rises_under_the_pointer_but_its_button_stays(browser, server):
    # A lifted card whose button moved could slide from under a pointer at its edge, drop, be
    # under the pointer again and rise: a flicker for a person, and a card that is never still
    # for a click (Playwright's "element is not stable"). With reduced motion the face stands
    # where it rests at once: the test reads where a card rests, not how fast a busy machine
    # draws the frames of its 120 ms rise.
    from playwright.sync_api import Error as PlaywrightError

    table = server.create(**against_bots("ottocento", deals=1, seed=3))
    page = open_seat(browser, server, table["seats"][0]["url"], reduced_motion="reduce")
    page.wait_for_selector("[data-to-act]")
    play_until(page, PLAYING)
    card = page.locator('[data-card][data-legal="true"]').first
    lift = """([c, y]) => new DOMMatrix(getComputedStyle(c.querySelector('svg')).transform).f
        === y"""
    page.mouse.move(0, 0)
    page.wait_for_function(lift, arg=[card.element_handle(), -12])
    card.scroll_into_view_if_needed()  # a tall table may put the hand below a small window
    box = card.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] - 3  # its lower edge
    page.mouse.move(x, y)
    try:
        page.wait_for_function(lift, arg=[card.element_handle(), -20])
    except PlaywrightError:
        raise AssertionError(f"the card under the pointer did not rise: {under(page, card, x, y)}"
                             f" (its box {box}, now {card.bounding_box()})") from None
    assert card.bounding_box() == box
    assert card.locator("svg").bounding_box()["y"] == pytest.approx(box["y"] - 20)


def under(page: Any, card: Any, x: float, y: float) -> str:
    """What a failed hover met: the card at the pointer, the face's transform, and the page's
    state (:func:`state`, which reports its connection too)."""
    return str(page.evaluate("""([c, x, y]) => ({
        at: document.elementFromPoint(x, y)?.closest('[data-card]')?.dataset.card ?? null,
        card: c.dataset.card, attached: c.isConnected, hover: c.matches(':hover'),
        legal: c.dataset.legal, transform: getComputedStyle(c.querySelector('svg')).transform,
        visible: document.visibilityState,
    })""", [card.element_handle(), x, y])) + " " + state(page)


# A view of the same seq comes whenever someone's connection comes or goes. A hand or a button
# drawn anew then would leave the pointer's press on an element gone from the page, and the
# person's click would be lost (in Playwright, "element was detached from the DOM").
@pytest.mark.parametrize(("game", "seed", "target"), [
    ("ottocento", 3, '[data-card][data-legal="true"]'),  # a card to play
    ("hungarian-tarokk", 11, "[data-action]:enabled"),  # a bid
])
def test_a_click_lands_while_someone_connects(browser, server, game, seed, target):
    table = server.create(**against_bots(game, deals=1, seed=seed))
    page = open_seat(browser, server, table["seats"][0]["url"])
    page.wait_for_selector("[data-to-act]")
    play_until(page, f"document.querySelector('{target}') !== null")
    turn = page.locator("[data-to-act]")
    seq, views = turn.get_attribute("data-seq"), turn.get_attribute("data-views")
    assert turn.get_attribute("data-to-act") == "0", "pick a seed where Anna decides"
    element = page.locator(target).first.element_handle()
    box = element.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    open_seat(browser, server, table["spectate"]).wait_for_selector(".seat")
    page.wait_for_function("v => document.querySelector('[data-to-act]').dataset.views !== v",
                           arg=views)
    assert turn.get_attribute("data-seq") == seq  # the same view again
    assert element.evaluate("e => e.isConnected")
    page.mouse.up()
    page.wait_for_function("s => document.querySelector('[data-to-act]').dataset.seq !== s",
                           arg=seq)


def test_a_spectator_sees_no_hand(browser, server):
    table = server.create(**against_bots("ottocento", seed=2))
    page = open_seat(browser, server, table["spectate"])
    page.wait_for_selector(".seat")
    assert page.locator("[data-card]").count() == 0
    assert page.locator("[data-action]").count() == 0
    assert page.locator(".seat").count() == 4
    page.select_option("select.lang", "hu")  # the words change, the table stays
    page.wait_for_selector("text=Nézőként figyeled az asztalt.")
    assert page.locator(".seat").count() == 4


def test_a_table_speaks_the_browsers_language_where_its_game_has_words_in_it(browser, server):
    """A German browser: a Bavarian table in German; a Hungarian one in English, which has no
    German words (never German buttons beside English terms); the lobby in German, each game's
    title in German where the game has German words."""
    def words(game: str, lang: str) -> dict[str, str]:
        return catalogue(game, lang)["strings"]

    def languages(page: Any) -> list[str]:
        return page.locator("select.lang option").evaluate_all("os => os.map(o => o.value)")

    bavarian = server.create(**against_bots("bavarian-tarock", seed=13, deals=1))
    page = open_seat(browser, server, bavarian["seats"][0]["url"], locale="de-DE")
    page.wait_for_selector("[data-to-act]")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#btn-last").inner_text() == words("bavarian-tarock", "de")[
        "web.last_trick"] != words("bavarian-tarock", "en")["web.last_trick"]
    assert languages(page) == ["en", "hu", "de"]
    assert page.locator('.seat[data-seat="1"] .level').inner_text() == words(
        "bavarian-tarock", "de")["web.level.easy"]  # a computer's level in the reader's words
    play_until(page, DEAL_OVER)
    over = words("bavarian-tarock", "de")["phase.end"]  # "Spiel vorbei": no English title case
    assert page.locator(".phase").inner_text() == over[0].upper() + over[1:]
    hungarian = server.create(**against_bots("hungarian-tarokk", seed=11))
    page = open_seat(browser, server, hungarian["seats"][0]["url"], locale="de-DE")
    page.wait_for_selector("[data-to-act]")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#btn-last").inner_text() == "Last trick"
    assert languages(page) == ["en", "hu"]
    lobby = open_seat(browser, server, "/", locale="de-DE")
    lobby.locator("#tagline", has_text=words("bavarian-tarock", "de")["web.tagline"]).wait_for()
    assert languages(lobby) == ["en", "hu", "de", "it"]
    titles = dict(lobby.locator("#game option").evaluate_all(
        "os => os.map(o => [o.value, o.textContent])"))
    assert (titles["bavarian-tarock"], titles["hungarian-tarokk"], titles["ottocento"]) == (
        words("bavarian-tarock", "de")["game.title"], "Hungarian tarokk", "Ottocento")
    lobby.select_option("select.lang", "it")  # and remembered: a table of Ottocento in Italian
    lobby.locator("#tagline", has_text=words("ottocento", "it")["web.tagline"]).wait_for()
    ottocento = server.create(**against_bots("ottocento", seed=2))
    lobby.goto(server.http + ottocento["spectate"])
    lobby.locator("text=" + words("ottocento", "it")["web.spectator"]).wait_for()


def test_a_phone_screen_reaches_every_legal_card(browser, server):
    # Ottocento's dealer starts with the largest hand of the three games (and discards first).
    table = server.create(**against_bots("ottocento", seed=9))
    page = open_seat(browser, server, table["seats"][0]["url"],
                     viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.wait_for_selector("[data-to-act]")
    play_until(page, PLAYING)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    legal = page.locator('[data-card][data-legal="true"]')
    assert legal.count() > 0
    for i in range(legal.count()):
        card = legal.nth(i)
        card.scroll_into_view_if_needed()
        box = card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        card.tap(trial=True)  # visible, enabled and not covered by another element


def test_the_keyboard_chooses_and_plays(browser, server):
    table = server.create(**against_bots("ottocento", seed=4))  # Anna deals: she discards first
    page = open_seat(browser, server, table["seats"][0]["url"])
    page.wait_for_selector('[data-card][data-legal="true"]')
    page.locator('[data-card][data-legal="true"]').first.focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused and focused != hand(page)[0]
    page.keyboard.press("Enter")
    assert page.locator(f'[data-card="{focused}"]').get_attribute("aria-pressed") == "true"


def test_the_page_reconnects_by_itself(browser, tmp_path):
    """The server goes away in the middle of a deal and comes back on the same database: the
    page shows that it reconnects, then the same hand, and play goes on."""
    url = f"sqlite:///{tmp_path / 'tarock.db'}"
    with running_server(url) as first:
        table = first.create(**against_bots("ottocento", seed=3))
        page = open_seat(browser, first, table["seats"][0]["url"])
        page.wait_for_selector("[data-card]")
        before = hand(page)
        port = first.port
    page.wait_for_selector("#conn:not(:empty)")
    with running_server(url, port=port):
        page.wait_for_selector("#conn:empty", state="attached")
        page.wait_for_selector("[data-card]")
        assert hand(page) == before
        play_until(page, PLAYING, turns=1)


def test_illusztralt_is_played_in_the_browser(browser, server):
    """Illusztrált tarokk is a rule option of Hungarian tarokk: the same table plays it."""
    table = server.create(**against_bots("hungarian-tarokk", level="normal", deals=1, seed=11,
                                         options={"variant": "illusztralt"}))
    page = open_seat(browser, server, table["seats"][0]["url"])
    page.wait_for_selector("[data-to-act]")
    play_until(page, DEAL_OVER)
    record = server.client.get(f"/api/tables/{table['table']}/records/0").json()
    assert record["options"]["variant"] == "illusztralt"
    assert page.locator("[data-deal-end]").inner_text()
