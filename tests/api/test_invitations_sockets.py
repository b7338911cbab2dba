"""An invitation's link never travels on a socket (docs/API.md "Invitations"): the table's sockets (a seat
that accepted, the host's own, a spectator's) hear each seat reserved, accepted and declined as a state with
`invited` seats, and never a link nor its hash. Through a real `icehouse serve`."""
from __future__ import annotations

import json

import httpx

from app.tables.identity import hash_token
from tests.api.helpers import bearer
from tests.api.wsclient import WS


async def test_links_reach_no_socket(live_server):
    server = live_server()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as ann, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as bea, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as cid:
        r = await ann.post("/api/tables", json={"game": "martian-treasure-hunt", "players": 3, "name": "Ann"})
        code, host = r.json()["code"], r.json()["token"]
        base = f"{server.ws_url}/ws/tables/{code}"
        sockets = {"ann": await WS.open(f"{base}?token={host}"), "spectator": await WS.open(base)}
        r = await ann.post(f"/api/tables/{code}/invitations", headers=bearer(host), json={"names": ["Bea", "Cid"]})
        assert r.status_code == 201, r.text
        links = [x["link"].split("#", 1)[1] for x in r.json()]
        for ws in sockets.values():
            await ws.until(lambda m: m.get("type") == "state" and m["seats"][2].get("invited"))
        r = await bea.post("/api/invitations/accept", json={"link": links[0]})
        assert r.status_code == 200, r.text
        sockets["bea"] = await WS.open(f"{base}?token={r.json()['token']}")
        await sockets["bea"].until("state")
        assert (await cid.post("/api/invitations/decline", json={"link": links[1]})).status_code == 204
        for ws in sockets.values():
            await ws.until(lambda m: m.get("type") == "state" and m["seats"][2]["name"] is None)
        for who, ws in sockets.items():
            seen = json.dumps(ws.received)
            for link in links:
                assert link not in seen and hash_token(link) not in seen, who
            await ws.conn.close()
