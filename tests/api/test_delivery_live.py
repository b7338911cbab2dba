"""A turn message's delivery result reaches the seat's own open pages as it happens (a "delivery" socket
message), and no other seat's nor a spectator's. The seat's page is hidden (another tab): a seat at the table
is not sent turn messages (tests/api/test_notify_away.py)."""
from __future__ import annotations

import asyncio

import httpx
import pytest

from tests.api.helpers import bearer, full_table, state
from tests.api.wsclient import WS


async def test_the_seat_to_act_hears_how_its_turn_message_went(live_server, loopback):
    server = live_server(webhook_allow_private="1", away_after_seconds="0")
    rx = loopback(204)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as guest:
        t = await full_table(host, guest)
        code, tokens, clients = t["code"], t["tokens"], {0: host, 1: guest}
        st = await state(host, code, tokens[0])
        mover = st["to_act"][0]
        waiting = 1 - mover
        r = await clients[waiting].put(f"/api/tables/{code}/webhook", headers=bearer(tokens[waiting]),
                                       json={"url": f"{rx.base}/hooks/x", "format": "slack"})
        assert r.status_code == 200, r.text
        url = f"{server.ws_url}/ws/tables/{code}"
        socks = {seat: await WS.open(f"{url}?token={tokens[seat]}") for seat in (0, 1)}
        socks[None] = await WS.open(url)
        for ws in socks.values():
            assert (await ws.recv())["type"] == "state"
        await socks[waiting].send({"type": "visibility", "visible": False})
        await asyncio.sleep(0.3)
        mine = await state(clients[mover], code, tokens[mover])
        r = await clients[mover].post(f"/api/tables/{code}/moves", headers=bearer(tokens[mover]),
                                      json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
        assert r.status_code == 200, r.text
        if r.json()["status"] != "playing":
            pytest.skip("the first play ended the game: nobody's turn to tell")
        told = await socks[waiting].until("delivery", timeout=10)
        assert told["channel"] == "webhook" and told["result"]["ok"] is True and told["gone"] is False
        assert len(rx.requests) == 1
        await asyncio.sleep(0.5)  # anything sent to the others would have arrived by now
        for seat in (mover, None):
            assert not any(m["type"] == "delivery" for m in socks[seat].received), seat
            while True:  # and nothing waiting unread
                try:
                    msg = await socks[seat].recv(timeout=0.2)
                except (asyncio.TimeoutError, TimeoutError):
                    break
                assert msg["type"] != "delivery", seat
        for ws in socks.values():
            await ws.close()
