"""What the pace leaves behind, on SQLite and PostgreSQL: a move the bot played for a seat whose time
ran out is marked in the stored moves (the log, the replay and an export say so, and an import keeps it), a
rematch keeps the pace and the timeout choice of its table, and a forfeited table exports and imports with
its forfeit (a forfeit that could not have happened is refused). Turns are made to look old in the database,
as in tests/tables/test_pace.py."""
from __future__ import annotations

import copy
import json

import pytest
from sqlalchemy import select

from app.config import Settings
from app.store import Move, Table
from app.tables.live import pace
from tests.api.helpers import bearer, state
from tests.conftest import eventually
from tests.tables.test_pace import SCALE, database_url, overdue, paced  # noqa: F401 - fixture (SQLite, PostgreSQL)

TOKEN = "admin-token-of-the-pace-tests"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def settings(database_url: str) -> Settings:  # noqa: F811 - the fixture imported above
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    bot_processes=0, bot_seconds=0.05, sweep_seconds=3600, pace_scale=SCALE, admin_token=TOKEN)


async def marks(db, code: str) -> dict[int, dict | None]:
    async with db.session() as s:
        q = select(Move.seq, Move.stand_in).join(Table, Table.id == Move.table_id).where(Table.code == code)
        return dict((await s.execute(q.order_by(Move.seq))).all())


async def transfer(client, code: str) -> tuple[dict, int, dict]:
    """The export of `code`, and the answer to importing it."""
    out = (await client.get(f"/api/admin/tables/{code}/export?format=icehouse-table/1", headers=ADMIN)).json()
    r = await client.post("/api/admin/import", headers=ADMIN, content=json.dumps(out))
    return out, r.status_code, r.json()


async def test_the_bots_move_for_a_timed_out_seat_is_marked_in_the_stored_moves(app, new_client):
    db, ctx = app.state.tables.db, app.state.tables
    code, people = await paced(new_client, per_turn="1h")
    host, token = people[0]
    st = await state(host, code, token)
    seat = st["to_act"][0]
    name = st["seats"][seat]["name"]
    await overdue(db, code)
    assert await pace.sweep(ctx) == 1

    async def bot_played():
        return any((await marks(db, code)).values())
    await eventually(bot_played, timeout=10)
    mark = {"for": name, "why": "timeout"}
    stored = await marks(db, code)
    assert [seq for seq, m in stored.items() if m] == [st["seq"] + 1] and stored[st["seq"] + 1] == mark
    # the log (table page, review room) and the replay say so
    log = (await host.get(f"/api/tables/{code}/log", headers=bearer(token))).json()["steps"]
    assert [x.get("stand_in") for x in log if x["seq"] == st["seq"] + 1] == [mark]
    assert all("stand_in" not in x for x in log if x["seq"] != st["seq"] + 1)
    replay = (await host.get(f"/api/admin/tables/{code}/replay?seq={st['seq'] + 1}", headers=ADMIN)).json()
    assert replay["step"]["stand_in"] == mark
    # the export carries the mark and the pace; an import keeps them
    out, status, made = await transfer(host, code)
    assert status == 201, made
    assert [m.get("stand_in") for m in out["moves"]][st["seq"]] == mark
    assert out["pace"] == {"seconds": 1, "timeout": "bot", "forfeit_after": None}
    assert (await marks(db, made["code"])) == stored
    async with db.session() as s:
        new = (await s.execute(select(Table).where(Table.code == made["code"]))).scalar_one()
    assert (new.pace, new.pace_timeout) == (1, "bot")
    # a mark that is not one is refused with a sentence
    bad = copy.deepcopy(out)
    bad["moves"][st["seq"]]["stand_in"] = {"for": name, "why": "asleep"}
    r = await host.post("/api/admin/import", headers=ADMIN, content=json.dumps(bad))
    assert r.status_code == 422 and "stand_in" in r.json()["detail"]


async def forfeited(app, new_client) -> tuple[str, dict, int]:
    """A two-person Dash table with a pace of 1 h and forfeit after 1 missed turn, forfeited by the seat to act."""
    db, ctx = app.state.tables.db, app.state.tables
    code, people = await paced(new_client, game="dash", per_turn="1h", timeout="forfeit", forfeit_after=1)
    absent = (await state(people[0][0], code))["to_act"][0]
    await overdue(db, code)
    assert await pace.sweep(ctx) == 1
    st = await state(people[0][0], code)
    assert st["status"] == "finished" and st["result"]["outcome"] == "forfeit"
    return code, people, absent


async def test_a_rematch_keeps_the_pace_and_the_timeout_choice(app, new_client):
    code, people, absent = await forfeited(app, new_client)
    host, token = people[0]
    r = await host.post(f"/api/tables/{code}/rematch", headers=bearer(token))
    assert r.status_code in (200, 201), r.text
    new = r.json()["code"]
    got = (await host.get(f"/api/tables/{new}/pace")).json()
    assert (got["per_turn"], got["timeout"], got["forfeit_after"]) == ("1h", "forfeit", 1)
    st = await state(host, new, token)
    assert st["pace"]["seconds"] == 1 and st["pace"]["timeout"] == "forfeit"
    assert [x["stand_in"] for x in st["seats"]] == [False, False] and [x["missed"] for x in st["seats"]] == [0, 0]
    async with app.state.tables.db.session() as s:
        row = (await s.execute(select(Table).where(Table.code == new))).scalar_one()
    assert (row.pace, row.pace_timeout, row.pace_forfeit_after) == (1, "forfeit", 1)


async def test_a_forfeited_table_exports_and_imports_with_its_forfeit(app, new_client):
    code, people, absent = await forfeited(app, new_client)
    host, _ = people[0]
    out, status, made = await transfer(host, code)
    assert status == 201, made
    assert out["result"]["outcome"] == "forfeit" and out["result"]["forfeited"] == absent
    assert made["status"] == "finished"
    again = (await host.get(f"/api/admin/tables/{made['code']}/export?format=icehouse-table/1", headers=ADMIN)).json()
    assert again["result"] == out["result"] and again["pace"] == out["pace"]
    # a forfeit that could not have happened is refused
    for change in ({"forfeited": 1 - absent, "winners": [absent]}, {"winners": [0, 1]}, {"scores": [1, 2]},
                   {"forfeited": 7}, {"reason": "x" * 500}):
        bad = copy.deepcopy(out)
        bad["result"] |= change
        r = await host.post("/api/admin/import", headers=ADMIN, content=json.dumps(bad))
        assert r.status_code == 422, (change, r.text)
        assert r.json()["detail"]
    # the pace's refusals in the reader's language
    r = await host.put(f"/api/tables/{code}/pace", headers=bearer(people[0][1]) | {"Accept-Language": "de"},
                       json={"per_turn": "1h"})
    assert r.status_code == 409
    assert r.json()["detail"] == "Das Tempo wird in der Lobby gewählt, bevor das Spiel beginnt."
    bad = copy.deepcopy(out)
    bad["pace"] = {"seconds": -5}
    r = await host.post("/api/admin/import", headers=ADMIN, content=json.dumps(bad))
    assert r.status_code == 422 and "pace" in r.json()["detail"]
