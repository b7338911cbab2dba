"""The host picks the level of a bot in the lobby (issue 49): real Chromium, real server. A game whose bot has
levels shows a choice beside each "Add a bot" (the strongest first, the default), the bot added is of the
level chosen; a game whose bot has one level shows no choice."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.browser.test_hints_every_game_browser import DESKTOP, create

pytestmark = pytest.mark.browser


def test_the_host_adds_a_standard_turning_points_bot(live_server, new_page):
    server = live_server()
    page = new_page(DESKTOP)
    create(page, server.url, "turning-points", 3)
    choice = page.locator("select[data-bot-level='1']")
    expect(choice).to_have_value("turning-points:strong")
    expect(choice.locator("option")).to_have_text(["Strong bot", "Standard bot"])
    choice.select_option("turning-points:standard")
    expect(page.locator("select[data-bot-level='2']")).to_have_value("turning-points:standard")  # one choice
    with page.expect_request(lambda r: r.url.endswith("/bots") and r.method == "POST") as asked:
        page.click("[data-add-bot='1']")
    assert json.loads(asked.value.post_data) == {"seat": 1, "bot": "turning-points:standard"}
    page.wait_for_selector("#seats li[data-seat='1'] .tag >> text=bot")
    expect(page.locator("select[data-bot-level='1']")).to_have_count(0)   # the seat is taken


def test_dash_has_no_level_to_choose(live_server, new_page):
    server = live_server()
    page = new_page(DESKTOP)
    create(page, server.url, "dash", 2)
    page.wait_for_selector("[data-add-bot='1']")
    expect(page.locator("select.bot-level")).to_have_count(0)
