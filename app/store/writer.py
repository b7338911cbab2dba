"""Group commit: one task writes the moves of many tables in one transaction.

Callers hand `write()` a `MoveRecord` and wait; the writer takes everything queued and, in one
transaction, checks that each table is still playing at the seq the move follows (another instance may
have moved first, an admin may have ended the table), advances those tables and inserts their moves
(SQLite: app/store/sqlite_batches.py; PostgreSQL: app/store/postgres_batches.py, one statement; the rule
both apply: app/store/move_records.py). A move is acknowledged (its future resolved) only after its batch
commits, so nothing acknowledged is ever lost. While one batch commits, the next one gathers: the busier
the server, the bigger the batches, and no move waits on a timer.

The lobby's writes travel the same way (`command()`: a new table, a seat taken, a game started; the
commands and their checks are app/store/lobby_records.py): on SQLite in the same transaction as the
batch's moves, on PostgreSQL in one transaction of their own per batch; and so do chat lines
(app/store/chat_records.py), rematches (app/store/rematch_records.py), and the hints counted, nudges
claimed and notification settings of app/store/seat_records.py, beside the lobby's commands, and the
ends of tables (app/store/end_records.py: idle tables abandoned, stale lobbies and the admin's deletes).
"""
from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession

from sqlalchemy.exc import DBAPIError

from typing import Protocol

from app.store.db import WRITING, Database, is_sqlite
from app.store.lobby_records import Exec, column_json, sqlite_time
from app.store.move_records import MoveRecord
from app.store.postgres_batches import PostgresBatches
from app.store.sqlite_batches import SqliteBatches

log = logging.getLogger("icehouse.writer")
T = TypeVar("T")

MAX_BATCH = 500  # moves per transaction, at most



class Command(Protocol):
    """What command() runs in a batch (a new table, a seat, a chat line, a language, a webhook's result...):
    its `run` does its SQL with the batch's `Exec` and sets its own `result`; it never raises for a refusal."""

    result: tuple

    def run(self, ex: Exec) -> None: ...


class MoveWriter:
    def __init__(self, db: Database):
        self.db = db
        # Connections of the writer's own: SQLite's (app/store/sqlite_batches.py), not aiosqlite's thread
        # hops (four per statement, each waiting its turn behind every ready task of the loop); PostgreSQL's
        # (app/store/postgres_batches.py), one round trip per batch.
        self._sqlite = SqliteBatches(db.url) if is_sqlite(db.url) else None
        self._postgres = None if self._sqlite is not None else PostgresBatches(db.engine)
        self._queue: list[tuple[MoveRecord | Command, asyncio.Future]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self.batches = 0  # committed transactions, for tests and benchmarks
        self.written = 0  # moves in them
        self.commands = 0  # lobby commands and chat lines in them
        self._committing = 0  # moves in the batch being committed
        self._work: set[asyncio.Task] = set()  # transactions of transaction(), in flight
        self._accepting = False

    async def start(self) -> None:
        if self._task is None:
            self._accepting = True
            self._task = asyncio.create_task(self._run(), name="move-writer")

    async def stop(self) -> None:
        """Commit what is queued, then stop."""
        if self._task is None:
            return
        self._accepting = False
        while self._queue or self._work:
            if self._work:
                await asyncio.wait(set(self._work))
            else:
                await asyncio.sleep(0.005)
        self._task.cancel()
        try:
            await self._task
        except asyncio.CancelledError:
            pass
        self._task = None
        if self._sqlite is not None:
            self._sqlite.close()
        if self._postgres is not None:
            await self._postgres.close()

    @property
    def waiting(self) -> int:
        """Moves handed to write() and not answered yet: queued, or in the batch being committed."""
        return len(self._queue) + self._committing

    async def write(self, record: MoveRecord) -> bool:
        """Store `record` with the next batch: True once committed; False when its table was not playing
        at seq - 1 any more (nothing stored). A database error is raised to the caller."""
        return await self._enqueue(record)

    async def command(self, command: Command) -> tuple:
        """Run a Command with the next batch; its result (lobby_records, chat_records, rematch_records,
        seat_records) once the batch commits. A database error is raised to the caller."""
        await self._enqueue(command)
        return command.result

    async def transaction(self, work: Callable[[AsyncSession], Awaitable[T]]) -> T:
        """Run `work` with a write session and commit it; `work`'s value once committed (a database error
        is raised to the caller, nothing committed). For the writes off the hot path that read and decide
        with the ORM (a notification's claim, a delivery's result, a digest's mark, an analysis's result, a
        review branch, an import, a server key): the writer opens and commits every write transaction of the
        app, these included, in tasks of its own beside the batches (on SQLite they take the one write lock
        in turn with them)."""
        if not self._accepting:
            raise RuntimeError("the move writer is not running")
        loop = asyncio.get_running_loop()
        future: asyncio.Future = loop.create_future()
        token = WRITING.set(True)
        try:  # the task copies the context: it runs as the writer
            task = asyncio.create_task(self._transact(work, future), name="writer-transaction")
        finally:
            WRITING.reset(token)
        self._work.add(task)
        task.add_done_callback(self._work.discard)
        return await asyncio.shield(future)

    async def _transact(self, work: Callable[[AsyncSession], Awaitable[Any]], future: asyncio.Future) -> None:
        try:
            async with self.db.writing() as s:
                value = await work(s)
                await s.commit()
        except BaseException as exc:  # the caller hears of it; nothing was committed
            if not future.done():
                future.set_exception(exc)
            if isinstance(exc, asyncio.CancelledError):
                raise
            return
        if not future.done():
            future.set_result(value)

    async def _enqueue(self, record: MoveRecord | Command):
        if self._task is None:
            raise RuntimeError("the move writer is not running")
        future = asyncio.get_running_loop().create_future()
        self._queue.append((record, future))
        self._wake.set()
        return await future

    async def _run(self) -> None:
        WRITING.set(True)  # this task's own context
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
                await self._commit(batch)

    async def _commit(self, batch: list[tuple[MoveRecord | Command, asyncio.Future]]) -> None:
        moves = [(record, future) for record, future in batch if type(record) is MoveRecord]
        commands = [(record, future) for record, future in batch if type(record) is not MoveRecord]
        records = [record for record, _ in moves]
        self._committing = len(batch)
        try:
            if self._sqlite is not None:  # one transaction for all
                async with self.db.write_lock():  # this process's other writers wait; SQLite has one writer
                    stored = await self._sqlite.store(records, [sqlite_row(r) for r in records],
                                                      [c for c, _ in commands])
            else:  # the moves' one statement, then the commands' transaction: each hears of its own failure
                stored = await self._postgres_part(moves, self._postgres.store(records)) if moves else []
                if commands and await self._postgres_part(commands, self._postgres.run_commands(
                        [c for c, _ in commands])) is None:
                    commands = []
        except sqlite3.Error as exc:  # SQLite's own connection: as SQLAlchemy would have raised it (a 503)
            self._fail(batch, DBAPIError.instance(None, None, exc, sqlite3.Error))
            return
        except Exception as exc:  # the database is unreachable, say: every mover hears of it
            self._fail(batch, exc)
            return
        finally:
            self._committing = 0
        if stored is None:
            stored, moves = [], []
        self.batches += 1
        self.written += sum(stored)
        self.commands += len(commands)
        for (_, future), ok in zip(moves, stored):
            if not future.done():
                future.set_result(ok)
        for _, future in commands:
            if not future.done():
                future.set_result(True)

    async def _postgres_part(self, part: list, work) -> object:  # work: a coroutine
        """`work`'s value, or None when it failed (its callers have heard why)."""
        try:
            return await work
        except Exception as exc:
            self._fail(part, exc)
            return None

    @staticmethod
    def _fail(batch: list, exc: Exception) -> None:
        log.warning("batch failed: %s", type(exc).__name__, extra={"writes": len(batch)})
        for _, future in batch:
            if not future.done():
                future.set_exception(exc)


def sqlite_row(r: MoveRecord) -> tuple:
    """A record as SqliteBatches writes it: JSON as text, times as SQLAlchemy's SQLite DateTime stores them."""
    return (r.table_id, r.seq, r.seat, column_json(r.move), column_json(r.events), _sqlite_time(r.at),
            column_json(r.doc), r.status, column_json(r.to_act), column_json(r.result), _sqlite_time(r.finished_at))


_sqlite_time = sqlite_time  # as strftime("%Y-%m-%d %H:%M:%S.%f"), at a fifth of the cost
