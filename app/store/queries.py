"""Queries the domain layer needs. Each takes an AsyncSession; none commits."""
from __future__ import annotations

from sqlalchemy import Row, bindparam, select
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


QUIET_HINT_SEAT = -3  # a hint counted without a chat line (app/tables/lobby/hints.py): never in the history
_CHAT_OF = (select(ChatMessage.seat, ChatMessage.name, ChatMessage.text, ChatMessage.at, ChatMessage.say)
            .where(ChatMessage.table_id == bindparam("table_id"), ChatMessage.seat != QUIET_HINT_SEAT)
            .order_by(ChatMessage.id.desc()).limit(bindparam("limit")))


async def chat_of(s: AsyncSession, table_id: int, limit: int = 200) -> list[Row]:
    """The last `limit` chat lines (seat, name, text, at, say), oldest first: rows, not objects (every socket's
    welcome reads them)."""
    return list(reversed((await s.execute(_CHAT_OF, {"table_id": table_id, "limit": limit})).all()))


async def tables_of_player(s: AsyncSession, player_id: int, limit: int = 100) -> list[Row]:
    """The player's tables (the `limit` last changed), newest first, in one statement: one row per seat of
    each, in seat order, carrying the table's columns (not its initial doc), the player's own seat (`mine`)
    and that row's seat (`at`, `name`, `bot`)."""
    mine, other = Seat.__table__.alias("mine"), Seat.__table__.alias("other")
    ids = (select(_T.c.id).join(mine, mine.c.table_id == _T.c.id).where(mine.c.player_id == player_id)
           .order_by(_T.c.updated_at.desc()).limit(limit))
    q = (select(_T.c.id, _T.c.code, _T.c.game, _T.c.players, _T.c.status, _T.c.doc, _T.c.seq, _T.c.to_act,
                _T.c.updated_at, _T.c.moved_at, _T.c.pace, mine.c.seat.label("mine"), other.c.seat.label("at"),
                other.c.name, other.c.bot)
         .join(mine, (mine.c.table_id == _T.c.id) & (mine.c.player_id == player_id))
         .join(other, other.c.table_id == _T.c.id)
         .where(_T.c.id.in_(ids.scalar_subquery()))
         .order_by(_T.c.updated_at.desc(), _T.c.id, other.c.seat))
    return list((await s.execute(q)).all())


async def playing_tables_with_bots(s: AsyncSession) -> list[Table]:
    """Playing tables with a bot seat, or a seat the bot stands in for (its time ran out: the pace)."""
    q = (select(Table).where(Table.status == "playing")
         .where(Table.id.in_(select(Seat.table_id).where(Seat.bot.is_not(None) | Seat.stand_in.is_not(None)))))
    return list((await s.execute(q)).scalars())


# -- the hot path: prebuilt Core statements, rows instead of ORM objects -----------------------------------
# Building a select and loading ORM objects cost several times more than running the same statement built
# once and read as rows (about 460 vs 130 microseconds for the table by code on the bench machine). Rows
# answer the same attribute names as the models (row.code, row.doc, seat.token_hash).
_T, _S, _M = Table.__table__, Seat.__table__, Move.__table__
_TABLE_COLUMNS = [c for c in _T.c if c.name != "initial_doc"]  # only replay needs the initial doc


def _code_of(table_id) -> object:  # table_id: a column
    other = _T.alias()
    return select(other.c.code).where(other.c.id == table_id).scalar_subquery()


# The table as clients see it, in one statement: its row, the codes of its rematch tables, and its last
# step, which is the move whose seq is the table's seq (the pipeline writes both in one transaction).
_TABLE_VIEW = (
    select(*_TABLE_COLUMNS, _code_of(_T.c.rematch_id).label("rematch"),
           _code_of(_T.c.rematch_of_id).label("rematch_of"), _M.c.seat.label("last_seat"),
           _M.c.move.label("last_move"), _M.c.events.label("last_events"))
    .select_from(_T.outerjoin(_M, (_M.c.table_id == _T.c.id) & (_M.c.seq == _T.c.seq)))
    .where(_T.c.code == bindparam("code")))
_SEAT_ROWS = (select(_S.c.seat, _S.c.name, _S.c.bot, _S.c.player_id, _S.c.token_hash, _S.c.webhook_url, _S.c.notify,
                     _S.c.ntfy_url, _S.c.push, _S.c.stand_in, _S.c.missed)
              .where(_S.c.table_id == bindparam("table_id")).order_by(_S.c.seat))


async def table_view(s: AsyncSession, code: str) -> Row | None:
    """The table row (no initial_doc) with `rematch`, `rematch_of` (codes) and `last_seat`, `last_move`,
    `last_events` (None before the first move)."""
    return (await s.execute(_TABLE_VIEW, {"code": code})).one_or_none()


async def seat_rows(s: AsyncSession, table_id: int) -> list[Row]:
    """seat, name, bot, player_id, token_hash, webhook_url, notify of each seat, in seat order."""
    return list((await s.execute(_SEAT_ROWS, {"table_id": table_id})).all())
