"""The composition root of the domain: a Tables context wired to the one move pipeline."""
from __future__ import annotations

from app.config import Settings
from app.realtime import Broker, Hub
from app.store import Database
from app.tables.live.moves import play
from app.tables.service import Tables


def build_tables(settings: Settings, db: Database, hub: Hub, broker: Broker) -> Tables:
    """The app instance's context; its bot runner plays through `moves.play`, like every other entry point."""
    return Tables(settings, db, hub, broker, play)
