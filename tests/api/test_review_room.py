"""The review room's socket: the host leads first, followers get every step the leader goes to,
anyone takes the lead, a person browses alone and comes back, pointers reach the others; every message is
bounded and rate-limited, the socket is the browser's own (Origin check, no ?token=), and the room works
across two app instances that share only the Redis broker (and PostgreSQL)."""
from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.api.helpers import bearer
from tests.api.review_deal import ADMIN, PLY, WINNING, as_moves, import_lost_game
from tests.api.wsclient import WS


def finished_solo(base: str, cookie: str | None = None) -> tuple[str, str]:
    """Ann's solo 3-High table played to the end (first legal move each time), from a new browser or the one
    with `cookie`: its code and Ann's cookie."""
    with httpx.Client(base_url=base, timeout=10) as c:
        if cookie:
            c.cookies.update(dict(x.split("=", 1) for x in cookie.split("; ")))
        made = c.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Ann"}).json()
        code, auth = made["code"], bearer(made["token"])
        c.post(f"/api/tables/{code}/start", headers=auth)
        for _ in range(200):
            st = c.get(f"/api/tables/{code}", headers=auth).json()
            if st["status"] != "playing":
                break
            c.post(f"/api/tables/{code}/moves", headers=auth, json={"seq": st["seq"], "move": st["legal_moves"][0]})
        assert st["status"] == "finished"
        return code, "; ".join(f"{k}={v}" for k, v in c.cookies.items())


def room(msg: dict) -> bool:
    return msg.get("type") == "room"


async def at(ws: WS, ply: int, at_: int = 0) -> dict:
    return await ws.until(lambda m: room(m) and m["pos"]["ply"] == ply and m["pos"]["at"] == at_)


async def test_the_host_leads_followers_follow_and_anyone_takes_the_lead(live_server):
    server = live_server()
    code, ann_cookie = finished_solo(server.url)
    ann = await WS.open(f"{server.ws_url}/ws/review/{code}", cookie=ann_cookie)
    bea = await WS.open(f"{server.ws_url}/ws/review/{code}")
    try:
        hello = await ann.until("welcome")
        assert hello["you"]["name"] == "Ann" and hello["host"]["key"] == hello["you"]["key"] and hello["of"] > 0
        guest = (await bea.until("welcome"))["you"]
        assert guest["name"].startswith("Guest ") and guest["seat"] is None
        first = await bea.until(lambda m: room(m) and len(m["members"]) == 2)
        assert first["leader"]["name"] == "Ann" and first["pos"]["ply"] == hello["of"]   # the host, at the end
        await ann.send({"type": "goto", "pos": {"ply": 3}})
        await at(bea, 3)
        # a follower cannot move the room
        await bea.send({"type": "goto", "pos": {"ply": 5}})
        refused = await bea.until("error")
        assert refused["code"] == "not_leader"
        # she takes the lead; now the host follows her
        await bea.send({"type": "lead"})
        led = await ann.until(lambda m: room(m) and m["leader"]["key"] == guest["key"])
        assert led["pos"]["ply"] == 3
        await bea.send({"type": "goto", "pos": {"ply": 1}})
        await at(ann, 1)
        # browsing alone shows in the members; coming back too
        await ann.send({"type": "alone", "alone": True})
        members = await bea.until(lambda m: room(m) and any(x["alone"] for x in m["members"]))
        assert [x["name"] for x in members["members"] if x["alone"]] == ["Ann"]
        await ann.send({"type": "alone", "alone": False})
        await bea.until(lambda m: room(m) and not any(x["alone"] for x in m["members"]))
        # a pointer reaches the others, with who points, as sent (rounded)
        await bea.send({"type": "point", "svg": 0, "x": 12.345, "y": 40, "at": "1"})
        seen = await ann.until("point")
        assert seen["by"]["name"] == guest["name"] and seen["point"] == {"svg": 0, "x": 12.35, "y": 40.0, "at": "1"}
        # when the last person leaves the room it is forgotten: the host leads again, at the end
        await ann.close()
        await bea.close()
        again = await WS.open(f"{server.ws_url}/ws/review/{code}")
        state = await again.until("room")
        assert state["leader"]["name"] == "Ann" and state["pos"]["ply"] == hello["of"] and state["rev"] == 0
        await again.close()
    finally:
        await ann.close()
        await bea.close()


async def test_a_what_if_step_is_checked_before_anyone_follows_it(live_server):
    server = live_server(admin_token=ADMIN)
    code = import_lost_game(server.url)
    lead = await WS.open(f"{server.ws_url}/ws/review/{code}")
    other = await WS.open(f"{server.ws_url}/ws/review/{code}")
    try:
        await lead.until("room")
        await lead.send({"type": "lead"})   # an imported table has no host: the first to ask leads
        await other.until(lambda m: room(m) and m["leader"] is not None)
        line = as_moves(WINNING)
        await lead.send({"type": "goto", "pos": {"ply": PLY, "line": line, "at": 4, "branch": None, "name": "win"}})
        got = await at(other, PLY, 4)
        assert got["pos"]["line"] == line and got["pos"]["name"] == "win"
        bad = [{"seat": 0, "move": {"card": "AH", "side": "N", "piece": "red3"}}]
        await lead.send({"type": "goto", "pos": {"ply": PLY, "line": bad, "at": 1}})
        err = await lead.until("error")
        assert err["code"] == "illegal_move" and err["detail"].startswith("Move 1 of the what-if")
        for wrong in ({"ply": -1}, {"ply": 10_000}, {"ply": 1, "at": 2}, {"ply": 1, "line": [{"seat": 0}] * 61},
                      {"ply": 1, "branch": "../x"}, "nope"):
            await lead.send({"type": "goto", "pos": wrong})
            assert (await lead.until("error"))["code"] == "bad_message", wrong
        await lead.send({"type": "goto", "pos": {"ply": 1, "name": "x" * 61}})   # the text policy of every name
        assert (await lead.until("error"))["code"] == "bad_text"
    finally:
        await lead.close()
        await other.close()


async def test_messages_are_bounded_and_rate_limited(live_server):
    server = live_server()
    code, _ = finished_solo(server.url)
    ws = await WS.open(f"{server.ws_url}/ws/review/{code}")
    try:
        await ws.until("room")
        await ws.send("x" * 20_000)
        assert "too long" in (await ws.until("error"))["detail"]
        await ws.send("[1, 2]")
        assert (await ws.until("error"))["code"] == "bad_message"
        await ws.send({"type": "teleport"})
        assert (await ws.until("error"))["code"] == "bad_message"
        for bad in ({"svg": 99, "x": 1, "y": 1, "at": "1"}, {"svg": 0, "x": 1e9, "y": 1, "at": "1"},
                    {"svg": 0, "x": "1", "y": 1, "at": "1"}, {"svg": 0, "x": 1, "y": 1, "at": "x" * 121}):
            await ws.send({"type": "point", **bad})
            assert (await ws.until("error"))["code"] == "bad_message", bad
        for _ in range(40):
            await ws.send({"type": "point", "svg": 0, "x": 1, "y": 1, "at": "0"})
        limited = await ws.until(lambda m: m.get("code") == "rate_limited")
        assert limited["status"] == 429 and limited["retry_after"] >= 1
        await ws.send({"type": "ping"})
        assert (await ws.until("pong"))["type"] == "pong"   # the socket stays open
    finally:
        await ws.close()


async def test_the_room_is_the_browsers_own_and_opens_only_after_the_end(live_server):
    server = live_server()
    code, cookie = finished_solo(server.url)
    evil = {"Cookie": cookie, "Origin": "https://evil.example"}
    async with connect(f"{server.ws_url}/ws/review/{code}", additional_headers=evil, open_timeout=5) as ws:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
        assert msg["code"] == "bad_origin"
    async with connect(f"{server.ws_url}/ws/review/{code}?token=abc", open_timeout=5) as ws:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
        assert msg["code"] == "invalid"
    with httpx.Client(base_url=server.url, timeout=10) as c:
        made = c.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Cy"}).json()
        c.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
    for path, cause in ((f"/ws/review/{made['code']}", "not_over"), ("/ws/review/nosuchtb", "not_found")):
        async with connect(f"{server.ws_url}{path}", open_timeout=5) as ws:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
            assert msg["code"] == cause


@pytest.mark.redis
@pytest.mark.postgres
async def test_one_room_across_two_instances(live_server, postgres_url, redis_url):
    channel = f"review-{id(object())}"
    a = live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel, admin_token=ADMIN)
    b = live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel, admin_token=ADMIN)
    a.wait_ready()
    b.wait_ready()
    code = import_lost_game(a.url)
    one = await WS.open(f"{a.ws_url}/ws/review/{code}")
    try:
        await one.until("room")
        await one.send({"type": "lead"})
        await one.until(lambda m: room(m) and m["leader"] is not None)
        await one.send({"type": "goto", "pos": {"ply": 7}})
        await at(one, 7)
        # a person on the other instance joins the room as it is (the snap of instance a), not afresh
        two = await WS.open(f"{b.ws_url}/ws/review/{code}")
        try:
            first = await two.until("room")
            assert first["pos"]["ply"] == 7 and first["leader"] is not None and first["rev"] == 2
            await one.until(lambda m: room(m) and len(m["members"]) == 2)
            await one.send({"type": "goto", "pos": {"ply": 9}})
            await at(two, 9)
            await two.send({"type": "lead"})
            await one.until(lambda m: room(m) and m["leader"]["name"] != first["leader"]["name"])
            await two.send({"type": "goto", "pos": {"ply": PLY, "line": as_moves(WINNING), "at": 2}})
            await at(one, PLY, 2)
            await two.send({"type": "point", "svg": 1, "x": 5, "y": 6, "at": f"{PLY}+2:k2f9"})
            assert (await one.until("point"))["point"]["svg"] == 1
        finally:
            await two.close()
    finally:
        await one.close()
