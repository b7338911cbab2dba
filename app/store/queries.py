"""Queries the domain layer needs. Each takes an AsyncSession; none commits."""
from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import ChatMessage, Move, Player, Seat, Table


async def table_by_code(s: AsyncSession, code: str, *, for_update: bool = False) -> Table | None:
    q = select(Table).where(Table.code == code)
    if for_update:
        q = q.with_for_update()  # PostgreSQL row lock; SQLite relies on BEGIN IMMEDIATE
    return (await s.execute(q)).scalar_one_or_none()


async def table_by_id(s: AsyncSession, table_id: int | None) -> Table | None:
    if table_id is None:
        return None
    return await s.get(Table, table_id)


async def code_of(s: AsyncSession, table_id: int | None) -> str | None:
    if table_id is None:
        return None
    return (await s.execute(select(Table.code).where(Table.id == table_id))).scalar_one_or_none()


async def seats_of(s: AsyncSession, table_id: int) -> list[Seat]:
    q = select(Seat).where(Seat.table_id == table_id).order_by(Seat.seat)
    return list((await s.execute(q)).scalars())


async def player_by_cookie_hash(s: AsyncSession, cookie_hash: str) -> Player | None:
    return (await s.execute(select(Player).where(Player.cookie_hash == cookie_hash))).scalar_one_or_none()


async def moves_since(s: AsyncSession, table_id: int, since: int, limit: int | None = None) -> list[Move]:
    q = select(Move).where(Move.table_id == table_id, Move.seq > since).order_by(Move.seq)
    if limit is not None:
        q = q.limit(limit)
    return list((await s.execute(q)).scalars())


async def last_move(s: AsyncSession, table_id: int) -> Move | None:
    q = select(Move).where(Move.table_id == table_id).order_by(Move.seq.desc()).limit(1)
    return (await s.execute(q)).scalar_one_or_none()


async def chat_of(s: AsyncSession, table_id: int, limit: int = 200) -> list[ChatMessage]:
    q = select(ChatMessage).where(ChatMessage.table_id == table_id).order_by(ChatMessage.id.desc()).limit(limit)
    return list(reversed(list((await s.execute(q)).scalars())))


async def tables_of_player(s: AsyncSession, player_id: int, limit: int = 100) -> Sequence[tuple[Table, Seat]]:
    q = (select(Table, Seat).join(Seat, Seat.table_id == Table.id).where(Seat.player_id == player_id)
         .order_by(Table.updated_at.desc()).limit(limit))
    return [(t, seat) for t, seat in (await s.execute(q)).all()]


async def playing_tables_with_bots(s: AsyncSession) -> list[Table]:
    q = (select(Table).where(Table.status == "playing")
         .where(Table.id.in_(select(Seat.table_id).where(Seat.bot.is_not(None)))))
    return list((await s.execute(q)).scalars())
