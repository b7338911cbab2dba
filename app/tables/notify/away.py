"""Turn notifications held while the seat is at the table.

A seat's turn goes out on its channels (webhook, ntfy, Web Push: app/tables/notify/turns.py) only when no page
of that seat is at the table: none open on any instance, or every one hidden (another tab, a locked
phone) for longer than Settings.away_after_seconds (Presence.at_table). A turn that comes while the seat
is at the table is held here, on the instance that announced it, and sent as soon as the seat leaves: its
last socket closes (a presence message from any instance, over the broker) or the grace of its hidden
pages runs out (a timer). The sender checks in the database that the turn is still the seat's, and the
turn's claim (app/store/claims.py) keeps it to once over every instance. A held turn whose instance stops
is left to the reminder.

A takeback request is held the same way for the seats asked to answer it (kind "takeback", `by`
the asker, `first` the first move it takes back): a voter at the table sees it there; one who leaves while it
still waits is told on their channels (app/tables/notify/turns.py takeback_asked). A seat's held turn and its
held takeback request are kept side by side. A held request whose instance stops is not told (no reminder
covers it): the table page shows it, and it lapses at the next move.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Held:
    table_id: int
    code: str
    game: str
    seq: int
    seat: int
    kind: str = "turn"  # or "takeback": a takeback request the seat is asked to answer
    by: int | None = None  # a takeback: the seat that asked
    first: int | None = None  # a takeback: the first move it takes back


class HeldTurns:
    def __init__(self) -> None:
        self._held: dict[str, dict[tuple[int, str], Held]] = {}  # table code -> (seat, kind) -> what is held
        self._timers: dict[str, asyncio.TimerHandle] = {}  # table code -> the next grace check
        self._tasks: set[asyncio.Task] = set()  # held turns being sent

    def hold(self, turn: Held) -> None:
        """Hold `turn` (a newer turn, or takeback request, of the same seat replaces the older one)."""
        self._held.setdefault(turn.code, {})[(turn.seat, turn.kind)] = turn

    def of(self, code: str) -> list[Held]:
        return list(self._held.get(code, {}).values())

    def release(self, turn: Held) -> None:
        seats = self._held.get(turn.code)
        if seats is not None and seats.get((turn.seat, turn.kind)) == turn:
            del seats[(turn.seat, turn.kind)]
            if not seats:
                del self._held[turn.code]
                self._cancel_timer(turn.code)

    def __len__(self) -> int:
        return sum(len(seats) for seats in self._held.values())

    def check_in(self, code: str, delay: float, check: Callable[[str], None]) -> None:
        """Call `check(code)` in `delay` seconds (one timer per table: the earliest wins)."""
        loop = asyncio.get_running_loop()
        timer = self._timers.get(code)
        when = loop.time() + max(0.0, delay)
        if timer is not None and not timer.cancelled() and timer.when() <= when:
            return
        self._cancel_timer(code)
        self._timers[code] = loop.call_at(when, self._fire, code, check)

    def _fire(self, code: str, check: Callable[[str], None]) -> None:
        self._timers.pop(code, None)
        check(code)

    def _cancel_timer(self, code: str) -> None:
        timer = self._timers.pop(code, None)
        if timer is not None:
            timer.cancel()

    def run(self, work) -> None:  # work: a coroutine
        task = asyncio.create_task(work, name="held-turn")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        for code in list(self._timers):
            self._cancel_timer(code)
        self._held.clear()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
