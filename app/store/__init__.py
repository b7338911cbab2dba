"""Storage: SQLAlchemy models, engine/session creation, queries. Imports nothing else of ours."""
from app.store.db import Database, begin_write, is_outage, is_sqlite
from app.store.models import ENDED, Base, ChatMessage, Deal, Move, Player, Seat, Table, utcnow

__all__ = ["ENDED", "Base", "ChatMessage", "Database", "Deal", "Move", "Player", "Seat", "Table", "begin_write",
           "is_outage", "is_sqlite", "utcnow"]
