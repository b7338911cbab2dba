"""Chat lines through the live table and the group-commit writer (app/tables/live/chat.py,
app/store/chat_records.py), on SQLite and on PostgreSQL: a line is stored in the writer's batch beside the
moves, answered, kept in the live table's tail and published only once that batch has committed, and a
database failure is a 503 with a sentence with nothing published."""
from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from app.store import ChatMessage, utcnow
from app.store.chat_records import ChatLine
from app.store.models import Move
from tests.api.helpers import bearer, full_table
from tests.tables.test_move_writer import record, table_row
from tests.tables.writer_helpers import fail_every_batch, published


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, sqlite_url):
    return request.getfixturevalue("postgres_url") if request.param == "postgres" else sqlite_url


async def test_a_chat_line_and_a_move_in_one_batch_are_both_stored(app, new_client):
    playing = await table_row(app, (await full_table(new_client(), new_client()))["code"])
    writer, now = app.state.tables.writer, utcnow()
    before = writer.batches
    # All queued before the writer wakes: one batch with the move, two lines and one for no table.
    results = await asyncio.gather(writer.write(record(playing, 1)),
                                   writer.command(ChatLine(playing.id, 1, "nice move", now)),
                                   writer.command(ChatLine(playing.id, 0, "thanks ♥", now)),
                                   writer.command(ChatLine(playing.id + 1000, 0, "nobody hears", now)))
    assert writer.batches == before + 1
    stored, bea, ann, gone = results
    assert stored is True and gone == ("gone",)
    assert bea[0] == ann[0] == "ok" and (bea[2], ann[2]) == ("Bea", "Ann")
    async with app.state.tables.db.session() as s:
        moves = (await s.execute(select(Move.seq).where(Move.table_id == playing.id))).scalars().all()
        lines = (await s.execute(select(ChatMessage.id, ChatMessage.seat, ChatMessage.name, ChatMessage.text)
                                 .where(ChatMessage.table_id == playing.id).order_by(ChatMessage.id))).all()
    assert moves == [1]
    assert [tuple(x) for x in lines] == [(bea[1], 1, "Bea", "nice move"), (ann[1], 0, "Ann", "thanks ♥")]


async def test_a_chat_line_is_answered_and_published_only_after_its_batch_commits(app, new_client):
    host = new_client()
    t = await full_table(host, new_client())
    code, token = t["code"], t["tokens"][0]
    assert (await host.get(f"/api/tables/{code}/chat")).json() == []
    tables = app.state.tables
    live = await tables.live.get(code)
    live.chat = []  # the tail is known here
    sent = published(app, "chat")
    gate, arrived, original = asyncio.Event(), asyncio.Event(), tables.writer._commit

    async def held(batch):  # the batch is taken, and commits once the gate opens
        arrived.set()
        await gate.wait()
        await original(batch)

    tables.writer._commit = held
    said = asyncio.create_task(host.post(f"/api/tables/{code}/chat", json={"text": "gl hf"}, headers=bearer(token)))
    await asyncio.wait_for(arrived.wait(), 10)
    await asyncio.sleep(0.05)
    assert not said.done()  # the batch holding the line has not committed
    assert sent == [] and live.chat == []  # nothing published, nothing in the tail
    gate.set()
    r = await said
    assert r.status_code == 201, r.text
    line = r.json()
    assert (line["seat"], line["name"], line["text"], line["kind"]) == (0, "Ann", "gl hf", "chat")
    assert [m["message"] for m in sent] == [line]
    assert live.chat == [line]  # kept once: the broker's echo to this instance is not added again
    assert (await host.get(f"/api/tables/{code}/chat")).json() == [line]


async def test_a_chat_line_the_database_fails_is_a_503_with_a_sentence_and_nothing_published(app, new_client,
                                                                                            monkeypatch):
    host = new_client()
    t = await full_table(host, new_client())
    code, token = t["code"], t["tokens"][0]
    live = await app.state.tables.live.get(code)
    live.chat = []
    sent = published(app, "chat")

    fail_every_batch(monkeypatch, "INSERT INTO chat")
    r = await host.post(f"/api/tables/{code}/chat", json={"text": "lost?"}, headers=bearer(token))
    assert r.status_code == 503 and "Try again" in r.json()["detail"], r.text
    assert sent == [] and live.chat == []
    monkeypatch.undo()
    assert (await host.get(f"/api/tables/{code}/chat")).json() == []
    r = await host.post(f"/api/tables/{code}/chat", json={"text": "back"}, headers=bearer(token))
    assert r.status_code == 201 and [m["message"]["text"] for m in sent] == ["back"], r.text
