"""Hints counted, nudges claimed and notification settings through the live table and the group-commit writer
(app/store/seat_records.py; app/tables/lobby/hints.py, app/tables/notify/settings.py), on SQLite and on
PostgreSQL: the count and the nudge's claim are decided inside the writer's batch (two hints never share a
number, a nudge another instance made first refuses this one with a 429), nothing is answered or published
before its batch commits (a database failure is a 503 with nothing published), and a seat's new channels
reach the next state from memory, with no read of the database."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime, timezone

import httpx
import pytest
from asgi_lifespan import LifespanManager
from sqlalchemy import func, select, update

from app.config import Settings
from app.main import create_app
from app.store import ChatMessage, Seat, Table, utcnow
from app.store.move_records import MoveRecord
from app.store.seat_records import CountHint, SetChannels, SetReminders
from app.tables.live.tables import LiveTables
from app.tables.live.chat import HINT_SEAT, QUIET_HINT_SEAT
from app.tables import says
from tests.api.helpers import bearer, full_table, state
from tests.conftest import eventually
from tests.loopback import notify_settings
from tests.tables.test_move_writer import record, table_row
from tests.tables.writer_helpers import fail_every_batch, published

COUNTED = (HINT_SEAT, QUIET_HINT_SEAT)


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, sqlite_url):
    return request.getfixturevalue("postgres_url") if request.param == "postgres" else sqlite_url


@pytest.fixture
def settings(database_url: str) -> Settings:
    return notify_settings(database_url, public_url="https://p.example")


@asynccontextmanager
async def another_instance(settings: Settings) -> AsyncIterator[tuple]:
    """A second app instance on the same database (its own live tables, writer and broker): (its app, a
    client of it)."""
    other = create_app(settings)
    async with LifespanManager(other):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=other), base_url="http://testserver") as c:
            yield other, c


def hint(table_id: int, seat: int = 0) -> CountHint:
    name = ("Ann", "Bea")[seat]
    return CountHint(table_id, seat, QUIET_HINT_SEAT, COUNTED, name, says.say(says.HINT, name=name), says.english,
                     utcnow())


async def hint_rows(app, table_id: int) -> int:
    async with app.state.tables.db.session() as s:
        return (await s.execute(select(func.count()).select_from(ChatMessage).where(
            ChatMessage.table_id == table_id, ChatMessage.seat.in_(COUNTED)))).scalar_one()


async def test_hints_in_one_batch_and_from_two_instances_never_share_a_count(app, new_client, settings):
    playing = await table_row(app, (await full_table(new_client(), new_client()))["code"])
    writer = app.state.tables.writer
    before = writer.batches
    # All queued before the writer wakes: one batch, three hints, and one for a table that is gone.
    results = await asyncio.gather(writer.command(hint(playing.id)), writer.command(hint(playing.id, 1)),
                                   writer.command(hint(playing.id)), writer.command(hint(playing.id + 1000)))
    assert writer.batches == before + 1
    assert [(r[:2], r[2]["params"]) for r in results[:3]] == [
        (("ok", 1), {"name": "Ann", "n": 1}), (("ok", 2), {"name": "Bea", "n": 2}),
        (("ok", 3), {"name": "Ann", "n": 3})]
    assert results[1][3] == "Bea asked for a hint (hint 2 at this table)" and results[3] == ("gone",)
    async with another_instance(settings) as (other, _):
        counts = await asyncio.gather(writer.command(hint(playing.id)),
                                      other.state.tables.writer.command(hint(playing.id)))
    assert sorted(r[1] for r in counts) == [4, 5]
    assert await hint_rows(app, playing.id) == 5


async def test_a_hint_the_database_fails_is_a_503_and_the_next_is_still_the_turns_first_line(app, new_client,
                                                                                             monkeypatch):
    host = new_client()
    t = await full_table(host, new_client())
    code = t["code"]
    acting = (await state(host, code))["to_act"][0]
    token = t["tokens"][acting]
    live = await app.state.tables.live.get(code)
    live.chat = []
    sent = published(app, "chat")
    fail_every_batch(monkeypatch, "INSERT INTO chat")
    r = await host.post(f"/api/tables/{code}/hint", headers=bearer(token))
    assert r.status_code == 503 and "Try again" in r.json()["detail"], r.text
    assert sent == [] and live.chat == []
    monkeypatch.undo()
    assert await hint_rows(app, live.snap.id) == 0
    r = await host.post(f"/api/tables/{code}/hint", headers=bearer(token))
    assert r.status_code == 200 and r.json()["hints"] == 1, r.text
    name = ("Ann", "Bea")[acting]
    line = {"seat": HINT_SEAT, "name": name, "text": f"{name} asked for a hint (hint 1 at this table)",
            "kind": "hint"}
    assert [{k: m["message"][k] for k in line} for m in sent] == [line]  # the failed one marked no streak
    assert live.chat == [m["message"] for m in sent]
    assert (await host.get(f"/api/tables/{code}/chat")).json() == live.chat


async def nudge_table(new_client) -> tuple[str, dict, int]:
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    people = {0: (host, t["tokens"][0]), 1: (guest, t["tokens"][1])}
    return t["code"], people, (await state(host, t["code"]))["to_act"][0]


async def test_a_nudge_another_instance_made_meanwhile_refuses_this_one_with_a_429(app, new_client, settings):
    code, people, acting = await nudge_table(new_client)
    c, token = people[1 - acting]
    tables = app.state.tables
    sent = published(app)
    original = tables.writer._commit
    other_answer: list[httpx.Response] = []

    async def held(batch):  # the other instance nudges before this batch commits
        other_answer.append(await other.post(f"/api/tables/{code}/nudge", headers=bearer(token)))
        await original(batch)

    async with another_instance(settings) as (_, other):
        tables.writer._commit = held
        try:
            r = await c.post(f"/api/tables/{code}/nudge", headers=bearer(token))
        finally:
            tables.writer._commit = original
    assert other_answer[0].status_code == 200, other_answer[0].text
    assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
    assert 3500 < int(r.headers["Retry-After"]) <= 3600
    assert [m["kind"] for m in sent if m["kind"] in ("chat", "your_turn")] == []  # this instance said nothing
    history = (await new_client().get(f"/api/tables/{code}/chat")).json()
    assert [m["kind"] for m in history] == ["nudge"]  # the other instance's line only


async def test_a_nudge_whose_turn_moved_on_elsewhere_is_decided_again(app, new_client):
    code, people, acting = await nudge_table(new_client)
    nudger = 1 - acting
    t = await table_row(app, code)
    at = datetime(2026, 12, 1, 12, 0, 1, tzinfo=timezone.utc)
    # Another instance's move: the nudger is to act now, though this instance's live table has not heard.
    assert await app.state.tables.writer.write(MoveRecord(t.id, 1, acting, {"m": 1}, [], at, t.doc, "playing",
                                                          [nudger], None, None))
    assert (await app.state.tables.live.get(code)).snap.seq == 0
    sent = published(app)
    c, token = people[nudger]
    r = await c.post(f"/api/tables/{code}/nudge", headers=bearer(token))
    assert r.status_code == 422 and r.json()["code"] == "nobody_to_nudge", r.text
    assert (await app.state.tables.live.get(code)).snap.seq == 1  # read again, then decided
    assert sent == []
    async with app.state.tables.db.session() as s:
        assert (await s.execute(select(Table.nudged_at).where(Table.id == t.id))).scalar_one() is None


async def test_new_channels_reach_the_next_state_from_memory(app, new_client, monkeypatch, loopback):
    code, people, acting = await nudge_table(new_client)
    waiting = 1 - acting
    c, token = people[waiting]
    ctx = app.state.tables
    rx = loopback(204)
    sent = published(app, "state")

    def no_read(*_args, **_kwargs):
        raise AssertionError("the database was read")

    monkeypatch.setattr(ctx.db, "reading", no_read)
    monkeypatch.setattr(ctx.db, "session", no_read)
    monkeypatch.setattr(LiveTables, "_load", no_read)
    r = await c.put(f"/api/tables/{code}/webhook", headers=bearer(token),
                    json={"url": f"{rx.base}/h", "format": "slack"})
    assert r.status_code == 200, r.text
    assert r.json() == {"seat": waiting, "url": f"{rx.base}/h", "format": "slack", "sends_as": "slack", "ntfy": None,
                        "push": False, "push_endpoint_host": None, "last": {}, "digest": [], "digest_hour": 8}
    monkeypatch.undo()
    live = await ctx.live.get(code)
    assert [x["hook"] for x in live.snap.seats] == [x == waiting for x in (0, 1)]
    assert live.seats is not None and live.seats[waiting].webhook_url == f"{rx.base}/h"
    assert len(sent) == 1 and sent[0]["snap"]["seats"] == live.snap.seats and sent[0]["snap"]["seq"] == 0
    assert (await c.get(f"/api/tables/{code}/webhook", headers=bearer(token))).json() == r.json()
    # The seat comes to act: its turn goes out by the webhook, because the state in memory says it has one.
    st = await state(people[acting][0], code, people[acting][1])
    r = await people[acting][0].post(f"/api/tables/{code}/moves", headers=bearer(people[acting][1]),
                                     json={"seq": st["seq"], "move": st["legal_moves"][0]})
    assert r.status_code == 200, r.text
    assert r.json()["to_act"] == [waiting], r.json()
    await eventually(lambda: rx.requests)
    assert [q.json()["text"] for q in rx.requests] == [
        f"{('Ann', 'Bea')[waiting]}, it's your turn at 3-High (table {code}): https://p.example/t/{code}"]
    r = await c.put(f"/api/tables/{code}/webhook", headers=bearer(token), json={"url": None})
    assert r.status_code == 200 and r.json()["url"] is None and r.json()["sends_as"] is None, r.text
    assert not any(x["hook"] for x in live.snap.seats) and not sent[-1]["snap"]["seats"][waiting]["hook"]


async def test_settings_the_database_fails_are_503s_and_publish_nothing(app, new_client, monkeypatch):
    code, people, acting = await nudge_table(new_client)
    host, token = people[0]
    live = await app.state.tables.live.get(code)
    seats = list(live.snap.seats)
    sent = published(app)
    fail_every_batch(monkeypatch, "UPDATE seats")
    for r in [await host.put(f"/api/tables/{code}/webhook", headers=bearer(token), json={"url": "https://x.org/h"}),
              await host.put(f"/api/tables/{code}/ntfy", headers=bearer(token), json={"url": "https://ntfy.sh/t"}),
              await host.put(f"/api/tables/{code}/reminders", headers=bearer(token), json={"after": "1h"}),
              await people[1 - acting][0].post(f"/api/tables/{code}/nudge", headers=bearer(people[1 - acting][1]))]:
        assert r.status_code == 503 and "Try again" in r.json()["detail"], r.text
    monkeypatch.undo()
    assert sent == [] and live.snap.seats == seats
    got = (await host.get(f"/api/tables/{code}/webhook", headers=bearer(token))).json()
    assert (got["url"], got["ntfy"]) == (None, None)
    assert (await host.get(f"/api/tables/{code}/reminders")).json()["after"] == "default"
    assert (await new_client().get(f"/api/tables/{code}/chat")).json() == []
    nudger, nudger_token = people[1 - acting]
    assert (await nudger.post(f"/api/tables/{code}/nudge", headers=bearer(nudger_token))).status_code == 200


async def test_channels_and_reminders_share_a_batch_with_a_move(app, new_client):
    playing = await table_row(app, (await full_table(new_client(), new_client()))["code"])
    kept = {"webhook": {"ok": True, "at": "2026-01-01T00:00:00Z", "detail": "204"},
            "ntfy": {"ok": False, "at": "2026-01-01T00:00:00Z", "detail": "é 500"}}
    async with app.state.tables.db.writing() as s:
        await s.execute(update(Seat).where(Seat.table_id == playing.id).values(deliveries=kept))
        await s.commit()
    writer = app.state.tables.writer
    before = writer.batches
    stored, new_hook, only_format, reminders, gone = await asyncio.gather(
        writer.write(record(playing, 1)),
        writer.command(SetChannels(playing.id, 0, {"webhook_url": "https://x.org/h"})),
        writer.command(SetChannels(playing.id, 1, {"webhook_format": "slack"})),
        writer.command(SetReminders(playing.id, 3600)),
        writer.command(SetChannels(playing.id + 1000, 0, {"ntfy_url": None})))
    assert writer.batches == before + 1
    assert stored is True and reminders == ("ok",) and gone == ("gone",)
    assert new_hook[0] == only_format[0] == "ok"
    assert (new_hook[1].webhook_url, new_hook[1].deliveries, new_hook[1].name) == ("https://x.org/h",
                                                                                   {"ntfy": kept["ntfy"]}, "Ann")
    assert (only_format[1].webhook_format, only_format[1].deliveries) == ("slack", kept)  # same address: kept
    assert await writer.command(SetReminders(playing.id + 1000, 0)) == ("gone",)
    async with app.state.tables.db.session() as s:
        rows = (await s.execute(select(Seat).where(Seat.table_id == playing.id).order_by(Seat.seat))).scalars().all()
        table = (await s.execute(select(Table).where(Table.id == playing.id))).scalar_one()
    assert (rows[0].webhook_url, rows[0].deliveries) == ("https://x.org/h", {"ntfy": kept["ntfy"]})
    assert (rows[1].webhook_url, rows[1].webhook_format, rows[1].deliveries) == (None, "slack", kept)
    assert (table.seq, table.remind_after) == (1, 3600)
