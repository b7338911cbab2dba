"""Against a real server over real sockets: odd dates in
the admin's ranges are a 422 with a sentence, never a 500; an import trusts nothing the rules can work out
(the first position is dealt again from the file's seed, every move replayed, the result the replay's own),
so a made-up position or result is refused and nothing is stored; an imported table keeps its chat and its
original times and is counted apart from the games played here."""
from __future__ import annotations

import copy

import httpx
import pytest

from tests.api.admin_helpers import play
from tests.api.helpers import bearer, create

TOKEN = "admin-token-of-the-import-tests"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}
ODD_DATES = [{"to": "9999-12-31"}, {"from": "9999-12-31T23:59:59-23:59"}, {"from": "0001-01-01T00:00:00+23:59"},
             {"to": "9999-12-31T23:59:59.999999Z"}, {"from": "2026-11-01", "to": "9999-12-31T23:59:59-23:59"}]


@pytest.fixture
def server(live_server):
    return live_server(admin_token=TOKEN)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def any_server(request, live_server):
    """The server on SQLite, then on PostgreSQL (a schema of its own)."""
    url = request.getfixturevalue("postgres_url") if request.param == "postgres" else None
    return live_server(database_url=url, admin_token=TOKEN)


def test_odd_dates_are_a_422_with_a_sentence(server):
    with httpx.Client(base_url=server.url, headers=ADMIN, timeout=10) as c:
        for path in ("/api/admin/tables", "/api/admin/stats"):
            for params in ODD_DATES:
                r = c.get(path, params=params)
                assert r.status_code == 422, (path, params, r.status_code, r.text)
                body = r.json()
                assert set(body) == {"detail", "code"} and body["code"] == "invalid", body
                assert "between the years 1 and 9999" in body["detail"] and body["detail"].endswith("."), body
            assert c.get(path, params={"from": "0001-01-01", "to": "9999-12-30"}).status_code in (200, 422)
        assert c.get("/api/admin/tables", params={"from": "0001-01-01", "to": "9999-12-30"}).status_code == 200


def file_of(game: str, players: int, seed: int = 3, stop_after: int | None = None) -> dict:
    """An export file of a game the engines play out (random legal moves from a seeded deal)."""
    p = play(game, players, seed=seed, stop_after=stop_after)
    return p.export_file(seats=[f"P{i}" for i in range(players)])


def five_trees() -> dict:
    f = file_of("three-high", 1, stop_after=0)
    doc = copy.deepcopy(f["initial_doc"])
    doc["board"] = {sq: [f"{c}3", f"{c}2", f"{c}1"] for sq, c in zip(("a1", "c3", "e5", "g7", "h1"),
                                                                      ("red", "orange", "yellow", "green", "blue"))}
    doc["to_act"], doc["result"] = [], {"outcome": "won", "reason": "trees", "scores": None, "winners": [0]}
    return f | {"initial_doc": doc, "result": doc["result"]}


def made_up_winner(game: str) -> dict:
    f = file_of(game, 2)
    assert f["result"] is not None
    return f | {"result": dict(f["result"], winners=[5])}


def out_of_range_time() -> dict:
    f = file_of("three-high", 1, stop_after=3)
    f["moves"][0]["at"] = "9999-12-31T23:59:59-23:59"
    return f


STUB = {"game": "three-high", "players": 1, "to_act": [],
        "result": {"outcome": "won", "reason": "trees", "scores": None, "winners": [0]}}
ATTACKS = {
    "a 3-High stub initial_doc, no moves, won": (
        lambda: file_of("three-high", 1, stop_after=0) | {"initial_doc": STUB, "result": STUB["result"]},
        "bad_deal", "not the start of a 1-seat 3-High game"),
    "the same stub in a file without a seed": (
        lambda: {k: v for k, v in file_of("three-high", 1, stop_after=0).items() if k != "seed"}
        | {"initial_doc": STUB, "result": STUB["result"]}, "bad_deal", "has no 'seed'"),
    "five trees prebuilt, no moves, won": (five_trees, "bad_deal", "not the start of a 1-seat 3-High game"),
    "Martian Treasure Hunt, winners [5]": (lambda: made_up_winner("martian-treasure-hunt"), "bad_result",
                                           "differs from the replay's"),
    "Dash, winners [5]": (lambda: made_up_winner("dash"), "bad_result", "differs from the replay's"),
    "Dash, a result on a game that has not ended": (
        lambda: file_of("dash", 2, stop_after=2) | {"result": {"outcome": "finished", "winners": [5]}},
        "bad_result", "do not end the game"),
    "Martian Treasure Hunt, initial_doc with a result of its own": (
        lambda: (lambda f: f | {"initial_doc": f["initial_doc"] | {"result": {"winners": [5]}}})(
            file_of("martian-treasure-hunt", 2, stop_after=0)), "bad_deal", "dealt from its 'seed'"),
    "a move at a time outside UTC's years": (out_of_range_time, "invalid", "Move seq 1: 'at' must fall between"),
}


def test_imports_that_trust_their_first_position_are_refused(any_server):
    with httpx.Client(base_url=any_server.url, headers=ADMIN, timeout=30) as c:
        before = c.get("/api/admin/tables").headers["x-total-count"]
        for name, (make, code, words) in ATTACKS.items():
            r = c.post("/api/admin/import", json=make())
            assert r.status_code == 422, (name, r.status_code, r.text)
            assert r.json()["code"] == code and words in r.json()["detail"], (name, r.json())
        assert c.get("/api/admin/tables").headers["x-total-count"] == before  # nothing was stored
        stats = c.get("/api/admin/stats").json()
        assert stats["totals"]["finished"] == 0 and stats["totals"]["imported"] == 0


async def test_a_game_played_here_round_trips_and_counts_apart(any_server):
    """Played through the API (a seed the server dealt), exported, imported: the same replay, its chat and
    times kept, marked imported and left out of the stats; its public page answers like any other."""
    async with httpx.AsyncClient(base_url=any_server.url, timeout=30) as c:
        made = await create(c, 1, "Ann")
        code, auth = made["code"], bearer(made["token"])
        assert (await c.post(f"/api/tables/{code}/start", headers=auth)).status_code == 200
        assert (await c.post(f"/api/tables/{code}/chat", json={"text": "off we go"}, headers=auth)).status_code == 201
        for _ in range(400):
            st = (await c.get(f"/api/tables/{code}", headers=auth)).json()
            if st["status"] != "playing":
                break
            r = await c.post(f"/api/tables/{code}/moves", headers=auth,
                             json={"seq": st["seq"], "move": st["legal_moves"][0]})
            assert r.status_code == 200, r.text
        assert st["status"] == "finished"
        stats_before = (await c.get("/api/admin/stats", headers=ADMIN)).json()
        out = (await c.get(f"/api/admin/tables/{code}/export?format=icehouse-table/1", headers=ADMIN)).json()
        assert len(out["seed"]) == 32 and out["chat"][0]["text"] == "off we go"
        r = await c.post("/api/admin/import", headers=ADMIN, json=out)
        assert r.status_code == 201, r.text
        new = r.json()["code"]
        detail = (await c.get(f"/api/admin/tables/{new}", headers=ADMIN)).json()
        assert detail["imported"] is True and detail["result"] == out["result"] and detail["seq"] == len(out["moves"])
        assert detail["created_at"] == out["created_at"] <= detail["started_at"] <= detail["finished_at"]
        assert detail["finished_at"] == out["finished_at"] and [m["text"] for m in detail["chat"]] == ["off we go"]
        again = (await c.get(f"/api/admin/tables/{new}/export?format=icehouse-table/1", headers=ADMIN)).json()
        for key in ("seed", "initial_doc", "moves", "result", "chat", "created_at", "finished_at"):
            assert again[key] == out[key], key
        stats = (await c.get("/api/admin/stats", headers=ADMIN)).json()
        assert stats["totals"] == stats_before["totals"] | {"imported": 1}
        assert stats["games"]["three-high"]["imported"] == 1
        assert stats["games"]["three-high"]["finished"] == stats_before["games"]["three-high"]["finished"] == 1
        listed = (await c.get("/api/admin/tables", headers=ADMIN)).json()
        assert {t["code"]: t["imported"] for t in listed} == {code: False, new: True}
        public = await c.get(f"/api/tables/{new}")
        assert public.status_code == 200 and public.json()["status"] == "finished"
        assert (await c.get(f"/api/tables/{new}/replay", params={"seq": 1})).status_code == 200
        assert (await c.get(f"/t/{new}", headers={"accept": "text/html"})).status_code == 200


@pytest.mark.parametrize("name", ["\u3164", "\u115f\u1160", "Ann\u202e", "A\x00n", " \u0301 "])
def test_an_import_holds_its_seat_and_chat_names_to_the_policy_of_a_join(server, name):
    """The admin's import refused before what the join path refuses (an invisible or
    reordering name), so no imported table shows a seat that looks like nobody."""
    with httpx.Client(base_url=server.url, headers=ADMIN, timeout=20) as c:
        f = file_of("three-high", 2, stop_after=2)
        for bad in (f | {"seats": [name, "P1"]},
                    f | {"chat": [{"seat": 0, "name": name, "text": "hi", "at": f["moves"][0]["at"]}]}):
            r = c.post("/api/admin/import", json=bad)
            assert r.status_code == 422, (name, r.status_code, r.text)
            assert r.json()["code"] == "bad_text", r.json()
        assert c.post("/api/admin/import", json=f).status_code == 201
