"""The daily digest (app/tables/notify/digest.py) on SQLite and PostgreSQL: a seat sets a channel to
the digest (validated), its turn messages and reminders stop on that channel (a nudge still goes), one
message a day lists the tables waiting for the person from the digest hour, exactly once with two instances
sweeping, none when nothing waits, a claim left by a dead instance taken over after its lease, and a digest
naming only the tables whose seat pointed that very address at it. The sweep is called with the time of day
it should think it is; deliveries go to a loopback receiver."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from asgi_lifespan import LifespanManager
from sqlalchemy import func, select, update

from app.config import Settings
from app.main import create_app
from app.store import Player, Seat, Table, utcnow
from app.store.models import Digest
from app.tables.notify import digest
from app.tables.notify import turns as notify
from tests.api.helpers import bearer, full_table, state
from tests.conftest import eventually
from tests.loopback import notify_settings

PUBLIC = "https://play.example.org"
MORNING = utcnow().replace(hour=9, minute=0, second=0, microsecond=0)  # past the default digest hour, 8 UTC


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request) -> str:
    return request.getfixturevalue(f"{request.param}_url")


@pytest.fixture
def settings(database_url: str) -> Settings:
    return notify_settings(database_url, public_url=PUBLIC, sweep_seconds=3600)


async def waiting_for(app, new_client, rx, channels=("webhook",), host=None) -> tuple[str, object, str, int]:
    """A started two-person table whose host (seat 0) sets a webhook to `rx` and the digest on `channels`,
    and is to act (written in the database, which is what the digest reads): (code, client, token, 0)."""
    host = host or new_client()
    t = await full_table(host, new_client())
    code, token = t["code"], t["tokens"][0]
    r = await host.put(f"/api/tables/{code}/webhook", headers=bearer(token), json={"url": f"{rx.base}/{code}"})
    assert r.status_code == 200, r.text
    r = await host.put(f"/api/tables/{code}/digest", headers=bearer(token), json={"channels": list(channels)})
    assert r.status_code == 200, r.text
    assert r.json()["digest"] == sorted(channels) and r.json()["digest_hour"] == 8
    async with app.state.tables.db.writing() as s:
        await s.execute(update(Table).where(Table.code == code).values(to_act=[0]))
        await s.commit()
    return code, host, token, 0


async def seat_and_table(app, code: str, seat: int) -> tuple[Table, Seat]:
    async with app.state.tables.db.session() as s:
        table = (await s.execute(select(Table).where(Table.code == code))).scalar_one()
        row = (await s.execute(select(Seat).where(Seat.table_id == table.id, Seat.seat == seat))).scalar_one()
    return table, row


async def claims(app) -> int:
    async with app.state.tables.db.session() as s:
        return (await s.execute(select(func.count()).select_from(Digest))).scalar_one()


async def test_one_digest_a_day_instead_of_the_turn_messages(app, new_client, loopback):
    ctx = app.state.tables
    rx = loopback(204)
    code, c, token, seat = await waiting_for(app, new_client, rx)
    table, row = await seat_and_table(app, code, seat)
    # the turn's message and the reminder skip the digest channel; a teammate's nudge still goes
    for kind in ("turn", "reminder"):
        assert notify.deliver(ctx, table.id, row, notify.notice_for(ctx, kind, code=code, game=table.game, seat=row,
                                                                    seq=table.seq)) == 0
    assert notify.deliver(ctx, table.id, row, notify.notice_for(ctx, "nudge", code=code, game=table.game, seat=row,
                                                                seq=table.seq, by="Bea")) == 1
    await ctx.webhooks.drained()
    assert len(rx.requests) == 1 and "nudged" in rx.requests[0].json()["text"]
    rx.requests.clear()
    # before the digest hour: nothing; from it: one digest, listing the table; then nothing more that day
    assert await digest.send(ctx, MORNING.replace(hour=7)) == 0
    assert await digest.send(ctx, MORNING) == 1
    await ctx.webhooks.drained()
    assert await digest.send(ctx, MORNING + timedelta(hours=5)) == 0
    (got,) = [r.json() for r in rx.requests]
    assert got["type"] == "digest" and got["day"] == MORNING.date().isoformat() and got["more"] == 0
    assert [x["table"] for x in got["tables"]] == [code] and got["tables"][0]["url"] == f"{PUBLIC}/t/{code}"
    assert got["text"].startswith("Daily digest for ") and f"(table {code})" in got["text"]
    assert "token" not in rx.requests[0].body.decode()
    last = (await c.get(f"/api/tables/{code}/digest", headers=bearer(token))).json()["last"]["webhook"]
    assert last["ok"] is True  # the digest's delivery is the channel's last one
    # the next day: one more
    assert await digest.send(ctx, MORNING + timedelta(days=1)) == 1
    await ctx.webhooks.drained()
    assert len(rx.requests) == 2


async def test_a_move_bringing_the_turn_sends_nothing_on_a_digest_channel(app, new_client, loopback):
    rx = loopback(204)
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code, people = t["code"], {0: (host, t["tokens"][0]), 1: (guest, t["tokens"][1])}
    st = await state(host, code, t["tokens"][0])
    mover = st["to_act"][0]
    c, token = people[1 - mover]
    await c.put(f"/api/tables/{code}/ntfy", headers=bearer(token), json={"url": f"{rx.base}/topic"})
    await c.put(f"/api/tables/{code}/webhook", headers=bearer(token), json={"url": f"{rx.base}/hook"})
    await c.put(f"/api/tables/{code}/digest", headers=bearer(token), json={"channels": ["ntfy"]})
    c, token = people[mover]
    mine = await state(c, code, token)
    r = await c.post(f"/api/tables/{code}/moves", headers=bearer(token),
                     json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
    if r.json()["status"] != "playing" or r.json()["to_act"] != [1 - mover]:
        pytest.skip("the first play did not hand the turn over")
    await eventually(lambda: rx.requests)  # the webhook (no digest) tells of the turn ...
    await asyncio.sleep(0.3)
    await app.state.tables.webhooks.drained()
    assert [q.path for q in rx.requests] == ["/hook"]  # ... the ntfy topic (digest) does not


async def test_two_instances_send_one_digest(app, new_client, loopback, settings):
    ctx = app.state.tables
    rx = loopback(204)
    code, *_ = await waiting_for(app, new_client, rx)
    other = create_app(settings)  # a second instance on the same database
    async with LifespanManager(other):
        sent = await asyncio.gather(digest.send(ctx, MORNING), digest.send(other.state.tables, MORNING))
        assert sorted(sent) == [0, 1]
        await ctx.webhooks.drained()
        await other.state.tables.webhooks.drained()
        assert await digest.send(other.state.tables, MORNING) == 0
        assert await digest.send(ctx, MORNING + timedelta(minutes=30)) == 0
    assert len(rx.requests) == 1 and await claims(app) == 1


async def test_nothing_waiting_no_digest(app, new_client, loopback):
    ctx = app.state.tables
    rx = loopback(204)
    code, c, token, seat = await waiting_for(app, new_client, rx)
    async with ctx.db.writing() as s:  # the other seat's turn now
        await s.execute(update(Table).where(Table.code == code).values(to_act=[1 - seat]))
        await s.commit()
    assert await digest.send(ctx, MORNING) == 0
    # a pause stops the digest too, as it stops the reminders
    async with ctx.db.writing() as s:
        await s.execute(update(Table).where(Table.code == code)
                        .values(to_act=[seat], paused_until=MORNING + timedelta(days=2)))
        await s.commit()
    assert await digest.send(ctx, MORNING) == 0
    await ctx.webhooks.drained()
    assert rx.requests == [] and await claims(app) == 0


async def test_a_claim_left_by_a_dead_instance_is_taken_over_after_its_lease(app, new_client, loopback):
    ctx = app.state.tables
    rx = loopback(204)
    await waiting_for(app, new_client, rx)
    day = MORNING.date().isoformat()
    # another instance claimed the digest a minute ago and is still at it: not this one's to send
    async with ctx.db.writing() as s:
        assert await digest.digests.claim(s, "x", day, "elsewhere", MORNING, MORNING) is True
        await s.commit()
    key = next(iter(digest.recipients(await _waiting(ctx), 9, 8)))
    async with ctx.db.writing() as s:
        await s.execute(update(Digest).where(Digest.recipient == "x").values(recipient=key))
        await s.commit()
    assert await digest.send(ctx, MORNING + timedelta(minutes=1)) == 0
    # it died: once the lease has passed, this instance sends it, once
    assert await digest.send(ctx, MORNING + digest.LEASE + timedelta(minutes=1)) == 1
    await ctx.webhooks.drained()
    assert await digest.send(ctx, MORNING + digest.LEASE * 3) == 0
    assert len(rx.requests) == 1


async def _waiting(ctx) -> list:
    async with ctx.db.session() as s:
        return await digest.digests.waiting(s, MORNING)


async def test_a_digest_names_only_the_tables_that_chose_its_address(app, new_client, loopback):
    ctx = app.state.tables
    room, phone = loopback(204), loopback(204)
    ann = new_client()  # one person (one browser) at three tables
    a, *_ = await waiting_for(app, new_client, room, host=ann)
    b, *_ = await waiting_for(app, new_client, room, host=ann)
    c, *_ = await waiting_for(app, new_client, phone, host=ann)
    assert await digest.send(ctx, MORNING) == 3  # one address per table (each URL has its own path)
    await ctx.webhooks.drained()
    listed = [sorted(x["table"] for x in r.json()["tables"]) for r in room.requests + phone.requests]
    assert sorted(listed) == sorted([[a], [b], [c]])  # another address's tables never show
    # the same address at two tables: one digest listing both (the next day)
    for code in (a, b):
        async with ctx.db.writing() as s:
            table = (await s.execute(select(Table).where(Table.code == code))).scalar_one()
            await s.execute(update(Seat).where(Seat.table_id == table.id, Seat.seat == 0)
                            .values(webhook_url=f"{room.base}/one"))
            await s.commit()
    room.requests.clear()
    assert await digest.send(ctx, MORNING + timedelta(days=1)) == 2  # /one, and the phone's
    await ctx.webhooks.drained()
    (got,) = [r.json() for r in room.requests]
    assert sorted(x["table"] for x in got["tables"]) == sorted([a, b])
    # a guest's seat (another person) with the same address: a digest of their own, naming their table only
    async with ctx.db.writing() as s:
        table = (await s.execute(select(Table).where(Table.code == a))).scalar_one()
        await s.execute(update(Seat).where(Seat.table_id == table.id, Seat.seat == 1)
                        .values(webhook_url=f"{room.base}/one", digest="webhook"))
        await s.execute(update(Table).where(Table.id == table.id).values(to_act=[0, 1]))
        await s.commit()
    room.requests.clear()
    assert await digest.send(ctx, MORNING + timedelta(days=2)) == 3
    await ctx.webhooks.drained()
    got = sorted(sorted(x["table"] for x in r.json()["tables"]) for r in room.requests)
    assert got == sorted([[a], sorted([a, b])])


async def test_bad_digest_settings_get_a_sentence(app, new_client, loopback):
    rx = loopback(204)
    code, c, token, _ = await waiting_for(app, new_client, rx)
    for body in ({"channels": ["email"]}, {"channels": "webhook"}, {"channels": ["webhook"] * 11},
                 {"channels": [1]}, {"channels": ["x" * 5000]}):
        r = await c.put(f"/api/tables/{code}/digest", headers=bearer(token), json=body)
        assert r.status_code == 422, (body, r.text)
        assert r.json()["detail"]
    # the sentence in the reader's language (the server's gettext catalogs)
    r = await c.put(f"/api/tables/{code}/digest", headers=bearer(token) | {"Accept-Language": "fr"},
                    json={"channels": ["email"]})
    assert r.json() == {"detail": "Il n’y a pas de canal nommé 'email' : le résumé prend webhook, ntfy, push.",
                        "code": "bad_digest"}
    r = await c.put(f"/api/tables/{code}/digest", headers=bearer(token), json={"channels": []})
    assert r.status_code == 200 and r.json()["digest"] == []
    r = await new_client().put(f"/api/tables/{code}/digest", json={"channels": ["ntfy"]})
    assert r.status_code == 401  # a seat's own setting: its token


async def test_the_digest_speaks_its_persons_language(app, new_client, loopback):
    ctx = app.state.tables
    rx = loopback(204)
    code, *_ = await waiting_for(app, new_client, rx)
    async with ctx.db.writing() as s:  # Ann chose German (the header's selector, or her language at the table)
        table = (await s.execute(select(Table).where(Table.code == code))).scalar_one()
        q = select(Seat.player_id).where(Seat.table_id == table.id, Seat.seat == 0)
        player_id = (await s.execute(q)).scalar_one()
        await s.execute(update(Player).where(Player.id == player_id).values(lang="de"))
        await s.commit()
    assert await digest.send(ctx, MORNING) == 1
    await ctx.webhooks.drained()
    (got,) = [r.json() for r in rx.requests]
    assert got["text"].startswith("Tägliche Zusammenfassung für Ann: Du bist an einem Tisch am Zug.\n")
    assert f"- 3-High (Tisch {code}), wartet seit " in got["text"]


async def test_an_ntfy_topic_and_a_discord_room_get_the_digest_in_their_shapes(app, new_client, loopback):
    ctx = app.state.tables
    rx = loopback(204)
    code, c, token, _ = await waiting_for(app, new_client, rx, channels=("webhook", "ntfy"))
    await c.put(f"/api/tables/{code}/ntfy", headers=bearer(token), json={"url": f"{rx.base}/ntfy/ann-digest"})
    await c.put(f"/api/tables/{code}/webhook", headers=bearer(token),
                json={"url": f"{rx.base}/api/webhooks/1/x", "format": "discord"})
    assert await digest.send(ctx, MORNING) == 2
    await ctx.webhooks.drained()
    got = {r.path: r.json() for r in rx.requests}
    ntfy, discord = got["/ntfy/"], got["/api/webhooks/1/x"]
    assert ntfy["topic"] == "ann-digest" and ntfy["title"] == "Daily digest: a table is waiting for you"
    assert ntfy["click"] == f"{PUBLIC}/me" and ntfy["message"] == discord["content"]
    assert set(discord) == {"content"} and f"(table {code}), waiting since " in discord["content"]


async def test_each_seat_gets_its_digest_from_its_own_hour(app, new_client, loopback):
    ctx = app.state.tables
    rx = loopback(204)
    code, c, token, _ = await waiting_for(app, new_client, rx)
    url = f"/api/tables/{code}/digest"
    r = await c.put(url, headers=bearer(token), json={"hour": 20})  # the page sends its reader's 08:00, in UTC
    assert r.status_code == 200 and r.json()["digest_hour"] == 20 and r.json()["digest"] == ["webhook"]
    assert await digest.send(ctx, MORNING) == 0  # 09:00 UTC: not yet for this seat
    assert await digest.send(ctx, MORNING.replace(hour=20)) == 1
    await ctx.webhooks.drained()
    assert len(rx.requests) == 1
    for hour in (24, -1, "8", 7.5, True):
        r = await c.put(url, headers=bearer(token), json={"hour": hour})
        assert r.status_code == 422 and r.json()["detail"], hour
    r = await c.put(url, headers=bearer(token), json={"hour": None})  # the server's hour again
    assert r.json()["digest_hour"] == 8 and r.json()["digest"] == ["webhook"]
