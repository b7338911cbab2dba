"""The API flow, restart and concurrency on PostgreSQL (a fresh schema per test)."""
from __future__ import annotations

import httpx
import pytest
from asgi_lifespan import LifespanManager

from app.main import create_app
from tests.api.helpers import bearer, full_table, race, state

pytestmark = pytest.mark.postgres


@pytest.fixture
def database_url(postgres_url: str) -> str:
    return postgres_url


async def test_flow_on_postgres(new_client, settings):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code, tokens = t["code"], t["tokens"]
    st = await state(host, code, tokens[0])
    seat = st["to_act"][0]
    mine = await state(host, code, tokens[seat])
    r = await host.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                        json={"seq": 0, "move": mine["legal_moves"][0]})
    assert r.status_code == 200 and r.json()["seq"] == 1
    r = await host.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                        json={"seq": 0, "move": mine["legal_moves"][0]})
    assert r.status_code == 409
    assert (await guest.post(f"/api/tables/{code}/chat", json={"text": "hi"})).status_code == 201

    fresh = create_app(settings)  # a second app on the same database: everything is read back
    async with LifespanManager(fresh), httpx.AsyncClient(transport=httpx.ASGITransport(app=fresh),
                                                         base_url="http://testserver") as c:
        again = await state(c, code, tokens[0])
        assert again["seq"] == 1 and again["to_act"] == r.json().get("to_act", again["to_act"])
        assert [m["text"] for m in (await c.get(f"/api/tables/{code}/chat")).json()] == ["hi"]


async def test_simultaneous_moves_on_postgres(new_client):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    rounds = await race([host, guest], t["code"], t["tokens"], rounds=4, per_round=12)
    assert rounds and all(codes == [200] + [409] * 11 for codes in rounds), rounds


async def test_simultaneous_moves_across_two_processes_on_postgres(live_server, postgres_url):
    a, b = live_server(postgres_url, ready=False), live_server(postgres_url, ready=False)
    a.wait_ready(), b.wait_ready()
    async with httpx.AsyncClient(base_url=a.url, timeout=20) as ca, \
            httpx.AsyncClient(base_url=b.url, timeout=20) as cb:
        t = await full_table(ca, cb)
        rounds = await race([ca, cb], t["code"], t["tokens"], rounds=4, per_round=10)
        assert rounds and all(codes == [200] + [409] * 9 for codes in rounds), rounds
        log = (await ca.get(f"/api/tables/{t['code']}/log")).json()
        assert [s["seq"] for s in log["steps"]] == list(range(1, len(rounds) + 1))
