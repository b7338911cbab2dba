"""Queries of the housekeeping sweep (app/tables/housekeeping.py): tables nobody plays any more.

Each takes an AsyncSession inside a write transaction; none commits.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import ChatMessage, Move, Seat, Table


async def idle_playing(s: AsyncSession, before: datetime, limit: int) -> list[Table]:
    """Playing tables whose last activity is older than `before`, locked (PostgreSQL) until the commit."""
    q = (select(Table).where(Table.status == "playing", Table.updated_at < before)
         .order_by(Table.updated_at).limit(limit).with_for_update())
    return list((await s.execute(q)).scalars())


async def abandon(s: AsyncSession, table_ids: list[int], before: datetime, now: datetime) -> list[int]:
    """Mark the tables abandoned, unless a move touched one since it was read; the ids changed."""
    if not table_ids:
        return []
    q = (update(Table).where(Table.id.in_(table_ids), Table.status == "playing", Table.updated_at < before)
         .values(status="abandoned", to_act=[], updated_at=now, finished_at=now)
         .returning(Table.id).execution_options(synchronize_session=False))
    return list((await s.execute(q)).scalars())


async def stale_lobbies(s: AsyncSession, before: datetime, limit: int) -> list[int]:
    """Lobbies (never started) with no activity since `before`."""
    q = (select(Table.id).where(Table.status == "lobby", Table.updated_at < before)
         .order_by(Table.updated_at).limit(limit).with_for_update())
    return list((await s.execute(q)).scalars())


async def delete_tables(s: AsyncSession, table_ids: list[int]) -> int:
    """Delete the tables with their seats, moves and chat; tables that named one as their rematch (or as
    the table they are a rematch of) forget it. Returns how many tables went."""
    if not table_ids:
        return 0
    plain = {"synchronize_session": False}
    await s.execute(update(Table).where(Table.rematch_id.in_(table_ids)).values(rematch_id=None), execution_options=plain)
    await s.execute(update(Table).where(Table.rematch_of_id.in_(table_ids)).values(rematch_of_id=None),
                    execution_options=plain)
    for model in (ChatMessage, Move, Seat):
        await s.execute(delete(model).where(model.table_id.in_(table_ids)), execution_options=plain)
    result = await s.execute(delete(Table).where(Table.id.in_(table_ids)), execution_options=plain)
    return int(result.rowcount or 0)
