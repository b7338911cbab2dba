"""The open game record (docs/GAME-RECORD.md): its schema file is what the models give; every game's golden
playthrough (tests/games/data/) round-trips through a record (built, opened by POST /api/records, replayed
to the same final position, downloaded again the same); an illegal move and a schema error are refused naming
the move and the field; the version-1 fixture (tests/tables/data/game-record-v1.json, kept as written) still
opens; a running game's record is refused; a public record never carries the seed."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from app.config import Settings
from app.games import GAMES, get_game
from app.tables.record.build import record_of, secret_shown
from app.tables.replay import strip_hidden
from tests.api.helpers import bearer, full_table, play_first_legal
from tests.games.data.generate import playthrough_path
from tools.record_schema import PATH as SCHEMA_PATH, main as schema_main

V1_FIXTURE = Path(__file__).parent / "data" / "game-record-v1.json"
TOKEN = "admin-token-of-the-record-tests"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    admin_token=TOKEN, bot_processes=0, bot_seconds=0.1, analysis_seconds=0)


def golden(name: str) -> tuple[dict, dict]:
    """The game's golden playthrough as a record, and its final doc."""
    g = get_game(name)
    play = json.loads(playthrough_path(name).read_text(encoding="utf-8"))
    options = g.check_options(play["players"], play["options"])
    doc = initial = g.setup(play["players"], options, play["seed"])
    moves = []
    for i, step in enumerate(play["steps"], start=1):
        doc = g.apply(doc, step["seat"], step["move"]).doc
        moves.append({"seq": i, "seat": step["seat"], "move": step["move"], "at": "2026-11-01T12:00:00Z"})
    record = record_of(g, players=play["players"], options=options, initial_doc=json.loads(json.dumps(initial)),
                       moves=moves, seats=[f"P{i + 1}" for i in range(play["players"])], result=g.result(doc),
                       status="finished")
    return record, json.loads(json.dumps(doc))


def test_the_schema_file_is_up_to_date():
    assert schema_main(["--check"]) == 0, "run .venv/bin/python -m tools.record_schema"
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["properties"]["format"]["const"] == "icehouse-game-record"
    assert schema["properties"]["version"]["const"] == 1


async def test_the_schema_is_served(client):
    r = await client.get("/schema/game-record/1.json")
    assert r.status_code == 200 and r.json()["$id"] == "/schema/game-record/1.json"


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_every_golden_playthrough_round_trips(client, name):
    record, final = golden(name)
    assert "seed" not in record["deal"] or record["deal"]["seed"] is None
    assert (record["deal"]["secret"] is not None) == secret_shown(get_game(name))
    r = await client.post("/api/records", json=record)
    assert r.status_code == 201, r.text
    opened = r.json()
    assert opened["status"] == "finished" and opened["seq"] == len(record["moves"])
    assert opened["url"] == f"/t/{opened['code']}/review"
    replay = (await client.get(f"/api/tables/{opened['code']}/replay")).json()
    assert replay["doc"] == strip_hidden(final)
    assert replay["seq"] == replay["of"] == len(record["moves"])
    again = await client.get(f"/api/tables/{opened['code']}/record")
    assert again.status_code == 200, again.text
    assert "attachment" in again.headers["content-disposition"]
    back = again.json()
    for key in ("format", "version", "game", "players", "options", "deal", "result", "status"):
        assert back[key] == record[key], key
    assert [(m["seq"], m["seat"], m["move"]) for m in back["moves"]] == \
        [(m["seq"], m["seat"], m["move"]) for m in record["moves"]]
    assert [s["name"] for s in back["seats"]] == [s["name"] for s in record["seats"]]


async def test_an_illegal_move_is_refused_naming_it(client):
    record, _ = golden("dash")
    bad = copy.deepcopy(record)
    bad["moves"][4]["seat"] = (bad["moves"][4]["seat"] + 1) % bad["players"]
    r = await client.post("/api/records", json=bad)
    assert r.status_code == 422 and r.json()["code"] == "illegal_move", r.text
    assert "Move 5 " in r.json()["detail"]
    bad = copy.deepcopy(record)
    bad["moves"][2]["move"] = {"action": "fly"}
    r = await client.post("/api/records", json=bad)
    assert r.status_code == 422 and r.json()["code"] == "illegal_move" and "Move 3 " in r.json()["detail"], r.text


async def test_a_schema_error_names_the_field(client):
    record, _ = golden("three-high")
    for change, path in ((lambda x: x.update(players="two"), "players"),
                         (lambda x: x["moves"][1].update(seq="2"), "moves.1.seq"),
                         (lambda x: x["deal"].pop("initial_doc"), "deal.initial_doc"),
                         (lambda x: x.update(surprise=1), "surprise")):
        bad = copy.deepcopy(record)
        change(bad)
        r = await client.post("/api/records", json=bad)
        assert r.status_code == 422 and r.json()["code"] == "bad_record", r.text
        assert path in r.json()["detail"], (path, r.json())
    r = await client.post("/api/records", json={**record, "version": 99})
    assert r.status_code == 422 and r.json()["code"] == "bad_version"
    r = await client.post("/api/records", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["code"] == "bad_record"


async def test_a_changed_result_is_refused(client):
    record, _ = golden("turning-points")
    bad = copy.deepcopy(record)
    bad["result"] = {**bad["result"], "winners": [9]}
    r = await client.post("/api/records", json=bad)
    assert r.status_code == 422 and r.json()["code"] == "bad_result", r.text


async def test_the_version_1_fixture_still_opens(client):
    """tests/tables/data/game-record-v1.json was written once by version 1 and stays as written."""
    record = json.loads(V1_FIXTURE.read_text(encoding="utf-8"))
    assert record["version"] == 1
    r = await client.post("/api/records", json=record)
    assert r.status_code == 201, r.text
    assert r.json()["status"] == "finished"


async def test_a_running_game_has_no_record(client, new_client):
    guest = new_client()
    t = await full_table(client, guest, start=False)
    r = await client.get(f"/api/tables/{t['code']}/record")
    assert r.status_code == 409 and r.json()["code"] == "not_over"
    r = await client.post(f"/api/tables/{t['code']}/start", headers=bearer(t["tokens"][0]))
    assert r.status_code == 200
    to_act = (await client.get(f"/api/tables/{t['code']}")).json()["to_act"][0]
    mover = client if to_act == 0 else guest
    assert (await play_first_legal(mover, t["code"], t["tokens"][to_act])).status_code == 200
    for who in (client, guest, new_client()):
        r = await who.get(f"/api/tables/{t['code']}/record")
        assert r.status_code == 409 and r.json()["code"] == "not_over", r.text
    r = await client.get("/api/tables/NOSUCH/record")
    assert r.status_code == 404


async def test_the_admin_export_is_a_record_with_its_seed(client):
    record, _ = golden("martian-treasure-hunt")
    code = (await client.post("/api/records", json=record)).json()["code"]
    out = (await client.get(f"/api/admin/tables/{code}/export", headers=ADMIN)).json()
    assert out["format"] == "icehouse-game-record" and out["deal"]["seed"] is None  # opened without a seed
    r = await client.post("/api/admin/import", headers=ADMIN, json=out)
    assert r.status_code == 201, r.text


async def test_a_body_that_is_no_json_object_is_a_422_with_a_sentence(client):
    """Bytes that are not UTF-8, not JSON, nothing, nested past the parser's depth, or JSON that is no
    object: each a 422 {"detail", "code"} (never a 500)."""
    for body in (b'{"format": "\xff\xfe"}', b"", b"not json", b"[" * 100_000, b"[1, 2]", b'"\xed\xa0\x80"',
                 b'{"format": "icehouse-game-record", "version": 1e400}'):
        r = await client.post("/api/records", content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == 422, (body[:20], r.status_code, r.text)
        assert set(r.json()) == {"detail", "code"} and r.json()["code"] in ("bad_record", "bad_version"), r.text


async def test_the_import_checks_a_record_reuses_speak_the_readers_language(client):
    """Opening a record runs the admin import's checks (seat names and chat through the text policy, the
    pace, the times); their sentences are message ids, said in French and German like the record's own."""
    record, _ = golden("dash")
    cases = [
        ("fr", lambda x: x["seats"][0].update(name="a\u202eb"), "bad_text",
         "Le nom de la place 0 ne doit pas contenir de caractères qui réordonnent le texte"),
        ("de", lambda x: x.update(chat=[{"seat": 99, "name": "Ann", "text": "hi"}]), "invalid",
         "Chatzeile 1: 'seat' muss ein Platz des Tisches sein (0 bis 2)"),
        ("fr", lambda x: x.update(pace={"seconds": 10 ** 9}), "bad_pace", "Le champ 'pace' du fichier vaut null"),
        ("de", lambda x: x["moves"][0].update(at="0001-01-01T00:00:00+01:00"), "invalid",
         "Zug Nr. 1: 'at' muss in UTC zwischen den Jahren 1 und 9999 liegen"),
        ("en", lambda x: x["times"].update(created_at="9999-12-31T23:59:59-01:00"), "invalid",
         "The file's 'created_at' must fall between the years 1 and 9999 in UTC"),
    ]
    for lang, change, code, said in cases:
        bad = copy.deepcopy(record)
        change(bad)
        r = await client.post("/api/records", json=bad, headers={"Accept-Language": lang})
        assert r.status_code == 422 and r.json()["code"] == code, r.text
        assert r.json()["detail"].startswith(said), (lang, r.json()["detail"])


def test_the_admins_import_names_the_record_format_it_reads():
    from app.tables.admin import transfer
    from app.tables.record import format as record_format

    assert transfer.RECORD_FORMAT == record_format.FORMAT  # the older import's refusal names the record's format
