"""The bots' move scores after a game and their deal yardstick, through the API: the
scores of every game once it ends, their progress, one instance per analysis, a restart going on from where
it stopped, analyses behind every bot turn, and a deal's yardstick under the spoiler rule. On SQLite and
PostgreSQL, with small budgets (the figures are the bench's: bench/calibration.py)."""
from __future__ import annotations

import asyncio
import threading
import httpx
import pytest
from asgi_lifespan import LifespanManager

from app.bots import scores as bot_scores
from app.config import Settings
from app.main import create_app
from app.store.models import Analysis
from app.tables.analysis import jobs
from tests.api.helpers import bearer
from tests.conftest import eventually

SCORE = bot_scores.score  # the scorer, as the gates below hold it
MARKS = {None, "?!", "?", "??"}
FIELDS = {"seq", "seat", "cost", "mark", "summary", "before", "after", "best", "best_text"}


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request, sqlite_url):
    return request.getfixturevalue("postgres_url") if request.param == "postgres" else sqlite_url


def settings_for(database_url: str, **extra) -> Settings:
    values = dict(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                  bot_processes=0, bot_seconds=0.05, analysis_seconds=0.02, analysis_delay_seconds=0,
                  analysis_poll_seconds=0.05, analysis_plays=3, rate_limit_scores="0")  # the tests poll
    return Settings(**(values | extra))


@pytest.fixture
def settings(database_url: str) -> Settings:
    return settings_for(database_url)


async def play_out(client: httpx.AsyncClient, game: str, players: int, options: dict | None = None) -> dict:
    """A table of `game` with one person at seat 0 and bots at the others, played to its end by the first
    legal move of each of the person's turns. {"code", "token", "seq"}."""
    r = await client.post("/api/tables", json={"game": game, "players": players, "name": "Ann",
                                               "options": options or {}})
    assert r.status_code == 201, r.text
    made = r.json()
    code, token = made["code"], made["token"]
    for _ in range(players - 1):
        r = await client.post(f"/api/tables/{code}/bots", json={}, headers=bearer(token))
        assert r.status_code == 200, r.text
    r = await client.post(f"/api/tables/{code}/start", headers=bearer(token))
    assert r.status_code == 200, r.text
    for _ in range(3000):
        st = (await client.get(f"/api/tables/{code}", headers=bearer(token))).json()
        if st["status"] != "playing":
            return {"code": code, "token": token, "seq": st["seq"]}
        if 0 not in st["to_act"] or not st["legal_moves"]:
            await asyncio.sleep(0.01)  # a bot's turn
            continue
        move = dict(st["legal_moves"][0])
        if move.get("action") == "set_dare":
            move["text"] = "Hop on one foot."
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token), json={"seq": st["seq"], "move": move})
        assert r.status_code in (200, 409), r.text  # 409: a bot moved first in a shared turn
    raise AssertionError("the game never ended")


async def scored(client: httpx.AsyncClient, code: str, timeout: float = 60) -> dict:
    async def done():
        body = (await client.get(f"/api/tables/{code}/scores")).json()
        return body if body["status"] in ("done", "failed") else None
    return await eventually(done, timeout=timeout, interval=0.05)


def check_scores(body: dict, seq: int) -> None:
    assert body["status"] == "done", body
    assert body["done"] == body["total"] == seq == len(body["moves"])
    assert [m["seq"] for m in body["moves"]] == list(range(1, seq + 1))
    for m in body["moves"]:
        assert FIELDS <= set(m) and m["mark"] in MARKS and m["cost"] >= 0 and isinstance(m["summary"], str)
    marked = [m["seq"] for m in body["moves"] if m["mark"]]
    assert body["turning_point"] in (marked or [None])
    assert body["unit"] in ("chance", "points", "turns")


# -- every game's scores, once it ends -----------------------------------------------------------------
@pytest.mark.parametrize("game,players", [("three-high", 1), ("three-high", 3), ("turning-points", 2),
                                          ("turning-points", 1), ("martian-treasure-hunt", 2), ("dash", 2)])
async def test_the_scores_of_each_game_appear_after_it_ends(client, game, players):
    r = await client.post("/api/tables", json={"game": game, "players": players, "name": "Ann"})
    made = r.json()
    assert (await client.get(f"/api/tables/{made['code']}/scores")).json()["code"] == "not_over"  # a lobby
    table = await play_out(client, game, players)
    body = await scored(client, table["code"])
    check_scores(body, table["seq"])
    mine = [m for m in body["moves"] if m["seat"] == 0]
    assert mine and all(m["summary"] for m in mine)
    if game == "three-high":  # win chances, and the bot's own choice or another play with its reason
        assert all(0 <= m["before"] <= 1 and 0 <= m["after"] <= m["before"] for m in body["moves"])
        assert all((m["best"] is None) == (m["best_text"] is None) for m in body["moves"])
        assert all("the bot" in m["summary"] for m in body["moves"])


async def test_scores_are_refused_before_the_end_and_unknown_tables_are_404(client):
    r = await client.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Ann"})
    made = r.json()
    await client.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
    r = await client.get(f"/api/tables/{made['code']}/scores")
    assert r.status_code == 409 and r.json()["code"] == "not_over" and "not ended" in r.json()["detail"]
    r = await client.get("/api/tables/NOSUCH/scores")
    assert r.status_code == 404 and r.json()["code"] == "not_found"


async def test_asking_starts_the_scores_that_a_games_end_queued_for_later(database_url):
    app = create_app(settings_for(database_url, analysis_delay_seconds=3600))
    async with LifespanManager(app):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as c:
            table = await play_out(c, "turning-points", 2)
            check_scores(await scored(c, table["code"]), table["seq"])


async def test_asking_for_scores_is_rate_limited(database_url):
    app = create_app(settings_for(database_url, rate_limit_scores="2/60"))
    async with LifespanManager(app):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as c:
            answers = [(await c.get("/api/tables/NOSUCH/scores")).status_code for _ in range(3)]
            assert answers == [404, 404, 429]


# -- progress, one instance, restarts ------------------------------------------------------------------
class Gate:
    """Holds every move's scoring until let through, one at a time; counts them."""

    def __init__(self):
        self.allowed = threading.Semaphore(0)
        self.calls = 0

    def score(self, *args):
        self.allowed.acquire(timeout=30)
        self.calls += 1
        return SCORE(*args)


async def test_progress_is_shown_move_by_move(client, monkeypatch):
    gate = Gate()
    monkeypatch.setattr(jobs.bot_scores, "score", gate.score)
    table = await play_out(client, "turning-points", 2)
    seen = []
    for k in range(table["seq"]):
        body = (await client.get(f"/api/tables/{table['code']}/scores")).json()
        assert body["total"] == table["seq"] and body["done"] == k and len(body["moves"]) == k
        seen.append(body["status"])
        gate.allowed.release()
        await eventually(lambda k=k: _done_at_least(client, table["code"], k + 1), timeout=10)
    assert set(seen) <= {"queued", "running"} and "running" in seen
    check_scores(await scored(client, table["code"]), table["seq"])


async def _done_at_least(client, code: str, n: int) -> bool:
    return (await client.get(f"/api/tables/{code}/scores")).json()["done"] >= n


async def test_two_instances_score_each_move_once(app, settings, client):
    tables = [await play_out(client, "turning-points", 2) for _ in range(2)]
    other = create_app(settings)
    async with LifespanManager(other):
        for table in tables:
            check_scores(await scored(client, table["code"]), table["seq"])
        counted = app.state.tables.analyses.steps + other.state.tables.analyses.steps
        assert counted == sum(t["seq"] for t in tables)


async def _scored_up_to(app, gate: Gate, code: str, n: int) -> None:
    """Let moves through `gate` until `n` are scored (the next one waits at the gate)."""
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as c:
        done = (await c.get(f"/api/tables/{code}/scores")).json()["done"]
        for _ in range(n - done):
            gate.allowed.release()
        await eventually(lambda: _done_at_least(c, code, n), timeout=10)


async def test_a_restart_goes_on_from_the_last_move_scored(database_url, monkeypatch):
    settings = settings_for(database_url, analysis_lease_seconds=0.5)
    one, first = create_app(settings), Gate()
    monkeypatch.setattr(jobs.bot_scores, "score", first.score)
    async with LifespanManager(one):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=one), base_url="http://testserver") as c:
            table = await play_out(c, "turning-points", 2)
            code, seq = table["code"], table["seq"]
        await _scored_up_to(one, first, code, 2)
    # the first instance stopped (a restart): its row went back to the queue, with its progress
    for _ in range(5):
        first.allowed.release()
    two, second = create_app(settings), Gate()
    monkeypatch.setattr(jobs.bot_scores, "score", second.score)
    async with LifespanManager(two):
        async with two.state.tables.db.reading() as s:
            row = await s.get(Analysis, ("moves", code))
            assert row.done == 2 and row.owner in (None, two.state.tables.instance)  # given back, kept, taken
        await _scored_up_to(two, second, code, 4)
        dying = two.state.tables.analyses._task  # the second instance dies: its claim stays
        dying.cancel()
        await asyncio.gather(dying, return_exceptions=True)
        for _ in range(5):
            second.allowed.release()
        monkeypatch.setattr(jobs.bot_scores, "score", SCORE)
        three = create_app(settings)
        async with LifespanManager(three):  # takes the dead instance's row over once its lease has run out
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=three), base_url="http://testserver") as c:
                check_scores(await scored(c, code), seq)
            assert three.state.tables.analyses.steps == seq - 4


# -- priority ------------------------------------------------------------------------------------------
async def test_a_bot_turn_goes_before_every_analysis_step_waiting(app):
    from app.tables.live.worker_slots import Slots

    bots = app.state.tables.bots
    bots.slots = Slots(1)
    release = threading.Event()
    order = []

    def step(name, budget):
        if name == "first":
            release.wait(10)
        order.append(name)
        return name

    running = asyncio.ensure_future(bots.analyse(step, "first", budget=0.01))
    await eventually(lambda: bots.slots.busy == 1)
    waiting = asyncio.ensure_future(bots.analyse(step, "second", budget=0.01))
    await eventually(lambda: bots.slots.waiting == 1)
    turn = asyncio.ensure_future(bots._run(step, "turn", budget=0.01))  # a bot turn's own call
    hint = asyncio.ensure_future(bots.hint("random", {}, 0, [{"a": 1}], 0.01))
    await eventually(lambda: bots.slots.waiting == 3)
    release.set()
    await asyncio.gather(running, waiting, turn, hint)
    assert order == ["first", "turn", "second"]  # the hint (no step() call) went between them


# -- the deal's yardstick ------------------------------------------------------------------------------
async def test_a_deal_shows_the_bots_yardstick_under_the_spoiler_rule(app, new_client):
    ann, cal = new_client(), new_client()
    r = await ann.post("/api/deals/today/tables", json={"players": 1, "name": "Ann"})
    assert r.status_code == 201, r.text
    deal_id = (await ann.get("/api/deals/today")).json()["deals"][0]["id"]

    async def queued():  # dealing the deal to a table queued the bot's plays of it (nobody looked yet)
        async with app.state.tables.db.reading() as s:
            return await s.get(Analysis, ("deal", deal_id))
    assert (await eventually(queued)).total == 3

    async def measured():
        bot = (await cal.get(f"/api/deals/{deal_id}")).json()["bot"]
        return bot if bot["status"] == "done" else None

    bot = await eventually(measured, timeout=120, interval=0.1)
    assert bot == {"status": "done", "plays": 3, "of": 3}  # no figures for a browser that has not finished it
    shown = (await cal.get(f"/api/deals/{deal_id}?spoilers=1")).json()["bot"]
    assert shown["plays"] == 3 and 0 <= shown["wins"] <= 3
    assert shown["result"]["outcome"] in ("won", "lost") and shown["result"]["moves"] > 0
    assert (await ann.get(f"/api/deals/{deal_id}")).json()["bot"].get("wins") is None  # Ann still plays it


async def test_a_tables_scores_are_hidden_from_a_browser_playing_its_deal_elsewhere(new_client):
    ann, bea, cal = new_client(), new_client(), new_client()
    tables = []
    for client, name in ((ann, "Ann"), (bea, "Bea")):
        made = (await client.post("/api/deals/today/tables", json={"players": 1, "name": name})).json()
        await client.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
        tables.append(made)
    code, token = tables[0]["code"], tables[0]["token"]
    while (st := (await ann.get(f"/api/tables/{code}", headers=bearer(token))).json())["status"] == "playing":
        await ann.post(f"/api/tables/{code}/moves", headers=bearer(token),
                       json={"seq": st["seq"], "move": st["legal_moves"][0]})
    r = await bea.get(f"/api/tables/{code}/scores")  # Bea is dealt the same cards: the scores name them
    assert r.status_code == 403 and r.json()["code"] == "spoilers"
    assert (await cal.get(f"/api/tables/{code}/scores")).status_code == 200
    assert (await ann.get(f"/api/tables/{code}/scores")).status_code == 200
    # the bots' work this game started (its scores, the deal's yardstick) ends before the app does: the app's
    # shutdown waits 5 s for it, and a loaded machine took longer (a teardown TimeoutError in CI)
    await scored(cal, code, timeout=120)
    deal_id = (await cal.get("/api/deals/today")).json()["deals"][0]["id"]

    async def measured():
        return (await cal.get(f"/api/deals/{deal_id}")).json()["bot"]["status"] == "done" or None
    await eventually(measured, timeout=120, interval=0.1)
