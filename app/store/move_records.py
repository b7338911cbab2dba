"""A move to store (`MoveRecord`) and the one rule both backends of the move writer apply to a batch.

A batch may hold moves of many tables. A record is stored only when its table is still playing at the seq
the record follows (another instance may have moved first, an admin may have ended the table), and only
the first record of a table in a batch can be: a second one follows a move that is not stored yet, and is
refused (its mover reloads and hears 409, as after any stale move). SQLite reads the tables' seqs and
applies `claim`; PostgreSQL sends only `first_per_table`'s records and checks the seq in its one statement.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime


@dataclass(slots=True)
class MoveRecord:
    """A move to store: the moves row and the table's new state. `seq` is the new seq (the old one + 1)."""

    table_id: int
    seq: int
    seat: int
    move: dict
    events: list
    at: datetime
    doc: dict
    status: str
    to_act: list
    result: dict | None
    finished_at: datetime | None
    stand_in: dict | None = None  # the bot played it for a seat whose time ran out: {"for": name, "why": "timeout"}


def first_per_table(records: Sequence[MoveRecord]) -> list[bool]:
    """For each record, whether it is the first of its table in the batch."""
    first, seen = [], set()
    for r in records:
        first.append(r.table_id not in seen)
        seen.add(r.table_id)
    return first


def claim(records: Sequence[MoveRecord], now: dict[int, tuple[int, str]]) -> list[bool]:
    """Which records to store, given {table_id: (seq, status)} as stored now: each table's first record,
    when its table is still playing at the seq before the record's."""
    return [first and now.get(r.table_id) == (r.seq - 1, "playing")
            for first, r in zip(first_per_table(records), records)]
