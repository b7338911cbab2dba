"""Revision 0005 on a database with tables in it (SQLite and PostgreSQL): seats keep their webhooks, the
new channel, reminder and nudge columns start empty (the server's default reminders), server_keys is made;
down to 0004 and up again keeps the rows."""
from __future__ import annotations

import pytest
from sqlalchemy import create_engine, inspect, text

from app.store.migrate import downgrade, upgrade
from tests.api.helpers import sync_url


def seed(conn) -> None:
    conn.execute(text(
        "INSERT INTO tables (code, game, players, options, seed, status, initial_doc, doc, seq, to_act, created_at, "
        "updated_at, moved_at) VALUES ('aaaa1111', 'three-high', 2, '{}', 'x', 'playing', '{}', '{}', 3, '[1]', "
        "'2026-11-01 10:00:00', '2026-11-01 10:00:00', '2026-11-01 10:00:00')"))
    tid = conn.execute(text("SELECT id FROM tables WHERE code = 'aaaa1111'")).scalar_one()
    conn.execute(text("INSERT INTO seats (table_id, seat, name, webhook_url, notify) VALUES "
                      "(:t, 0, 'Ann', 'https://hooks.slack.com/services/x', true), (:t, 1, 'Bea', NULL, true)"),
                 {"t": tid})


def check(url: str) -> None:
    downgrade(url, "0004")
    engine = create_engine(sync_url(url))
    try:
        with engine.begin() as conn:
            seed(conn)
        upgrade(url)
        with engine.connect() as conn:
            assert "server_keys" in inspect(conn).get_table_names()
            seats = conn.execute(text("SELECT seat, webhook_url, webhook_format, ntfy_url, push, deliveries "
                                      "FROM seats ORDER BY seat")).all()
            assert [tuple(r) for r in seats] == [(0, "https://hooks.slack.com/services/x", None, None, None, None),
                                                 (1, None, None, None, None, None)]
            table = conn.execute(text("SELECT seq, remind_after, reminded_seq, nudged_at FROM tables")).one()
            assert tuple(table) == (3, None, None, None)
        downgrade(url, "0004")
        with engine.connect() as conn:
            assert "server_keys" not in inspect(conn).get_table_names()
            assert conn.execute(text("SELECT webhook_url FROM seats WHERE seat = 0")).scalar_one().startswith("https")
            assert conn.execute(text("SELECT count(*) FROM tables")).scalar_one() == 1
        upgrade(url)
    finally:
        engine.dispose()


def test_0005_on_sqlite_with_tables(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'm.db'}"
    upgrade(url)
    check(url)


@pytest.mark.postgres
def test_0005_on_postgres_with_tables(postgres_url):
    check(postgres_url)
