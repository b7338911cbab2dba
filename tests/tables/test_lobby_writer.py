"""Lobby commands in the group-commit writer's batches (app/store/lobby_records.py), on SQLite and on
PostgreSQL: each is checked again against the database inside the batch, a refusal costs the rest of the
batch nothing, and a database error reaches the caller as a 503 with a sentence."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest
from sqlalchemy import select

from app.store import Seat, Table, utcnow
from app.store.lobby_records import CreateTable, PlayerSpec, StartTable, TakeSeat
from app.store.sqlite_batches import SqliteBatches
from tests.api.helpers import create, full_table
from tests.tables.test_move_writer import record, table_row


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, sqlite_url):
    return request.getfixturevalue("postgres_url") if request.param == "postgres" else sqlite_url


async def test_a_batch_of_moves_and_lobby_commands_checks_each_against_the_database(app, new_client):
    playing = await table_row(app, (await full_table(new_client(), new_client()))["code"])
    lobby = await table_row(app, (await create(new_client(), 3))["code"])
    taken_code = (await create(new_client(), 2))["code"]
    writer, now = app.state.tables.writer, utcnow()
    commands = [
        TakeSeat(lobby.id, 1, "Bea", now, PlayerSpec("Bea", "a" * 64), "b" * 64),  # open: taken now
        TakeSeat(lobby.id, 1, "Cy", now, PlayerSpec("Cy", "c" * 64), "d" * 64),  # the same seat: refused
        TakeSeat(lobby.id, 2, "Bot 3", now, bot="random"),  # a bot in the last seat
        TakeSeat(playing.id, 1, "Dee", now, PlayerSpec("Dee", "e" * 64), "f" * 64),  # started already
        StartTable(lobby.id, "playing", [0], None, now),  # every seat taken by the commands before it
        CreateTable(taken_code, "three-high", 2, {}, "seed", {"x": 1}, now, PlayerSpec("Eve", "9" * 64), "8" * 64),
        CreateTable("zzzzzzz2", "three-high", 2, {}, "seed", {"x": 1}, now, PlayerSpec("Eve", "7" * 64), "6" * 64),
    ]
    # All queued before the writer wakes: one batch with the move.
    results = await asyncio.gather(writer.write(record(playing, 1)), *(writer.command(c) for c in commands))
    assert results[0] is True  # the move is stored whatever the commands beside it
    took, refused, bot, started, start, code_in_use, made = results[1:]
    assert took[0] == "ok" and took[2] is True  # a new player
    assert refused == ("taken",) and bot == ("ok", None, False) and started == ("status", "playing")
    assert start == ("ok",) and code_in_use == ("code",) and made[0] == "ok"
    async with app.state.tables.db.session() as s:
        seats = (await s.execute(select(Seat).where(Seat.table_id == lobby.id).order_by(Seat.seat))).scalars().all()
        assert [(x.name, x.bot, x.player_id == took[1]) for x in seats][1:] == [("Bea", None, True),
                                                                               ("Bot 3", "random", False)]
        assert seats[1].token_hash == "b" * 64
        row = (await s.execute(select(Table).where(Table.id == lobby.id))).scalar_one()
        assert (row.status, row.to_act, row.started_at is not None) == ("playing", [0], True)
        new = (await s.execute(select(Table).where(Table.code == "zzzzzzz2"))).scalar_one()
        assert (new.id, new.status, new.doc, new.seq) == (made[1], "lobby", {"x": 1}, 0)
        new_seats = (await s.execute(select(Seat).where(Seat.table_id == new.id).order_by(Seat.seat))).scalars().all()
        assert [(x.name, x.player_id) for x in new_seats] == [("Eve", made[2]), (None, None)]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # the writer's own SQLite connection fails
async def test_a_lobby_command_the_database_fails_is_a_503_with_a_sentence(app, new_client, monkeypatch):
    code = (await create(new_client(), 2))["code"]

    def fail(*_args, **_kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(SqliteBatches, "_store", fail)
    r = await new_client().post(f"/api/tables/{code}/join", json={"name": "Bea"})
    assert r.status_code == 503 and "Try again" in r.json()["detail"], r.text
