"""The fast lanes (create, join, start, move) answer a bug as the rest of the site does: a JSON 500 in the
reader's language, never a bare text page, even when the error escapes the lane itself."""
from __future__ import annotations

import httpx
import pytest

from app.web import lanes


@pytest.fixture
async def raw_client(app):
    """A client that sees the 500 the server sends, instead of the app's exception."""
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
        yield c


async def test_an_error_escaping_a_lane_is_a_json_500(raw_client, monkeypatch):
    async def broken(request, exc):
        raise RuntimeError("the error handler itself failed")

    async def failing(*args, **kwargs):
        raise ValueError("a bug in the route")

    monkeypatch.setattr(lanes.api, "create_table", failing)
    monkeypatch.setattr(lanes.errors, "answer", broken)
    r = await raw_client.post("/api/tables", json={"game": "three_high", "players": 1, "name": "Ann"},
                              headers={"accept-language": "fr"})
    assert r.status_code == 500
    assert r.headers["content-type"].startswith("application/json")
    body = r.json()
    assert body["code"] == "internal"
    assert body["detail"] != "The server failed to handle that request; the error has been logged."  # in French


async def test_a_bug_inside_a_lane_is_a_json_500(raw_client, monkeypatch):
    async def failing(*args, **kwargs):
        raise ValueError("a bug in the route")

    monkeypatch.setattr(lanes.api, "create_table", failing)
    r = await raw_client.post("/api/tables", json={"game": "three_high", "players": 1, "name": "Ann"})
    assert r.status_code == 500
    assert r.json() == {"detail": "The server failed to handle that request; the error has been logged.",
                        "code": "internal"}
    assert r.headers.get("x-content-type-options") == "nosniff"  # the app's own middlewares still wrapped it
