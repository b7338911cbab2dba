"""Export and import of a game (a round trip for every game of GAMES, refused bad files), the
admin's delete (logged with who, what and when), and the public replay once a game has ended."""
from __future__ import annotations

import copy
import json
import logging

import pytest

from app.config import Settings
from app.games import GAMES
from tests.api.admin_helpers import insert_played, play
from tests.api.helpers import bearer, create, state

TOKEN = "admin-token-of-the-transfer-tests"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}
SAME = ("game", "players", "options", "seed", "seats", "initial_doc", "moves", "result", "chat", "created_at",
        "started_at", "finished_at")


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    admin_token=TOKEN, bot_processes=0)


def seats_for(name: str) -> int:
    return max(2, GAMES[name].min_players)


async def export(client, code: str) -> dict:
    r = await client.get(f"/api/admin/tables/{code}/export?format=icehouse-table/1", headers=ADMIN)
    assert r.status_code == 200, r.text
    return r.json()


async def import_(client, body) -> tuple[int, dict]:
    r = await client.post("/api/admin/import", headers=ADMIN, content=json.dumps(body))
    return r.status_code, r.json()


# -- export and import ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_export_import_round_trip(app, client, game):
    p = play(game, seats_for(game), seed=3)
    assert p.result is not None, f"{game}: the random game did not end"
    code = await insert_played(app.state.tables.db, p, ["Ann", "Bea", *[f"Bot {i}" for i in range(p.players - 2)]],
                               chat=["hello", "good game"])
    out = await export(client, code)
    assert out["format"] == "icehouse-table/1" and out["game"] == game and out["code"] == code
    assert out["seats"][:2] == ["Ann", "Bea"] and len(out["moves"]) == len(p.steps)
    assert set(out["moves"][0]) == {"seq", "seat", "move", "at"} and out["result"] == p.result
    assert out["seed"] == p.seed and out["imported"] is False
    assert [(c["seat"], c["name"], c["text"]) for c in out["chat"]] == [(0, "Ann", "hello"), (0, "Ann", "good game")]
    assert out["created_at"] < out["started_at"] < out["moves"][0]["at"] <= out["finished_at"]
    status, made = await import_(client, out)
    assert status == 201, made
    new = made["code"]
    assert new != code
    detail = (await client.get(f"/api/admin/tables/{new}", headers=ADMIN)).json()
    assert detail["status"] == "finished" and detail["seq"] == len(p.steps) and detail["doc"] == p.doc
    assert detail["imported"] is True and [c["text"] for c in detail["chat"]] == ["hello", "good game"]
    assert detail["created_at"] == out["created_at"] and detail["finished_at"] == out["finished_at"]
    assert [m["events"] for m in detail["moves"]] == [st["events"] for st in p.steps]
    again = await export(client, new)
    assert {k: again[k] for k in SAME} == {k: out[k] for k in SAME}
    end = (await client.get(f"/api/admin/tables/{new}/replay", headers=ADMIN)).json()
    assert end["consistent"] is True and end["doc"] == p.doc
    public = (await client.get(f"/api/tables/{new}")).json()  # an ordinary finished table for everyone
    assert public["status"] == "finished" and public["result"] == p.result and public["you"] is None
    mid = (await client.get(f"/api/tables/{new}/replay", params={"seq": len(p.steps) // 2})).json()
    assert mid["seq"] == len(p.steps) // 2 and "secret" not in mid["doc"]


async def test_the_export_of_a_table_played_through_the_api_names_its_seats_and_bots(client):
    made = await create(client, 2, "Host")
    code = made["code"]
    await client.post(f"/api/tables/{code}/bots", json={}, headers=bearer(made["token"]))
    await client.post(f"/api/tables/{code}/start", headers=bearer(made["token"]))
    r = await client.get(f"/api/admin/tables/{code}/export?format=icehouse-table/1", headers=ADMIN)
    out = r.json()
    assert out["seats"][0] == "Host" and out["bots"][0] is None and out["bots"][1]
    assert out["result"] is None and out["status"] == "playing"
    assert r.headers["content-disposition"] == f'attachment; filename="icehouse-{code}.json"'


async def test_an_export_that_stops_before_the_end_imports_as_abandoned(app, client):
    p = play("three-high", 2, seed=5, stop_after=4)
    code = await insert_played(app.state.tables.db, p, status="abandoned")
    status, made = await import_(client, await export(client, code))
    assert status == 201, made
    assert made["status"] == "abandoned" and made["seq"] == 4


@pytest.fixture
async def exported(app, client) -> dict:
    p = play("three-high", 2, seed=11)
    return await export(client, await insert_played(app.state.tables.db, p))


async def count_tables(client) -> int:
    return int((await client.get("/api/admin/tables", headers=ADMIN)).headers["X-Total-Count"])


def tampered_move(body: dict, k: int) -> dict:
    """Move k replaced by another move of the same shape that cannot be legal there."""
    bad = copy.deepcopy(body)
    bad["moves"][k - 1]["move"] = dict(bad["moves"][k - 1]["move"], card="ZZ")
    return bad


@pytest.mark.parametrize("change, code, words", [
    (lambda b: tampered_move(b, 3), "bad_move", "Move seq 3 does not replay"),
    (lambda b: b | {"moves": b["moves"][:2] + b["moves"][3:]}, "bad_move", "Move seq 3 is missing"),
    (lambda b: b | {"moves": [dict(m, seat=(m["seat"] + 1) % 2) if m["seq"] == 1 else m for m in b["moves"]]},
     "bad_move", "Move seq 1 does not replay: seat"),
    (lambda b: b | {"moves": b["moves"] + [dict(b["moves"][-1], seq=len(b["moves"]) + 1)]}, "bad_move",
     "does not replay"),
    (lambda b: b | {"format": "icehouse-table/2"}, "bad_format", "Unknown format"),
    (lambda b: b | {"format": None}, "bad_format", "Unknown format"),
    (lambda b: b | {"game": "chess"}, "unknown_game", "no game called 'chess'"),
    (lambda b: b | {"result": dict(b["result"], outcome="won" if b["result"]["outcome"] == "lost" else "lost")},
     "bad_result", "result differs"),
    (lambda b: b | {"players": 3}, "invalid", "'seats' names 2 seats"),
    (lambda b: b | {"options": {"no_such": True}}, "invalid", "no option 'no_such'"),
    (lambda b: b | {"options": {"hidden_hands": True}}, "bad_deal", "dealt from its 'seed' and 'options'"),
    (lambda b: b | {"initial_doc": {"game": "three-high", "players": 4}}, "bad_deal", "not the start of a 2-seat"),
    (lambda b: b | {"seed": "seed-12"}, "bad_deal", "not the start of a 2-seat 3-High game dealt from its 'seed'"),
    (lambda b: {k: v for k, v in b.items() if k != "seed"}, "bad_deal", "has no 'seed'"),
    (lambda b: b | {"seed": "imported"}, "bad_deal", "imported before seeds were kept"),
    (lambda b: b | {"seed": "\u0000x"}, "bad_deal", "'seed' must be"),
    (lambda b: b | {"chat": [{"seat": 7, "name": "Ann", "text": "hi", "at": None}]}, "invalid", "Chat line 1: 'seat'"),
    (lambda b: b | {"chat": [{"seat": 0, "name": "Ann", "text": "\u202eevil", "at": None}]}, "bad_text", "Chat line 1"),
    (lambda b: b | {"created_at": "9999-12-31T23:59:59-23:59"}, "invalid", "'created_at' must fall between"),
    (lambda b: b | {"seats": ["Ann", "\u202eevil"]}, "bad_text", "seat 1"),
    (lambda b: [b], "invalid", "JSON object"),
])
async def test_a_bad_import_is_refused_with_a_sentence_and_makes_nothing(client, exported, change, code, words):
    before = await count_tables(client)
    status, body = await import_(client, change(exported))
    assert status == 422, body
    assert body["code"] == code and words in body["detail"], body
    assert await count_tables(client) == before


async def test_an_import_that_is_not_json_or_too_large_is_refused(client):
    r = await client.post("/api/admin/import", headers=ADMIN, content=b"{not json")
    assert r.status_code == 422 and r.json()["code"] == "invalid"
    r = await client.post("/api/admin/import", headers=ADMIN, content=b" " * (9 * 1024 * 1024))
    assert r.status_code == 413 and r.json()["code"] == "too_large"


async def test_an_import_larger_than_other_requests_is_accepted(app, client):
    """The import may be larger than the body limit of other requests (64 KiB by default)."""
    p = play("three-high", 2, seed=11)
    body = await export(client, await insert_played(app.state.tables.db, p))
    padded = json.dumps(body) + " " * (100 * 1024)
    r = await client.post("/api/admin/import", headers=ADMIN, content=padded)
    assert r.status_code == 201, r.text
    r = await client.post("/api/tables", content=padded.encode(), headers={"content-type": "application/json"})
    assert r.status_code == 413


# -- delete -----------------------------------------------------------------------------------------------------
async def test_delete_removes_the_table_and_logs_who_what_and_when(app, client, caplog):
    p = play("three-high", 1, seed=2)
    code = await insert_played(app.state.tables.db, p, ["Ann"], chat=["hello"])
    made = await create(client, 1, "Cy")
    await client.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
    before = await count_tables(client)
    with caplog.at_level(logging.WARNING, logger="icehouse.admin"):
        r = await client.delete(f"/api/admin/tables/{code}", headers=ADMIN)
    assert r.status_code == 204 and r.content == b""
    assert (await client.get(f"/api/admin/tables/{code}", headers=ADMIN)).status_code == 404
    assert (await client.get(f"/api/tables/{code}")).status_code == 404
    assert await count_tables(client) == before - 1
    record = next(rec for rec in caplog.records if getattr(rec, "action", None) == "delete_table")
    assert record.who.startswith("admin token from ")
    assert record.table["code"] == code and record.table["game"] == "three-high" and record.table["seq"] == len(p.steps)
    assert record.at.endswith("Z")
    assert (await client.delete(f"/api/admin/tables/{code}", headers=ADMIN)).status_code == 404
    st = await state(client, made["code"])  # another table is untouched
    assert st["status"] == "playing"


async def test_deleting_a_played_table_forgets_it_as_a_rematch(client):
    made = await create(client, 1, "Ann")
    code, token = made["code"], made["token"]
    await client.post(f"/api/tables/{code}/start", headers=bearer(token))
    for _ in range(300):
        st = await state(client, code, token)
        if st["status"] != "playing":
            break
        await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                          json={"seq": st["seq"], "move": st["legal_moves"][0]})
    r = await client.post(f"/api/tables/{code}/rematch", headers=bearer(token))
    assert r.status_code == 201
    rematch = r.json()["code"]
    assert (await client.delete(f"/api/admin/tables/{rematch}", headers=ADMIN)).status_code == 204
    assert (await state(client, code))["rematch"] is None


# -- the public replay -------------------------------------------------------------------------------------------
async def test_the_replay_is_closed_while_the_game_is_on(client):
    made = await create(client, 1, "Ann")
    r = await client.get(f"/api/tables/{made['code']}/replay")
    assert r.status_code == 409 and r.json()["code"] == "not_over" and "lobby" in r.json()["detail"]
    await client.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
    r = await client.get(f"/api/tables/{made['code']}/replay", params={"seq": 0})
    assert r.status_code == 409 and r.json()["code"] == "not_over" and "still playing" in r.json()["detail"]
    assert (await client.get("/api/tables/nosuchtb/replay")).status_code == 404


@pytest.mark.parametrize("status", ["finished", "abandoned"])
async def test_after_the_end_every_step_is_there_without_the_secret(app, client, status):
    p = play("three-high", 2, seed=4, options={"hidden_hands": True}, stop_after=None if status == "finished" else 6)
    code = await insert_played(app.state.tables.db, p, ["Ann", "Bea"], status=status)
    n = len(p.steps)
    docs = [p.initial_doc]
    g = GAMES["three-high"]
    for st in p.steps:
        docs.append(g.apply(docs[-1], st["seat"], st["move"]).doc)
    for seq in (0, 1, n // 2, n):
        r = await client.get(f"/api/tables/{code}/replay", params={"seq": seq})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["seq"] == seq and body["of"] == n and body["status"] == status
        want = {k: v for k, v in docs[seq].items() if k != "secret"}
        assert body["doc"] == want  # every hand shown (hidden_hands was on), the pile too
        assert all(body["doc"]["hands"]) and body["view"] == g.view(docs[seq], None)
        assert body["step"] == (p.steps[seq - 1] if seq else None)
        assert p.initial_doc["secret"] not in r.text and '"secret"' not in r.text
    assert (await client.get(f"/api/tables/{code}/replay")).json()["seq"] == n
    for bad in (-1, n + 1, "x"):
        r = await client.get(f"/api/tables/{code}/replay", params={"seq": bad})
        assert r.status_code == 422 and "seq" in r.json()["detail"]
