"""A seated player sets a chat-room webhook from the table page, and gets a message when the turn comes while
she is away (never while her page is open and in view)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_notify_browser import HIDE_PAGE
from tests.browser.test_three_high_browser import create_table, start_game, wait_live
from tests.tables.test_webhooks import receiver  # noqa: F401 - fixture

pytestmark = pytest.mark.browser


def test_webhook_set_from_the_table_page_gets_the_turn_message(live_server, new_page, receiver, shot):  # noqa: F811 - the fixture imported above
    hook = receiver()
    server = live_server(webhook_allow_private="1", away_after_seconds="0.5")
    page = new_page()
    create_table(page, server.url, "Ann", players=2)
    page.click("[data-add-bot]")
    page.wait_for_selector("#start-btn:not([disabled])")
    box = page.locator("#webhook")
    expect(box).to_be_visible()
    expect(page.locator("#lobby")).not_to_contain_text("null")  # a lobby note with nothing to say is empty
    box.locator("summary").click()
    page.fill("#webhook-url", "ftp://nope.example.org/x")
    page.click("#webhook-form button[type=submit]")
    expect(page.locator("#webhook-status")).to_contain_text("http:// or https://")
    page.fill("#webhook-url", hook.url)
    page.click("#webhook-form button[type=submit]")
    expect(page.locator("#webhook-status")).to_contain_text("Turn messages go to 127.0.0.1")
    shot(page, "webhook-set")
    if start_game(page) != "playing":
        pytest.skip("the deal left no legal play")
    wait_live(page)
    page.wait_for_function("() => !!window.document.title")
    page.wait_for_timeout(1500)
    assert not hook.bodies, "a turn message was sent while Ann was at the table, in view"
    page.evaluate(HIDE_PAGE)   # Ann goes to another tab: once away past the grace, her turn is posted
    deadline = page.evaluate("Date.now()") + 15000
    while not hook.bodies and page.evaluate("Date.now()") < deadline:
        page.wait_for_timeout(100)
    assert hook.bodies, "Ann's webhook got no turn message"
    assert hook.bodies[0]["name"] == "Ann" and hook.bodies[0]["seat"] == 0
    page.reload()
    page.locator("#webhook summary").click()
    expect(page.locator("#webhook-url")).to_have_value(hook.url)   # kept on the server
    page.click("#webhook-clear")
    expect(page.locator("#webhook-status")).to_contain_text("No webhook set")
