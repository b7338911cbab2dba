"""A note written during the game never travels on a socket (docs/API.md "Notes on a move"): the other seat's
socket, a spectator's and the author's own get nothing of it, not even after the next move's update; the
REST answers keep it the author's until the end (tests/api/test_notes.py). Once the game has ended, a note
written, edited or deleted (by its author or the admin) reaches the table's review rooms at once, on every
instance, each socket with its own "mine", and never the table's sockets. Through a real `icehouse serve`."""
from __future__ import annotations

import json

import httpx
import pytest

from tests.api.helpers import bearer
from tests.api.test_exactly_once import two
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


# -- once the game has ended: live in the review rooms --------------------------------------------------------
ADMIN_TOKEN = "notes-admin-token"


async def play_out(client: httpx.AsyncClient, code: str, tokens: dict[int, str]) -> None:
    """First legal moves by whoever is to act until the game ends."""
    for _ in range(600):
        st = (await client.get(f"/api/tables/{code}")).json()
        if st["status"] != "playing":
            return
        seat = st["to_act"][0]
        mine = (await client.get(f"/api/tables/{code}", headers=bearer(tokens[seat]))).json()
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                              json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
        assert r.status_code == 200, r.text
    raise AssertionError("the game never ended")


def cookie_of(client: httpx.AsyncClient) -> str:
    return "; ".join(f"{k}={v}" for k, v in client.cookies.items())


async def notes_live(server, other=None) -> None:
    """Ann notes her move during the game (private), the game ends; review sockets (Ann's, Bea's, a guest's;
    on `other`'s instance when given) get each note written, edited and deleted (by its author or the admin)
    as GET .../notes gives it, with their own "mine"; the table's sockets get no note at all, and nothing of
    the private note reached any socket before the end."""
    there = other or server
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as ann, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as bea:
        r = await ann.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Ann"})
        code, tokens = r.json()["code"], {0: r.json()["token"]}
        r = await bea.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        tokens[r.json()["seat"]] = r.json()["token"]
        assert (await ann.post(f"/api/tables/{code}/start", headers=bearer(tokens[0]))).status_code == 200
        table_sockets = [await WS.open(f"{there.ws_url}/ws/tables/{code}?token={tokens[1]}"),
                         await WS.open(f"{there.ws_url}/ws/tables/{code}")]
        log = []
        while not any(s["seat"] == 0 for s in log):
            await play_out_one(ann, code, tokens)
            log = (await ann.get(f"/api/tables/{code}/log")).json()["steps"]
            if (await ann.get(f"/api/tables/{code}")).json()["status"] != "playing":
                break
        ann_move = next(s["seq"] for s in log if s["seat"] == 0)
        r = await ann.post(f"/api/tables/{code}/moves/{ann_move}/notes", headers=bearer(tokens[0]),
                           json={"text": SECRET})
        assert r.status_code == 201, r.text
        private = r.json()
        assert private["during"] or (await ann.get(f"/api/tables/{code}")).json()["status"] != "playing"
        for ws in table_sockets:
            await ws.send({"type": "ping"})
            await ws.until("pong")
            assert SECRET not in json.dumps(ws.received)
        await play_out(ann, code, tokens)
        base = f"{there.ws_url}/ws/review/{code}"
        review = {"ann": await WS.open(base, cookie=cookie_of(ann)), "bea": await WS.open(base, cookie=cookie_of(bea)),
                  "guest": await WS.open(base)}
        blind = await WS.open(base + "?nospoil=1")  # a spoiler-free page's socket: that notes changed, not where
        for ws in [*review.values(), blind]:
            await ws.until("welcome")
            await ws.until("room")
        changed = {"type": "note", "op": "changed"}
        try:
            # Bea writes: everyone gets the note as GET gives it, Bea's socket "mine"
            r = await bea.post(f"/api/tables/{code}/moves/1/notes", json={"text": "What a start"})
            assert r.status_code == 201, r.text
            written = r.json()
            for who, ws in review.items():
                got = await ws.until("note")
                assert got["op"] == "write" and got["note"] == written | {"mine": who == "bea"}, who
            assert await blind.until("note") == changed
            # a spoiler-free page asks only for the notes on the moves its viewer has reached
            assert (await bea.get(f"/api/tables/{code}/notes?upto=0")).json() == []
            upto_one = (await bea.get(f"/api/tables/{code}/notes?upto=1")).json()
            assert {n["id"] for n in upto_one} == {written["id"]} | ({private["id"]} if ann_move == 1 else set())
            every = (await bea.get(f"/api/tables/{code}/notes")).json()
            assert [n for n in every if n["seq"] <= 1] == upto_one and len(every) == 2
            assert (await bea.get(f"/api/tables/{code}/notes?upto=-1")).status_code == 422
            # Ann edits her note of the game (public now): everyone gets its new text
            r = await ann.patch(f"/api/tables/{code}/notes/{private['id']}", json={"text": "Plan B, in fact"})
            assert r.status_code == 200, r.text
            for who, ws in review.items():
                got = await ws.until("note")
                assert got["op"] == "edit" and got["note"]["text"] == "Plan B, in fact", who
                assert got["note"]["mine"] is (who == "ann") and got["note"]["during"] is private["during"]
            assert await blind.until("note") == changed
            # Bea deletes hers; the admin deletes Ann's: everyone drops them
            assert (await bea.delete(f"/api/tables/{code}/notes/{written['id']}")).status_code == 204
            for ws in review.values():
                assert await ws.until("note") == {"type": "note", "op": "drop", "id": written["id"], "seq": 1}
            assert await blind.until("note") == changed
            r = await ann.delete(f"/api/admin/tables/{code}/notes/{private['id']}",
                                 headers=bearer(ADMIN_TOKEN))
            assert r.status_code == 204, r.text
            for ws in review.values():
                got = await ws.until("note")
                assert got == {"type": "note", "op": "drop", "id": private["id"], "seq": ann_move}
            assert await blind.until("note") == changed
            notes_told = [m for m in blind.received if m.get("type") == "note"]
            assert notes_told == [changed] * 4 and "Plan B" not in json.dumps(blind.received)
            assert (await ann.get(f"/api/tables/{code}/notes")).json() == []
        finally:
            for ws in [*review.values(), blind]:
                await ws.conn.close()
        for ws in table_sockets:  # the table's own sockets: no note, ever
            await ws.send({"type": "ping"})
            await ws.until("pong")
            assert all(m.get("type") != "note" for m in ws.received) and SECRET not in json.dumps(ws.received)
            await ws.conn.close()


async def play_out_one(client: httpx.AsyncClient, code: str, tokens: dict[int, str]) -> None:
    st = (await client.get(f"/api/tables/{code}")).json()
    seat = st["to_act"][0]
    mine = (await client.get(f"/api/tables/{code}", headers=bearer(tokens[seat]))).json()
    r = await client.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                          json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
    assert r.status_code == 200, r.text


async def test_notes_on_an_ended_table_reach_its_review_room_at_once_and_only_there(live_server):
    await notes_live(live_server(admin_token=ADMIN_TOKEN))


@pytest.mark.postgres
@pytest.mark.redis
async def test_notes_reach_a_review_room_on_another_instance(live_server, postgres_url, redis_url):
    a, b = two(live_server, postgres_url, redis_url, admin_token=ADMIN_TOKEN)
    await notes_live(a, b)
