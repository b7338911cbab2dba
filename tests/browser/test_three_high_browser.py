"""3-High played through the browser: real Chromium, real server, clicks only (no API shortcuts)."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser


# -- what a person does on the pages --------------------------------------------------------------------
def create_table(page, base: str, name: str, players: int) -> str:
    """From the home page: pick 3-High, seats, name, create; returns the share link shown."""
    page.goto(base + "/")
    page.check('input[name="game"][value="three-high"]')
    page.select_option("#players", str(players))
    page.fill("#name", name)
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    url = page.input_value("#share-url")
    assert re.search(r"/t/\w+$", url), url
    page.click("#open-table")
    page.wait_for_selector("#table-ui:not([hidden])")
    return url


def seq(page) -> int:
    return int(page.get_attribute("#table-root", "data-seq") or -1)


def status(page) -> str:
    return page.get_attribute("#table-root", "data-status") or ""


def wait_seq(page, at_least: int) -> None:
    page.wait_for_function("n => Number(document.getElementById('table-root').dataset.seq) >= n", arg=at_least)


def wait_live(page) -> None:
    page.wait_for_function("() => document.getElementById('table-root').dataset.conn === 'open'")


def can_play(page) -> bool:
    return page.locator("button.card-face:not([disabled])").count() > 0


def play_one(page, how: str = "click") -> dict:
    """Card, then a highlighted pyramid, then a highlighted destination; returns what moved.
    how: "click" (mouse clicks), "keyboard" (Enter only; focus moves along), "drag" (drag the pyramid)."""
    before = seq(page)
    card = page.locator("button.card-face:not([disabled])").first
    card_code = card.get_attribute("data-card")
    if how == "keyboard":
        card.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.activeElement && document.activeElement.dataset.state === 'movable'")
        origin = page.evaluate("() => document.activeElement.dataset.square")
        piece = top_piece(page, origin)
        page.keyboard.press("Enter")
        page.wait_for_function("() => { const a = document.activeElement; return a && "
                               "(a.dataset.state === 'dest' || a.classList.contains('edge-btn')); }")
        to = page.evaluate("() => document.activeElement.dataset.square || null")
        page.keyboard.press("Enter")
    else:
        card.click()
        piece_square = page.locator('.hit[data-state="movable"]').first
        origin = piece_square.get_attribute("data-square")
        piece = top_piece(page, origin)
        dest = page.locator('.hit[data-state="dest"][tabindex]')
        if how == "drag":
            box = piece_square.bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            page.mouse.move(box["x"] + box["width"] / 2 + 12, box["y"] + box["height"] / 2 + 12, steps=4)
            dest.first.wait_for()
            to = dest.first.get_attribute("data-square")
            target = dest.first.bounding_box()
            page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=6)
            page.mouse.up()
        else:
            piece_square.click()
            if dest.count():
                to = dest.first.get_attribute("data-square")
                dest.first.click()
            else:  # only when two sides land on the same square: use the side buttons
                to = None
                page.locator(".edge-btn[tabindex]").first.click()
    wait_seq(page, before + 1)
    if to:
        page.wait_for_selector(f'.pieces g[data-square="{to}"] [data-piece="{piece}"]', state="attached")
    return {"card": card_code, "piece": piece, "from": origin, "to": to, "seq": before + 1}


def start_game(page) -> str:
    """The host presses Start; returns the status the page then shows ("playing", or "finished" when
    the deal leaves no legal play at all)."""
    page.click("#start-btn")
    page.wait_for_function("() => !['lobby', ''].includes(document.getElementById('table-root').dataset.status)")
    page.wait_for_selector(".th-board .piece")
    return status(page)


def solo_table_in_play(page, base: str, name: str) -> None:
    """A solo table that is playing (a deal stuck from the start is possible but rare: deal again)."""
    for _ in range(5):
        create_table(page, base, name, players=1)
        if start_game(page) == "playing":
            return
    raise AssertionError("five deals in a row were stuck from the start")


def top_piece(page, square: str) -> str:
    return page.locator(f'.pieces g[data-square="{square}"] .piece').last.get_attribute("data-piece")


def whose_turn(pages: list, timeout: float = 15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for p in pages:
            if status(p) != "playing":
                return None
            if can_play(p):
                return p
        pages[0].wait_for_timeout(50)
    raise AssertionError("nobody got a turn")


# -- the tests ------------------------------------------------------------------------------------------
def test_two_browsers_create_join_and_see_each_others_moves(live_server, new_page, shot):
    server = live_server()
    ann = new_page()
    bob = new_page(PHONE)
    url = create_table(ann, server.url, "Ann", players=2)
    shot(ann, "lobby-host-desktop")

    bob.goto(url)
    bob.fill("#join-name", "Bob")
    bob.click("#join-form button[type=submit]")
    bob.wait_for_selector("#seats li[data-seat='1'] .tag.you")
    ann.wait_for_selector("#seats li[data-seat='1'] >> text=Bob")
    ann.wait_for_selector("#seats li[data-seat='1'] .dot.on")   # Bob is connected
    cat = new_page()                        # a third person only watches
    cat.goto(url)
    cat.wait_for_selector("#lobby-note >> text=you are watching")
    assert cat.locator("#join-form").is_hidden()
    start_game(ann)
    for p in (bob, cat):
        p.wait_for_function("() => document.getElementById('table-root').dataset.status !== 'lobby'")

    ann.fill("#chat-input", "good luck, team")
    ann.press("#chat-input", "Enter")
    bob.wait_for_selector("#chat >> text=good luck, team")

    moves = 0
    for _ in range(4):
        mover = whose_turn([ann, bob])
        if mover is None:
            break
        other = bob if mover is ann else ann
        assert mover.title().startswith("● Your turn") and not other.title().startswith("●")
        logged = other.locator("#log li").count()
        move = play_one(mover, how="drag" if moves == 1 else "click")
        wait_seq(other, move["seq"])  # pushed over the socket: nobody reloads
        if move["to"]:
            other.wait_for_selector(f'.pieces g[data-square="{move["to"]}"] [data-piece="{move["piece"]}"]',
                                    state="attached")
        assert other.locator("#log li").count() > logged
        assert "played" in other.locator("#log").inner_text()
        wait_seq(cat, move["seq"])
        assert cat.locator("button.card-face").count() == 0    # a watcher sees cards, cannot play them
        moves += 1
        if moves == 1:
            shot(ann, "two-players-desktop-ann")
            shot(bob, "two-players-phone-bob")
    assert moves >= 2 or status(ann) == "finished", "the game should allow a few plays"
    shot(ann, "two-players-desktop-after")
    shot(bob, "two-players-phone-after")


def test_solo_game_played_to_the_end_through_the_page(live_server, new_page, shot):
    server = live_server()
    page = new_page()
    create_table(page, server.url, "Solo", players=1)
    start_game(page)
    shot(page, "solo-start")
    for n in range(120):
        if status(page) == "finished":
            break
        if not can_play(page):
            page.wait_for_timeout(50)
            continue
        play_one(page, how="keyboard" if n < 2 else "click")
        if n == 0:
            # the selection flow, for the record: card picked, pyramids highlighted
            page.locator("button.card-face:not([disabled])").first.click()
            shot(page, "solo-card-picked")
            page.locator('.hit[data-state="movable"]').first.click()
            shot(page, "solo-piece-picked")
            page.keyboard.press("Escape")
            page.keyboard.press("Escape")
    page.wait_for_selector("#result:not([hidden])")
    title = page.inner_text("#result-title")
    reason = page.inner_text("#result-reason")
    assert title and reason
    assert "team" in (title + reason).lower()
    if "won" not in page.inner_text("#turn-banner"):
        assert re.search(r"\d of the 5 trees", reason), reason   # how far the team got
    expect(page.locator("#log li.end")).to_have_count(1)  # the log may draw a frame after the overlay
    for _ in range(3):  # the result is a modal dialog: Tab cycles through its buttons only
        page.keyboard.press("Tab")
        assert page.evaluate("() => !!document.activeElement.closest('#result')")
    shot(page, "solo-result")
    page.click("#result-close")                       # look at the final board, then come back
    page.wait_for_selector("#result", state="hidden")
    # focus is not dropped on <body>: it waits on the button that brings the result back
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#turn-banner')")
    page.click("#turn-banner >> text=Result and rematch")
    page.wait_for_selector("#result:not([hidden])")

    page.click("#rematch-btn")
    page.wait_for_url(re.compile(r"/t/\w+$"))
    page.wait_for_selector("#start-btn")
    assert status(page) == "lobby"
    assert page.locator("#seats li[data-seat='0'] .tag.you").count() == 1


def test_page_reconnects_after_a_server_restart_and_still_plays(live_server, new_page, shot):
    server = live_server()
    page = new_page()
    solo_table_in_play(page, server.url, "Ann")
    wait_live(page)
    first = play_one(page)

    server.stop()
    page.wait_for_function("() => document.getElementById('table-root').dataset.conn !== 'open'")
    assert "retrying" in page.inner_text("#conn").lower() or "reconnecting" in page.inner_text("#conn").lower()
    if status(page) == "playing":  # said where everyone looks, not only in the small corner label
        expect(page.locator("#turn-banner")).to_contain_text("Connection lost")
    shot(page, "reconnect-server-down")
    server.start()
    wait_live(page)
    assert seq(page) == first["seq"]
    if status(page) == "playing":
        second = play_one(page)
        assert second["seq"] == first["seq"] + 1
        page.wait_for_function("() => document.querySelectorAll('#log li').length >= 2")
    shot(page, "reconnect-after")


def test_a_lost_update_is_noticed_by_its_seq_and_fetched_with_sync(live_server, new_page, shot):
    """The socket drops one "update": the next one skips a seq, so the page asks for `sync` since its
    last seq and gets the missed step (its log has no hole) without reloading."""
    import json

    server = live_server()
    page = new_page()
    sent: list[dict] = []
    drop = {"armed": False, "dropped": None}

    def route(ws):
        upstream = ws.connect_to_server()

        def to_page(message):
            data = json.loads(message) if isinstance(message, str) else {}
            if drop["armed"] and data.get("type") == "update":
                drop["armed"] = False
                drop["dropped"] = data["seq"]
                return
            ws.send(message)

        def to_server(message):
            if isinstance(message, str):
                sent.append(json.loads(message))
            upstream.send(message)

        upstream.on_message(to_page)
        ws.on_message(to_server)

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    for _ in range(5):  # Ann and a bot; the bot plays right after Ann
        create_table(page, server.url, "Ann", players=2)
        page.click("[data-add-bot]")
        page.wait_for_selector("#start-btn:not([disabled])")
        if start_game(page) == "playing":
            break
    wait_live(page)
    deadline = time.monotonic() + 15
    while not can_play(page) and status(page) == "playing" and time.monotonic() < deadline:
        page.wait_for_timeout(50)  # the bot may be first
    if status(page) != "playing":
        pytest.skip("the game ended before Ann's turn")
    before = seq(page)
    drop["armed"] = True
    card = page.locator("button.card-face:not([disabled])").first
    card.click()
    page.locator('.hit[data-state="movable"]').first.click()
    dest = page.locator('.hit[data-state="dest"][tabindex]')
    (dest.first if dest.count() else page.locator(".edge-btn[tabindex]").first).click()
    # Ann's own update is lost; the bot's arrives with a seq gap and the page asks to catch up.
    wait_seq(page, before + 2)
    assert drop["dropped"] == before + 1
    assert {"type": "sync", "since": before} in sent
    log = page.inner_text("#log")
    assert "You played" in log and log.count(" played ") >= 2, log
    shot(page, "gap-resynced")
