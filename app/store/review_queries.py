"""Reads and writes of a review room's kept what-ifs (table review_branches, revision 0008). Each takes an
AsyncSession; none commits."""
from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import ReviewBranch


async def branches_of(s: AsyncSession, table_id: int, limit: int) -> list[ReviewBranch]:
    q = (select(ReviewBranch).where(ReviewBranch.table_id == table_id)
         .order_by(ReviewBranch.created_at.desc(), ReviewBranch.id).limit(limit))
    return list((await s.execute(q)).scalars())


async def branch(s: AsyncSession, table_id: int, branch_id: str) -> ReviewBranch | None:
    q = select(ReviewBranch).where(ReviewBranch.table_id == table_id, ReviewBranch.id == branch_id)
    return (await s.execute(q)).scalar_one_or_none()


async def count_branches(s: AsyncSession, table_id: int) -> int:
    q = select(func.count()).select_from(ReviewBranch).where(ReviewBranch.table_id == table_id)
    return (await s.execute(q)).scalar_one()


async def add_branch(s: AsyncSession, row: ReviewBranch) -> None:
    s.add(row)
    await s.flush()


async def drop_branch(s: AsyncSession, table_id: int, branch_id: str) -> bool:
    q = delete(ReviewBranch).where(ReviewBranch.table_id == table_id, ReviewBranch.id == branch_id)
    return (await s.execute(q)).rowcount > 0
