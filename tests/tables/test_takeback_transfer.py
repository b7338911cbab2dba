"""A finished game with a takeback through the admin's export and import, on SQLite and PostgreSQL:
the file carries the takeback step as stored, the import replays it (the doc before the steps it took back)
and makes the same events, and the imported table's replays agree and mark the same steps taken back; a file
whose takeback names no earlier step is refused with a sentence."""
from __future__ import annotations

import copy
import json

import pytest

from app.config import Settings
from tests.tables.test_pace import database_url  # noqa: F401 - fixture
from tests.tables.test_takeback import ask, play, seated, vote
from tests.api.helpers import state

TOKEN = "admin-token-of-the-takeback-tests"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def settings(database_url: str) -> Settings:  # noqa: F811 - the fixture above
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    admin_token=TOKEN, bot_processes=0)


async def test_a_takeback_goes_through_export_and_import(app, client, new_client):
    code, people = await seated(new_client, "turning-points", shape="square", size=3)
    mover = (await state(people[0][0], code, people[0][1]))["to_act"][0]
    await play(people, code, mover)
    assert (await ask(people, code, mover)).status_code == 200
    assert (await vote(people, code, 1 - mover, True)).json()["applied"]
    while (st := await state(people[0][0], code, people[0][1]))["status"] == "playing":
        await play(people, code, st["to_act"][0])
    r = await client.get(f"/api/admin/tables/{code}/export?format=icehouse-table/1", headers=ADMIN)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["moves"][1]["move"] == {"takeback": 1} and out["moves"][1]["seat"] == mover
    r = await client.post("/api/admin/import", headers=ADMIN, content=json.dumps(out))
    assert r.status_code == 201, r.text
    new = r.json()["code"]
    mine = (await client.get(f"/api/admin/tables/{code}", headers=ADMIN)).json()
    theirs = (await client.get(f"/api/admin/tables/{new}", headers=ADMIN)).json()
    assert theirs["status"] == "finished" and theirs["doc"] == mine["doc"] and theirs["seq"] == mine["seq"]
    assert [m["events"] for m in theirs["moves"]] == [m["events"] for m in mine["moves"]]
    end = (await client.get(f"/api/admin/tables/{new}/replay", headers=ADMIN)).json()
    assert end["consistent"] is True and end["taken_back"] == [1]
    public = (await client.get(f"/api/tables/{new}/replay", params={"seq": 2})).json()
    assert public["taken_back"] == [1] and public["step"]["move"] == {"takeback": 1}
    bad = copy.deepcopy(out)
    bad["moves"][1]["move"] = {"takeback": 5}  # a step after it
    r = await client.post("/api/admin/import", headers=ADMIN, content=json.dumps(bad))
    assert r.status_code == 422 and "takes back steps that are not before it" in r.json()["detail"]
