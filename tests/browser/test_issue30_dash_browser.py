"""Dash in real Chromium against a real server: at 1280x800 the whole board (Start row too) is in
view and a dared player sees Done! without scrolling, never under a toast; on a phone toasts never stack
over the board (two at most), the drawn card's words are never cut off and there is no keyboard hint."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
DARE = "Sing the chorus of your favourite song, loudly, twice"
CARDS = ["red", "orange", "yellow", "green", "blue", "F2", "F3", "B2", "B3", "PIC", "SWAP", "START", "DARE"]


def dash_table(ann, bea, base: str) -> str:
    """Ann (seat 0), Bea (seat 1) and a bot; started. Returns the code."""
    for p in (ann, bea):
        p.goto(base + "/")
    code = ann.request.post(f"{base}/api/tables", data={"game": "dash", "players": 3, "name": "Ann"}).json()["code"]
    assert bea.request.post(f"{base}/api/tables/{code}/join", data={"name": "Bea"}).ok
    assert ann.request.post(f"{base}/api/tables/{code}/bots", data={"seat": 2}).ok
    assert ann.request.post(f"{base}/api/tables/{code}/start", data={}).ok
    return code


def until_to_draw(ann, bea, base: str, code: str, who=None, limit: float = 60):
    """The page whose turn it is to draw (`who`, when given), once the dares on the way are written and done
    through the API (the first seat is random: the bot may start, and any draw may be a dare); the other
    person's draws too when waiting for `who`."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for p in (ann, bea):
            t = p.request.get(f"{base}/api/tables/{code}").json()
            assert t["status"] == "playing", "the game ended before the draw wanted"
            legal = t.get("legal_moves") or []
            if any(m.get("action") == "draw" for m in legal):
                if who in (None, p):
                    return p
                move = {"action": "draw"}
            elif any(m.get("action") == "set_dare" for m in legal):
                move = {"action": "set_dare", "text": DARE}
            else:
                move = next((m for m in legal if m.get("action") == "answer_dare" and m.get("done")), None)
            if move is not None:
                p.request.post(f"{base}/api/tables/{code}/moves", data={"seq": t["seq"], "move": move})
        ann.wait_for_timeout(60)
    raise AssertionError("nobody's turn to draw in time")


def until_ann_is_dared(ann, bea, base: str, code: str, limit: float = 90) -> bool:
    """Both people play through the API (draw; Bea writes the dares, answers hers) until Ann must answer a
    dare. False when the game ended first."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for p in (ann, bea):
            t = p.request.get(f"{base}/api/tables/{code}").json()
            if t["status"] != "playing":
                return False
            legal = t.get("legal_moves") or []
            if p is ann and any(m.get("action") == "answer_dare" for m in legal):
                return True
            move = next((m for m in legal if m.get("action") == "draw"
                         or (m.get("action") == "answer_dare" and m.get("done"))), None)
            if move is None and p is bea and any(m.get("action") == "set_dare" for m in legal):
                move = {"action": "set_dare", "text": DARE}
            if move is not None:
                p.request.post(f"{base}/api/tables/{code}/moves", data={"seq": t["seq"], "move": move})
        ann.wait_for_timeout(60)
    raise AssertionError("no dare for Ann in time")


def in_view(page, selector: str) -> dict:
    return page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, inside: r.top >= 0 && r.left >= 0
                 && r.bottom <= innerHeight && r.right <= innerWidth }; }""", selector)


def toast_overlaps(page, selector: str) -> list[str]:
    """The toasts on screen that overlap the element."""
    return page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
        return [...document.querySelectorAll('#toasts .toast')].filter((t) => { const q = t.getBoundingClientRect();
            return q.width && q.left < r.right && q.right > r.left && q.top < r.bottom && q.bottom > r.top; })
          .map((t) => t.textContent); }""", selector)


def burst_of_toasts(page) -> None:
    """Three headline-like toasts at once, as three quick moves bring them (the page's own toast())."""
    page.evaluate("""async () => { const { toast } = await import('/static/js/core/api.js');
        for (const w of ['Bea drew a dare!', 'Bot 3 took the rocket to 57', 'Ann swapped places with the leader'])
            toast(w, 'info', 4000); }""")
    page.wait_for_timeout(150)


def test_a_dared_player_sees_the_whole_board_and_done_without_scrolling(live_server, new_page, shot):
    server = live_server()
    ann, bea = new_page(LAPTOP), new_page(PHONE)
    for _ in range(4):
        code = dash_table(ann, bea, server.url)
        if until_ann_is_dared(ann, bea, server.url, code):
            break
    else:
        raise AssertionError("four games ended without a dare for Ann")
    ann.goto(f"{server.url}/t/{code}")
    expect(ann.locator('[data-testid="dare-done"]')).to_be_visible()
    ann.wait_for_timeout(300)
    assert ann.evaluate("() => scrollY") == 0
    start = in_view(ann, '.dash-board [data-space="0"]')
    assert start["inside"], f"the Start row is below the fold: {start}"
    done = in_view(ann, '[data-testid="dare-done"]')
    assert done["inside"], f"Done! is out of view: {done}"
    burst_of_toasts(ann)
    assert ann.locator("#toasts .toast").count() == 2           # two at most
    assert toast_overlaps(ann, '[data-testid="dare-done"]') == []
    assert toast_overlaps(ann, "#board-area") == []
    shot(ann, "issue30-dash-dared-desktop", full_page=False)

    # the same seat on a phone: the dare and Done! on top, toasts off the board and off Done!
    phone = new_page(PHONE)
    phone.context.add_cookies(ann.context.cookies())
    phone.goto(f"{server.url}/t/{code}")
    expect(phone.locator('[data-testid="dare-done"]')).to_be_visible()
    assert in_view(phone, '[data-testid="dare-done"]')["inside"]
    burst_of_toasts(phone)
    assert phone.locator("#toasts .toast").count() == 2
    assert toast_overlaps(phone, '[data-testid="dare-done"]') == []
    phone.locator(".dash-board").scroll_into_view_if_needed()
    phone.evaluate("() => window.scrollBy(0, 120)")
    burst_of_toasts(phone)
    phone.wait_for_timeout(200)
    assert toast_overlaps(phone, ".dash-board") == [], "toasts over the board on a phone"
    shot(phone, "issue30-dash-dared-phone", full_page=False)


def test_phone_banner_has_no_keyboard_hint_and_no_card_is_cut_off(live_server, new_page, shot):
    server = live_server()
    ann, bea = new_page(LAPTOP), new_page(PHONE)
    code = dash_table(ann, bea, server.url)
    for p in (ann, bea):
        p.goto(f"{server.url}/t/{code}")
        p.wait_for_selector(".dash-board .pyramid[data-seat='2']")
    drawer = until_to_draw(ann, bea, server.url, code)
    if drawer is bea:
        expect(bea.locator("#turn-banner")).to_contain_text("Your turn: draw a card.")   # then the Hint button
    else:   # the desktop drawer keeps its keyboard hint; hand the turn to Bea to see hers
        expect(ann.locator("#turn-banner")).to_contain_text("or D")
        ann.click('[data-testid="draw-btn"]')
        expect(ann.locator('[data-testid="draw-btn"]')).to_be_hidden()
        until_to_draw(ann, bea, server.url, code, who=bea)
        expect(bea.locator("#turn-banner")).to_contain_text("Your turn: draw a card.")   # then the Hint button
    assert "or D" not in bea.inner_text("#turn-banner")
    # every card's face, as the phone draws the card just drawn: all of its words inside the card
    cut = bea.evaluate("""async (cards) => {
        const { cardFace } = await import('/static/js/games/dash/cards.js');
        const zone = document.querySelector('.dash-drawn');
        const keep = [...zone.childNodes];
        const bad = [];
        for (const card of cards) for (const back of [false, true]) {
            const face = cardFace(card, { back });
            zone.replaceChildren(face);
            const box = face.getBoundingClientRect();
            for (const part of face.children) {
                const r = part.getBoundingClientRect();
                if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5
                    || r.left < box.left - 0.5 || r.right > box.right + 0.5)
                    bad.push(`${card}${back ? ' (back)' : ''}: ${part.className}`);
            }
            if (face.scrollHeight > face.clientHeight + 1 || face.scrollWidth > face.clientWidth + 1) {
                bad.push(`${card}: overflows`);
            }
        }
        zone.replaceChildren(...keep);
        return bad; }""", CARDS)
    assert cut == [], cut
    shot(bea, "issue30-dash-phone", full_page=False)
