"""Live tables: the snapshot of every table this instance plays, in memory.

A move is checked against the live snapshot, with no read of the database; the group-commit writer
(app/store/writer.py) then stores it only if the table in the database is still playing at the seq the
move follows, so a snapshot gone stale (another instance moved, an admin ended the table) costs one
reload and a 409, never a wrong write. Snapshots arrive from three places: a load on first use, this
instance's own moves, and every state or move message on the broker (any instance's).
"""
from __future__ import annotations

import asyncio
from collections import OrderedDict

from app.store import Database, queries
from app.tables.identity import normalise_code
from app.tables.seats import not_found
from app.tables.state import Snapshot, snapshot_of_view

CAPACITY = 20_000  # live tables kept, least recently used dropped first (a dropped one reloads on use)


class LiveTable:
    """One table's snapshot and the lock that serialises its moves in this instance."""

    __slots__ = ("snap", "lock")

    def __init__(self, snap: Snapshot):
        self.snap = snap
        self.lock = asyncio.Lock()


class LiveTables:
    def __init__(self, db: Database, capacity: int = CAPACITY):
        self.db = db
        self.capacity = capacity
        self._tables: OrderedDict[str, LiveTable] = OrderedDict()

    async def get(self, code: str) -> LiveTable:
        """The live table for a code from a URL (loaded on first use); 404 when there is no such table."""
        norm = normalise_code(code)
        live = self._tables.get(norm) if norm is not None else None
        if live is not None:
            self._tables.move_to_end(norm)
            return live
        if norm is None:
            raise not_found(code)
        snap = await self._load(norm, code)
        live = self._tables.get(norm)  # another caller may have loaded it meanwhile
        if live is None:
            live = self._tables[norm] = LiveTable(snap)
            self._trim()
        return live

    async def reload(self, live: LiveTable) -> Snapshot:
        """Read the table again (this instance's snapshot may be behind) into `live`."""
        live.snap = await self._load(live.snap.code, live.snap.code)
        self._tables[live.snap.code] = live
        return live.snap

    async def _load(self, norm: str, shown: str) -> Snapshot:
        async with self.db.reading() as s:
            row = await queries.table_view(s, norm)
            if row is None:
                raise not_found(shown)
            return snapshot_of_view(row, await queries.seat_rows(s, row.id))

    def update(self, snap: Snapshot) -> None:
        """A newer snapshot, from this instance or the broker: a higher seq, or the same seq changed later
        (a lobby change keeps the seq); an older message, late off the broker, changes nothing."""
        live = self._tables.get(snap.code)
        if live is None:
            self._tables[snap.code] = LiveTable(snap)
            self._trim()
        elif (snap.seq, snap.updated_at or "") >= (live.snap.seq, live.snap.updated_at or ""):
            live.snap = snap

    def drop(self, code: str) -> None:
        self._tables.pop(code, None)

    def clear(self) -> None:
        """Forget every snapshot (the broker was cut off: any may be stale); each reloads on use."""
        self._tables.clear()

    def _trim(self) -> None:
        while len(self._tables) > self.capacity:
            self._tables.popitem(last=False)

    def __len__(self) -> int:
        return len(self._tables)
