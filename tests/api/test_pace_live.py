"""The pace on real servers: with two instances sweeping the same PostgreSQL (every 0.1 s) each turn
past its deadline is timed out by one of them only; the player the bot stood in for takes the seat back by
opening the table; and a deadline passed while the server was down is timed out once it is back. An hour of
pace is two seconds here (ICEHOUSE_PACE_SCALE); the restart rewinds the turn instead of waiting."""
from __future__ import annotations

from collections import Counter

import httpx
import pytest

from tests.api.helpers import bearer, state
from tests.api.test_exactly_once import records, two
from tests.api.test_reminders_live import rewind
from tests.api.wsclient import WS
from tests.conftest import eventually

SCALE = str(2 / 3600)  # 1h a turn: 2 s


async def paced_table(host: httpx.AsyncClient, guest: httpx.AsyncClient, per_turn: str = "1h") -> tuple[str, dict]:
    r = await host.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Ann"})
    assert r.status_code == 201, r.text
    code, tokens = r.json()["code"], {0: r.json()["token"]}
    r = await host.put(f"/api/tables/{code}/pace", headers=bearer(tokens[0]), json={"per_turn": per_turn})
    assert r.status_code == 200, r.text
    r = await guest.post(f"/api/tables/{code}/join", json={"name": "Bea"})
    tokens[1] = r.json()["token"]
    assert (await host.post(f"/api/tables/{code}/start", headers=bearer(tokens[0]))).status_code == 200
    return code, tokens


@pytest.mark.redis
@pytest.mark.postgres
async def test_each_deadline_fires_once_over_two_instances_and_the_player_takes_the_seat_back(
        live_server, postgres_url, redis_url):
    a, b = two(live_server, postgres_url, redis_url, pace_scale=SCALE, bot_processes="0",
               bot_delay_seconds="0.2")
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as guest:
        code, tokens = await paced_table(host, guest)
        first = (await state(host, code))["to_act"][0]

        async def stood_in():
            return (await state(guest, code))["seats"][first]["stand_in"]
        await eventually(stood_in, timeout=15)

        async def bot_moved_twice():  # the bot plays for the seat (its turns come again and again)
            return len([m for m in (await host.get(f"/api/tables/{code}/chat")).json()
                        if m["kind"] == "pace" and m["text"].startswith("Played by the bot")]) >= 2
        await eventually(bot_moved_twice, timeout=20)
        # the player opens the table: the bot stands in no more
        ws = await WS.open(f"{b.ws_url}/ws/tables/{code}?token={tokens[first]}")
        try:
            async def back():
                return not (await state(host, code))["seats"][first]["stand_in"]
            await eventually(back, timeout=10)
        finally:
            await ws.conn.close()
        chat = (await host.get(f"/api/tables/{code}/chat")).json()
        assert any(m["kind"] == "pace" and m["text"].endswith("is back: the bot no longer plays for "
                                                              f"{'Ann' if first == 0 else 'Bea'}.") for m in chat)
    timed_out = Counter((r["table"], r["seq"]) for r in records(a, b, msg="turn timed out"))
    assert timed_out and set(timed_out.values()) == {1}, timed_out  # never twice, whichever instance


async def test_a_deadline_passed_while_the_server_was_down_fires_once_it_is_back(live_server):
    server = live_server(pace_scale=SCALE, sweep_seconds="0.2")
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as guest:
        code, tokens = await paced_table(host, guest, per_turn="3d")  # 144 s: never on its own in this test
        st = await state(host, code)
        server.stop()
        rewind(server.database_url, code, hours=1)
        server.start()

        async def moved_for_them():
            now = await state(host, code)
            return now["seq"] > st["seq"] and now["seats"][st["to_act"][0]]["stand_in"]
        await eventually(moved_for_them, timeout=15)
        lines = [m["text"] for m in (await host.get(f"/api/tables/{code}/chat")).json() if m["kind"] == "pace"]
        assert lines[0].endswith("comes back to the table.") and "Played by the bot for" in lines[1]
