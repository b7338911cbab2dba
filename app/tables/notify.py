"""Turn notifications beyond the WebSocket: each seat's optional webhook (see webhooks.py), called when the
seat comes to act and once more, as a reminder, when it has not moved for Settings.remind_after_seconds.

Each call is claimed in the database first (app/store/claims.py), so that with several app instances a
turn's webhook and its reminder each go out once, not once per instance.
"""
from __future__ import annotations

import logging
from datetime import timedelta

from app.games import GAMES
from app.store import claims, queries, utcnow
from app.tables.identity import share_url
from app.tables.seats import Caller, find_table
from app.tables.context import Context
from app.tables.state import Snapshot, load_snapshot
from app.tables.webhooks import clean_url, turn_message

log = logging.getLogger("icehouse.webhooks")


async def get_webhook(ctx: Context, caller: Caller) -> dict:
    seat = caller.seated()
    async with ctx.db.session() as s:
        seats = await queries.seats_of(s, caller.table_id)
    return {"seat": seat, "url": seats[seat].webhook_url}


async def set_webhook(ctx: Context, caller: Caller, raw: object) -> dict:
    """Store (or, with None or "", clear) the caller's seat's webhook URL."""
    seat = caller.seated()
    url = clean_url(raw, allow_private=ctx.settings.webhook_allow_private)
    async with ctx.db.writing() as s:
        table = await find_table(s, caller.code)
        seats = await queries.seats_of(s, table.id)
        seats[seat].webhook_url = url
        await s.commit()
        snap = await load_snapshot(s, table, seats)
    await ctx.publish_state(snap)  # every instance's live table learns the seat's hook
    return {"seat": seat, "url": url}


async def turn(ctx: Context, snap: Snapshot, seats: list[int]) -> None:
    """Queue a webhook call for each person in `seats` (just came to act) who set one. Never waits on one."""
    people = {x["seat"] for x in snap.seats if not x["bot"] and x.get("hook")} & set(seats)
    if not people:  # nobody to call: no read of the database
        return
    try:
        async with ctx.db.writing() as s:
            rows = [row for row in await queries.seats_of(s, snap.id)
                    if row.seat in people and row.webhook_url and row.notify]
            now = utcnow()
            rows = [row for row in rows if await claims.claim(s, table_id=snap.id, seq=snap.seq, seat=row.seat,
                                                               kind="turn", owner=ctx.instance, now=now)]
            await s.commit()
    except Exception:  # a notification is a nicety: never let it take anything else down
        log.exception("webhook look-up failed", extra={"table": snap.code})
        return
    title, url = GAMES[snap.game].title, share_url(ctx.settings.public_url, snap.code)
    for row in rows:
        ctx.webhooks.send(row.webhook_url, turn_message(code=snap.code, title=title, seat=row.seat,
                                                        name=row.name, seq=snap.seq, url=url))


REMIND_BATCH = 200  # reminders looked at per sweep; the next sweep takes the rest


async def remind(ctx: Context) -> int:
    """Remind, by webhook, each person whose turn it has been for remind_after_seconds (once per turn, over
    every instance). Called by every instance's sweep; returns how many reminders this instance sent."""
    after = ctx.settings.remind_after_seconds
    if not after:
        return 0
    now = utcnow()
    async with ctx.db.reading() as s:
        due = await claims.due_reminders(s, now - timedelta(seconds=after), REMIND_BATCH)
    if not due:
        return 0
    async with ctx.db.writing() as s:
        mine = [row for row in due if await claims.claim(s, table_id=row.table_id, seq=row.seq, seat=row.seat,
                                                          kind="remind", owner=ctx.instance, now=now)]
        await s.commit()
    for row in mine:
        title = GAMES[row.game].title if row.game in GAMES else row.game
        ctx.webhooks.send(row.webhook_url, turn_message(code=row.code, title=title, seat=row.seat, name=row.name,
                                                        seq=row.seq, url=share_url(ctx.settings.public_url, row.code),
                                                        reminder=True))
    if mine:
        log.info("reminders sent", extra={"count": len(mine)})
    return len(mine)
