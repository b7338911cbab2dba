"""The per-seat limits key on the identity the app authenticates, read by the same code.

Before: the limiter read the first `icehouse_id` of the Cookie header and the app the last, so
`Cookie: icehouse_id=<random>; icehouse_id=<real>` was a fresh bucket every time (60 of 60 chats through a
20/20 limit); and a REST request's `?token=<random>` keyed the limiter while the app ignored it. These talk
to a real server over a raw socket, so that nothing between the test and the server tidies the headers.
"""
from __future__ import annotations

import asyncio
import json
import math
import secrets
import time

import httpx

from app.web.middleware import identity_cookie
from app.web.ratelimit import seat_key
from tests.api.helpers import full_table
from tests.api.wsclient import WS


async def raw_post(port: int, path: str, body: dict, headers: dict[str, str]) -> tuple[int, dict]:
    """One HTTP/1.1 POST written byte for byte: (status, JSON body)."""
    payload = json.dumps(body).encode()
    head = [f"POST {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Content-Type: application/json",
            f"Content-Length: {len(payload)}", "Connection: close",
            *(f"{k}: {v}" for k, v in headers.items())]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        await writer.drain()
        raw = await asyncio.wait_for(reader.read(), 10)
    finally:
        writer.close()
    status_line, _, rest = raw.partition(b"\r\n")
    _, _, body_bytes = rest.partition(b"\r\n\r\n")
    return int(status_line.split()[1]), json.loads(body_bytes or b"{}")


async def _cookie_table(server) -> tuple[str, str]:
    """A table whose host is known by the browser cookie only: (code, the cookie's value)."""
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host:
        t = await full_table(host, players=2, bots=1)
        return t["code"], host.cookies["icehouse_id"]


async def test_a_duplicate_cookie_gets_no_fresh_bucket(live_server):
    server = live_server(rate_limit_chat="3/60", rate_limit_chat_address="1000/60")
    code, real = await _cookie_table(server)
    statuses = []
    for i in range(8):
        cookie = f"icehouse_id={secrets.token_urlsafe(24)}; icehouse_id={real}"
        status, body = await raw_post(server.port, f"/api/tables/{code}/chat", {"text": f"line {i}"},
                                      {"Cookie": cookie})
        statuses.append((status, body.get("code")))
    assert statuses[:3] == [(201, None)] * 3, statuses  # the app knew the seat by the last cookie
    assert statuses[3:] == [(429, "rate_limited")] * 5, statuses
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as anyone:
        assert len((await anyone.get(f"/api/tables/{code}/chat")).json()) == 3


async def test_a_query_token_on_a_rest_request_gets_no_fresh_bucket(live_server):
    server = live_server(rate_limit_chat="3/60", rate_limit_chat_address="1000/60")
    code, real = await _cookie_table(server)
    statuses = []
    for i in range(6):
        status, _ = await raw_post(server.port, f"/api/tables/{code}/chat?token={secrets.token_urlsafe(24)}",
                                   {"text": f"line {i}"}, {"Cookie": f"icehouse_id={real}"})
        statuses.append(status)
    assert statuses == [201] * 3 + [429] * 3, statuses


async def test_a_socket_with_a_duplicate_cookie_is_limited_as_its_seat(live_server):
    server = live_server(rate_limit_chat="2/60", rate_limit_chat_address="1000/60")
    code, real = await _cookie_table(server)
    errors = []
    for i in range(2):  # two sockets, each with a new decoy first: one seat, one bucket
        ws = await WS.open(f"{server.ws_url}/ws/tables/{code}",
                           cookie=f"icehouse_id={secrets.token_urlsafe(24)}; icehouse_id={real}")
        state = await ws.until("state")
        assert state["you"] == 0  # the app knows the host by the last cookie
        await ws.until("chat_history")
        for j in range(2):
            await ws.send({"type": "chat", "text": f"socket {i} line {j}"})
        await ws.send({"type": "ping"})
        await ws.until("pong")
        errors += [m for m in ws.received if m["type"] == "error"]
        await ws.close()
    assert [e["code"] for e in errors] == ["rate_limited", "rate_limited"], errors
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as anyone:
        assert len((await anyone.get(f"/api/tables/{code}/chat")).json()) == 2


def test_the_limiter_and_the_routes_read_one_identity():
    def scope(kind: str, headers: list[tuple[bytes, bytes]], query: bytes = b"") -> dict:
        return {"type": kind, "headers": headers, "query_string": query, "path": "/"}

    duplicate = [(b"cookie", b"icehouse_id=decoy; other=1; icehouse_id=real")]
    assert identity_cookie(scope("http", duplicate)) == "real"
    assert seat_key(scope("http", duplicate), "abc") == seat_key(scope("http", [(b"cookie", b"icehouse_id=real")]),
                                                                   "abc")
    # a REST request's ?token= is not what the app reads; a socket's is
    assert seat_key(scope("http", duplicate, b"token=x"), "abc") == seat_key(scope("http", duplicate), "abc")
    assert seat_key(scope("websocket", duplicate, b"token=x"), "abc") != seat_key(scope("websocket", duplicate), "abc")


# -- one limit on guessing the admin token, however it is presented --------------------------
ADMIN = "the-right-admin-token-for-these-tests"


def _from(address: str, **headers: str) -> dict[str, str]:
    """Headers of a request from `address` (the test server believes X-Forwarded-For from 127.0.0.1)."""
    return {"x-forwarded-for": address, **headers}


def _assert_limited(r: httpx.Response) -> None:
    assert r.status_code == 429, r.text
    assert r.json()["code"] == "rate_limited" and set(r.json()) == {"detail", "code"}, r.text
    assert "wait" in r.json()["detail"] and int(r.headers["retry-after"]) >= 1


async def test_bearer_guesses_at_the_admin_token_are_limited_on_every_route(live_server):
    server = live_server(admin_token=ADMIN, trusted_proxies="127.0.0.1")
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as c:
        started = time.monotonic()
        guesses = await asyncio.gather(*[
            c.get("/api/admin/tables" if i % 2 else "/api/admin/stats",
                  headers=_from("198.51.100.1", authorization=f"Bearer guess-{i}")) for i in range(300)])
        seconds = time.monotonic() - started
        statuses = [r.status_code for r in guesses]
        # 10 at once, then one more every 6 s (10/60): before, all 300 were looked at (300 401s)
        assert 10 <= statuses.count(401) <= 10 + math.ceil(seconds / 6), (seconds, statuses)
        assert statuses.count(401) + statuses.count(429) == 300, statuses
        _assert_limited(guesses[-1])
        # the right token from the limited address is refused too: a 401 against a 429 would say which guess
        # was right; the log-in form shares the limit
        _assert_limited(await c.get("/api/admin/tables", headers=_from("198.51.100.1",
                                                                          authorization=f"Bearer {ADMIN}")))
        _assert_limited(await c.post("/api/admin/session", json={"token": ADMIN}, headers=_from("198.51.100.1")))
        # another address is not slowed, and the right token spends nothing: an admin's script runs on
        for _ in range(25):
            r = await c.get("/api/admin/tables", headers=_from("198.51.100.2", authorization=f"Bearer {ADMIN}"))
            assert r.status_code == 200, r.text


async def test_the_login_form_and_the_bearer_token_share_one_limit(live_server):
    server = live_server(admin_token=ADMIN, trusted_proxies="127.0.0.1")
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as c:
        for i in range(6):
            r = await c.post("/api/admin/session", json={"token": f"guess-{i}"}, headers=_from("198.51.100.3"))
            assert r.status_code == 401, r.text
        for i in range(4):
            r = await c.delete("/api/admin/tables/abcdefgh", headers=_from("198.51.100.3",
                                                                           authorization=f"Bearer guess-{i}"))
            assert r.status_code == 401, r.text
        _assert_limited(await c.get("/api/admin/session", headers=_from("198.51.100.3",
                                                                           authorization="Bearer guess-x")))
        _assert_limited(await c.post("/api/admin/session", json={"token": "guess-y"}, headers=_from("198.51.100.3")))
        # no credential at all guesses nothing: the page's "am I logged in?" is a plain 401
        assert (await c.get("/api/admin/session", headers=_from("198.51.100.4"))).status_code == 401


async def test_forged_session_cookies_count_and_a_real_session_outlives_a_guesser(live_server):
    server = live_server(admin_token=ADMIN, trusted_proxies="127.0.0.1")
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as admin:
        r = await admin.post("/api/admin/session", json={"token": ADMIN}, headers=_from("198.51.100.5"))
        assert r.status_code == 204, r.text
        session = admin.cookies["icehouse_admin"]
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as c:
        forged = f"{int(session.split('.')[0])}.{secrets.token_urlsafe(12)}.{'0' * 64}"
        for _ in range(10):
            r = await c.get("/api/admin/tables", headers=_from("198.51.100.5", cookie=f"icehouse_admin={forged}"))
            assert r.status_code == 401, r.text
        _assert_limited(await c.get("/api/admin/tables",
                                    headers=_from("198.51.100.5", cookie=f"icehouse_admin={forged}")))
        _assert_limited(await c.get("/api/admin/tables",
                                    headers=_from("198.51.100.5", authorization=f"Bearer {ADMIN}")))
        # the admin logged in from that address goes on with the session the server signed
        r = await c.get("/api/admin/tables", headers=_from("198.51.100.5", cookie=f"icehouse_admin={session}"))
        assert r.status_code == 200, r.text
