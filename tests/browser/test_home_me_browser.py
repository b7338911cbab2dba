"""In Chromium: the home page shows every game as a card with one picture drawn by the game's own
module, and its buttons make a table (with bots, or solo) and open it started; My tables shows each table
with its picture, its players, whose turn it is and when the last move was (the exact time on hover). At
1280x800 and 390x844 neither page scrolls sideways."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from app.games import GAMES

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def wait_playing(page) -> str:
    page.wait_for_url("**/t/*")
    page.wait_for_function("() => document.getElementById('table-root').dataset.status === 'playing'")
    return page.url.rsplit("/", 1)[1]


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1280", "390"])
def test_home_shows_one_drawn_picture_per_game(live_server, new_page, shot, viewport):
    server = live_server()
    page = new_page(viewport)
    page.goto(server.url + "/")
    tiles = page.locator(".game-tile")
    expect(tiles).to_have_count(len(GAMES))
    for name, g in GAMES.items():
        tile = page.locator(f'.game-tile[data-game="{name}"]')
        expect(tile.locator("[data-thumb] svg")).to_have_count(1)
        assert tile.locator("[data-thumb] svg g").count() > 3   # the game's layers and pieces
        label = tile.locator("[data-thumb] svg").get_attribute("aria-label")
        assert label.startswith(f"{g.title}: a game between Ann and Bo after "), label
        expect(tile.locator(".fact-players")).to_contain_text("player")
        expect(tile.locator(".fact-length")).to_contain_text("moves")
        expect(tile.locator('[data-play="bots"]')).to_be_visible()
        expect(tile.locator('[data-play="solo"]')).to_have_count(1 if g.min_players == 1 else 0)
        box = tile.locator("[data-thumb] svg").bounding_box()
        assert box and box["width"] >= 60 and box["height"] >= 60, box
    assert page.evaluate(NO_SIDEWAYS)
    small = page.evaluate("""() => [...document.querySelectorAll('.game-tile button, .game-tile a.btn')]
        .map((b) => b.getBoundingClientRect()).filter((r) => r.width < 24 || r.height < 24).length""")
    assert small == 0, "every target at least 24 px"
    shot(page, f"home-{viewport['width']}", full_page=False)


def test_play_with_bots_and_play_solo_make_a_started_table(live_server, new_page):
    server = live_server(bot_delay_seconds="0.2")
    page = new_page(LAPTOP)
    page.goto(server.url + "/")
    page.click('.game-tile[data-game="dash"] [data-play="bots"]')
    expect(page.locator("#solo-name")).to_be_visible()   # a new browser: asked its name once, under the card
    page.fill("#solo-name-input", "Ann")
    page.click("#solo-name-go")
    code = wait_playing(page)
    seats = page.request.get(f"{server.url}/api/tables/{code}").json()["seats"]
    assert [s["bot"] for s in seats] == [False, True] and seats[0]["name"] == "Ann"
    page.goto(server.url + "/")
    page.click('.game-tile[data-game="turning-points"] [data-play="solo"]')   # named already: straight in
    solo = wait_playing(page)
    assert len(page.request.get(f"{server.url}/api/tables/{solo}").json()["seats"]) == 1


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1280", "390"])
def test_my_tables_show_picture_players_whose_turn_and_when(live_server, new_page, shot, viewport):
    server = live_server()
    page = new_page(viewport)
    page.goto(server.url + "/")
    call = """async ([path, body]) => { const r = await fetch(path, {method: "POST", headers: {"Content-Type":
        "application/json"}, body: JSON.stringify(body || {})}); return r.json(); }"""
    lobby = page.evaluate(call, ["/api/tables", {"game": "dash", "players": 2, "name": "Ann"}])["code"]
    solo = page.evaluate(call, ["/api/tables", {"game": "turning-points", "players": 1, "name": "Ann"}])["code"]
    page.evaluate(call, [f"/api/tables/{solo}/start", {}])
    page.goto(server.url + "/me")
    page.wait_for_function("() => document.getElementById('me-list').dataset.live === '1'")
    cards = page.locator("#me-list li.me-table")
    expect(cards).to_have_count(2)
    first = page.locator(f'#me-list li[data-code="{solo}"]')
    expect(cards.first).to_have_attribute("data-code", solo)   # my turn first
    expect(first.locator(".me-pic svg")).to_have_count(1)
    expect(first.locator(".badge")).to_have_text("Your turn")
    expect(first.locator(".me-players")).to_contain_text("Ann")
    expect(first.locator(".me-players")).to_contain_text("you")
    when = first.locator(".me-when time")
    expect(when).to_have_text("just now")
    assert when.get_attribute("title") and when.get_attribute("datetime").endswith("Z")
    other = page.locator(f'#me-list li[data-code="{lobby}"]')
    expect(other.locator(".me-pic svg")).to_have_count(1)
    expect(other.locator(".badge")).to_have_text("Waiting for players")
    expect(other.locator(".me-players")).to_contain_text("open seat")
    assert page.evaluate(NO_SIDEWAYS)
    shot(page, f"me-{viewport['width']}", full_page=False)
