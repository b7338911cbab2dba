"""One actor per live table, as lichess's round actor: every command of a table runs here, one at a time.

A command (app/tables/live/commands.py: a move, a seat taken, a chat line, a takeback's vote...) is handed to
`Actors.ask(code, command)` from wherever it comes from: REST, a socket, a deal's table, a bot, a timer, the
housekeeping sweep, the admin. The table's actor queues it and its one task runs the queue in order through
`process` (app/tables/process.py: one `match` over the command classes, each handler doing check, record,
after), so two commands of one table never interleave, whatever their source, and nothing else in
app/tables takes a lock for a table.

- The queue is bounded (QUEUE): a full one answers "busy, try again" (a 503 on HTTP, an error message on a
  socket) at once rather than letting waiters pile up without end.
- The actor starts with the first command and stops itself once its queue is empty; it leaves the registry
  only then, so no table has two actors, and the live tables' cache (app/tables/live/tables.py) may forget
  a snapshot at any time without making a second owner.
- A command, once started, runs to its end even if its caller stops waiting (a browser that went away):
  what was stored is always followed by its publish.
- A handler that asks its own table again (a timer's bot stands in and plays) runs that command at once in
  the same turn rather than waiting behind itself.
"""
from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

from app.tables.errors import N_, Busy

log = logging.getLogger("icehouse.actors")

QUEUE = 256  # commands waiting per table, at most (a socket's moves, its seats' chat, bots, timers)

_CURRENT: ContextVar[str | None] = ContextVar("icehouse_actor", default=None)  # the table whose command runs

Process = Callable[[Any], Awaitable[Any]]
Key = Callable[[str], str]  # a table's code as a URL gives it -> its stored code (a 404 when it is none)


def _heard(future: asyncio.Future) -> None:
    if not future.cancelled():
        future.exception()


class TableActor:
    __slots__ = ("code", "mailbox", "task", "handled")

    def __init__(self, code: str):
        self.code = code
        self.mailbox: deque[tuple[Any, asyncio.Future]] = deque()
        self.task: asyncio.Task | None = None
        self.handled = 0


class Actors:
    def __init__(self, process: Process, key: Key, queue: int = QUEUE):
        self._process = process
        self._key = key
        self.queue = queue
        self._actors: dict[str, TableActor] = {}
        self.busy_refusals = 0  # commands refused with "busy" (tests, benchmarks)

    def __len__(self) -> int:
        return len(self._actors)

    def running(self, code: str) -> bool:
        return code in self._actors

    @staticmethod
    def inside(code: str) -> bool:
        """True while a handler of the table `code` (as stored) is running: the caller is in its turn."""
        return _CURRENT.get() == code

    async def ask(self, code: str, command: Any, *, bounded: bool = True) -> Any:
        """Run `command` on the table `code` (as a URL gives it) after those queued before it; its
        handler's answer, or its error. `bounded=False` (the instance's own work: a catch-up) is never
        refused as busy."""
        norm = self._key(code)
        if _CURRENT.get() == norm:  # asked from a handler of this table: now, in its turn
            return await self._process(command)
        # Not shielded: a caller that stops waiting cancels only its future; the actor's own task runs the
        # command to its end whatever becomes of the future (it answers a future still pending only)
        return await self._queue(norm, command, bounded)

    def tell(self, code: str, command: Any) -> None:
        """Queue `command` on the table `code` (as stored) and go on: its turn comes after those queued
        before it, in order; nobody waits for its answer (a failure is logged). Never refused: what the
        broker hands this instance about a table is bounded by the broker, not by callers."""
        future = self._queue(code, command, False)
        future.add_done_callback(self._told)

    @staticmethod
    def _told(future: asyncio.Future) -> None:
        if not future.cancelled() and future.exception() is not None:
            exc = future.exception()
            log.error("table command failed", exc_info=(type(exc), exc, exc.__traceback__))

    def _queue(self, norm: str, command: Any, bounded: bool) -> asyncio.Future:
        actor = self._actors.get(norm)
        if actor is None:
            actor = self._actors[norm] = TableActor(norm)
        elif bounded and len(actor.mailbox) >= self.queue:
            self.busy_refusals += 1
            raise Busy(N_("Table {code} is busy just now: try again in a moment."), "table_busy", code=norm)
        future = asyncio.get_running_loop().create_future()
        future.add_done_callback(_heard)  # a caller gone meanwhile leaves no "never retrieved" behind
        actor.mailbox.append((command, future))
        if actor.task is None:
            token = _CURRENT.set(norm)
            try:  # the task copies the context: its handlers run as this table's
                actor.task = asyncio.create_task(self._run(actor), name=f"table-{norm}")
            finally:
                _CURRENT.reset(token)
        return future

    async def _run(self, actor: TableActor) -> None:
        try:
            while actor.mailbox:
                command, future = actor.mailbox.popleft()
                try:
                    result = await self._process(command)
                except asyncio.CancelledError:
                    if not future.done():
                        future.cancel()
                    raise
                except BaseException as exc:  # the caller hears of it; the table goes on
                    if not future.done():
                        future.set_exception(exc)
                else:
                    if not future.done():
                        future.set_result(result)
                actor.handled += 1
        finally:
            actor.task = None
            for _, future in actor.mailbox:  # cancelled (shutdown): nobody waits for ever
                if not future.done():
                    future.cancel()
            actor.mailbox.clear()
            if self._actors.get(actor.code) is actor:
                del self._actors[actor.code]

    async def stop(self) -> None:
        """Let the commands queued run to their end (shutdown), then nothing is left."""
        while self._actors:
            tasks = [a.task for a in self._actors.values() if a.task is not None]
            if not tasks:
                break
            await asyncio.wait(tasks)
