"""The admin API: auth (closed, 401, ok), the table list (filters, paging, X-Total-Count), one table in full
(hidden information included, never in the public GET), and replay at 0, in the middle and at the end."""
from __future__ import annotations

import json

import httpx
import pytest
from asgi_lifespan import LifespanManager

from app.config import Settings
from app.main import create_app
from tests.api.helpers import bearer, create, full_table, state

TOKEN = "admin-secret-for-tests"
ADMIN = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture
def database_url(request) -> str:
    """SQLite, or PostgreSQL for the tests marked ON_BOTH (LIKE escaping, ordering and counts)."""
    which = getattr(request, "param", "sqlite")
    return request.getfixturevalue("sqlite_url" if which == "sqlite" else "postgres_url")


ON_BOTH = pytest.mark.parametrize("database_url", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)],
                                  indirect=True)


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    admin_token=TOKEN)


@pytest.fixture
async def app(settings: Settings):
    application = create_app(settings)
    async with LifespanManager(application):
        yield application


async def play_to_the_end(client: httpx.AsyncClient, code: str, token: str, limit: int = 200) -> dict:
    """Play the first legal move for the (only) seat until the game ends; returns the last state."""
    for _ in range(limit):
        st = await state(client, code, token)
        if st["status"] != "playing":
            return st
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                              json={"seq": st["seq"], "move": st["legal_moves"][0]})
        assert r.status_code == 200, r.text
    raise AssertionError(f"table {code} did not finish in {limit} moves")


async def solo(client: httpx.AsyncClient, name: str = "Ann", moves: int | None = 0, **extra) -> dict:
    """A started 1-seat table; `moves` first legal plays (None: to the end). Returns {"code", "token"}."""
    made = await create(client, 1, name, **extra)
    code, token = made["code"], made["token"]
    r = await client.post(f"/api/tables/{code}/start", headers=bearer(token))
    assert r.status_code == 200, r.text
    if moves is None:
        await play_to_the_end(client, code, token)
    for _ in range(moves or 0):
        st = await state(client, code, token)
        r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                              json={"seq": st["seq"], "move": st["legal_moves"][0]})
        assert r.status_code == 200, r.text
    return {"code": code, "token": token}


async def admin_get(client: httpx.AsyncClient, path: str, **params) -> httpx.Response:
    return await client.get(path, headers=ADMIN, params=params)


# -- auth ---------------------------------------------------------------------------------------------------
class TestAuth:
    async def test_closed_without_admin_token_is_403_with_the_setting_named(self, database_url):
        application = create_app(Settings(database_url=database_url, log_level="WARNING", redis_url=None,
                                          admin_token=None))
        async with LifespanManager(application):
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=application),
                                         base_url="http://testserver") as c:
                for path in ("/api/admin/tables", "/api/admin/tables/abc", "/api/admin/tables/abc/replay"):
                    r = await c.get(path, headers=ADMIN)
                    assert r.status_code == 403, r.text
                    assert r.json() == {"detail": "The admin area is closed: set ICEHOUSE_ADMIN_TOKEN on "
                                                  "the server.", "code": "admin_closed"}
                page = await c.get("/admin")
                assert page.status_code == 200 and "ICEHOUSE_ADMIN_TOKEN" in page.text

    @pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN},
                                         {"Authorization": "Basic " + TOKEN}, {"Authorization": "Bearer "},
                                         {"Authorization": f"Bearer {TOKEN}x"}])
    async def test_missing_or_wrong_token_is_401_with_a_sentence(self, client, headers):
        r = await client.get("/api/admin/tables", headers=headers)
        assert r.status_code == 401, r.text
        assert isinstance(r.json()["detail"], str) and r.json()["detail"].endswith(".")

    async def test_a_seat_token_is_not_an_admin_token(self, client):
        made = await create(client, 1)
        r = await client.get(f"/api/admin/tables/{made['code']}", headers=bearer(made["token"]))
        assert r.status_code == 401

    async def test_right_token_lets_in(self, client):
        r = await admin_get(client, "/api/admin/tables")
        assert r.status_code == 200 and r.json() == [] and r.headers["X-Total-Count"] == "0"

    async def test_the_routes_are_in_the_openapi_schema_with_bearer_auth(self, client):
        schema = (await client.get("/openapi.json")).json()
        paths = {"/api/admin/tables", "/api/admin/tables/{code}", "/api/admin/tables/{code}/replay"}
        assert paths <= set(schema["paths"])
        assert "HTTPBearer" in schema["components"]["securitySchemes"]

    async def test_the_admin_page_is_served_with_its_script(self, client):
        r = await client.get("/admin")
        assert r.status_code == 200
        assert "/static/js/admin.js" in r.text and "admin-login" in r.text


# -- the list -----------------------------------------------------------------------------------------------
@ON_BOTH
class TestList:
    async def test_rows_have_the_fields_and_come_by_last_move_newest_first(self, client, new_client):
        first = await solo(client, "Ann")
        second = await full_table(new_client(), new_client(), players=2, start=False)
        third = await solo(new_client(), "Cy", moves=1)
        r = await admin_get(client, "/api/admin/tables")
        assert r.status_code == 200 and r.headers["X-Total-Count"] == "3"
        rows = r.json()
        assert [row["code"] for row in rows] == [third["code"], second["code"], first["code"]]
        assert set(rows[0]) == {"code", "game", "title", "status", "players", "seats", "seq", "to_act",
                                "result", "created_at", "updated_at", "last_move_at", "finished_at", "rematch_of",
                                "rematch", "imported"}
        assert rows[0]["seq"] == 1 and rows[0]["status"] == "playing" and rows[0]["to_act"] == [0]
        assert not any(row["imported"] for row in rows)
        assert rows[0]["seats"] == [{"seat": 0, "name": "Cy", "bot": False}]
        assert rows[1]["status"] == "lobby" and [s["name"] for s in rows[1]["seats"]] == ["Ann", "Bea"]
        assert rows[0]["title"] == "3-High" and rows[0]["updated_at"].endswith("Z")
        assert rows[0]["last_move_at"].endswith("Z") and rows[1]["last_move_at"] is None  # no move yet
        assert "doc" not in rows[0] and "initial_doc" not in rows[0]

    async def test_filters_by_game_status_and_player_name(self, client, new_client):
        ann = await solo(client, "Annabel", moves=None)
        bob = await solo(new_client(), "Bob", moves=1)
        bot_table = await full_table(new_client(), None, players=2, bots=1, start=False)

        async def codes(**params) -> tuple[list[str], str]:
            r = await admin_get(client, "/api/admin/tables", **params)
            assert r.status_code == 200, r.text
            return sorted(row["code"] for row in r.json()), r.headers["X-Total-Count"]

        assert await codes(status="finished") == ([ann["code"]], "1")
        assert await codes(status="playing") == ([bob["code"]], "1")
        assert await codes(status="lobby") == ([bot_table["code"]], "1")
        assert await codes(status="abandoned") == ([], "0")
        assert (await codes(game="three-high"))[1] == "3"
        assert await codes(player="nNAB") == ([ann["code"]], "1")      # case-insensitive substring
        assert await codes(player="bo") == (sorted([bob["code"], bot_table["code"]]), "2")  # a bot's name
        assert await codes(player="%") == ([], "0")                     # LIKE wildcards are plain text
        assert await codes(player="ob", status="playing") == ([bob["code"]], "1")
        assert (await codes(player="", status="", game=""))[1] == "3"  # empty means any

    async def test_paging_with_limit_offset_and_the_total_header(self, client, new_client):
        made = [(await create(new_client(), 1, f"P{i}"))["code"] for i in range(5)]
        newest_first = list(reversed(made))
        r1 = await admin_get(client, "/api/admin/tables", limit=2)
        r2 = await admin_get(client, "/api/admin/tables", limit=2, offset=2)
        r3 = await admin_get(client, "/api/admin/tables", limit=2, offset=4)
        r4 = await admin_get(client, "/api/admin/tables", limit=2, offset=10)
        assert {r.headers["X-Total-Count"] for r in (r1, r2, r3, r4)} == {"5"}
        pages = [[row["code"] for row in r.json()] for r in (r1, r2, r3, r4)]
        assert pages == [newest_first[:2], newest_first[2:4], newest_first[4:], []]

    @pytest.mark.parametrize("params, words", [
        ({"game": "chess"}, "no game called 'chess'"),
        ({"status": "done"}, "no status 'done'"),
        ({"limit": 0}, "limit must be between 1 and 200"),
        ({"limit": 201}, "limit must be between 1 and 200"),
        ({"limit": "ten"}, "limit"),
        ({"offset": -1}, "offset must be between 0 and"),
        ({"offset": 10**20}, "offset must be between 0 and"),
        ({"limit": 10**30}, "limit must be between 1 and 200"),
        ({"offset": "1.5"}, "offset"),
        ({"player": "x" * 41}, "at most 40"),
    ])
    async def test_bad_filters_are_422_with_a_sentence(self, client, params, words):
        r = await admin_get(client, "/api/admin/tables", **params)
        assert r.status_code == 422, r.text
        assert isinstance(r.json()["detail"], str) and words in r.json()["detail"]


# -- one table in full --------------------------------------------------------------------------------------
class TestDetail:
    async def test_everything_including_hidden_information(self, client, new_client):
        host, guest = client, new_client()
        t = await full_table(host, guest, players=2, start=False)
        code = t["code"]
        r = await host.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Hid",
                                                 "options": {"hidden_hands": True}})
        hidden = r.json()
        tokens = {0: hidden["token"]}
        tokens[1] = (await guest.post(f"/api/tables/{hidden['code']}/join", json={"name": "Bea"})).json()["token"]
        await host.post(f"/api/tables/{hidden['code']}/start", headers=bearer(tokens[0]))
        await host.post(f"/api/tables/{hidden['code']}/chat", headers=bearer(tokens[0]), json={"text": "good luck"})
        st = await state(host, hidden["code"])
        mover = tokens[st["to_act"][0]]
        st = await state(host, hidden["code"], mover)
        r = await host.post(f"/api/tables/{hidden['code']}/moves", headers=bearer(mover),
                            json={"seq": st["seq"], "move": st["legal_moves"][0]})
        assert r.status_code == 200, r.text
        d = (await admin_get(client, f"/api/admin/tables/{hidden['code']}")).json()
        assert d["code"] == hidden["code"] and d["options"]["hidden_hands"] is True
        assert isinstance(d["seed"], str) and d["initial_doc"]["game"] == "three-high"
        doc = d["doc"]
        assert doc["secret"] and isinstance(doc["draw_pile"], list) and doc["draw_pile"]
        assert all(isinstance(hand, list) and hand for hand in doc["hands"])
        assert d["seats"][0]["name"] == "Hid" and d["seats"][0]["player_id"] and d["seats"][0]["joined_at"]
        assert d["seats"][1]["bot_name"] is None and d["seats"][1]["bot"] is False
        assert d["chat"] == [{"seat": 0, "name": "Hid", "text": "good luck", "at": d["chat"][0]["at"]}]
        assert len(d["moves"]) == d["seq"] == 1
        m = d["moves"][0]
        assert set(m) == {"seq", "seat", "move", "events", "at"}
        draws = [e for e in m["events"] if e["type"] == "draw"]
        assert draws and all("card" in e for e in draws)  # unfiltered: the drawn card is there
        raw = json.dumps(d)
        assert "token" not in raw and "cookie" not in raw and "hash" not in raw
        # ...and none of it in the public GET of a spectator
        public = await new_client().get(f"/api/tables/{hidden['code']}")
        body = public.text
        assert doc["secret"] not in body and '"secret"' not in body and '"draw_pile":' not in body
        assert public.json()["view"]["hands"] == [None, None]
        other = (await admin_get(client, f"/api/admin/tables/{code}")).json()
        assert other["status"] == "lobby" and other["moves"] == [] and other["doc"] == other["initial_doc"]

    async def test_bot_seats_name_their_bot(self, client):
        t = await full_table(client, None, players=2, bots=1, start=False)
        d = (await admin_get(client, f"/api/admin/tables/{t['code']}")).json()
        assert d["seats"][1]["bot"] is True and d["seats"][1]["bot_name"]
        assert d["seats"][1]["player_id"] is None

    @pytest.mark.parametrize("code", ["nosuchtb", "NO-SUCH", "x" * 40])
    async def test_unknown_code_is_404(self, client, code):
        for path in (f"/api/admin/tables/{code}", f"/api/admin/tables/{code}/replay"):
            r = await admin_get(client, path)
            assert r.status_code == 404, r.text
            assert "no table" in r.json()["detail"]

    async def test_rematch_links_show_in_both_directions(self, client):
        t = await solo(client, "Ann", moves=None)
        r = await client.post(f"/api/tables/{t['code']}/rematch", headers=bearer(t["token"]))
        assert r.status_code == 201, r.text
        new = r.json()["code"]
        rows = {row["code"]: row for row in (await admin_get(client, "/api/admin/tables")).json()}
        assert rows[t["code"]]["rematch"] == new and rows[new]["rematch_of"] == t["code"]
        assert rows[t["code"]]["finished_at"] and rows[t["code"]]["result"]["outcome"] in ("won", "lost")


# -- replay -------------------------------------------------------------------------------------------------
class TestReplay:
    @ON_BOTH
    async def test_replay_at_zero_middle_and_end(self, client):
        t = await solo(client, "Ann", moves=None)
        d = (await admin_get(client, f"/api/admin/tables/{t['code']}")).json()
        n = d["seq"]
        assert n >= 2 and d["status"] == "finished"

        r0 = (await admin_get(client, f"/api/admin/tables/{t['code']}/replay", seq=0)).json()
        assert r0["seq"] == 0 and r0["of"] == n and r0["step"] is None
        assert r0["doc"] == d["initial_doc"] and r0["consistent"] is True
        assert r0["text"] and "seat 0" in r0["text"]

        mid = n // 2
        rm = (await admin_get(client, f"/api/admin/tables/{t['code']}/replay", seq=mid)).json()
        assert rm["seq"] == mid and rm["step"] == {k: d["moves"][mid - 1][k]
                                                   for k in ("seq", "seat", "move", "events")}
        assert rm["doc"] != r0["doc"] and rm["consistent"] is True
        play = rm["step"]["events"][0]
        assert play["type"] == "play" and rm["doc"]["board"][play["to"]][-1] == play["piece"]

        end = await admin_get(client, f"/api/admin/tables/{t['code']}/replay")
        re_ = end.json()
        assert re_["seq"] == n and re_["of"] == n and re_["consistent"] is True and re_["problems"] == []
        assert re_["doc"] == d["doc"]
        assert re_["step"]["events"][-1]["type"] == "end"
        explicit = (await admin_get(client, f"/api/admin/tables/{t['code']}/replay", seq=n)).json()
        assert explicit == re_

    async def test_replay_of_a_lobby_table_is_its_initial_doc(self, client):
        made = await create(client, 2)
        r = (await admin_get(client, f"/api/admin/tables/{made['code']}/replay")).json()
        assert r["seq"] == 0 and r["of"] == 0 and r["step"] is None and r["consistent"] is True

    @pytest.mark.parametrize("seq", [-1, 4, 99, "two", 10**20])
    async def test_seq_outside_the_game_is_422(self, client, seq):
        t = await solo(client, "Ann", moves=3)
        r = await admin_get(client, f"/api/admin/tables/{t['code']}/replay", seq=seq)
        assert r.status_code == 422, r.text
        assert isinstance(r.json()["detail"], str) and "seq" in r.json()["detail"]

    async def test_a_doc_that_disagrees_with_its_moves_is_reported(self, app, client):
        from app.store import queries

        t = await solo(client, "Ann", moves=2)
        async with app.state.tables.db.writing() as s:
            table = await queries.table_by_code(s, t["code"])
            table.doc = dict(table.doc, discard=["AS"] * 3)  # what a bad write would leave behind
            await s.commit()
        r = (await admin_get(client, f"/api/admin/tables/{t['code']}/replay")).json()
        assert r["consistent"] is False and "does not give the stored doc" in r["problems"][0]
        r1 = (await admin_get(client, f"/api/admin/tables/{t['code']}/replay", seq=1)).json()
        assert r1["consistent"] is True  # the steps themselves still agree
