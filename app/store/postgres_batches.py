"""The PostgreSQL side of the move writer (app/store/writer.py): one batch of moves, one statement.

A batch is one round trip. The batch travels as one JSON text; one statement, committed on its
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
from collections.abc import Sequence

import orjson
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.store.lobby_records import Exec
from app.store.move_records import MoveRecord, first_per_table

log = logging.getLogger("icehouse.writer")

_BATCH = text("""
WITH i AS (
    SELECT * FROM json_to_recordset(CAST(:batch AS json))
        AS i(tid integer, seq integer, seat integer, move json, events json, at timestamptz, doc json,
             status text, to_act json, result json, finished_at timestamptz, stand_in json)
), locked AS MATERIALIZED (
    SELECT id FROM tables WHERE id IN (SELECT tid FROM i) ORDER BY id FOR UPDATE
), advanced AS (
    UPDATE tables AS t
    SET doc = i.doc, seq = i.seq, status = i.status, to_act = i.to_act, updated_at = i.at, moved_at = i.at,
        result = CASE WHEN i.finished_at IS NULL THEN t.result ELSE i.result END,
        finished_at = COALESCE(i.finished_at, t.finished_at)
    FROM i JOIN locked ON locked.id = i.tid
    WHERE t.id = i.tid AND t.seq = i.seq - 1 AND t.status = 'playing'
    RETURNING t.id
), inserted AS (
    INSERT INTO moves (table_id, seq, seat, move, events, at, stand_in)
    SELECT i.tid, i.seq, i.seat, i.move, i.events, i.at, i.stand_in FROM i JOIN advanced ON advanced.id = i.tid
)
SELECT id FROM advanced
""")


class PostgresBatches:
    def __init__(self, engine: AsyncEngine):
        self.engine = engine.execution_options(isolation_level="AUTOCOMMIT")
        self._lobby_engine = engine
        self._conn: AsyncConnection | None = None
        self._lobby: AsyncConnection | None = None  # lobby commands: one transaction per batch

    async def run_commands(self, commands: Sequence) -> bool:
        """The batch's lobby commands (app/store/lobby_records.py) in one transaction; each sets its result.
        Unlike a move, a command whose transaction was lost with its connection is not tried again: the
        error reaches its caller (503), who may retry (a seat taken twice is refused as `seated`)."""
        if self._lobby is None:
            self._lobby = await self._lobby_engine.connect()
        conn = self._lobby
        try:
            async with conn.begin():
                await conn.run_sync(_run_all, commands)
            return True
        except Exception:
            self._lobby = None
            try:
                await conn.close()
            except Exception as exc:  # already gone
                log.debug("closing the writer's lobby connection: %s", type(exc).__name__)
            raise

    async def store(self, records: Sequence[MoveRecord]) -> list[bool]:
        """Which of `records` were stored (move_records.claim's rule: each table's first record, while the
        table is playing at the seq before the record's)."""
        first = first_per_table(records)  # the seq and status are checked by the statement
        chosen = [{"tid": r.table_id, "seq": r.seq, "seat": r.seat, "move": r.move, "events": r.events, "at": r.at,
                   "doc": r.doc, "status": r.status, "to_act": r.to_act, "result": r.result,
                   "finished_at": r.finished_at, "stand_in": r.stand_in} for ok, r in zip(first, records) if ok]
        # The batch is one JSON text (orjson, in one call) that PostgreSQL takes apart: as arrays of text,
        # the driver escaped every quote of every document in Python, which cost more than the round trips.
        params = {"batch": orjson.dumps(chosen, option=orjson.OPT_NON_STR_KEYS).decode()}
        try:
            advanced = await self._execute(params)
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            # The connection was gone (PostgreSQL restarted, failed over, or killed it): once more on a
            # new one, as the pool's ping on checkout would have. Had the lost attempt committed, the tables
            # are past these seqs now and the moves are refused as stale: nothing is stored twice.
            advanced = await self._execute(params)
        return [ok and r.table_id in advanced for ok, r in zip(first, records)]

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
        if self._lobby is not None:
            conn, self._lobby = self._lobby, None
            await conn.close()


def _run_all(sync_conn, commands: Sequence) -> None:  # sync_conn: a SQLAlchemy Connection, in run_sync
    ex = Exec(sync_conn, postgres=True)
    for command in commands:
        command.run(ex)
