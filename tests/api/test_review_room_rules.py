"""A review room's rules on every path that reaches them: a name or a pointer that breaks the text policy is
refused to its sender and the room goes on for everyone else; a member's key is the room's own; what-ifs are
kept by the room's members (or the table's players), a few per person, and visitors can never fill the table's
what-ifs for its players. Each test failed before its fix."""
from __future__ import annotations

import httpx
from tests.api.test_review_room import at, finished_solo, room
from tests.api.wsclient import WS

REFUSED_NAMES = ["\ud800", "a\x00b", "a\u202eb", "\u3164", "a\u200bb", "\u3164\u3164 "]


async def pair(server, code: str, cookie: str) -> tuple[WS, WS]:
    """The host (who leads) and a guest in the room, both past their first room state."""
    ann = await WS.open(f"{server.ws_url}/ws/review/{code}", cookie=cookie)
    bea = await WS.open(f"{server.ws_url}/ws/review/{code}")
    await ann.until("welcome")
    await bea.until(lambda m: room(m) and len(m["members"]) == 2)
    return ann, bea


async def test_a_name_the_policy_refuses_is_refused_to_its_sender_and_the_room_goes_on(live_server):
    server = live_server()
    code, cookie = finished_solo(server.url)
    ann, bea = await pair(server, code, cookie)
    try:
        for i, name in enumerate(REFUSED_NAMES):
            await ann.send({"type": "goto", "pos": {"ply": 1, "name": name}})
            err = await ann.until("error")
            assert err["code"] == "bad_text" and err["detail"].startswith("A what-if's name"), (name, err)
            # the room still works for everyone: the leader's next step reaches the other member
            await ann.send({"type": "goto", "pos": {"ply": 2 + i}})
            shown = await at(bea, 2 + i)
            assert shown["pos"]["name"] is None
        # a fair name is kept as the policy cleans it (NFC, spaces collapsed)
        await ann.send({"type": "goto", "pos": {"ply": 1, "name": "  Cafe\u0301   plan "}})
        assert (await at(bea, 1))["pos"]["name"] == "Café plan"
    finally:
        await ann.close()
        await bea.close()


async def test_a_pointer_on_no_step_is_refused_and_the_room_goes_on(live_server):
    server = live_server()
    code, cookie = finished_solo(server.url)
    ann, bea = await pair(server, code, cookie)
    try:
        for wrong in ["\ud800", "1\u202e", "1\x00", "<b>1</b>", "1+2", "x" * 10, ""]:
            await bea.send({"type": "point", "svg": 0, "x": 1, "y": 2, "at": wrong})
            assert (await bea.until("error"))["code"] == "bad_message", wrong
        for good in ("7", "12+3:k2f9z"):
            await bea.send({"type": "point", "svg": 1, "x": 1, "y": 2, "at": good})
            assert (await ann.until("point"))["point"]["at"] == good
    finally:
        await ann.close()
        await bea.close()


async def test_a_members_key_is_the_rooms_own(live_server):
    server = live_server()
    first, cookie = finished_solo(server.url)
    second, _ = finished_solo(server.url, cookie)   # Ann's second table, from the same browser
    keys = {}
    for code in (first, second):
        one = await WS.open(f"{server.ws_url}/ws/review/{code}", cookie=cookie)
        two = await WS.open(f"{server.ws_url}/ws/review/{code}", cookie=cookie)   # another tab: the same person
        try:
            hello, again = await one.until("welcome"), await two.until("welcome")
            assert hello["you"]["key"] == again["you"]["key"] == hello["host"]["key"]
            state = await two.until(lambda m: room(m) and m["members"])
            assert [m["key"] for m in state["members"]] == [hello["you"]["key"]]   # one person, two sockets
            keys[code] = hello["you"]["key"]
        finally:
            await one.close()
            await two.close()
    assert keys[first] != keys[second]   # a key seen in one room names nobody in another


REFS = iter(range(10**6))


async def keep(ws: WS, name: str, ply: int, moves: list) -> dict:
    """Keep a what-if from the room's socket: the answer ("kept" or "error") that carries our ref."""
    ref = f"r{next(REFS)}"
    await ws.send({"type": "keep", "ref": ref, "name": name, "ply": ply, "moves": moves})
    return await ws.until(lambda m: m.get("ref") == ref and m.get("type") in ("kept", "error"))


async def test_what_ifs_are_kept_by_members_a_few_each_and_a_flood_leaves_the_players_room(live_server):
    server = live_server()
    code, cookie = finished_solo(server.url)
    with httpx.Client(base_url=server.url, timeout=10) as c:
        start = c.post(f"/api/tables/{code}/review/line", json={"ply": 0}).json()
    moves = [{"seat": 0, "move": start["choices"][0]["move"]}]
    ann, guest = await pair(server, code, cookie)
    try:
        # a guest of the room keeps one: "kept" with its drop key to the guest, the room hears of it
        kept = await keep(guest, "mine", 0, moves)
        assert kept["type"] == "kept" and kept["branch"]["author"].startswith("Guest ")
        assert len(kept["branch"]["drop_key"]) == 32
        heard = await ann.until("kept")
        assert heard["id"] == kept["branch"]["id"] and "drop_key" not in heard
        # a person keeps at most ten
        for i in range(9):
            assert (await keep(guest, f"g{i}", 0, moves))["type"] == "kept"
        refused = await keep(guest, "g10", 0, moves)
        assert refused["type"] == "error" and refused["code"] == "too_many_yours" and refused["status"] == 409
        # a new guest socket is a new guest, but the guests keep ten between them
        other = await WS.open(f"{server.ws_url}/ws/review/{code}")
        try:
            await other.until("room")
            refused = await keep(other, "guest again", 0, moves)
            assert refused["code"] == "too_many_branches" and "Guests" in refused["detail"]
        finally:
            await other.close()
        # visitors with an identity keep ten each, thirty between every visitor
        flooders = []
        for n in range(3):
            with httpx.Client(base_url=server.url, timeout=10) as c:
                c.post("/api/tables", json={"game": "three-high", "players": 1, "name": f"V{n}"}).raise_for_status()
                flooders.append("; ".join(f"{k}={v}" for k, v in c.cookies.items()))
        results = []
        for n, visitor_cookie in enumerate(flooders):
            ws = await WS.open(f"{server.ws_url}/ws/review/{code}", cookie=visitor_cookie)
            try:
                await ws.until("room")
                for i in range(10):
                    results.append((await keep(ws, f"v{n}-{i}", 0, moves)).get("code", "kept"))
            finally:
                await ws.close()
        assert results.count("kept") == 20 and results[20:] == ["too_many_branches"] * 10
        # the table's own player still keeps hers, over REST and from the room
        with httpx.Client(base_url=server.url, timeout=10, headers={"Cookie": cookie}) as c:
            r = c.post(f"/api/tables/{code}/review/branches", json={"name": "Ann's", "ply": 0, "moves": moves})
            assert r.status_code == 201, r.text
        assert (await keep(ann, "Ann's too", 0, moves))["type"] == "kept"
        with httpx.Client(base_url=server.url, timeout=10) as c:
            listed = c.get(f"/api/tables/{code}/review/branches").json()
        assert len(listed) == 32
        # what the room refuses to keep: a bad name, an illegal line, nothing to keep
        for name, line in (("\u202eevil", moves), ("ok", moves * 2), ("ok", [])):
            refused = await keep(ann, name, 0, line)
            assert refused["type"] == "error" and refused["status"] == 422, (name, refused)
    finally:
        await ann.close()
        await guest.close()
