"""Tables' ends through the group-commit writer (app/store/end_records.py), on SQLite and on PostgreSQL: the
housekeeping sweep's abandonment and expired lobbies (app/tables/housekeeping.py) and the admin's delete
(app/tables/admin/tables.py). Each table is checked again in the batch (another instance may have moved,
joined or swept since the sweep's read); a live table abandoned here changes in memory and its sockets hear
it without a read; a batch that fails leaves everything as it was, and the next pass does the work."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from app.config import Settings
from app.store import ChatMessage, Seat, Table, queries, utcnow
from app.store.end_records import AbandonTables, DeleteTables
from app.tables import housekeeping
from app.tables.live import state as live_state
from app.tables.live.tables import LiveTables
from tests.api.helpers import age, bearer, create, full_table, row, state
from tests.conftest import eventually
from tests.tables.test_catchup import socket_on
from tests.tables.writer_helpers import fail_every_batch, holding, published

ADMIN = {"Authorization": "Bearer admin-token-of-the-end-tests"}
IDLE, STALE = 3600, 7200  # the settings' abandon_after_seconds and lobby_expire_seconds


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, sqlite_url):
    return request.getfixturevalue("postgres_url") if request.param == "postgres" else sqlite_url


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    abandon_after_seconds=IDLE, lobby_expire_seconds=STALE, housekeeping_seconds=3600,
                    admin_token=ADMIN["Authorization"].split()[1])


async def playing(app, new_client) -> dict:
    t = await full_table(new_client(), new_client())
    assert (await row(app, t["code"])).status == "playing"
    return t


def after_the_read(monkeypatch, name: str, meanwhile) -> None:
    """The sweep's read `name` (idle_playing, stale_lobbies) is followed by `meanwhile()`, before the sweep's
    command reaches the writer: what another instance might do in that moment."""
    read = getattr(housekeeping, name)

    async def then(*args):
        found = await read(*args)
        await meanwhile()
        return found

    monkeypatch.setattr(housekeeping, name, then)


async def test_a_table_moved_or_swept_elsewhere_after_the_read_is_left_to_that_change(app, new_client, monkeypatch):
    moved, swept, idle = [await playing(app, new_client) for _ in range(3)]
    for t in (moved, swept, idle):
        await age(app, t["code"], IDLE + 1)
    before = {t["code"]: await row(app, t["code"]) for t in (moved, swept)}

    async def meanwhile() -> None:  # another instance moves at one table and abandons another
        async with app.state.tables.db.session() as s:
            await s.execute(update(Table).where(Table.code == moved["code"])
                            .values(seq=Table.seq + 1, updated_at=utcnow(), moved_at=utcnow()))
            await s.execute(update(Table).where(Table.code == swept["code"])
                            .values(status="abandoned", to_act=[], updated_at=utcnow(), finished_at=utcnow()))
            await s.commit()

    after_the_read(monkeypatch, "idle_playing", meanwhile)
    sent = published(app)
    done = await housekeeping.run(app.state.tables)
    assert done["abandoned"] == [idle["code"]]
    assert [(m["kind"], m["table"], m["snap"]["status"]) for m in sent] == [("state", idle["code"], "abandoned")]
    now_moved, now_swept = await row(app, moved["code"]), await row(app, swept["code"])
    assert (now_moved.status, now_moved.seq, now_moved.finished_at) == ("playing", before[moved["code"]].seq + 1, None)
    assert now_swept.status == "abandoned" and now_swept.finished_at != before[swept["code"]].finished_at
    assert (await state(new_client(), idle["code"]))["status"] == "abandoned"


async def test_a_lobby_joined_after_the_read_is_not_deleted(app, new_client, monkeypatch):
    joined, left = await create(new_client(), 3), await create(new_client(), 3)
    await new_client().post(f"/api/tables/{left['code']}/chat", headers=bearer(left["token"]), json={"text": "hi?"})
    for lobby in (joined, left):
        await age(app, lobby["code"], STALE + 1)
    left_id = (await row(app, left["code"])).id

    async def meanwhile() -> None:
        r = await new_client().post(f"/api/tables/{joined['code']}/join", json={"name": "Bea"})
        assert r.status_code == 200, r.text

    after_the_read(monkeypatch, "stale_lobbies", meanwhile)
    tables = app.state.tables
    assert tables.live.peek(left["code"]) is not None
    sent = published(app, "gone")  # (the join publishes its state)
    assert (await housekeeping.run(tables))["deleted_lobbies"] == 1
    assert [m["table"] for m in sent] == [left["code"]]
    assert tables.live.peek(left["code"]) is None and tables.live.peek(joined["code"]) is not None
    assert await row(app, left["code"]) is None
    assert [x["name"] for x in (await state(new_client(), joined["code"]))["seats"]] == ["Ann", "Bea", None]
    assert (await new_client().get(f"/api/tables/{left['code']}")).status_code == 404
    async with tables.db.session() as s:
        for model in (Seat, ChatMessage):
            assert not (await s.execute(select(model).where(model.table_id == left_id))).first()


async def test_a_live_table_abandoned_here_changes_in_memory_and_its_sockets_hear_it_without_a_read(
        app, new_client, monkeypatch):
    tables = app.state.tables
    t = await playing(app, new_client)
    code = t["code"]
    live = tables.live.peek(code)
    was = live.snap
    conn, got = await socket_on(tables, code, 0)
    await age(app, code, IDLE + 1)

    def no_read(*_args, **_kwargs):
        raise AssertionError("the abandoned table was read from the database")

    for module, name in ((queries, "table_view"), (queries, "seat_rows"), (queries, "last_move"),
                         (live_state, "load_snapshot"), (LiveTables, "_load")):
        monkeypatch.setattr(module, name, no_read)
    sent = published(app, "state")
    assert (await housekeeping.run(tables))["abandoned"] == [code]
    monkeypatch.undo()

    stored = await row(app, code)
    assert stored.status == "abandoned" and stored.finished_at == stored.updated_at
    snap = live.snap  # the live table that was kept here, changed under its lock from the committed values
    assert (snap.status, snap.to_act, snap.result, snap.seq, snap.doc) == ("abandoned", [], None, was.seq, was.doc)
    assert snap.updated_at == live_state.iso(stored.updated_at) != was.updated_at
    assert tables.live.peek(code) is None  # an ended table is not kept
    [msg] = sent
    assert msg["snap"]["status"] == "abandoned" and msg["snap"]["updated_at"] == snap.updated_at
    await eventually(lambda: any(m["type"] == "state" for m in got))
    [told] = [m for m in got if m["type"] == "state"]
    assert (told["status"], told["to_act"], told["legal_moves"], told["seq"]) == ("abandoned", [], [], was.seq)
    # the state a socket was sent is the one the database has, as the table's GET reads it
    read = await state(new_client(), code, t["tokens"][0])
    assert told == {"type": "state"} | read | {"spectators": told["spectators"]}
    r = await new_client().post(f"/api/tables/{code}/moves", headers=bearer(t["tokens"][0]),
                                json={"seq": was.seq, "move": {}})
    assert r.status_code == 409
    conn.drop()


async def test_a_batch_that_fails_leaves_everything_as_it_was_and_the_next_pass_does_it(app, new_client, monkeypatch):
    tables = app.state.tables
    t, lobby = await playing(app, new_client), await create(new_client(), 3)
    await age(app, t["code"], IDLE + 1)
    await age(app, lobby["code"], STALE + 1)
    live, lobby_live = tables.live.peek(t["code"]), tables.live.peek(lobby["code"])
    was = live.snap
    sent = published(app)

    fail_every_batch(monkeypatch, "UPDATE tables")
    with pytest.raises(Exception):  # noqa: B017 - the database's own error, whatever the driver calls it
        await housekeeping.run(tables)  # the abandonment fails: the pass stops there
    with pytest.raises(Exception):  # noqa: B017 - as above
        await housekeeping.delete_stale_lobbies(tables, utcnow() - timedelta(seconds=STALE))
    assert sent == []
    assert tables.live.peek(t["code"]) is live and live.snap is was and not tables.actors.running(t["code"])
    assert tables.live.peek(lobby["code"]) is lobby_live and not tables.actors.running(lobby["code"])
    assert (await row(app, t["code"])).status == "playing" and (await row(app, lobby["code"])).status == "lobby"
    assert (await state(new_client(), t["code"]))["status"] == "playing"

    monkeypatch.undo()
    done = await housekeeping.run(tables)
    assert done == {"abandoned": [t["code"]], "deleted_lobbies": 1}
    assert [(m["kind"], m["table"]) for m in sent] == [("state", t["code"]), ("gone", lobby["code"])]
    assert (await state(new_client(), t["code"]))["status"] == "abandoned"
    assert await row(app, lobby["code"]) is None


async def test_two_instances_sweeping_at_once_change_each_table_once(app, new_client):
    """Two passes' commands in one batch, as two instances' would meet in the database: the second finds
    nothing left to do."""
    t, lobby = await playing(app, new_client), await create(new_client(), 3)
    await age(app, t["code"], IDLE + 1)
    await age(app, lobby["code"], STALE + 1)
    tid, now = (await row(app, t["code"])).id, utcnow()
    writer = app.state.tables.writer
    before = writer.batches
    first, second, gone, again = await asyncio.gather(
        writer.command(AbandonTables([tid], now - timedelta(seconds=IDLE), now)),
        writer.command(AbandonTables([tid, tid], now - timedelta(seconds=IDLE), now)),
        writer.command(DeleteTables([lobby["code"]], lobby_before=now - timedelta(seconds=STALE))),
        writer.command(DeleteTables([lobby["code"], "nosuchtb"], lobby_before=now - timedelta(seconds=STALE))))
    assert writer.batches == before + 1
    [abandoned] = first[1]
    assert (abandoned.code, abandoned.status, abandoned.result) == (t["code"], "abandoned", None)
    assert abandoned.updated_at == abandoned.finished_at == now
    assert second == ("ok", []) and again == ("ok", [])
    assert [(d.code, d.status, d.players) for d in gone[1]] == [(lobby["code"], "lobby", 3)]


async def test_an_admin_deletes_a_live_table_in_its_actors_turn_and_every_instance_forgets_it(app, new_client):
    tables = app.state.tables
    t = await playing(app, new_client)
    code = t["code"]
    assert tables.live.peek(code) is not None  # live on this instance before the delete
    sent = published(app)
    admin = new_client()
    async with holding(tables, code):  # a command of this instance is under way at the table
        asked = asyncio.create_task(admin.delete(f"/api/admin/tables/{code.upper()}", headers=ADMIN))
        await asyncio.sleep(0.1)
        assert not asked.done() and await row(app, code) is not None and sent == []
    r = await asked
    assert r.status_code == 204, r.text
    assert [(m["kind"], m["table"]) for m in sent] == [("gone", code)]
    assert tables.live.peek(code) is None and await row(app, code) is None
    assert (await new_client().get(f"/api/tables/{code}")).status_code == 404
    r = await admin.delete(f"/api/admin/tables/{code}", headers=ADMIN)
    assert r.status_code == 404 and code in r.json()["detail"]
    assert (await admin.delete("/api/admin/tables/not*a*code", headers=ADMIN)).status_code == 404


async def test_an_admin_delete_the_database_fails_is_a_503_and_deletes_nothing(app, new_client, monkeypatch):
    t = await playing(app, new_client)
    sent = published(app)
    fail_every_batch(monkeypatch, "DELETE FROM tables")
    r = await new_client().delete(f"/api/admin/tables/{t['code']}", headers=ADMIN)
    assert r.status_code == 503 and "Try again" in r.json()["detail"], r.text
    monkeypatch.undo()
    assert sent == [] and await row(app, t["code"]) is not None
    assert app.state.tables.live.peek(t["code"]) is not None
    assert (await new_client().delete(f"/api/admin/tables/{t['code']}", headers=ADMIN)).status_code == 204
