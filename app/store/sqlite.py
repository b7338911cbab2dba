"""aiosqlite with one trip to the connection's thread per statement.

SQLAlchemy's aiosqlite adapter makes four trips for every statement (make a cursor, execute, fetch all,
close), each a hand-off to the connection's worker thread and back through the event loop (about 45 us
each on the bench machine, and the caller's continuation then waits behind every other ready task). Here
the cursor is made, run, read to the end and closed on the worker thread in one call; the adapter then
reads the rows from memory; and a rollback with no transaction open makes no trip at all. Everything that
touches the database still runs on aiosqlite's thread, never on the event loop.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import aiosqlite
from sqlalchemy.engine import make_url


class OneTripCursor:
    """The part of aiosqlite.Cursor that SQLAlchemy's adapter uses, filled by one call on the thread."""

    __slots__ = ("_conn", "_rows", "description", "rowcount", "lastrowid", "arraysize")

    def __init__(self, conn: OneTripConnection):
        self._conn = conn
        self._rows: list = []
        self.description: Any = None
        self.rowcount = -1
        self.lastrowid: int | None = None
        self.arraysize = 1

    async def __aenter__(self) -> OneTripCursor:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        self._rows = []

    def _run(self, sql: str, parameters: Any, many: bool) -> tuple:  # on the connection's thread
        cursor = self._conn._conn.cursor()
        try:
            if many:
                cursor.executemany(sql, parameters)
            else:
                cursor.execute(sql, parameters)
            rows = cursor.fetchall() if cursor.description else []
            return rows, cursor.description, cursor.rowcount, cursor.lastrowid
        finally:
            cursor.close()

    async def execute(self, sql: str, parameters: Any = None) -> OneTripCursor:
        params = () if parameters is None else parameters
        self._rows, self.description, self.rowcount, self.lastrowid = await self._conn._execute(
            self._run, sql, params, False)
        return self

    async def executemany(self, sql: str, parameters: Any) -> OneTripCursor:
        self._rows, self.description, self.rowcount, self.lastrowid = await self._conn._execute(
            self._run, sql, list(parameters), True)
        return self

    async def fetchall(self) -> list:
        rows, self._rows = self._rows, []
        return rows

    async def fetchmany(self, size: int | None = None) -> list:
        n = self.arraysize if size is None else size
        rows, self._rows = self._rows[:n], self._rows[n:]
        return rows

    async def fetchone(self) -> Any:
        return self._rows.pop(0) if self._rows else None

    async def close(self) -> None:
        self._rows = []


class OneTripConnection(aiosqlite.Connection):
    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        # Calls handed to the worker thread, and calls it has finished (each counter written by one thread).
        self._submitted = 0
        self._finished = 0

    def cursor(self) -> OneTripCursor:  # type: ignore[override]  # SQLAlchemy enters it with `async with`
        return OneTripCursor(self)

    async def _execute(self, fn: Callable, *args: Any, **kwargs: Any) -> Any:
        self._submitted += 1
        return await super()._execute(self._counted, fn, *args, **kwargs)

    def _counted(self, fn: Callable, *args: Any, **kwargs: Any) -> Any:  # on the worker thread
        try:
            return fn(*args, **kwargs)
        finally:
            self._finished += 1

    async def rollback(self) -> None:
        """No trip when no transaction is open and nothing is still queued or running on the thread (a
        cancelled caller may have left a BEGIN there): the session's close and the pool's reset-on-return
        each roll back, after every commit too. sqlite3's in_transaction only reads SQLite's autocommit
        flag."""
        idle = self._submitted == self._finished and self._tx.empty()
        if idle and self._connection is not None and not self._connection.in_transaction:
            return
        await super().rollback()


def async_creator(url: str, timeout: float) -> Callable[[], Awaitable[OneTripConnection]] | None:
    """The `async_creator` for create_async_engine, or None (use plain aiosqlite) for in-memory databases,
    URLs with options, or an aiosqlite whose internals differ from the ones this relies on."""
    parsed = make_url(url)
    path = parsed.database
    if not path or path == ":memory:" or parsed.query or not hasattr(aiosqlite.Connection, "_execute"):
        return None

    async def connect() -> OneTripConnection:
        conn = OneTripConnection(partial(sqlite3.connect, path, timeout=timeout), 64)
        conn._thread.daemon = True  # as SQLAlchemy does for aiosqlite's own connections
        return await conn

    return connect
