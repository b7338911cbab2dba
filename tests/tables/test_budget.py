"""The cost budget of a table's life, in SQL statements and commits, on SQLite and PostgreSQL.

Counted through SQLAlchemy's events (every statement of the app's engine: the reads, and on PostgreSQL the
writer's batches) and SQLite's trace callback on the writer's own connections (the batches on SQLite). A
step that costs more than its budget fails here: a feature that adds a statement to a hot path changes the
budget on purpose, in this file, with its reason. (Timings are never asserted: they are measured over real
sockets by bench/ and reported in docs/PERFORMANCE.md.)

The second test is the writer's rule: with the database strict, a commit made anywhere but in the
group-commit writer's own tasks is kept, and a whole table's life (every command a player, a bot, the
sweep and the admin can give) leaves none.
"""
from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from sqlalchemy import event

from app.store.sqlite_batches import SqliteBatches
from app.tables import housekeeping
from tests.api.helpers import bearer, create, state

# Budgets per lifecycle step (statements, commits), as the step's request is answered and what it set off
# at once has run. The writer groups commands of many tables into one batch; here each step is alone in
# its batch, the dearest case.
BUDGET = {
    # SQLite: BEGIN IMMEDIATE, INSERT tables, SELECT the player, UPDATE the player (name, language), the
    # seats (one multi-row INSERT), COMMIT... as traced; PostgreSQL the same without BEGIN/COMMIT statements
    "create": {"sqlite": (5, 1), "postgres": (3, 1)},
    # BEGIN, the table's status and the seat (one read on SQLite; PostgreSQL locks the table's row first, then
    # reads the seat), the player, whether they sit here, UPDATE the player, UPDATE the seat, COMMIT (the seat
    # rows are in memory: no read)
    "join": {"sqlite": (7, 1), "postgres": (6, 1)},
    # BEGIN, the status and the open seats (one read on SQLite; PostgreSQL: the status locked, then the open
    # seats), UPDATE tables, COMMIT
    "start": {"sqlite": (4, 1), "postgres": (3, 1)},
    # a socket of a seat: admitted from memory, its welcome from the live table (a table made here has no
    # chat to read)
    "welcome": {"sqlite": (0, 0), "postgres": (0, 0)},
    # BEGIN, SELECT the tables' seq and status, UPDATE tables, INSERT moves, COMMIT; PostgreSQL: one
    # statement for the whole batch (autocommit)
    "move": {"sqlite": (5, 1), "postgres": (1, 0)},
    # BEGIN, INSERT chat ... SELECT the seat's name, COMMIT
    "chat": {"sqlite": (3, 1), "postgres": (2, 1)},
}


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, sqlite_url):
    return request.getfixturevalue("postgres_url") if request.param == "postgres" else sqlite_url


@dataclass
class Cost:
    statements: list[str] = field(default_factory=list)
    commits: int = 0

    def reset(self) -> None:
        self.statements.clear()
        self.commits = 0

    def seen(self) -> tuple[int, int]:
        return len(self.statements), self.commits


def count(app, monkeypatch) -> Cost:
    """Every statement and commit the app makes from now on."""
    cost = Cost()
    tables = app.state.tables
    engine = tables.db.engine.sync_engine

    def statement(_conn, _cursor, sql, *_args):
        cost.statements.append(sql)

    def committed(_conn):
        cost.commits += 1

    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine, "commit", committed)

    def trace(sql: str) -> None:
        if sql.startswith("PRAGMA"):  # the writer's thread checkpoints on a clock, not per step
            return
        cost.statements.append(sql)
        if sql.strip().upper() == "COMMIT":
            cost.commits += 1

    def watch(conn: sqlite3.Connection) -> sqlite3.Connection:
        conn.set_trace_callback(trace)
        return conn

    original = SqliteBatches._open
    monkeypatch.setattr(SqliteBatches, "_open", lambda self, busy: watch(original(self, busy)))
    batches = tables.writer._sqlite
    if batches is not None:
        for conn in (batches._inline, batches._waiting):
            if conn is not None:
                watch(conn)
    return cost


async def settled() -> None:
    """What the step set off at once (a publish, the bots' schedule) has run."""
    for _ in range(5):
        await asyncio.sleep(0.01)


async def test_each_step_of_a_tables_life_stays_within_its_budget(app, new_client, monkeypatch, database_url):
    kind = "postgres" if database_url.startswith("postgresql") else "sqlite"
    ann, bea, cy = new_client(), new_client(), new_client()
    # warm: each client has its cookie (a player known), the writer its connections
    warm = await create(ann, 3)
    for c in (bea, cy):
        assert (await c.post(f"/api/tables/{warm['code']}/join", json={"name": "Bea"})).status_code == 200
    cost = count(app, monkeypatch)
    seen: dict[str, tuple[int, int]] = {}

    async def step(name: str, work) -> object:
        await settled()
        cost.reset()
        out = await work
        await settled()
        seen[name] = cost.seen()
        return out

    made = await step("create", create(ann, 3))
    code, tokens = made["code"], {0: made["token"]}
    r = await step("join", bea.post(f"/api/tables/{code}/join", json={"name": "Bea"}))
    tokens[1] = r.json()["token"]
    r = await cy.post(f"/api/tables/{code}/join", json={"name": "Cy"})
    tokens[2] = r.json()["token"]
    r = await step("start", ann.post(f"/api/tables/{code}/start", headers=bearer(tokens[0])))
    assert r.status_code == 200, r.text

    tables = app.state.tables

    async def welcome(seat: int) -> list:
        from app.tables.live import reads
        caller, live = await tables.live.admit(code, tokens[seat], None)
        return await reads.welcome(tables, caller, live, None)

    first = await step("welcome", welcome(0))
    assert first[0]["type"] == "state"
    st = await state(ann, code, tokens[0])
    seat = st["to_act"][0]
    st = await state(ann, code, tokens[seat])
    r = await step("move", ann.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                                    json={"seq": st["seq"], "move": st["legal_moves"][0]}))
    assert r.status_code == 200, r.text
    r = await step("chat", ann.post(f"/api/tables/{code}/chat", headers=bearer(tokens[0]), json={"text": "hi"}))
    assert r.status_code in (200, 201), r.text

    over = {name: (seen[name], BUDGET[name][kind]) for name in BUDGET
            if seen[name][0] > BUDGET[name][kind][0] or seen[name][1] > BUDGET[name][kind][1]}
    assert not over, f"over budget (seen, budget): {over}; every count: {seen}"


async def test_no_code_path_commits_outside_the_writer(app, new_client, database_url):
    """A table's whole life with the database strict: create, join, a bot, start, moves, chat, a hint, a
    nudge, channels, reminders, the pace, a pause, a takeback, the housekeeping's sweep, a rematch, the
    admin's delete. No commit outside the group-commit writer."""
    tables = app.state.tables
    tables.db.strict = True
    try:
        ann, bea = new_client(), new_client()
        made = await create(ann, 3)
        code, host = made["code"], bearer(made["token"])
        for path, body in (("pace", {"per_turn": "24h", "timeout": "bot"}), ("reminders", {"after": "12h"})):
            r = await ann.put(f"/api/tables/{code}/{path}", json=body, headers=host)
            assert r.status_code < 500, (path, r.status_code, r.text)
        r = await bea.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        guest = bearer(r.json()["token"])
        assert (await ann.post(f"/api/tables/{code}/bots", json={}, headers=host)).status_code == 200
        assert (await ann.post(f"/api/tables/{code}/start", headers=host)).status_code == 200
        for who in (host, guest):
            await ann.post(f"/api/tables/{code}/chat", json={"text": "hello"}, headers=who)
            await ann.put(f"/api/tables/{code}/webhook", json={"url": None}, headers=who)
        for _ in range(6):  # a few moves by whoever is to act (the bot plays its own)
            st = (await ann.get(f"/api/tables/{code}", headers=host)).json()
            if st["status"] != "playing":
                break
            for seat, who in ((0, host), (1, guest)):
                mine = (await ann.get(f"/api/tables/{code}", headers=who)).json()
                if mine.get("legal_moves") and seat in mine["to_act"]:
                    await ann.post(f"/api/tables/{code}/hint", headers=who)
                    await ann.post(f"/api/tables/{code}/nudge", headers=who)
                    await ann.post(f"/api/tables/{code}/moves", headers=who,
                                   json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
                    await ann.post(f"/api/tables/{code}/takeback", headers=who)
                    break
            await asyncio.sleep(0.05)
        await ann.post(f"/api/tables/{code}/pause", json={"reason": "dinner", "until": "2099-01-01T00:00:00Z"},
                       headers=host)
        await housekeeping.run(tables)
        await asyncio.sleep(0.2)
        assert tables.db.stray_commits == [], tables.db.stray_commits[0]
    finally:
        tables.db.strict = False


def test_nothing_in_the_app_opens_a_write_transaction_but_the_writer():
    """The same rule, read in the code: a write session or a commit anywhere else in app/ is a write beside
    the writer (use `writer.command` for the hot path's entries, `writer.transaction` for the rest)."""
    root = Path(__file__).resolve().parents[2] / "app"
    found = [f"{p.relative_to(root)}:{n}" for p in root.rglob("*.py") if p.name != "writer.py"
             for n, line in enumerate(p.read_text().splitlines(), 1)
             if (".writing()" in line or ".commit()" in line) and not line.lstrip().startswith("#")
             and p.parent.name != "store"]
    assert found == []
