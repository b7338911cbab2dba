"""Redis goes away and comes back (two instances on PostgreSQL, a Redis of the test's own): moves are
committed and answered 200 while it is down, the mover's own instance tells its sockets at once, and when
Redis returns every socket on every instance gets every move, with no hole in its log."""
from __future__ import annotations

import asyncio

import httpx
import pytest

from app.realtime import RedisBroker
from tests.api.helpers import bearer, full_table, state
from tests.api.services import RedisServer, own_redis, serve  # noqa: F401 - fixtures
from tests.api.wsclient import WS

pytestmark = [pytest.mark.redis, pytest.mark.postgres]


def seq_of(m: dict) -> int | None:
    """The table seq a socket message brings its client to."""
    if m["type"] in ("update", "state"):
        return m["seq"]
    if m["type"] == "sync":
        return m["state"]["seq"]
    return None


def seen_steps(ws: WS) -> set[int]:
    """Every step a socket was told of, by update or sync."""
    out = set()
    for m in ws.received:
        if m["type"] == "update":
            out.add(m["seq"])
        elif m["type"] == "sync":
            out |= {s["seq"] for s in m["steps"]}
    return out


async def reach(ws: WS, seq: int, timeout: float) -> None:
    if any((seq_of(m) or -1) >= seq for m in ws.received):
        return
    await ws.until(lambda m: (seq_of(m) or -1) >= seq, timeout=timeout)


async def play(clients: list[httpx.AsyncClient], code: str, tokens: dict, n: int) -> list[int]:
    """n REST moves by whoever is to act, sent to the instances in turn; returns the status codes."""
    codes = []
    for i in range(n):
        c = clients[i % len(clients)]
        st = await state(c, code, tokens[0])
        seat = st["to_act"][0]
        mine = await state(c, code, tokens[seat])
        r = await c.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                         json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
        codes.append(r.status_code)
    return codes


async def test_moves_while_redis_is_down_reach_every_socket_when_it_returns(serve, postgres_url, own_redis):  # noqa: F811 - the fixture imported above
    # No polling while down (600 s): the sockets on the other instance catch up because Redis came back.
    a = serve(postgres_url, ready=False, redis_url=own_redis.url, broker_poll_seconds=600, log_level="INFO")
    b = serve(postgres_url, ready=False, redis_url=own_redis.url, broker_poll_seconds=600, log_level="INFO")
    a.wait_ready(), b.wait_ready()
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as ca, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as cb:
        t = await full_table(ca, cb)
        code, tokens = t["code"], t["tokens"]
        socks = {(name, seat): await WS.open(f"{srv.ws_url}/ws/tables/{code}" + (f"?token={tokens[seat]}"
                                                                                 if seat is not None else ""))
                 for name, srv in (("a", a), ("b", b)) for seat in (0, 1, None)}
        for ws in socks.values():
            assert (await ws.recv())["type"] == "state"
        assert await play([ca, cb], code, tokens, 2) == [200, 200]
        for ws in socks.values():
            await reach(ws, 2, timeout=5)

        own_redis.stop()
        # While Redis is down every move is committed and answered 200, on either instance ...
        assert await play([ca, cb], code, tokens, 4) == [200] * 4
        # ... and over a socket: the mover's socket hears of it from its own instance.
        st = await state(ca, code, tokens[0])
        seat = st["to_act"][0]
        mine = await state(ca, code, tokens[seat])
        await socks["a", seat].send({"type": "move", "seq": mine["seq"], "move": mine["legal_moves"][0]})
        up = await socks["a", seat].until(lambda m: m["type"] == "error" or (seq_of(m) or -1) >= 7)
        assert up["type"] != "error", up
        assert (await state(cb, code))["seq"] == 7
        # Chat said on A while Redis is down: A's sockets hear it, B's only once Redis is back.
        r = await ca.post(f"/api/tables/{code}/chat", json={"text": "said while cut off"},
                          headers=bearer(tokens[0]))
        assert r.status_code in (200, 201), r.text
        await asyncio.sleep(0.5)

        own_redis.start()
        started = asyncio.get_running_loop().time()
        for ws in socks.values():  # every socket on both instances gets every move within seconds
            await reach(ws, 7, timeout=10)
        took = asyncio.get_running_loop().time() - started
        assert took < 8, took
        for key, ws in socks.items():
            assert seen_steps(ws) >= set(range(1, 8)), (key, sorted(seen_steps(ws)))
        def has_chat(m: dict) -> bool:
            return ((m["type"] == "chat" and m["text"] == "said while cut off")
                    or (m["type"] == "chat_history" and any(x["text"] == "said while cut off" for x in m["messages"])))

        for key, ws in socks.items():  # B's sockets get the chat again from the database
            if not any(has_chat(m) for m in ws.received):
                await ws.until(has_chat, timeout=10)
            assert key[0] == "b" or any(m["type"] == "chat" for m in ws.received if has_chat(m)), key

        # The broker is whole again: a move on B reaches A's sockets through Redis.
        assert await play([cb], code, tokens, 1) == [200]
        for ws in socks.values():
            await reach(ws, 8, timeout=5)
        for ws in socks.values():
            await ws.close()
    for server in (a, b):
        text = server.log()
        assert "redis broker down" in text and "redis broker reconnected" in text, text[-2000:]


async def test_a_broker_cut_off_from_redis_delivers_here_never_raises_and_reconnects(tmp_path):
    redis = RedisServer(tmp_path)  # not started yet: the broker starts without Redis
    if redis.binary is None:
        pytest.skip("redis-server is not installed")
    broker = RedisBroker(redis.url, backoff=(0.05, 0.2), first_wait=0.2)
    seen, reconnected = [], asyncio.Event()

    async def handler(message: dict) -> None:
        seen.append(message["n"])

    async def on_reconnect() -> None:
        reconnected.set()

    broker.subscribe(handler, on_reconnect)
    await broker.start()
    try:
        assert not broker.up
        await broker.publish({"n": 1})  # no Redis: delivered here, no exception
        assert seen == [1] and broker.local_only == 1
        await asyncio.to_thread(redis.start)
        await asyncio.wait_for(reconnected.wait(), 5)
        assert broker.up
        await broker.publish({"n": 2})  # through Redis now: delivered once
        for _ in range(100):
            if 2 in seen:
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.1)
        assert seen == [1, 2]
        redis.stop()
        await broker.publish({"n": 3})  # Redis went away under it: still delivered here
        assert seen[-1] == 3 and not broker.up
        assert broker.outages >= 1
    finally:
        await broker.stop()
        redis.stop()
