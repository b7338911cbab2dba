"""Group commit: one task writes the moves of many tables in one transaction.

Callers hand `write()` a `MoveRecord` and wait; the writer takes everything queued and, in one
transaction, checks that each table is still playing at the seq the move follows (another instance may
have moved first, an admin may have ended the table), advances those tables and inserts their moves
(SQLite: app/store/sqlite_batches.py; PostgreSQL: app/store/postgres_batches.py, one statement; the rule
both apply: app/store/move_records.py). A move is acknowledged (its future resolved) only after its batch
commits, so nothing acknowledged is ever lost. While one batch commits, the next one gathers: the busier
the server, the bigger the batches, and no move waits on a timer.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timezone

import orjson

from app.store.db import Database, is_sqlite
from app.store.move_records import MoveRecord
from app.store.postgres_batches import PostgresBatches
from app.store.sqlite_batches import SqliteBatches

log = logging.getLogger("icehouse.writer")

MAX_BATCH = 500  # moves per transaction, at most


class MoveWriter:
    def __init__(self, db: Database):
        self.db = db
        # Connections of the writer's own: SQLite's (app/store/sqlite_batches.py), not aiosqlite's thread
        # hops (four per statement, each waiting its turn behind every ready task of the loop); PostgreSQL's
        # (app/store/postgres_batches.py), one round trip per batch.
        self._sqlite = SqliteBatches(db.url) if is_sqlite(db.url) else None
        self._postgres = None if self._sqlite is not None else PostgresBatches(db.engine)
        self._queue: list[tuple[MoveRecord, asyncio.Future]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self.batches = 0  # committed transactions, for tests and benchmarks
        self.written = 0  # moves in them
        self._committing = 0  # moves in the batch being committed

    async def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="move-writer")

    async def stop(self) -> None:
        """Commit what is queued, then stop."""
        if self._task is None:
            return
        while self._queue:
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
        if self._task is None:
            raise RuntimeError("the move writer is not running")
        future = asyncio.get_running_loop().create_future()
        self._queue.append((record, future))
        self._wake.set()
        return await future

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
                await self._commit(batch)

    async def _commit(self, batch: list[tuple[MoveRecord, asyncio.Future]]) -> None:
        records = [record for record, _ in batch]
        self._committing = len(batch)
        try:
            stored = await self._store(records)
        except Exception as exc:  # the database is unreachable, say: every mover hears of it
            log.warning("move batch failed: %s", type(exc).__name__, extra={"moves": len(batch)})
            for _, future in batch:
                if not future.done():
                    future.set_exception(exc)
            return
        finally:
            self._committing = 0
        self.batches += 1
        self.written += sum(stored)
        for (_, future), ok in zip(batch, stored):
            if not future.done():
                future.set_result(ok)

    async def _store(self, records: list[MoveRecord]) -> list[bool]:
        if self._sqlite is not None:
            async with self.db.write_lock():  # this process's other writers wait; SQLite has one writer
                return await self._sqlite.store(records, [sqlite_row(r) for r in records])
        return await self._postgres.store(records)


def sqlite_row(r: MoveRecord) -> tuple:
    """A record as SqliteBatches writes it: JSON as text, times as SQLAlchemy's SQLite DateTime stores them."""
    return (r.table_id, r.seq, r.seat, _json(r.move), _json(r.events), _sqlite_time(r.at), _json(r.doc), r.status,
            _json(r.to_act), _json(r.result), _sqlite_time(r.finished_at))


def _sqlite_time(at: datetime | None) -> str | None:
    """A timestamp as SQLAlchemy's SQLite DateTime stores it: naive UTC with microseconds."""
    if at is None:
        return None
    if at.tzinfo is not None:
        at = at.astimezone(timezone.utc).replace(tzinfo=None)
    return at.isoformat(" ", "microseconds")  # as strftime("%Y-%m-%d %H:%M:%S.%f"), at a fifth of the cost


def _json(value: object) -> str | None:
    return None if value is None else orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
