"""The schema comes only from Alembic: upgrade head and downgrade base on SQLite and PostgreSQL, and the
models agree with the migrations (autogenerate finds nothing to do)."""
from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect

from app.store.migrate import alembic_config, downgrade, upgrade
from app.store.models import Base
from tests.api.helpers import sync_url

TABLES = {"players", "tables", "seats", "moves", "chat"}


def head() -> str:
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


def check_round_trip(url: str) -> None:
    engine = create_engine(sync_url(url))
    try:
        upgrade(url)
        with engine.connect() as conn:
            assert TABLES <= set(inspect(conn).get_table_names())
            ctx = MigrationContext.configure(conn)
            assert ctx.get_current_revision() == head()
            assert compare_metadata(ctx, Base.metadata) == []
            uniques = {u["name"] for u in inspect(conn).get_unique_constraints("moves")}
            assert "uq_moves_table_seq" in uniques
        downgrade(url, "base")
        with engine.connect() as conn:
            assert not TABLES & set(inspect(conn).get_table_names())
        upgrade(url)  # and up again
        with engine.connect() as conn:
            assert TABLES <= set(inspect(conn).get_table_names())
    finally:
        engine.dispose()


def test_sqlite_upgrade_downgrade_upgrade(tmp_path: Path):
    check_round_trip(f"sqlite+aiosqlite:///{tmp_path / 'm.db'}")


@pytest.mark.postgres
def test_postgres_upgrade_downgrade_upgrade(postgres_url: str):
    downgrade(postgres_url, "base")  # the fixture migrated it; start from nothing
    check_round_trip(postgres_url)


def test_the_cli_migrates_the_settings_database(tmp_path: Path, monkeypatch):
    from app import cli
    from app.config import get_settings

    url = f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}"
    monkeypatch.setenv("ICEHOUSE_DATABASE_URL", url)
    get_settings.cache_clear()
    try:
        assert cli.main(["migrate"]) == 0
    finally:
        get_settings.cache_clear()
    engine = create_engine(sync_url(url))
    with engine.connect() as conn:
        assert TABLES <= set(inspect(conn).get_table_names())
    engine.dispose()
