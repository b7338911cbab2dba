"""The admin's table list against a few thousand generated tables (bulk-inserted): every filter, both
sorts both ways, paging with X-Total-Count, each checked against the same rows filtered in Python; and the
queries run on indexes (SQLite's query plan). bench/admin_list.py times the same list at 50,000 tables."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from app.config import Settings
from app.store import admin_queries
from app.tables.admin.tables import table_filter
from tests.api.admin_helpers import bulk_insert

TOKEN = "admin-token-of-the-scale-tests"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}
N = 3000


@pytest.fixture
def database_url(request) -> str:
    which = getattr(request, "param", "sqlite")
    return request.getfixturevalue("sqlite_url" if which == "sqlite" else "postgres_url")


ON_BOTH = pytest.mark.parametrize("database_url", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)],
                                  indirect=True)


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    admin_token=TOKEN, bot_processes=0)


@pytest.fixture
async def rows(app) -> dict:
    tables, seats = await bulk_insert(app.state.tables.db, N)
    names: dict[int, list[str]] = {}
    for s in seats:
        names.setdefault(s["table_id"], []).append(s["name"])
    return {"tables": tables, "names": names}


def day(d: int) -> datetime:
    return datetime(2026, 11, 1, tzinfo=timezone.utc) + timedelta(days=d)


def expected(rows: dict, *, game=None, status=None, player=None, date="created", lo=None, hi=None,
             sort="last_move", order="desc") -> list[str]:
    key = {"created": "created_at", "last_move": "moved_at"}
    out = [t for t in rows["tables"]
           if (game is None or t["game"] == game) and (status is None or t["status"] == status)
           and (player is None or any(player.lower() in n.lower() for n in rows["names"][t["id"]]))
           and (lo is None or t[key[date]] >= lo) and (hi is None or t[key[date]] < hi)]
    out.sort(key=lambda t: (t[key[sort]], t["id"]), reverse=order == "desc")
    return [t["code"] for t in out]


async def page(client, **params) -> tuple[list[dict], int]:
    r = await client.get("/api/admin/tables", headers=ADMIN, params=params)
    assert r.status_code == 200, r.text
    return r.json(), int(r.headers["X-Total-Count"])


CASES = [
    {},
    {"game": "dash"},
    {"status": "abandoned"},
    {"game": "three-high", "status": "finished"},
    {"player": "ann4"},
    {"player": "BEA1", "status": "playing"},
    {"from": "2026-11-10", "to": "2026-11-19"},
    {"date": "last_move", "from": "2026-11-20", "to": "2026-11-20"},
    {"game": "martian-treasure-hunt", "date": "last_move", "from": "2026-12-01T00:00:00Z"},
    {"sort": "created"},
    {"sort": "created", "order": "asc", "status": "lobby"},
    {"sort": "last_move", "order": "asc", "game": "dash", "to": "2026-11-05"},
]


def as_expected_args(params: dict) -> dict:
    args = {k: v for k, v in params.items() if k in ("game", "status", "player", "date", "sort", "order")}
    if "from" in params:
        v = params["from"]
        args["lo"] = datetime.fromisoformat(v.replace("Z", "+00:00")) if "T" in v else \
            datetime.fromisoformat(v).replace(tzinfo=timezone.utc)
    if "to" in params:
        args["hi"] = datetime.fromisoformat(params["to"]).replace(tzinfo=timezone.utc) + timedelta(days=1)
    return args


@ON_BOTH
async def test_filters_sorts_and_first_pages_agree_with_python(client, rows):
    for params in CASES:  # one database of N tables for them all
        want = expected(rows, **as_expected_args(params))
        got, total = await page(client, **params, limit=50)
        assert total == len(want), params
        assert 0 < total < N or params in ({}, {"sort": "created"}), params  # each case filters something
        assert [r["code"] for r in got] == want[:50], params
        got2, _ = await page(client, **params, limit=50, offset=50)
        assert [r["code"] for r in got2] == want[50:100], params


async def test_walking_every_page_gives_each_table_once(client, rows):
    want = expected(rows, status="finished")
    seen: list[str] = []
    offset = 0
    while True:
        got, total = await page(client, status="finished", limit=200, offset=offset)
        assert total == len(want)
        if not got:
            break
        seen += [r["code"] for r in got]
        offset += 200
    assert seen == want


async def test_rows_show_game_seats_status_moves_result_created_and_last_move(client, rows):
    got, _ = await page(client, status="finished", limit=5)
    for row in got:
        assert row["game"] and row["seats"] and row["status"] == "finished" and isinstance(row["seq"], int)
        assert row["result"]["outcome"] == "finished" and row["created_at"].endswith("Z")
        assert (row["last_move_at"] is None) == (row["seq"] == 0)


@pytest.mark.parametrize("params, words", [
    ({"sort": "name"}, "sort must be"), ({"order": "up"}, "order must be"), ({"date": "finished"}, "date must be"),
    ({"from": "2026-11-31"}, "from must be a date"), ({"from": "2026-11-05", "to": "2026-11-04"}, "ends"),
])
async def test_bad_sorts_and_ranges_are_422(client, params, words):
    r = await client.get("/api/admin/tables", headers=ADMIN, params=params)
    assert r.status_code == 422 and words in r.json()["detail"], r.text


async def plan(s, q) -> str:
    compiled = q.compile(dialect=s.bind.dialect)
    args = tuple(compiled.params[name] for name in compiled.positiontup)
    conn = await s.connection()
    result = await conn.exec_driver_sql("EXPLAIN QUERY PLAN " + str(compiled), args)
    return " | ".join(str(row[-1]) for row in result)


PLANNED = [{}, {"game": "dash"}, {"status": "playing", "sort": "created"},
           {"date": "last_move", "from": "2026-11-10"},
           {"game": "dash", "status": "finished", "sort": "created", "order": "asc"}]


async def test_the_list_and_its_count_run_on_indexes(app, rows):
    for params in PLANNED:
        f = table_filter(params.get("game"), params.get("status"), None, date_field=params.get("date"),
                         start=params.get("from"))
        async with app.state.tables.db.session() as s:
            listing = await plan(s, admin_queries.list_query(f, 50, 0, params.get("sort", "last_move"),
                                                             params.get("order", "desc") == "desc"))
            counting = await plan(s, admin_queries.count_query(f))
        for p in (listing, counting):
            assert "USING" in p and "INDEX" in p, (params, p)
            assert "SCAN tables" not in p.replace("SCAN tables USING", ""), (params, p)
        # sorted by an index, not in a temporary tree (two equality filters leave one to sort)
        assert "TEMP B-TREE" not in listing or "game" in params and "status" in params, (params, listing)
