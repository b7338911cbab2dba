"""Hiding a deal once took "no", 0 and {} for a choice ({} even hid it). Every JSON body of the
API, admin and public, takes a JSON boolean where it wants one and a JSON whole number where it wants one:
"yes", "true", 1, "2", 2.0 or null are a 422 with a sentence, never coerced, and nothing changes."""
from __future__ import annotations

import json

import pytest

from app.config import Settings
from tests.api.helpers import bearer, create, full_table
from tests.api.review_deal import PLY, WINNING, as_moves, import_body

TOKEN = "admin-token-of-the-strict-json-tests"
ADMIN = bearer(TOKEN)
NOT_BOOLEANS = ["yes", "no", "true", "false", 0, 1, 1.0, None, {}, [], "1"]
NOT_WHOLE = ["2", "1", 1.0, 2.0, True, False, None, {}, [], "0x2"]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request) -> str:
    return request.getfixturevalue(f"{request.param}_url")


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    admin_token=TOKEN, rate_limit_create="0", rate_limit_join="0", rate_limit_review="0",
                    rate_limit_takeback="0", rate_limit_takeback_address="0", bot_processes=0, bot_seconds=0.1,
                    analysis_seconds=0)


def assert_refused(r, what) -> None:
    assert r.status_code == 422, (what, r.status_code, r.text)
    body = r.json()
    assert body["code"] != "internal" and body["detail"].endswith("."), (what, body)


async def _each(send, values: list, what: str) -> None:
    for value in values:
        assert_refused(await send(value), (what, value))


async def test_the_admins_deal_hide_takes_only_a_json_boolean(client):
    hide = "/api/admin/deals/aaaaaaaaaa/hide"  # no such deal: a body that passes is a 404, one that does not a 422
    await _each(lambda v: client.post(hide, headers=ADMIN, json={"hidden": v}), NOT_BOOLEANS, "hidden")
    r = await client.post(hide, headers=ADMIN, json={})
    assert_refused(r, "{}")
    assert r.json()["detail"] == "The field 'hidden' is missing.", r.json()
    r = await client.post(hide, headers=ADMIN, json={"hidden": "no"})
    assert r.json()["detail"] == "The field 'hidden' is not valid: Input should be a valid boolean.", r.json()
    for value in (True, False):
        assert (await client.post(hide, headers=ADMIN, json={"hidden": value})).status_code == 404


async def test_the_admins_log_in_takes_only_a_json_string(client):
    await _each(lambda v: client.post("/api/admin/session", json={"token": v}), [123, True, None, [TOKEN]], "token")
    assert (await client.post("/api/admin/session", json={"token": TOKEN})).status_code == 204


async def test_public_bodies_take_only_json_whole_numbers_and_booleans(client, new_client):
    lobby = await create(client, 2)
    host = bearer(lobby["token"])
    table = await full_table(client, players=2, bots=1)
    seat0 = bearer(table["tokens"][0])
    game = {"game": "three-high", "name": "Ann"}
    await _each(lambda v: client.post("/api/tables", json={**game, "players": v}), NOT_WHOLE, "players")
    await _each(lambda v: new_client().post("/api/deals/today/tables", json={"players": v, "name": "Ann"}),
                NOT_WHOLE, "deal of the day: players")
    await _each(lambda v: client.post(f"/api/tables/{lobby['code']}/bots", headers=host, json={"seat": v}),
                [x for x in NOT_WHOLE if x is not None and x != {}], "bot seat")  # null: the first free seat
    await _each(lambda v: client.put(f"/api/tables/{lobby['code']}/pace", headers=host,
                                     json={"per_turn": "24h", "timeout": "bot", "forfeit_after": v}),
                NOT_WHOLE, "forfeit_after")
    await _each(lambda v: client.post(f"/api/tables/{table['code']}/moves", headers=seat0,
                                      json={"seq": v, "move": {}}), NOT_WHOLE, "seq")
    await _each(lambda v: client.put(f"/api/tables/{table['code']}/digest", headers=seat0, json={"hour": v}),
                [x for x in NOT_WHOLE if x is not None], "digest hour")  # null: the server's hour
    await _each(lambda v: client.post(f"/api/tables/{table['code']}/takeback/vote", headers=seat0, json={"yes": v}),
                NOT_BOOLEANS, "takeback vote")
    await _each(lambda v: client.post(f"/api/tables/{table['code']}/pause/vote", headers=seat0, json={"yes": v}),
                NOT_BOOLEANS, "pause vote")
    await _each(lambda v: new_client().post(f"/api/tables/{lobby['code']}/join", json={"name": v}),
                [5, True, None, ["Bea"]], "join name")
    # and each of these takes the right type: its answer is never the body's 422
    r = await client.put(f"/api/tables/{lobby['code']}/pace", headers=host,
                         json={"per_turn": "24h", "timeout": "bot", "forfeit_after": 2})
    assert r.status_code == 200, r.text
    r = await client.post(f"/api/tables/{lobby['code']}/bots", headers=host, json={"seat": 1})
    assert r.status_code == 200, r.text
    r = await client.put(f"/api/tables/{table['code']}/digest", headers=seat0, json={"hour": 9})
    assert r.status_code == 200, r.text


async def test_review_bodies_take_only_json_whole_numbers(client, new_client):
    r = await client.post("/api/admin/import", json=import_body(), headers=ADMIN)
    assert r.status_code == 201, r.text
    code = r.json()["code"]
    await _each(lambda v: client.post(f"/api/tables/{code}/review/line", json={"ply": v, "moves": []}),
                [x for x in NOT_WHOLE if x is not None], "line ply")  # null: the end of the game
    branch = {"name": "Green north", "moves": as_moves(WINNING)}
    await _each(lambda v: new_client().post(f"/api/tables/{code}/review/branches", json={**branch, "ply": v}),
                NOT_WHOLE, "branch ply")
    r = await client.post(f"/api/tables/{code}/review/branches", json={**branch, "ply": PLY})
    assert r.status_code == 403 and r.json()["code"] == "not_member", r.text  # well-formed: on to the rules


def _file(**change) -> dict:
    body = json.loads(json.dumps(import_body()))
    for key, value in change.items():
        if key == "seq":
            body["moves"][0]["seq"] = value
        else:
            body[key] = value
    return body


async def test_the_admins_import_takes_only_json_whole_numbers(client):
    def send(**change):
        return client.post("/api/admin/import", json=_file(**change), headers=ADMIN)

    await _each(lambda v: send(players=v), NOT_WHOLE, "players")
    await _each(lambda v: send(seq=v), NOT_WHOLE, "a move's seq")
    await _each(lambda v: send(chat=[{"seat": v, "name": "Ann", "text": "hi", "at": None}]), NOT_WHOLE, "chat seat")
    await _each(lambda v: send(pace={"seconds": v, "timeout": "bot", "forfeit_after": None}), NOT_WHOLE,
                "pace seconds")
    await _each(lambda v: send(pace={"seconds": 3600, "timeout": "bot", "forfeit_after": v}),
                [x for x in NOT_WHOLE if x is not None], "pace forfeit_after")
    r = await send(chat=[{"seat": 0, "name": "Ann", "text": "hi", "at": None}],
                   pace={"seconds": 3600, "timeout": "bot", "forfeit_after": 2})
    assert r.status_code == 201, r.text
