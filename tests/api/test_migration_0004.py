"""Revision 0004 on a database with tables in it: moved_at is filled from the last move (or the creation
when there is none), the indexes are made, and it goes down again; on SQLite and PostgreSQL. And the move
writer keeps moved_at from then on."""
from __future__ import annotations

from datetime import datetime

import pytest
from sqlalchemy import create_engine, inspect, text

from app.store.migrate import downgrade, upgrade
from tests.api.helpers import bearer, create, state, sync_url

NEW = {"ix_tables_created_at", "ix_tables_moved_at", "ix_tables_game_created", "ix_tables_game_moved",
       "ix_tables_status_created", "ix_tables_status_moved", "ix_tables_status_updated"}


def as_text(value) -> str:
    return value.isoformat(sep=" ")[:19] if isinstance(value, datetime) else str(value)[:19]


def check(url: str) -> None:
    downgrade(url, "0003")
    engine = create_engine(sync_url(url))
    try:
        with engine.begin() as conn:
            for i, code in enumerate(("aaaa1111", "bbbb2222")):
                conn.execute(text(
                    "INSERT INTO tables (code, game, players, options, seed, status, initial_doc, doc, seq, to_act, "
                    "created_at, updated_at) VALUES (:code, 'three-high', 1, '{}', 'x', 'playing', '{}', '{}', :seq, "
                    "'[]', :created, :updated)"),
                    {"code": code, "seq": 2 - 2 * i, "created": "2026-11-01 10:00:00",
                     "updated": "2026-11-03 09:00:00"})
            tid = conn.execute(text("SELECT id FROM tables WHERE code = 'aaaa1111'")).scalar_one()
            for seq, at in ((1, "2026-11-01 11:00:00"), (2, "2026-11-02 12:30:00")):
                conn.execute(text("INSERT INTO moves (table_id, seq, seat, move, events, at) VALUES "
                                  "(:t, :seq, 0, '{}', '[]', :at)"), {"t": tid, "seq": seq, "at": at})
        upgrade(url)
        with engine.connect() as conn:
            moved = dict(conn.execute(text("SELECT code, moved_at FROM tables")).all())
            assert as_text(moved["aaaa1111"]) == "2026-11-02 12:30:00"  # the last move
            assert as_text(moved["bbbb2222"]) == "2026-11-01 10:00:00"  # no move: the creation
            names = {ix["name"] for ix in inspect(conn).get_indexes("tables")}
            assert NEW <= names and "ix_tables_game" not in names and "ix_tables_updated_at" not in names
        downgrade(url, "0003")
        with engine.connect() as conn:
            columns = {c["name"] for c in inspect(conn).get_columns("tables")}
            names = {ix["name"] for ix in inspect(conn).get_indexes("tables")}
            assert "moved_at" not in columns and {"ix_tables_game", "ix_tables_status", "ix_tables_updated_at"} <= names
            assert conn.execute(text("SELECT count(*) FROM moves")).scalar_one() == 2
        upgrade(url)
    finally:
        engine.dispose()


def test_sqlite(sqlite_url):
    check(sqlite_url)


@pytest.mark.postgres
def test_postgres(postgres_url):
    check(postgres_url)


async def test_the_move_writer_keeps_the_last_move_time(app, client):
    made = await create(client, 1, "Ann")
    code, token = made["code"], made["token"]
    await client.post(f"/api/tables/{code}/start", headers=bearer(token))
    st = await state(client, code, token)
    r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                          json={"seq": st["seq"], "move": st["legal_moves"][0]})
    assert r.status_code == 200
    from app.store import queries

    async with app.state.tables.db.session() as s:
        table = await queries.table_by_code(s, code)
        last = await queries.last_move(s, table.id)
        assert table.moved_at == last.at and table.moved_at > table.created_at
