"""Queries of the housekeeping sweep (app/tables/housekeeping.py): the tables nobody plays any more.

They only choose: the sweep's changes are writer commands (app/store/end_records.py) that check each table
again inside their batch, so these reads lock nothing and need no transaction (Database.reading).
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Invitation, Table


async def idle_playing(s: AsyncSession, before: datetime, limit: int) -> list[tuple[int, str]]:
    """(id, code) of at most `limit` playing tables whose last activity is older than `before`, the oldest
    first."""
    q = (select(Table.id, Table.code).where(Table.status == "playing", Table.updated_at < before)
         .order_by(Table.updated_at).limit(limit))
    return [(tid, code) for tid, code in (await s.execute(q)).all()]


async def stale_lobbies(s: AsyncSession, before: datetime, limit: int, now: datetime | None = None) -> list[str]:
    """The codes of at most `limit` lobbies (never started) with no activity since `before`, the oldest
    first; with `now`, not those with an invitation still waiting for its answer (pending, not expired by
    `now`): an invitation waits its days (app/tables/lobby/invitations.py)."""
    q = select(Table.code).where(Table.status == "lobby", Table.updated_at < before)
    if now is not None:
        q = q.where(~exists().where(Invitation.table_id == Table.id, Invitation.state == "pending",
                                    Invitation.expires_at > now))
    q = q.order_by(Table.updated_at).limit(limit)
    return list((await s.execute(q)).scalars())
