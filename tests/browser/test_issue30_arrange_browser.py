"""Martian Treasure Hunt's arrange phase in real Chromium against a real server: two players who
press "Place my coins" at the same moment both get their order into the game (a move refused as stale is
sent again), the lobby says nothing about coins, and an order being composed survives a reload."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser
GAME = "martian-treasure-hunt"


def new_table(ann, bea, base: str, start: bool = True) -> str:
    """Ann creates a two-seat table, Bea joins, Ann starts it (through the API, with their cookies);
    both pages then open it. Returns the table's code."""
    code = ann.request.post(f"{base}/api/tables", data={"game": GAME, "players": 2, "name": "Ann"}).json()["code"]
    res = bea.request.post(f"{base}/api/tables/{code}/join", data={"name": "Bea"})
    assert res.ok, res.text()
    if start:
        res = ann.request.post(f"{base}/api/tables/{code}/start", data={})
        assert res.ok, res.text()
    for p in (ann, bea):
        p.goto(f"{base}/t/{code}")
        p.wait_for_selector("#table-ui:not([hidden])")
    return code


def wait_phase(page, want: str, timeout: float = 15000) -> None:
    page.wait_for_function("p => (document.querySelector('.mth') || {}).dataset?.phase === p", arg=want,
                           timeout=timeout)


HOME_ROW = """() => [...document.querySelectorAll('.mth-board .hit[data-state="home"]')]
    .map((hit) => {
        const g = document.querySelector(`.mth-board .pieces g[data-square="${hit.dataset.square}"] .coin`);
        return { x: hit.getBoundingClientRect().x, v: g ? g.dataset.coin.split('-')[1] : '?' };
    }).sort((a, b) => a.x - b.x).map((c) => c.v)"""


def home_row(page) -> list[str]:
    """The coin values along my home row, left to right as I see them."""
    return page.evaluate(HOME_ROW)


def wait_home_row(page, want: str) -> None:
    """Until my home row reads `want` (a tap's change is drawn on the next animation frame)."""
    page.wait_for_function(f"(want) => JSON.stringify(({HOME_ROW})()) === JSON.stringify(want)", arg=list(want),
                           timeout=5000)


def row_coins(page) -> dict[str, str]:
    """square -> the coin ("seat-value") the board shows there, for every coin of my home row."""
    return page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('.mth-board .hit[data-state="home"]')]
        .map((hit) => [hit.dataset.square, (document.querySelector(
            `.mth-board .pieces g[data-square="${hit.dataset.square}"] .coin`) || { dataset: {} }).dataset.coin]))""")


def coins_at(page, squares) -> dict[str, str]:
    return page.evaluate("""squares => Object.fromEntries(squares.map((sq) => [sq, (document.querySelector(
        `.mth-board .pieces g[data-square="${sq}"] .coin`) || { dataset: {} }).dataset.coin]))""", list(squares))


def tap_swap(page, i: int, j: int) -> None:
    """Tap the i-th then the j-th coin of my home row (left to right on screen)."""
    squares = page.evaluate("""() => [...document.querySelectorAll('.mth-board .hit[data-state="home"]')]
        .sort((a, b) => a.getBoundingClientRect().x - b.getBoundingClientRect().x).map((h) => h.dataset.square)""")
    for k in (i, j):
        page.click(f'.mth-board .hit[data-square="{squares[k]}"]')


def press_together(pages: list) -> None:
    """Both people press "Place my coins" at the same instant (a shared clock, 300 ms ahead)."""
    at = int(time.time() * 1000) + 300
    for p in pages:
        p.evaluate("""at => setTimeout(() => document.querySelector('[data-action="place"]').click(),
                                         Math.max(0, at - Date.now()))""", at)


def orders_in_game(page, base: str, code: str) -> dict[int, list[int]]:
    """The arrangements the server recorded, per seat (the log, read after the reveal)."""
    log = page.request.get(f"{base}/api/tables/{code}/log").json()
    return {s["seat"]: s["move"]["order"] for s in log["steps"]
            if isinstance(s.get("move"), dict) and isinstance(s["move"].get("order"), list)}


def test_two_people_placing_at_the_same_moment_both_get_their_order_in_ten_tables(live_server, new_page):
    server = live_server()
    ann, bea = new_page(), new_page(PHONE)
    ann.goto(server.url + "/")
    bea.goto(server.url + "/")
    for n in range(10):
        code = new_table(ann, bea, server.url)
        for p in (ann, bea):
            wait_phase(p, "arrange")
            expect(p.locator('[data-action="place"]')).to_be_enabled()
        tap_swap(ann, 0, 5)          # Ann: 5 1 2 3 4 0 from her left
        tap_swap(bea, 1, 2)          # Bea: 0 2 1 3 4 5 from her left
        for p, row in ((ann, "512340"), (bea, "021345")):
            wait_home_row(p, row)
        assert (home_row(ann), home_row(bea)) == (list("512340"), list("021345"))
        want = {0: row_coins(ann), 1: row_coins(bea)}
        press_together([ann, bea])
        for p in (ann, bea):   # the reveal: both orders are in, the dice roll
            wait_phase(p, "play")
        recorded = orders_in_game(ann, server.url, code)
        assert sorted(recorded) == [0, 1], f"table {n + 1}: only {sorted(recorded)} arranged"
        for p, seat in ((ann, 0), (bea, 1)):   # each board shows its own row as the player left it
            assert coins_at(p, want[seat]) == want[seat], f"table {n + 1}, seat {seat}"
            assert p.locator(".toast.error").count() == 0, p.inner_text("#toasts")


def test_the_lobby_says_nothing_about_coins_until_the_game_starts(live_server, new_page, shot):
    server = live_server()
    ann, bea = new_page(), new_page(PHONE)
    ann.goto(server.url + "/")
    bea.goto(server.url + "/")
    new_table(ann, bea, server.url, start=False)
    for p in (ann, bea):
        expect(p.locator("#turn-banner")).to_contain_text("Everyone is here")
        p.wait_for_timeout(300)   # the board module has loaded and drawn
        text = p.inner_text("body")
        assert "coins are placed" not in text and "to arrange" not in text and "Arranging" not in text, text
        expect(p.locator(".mth-dice")).to_contain_text("The game has not started")
    shot(ann, "issue30-mth-lobby-desktop")
    ann.click("#start-btn")
    for p in (ann, bea):
        wait_phase(p, "arrange")
        expect(p.locator('[data-action="place"]')).to_be_visible()
        assert "coins are placed" not in p.inner_text("body")


def test_an_order_being_arranged_survives_a_reload_until_it_is_placed(live_server, new_page):
    server = live_server()
    ann, bea = new_page(), new_page(PHONE)
    ann.goto(server.url + "/")
    bea.goto(server.url + "/")
    code = new_table(ann, bea, server.url)
    wait_phase(bea, "arrange")
    tap_swap(bea, 0, 4)
    tap_swap(bea, 1, 3)
    wait_home_row(bea, "432105")
    assert home_row(bea) == list("432105")
    bea.reload()
    wait_phase(bea, "arrange")
    expect(bea.locator('[data-action="place"]')).to_be_enabled()
    assert home_row(bea) == list("432105")     # the draft came back
    want = row_coins(bea)
    bea.click('[data-action="place"]')
    expect(bea.locator('[data-testid="arrange-waiting"]')).to_have_text("Waiting for 1 player to arrange: Ann.")
    expect(bea.locator("#action-bar .mth-arrange .done")).to_contain_text("Your coins are placed")
    wait_phase(ann, "arrange")
    ann.click('[data-action="place"]')
    wait_phase(bea, "play")
    assert coins_at(bea, want) == want
    assert sorted(orders_in_game(ann, server.url, code)) == [0, 1]
    # sent and placed: the draft is forgotten
    assert bea.evaluate("k => localStorage.getItem(k)", f"icehouse:mth-order:{code}:1") is None
