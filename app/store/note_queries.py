"""Reads and writes of the notes on a table's moves (table move_notes, revision 0017). Each takes an
AsyncSession; none commits (the writes run in the group-commit writer's transactions)."""
from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Move, MoveNote, Seat


async def notes_of(s: AsyncSession, table_id: int, *, seat: int | None = None,
                   limit: int = 2000) -> list[tuple[MoveNote, str | None]]:
    """A table's notes in the order of its moves, each with its seat's name; `seat`: that seat's alone."""
    same_seat = (Seat.table_id == MoveNote.table_id) & (Seat.seat == MoveNote.seat)
    q = select(MoveNote, Seat.name).outerjoin(Seat, same_seat).where(MoveNote.table_id == table_id)
    if seat is not None:
        q = q.where(MoveNote.seat == seat)
    q = q.order_by(MoveNote.seq, MoveNote.id).limit(limit)
    return [(n, name) for n, name in (await s.execute(q)).all()]


async def note(s: AsyncSession, table_id: int, note_id: int) -> MoveNote | None:
    q = select(MoveNote).where(MoveNote.table_id == table_id, MoveNote.id == note_id)
    return (await s.execute(q)).scalar_one_or_none()


async def count_of_seat(s: AsyncSession, table_id: int, seat: int) -> int:
    q = select(func.count()).select_from(MoveNote).where(MoveNote.table_id == table_id, MoveNote.seat == seat)
    return int((await s.execute(q)).scalar_one())


async def mover(s: AsyncSession, table_id: int, seq: int) -> int | None:
    """The seat that made step `seq` of the table (None: no such step)."""
    q = select(Move.seat).where(Move.table_id == table_id, Move.seq == seq)
    return (await s.execute(q)).scalar_one_or_none()


async def seat_row(s: AsyncSession, table_id: int, seat: int) -> Seat | None:
    q = select(Seat).where(Seat.table_id == table_id, Seat.seat == seat)
    return (await s.execute(q)).scalar_one_or_none()


async def add(s: AsyncSession, row: MoveNote) -> None:
    s.add(row)
    await s.flush()


async def drop(s: AsyncSession, row: MoveNote) -> None:
    await s.delete(row)
    await s.flush()
