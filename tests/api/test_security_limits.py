"""Abuse limits per client address and per seat (429 with Retry-After), forwarded
addresses believed only from trusted proxies, and defaults that leave ordinary use alone."""
from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from asgi_lifespan import LifespanManager

from app.config import Settings
from app.main import create_app
from app.web.ratelimit import Buckets, Rate
from tests.api.helpers import bearer, create, full_table, state
from tests.api.wsclient import WS

GAME = {"game": "three-high", "players": 1, "name": "Ann"}


def low(database_url: str, **limits: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None, **limits)


async def _client(application, address: str = "127.0.0.1") -> httpx.AsyncClient:
    transport = httpx.ASGITransport(app=application, client=(address, 40000))
    return httpx.AsyncClient(transport=transport, base_url="http://testserver")


def assert_limited(r: httpx.Response) -> int:
    assert r.status_code == 429, r.text
    assert r.json()["code"] == "rate_limited" and "wait" in r.json()["detail"]
    retry = int(r.headers["retry-after"])
    assert retry >= 1
    return retry


def test_bucket_refills_at_its_rate():
    now = [0.0]
    b = Buckets(Rate(2, 10), clock=lambda: now[0])
    assert b.take("a") == 0 and b.take("a") == 0
    assert b.take("a") == pytest.approx(5.0)  # one token comes back every 5 s
    assert b.take("other") == 0  # keys are apart
    now[0] = 5.0
    assert b.take("a") == 0


def test_rates_are_written_n_per_s():
    assert Rate.parse("30/60") == Rate(30, 60.0) and Rate.parse("0") is None and Rate.parse("") is None
    with pytest.raises(ValueError):
        Rate.parse("lots")
    with pytest.raises(ValueError):
        Settings(rate_limit_chat="1/0x")


async def test_creating_tables_is_limited_per_address(database_url):
    application = create_app(low(database_url, rate_limit_create="3/60"))
    async with LifespanManager(application):
        a, b = await _client(application, "198.51.100.7"), await _client(application, "198.51.100.8")
        for _ in range(3):
            assert (await a.post("/api/tables", json=GAME)).status_code == 201
        r = await a.post("/api/tables", json=GAME)
        assert 10 <= assert_limited(r) <= 20  # one table back every 20 s
        assert (await b.post("/api/tables", json=GAME)).status_code == 201  # another address is not slowed
        await a.aclose(), await b.aclose()


async def test_joining_is_limited_per_address(database_url):
    application = create_app(low(database_url, rate_limit_join="2/60"))
    async with LifespanManager(application):
        host = await _client(application, "198.51.100.1")
        made = await create(host, 4)
        joiners = [await _client(application, "198.51.100.9") for _ in range(3)]
        for c in joiners[:2]:
            assert (await c.post(f"/api/tables/{made['code']}/join", json={"name": "J"})).status_code == 200
        assert_limited(await joiners[2].post(f"/api/tables/{made['code']}/join", json={"name": "J"}))
        for c in [host, *joiners]:
            await c.aclose()


async def test_chat_is_limited_per_seat_and_per_address(database_url):
    application = create_app(low(database_url, rate_limit_chat="3/60", rate_limit_chat_address="5/60"))
    async with LifespanManager(application):
        host = await _client(application, "198.51.100.1")
        guest = await _client(application, "198.51.100.1")
        t = await full_table(host, guest, players=2)
        code = t["code"]
        for i in range(3):
            r = await host.post(f"/api/tables/{code}/chat", json={"text": f"hi {i}"}, headers=bearer(t["tokens"][0]))
            assert r.status_code == 201, r.text
        r = await host.post(f"/api/tables/{code}/chat", json={"text": "again"}, headers=bearer(t["tokens"][0]))
        assert_limited(r)
        for _ in range(2):  # the other seat has its own allowance, until the address runs out
            r = await guest.post(f"/api/tables/{code}/chat", json={"text": "yo"}, headers=bearer(t["tokens"][1]))
            assert r.status_code == 201, r.text
        assert_limited(await guest.post(f"/api/tables/{code}/chat", json={"text": "yo"},
                                        headers=bearer(t["tokens"][1])))
        history = (await host.get(f"/api/tables/{code}/chat")).json()
        assert len(history) == 5
        await host.aclose(), await guest.aclose()


async def test_chat_by_cookie_is_limited_per_seat_too(database_url):
    application = create_app(low(database_url, rate_limit_chat="2/60"))
    async with LifespanManager(application):
        host = await _client(application)
        t = await full_table(host, players=2, bots=1)
        for i in range(2):
            assert (await host.post(f"/api/tables/{t['code']}/chat", json={"text": f"{i}"})).status_code == 201
        assert_limited(await host.post(f"/api/tables/{t['code']}/chat", json={"text": "more"}))
        await host.aclose()


async def test_moves_are_limited_per_seat(database_url):
    application = create_app(low(database_url, rate_limit_move="2/60"))
    async with LifespanManager(application):
        host = await _client(application)
        t = await full_table(host, players=1)
        code, token = t["code"], t["tokens"][0]
        statuses = []
        for _ in range(3):
            st = await state(host, code, token)
            if st["status"] != "playing":
                pytest.skip("the solo deal ended at once")
            r = await host.post(f"/api/tables/{code}/moves", headers=bearer(token),
                                json={"seq": st["seq"], "move": st["legal_moves"][0]})
            statuses.append(r.status_code)
        assert statuses[:2] == [200, 200] or 200 not in statuses[2:], statuses
        assert statuses[2] == 429
        await host.aclose()


async def test_forwarded_for_is_believed_only_from_trusted_proxies(database_url):
    settings = low(database_url, rate_limit_create="1/60", trusted_proxies="10.0.0.0/8")
    application = create_app(settings)
    async with LifespanManager(application):
        proxy = await _client(application, "10.1.2.3")
        stranger = await _client(application, "203.0.113.5")
        for client_ip in ("198.51.100.1", "198.51.100.2"):  # two clients behind the proxy
            r = await proxy.post("/api/tables", json=GAME, headers={"x-forwarded-for": client_ip})
            assert r.status_code == 201, r.text
        r = await proxy.post("/api/tables", json=GAME, headers={"x-forwarded-for": "evil, 198.51.100.1"})
        assert_limited(r)  # only the hop our proxy saw counts, not what the client wrote before it
        r = await stranger.post("/api/tables", json=GAME, headers={"x-forwarded-for": "1.1.1.1"})
        assert r.status_code == 201
        r = await stranger.post("/api/tables", json=GAME, headers={"x-forwarded-for": "2.2.2.2"})
        assert_limited(r)  # a stranger's X-Forwarded-For is ignored: it is still the same address
        await proxy.aclose(), await stranger.aclose()


async def test_the_defaults_leave_a_busy_evening_alone(client, new_client):
    """25 tables from one address in a few seconds, a chatty seat and a fast player: nothing is limited."""
    made = [await create(new_client(), 1) for _ in range(25)]
    t = await full_table(client, players=2, bots=1)
    for i in range(15):
        r = await client.post(f"/api/tables/{t['code']}/chat", json={"text": f"line {i}"})
        assert r.status_code == 201, r.text
    assert len(made) == 25


async def test_socket_chat_over_the_limit_gets_an_error_and_stays_open(live_server):
    server = live_server(rate_limit_chat="2/60")
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host:
        t = await full_table(host, players=2, bots=1)
        ws = await WS.open(f"{server.ws_url}/ws/tables/{t['code']}?token={t['tokens'][0]}")
        await ws.until("chat_history")
        for i in range(3):
            await ws.send({"type": "chat", "text": f"hello {i}"})
        error = await ws.until("error")
        assert error["code"] == "rate_limited" and error["status"] == 429 and error["retry_after"] >= 1
        await ws.send({"type": "ping"})
        assert (await ws.until("pong"))["type"] == "pong"
        chats = [m for m in ws.received if m["type"] == "chat"]
        await asyncio.sleep(0.2)
        history = (await host.get(f"/api/tables/{t['code']}/chat")).json()
        assert len(history) == 2, json.dumps(history)
        assert len(chats) <= 2
        await ws.close()


@pytest.mark.parametrize("trusted,expect", [("", (False, None)),
                                            ("10.0.0.0/8, 127.0.0.1", (True, "10.0.0.0/8,127.0.0.1"))])
def test_icehouse_serve_believes_forwarded_headers_only_from_trusted_proxies(monkeypatch, trusted, expect):
    import uvicorn

    from app import cli
    from app.config import get_settings

    seen = {}
    monkeypatch.setattr(uvicorn, "Config", lambda *a, **kw: seen.update(kw) or kw)  # what serve would run
    monkeypatch.setattr(cli, "serve_until_stopped", lambda config, public_url: True)
    monkeypatch.setenv("ICEHOUSE_TRUSTED_PROXIES", trusted)
    get_settings.cache_clear()
    try:
        assert cli.main(["serve", "--port", "9"]) == 0
    finally:
        get_settings.cache_clear()
    assert (seen["proxy_headers"], seen["forwarded_allow_ips"]) == expect


async def test_hints_are_limited_per_seat_and_per_address(database_url):
    """One seat asked 294 hints in 15 s, each a job for the bots' one worker."""
    application = create_app(low(database_url, rate_limit_hint="3/60", rate_limit_hint_address="5/60",
                                 bot_seconds=0.05))
    async with LifespanManager(application):
        one = await _client(application, "198.51.100.21")
        seats = []
        for _ in range(2):  # two solo tables from one address: seat limits apart, the address's shared
            t = await full_table(one, players=1)
            seats.append((t["code"], t["tokens"][0]))
        code, token = seats[0]
        for _ in range(3):
            r = await one.post(f"/api/tables/{code}/hint", headers=bearer(token))
            assert r.status_code == 200, r.text
        r = await one.post(f"/api/tables/{code}/hint", headers=bearer(token))
        assert_limited(r)
        assert "hints from your seat" in r.json()["detail"]
        code, token = seats[1]
        for _ in range(2):
            assert (await one.post(f"/api/tables/{code}/hint", headers=bearer(token))).status_code == 200
        r = await one.post(f"/api/tables/{code}/hint", headers=bearer(token))
        assert_limited(r)
        assert "hints from your address" in r.json()["detail"]
        other = await _client(application, "198.51.100.22")  # another address is not slowed
        t = await full_table(other, players=1)
        assert (await other.post(f"/api/tables/{t['code']}/hint", headers=bearer(t["tokens"][0]))).status_code == 200
        await one.aclose(), await other.aclose()
