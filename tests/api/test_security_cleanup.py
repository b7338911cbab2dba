"""Cleanup: a table with no activity for a configurable time becomes `abandoned`
(everyone watching is told), and a lobby that never started is deleted after a while; on SQLite and on
PostgreSQL, by the server's own sweep."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from app.config import Settings
from app.store import ChatMessage, Seat
from app.tables import housekeeping
from tests.api.helpers import age, bearer, create, full_table, row, state
from tests.conftest import eventually


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request) -> str:
    return request.getfixturevalue(f"{request.param}_url")


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    abandon_after_seconds=3600, lobby_expire_seconds=7200, housekeeping_seconds=3600)


async def playing_solo(client) -> dict:
    for _ in range(5):
        t = await full_table(client, players=1)
        if (await state(client, t["code"]))["status"] == "playing":
            return t
    pytest.skip("every solo deal ended at once")


async def test_idle_tables_become_abandoned_and_busy_ones_do_not(app, client, new_client):
    idle, busy = await playing_solo(client), await playing_solo(new_client())
    await age(app, idle["code"], 3601)
    await age(app, busy["code"], 3000)
    done = await housekeeping.run(app.state.tables)
    assert done["abandoned"] == [idle["code"]]
    st = await state(client, idle["code"], idle["tokens"][0])
    assert st["status"] == "abandoned" and st["to_act"] == [] and st["legal_moves"] == []
    assert (await state(client, busy["code"]))["status"] == "playing"
    r = await client.post(f"/api/tables/{idle['code']}/moves", headers=bearer(idle["tokens"][0]),
                          json={"seq": st["seq"], "move": {}})
    assert r.status_code == 409
    r = await client.post(f"/api/tables/{idle['code']}/rematch", headers=bearer(idle["tokens"][0]))
    assert r.status_code == 201  # an abandoned game can still be played again


async def test_lobbies_that_never_started_are_deleted_with_their_seats_and_chat(app, client, new_client):
    old, fresh = await create(client, 3), await create(new_client(), 3)
    await client.post(f"/api/tables/{old['code']}/chat", headers=bearer(old["token"]), json={"text": "anyone?"})
    await age(app, old["code"], 7201)
    old_id = (await row(app, old["code"])).id
    done = await housekeeping.run(app.state.tables)
    assert done["deleted_lobbies"] == 1
    assert await row(app, old["code"]) is None and await row(app, fresh["code"]) is not None
    assert (await client.get(f"/api/tables/{old['code']}")).status_code == 404
    async with app.state.tables.db.session() as s:
        assert not (await s.execute(select(Seat).where(Seat.table_id == old_id))).first()
        assert not (await s.execute(select(ChatMessage).where(ChatMessage.table_id == old_id))).first()


async def test_a_stale_rematch_lobby_goes_and_the_finished_table_forgets_it(app, client):
    t = await full_table(client, bots=1)  # a solo table's rematch starts at once: this one waits in the lobby
    await age(app, t["code"], 3601)
    await housekeeping.run(app.state.tables)  # abandoned: may have a rematch
    r = await client.post(f"/api/tables/{t['code']}/rematch", headers=bearer(t["tokens"][0]))
    rematch = r.json()["code"]
    await age(app, rematch, 7201)
    assert (await housekeeping.run(app.state.tables))["deleted_lobbies"] == 1
    assert (await row(app, t["code"])).rematch_id is None
    r = await client.post(f"/api/tables/{t['code']}/rematch", headers=bearer(t["tokens"][0]))
    assert r.status_code == 201 and r.json()["code"] != rematch


async def test_the_server_sweeps_by_itself(database_url, live_server):
    """A real server with short settings: the table is abandoned, and a socket on it hears so."""
    import httpx

    from tests.api.wsclient import WS

    server = live_server(database_url, sweep_seconds="0.1", housekeeping_seconds="0.1", abandon_after_seconds="1.5",
                         lobby_expire_seconds="1.5")
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as c:
        t = await playing_solo(c)
        lobby = await create(c, 3)
        ws = await WS.open(f"{server.ws_url}/ws/tables/{t['code']}?token={t['tokens'][0]}")
        await ws.until("state")
        abandoned = await ws.until(lambda m: m.get("type") == "state" and m.get("status") == "abandoned"
                                   or m.get("type") == "update" and m["state"]["status"] == "abandoned", timeout=15)
        assert abandoned
        await eventually(lambda: _gone(c, lobby["code"]), timeout=10)
        await ws.close()


async def _gone(c, code: str) -> bool:
    return (await c.get(f"/api/tables/{code}")).status_code == 404


async def test_the_sweep_sends_a_socket_no_presence_it_already_has(database_url, live_server):
    """Every sweep re-announces who is connected; a socket hears of presence only when it changes."""
    import asyncio

    import httpx

    from tests.api.wsclient import WS

    server = live_server(database_url, sweep_seconds="0.1")
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as c:
        t = await playing_solo(c)
        ws = await WS.open(f"{server.ws_url}/ws/tables/{t['code']}?token={t['tokens'][0]}")
        await ws.until(lambda m: m["type"] == "presence" and m["connected"] == [0])
        await asyncio.sleep(1.0)  # ten sweeps
        watcher = await WS.open(f"{server.ws_url}/ws/tables/{t['code']}")
        await ws.until(lambda m: m["type"] == "presence" and m["spectators"] == 1)  # a change still arrives
        await asyncio.sleep(0.5)
        await ws.send({"type": "ping"})
        await ws.until("pong")
        assert [m["type"] for m in ws.received].count("presence") == 2, ws.received
        await watcher.close()
        await ws.close()
