"""Two app instances on one PostgreSQL and one Redis, raced on the rules that live in the writer's transaction:
one browser asking both instances at once for a table of today's deal gets one seat (the already-played rule),
and one seat accepting a takeback on both instances at once is one vote and one chat line. Each instance has
its own table actor; only the database's row locks stand between them."""
from __future__ import annotations

import asyncio
import secrets

import httpx
import pytest

from tests.api.helpers import bearer

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def two(live_server, postgres_url, redis_url):
    channel = f"icehouse:test:{secrets.token_hex(4)}"
    servers = [live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel) for _ in range(2)]
    for server in servers:
        server.wait_ready()
    return servers


async def test_one_browser_racing_todays_deal_on_two_instances_gets_one_seat(live_server, postgres_url, redis_url):
    a, b = two(live_server, postgres_url, redis_url)
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as ca:
        r = await ca.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Ann"})  # her identity
        assert r.status_code == 201, r.text
        async with httpx.AsyncClient(base_url=b.url, timeout=10, cookies=ca.cookies) as cb:
            body = {"players": 1, "name": "Ann"}
            answers = await asyncio.gather(ca.post("/api/deals/today/tables", json=body),
                                           cb.post("/api/deals/today/tables", json=body))
            assert sorted(r.status_code for r in answers) == [201, 409], [r.text for r in answers]
            refused = next(r for r in answers if r.status_code == 409)
            assert refused.json()["code"] == "already_played" and refused.json()["detail"]
            # and one more try, on either instance, is refused too
            for c in (ca, cb):
                r = await c.post("/api/deals/today/tables", json=body)
                assert r.status_code == 409 and r.json()["code"] == "already_played"


async def test_one_seat_accepting_a_takeback_on_two_instances_is_one_vote(live_server, postgres_url, redis_url):
    a, b = two(live_server, postgres_url, redis_url)
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as ca, httpx.AsyncClient(base_url=b.url, timeout=10) as cb:
        r = await ca.post("/api/tables", json={"game": "turning-points", "players": 3, "name": "Ann",
                                               "options": {"shape": "square", "size": 3}})
        assert r.status_code == 201, r.text
        code, tokens = r.json()["code"], {0: r.json()["token"]}
        for name in ("Bea", "Cy"):
            async with httpx.AsyncClient(base_url=b.url, timeout=10) as joiner:
                r = await joiner.post(f"/api/tables/{code}/join", json={"name": name})
                assert r.status_code == 200, r.text
                tokens[r.json()["seat"]] = r.json()["token"]
        assert (await ca.post(f"/api/tables/{code}/start", headers=bearer(tokens[0]))).status_code == 200
        st = (await ca.get(f"/api/tables/{code}", headers=bearer(tokens[0]))).json()
        mover = st["to_act"][0]
        mine = (await ca.get(f"/api/tables/{code}", headers=bearer(tokens[mover]))).json()
        r = await ca.post(f"/api/tables/{code}/moves", headers=bearer(tokens[mover]),
                          json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
        assert r.status_code == 200, r.text
        r = await ca.post(f"/api/tables/{code}/takeback", headers=bearer(tokens[mover]), json={})
        assert r.status_code == 200, r.text
        first, second = [s for s in tokens if s != mover]
        vote = {"yes": True}
        answers = await asyncio.gather(
            ca.post(f"/api/tables/{code}/takeback/vote", headers=bearer(tokens[first]), json=vote),
            cb.post(f"/api/tables/{code}/takeback/vote", headers=bearer(tokens[first]), json=vote))
        assert sorted(r.status_code for r in answers) == [200, 409], [r.text for r in answers]
        assert next(r for r in answers if r.status_code == 409).json()["code"] == "takeback_voted"
        r = await cb.post(f"/api/tables/{code}/takeback/vote", headers=bearer(tokens[second]), json=vote)
        assert r.status_code == 200 and r.json()["applied"], r.text
        # one line per vote, as both instances tell it
        for c in (ca, cb):
            chat = (await c.get(f"/api/tables/{code}/chat", headers=bearer(tokens[0]))).json()
            lines = chat["messages"] if isinstance(chat, dict) else chat
            accepted = [m for m in lines if m.get("seat") == -4 and "accepted" in str(m.get("text"))]
            assert len(accepted) == 2, lines
