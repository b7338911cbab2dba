"""Lobby commands the group-commit writer stores with the moves (app/store/writer.py): a new table, a seat
taken (by a person or a bot), a game started.

Each command is checked again, inside the batch's transaction, against what the database holds: another
instance may have acted since the live table (app/tables/live/tables.py) was read. On PostgreSQL every command
first locks its table's row (as the ORM path did), so two instances never interleave on one table; SQLite
has one writer at a time anyway. A command never raises for a refusal: it sets `result` to one of

    ("ok", ...)                       stored; see each command for the rest
    ("status", status)                the table is not in the lobby any more
    ("taken",)                        that seat is not open any more (TakeSeat)
    ("seated", seat)                  the player sits at this table already (TakeSeat)
    ("played", deal id, [(code, status)])  the player sits at these other tables dealt the same deal
                                      (CreateTable and TakeSeat: app/tables/lobby/once.py refuses it)
    ("open", [seats])                 seats are still open (StartTable)
    ("code",)                         the code is in use: pick another (CreateTable)

so one refusal never costs the other commands and moves of its batch their transaction. The SQL is written
once: `Exec` (below) runs it on SQLite's own connection on the event loop (app/store/sqlite_batches.py: no
thread hop per statement) or on PostgreSQL inside `AsyncConnection.run_sync`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import text

from app.store.db import json_text


def column_json(value: object) -> str | None:
    """A JSON column's value as the engine writes it (db.json_text), SQL NULL for None."""
    return None if value is None else json_text(value)


def sqlite_time(at: datetime | None) -> str | None:
    """A timestamp as SQLAlchemy's SQLite DateTime stores it: naive UTC with microseconds."""
    if at is None:
        return None
    if at.tzinfo is not None:
        at = at.astimezone(timezone.utc).replace(tzinfo=None)
    return at.isoformat(" ", "microseconds")


_CAST = re.compile(r"CAST\((:\w+) AS json\)")
_STATEMENTS: dict[bool, dict[str, Any]] = {False: {}, True: {}}  # SQL text -> as each database runs it


class Exec:
    """The few things a command does with a connection, for either database."""

    def __init__(self, conn: Any, postgres: bool):
        self.conn = conn  # sqlite3.Connection, or a SQLAlchemy (sync) Connection inside run_sync
        self.postgres = postgres
        self.lock = " FOR UPDATE" if postgres else ""  # SQLite: the batch holds the one write lock
        self._sql = _STATEMENTS[postgres]

    def _statement(self, sql: str) -> Any:
        s = self._sql.get(sql)
        if s is None:
            s = self._sql[sql] = text(sql) if self.postgres else _CAST.sub(r"\1", sql)
        return s

    def time(self, at: datetime | None) -> Any:
        return at if self.postgres else sqlite_time(at)

    def first(self, sql: str, params: dict) -> tuple | None:
        rows = self.conn.execute(self._statement(sql), params).fetchall()  # every row: RETURNING ends
        return tuple(rows[0]) if rows else None

    def all(self, sql: str, params: dict) -> list[tuple]:
        return [tuple(r) for r in self.conn.execute(self._statement(sql), params).fetchall()]

    def run(self, sql: str, params: dict) -> int:
        return self.conn.execute(self._statement(sql), params).rowcount


@dataclass(slots=True)
class PlayerSpec:
    """Who sits down: the player of a known id, else of a cookie (looked up), else a new player with
    `new_cookie_hash` (the caller made the cookie; it is set only when the result says it was used)."""

    name: str
    new_cookie_hash: str
    known_id: int | None = None
    cookie_hash: str | None = None
    lang: str | None = None  # the language of their notifications (the page's), kept with the name


def find_player(ex: Exec, spec: PlayerSpec) -> int | None:
    """The id of the player who sits down, when there is one already (known here, or by its cookie)."""
    if spec.known_id is None and spec.cookie_hash is not None:
        row = ex.first("SELECT id FROM players WHERE cookie_hash = :h", {"h": spec.cookie_hash})
        return row[0] if row else None
    return spec.known_id


def resolve_player(ex: Exec, spec: PlayerSpec, now: datetime, pid: int | None = None) -> tuple[int, bool]:
    """(player id, whether a new player was made with spec.new_cookie_hash): the player `pid` (as
    find_player found it) with its name updated, as the lobby always did, else a new one."""
    if pid is not None:
        if spec.lang is None:
            ex.run("UPDATE players SET name = :n WHERE id = :id AND name <> :n", {"n": spec.name, "id": pid})
        else:
            ex.run("UPDATE players SET name = :n, lang = :l WHERE id = :id AND (name <> :n OR lang IS NULL "
                   "OR lang <> :l)", {"n": spec.name, "l": spec.lang, "id": pid})
        return pid, False
    row = ex.first("INSERT INTO players (cookie_hash, name, lang, created_at) VALUES (:h, :n, :l, :at) RETURNING id",
                   {"h": spec.new_cookie_hash, "n": spec.name, "l": spec.lang, "at": ex.time(now)})
    assert row is not None
    return row[0], True


def _status(ex: Exec, table_id: int) -> str | None:
    row = ex.first("SELECT status FROM tables WHERE id = :t" + ex.lock, {"t": table_id})
    return None if row is None else row[0]


def seats_on_deal(ex: Exec, deal_id: str, player_id: int, besides: int = 0) -> list[tuple]:
    """(code, status) of the tables dealt `deal_id` where the player sits as a person, but table `besides`,
    the oldest first. On PostgreSQL the player's row is locked first, so that two instances seating the same
    player at two tables of one deal (two tabs) take turns and the second sees the first's seat."""
    if ex.postgres:
        ex.first("SELECT id FROM players WHERE id = :p FOR UPDATE", {"p": player_id})
    return ex.all("SELECT t.code, t.status FROM tables t JOIN seats s ON s.table_id = t.id WHERE t.deal_id = :d "
                  "AND s.player_id = :p AND t.id <> :t ORDER BY t.id", {"d": deal_id, "p": player_id, "t": besides})


@dataclass(slots=True)
class CreateTable:
    """A new table in the lobby, its seats, and seat 0 taken by its creator; dealt `deal` (its row written
    first, unless stored already: app/store/deal_records.py) when given. ("ok", table id, player id, new
    player?)."""

    code: str
    game: str
    players: int
    options: dict
    seed: str
    doc: dict
    now: datetime
    host: PlayerSpec
    token_hash: str
    deal: Any = None  # a deal_records.DealRow, or None: a deal of its own
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        known = None
        if self.deal is not None:
            known = find_player(ex, self.host)
            mine = seats_on_deal(ex, self.deal.id, known) if known is not None else []
            if mine:
                self.result = ("played", self.deal.id, mine)
                return
            self.deal.write(ex, self.now)
        row = ex.first(
            "INSERT INTO tables (code, game, players, options, seed, status, initial_doc, doc, seq, to_act, "
            "created_at, updated_at, moved_at, deal_id) VALUES (:code, :game, :players, CAST(:options AS json), "
            ":seed, 'lobby', CAST(:doc AS json), CAST(:doc AS json), 0, CAST(:to_act AS json), :at, :at, :at, "
            ":deal) ON CONFLICT (code) DO NOTHING RETURNING id",
            {"code": self.code, "game": self.game, "players": self.players, "options": column_json(self.options),
             "seed": self.seed, "doc": column_json(self.doc), "to_act": "[]", "at": ex.time(self.now),
             "deal": None if self.deal is None else self.deal.id})
        if row is None:
            self.result = ("code",)
            return
        table_id = row[0]
        if self.deal is None:
            known = find_player(ex, self.host)
        pid, new = resolve_player(ex, self.host, self.now, known)
        ex.run(_seat_rows(self.players), {"t": table_id, "n": self.host.name, "p": pid, "h": self.token_hash,
                                          "notify": True, "at": ex.time(self.now)})  # one statement for every seat
        self.result = ("ok", table_id, pid, new)


def _seat_rows(players: int) -> str:
    """The INSERT of a new table's seats: seat 0 its creator's, the others open."""
    rest = "".join(f", (:t, {i}, NULL, NULL, NULL, :notify, NULL)" for i in range(1, players))
    return ("INSERT INTO seats (table_id, seat, name, player_id, token_hash, notify, joined_at) "
            "VALUES (:t, 0, :n, :p, :h, :notify, :at)" + rest)


@dataclass(slots=True)
class TakeSeat:
    """An open seat taken by a person (`player`, `token_hash`) or a bot (`bot`). ("ok", player id or None,
    new player?)."""

    table_id: int
    seat: int
    name: str
    now: datetime
    player: PlayerSpec | None = None
    token_hash: str | None = None
    bot: str | None = None
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        if ex.postgres:  # locked first: the reads below see what was committed
            row = ex.first("SELECT status, deal_id FROM tables WHERE id = :t" + ex.lock, {"t": self.table_id})
            status, deal = (None, None) if row is None else row
            seat = ex.first("SELECT seat, name FROM seats WHERE table_id = :t AND seat = :s",
                            {"t": self.table_id, "s": self.seat}) if status == "lobby" else None
        else:  # the batch holds SQLite's one write lock: the table and the seat in one read
            row = ex.first("SELECT t.status, t.deal_id, s.seat, s.name FROM tables t LEFT JOIN seats s ON "
                           "s.table_id = t.id AND s.seat = :s WHERE t.id = :t", {"t": self.table_id, "s": self.seat})
            status, deal, seat = (None, None, None) if row is None else (row[0], row[1], row[2:])
        if status != "lobby":
            self.result = ("status", status)
            return
        if seat is None or seat[0] is None or seat[1] is not None:
            self.result = ("taken",)
            return
        pid, new = None, False
        if self.player is not None:
            known = find_player(ex, self.player)
            if known is not None:
                seated = ex.first("SELECT seat FROM seats WHERE table_id = :t AND player_id = :p",
                                  {"t": self.table_id, "p": known})
                if seated is not None:
                    self.result = ("seated", seated[0])
                    return
                mine = seats_on_deal(ex, deal, known, self.table_id) if deal is not None else []
                if mine:
                    self.result = ("played", deal, mine)
                    return
            pid, new = resolve_player(ex, self.player, self.now, known)
        at = ex.time(self.now)
        if not ex.run("UPDATE seats SET name = :n, bot = :b, player_id = :p, token_hash = :h, joined_at = :at "
                      "WHERE table_id = :t AND seat = :s AND name IS NULL",
                      {"n": self.name, "b": self.bot, "p": pid, "h": self.token_hash, "at": at, "t": self.table_id,
                       "s": self.seat}):
            self.result = ("taken",)  # never, with the table locked above; but never two people in one seat
            return
        ex.run("UPDATE tables SET updated_at = :at WHERE id = :t", {"at": at, "t": self.table_id})
        self.result = ("ok", pid, new)


@dataclass(slots=True)
class StartTable:
    """The lobby's game begins (or is over at once: `result` set). ("ok",)."""

    table_id: int
    status: str
    to_act: list
    outcome: dict | None
    now: datetime
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        if ex.postgres:  # the table's row locked first
            status = _status(ex, self.table_id)
            open_ = [s for (s,) in ex.all("SELECT seat FROM seats WHERE table_id = :t AND name IS NULL ORDER BY "
                                          "seat", {"t": self.table_id})] if status == "lobby" else []
        else:  # SQLite's one write lock is the batch's: the status and the open seats in one read
            rows = ex.all("SELECT t.status, s.seat FROM tables t LEFT JOIN seats s ON s.table_id = t.id AND "
                          "s.name IS NULL WHERE t.id = :t ORDER BY s.seat", {"t": self.table_id})
            status = rows[0][0] if rows else None
            open_ = [s for _, s in rows if s is not None]
        if status != "lobby":
            self.result = ("status", status)
            return
        if open_:
            self.result = ("open", open_)
            return
        at = ex.time(self.now)
        ex.run("UPDATE tables SET status = :st, started_at = :at, updated_at = :at, to_act = CAST(:to_act AS json), "
               "result = CAST(:res AS json), finished_at = :fin WHERE id = :t",
               {"st": self.status, "at": at, "to_act": column_json(self.to_act), "res": column_json(self.outcome),
                "fin": at if self.outcome is not None else None, "t": self.table_id})
        self.result = ("ok",)


LobbyCommand = CreateTable | TakeSeat | StartTable
