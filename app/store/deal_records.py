"""Deals through the group-commit writer (app/store/writer.py), like the lobby's commands: a deal's row is
written once (INSERT .. ON CONFLICT DO NOTHING: its id is a function of what it holds, so two instances
naming the same deal write the same row), with the table made on it (lobby_records.CreateTable takes a
DealRow) or, for a finished table whose deal is named for others to play, with that table's deal_id set
(MakeDeal). An admin's hiding of a deal's results is a command too (HideDeal).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from app.store.lobby_records import Exec, column_json


@dataclass(slots=True)
class DealRow:
    """A deal's row as stored: `options` are those that shape the deal; `day` a daily deal's UTC date."""

    id: str
    game: str
    players: int
    options: dict
    seed: str
    kind: str  # daily|named
    day: str | None = None

    def write(self, ex: Exec, now: datetime) -> None:
        """The deal's row, unless it is there already (the same id always holds the same deal)."""
        insert_deal(ex, self, now)


def insert_deal(ex: Exec, deal: DealRow, now: datetime) -> None:
    ex.run("INSERT INTO deals (id, game, players, options, seed, kind, day, hidden, created_at) VALUES "
           "(:id, :game, :players, CAST(:options AS json), :seed, :kind, :day, :no, :at) "
           "ON CONFLICT (id) DO NOTHING",
           {"id": deal.id, "game": deal.game, "players": deal.players, "options": column_json(deal.options),
            "seed": deal.seed, "kind": deal.kind, "day": deal.day, "no": False, "at": ex.time(now)})


@dataclass(slots=True)
class MakeDeal:
    """The deal of a finished table, named so that others may play it: its row, and the table's deal_id
    (unless the table was dealt it already). ("ok",); ("gone",) when the table is no more."""

    deal: DealRow
    table_id: int
    now: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        row = ex.first("SELECT deal_id FROM tables WHERE id = :t" + ex.lock, {"t": self.table_id})
        if row is None:
            self.result = ("gone",)
            return
        insert_deal(ex, self.deal, self.now)
        if row[0] is None:
            ex.run("UPDATE tables SET deal_id = :d WHERE id = :t AND deal_id IS NULL",
                   {"d": self.deal.id, "t": self.table_id})
        self.result = ("ok",)


@dataclass(slots=True)
class HideDeal:
    """An admin hides (or shows again) a deal's results. ("ok",); ("gone",) for no such deal."""

    deal_id: str
    hidden: bool
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        changed = ex.run("UPDATE deals SET hidden = :h WHERE id = :d", {"h": self.hidden, "d": self.deal_id})
        self.result = ("ok",) if changed else ("gone",)


DealCommand = MakeDeal | HideDeal
