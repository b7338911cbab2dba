"""Two app instances sharing one database and one Redis: a move on A reaches a socket on B."""
from __future__ import annotations

import secrets

import httpx
import pytest

from tests.api.helpers import bearer, full_table, state
from tests.api.wsclient import WS

pytestmark = [pytest.mark.redis, pytest.mark.postgres]


async def test_a_move_on_one_instance_reaches_a_socket_on_the_other(live_server, postgres_url, redis_url):
    channel = f"icehouse:test:{secrets.token_hex(4)}"  # parallel runs never hear each other
    a = live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel)
    b = live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel)
    a.wait_ready(), b.wait_ready()
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as guest:
        t = await full_table(host, guest)
        code, tokens = t["code"], t["tokens"]
        st = await state(host, code, tokens[0])
        mover = st["to_act"][0]
        on_b = await WS.open(f"{b.ws_url}/ws/tables/{code}?token={tokens[1 - mover]}")
        watcher_b = await WS.open(f"{b.ws_url}/ws/tables/{code}")
        on_a = await WS.open(f"{a.ws_url}/ws/tables/{code}?token={tokens[mover]}")
        for ws in (on_b, watcher_b, on_a):
            assert (await ws.recv())["type"] == "state"
        # presence is merged over both instances
        for ws in (watcher_b, on_a):  # A learns of B's sockets by asking when its first socket arrives
            await ws.until(lambda m: m["type"] == "presence" and m["connected"] == [0, 1]
                           and m["spectators"] == 1)

        mine = await state(host, code, tokens[mover])
        r = await host.post(f"/api/tables/{code}/moves", headers=bearer(tokens[mover]),
                            json={"seq": 0, "move": mine["legal_moves"][0]})
        assert r.status_code == 200
        for ws, seat in ((on_b, 1 - mover), (watcher_b, None), (on_a, mover)):
            up = await ws.until("update")
            assert up["seq"] == 1 and up["state"]["you"] == seat
        turn = await on_b.until("your_turn")
        assert turn["seq"] == 1

        await on_a.send({"type": "chat", "text": "from A"})
        assert (await watcher_b.until("chat"))["text"] == "from A"
        for ws in (on_b, watcher_b, on_a):
            await ws.close()
