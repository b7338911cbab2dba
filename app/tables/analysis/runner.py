"""The analyses of one app instance: claimed from the database one at a time, run a step at a time in the
bots' workers (after every bot turn and hint: worker_slots.ANALYSIS), their progress written as they go.

Work is queued as a row of `analyses` (app/store/analysis_records.py): a table's move scores when its game
ends (`table_over`, from the one after_commit) or when someone asks for them, a deal's yardstick when a table
is dealt it (`deal_dealt`), a game on it ends or its page is looked at (the first of them). Every instance's
runner claims due rows (one instance gets each: a conditional UPDATE), works a row to its end, writing each
step's result before the next, and claims the next; it looks again every Settings.analysis_poll_seconds, or
at once when work is queued here. A row whose owner has not written for Settings.analysis_lease_seconds (an
instance that died) is taken over by the next claim, from its last progress; an instance stopping hands its
row back to the queue at once (`stop`). Abandoned tables are not scored: their games did not end.

A step's result is written only while this instance still holds the row (the owner is checked in the same
UPDATE): an instance that lost its claim stops at its next write, and no step is recorded twice.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from app.store import analysis_records as records
from app.store import utcnow
from app.tables.analysis import jobs
from app.tables.tasks import cancel_all

if TYPE_CHECKING:
    from app.tables.live.context import Context

log = logging.getLogger("icehouse.analysis")

RELEASE_SECONDS = 2.0  # at shutdown, how long handing this instance's row back may take


class Lost(Exception):
    """This instance no longer holds the row (another took it over): stop working on it."""


class Analyses:
    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.settings = ctx.settings
        self.owner = ctx.instance
        self.steps = 0  # steps this instance computed (tests: exactly once across instances)
        self._wake = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._queuing: set[asyncio.Task] = set()  # rows being queued after a game's end

    @property
    def enabled(self) -> bool:
        return self.settings.analysis_seconds > 0

    def start(self) -> None:
        if self.enabled and self._task is None:
            self._task = asyncio.create_task(self._loop(), name="analyses")

    async def stop(self) -> None:
        await cancel_all([self._task, *self._queuing])
        self._task = None
        try:
            await asyncio.wait_for(self._release(), RELEASE_SECONDS)
        except Exception as exc:  # the database is down: the lease runs out instead
            log.warning("analysis not released", extra={"why": type(exc).__name__})

    async def _release(self) -> None:
        await self.ctx.writer.transaction(lambda s: records.release(s, self.owner, utcnow()))

    async def queue(self, kind: str, subject: str, total: int, *, now: bool = False) -> None:
        """Queue (kind, subject): at once when someone asks (`now`), else after Settings.analysis_delay_seconds
        (a game just ended: its players may play on, and their bots come first)."""
        delay = 0.0 if now else self.settings.analysis_delay_seconds
        at = utcnow() + timedelta(seconds=delay)
        await self.ctx.writer.command(records.QueueAnalysis(kind, subject, total, jobs.VERSION, at, sooner=now))
        if now:
            self._wake.set()

    def table_over(self, code: str, status: str, moves: int) -> None:
        """A table's game has just ended (after_commit): its move scores are queued (not an abandoned one's)."""
        if self.enabled and status == "finished":
            self._in_background(self._queue_quietly("moves", code, moves), f"analysis-{code}")

    def deal_dealt(self, deal_id: str, game: str, players: int) -> None:
        """A table was just dealt a shared deal: the bot's yardstick on it is queued, if it measures it."""
        plays = jobs.plays_for(game, players, self.settings.analysis_plays)
        if self.enabled and plays:
            self._in_background(self._queue_quietly("deal", deal_id, plays), f"analysis-deal-{deal_id}")

    def _in_background(self, work: Any, name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._queuing.add(task)
        task.add_done_callback(self._queuing.discard)

    async def _queue_quietly(self, kind: str, subject: str, total: int) -> None:
        try:
            await self.queue(kind, subject, total, now=kind == "deal")
        except Exception:  # the database is down: asking for the scores queues them later
            log.exception("analysis not queued", extra={"kind": kind, "subject": subject})

    async def _loop(self) -> None:
        while True:
            try:
                while await self.run_one():
                    pass
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("analysis loop failed")
            try:
                await asyncio.wait_for(self._wake.wait(), self.settings.analysis_poll_seconds)
            except asyncio.TimeoutError:
                pass
            self._wake.clear()

    async def run_one(self) -> bool:
        """Claim one due row and work it to its end; False when there was none."""
        row = await asyncio.shield(self._claim())
        if row is None:
            return False
        kind, subject = row.kind, row.subject
        try:
            result = await jobs.run(self, row)
            await asyncio.shield(self._finish(kind, subject, "done", result, None))
        except Lost:
            log.info("analysis taken over", extra={"kind": kind, "subject": subject, "instance": self.owner})
        except asyncio.CancelledError:
            raise
        except jobs.Failed as exc:
            await self._finish(kind, subject, "failed", None, str(exc))
        except Exception as exc:
            log.exception("analysis failed", extra={"kind": kind, "subject": subject})
            why = f"The analysis stopped on an error ({type(exc).__name__})."
            await self._finish(kind, subject, "failed", None, why)
        return True

    async def _claim(self) -> Any:
        now = utcnow()
        steal = now - timedelta(seconds=self.settings.analysis_lease_seconds)
        return await self.ctx.writer.transaction(lambda s: records.claim(s, self.owner, now, steal))

    async def progress(self, kind: str, subject: str, done: int, total: int, result: dict) -> None:
        """Write a step's progress; Lost when another instance holds the row now. Shielded: a runner stopped
        meanwhile must not leave the transaction half done (SQLite would stay locked)."""
        if not await asyncio.shield(self._progress(kind, subject, done, total, result)):
            raise Lost

    async def _progress(self, kind: str, subject: str, done: int, total: int, result: dict) -> bool:
        return await self.ctx.writer.transaction(
            lambda s: records.progress(s, kind, subject, self.owner, done=done, total=total, result=result,
                                       now=utcnow()))

    async def _finish(self, kind: str, subject: str, status: str, result: dict | None, error: str | None) -> None:
        await self.ctx.writer.transaction(
            lambda s: records.finish(s, kind, subject, self.owner, status=status, result=result, error=error,
                                     now=utcnow()))

    async def step(self, fn: Any, *args: Any) -> Any:
        """One step in the bots' workers, at the analysis budget, after every turn and hint."""
        self.steps += 1
        return await self.ctx.bots.analyse(fn, *args, budget=self.settings.analysis_seconds)
