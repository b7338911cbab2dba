"""GET /api/admin/stats against hand-counted fixtures: tables by status, average moves and minutes, tables
started, finished and abandoned per day, the games' own figures (3-High, Dash), the date range; and the
stats page."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from app.config import Settings
from app.store import Move, Seat, Table
from tests.api.admin_helpers import new_code

TOKEN = "admin-token-of-the-stats-tests"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def database_url(request) -> str:
    which = getattr(request, "param", "sqlite")
    return request.getfixturevalue("sqlite_url" if which == "sqlite" else "postgres_url")


ON_BOTH = pytest.mark.parametrize("database_url", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)],
                                  indirect=True)


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    admin_token=TOKEN, bot_processes=0, abandon_after_seconds=3600)


def at(day: int, hour: int = 10, minute: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=timezone.utc)


def th(outcome: str, reason: str) -> dict:
    return {"outcome": outcome, "reason": reason, "scores": None, "winners": [0] if outcome == "won" else []}


# (game, players, status, result, seq, created, started, ended, events per move)
FIXTURE = [
    ("three-high", 1, "finished", th("won", "trees"), 40, at(2, 9, 59), at(2, 10), at(2, 10, 30), None),
    ("three-high", 1, "finished", th("lost", "stuck"), 20, at(2, 11), at(2, 11), at(2, 11, 10), None),
    ("three-high", 2, "finished", th("lost", "out_of_cards"), 60, at(3, 23), at(3, 23, 30), at(4, 0, 30), None),
    ("three-high", 2, "abandoned", None, 5, at(3, 8), at(3, 8), at(17, 3), None),
    ("three-high", 2, "playing", None, 3, at(5, 8), at(5, 8), None, None),
    ("three-high", 3, "lobby", None, 0, at(5, 9), None, None, None),
    ("three-high", 1, "finished", th("won", "trees"), 99, datetime(2026, 10, 15, tzinfo=timezone.utc),
     datetime(2026, 10, 15, tzinfo=timezone.utc), datetime(2026, 10, 15, 1, tzinfo=timezone.utc), None),  # October
    ("dash", 2, "finished", {"outcome": "finished", "reason": "finish", "scores": None, "winners": [1]}, 4,
     at(2), at(2), at(2, 10, 45),
     [["dare_set"], ["dare_refused", "turn_skipped"], ["dare_set"], ["dare_done", "end"]]),
    ("dash", 3, "playing", None, 3, at(6), at(6), None,
     [["dare_set"], ["dare_refused"], ["draw", "dare"]]),
]
# Imported (played elsewhere): counted apart, in none of the figures above.
IMPORTED = [
    ("three-high", 1, "finished", th("won", "trees"), 12, at(2, 12), at(2, 12), at(2, 12, 20), None),
    ("dash", 2, "finished", {"outcome": "finished", "reason": "finish", "scores": None, "winners": [0]}, 2,
     at(3), at(3), at(3, 11), [["dare_set"], ["dare_refused", "end"]]),
]


@pytest.fixture
async def fixture(app) -> None:
    async with app.state.tables.db.writing() as s:
        for i, (game, players, status, result, seq, created, started, ended, events) in enumerate(FIXTURE + IMPORTED):
            table = Table(code=new_code(), game=game, players=players, options={}, seed="x", status=status,
                          initial_doc={}, doc={}, seq=seq, to_act=[], result=result, created_at=created,
                          updated_at=ended or created, moved_at=ended or created, started_at=started,
                          finished_at=ended, imported=i >= len(FIXTURE))
            s.add(table)
            await s.flush()
            s.add_all(Seat(table_id=table.id, seat=i, name=f"P{i}", notify=False) for i in range(players))
            for i, kinds in enumerate(events or [], start=1):
                # a dare text that spells an event type must not count: only the types do
                evs = [{"type": k, "seat": 0, "dare": "say dare_set aloud", "text": "..."} for k in kinds]
                s.add(Move(table_id=table.id, seq=i, seat=0, move={"action": "draw"}, events=evs, at=created))
        await s.commit()


async def get_stats(client, **params) -> dict:
    r = await client.get("/api/admin/stats", headers=ADMIN, params=params)
    assert r.status_code == 200, r.text
    return r.json()


@ON_BOTH
async def test_november_by_hand(client, fixture):
    out = await get_stats(client, **{"from": "2026-11-01", "to": "2026-11-30"})
    assert out["from"] == "2026-11-01" and out["to"] == "2026-11-30" and out["abandon_after_seconds"] == 3600
    th_ = out["games"]["three-high"]
    assert {k: th_[k] for k in ("title", "tables", "lobby", "playing", "finished", "abandoned", "avg_moves",
                                "avg_minutes")} == {"title": "3-High", "tables": 6, "lobby": 1, "playing": 1,
                                                    "finished": 3, "abandoned": 1, "avg_moves": 40.0,
                                                    "avg_minutes": 33.3}
    figures = th_["figures"]
    assert figures["games"] == 3 and figures["won"] == 1 and figures["win_rate"] == 0.3333
    assert figures["by_players"] == {
        "1": {"games": 2, "won": 1, "lost": 1, "win_rate": 0.5, "losses": {"stuck": 1, "out_of_cards": 0}},
        "2": {"games": 1, "won": 0, "lost": 1, "win_rate": 0.0, "losses": {"stuck": 0, "out_of_cards": 1}},
    }
    dash = out["games"]["dash"]
    assert (dash["tables"], dash["finished"], dash["playing"], dash["avg_moves"], dash["avg_minutes"]) == (
        2, 1, 1, 4.0, 45.0)
    assert {k: dash["figures"][k] for k in ("dares_set", "done", "refused", "refusal_rate")} == {
        "dares_set": 3, "done": 1, "refused": 2, "refusal_rate": 0.6667}
    assert dash["figures"]["by_players"]["3"] == {"dares_set": 1, "done": 0, "refused": 1, "refusal_rate": 1.0}
    assert out["totals"] == {"tables": 8, "lobby": 1, "playing": 2, "finished": 4, "abandoned": 1, "imported": 2}
    assert th_["imported"] == 1 and dash["imported"] == 1 and out["games"]["turning-points"]["imported"] == 0
    days = {d["day"]: d for d in out["days"]["three-high"]}
    assert len(days) == 30 and min(days) == "2026-11-01" and max(days) == "2026-11-30"
    assert [days[f"2026-11-{d:02}"]["started"] for d in (1, 2, 3, 4, 5)] == [0, 2, 2, 0, 1]
    assert [days[f"2026-11-{d:02}"]["finished"] for d in (2, 3, 4)] == [2, 0, 1]
    assert days["2026-11-17"]["abandoned"] == 1 and sum(d["abandoned"] for d in days.values()) == 1
    dash_days = {d["day"]: d for d in out["days"]["dash"]}
    assert dash_days["2026-11-02"] == {"day": "2026-11-02", "started": 1, "finished": 1, "abandoned": 0}
    for g in out["games"].values():  # every game answers, the ones without tables too
        assert {"tables", "finished", "abandoned", "avg_moves", "avg_minutes", "figures"} <= set(g)


async def test_the_range_picks_tables_by_creation(client, fixture):
    october = await get_stats(client, **{"from": "2026-10-01", "to": "2026-10-31"})
    assert october["games"]["three-high"]["tables"] == 1 and october["games"]["three-high"]["avg_moves"] == 99.0
    assert october["games"]["dash"]["tables"] == 0 and october["games"]["dash"]["figures"]["charts"] == []
    everything = await get_stats(client)
    assert everything["totals"]["tables"] == 9 and everything["from"] is None
    days = [d["day"] for d in everything["days"]["three-high"]]
    assert days[0] == "2026-10-15" and days[-1] == "2026-11-17"  # from the first to the last day with news
    one_day = await get_stats(client, **{"from": "2026-11-02T10:30:00Z", "to": "2026-11-02T23:59:59Z"})
    assert one_day["games"]["three-high"]["tables"] == 1 and one_day["games"]["dash"]["tables"] == 0


@pytest.mark.parametrize("params, words", [
    ({"from": "yesterday"}, "from must be a date"),
    ({"to": "2026-13-01"}, "to must be a date"),
    ({"from": "2026-11-05", "to": "2026-11-01"}, "ends"),
    ({"from": "2000-01-01", "to": "2026-01-01"}, "at most"),
])
async def test_bad_ranges_are_422_with_a_sentence(client, params, words):
    r = await client.get("/api/admin/stats", headers=ADMIN, params=params)
    assert r.status_code == 422 and words in r.json()["detail"], r.text


async def test_a_failing_game_hook_is_reported_not_a_500(client, fixture, monkeypatch):
    from app.games import GAMES

    def broken(tables):
        raise RuntimeError("boom")

    monkeypatch.setattr(GAMES["dash"], "stats", broken)
    out = await get_stats(client)
    assert "failed" in out["games"]["dash"]["figures"]["error"] and out["games"]["three-high"]["figures"]["games"]


async def test_the_housekeeping_sweep_shows_in_the_stats(app, client):
    """A table nobody moved at for abandon_after_seconds is abandoned by the sweep and counted so: in its
    game, in the totals, and on today's line of the per-day series."""
    from sqlalchemy import update

    from app.store import utcnow
    from app.tables import housekeeping
    from tests.api.helpers import full_table

    for _ in range(5):
        t = await full_table(client, players=1)
        if (await client.get(f"/api/tables/{t['code']}")).json()["status"] == "playing":
            break
    async with app.state.tables.db.writing() as s:
        await s.execute(update(Table).where(Table.code == t["code"])
                        .values(updated_at=utcnow() - timedelta(seconds=3601)))
        await s.commit()
    assert (await housekeeping.run(app.state.tables))["abandoned"] == [t["code"]]
    out = await get_stats(client)
    assert out["games"]["three-high"]["abandoned"] == 1 and out["totals"]["abandoned"] == 1
    today = utcnow().date().isoformat()
    [line] = [d for d in out["days"]["three-high"] if d["day"] == today]
    assert line["abandoned"] == 1 and line["started"] == 1 and line["finished"] == 0
    assert out["abandon_after_seconds"] == 3600


async def test_the_stats_page_is_served_with_its_script(client):
    r = await client.get("/admin/stats")
    assert r.status_code == 200 and "/static/js/admin_stats.js" in r.text


def test_one_day_series_is_dense(fixture=None):
    from app.tables.admin.stats import _series

    d = datetime(2026, 11, 1).date()
    out = _series({d + timedelta(days=2): [1, 2, 3]}, d, d + timedelta(days=3))
    assert [x["started"] for x in out] == [0, 0, 1, 0] and out[2]["abandoned"] == 3
