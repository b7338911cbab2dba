"""A chat line, stored by the group-commit writer (app/store/writer.py) in its batch beside the moves and
the lobby's commands (app/store/lobby_records.py), on SQLite in the batch's one transaction, on PostgreSQL
in the commands' transaction.

The line is checked again inside the batch: its table may have been deleted since the live table was read
(an expired lobby, an admin). The speaker's name is the seat's name as the database has it then (the
domain's `fallback` for a seat with no name). Like a lobby command it never raises for a refusal: it
sets `result` to

    ("ok", chat id, name)     stored
    ("gone",)                 no such table (or seat) any more: nothing stored

so a refusal costs the rest of its batch nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from app.store.lobby_records import Exec


@dataclass(slots=True)
class ChatLine:
    """A line said by `seat` (a seated player) at a table; `fallback`: the name of a seat with none."""

    table_id: int
    seat: int
    text: str
    at: datetime
    fallback: str = ""
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        if ex.postgres:  # a table deleted meanwhile waits for this transaction (a key share blocks no move)
            if ex.first("SELECT id FROM tables WHERE id = :t FOR KEY SHARE", {"t": self.table_id}) is None:
                self.result = ("gone",)
                return
        row = ex.first("INSERT INTO chat (table_id, seat, name, text, at) "
                       "SELECT table_id, seat, COALESCE(name, :fallback), :x, :at FROM seats "
                       "WHERE table_id = :t AND seat = :s RETURNING id, name",
                       {"t": self.table_id, "s": self.seat, "fallback": self.fallback, "x": self.text,
                        "at": ex.time(self.at)})
        self.result = ("gone",) if row is None else ("ok", row[0], row[1])
