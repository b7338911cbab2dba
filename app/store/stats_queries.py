"""Queries of the admin's statistics (app/tables/admin_stats.py): the tables made in a time range, and the
events of given types stored with their moves. Read-only; portable between SQLite and PostgreSQL (the
arithmetic is done by the caller)."""
from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime

from sqlalchemy import Row, Select, Text, cast, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Move, Table

BATCH = 5000  # rows fetched at a time


def _created_in(q: Select, start: datetime | None, end: datetime | None) -> Select:
    if start is not None:
        q = q.where(Table.created_at >= start)
    if end is not None:
        q = q.where(Table.created_at < end)
    return q


async def tables_made(s: AsyncSession, start: datetime | None, end: datetime | None) -> AsyncIterator[Row]:
    """Every table created in [start, end): id, game, status, players, options, result, seq, started_at,
    finished_at (no docs), in batches."""
    q = _created_in(select(Table.id, Table.game, Table.status, Table.players, Table.options, Table.result,
                           Table.seq, Table.started_at, Table.finished_at), start, end).order_by(Table.id)
    result = await s.stream(q.execution_options(yield_per=BATCH))
    async for row in result:
        yield row


async def events_of(s: AsyncSession, game: str, types: tuple[str, ...], start: datetime | None,
                    end: datetime | None) -> AsyncIterator[Row]:
    """table_id, seat, events of the moves at `game`'s tables created in [start, end) whose stored events
    may hold one of `types` (the caller keeps only the events of those types), in play order."""
    text = cast(Move.events, Text)
    q = (select(Move.table_id, Move.seat, Move.events).join(Table, Table.id == Move.table_id)
         .where(Table.game == game, Table.status != "lobby", or_(*(text.contains(t, autoescape=True) for t in types)))
         .order_by(Move.table_id, Move.seq))
    result = await s.stream(_created_in(q, start, end).execution_options(yield_per=BATCH))
    async for row in result:
        yield row
