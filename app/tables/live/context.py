"""The app instance's context as the rooms below it see it: the port they are written against.

`service.Tables` is the one context of an app instance; it builds and owns the live tables, the writer,
fan-out, catch-up and the bot runner, and the bot runner plays through the move pipeline (`moves.play`).
Those modules, in turn, are handed the context. They type it against this Protocol, which says exactly
what they use of it, rather than against `service.Tables`: the arrows then all point one way (service
imports them, they import this port), with no circle even for the type checker. So do the rooms built on
live (the lobby's commands, the deals, the notices, the analyses): what they use of the work above them
(an analysis queued, a notice sent) is a port here too, which service fills in. Notify's senders see a
little more of it (app/tables/notify/context.py).
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from app.config import Settings
from app.realtime import Broker, Hub
from app.store import Database, Table
from app.store.writer import MoveWriter
from app.tables.live.actors import Actors
from app.tables.live.tables import LiveTables
from app.tables.live.presence import Presence
from app.tables.live.state import Snapshot


class BotsPort(Protocol):
    """What the rooms below service ask of the bot runner (app/tables/live/bots.py, which service builds:
    the runner plays through the move pipeline, so it stands above the rooms that ask it)."""

    hinting: set

    def seconds_for(self, game: str, options: dict | None) -> float: ...

    def schedule(self, snap: Snapshot) -> None: ...

    async def hint(self, bot_name: str, view: Any, seat: int, legal: list, seconds: float) -> dict: ...

    async def analyse(self, fn: Callable[..., Any], *args: Any, budget: float) -> Any: ...


class CatchUpPort(Protocol):
    """What fan-out asks of catch-up (app/tables/live/catchup.py, which is handed this context itself)."""

    def request(self, code: str) -> None: ...


class AnalysesPort(Protocol):
    """What the rooms below service ask of the analyses (app/tables/analysis/runner.py, built on them)."""

    def table_over(self, code: str, status: str, moves: int) -> None: ...

    def deal_dealt(self, deal_id: str, game: str, players: int) -> None: ...

    async def queue(self, kind: str, subject: str, total: int, *, now: bool = False) -> None: ...


class Context(Protocol):
    settings: Settings
    db: Database
    hub: Hub
    broker: Broker
    instance: str
    live: LiveTables
    actors: Actors
    writer: MoveWriter
    presence: Presence
    bots: BotsPort
    analyses: AnalysesPort
    catch_up: CatchUpPort

    async def publish_presence(self, code: str) -> None: ...

    async def publish_state(self, snap: Snapshot) -> None: ...

    async def publish_move(self, snap: Snapshot, step: dict, turn: list[int] | None = None) -> None: ...

    async def publish_chat(self, code: str, message: dict) -> None: ...

    async def publish_turn(self, code: str, seats: list[int], seq: int) -> None: ...

    async def publish_note(self, code: str, news: dict) -> None: ...

    async def announce_turn(self, snap: Snapshot, seats: list[int]) -> None: ...

    def presence_changed(self, code: str) -> None: ...

    def takeback_asked(self, snap: Snapshot) -> None: ...

    def invited(self, snap: Snapshot, people: list[tuple[int, int | None, str]], by: str | None) -> None: ...

    def invitation_started(self, snap: Snapshot) -> None: ...

    async def state(self, s: AsyncSession, table: Table, seat: int | None) -> dict: ...

    def state_of(self, snap: Snapshot, seat: int | None) -> dict: ...
