"""Bot turns: when a bot seat comes to act, a task waits Settings.bot_delay_seconds, claims the turn in the
database (app/store/claims.py: with several app instances exactly one plays it), asks the bot (given only
the view, in a worker process so that a hundred searching bots cannot stall the people's tables; or in a
thread with bot_processes=0), and plays through the same pipeline as everyone else. A bot that overruns
its time cap is replaced for that turn by the random bot. Bot turns take the workers before hints
(app/tables/live/worker_slots.py), and the cap counts from when the turn reaches a worker: hints filling the
workers delay a bot's turn, never make it random.

The instance that made the move schedules the bot's turn; every instance's sweep schedules the turns
nobody has played (resume), so a turn claimed by an instance that died is taken over once its lease ends."""
from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import timedelta
from typing import Any

from app.bots import BOTS, DEFAULT_BOT, bot_for_game, choose, get_bot
from app.bots import hint as bot_hint
from app.config import Settings
from app.games import GAMES
from app.store import Database, claims, queries, utcnow
from app.tables.errors import TableError
from app.tables.live.pace import stand_ins
from app.tables.live.state import Snapshot, load_snapshot
from app.tables.tasks import cancel_all
from app.tables.live import worker_pool
from app.tables.live.worker_slots import ANALYSIS, HINT, TURN, Slots

log = logging.getLogger("icehouse.bots")

SHARED_TURN_PATIENCE = 12  # times bot_delay_seconds a bot waits when people may act in the same turn

RELEASE_SECONDS = 2.0  # at shutdown, how long giving up this instance's claims may take

WORKER_START_SECONDS = 5.0  # more time for the call that starts the worker processes

# How long a bot's turn may wait for a worker (behind other bots' turns and the jobs already running) before
# it plays a random move: only workers wedged by something else, or hundreds of bot turns at once, reach it.
TURN_QUEUE_SECONDS = 60.0

# play(code, seat, seq, move): the move pipeline (moves.play bound to the context)
Play = Callable[..., Awaitable[Any]]


class BotRunner:
    def __init__(self, settings: Settings, db: Database, play: Play, owner: str = "this", writer: Any = None):
        self.settings = settings
        self.db = db
        self.writer = writer  # the group-commit writer: the claims commit there, like every write
        self.play = play
        self.owner = owner  # this app instance, in the claims
        # An instance that claimed a turn and did not play it within this long has died or hung: another
        # may take the turn over. (A bot's decision is capped at twice bot_seconds plus a second.)
        self.lease = timedelta(seconds=2 * settings.bot_seconds + 15)
        self.played = 0  # bot moves this instance played (tests, benchmarks)
        self._tasks: dict[tuple[str, int, int], asyncio.Task] = {}
        self._pool: ProcessPoolExecutor | None = None  # started on the first bot turn (worker_pool.start)
        self._closed = False  # stop() has begun: no turn is scheduled, no pool started
        # (table code, seat) with a hint on its way (app/tables/lobby/hints.py)
        self.hinting: set[tuple[str, int]] = set()
        # Jobs in the workers at once: one per worker process (threads: as many as the default pool would run)
        self.slots = Slots(settings.bot_processes or min(32, (os.cpu_count() or 1) + 4))

    def seconds_for(self, game: str, options: dict | None) -> float:
        """A table's thinking budget per decision: Settings.bot_seconds, as the game's table options make it
        (Game.bot_seconds: a game may let a table choose quicker or stronger bots)."""
        g = GAMES.get(game)
        seconds = self.settings.bot_seconds
        return g.bot_seconds(options, seconds) if g is not None else seconds

    async def _run(self, fn: Callable[..., Any], *args: Any, budget: float, priority: int = TURN,
                   cap: float | None = None) -> Any:
        """fn(*args, budget) in a worker process (or a thread) once a worker slot is free (Slots: bot turns
        before hints), within its time cap: twice the budget plus a second (plus WORKER_START_SECONDS for the
        call that starts the workers), counted from when the job reaches a worker. A hint also waits at most
        that long for a slot; a bot's turn waits up to TURN_QUEUE_SECONDS (hints never hold it that long: a
        turn goes before every hint); an analysis's step waits as long as the turns and hints last (`cap`: its
        own time cap). TimeoutError past either; BrokenProcessPool if a worker died, or (PoolClosed) when
        there is no pool once stop() has begun."""
        cap = 2 * budget + 1 if cap is None else cap
        wait = TURN_QUEUE_SECONDS if priority == TURN else None if priority == ANALYSIS else cap
        await asyncio.wait_for(self.slots.acquire(priority), timeout=wait)
        try:
            startup = 0.0
            if self.settings.bot_processes:
                if self._pool is None:
                    if self._closed:  # a pool started now would outlive stop()
                        raise worker_pool.PoolClosed("the bots are shutting down")
                    self._pool = worker_pool.start(self.settings.bot_processes)
                    startup = WORKER_START_SECONDS  # a fresh worker imports the games and builds their tables
                work = asyncio.ensure_future(asyncio.get_running_loop().run_in_executor(self._pool, fn, *args,
                                                                                        budget))
            else:
                work = asyncio.ensure_future(asyncio.to_thread(fn, *args, budget))
        except BaseException:
            self.slots.release()
            raise
        work.add_done_callback(lambda _done: self.slots.release())  # when the worker is done, not the caller
        try:
            return await asyncio.wait_for(asyncio.shield(work), timeout=cap + startup)
        except BrokenProcessPool:
            self._pool = None
            raise

    async def decide(self, bot_name: str, view: Any, seat: int, legal: list, seconds: float | None = None) -> dict:
        """The bot's move, within its time cap (see _run; `seconds` defaults to Settings.bot_seconds); past
        the cap, or if a worker died, the random bot's move."""
        budget = self.settings.bot_seconds if seconds is None else seconds
        try:
            return await self._run(choose, bot_name, view, seat, legal, budget=budget)
        except (asyncio.TimeoutError, BrokenProcessPool) as exc:
            log.warning("bot %s gave no move in time (%s): playing a random legal move", bot_name,
                        type(exc).__name__)
            return get_bot(DEFAULT_BOT).choose(view, seat, legal)

    async def hint(self, bot_name: str, view: Any, seat: int, legal: list, seconds: float) -> dict:
        """{"move", "reason"} from the bot (app.bots.hint), in the same workers and under the same cap as
        its moves; TimeoutError or BrokenProcessPool when it has none in time."""
        return await self._run(bot_hint, bot_name, view, seat, legal, budget=seconds, priority=HINT)

    async def analyse(self, fn: Callable[..., Any], *args: Any, budget: float) -> Any:
        """fn(*args, budget): one step of an analysis (app/tables/analysis/), in the same workers, after every
        bot turn and hint waiting (ANALYSIS), capped at four times the budget plus 5 s (a step may be two
        searches: the bot's choice and the rollouts that weigh it). TimeoutError or BrokenProcessPool."""
        return await self._run(fn, *args, budget=budget, priority=ANALYSIS, cap=4 * budget + 5)

    def schedule(self, snap: Snapshot) -> None:
        """Start a turn for every bot seat in `to_act` (once per table, seat and seq)."""
        if snap.status != "playing" or self._closed:
            return
        # a seat's bot by its name; a name no longer known (a level since withdrawn) plays as the game's own bot
        bots = {x["seat"]: x.get("bot_name") if x.get("bot_name") in BOTS else bot_for_game(snap.game)
                for x in snap.seats if x["bot"]}
        # a person whose time ran out (the pace): the game's bot plays for them, from their seat's view
        bots |= {seat: bot_for_game(snap.game) for seat in stand_ins(snap)}
        if not bots:  # a table of people (most moves): nothing to schedule
            return
        for seat in snap.to_act:
            key = (snap.code, seat, snap.seq)
            if seat in bots and key not in self._tasks:
                task = asyncio.create_task(self._turn(snap, seat, bots[seat]), name=f"bot-{key}")
                self._tasks[key] = task
                task.add_done_callback(lambda _t, k=key: self._tasks.pop(k, None))

    async def _turn(self, snap: Snapshot, seat: int, bot_name: str) -> None:
        """Choose from the snapshot that scheduled this turn (no read: if the table has moved on since, the
        pipeline refuses the stale seq) and play through the pipeline."""
        # A turn the bot shares with people (a dare any opponent may write, say): the people get time to act
        # first, so the bot does not take every shared turn from them.
        people = [x for x in snap.to_act if x != seat and not any(s["seat"] == x and s["bot"] for s in snap.seats)]
        await asyncio.sleep(self.settings.bot_delay_seconds * (SHARED_TURN_PATIENCE if people else 1))
        code, seq = snap.code, snap.seq
        try:
            # Shielded: a cancelled task must not leave its claim's transaction half done (SQLite would
            # stay locked until that connection is collected).
            if not await asyncio.shield(self.claim(snap, seat)):  # another instance plays it, or it was played
                log.info("bot turn claimed elsewhere", extra={"table": code, "seat": seat, "seq": seq,
                                                              "instance": self.owner})
                return
            g = GAMES[snap.game]
            view, legal = g.view(snap.doc, seat), g.legal_moves(snap.doc, seat)
            move = await self.decide(bot_name, view, seat, legal, self.seconds_for(snap.game, snap.options))
            await self.play(code, seat, seq, move)
            self.played += 1
            log.info("bot move", extra={"table": code, "seat": seat, "seq": seq + 1, "instance": self.owner})
        except TableError as exc:  # someone else moved first, or the table ended: nothing to do
            log.info("bot turn skipped", extra={"table": code, "seat": seat, "seq": seq, "why": exc.detail})
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot turn failed", extra={"table": code, "seat": seat, "seq": seq})

    async def claim(self, snap: Snapshot, seat: int) -> bool:
        """Claim this bot turn in the database: True when this instance is to play it."""
        now = utcnow()
        async def claim(s: Any) -> bool:
            if not await claims.table_at(s, snap.id, snap.seq):
                return False
            return await claims.claim(s, table_id=snap.id, seq=snap.seq, seat=seat, kind="bot", owner=self.owner,
                                      now=now, steal_before=now - self.lease)

        return await self.writer.transaction(claim)

    async def resume(self) -> None:
        """After a restart: play the bots whose turn it is."""
        async with self.db.session() as s:
            for table in await queries.playing_tables_with_bots(s):
                self.schedule(await load_snapshot(s, table))

    async def stop(self) -> int:
        """Stop: cancel the turns waiting here and give up their claims. Returns how many were waiting (the
        other instances should look for them now rather than at their next sweep)."""
        self._closed = True  # first: nothing from here on starts a pool that nobody would shut down
        waiting = len(self._tasks)
        await cancel_all(list(self._tasks.values()))
        self._tasks.clear()
        try:  # the turns this instance claimed but will not play: the others may take them at once
            await asyncio.wait_for(self._release(), RELEASE_SECONDS)
        except Exception as exc:  # the database is down: the claims' lease runs out instead
            log.warning("bot claims not released", extra={"why": type(exc).__name__})
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        return waiting

    async def _release(self) -> None:
        await self.writer.transaction(lambda s: claims.release(s, self.owner, "bot"))

    def __len__(self) -> int:
        return len(self._tasks)
