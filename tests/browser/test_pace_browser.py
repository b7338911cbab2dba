"""A table with a short pace in Chromium: the host chooses the time per turn in the lobby, both
pages count the turn's time down beside the seat to act, the seat's time runs out while its player is away,
the game's bot plays for them (the chat says so, the seat is tagged), and the player takes the seat back by
opening the table again; then the two agree on a pause, which stops the clock. An hour of pace is four seconds
here (ICEHOUSE_PACE_SCALE): nothing waits hours."""
from __future__ import annotations

import re

import pytest

from tests.browser.conftest import PHONE
from tests.browser.test_three_high_browser import create_table, start_game

pytestmark = pytest.mark.browser


def test_a_seat_times_out_the_bot_plays_for_it_and_its_player_takes_it_back(live_server, new_page, shot):
    server = live_server(pace_scale=str(4 / 3600), sweep_seconds="0.2", bot_delay_seconds="0.3")
    ann, bea = new_page(), new_page(PHONE)
    url = create_table(ann, server.url, "Ann", players=2)
    ann.select_option("#pace-select", "1h")
    ann.wait_for_selector("#pace-status >> text=Saved.")
    bea.goto(url)
    bea.fill("#join-name", "Bea")
    bea.click("#join-form button[type=submit]")
    bea.wait_for_selector("#seats li[data-seat='1'] .tag.you")
    start_game(ann)
    bea.wait_for_function("() => document.getElementById('table-root').dataset.status === 'playing'")
    acting = int(ann.get_attribute("#seats li.acting", "data-seat"))
    for page in (ann, bea):  # the clock of the seat to act, on both pages
        page.wait_for_selector(f"#seats li[data-seat='{acting}'] .tag.time")
        assert re.search(r"\d+ s left|time is up", page.inner_text(f"#seats li[data-seat='{acting}'] .tag.time"))
    shot(ann, "pace-clock-desktop")
    pages = {0: ann, 1: bea}
    away, watcher = pages[acting], pages[1 - acting]
    name = ["Ann", "Bea"][acting]
    away_url = away.url
    away.goto("about:blank")  # the player to act leaves the table; their time runs out

    watcher.wait_for_selector(f"#seats li[data-seat='{acting}'] .tag.stand-in", timeout=20000)
    watcher.wait_for_selector(f"#chat >> text=Played by the bot for {name}: time ran out.", timeout=20000)
    watcher.wait_for_selector(f"#log >> text=Played by the bot for {name}: time ran out.")  # in the log too
    shot(watcher, "pace-bot-stands-in")

    away.goto(away_url)  # back at the table (the browser's cookie is the seat's): the seat is theirs again
    away.wait_for_selector(f"#seats li[data-seat='{acting}'] .tag.you")
    # the bot's move is marked in the stored moves: the log the page reads again from the server says so
    away.wait_for_selector(f"#log li.stand-in >> text=played by the bot for {name}: time ran out")
    watcher.wait_for_selector(f"#chat >> text={name} is back: the bot no longer plays for {name}.")
    watcher.wait_for_selector(f"#seats li[data-seat='{acting}'] .tag.stand-in", state="detached")

    # a pause by vote: one proposes (a reason, an end date), the other agrees; the clock stops
    away.click("#pause-box summary")
    away.fill("#pause-reason", "a busy week")
    away.fill("#pause-until", "2099-01-01")
    away.click("#pause-box button[type=submit]")
    # (2099 is past the longest pause: refused with a sentence; then a day within the month)
    away.wait_for_selector("#pause-status >> text=within 30 days")
    away.evaluate("""() => { const d = new Date(Date.now() + 3 * 86400000);
        document.getElementById('pause-until').value = d.toISOString().slice(0, 10); }""")
    away.click("#pause-box button[type=submit]")
    watcher.click("#pause-yes")
    for page in (away, watcher):
        page.wait_for_selector("#pause-box >> text=a busy week")
        page.wait_for_selector(".pause-on")
        page.wait_for_selector("#seats .tag.time", state="detached")
    shot(watcher, "pace-paused")
