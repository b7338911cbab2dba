"""My tables, live: the page turns a table to "Your turn" the moment the other player moves, without a
reload, and the tab title counts the tables waiting."""
from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

API = """async ([method, path, body, token]) => {
  const headers = {"Content-Type": "application/json"};
  if (token) headers.Authorization = "Bearer " + token;
  const r = await fetch(path, {method, headers, body: body ? JSON.stringify(body) : undefined});
  return {status: r.status, body: await r.json()};
}"""


def ann_api(page, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    """Ann's own requests, from her page (her browser's cookie)."""
    r = page.evaluate(API, [method, path, body, token])
    assert r["status"] < 300, r
    return r["body"]


def bea_state(c: httpx.Client, code: str, token: str) -> dict:
    return c.get(f"/api/tables/{code}", headers={"Authorization": f"Bearer {token}"}).json()


def table_waiting_on_bea(page, bea: httpx.Client) -> tuple[str, str] | None:
    """A playing table of Ann and Bea where Bea is to act; (code, Bea's token), or None if a move ended it."""
    made = ann_api(page, "POST", "/api/tables", {"game": "three-high", "players": 2, "name": "Ann"})
    code, ann = made["code"], made["token"]
    joined = bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}).json()
    st = ann_api(page, "POST", f"/api/tables/{code}/start", None, ann)
    if st["to_act"] == [0]:  # Ann first: she plays, then it is Bea's turn
        st = ann_api(page, "POST", f"/api/tables/{code}/moves", {"seq": st["seq"], "move": st["legal_moves"][0]}, ann)
    return (code, joined["token"]) if st["status"] == "playing" and st["to_act"] == [1] else None


def bea_moves(bea: httpx.Client, code: str, token: str) -> dict:
    st = bea_state(bea, code, token)
    r = bea.post(f"/api/tables/{code}/moves", headers={"Authorization": f"Bearer {token}"},
                 json={"seq": st["seq"], "move": st["legal_moves"][0]})
    assert r.status_code == 200, r.text
    return r.json()


def test_my_tables_turns_to_your_turn_without_a_reload(live_server, new_page, shot):
    server = live_server()
    page = new_page()
    page.goto(server.url + "/")
    with httpx.Client(base_url=server.url, timeout=10) as bea:
        tables = [t for t in (table_waiting_on_bea(page, bea) for _ in range(2)) if t]
        if not tables:
            pytest.skip("both deals ended on the first play")
        page.goto(server.url + "/me")
        page.wait_for_function("() => document.getElementById('me-list').dataset.live === '1'")
        items = page.locator("#me-list li")
        expect(items).to_have_count(len(tables))
        expect(page.locator("#me-list .badge.turn")).to_have_count(0)
        expect(page).to_have_title("My tables · Icehouse Table")
        page.evaluate("window.__sameDocument = true")  # gone if the page reloads
        turned = 0
        for code, token in tables:
            if bea_moves(bea, code, token)["status"] != "playing":
                continue
            turned += 1
            expect(page.locator(f'#me-list li[data-code="{code}"] .badge')).to_have_text("Your turn")
            expect(page).to_have_title(f"({turned}) My tables · Icehouse Table")
        expect(page.locator("#me-waiting")).to_contain_text(f"{turned} table")
        assert page.evaluate("window.__sameDocument === true"), "the page reloaded"
        shot(page, "me-live")
