"""In a real Chromium: pages run under the Content-Security-Policy without a single violation
(every game's board included), and the admin logs in once to an HttpOnly session cookie that the page's
script cannot read, survives a reload, and ends with Log out."""
from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from app.games import GAMES

pytestmark = pytest.mark.browser

TOKEN = "browser-security-admin-token"


def watch(page) -> list[str]:
    """Console errors and page errors (a CSP refusal shows as a console error)."""
    seen: list[str] = []
    page.on("console", lambda m: seen.append(m.text) if m.type == "error" else None)
    return seen


def test_pages_and_every_games_board_run_under_the_csp(live_server, new_page):
    server = live_server()
    page = new_page()
    errors = watch(page)
    codes = []
    with httpx.Client(base_url=server.url, timeout=10) as c:
        for name, g in GAMES.items():
            made = c.post("/api/tables", json={"game": name, "players": g.max_players, "name": "Ann"})
            assert made.status_code == 201, made.text
            codes.append(made.json()["code"])
    for path in ["/", "/me", "/rules", "/docs", "/admin", *[f"/rules/{n}" for n in GAMES],
                 *[f"/t/{code}" for code in codes]]:
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
    violations = [e for e in errors if "Content Security Policy" in e or "Refused to" in e]
    assert not violations, violations


def test_admin_logs_in_once_to_an_httponly_cookie_and_logs_out(live_server, new_page):
    server = live_server(admin_token=TOKEN)
    page = new_page()
    page.goto(server.url + "/admin")
    page.fill("#admin-token", TOKEN)
    page.click("#admin-login-form button[type=submit]")
    expect(page.locator("#admin-browser")).to_be_visible()
    stored = page.evaluate("() => JSON.stringify({...sessionStorage}) + JSON.stringify({...localStorage})")
    assert TOKEN not in stored
    assert "icehouse_admin" not in page.evaluate("() => document.cookie")  # HttpOnly
    cookie = next(c for c in page.context.cookies() if c["name"] == "icehouse_admin")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["expires"] > 0
    page.reload()
    expect(page.locator("#admin-browser")).to_be_visible()  # still logged in
    page.click("#logout-btn")
    expect(page.locator("#admin-login")).to_be_visible()
    assert not [c for c in page.context.cookies() if c["name"] == "icehouse_admin"]
    page.reload()
    expect(page.locator("#admin-login")).to_be_visible()
