"""kill -9 in the middle of a burst of tables being made, joined, started and played loses nothing that was
acknowledged: a table, a seat, a start and a move are answered only after the group-commit writer's batch
that holds them has committed (app/store/writer.py, app/tables/lobby/commands.py)."""
from __future__ import annotations

import asyncio
import contextlib

import httpx

from tests.api.helpers import GAME, bearer

LANES = 12


async def _lane(url: str, acked: dict, stop: asyncio.Event) -> None:
    """Make tables and play them through REST until the server dies; note every acknowledgement."""
    with contextlib.suppress(httpx.HTTPError):
        while not stop.is_set():
            async with httpx.AsyncClient(base_url=url, timeout=5) as host:
                r = await host.post("/api/tables", json={"game": GAME, "players": 3, "name": "Ann"})
                assert r.status_code == 201, r.text
                code, tokens = r.json()["code"], {0: r.json()["token"]}
                acked["seats"].append((code, 0, tokens[0]))
                for name in ("Bea", "Cy"):
                    async with httpx.AsyncClient(base_url=url, timeout=5) as guest:
                        r = await guest.post(f"/api/tables/{code}/join", json={"name": name})
                        assert r.status_code == 200, r.text
                        tokens[r.json()["seat"]] = r.json()["token"]
                        acked["seats"].append((code, r.json()["seat"], r.json()["token"]))
                r = await host.post(f"/api/tables/{code}/start", headers=bearer(tokens[0]))
                assert r.status_code == 200, r.text
                acked["started"].add(code)
                st = r.json()
                while st["status"] == "playing" and not stop.is_set():
                    seat = st["to_act"][0]
                    mine = (await host.get(f"/api/tables/{code}", headers=bearer(tokens[seat]))).json()
                    r = await host.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                                        json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
                    assert r.status_code == 200, r.text
                    st = r.json()
                    acked["seq"][code] = max(acked["seq"].get(code, 0), st["seq"])


async def test_kill_9_mid_burst_loses_no_acknowledged_table_seat_start_or_move(live_server):
    server = live_server()
    acked: dict = {"seats": [], "started": set(), "seq": {}}
    stop = asyncio.Event()
    lanes = [asyncio.create_task(_lane(server.url, acked, stop)) for _ in range(LANES)]
    for _ in range(200):  # until the burst is well under way
        await asyncio.sleep(0.05)
        if len(acked["seats"]) >= 60 and len(acked["seq"]) >= 5:
            break
    server.proc.kill()  # SIGKILL: no shutdown, no flush
    server.proc.wait(5)
    stop.set()
    await asyncio.gather(*lanes)
    assert len(acked["seats"]) >= 30 and acked["seq"], acked

    server.start()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as c:
        for code, seat, token in acked["seats"]:  # every seat answered is there, with its token
            r = await c.get(f"/api/tables/{code}", headers=bearer(token))
            assert r.status_code == 200, (code, r.text)
            assert r.json()["you"] == seat, (code, seat, r.json()["seats"])
            if code in acked["started"]:
                assert r.json()["status"] != "lobby", code
        for code, seq in acked["seq"].items():  # every move answered is in the log
            log = (await c.get(f"/api/tables/{code}/log")).json()
            assert [s["seq"] for s in log["steps"]][:seq] == list(range(1, seq + 1)), (code, seq)
