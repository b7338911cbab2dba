"""The admin logs in once and then holds a signed, HttpOnly session cookie with an expiry
(and can log out); the token never needs to live in the page. The JSON API still takes the Bearer token."""
from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from asgi_lifespan import LifespanManager

from app.config import Settings
from app.main import create_app
from app.tables.admin import session as admin_session
from tests.api.admin_helpers import tampered
from tests.api.helpers import bearer, create

TOKEN = "the-admin-token-of-these-tests"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    admin_token=TOKEN, secret_key="s3cret-key", admin_session_seconds=600)


async def log_in(client: httpx.AsyncClient, token: str = TOKEN) -> httpx.Response:
    return await client.post("/api/admin/session", json={"token": token})


async def test_log_in_once_then_the_session_cookie_opens_the_admin_api(client):
    await create(client, 1)
    assert (await client.get("/api/admin/tables")).status_code == 401
    r = await log_in(client)
    assert r.status_code == 204, r.text
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{admin_session.COOKIE}=")
    lowered = cookie.lower()
    assert "httponly" in lowered and "samesite=strict" in lowered and "max-age=600" in lowered and "path=/" in lowered
    assert TOKEN not in cookie
    r = await client.get("/api/admin/tables")
    assert r.status_code == 200 and len(r.json()) == 1
    session = (await client.get("/api/admin/session")).json()
    assert session["admin"] is True and time.time() < session["expires_at"] <= time.time() + 601


async def test_log_out_ends_the_session(client):
    await log_in(client)
    r = await client.delete("/api/admin/session")
    assert r.status_code == 204 and admin_session.COOKIE in r.headers["set-cookie"]
    assert (await client.get("/api/admin/tables")).status_code == 401


async def test_a_wrong_token_gets_no_cookie(client):
    r = await log_in(client, "not-it")
    assert r.status_code == 401 and "set-cookie" not in r.headers
    r = await client.post("/api/admin/session", content=b'{"token": "\\ud800"}',
                          headers={"content-type": "application/json"})
    assert r.status_code in (401, 422), r.text


@pytest.mark.parametrize("value", [
    lambda: admin_session.issue(TOKEN, "s3cret-key", 600, time.time() - 3600),  # expired
    lambda: admin_session.issue("another-token", "s3cret-key", 600, time.time()),  # signed under another key
    lambda: admin_session.issue(TOKEN, "other-secret", 600, time.time()),
    lambda: tampered(admin_session.issue(TOKEN, "s3cret-key", 600, time.time())),
    lambda: f"{int(time.time()) + 99999}.x.",
    lambda: "garbage",
])
async def test_expired_forged_or_tampered_cookies_are_refused(client, value):
    client.cookies.set(admin_session.COOKIE, value())
    assert (await client.get("/api/admin/tables")).status_code == 401


async def test_the_bearer_token_still_works_and_the_closed_area_stays_closed(client, database_url):
    assert (await client.get("/api/admin/tables", headers=bearer(TOKEN))).status_code == 200
    application = create_app(Settings(database_url=database_url, log_level="WARNING", admin_token=None))
    async with LifespanManager(application):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=application), base_url="http://t") as c:
            assert (await c.post("/api/admin/session", json={"token": "anything"})).status_code == 403
            c.cookies.set(admin_session.COOKIE, admin_session.issue("x", None, 600, time.time()))
            assert (await c.get("/api/admin/tables")).status_code == 403


async def test_logging_in_from_another_site_is_refused(client):
    r = await client.post("/api/admin/session", json={"token": TOKEN}, headers={"origin": "https://evil.example"})
    assert r.status_code == 403 and r.json()["code"] == "bad_origin" and "set-cookie" not in r.headers


async def test_guessing_the_token_is_rate_limited(client):
    codes = [(await log_in(client, f"guess-{i}")).status_code for i in range(12)]
    assert codes[:10] == [401] * 10 and codes[10:] == [429, 429]


def test_the_admin_page_keeps_no_token_in_script_storage():
    script = (ROOT / "static/js/admin.js").read_text()
    assert "sessionStorage.setItem" not in script and "localStorage.setItem" not in script
    assert "Authorization" not in script
