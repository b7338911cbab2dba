"""A takeback in a table's move list, for everything that walks the moves.

A takeback agreed at a table is stored as one more step, at the next seq like any move (so every seq-keyed
thing, the claims of bots, timeouts and reminders, the sockets' cursors, only ever goes forward): its seat is
the seat that asked, its move `{"takeback": N}`, and its events one `{"type": "takeback", "from": N, "to":
seq - 1, "by": seat, "text"}`. It takes back the steps N to seq - 1: the doc after it is the doc before step
N, exactly, as the moves before N made it. The steps taken back stay in the move list, the log and the
replay; whoever shows them marks them (`taken_back`). A move of a game is never such a dict (an engine
refuses it: only app/tables/live/takeback.py writes one).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

KEY = "takeback"


def takeback_from(move: Any) -> int | None:
    """N when `move` is a takeback step's move {"takeback": N}; None for a move of the game."""
    if isinstance(move, dict) and len(move) == 1:
        first = move.get(KEY)
        if type(first) is int:
            return first
    return None


def takeback_move(first: int) -> dict:
    return {KEY: first}


def takeback_events(by: int, first: int, seq: int) -> list[dict]:
    """The events of the takeback step at `seq` that `by` asked for, taking back steps `first`..seq-1."""
    last = seq - 1
    steps = f"move {first}" if first == last else f"moves {first} to {last}"
    return [{"type": KEY, "from": first, "to": last, "by": by, "text": f"took back {steps} (agreed)"}]


def taken_back(steps: Iterable[dict]) -> set[int]:
    """The seqs of the steps ({"seq", "move"}) taken back by the takeback steps among them."""
    out: set[int] = set()
    for step in steps:
        first = takeback_from(step.get("move"))
        if first is not None:
            out.update(range(first, step["seq"]))
    return out


def doc_after(docs: list[dict], seq: int, move: Any) -> dict | None:
    """The doc after the takeback step at `seq` (`move`), given `docs`, the docs after 0..seq-1 steps: the doc
    before step N. None when `move` is no takeback or names no earlier step."""
    first = takeback_from(move)
    if first is None or not 1 <= first < seq or first - 1 >= len(docs):
        return None
    return docs[first - 1]
