"""A storm of spectator sockets never knocks a seated player off (presence is coalesced:
one pending presence per socket, replaced, not queued), and spectator sockets are capped per table and per
client address (refused with 4029 and a sentence). Over a real server and real sockets."""
from __future__ import annotations

import asyncio
import json

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.api.helpers import bearer, full_table, state
from tests.api.wsclient import WS

TOO_MANY = 4029


async def _spectator(url: str, source: str = "127.0.0.1"):
    return await connect(url, open_timeout=10, local_addr=(source, 0), max_queue=None)


async def _refusal(conn) -> tuple[dict, int, str]:
    """The error message and the close code and reason of a socket the server refused."""
    first = json.loads(await asyncio.wait_for(conn.recv(), 5))
    try:
        await asyncio.wait_for(conn.recv(), 5)
        raise AssertionError("the refused socket was not closed")
    except ConnectionClosed:
        pass
    return first, conn.close_code, conn.close_reason


async def test_a_spectator_storm_does_not_drop_a_seated_player(live_server):
    # A small send queue makes the storm bite sooner; the caps are lifted so that every spectator gets in.
    server = live_server(ws_queue_size="4", ws_spectators_per_table="1000", ws_spectators_per_address="1000")
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as host, \
            httpx.AsyncClient(base_url=server.url, timeout=20) as guest:
        t = await full_table(host, guest, players=2)
        code, tokens = t["code"], t["tokens"]
        player = await WS.open(f"{server.ws_url}/ws/tables/{code}?token={tokens[0]}")
        await player.until("state")
        seen: list[dict] = []

        async def read() -> None:  # the player reads promptly, as a browser does
            while True:
                seen.append(json.loads(await player.conn.recv()))

        reader = asyncio.create_task(read())
        url = f"{server.ws_url}/ws/tables/{code}"
        spectators = []
        for _ in range(4):  # 200 spectators, 50 at once
            spectators += await asyncio.gather(*(_spectator(url) for _ in range(50)))
        await asyncio.sleep(1.0)  # the presence messages of the storm reach the player
        assert not reader.done(), f"the player's socket closed: {player.conn.close_code} {reader.exception()}"
        presences = [m for m in seen if m["type"] == "presence"]
        assert presences and presences[-1]["spectators"] == 200, presences[-3:]
        # It still gets the game: the other seat moves, the update arrives.
        seat = (await state(host, code, tokens[0]))["to_act"][0]
        st = await state(guest if seat == 1 else host, code, tokens[seat])
        r = await (guest if seat == 1 else host).post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                                                     json={"seq": st["seq"], "move": st["legal_moves"][0]})
        assert r.status_code == 200, r.text
        for _ in range(100):
            if any(m["type"] == "update" and m["seq"] == st["seq"] + 1 for m in seen):
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError(f"no update reached the player; last messages {seen[-3:]}")
        assert not reader.done()
        reader.cancel()
        await asyncio.gather(*(s.close() for s in spectators), return_exceptions=True)
        await player.close()
        assert "dropping slow socket" not in server.log()


async def test_spectator_sockets_are_capped_per_address_and_per_table(live_server):
    server = live_server(ws_spectators_per_table="5", ws_spectators_per_address="3")
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as host, \
            httpx.AsyncClient(base_url=server.url, timeout=20) as guest:
        t = await full_table(host, guest, players=2)
        code, tokens = t["code"], t["tokens"]
        url = f"{server.ws_url}/ws/tables/{code}"
        mine = [await _spectator(url) for _ in range(3)]
        for conn in mine:
            assert json.loads(await asyncio.wait_for(conn.recv(), 5))["type"] == "state"
        extra = await _spectator(url)  # the fourth from one address
        error, close_code, reason = await _refusal(extra)
        assert close_code == TOO_MANY and error["code"] == "too_many_sockets", (error, close_code)
        assert "address" in error["detail"] and error["detail"].endswith("."), error
        assert reason == error["detail"]
        # Seated players are never refused, from the same address too.
        for seat in (0, 1):
            ws = await WS.open(f"{url}?token={tokens[seat]}")
            assert (await ws.until("state"))["you"] == seat
            await ws.close()
        # Other addresses fill the table's five spectator places; the sixth is refused for the table.
        others = [await _spectator(url, "127.0.0.2"), await _spectator(url, "127.0.0.3")]
        for conn in others:
            assert json.loads(await asyncio.wait_for(conn.recv(), 5))["type"] == "state"
        error, close_code, reason = await _refusal(await _spectator(url, "127.0.0.4"))
        assert close_code == TOO_MANY and "table" in error["detail"], (error, close_code)
        # A place freed is a place taken again.
        await mine[0].close()
        for _ in range(100):
            again = await _spectator(url)
            first = json.loads(await asyncio.wait_for(again.recv(), 5))
            if first["type"] == "state":
                break
            await again.close()
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("a freed spectator place was never given again")
        for conn in [*mine[1:], *others, again]:
            await conn.close()
