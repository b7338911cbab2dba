"""Revision 0006 on a database with tables in it (SQLite and PostgreSQL): tables.imported is added, false
for tables played here and true for the tables an import made before it (stored with the seed
"imported"); down to 0005 and up again keeps the rows and the mark."""
from __future__ import annotations

import pytest
from sqlalchemy import create_engine, inspect, text

from app.store.migrate import downgrade, upgrade
from tests.api.helpers import sync_url


def seed(conn) -> None:
    for code, seed_text in (("aaaa1111", "5f1c0d2e"), ("bbbb2222", "imported")):
        conn.execute(text(
            "INSERT INTO tables (code, game, players, options, seed, status, initial_doc, doc, seq, to_act, "
            "created_at, updated_at, moved_at) VALUES (:code, 'three-high', 2, '{}', :seed, 'finished', '{}', "
            "'{}', 3, '[]', '2026-11-01 10:00:00', '2026-11-01 10:00:00', '2026-11-01 10:00:00')"),
            {"code": code, "seed": seed_text})


def marks(conn) -> list[tuple]:
    return [tuple(r) for r in conn.execute(text("SELECT code, imported FROM tables ORDER BY code")).all()]


def check(url: str) -> None:
    downgrade(url, "0005")
    engine = create_engine(sync_url(url))
    try:
        with engine.begin() as conn:
            assert "imported" not in {c["name"] for c in inspect(conn).get_columns("tables")}
            seed(conn)
        upgrade(url)
        with engine.begin() as conn:
            assert marks(conn) == [("aaaa1111", False), ("bbbb2222", True)]
            conn.execute(text(  # a table written without the column takes the default: not imported
                "INSERT INTO tables (code, game, players, options, seed, status, initial_doc, doc, seq, to_act, "
                "created_at, updated_at, moved_at) VALUES ('cccc3333', 'dash', 2, '{}', 'x', 'lobby', '{}', '{}', "
                "0, '[]', '2026-11-02 10:00:00', '2026-11-02 10:00:00', '2026-11-02 10:00:00')"))
            assert marks(conn)[-1] == ("cccc3333", False)
        downgrade(url, "0005")
        with engine.connect() as conn:
            assert "imported" not in {c["name"] for c in inspect(conn).get_columns("tables")}
            assert conn.execute(text("SELECT count(*) FROM tables")).scalar_one() == 3
        upgrade(url)
        with engine.connect() as conn:
            assert marks(conn) == [("aaaa1111", False), ("bbbb2222", True), ("cccc3333", False)]
    finally:
        engine.dispose()


def test_0006_on_sqlite_with_tables(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'm.db'}"
    upgrade(url)
    check(url)


@pytest.mark.postgres
def test_0006_on_postgres_with_tables(postgres_url):
    check(postgres_url)
