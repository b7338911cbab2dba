"""Bringing this instance's sockets up to date from the database.

The broker only says "look again", and may lose what it was told: while Redis is down, an instance hears
only its own messages. Each socket remembers the newest seq (and the table's updated_at) it was sent, so
the instance can tell which sockets are behind and send them, from the database:

- a "sync" (the steps they missed, as their seat may see them, and the fresh state), when the table has
  moved on; only the fresh state when more than SYNC_MAX steps were missed;
- a fresh "state", when the table changed without a move (a lobby, an admin, a webhook set);
- after the broker was cut off, the chat again (`chats`): chat lines carry no seq.

It runs when the broker is whole again (every instance then checks all its tables), when a move message
skips a seq that a socket has not seen, on every sweep as a safety net, and every few seconds while the
broker is down. Catch-ups of one table never overlap; a request while one runs makes it run once more.
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from sqlalchemy import select

from app.games import GAMES
from app.store import Table, queries
from app.tables.live.chat import history as chat_history
from app.tables.live import cursors
from app.tables.live.commands import CaughtUp
from app.tables.live.fanout import encode
from app.tables.takeback_steps import taken_back
from app.tables.live.state import Snapshot, iso, make_step, snapshot_of_view, step_for
from app.tables.tasks import cancel_all

if TYPE_CHECKING:
    from app.tables.live.context import Context

log = logging.getLogger("icehouse.catchup")

SYNC_MAX = 1000  # more missed steps than this: a fresh state only
PARALLEL = 4  # tables read at once (the pool serves the requests too)
CHUNK = 500  # table codes per query when checking


class CatchUp:
    def __init__(self, ctx: Context):
        self.ctx = ctx
        self._running: dict[str, asyncio.Task] = {}
        self._again: set[str] = set()
        self._slots = asyncio.Semaphore(PARALLEL)
        self.sent = 0  # sync or state messages sent to sockets that were behind (tests, benchmarks)

    def request(self, code: str) -> None:
        """Bring the sockets on table `code` up to date, soon (never two at once for one table)."""
        if code in self._running:
            self._again.add(code)
            return
        task = asyncio.create_task(self._run(code), name=f"catch-up-{code}")
        self._running[code] = task
        task.add_done_callback(lambda _t, c=code: self._running.pop(c, None))

    async def _run(self, code: str) -> None:
        try:
            while True:
                self._again.discard(code)
                async with self._slots:
                    await self.table(code)
                if code not in self._again:
                    return
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the database is down, say: the next check tries again
            log.warning("catch-up failed", extra={"table": code, "why": type(exc).__name__})

    async def check(self, codes: list[str] | None = None) -> int:
        """One query for the seq and updated_at of the tables watched here; catch up the sockets that are
        behind. Returns how many tables needed it."""
        codes = self.ctx.hub.tables() if codes is None else codes
        behind = 0
        for i in range(0, len(codes), CHUNK):
            chunk = codes[i:i + CHUNK]
            async with self.ctx.db.reading() as s:
                rows = (await s.execute(select(Table.code, Table.seq, Table.updated_at)
                                        .where(Table.code.in_(chunk)))).all()
            for code, seq, updated_at in rows:
                stamp = iso(updated_at)
                if any(cursors.behind(c, seq, stamp) for c in self.ctx.hub.connections(code)):
                    behind += 1
                    self.request(code)
        return behind

    async def chats(self) -> int:
        """Send every socket here its table's chat again (a chat_history, which the page takes as the
        whole chat): chat lines said on another instance while the broker was cut off never reached this
        one, and chat has no seq to catch up by. Returns how many tables were sent one."""
        codes, sent = self.ctx.hub.tables(), 0
        for i in range(0, len(codes), CHUNK):
            async with self.ctx.db.reading() as s:
                rows = (await s.execute(select(Table.id, Table.code)
                                        .where(Table.code.in_(codes[i:i + CHUNK])))).all()
                for table_id, code in rows:
                    text = encode({"type": "chat_history", "messages": await chat_history(s, table_id)})
                    for conn in self.ctx.hub.connections(code):
                        conn.send(text)
                    sent += 1
        return sent

    async def table(self, code: str) -> None:
        """Read the table and send each socket on it what it lacks."""
        conns = [c for c in self.ctx.hub.connections(code) if c.seq is not None]
        if not conns:
            return
        async with self.ctx.db.reading() as s:
            row = await queries.table_view(s, code)
            if row is None:
                return
            snap = snapshot_of_view(row, await queries.seat_rows(s, row.id))
            since = min(c.seq for c in conns)
            moves = []
            if 0 <= snap.seq - since <= SYNC_MAX and since < snap.seq:
                moves = await queries.moves_since(s, snap.id, since, SYNC_MAX)
        await self.ctx.actors.ask(code, CaughtUp(code, snap, moves), bounded=False)

    def send(self, code: str, snap: Snapshot, moves: list) -> None:
        """In the table's turn (on_caught_up): each socket behind `snap` is sent what it lacks."""
        g = GAMES[snap.game]
        states: dict = {}
        steps: dict = {}
        gone = taken_back({"seq": m.seq, "move": m.move} for m in moves)
        for conn in self.ctx.hub.connections(code):
            if not cursors.behind(conn, snap.seq, snap.updated_at):
                continue  # up to date (or past this read: a newer message got there first)
            if conn.seat not in states:
                states[conn.seat] = self.ctx.state_of(snap, conn.seat)
            if conn.seq < snap.seq:
                key = (conn.seat, conn.seq)
                if key not in steps:
                    first = conn.seq + 1
                    steps[key] = ([step_for(g, make_step(m.seq, m.seat, m.move, m.events), conn.seat, snap.doc,
                                            m.seq in gone)
                                   | {"at": iso(m.at)} for m in moves if conn.seq < m.seq <= snap.seq]
                                  if moves and moves[0].seq <= first else [])
                conn.send({"type": "sync", "since": conn.seq, "steps": steps[key], "state": states[conn.seat]})
            else:
                conn.send({"type": "state", **states[conn.seat]})
            cursors.sent(conn, snap.seq, snap.updated_at)
            self.sent += 1

    async def stop(self) -> None:
        await cancel_all(list(self._running.values()))
        self._running.clear()



def on_caught_up(ctx: Context, command: CaughtUp) -> None:
    """In the table's turn: the live table and the sockets behind brought up to what the database said."""
    ctx.live.update(command.snap)
    ctx.catch_up.send(command.code, command.snap, command.moves)
