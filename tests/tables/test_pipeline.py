"""The move pipeline under load: live tables, group commit, bots off the event loop."""
from __future__ import annotations

import asyncio
import sqlite3

from sqlalchemy import update
from sqlalchemy.engine import make_url

from app.bots import BOTS
from app.store import Table
from tests.api.helpers import bearer, full_table, state
from tests.conftest import eventually


async def first_moves(new_client, tables: int) -> list[tuple[str, dict, str]]:
    out = []
    for _ in range(tables):
        host, guest = new_client(), new_client()
        t = await full_table(host, guest)
        st = await state(host, t["code"], t["tokens"][0])
        mover = st["to_act"][0]
        client = host if mover == 0 else guest
        out.append((t["code"], client, t["tokens"][mover]))
    return out


async def test_moves_of_many_tables_are_committed_together(new_client, app):
    writer = app.state.tables.writer
    tables = await first_moves(new_client, 12)
    before_batches, before_written = writer.batches, writer.written

    async def move(code, client, token):
        st = await state(client, code, token)
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                              json={"seq": st["seq"], "move": st["legal_moves"][0]})
        return r.status_code

    # While the write lock is held elsewhere, the writer's first batch waits for it and the other moves
    # gather behind that batch; without it, how they fall into batches depends on timing.
    async with app.state.tables.db.write_lock():
        moves = asyncio.gather(*(move(*t) for t in tables))
        await eventually(lambda: writer.waiting == 12)
        assert writer.batches == before_batches  # nothing committed yet: no move answered
    assert await moves == [200] * 12
    assert writer.written - before_written == 12
    assert writer.batches - before_batches <= 2  # the first move (or the first few) alone, then the rest together


async def test_a_table_ended_behind_the_live_copy_is_refused_and_reloaded(new_client, app):
    [(code, client, token)] = await first_moves(new_client, 1)
    st = await state(client, code, token)
    async with app.state.tables.db.writing() as s:  # an admin, or another instance, ends it in the database
        await s.execute(update(Table).where(Table.code == code).values(status="abandoned", to_act=[]))
        await s.commit()
    r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                          json={"seq": st["seq"], "move": st["legal_moves"][0]})
    assert r.status_code == 409 and r.json()["code"] == "stale_seq", r.text
    r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                          json={"seq": st["seq"], "move": st["legal_moves"][0]})
    assert r.status_code == 409 and r.json()["code"] == "not_playing", r.text
    assert (await state(client, code, token))["seq"] == st["seq"]  # nothing was stored


async def test_a_move_on_a_table_another_instance_advanced_is_stale_then_plays(new_client, app):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code = t["code"]
    st = await state(host, code, t["tokens"][0])
    live = await app.state.tables.live.get(code)
    behind = live.snap
    mover = st["to_act"][0]
    client = host if mover == 0 else guest
    r = await client.post(f"/api/tables/{code}/moves", headers=bearer(t["tokens"][mover]),
                          json={"seq": 0, "move": st["legal_moves"][0] if st["you"] == mover else
                                (await state(client, code, t["tokens"][mover]))["legal_moves"][0]})
    assert r.status_code == 200
    live.snap = behind  # this instance's copy falls behind, as if another instance had played that move
    nxt = (await state(host, code, t["tokens"][0]))["to_act"][0]
    nclient = host if nxt == 0 else guest
    ntok = t["tokens"][nxt]
    legal = (await state(nclient, code, ntok))["legal_moves"]
    r = await nclient.post(f"/api/tables/{code}/moves", headers=bearer(ntok), json={"seq": 1, "move": legal[0]})
    assert r.status_code == 200 and r.json()["seq"] == 2, r.text  # the copy was reloaded, not trusted


async def test_a_bot_that_overruns_its_cap_is_replaced_by_a_random_move(new_client, app, monkeypatch):
    class Sleepy:
        name = "sleepy"

        def choose(self, view, seat, legal_moves, seconds=None):
            import time
            time.sleep(3)
            return legal_moves[0]

    monkeypatch.setitem(BOTS, "three-high", Sleepy())
    monkeypatch.setattr(app.state.tables.settings, "bot_seconds", 0.05)
    host = new_client()
    t = await full_table(host, players=2, bots=1)
    st = await state(host, t["code"], t["tokens"][0])
    if 0 in st["to_act"]:
        r = await host.post(f"/api/tables/{t['code']}/moves", headers=bearer(t["tokens"][0]),
                            json={"seq": st["seq"], "move": st["legal_moves"][0]})
        assert r.status_code == 200
    seq = (await state(host, t["code"]))["seq"]
    await eventually(lambda: _seq_past(host, t["code"], seq), timeout=10)


async def _seq_past(client, code, seq) -> bool:
    st = await state(client, code)
    return st["seq"] > seq or st["status"] != "playing"


async def test_a_move_waits_for_sqlite_held_by_another_process_without_stalling_the_server(new_client, app,
                                                                                          sqlite_url):
    """Moves are written on the event loop when SQLite's write lock is free; while another process holds
    it, the move waits on the writer's thread and everything else is still answered."""
    tables = await first_moves(new_client, 2)
    (code, client, token), (code2, client2, token2) = tables
    st = await state(client2, code2, token2)  # a first move opens the writer's connections
    r = await client2.post(f"/api/tables/{code2}/moves", headers=bearer(token2),
                           json={"seq": st["seq"], "move": st["legal_moves"][0]})
    assert r.status_code == 200
    other = sqlite3.connect(make_url(sqlite_url).database, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process's write transaction, holding the lock
    try:
        st = await state(client, code, token)
        move = asyncio.create_task(client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                                               json={"seq": st["seq"], "move": st["legal_moves"][0]}))
        await asyncio.sleep(0.3)
        assert not move.done()  # waiting for the lock...
        r = await client2.get(f"/api/tables/{code2}", headers=bearer(token2))
        assert r.status_code == 200  # ...while the server goes on answering
    finally:
        other.execute("COMMIT")
        other.close()
    r = await move
    assert r.status_code == 200 and r.json()["seq"] == st["seq"] + 1
    assert app.state.tables.writer._sqlite.on_thread == 1


def _snap(status: str, seq: int):
    from app.tables.live.state import Snapshot
    return Snapshot(1, "ABCDEF", "three-high", 1, {}, status, {}, seq, [0] if status == "playing" else [], None,
                    None, f"2026-12-01T00:00:{seq:02d}Z")


def test_an_ended_table_leaves_memory_and_late_news_does_not_bring_it_back():
    from app.tables.live.tables import LiveTables
    live = LiveTables(db=None)
    live.update(_snap("playing", 5))
    assert len(live) == 1
    live.update(_snap("finished", 6))
    assert len(live) == 0  # its game is over: read again from the database when someone looks
    live.update(_snap("playing", 5))  # a copy of an earlier move, late off the broker
    assert len(live) == 0


async def test_an_abandoned_table_is_read_from_the_database_and_not_kept(app, client):
    from app.tables import housekeeping
    from tests.api.test_security_cleanup import age, playing_solo
    t = await playing_solo(client)
    tables = app.state.tables
    assert (await tables.live.get(t["code"])).snap.status == "playing"
    kept = len(tables.live)
    await age(app, t["code"], tables.settings.abandon_after_seconds + 1)
    assert (await housekeeping.run(tables))["abandoned"] == [t["code"]]
    assert len(tables.live) == kept - 1
    st = await state(client, t["code"], t["tokens"][0])
    assert st["status"] == "abandoned" and st["legal_moves"] == []
    assert len(tables.live) == kept - 1  # looked at, not kept
