"""An admin's export and import keep the says (app/tables/says.py): a table a seat forfeited by the pace
exports its lines' and its result's says, and the table imported from that file has them again; a say that is
not one of ours is dropped from a chat line (which keeps its text), and makes a forfeit's result one the
pace never gives (422 bad_result)."""
from __future__ import annotations

import copy
import json

import pytest

from app.config import Settings
from app.tables import says
from app.tables.live import pace
from tests.api.helpers import state
from tests.api.test_says import AL, B, history, seated
from tests.tables.test_pace import SCALE, database_url, overdue  # noqa: F401 - fixture

TOKEN = "admin-token-of-the-say-tests"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def settings(database_url: str) -> Settings:  # noqa: F811 - the fixture imported above
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    bot_processes=0, bot_seconds=0.05, sweep_seconds=3600, pace_scale=SCALE, admin_token=TOKEN)


async def test_export_and_import_keep_the_says(app, new_client):
    code, people = await seated(new_client, AL, B, game="dash",
                                pace_body={"per_turn": "1h", "timeout": "forfeit", "forfeit_after": 1})
    await overdue(app.state.tables.db, code)
    assert await pace.sweep(app.state.tables) == 1
    admin = new_client()
    r = await admin.get(f"/api/admin/tables/{code}/export?format=icehouse-table/1", headers=ADMIN)
    assert r.status_code == 200, r.text
    out = r.json()
    [line] = [c for c in out["chat"] if c["seat"] == -4]
    assert line["say"]["params"]["name"] in (AL, B) and out["result"]["reason_say"]["id"] == says.FORFEITED[0]
    r = await admin.post("/api/admin/import", headers=ADMIN, content=json.dumps(out))
    assert r.status_code == 201, r.text
    imported = r.json()["code"]
    [again] = await history(new_client, imported, "pace")
    assert again["say"] == line["say"] and again["text"] == line["text"]
    assert (await state(new_client(), imported))["result"]["reason_say"] == out["result"]["reason_say"]
    strange = copy.deepcopy(out)
    for c in strange["chat"]:
        if c.get("say"):
            c["say"] = {"id": "{name} owns this table now.", "params": {"name": "Mallory"}}
    r = await admin.post("/api/admin/import", headers=ADMIN, content=json.dumps(strange))
    assert r.status_code == 201, r.text
    [kept] = await history(new_client, r.json()["code"], "pace")
    assert "say" not in kept and kept["text"] == line["text"]
    strange["result"]["reason_say"] = {"id": says.FORFEITED[0], "params": {"name": {"nested": "dict"}}}
    r = await admin.post("/api/admin/import", headers=ADMIN, content=json.dumps(strange))
    assert r.status_code == 422 and r.json()["code"] == "bad_result", r.text  # not the result a forfeit gives
