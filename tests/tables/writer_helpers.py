"""What the writer tests of chat lines and rematches share: a record of what the app publishes, and a
database that fails every batch (SQLite's own connection and PostgreSQL alike)."""
from __future__ import annotations

import asyncio
import sqlite3
from contextlib import asynccontextmanager

from sqlalchemy.exc import OperationalError

from app.store.postgres_batches import PostgresBatches
from app.store.sqlite_batches import SqliteBatches


def published(app, kind: str | None = None) -> list[dict]:
    """The messages this app publishes on its broker from now on (only those of `kind`, when given)."""
    broker, sent = app.state.tables.broker, []
    original = broker.publish

    async def publish(msg: dict) -> None:
        if kind is None or msg.get("kind") == kind:
            sent.append(msg)
        await original(msg)

    broker.publish = publish
    return sent


def fail_every_batch(monkeypatch, statement: str) -> None:
    """Every batch of the writer fails, as a full disk or a PostgreSQL gone away would make it (undo with
    monkeypatch.undo())."""
    def fail_sqlite(*_args, **_kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    async def fail_postgres(*_args, **_kwargs):
        raise OperationalError(statement, {}, Exception("server closed the connection unexpectedly"))

    monkeypatch.setattr(SqliteBatches, "_store", fail_sqlite)
    monkeypatch.setattr(PostgresBatches, "run_commands", fail_postgres)


_HOLD = object()  # the command `holding` runs: it waits until its block ends


@asynccontextmanager
async def holding(tables, code: str):
    """A command of the table `code` is under way (its actor busy) until the block ends; what is asked of
    the table meanwhile waits its turn."""
    release, started = asyncio.Event(), asyncio.Event()
    real = tables.actors._process

    async def process(command):
        if command is _HOLD:
            started.set()
            await release.wait()
            return None
        return await real(command)

    tables.actors._process = process
    task = asyncio.create_task(tables.actors.ask(code, _HOLD))
    await started.wait()
    try:
        yield
    finally:
        release.set()
        await task
        tables.actors._process = real
