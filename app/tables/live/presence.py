"""Who is connected to each table, merged over every app instance (each reports its own sockets), and
whether each seat is at the table: a page of it open and visible, or hidden only for a short while (turn
notifications go out only to seats that are not, app/tables/notify/away.py)."""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

Entry = tuple[frozenset[int], int, float, dict[int, float]]


class Presence:
    """Each instance re-announces its sockets every so often; an entry not heard of for `ttl` seconds (an
    instance that died without saying goodbye) stops counting."""

    def __init__(self, ttl: float = 90.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl = ttl
        self.clock = clock
        # table code -> instance id -> (seats connected there, spectator sockets there, heard at,
        # {seat: since when every page of that seat there has been hidden, as time.time()})
        self._tables: dict[str, dict[str, Entry]] = {}

    def update(self, table: str, instance: str, seats: list[int], spectators: int,
               hidden: Any = None) -> None:
        """`hidden`: [[seat, since], ...], the seats whose every socket on `instance` is hidden, and since
        when (wall-clock seconds); anything else in it is ignored (it comes over the broker)."""
        entry = self._tables.setdefault(table, {})
        if seats or spectators:
            entry[instance] = (frozenset(int(s) for s in seats), int(spectators), self.clock(),
                               _hidden_map(hidden))
        else:
            entry.pop(instance, None)
        if not entry:
            del self._tables[table]

    def _live(self, table: str) -> list[Entry]:
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
        for entry in self._live(table):
            out |= entry[0]
        return out

    def spectators(self, table: str) -> int:
        return sum(entry[1] for entry in self._live(table))

    def seen_at(self, table: str, seat: int, now: float) -> float | None:
        """When a page of `seat` was last visible at `table` (wall clock): `now` while one is, None when no
        page of it is open on any instance."""
        latest: float | None = None
        for seats, _, _, hidden in self._live(table):
            if seat not in seats:
                continue
            since = hidden.get(seat)
            if since is None:
                return now
            latest = since if latest is None else max(latest, since)
        return latest

    def at_table(self, table: str, seat: int, grace: float, now: float | None = None) -> bool:
        """A page of `seat` is open at `table` and visible, or hidden for less than `grace` seconds."""
        now = time.time() if now is None else now
        seen = self.seen_at(table, seat, now)
        return seen is not None and (seen >= now or seen > now - grace)

    def message(self, table: str) -> dict:
        return {"type": "presence", "connected": sorted(self.connected(table)),
                "spectators": self.spectators(table)}


def hidden_here(conns: Iterable[Any]) -> list[list]:
    """[[seat, since], ...]: the seats whose every socket in `conns` has said its page is hidden, with the
    latest moment one of them was hidden (what an instance announces of its own sockets)."""
    hidden: dict[int, float] = {}
    shown: set[int] = set()
    for conn in conns:
        if conn.seat is None:
            continue
        if conn.hidden_since is None:
            shown.add(conn.seat)
        else:
            hidden[conn.seat] = max(hidden.get(conn.seat, 0.0), conn.hidden_since)
    return [[seat, since] for seat, since in sorted(hidden.items()) if seat not in shown]


def _hidden_map(hidden: Any) -> dict[int, float]:
    out: dict[int, float] = {}
    if isinstance(hidden, list):
        for item in hidden:
            if (isinstance(item, list | tuple) and len(item) == 2 and type(item[0]) is int
                    and isinstance(item[1], int | float) and not isinstance(item[1], bool)):
                out[item[0]] = float(item[1])
    return out
