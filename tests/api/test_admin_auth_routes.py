"""Every admin route, found in the app itself (a new one is covered the day it is added), refuses a caller
without credentials, with a wrong token, with an expired or forged session cookie and after logging out,
and lets in the Bearer token and a live session cookie; a closed admin area answers 403 everywhere."""
from __future__ import annotations

import time

import httpx
import pytest
from asgi_lifespan import LifespanManager

from app.config import Settings
from app.main import create_app
from app.tables.admin import session as admin_session
from tests.api.admin_helpers import tampered

TOKEN = "the-admin-token-of-the-route-tests"
SECRET = "route-tests-secret"
LOGIN = ("POST", "/api/admin/session")  # the one open door: it takes the token


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    admin_token=TOKEN, secret_key=SECRET, admin_session_seconds=600, bot_processes=0,
                    # every route is tried with a wrong token: more routes than the default limit of guesses
                    rate_limit_admin_login="100/60")


def admin_routes(app) -> list[tuple[str, str]]:
    """Every (method, path) under /api/admin, as the app documents them (each route is in the schema)."""
    out = [(method.upper(), path) for path, ops in app.openapi()["paths"].items() if path.startswith("/api/admin")
           for method in ops if method in ("get", "post", "put", "patch", "delete")]
    return sorted(r for r in out if r != LOGIN)


async def call(client: httpx.AsyncClient, method: str, path: str, **kw) -> httpx.Response:
    url = path.replace("{code}", "nosuchtb")
    body = {"content": b"{}"} if method == "POST" else {}
    return await client.request(method, url, **body, **kw)


def test_the_routes_are_all_there(app):
    routes = set(admin_routes(app))
    assert {("GET", "/api/admin/tables"), ("GET", "/api/admin/tables/{code}"), ("GET", "/api/admin/stats"),
            ("GET", "/api/admin/tables/{code}/replay"), ("GET", "/api/admin/tables/{code}/export"),
            ("POST", "/api/admin/import"), ("DELETE", "/api/admin/tables/{code}"), ("GET", "/api/admin/session")
            } <= routes
    # logging out needs no credentials (deleting one's own cookie is harmless); everything else is checked
    assert ("DELETE", "/api/admin/session") in routes


def guarded(app) -> list[tuple[str, str]]:
    return [r for r in admin_routes(app) if r != ("DELETE", "/api/admin/session")]


async def test_no_credentials_or_a_wrong_token_is_401_everywhere(app, client):
    for method, path in guarded(app):
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic " + TOKEN}):
            r = await call(client, method, path, headers=headers)
            assert r.status_code == 401, (method, path, headers, r.text)
            assert r.json()["code"] == "unauthorized"


async def test_the_bearer_token_opens_every_route(app, client):
    for method, path in guarded(app):
        r = await call(client, method, path, headers={"Authorization": f"Bearer {TOKEN}"})
        assert r.status_code in (200, 204, 404, 422), (method, path, r.status_code, r.text)


@pytest.mark.parametrize("cookie", [
    lambda now: admin_session.issue(TOKEN, SECRET, 600, now - 601),  # expired a second ago
    lambda now: tampered(admin_session.issue(TOKEN, SECRET, 600, now)),
    lambda now: admin_session.issue(TOKEN, "another secret", 600, now),  # another server's
    lambda now: admin_session.issue("another token", SECRET, 600, now),  # the token changed since
])
async def test_an_expired_or_forged_session_is_401_everywhere(app, client, cookie):
    client.cookies.set(admin_session.COOKIE, cookie(time.time()))
    for method, path in guarded(app):
        r = await call(client, method, path, headers={"Origin": "http://testserver"})
        assert r.status_code == 401, (method, path, r.text)


async def test_a_session_works_until_it_expires_or_logs_out(app, client, monkeypatch):
    r = await client.post("/api/admin/session", json={"token": TOKEN})
    assert r.status_code == 204
    same_site = {"Origin": "http://testserver"}
    for method, path in guarded(app):
        r = await call(client, method, path, headers=same_site)
        assert r.status_code in (200, 204, 404, 422), (method, path, r.status_code, r.text)
    # ten minutes later the same cookie is refused by every route
    later = time.time() + 601
    monkeypatch.setattr("app.web.admin.time.time", lambda: later)
    for method, path in guarded(app):
        assert (await call(client, method, path, headers=same_site)).status_code == 401, (method, path)
    monkeypatch.undo()
    assert (await client.get("/api/admin/tables")).status_code == 200
    assert (await client.delete("/api/admin/session", headers=same_site)).status_code == 204
    for method, path in guarded(app):
        assert (await call(client, method, path, headers=same_site)).status_code == 401, (method, path)


async def test_a_session_cannot_be_used_from_another_site(app, client):
    await client.post("/api/admin/session", json={"token": TOKEN})
    for method, path in guarded(app):
        if method in ("POST", "DELETE"):
            r = await call(client, method, path, headers={"Origin": "https://evil.example"})
            assert r.status_code == 403 and r.json()["code"] == "bad_origin", (method, path, r.text)


async def test_a_closed_admin_area_is_403_everywhere(database_url):
    application = create_app(Settings(database_url=database_url, log_level="WARNING", redis_url=None,
                                      admin_token=None))
    async with LifespanManager(application):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=application), base_url="http://t") as c:
            for method, path in guarded(application):
                r = await call(c, method, path, headers={"Authorization": "Bearer anything"})
                assert r.status_code == 403 and r.json()["code"] == "admin_closed", (method, path, r.text)
