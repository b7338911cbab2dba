"""The per-process hub: which sockets watch which table, each with a bounded send queue.

A socket whose queue fills up (a client that stopped reading) is dropped, so one slow client never stalls
a broadcast to the others. A message that only the newest of counts (presence) takes at most one place in a
queue whatever the traffic: a storm of joins never drops a socket. The hub knows nothing about games:
callers hand it ready-made messages.
"""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

log = logging.getLogger("icehouse.realtime")

Message = dict | str | bytes  # a message, or its JSON text (as UTF-8) when the caller encoded it once for many sockets
Sender = Callable[[Message], Awaitable[None]]
Closer = Callable[[int], Awaitable[None]]
SendNow = Callable[..., bool]  # writes its texts' frames at once; False: it cannot now (use the queue)

DROP_CODE = 4008  # close code sent to a socket that could not keep up
RESTART_CODE = 1012  # "service restart": this instance is going away, reconnect (to another one)

_ids = itertools.count(1)
_LATEST = object()  # queued in place of a replaceable message: the writer sends the newest one there is


class Connection:
    """One socket on one table, with its own writer task draining a bounded queue."""

    def __init__(self, table: str, seat: int | None, send: Sender, close: Closer, *, queue_size: int,
                 player_id: int | None = None, address: str | None = None, send_now: SendNow | None = None):
        self.id = next(_ids)
        self.table = table
        self.seat = seat
        self.player_id = player_id
        self.address = address  # the client's address (spectator sockets are counted per address)
        self._send = send
        self._send_now = send_now  # the transport's own write, when the server offers it (app/web/serving.py)
        self._close = close
        self.queue: asyncio.Queue[Message | None] = asyncio.Queue(maxsize=queue_size)
        self.closed = False
        # The newest table seq and updated_at this socket has been sent (None until its welcome): its
        # cursor, read and written only by app/tables/live/cursors.py.
        self.seq: int | None = None
        self.stamp: str | None = None
        self.presence: str | bytes | None = None  # the last presence message queued (the caller skips repeats)
        self.hidden_since: float | None = None  # when its page said it was hidden (time.time()); None: visible
        self._writer: asyncio.Task | None = None
        self._busy = False  # the writer task holds a message it has not finished sending
        self._held: list[Message] | None = []  # messages that arrive before open(): sent after the welcome
        self._latest: Message | None = None  # the newest replaceable message not sent yet (send_latest)
        self._latest_queued = False  # its marker is in the queue (or held)

    def open(self, first: list[Message]) -> None:
        """Send `first` (the welcome: in one write when it can be written now), then whatever arrived
        meanwhile, then start streaming."""
        held, self._held = self._held or [], None
        if self._send_now is not None:  # encoded as the ASGI send would, to be written at once
            first = [orjson.dumps(m) if type(m) is dict else m for m in first]
        if first and not self.send_all(tuple(first)):
            return  # dropped
        for message in held:
            if message is _LATEST:
                latest = self._take_latest()
                if latest is not None:
                    self.send_latest(latest)
            else:
                self.send(message)
        if not self.closed:
            self._writer = asyncio.create_task(self._drain(), name=f"ws-writer-{self.id}")

    def send(self, message: Message) -> bool:
        """Queue a message; False (and the socket is dropped) when the queue is full."""
        if self.closed:
            return False
        if self._held is not None:
            if len(self._held) >= self.queue.maxsize:
                self.drop()
                return False
            self._held.append(message)
            return True
        if type(message) is not dict and self._nothing_waits() and self._send_now(message):
            return True  # nothing before it waits: written now, in order
        try:
            self.queue.put_nowait(message)
            return True
        except asyncio.QueueFull:
            log.warning("dropping slow socket", extra={"table": self.table, "seat": self.seat})
            self.drop()
            return False

    def send_all(self, messages: tuple[str | bytes, ...]) -> bool:
        """`send` each of `messages` in order, in one write to the socket when nothing waits before them (a
        move's update and the your_turn it brings); False (and the socket is dropped) as `send`."""
        if self._nothing_waits() and self._send_now(*messages):
            return True
        return all(self.send(message) for message in messages)

    def _nothing_waits(self) -> bool:
        """The transport's own write is offered and no message waits before a new one: it may be written
        now (send_now may still say no: the client stopped reading)."""
        return (self._send_now is not None and self._held is None and not self.closed and not self._busy
                and self.queue.empty())

    def send_latest(self, message: Message) -> None:
        """Queue a message that replaces the previous one given here if that one is not sent yet (presence:
        only the newest counts). It takes at most one place in the queue and never drops the socket."""
        if self.closed:
            return
        if not self._latest_queued and type(message) is not dict and self._nothing_waits() and self._send_now(message):
            return  # nothing waits that it could replace: written now
        self._latest = message
        if not self._latest_queued:
            self._queue_latest()

    def _queue_latest(self) -> None:
        if self._held is not None:
            self._held.append(_LATEST)
            self._latest_queued = True
            return
        try:
            self.queue.put_nowait(_LATEST)
            self._latest_queued = True
        except asyncio.QueueFull:
            pass  # the queue is full of other messages: the writer sends the newest after them (_drain)

    def _take_latest(self) -> Message | None:
        message, self._latest, self._latest_queued = self._latest, None, False
        return message

    def drop(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self._writer is not None:
            self._writer.cancel()
        asyncio.create_task(self._safe_close(DROP_CODE))

    async def _safe_close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self._close(code)

    async def _drain(self) -> None:
        try:
            while True:
                message = await self.queue.get()
                self._busy = True  # until the queue is empty again, send() queues behind this one
                while True:  # then whatever else is queued (an update and its your_turn)
                    if message is None:
                        return
                    if message is _LATEST:
                        message = self._take_latest()
                    if message is not None:
                        await self._send(message)
                    if not self.queue.empty():
                        message = self.queue.get_nowait()
                    elif self._latest is not None:  # given while the queue was full: not queued
                        message = self._take_latest()
                    else:
                        break
                self._busy = False
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket went away; the reader side will unregister it
            self.closed = True

    async def stop(self) -> None:
        self.closed = True
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._writer


class Hub:
    """Sockets of this process, grouped by table code."""

    def __init__(self, queue_size: int = 64):
        self.queue_size = queue_size
        self._tables: dict[str, dict[int, Connection]] = {}
        self._watching: dict[str, int] = {}  # spectator sockets per table
        self._watchers_from: dict[str, int] = {}  # spectator sockets per client address

    def connect(self, table: str, seat: int | None, send: Sender, close: Closer,
                player_id: int | None = None, address: str | None = None,
                send_now: SendNow | None = None) -> Connection:
        conn = Connection(table, seat, send, close, queue_size=self.queue_size, player_id=player_id,
                          address=address, send_now=send_now)
        self._tables.setdefault(table, {})[conn.id] = conn
        if seat is None:
            _count(self._watching, table, 1)
            if address is not None:
                _count(self._watchers_from, address, 1)
        return conn  # held until conn.open(welcome)

    async def disconnect(self, conn: Connection) -> None:
        conns = self._tables.get(conn.table)
        if conns is not None and conns.pop(conn.id, None) is not None:
            if not conns:
                del self._tables[conn.table]
            if conn.seat is None:
                _count(self._watching, conn.table, -1)
                if conn.address is not None:
                    _count(self._watchers_from, conn.address, -1)
        await conn.stop()

    def spectating(self, table: str) -> int:
        """Spectator sockets registered here on `table` (open or closing)."""
        return self._watching.get(table, 0)

    def spectating_from(self, address: str) -> int:
        """Spectator sockets registered here from a client address, over every table."""
        return self._watchers_from.get(address, 0)

    def connections(self, table: str) -> list[Connection]:
        return [c for c in self._tables.get(table, {}).values() if not c.closed]

    def has(self, table: str) -> bool:
        return table in self._tables

    def tables(self) -> list[str]:
        return list(self._tables)

    def presence(self, table: str) -> dict[str, Any]:
        """Seats connected here (seat -> socket count) and the number of spectator sockets."""
        seats: dict[int, int] = {}
        spectators = 0
        for c in self.connections(table):
            if c.seat is None:
                spectators += 1
            else:
                seats[c.seat] = seats.get(c.seat, 0) + 1
        return {"seats": seats, "spectators": spectators}

    async def close_all(self, code: int = RESTART_CODE) -> None:
        """Close every socket, telling clients to reconnect (to another instance, when this one stops)."""
        for conns in list(self._tables.values()):
            for conn in list(conns.values()):
                await conn.stop()
                await conn._safe_close(code)
        self._tables.clear()
        self._watching.clear()
        self._watchers_from.clear()


def _count(counts: dict[str, int], key: str, step: int) -> None:
    value = counts.get(key, 0) + step
    if value > 0:
        counts[key] = value
    else:
        counts.pop(key, None)
