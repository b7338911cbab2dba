"""Queries of the admin's statistics (app/tables/admin/stats.py), over the tables created in a time range:
counts and averages grouped in the database, tables started and ended per day, the rows a game's own
statistics hook reads, and the events of given types stored with the moves. Read-only; SQLite and
PostgreSQL (the only dialect-bound parts are a timestamp's UTC day and the minutes between two).

Only games played here count: imported tables (Table.imported, revision 0006) are left out of every
figure, and counted apart by `imported`.
"""
from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime

from sqlalchemy import Float, Row, Select, Text, cast, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Move, Table

BATCH = 5000  # rows fetched at a time


def _created_in(q: Select, start: datetime | None, end: datetime | None, imported: bool = False) -> Select:
    q = q.where(Table.imported.is_(imported))
    if start is not None:
        q = q.where(Table.created_at >= start)
    if end is not None:
        q = q.where(Table.created_at < end)
    return q


def _sqlite(s: AsyncSession) -> bool:
    return s.bind.dialect.name == "sqlite"


def _day(s: AsyncSession, column):  # a column in, an SQL expression out
    """The UTC day of a timestamp, as text YYYY-MM-DD (SQLite keeps naive UTC text)."""
    if _sqlite(s):
        return func.date(column)
    return func.to_char(func.timezone("UTC", column), "YYYY-MM-DD")


def _minutes(s: AsyncSession, start, end):
    if _sqlite(s):
        return (func.julianday(end) - func.julianday(start)) * 1440.0
    return cast(func.extract("epoch", end - start), Float) / 60.0


async def by_status(s: AsyncSession, start: datetime | None, end: datetime | None) -> list[Row]:
    """(game, status, tables, average seq, average minutes from start to end) per game and status."""
    q = select(Table.game, Table.status, func.count(Table.id), func.avg(Table.seq),
               func.avg(_minutes(s, Table.started_at, Table.finished_at))).group_by(Table.game, Table.status)
    return list((await s.execute(_created_in(q, start, end))).all())


async def imported(s: AsyncSession, start: datetime | None, end: datetime | None) -> list[Row]:
    """(game, tables) of the imported tables created in the range (by their original creation)."""
    q = select(Table.game, func.count(Table.id)).group_by(Table.game)
    return list((await s.execute(_created_in(q, start, end, imported=True))).all())


async def per_day(s: AsyncSession, what: str, start: datetime | None, end: datetime | None) -> list[Row]:
    """(game, day, tables) for `what`: "started" (by started_at), "finished" or "abandoned" (by finished_at)."""
    column = Table.started_at if what == "started" else Table.finished_at
    day = _day(s, column)
    q = select(Table.game, day, func.count(Table.id)).where(column.is_not(None))
    if what != "started":
        q = q.where(Table.status == what)
    return list((await s.execute(_created_in(q.group_by(Table.game, day), start, end))).all())


async def started_tables(s: AsyncSession, game: str, start: datetime | None, end: datetime | None
                         ) -> AsyncIterator[Row]:
    """id, status, players, options, result, seq, minutes of `game`'s tables that started, in batches."""
    q = (select(Table.id, Table.status, Table.players, Table.options, Table.result, Table.seq,
                _minutes(s, Table.started_at, Table.finished_at))
         .where(Table.game == game, Table.status != "lobby").order_by(Table.id))
    result = await s.stream(_created_in(q, start, end).execution_options(yield_per=BATCH))
    async for row in result:
        yield row


async def events_of(s: AsyncSession, game: str, types: tuple[str, ...], start: datetime | None,
                    end: datetime | None) -> AsyncIterator[Row]:
    """table_id, seat, events, seq of the moves at `game`'s tables created in [start, end) whose stored events
    may hold one of `types` (the caller keeps only the events of those types), in play order."""
    text = cast(Move.events, Text)
    q = (select(Move.table_id, Move.seat, Move.events, Move.seq).join(Table, Table.id == Move.table_id)
         .where(Table.game == game, Table.status != "lobby", or_(*(text.contains(t, autoescape=True) for t in types)))
         .order_by(Move.table_id, Move.seq))
    result = await s.stream(_created_in(q, start, end).execution_options(yield_per=BATCH))
    async for row in result:
        yield row
