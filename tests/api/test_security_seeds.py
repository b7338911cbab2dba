"""A deal's seed carries at least 128 random bits, stored as text (the column and its
migration hold it), and tables made before keep their seeds."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import create_engine, select, text

from app.store import Table
from app.store.migrate import downgrade, upgrade
from tests.api.helpers import bearer, create, full_table, sync_url

SEED = re.compile(r"[0-9a-f]{32,}")


async def seed_of(app, code: str) -> object:
    async with app.state.tables.db.session() as s:
        return (await s.execute(select(Table.seed).where(Table.code == code))).scalar_one()


async def test_new_tables_get_a_seed_of_at_least_128_random_bits(app, client, new_client):
    seeds = set()
    for players in (1, 2, 3):
        made = await create(new_client(), players)
        seed = await seed_of(app, made["code"])
        assert isinstance(seed, str) and SEED.fullmatch(seed), seed
        seeds.add(seed)
    assert len(seeds) == 3


async def test_a_rematch_gets_a_fresh_seed_of_its_own(app, client):
    t = await full_table(client, players=1)
    code, token = t["code"], t["tokens"][0]
    for _ in range(400):  # play the solo game to its end
        st = (await client.get(f"/api/tables/{code}", headers=bearer(token))).json()
        if st["status"] != "playing":
            break
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                              json={"seq": st["seq"], "move": st["legal_moves"][0]})
        assert r.status_code == 200, r.text
    r = await client.post(f"/api/tables/{code}/rematch", headers=bearer(token))
    assert r.status_code == 201, r.text
    new_seed = await seed_of(app, r.json()["code"])
    assert SEED.fullmatch(new_seed) and new_seed != await seed_of(app, code)


def _old_table_keeps_its_seed(url: str) -> None:
    downgrade(url, "base")
    upgrade(url, "0001")
    engine = create_engine(sync_url(url))
    try:
        with engine.begin() as conn:
            conn.execute(text(
                "INSERT INTO tables (code, game, players, options, seed, status, initial_doc, doc, seq, to_act, "
                "created_at, updated_at) VALUES ('oldtable', 'three-high', 1, '{}', 2147483000, 'finished', "
                "'{}', '{}', 0, '[]', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"))
        upgrade(url)
        with engine.begin() as conn:
            seed = conn.execute(text("SELECT seed FROM tables WHERE code = 'oldtable'")).scalar_one()
            assert seed == "2147483000"
            big = "f" * 32  # 128 bits fit now
            conn.execute(text("UPDATE tables SET seed = :s WHERE code = 'oldtable'"), {"s": big})
            assert conn.execute(text("SELECT seed FROM tables WHERE code = 'oldtable'")).scalar_one() == big
    finally:
        engine.dispose()


def test_sqlite_migration_keeps_old_seeds_and_holds_new_ones(sqlite_url):
    _old_table_keeps_its_seed(sqlite_url)


@pytest.mark.postgres
def test_postgres_migration_keeps_old_seeds_and_holds_new_ones(postgres_url):
    _old_table_keeps_its_seed(postgres_url)
