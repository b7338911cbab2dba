"""Queries of the admin area: every table, filtered, sorted and paged, and everything about one table.

Each takes an AsyncSession; none writes. Filters arrive already checked by app/tables/admin/tables.py. The list
reads no doc (the big columns) and every filter and sort it offers runs on an index (revision 0004):
(game|status, created_at|moved_at) and created_at, moved_at alone; the player filter is a substring of a
seat's name (case-insensitive), found through the seats.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Row, Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import ChatMessage, Move, Seat, Table

# The sort keys of the list: "created" (Table.created_at) and "last_move" (Table.moved_at: the last move,
# or the creation while there is none).
SORT_COLUMNS = {"created": Table.created_at, "last_move": Table.moved_at}

# What a row of the list needs: everything but the docs.
_ROW = (Table.id, Table.code, Table.game, Table.status, Table.players, Table.seq, Table.to_act, Table.result,
        Table.created_at, Table.updated_at, Table.moved_at, Table.started_at, Table.finished_at,
        Table.rematch_id, Table.rematch_of_id, Table.imported)


@dataclass(frozen=True)
class TableFilter:
    game: str | None = None
    status: str | None = None
    player: str | None = None  # case-insensitive substring of any seat's name
    date: str = "created"  # which time `start` and `end` bound: a key of SORT_COLUMNS
    start: datetime | None = None  # inclusive
    end: datetime | None = None  # exclusive


def _filtered(q: Select, f: TableFilter) -> Select:
    if f.game is not None:
        q = q.where(Table.game == f.game)
    if f.status is not None:
        q = q.where(Table.status == f.status)
    column = SORT_COLUMNS[f.date]
    if f.start is not None:
        q = q.where(column >= f.start)
    if f.end is not None:
        q = q.where(column < f.end)
    if f.player:
        named = select(Seat.table_id).where(func.lower(Seat.name).contains(f.player.lower(), autoescape=True))
        q = q.where(Table.id.in_(named))
    return q


async def count_tables(s: AsyncSession, f: TableFilter) -> int:
    return int((await s.execute(count_query(f))).scalar_one())


def count_query(f: TableFilter) -> Select:
    return _filtered(select(func.count(Table.id)), f)


def list_query(f: TableFilter, limit: int, offset: int, sort: str = "last_move", descending: bool = True) -> Select:
    """A page of rows (the columns of _ROW), by `sort` (ties: by id, the same way)."""
    column = SORT_COLUMNS[sort]
    order = (column.desc(), Table.id.desc()) if descending else (column.asc(), Table.id.asc())
    return _filtered(select(*_ROW), f).order_by(*order).limit(limit).offset(offset)


async def list_tables(s: AsyncSession, f: TableFilter, limit: int, offset: int, sort: str = "last_move",
                      descending: bool = True) -> list[Row]:
    return list((await s.execute(list_query(f, limit, offset, sort, descending))).all())


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
