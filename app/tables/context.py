"""What the domain's helpers need of the app instance's context (service.Tables), as a Protocol.

fanout, notify and bots are given a context; typing them against this Protocol instead of importing
service.Tables keeps app/tables free of import cycles (service imports them, not the other way round).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from app.config import Settings
from app.realtime import Broker, Hub
from app.store import Database
from app.tables.lobby.away import HeldTurns
from app.tables.live.tables import LiveTables
from app.tables.lobby.presence import Presence
from app.tables.live.state import Snapshot
from app.tables.notify.webhooks import Webhooks

if TYPE_CHECKING:
    from app.tables.live.catchup import CatchUp
    from app.tables.notify.webpush import WebPush


class Context(Protocol):
    settings: Settings
    db: Database
    hub: Hub
    broker: Broker
    instance: str
    presence: Presence
    held: HeldTurns
    webhooks: Webhooks
    live: LiveTables
    catch_up: CatchUp
    push: WebPush | None  # None until started

    async def publish_presence(self, code: str) -> None: ...

    async def publish_state(self, snap: Snapshot) -> None: ...

    async def publish_chat(self, code: str, message: dict) -> None: ...

    async def publish_turn(self, code: str, seats: list[int], seq: int) -> None: ...

    def state_of(self, snap: Snapshot, seat: int | None) -> dict: ...
