"""A takeback request told on the channels of the people asked to answer it (app/tables/notify/turns.py
takeback_asked) on SQLite and PostgreSQL: in the recipient's language, never to the asker, on a channel set to
the daily digest too (as a nudge: it lapses at the next move), not while a page of the person is at the table
(held, and told once they leave if it still waits for them: not when they answered it meanwhile), and once
over two instances. Deliveries go to a loopback receiver."""
from __future__ import annotations

import asyncio
from dataclasses import replace

from asgi_lifespan import LifespanManager
from sqlalchemy import select, update

from app.games import GAMES
from app.main import create_app
from app.store import Player, Seat, Table
from app.tables.notify import turns as notify
from app.tables.notify.channels import Notice, ntfy_publish, push_payload, webhook_body
from tests.api.helpers import bearer, state
from tests.conftest import eventually
from tests.tables.test_digest import PUBLIC, database_url, settings  # noqa: F401 - fixtures
from tests.tables.test_takeback import ask, play, seated, vote

TITLE = GAMES["turning-points"].title


async def table(app, new_client, rx, *, hooks=(0, 1), digest=True) -> tuple[str, dict, int, int]:
    """A started 3x3 Turning Points table of Ann (0) and Bea (1) whose seats in `hooks` have a generic webhook
    to rx (/hooks/<seat>) and an ntfy topic (/ntfy/t<seat>); the one to play second is French and, with
    `digest`, sets both channels to the daily digest. (code, people, the first to play, the other)."""
    code, people = await seated(new_client, "turning-points", shape="square", size=3)
    mover = (await state(people[0][0], code, people[0][1]))["to_act"][0]
    other = 1 - mover
    for seat in hooks:
        client, token = people[seat]
        r = await client.put(f"/api/tables/{code}/webhook", headers=bearer(token),
                             json={"url": f"{rx.base}/hooks/{seat}", "format": "generic"})
        assert r.status_code == 200, r.text
        r = await client.put(f"/api/tables/{code}/ntfy", headers=bearer(token), json={"url": f"{rx.base}/ntfy/t{seat}"})
        assert r.status_code == 200, r.text
        if digest and seat == other:
            r = await client.put(f"/api/tables/{code}/digest", headers=bearer(token),
                                 json={"channels": ["webhook", "ntfy"]})
            assert r.status_code == 200, r.text
    async with app.state.tables.db.writing() as s:
        player = (await s.execute(select(Seat.player_id).join(Table, Table.id == Seat.table_id)
                                  .where(Table.code == code, Seat.seat == other))).scalar_one()
        await s.execute(update(Player).where(Player.id == player).values(lang="fr"))
        await s.commit()
    return code, people, mover, other


async def asked_at_table(app, rx, people, code: str, asker: int, voter: int, *, played: int) -> None:
    """`played` plays, then `asker` asks for a takeback while a page of `voter` is at the table: nothing sent."""
    await play(people, code, played)
    await settled(app, rx)
    rx.requests.clear()
    app.state.tables.presence.update(code, "elsewhere", [voter], 0)
    assert (await ask(people, code, asker)).status_code == 200
    assert takebacks(await settled(app, rx)) == []


def leaves(ctx, code: str) -> None:
    """Every page at `code` closes (as a presence message from that instance would say)."""
    ctx.presence.update(code, "elsewhere", [], 0)
    notify.presence_changed(ctx, code)


async def settled(app, rx, wait: float = 0.4) -> list:
    """What rx got once the background work and the queued deliveries are done."""
    await asyncio.sleep(wait)
    await app.state.tables.webhooks.drained()
    return list(rx.requests)


def takebacks(requests: list) -> list:
    """The takeback requests among what rx got (a generic webhook's type, an ntfy title): [(path, body)], by path."""
    out = [(q.path, q.json()) for q in requests]
    return sorted((x for x in out if x[1].get("type") == "takeback_request"
                   or str(x[1].get("title", "")).startswith("Demande de reprise")), key=lambda x: x[0])


def name(seat: int) -> str:
    return "Ann" if seat == 0 else "Bea"


async def test_the_people_asked_are_told_in_their_language_and_never_the_asker(app, new_client, loopback):
    rx = loopback(204)
    code, people, mover, other = await table(app, new_client, rx)
    await play(people, code, mover)
    assert takebacks(await settled(app, rx)) == []  # the other's turn: its channels are on the digest
    rx.requests.clear()
    assert (await ask(people, code, mover)).status_code == 200
    await eventually(lambda: len(rx.requests) >= 2)
    got = takebacks(await settled(app, rx))
    assert [path for path, _ in got] == [f"/hooks/{other}", "/ntfy/"], got  # the asker's channels: nothing
    hook, ntfy = got[0][1], got[1][1]
    text = (f"{name(mover)} demande à reprendre le coup 1 à {TITLE} (table {code}) ; {name(other)}, acceptez ou "
            f"refusez : {PUBLIC}/t/{code}")
    assert hook["type"] == "takeback_request" and hook["takeback"] is True and hook["text"] == text
    assert hook["by"] == name(mover) and hook["from"] == 1 and hook["seq"] == 1 and hook["seat"] == other
    assert ntfy["topic"] == f"t{other}" and ntfy["title"] == f"Demande de reprise à {TITLE}"
    assert ntfy["message"] == text and ntfy["click"] == f"{PUBLIC}/t/{code}"
    # answered: nothing more; the asker never hears of their own request
    rx.requests.clear()
    assert (await vote(people, code, other, False)).status_code == 200
    assert takebacks(await settled(app, rx)) == []


async def test_a_person_at_the_table_is_told_once_they_leave_if_it_still_waits(app, new_client, loopback):
    ctx = app.state.tables
    rx = loopback(204)
    code, people, mover, other = await table(app, new_client, rx, digest=False)
    # the other's page is open at the table: the request shows there, and nothing is sent
    await asked_at_table(app, rx, people, code, mover, other, played=mover)
    assert [(x.seat, x.kind, x.by, x.first) for x in ctx.held.of(code)] == [(other, "takeback", mover, 1)]
    # answered at the table, then gone: nothing
    assert (await vote(people, code, other, False)).status_code == 200
    leaves(ctx, code)
    assert takebacks(await settled(app, rx)) == [] and ctx.held.of(code) == []
    # the other plays; the mover asks again (both moves back) while the other is at the table, who then leaves
    await asked_at_table(app, rx, people, code, mover, other, played=other)
    leaves(ctx, code)
    await eventually(lambda: len(takebacks(rx.requests)) >= 2)
    got = takebacks(await settled(app, rx))
    assert [path for path, _ in got] == [f"/hooks/{other}", "/ntfy/"], got
    hook = got[0][1]
    assert hook["text"].startswith(f"{name(mover)} demande à reprendre les coups 1 à 2 à {TITLE} (table {code}) ;")
    assert hook["from"] == 1 and hook["seq"] == 2


async def test_two_instances_tell_once(app, new_client, loopback, settings):  # noqa: F811 - the fixture imported above
    ctx = app.state.tables
    rx = loopback(204)
    code, people, mover, other = await table(app, new_client, rx, digest=False)
    await asked_at_table(app, rx, people, code, mover, other, played=mover)  # held: the instances below race for it
    async with ctx.db.session() as s:
        table_id = (await s.execute(select(Table.id).where(Table.code == code))).scalar_one()
    second = create_app(settings)  # a second instance on the same database
    async with LifespanManager(second):
        sent = await asyncio.gather(*(notify.tell_takeback(x, table_id, code, "turning-points", 1, mover, 1, {other})
                                      for x in (ctx, second.state.tables)))
        assert sorted(sent) == [0, 2]  # one instance queued both channels' messages, the other none
        await second.state.tables.webhooks.drained()
    leaves(ctx, code)  # the held request goes nowhere: claimed already
    got = takebacks(await settled(app, rx))
    assert [path for path, _ in got] == [f"/hooks/{other}", "/ntfy/"], got


def test_a_takeback_notice_in_each_shape_and_language():
    notice = Notice(kind="takeback", code="ABCD", title="3-High", seat=1, name="Bea", seq=9,
                    url=f"{PUBLIC}/t/ABCD", by="Ann", first=7)
    assert notice.headline == "Takeback asked at 3-High"
    assert notice.text == (f"Ann asks to take back moves 7 to 9 at 3-High (table ABCD); Bea, accept or refuse: "
                           f"{PUBLIC}/t/ABCD")
    assert replace(notice, first=9).text.startswith("Ann asks to take back move 9 at 3-High (table ABCD);")
    assert replace(notice, lang="de").text == ("Ann bittet, die Züge 7 bis 9 bei 3-High zurückzunehmen (Tisch ABCD); "
                                               f"Bea, nimm an oder lehne ab: {PUBLIC}/t/ABCD")
    assert webhook_body("slack", notice) == {"text": notice.text}
    assert webhook_body("discord", notice) == {"content": notice.text}
    push = push_payload(notice)
    assert push["type"] == "takeback_request" and push["kind"] == "takeback" and push["body"] == notice.text
    assert ntfy_publish("https://ntfy.sh/topic", notice)[1]["priority"] == 4
