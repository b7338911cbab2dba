"""Martian Treasure Hunt played through the browser: real Chromium, real server, clicks, drags and keys only."""
from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser
NARROW = {"width": 375, "height": 812}


# -- what a person does on the pages --------------------------------------------------------------------
def create_table(page, base: str, name: str, players: int) -> str:
    """From the home page: pick Martian Treasure Hunt, seats, name, create; returns the share link."""
    page.goto(base + "/")
    page.check('input[name="game"][value="martian-treasure-hunt"]')
    page.select_option("#players", str(players))
    page.fill("#name", name)
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    url = page.input_value("#share-url")
    page.click("#open-table")
    page.wait_for_selector("#table-ui:not([hidden])")
    return url


def seq(page) -> int:
    return int(page.get_attribute("#table-root", "data-seq") or -1)


def status(page) -> str:
    return page.get_attribute("#table-root", "data-status") or ""


def phase(page) -> str:
    return page.get_attribute(".mth", "data-phase") or ""


def wait_seq(page, at_least: int) -> None:
    page.wait_for_function("n => Number(document.getElementById('table-root').dataset.seq) >= n", arg=at_least)


def wait_phase(page, want: str) -> None:
    page.wait_for_function("p => (document.querySelector('.mth') || {}).dataset?.phase === p", arg=want)


def home_row(page) -> list[str]:
    """The coin values along my home row, left to right as I see them ("3" ... ), from the board."""
    return page.evaluate("""() => {
        const coins = [...document.querySelectorAll('.mth-board .hit[data-state="home"]')].map((hit) => {
            const g = document.querySelector(`.mth-board .pieces g[data-square="${hit.dataset.square}"] .coin`);
            return { x: hit.getBoundingClientRect().x, v: g ? g.dataset.coin.split('-')[1] : '?' };
        });
        return coins.sort((a, b) => a.x - b.x).map((c) => c.v);
    }""")


def expect_row(page, want: str) -> None:
    """Wait (a few frames) until my home row reads `want` left to right."""
    deadline = time.monotonic() + 3
    while home_row(page) != list(want) and time.monotonic() < deadline:
        page.wait_for_timeout(30)
    assert home_row(page) == list(want)


def home_square(page, k: int) -> str:
    """The k-th square of my home row, left to right on screen."""
    return page.evaluate("""k => [...document.querySelectorAll('.mth-board .hit[data-state="home"]')]
        .sort((a, b) => a.getBoundingClientRect().x - b.getBoundingClientRect().x)[k].dataset.square""", k)


def drag(page, from_sel: str, to_sel: str) -> None:
    page.locator(from_sel).scroll_into_view_if_needed()
    page.locator(to_sel).scroll_into_view_if_needed()
    a, b = page.locator(from_sel).bounding_box(), page.locator(to_sel).bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 10, a["y"] + a["height"] / 2 + 4, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=6)
    page.mouse.up()


def my_turn(page) -> bool:
    return page.locator('.mth-board .hit[data-state="dest"]').count() > 0


def play_one(page, how: str = "click") -> dict:
    """Move the rolled coin to a green square; returns {to, seq}. how: "click", "drag" or "keyboard"."""
    before = seq(page)
    dest = page.locator('.mth-board .hit[data-state="dest"]').first
    to = dest.get_attribute("data-square")
    if how == "drag":
        drag(page, '.mth-board .hit[data-state="rolled"]', f'.mth-board .hit[data-square="{to}"]')
    elif how == "keyboard":
        dest.focus()
        page.keyboard.press("Enter")
    else:
        dest.click()
    wait_seq(page, before + 1)
    return {"to": to, "seq": before + 1}


def whose_turn(pages: list, timeout: float = 15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for p in pages:
            if status(p) != "playing":
                return None
            if my_turn(p):
                return p
        pages[0].wait_for_timeout(50)
    raise AssertionError("nobody got a turn")


def hold_updates(page) -> dict:
    """Route the page's socket: while "armed", "update" messages are dropped (as if late); records what
    the page sends."""
    gate = {"armed": False, "sent": []}

    def route(ws):
        upstream = ws.connect_to_server()

        def to_page(message):
            data = json.loads(message) if isinstance(message, str) else {}
            if gate["armed"] and data.get("type") == "update":
                return
            ws.send(message)

        def to_server(message):
            if isinstance(message, str):
                gate["sent"].append(json.loads(message))
            upstream.send(message)

        upstream.on_message(to_page)
        ws.on_message(to_server)

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    return gate


# -- the tests ------------------------------------------------------------------------------------------
def test_two_people_arrange_at_once_in_secret_then_play(live_server, new_page, shot):
    server = live_server()
    ann, bea = new_page(), new_page(PHONE)
    gate = hold_updates(bea)
    url = create_table(ann, server.url, "Ann", players=2)
    bea.goto(url)
    bea.fill("#join-name", "Bea")
    bea.click("#join-form button[type=submit]")
    bea.wait_for_selector("#seats li[data-seat='1'] .tag.you")
    ann.wait_for_selector("#start-btn:not([disabled])")
    ann.click("#start-btn")
    for p in (ann, bea):
        wait_phase(p, "arrange")
        expect(p.locator('[data-action="place"]')).to_be_visible()
    expect_row(ann, "012345")   # the default order reads 0..5 from each player's own seat
    expect_row(bea, "012345")

    # Ann taps two coins to swap them; Bea drags one onto another; the keyboard moves one along the row
    ann.click(f'.mth-board .hit[data-square="{home_square(ann, 0)}"]')
    ann.click(f'.mth-board .hit[data-square="{home_square(ann, 5)}"]')
    expect_row(ann, "512340")
    drag(bea, f'.mth-board .hit[data-square="{home_square(bea, 1)}"]',
         f'.mth-board .hit[data-square="{home_square(bea, 3)}"]')
    expect_row(bea, "032145")
    ann.locator(f'.mth-board .hit[data-square="{home_square(ann, 2)}"]').focus()
    ann.keyboard.press("ArrowRight")
    expect_row(ann, "513240")
    ann.click('[data-action="shuffle"]')
    ann.click('[data-action="default"]')
    expect_row(ann, "012345")
    ann.click(f'.mth-board .hit[data-square="{home_square(ann, 0)}"]')
    ann.click(f'.mth-board .hit[data-square="{home_square(ann, 1)}"]')
    shot(ann, "mth-arrange-ann")

    # Ann places first; Bea's page does not hear of it, so Bea's own order meets a stale seq and is resent
    gate["armed"] = True
    ann.click('[data-action="place"]')
    expect(ann.locator('[data-testid="arrange-waiting"]')).to_have_text("Waiting for 1 player to arrange: Bea.")
    assert ann.locator('.mth-board .coin.back').count() == 0
    bea.wait_for_timeout(300)
    assert bea.locator('.mth-board [data-coin^="0-"]').count() == 0   # Ann's order stays hidden from Bea
    bea.click('[data-action="place"]')
    wait_phase(bea, "play")
    gate["armed"] = False
    wait_phase(ann, "play")
    sent_orders = [m for m in gate["sent"] if m.get("type") == "move" and "order" in m["move"]]
    assert len(sent_orders) == 2 and sent_orders[0]["seq"] < sent_orders[1]["seq"], sent_orders
    assert bea.locator(".toast.error").count() == 0       # the retry was quiet
    assert bea.locator('.mth-board [data-coin="0-1"]').count() == 1   # revealed now
    # each player sees their own arm at the bottom
    for page, mine, theirs in ((ann, 0, 1), (bea, 1, 0)):
        own = page.locator(f'.mth-board .pieces [data-coin="{mine}-3"]').bounding_box()
        other = page.locator(f'.mth-board .pieces [data-coin="{theirs}-3"]').bounding_box()
        assert own["y"] > other["y"]

    moves = 0
    for n in range(6):
        mover = whose_turn([ann, bea])
        if mover is None:
            break
        other = bea if mover is ann else ann
        expect(mover.locator('[data-testid="roll-words"]')).to_have_text(   # once the dice have landed
            re.compile(r"^Your roll: the (null|ace|\d) moves like a (pawn|rook|knight|bishop|queen|king)$"))
        how = "keyboard" if n % 3 == 1 else "drag" if mover is ann and n % 3 == 0 else "click"  # Ann's desktop
        move = play_one(mover, how=how)
        wait_seq(other, move["seq"])
        other.wait_for_selector(f'.mth-board .pieces g[data-square="{move["to"]}"] .coin', state="attached")
        expect(other.locator("#log")).to_contain_text("moved the")
        moves += 1
        if n == 1:
            shot(ann, "mth-two-desktop")
            shot(bea, "mth-two-phone")
    assert moves >= 4


def test_one_person_and_three_bots_play_to_the_end_on_a_narrow_phone(live_server, new_page, shot):
    server = live_server(bot_delay_seconds="0.05")
    page = new_page(NARROW)
    create_table(page, server.url, "Ann", players=4)
    for seat in (1, 2, 3):
        page.click(f'[data-add-bot="{seat}"]')
        page.wait_for_selector(f"#seats li[data-seat='{seat}'] .tag")
    page.click("#start-btn")
    wait_phase(page, "arrange")
    page.click('[data-action="shuffle"]')
    page.click('[data-action="place"]')
    wait_phase(page, "play")
    assert page.locator(".mth-board .coin.back").count() == 0
    shot(page, "mth-four-phone-start")

    moves, lost_seen, started = 0, False, time.monotonic()
    while status(page) != "finished":
        assert time.monotonic() - started < 60, "the game took too long"
        lost_seen = lost_seen or page.locator(".mth-note:not([hidden])").count() > 0
        if my_turn(page):
            try:
                play_one(page, how="keyboard" if moves % 4 == 1 else "click")
            except Exception:   # the page moved on under the click (a re-render): look again
                continue
            moves += 1
            if moves == 3:
                shot(page, "mth-four-phone-play")
        else:
            page.wait_for_timeout(40)
    page.wait_for_selector("#result:not([hidden])")
    assert moves >= 5
    title, reason = page.inner_text("#result-title"), page.inner_text("#result-reason")
    assert re.search(r"wins|win!|share the win", title), title
    assert "last pyramid" in reason and "Scores:" in reason
    expect(page.locator("#log li.end")).to_have_count(1)
    assert "lost the turn" in page.inner_text("#log") or lost_seen
    assert page.evaluate("() => document.documentElement.scrollWidth") <= NARROW["width"]
    shot(page, "mth-four-phone-result")
    page.click("#result-close")
    expect(page.locator('[data-testid="pyramids-left"]')).to_contain_text("0 of 36")
    total = sum(int(page.inner_text(f'[data-testid="score-{s}"]').split()[0]) for s in range(4))
    assert total >= 56   # every pyramid is in some stash, plus two per prisoner
