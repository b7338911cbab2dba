"""How tables end, stored by the group-commit writer (app/store/writer.py) in its batch beside the moves,
the lobby's commands (app/store/lobby_records.py), chat lines and rematches: a table abandoned by the
housekeeping sweep, and tables deleted (lobbies nobody started, by the sweep; any table, by an admin).

Both are checked again inside the batch, table by table: the sweep chose its tables from a read made
before, and since then another instance may have moved at one, joined or started a lobby, or ended or
deleted it (every instance runs the sweep). On PostgreSQL the tables' rows are locked first, in id order as
the move statement locks them (app/store/postgres_batches.py), so two instances sweeping at once never
deadlock and never both change a table; SQLite has one writer at a time anyway. Like the other commands
they never raise for a table that is not as expected: it is left out of `result`,

    ("ok", [Abandoned, ...])     AbandonTables: the tables abandoned, as the database wrote them
    ("ok", [Deleted, ...])       DeleteTables: the tables deleted, as they were just before

so the caller changes its live tables and tells the other instances from these values, with no read.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, NamedTuple

import orjson

from app.store.lobby_records import Exec


class Abandoned(NamedTuple):
    """A table abandoned by AbandonTables: its new status, the result it keeps, its times as written, and
    its seq (unchanged: a live table's snapshot at this seq is the one to change)."""

    id: int
    code: str
    seq: int
    status: str
    result: dict | None
    updated_at: datetime
    finished_at: datetime


class Deleted(NamedTuple):
    """A table deleted by DeleteTables, as it was (what the admin's log says of it)."""

    id: int
    code: str
    game: str
    status: str
    seq: int
    players: int
    created_at: datetime


def _marks(prefix: str, values: list) -> tuple[str, dict]:
    """`:p0, :p1, ...` for an IN list and its parameters, padded to a power of two with the last value (the
    same values again change nothing): a few statement texts serve every batch, and Exec keeps each text
    it has prepared."""
    size = 1
    while size < len(values):
        size *= 2
    names = [f"{prefix}{i}" for i in range(size)]
    padded = list(values) + [values[-1]] * (size - len(values))
    return ", ".join(f":{n}" for n in names), dict(zip(names, padded))


def _time(value: Any) -> datetime:
    """A timestamp as the database hands it back: aware (PostgreSQL), or SQLite's naive UTC text."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value


def _json(value: Any) -> Any:
    """A JSON column as the database hands it back: parsed (PostgreSQL's driver) or text (SQLite)."""
    return orjson.loads(value) if isinstance(value, (str, bytes)) else value


@dataclass(slots=True)
class AbandonTables:
    """The tables of `table_ids` still playing and idle since before `idle_before` become abandoned at
    `now` (nobody is to act; the result stays as it was). ("ok", [Abandoned, ...]), in id order."""

    table_ids: list[int]
    idle_before: datetime
    now: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        ids = sorted(set(self.table_ids))
        if not ids:
            self.result = ("ok", [])
            return
        marks, params = _marks("t", ids)
        if ex.postgres:  # in id order, as the moves' statement locks them
            ex.all(f"SELECT id FROM tables WHERE id IN ({marks}) ORDER BY id FOR UPDATE", params)
        rows = ex.all(
            "UPDATE tables SET status = 'abandoned', to_act = CAST(:none AS json), updated_at = :at, finished_at = :at "
            f"WHERE id IN ({marks}) AND status = 'playing' AND updated_at < :before "
            "RETURNING id, code, seq, status, result, updated_at, finished_at",
            params | {"none": "[]", "at": ex.time(self.now), "before": ex.time(self.idle_before)})
        self.result = ("ok", sorted((Abandoned(tid, code, seq, status, _json(res), _time(upd), _time(fin))
                                     for tid, code, seq, status, res, upd, fin in rows), key=lambda a: a.id))


@dataclass(slots=True)
class DeleteTables:
    """The tables of `codes` deleted with their seats, moves and chat (turn claims go with them: ON DELETE
    CASCADE), and the tables that named one as their rematch, or as the table they are a rematch of,
    forget it. With `lobby_before`, only lobbies idle since before then (the sweep: a join or a start may
    have come since it read them); without, whatever their status (an admin). ("ok", [Deleted, ...]), in
    id order; a code of no table is left out."""

    codes: list[str]
    lobby_before: datetime | None = None
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        codes = sorted(set(self.codes))
        if not codes:
            self.result = ("ok", [])
            return
        marks, params = _marks("c", codes)
        where = f"code IN ({marks})"
        if self.lobby_before is not None:
            where += " AND status = 'lobby' AND updated_at < :before"
            params["before"] = ex.time(self.lobby_before)
        # PostgreSQL: locked in id order; a row changed while this waited for its lock is checked again
        rows = ex.all(f"SELECT id, code, game, status, seq, players, created_at FROM tables WHERE {where} "
                      f"ORDER BY id{ex.lock}", params)
        gone = [Deleted(tid, code, game, status, seq, players, _time(created))
                for tid, code, game, status, seq, players, created in rows]
        if gone:
            marks, ids = _marks("t", [d.id for d in gone])
            ex.run(f"UPDATE tables SET rematch_id = NULL WHERE rematch_id IN ({marks})", ids)
            ex.run(f"UPDATE tables SET rematch_of_id = NULL WHERE rematch_of_id IN ({marks})", ids)
            for child in ("chat", "moves", "seats"):
                ex.run(f"DELETE FROM {child} WHERE table_id IN ({marks})", ids)
            ex.run(f"DELETE FROM tables WHERE id IN ({marks})", ids)
        self.result = ("ok", gone)


EndCommand = AbandonTables | DeleteTables
