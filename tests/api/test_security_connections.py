"""Connections that never finish are closed, and one address cannot hold them all.

Against a real `icehouse serve` subprocess (its own protocols: app/web/serving.py) with short deadlines set
by environment: a socket that sends nothing, partial headers (all at once, or a byte at a time) or a partial
body is closed after its deadline; a connection idle after a response is closed after the keep-alive; the
per-address and total caps refuse the next connection at once, while requests from elsewhere still work and
a WebSocket lives on past the header deadline."""
from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from app.store.migrate import upgrade
from tests.api.helpers import full_table
from tests.api.wsclient import WS
from tests.conftest import ROOT, LiveServer


class Serve(LiveServer):
    """`python -m app.cli serve` (what `icehouse serve` runs), not bare uvicorn."""

    def spawn(self) -> Serve:
        env = {**os.environ, "ICEHOUSE_DATABASE_URL": self.database_url, "ICEHOUSE_BOT_DELAY_SECONDS": "0",
               "ICEHOUSE_LOG_LEVEL": "WARNING", **self.env}
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--host", "127.0.0.1",
                                          "--port", str(self.port)], cwd=ROOT, env=env, stdout=log,
                                         stderr=subprocess.STDOUT)
        self._signalled = False
        return self


@pytest.fixture
def serve(tmp_path: Path):
    servers: list[Serve] = []

    def start(**env: str) -> Serve:
        url = f"sqlite+aiosqlite:///{tmp_path / 'serve.db'}"
        upgrade(url)
        server = Serve(url, tmp_path / f"serve-{len(servers)}.log",
                       {f"ICEHOUSE_{k.upper()}": str(v) for k, v in env.items()})
        servers.append(server)
        return server.start()

    yield start
    for server in servers:
        server.stop()


def raw(server: Serve, source: str = "127.0.0.1") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(source, 0))
    return s


def closed_within(s: socket.socket, seconds: float, since: float | None = None) -> tuple[float, bytes]:
    """Read until the server closes the socket; (seconds it took since `since`, or since now, and what it
    sent). Fails past `seconds`."""
    started, got = time.monotonic() if since is None else since, b""
    s.settimeout(seconds)
    try:
        while True:
            chunk = s.recv(4096)
            if not chunk:
                break
            got += chunk
    except ConnectionResetError:
        pass
    except TimeoutError:
        raise AssertionError(f"the server kept the connection open for {seconds}s; it sent {got[:200]!r}") from None
    finally:
        s.close()
    return time.monotonic() - started, got


SHORT = {"header_timeout_seconds": "1", "body_timeout_seconds": "1", "keep_alive_seconds": "1"}


def test_a_connection_that_sends_nothing_or_partial_headers_is_closed(serve):
    server = serve(**SHORT)
    opened = time.monotonic()
    silent = raw(server)
    partial = raw(server)
    partial.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: ")
    dripping = raw(server)
    for sock in (silent, partial):
        took, got = closed_within(sock, 4, since=opened)
        assert 0.8 <= took < 4 and got == b"", (took, got)
    # Slowloris: a header byte every 0.2 s still has to finish in a second (a deadline, not an idle timer).
    started = time.monotonic()
    try:
        for byte in b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 40:
            dripping.send(bytes([byte]))
            time.sleep(0.2)
        raise AssertionError("a request dripped a byte at a time was never cut off")
    except (BrokenPipeError, ConnectionResetError):
        pass
    assert time.monotonic() - started < 4
    dripping.close()
    assert httpx.get(f"{server.url}/api/games", timeout=5).status_code == 200  # the site still answers


def test_a_partial_body_is_closed_with_408_and_an_idle_keep_alive_is_closed(serve):
    server = serve(**SHORT)
    s = raw(server)
    s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
              b"Content-Length: 200\r\n\r\n{\"game\": ")
    took, got = closed_within(s, 4)
    assert 0.8 <= took < 4, took
    assert got.startswith(b"HTTP/1.1 408") and b'"code": "timeout"' in got, got
    # A finished request, then nothing: closed after the keep-alive.
    s = raw(server)
    s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    took, got = closed_within(s, 4)
    assert got.startswith(b"HTTP/1.1 200") and took < 4, (took, got[:100])


def test_the_per_address_cap_refuses_the_next_connection_while_others_are_served(serve):
    server = serve(max_connections_per_address="5", header_timeout_seconds="30")
    held = [raw(server) for _ in range(5)]
    time.sleep(0.2)  # the server has counted them
    took, got = closed_within(raw(server), 3)  # the sixth from 127.0.0.1
    assert took < 1, took
    assert got.startswith(b"HTTP/1.1 503") and b"too_many_connections" in got and b"your address" in got, got
    # Another address is served meanwhile.
    with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=5) as other:
        assert other.get(f"{server.url}/api/games").status_code == 200
    held.pop().close()
    time.sleep(0.2)
    assert httpx.get(f"{server.url}/api/games", timeout=5).status_code == 200  # a place freed is given again
    for sock in held:
        sock.close()


def test_the_total_cap_refuses_the_next_connection(serve):
    server = serve(max_connections="16", max_connections_per_address="100", header_timeout_seconds="30")
    held = [raw(server, f"127.0.0.{2 + i % 3}") for i in range(16)]
    time.sleep(0.2)
    took, got = closed_within(raw(server, "127.0.0.9"), 3)
    assert took < 1 and got.startswith(b"HTTP/1.1 503") and b"as many connections" in got, (took, got)
    for sock in held:
        sock.close()
    time.sleep(0.2)
    assert httpx.get(f"{server.url}/api/games", timeout=5).status_code == 200


async def test_a_websocket_outlives_the_header_deadline_and_counts_until_closed(serve):
    server = serve(header_timeout_seconds="1", body_timeout_seconds="1", max_connections_per_address="3")
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host:
        t = await full_table(host, players=2, bots=1)
    url = f"{server.ws_url}/ws/tables/{t['code']}?token={t['tokens'][0]}"
    sockets = [await WS.open(url) for _ in range(3)]
    for ws in sockets:
        await ws.until("state")
    await asyncio.sleep(2.5)  # past the header and body deadlines
    for ws in sockets:
        await ws.send({"type": "ping"})
        assert (await ws.until("pong"))["type"] == "pong"
    # Three open sockets are this address's three connections: a fourth is refused...
    with pytest.raises(Exception):  # noqa: B017 - the handshake gets a 503, raised as the client library's own error
        await WS.open(url)
    # ...until one closes.
    await sockets.pop().close()
    await asyncio.sleep(0.3)
    again = await WS.open(url)
    await again.until("state")
    for ws in [*sockets, again]:
        await ws.close()
