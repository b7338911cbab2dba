"""Queries of the daily digest (app/tables/notify/digest.py): the seats whose person asked for one and whose
table waits for them, and the day's claims.

A digest is claimed per recipient (a hash of the person and the channel's address) and UTC day by one
INSERT ... ON CONFLICT in `digests`: the first instance to commit holds it; a claim that was never marked
sent is taken over once older than the lease (its instance died or hung before the delivery ended), so a
restart loses no digest and two instances never send the same one. Each function takes an AsyncSession
inside a transaction; none commits.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import Row, and_, delete, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Digest, Seat, Table

_D = Digest.__table__
WAITING_MAX = 20_000  # seats looked at per sweep: far more than the people who chose a digest


async def waiting(s: AsyncSession, now: datetime) -> list[Row]:
    """The seats of people (not bots, nor seats the bot stands in for) with a digest channel, at tables playing
    and not paused now: rows of (table_id, code, game, to_act, moved_at, started_at, pace, paused_until, seat,
    name, player_id, notify, digest, digest_hour, webhook_url, webhook_format, ntfy_url, push). Whether the
    seat is to act, and its hour has come, is the caller's to check (to_act is JSON)."""
    t, x = Table.__table__, Seat.__table__
    q = (select(t.c.id.label("table_id"), t.c.code, t.c.game, t.c.to_act, t.c.moved_at, t.c.started_at, t.c.pace,
                t.c.paused_until, x.c.seat, x.c.name, x.c.player_id, x.c.notify, x.c.digest, x.c.digest_hour,
                x.c.webhook_url, x.c.webhook_format, x.c.ntfy_url, x.c.push)
         .join(t, t.c.id == x.c.table_id)
         .where(and_(x.c.digest.is_not(None), x.c.digest != "", x.c.bot.is_(None), x.c.stand_in.is_(None),
                     t.c.status == "playing", or_(t.c.paused_until.is_(None), t.c.paused_until <= now)))
         .order_by(t.c.moved_at).limit(WAITING_MAX))
    return list((await s.execute(q)).all())


async def claimed_on(s: AsyncSession, day: str, steal_before: datetime) -> set[str]:
    """The recipients whose digest of `day` is sent, or claimed since `steal_before` (its lease still holds)."""
    q = select(_D.c.recipient).where(_D.c.day == day, or_(_D.c.sent_at.is_not(None), _D.c.claimed_at >= steal_before))
    return set((await s.execute(q)).scalars())


async def claim(s: AsyncSession, recipient: str, day: str, owner: str, now: datetime, steal_before: datetime) -> bool:
    """True when `owner` holds the digest of `recipient` on `day` now: claimed first, or taken over from a
    claim made before `steal_before` and never marked sent."""
    insert = postgresql.insert if s.bind.dialect.name == "postgresql" else sqlite.insert
    stmt = insert(_D).values(recipient=recipient, day=day, owner=owner, claimed_at=now)
    stmt = stmt.on_conflict_do_update(
        index_elements=["recipient", "day"],
        set_={"owner": stmt.excluded.owner, "claimed_at": stmt.excluded.claimed_at},
        where=and_(_D.c.sent_at.is_(None), or_(_D.c.owner == owner, _D.c.claimed_at < steal_before)))
    return (await s.execute(stmt.returning(_D.c.owner))).first() is not None


async def mark_sent(s: AsyncSession, recipient: str, day: str, owner: str, now: datetime) -> bool:
    """The digest went (or was given up): nobody sends it again that day."""
    q = (update(Digest).where(Digest.recipient == recipient, Digest.day == day, Digest.owner == owner)
         .values(sent_at=now).execution_options(synchronize_session=False))
    return (await s.execute(q)).rowcount == 1


async def release(s: AsyncSession, recipient: str, day: str, owner: str) -> None:
    """Give up a claim whose digest could not be queued: the next sweep (of any instance) tries again."""
    await s.execute(delete(Digest).where(Digest.recipient == recipient, Digest.day == day, Digest.owner == owner,
                                         Digest.sent_at.is_(None)))


async def forget_before(s: AsyncSession, day: str) -> int:
    """Delete the claims of days before `day` (a day's claims matter only that day)."""
    return int((await s.execute(delete(Digest).where(Digest.day < day))).rowcount or 0)
