"""PostgreSQL restarts or fails over: while it cannot be reached, requests answer 503 with a sentence and
socket moves get an error message (the client retries); when it is back the app recovers without a
restart. Tried by killing the app's connections (pg_terminate_backend) on the machine's PostgreSQL, and by
stopping and starting a cluster of the test's own."""
from __future__ import annotations

import asyncio
import secrets

import httpx
import psycopg
import pytest
from websockets.exceptions import ConnectionClosed

from tests.api.helpers import bearer, full_table, state
from tests.api.services import own_postgres  # noqa: F401 - fixture
from tests.api.wsclient import WS
from tests.conftest import _libpq, postgres_base_url

pytestmark = pytest.mark.postgres


async def mover(client: httpx.AsyncClient, code: str, tokens: dict) -> tuple[int, dict]:
    """The seat to act and its state."""
    seat = (await state(client, code, tokens[0]))["to_act"][0]
    return seat, await state(client, code, tokens[seat])


def terminate(application_name: str) -> int:
    """Kill every connection the app holds, as a failover or an operator would; how many there were."""
    with psycopg.connect(_libpq(postgres_base_url()), autocommit=True) as conn:
        rows = conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                            (application_name,)).fetchall()
    return len(rows)


async def test_requests_recover_when_the_database_kills_the_app_connections(live_server, postgres_url):
    name = f"icehouse-test-{secrets.token_hex(4)}"
    server = live_server(f"{postgres_url}&application_name={name}")
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as guest:
        t = await full_table(host, guest)
        code, tokens = t["code"], t["tokens"]
        seat, mine = await mover(host, code, tokens)
        r = await host.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                            json={"seq": 0, "move": mine["legal_moves"][0]})
        assert r.status_code == 200
        sockets = {s: await WS.open(f"{server.ws_url}/ws/tables/{code}?token={tokens[s]}") for s in (0, 1)}
        for ws in sockets.values():
            assert (await ws.recv())["type"] == "state"

        assert terminate(name) >= 1
        # Reads, REST moves, socket moves and new sockets all work at once: no 5xx, no restart.
        assert (await state(guest, code))["seq"] == 1
        seat, mine = await mover(host, code, tokens)
        r = await host.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                            json={"seq": 1, "move": mine["legal_moves"][0]})
        assert r.status_code == 200, r.text
        assert terminate(name) >= 1
        seat, mine = await mover(guest, code, tokens)
        await sockets[seat].send({"type": "move", "seq": 2, "move": mine["legal_moves"][0]})
        up = await sockets[seat].until(lambda m: m["type"] == "error" or m.get("seq") == 3)
        assert up["type"] == "update", up
        assert terminate(name) >= 1
        late = await WS.open(f"{server.ws_url}/ws/tables/{code}")
        assert (await late.recv())["seq"] == 3
        for ws in (*sockets.values(), late):
            await ws.close()


async def test_database_down_answers_503_and_the_app_recovers_when_it_returns(live_server, own_postgres):  # noqa: F811 - the fixture imported above
    server = live_server(own_postgres.url)
    async with httpx.AsyncClient(base_url=server.url, timeout=15) as host, \
            httpx.AsyncClient(base_url=server.url, timeout=15) as guest:
        t = await full_table(host, guest)
        code, tokens = t["code"], t["tokens"]
        seat, mine = await mover(host, code, tokens)
        move = {"seq": 0, "move": mine["legal_moves"][0]}
        ws = await WS.open(f"{server.ws_url}/ws/tables/{code}?token={tokens[seat]}")
        assert (await ws.recv())["type"] == "state"

        own_postgres.stop()
        try:
            r = await guest.get(f"/api/tables/{code}")
            assert r.status_code == 503, r.text
            body = r.json()
            assert body["code"] == "unavailable" and "database" in body["detail"] and body["detail"].endswith(".")
            assert r.headers["retry-after"]
            r = await host.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]), json=move)
            assert r.status_code == 503 and r.json()["code"] == "unavailable"
            r = await host.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Cy"})
            assert r.status_code == 503 and r.json()["code"] == "unavailable"
            page = await guest.get(f"/t/{code}", headers={"Accept": "text/html"})
            assert page.status_code == 503 and "database" in page.text and "<html" in page.text

            # A move over the socket gets an error message that says why (the client retries it) ...
            await ws.send({"type": "move", **move})
            err = await ws.until("error")
            assert err["code"] == "unavailable" and err["status"] == 503 and "database" in err["detail"]
            # ... and a new socket is told, then closed with "try again later".
            refused = await WS.open(f"{server.ws_url}/ws/tables/{code}")
            assert (await refused.recv())["code"] == "unavailable"
            with pytest.raises(ConnectionClosed):
                await refused.recv()
            assert refused.conn.close_code == 1013
        finally:
            own_postgres.start()

        # Back without a restart: the client's retry of the same move goes through.
        for _ in range(60):
            await ws.send({"type": "move", **move})
            reply = await ws.until(lambda m: m["type"] in ("update", "error"), timeout=10)
            if reply["type"] == "update":
                break
            assert reply["code"] == "unavailable", reply
            await asyncio.sleep(0.25)
        assert reply["type"] == "update" and reply["seq"] == 1, reply
        assert (await state(guest, code))["seq"] == 1
        again = await WS.open(f"{server.ws_url}/ws/tables/{code}")
        assert (await again.recv())["seq"] == 1
        for w in (ws, again):
            await w.close()
        log = server.log()
        assert "Traceback" not in log, log
