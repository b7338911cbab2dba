"""Solo play, as the player sees it in Chromium: a one-person table offers nothing about being
told of turns (browser notification, chat room, ntfy, push, reminders, nudges); the solo player has the
name this browser already uses (or is asked once, and it is remembered); a solo rematch is dealt and
started at once."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_three_high_browser import create_table, status

pytestmark = pytest.mark.browser

TURN_THINGS = ("#notify-btn", "#webhook", "#remind-line", "#nudge-line")

# Plays the table out from inside the page (its own cookie, its own origin): the first legal move each time.
FINISH = """async (code) => {
  for (let i = 0; i < 300; i++) {
    const t = await (await fetch(`/api/tables/${code}`)).json();
    if (t.status !== "playing") return t.status;
    const r = await fetch(`/api/tables/${code}/moves`, { method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seq: t.seq, move: t.legal_moves[0] }) });
    if (!r.ok && r.status !== 409) return `HTTP ${r.status}: ${await r.text()}`;
  }
  return "not over";
}"""


def solo_from_home(page, base: str) -> None:
    page.goto(base + "/")
    page.click("#solo-btn")


def wait_table(page) -> None:
    page.wait_for_url(re.compile(r"/t/\w+$"))
    page.wait_for_selector("#table-ui:not([hidden])")
    page.wait_for_function("() => ['playing', 'finished']"
                           ".includes(document.getElementById('table-root').dataset.status)")


def my_name(page) -> str:
    return page.inner_text("#seats li[data-seat='0'] .name")


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_a_solo_table_offers_nothing_about_being_told_of_turns(live_server, new_page, shot, viewport):
    server = live_server()
    page = new_page(viewport)
    page.context.grant_permissions(["notifications"], origin=server.url)  # the bell would not ask anyway
    page.add_init_script("Object.defineProperty(Notification, 'permission', { get: () => 'default' });")
    create_table(page, server.url, "Ann", players=1)
    wait_table(page)
    expect(page.locator(".th-board .piece").first).to_be_visible()
    for sel in TURN_THINGS:
        expect(page.locator(sel)).to_be_hidden()
    shot(page, f"solo-table-no-notify-{'phone' if viewport else 'desktop'}")
    # at a table of two the same things are offered (the host sees the reminders, the bell, the panel)
    create_table(page, server.url, "Ann", players=2)
    page.wait_for_selector("#webhook:not([hidden])")
    for sel in ("#notify-btn", "#webhook", "#remind-line"):
        expect(page.locator(sel)).to_be_visible()


def test_the_solo_player_is_asked_a_name_once_and_it_is_remembered(live_server, new_page, shot):
    server = live_server()
    page = new_page()
    solo_from_home(page, server.url)
    expect(page.locator("#solo-name")).to_be_visible()  # a new browser: no name anywhere yet
    page.click("#solo-name-go")
    expect(page.locator("#solo-name-error")).to_contain_text("Type your name")
    shot(page, "solo-asks-name")
    page.fill("#solo-name-input", "Zoe")
    page.click("#solo-name-go")
    wait_table(page)
    assert my_name(page) == "Zoe"
    first = page.url
    solo_from_home(page, server.url)  # asked once: the next solo game is straight in, as Zoe
    page.wait_for_url(lambda url: url != first and re.search(r"/t/\w+$", url) is not None)
    wait_table(page)
    assert my_name(page) == "Zoe"
    assert "Player" not in page.inner_text("#seats")


def test_the_solo_player_has_the_name_the_browser_last_sat_down_with(live_server, new_page):
    server = live_server()
    page = new_page()
    create_table(page, server.url, "Bea", players=2)  # a table with friends, as Bea
    page.evaluate("localStorage.clear()")  # what this browser saved is gone; its identity still knows Bea
    solo_from_home(page, server.url)
    wait_table(page)
    assert my_name(page) == "Bea"
    expect(page.locator("#solo-name")).to_have_count(0)  # on the table page now, never asked


def test_a_solo_rematch_is_dealt_and_started_at_once(live_server, new_page, shot):
    server = live_server()
    page = new_page()
    create_table(page, server.url, "Ann", players=1)
    wait_table(page)
    code = page.url.rsplit("/", 1)[1]
    assert page.evaluate(FINISH, code) == "finished"
    page.wait_for_selector("#result:not([hidden])")
    page.click("#rematch-btn")
    page.wait_for_url(lambda url: url.rsplit("/", 1)[1] != code and re.search(r"/t/\w+$", url) is not None)
    wait_table(page)
    expect(page.locator("#start-btn")).to_be_hidden()
    assert status(page) in ("playing", "finished")
    if status(page) == "playing":
        expect(page.locator("#turn-banner")).to_contain_text("your turn", ignore_case=True)
        expect(page.locator(".th-board .piece").first).to_be_visible()
    assert my_name(page) == "Ann"
    shot(page, "solo-rematch-started")
