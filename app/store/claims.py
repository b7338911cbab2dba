"""Turn claims (models.TurnClaim): one app instance, chosen by the database, does each turn's one-off work.

A claim is one INSERT ... ON CONFLICT on (table_id, seq, seat, kind): the first instance to commit it
holds it; the others see no row inserted. A claim may carry a lease: an instance that died (or hung) after
claiming loses it once `steal_before` has passed, and another takes it over. Each takes an AsyncSession
inside a write transaction; none commits.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Table, TurnClaim

_C = TurnClaim.__table__
_KEY = ["table_id", "seq", "seat", "kind"]


async def claim(s: AsyncSession, *, table_id: int, seq: int, seat: int, kind: str, owner: str, now: datetime,
                steal_before: datetime | None = None) -> bool:
    """Claim (table_id, seq, seat, kind) for `owner`; True when `owner` holds it now. A claim made by
    another owner before `steal_before` is taken over; without `steal_before` a claim is never taken over.
    Claims of the table's older seqs are deleted (their turns are over)."""
    insert = postgresql.insert if s.bind.dialect.name == "postgresql" else sqlite.insert
    stmt = insert(_C).values(table_id=table_id, seq=seq, seat=seat, kind=kind, owner=owner, claimed_at=now)
    if steal_before is None:
        stmt = stmt.on_conflict_do_nothing(index_elements=_KEY)
    else:
        stmt = stmt.on_conflict_do_update(
            index_elements=_KEY, set_={"owner": stmt.excluded.owner, "claimed_at": stmt.excluded.claimed_at},
            where=or_(_C.c.owner == owner, _C.c.claimed_at < steal_before))
    held = (await s.execute(stmt.returning(_C.c.owner))).first() is not None
    await s.execute(delete(_C).where(_C.c.table_id == table_id, _C.c.seq < seq))
    return held


async def table_at(s: AsyncSession, table_id: int, seq: int) -> bool:
    """The table is playing at `seq` (its turn has not been played yet)."""
    row = (await s.execute(select(Table.seq, Table.status).where(Table.id == table_id))).one_or_none()
    return row is not None and (row.seq, row.status) == (seq, "playing")


async def release(s: AsyncSession, owner: str, kind: str) -> int:
    """Give up `owner`'s claims of `kind` (an instance shutting down), so another instance may take them."""
    result = await s.execute(delete(_C).where(_C.c.owner == owner, _C.c.kind == kind))
    return int(result.rowcount or 0)
