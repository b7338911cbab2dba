"""The move writer's batches, on SQLite and on PostgreSQL: in one batch, a table's move is stored only while
the table is still playing at the seq the move follows, and once per table; everything else in the batch
is refused and leaves no trace."""
from __future__ import annotations

import asyncio
from datetime import datetime, timezone

import pytest
from sqlalchemy import select, update

from app.store import Table
from app.store.models import Move
from app.store.move_records import MoveRecord
from tests.api.helpers import full_table


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, sqlite_url):
    return request.getfixturevalue("postgres_url") if request.param == "postgres" else sqlite_url


async def table_row(app, code: str) -> Table:
    async with app.state.tables.db.session() as s:
        return (await s.execute(select(Table).where(Table.code == code))).scalar_one()


def record(t: Table, seq: int, *, finished: bool = False, marker: str = "x") -> MoveRecord:
    at = datetime(2026, 12, 1, 12, 0, seq, tzinfo=timezone.utc)
    return MoveRecord(t.id, seq, 0, {"marker": marker}, [{"type": "test", "text": "é ♥"}], at,
                      {**t.doc, "marker": marker}, "finished" if finished else "playing",
                      [] if finished else [1], {"winner": 0} if finished else None, at if finished else None)


async def test_a_batch_stores_each_table_once_and_only_at_the_seq_it_follows(app, new_client):
    codes = [(await full_table(new_client(), new_client()))["code"] for _ in range(4)]
    good, ending, stale, ended = [await table_row(app, code) for code in codes]
    async with app.state.tables.db.session() as s:
        await s.execute(update(Table).where(Table.id == ended.id).values(status="abandoned"))
        await s.commit()
    writer = app.state.tables.writer
    batch = [record(good, 1, marker="first"), record(good, 2, marker="second"),  # the 2nd follows an unstored one
             record(ending, 1, finished=True), record(stale, 2), record(ended, 1)]
    # All five queued before the writer wakes: one batch.
    stored = await asyncio.gather(*(writer.write(r) for r in batch))
    assert stored == [True, False, True, False, False]

    async with app.state.tables.db.session() as s:
        rows = {t.id: t for t in (await s.execute(select(Table).where(Table.id.in_(
            [good.id, ending.id, stale.id, ended.id])))).scalars()}
        moves = (await s.execute(select(Move.table_id, Move.seq, Move.move, Move.events)
                                 .where(Move.table_id.in_(list(rows))).order_by(Move.table_id))).all()
    assert (rows[good.id].seq, rows[good.id].status, rows[good.id].doc["marker"]) == (1, "playing", "first")
    assert rows[good.id].to_act == [1] and rows[good.id].result is None and rows[good.id].finished_at is None
    assert (rows[ending.id].seq, rows[ending.id].status, rows[ending.id].result) == (1, "finished", {"winner": 0})
    assert rows[ending.id].finished_at is not None
    assert (rows[stale.id].seq, rows[stale.id].status) == (0, "playing")
    assert (rows[ended.id].seq, rows[ended.id].status) == (0, "abandoned")
    assert [(m.table_id, m.seq, m.move["marker"]) for m in moves] == [(good.id, 1, "first"), (ending.id, 1, "x")]
    assert moves[0].events == [{"type": "test", "text": "é ♥"}]
