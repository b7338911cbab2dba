"""Housekeeping: a table nobody has moved at for Settings.abandon_after_seconds becomes `abandoned` (its
players are told, and may ask for a rematch); a lobby nobody has joined or started for
Settings.lobby_expire_seconds is deleted. `keep` runs a pass every Settings.housekeeping_seconds, a bounded
batch each time; every instance runs it, since each change is made only if the table is still as it was
read.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import TYPE_CHECKING

from app.store import housekeeping as queries
from app.store import utcnow
from app.tables.live.state import load_snapshot

if TYPE_CHECKING:
    from app.tables.service import Tables

log = logging.getLogger("icehouse.housekeeping")

BATCH = 200  # tables changed per kind per run; the next run takes the rest


async def keep(ctx: Tables) -> None:
    """Forever: a pass every Settings.housekeeping_seconds (a failed pass is logged and the next one tries
    again). Started and cancelled with the app (app/main.py)."""
    while True:
        await asyncio.sleep(ctx.settings.housekeeping_seconds)
        try:
            await run(ctx)
        except Exception:
            log.exception("housekeeping failed")


async def run(ctx: Tables) -> dict:
    """One pass: abandon idle tables (and announce it), delete stale lobbies. Returns what was done."""
    settings, now = ctx.settings, utcnow()
    idle_before = now - timedelta(seconds=settings.abandon_after_seconds)
    async with ctx.db.writing() as s:
        rows = await queries.idle_playing(s, idle_before, BATCH)
        abandoned = await queries.abandon(s, [t.id for t in rows], idle_before, now)
        await s.commit()
        snaps = []
        for table in rows:
            if table.id in abandoned:
                await s.refresh(table)
                snaps.append(await load_snapshot(s, table))
    for snap in snaps:  # sockets and every instance's live copy learn the table has ended
        await ctx.publish_state(snap)
    lobby_before = now - timedelta(seconds=settings.lobby_expire_seconds)
    async with ctx.db.writing() as s:
        deleted = await queries.delete_tables(s, await queries.stale_lobbies(s, lobby_before, BATCH))
        await s.commit()
    if snaps or deleted:
        log.info("housekeeping", extra={"abandoned": len(snaps), "deleted_lobbies": deleted})
    return {"abandoned": [snap.code for snap in snaps], "deleted_lobbies": deleted}
