"""Live "My tables" pages of this instance: each watches the codes of its player's tables, and is woken
when a broker message (a move, a new state, a turn) is about one of them. A wake-up is a flag, not a queue:
many moves in a row wake a page once, and it reads the player's tables again (app/web/me.py).
"""
from __future__ import annotations

import asyncio

WAKING = ("move", "state", "your_turn")  # broker messages that may change whose turn it is


class Watcher:
    def __init__(self) -> None:
        self.codes: set[str] = set()
        self.changed = asyncio.Event()


class Watchers:
    def __init__(self) -> None:
        self._by_code: dict[str, set[Watcher]] = {}
        self.closed = False

    def add(self) -> Watcher:
        return Watcher()

    def watch(self, watcher: Watcher, codes: set[str]) -> None:
        """From now on `watcher` is woken for `codes` (and no others)."""
        for code in watcher.codes - codes:
            self._drop(watcher, code)
        for code in codes - watcher.codes:
            self._by_code.setdefault(code, set()).add(watcher)
        watcher.codes = set(codes)

    def remove(self, watcher: Watcher) -> None:
        self.watch(watcher, set())

    def notice(self, msg: dict) -> None:
        if msg.get("kind") in WAKING:
            for watcher in self._by_code.get(msg.get("table"), ()):
                watcher.changed.set()

    def close(self) -> None:
        """The instance is stopping: wake every page so its socket closes."""
        self.closed = True
        for watchers in self._by_code.values():
            for watcher in watchers:
                watcher.changed.set()

    def _drop(self, watcher: Watcher, code: str) -> None:
        watchers = self._by_code.get(code)
        if watchers is not None:
            watchers.discard(watcher)
            if not watchers:
                del self._by_code[code]

    def __len__(self) -> int:
        return len({w for ws in self._by_code.values() for w in ws})
