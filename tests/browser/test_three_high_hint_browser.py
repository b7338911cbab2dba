"""The Hint button on a 3-High table: real Chromium, real server. The bot's play is framed on the board with
its reason in the banner, a hint at a solo table writes no chat line (there is nobody to tell), playing it
takes the hinted square, and no button shows before the game starts."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, PHONE
from tests.browser.test_three_high_browser import create_table, seq, wait_live, wait_seq

pytestmark = pytest.mark.browser


def start_solo(page, base: str) -> None:
    create_table(page, base, "Ann", 1)   # a solo table opens started
    page.wait_for_selector("button.card-face:not([disabled])")
    wait_live(page)


def test_hint_frames_the_bots_play_and_is_quiet_at_a_solo_table(live_server, new_page):
    server = live_server()
    page = new_page()
    start_solo(page, server.url)
    before = seq(page)
    page.click("#hint-btn")
    hinted = page.locator('.hit[data-hint="1"]')
    expect(hinted).to_have_count(1)
    expect(page.locator("#turn-banner")).to_contain_text("Hint:")
    page.wait_for_timeout(300)   # a chat line would have arrived by now
    expect(page.locator("#chat")).not_to_contain_text("asked for a hint")   # alone: counted, not announced
    assert seq(page) == before  # a hint changes nothing
    page.screenshot(path=str(ARTIFACTS / "three_high_hint_desktop.png"))
    hinted.click()  # the hinted square plays the hinted move
    wait_seq(page, before + 1)
    expect(page.locator('.hit[data-hint="1"]')).to_have_count(0)


def test_hint_on_a_phone(live_server, new_page):
    server = live_server()
    page = new_page(PHONE)
    start_solo(page, server.url)
    page.click("#hint-btn")
    expect(page.locator('.hit[data-hint="1"]')).to_have_count(1)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.screenshot(path=str(ARTIFACTS / "three_high_hint_phone.png"), full_page=True)


def test_no_hint_button_before_the_game_starts(live_server, new_page):
    """Every game's board has showHint now (test_hints_every_game_browser.py): the button waits for a turn."""
    server = live_server()
    page = new_page()
    page.goto(server.url + "/")
    page.check('input[name="game"][value="dash"]')
    page.fill("#name", "Ann")
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#open-table")
    page.wait_for_selector("#table-ui:not([hidden])")
    expect(page.locator("#hint-btn")).to_have_count(0)
