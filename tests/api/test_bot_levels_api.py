"""A host picks the level of the game's bot when adding one (POST /api/tables/{code}/bots {"bot"}): one of
the levels GET /api/games lists, the game's own bot by default; a level the game's bot lacks is refused."""
from __future__ import annotations

import asyncio

from tests.api.helpers import bearer


async def test_a_host_adds_a_bot_of_a_chosen_level(client):
    games = {g["name"]: g for g in (await client.get("/api/games")).json()}
    assert games["turning-points"]["bot_levels"] == ["strong", "standard"]
    assert games["dash"]["bot_levels"] == []
    r = await client.post("/api/tables", json={"game": "turning-points", "players": 3, "name": "Ann"})
    made = r.json()
    code, auth = made["code"], bearer(made["token"])
    r = await client.post(f"/api/tables/{code}/bots", headers=auth, json={"bot": "turning-points:standard"})
    assert r.status_code == 200, r.text
    r = await client.post(f"/api/tables/{code}/bots", headers=auth, json={"bot": "turning-points:expert"})
    assert r.status_code == 422 and "turning-points:strong" in r.json()["detail"]
    assert (await client.post(f"/api/tables/{code}/bots", headers=auth, json={})).status_code == 200
    seats = (await client.get(f"/api/tables/{code}")).json()["seats"]
    assert [s["bot"] for s in seats] == [False, True, True]


async def test_the_table_page_offers_the_levels_to_the_host(client):
    r = await client.post("/api/tables", json={"game": "martian-treasure-hunt", "players": 2, "name": "Ann"})
    page = (await client.get(f"/t/{r.json()['code']}")).text
    assert 'data-bot-levels="martian-treasure-hunt:standard martian-treasure-hunt:easy"' in page
    r = await client.post("/api/tables", json={"game": "dash", "players": 2, "name": "Ann"})
    assert "data-bot-levels" not in (await client.get(f"/t/{r.json()['code']}")).text


async def test_a_bot_of_a_chosen_level_plays_a_whole_game(client):
    r = await client.post("/api/tables", json={"game": "turning-points", "players": 2, "name": "Ann"})
    code, auth = r.json()["code"], bearer(r.json()["token"])
    r = await client.post(f"/api/tables/{code}/bots", headers=auth, json={"bot": "turning-points:standard"})
    assert r.status_code == 200, r.text
    assert (await client.post(f"/api/tables/{code}/start", headers=auth)).status_code == 200
    for _ in range(400):
        st = (await client.get(f"/api/tables/{code}", headers=auth)).json()
        if st["status"] == "finished":
            assert st["seq"] == 16 and st["result"]["winners"]   # 16 placements: the bot made its eight
            return
        if st["to_act"] == [0]:
            r = await client.post(f"/api/tables/{code}/moves", headers=auth,
                                  json={"seq": st["seq"], "move": st["legal_moves"][0]})
            assert r.status_code in (200, 409), r.text
        else:
            await asyncio.sleep(0.05)
    raise AssertionError("the game did not end")
