"""Sockets on instances run as operators run them (`icehouse serve`): the server pings every socket and drops
one that stops answering (a half-open connection); a graceful shutdown closes every socket with 1012
(service restart), which the client takes as "reconnect elsewhere, soon"."""
from __future__ import annotations

import asyncio
import base64
import os
import secrets
import socket

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.api.helpers import full_table
from tests.api.services import serve  # noqa: F401 - fixture
from tests.api.wsclient import WS

pytestmark = [pytest.mark.redis, pytest.mark.postgres]


def half_open(port: int, path: str) -> socket.socket:
    """A WebSocket that completes its handshake and then never reads again: no pong ever comes back, as
    from a phone that left the network without closing anything."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


async def test_a_socket_that_stops_answering_pings_is_dropped(serve, postgres_url):  # noqa: F811 - the fixture imported above
    server = serve(postgres_url, ws_ping_seconds=0.3, ws_ping_timeout_seconds=0.5)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as guest:
        t = await full_table(host, guest)
        code, tokens = t["code"], t["tokens"]
        watcher = await WS.open(f"{server.ws_url}/ws/tables/{code}?token={tokens[0]}")
        await watcher.until("state")
        dead = await asyncio.to_thread(half_open, server.port, f"/ws/tables/{code}?token={tokens[1]}")
        try:
            await watcher.until(lambda m: m["type"] == "presence" and 1 in m["connected"])
            # The live socket answers the pings and stays; the silent one is dropped within a second or two.
            gone = await watcher.until(lambda m: m["type"] == "presence" and 1 not in m["connected"], timeout=6)
            assert gone["connected"] == [0]
            await asyncio.sleep(1.0)
            await watcher.send({"type": "ping"})
            assert (await watcher.until("pong"))["type"] == "pong"
        finally:
            dead.close()
            await watcher.close()


async def test_a_graceful_shutdown_closes_sockets_with_service_restart(serve, postgres_url, redis_url):  # noqa: F811 - the fixture imported above
    channel = f"icehouse:test:{secrets.token_hex(4)}"
    a = serve(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel)
    b = serve(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel)
    a.wait_ready(), b.wait_ready()
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as guest:
        t = await full_table(host, guest)
        code, tokens = t["code"], t["tokens"]
        on_a = await WS.open(f"{a.ws_url}/ws/tables/{code}?token={tokens[0]}")
        on_b = await WS.open(f"{b.ws_url}/ws/tables/{code}?token={tokens[1]}")
        for ws in (on_a, on_b):
            await ws.until("state")
        await on_b.until(lambda m: m["type"] == "presence" and m["connected"] == [0, 1])

        a.terminate()  # SIGTERM, as an orchestrator stops a container
        with pytest.raises(ConnectionClosed):
            while True:
                await on_a.recv(timeout=10)
        assert on_a.conn.close_code == 1012  # service restart: the client reconnects, to another instance
        # The other instance hears that A's sockets are gone, and takes the client back at once.
        await on_b.until(lambda m: m["type"] == "presence" and m["connected"] == [1])
        again = await WS.open(f"{b.ws_url}/ws/tables/{code}?token={tokens[0]}")
        assert (await again.until("state"))["you"] == 0
        await on_b.until(lambda m: m["type"] == "presence" and m["connected"] == [0, 1])
        a.proc.wait(10)  # uvicorn shuts down gracefully, then re-raises the signal it caught
        assert a.proc.returncode in (0, -15) and "Traceback" not in a.log(), a.log()
        for ws in (on_b, again):
            await ws.close()
