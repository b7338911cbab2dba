"""The PostgreSQL side of the move writer (app/store/writer.py): one batch of moves, one statement.

A batch is one round trip. The batch travels as arrays (one per column); one statement, committed on its
own (autocommit: a single statement is atomic), locks the batch's tables in id order (two instances
writing the same tables never deadlock), advances each table still playing at the seq the move follows,
and inserts the moves of the tables it advanced. It returns the ids it advanced: a table another
instance moved first, or an admin ended, is not among them, and its move is refused.

Before, the batch took five round trips (BEGIN, SELECT ... FOR UPDATE, UPDATE, INSERT, COMMIT) and a
sixth for the pool's liveness ping; the writer keeps one connection of its own instead, and opens a new one
when it is found gone.
"""
from __future__ import annotations

import logging
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

log = logging.getLogger("icehouse.writer")

_BATCH = text("""
WITH i AS (
    SELECT * FROM unnest(CAST(:tid AS integer[]), CAST(:seq AS integer[]), CAST(:seat AS integer[]),
                         CAST(:move AS text[]), CAST(:events AS text[]), CAST(:at AS timestamptz[]),
                         CAST(:doc AS text[]), CAST(:status AS text[]), CAST(:to_act AS text[]),
                         CAST(:result AS text[]), CAST(:finished_at AS timestamptz[]))
        AS i(tid, seq, seat, move, events, at, doc, status, to_act, result, finished_at)
), locked AS MATERIALIZED (
    SELECT id FROM tables WHERE id = ANY(CAST(:tid AS integer[])) ORDER BY id FOR UPDATE
), advanced AS (
    UPDATE tables AS t
    SET doc = CAST(i.doc AS json), seq = i.seq, status = i.status, to_act = CAST(i.to_act AS json),
        updated_at = i.at, moved_at = i.at,
        result = CASE WHEN i.finished_at IS NULL THEN t.result ELSE CAST(i.result AS json) END,
        finished_at = COALESCE(i.finished_at, t.finished_at)
    FROM i JOIN locked ON locked.id = i.tid
    WHERE t.id = i.tid AND t.seq = i.seq - 1 AND t.status = 'playing'
    RETURNING t.id
), inserted AS (
    INSERT INTO moves (table_id, seq, seat, move, events, at)
    SELECT i.tid, i.seq, i.seat, CAST(i.move AS json), CAST(i.events AS json), i.at
    FROM i JOIN advanced ON advanced.id = i.tid
)
SELECT id FROM advanced
""")

# A row: (table_id, seq, seat, move, events, at, doc, status, to_act, result, finished_at), JSON as text.
COLUMNS = ("tid", "seq", "seat", "move", "events", "at", "doc", "status", "to_act", "result", "finished_at")


class PostgresBatches:
    def __init__(self, engine: AsyncEngine):
        self.engine = engine.execution_options(isolation_level="AUTOCOMMIT")
        self._conn: AsyncConnection | None = None

    async def store(self, rows: list[tuple]) -> list[bool]:
        """Which of `rows` were stored: each table once, and only while playing at the seq before."""
        first, chosen = [], []
        seen: set[int] = set()
        for row in rows:  # a table's second move in one batch follows a move not yet stored: refused
            first.append(row[0] not in seen)
            if row[0] not in seen:
                seen.add(row[0])
                chosen.append(row)
        params = {name: list(column) for name, column in zip(COLUMNS, zip(*chosen))}
        try:
            advanced = await self._execute(params)
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            # The connection was gone (PostgreSQL restarted, failed over, or killed it): once more on a
            # new one, as the pool's ping on checkout would have. Had the lost attempt committed, the tables
            # are past these seqs now and the moves are refused as stale: nothing is stored twice.
            advanced = await self._execute(params)
        return [ok and row[0] in advanced for ok, row in zip(first, rows)]

    async def _execute(self, params: dict) -> set[int]:
        if self._conn is None:
            self._conn = await self.engine.connect()
        try:
            return {tid for (tid,) in (await self._conn.execute(_BATCH, params)).all()}
        except Exception:
            conn, self._conn = self._conn, None  # a new connection for the next attempt
            try:
                await conn.close()
            except Exception as exc:  # already gone
                log.debug("closing the writer's connection: %s", type(exc).__name__)
            raise

    async def close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()
