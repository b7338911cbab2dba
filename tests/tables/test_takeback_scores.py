"""The bots' move scores after a game with a takeback, on SQLite and PostgreSQL: every step has
its entry, the takeback's own says so and is never marked, the steps it took back are marked taken back and
are never the turning point; the admin statistics count nothing of a step taken back."""
from __future__ import annotations

import asyncio

from app.tables.admin import stats as admin_stats
from tests.api.helpers import bearer
from tests.api.test_scores import database_url, scored, settings  # noqa: F401 - fixtures


async def test_a_takeback_is_walked_past_by_the_move_scores(app, client):
    r = await client.post("/api/tables", json={"game": "turning-points", "players": 2, "name": "Ann",
                                               "options": {"shape": "square", "size": 3}})
    code, token = r.json()["code"], r.json()["token"]
    assert (await client.post(f"/api/tables/{code}/bots", json={}, headers=bearer(token))).status_code == 200
    assert (await client.post(f"/api/tables/{code}/start", headers=bearer(token))).status_code == 200
    took_back = False
    for _ in range(3000):
        st = (await client.get(f"/api/tables/{code}", headers=bearer(token))).json()
        if st["status"] != "playing":
            break
        if 0 not in st["to_act"]:
            await asyncio.sleep(0.01)
            continue
        if not took_back and st["seq"] >= 2:  # Ann's move and the bot's answer: take both back
            r = await client.post(f"/api/tables/{code}/takeback", headers=bearer(token))
            assert r.status_code == 200 and r.json()["applied"], r.text
            took_back = True
            continue
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                              json={"seq": st["seq"], "move": st["legal_moves"][0]})
        assert r.status_code in (200, 409), r.text
    assert took_back and st["status"] == "finished"
    body = await scored(client, code)
    assert body["status"] == "done" and [m["seq"] for m in body["moves"]] == list(range(1, st["seq"] + 1))
    back = [m for m in body["moves"] if "takeback" in m]
    assert len(back) == 1 and back[0]["mark"] is None and back[0]["cost"] == 0.0
    gone = [m["seq"] for m in body["moves"] if m.get("taken_back")]
    assert gone and gone == list(range(back[0]["takeback"], back[0]["seq"]))
    assert body["turning_point"] not in gone
    async with app.state.tables.db.session() as s:
        figures = await admin_stats._figures(s, "turning-points", None, None)
    assert "error" not in figures


async def test_the_statistics_leave_out_the_events_of_steps_taken_back(monkeypatch):
    """app/tables/admin/stats.py: a Dash table's dare events, one of them taken back by a later step."""
    from types import SimpleNamespace

    from app.games import GAMES
    from app.store import stats_queries

    class Started(tuple):  # a row of stats_queries.started_tables: its fields by name, the minutes at [6]
        id, status, players, options, result, seq = 7, "finished", 2, {}, {"winners": [0]}, 4

    async def started(s, name, lo, hi):
        yield Started((7, "finished", 2, {}, {"winners": [0]}, 4, 1.0))

    rows = [SimpleNamespace(table_id=7, seat=1, seq=2, events=[{"type": "dare_set", "seat": 1}]),
            SimpleNamespace(table_id=7, seat=0, seq=3, events=[{"type": "dare_done", "seat": 0}]),
            SimpleNamespace(table_id=7, seat=0, seq=4, events=[{"type": "takeback", "from": 3, "to": 3}])]

    async def events(s, name, types, lo, hi):
        assert "takeback" in types
        for row in rows:
            yield row

    seen = {}
    monkeypatch.setattr(stats_queries, "started_tables", started)
    monkeypatch.setattr(stats_queries, "events_of", events)
    monkeypatch.setattr(type(GAMES["dash"]), "stats", lambda self, tables: seen.setdefault("t", tables) and {})
    await admin_stats._figures(None, "dash", None, None)
    assert [e["type"] for e in seen["t"][0]["events"]] == ["dare_set"]
