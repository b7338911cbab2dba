"""The domain's context object: database, live tables, move writer, hub, broker, presence and bot turns of
one app instance."""
from __future__ import annotations

import asyncio
import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.config import Settings
from app.realtime import Broker, Connection, Hub
from app.store import Database, Table
from app.tables.live import fanout
from app.tables.notify import turns as notify
from app.tables.notify import digest, webpush
from app.tables.live import pace
from app.tables.live.bots import BotRunner
from app.tables.analysis.runner import Analyses
from app.tables.live.actors import Actors
from app.tables.live.commands import Deliver
from app.tables.live.catchup import CatchUp
from app.store.writer import MoveWriter
from app.tables.live.tables import LiveTables
from app.tables.notify.away import HeldTurns
from app.tables.identity import normalise_code
from app.tables.live.presence import Presence, hidden_here
from app.tables.seats import not_found
from app.tables.review.rooms import ReviewRooms
from app.tables.live.state import Snapshot, build_state, load_snapshot
from app.tables.tasks import cancel_all
from app.tables.live.watch import Watchers
from app.tables.notify.webhooks import Webhooks
from app.tables.notify.webpush import WebPush

log = logging.getLogger("icehouse.tables")


def table_key(code: str) -> str:
    """A table's code as a URL gives it, as stored (its actor's key); 404 for what cannot be a code."""
    norm = normalise_code(code)
    if norm is None:
        raise not_found(code)
    return norm
SWEEP_SLICE = 200  # tables re-announced between two turns of the event loop


class Tables:
    def __init__(self, settings: Settings, db: Database, hub: Hub, broker: Broker,
                 process: Callable[..., Awaitable[Any]]):
        self.settings = settings
        self.db = db
        self.hub = hub
        self.broker = broker
        self.instance = secrets.token_hex(6)
        self.live = LiveTables(db)  # the tables this instance plays, in memory
        # one actor per live table: every command of a table runs there, in order, through `process`
        # (app/tables/process.py, which sits above this module: app/main.py hands it in)
        self.actors = Actors(functools.partial(process, self), table_key)
        self.writer = MoveWriter(db)  # group commit of every table's moves
        self.presence = Presence(ttl=3 * settings.sweep_seconds)
        self.held = HeldTurns()  # turn notifications held while their seat is at the table
        # The bots play through the one move pipeline, like every other entry point.
        # (pace.bot_play: moves.play, and the log's line when the bot stands in for a person out of time)
        self.bots = BotRunner(settings, db, functools.partial(pace.bot_play, self), owner=self.instance,
                              writer=self.writer)
        self.analyses = Analyses(self)  # move scores and deals' yardsticks, in the bots' workers
        self.webhooks = Webhooks(allow_private=settings.webhook_allow_private)  # webhooks, ntfy, Web Push
        self.push: WebPush | None = None  # the server's VAPID key pair, loaded at start
        self.deal_secret: bytes | None = None  # the deals' HMAC key, loaded on first use (app/tables/deals/)
        self.watchers = Watchers()  # live /me pages of this instance
        self.catch_up = CatchUp(self)  # sockets behind the database are brought up to date
        self.review = ReviewRooms(broker, self.instance)  # finished tables' review rooms with people here
        self._sweeper: asyncio.Task | None = None
        self._poller: asyncio.Task | None = None
        self._background: set[asyncio.Task] = set()  # webhook look-ups in flight

    async def start(self) -> None:
        self.broker.subscribe(self.on_message, self.on_reconnect)
        await self.writer.start()
        await self.broker.start()
        await self.webhooks.start()
        if self.settings.vapid_private_key:
            webpush.vapid_from(self.settings.vapid_private_key)  # a bad key stops the start with its sentence
        await self._load_push()
        try:
            await self.bots.resume()
        except Exception:  # the database is down: the sweep picks the bots' turns up later
            log.exception("bot turns not resumed at start")
        self.analyses.start()
        self._sweeper = asyncio.create_task(self._sweep(), name="tables-sweep")
        self._poller = asyncio.create_task(self._poll_while_down(), name="tables-poll")

    async def _sweep(self) -> None:
        """Every sweep_seconds: re-announce this instance's sockets, forget silent instances, bring sockets
        that missed a message up to date, and pick up bot turns nobody is playing (the instance that
        scheduled them may have died)."""
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                for i, code in enumerate(self.hub.tables()):
                    await self.publish_presence(code)
                    if i % SWEEP_SLICE == SWEEP_SLICE - 1:
                        await asyncio.sleep(0)  # let moves through between slices of a few thousand tables
                self.presence.forget_stale()
                await self.catch_up.check()
                await pace.sweep(self)  # turns past their deadline: the bot stands in, or a seat forfeits
                await self.bots.resume()
                await notify.remind(self)
                if self.push is None:
                    await self._load_push()
                await digest.send(self)  # the day's digests, from each seat's hour
            except Exception:
                log.exception("sweep failed")

    async def _load_push(self) -> None:
        """The Web Push key pair (made and stored on the first start); while the database is down, no Web
        Push (the other channels work) until a sweep loads it."""
        try:
            self.push = await webpush.load(self.writer, self.settings.vapid_private_key, self.settings.vapid_subject)
        except Exception:
            log.exception("Web Push keys not loaded")

    async def _poll_while_down(self) -> None:
        """While the broker is cut off, other instances' moves reach this one's sockets only from the
        database: look every Settings.broker_poll_seconds."""
        while True:
            await asyncio.sleep(self.settings.broker_poll_seconds)
            if self.broker.up:
                continue
            try:
                await self.catch_up.check()
            except Exception as exc:  # the database may be down as well
                log.warning("poll while the broker is down failed", extra={"why": type(exc).__name__})

    async def on_reconnect(self) -> None:
        """The broker is whole again after messages were lost: every live snapshot may be stale, every
        socket may be behind, and the other instances may have missed who is connected here (each
        instance re-announces its own sockets when it is back)."""
        self.live.clear()
        behind = await self.catch_up.check()
        await self.catch_up.chats()  # chat said on the other side of the cut
        log.warning("broker back: bringing sockets up to date", extra={"tables": len(self.hub.tables()),
                                                                       "behind": behind})
        # What this instance told only its own sockets while cut off, the others have not heard: they look
        # at the database too (one that was back before this one checked before these moves were made).
        await self.broker.publish({"kind": "resync", "instance": self.instance})
        for code in self.hub.tables():
            await self.publish_presence(code)
        await self.review.resync()  # review rooms the two sides of the cut moved apart agree again

    async def stop(self) -> None:
        await cancel_all([self._sweeper, self._poller])
        await self.analyses.stop()  # before the bots' workers go: its row goes back to the queue
        await self.catch_up.stop()
        if await self.bots.stop():  # bot turns were waiting here: another instance takes them now
            await self.broker.publish({"kind": "bots_released", "instance": self.instance})
        await cancel_all(list(self._background))  # webhook look-ups, before the database goes away
        await self.held.stop()
        self.watchers.close()
        await self.webhooks.stop()
        for code in self.hub.tables():  # tell the other instances our sockets are gone
            await self.broker.publish({"kind": "presence", "table": code, "instance": self.instance,
                                       "seats": [], "spectators": 0})
        await self.hub.close_all()
        await self.actors.stop()  # the commands queued run to their end, then their batches commit
        await self.broker.stop()
        await self.writer.stop()

    async def on_message(self, msg: dict) -> None:
        kind = msg.get("kind")
        if kind in ("bots_released", "resync"):  # about the instance, not one table
            if msg.get("instance") != self.instance:
                self._in_background(self._resume_bots() if kind == "bots_released" else self._resync(), kind)
            return
        if kind == "review":  # a review room's command, snap, members or pointer (app/tables/review/rooms.py)
            await self.review.dispatch(msg)
            return
        self.watchers.notice(msg)  # a live /me whose tables changed looks again
        code = msg.get("table")
        if not isinstance(code, str):
            return
        if kind in fanout.ANY_TURN or self.actors.inside(code):  # who is here; or published by this
            await fanout.dispatch(self, msg)  # table's own handler (one broker in memory): now, in its turn
        else:  # in the table's turn, after the commands before it: only its actor moves its sockets' cursors
            self.actors.tell(code, Deliver(code, msg))

    async def _resync(self) -> None:
        await self.review.resync()  # (another instance is back: rooms held on both sides agree again)
        try:
            await self.catch_up.check()
            await self.catch_up.chats()
        except Exception as exc:  # the database is down: the next sweep looks again
            log.warning("resync failed", extra={"why": type(exc).__name__})

    async def _resume_bots(self) -> None:
        try:
            await self.bots.resume()
        except Exception:  # the database is down: the sweep tries again
            log.exception("bot turns not resumed")

    def _in_background(self, work, name: str) -> None:  # work: a coroutine
        task = asyncio.create_task(work, name=name)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # -- reading ---------------------------------------------------------------------------------------
    async def state(self, s: AsyncSession, table: Table, seat: int | None) -> dict:
        snap = await load_snapshot(s, table)
        return self.state_of(snap, seat)

    def state_of(self, snap: Snapshot, seat: int | None) -> dict:
        return build_state(snap, seat, self.presence.connected(snap.code), self.presence.spectators(snap.code))

    # -- publishing (always after the commit) ------------------------------------------------------------
    async def publish_state(self, snap: Snapshot) -> None:
        await self.broker.publish({"kind": "state", "table": snap.code, "snap": snap.to_dict()})

    async def publish_move(self, snap: Snapshot, step: dict, turn: list[int] | None = None) -> None:
        """The move, and with it the seats it brought to act (`turn`): each instance sends their sockets
        `your_turn` right after the update, from the same broker message (app/tables/live/fanout.py)."""
        # The snapshot itself: the memory broker hands it on as it is; Redis's writes its fields (orjson
        # writes a dataclass as its fields, as snap.to_dict() has them)
        message = {"kind": "move", "table": snap.code, **step, "snap": snap}
        if turn:
            message["turn"] = turn
        await self.broker.publish(message)

    async def publish_chat(self, code: str, message: dict) -> None:
        """A chat line this instance's live table keeps already (actor.after_chat): its echo is not kept twice."""
        await self.broker.publish({"kind": "chat", "table": code, "message": message, "instance": self.instance})

    async def publish_note(self, code: str, news: dict) -> None:
        """A note on an ended table's move, written, edited or deleted (app/tables/live/notes.py): every
        instance's review room of the table shows it (app/tables/review/rooms.py, op "note")."""
        await self.broker.publish({"kind": "review", "op": "note", "table": code, "news": news})

    async def publish_turn(self, code: str, seats: list[int], seq: int) -> None:
        if seats:
            await self.broker.publish({"kind": "your_turn", "table": code, "seats": seats, "seq": seq})

    async def announce_turn(self, snap: Snapshot, seats: list[int]) -> None:
        """Seats that just came to act, on their channels: webhooks, ntfy and Web Push, in the background
        (looked up and queued by a task, so a move never waits on them). Their sockets hear `your_turn` from
        the publisher (actor.after_commit)."""
        if not seats:
            return
        if any(x.get("hook") and x["seat"] in seats for x in snap.seats):  # no task when nobody has a channel
            self._in_background(notify.turn(self, snap, seats), f"webhooks-{snap.code}-{snap.seq}")

    def presence_changed(self, code: str) -> None:
        """Who is at `code` changed (fan-out heard it): the turns held while their seat was at the table go
        out once it has left (the live tables sit below the notices, so they ask through here)."""
        notify.presence_changed(self, code)

    def takeback_asked(self, snap: Snapshot) -> None:
        """A takeback was just asked at `snap`: the people asked to answer it hear of it on their channels."""
        notify.takeback_asked(self, snap)

    def invited(self, snap: Snapshot, people: list[tuple[int, int | None, str]], by: str | None) -> None:
        """A rematch sent as an invitation: each invited former player hears of it, with their own link, on
        their seat's channels (app/tables/notify/turns.py)."""
        notify.invited(self, snap.id, snap.code, snap.game, people, by)

    def invitation_started(self, snap: Snapshot) -> None:
        """A table that waited for invited friends started: the seats not to act first hear it on their
        channels (those to act hear of their turn)."""
        notify.started(self, snap)

    async def publish_presence(self, code: str) -> None:
        here = self.hub.presence(code)
        await self.broker.publish({"kind": "presence", "table": code, "instance": self.instance,
                                   "seats": sorted(here["seats"]), "spectators": here["spectators"],
                                   "hidden": hidden_here(self.hub.connections(code))})

    # -- sockets ---------------------------------------------------------------------------------------
    async def attach(self, conn: Connection) -> None:
        await self.publish_presence(conn.table)
        if len(self.hub.connections(conn.table)) == 1:  # new here: ask the other instances who they have
            await self.broker.publish({"kind": "presence_ask", "table": conn.table, "instance": self.instance})

    async def detach(self, conn: Connection) -> None:
        await self.hub.disconnect(conn)
        await self.publish_presence(conn.table)
