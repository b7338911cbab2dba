"""Revision 0017 on a database with a finished table in it (SQLite and PostgreSQL): `move_notes` is made,
takes a note with its author, and goes with its table (ON DELETE CASCADE); down to 0016 it is gone and the
table stays; up again."""
from __future__ import annotations

import pytest
from sqlalchemy import create_engine, inspect, text

from app.store.migrate import downgrade, upgrade
from tests.api.helpers import sync_url


def seed(conn) -> int:
    conn.execute(text(
        "INSERT INTO tables (code, game, players, options, seed, status, initial_doc, doc, seq, to_act, "
        "created_at, updated_at, moved_at) VALUES ('note1111', 'three-high', 1, '{}', 'x', 'finished', '{}', "
        "'{}', 3, '[]', '2026-11-01 10:00:00', '2026-11-01 10:00:00', '2026-11-01 10:00:00')"))
    return conn.execute(text("SELECT id FROM tables WHERE code = 'note1111'")).scalar_one()


def check(url: str) -> None:
    downgrade(url, "0016")
    engine = create_engine(sync_url(url))
    try:
        with engine.begin() as conn:
            assert "move_notes" not in inspect(conn).get_table_names()
            table_id = seed(conn)
        upgrade(url)
        with engine.begin() as conn:
            columns = {c["name"] for c in inspect(conn).get_columns("move_notes")}
            assert columns == {"id", "table_id", "seq", "author_id", "seat", "text", "during", "created_at",
                               "edited_at"}
            conn.execute(text("INSERT INTO move_notes (table_id, seq, seat, text, created_at) "
                              "VALUES (:t, 2, 0, 'a fine move', '2026-11-01 10:00:00')"), {"t": table_id})
            assert conn.execute(text("SELECT text, during FROM move_notes")).one() == ("a fine move", False)
        downgrade(url, "0016")
        with engine.connect() as conn:
            assert "move_notes" not in inspect(conn).get_table_names()
            assert conn.execute(text("SELECT count(*) FROM tables")).scalar_one() == 1
        upgrade(url)
        with engine.begin() as conn:
            if engine.dialect.name == "sqlite":  # as the app's connections have it (app/store/db.py)
                conn.execute(text("PRAGMA foreign_keys=ON"))
            conn.execute(text("INSERT INTO move_notes (table_id, seq, seat, text, during, created_at) "
                              "VALUES (:t, 1, 0, 'noted', true, '2026-11-01 10:00:00')"), {"t": table_id})
            conn.execute(text("DELETE FROM tables WHERE id = :t"), {"t": table_id})
            assert conn.execute(text("SELECT count(*) FROM move_notes")).scalar_one() == 0
    finally:
        engine.dispose()


def test_0017_on_sqlite(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'm.db'}"
    upgrade(url)
    check(url)


@pytest.mark.postgres
def test_0017_on_postgres(postgres_url):
    check(postgres_url)
