"""Revision 0018 on a database with a lobby table in it (SQLite and PostgreSQL): `invitations` is made, takes
an invitation with its hashed link (one link, one invitation: unique), and goes with its table (ON DELETE
CASCADE); down to 0017 it is gone and the table stays; up again."""
from __future__ import annotations

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.exc import IntegrityError

from app.store.migrate import downgrade, upgrade
from tests.api.helpers import sync_url

INSERT = ("INSERT INTO invitations (table_id, seat, name, link_hash, inviter_seat, state, created_at, expires_at) "
          "VALUES (:t, 1, 'Bea', :h, 0, 'pending', '2026-11-01 10:00:00', '2026-11-08 10:00:00')")


def seed(conn) -> int:
    conn.execute(text(
        "INSERT INTO tables (code, game, players, options, seed, status, initial_doc, doc, seq, to_act, "
        "created_at, updated_at, moved_at) VALUES ('invi1111', 'three-high', 2, '{}', 'x', 'lobby', '{}', "
        "'{}', 0, '[]', '2026-11-01 10:00:00', '2026-11-01 10:00:00', '2026-11-01 10:00:00')"))
    return conn.execute(text("SELECT id FROM tables WHERE code = 'invi1111'")).scalar_one()


def check(url: str) -> None:
    downgrade(url, "0017")
    engine = create_engine(sync_url(url))
    try:
        with engine.begin() as conn:
            assert "invitations" not in inspect(conn).get_table_names()
            table_id = seed(conn)
        upgrade(url)
        with engine.begin() as conn:
            columns = {c["name"] for c in inspect(conn).get_columns("invitations")}
            assert columns == {"id", "table_id", "seat", "name", "link_hash", "inviter_seat", "invitee_id", "rematch",
                               "state", "created_at", "expires_at", "answered_at"}
            conn.execute(text(INSERT), {"t": table_id, "h": "a" * 64})
            assert conn.execute(text("SELECT name, state, rematch FROM invitations")).one() == ("Bea", "pending", False)
        with pytest.raises(IntegrityError), engine.begin() as conn:
            conn.execute(text(INSERT), {"t": table_id, "h": "a" * 64})
        downgrade(url, "0017")
        with engine.connect() as conn:
            assert "invitations" not in inspect(conn).get_table_names()
            assert conn.execute(text("SELECT count(*) FROM tables")).scalar_one() == 1
        upgrade(url)
        with engine.begin() as conn:
            if engine.dialect.name == "sqlite":  # as the app's connections have it (app/store/db.py)
                conn.execute(text("PRAGMA foreign_keys=ON"))
            conn.execute(text(INSERT), {"t": table_id, "h": "b" * 64})
            conn.execute(text("DELETE FROM tables WHERE id = :t"), {"t": table_id})
            assert conn.execute(text("SELECT count(*) FROM invitations")).scalar_one() == 0
    finally:
        engine.dispose()


def test_0018_on_sqlite(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'm.db'}"
    upgrade(url)
    check(url)


@pytest.mark.postgres
def test_0018_on_postgres(postgres_url):
    check(postgres_url)
