"""A table's sockets, once closed, are freed by reference counting: none of the server's objects of a
connection (its HTTP protocol, its WebSocket protocol, websockets' parser) is left in a reference cycle for
Python's cyclic collector, whose passes stop the whole server while they run (10-20 ms each, about once a
second under load, when every closed socket left a hundred-odd objects for it).

uvicorn serves the app in this process with the server's own protocol classes (app/web/serving.py), so the
collector's findings can be read."""
from __future__ import annotations

import asyncio
import collections
import gc

import httpx
import uvicorn

from app.main import create_app
from app.web.serving import protocols
from tests.api.wsclient import WS
from tests.conftest import free_port

SERVER_SIDE = ("app.web.serving", "uvicorn.", "websockets.server", "httptools.")


async def _table_life(base: str) -> None:
    """Create, join, start, a socket per seat and its welcome, a move, then one socket closed, one dropped."""
    async with httpx.AsyncClient(base_url=base, timeout=10) as ann:
        made = (await ann.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Ann"})).json()
        async with httpx.AsyncClient(base_url=base, timeout=10) as bea:
            joined = (await bea.post(f"/api/tables/{made['code']}/join", json={"name": "Bea"})).json()
        r = await ann.post(f"/api/tables/{made['code']}/start", headers={"authorization": f"Bearer {made['token']}"})
        assert r.status_code == 200, r.text
    ws_base = base.replace("http", "ws")
    socks = [await WS.open(f"{ws_base}/ws/tables/{made['code']}?token={t}") for t in (made["token"], joined["token"])]
    states = [await s.until("state") for s in socks]
    seat = states[0]["to_act"][0]
    await socks[seat].send({"type": "move", "seq": states[0]["seq"], "move": states[seat]["legal_moves"][0]})
    for s in socks:
        await s.until("update")
    await socks[0].close()  # as a page closes its socket
    socks[1].conn.transport.abort()  # as a browser killed or a phone gone from the network leaves


async def test_closed_sockets_leave_nothing_of_the_server_to_the_cyclic_collector(settings):
    http, ws = protocols(settings)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_config=None,
                                           log_level="warning", access_log=False, http=http, ws=ws))
    serving = asyncio.create_task(server.serve())
    try:
        while not server.started:
            await asyncio.sleep(0.02)
        base = f"http://127.0.0.1:{port}"
        await _table_life(base)  # the first table warms up what is made once
        gc.collect()
        gc.disable()
        try:
            for _ in range(3):
                await _table_life(base)
            await asyncio.sleep(0.3)  # the server hears every close
            gc.set_debug(gc.DEBUG_SAVEALL)
            gc.collect()
        finally:
            gc.set_debug(0)
            gc.enable()
        found = collections.Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage
                                    if (type(o).__module__ or "").startswith(SERVER_SIDE))
        gc.garbage.clear()
        assert not found, f"the server's objects of closed connections left in reference cycles: {dict(found)}"
    finally:
        server.should_exit = True
        await serving
