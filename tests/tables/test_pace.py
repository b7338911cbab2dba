"""The pace (app/tables/live/pace.py) on SQLite and PostgreSQL: the host's choice in the lobby, each
turn's deadline in the state and on /me, a turn past it timed out once with two instances sweeping, the bot
standing in from that seat's view (marked in the log), the forfeit after N
missed turns, and the reminder before the deadline. The clock is not waited for: the turn is made to look
old in the database (an hour is a second here: ICEHOUSE_PACE_SCALE). The player coming back, on real
servers: tests/api/test_pace_live.py."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from asgi_lifespan import LifespanManager
from sqlalchemy import func, select, update

from app.config import Settings
from app.main import create_app
from app.store import Seat, Table, notices, utcnow
from app.store.models import ChatMessage, TurnClaim
from app.tables.live import pace
from tests.api.helpers import bearer, state
from tests.conftest import eventually

SCALE = 1 / 3600  # an hour is a second


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request) -> str:
    return request.getfixturevalue(f"{request.param}_url")


@pytest.fixture
def settings(database_url: str) -> Settings:
    # no sweep of its own during a test (3600 s): the test sweeps when the turn is past its deadline
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    bot_processes=0, bot_seconds=0.05, sweep_seconds=3600, pace_scale=SCALE)


async def paced(new_client, game: str = "three-high", **body) -> tuple[str, dict]:
    """A started two-person table of `game` whose host chose a pace (`body`); (code, {seat: (client, token)})."""
    host, guest = new_client(), new_client()
    r = await host.post("/api/tables", json={"game": game, "players": 2, "name": "Ann"})
    assert r.status_code == 201, r.text
    code, people = r.json()["code"], {0: (host, r.json()["token"])}
    r = await host.put(f"/api/tables/{code}/pace", headers=bearer(people[0][1]), json=body)
    assert r.status_code == 200, r.text
    r = await guest.post(f"/api/tables/{code}/join", json={"name": "Bea"})
    assert r.status_code == 200, r.text
    people[1] = (guest, r.json()["token"])
    r = await host.post(f"/api/tables/{code}/start", headers=bearer(people[0][1]))
    assert r.status_code == 200, r.text
    return code, people


async def overdue(db, code: str, seconds: float = 3600) -> None:
    """The turn began `seconds` ago (written behind the live table's back)."""
    then = utcnow() - timedelta(seconds=seconds)
    async with db.writing() as s:
        await s.execute(update(Table).where(Table.code == code).values(moved_at=then, started_at=then))
        await s.commit()


async def seat_row(db, code: str, seat: int) -> Seat:
    async with db.session() as s:
        return (await s.execute(select(Seat).join(Table, Table.id == Seat.table_id)
                                .where(Table.code == code, Seat.seat == seat))).scalar_one()


async def pace_lines(db, code: str) -> list[str]:
    async with db.session() as s:
        q = (select(ChatMessage.text).join(Table, Table.id == ChatMessage.table_id)
             .where(Table.code == code, ChatMessage.seat == -4).order_by(ChatMessage.id))
        return list((await s.execute(q)).scalars())


async def test_the_host_chooses_the_pace_in_the_lobby_and_every_seat_sees_the_deadline(app, new_client):
    code, people = await paced(new_client, per_turn="24h")
    (host, token), (guest, guest_token) = people[0], people[1]
    st = await state(guest, code, guest_token)
    assert st["pace"]["seconds"] == 24 and st["pace"]["timeout"] == "bot"  # 24 h at this server's scale
    assert st["pace"]["deadline"] > st["updated_at"]
    assert [x["stand_in"] for x in st["seats"]] == [False, False]
    me = (await guest.get("/api/me")).json()
    assert me["tables"][0]["deadline"] == st["pace"]["deadline"]
    got = (await host.get(f"/api/tables/{code}/pace")).json()
    assert got["per_turn"] == "24h" and got["choices"] == ["off", "1h", "12h", "24h", "3d"]
    # once started, the pace stays; only the host chooses; a choice outside the list is refused
    r = await host.put(f"/api/tables/{code}/pace", headers=bearer(token), json={"per_turn": "1h"})
    assert r.status_code == 409 and "lobby" in r.json()["detail"]
    r = await guest.put(f"/api/tables/{code}/pace", headers=bearer(guest_token), json={"per_turn": "1h"})
    assert r.status_code == 403
    made = (await host.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Ann"})).json()
    for body in ({"per_turn": "2h"}, {"per_turn": "1h", "timeout": "later"}, {"per_turn": "1h", "forfeit_after": 0},
                 {"per_turn": "1h", "timeout": "forfeit"}):  # 3-High is cooperative: nobody forfeits
        r = await host.put(f"/api/tables/{made['code']}/pace", headers=bearer(made["token"]), json=body)
        assert r.status_code == 422, (body, r.text)
        assert r.json()["detail"]


async def test_a_turn_past_its_deadline_times_out_once_over_two_instances(app, new_client, settings):
    db, ctx = app.state.tables.db, app.state.tables
    code, people = await paced(new_client, per_turn="1h")
    st = await state(people[0][0], code, people[0][1])
    assert await pace.sweep(ctx) == 0  # not yet
    other = create_app(settings)  # a second instance on the same database
    async with LifespanManager(other):
        await overdue(db, code)
        done = await asyncio.gather(pace.sweep(ctx), pace.sweep(other.state.tables))
        assert sorted(done) == [0, 1]
        assert await pace.sweep(other.state.tables) == 0
    seat = st["to_act"][0]
    name = st["seats"][seat]["name"]
    async with db.session() as s:
        claimed = (await s.execute(select(func.count()).select_from(TurnClaim)
                                   .where(TurnClaim.kind == "timeout"))).scalar_one()
    assert claimed == 1
    # the bot stands in for that seat (from its view) and the log says so, once
    await eventually(lambda: pace_lines(db, code), timeout=5)

    async def bot_played():
        return len(await pace_lines(db, code)) >= 2
    await eventually(bot_played, timeout=10)
    lines = await pace_lines(db, code)
    assert lines[0].startswith(f"{name}'s time ran out: the bot plays for {name}")
    assert lines[1] == f"Played by the bot for {name}: time ran out."
    after = await state(people[0][0], code, people[0][1])
    assert after["seq"] > st["seq"] and after["seats"][seat]["stand_in"]
    assert (await seat_row(db, code, seat)).missed == 1


async def test_a_seat_forfeits_after_its_missed_turns(app, new_client):
    db, ctx = app.state.tables.db, app.state.tables
    code, people = await paced(new_client, game="dash", per_turn="1h", timeout="forfeit", forfeit_after=2)
    st = await state(people[0][0], code)
    absent = st["to_act"][0]
    missed = 0
    for _ in range(40):  # the other seat plays its turns; the absent one's run out of time
        st = await state(people[0][0], code)
        if st["status"] != "playing":
            break
        if absent in st["to_act"]:
            await overdue(db, code)
            assert await pace.sweep(ctx) == 1
            missed += 1
            if missed < 2:  # the bot plays this one turn for the seat, from its view
                seq = st["seq"]

                async def moved(seq=seq):
                    return (await state(people[0][0], code))["seq"] > seq
                await eventually(moved, timeout=10)
            continue
        present = st["to_act"][0]
        client, token = people[present]
        mine = await state(client, code, token)
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                              json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
        assert r.status_code == 200, r.text
    assert missed == 2
    assert st["status"] == "finished"
    assert st["result"]["outcome"] == "forfeit" and st["result"]["winners"] == [1 - absent]
    assert "forfeited" in st["result"]["reason"]
    assert st["to_act"] == []


async def test_the_reminder_goes_out_before_the_deadline(app, new_client):
    db = app.state.tables.db
    code, _ = await paced(new_client, per_turn="3d")  # 72 s a turn here: reminded with 18 s left

    async def due(seconds: float) -> bool:
        await overdue(db, code, seconds)
        async with db.reading() as s:
            rows = await notices.due_reminders(s, utcnow(), 86400, 50)
        return code in [r.code for r in rows]
    assert not await due(50)
    assert await due(56)
    async with db.reading() as s:  # and not yet timed out
        assert code not in [r.code for r in await notices.due_timeouts(s, utcnow(), 50)]
