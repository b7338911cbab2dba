"""Reminders on real servers: the schedule is the database's (a reminder falls due while the server is
down and goes out once it is back), and with two instances sweeping the same tables it goes out once."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import create_engine, update

from app.store import Table, utcnow
from tests.api.helpers import bearer, full_table, state
from tests.api.test_exactly_once import two
from tests.conftest import eventually


def rewind(database_url: str, code: str, hours: float) -> None:
    """Nobody has started or moved at table `code` for `hours` (written straight into the database)."""
    engine = create_engine(database_url.replace("sqlite+aiosqlite", "sqlite", 1))
    then = utcnow() - timedelta(hours=hours)
    try:
        with engine.begin() as conn:
            conn.execute(update(Table).where(Table.code == code).values(moved_at=then, started_at=then))
    finally:
        engine.dispose()


async def hooked_table(c: httpx.AsyncClient, guest: httpx.AsyncClient, hook: str) -> tuple[str, int]:
    """A started table whose host chose 1h reminders, both seats' webhooks at `hook`; (code, seat to act)."""
    t = await full_table(c, guest)
    code, tokens = t["code"], t["tokens"]
    assert (await c.put(f"/api/tables/{code}/reminders", headers=bearer(tokens[0]),
                        json={"after": "1h"})).status_code == 200
    for seat, client in ((0, c), (1, guest)):
        r = await client.put(f"/api/tables/{code}/webhook", headers=bearer(tokens[seat]), json={"url": hook})
        assert r.status_code == 200, r.text
    return code, (await state(c, code))["to_act"][0]


def reminders(rx) -> list[dict]:
    return [q.json() for q in rx.requests if q.json().get("reminder")]


async def test_a_reminder_due_while_the_server_was_down_goes_out_after_the_restart(live_server, loopback):
    server = live_server(webhook_allow_private="1", sweep_seconds="0.2")
    rx = loopback(204)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as c, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as guest:
        code, acting = await hooked_table(c, guest, f"{rx.base}/hook")
    server.stop()
    rewind(server.database_url, code, 2)  # the hour went by while the server was down
    server.start()
    await eventually(lambda: reminders(rx), timeout=10)
    await asyncio.sleep(1.0)  # five more sweeps: none sends it again
    (sent,) = reminders(rx)
    assert sent["table"] == code and sent["seat"] == acting and sent["text"].startswith("Reminder: ")


@pytest.mark.postgres
@pytest.mark.redis
async def test_two_instances_send_a_reminder_exactly_once(live_server, postgres_url, redis_url, loopback):
    a, b = two(live_server, postgres_url, redis_url, webhook_allow_private="1")
    rx = loopback(204)
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as ca, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as cb:
        codes = [await hooked_table(ca, cb, f"{rx.base}/hook") for _ in range(3)]
    for code, _ in codes:
        rewind(postgres_url, code, 2)  # both instances' sweeps (every 0.1 s) find all three due at once
    await eventually(lambda: len(reminders(rx)) >= 3, timeout=10)
    await asyncio.sleep(1.0)  # ten more sweeps of each instance
    sent = sorted((r["table"], r["seat"]) for r in reminders(rx))
    assert sent == sorted(codes)  # one reminder per table's seat to act, from one instance
