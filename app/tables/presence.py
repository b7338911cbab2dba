"""Who is connected to each table, merged over every app instance (each reports its own sockets)."""
from __future__ import annotations


class Presence:
    def __init__(self) -> None:
        # table code -> instance id -> (seats connected there, spectator sockets there)
        self._tables: dict[str, dict[str, tuple[frozenset[int], int]]] = {}

    def update(self, table: str, instance: str, seats: list[int], spectators: int) -> None:
        entry = self._tables.setdefault(table, {})
        if seats or spectators:
            entry[instance] = (frozenset(int(s) for s in seats), int(spectators))
        else:
            entry.pop(instance, None)
        if not entry:
            del self._tables[table]

    def connected(self, table: str) -> set[int]:
        out: set[int] = set()
        for seats, _ in self._tables.get(table, {}).values():
            out |= seats
        return out

    def spectators(self, table: str) -> int:
        return sum(n for _, n in self._tables.get(table, {}).values())

    def message(self, table: str) -> dict:
        return {"type": "presence", "connected": sorted(self.connected(table)),
                "spectators": self.spectators(table)}
