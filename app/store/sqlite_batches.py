"""The SQLite side of the move writer (app/store/writer.py): one batch of moves and lobby commands, one
transaction.

A batch is written on the event loop's own thread when SQLite's write lock is free at once: `BEGIN
IMMEDIATE` on a connection that never waits for a lock, then a few statements and the commit. In WAL mode
with synchronous=NORMAL a commit appends to the WAL and syncs nothing, so this costs a few hundred
microseconds of CPU and no thread hand-off (handing every batch to a thread cost 8% of the server's CPU
and, worse, a wait for the GIL at every statement while the loop was busy).

Two things could stall the loop, and neither happens on it:
- another connection or process holding the write lock: the inline `BEGIN IMMEDIATE` fails at once
  (SQLITE_BUSY), and that batch is written by the writer's own thread on a second connection, which waits
  for the lock there (busy_timeout) while the loop goes on;
- a checkpoint, which copies the WAL into the database file and syncs it: the inline connection never
  checkpoints (wal_autocheckpoint=0); the writer's thread runs a passive checkpoint at most every
  CHECKPOINT_SECONDS while moves are being written.
"""
from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import orjson
from sqlalchemy.engine import make_url

from app.store.db import BUSY_TIMEOUT_MS
from app.store.lobby_records import Exec
from app.store.move_records import claim

log = logging.getLogger("icehouse.writer")

CHECKPOINT_SECONDS = 1.0

# A row: (table_id, seq, seat, move, events, at, doc, status, to_act, result, finished_at), JSON as text.
Row = tuple


class _Busy(Exception):
    """The write lock is held elsewhere: write this batch on the thread, which may wait for it."""


class SqliteBatches:
    def __init__(self, url: str):
        self.path = make_url(url).database
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="move-writer")
        self._inline: sqlite3.Connection | None = None  # used on the loop's thread only; never waits
        self._waiting: sqlite3.Connection | None = None  # used on the writer's thread only
        self._checkpoint: asyncio.Future | None = None
        self._checked_at = time.monotonic()
        self.on_thread = 0  # batches written by the thread because the lock was busy (tests, benchmarks)

    async def store(self, records: Sequence, rows: list[Row], commands: Sequence = ()) -> list[bool]:
        """Store the moves (`records`, as `rows`) and run the lobby `commands` (app/store/lobby_records.py,
        each sets its own result) in one transaction; which moves were stored."""
        loop = asyncio.get_running_loop()
        if self._inline is None:  # opened on the thread: connecting touches the file
            self._inline = await loop.run_in_executor(self._thread, self._open, 0)
        try:
            ok = self._store(self._inline, records, rows, commands)
        except _Busy:
            self.on_thread += 1
            ok = await loop.run_in_executor(self._thread, self._store_waiting, records, rows, commands)
        self._maybe_checkpoint(loop)
        return ok

    def _open(self, busy_ms: int) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=busy_ms / 1000, isolation_level=None, check_same_thread=False)
        for pragma in ("journal_mode=WAL", f"busy_timeout={busy_ms}", "foreign_keys=ON", "synchronous=NORMAL"):
            conn.execute(f"PRAGMA {pragma}")
        if busy_ms == 0:
            conn.execute("PRAGMA wal_autocheckpoint=0")  # the thread checkpoints (see the module's docstring)
        return conn

    def _waiting_conn(self) -> sqlite3.Connection:  # on the writer's thread
        if self._waiting is None:
            self._waiting = self._open(BUSY_TIMEOUT_MS)
        return self._waiting

    def _store_waiting(self, records: Sequence, rows: list[Row], commands: Sequence) -> list[bool]:  # thread
        return self._store(self._waiting_conn(), records, rows, commands)

    def _store(self, conn: sqlite3.Connection, records: Sequence, rows: list[Row],
               commands: Sequence = ()) -> list[bool]:
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode & 0xFF == sqlite3.SQLITE_BUSY and conn is self._inline:
                raise _Busy from None
            raise
        try:
            ok = self._moves(conn, records, rows) if rows else []
            if commands:
                ex = Exec(conn, postgres=False)
                for command in commands:
                    command.run(ex)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return ok

    @staticmethod
    def _moves(conn: sqlite3.Connection, records: Sequence, rows: list[Row]) -> list[bool]:
        ids = sorted({row[0] for row in rows})
        marks = ",".join("?" * len(ids))
        now = {tid: (seq, status) for tid, seq, status in
               conn.execute(f"SELECT id, seq, status FROM tables WHERE id IN ({marks})", ids)}
        ok = claim(records, now)
        chosen = [row for row, good in zip(rows, ok) if good]
        # The status only when the move ends the game (claim found the table playing): SQLite rewrites every
        # index of a column the statement sets, and the status is in three of them
        conn.executemany("UPDATE tables SET doc = ?, seq = ?, to_act = ?, updated_at = ?, moved_at = ? WHERE id = ?",
                         [(r[6], r[1], r[8], r[5], r[5], r[0]) for r in chosen])
        conn.executemany("UPDATE tables SET status = ?, result = ?, finished_at = ? WHERE id = ?",
                         [(r[7], r[9], r[10], r[0]) for r in chosen if r[7] != "playing"])
        conn.executemany("INSERT INTO moves (table_id, seq, seat, move, events, at) VALUES (?, ?, ?, ?, ?, ?)",
                         [r[:6] for r in chosen])
        marked = [(orjson.dumps(r.stand_in).decode(), r.table_id, r.seq)  # the bot's moves for a timed-out seat
                  for r, good in zip(records, ok) if good and r.stand_in is not None]
        if marked:
            conn.executemany("UPDATE moves SET stand_in = ? WHERE table_id = ? AND seq = ?", marked)
        return ok

    def _maybe_checkpoint(self, loop: asyncio.AbstractEventLoop) -> None:
        now = time.monotonic()
        if now - self._checked_at < CHECKPOINT_SECONDS or (self._checkpoint and not self._checkpoint.done()):
            return
        self._checked_at = now
        self._checkpoint = loop.run_in_executor(self._thread, self._run_checkpoint)

    def _run_checkpoint(self) -> None:  # on the writer's thread
        try:
            self._waiting_conn().execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error as exc:  # the next one tries again; the WAL only grows meanwhile
            log.warning("checkpoint failed: %s", exc)

    def close(self) -> None:
        def shut() -> None:
            for conn in (self._inline, self._waiting):
                if conn is not None:
                    conn.close()
            self._inline = self._waiting = None
        self._thread.submit(shut).result()
        self._thread.shutdown(wait=True)
