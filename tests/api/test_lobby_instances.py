"""The lobby through the live table, with two instances on PostgreSQL and Redis: each instance decides from
its memory and the database decides between them (app/tables/lobby/commands.py, app/store/lobby_records.py).
"""
from __future__ import annotations

import asyncio
import secrets

import httpx
import pytest

from tests.api.helpers import bearer, create
from tests.api.wsclient import WS
from tests.conftest import eventually

pytestmark = [pytest.mark.redis, pytest.mark.postgres]


def two(live_server, postgres_url, redis_url):
    channel = f"icehouse:test:{secrets.token_hex(4)}"
    a = live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel)
    b = live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel)
    a.wait_ready(), b.wait_ready()
    return a, b


async def test_racing_joins_on_two_instances_fill_each_seat_once_and_the_start_sees_them_all(
        live_server, postgres_url, redis_url):
    a, b = two(live_server, postgres_url, redis_url)
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as host:
        made = await create(host, 3)
        code = made["code"]
        # four people race for two seats, two on each instance (each instance holds the lobby in memory)
        clients = [httpx.AsyncClient(base_url=server.url, timeout=10) for server in (a, b, a, b)]
        answers = await asyncio.gather(*(c.post(f"/api/tables/{code}/join", json={"name": f"P{i}"})
                                         for i, c in enumerate(clients)))
        for c in clients:
            await c.aclose()
        seated = [r.json() for r in answers if r.status_code == 200]
        refused = [r.json() for r in answers if r.status_code != 200]
        assert sorted(x["seat"] for x in seated) == [1, 2], answers
        assert [x["code"] for x in refused] == ["table_full", "table_full"], refused
        r = await host.post(f"/api/tables/{code}/start", headers=bearer(made["token"]))
        assert r.status_code == 200, r.text
        assert [s["name"] is not None for s in r.json()["seats"]] == [True, True, True]
        for x in seated:  # every seat's token opens a socket on either instance, as its seat
            for server in (a, b):
                ws = await WS.open(f"{server.ws_url}/ws/tables/{code}?token={x['token']}")
                st = await ws.recv()
                assert st["type"] == "state" and st["you"] == x["seat"] and st["status"] == "playing", st
                await ws.close()


async def test_a_welcome_on_the_instance_that_made_the_table_has_the_chat_said_on_the_other(
        live_server, postgres_url, redis_url):
    a, b = two(live_server, postgres_url, redis_url)
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as guest:
        made = await create(host, 2)  # A keeps the table's chat tail in memory from its first moment
        code = made["code"]
        r = await guest.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        assert r.status_code == 200, r.text
        assert (await guest.post(f"/api/tables/{code}/chat", json={"text": "hello from B"},
                                 headers=bearer(r.json()["token"]))).status_code == 201

        async def welcome_has_it() -> bool:
            ws = await WS.open(f"{a.ws_url}/ws/tables/{code}?token={made['token']}")
            try:
                assert (await ws.recv())["type"] == "state"
                history = await ws.recv()
                assert history["type"] == "chat_history", history
                return [m["text"] for m in history["messages"]] == ["hello from B"]
            finally:
                await ws.close()

        await eventually(welcome_has_it)
