"""`icehouse serve` writes a table socket's messages straight to its transport (app/web/serving.py
send_now): every seat and spectator still gets every update once, in order, with the chat between them."""
from __future__ import annotations

import asyncio

import httpx
import pytest

from tests.api.services import serve  # noqa: F401 - fixture
from tests.api.wsclient import WS


async def test_every_socket_gets_every_update_once_in_order_through_the_served_app(serve, sqlite_url):  # noqa: F811 - the fixture imported above
    server = serve(sqlite_url, rate_limit_move=0, rate_limit_chat=0,
                   rate_limit_chat_address=0)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as c:
        made = (await c.post("/api/tables", json={"game": "three-high", "players": 3, "name": "Ann"})).json()
        code, tokens = made["code"], [made["token"]]
        for name in ("Bea", "Cy"):  # each from a browser of their own
            async with httpx.AsyncClient(base_url=server.url, timeout=10) as friend:
                tokens.append((await friend.post(f"/api/tables/{code}/join", json={"name": name})).json()["token"])
        r = await c.post(f"/api/tables/{code}/start", headers={"authorization": f"Bearer {tokens[0]}"})
        assert r.status_code == 200, r.text
    seats = [await WS.open(f"{server.ws_url}/ws/tables/{code}?token={t}") for t in tokens]
    watchers = [await WS.open(f"{server.ws_url}/ws/tables/{code}") for _ in range(2)]
    socks = seats + watchers
    states = [await s.until("state") for s in socks]
    seq = states[0]["seq"]
    seen: list[list[tuple]] = [[] for _ in socks]
    lines = 0
    while states[0]["status"] == "playing" and seq < 40:
        to_act = states[0]["to_act"][0]
        move = states[to_act]["legal_moves"][0]
        await seats[to_act].send({"type": "move", "seq": seq, "move": move})
        if seq % 5 == 0:
            lines += 1
            await seats[(to_act + 1) % 3].send({"type": "chat", "text": f"line {lines}"})
        for i, s in enumerate(socks):
            while True:
                m = await s.recv()
                if m["type"] == "chat":
                    seen[i].append(("chat", m["text"]))
                elif m["type"] == "update":
                    seen[i].append(("update", m["seq"]))
                    states[i] = m["state"]
                    break
        seq = states[0]["seq"]
    await asyncio.sleep(0.2)  # a chat line sent after the last move
    for i, s in enumerate(socks):
        try:
            while True:
                m = await s.recv(timeout=0.2)
                if m["type"] == "chat":
                    seen[i].append(("chat", m["text"]))
        except asyncio.TimeoutError:
            pass
    updates = [n for kind, n in seen[0] if kind == "update"]
    assert updates == list(range(states[0]["seq"] - len(updates) + 1, states[0]["seq"] + 1)) and len(updates) >= 10
    chats = [t for kind, t in seen[0] if kind == "chat"]
    assert chats == [f"line {n}" for n in range(1, lines + 1)]
    for i in range(1, len(socks)):
        assert [x for x in seen[i] if x[0] == "update"] == [x for x in seen[0] if x[0] == "update"], i
        assert [x for x in seen[i] if x[0] == "chat"] == [x for x in seen[0] if x[0] == "chat"], i
    for s in socks:
        await s.close()


async def test_a_seat_brought_to_act_gets_the_update_then_its_turn_once_and_watchers_no_turn(serve, sqlite_url):  # noqa: F811 - the fixture imported above
    """The update and the your_turn it brings leave together: each seat's socket sees, for every move, the
    update and then (only when the move brought that seat to act) one your_turn for that seq."""
    server = serve(sqlite_url, rate_limit_move=0)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as c:
        made = (await c.post("/api/tables", json={"game": "three-high", "players": 3, "name": "Ann"})).json()
        code, tokens = made["code"], [made["token"]]
        for name in ("Bea", "Cy"):
            async with httpx.AsyncClient(base_url=server.url, timeout=10) as friend:
                tokens.append((await friend.post(f"/api/tables/{code}/join", json={"name": name})).json()["token"])
        assert (await c.post(f"/api/tables/{code}/start",
                             headers={"authorization": f"Bearer {tokens[0]}"})).status_code == 200
    seats = [await WS.open(f"{server.ws_url}/ws/tables/{code}?token={t}") for t in tokens]
    watcher = await WS.open(f"{server.ws_url}/ws/tables/{code}")
    socks = [*seats, watcher]
    states = [await s.until("state") for s in socks]
    for _ in range(12):
        st = states[0]
        if st["status"] != "playing":
            break
        to_act = st["to_act"][0]
        await seats[to_act].send({"type": "move", "seq": st["seq"], "move": states[to_act]["legal_moves"][0]})
        for i, s in enumerate(socks):
            update = await s.until("update")
            states[i] = update["state"]
            brought = [x for x in update["state"]["to_act"] if x not in st["to_act"]]
            if i < 3 and i in brought:
                assert await s.recv() == {"type": "your_turn", "seq": update["seq"]}
        for s in socks:  # nothing else: no second your_turn, none to a seat not brought to act
            with pytest.raises(asyncio.TimeoutError):
                m = await s.recv(timeout=0.05)
                assert m["type"] in ("presence",), m
                raise asyncio.TimeoutError
    assert states[0]["seq"] >= 8
    for s in socks:
        await s.close()


@pytest.mark.parametrize("length", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_frame_header_is_what_the_websocket_library_writes(length):
    """send_now frames text itself (no extension): its header is the one websockets would write."""
    from websockets.frames import Frame, Opcode

    from app.web.serving import text_header

    data = b"x" * length
    assert text_header(length) + data == Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])
