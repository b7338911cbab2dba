"""Engine and session creation. SQLite: WAL, busy timeout, and BEGIN IMMEDIATE for write transactions."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar

import orjson
from sqlalchemy import event, exc
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

WRITE = "icehouse_write"  # execution option: this transaction will write (SQLite: BEGIN IMMEDIATE)
NO_BEGIN = "icehouse_no_begin"  # execution option (SQLite): reads that need no shared snapshot, no BEGIN
BUSY_TIMEOUT_MS = 10_000
# True in the group-commit writer's own tasks (app/store/writer.py), the one place that commits.
WRITING: ContextVar[bool] = ContextVar("icehouse_writing", default=False)


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def is_outage(error: BaseException) -> bool:
    """True when `error` means the database cannot be reached or used right now (down, restarting, failing
    over, a connection killed, the pool exhausted, SQLite busy) rather than a bug: worth a 503 and a retry."""
    if isinstance(error, (exc.OperationalError, exc.InterfaceError, exc.DisconnectionError, exc.TimeoutError)):
        return True
    return isinstance(error, exc.DBAPIError) and bool(error.connection_invalidated)


def json_text(value: object) -> str:
    """JSON columns are written with orjson (several times faster than json.dumps; the same JSON)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def make_engine(url: str, *, pool_size: int = 10) -> AsyncEngine:
    if not is_sqlite(url):
        return create_async_engine(url, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True,
                                   json_serializer=json_text, json_deserializer=orjson.loads)
    engine = create_async_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000}, json_serializer=json_text,
                                 json_deserializer=orjson.loads)

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection, _record):
        # Let SQLAlchemy, not the driver, decide when transactions begin (see "begin" below).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn):
        # A writer takes the write lock up front, so two writers never deadlock upgrading a read lock.
        options = conn.get_execution_options()
        if options.get(WRITE):
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        elif not options.get(NO_BEGIN):
            conn.exec_driver_sql("BEGIN")

    return engine


class Database:
    """One engine and its session factory for the life of the app."""

    def __init__(self, url: str):
        self.url = url
        self.engine = make_engine(url)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        # Identifying a caller reads the table row, then its seats. On PostgreSQL READ COMMITTED gives each
        # statement its own snapshot anyway, so a transaction would only add a BEGIN and a ROLLBACK round
        # trip; on SQLite the same two trips to the connection's thread. Seats change only in the lobby, so
        # the two statements need no shared snapshot.
        reads = {NO_BEGIN: True} if is_sqlite(url) else {"isolation_level": "AUTOCOMMIT"}
        self._reads = async_sessionmaker(self.engine.execution_options(**reads), expire_on_commit=False)
        # SQLite has one writer at a time: queue this process's writers here rather than in SQLite's busy
        # handler (which sleeps in steps of up to 100 ms). Other processes still meet busy_timeout.
        self._write_lock = asyncio.Lock() if is_sqlite(url) else None
        # Every write is the writer's (app/store/writer.py). With `strict` on (the tests), a commit made
        # anywhere else is kept here, with where it came from, for the test to name.
        self.strict = False
        self.stray_commits: list[str] = []

        @event.listens_for(self.engine.sync_engine, "commit")
        def _on_commit(_conn):  # a SQLAlchemy Connection
            if self.strict:
                if not WRITING.get():  # where from: the task's coroutines (the sync stack ends at a greenlet)
                    task = asyncio.current_task()
                    frames = task.get_stack(limit=40) if task is not None else []
                    self.stray_commits.append(" <- ".join(
                        f"{f.f_code.co_filename.rsplit('/app/', 1)[-1]}:{f.f_lineno} {f.f_code.co_name}"
                        for f in reversed(frames) if "site-packages" not in f.f_code.co_filename))

    def session(self) -> AsyncSession:
        return self.sessions()

    def reading(self) -> AsyncSession:
        """A session for reads that need no shared snapshot (see _reads): never write through it."""
        return self._reads()

    @asynccontextmanager
    async def write_lock(self) -> AsyncIterator[None]:
        """Held by this process's SQLite writers (the move writer's own connection too); nothing elsewhere."""
        if self._write_lock is None:
            yield
            return
        async with self._write_lock:
            yield

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[AsyncSession]:
        """A session whose transaction is a write transaction (BEGIN IMMEDIATE on SQLite)."""
        if self._write_lock is None:
            async with self.sessions() as s:
                await begin_write(s)
                yield s
            return
        async with self._write_lock, self.sessions() as s:
            await begin_write(s)
            yield s

    async def dispose(self) -> None:
        await self.engine.dispose()


async def begin_write(session: AsyncSession) -> None:
    """Open the session's transaction as a write transaction (BEGIN IMMEDIATE on SQLite)."""
    await session.connection(execution_options={WRITE: True})
