"""The rematch through the live table and the group-commit writer (app/tables/lobby/rematch.py,
app/store/rematch_records.py), on SQLite and on PostgreSQL: made in the writer's batch beside moves and chat
lines, checked again there (made once, only for a game that is over), answered and published only once the
batch has committed, and a database failure is a 503 with a sentence with nothing made or published."""
from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select, update

from app.store import ChatMessage, Seat, Table, utcnow
from app.store.chat_records import ChatLine
from app.store.rematch_records import MakeRematch
from tests.api.helpers import bearer, full_table
from tests.tables.test_move_writer import record, table_row
from tests.tables.writer_helpers import fail_every_batch, published


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, sqlite_url):
    return request.getfixturevalue("postgres_url") if request.param == "postgres" else sqlite_url


async def finish(app, code: str) -> None:
    async with app.state.tables.db.session() as s:
        await s.execute(update(Table).where(Table.code == code).values(status="finished", to_act=[],
                                                                       result={"winner": 0}, remind_after=600))
        await s.commit()


async def test_a_rematch_a_move_and_a_chat_line_in_one_batch_are_all_stored_and_checked(app, new_client):
    ended_code = (await full_table(new_client(), new_client()))["code"]
    await finish(app, ended_code)
    ended = await table_row(app, ended_code)
    playing = await table_row(app, (await full_table(new_client(), new_client()))["code"])
    writer, now = app.state.tables.writer, utcnow()
    before = writer.batches
    results = await asyncio.gather(
        writer.write(record(playing, 1)),
        writer.command(MakeRematch(ended.id, "zzzzzzr1", "seed1", {"d": 1}, "lobby", [], None, now)),
        writer.command(MakeRematch(ended.id, "zzzzzzr2", "seed2", {"d": 2}, "lobby", [], None, now)),  # made
        writer.command(MakeRematch(playing.id, "zzzzzzr3", "seed3", {"d": 3}, "lobby", [], None, now)),  # not over
        writer.command(ChatLine(ended.id, 1, "again?", now)))
    assert writer.batches == before + 1
    moved, made, again, not_over, said = results
    assert moved is True and made[0] == "ok" and again == ("made", made[1]) and not_over == ("status", "playing")
    assert said[0] == "ok"
    async with app.state.tables.db.session() as s:
        old = (await s.execute(select(Table).where(Table.id == ended.id))).scalar_one()
        new = (await s.execute(select(Table).where(Table.id == made[1]))).scalar_one()
        assert old.rematch_id == new.id and new.rematch_of_id == old.id
        assert (new.code, new.game, new.players, new.status, new.seed, new.doc, new.initial_doc, new.seq) == (
            "zzzzzzr1", old.game, 2, "lobby", "seed1", {"d": 1}, {"d": 1}, 0)
        assert (new.options, new.remind_after, new.started_at) == (old.options, 600, None)
        def seats(tid: int):
            return select(Seat.seat, Seat.name, Seat.player_id, Seat.token_hash).where(
                Seat.table_id == tid).order_by(Seat.seat)

        assert (await s.execute(seats(new.id))).all() == (await s.execute(seats(old.id))).all()
        assert not (await s.execute(select(Table).where(Table.code.in_(["zzzzzzr2", "zzzzzzr3"])))).all()
        assert (await s.execute(select(ChatMessage.text).where(ChatMessage.table_id == ended.id))).scalars().all() \
            == ["again?"]


async def test_a_rematch_is_answered_and_published_only_after_its_batch_commits(app, new_client):
    host = new_client()
    t = await full_table(host, new_client())
    code, token = t["code"], t["tokens"][0]
    await finish(app, code)  # behind this instance's back: its live table still says "playing"
    tables = app.state.tables
    sent = published(app)
    gate, arrived, original = asyncio.Event(), asyncio.Event(), tables.writer._commit

    async def held(batch):  # the batch is taken, and commits once the gate opens
        arrived.set()
        await gate.wait()
        await original(batch)

    tables.writer._commit = held
    asked = asyncio.create_task(host.post(f"/api/tables/{code}/rematch", headers=bearer(token)))
    await asyncio.wait_for(arrived.wait(), 10)
    await asyncio.sleep(0.05)
    assert not asked.done() and sent == []
    gate.set()
    r = await asked
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["status"] == "lobby" and new["rematch_of"] == code and new["you"] == 0
    assert [(m["kind"], m["snap"]["code"], m["snap"]["rematch"]) for m in sent] == [("state", code, new["code"])]
    assert tables.live.peek(new["code"]) is not None  # live here from its first moment
    again = await host.post(f"/api/tables/{code}/rematch", headers=bearer(token))
    assert again.status_code == 200 and again.json()["code"] == new["code"], again.text
    r = await host.post(f"/api/tables/{new['code']}/start", headers=bearer(token))
    assert r.status_code == 200 and r.json()["status"] == "playing", r.text  # the same seats, taken already


async def test_a_rematch_the_database_fails_is_a_503_with_a_sentence_and_nothing_made(app, new_client, monkeypatch):
    host = new_client()
    t = await full_table(host, new_client())
    code, token = t["code"], t["tokens"][0]
    await finish(app, code)
    sent = published(app)

    fail_every_batch(monkeypatch, "INSERT INTO tables")
    r = await host.post(f"/api/tables/{code}/rematch", headers=bearer(token))
    assert r.status_code == 503 and "Try again" in r.json()["detail"], r.text
    assert sent == []
    monkeypatch.undo()
    assert (await table_row(app, code)).rematch_id is None
    r = await host.post(f"/api/tables/{code}/rematch", headers=bearer(token))
    assert r.status_code == 201, r.text
