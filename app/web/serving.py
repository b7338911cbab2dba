"""Connection guards for `icehouse serve`: uvicorn's HTTP and WebSocket protocols, with

- a header deadline: a connection that has not sent a request's line and headers within
  `header_timeout` seconds of connecting (or of starting its next request) is closed: no bytes at all,
  partial headers, or headers a byte at a time (uvicorn has no such timer on httptools);
- a body deadline: a request's body must have arrived `body_timeout` seconds after its headers (408);
- a cap on the open connections of one client address (WebSockets included, for as long as they are open)
  and on all of them (file descriptors are finite): past either, a new connection gets a 503 and is closed.

Connections from ICEHOUSE_TRUSTED_PROXIES are not capped per address (every client comes through them;
the proxy limits its clients: deploy/). The idle timeout between requests is uvicorn's keep-alive.
"""
from __future__ import annotations

import asyncio
import json
import logging
import resource
import struct

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.protocol import State

from app.config import Settings
from app.web.middleware import Proxies

log = logging.getLogger("icehouse.serve")

FD_RESERVE = 256  # file descriptors kept for the database, Redis, bot workers and logs

# The ASGI scope extension through which a table socket writes a frame at once (GuardedWebSocket.send_now).
SEND_NOW = "icehouse.send_now"


def text_header(length: int) -> bytes:
    """The header of an unmasked, final text frame of `length` bytes (RFC 6455 5.2), as websockets writes it."""
    if length < 126:
        return bytes((0x81, length))
    if length < 65536:
        return struct.pack("!BBH", 0x81, 126, length)
    return struct.pack("!BBQ", 0x81, 127, length)


class Slots:
    """The open connections of this process, counted per client address and in all."""

    def __init__(self, per_address: int, total: int, proxies: Proxies):
        self.per_address, self.total, self.proxies = per_address, total, proxies
        self._owner: dict[int, str | None] = {}  # id(transport) -> its counted address (None: a proxy)
        self._counts: dict[str, int] = {}

    def take(self, transport: asyncio.BaseTransport) -> str | None:
        """Count a new connection; the reason it is refused instead, or None."""
        peer = transport.get_extra_info("peername")
        address = peer[0] if isinstance(peer, tuple) and peer else None
        if len(self._owner) >= self.total:
            return "The server has as many connections as it can take; try again in a moment."
        counted = None if address is None or self.proxies.trusts(address) else address
        if counted is not None:
            if self._counts.get(counted, 0) >= self.per_address:
                return (f"Too many connections from your address (at most {self.per_address}); close some and "
                        "try again.")
            self._counts[counted] = self._counts.get(counted, 0) + 1
        self._owner[id(transport)] = counted
        return None

    def release(self, transport: asyncio.BaseTransport) -> None:
        """The connection is gone (idempotent: the HTTP protocol or, after an upgrade, the WebSocket's)."""
        key = id(transport)
        if key not in self._owner:
            return
        counted = self._owner.pop(key)
        if counted is not None:
            left = self._counts[counted] - 1
            if left:
                self._counts[counted] = left
            else:
                del self._counts[counted]

    def __len__(self) -> int:
        return len(self._owner)


def refusal(status: int, reason: str, detail: str, code: str) -> bytes:
    body = json.dumps({"detail": detail, "code": code}).encode()
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            "connection: close\r\n\r\n").encode() + body


def protocols(settings: Settings, slots: Slots | None = None) -> tuple[type, type]:
    """The HTTP and WebSocket protocol classes for uvicorn.run(http=..., ws=...) with these settings."""
    if slots is None:
        slots = Slots(settings.max_connections_per_address, fd_budget(settings.max_connections),
                      Proxies(settings.listed("trusted_proxies")))
    header_timeout, body_timeout = settings.header_timeout_seconds, settings.body_timeout_seconds

    class GuardedHttp(HttpToolsProtocol):
        _header_timer: asyncio.TimerHandle | None = None
        _body_timer: asyncio.TimerHandle | None = None
        _upgraded = False  # the connection is a WebSocket's now: none of these timers apply

        def connection_made(self, transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            refused = slots.take(transport)
            if refused is not None:
                log.warning("connection refused", extra={"client": (self.client or ("?",))[0], "why": refused})
                transport.write(refusal(503, "Service Unavailable", refused, "too_many_connections"))
                transport.close()
                return
            self._arm_header_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            slots.release(self.transport)
            self._cancel_timers()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            # Bytes between requests that began none (a stray CRLF) cancelled the keep-alive timer: the
            # next request's headers are due all the same.
            if (self._header_timer is None and self.timeout_keep_alive_task is None and not self._upgraded
                    and (self.cycle is None or self.cycle.response_complete)
                    and not self.transport.is_closing()):
                self._arm_header_timer()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self._header_timer is None:
                self._arm_header_timer()

        def on_headers_complete(self) -> None:
            self._cancel(header=True)
            super().on_headers_complete()
            if not (self.parser.should_upgrade() and self._should_upgrade()):
                self._body_timer = self.loop.call_later(body_timeout, self._body_late)

        def on_message_complete(self) -> None:
            self._cancel(body=True)
            super().on_message_complete()

        def handle_websocket_upgrade(self) -> None:
            self._upgraded = True
            self._cancel_timers()  # the WebSocket protocol takes the connection (and its slot) over
            super().handle_websocket_upgrade()
            # This protocol is done with the connection: its parser (which holds it) goes, so reference
            # counting frees the two at once rather than the cyclic collector later (GuardedWebSocket._release)
            self.parser = None

        def _arm_header_timer(self) -> None:
            if self._upgraded:
                return
            self._header_timer = self.loop.call_later(header_timeout, self._headers_late)

        def _cancel(self, header: bool = False, body: bool = False) -> None:
            if header and self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None
            if body and self._body_timer is not None:
                self._body_timer.cancel()
                self._body_timer = None

        def _cancel_timers(self) -> None:
            self._cancel(header=True, body=True)

        def _headers_late(self) -> None:
            self._header_timer = None
            if not self.transport.is_closing():
                self.transport.close()  # nothing to answer: the request never came

        def _body_late(self) -> None:
            self._body_timer = None
            cycle = self.cycle
            if self.transport.is_closing() or cycle is None or not cycle.more_body:
                return
            if not cycle.response_started:  # the route is still reading: it sees the client go away
                cycle.response_started = cycle.response_complete = True
                self.transport.write(refusal(408, "Request Timeout", "The request body did not arrive in "
                                             f"time (it must within {body_timeout:g} seconds).", "timeout"))
            cycle.disconnected = True
            cycle.message_event.set()
            self.transport.close()

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        _app_done = False

        def connection_lost(self, exc: Exception | None) -> None:
            slots.release(self.transport)
            super().connection_lost(exc)
            self._release()

        async def run_asgi(self) -> None:
            self.scope["extensions"][SEND_NOW] = self.send_now
            try:
                await super().run_asgi()
            finally:
                self._app_done = True
                self._release()

        def _release(self) -> None:
            """Once the app is done with the socket and the connection is gone, the references that make
            the socket's objects a cycle go: its scope's send_now (a method of this protocol) and websockets'
            parser (a generator that holds its protocol). Reference counting then frees a closed socket's
            hundred-odd objects at once; before, each waited for the cyclic collector, which a table's life
            at a time triggered every few hundred moves and which then stopped the loop for 10-20 ms."""
            if self._app_done and self.disconnected:
                self.scope["extensions"].pop(SEND_NOW, None)
                self.conn.parser = None

        def send_now(self, *texts: bytes | str) -> bool:
            """Write `texts` as text frames now, in one write to the transport, as ASGI sends of
            "websocket.send" would, without their await: True when written; False (the caller queues them
            for the ASGI send instead) before the handshake, after a close, or while the transport asks
            writers to wait (a client that stopped reading: the caller's queue fills and drops it). Every
            socket message of a move goes this way, so the hub does not wake a task and walk Starlette's
            send for each, and a seat's update and its your_turn leave in one system call."""
            conn = self.conn
            if (not self.handshake_complete or self.close_sent or self.initial_response is not None
                    or self.disconnected or not self.writable.is_set() or self.transport.is_closing()
                    or conn.state is not State.OPEN or conn.expect_continuation_frame):
                return False
            frames = [data if type(data) is bytes else data.encode() for data in texts]
            if conn.extensions:  # permessage-deflate (ICEHOUSE_WS_COMPRESSION): websockets compresses
                try:
                    for data in frames:
                        conn.send_text(data)
                except InvalidState:
                    return False
                self.transport.write(b"".join(conn.data_to_send()))
                return True
            # What websockets' send_text writes for a server (never masked, never fragmented) without an
            # extension, after anything it holds already (uvicorn flushes after each of its own writes, so
            # that is nothing but in a race with a ping)
            self.transport.write(b"".join([*conn.data_to_send(), *(part for data in frames
                                                                   for part in (text_header(len(data)), data))]))
            return True

    return GuardedHttp, GuardedWebSocket


def fd_budget(wanted: int) -> int:
    """How many connections the file descriptors allow, up to `wanted`: the soft limit is raised towards the
    hard one if needed, and FD_RESERVE descriptors are kept for everything else."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    need = wanted + FD_RESERVE
    if soft < need:
        raised = need if hard == resource.RLIM_INFINITY else min(need, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    budget = max(16, min(wanted, soft - FD_RESERVE))
    if budget < wanted:
        log.warning("fewer connections than configured: file descriptors are limited",
                     extra={"max_connections": budget, "nofile": soft})
    return budget
