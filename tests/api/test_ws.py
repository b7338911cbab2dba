"""WebSocket flows on a real server: two seats and a spectator, presence, chat, errors, reconnect with since."""
from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from app.store.migrate import upgrade
from tests.api.helpers import bearer, full_table, state
from tests.api.wsclient import WS
from tests.conftest import LiveServer


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> LiveServer:
    tmp: Path = tmp_path_factory.mktemp("ws")
    url = f"sqlite+aiosqlite:///{tmp / 'ws.db'}"
    upgrade(url)
    srv = LiveServer(url, tmp / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture
async def http(server):
    clients = []

    def make() -> httpx.AsyncClient:
        c = httpx.AsyncClient(base_url=server.url, timeout=10)
        clients.append(c)
        return c

    yield make
    for c in clients:
        await c.aclose()


async def two_seats(http):
    host, guest = http(), http()
    t = await full_table(host, guest)
    st = await state(host, t["code"], t["tokens"][0])
    return t, st, {0: host, 1: guest}


async def test_two_seats_and_a_spectator_see_their_own_views(server, http):
    t, st, clients = await two_seats(http)
    code, tokens = t["code"], t["tokens"]
    url = f"{server.ws_url}/ws/tables/{code}"
    seat0 = await WS.open(f"{url}?token={tokens[0]}")
    cookie = "icehouse_id=" + clients[1].cookies["icehouse_id"]
    seat1 = await WS.open(url, cookie=cookie)  # the browser way: the identity cookie
    watcher = await WS.open(url)
    socks = {0: seat0, 1: seat1, None: watcher}
    for seat, ws in socks.items():
        first = await ws.recv()
        assert first["type"] == "state" and first["you"] == seat and first["seq"] == 0
        assert (await ws.recv())["type"] == "chat_history"
        if seat is None:
            assert first["legal_moves"] == []
    await watcher.until(lambda m: m["type"] == "presence" and m["connected"] == [0, 1] and m["spectators"] == 1)

    mover = st["to_act"][0]
    mover_state = await state(clients[mover], code, tokens[mover])
    await socks[mover].send({"type": "move", "seq": 0, "move": mover_state["legal_moves"][0]})
    updates = {}
    for seat, ws in socks.items():
        up = updates[seat] = await ws.until("update")
        assert up["seq"] == 1 and up["seat"] == mover and up["move"] == mover_state["legal_moves"][0]
        assert up["state"]["you"] == seat and up["state"]["seq"] == 1 and up["events"]
        assert "secret" not in str(up)
        if seat is None or seat not in up["state"]["to_act"]:
            assert up["state"]["legal_moves"] == []
    nxt = (await state(clients[0], code, tokens[0]))["to_act"]
    for seat in nxt:  # the update's moves (spliced from text the game wrote) are the ones GET gives
        got = await state(clients[seat], code, tokens[seat])
        assert got["legal_moves"] and updates[seat]["state"]["legal_moves"] == got["legal_moves"]
        assert updates[seat]["state"]["move_targets"] == got["move_targets"]
    if nxt and nxt != [mover]:
        turn = await socks[nxt[0]].until("your_turn")
        assert turn["seq"] == 1

    await seat1.send({"type": "chat", "text": "nice move"})
    for ws in socks.values():
        msg = await ws.until("chat")
        assert (msg["seat"], msg["name"], msg["text"]) == (1, "Bea", "nice move")

    await watcher.send({"type": "chat", "text": "can I talk?"})
    err = await watcher.until("error")
    assert "seat token" in err["detail"]
    await seat1.close()
    await watcher.until(lambda m: m["type"] == "presence" and m["connected"] == [0])
    await seat0.close()
    await watcher.close()


async def test_bad_messages_get_an_error_and_the_socket_stays_open(server, http):
    t, st, clients = await two_seats(http)
    code, tokens = t["code"], t["tokens"]
    mover = st["to_act"][0]
    ws = await WS.open(f"{server.ws_url}/ws/tables/{code}?token={tokens[1 - mover]}")
    await ws.until("chat_history")
    move = (await state(clients[mover], code, tokens[mover]))["legal_moves"][0]
    cases = ["{nope", "[1]", {"type": "dance"}, {"type": "move"}, {"type": "move", "seq": 0, "move": []},
             {"type": "move", "seq": 0, "move": move},  # not this seat's turn
             {"type": "move", "seq": 9, "move": move}, {"type": "sync", "since": "x"},
             {"type": "chat", "text": "x" * 600}, "x" * 70_000]
    for case in cases:
        await ws.send(case)
        err = await ws.until(lambda m: m["type"] in ("error",))
        assert isinstance(err["detail"], str) and err["detail"]
    await ws.send({"type": "ping"})
    assert (await ws.until(lambda m: m["type"] in ("pong", "error")))["type"] == "pong"
    await ws.close()


async def test_unknown_table_is_an_error_then_close(server):
    ws = await WS.open(f"{server.ws_url}/ws/tables/zzzzzzzz")
    msg = await ws.recv()
    assert msg["type"] == "error" and "no table" in msg["detail"]
    await ws.close()


async def test_bad_token_is_refused(server, http):
    t, _st, _clients = await two_seats(http)
    ws = await WS.open(f"{server.ws_url}/ws/tables/{t['code']}?token=wrong")
    msg = await ws.recv()
    assert msg["type"] == "error" and "token" in msg["detail"]
    await ws.close()


async def test_reconnect_with_since_gets_the_missed_steps(server, http):
    host = http()
    t = await full_table(host, players=2, bots=1)
    code, token = t["code"], t["tokens"][0]
    url = f"{server.ws_url}/ws/tables/{code}?token={token}"

    async def my_turn() -> dict:
        ws = await WS.open(url)
        st = await ws.recv()
        while st["status"] == "playing" and st["to_act"] != [0]:
            st = (await ws.until("update"))["state"]
        await ws.close()
        return st

    st = await my_turn()
    seen = st["seq"]
    # while "offline", play a move by REST; the bot answers
    r = await host.post(f"/api/tables/{code}/moves", headers=bearer(token),
                        json={"seq": st["seq"], "move": st["legal_moves"][0]})
    assert r.status_code == 200
    st = await my_turn()
    assert st["seq"] > seen
    ws = await WS.open(f"{url}&since={seen}")
    first = await ws.recv()
    assert first["type"] == "state" and first["seq"] == st["seq"]
    assert (await ws.recv())["type"] == "chat_history"
    sync = await ws.until("sync")
    assert [s["seq"] for s in sync["steps"]] == list(range(seen + 1, st["seq"] + 1))
    assert sync["state"]["seq"] == st["seq"]
    await ws.send({"type": "sync", "since": 0})
    sync = await ws.until("sync")
    assert [s["seq"] for s in sync["steps"]] == list(range(1, st["seq"] + 1))
    await ws.close()


async def test_state_is_pushed_on_join_bots_and_start(server, http):
    host = http()
    t = await full_table(host, players=3, start=False)
    code, token = t["code"], t["tokens"][0]
    ws = await WS.open(f"{server.ws_url}/ws/tables/{code}")
    await ws.until("chat_history")
    r = await http().post(f"/api/tables/{code}/join", json={"name": "Cy"})
    assert r.status_code == 200
    msg = await ws.until(lambda m: m["type"] == "state" and m["seats"][1]["name"] == "Cy")
    assert msg["you"] is None
    await host.post(f"/api/tables/{code}/bots", headers=bearer(token))
    await ws.until(lambda m: m["type"] == "state" and m["seats"][2]["bot"])
    await host.post(f"/api/tables/{code}/start", headers=bearer(token))
    await ws.until(lambda m: m["type"] in ("state", "update") and (m.get("status") or m["state"]["status"]) != "lobby")
    await ws.close()


async def test_a_second_tab_gets_the_same_updates_and_rematch_is_pushed(server, http):
    host = http()
    made = (await host.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Solo"})).json()
    code, token = made["code"], made["token"]
    cookie = "icehouse_id=" + host.cookies["icehouse_id"]
    url = f"{server.ws_url}/ws/tables/{code}"
    tabs = [await WS.open(url, cookie=cookie), await WS.open(url, cookie=cookie)]
    for tab in tabs:
        assert (await tab.recv())["you"] == 0
    r = await host.post(f"/api/tables/{code}/start", headers=bearer(token))
    for tab in tabs:
        await tab.until(lambda m: m["type"] == "state" and m["status"] != "lobby")
    if r.json()["status"] == "playing":
        assert (await tabs[0].until("your_turn"))["seq"] == 0
    for _ in range(200):  # play it out with first legal moves; both tabs follow every step
        st = await state(host, code)
        if st["status"] != "playing":
            break
        r = await host.post(f"/api/tables/{code}/moves", json={"seq": st["seq"], "move": st["legal_moves"][0]})
        assert r.status_code == 200
        for tab in tabs:
            assert (await tab.until("update"))["seq"] == st["seq"] + 1
    assert st["status"] == "finished" or (await state(host, code))["status"] == "finished"
    r = await host.post(f"/api/tables/{code}/rematch")
    assert r.status_code == 201
    for tab in tabs:
        pushed = await tab.until(lambda m: m["type"] == "state" and m["rematch"])
        assert pushed["rematch"] == r.json()["code"]
        await tab.close()


async def test_a_sockets_refusals_come_in_its_pages_language(server, http):
    """The socket's sentences follow its page's lang cookie (a bad message, a move out of turn)."""
    t, st, clients = await two_seats(http)
    code, tokens = t["code"], t["tokens"]
    waiting = 1 - st["to_act"][0]
    ws = await WS.open(f"{server.ws_url}/ws/tables/{code}?token={tokens[waiting]}", cookie="lang=de")
    await ws.until("chat_history")
    await ws.send({"type": "sync", "since": "x"})
    assert (await ws.until("error"))["detail"] == "Ein Sync braucht 'since', das letzte seq, das du gesehen hast."
    move = (await state(clients[waiting], code, tokens[waiting]))["legal_moves"]
    await ws.send({"type": "move", "seq": 0, "move": {"action": "draw"}})
    err = await ws.until("error")
    assert err["code"] == "not_your_turn" and err["detail"].startswith("Du bist nicht am Zug"), (err, move)
    await ws.close()
