"""Housekeeping: a table nobody has moved at for Settings.abandon_after_seconds becomes `abandoned` (its
players are told, and may ask for a rematch); a lobby nobody has joined or started for
Settings.lobby_expire_seconds is deleted. `keep` runs a pass every Settings.housekeeping_seconds, a bounded
batch each time.

Both changes go through the group-commit writer like every other change to a table (app/store/
end_records.py). A pass reads which tables look idle, takes the locks of those live on this instance, and
hands the writer one command, which checks each table again inside its batch: every instance runs the
sweep, and another instance may have moved at a table, joined or started a lobby, or swept it first since
the read. Once the batch has committed, a table abandoned while live here changes in memory from the values
the command returns (no read) and `after_commit` publishes its new state to every instance's sockets and
live tables; a table not live here (or whose snapshot here is behind) is read once to publish it. A deleted
lobby is forgotten here and published as gone (`after_delete`). A batch that fails changes nothing, here
or in the database: the pass fails (logged by `keep`) and the next pass tries again.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from app.store import queries, utcnow
from app.store.end_records import Abandoned, AbandonTables, DeleteTables
from app.store.housekeeping import idle_playing, stale_lobbies
from app.tables.errors import TableError
from app.tables.live import commands
from app.tables.live.actor import after_commit, after_delete
from app.tables.live.state import Snapshot, iso, snapshot_of_view
from app.tables.live.tables import LiveTable

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
    """One pass: abandon idle tables (and announce it), delete stale lobbies. Returns what was done: the
    codes abandoned (the longest idle first) and how many lobbies went."""
    settings, now = ctx.settings, utcnow()
    abandoned = await abandon_idle(ctx, now - timedelta(seconds=settings.abandon_after_seconds), now)
    deleted = await delete_stale_lobbies(ctx, now - timedelta(seconds=settings.lobby_expire_seconds), now)
    if abandoned or deleted:
        log.info("housekeeping", extra={"abandoned": len(abandoned), "deleted_lobbies": len(deleted)})
    return {"abandoned": abandoned, "deleted_lobbies": len(deleted)}


async def abandon_idle(ctx: Tables, before: datetime, now: datetime) -> list[str]:
    """Abandon the tables still playing and idle since `before` (a batch of them); their codes."""
    async with ctx.db.reading() as s:
        idle = await idle_playing(s, before, BATCH)
    if not idle:
        return []
    # each table's own actor (no command of it is half done meanwhile); asked together, so the writer
    # stores them in one batch
    answers = await asyncio.gather(*(ctx.actors.ask(code, commands.Abandon(code, tid, before, now))
                                     for tid, code in idle), return_exceptions=True)
    for answer in answers:
        if isinstance(answer, BaseException) and not isinstance(answer, TableError):
            raise answer
    done = [code for answer, (_, code) in zip(answers, idle) if answer is True]
    return done


async def on_abandon(ctx: Tables, command: commands.Abandon) -> bool:
    """The table's actor abandons its idle game; True when it did (not moved meanwhile, not gone)."""
    done: list[Abandoned] = (await ctx.writer.command(AbandonTables([command.table_id], command.before,
                                                                    command.now)))[1]
    if not done:
        return False
    a = done[0]
    live = ctx.live.peek(a.code)
    snap = _from_memory(live, a) or (await _read(ctx, [a.code])).get(a.code)
    if snap is None:  # deleted since it was abandoned (an admin): nothing to tell
        return True
    if live is not None:
        live.advance(snap, None)
    ctx.live.update(snap)  # ended: not kept here (read again when someone looks)
    await after_commit(ctx, snap)
    return True


def _from_memory(live: LiveTable | None, done: Abandoned) -> Snapshot | None:
    """The abandoned table's snapshot from the live table here, when it holds the table at the seq the
    database abandoned it at (None: read it)."""
    if live is None or live.snap.id != done.id or live.snap.seq != done.seq or live.snap.status != "playing":
        return None
    return live.snap.moved(status=done.status, to_act=[], result=done.result, updated_at=iso(done.updated_at))


async def _read(ctx: Tables, codes: list[str]) -> dict[str, Snapshot]:
    """The snapshots of tables not live here, read once (a table deleted meanwhile is left out)."""
    if not codes:
        return {}
    snaps = {}
    async with ctx.db.reading() as s:
        for code in codes:
            row = await queries.table_view(s, code)
            if row is not None:
                snaps[code] = snapshot_of_view(row, await queries.seat_rows(s, row.id))
    return snaps


async def delete_stale_lobbies(ctx: Tables, before: datetime, now: datetime | None = None) -> list[str]:
    """Delete the lobbies still idle since `before` (a batch of them): forgotten here, published as gone;
    their codes."""
    async with ctx.db.reading() as s:
        codes = await stale_lobbies(s, before, BATCH, now)
    if not codes:
        return []
    answers = await asyncio.gather(*(ctx.actors.ask(code, commands.Delete(code, before)) for code in codes),
                                   return_exceptions=True)
    for answer in answers:
        if isinstance(answer, BaseException) and not isinstance(answer, TableError):
            raise answer
    return [code for answer, code in zip(answers, codes)
            if answer is not None and not isinstance(answer, BaseException)]


async def on_delete(ctx: Tables, command: commands.Delete) -> Any:
    """The table's actor deletes it (a stale lobby; or, with no `lobby_before`, whatever it is: the admin):
    the row deleted (end_records.DeleteTables), or None when there was nothing to delete."""
    done = (await ctx.writer.command(DeleteTables([command.code], lobby_before=command.lobby_before)))[1]
    if not done:
        return None
    await after_delete(ctx, done[0].code)
    return done[0]
