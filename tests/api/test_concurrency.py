"""Many simultaneous moves on one table: exactly one wins each seq, the rest get 409."""
from __future__ import annotations

import asyncio

import httpx

from app.store import Move
from tests.api.helpers import full_table, race, state
from tests.conftest import eventually


def assert_one_winner_per_round(rounds: list[list[int]], per_round: int) -> None:
    assert rounds, "the game ended before any round"
    for codes in rounds:
        assert codes == [200] + [409] * (per_round - 1), codes


async def test_simultaneous_moves_in_one_process(new_client, app):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    rounds = await race([host, guest], t["code"], t["tokens"], rounds=6, per_round=16)
    assert_one_winner_per_round(rounds, 16)
    await _assert_contiguous(app, t["code"], len(rounds))


async def test_simultaneous_moves_across_two_processes_on_one_sqlite_file(live_server, tmp_path):
    a = live_server(ready=False)
    b = live_server(a.database_url, ready=False)
    a.wait_ready(), b.wait_ready()
    async with httpx.AsyncClient(base_url=a.url, timeout=20) as ca, \
            httpx.AsyncClient(base_url=b.url, timeout=20) as cb:
        t = await full_table(ca, cb)
        rounds = await race([ca, cb], t["code"], t["tokens"], rounds=4, per_round=10)
        assert_one_winner_per_round(rounds, 10)
        log = (await cb.get(f"/api/tables/{t['code']}/log")).json()
        assert [s["seq"] for s in log["steps"]] == list(range(1, len(rounds) + 1))


async def test_many_tables_at_once_do_not_block_each_other(new_client):
    hosts = [new_client() for _ in range(6)]
    tables = await asyncio.gather(*(full_table(h, bots=1) for h in hosts))
    results = await asyncio.gather(*(race([h], t["code"], t["tokens"], rounds=2, per_round=4)
                                     for h, t in zip(hosts, tables, strict=True)))
    for rounds in results:
        for codes in rounds:
            assert codes.count(200) == 1


async def _assert_contiguous(app, code: str, n: int) -> None:
    from sqlalchemy import select

    from app.store import Table

    async with app.state.tables.db.session() as s:
        table = (await s.execute(select(Table).where(Table.code == code))).scalar_one()
        seqs = (await s.execute(select(Move.seq).where(Move.table_id == table.id).order_by(Move.seq))).scalars()
        assert list(seqs) == list(range(1, n + 1)) and table.seq == n


async def test_bot_turns_are_cleaned_up(new_client, app):
    host = new_client()
    t = await full_table(host, bots=1)
    await race([host], t["code"], t["tokens"], rounds=2, per_round=8)
    await eventually(lambda: len(app.state.tables.bots) == 0)
    assert (await state(host, t["code"]))["seq"] >= 1
