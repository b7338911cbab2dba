"""Queries of the admin area: every table, filtered and paged, and everything about one table.

Each takes an AsyncSession; none writes. Filters arrive already checked by app/tables/admin.py.
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import ChatMessage, Move, Seat, Table


@dataclass(frozen=True)
class TableFilter:
    game: str | None = None
    status: str | None = None
    player: str | None = None  # case-insensitive substring of any seat's name


def _filtered(q: Select, f: TableFilter) -> Select:
    if f.game is not None:
        q = q.where(Table.game == f.game)
    if f.status is not None:
        q = q.where(Table.status == f.status)
    if f.player:
        named = select(Seat.table_id).where(func.lower(Seat.name).contains(f.player.lower(), autoescape=True))
        q = q.where(Table.id.in_(named))
    return q


async def count_tables(s: AsyncSession, f: TableFilter) -> int:
    return int((await s.execute(_filtered(select(func.count(Table.id)), f))).scalar_one())


async def list_tables(s: AsyncSession, f: TableFilter, limit: int, offset: int) -> list[Table]:
    """Newest updated first (ties: newest created first)."""
    q = _filtered(select(Table), f).order_by(Table.updated_at.desc(), Table.id.desc()).limit(limit).offset(offset)
    return list((await s.execute(q)).scalars())


async def seats_of_tables(s: AsyncSession, table_ids: list[int]) -> dict[int, list[Seat]]:
    out: dict[int, list[Seat]] = {i: [] for i in table_ids}
    if not table_ids:
        return out
    q = select(Seat).where(Seat.table_id.in_(table_ids)).order_by(Seat.table_id, Seat.seat)
    for seat in (await s.execute(q)).scalars():
        out[seat.table_id].append(seat)
    return out


async def codes_of(s: AsyncSession, table_ids: set[int]) -> dict[int, str]:
    if not table_ids:
        return {}
    q = select(Table.id, Table.code).where(Table.id.in_(table_ids))
    return {i: code for i, code in (await s.execute(q)).all()}


async def all_moves(s: AsyncSession, table_id: int, upto: int | None = None) -> list[Move]:
    """The moves in seq order (only seq <= upto when given)."""
    q = select(Move).where(Move.table_id == table_id)
    if upto is not None:
        q = q.where(Move.seq <= upto)
    return list((await s.execute(q.order_by(Move.seq))).scalars())


async def all_chat(s: AsyncSession, table_id: int) -> list[ChatMessage]:
    q = select(ChatMessage).where(ChatMessage.table_id == table_id).order_by(ChatMessage.id)
    return list((await s.execute(q)).scalars())
