"""On a real server over real sockets: a Martian Treasure Hunt arrangement reaches nobody
but the seat that made it before the reveal: not in the state's `last`, GET /log, the socket's `update`, a
socket `sync`, nor a reconnect's `since` sync; after the reveal every viewer gets the moves as made.
"""
from __future__ import annotations

import httpx

from tests.api.helpers import bearer
from tests.api.wsclient import WS

GAME = "martian-treasure-hunt"
ANN = [5, 3, 1, 0, 2, 4]  # seat 0's arrangement: far from the default, so a leak is unmistakable
BEA = [2, 4, 0, 5, 1, 3]
HIDDEN = {"order": None}


def shown(step: dict) -> dict:
    """What a step says of the move: the move and any order its events carry."""
    return {"move": step["move"], "orders": [e["order"] for e in step["events"] if "order" in e]}


async def test_an_arrangement_stays_hidden_until_the_reveal_everywhere(live_server):
    server = live_server()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as ann, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as bea, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as eve:
        r = await ann.post("/api/tables", json={"game": GAME, "players": 2, "name": "Ann"})
        assert r.status_code == 201, r.text
        code, tokens = r.json()["code"], {0: r.json()["token"]}
        r = await bea.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        assert r.status_code == 200, r.text
        tokens[1] = r.json()["token"]
        assert (await ann.post(f"/api/tables/{code}/start", headers=bearer(tokens[0]))).status_code == 200

        url = f"{server.ws_url}/ws/tables/{code}"
        socks = {0: await WS.open(f"{url}?token={tokens[0]}"), 1: await WS.open(f"{url}?token={tokens[1]}"),
                 None: await WS.open(url)}  # Eve watches
        for ws in socks.values():
            await ws.until("chat_history")
        clients = {0: ann, 1: bea, None: eve}

        async def everything(seat: int | None) -> list[dict]:
            """Every step `seat` is given, every way: state last, log, update, sync, a reconnect's since."""
            auth = bearer(tokens[seat]) if seat is not None else {}
            got = []
            st = (await clients[seat].get(f"/api/tables/{code}", headers=auth)).json()
            got.append(st["last"])
            got += (await clients[seat].get(f"/api/tables/{code}/log", headers=auth)).json()["steps"]
            update = await socks[seat].until(lambda m: m.get("type") == "update" and m["seq"] == st["seq"])
            got += [update, update["state"]["last"]]
            await socks[seat].send({"type": "sync", "since": 0})
            got += (await socks[seat].until("sync"))["steps"]
            again = await WS.open(f"{url}?since=0" + (f"&token={tokens[seat]}" if seat is not None else ""))
            got += (await again.until("sync"))["steps"]
            await again.close()
            return [shown(step) for step in got if step["seq"] == 1]

        r = await ann.post(f"/api/tables/{code}/moves", headers=bearer(tokens[0]),
                           json={"seq": 0, "move": {"order": ANN}})
        assert r.status_code == 200, r.text
        assert await everything(0) == [{"move": {"order": ANN}, "orders": [ANN]}] * 6
        for seat in (1, None):  # Bea, who has still to arrange, and Eve
            assert await everything(seat) == [{"move": HIDDEN, "orders": []}] * 6, seat
        r = await eve.get(f"/api/tables/{code}/replay", params={"seq": 1})  # the replay opens at the end only
        assert r.status_code == 409 and r.json()["code"] == "not_over", r.text

        r = await bea.post(f"/api/tables/{code}/moves", headers=bearer(tokens[1]),
                           json={"seq": 1, "move": {"order": BEA}})
        assert r.status_code == 200, r.text
        for seat in (0, 1, None):  # the reveal: the moves as made, to everyone
            log = (await clients[seat].get(f"/api/tables/{code}/log",
                                           headers=bearer(tokens[seat]) if seat is not None else {})).json()
            assert [step["move"] for step in log["steps"][:2]] == [{"order": ANN}, {"order": BEA}], seat
            update = await socks[seat].until(lambda m: m.get("type") == "update" and m["seq"] == 2)
            assert update["move"] == {"order": BEA} and update["state"]["last"]["move"] == {"order": BEA}
        for ws in socks.values():
            await ws.close()
