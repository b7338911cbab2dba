"""Across two instances (PostgreSQL + Redis): the instance that announces a turn decides
with the presence every instance shares over the broker, hidden pages included."""
from __future__ import annotations

import asyncio
import secrets
import time

import httpx
import pytest

from tests.api.helpers import bearer, full_table, state
from tests.api.test_notify_away import posts_for, wait_posts
from tests.api.wsclient import WS


@pytest.mark.postgres
@pytest.mark.redis
async def test_a_seat_visible_on_another_instance_is_at_the_table(live_server, postgres_url, redis_url,
                                                                  loopback):
    # Each instance re-announces its sockets every 2 s, and forgets another's after 6 s of silence (not
    # the 0.3 s of the 0.1 s sweeps other two-instance tests use: a busy machine would forget b's page).
    channel = f"icehouse:test:{secrets.token_hex(4)}"
    a, b = [live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel, sweep_seconds="2",
                        webhook_allow_private="1", away_after_seconds="1") for _ in range(2)]
    for server in (a, b):
        server.wait_ready()
    rx = loopback(204)
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as ca, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as cb:
        t = await full_table(ca, cb)
        code, tokens = t["code"], t["tokens"]
        st = await state(ca, code, tokens[0])
        mover = st["to_act"][0]
        waiting = 1 - mover
        client = {0: ca, 1: cb}
        r = await client[waiting].put(f"/api/tables/{code}/webhook", headers=bearer(tokens[waiting]),
                                      json={"url": f"{rx.base}/hooks/{waiting}", "format": "slack"})
        assert r.status_code == 200, r.text
        # the waiting seat: a page hidden (long enough) on instance a, a page in view on instance b
        on_a = await WS.open(f"{a.ws_url}/ws/tables/{code}?token={tokens[waiting]}")
        on_b = await WS.open(f"{b.ws_url}/ws/tables/{code}?token={tokens[waiting]}")
        for ws in (on_a, on_b):
            assert (await ws.recv())["type"] == "state"
        await on_a.send({"type": "visibility", "visible": False})
        await asyncio.sleep(1.5)  # a's page has been hidden past the grace; b's is in view
        mine = await state(ca, code, tokens[mover])
        r = await ca.post(f"/api/tables/{code}/moves", headers=bearer(tokens[mover]),
                          json={"seq": mine["seq"], "move": mine["legal_moves"][0]})  # announced on a
        assert r.status_code == 200, r.text
        if r.json()["status"] != "playing":
            pytest.skip("the first play ended the game")
        await asyncio.sleep(2.0)
        assert rx.requests == [], "told while a page of the seat was in view on the other instance"
        closed_at = time.monotonic()
        await on_b.close()  # the page in view closes on b: a's page is hidden since long ago
        await wait_posts(rx, waiting, 1, timeout=5)
        assert time.monotonic() - closed_at < 3
        await asyncio.sleep(1.0)
        assert len(posts_for(rx, waiting)) == 1 and len(rx.requests) == 1
        await on_a.close()
