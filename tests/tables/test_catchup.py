"""Sockets that missed messages are brought up to date from the database (app/tables/live/catchup.py): a move
that skips a seq a socket has not had becomes a sync with the missing steps; a periodic check finds sockets
behind their table; a socket is never sent a move twice."""
from __future__ import annotations

import asyncio

import orjson

from tests.api.helpers import bearer, full_table, state
from tests.conftest import eventually


async def socket_on(ctx, code: str, seat: int) -> tuple:
    """A hub connection that records what it is sent, as if welcomed at the table's current seq."""
    got: list[dict] = []

    async def send(message) -> None:
        got.append(message if isinstance(message, dict) else orjson.loads(message))

    async def close(_code: int) -> None:
        pass

    conn = ctx.hub.connect(code, seat, send, close)
    snap = (await ctx.live.get(code)).snap
    conn.seq, conn.stamp = snap.seq, snap.updated_at
    conn.open([])
    return conn, got


def told(got: list[dict]) -> list[dict]:
    """The messages that bring a client to a seq (not your_turn, presence or chat)."""
    return [m for m in got if m["type"] in ("update", "sync", "state")]


async def play(client, code: str, tokens: dict, n: int) -> int:
    for _ in range(n):
        st = await state(client, code, tokens[0])
        seat = st["to_act"][0]
        mine = await state(client, code, tokens[seat])
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                              json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
        assert r.status_code == 200, r.text
    return r.json()["seq"]


async def test_a_move_after_a_lost_one_becomes_a_sync_with_the_missing_steps(app, new_client):
    ctx = app.state.tables
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code, tokens = t["code"], t["tokens"]
    conn, got = await socket_on(ctx, code, 1)
    assert await play(host, code, tokens, 3) == 3
    await eventually(lambda: [m["seq"] for m in got if m["type"] == "update"] == [1, 2, 3])

    conn.seq = 1  # as if the updates for 2 and 3 had been lost on the way
    got.clear()
    await play(host, code, tokens, 1)
    await eventually(lambda: any(m["type"] == "sync" for m in got))
    sync = next(m for m in got if m["type"] == "sync")
    assert sync["since"] == 1 and [s["seq"] for s in sync["steps"]] == [2, 3, 4]
    assert sync["state"]["seq"] == 4 and sync["state"]["you"] == 1
    assert [m["type"] for m in told(got)] == ["sync"]  # no update that skips a seq
    assert conn.seq == 4

    got.clear()
    await play(host, code, tokens, 1)  # back to plain updates
    await eventually(lambda: told(got))
    await asyncio.sleep(0.05)
    assert [(m["type"], m["seq"]) for m in told(got)] == [("update", 5)]


async def test_the_check_finds_sockets_behind_their_table_and_a_move_is_never_sent_twice(app, new_client):
    ctx = app.state.tables
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code, tokens = t["code"], t["tokens"]
    conn, got = await socket_on(ctx, code, 0)
    current, _ = await socket_on(ctx, code, None)
    await play(host, code, tokens, 2)
    await eventually(lambda: len(told(got)) == 2)
    assert await ctx.catch_up.check() == 0  # everyone is up to date: nothing read, nothing sent

    conn.seq = 0  # as if the broker had lost both moves for this socket
    got.clear()
    assert await ctx.catch_up.check() == 1
    await eventually(lambda: told(got))
    [sync] = told(got)
    assert sync["type"] == "sync" and [s["seq"] for s in sync["steps"]] == [1, 2]

    conn.stamp = "2000-01-01T00:00:00Z"  # the table changed without a move (a lobby, an admin)
    got.clear()
    assert await ctx.catch_up.check() == 1
    await eventually(lambda: told(got))
    assert [m["type"] for m in told(got)] == ["state"]

    got.clear()
    snap = (await ctx.live.get(code)).snap  # a late copy of a move the socket has had already
    await ctx.on_message({"kind": "move", "table": code, **snap.last, "snap": snap.to_dict()})
    await asyncio.sleep(0.05)
    assert told(got) == []


async def test_an_instance_back_from_an_outage_makes_the_others_look_at_the_database(app, new_client):
    ctx = app.state.tables
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code, tokens = t["code"], t["tokens"]
    conn, got = await socket_on(ctx, code, 1)
    await play(host, code, tokens, 2)
    await eventually(lambda: len(told(got)) == 2)
    conn.seq = 0  # the other instance told only its own sockets of these moves while it was cut off
    got.clear()
    await ctx.on_message({"kind": "resync", "instance": ctx.instance})  # our own: nothing to do
    await asyncio.sleep(0.1)
    assert told(got) == []
    await ctx.on_message({"kind": "resync", "instance": "another"})
    await eventually(lambda: told(got))
    assert told(got)[0]["type"] == "sync" and told(got)[0]["state"]["seq"] == 2
