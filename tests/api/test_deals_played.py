"""The already-played rule on every path that seats a person at a table dealt a
deal. A browser (its identity cookie) that sits at a table of a deal, in its lobby, playing, finished or
abandoned, is refused a seat at any other table of that deal with a 409 `already_played` and a sentence:
today's deal (POST /api/deals/today/tables), the deal's own route (POST /api/deals/{id}/tables, e.g. "Play
this deal" of its own finished table) and a join (POST /api/tables/{code}/join). Otherwise the second table
(say one with open hands) shows the first table's hidden hands and draw pile. Two tabs at once are refused
too (the writer checks again in its transaction). A rematch is dealt afresh and an admin's import seats
nobody: neither puts a person at a table of the deal. On SQLite and PostgreSQL."""
from __future__ import annotations

import asyncio

import pytest

from app.store import ENDED, deal_queries
from tests.api.helpers import age, bearer
# database_url and settings: the fixtures that run every test on SQLite and on PostgreSQL
from tests.api.test_deals import ADMIN, database_url, play_to_end, row, settings, today_solo  # noqa: F401 - fixtures

PAIR = 2  # today's 3-High deal for two seats


async def today_id(client, players: int = PAIR) -> str:
    deals = (await client.get("/api/deals/today")).json()["deals"]
    return next(d["id"] for d in deals if d["game"] == "three-high" and d["players"] == players)


async def pair_table(host, guest=None, *, name: str = "Ann", options: dict | None = None, start: bool = False) -> dict:
    """A 2-seat table dealt today's 2-seat deal, the host at seat 0 (and `guest` at 1); {"code", "tokens"}."""
    r = await host.post("/api/deals/today/tables", json={"players": PAIR, "name": name, "options": options})
    assert r.status_code == 201, r.text
    made = r.json()
    tokens = {0: made["token"]}
    if guest is not None:
        r = await guest.post(f"/api/tables/{made['code']}/join", json={"name": "Bea"})
        assert r.status_code == 200, r.text
        tokens[1] = r.json()["token"]
    if start:
        r = await host.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
        assert r.status_code == 200, r.text
    return {"code": made["code"], "tokens": tokens}


async def play_pair_to_end(client, code: str, tokens: dict[int, str]) -> None:
    for _ in range(400):
        st = (await client.get(f"/api/tables/{code}", headers=bearer(tokens[0]))).json()
        if st["status"] != "playing":
            assert st["status"] == "finished"
            return
        seat = st["to_act"][0]
        mine = (await client.get(f"/api/tables/{code}", headers=bearer(tokens[seat]))).json()
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                              json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
        assert r.status_code == 200, r.text
    raise AssertionError("the game never ended")


async def standing(app, ann, bea, how: str) -> str:
    """Ann's own table on today's 2-seat deal (hidden hands), left `how`: its code."""
    first = await pair_table(ann, bea, options={"hidden_hands": True}, start=how != "lobby")
    if how == "finished":
        await play_pair_to_end(ann, first["code"], first["tokens"])
    elif how == "abandoned":
        st = (await ann.get(f"/api/tables/{first['code']}", headers=bearer(first["tokens"][0]))).json()
        seat = st["to_act"][0]
        mine = (await ann.get(f"/api/tables/{first['code']}", headers=bearer(first["tokens"][seat]))).json()
        await ann.post(f"/api/tables/{first['code']}/moves", headers=bearer(first["tokens"][seat]),
                       json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
        from app.tables import housekeeping
        await age(app, first["code"], app.state.tables.settings.abandon_after_seconds + 60)
        assert first["code"] in (await housekeeping.run(app.state.tables))["abandoned"]
    assert (await row(app, first["code"])).status == {"lobby": "lobby", "playing": "playing"}.get(how, how)
    return first["code"]


def refused(r, first: str) -> None:
    """A 409 already_played with a sentence naming Ann's own table or the deal's results; no seat given."""
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["code"] == "already_played" and set(body) == {"detail", "code"}, body
    assert isinstance(body["detail"], str) and body["detail"].endswith("."), body
    assert first in body["detail"] or "/deals/" in body["detail"], body
    assert "token" not in r.text and "hands" not in r.text and "draw_pile" not in r.text


PATHS = ["today", "deal_route", "join"]


@pytest.mark.parametrize("how", ["lobby", "playing", "finished", "abandoned"])
@pytest.mark.parametrize("path", PATHS)
async def test_a_browser_on_a_deal_is_refused_a_seat_at_any_other_table_of_it(app, new_client, path, how):
    ann, bea, cal = new_client(), new_client(), new_client()
    first = await standing(app, ann, bea, how)
    did = await today_id(ann)
    assert (await row(app, first)).deal_id == did
    open_hands = {"hidden_hands": False}
    if path == "today":
        r = await ann.post("/api/deals/today/tables", json={"players": PAIR, "name": "Ann", "options": open_hands})
    elif path == "deal_route":
        r = await ann.post(f"/api/deals/{did}/tables", json={"name": "Ann", "options": open_hands})
    else:  # Cal's open-hands table of the same deal: Ann would sit at seat 1 and read its cards
        other = await pair_table(cal, name="Cal", options=open_hands)
        r = await ann.post(f"/api/tables/{other['code']}/join", json={"name": "Ann"})
        seats = (await cal.get(f"/api/tables/{other['code']}", headers=bearer(other["tokens"][0]))).json()["seats"]
        assert seats[1]["name"] is None  # the seat stays open
    refused(r, first)
    mine = (await ann.get(f"/api/deals/{did}")).json()["mine"]
    assert [x["code"] for x in mine] == [first]  # no second table of the deal for Ann
    # Bea, Ann's partner, is refused the same way; a stranger is not
    if path == "deal_route":
        refused(await bea.post(f"/api/deals/{did}/tables", json={"name": "Bea"}), first)
        made = await cal.post(f"/api/deals/{did}/tables", json={"name": "Cal", "options": open_hands})
        assert made.status_code == 201, made.text


async def test_play_this_deal_of_ones_own_finished_table_is_refused(app, new_client):
    """A replay of one's own finished table (its "Play this deal"): refused, the partner too; others may."""
    ann, bea, dan = new_client(), new_client(), new_client()
    r = await ann.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Ann"})
    made = r.json()
    joined = (await bea.post(f"/api/tables/{made['code']}/join", json={"name": "Bea"})).json()
    await ann.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
    await play_pair_to_end(ann, made["code"], {0: made["token"], 1: joined["token"]})
    deal = (await ann.get(f"/api/tables/{made['code']}/deal")).json()  # names the deal of a fresh table
    for who in (ann, bea):
        refused(await who.post(f"/api/deals/{deal['id']}/tables", json={"name": "Again"}), made["code"])
    copy = await dan.post(f"/api/deals/{deal['id']}/tables", json={"name": "Dan"})
    assert copy.status_code == 201, copy.text
    refused(await ann.post(f"/api/tables/{copy.json()['code']}/join", json={"name": "Ann"}), made["code"])
    assert (await dan.get(f"/api/tables/{copy.json()['code']}")).json()["seats"][1]["name"] is None


async def identity(client) -> None:
    """Give the browser its identity cookie (a table dealt afresh)."""
    r = await client.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Ann"})
    assert r.status_code == 201, r.text


@pytest.mark.parametrize("blind", [False, True])
async def test_two_tabs_creating_tables_of_a_deal_at_once_get_one(app, new_client, monkeypatch, blind):
    """Two tabs at once: one table. `blind`: the check step sees no table of the deal (as when every tab
    read before any committed), so the writer's own check in its transaction alone refuses the others."""
    if blind:
        async def nothing(*args, **kwargs):
            return []
        monkeypatch.setattr(deal_queries, "seats_on_deal", nothing)
    ann, cal = new_client(), new_client()
    await identity(ann)
    did = await today_id(ann)
    other = await pair_table(cal, name="Cal")  # the deal's row is stored: its own route finds it
    answers = await asyncio.gather(
        ann.post("/api/deals/today/tables", json={"players": PAIR, "name": "Ann"}),
        ann.post("/api/deals/today/tables", json={"players": PAIR, "name": "Ann"}),
        ann.post(f"/api/deals/{did}/tables", json={"name": "Ann"}),
        ann.post(f"/api/deals/{did}/tables", json={"name": "Ann"}))
    assert sorted(r.status_code for r in answers) == [201, 409, 409, 409], [r.text for r in answers]
    assert all(r.json()["code"] == "already_played" for r in answers if r.status_code == 409)
    assert len((await ann.get(f"/api/deals/{did}")).json()["mine"]) == 1
    # and two tabs joining two tables of the deal at once
    third = await pair_table(new_client(), name="Dan")
    bob = new_client()
    await identity(bob)
    answers = await asyncio.gather(bob.post(f"/api/tables/{other['code']}/join", json={"name": "Bob"}),
                                   bob.post(f"/api/tables/{third['code']}/join", json={"name": "Bob"}))
    assert sorted(r.status_code for r in answers) == [200, 409], [r.text for r in answers]
    assert len((await bob.get(f"/api/deals/{did}")).json()["mine"]) == 1


async def test_the_other_ways_to_a_table_seat_nobody_at_a_table_of_the_deal(app, new_client):
    """A rematch of a deal's table is dealt afresh (no deal, other cards); an admin's import of it seats
    nobody and is over (nobody joins); a table made by POST /api/tables has a fresh deal of its own."""
    ann, bea = new_client(), new_client()
    first = await today_solo(ann)
    await play_to_end(ann, first["code"], first["token"])
    t = await row(app, first["code"])
    r = await ann.post(f"/api/tables/{first['code']}/rematch", headers=bearer(first["token"]))
    assert r.status_code == 201, r.text
    again = await row(app, r.json()["code"])
    assert again.deal_id is None and again.seed != t.seed and again.initial_doc != t.initial_doc

    old_file = "?format=icehouse-table/1"  # the older export, which the import still reads
    exported = (await ann.get(f"/api/admin/tables/{first['code']}/export{old_file}", headers=ADMIN)).json()
    r = await ann.post("/api/admin/import", json=exported, headers=ADMIN)
    assert r.status_code == 201, r.text
    imported = await row(app, r.json()["code"])
    assert imported.deal_id is None and imported.status in ENDED
    async with app.state.tables.db.session() as s:
        from sqlalchemy import select
        from app.store import Seat
        seats = (await s.execute(select(Seat).where(Seat.table_id == imported.id))).scalars().all()
    assert all(x.player_id is None for x in seats)
    for who in (ann, bea):
        r = await who.post(f"/api/tables/{imported.code}/join", json={"name": "Eve"})
        assert r.status_code == 409 and r.json()["code"] == "wrong_status", r.text

    fresh = await ann.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Ann"})
    assert (await row(app, fresh.json()["code"])).deal_id is None
