"""Who is connected to each table, merged over every app instance (each reports its own sockets)."""
from __future__ import annotations

import time
from collections.abc import Callable


class Presence:
    """Each instance re-announces its sockets every so often; an entry not heard of for `ttl` seconds (an
    instance that died without saying goodbye) stops counting."""

    def __init__(self, ttl: float = 90.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl = ttl
        self.clock = clock
        # table code -> instance id -> (seats connected there, spectator sockets there, heard at)
        self._tables: dict[str, dict[str, tuple[frozenset[int], int, float]]] = {}

    def update(self, table: str, instance: str, seats: list[int], spectators: int) -> None:
        entry = self._tables.setdefault(table, {})
        if seats or spectators:
            entry[instance] = (frozenset(int(s) for s in seats), int(spectators), self.clock())
        else:
            entry.pop(instance, None)
        if not entry:
            del self._tables[table]

    def _live(self, table: str) -> list[tuple[frozenset[int], int, float]]:
        oldest = self.clock() - self.ttl
        return [e for e in self._tables.get(table, {}).values() if e[2] >= oldest]

    def forget_stale(self) -> None:
        oldest = self.clock() - self.ttl
        for table in list(self._tables):
            entry = self._tables[table]
            for instance in [i for i, e in entry.items() if e[2] < oldest]:
                del entry[instance]
            if not entry:
                del self._tables[table]

    def connected(self, table: str) -> set[int]:
        out: set[int] = set()
        for seats, _, _ in self._live(table):
            out |= seats
        return out

    def spectators(self, table: str) -> int:
        return sum(n for _, n, _ in self._live(table))

    def message(self, table: str) -> dict:
        return {"type": "presence", "connected": sorted(self.connected(table)),
                "spectators": self.spectators(table)}
