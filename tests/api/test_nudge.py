"""The nudge: a teammate reminds the seat to act now, through every channel it set up; the table's chat
notes it (a line of kind "nudge"); at most one nudge an hour per table (429 with Retry-After)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update

from app.config import Settings
from app.store import Table, utcnow
from tests.api.helpers import bearer, create, full_table, state
from tests.loopback import notify_settings


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request) -> str:
    return request.getfixturevalue(f"{request.param}_url")


@pytest.fixture
def settings(database_url: str) -> Settings:
    return notify_settings(database_url, public_url="https://p.example")


async def two_people(new_client):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code = t["code"]
    people = {0: (host, t["tokens"][0]), 1: (guest, t["tokens"][1])}
    acting = (await state(host, code))["to_act"][0]
    return code, people, acting


async def nudge(people, seat, code):
    c, token = people[seat]
    return await c.post(f"/api/tables/{code}/nudge", headers=bearer(token))


async def test_a_nudge_reaches_the_seat_to_act_and_is_in_the_log(app, new_client, loopback):
    code, people, acting = await two_people(new_client)
    rx = loopback(204)
    c, token = people[acting]
    await c.put(f"/api/tables/{code}/webhook", headers=bearer(token), json={"url": f"{rx.base}/h", "format": "slack"})
    r = await nudge(people, 1 - acting, code)
    assert r.status_code == 200, r.text
    names = ("Ann", "Bea")
    assert r.json()["nudged"] == [acting]
    line = r.json()["message"]
    assert line["kind"] == "nudge" and line["text"] == f"{names[1 - acting]} nudged {names[acting]}"
    history = (await new_client().get(f"/api/tables/{code}/chat")).json()
    assert history[-1] == line  # everyone with the link sees it
    await app.state.tables.webhooks.drained()
    assert [q.json() for q in rx.requests] == [{"text": f"{names[1 - acting]} nudged {names[acting]}: it's your "
                                                        f"turn at 3-High (table {code}): https://p.example/t/{code}"}]


async def test_one_nudge_an_hour_per_table(app, new_client):
    code, people, acting = await two_people(new_client)
    assert (await nudge(people, 1 - acting, code)).status_code == 200
    again = await nudge(people, 1 - acting, code)
    assert again.status_code == 429 and again.json()["code"] == "rate_limited"
    assert 3500 < int(again.headers["Retry-After"]) <= 3600
    assert "nudged less than 60 minutes ago" in again.json()["detail"]
    history = (await new_client().get(f"/api/tables/{code}/chat")).json()
    assert [m["kind"] for m in history] == ["nudge"]  # the refused one left no line
    async with app.state.tables.db.writing() as s:  # an hour later
        await s.execute(update(Table).where(Table.code == code).values(nudged_at=utcnow() - timedelta(minutes=61)))
        await s.commit()
    assert (await nudge(people, 1 - acting, code)).status_code == 200


async def test_who_may_not_nudge(new_client):
    code, people, acting = await two_people(new_client)
    r = await nudge(people, acting, code)  # the seat to act itself
    assert r.status_code == 422 and r.json()["code"] == "nobody_to_nudge" and "your turn" in r.json()["detail"]
    assert (await new_client().post(f"/api/tables/{code}/nudge")).status_code == 401  # a spectator
    host = new_client()
    lobby = await create(host)
    r = await host.post(f"/api/tables/{lobby['code']}/nudge", headers=bearer(lobby["token"]))
    assert r.status_code == 409 and "not playing" in r.json()["detail"]
