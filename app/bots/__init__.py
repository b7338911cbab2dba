"""Bots: `get_bot(name).choose(view, seat, legal_moves, seconds=None)` returns one of `legal_moves`.

A bot sees only `view = g.view(doc, seat)`, never the doc. The "random" bot picks a legal move
deterministically from the view (a stronger bot per game comes later).
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

DEFAULT_BOT = "random"


class RandomBot:
    name = "random"

    def choose(self, view: Any, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
        if not legal_moves:
            raise ValueError(f"Seat {seat} has no legal move to choose from.")
        blob = json.dumps([view, seat], sort_keys=True, default=str).encode()
        index = int.from_bytes(hashlib.sha256(blob).digest()[:8], "big") % len(legal_moves)
        return legal_moves[index]


BOTS = {"random": RandomBot()}


def get_bot(name: str = DEFAULT_BOT) -> Any:
    try:
        return BOTS[name]
    except KeyError:
        raise KeyError(f"There is no bot called {name!r}; known bots: {', '.join(sorted(BOTS))}.") from None
