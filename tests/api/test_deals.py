"""Deals everyone can play: the deal of the day's derivation, tables dealt a deal, a named deal
replayed exactly, the spoiler rule, never dealt today's deal twice, nothing of a deal before the end.
The flows that write run on SQLite and PostgreSQL."""
from __future__ import annotations

import json
from datetime import date, timedelta

import pytest
from sqlalchemy import select

from app.config import Settings
from app.games import GAMES
from app.store import Table
from app.tables.deals.core import daily, daily_deal, daily_seed, deal_id, well_formed
from tests.api.helpers import bearer

SECRET, OTHER = b"\x01" * 32, b"\x02" * 32
TOKEN = "deal-admin-token"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}
DAY = date(2026, 12, 9)


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, sqlite_url):
    return request.getfixturevalue("postgres_url") if request.param == "postgres" else sqlite_url


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    bot_processes=0, bot_seconds=0.1, admin_token=TOKEN,
                    # no yardstick plays in a thread to wait for at shutdown (test_scores.py has them)
                    analysis_seconds=0)


# -- the derivation ------------------------------------------------------------------------------------
def test_the_deal_of_the_day_is_one_per_day_and_needs_the_secret():
    for game, players in daily():
        one, again = daily_deal(SECRET, DAY, game, players), daily_deal(SECRET, DAY, game, players)
        assert one == again and one.kind == "daily" and one.day == "2026-12-09" and well_formed(one.id)
        tomorrow = daily_deal(SECRET, DAY + timedelta(days=1), game, players)
        assert tomorrow.seed != one.seed and tomorrow.id != one.id
        elsewhere = daily_deal(OTHER, DAY, game, players)  # another server's secret: another deal
        assert elsewhere.seed != one.seed and elsewhere.id != one.id
        g = GAMES[game]
        assert g.result(g.setup(players=players, options=g.check_options(players, {}), seed=one.seed)) is None
    seeds = {daily_seed(SECRET, DAY, g, n, 0) for g, n in daily()}
    assert len(seeds) == len(daily()) and all(len(x) == 32 for x in seeds)


def test_a_deal_id_is_short_and_names_everything_that_makes_the_deal():
    base = deal_id(SECRET, "three-high", 2, {}, "ab" * 16)
    assert well_formed(base) and len(base) == 10
    assert deal_id(SECRET, "three-high", 3, {}, "ab" * 16) != base
    assert deal_id(SECRET, "three-high", 2, {}, "ac" * 16) != base
    assert deal_id(OTHER, "three-high", 2, {}, "ab" * 16) != base
    assert not well_formed("../etc") and not well_formed("A" * 10) and not well_formed(None)


# -- helpers -------------------------------------------------------------------------------------------
async def play_to_end(client, code: str, token: str, moves: list | None = None) -> list:
    """Play the first legal move (or the given ones) until the game ends; the moves played."""
    played = []
    for i in range(400):
        st = (await client.get(f"/api/tables/{code}", headers=bearer(token))).json()
        if st["status"] != "playing":
            return played
        move = moves[i] if moves is not None else st["legal_moves"][0]
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token), json={"seq": st["seq"], "move": move})
        assert r.status_code == 200, r.text
        played.append(move)
    raise AssertionError("the game never ended")


async def today_solo(client, name: str = "Ann") -> dict:
    r = await client.post("/api/deals/today/tables", json={"players": 1, "name": name})
    assert r.status_code == 201, r.text
    made = r.json()
    r = await client.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
    assert r.status_code == 200, r.text
    return made


async def row(app, code: str) -> Table:
    async with app.state.tables.db.session() as s:
        return (await s.execute(select(Table).where(Table.code == code))).scalar_one()


# -- the API -------------------------------------------------------------------------------------------
async def test_everyone_gets_the_same_deal_today_and_results_follow_the_spoiler_rule(app, new_client):
    ann, bea, cal = new_client(), new_client(), new_client()
    today = (await ann.get("/api/deals/today")).json()
    assert today == (await bea.get("/api/deals/today")).json()
    assert [(d["game"], d["players"]) for d in today["deals"]] == list(daily())
    solo = today["deals"][0]
    assert not solo["played"] and "seed" not in json.dumps(today)

    first, second = await today_solo(ann), await today_solo(bea, "Bea")
    a, b = await row(app, first["code"]), await row(app, second["code"])
    assert a.seed == b.seed and a.initial_doc == b.initial_doc and a.deal_id == b.deal_id == solo["id"]

    # while Ann plays: no results unless she asks for spoilers; a stranger sees them only by asking
    playing = (await ann.get(f"/api/deals/{solo['id']}")).json()
    assert not playing["revealed"] and "playing this deal" in playing["why"] and playing["playing"]
    assert (await ann.get(f"/api/deals/{solo['id']}?spoilers=1")).json()["revealed"]
    await play_to_end(ann, first["code"], first["token"])
    stranger = (await cal.get(f"/api/deals/{solo['id']}")).json()
    assert stranger["plays"] == 1 and not stranger["revealed"] and stranger["variants"] == []
    assert "Finish this deal" in stranger["why"]
    shown = (await cal.get(f"/api/deals/{solo['id']}?spoilers=1")).json()
    assert shown["revealed"] and shown["variants"][0]["results"][0]["code"] == first["code"]
    mine = (await ann.get(f"/api/deals/{solo['id']}")).json()
    assert mine["revealed"] and mine["finished"]
    result = mine["variants"][0]["results"][0]
    assert result["yours"] and result["seats"] == ["Ann"] and result["moves"] > 0 and result["hints"] == 0
    assert isinstance(result["trees"], int) and result["outcome"] in ("won", "lost")
    assert result["house_rules"] == {"allow_zero_moves": False, "hidden_hands": False}
    assert (await bea.get(f"/api/deals/{solo['id']}")).json()["revealed"] is False  # Bea still plays

    # never dealt twice: the home page's list says so, a second table is refused with a link to the results
    assert (await ann.get("/api/deals/today")).json()["deals"][0]["played"] is True
    again = await ann.post("/api/deals/today/tables", json={"players": 1, "name": "Ann"})
    assert again.status_code == 409 and again.json()["code"] == "already_played"
    assert f"/deals/{solo['id']}" in again.json()["detail"]


async def test_a_named_deal_is_replayed_exactly(app, new_client):
    ann, dan = new_client(), new_client()
    r = await ann.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Ann",
                                            "options": {"allow_zero_moves": True}})
    made = r.json()
    await ann.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
    assert (await ann.get(f"/api/tables/{made['code']}/deal")).status_code == 409  # not before the end
    moves = await play_to_end(ann, made["code"], made["token"])
    deal = (await ann.get(f"/api/tables/{made['code']}/deal")).json()
    assert deal["played"] and deal["house_rules"] == {"allow_zero_moves": True, "hidden_hands": False}
    assert deal["url"] == f"/deals/{deal['id']}" and "seed" not in deal
    assert (await dan.get(f"/api/tables/{made['code']}/deal")).json()["played"] is False

    r = await dan.post(f"/api/deals/{deal['id']}/tables", json={"name": "Dan", "options": deal["house_rules"]})
    assert r.status_code == 201, r.text
    copy = r.json()
    await dan.post(f"/api/tables/{copy['code']}/start", headers=bearer(copy["token"]))
    original, replayed = await row(app, made["code"]), await row(app, copy["code"])
    assert replayed.initial_doc == original.initial_doc and replayed.options == original.options
    await play_to_end(dan, copy["code"], copy["token"], moves)
    original, replayed = await row(app, made["code"]), await row(app, copy["code"])
    assert replayed.doc == original.doc and replayed.result == original.result
    results = (await dan.get(f"/api/deals/{deal['id']}")).json()
    assert results["revealed"]
    assert {x["code"] for x in results["variants"][0]["results"]} == {made["code"], copy["code"]}

    # Dan has played it: not dealt it again (tests/api/test_deals_played.py)
    r = await dan.post(f"/api/deals/{deal['id']}/tables", json={"name": "Dan"})
    assert r.status_code == 409 and r.json()["code"] == "already_played" and copy["code"] in r.json()["detail"]

    # another browser with other house rules: the same cards, ranked apart
    eve = new_client()
    r = await eve.post(f"/api/deals/{deal['id']}/tables", json={"name": "Eve"})
    other = r.json()
    await eve.post(f"/api/tables/{other['code']}/start", headers=bearer(other["token"]))
    assert (await row(app, other["code"])).initial_doc["hands"] == original.initial_doc["hands"]
    await play_to_end(eve, other["code"], other["token"])
    variants = (await dan.get(f"/api/deals/{deal['id']}")).json()["variants"]
    assert [len(v["results"]) for v in variants] == [2, 1]
    assert variants[1]["house_rules"] == {"allow_zero_moves": False, "hidden_hands": False}


async def test_nothing_of_the_deal_reaches_a_table_before_its_end(app, new_client):
    ann = new_client()
    made = await today_solo(ann)
    t = await row(app, made["code"])
    seen = [await ann.get(f"/api/tables/{made['code']}", headers=bearer(made["token"])),
            await ann.get(f"/api/tables/{made['code']}/log", headers=bearer(made["token"])),
            await ann.get(f"/api/tables/{made['code']}"), await ann.get("/api/me")]
    st = seen[0].json()
    await ann.post(f"/api/tables/{made['code']}/moves", headers=bearer(made["token"]),
                   json={"seq": st["seq"], "move": st["legal_moves"][0]})
    seen.append(await ann.get(f"/api/tables/{made['code']}/log", headers=bearer(made["token"])))
    for r in seen:
        assert r.status_code == 200
        assert t.seed not in r.text and t.deal_id not in r.text and '"draw_pile":' not in r.text
    assert json.dumps(t.initial_doc["draw_pile"]) not in "".join(r.text for r in seen)
    refused = await ann.get(f"/api/tables/{made['code']}/deal")
    assert refused.status_code == 409 and refused.json()["code"] == "not_over"


async def test_bad_input_gets_a_sentence(client):
    for path, body, status in [
        ("/api/deals/today/tables", {"players": 7, "name": "Ann"}, 422),
        ("/api/deals/today/tables", {"game": "dash", "players": 2, "name": "Ann"}, 422),
        ("/api/deals/today/tables", {"game": "nope", "players": 2, "name": "Ann"}, 422),
        ("/api/deals/today/tables", {"players": 1, "name": ""}, 422),
        ("/api/deals/today/tables", {"players": 1, "name": "Ann", "options": {"zap": 1}}, 422),
        ("/api/deals/aaaaaaaaaa/tables", {"name": "Ann"}, 404),
        ("/api/deals/x/tables", {"name": "Ann"}, 404),
    ]:
        r = await client.post(path, json=body)
        assert r.status_code == status, (path, body, r.text)
        assert isinstance(r.json()["detail"], str) and r.json()["detail"], r.text
    for path in ("/api/deals/aaaaaaaaaa", "/api/deals/%2e%2e", "/api/tables/nope/deal"):
        r = await client.get(path)
        assert r.status_code == 404 and r.json()["detail"], r.text
    assert (await client.get("/deals/aaaaaaaaaa")).status_code == 200  # the page loads, and says it
    assert (await client.get("/deals/not-an-id!")).status_code == 404


async def test_the_admin_lists_deals_with_their_plays_and_hides_a_deals_results(app, new_client):
    ann, cal = new_client(), new_client()
    made = await today_solo(ann)
    await play_to_end(ann, made["code"], made["token"])
    did = (await row(app, made["code"])).deal_id
    assert (await cal.get("/api/admin/deals")).status_code == 401
    r = await cal.get("/api/admin/deals", headers=ADMIN)
    assert r.status_code == 200 and r.headers["X-Total-Count"] == "1"
    (listed,) = r.json()
    assert listed["id"] == did and listed["tables"] == 1 and listed["finished"] == 1 and not listed["hidden"]
    assert "seed" not in listed
    assert (await cal.post(f"/api/admin/deals/{did}/hide", json={"hidden": True})).status_code == 401
    r = await cal.post(f"/api/admin/deals/{did}/hide", headers=ADMIN, json={"hidden": True})
    assert r.status_code == 200 and r.json() == {"id": did, "hidden": True}
    for who, query in ((ann, ""), (cal, "?spoilers=1")):  # the finisher too: hidden from everyone
        body = (await who.get(f"/api/deals/{did}{query}")).json()
        assert not body["revealed"] and body["variants"] == [] and "admin" in body["why"]
    await cal.post(f"/api/admin/deals/{did}/hide", headers=ADMIN, json={"hidden": False})
    assert (await ann.get(f"/api/deals/{did}")).json()["revealed"]
    assert (await cal.post("/api/admin/deals/aaaaaaaaaa/hide", headers=ADMIN)).status_code == 404
    assert (await cal.get("/api/admin/deals?limit=0", headers=ADMIN)).status_code == 422


async def test_hiding_a_deal_takes_only_a_json_boolean(app, new_client):
    """A choice of "no", 0 or {} (once taken as one; {} even hid the deal): 422, and nothing changes."""
    ann, cal = new_client(), new_client()
    made = await today_solo(ann)
    await play_to_end(ann, made["code"], made["token"])
    did = (await row(app, made["code"])).deal_id
    for bad in ({"hidden": "no"}, {"hidden": 0}, {"hidden": 1}, {"hidden": "true"}, {}, {"hidden": None}):
        r = await cal.post(f"/api/admin/deals/{did}/hide", headers=ADMIN, json=bad)
        assert r.status_code == 422, (bad, r.status_code, r.text)
        assert r.json()["code"] == "invalid" and r.json()["detail"].endswith("."), r.json()
    assert (await ann.get(f"/api/deals/{did}")).json()["revealed"]  # still shown
    r = await cal.post(f"/api/admin/deals/{did}/hide", headers=ADMIN, json={"hidden": True})
    assert r.status_code == 200 and r.json()["hidden"] is True
