"""The page when the server's database goes away: a move sent while it is down is told "unavailable", the
page says so and sends the same move again until the database is back, and the move is played once."""
from __future__ import annotations

import threading

import pytest
from playwright.sync_api import expect

from tests.api.services import own_postgres  # noqa: F401 - fixture
from tests.browser.test_three_high_browser import play_one, seq, solo_table_in_play, wait_live

pytestmark = [pytest.mark.browser, pytest.mark.postgres]


def test_a_move_sent_while_the_database_is_down_is_sent_again_and_played_once(live_server, new_page,
                                                                               own_postgres):  # noqa: F811 - the fixture imported above
    server = live_server(own_postgres.url)
    page = new_page()
    solo_table_in_play(page, server.url, "Ann")
    wait_live(page)
    before = seq(page)

    own_postgres.stop()
    back = threading.Timer(2.5, own_postgres.start)  # the database returns while the page is retrying
    back.start()
    try:
        played = play_one(page)  # waits until the page shows the move played
    finally:
        back.join()
    expect(page.locator("#toasts")).to_contain_text("cannot save moves just now")
    assert not page.locator("#toasts .toast.error").count()  # told it is being retried, not that it failed
    assert played["seq"] == before + 1
    page.wait_for_timeout(1500)  # a late retry must not play a second move
    page.reload()
    page.wait_for_selector("#table-ui:not([hidden])")
    assert seq(page) == before + 1
