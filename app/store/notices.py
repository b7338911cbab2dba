"""Queries of the notifications beyond the socket (app/tables/notify/turns.py): the last delivery per channel,
reminders due and claimed, a table's reminder delay, and the server's own keys. (What players set, and the
nudge's once-an-hour claim, are writer commands: app/store/seat_records.py.)

Reminders are scheduled by the table row itself: a seat is due a reminder when its table is playing, has
neither started nor moved for the table's `remind_after` seconds (the server's default when NULL, never
when 0), and `reminded_seq` is not the table's seq. The reminder is claimed by a conditional UPDATE of
`reminded_seq` (one instance's UPDATE changes the row; the others' change nothing), so it survives a
restart (nothing is kept in memory) and goes out once over every instance. Each function takes an
AsyncSession inside a transaction; none commits.
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta

from sqlalchemy import Row, and_, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Seat, ServerKey, Table, TurnClaim

REMIND_CHOICES = (3600, 12 * 3600, 24 * 3600)  # what a host may choose, besides off and the default
REMIND_AT_PACE = 0.75  # a paced table's seat is reminded when a quarter of its turn's time is left


async def record_delivery(s: AsyncSession, table_id: int, seat: int, channel: str, result: dict, *,
                          drop_push: bool = False) -> None:
    """Keep `result` ({"ok", "at", "detail"}) as the seat's last delivery on `channel`; with drop_push the
    seat's Web Push subscription goes (the push service said it is gone)."""
    row = (await s.execute(select(Seat).where(Seat.table_id == table_id, Seat.seat == seat)
                           .with_for_update())).scalar_one_or_none()
    if row is None:
        return
    row.deliveries = {**(row.deliveries or {}), channel: result}
    if drop_push:
        row.push = None


async def due_reminders(s: AsyncSession, now: datetime, default_after: float, limit: int) -> list[Row]:
    """Tables whose seat(s) to act are due a reminder, oldest first: rows of (id, code, game, seq,
    to_act). One query per reminder delay in use (an index on status and moved_at serves each)."""
    t = Table.__table__
    out: list[Row] = []
    unpaced = t.c.pace.is_(None)
    delays = {after: [and_(unpaced, t.c.remind_after == after)] for after in REMIND_CHOICES}  # the hosts' choices
    if default_after > 0:  # and the server's default, for tables that kept it
        delays.setdefault(default_after, []).append(and_(unpaced, t.c.remind_after.is_(None)))
    for pace in await paces_in_play(s):  # a paced table: when a quarter of its time is left (unless off)
        delays.setdefault(pace * REMIND_AT_PACE, []).append(
            and_(t.c.pace == pace, or_(t.c.remind_after.is_(None), t.c.remind_after != 0)))
    for after, settings in sorted(delays.items()):
        before = now - timedelta(seconds=after)
        setting = or_(*settings)
        q = (select(t.c.id, t.c.code, t.c.game, t.c.seq, t.c.to_act)
             .where(and_(t.c.status == "playing", setting, t.c.moved_at < before,
                         or_(t.c.started_at.is_(None), t.c.started_at < before),
                         or_(t.c.paused_until.is_(None), t.c.paused_until < before),
                         or_(t.c.reminded_seq.is_(None), t.c.reminded_seq != t.c.seq)))
             .order_by(t.c.moved_at).limit(limit))
        out += list((await s.execute(q)).all())
    return out[:limit]


async def paces_in_play(s: AsyncSession) -> list[int]:
    """The paces (seconds per turn) of the tables playing now: a handful of values (the hosts' choices)."""
    q = select(Table.pace).where(Table.status == "playing", Table.pace.is_not(None)).distinct()
    return sorted(x for x in (await s.execute(q)).scalars() if x)


async def due_timeouts(s: AsyncSession, now: datetime, limit: int) -> list[Row]:
    """Paced tables whose turn has run out of time, oldest first: rows of (id, code, seq). A turn already
    timed out (claimed in turn_claims) is left out once its stand-ins are known: the bot is playing it."""
    t = Table.__table__
    out: list[Row] = []
    for pace in await paces_in_play(s):
        before = now - timedelta(seconds=pace)
        claimed = select(TurnClaim.table_id).where(TurnClaim.table_id == t.c.id, TurnClaim.seq == t.c.seq,
                                                   TurnClaim.kind == "timeout")
        q = (select(t.c.id, t.c.code, t.c.seq)
             .where(t.c.status == "playing", t.c.pace == pace, t.c.moved_at < before,
                    or_(t.c.started_at.is_(None), t.c.started_at < before),
                    or_(t.c.paused_until.is_(None), t.c.paused_until < before), ~claimed.exists())
             .order_by(t.c.moved_at).limit(limit))
        out += list((await s.execute(q)).all())
    return out[:limit]


async def claim_reminder(s: AsyncSession, table_id: int, seq: int) -> bool:
    """True for the one caller whose UPDATE marks the table's turn at `seq` as reminded."""
    q = (update(Table).where(Table.id == table_id, Table.seq == seq, Table.status == "playing",
                             or_(Table.reminded_seq.is_(None), Table.reminded_seq != seq))
         .values(reminded_seq=seq).execution_options(synchronize_session=False))
    return (await s.execute(q)).rowcount == 1


async def remind_after_of(s: AsyncSession, table_id: int) -> int | None:
    return (await s.execute(select(Table.remind_after).where(Table.id == table_id))).scalar_one_or_none()


async def server_key(s: AsyncSession, name: str, make: str, now: datetime) -> str:
    """The stored key `name`; the first caller stores `make` (every instance then reads the same one)."""
    found = (await s.execute(select(ServerKey.value).where(ServerKey.name == name))).scalar_one_or_none()
    if found is not None:
        return found
    insert = postgresql.insert if s.bind.dialect.name == "postgresql" else sqlite.insert
    stmt = insert(ServerKey).values(name=name, value=make, created_at=now).on_conflict_do_nothing()
    await s.execute(stmt)
    return (await s.execute(select(ServerKey.value).where(ServerKey.name == name))).scalar_one()


def loads(text: str | None) -> dict | None:
    """A JSON text column as a dict (None when empty or unreadable)."""
    try:
        value = json.loads(text) if text else None
    except ValueError:
        return None
    return value if isinstance(value, dict) else None

