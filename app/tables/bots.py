"""Bot turns: when a bot seat comes to act, a task waits Settings.bot_delay_seconds, asks the bot (in a
worker thread, given only the view) and plays through the same pipeline as everyone else."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from app.bots import bot_for_game, get_bot
from app.config import Settings
from app.games import GAMES
from app.store import Database, queries
from app.tables.errors import TableError
from app.tables.state import Snapshot, load_snapshot
from app.tables.tasks import cancel_all

log = logging.getLogger("icehouse.bots")

# play(code, seat, seq, move): the move pipeline (moves.play bound to the context)
Play = Callable[..., Awaitable[Any]]


class BotRunner:
    def __init__(self, settings: Settings, db: Database, play: Play):
        self.settings = settings
        self.db = db
        self.play = play
        self._tasks: dict[tuple[str, int, int], asyncio.Task] = {}

    def schedule(self, snap: Snapshot) -> None:
        """Start a turn for every bot seat in `to_act` (once per table, seat and seq)."""
        if snap.status != "playing":
            return
        bots = {x["seat"]: x.get("bot_name") or bot_for_game(snap.game) for x in snap.seats if x["bot"]}
        for seat in snap.to_act:
            key = (snap.code, seat, snap.seq)
            if seat in bots and key not in self._tasks:
                task = asyncio.create_task(self._turn(snap, seat, bots[seat]), name=f"bot-{key}")
                self._tasks[key] = task
                task.add_done_callback(lambda _t, k=key: self._tasks.pop(k, None))

    async def _turn(self, snap: Snapshot, seat: int, bot_name: str) -> None:
        """Choose from the snapshot that scheduled this turn (no read: if the table has moved on since, the
        pipeline refuses the stale seq) and play through the pipeline."""
        await asyncio.sleep(self.settings.bot_delay_seconds)
        code, seq = snap.code, snap.seq
        try:
            g = GAMES[snap.game]
            view, legal = g.view(snap.doc, seat), g.legal_moves(snap.doc, seat)
            move = await asyncio.to_thread(get_bot(bot_name).choose, view, seat, legal)
            await self.play(code, seat, seq, move)
        except TableError as exc:  # someone else moved first, or the table ended: nothing to do
            log.info("bot turn skipped", extra={"table": code, "seat": seat, "seq": seq, "why": exc.detail})
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot turn failed", extra={"table": code, "seat": seat, "seq": seq})

    async def resume(self) -> None:
        """After a restart: play the bots whose turn it is."""
        async with self.db.session() as s:
            for table in await queries.playing_tables_with_bots(s):
                self.schedule(await load_snapshot(s, table))

    async def stop(self) -> None:
        await cancel_all(list(self._tasks.values()))
        self._tasks.clear()

    def __len__(self) -> int:
        return len(self._tasks)
