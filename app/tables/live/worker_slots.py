"""The bots' workers as slots taken in priority order: a bot's own turn before any hint, a hint before any
analysis (the bots' after-the-fact work: app/tables/analysis/).

The bots' process pool (or thread pool) runs what it is given first come, first served; a hint asked of a
"strong" bot takes seconds, so sixteen solo players asking hints at once kept a bot seat of another table
waiting past its time cap, and that bot played a random move. Here at most `size` jobs are in the workers at
once, and a job waits for a slot in order of priority (TURN, then HINT, then ANALYSIS), then of arrival. An
analysis takes a slot for one step at a time (one move scored, one decision of a bot's play of a deal), so
a turn or a hint waits at most for the step in the workers, never for a whole analysis. A slot is given
back when the worker is done with the job, not when its caller stops waiting (a job past its cap still holds
its worker until it ends).
"""
from __future__ import annotations

import asyncio
import heapq
import itertools

TURN = 0  # a bot seat's own move: never waits behind a hint
HINT = 1  # a player's hint: waits behind every bot turn
ANALYSIS = 2  # one step of the bots' after-the-fact work: waits behind every turn and hint


class Slots:
    def __init__(self, size: int):
        self.size = max(1, size)
        self.busy = 0
        self._waiting: list[tuple[int, int, asyncio.Future]] = []  # heap of (priority, arrival, future)
        self._arrival = itertools.count()

    @property
    def waiting(self) -> int:
        """Jobs waiting for a slot (those whose callers gave up are not counted)."""
        return sum(1 for *_, f in self._waiting if not f.done())

    async def acquire(self, priority: int) -> None:
        """Wait for a slot; the caller must release() it once the worker is done with its job. A caller
        cancelled while waiting takes no slot (one handed to it as it was cancelled is passed on)."""
        if self.busy < self.size:
            self.busy += 1
            return
        future = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._arrival), future))
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():  # the slot came as the caller gave up: pass it on
                self.release()
            else:
                future.cancel()
            raise

    def release(self) -> None:
        """Give a slot back: to the first waiting job by priority, else free."""
        while self._waiting:
            *_, future = heapq.heappop(self._waiting)
            if not future.done():
                future.set_result(None)  # the slot passes on: `busy` is unchanged
                return
        self.busy -= 1
