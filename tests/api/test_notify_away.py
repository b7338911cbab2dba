"""A turn is announced on a seat's channels (a chat room's webhook, ntfy, Web Push) only
when no page of that seat is at the table: none open, or every one hidden (Page Visibility, told over the
socket) for longer than ICEHOUSE_AWAY_AFTER_SECONDS. A real server, real sockets, a loopback receiver."""
from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from app.tables.live.presence import Presence, hidden_here
from tests.api.helpers import bearer, full_table, state
from tests.api.wsclient import WS


async def hooked_table(server, rx, clients) -> tuple[str, dict]:
    """A started two-person 3-High table whose both seats have a chat-room webhook and an ntfy topic."""
    host, guest = clients
    t = await full_table(host, guest)
    code, tokens = t["code"], t["tokens"]
    for seat, client in enumerate(clients):
        r = await client.put(f"/api/tables/{code}/webhook", headers=bearer(tokens[seat]),
                             json={"url": f"{rx.base}/hooks/{seat}", "format": "slack"})
        assert r.status_code == 200, r.text
        r = await client.put(f"/api/tables/{code}/ntfy", headers=bearer(tokens[seat]),
                             json={"url": f"{rx.base}/topic-{seat}"})
        assert r.status_code == 200, r.text
    return code, tokens


async def play_one(clients, code: str, tokens: dict) -> dict:
    """The seat to act plays its first legal move; returns the state after it."""
    st = await state(clients[0], code, tokens[0])
    mover = st["to_act"][0]
    mine = await state(clients[mover], code, tokens[mover])
    r = await clients[mover].post(f"/api/tables/{code}/moves", headers=bearer(tokens[mover]),
                                  json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
    assert r.status_code == 200, r.text
    return await state(clients[0], code, tokens[0])


def posts_for(rx, seat: int) -> list:
    return [q for q in rx.requests if q.path in (f"/hooks/{seat}", f"/topic-{seat}", "/")
            and (q.path != "/" or q.json().get("topic") == f"topic-{seat}")]


async def open_seats(server, code: str, tokens: dict) -> dict[int, WS]:
    url = f"{server.ws_url}/ws/tables/{code}"
    socks = {seat: await WS.open(f"{url}?token={token}") for seat, token in tokens.items()}
    for ws in socks.values():
        assert (await ws.recv())["type"] == "state"
    return socks


async def wait_posts(rx, seat: int, count: int, timeout: float) -> float:
    start = time.monotonic()
    while len(posts_for(rx, seat)) < count:
        assert time.monotonic() - start < timeout, f"seat {seat}: {len(posts_for(rx, seat))} posts, not {count}"
        await asyncio.sleep(0.05)
    return time.monotonic() - start


async def test_no_post_while_the_seat_is_at_the_table_and_one_once_it_leaves(live_server, loopback):
    server = live_server(webhook_allow_private="1")
    rx = loopback(204)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as guest:
        clients = (host, guest)
        code, tokens = await hooked_table(server, rx, clients)
        socks = await open_seats(server, code, tokens)
        st = await state(host, code, tokens[0])
        for _ in range(8):  # a lively game: every turn of both seats, both pages open and visible
            st = await play_one(clients, code, tokens)
            if st["status"] != "playing":
                break
        if st["status"] != "playing":
            pytest.skip("the game ended before a seat could leave")
        await asyncio.sleep(1.5)  # a turn message would have been posted by now
        assert rx.requests == [], [q.path for q in rx.requests]
        waiting = st["to_act"][0]
        await socks[waiting].close()  # the seat to act closes its page
        took = await wait_posts(rx, waiting, 2, timeout=5)  # its webhook and its ntfy topic, once each
        await asyncio.sleep(1.0)
        assert len(posts_for(rx, waiting)) == 2 and len(rx.requests) == 2, [q.path for q in rx.requests]
        assert {q.path for q in posts_for(rx, waiting)} & {f"/hooks/{waiting}"}
        print(f"turn posted {took:.2f} s after the seat's page closed")
        await socks[1 - waiting].close()


async def test_a_hidden_page_is_told_after_the_grace_and_a_shown_one_is_not(live_server, loopback):
    server = live_server(webhook_allow_private="1", away_after_seconds="1.5")
    rx = loopback(204)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as guest:
        clients = (host, guest)
        code, tokens = await hooked_table(server, rx, clients)
        socks = await open_seats(server, code, tokens)
        st = await state(host, code, tokens[0])
        waiting = 1 - st["to_act"][0]
        # hidden, then shown again within the grace: still at the table, nothing posted
        await socks[waiting].send({"type": "visibility", "visible": False})
        await asyncio.sleep(0.2)
        st = await play_one(clients, code, tokens)
        if st["status"] != "playing":
            pytest.skip("the first play ended the game")
        assert st["to_act"] == [waiting]
        await asyncio.sleep(0.5)
        await socks[waiting].send({"type": "visibility", "visible": True})
        await asyncio.sleep(2.5)  # past the grace
        assert rx.requests == [], [q.path for q in rx.requests]
        # hidden (another tab) and left hidden: told once its grace has run out, not before
        hidden_at = time.monotonic()
        await socks[waiting].send({"type": "visibility", "visible": False})
        await wait_posts(rx, waiting, 2, timeout=6)
        took = time.monotonic() - hidden_at
        assert 1.4 <= took <= 4.5, took
        await asyncio.sleep(1.0)
        assert len(rx.requests) == 2, [q.path for q in rx.requests]
        # its next turn, with the page hidden for longer than the grace already: told at once
        other = 1 - waiting
        r = await clients[waiting].get(f"/api/tables/{code}", headers=bearer(tokens[waiting]))
        mine = r.json()
        r = await clients[waiting].post(f"/api/tables/{code}/moves", headers=bearer(tokens[waiting]),
                                        json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
        assert r.status_code == 200, r.text
        if r.json()["status"] != "playing":
            pytest.skip("the game ended")
        st = await play_one(clients, code, tokens)  # the other seat (visible: not told) plays
        assert not posts_for(rx, other)
        if st["status"] != "playing" or st["to_act"] != [waiting]:
            pytest.skip("the game ended")
        start = time.monotonic()
        await wait_posts(rx, waiting, 4, timeout=3)
        assert time.monotonic() - start < 1.4  # not held for another grace
        for ws in socks.values():
            await ws.close()


async def test_a_visibility_message_is_checked(live_server):
    server = live_server()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host:
        code, tokens = (t := await full_table(host, players=1))["code"], t["tokens"]
        socks = await open_seats(server, code, tokens)
        ws = socks[0]
        for bad in ({"type": "visibility"}, {"type": "visibility", "visible": "no"},
                    {"type": "visibility", "visible": 0}):
            await ws.send(bad)
            err = await ws.until("error")
            assert err["code"] == "bad_message" and "'visible', true or false" in err["detail"]
        await ws.send({"type": "visibility", "visible": False})
        await ws.send({"type": "ping"})
        assert (await ws.until(lambda m: m["type"] in ("pong", "error")))["type"] == "pong"  # no error, still open
        await ws.close()


def test_presence_merges_visibility_over_instances():
    now = [1000.0]
    p = Presence(ttl=90, clock=lambda: now[0])
    p.update("T", "a", [0, 1], 0, [[1, 990.0]])  # seat 1 hidden on a since 990
    p.update("T", "b", [1], 0, [])  # ... and shown on b
    assert p.at_table("T", 0, 60, now=1000.0) and p.at_table("T", 1, 60, now=1000.0)
    p.update("T", "b", [], 0)  # b's page closes: seat 1 hidden everywhere since 990
    assert p.seen_at("T", 1, 1000.0) == 990.0
    assert p.at_table("T", 1, 60, now=1049.0) and not p.at_table("T", 1, 60, now=1051.0)
    assert not p.at_table("T", 2, 60, now=1000.0)  # never there
    p.update("T", "a", [0, 1], 0, [["x", 1], [1, "y"], 5, [0, True]])  # junk from the broker is ignored
    assert p.at_table("T", 1, 0, now=1e9)

    class Conn:
        def __init__(self, seat, hidden_since):
            self.seat, self.hidden_since = seat, hidden_since
    assert hidden_here([Conn(0, 5.0), Conn(0, None), Conn(1, 3.0), Conn(1, 7.0), Conn(None, 1.0)]) == [[1, 7.0]]
