"""What the writer tests of chat lines and rematches share: a record of what the app publishes, and a
database that fails every batch (SQLite's own connection and PostgreSQL alike)."""
from __future__ import annotations

import sqlite3

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
