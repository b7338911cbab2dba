"""Tables end to end over HTTP: games, create, join, bots, start, state, identity cookie, rematch, chat, /me."""
from __future__ import annotations

import pytest

from tests.api.helpers import GAME, bearer, create, full_table, state


async def test_games_lists_every_game_with_its_fields(client):
    r = await client.get("/api/games")
    assert r.status_code == 200
    games = {g["name"]: g for g in r.json()}
    assert GAME in games
    assert set(games[GAME]) >= {"name", "title", "min_players", "max_players", "options"}


async def test_create_returns_code_seat_token_url_and_sets_the_cookie(client):
    r = await client.post("/api/tables", json={"game": GAME, "players": 2, "name": "  Ann  "})
    assert r.status_code == 201
    body = r.json()
    assert set(body) >= {"code", "seat", "token", "url"}
    assert body["seat"] == 0 and body["url"] == f"/t/{body['code']}" and len(body["code"]) == 8
    cookie = r.headers["set-cookie"]
    assert "icehouse_id=" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    st = await state(client, body["code"])  # the cookie alone finds seat 0
    assert st["you"] == 0 and st["status"] == "lobby" and st["to_act"] == [] and st["legal_moves"] == []
    assert st["seats"][0] == {"seat": 0, "name": "Ann", "bot": False, "connected": False}
    assert st["seats"][1]["name"] is None
    assert st["title"] and st["players"] == 2 and st["host"] == 0 and st["rematch"] is None


@pytest.mark.parametrize("body, words", [
    ({"game": "chess", "players": 2, "name": "A"}, "no game called"),
    ({"game": GAME, "players": 9, "name": "A"}, "played by"),
    ({"game": GAME, "players": 2, "name": "   "}, "must not be empty"),
    ({"game": GAME, "players": 2, "name": "x" * 41}, "at most 40"),
    ({"game": GAME, "players": 2, "name": "A", "options": {"nope": True}}, "no option"),
    ({"game": GAME, "players": 2, "name": "A", "options": {"hidden_hands": "yes"}}, "true or false"),
    ({"game": GAME, "players": "2", "name": "A"}, "players"),
    ({"game": GAME, "name": "A"}, "missing"),
    ({"game": GAME, "players": 2, "name": "x" * 20000}, "at most 40"),
])
async def test_create_refuses_bad_input_with_a_sentence(client, body, words):
    r = await client.post("/api/tables", json=body)
    assert r.status_code == 422, r.text
    assert isinstance(r.json()["detail"], str) and words in r.json()["detail"]


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b"null", b'"text"', b""])
async def test_malformed_bodies_are_422_never_500(client, content):
    r = await client.post("/api/tables", content=content, headers={"content-type": "application/json"})
    assert r.status_code == 422 and isinstance(r.json()["detail"], str)


async def test_huge_body_is_refused(client):
    r = await client.post("/api/tables", content=b"x" * 200_000, headers={"content-type": "application/json"})
    assert r.status_code == 413


async def test_options_are_laid_over_the_defaults(client):
    made = await create(client, 2, options={"hidden_hands": True})
    st = await state(client, made["code"])
    assert st["options"]["hidden_hands"] is True and "allow_zero_moves" in st["options"]


async def test_unknown_table_is_404(client):
    for code in ("zzzzzzzz", "NOPE!", "a" * 300):
        r = await client.get(f"/api/tables/{code}")
        assert r.status_code == 404 and "no table" in r.json()["detail"]


async def test_join_until_full_then_409(new_client):
    host = new_client()
    made = await create(host, 3)
    code = made["code"]
    seats = []
    for name in ("Bea", "Cy"):
        r = await new_client().post(f"/api/tables/{code}/join", json={"name": name})
        assert r.status_code == 200, r.text
        assert set(r.json()) >= {"seat", "token"}
        seats.append(r.json()["seat"])
    assert seats == [1, 2]
    r = await new_client().post(f"/api/tables/{code}/join", json={"name": "Dee"})
    assert r.status_code == 409 and "full" in r.json()["detail"]


async def test_the_same_browser_cannot_sit_twice(client):
    made = await create(client, 3)
    r = await client.post(f"/api/tables/{made['code']}/join", json={"name": "Ann again"})
    assert r.status_code == 409 and r.json()["detail"] == "This browser already sits at seat 0."


async def test_join_after_start_is_409(new_client):
    host = new_client()
    t = await full_table(host, bots=1)
    r = await new_client().post(f"/api/tables/{t['code']}/join", json={"name": "Late"})
    assert r.status_code == 409 and "started" in r.json()["detail"]


async def test_only_the_host_adds_bots_and_starts(new_client):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest, players=3, start=False)
    code, guest_token = t["code"], t["tokens"][1]
    for path in ("bots", "start"):
        r = await guest.post(f"/api/tables/{code}/{path}", json={}, headers=bearer(guest_token))
        assert r.status_code == 403 and "host" in r.json()["detail"]
        r = await new_client().post(f"/api/tables/{code}/{path}", json={})
        assert r.status_code == 401
    r = await host.post(f"/api/tables/{code}/bots", json={"seat": 1}, headers=bearer(t["tokens"][0]))
    assert r.status_code == 409  # seat 1 is Bea's
    r = await host.post(f"/api/tables/{code}/bots", json={"seat": 7}, headers=bearer(t["tokens"][0]))
    assert r.status_code == 422


async def test_start_with_open_seats_is_409_naming_them(client):
    made = await create(client, 3)
    r = await client.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
    assert r.status_code == 409
    assert r.json()["detail"].startswith("2 seats are still open: 1, 2.")


async def test_start_returns_the_state_with_bots_seated(client):
    made = await create(client, 2)
    code = made["code"]
    r = await client.post(f"/api/tables/{code}/bots", headers=bearer(made["token"]))
    assert r.status_code == 200 and r.json()["seats"][1]["bot"] is True
    r = await client.post(f"/api/tables/{code}/start", headers=bearer(made["token"]))
    assert r.status_code == 200
    st = r.json()
    assert st["status"] in ("playing", "finished") and st["you"] == 0
    r = await client.post(f"/api/tables/{code}/start", headers=bearer(made["token"]))
    assert r.status_code == 409


async def test_spectator_sees_the_spectator_view_and_no_moves(new_client):
    host = new_client()
    t = await full_table(host, bots=1)
    st = await state(new_client(), t["code"])
    assert st["you"] is None and st["legal_moves"] == []
    assert "secret" not in str(st)


async def test_bad_token_is_401(client):
    made = await create(client, 2)
    r = await client.get(f"/api/tables/{made['code']}", headers=bearer("not-a-token"))
    assert r.status_code == 401
    r = await client.get(f"/api/tables/{made['code']}", headers={"Authorization": "Basic abc"})
    assert r.status_code == 401


async def test_me_lists_my_tables_and_whose_turn(new_client):
    c = new_client()
    assert (await c.get("/api/me")).json() == {"name": None, "tables": []}
    t = await full_table(c, bots=1)
    me = (await c.get("/api/me")).json()
    assert me["name"] == "Ann"
    [row] = me["tables"]
    assert row["code"] == t["code"] and row["seat"] == 0 and row["game"] == GAME
    assert set(row) >= {"code", "game", "title", "status", "seat", "your_turn", "updated_at"}


async def test_chat_by_seated_players_kept_per_table(new_client):
    host = new_client()
    t = await full_table(host, start=False)
    code = t["code"]
    r = await host.post(f"/api/tables/{code}/chat", json={"text": " hello "})
    assert r.status_code == 201 and r.json()["text"] == "hello" and r.json()["seat"] == 0
    assert (await new_client().post(f"/api/tables/{code}/chat", json={"text": "hi"})).status_code == 401
    assert (await host.post(f"/api/tables/{code}/chat", json={"text": "x" * 501})).status_code == 422
    assert (await host.post(f"/api/tables/{code}/chat", json={"text": ""})).status_code == 422
    history = (await new_client().get(f"/api/tables/{code}/chat")).json()
    assert [(m["seat"], m["name"], m["text"]) for m in history] == [(0, "Ann", "hello")]


async def test_rematch_links_a_new_table_with_the_same_seats(new_client, app):
    host = new_client()
    t = await full_table(host, bots=1)
    code = t["code"]
    r = await host.post(f"/api/tables/{code}/rematch", headers=bearer(t["tokens"][0]))
    assert r.status_code == 409  # not finished yet
    await _finish(app, code)
    r = await host.post(f"/api/tables/{code}/rematch", headers=bearer(t["tokens"][0]))
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["status"] == "lobby" and new["rematch_of"] == code and new["you"] == 0
    assert [(s["name"], s["bot"]) for s in new["seats"]] == [("Ann", False), ("Bot 2", True)]
    again = await host.post(f"/api/tables/{code}/rematch")  # by cookie this time
    assert again.status_code == 200 and again.json()["code"] == new["code"]
    assert (await state(host, code))["rematch"] == new["code"]
    # the old token works at the rematch too
    r = await host.post(f"/api/tables/{new['code']}/start", headers=bearer(t["tokens"][0]))
    assert r.status_code == 200


async def _finish(app, code: str) -> None:
    """Play the table out with first legal moves through the pipeline (every seat)."""
    from app.store import queries
    from app.tables.live import moves
    from app.games import GAMES

    ctx = app.state.tables
    for _ in range(500):
        async with ctx.db.session() as s:
            table = await queries.table_by_code(s, code)
            if table.status != "playing":
                return
            seat = table.to_act[0]
            move = GAMES[table.game].legal_moves(table.doc, seat)[0]
            seq = table.seq
        try:
            await moves.play(ctx, code, seat, seq, move)
        except Exception:  # a bot may have moved first
            pass
    raise AssertionError("the game did not end")


async def test_host_picks_the_games_bot_by_default_or_the_random_one(client):
    made = await create(client, 3)
    code, auth = made["code"], bearer(made["token"])
    r = await client.post(f"/api/tables/{code}/bots", headers=auth, json={"bot": "chess-master"})
    assert r.status_code == 422 and "three-high" in r.json()["detail"] and "random" in r.json()["detail"]
    assert (await client.post(f"/api/tables/{code}/bots", headers=auth, json={})).status_code == 200
    assert (await client.post(f"/api/tables/{code}/bots", headers=auth, json={"bot": "random"})).status_code == 200
    r = await client.get(f"/api/tables/{code}")
    assert [s["bot"] for s in r.json()["seats"]] == [False, True, True]
