"""The body limit counts bytes as they arrive, cross-origin requests that
the cookie would authenticate are refused (REST 403, WebSocket 4403), and every page carries the
security headers and no inline script."""
from __future__ import annotations

import asyncio
import json
import re

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.api.helpers import bearer, create, full_table

LIMIT = 64 * 1024
CHUNK = 8 * 1024


# -- 2. body size -----------------------------------------------------------------------------------------
async def test_a_chunked_body_is_refused_once_past_the_limit_without_reading_the_rest(app):
    """Raw ASGI: a body sent in chunks with no Content-Length; the app must answer 413 as soon as the
    bytes received pass the limit, and stop asking for more."""
    chunks_sent = 0
    total_chunks = 64  # 512 KiB on offer
    sent: list[dict] = []

    async def receive() -> dict:
        nonlocal chunks_sent
        if chunks_sent >= total_chunks:
            await asyncio.sleep(3600)
        chunks_sent += 1
        return {"type": "http.request", "body": b"x" * CHUNK, "more_body": chunks_sent < total_chunks}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/api/tables", "raw_path": b"/api/tables", "query_string": b"",
             "root_path": "", "client": ("127.0.0.1", 5000), "server": ("testserver", 80),
             "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"),
                         (b"transfer-encoding", b"chunked")]}
    await asyncio.wait_for(app(scope, receive, send), 10)
    start = next(m for m in sent if m["type"] == "http.response.start")
    assert start["status"] == 413
    body = json.loads(b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body"))
    assert body["code"] == "too_large" and str(LIMIT) in body["detail"]
    assert chunks_sent == LIMIT // CHUNK + 1, f"read {chunks_sent} chunks of {total_chunks}"
    assert [m["type"] for m in sent].count("http.response.start") == 1


async def test_a_chunked_upload_to_a_real_server_gets_413(ws_server):
    """Over a socket, as curl would: the headers, then chunks, reading the answer while still sending."""
    server = ws_server
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Transfer-Encoding: chunked\r\n\r\n")
    answer = asyncio.create_task(reader.readuntil(b"\r\n\r\n"))
    sent = 0
    try:
        while not answer.done() and sent < 8 * 1024 * 1024:
            writer.write(b"%x\r\n%s\r\n" % (CHUNK, b"x" * CHUNK))
            sent += CHUNK
            await asyncio.wait_for(writer.drain(), 5)
            await asyncio.sleep(0.001)
    except (ConnectionError, asyncio.TimeoutError):
        pass  # the server stopped reading: it has answered
    head = (await asyncio.wait_for(answer, 10)).decode("latin-1")
    writer.close()
    assert head.startswith("HTTP/1.1 413"), head
    assert sent < 8 * 1024 * 1024, "the server read the whole upload"
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as c:
        assert (await c.get("/api/games")).status_code == 200  # and it is fine


async def test_content_length_over_the_limit_is_refused_at_once(client):
    r = await client.post("/api/tables", content=b"x" * (LIMIT + 1), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too_large"


async def test_a_body_at_the_limit_is_read(client):
    payload = json.dumps({"game": "three-high", "players": 1, "name": "Ann", "pad": "x" * (LIMIT - 80)})
    assert len(payload) <= LIMIT
    r = await client.post("/api/tables", content=payload, headers={"content-type": "application/json"})
    assert r.status_code == 201, r.text


# -- 3. cross-origin requests ---------------------------------------------------------------------------
EVIL = "http://127.0.0.1:1"  # a page on another port of the same host


async def test_a_cross_origin_form_post_with_the_cookie_cannot_start_the_table_or_add_a_bot(client):
    made = await create(client, 3)
    code = made["code"]
    form = {"content-type": "application/x-www-form-urlencoded", "origin": EVIL}
    for path in (f"/api/tables/{code}/bots", f"/api/tables/{code}/start"):
        r = await client.post(path, content=b"x=1", headers=form)
        assert r.status_code == 403, (path, r.text)
        assert r.json()["code"] == "bad_origin"
    st = (await client.get(f"/api/tables/{code}")).json()
    assert st["status"] == "lobby" and [s["name"] for s in st["seats"]] == ["Ann", None, None]


async def test_cookie_requests_from_our_own_pages_and_from_non_browsers_still_work(client):
    made = await create(client, 2)
    code = made["code"]
    r = await client.post(f"/api/tables/{code}/bots", json={}, headers={"origin": "http://testserver"})
    assert r.status_code == 200, r.text
    r = await client.post(f"/api/tables/{code}/start")  # no Origin: not a browser
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("headers", [
    {"origin": "null"},
    {"origin": "http://testserver.evil.example"},
    {"origin": "https://evil.example"},
    {"sec-fetch-site": "same-site"},
    {"sec-fetch-site": "cross-site"},
    {"referer": "http://127.0.0.1:1/attack.html"},
])
async def test_every_cookie_authenticated_change_checks_the_origin(client, headers):
    t = await full_table(client, players=2, bots=1)
    code = t["code"]
    for method, path, body in [("POST", "/api/tables", {"game": "three-high", "players": 1, "name": "X"}),
                               ("POST", f"/api/tables/{code}/chat", {"text": "hi"}),
                               ("POST", f"/api/tables/{code}/moves", {"seq": 0, "move": {}}),
                               ("POST", f"/api/tables/{code}/rematch", {}),
                               ("POST", f"/api/tables/{code}/join", {"name": "Y"}),
                               ("PUT", f"/api/tables/{code}/webhook", {"url": None})]:
        r = await client.request(method, path, json=body, headers=headers)
        assert r.status_code == 403 and r.json()["code"] == "bad_origin", (path, r.text)


async def test_bearer_requests_stay_as_they_are_whatever_the_origin(client):
    made = await create(client, 2)
    r = await client.post(f"/api/tables/{made['code']}/bots", json={},
                          headers={**bearer(made["token"]), "origin": EVIL})
    assert r.status_code == 200, r.text


async def test_the_public_url_and_listed_origins_are_accepted(database_url):
    from asgi_lifespan import LifespanManager

    from app.config import Settings
    from app.main import create_app

    settings = Settings(database_url=database_url, log_level="WARNING", public_url="https://play.example.org",
                        allowed_origins="https://friends.example.net")
    application = create_app(settings)
    async with LifespanManager(application):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=application),
                                     base_url="http://10.0.0.5:8000") as c:
            for origin in ("https://play.example.org", "https://friends.example.net", "http://10.0.0.5:8000"):
                r = await c.post("/api/tables", json={"game": "three-high", "players": 1, "name": "A"},
                                 headers={"origin": origin})
                assert r.status_code == 201, (origin, r.text)
            r = await c.post("/api/tables", json={"game": "three-high", "players": 1, "name": "A"},
                             headers={"origin": "https://play.example.org.evil.example"})
            assert r.status_code == 403


@pytest.fixture(scope="module")
def ws_server(tmp_path_factory):
    """One real server for this module's socket tests (as tests/api/test_ws.py does)."""
    from app.store.migrate import upgrade
    from tests.conftest import LiveServer

    tmp = tmp_path_factory.mktemp("security-ws")
    url = f"sqlite+aiosqlite:///{tmp / 'ws.db'}"
    upgrade(url)
    server = LiveServer(url, tmp / "server.log").start()
    yield server
    server.stop()


async def _ws_first(url: str, **kwargs) -> tuple[dict, int | None]:
    async with connect(url, open_timeout=5, **kwargs) as ws:
        first = json.loads(await asyncio.wait_for(ws.recv(), 5))
        try:
            await asyncio.wait_for(ws.recv(), 2)
        except Exception:  # closed, or another message: either way read the close code
            pass
        return first, ws.close_code


async def test_a_cross_origin_websocket_with_the_cookie_is_closed_4403(ws_server):
    async with httpx.AsyncClient(base_url=ws_server.url, timeout=10) as victim:
        t = await full_table(victim, players=2, bots=1)
        cookie = f"icehouse_id={victim.cookies['icehouse_id']}"
        url = f"{ws_server.ws_url}/ws/tables/{t['code']}"
        first, close_code = await _ws_first(url, additional_headers={"Cookie": cookie}, origin=EVIL)
        assert first["type"] == "error" and first["code"] == "bad_origin", first
        assert close_code == 4403
        assert "view" not in json.dumps(first)
        # from the site's own page it works, and so does a token from anywhere
        async with connect(url, additional_headers={"Cookie": cookie}, origin=ws_server.url, open_timeout=5) as ws:
            state = json.loads(await asyncio.wait_for(ws.recv(), 5))
            assert state["type"] == "state" and state["you"] == 0
        async with connect(f"{url}?token={t['tokens'][0]}", origin=EVIL, open_timeout=5) as ws:
            state = json.loads(await asyncio.wait_for(ws.recv(), 5))
            assert state["type"] == "state" and state["you"] == 0


# -- 7. security headers --------------------------------------------------------------------------------
def _csp(headers: httpx.Headers) -> dict[str, str]:
    policy = headers.get("content-security-policy", "")
    return {part.split()[0]: part.strip() for part in policy.split(";") if part.strip()}


def _inline_scripts(html: str) -> list[str]:
    found = []
    for attrs, content in re.findall(r"<script\b([^>]*)>(.*?)</script>", html, flags=re.S | re.I):
        if "src=" in attrs:
            continue
        if re.search(r'type\s*=\s*"application/(ld\+)?json"', attrs):
            continue
        found.append(content[:80])
    found += re.findall(r"\son[a-z]+\s*=\s*[\"']", html, flags=re.I)
    return found


async def test_every_page_has_the_security_headers_and_no_inline_script(client):
    made = await create(client, 1)
    for path in ("/", f"/t/{made['code']}", "/me", "/rules", "/admin", "/docs", "/no-such-page",
                 "/api/games", "/api/tables/zzzzzzzz"):
        r = await client.get(path, headers={"accept": "text/html"} if not path.startswith("/api") else {})
        csp = _csp(r.headers)
        assert csp.get("script-src") == "script-src 'self'", (path, r.headers.get("content-security-policy"))
        assert csp.get("frame-ancestors") == "frame-ancestors 'none'", path
        assert csp.get("object-src") == "object-src 'none'", path
        assert r.headers.get("x-content-type-options") == "nosniff", path
        assert r.headers.get("referrer-policy") in ("same-origin", "no-referrer", "strict-origin"), path
        if "text/html" in r.headers.get("content-type", ""):
            assert not _inline_scripts(r.text), (path, _inline_scripts(r.text))
            if re.search(r'(?:src|href)="(https?:)?//', r.text):
                pytest.fail(f"{path} loads something from another site")


async def test_the_api_docs_are_served_from_this_site(client):
    r = await client.get("/docs")
    assert r.status_code == 200
    assert not re.search(r'(src|href)="(https?:)?//', r.text), "the docs page loads files from a CDN"
    for asset in re.findall(r'(?:src|href)="(/[^"]+\.(?:js|css))"', r.text):
        got = await client.get(asset)
        assert got.status_code == 200 and len(got.content) > 100, asset
    assert (await client.get("/openapi.json")).status_code == 200


@pytest.mark.parametrize("query", ["?token=", "?token=x&token=", "?token=%20&token=", "?x=1&token"])
async def test_an_empty_or_shadowed_token_does_not_skip_the_origin_check(ws_server, query):
    """The socket route reads ?token= as Starlette does (the last value; empty is none, so the cookie
    decides): the Origin check must read it the same way, or a cookie gets in unchecked."""
    async with httpx.AsyncClient(base_url=ws_server.url, timeout=10) as victim:
        t = await full_table(victim, players=2, bots=1)
        cookie = f"icehouse_id={victim.cookies['icehouse_id']}"
        url = f"{ws_server.ws_url}/ws/tables/{t['code']}{query}"
        first, close_code = await _ws_first(url, additional_headers={"Cookie": cookie}, origin=EVIL)
        assert first.get("code") in ("bad_origin", "unauthorized"), first
        assert "view" not in first and close_code in (4403, 4401)


# -- the origin's scheme is checked too ----------------------------------------------------
@pytest.mark.parametrize("origin", ["javascript://testserver", "JAVASCRIPT://testserver", "data://testserver",
                                    "file://testserver", "ws://testserver", "http://user@testserver",
                                    "http://[testserver"])
async def test_an_origin_with_our_host_but_not_a_web_scheme_is_refused(client, origin):
    t = await full_table(client, players=2, bots=1)
    for headers in ({"origin": origin}, {"referer": f"{origin}/t/{t['code']}"}):
        r = await client.post(f"/api/tables/{t['code']}/chat", json={"text": "hi"}, headers=headers)
        assert r.status_code == 403 and r.json()["code"] == "bad_origin", (headers, r.text)
    for origin in ("http://testserver", "https://testserver", "http://testserver:80"):  # our own pages still work
        r = await client.post(f"/api/tables/{t['code']}/chat", json={"text": "hi"}, headers={"origin": origin})
        assert r.status_code == 201, (origin, r.text)


async def test_a_websocket_from_javascript_scheme_with_our_host_is_closed_4403(ws_server):
    async with httpx.AsyncClient(base_url=ws_server.url, timeout=10) as c:
        t = await full_table(c, players=2, bots=1)
        cookie = f"icehouse_id={c.cookies['icehouse_id']}"
        url = f"{ws_server.ws_url}/ws/tables/{t['code']}"
        host = ws_server.url.split("://", 1)[1]
        first, close_code = await _ws_first(url, additional_headers={"Cookie": cookie},
                                            origin=f"javascript://{host}")
        assert first["type"] == "error" and first["code"] == "bad_origin", first
        assert close_code == 4403


async def test_a_listed_origin_is_accepted_only_with_its_own_scheme(database_url):
    from asgi_lifespan import LifespanManager

    from app.config import Settings
    from app.main import create_app

    settings = Settings(database_url=database_url, log_level="WARNING", public_url="https://play.example.org")
    application = create_app(settings)
    async with LifespanManager(application):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=application),
                                     base_url="http://10.0.0.5:8000") as c:
            body = {"game": "three-high", "players": 1, "name": "A"}
            assert (await c.post("/api/tables", json=body, headers={"origin": "https://play.example.org"})
                    ).status_code == 201
            for origin in ("http://play.example.org", "javascript://play.example.org"):
                r = await c.post("/api/tables", json=body, headers={"origin": origin})
                assert r.status_code == 403, (origin, r.text)
