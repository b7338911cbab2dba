"""Reminders (app/store/notices.py, notify.remind) on SQLite and PostgreSQL: due when a seat has been to
act for its table's delay (the host's choice or the server's default, never when off), claimed once per
turn by a conditional UPDATE, sent through every channel of the seat to act."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select, update

from app.config import Settings
from app.store import Table, notices, utcnow
from app.tables.notify import turns as notify
from tests.api.helpers import bearer, full_table, state
from tests.loopback import notify_settings


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request) -> str:
    return request.getfixturevalue(f"{request.param}_url")


@pytest.fixture
def settings(database_url: str) -> Settings:
    return notify_settings(database_url, remind_after_seconds=86400, sweep_seconds=3600,
                           public_url="https://play.example.org")


async def waiting_table(app, new_client, after: str) -> tuple[dict, dict, int]:
    """A started two-person table whose host chose `after`; returns its state, the people, its id."""
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    r = await host.put(f"/api/tables/{t['code']}/reminders", headers=bearer(t["tokens"][0]), json={"after": after})
    assert r.status_code == 200, r.text
    st = await state(host, t["code"], t["tokens"][0])
    people = {0: (host, t["tokens"][0]), 1: (guest, t["tokens"][1])}
    async with app.state.tables.db.session() as s:
        tid = (await s.execute(select(Table.id).where(Table.code == t["code"]))).scalar_one()
    return st, people, tid


async def idle_for(db, tid: int, hours: float) -> None:
    """Make the table look as if nobody had started or moved for `hours`."""
    then = utcnow() - timedelta(hours=hours)
    async with db.writing() as s:
        await s.execute(update(Table).where(Table.id == tid).values(moved_at=then, started_at=then))
        await s.commit()


async def due_codes(db, now=None) -> list[str]:
    async with db.reading() as s:
        return [r.code for r in await notices.due_reminders(s, now or utcnow(), 86400, 50)]


async def test_a_table_is_due_after_its_hosts_delay_and_claimed_once(app, new_client):
    db = app.state.tables.db
    st, _, tid = await waiting_table(app, new_client, "1h")
    await idle_for(db, tid, 0.5)
    assert await due_codes(db) == []  # half an hour: not yet
    await idle_for(db, tid, 2)
    assert await due_codes(db) == [st["code"]]
    async with db.writing() as s:
        assert await notices.claim_reminder(s, tid, st["seq"])
        assert not await notices.claim_reminder(s, tid, st["seq"])  # a second instance: nothing to do
        await s.commit()
    assert await due_codes(db) == []  # once per turn
    async with db.writing() as s:  # the next turn (a move) is due again once it has waited
        await s.execute(update(Table).where(Table.id == tid).values(seq=st["seq"] + 1))
        await s.commit()
    assert await due_codes(db) == [st["code"]]


@pytest.mark.parametrize("after,hours,due", [("off", 100, False), ("12h", 11, False), ("12h", 13, True),
                                             ("24h", 23, False), ("default", 25, True), ("default", 23, False)])
async def test_the_hosts_choice_sets_the_delay(app, new_client, after, hours, due):
    db = app.state.tables.db
    st, _, tid = await waiting_table(app, new_client, after)
    await idle_for(db, tid, hours)
    assert (await due_codes(db) == [st["code"]]) is due


async def test_a_reminder_goes_through_every_channel_of_the_seat_to_act_once(app, new_client, loopback):
    ctx = app.state.tables
    st, people, tid = await waiting_table(app, new_client, "1h")
    rx = loopback(204)
    for seat, (c, token) in people.items():
        assert (await c.put(f"/api/tables/{st['code']}/webhook", headers=bearer(token),
                            json={"url": f"{rx.base}/hook/{seat}", "format": "slack"})).status_code == 200
        assert (await c.put(f"/api/tables/{st['code']}/ntfy", headers=bearer(token),
                            json={"url": f"{rx.base}/topic{seat}"})).status_code == 200
    await idle_for(ctx.db, tid, 2)
    assert await notify.remind(ctx) == 2
    assert await notify.remind(ctx) == 0  # the same turn is not reminded twice
    await ctx.webhooks.drained()
    acting = st["to_act"][0]
    name = ("Ann", "Bea")[acting]
    sentence = (f"Reminder: {name}, it's still your turn at 3-High (table {st['code']}): "
                f"https://play.example.org/t/{st['code']}")
    got = sorted((q.path, q.body) for q in rx.requests)
    assert [path for path, _ in got] == ["/", f"/hook/{acting}"]  # the seat to act only: ntfy and webhook
    by_path = {q.path: q.json() for q in rx.requests}
    assert by_path[f"/hook/{acting}"] == {"text": sentence}
    assert by_path["/"]["topic"] == f"topic{acting}" and by_path["/"]["title"] == "Reminder: your turn at 3-High"


async def test_only_the_host_chooses_reminders_and_bad_choices_get_a_sentence(app, new_client):
    st, people, _ = await waiting_table(app, new_client, "24h")
    code = st["code"]
    guest, token = people[1]
    r = await guest.put(f"/api/tables/{code}/reminders", headers=bearer(token), json={"after": "1h"})
    assert r.status_code == 403 and "host" in r.json()["detail"]
    host, token = people[0]
    r = await host.put(f"/api/tables/{code}/reminders", headers=bearer(token), json={"after": "2h"})
    assert r.status_code == 422 and "off, 1h, 12h, 24h or default" in r.json()["detail"]
    got = (await new_client().get(f"/api/tables/{code}/reminders")).json()  # anyone may read it
    assert got["after"] == "24h" and got["seconds"] == 86400
