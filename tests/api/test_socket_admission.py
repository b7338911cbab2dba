"""Who a socket is, once the instance keeps the table in memory: a seat taken after the table was first
seen is recognised, a foreign token is refused, and a table an admin deleted is gone on every instance."""
from __future__ import annotations

import secrets

import httpx
import pytest

from tests.api.helpers import bearer, create, full_table
from tests.api.wsclient import WS

ADMIN_TOKEN = secrets.token_urlsafe(24)


async def first_state(ws: WS) -> dict:
    msg = await ws.recv()
    assert msg["type"] == "state", msg
    return msg


async def test_a_seat_taken_after_a_socket_saw_the_lobby_is_recognised(live_server):
    server = live_server()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as guest:
        made = await create(host, 2)
        code = made["code"]
        url = f"{server.ws_url}/ws/tables/{code}"
        early = await WS.open(url)  # the instance now holds the lobby in memory
        assert (await first_state(early))["you"] is None
        r = await guest.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        assert r.status_code == 200, r.text
        guest_token = r.json()["token"]
        assert (await host.post(f"/api/tables/{code}/start", headers=bearer(made["token"]))).status_code == 200
        by_token = await WS.open(f"{url}?token={guest_token}")
        by_cookie = await WS.open(url, cookie="icehouse_id=" + guest.cookies["icehouse_id"])
        for ws in (by_token, by_cookie):
            st = await first_state(ws)
            assert st["you"] == 1 and st["status"] == "playing"
        again = await WS.open(url, cookie="icehouse_id=" + guest.cookies["icehouse_id"])  # remembered browser
        assert (await first_state(again))["you"] == 1
        stranger = await WS.open(f"{url}?token={secrets.token_urlsafe(32)}")
        refused = await stranger.recv()
        assert refused["type"] == "error" and "does not belong to table" in refused["detail"]
        for ws in (early, by_token, by_cookie, again, stranger):
            await ws.close()


async def test_a_socket_with_an_unknown_cookie_watches(live_server):
    server = live_server()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host:
        t = await full_table(host, players=1)
        ws = await WS.open(f"{server.ws_url}/ws/tables/{t['code']}", cookie="icehouse_id=" + "x" * 43)
        st = await first_state(ws)
        assert st["you"] is None and st["legal_moves"] == []
        await ws.close()


@pytest.mark.redis
@pytest.mark.postgres
async def test_a_table_an_admin_deleted_is_gone_for_sockets_on_every_instance(live_server, postgres_url,
                                                                              redis_url):
    channel = f"icehouse:test:{secrets.token_hex(4)}"
    a = live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel, admin_token=ADMIN_TOKEN)
    b = live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel, admin_token=ADMIN_TOKEN)
    a.wait_ready(), b.wait_ready()
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as on_a:
        t = await full_table(on_a, players=1)
        code, token = t["code"], t["tokens"][0]
        url_b = f"{b.ws_url}/ws/tables/{code}?token={token}"
        ws = await WS.open(url_b)  # B now holds the table in memory
        assert (await first_state(ws))["you"] == 0
        await ws.close()
        r = await on_a.delete(f"/api/admin/tables/{code}", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"})
        assert r.status_code == 204, r.text
        for _ in range(50):  # the broker tells B; until then B may still answer from memory
            ws = await WS.open(url_b)
            msg = await ws.recv()
            await ws.close()
            if msg["type"] == "error":
                break
        assert msg["type"] == "error" and msg["code"] == "not_found", msg
