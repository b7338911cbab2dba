"""A note written during the game never travels on a socket (docs/API.md "Notes on a move"): the other seat's
socket, a spectator's and the author's own get nothing of it, not even after the next move's update; the
REST answers keep it the author's until the end (tests/api/test_notes.py). Through a real `icehouse serve`."""
from __future__ import annotations

import json

import httpx

from tests.api.helpers import bearer
from tests.api.wsclient import WS

SECRET = "zq-private-note-7731"


async def test_a_note_during_the_game_reaches_no_socket(live_server):
    server = live_server()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as ann, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as bea:
        r = await ann.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Ann"})
        code, tokens = r.json()["code"], {0: r.json()["token"]}
        r = await bea.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        tokens[r.json()["seat"]] = r.json()["token"]
        assert (await ann.post(f"/api/tables/{code}/start", headers=bearer(tokens[0]))).status_code == 200
        base = f"{server.ws_url}/ws/tables/{code}"
        sockets = {"ann": await WS.open(f"{base}?token={tokens[0]}"), "bea": await WS.open(f"{base}?token={tokens[1]}"),
                   "spectator": await WS.open(base)}
        for ws in sockets.values():
            await ws.until("chat_history")
        state = (await ann.get(f"/api/tables/{code}", headers=bearer(tokens[0]))).json()
        actor = state["to_act"][0]
        client = ann if actor == 0 else bea
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(tokens[actor]),
                              json={"seq": state["seq"], "move": (await client.get(
                                  f"/api/tables/{code}", headers=bearer(tokens[actor]))).json()["legal_moves"][0]})
        assert r.status_code == 200, r.text
        seq = r.json()["seq"]
        r = await client.post(f"/api/tables/{code}/moves/{seq}/notes", headers=bearer(tokens[actor]),
                              json={"text": SECRET})
        assert r.status_code in (200, 201), r.text
        other = 1 - actor
        state = (await client.get(f"/api/tables/{code}", headers=bearer(tokens[other]))).json()
        if other in state["to_act"]:  # the next move's update goes to every socket after the note
            r = await (bea if other == 1 else ann).post(
                f"/api/tables/{code}/moves", headers=bearer(tokens[other]),
                json={"seq": state["seq"], "move": state["legal_moves"][0]})
            assert r.status_code == 200, r.text
        for ws in sockets.values():
            await ws.send({"type": "ping"})
            await ws.until("pong")
        for who, ws in sockets.items():
            assert SECRET not in json.dumps(ws.received), who
            await ws.conn.close()
        mine = (await client.get(f"/api/tables/{code}/notes", headers=bearer(tokens[actor]))).json()
        theirs = (await (bea if other == 1 else ann).get(f"/api/tables/{code}/notes",
                                                         headers=bearer(tokens[other]))).json()
        assert SECRET in json.dumps(mine) and SECRET not in json.dumps(theirs)
