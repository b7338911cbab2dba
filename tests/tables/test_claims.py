"""Turn claims (app/store/claims.py) on SQLite and PostgreSQL: one owner per turn, leases, old seqs
forgotten (reminders: tests/tables/test_reminders.py)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from app.store import Table, claims, utcnow
from app.store.models import TurnClaim
from tests.api.helpers import full_table, state


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request) -> str:
    return request.getfixturevalue(f"{request.param}_url")


async def a_table(new_client) -> tuple[dict, dict]:
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    st = await state(host, t["code"], t["tokens"][0])
    return st, t


async def table_id(db, code: str) -> int:
    async with db.session() as s:
        return (await s.execute(select(Table.id).where(Table.code == code))).scalar_one()


async def take(db, table: int, seq: int, owner: str, *, at=None, steal_before=None, kind="bot") -> bool:
    async with db.writing() as s:
        held = await claims.claim(s, table_id=table, seq=seq, seat=1, kind=kind, owner=owner, now=at or utcnow(),
                                  steal_before=steal_before)
        await s.commit()
    return held


async def test_a_claim_is_held_by_its_first_owner_only(app, new_client):
    db = app.state.tables.db
    st, _ = await a_table(new_client)
    tid = await table_id(db, st["code"])
    now = utcnow()
    assert await take(db, tid, 0, "a", steal_before=now - timedelta(seconds=30))
    assert not await take(db, tid, 0, "b", steal_before=now - timedelta(seconds=30))
    assert not await take(db, tid, 0, "b")  # no lease: never taken over
    assert await take(db, tid, 0, "a", steal_before=now - timedelta(seconds=30))  # its owner may claim again
    assert await take(db, tid, 0, "b", kind="turn")  # another kind of work is another claim


async def test_a_claim_past_its_lease_is_taken_over(app, new_client):
    db = app.state.tables.db
    st, _ = await a_table(new_client)
    tid = await table_id(db, st["code"])
    now = utcnow()
    assert await take(db, tid, 0, "dead", at=now - timedelta(seconds=60))
    assert not await take(db, tid, 0, "b", steal_before=now - timedelta(seconds=90))
    assert await take(db, tid, 0, "b", steal_before=now - timedelta(seconds=30))
    async with db.session() as s:
        assert (await s.execute(select(TurnClaim.owner))).scalar_one() == "b"


async def test_claims_of_older_seqs_are_forgotten(app, new_client):
    db = app.state.tables.db
    st, _ = await a_table(new_client)
    tid = await table_id(db, st["code"])
    for seq in range(3):
        assert await take(db, tid, seq, "a")
    async with db.session() as s:
        assert (await s.execute(select(TurnClaim.seq))).scalars().all() == [2]
    async with db.writing() as s:
        assert await claims.release(s, "a", "bot") == 1
        await s.commit()
    async with db.session() as s:
        assert (await s.execute(select(func.count()).select_from(TurnClaim))).scalar_one() == 0


async def test_a_bot_turn_is_not_claimed_once_the_table_has_left_its_seq(app, new_client):
    ctx = app.state.tables
    st, _ = await a_table(new_client)
    snap = (await ctx.live.get(st["code"])).snap
    async with ctx.db.writing() as s:
        await s.execute(update(Table).where(Table.id == snap.id).values(seq=snap.seq + 1))
        await s.commit()
    assert not await ctx.bots.claim(snap, snap.to_act[0])
