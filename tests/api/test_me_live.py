"""WebSocket /ws/me: the live "My tables". The list comes at once, and again when one of the player's
tables moves (here: through the other seat's move), so the page shows "your turn" without asking."""
from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.api.helpers import bearer, full_table, state
from tests.api.test_exactly_once import two
from tests.api.wsclient import WS


async def test_my_tables_come_again_when_it_becomes_my_turn(live_server):
    server = live_server()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as ann, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as bea:
        t = await full_table(ann, bea)
        code, tokens = t["code"], t["tokens"]
        st = await state(ann, code)
        mover = st["to_act"][0]
        waiting, clients = 1 - mover, {0: ann, 1: bea}
        cookie = "; ".join(f"{k}={v}" for k, v in clients[waiting].cookies.items())
        ws = await WS.open(f"{server.ws_url}/ws/me", cookie=cookie)
        try:
            first = await ws.until("me")
            assert [(x["code"], x["your_turn"]) for x in first["tables"]] == [(code, False)]
            mine = await state(clients[mover], code, tokens[mover])
            r = await clients[mover].post(f"/api/tables/{code}/moves", headers=bearer(tokens[mover]),
                                          json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
            assert r.status_code == 200
            if r.json()["status"] != "playing":
                return  # the first play ended the game: nothing more to wait for
            turned = await ws.until(lambda m: m.get("type") == "me" and m["tables"][0]["your_turn"])
            assert turned["tables"][0]["code"] == code and "token" not in str(turned)
        finally:
            await ws.conn.close()


async def test_a_stranger_gets_an_empty_list(live_server):
    server = live_server()
    ws = await WS.open(f"{server.ws_url}/ws/me")
    try:
        assert await ws.until("me") == {"type": "me", "name": None, "tables": []}
    finally:
        await ws.conn.close()


async def test_another_sites_page_cannot_read_my_tables(live_server):
    server = live_server()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as ann:
        await full_table(ann, start=False)
        cookie = "; ".join(f"{k}={v}" for k, v in ann.cookies.items())
    evil = {"Cookie": cookie, "Origin": "https://evil.example"}
    for path, words in (("/ws/me", "another site's page"), ("/ws/me?token=x", "cookie only")):
        async with connect(f"{server.ws_url}{path}", additional_headers=evil, open_timeout=5) as ws:
            said = json.loads(await asyncio.wait_for(ws.recv(), 5))
            assert said["type"] == "error" and words in said["detail"] and "tables" not in said, said
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 5)  # and nothing more


@pytest.mark.postgres
@pytest.mark.redis
async def test_a_move_on_another_instance_reaches_my_tables(live_server, postgres_url, redis_url):
    a, b = two(live_server, postgres_url, redis_url)
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as ann, \
            httpx.AsyncClient(base_url=a.url, timeout=10) as bea:
        t = await full_table(ann, bea)
        code, tokens = t["code"], t["tokens"]
        mover = (await state(ann, code))["to_act"][0]
        waiting, clients = 1 - mover, {0: ann, 1: bea}
        cookie = "; ".join(f"{k}={v}" for k, v in clients[waiting].cookies.items())
        ws = await WS.open(f"{b.ws_url}/ws/me", cookie=cookie)  # My tables open on instance B
        try:
            assert not (await ws.until("me"))["tables"][0]["your_turn"]
            mine = await state(clients[mover], code, tokens[mover])
            r = await clients[mover].post(f"/api/tables/{code}/moves", headers=bearer(tokens[mover]),
                                          json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
            assert r.status_code == 200  # played on instance A
            if r.json()["status"] == "playing":
                await ws.until(lambda m: m.get("type") == "me" and m["tables"][0]["your_turn"])
        finally:
            await ws.conn.close()
