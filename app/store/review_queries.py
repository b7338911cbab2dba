"""Reads and writes of a review room's kept what-ifs (table review_branches, revision 0008). Each takes an
AsyncSession; none commits."""
from __future__ import annotations

from sqlalchemy import case, delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import ReviewBranch


async def branches_of(s: AsyncSession, table_id: int, limit: int) -> list[ReviewBranch]:
    q = (select(ReviewBranch).where(ReviewBranch.table_id == table_id)
         .order_by(ReviewBranch.created_at.desc(), ReviewBranch.id).limit(limit))
    return list((await s.execute(q)).scalars())


async def branch(s: AsyncSession, table_id: int, branch_id: str) -> ReviewBranch | None:
    q = select(ReviewBranch).where(ReviewBranch.table_id == table_id, ReviewBranch.id == branch_id)
    return (await s.execute(q)).scalar_one_or_none()


async def branch_counts(s: AsyncSession, table_id: int, keeper: str) -> tuple[int, int, int, int]:
    """The table's kept what-ifs: all of them, `keeper`'s, those kept without a seat, those kept by guests."""
    def counted(cond):
        return func.coalesce(func.sum(case((cond, 1), else_=0)), 0)

    q = (select(func.count(), counted(ReviewBranch.keeper == keeper), counted(ReviewBranch.seated.is_(False)),
                counted(ReviewBranch.keeper.like("g%")))
         .select_from(ReviewBranch).where(ReviewBranch.table_id == table_id))
    every, own, visitors, guests = (await s.execute(q)).one()
    return int(every), int(own), int(visitors), int(guests)


async def add_branch(s: AsyncSession, row: ReviewBranch) -> None:
    s.add(row)
    await s.flush()


async def drop_branch(s: AsyncSession, table_id: int, branch_id: str) -> bool:
    q = delete(ReviewBranch).where(ReviewBranch.table_id == table_id, ReviewBranch.id == branch_id)
    return (await s.execute(q)).rowcount > 0
