"""The player's replay in a real Chromium, now the review room's single-person mode:
after a finished game the table page's Replay opens /t/<code>/review?move=0, where anyone replays it move
by move alone (first, previous, next, last, the slider, the arrow keys, Home and End), each step drawn by
the game's own module with its event text and every hand shown; /t/<code>?move=N opens that step; nothing
opens while the game is on. Screenshots at desktop and phone widths go to artifacts/."""
from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser


def finished_game(base: str) -> dict:
    """Ann and a bot at 3-High with hidden hands, played to the end through the API (Ann: first legal move)."""
    with httpx.Client(base_url=base, timeout=10) as c:
        made = c.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Ann",
                                           "options": {"hidden_hands": True}}).json()
        code, auth = made["code"], {"Authorization": f"Bearer {made['token']}"}
        assert c.post(f"/api/tables/{code}/bots", json={}, headers=auth).status_code == 200
        assert c.post(f"/api/tables/{code}/start", headers=auth).status_code == 200
        for _ in range(2000):
            st = c.get(f"/api/tables/{code}", headers=auth).json()
            if st["status"] == "finished":
                return {"code": code, "seq": st["seq"]}
            if 0 in st["to_act"] and st["legal_moves"]:
                c.post(f"/api/tables/{code}/moves", headers=auth, json={"seq": st["seq"], "move": st["legal_moves"][0]})
        raise AssertionError("the game did not finish")


def playing_table(base: str) -> str:
    with httpx.Client(base_url=base, timeout=10) as c:
        made = c.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Bo"}).json()
        c.post(f"/api/tables/{made['code']}/start", headers={"Authorization": f"Bearer {made['token']}"})
        return made["code"]


def at_step(page, n: int) -> None:
    page.wait_for_function("n => { const b = document.getElementById('review-board');"
                           " return b && b.dataset.ply === String(n) && b.dataset.at === '0'"
                           " && b.querySelector('svg') !== null; }", arg=n)


def test_replay_after_the_end_with_keys_slider_buttons_and_a_shared_link(live_server, new_page, shot):
    server = live_server()
    game = finished_game(server.url)
    code, n = game["code"], game["seq"]
    assert n >= 6
    page = new_page()
    page.goto(f"{server.url}/t/{code}")
    expect(page.locator("#result")).to_be_visible()
    page.click("#replay-btn")   # from the result dialog: the review room, browsing alone
    page.wait_for_url(re.compile(rf"/t/{code}/review\?move=0$"))
    at_step(page, 0)
    expect(page.locator("#review-leader")).to_contain_text("You browse alone")
    expect(page.locator("#review-step")).to_have_text("The position as dealt.")
    expect(page.locator("#review-where")).to_have_text(f"The deal (move 0 of {n})")
    # every hand is shown although the table hid them during play (drawn by the game's module)
    hands = page.locator("#review-board .hand[data-seat]")
    expect(hands).to_have_count(2)
    for seat in (0, 1):
        assert page.locator(f"#review-board .hand[data-seat='{seat}'] .card-face").count() > 0

    page.keyboard.press("ArrowRight")
    at_step(page, 1)
    expect(page.locator("#review-step")).to_contain_text("played")
    assert re.search(r"[?&]move=1$", page.url)
    page.keyboard.press("ArrowRight")
    at_step(page, 2)
    page.keyboard.press("ArrowLeft")
    at_step(page, 1)
    page.keyboard.press("End")
    at_step(page, n)
    expect(page.locator("#review-controls button[data-go='next']")).to_be_disabled()
    page.keyboard.press("Home")
    at_step(page, 0)
    expect(page.locator("#review-controls button[data-go='prev']")).to_be_disabled()

    slider = page.locator("#review-controls input[type=range]")
    assert slider.get_attribute("max") == str(n)
    box = slider.bounding_box()
    page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)   # the slider's far end
    at_step(page, n)
    expect(page.locator("#review-step")).to_contain_text(re.compile(r"\w"))
    expect(page.locator("#review-step")).not_to_have_text("Loading…")
    mid = n // 2
    slider.evaluate("(el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', {bubbles: true})); }", mid)
    at_step(page, mid)
    page.click("#review-controls button[data-go='next']")
    at_step(page, mid + 1)
    page.click("#review-controls button[data-go='prev']")
    page.click("#review-controls button[data-go='prev']")
    at_step(page, mid - 1)
    page.click("#review-controls button[data-go='first']")
    at_step(page, 0)
    page.click("#review-controls button[data-go='last']")
    at_step(page, n)
    shot(page, "replay-player-end-desktop")

    page.click("text=Back to the table")
    page.wait_for_url(re.compile(rf"/t/{code}$"))
    page.click("#result-close")   # the result dialog greets the table page again; behind it ...
    page.click("#banner-replay")   # ... the banner offers the replay again
    at_step(page, 0)

    # a link to a step opens it, for someone else, on a phone
    phone = new_page(PHONE)
    phone.goto(f"{server.url}/t/{code}?move={mid}")
    at_step(phone, mid)
    expect(phone.locator("#review-where")).to_have_text(f"After move {mid} of {n}")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    shot(phone, "replay-player-phone")


def test_no_replay_while_the_game_is_on(live_server, new_page):
    server = live_server()
    code = playing_table(server.url)
    page = new_page()
    page.goto(f"{server.url}/t/{code}?move=0")
    expect(page.locator("#toasts")).to_contain_text("replay opens when it has ended")
    assert "/review" not in page.url
    expect(page.locator("#banner-replay")).to_have_count(0)
    r = httpx.get(f"{server.url}/api/tables/{code}/replay")
    assert r.status_code == 409 and r.json()["code"] == "not_over"


def test_every_game_replays_on_its_table_page(live_server, new_page, shot):
    """A finished game of each game of GAMES (imported through the admin API), opened at a middle move by
    a link: the game's own module draws each step, with no error on the page."""
    from app.games import GAMES
    from tests.api.admin_helpers import play

    server = live_server(admin_token="replay-admin")
    auth = {"Authorization": "Bearer replay-admin"}
    page = new_page()
    for name in sorted(GAMES):
        g = GAMES[name]
        p = play(name, max(2, g.min_players), seed=21)
        r = httpx.post(f"{server.url}/api/admin/import", json=p.export_file(), headers=auth, timeout=30)
        assert r.status_code == 201, r.text
        code, n = r.json()["code"], len(p.steps)
        page.goto(f"{server.url}/t/{code}?move={n // 2}")
        at_step(page, n // 2)
        board = page.locator("#review-board")
        assert board.locator("svg").count() >= 1, name   # drawn by the game's module
        expect(page.locator("#review-step")).not_to_have_text("Loading…")
        page.keyboard.press("ArrowRight")
        at_step(page, n // 2 + 1)
        page.keyboard.press("End")
        at_step(page, n)
        shot(page, f"replay-{name}")
