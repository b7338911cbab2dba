"""Reads about deals (app/tables/deals/): a deal by id, whether a player has played or finished it, the
finished tables on it with their seats and hints, and the admin's list of deals with their plays. Each takes
an AsyncSession; none writes.
"""
from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import ChatMessage, Deal, Player, Seat, Table

HINT_SEATS = (-1, -3)  # the chat rows a hint writes (app/tables/live/chat.py: shown and quiet)


async def deal_by_id(s: AsyncSession, deal_id: str) -> Deal | None:
    return (await s.execute(select(Deal).where(Deal.id == deal_id))).scalar_one_or_none()


async def tables_of_player_on(s: AsyncSession, player_id: int, deal_ids: Sequence[str]) -> dict[str, list[str]]:
    """deal id -> the statuses of the tables on it where the player sits (as a person)."""
    q = (select(Table.deal_id, Table.status).join(Seat, Seat.table_id == Table.id)
         .where(Seat.player_id == player_id, Table.deal_id.in_(list(deal_ids))))
    out: dict[str, list[str]] = {}
    for deal, status in (await s.execute(q)).all():
        out.setdefault(deal, []).append(status)
    return out


async def finished_tables(s: AsyncSession, deal_id: str, limit: int) -> list[Table]:
    """The finished tables dealt `deal_id`, the latest first."""
    q = (select(Table).where(Table.deal_id == deal_id, Table.status == "finished")
         .order_by(Table.finished_at.desc(), Table.id.desc()).limit(limit))
    return list((await s.execute(q)).scalars())


async def seats_of(s: AsyncSession, table_ids: Sequence[int]) -> dict[int, list[Seat]]:
    q = select(Seat).where(Seat.table_id.in_(list(table_ids))).order_by(Seat.table_id, Seat.seat)
    out: dict[int, list[Seat]] = {}
    for seat in (await s.execute(q)).scalars():
        out.setdefault(seat.table_id, []).append(seat)
    return out


async def hints_of(s: AsyncSession, table_ids: Sequence[int]) -> dict[int, int]:
    q = (select(ChatMessage.table_id, func.count()).where(ChatMessage.table_id.in_(list(table_ids)),
                                                         ChatMessage.seat.in_(HINT_SEATS))
         .group_by(ChatMessage.table_id))
    return {t: n for t, n in (await s.execute(q)).all()}


async def count_finished(s: AsyncSession, deal_id: str) -> int:
    q = select(func.count()).where(Table.deal_id == deal_id, Table.status == "finished")
    return (await s.execute(q)).scalar_one()


async def list_deals(s: AsyncSession, limit: int, offset: int) -> list[tuple[Deal, int, int]]:
    """The newest deals with (deal, tables dealt it, tables that finished it)."""
    dealt = (select(Table.deal_id, func.count().label("n"),
                    func.count().filter(Table.status == "finished").label("done"))
             .where(Table.deal_id.is_not(None)).group_by(Table.deal_id).subquery())
    q = (select(Deal, func.coalesce(dealt.c.n, 0), func.coalesce(dealt.c.done, 0))
         .outerjoin(dealt, dealt.c.deal_id == Deal.id)
         .order_by(Deal.created_at.desc(), Deal.id).limit(limit).offset(offset))
    return [(d, n, done) for d, n, done in (await s.execute(q)).all()]


async def count_deals(s: AsyncSession) -> int:
    return (await s.execute(select(func.count()).select_from(Deal))).scalar_one()




async def player_on_deal_of(s: AsyncSession, player_id: int,
                            table_id: int) -> tuple[str | None, list[tuple[int, str, str]]]:
    """The deal of table `table_id` (None: it was dealt afresh) and (id, code, status) of every table on that
    deal where the player sits (as a person)."""
    deal = (await s.execute(select(Table.deal_id).where(Table.id == table_id))).scalar_one_or_none()
    if deal is None:
        return None, []
    q = (select(Table.id, Table.code, Table.status).join(Seat, Seat.table_id == Table.id)
         .where(Seat.player_id == player_id, Table.deal_id == deal).order_by(Table.id))
    return deal, [(t, code, status) for t, code, status in (await s.execute(q)).all()]


async def my_tables_on(s: AsyncSession, player_id: int, deal_id: str) -> list[Table]:
    """The tables on `deal_id` where the player sits (as a person), the latest first."""
    q = (select(Table).join(Seat, Seat.table_id == Table.id)
         .where(Seat.player_id == player_id, Table.deal_id == deal_id)
         .order_by(Table.created_at.desc(), Table.id.desc()).limit(20))
    return list((await s.execute(q)).scalars())


async def seats_on_deal(s: AsyncSession, deal_id: str, *, player_id: int | None = None,
                        cookie_hash: str | None = None, besides: int | None = None) -> list[tuple[str, str]]:
    """(code, status) of every table dealt `deal_id` where the player sits as a person: the player of
    `player_id`, else of the cookie whose hash is `cookie_hash`; the table `besides` left out. The oldest
    first."""
    q = select(Table.code, Table.status).join(Seat, Seat.table_id == Table.id).where(Table.deal_id == deal_id)
    if player_id is not None:
        q = q.where(Seat.player_id == player_id)
    else:
        q = q.join(Player, Player.id == Seat.player_id).where(Player.cookie_hash == cookie_hash)
    if besides is not None:
        q = q.where(Table.id != besides)
    return [(code, status) for code, status in (await s.execute(q.order_by(Table.id))).all()]
