"""The app instance's context as the rooms below it see it: the port they are written against.

`service.Tables` is the one context of an app instance; it builds and owns the live tables, the writer,
fan-out, catch-up and the bot runner, and the bot runner plays through the move pipeline (`moves.play`).
Those modules, in turn, are handed the context. They type it against this Protocol, which says exactly
what they use of it, rather than against `service.Tables`: the arrows then all point one way (service
imports them, they import this port), with no circle even for the type checker. The lobby's commands,
rematch, hints and the reads, which service does not import, take `service.Tables` itself.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from app.config import Settings
from app.realtime import Broker, Hub
from app.store import Database
from app.store.writer import MoveWriter
from app.tables.lobby.away import HeldTurns
from app.tables.live.actors import Actors
from app.tables.live.tables import LiveTables
from app.tables.lobby.presence import Presence
from app.tables.live.state import Snapshot
from app.tables.notify.webhooks import Webhooks

if TYPE_CHECKING:
    from app.tables.analysis.runner import Analyses
    from app.tables.live.bots import BotRunner
    from app.tables.notify.webpush import WebPush


class CatchUpPort(Protocol):
    """What fan-out asks of catch-up (app/tables/live/catchup.py, which is handed this context itself)."""

    def request(self, code: str) -> None: ...


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
    held: HeldTurns
    webhooks: Webhooks
    bots: BotRunner
    analyses: Analyses
    catch_up: CatchUpPort
    push: WebPush | None  # None until started

    async def publish_presence(self, code: str) -> None: ...

    async def publish_state(self, snap: Snapshot) -> None: ...

    async def publish_move(self, snap: Snapshot, step: dict) -> None: ...

    async def publish_chat(self, code: str, message: dict) -> None: ...

    async def publish_turn(self, code: str, seats: list[int], seq: int) -> None: ...

    async def announce_turn(self, snap: Snapshot, seats: list[int]) -> None: ...

    def state_of(self, snap: Snapshot, seat: int | None) -> dict: ...
