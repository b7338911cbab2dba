"""The app instance's context as notify's senders see it: the live tables' port (app/tables/live/context.py)
and the senders and held turns of the instance, which only the notices use."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from app.tables.live.context import Context

if TYPE_CHECKING:
    from app.tables.notify.away import HeldTurns
    from app.tables.notify.webhooks import Webhooks
    from app.tables.notify.webpush import WebPush


class NotifyContext(Context, Protocol):
    held: HeldTurns
    webhooks: Webhooks
    push: WebPush | None  # None until started
