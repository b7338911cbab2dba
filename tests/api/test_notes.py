"""Notes on a move over HTTP (docs/API.md "Notes on a move"): a seat notes its own moves while the game is on,
and those notes are its own until the end (not to the other seats, spectators, the state, the log, the chat);
once the game has ended every player of the table notes any move and everyone who may see the replay reads
them; only the author edits or deletes a note (seat token or identity cookie); the text policy of chat
(bad_text, at most 500 characters); the per-seat rate limit; the admin's history lists them all. In all four
games; every test runs on SQLite and on PostgreSQL."""
from __future__ import annotations

import pytest

from app.config import Settings
from app.games import GAMES
from app.tables import housekeeping
from tests.api.helpers import age, bearer, create
# database_url: the deals' fixture, which runs every test on SQLite and on PostgreSQL
from tests.api.test_deals import TOKEN, database_url, play_to_end  # noqa: F401 - fixtures

ADMIN = bearer(TOKEN)


@pytest.fixture
def settings(database_url: str) -> Settings:  # noqa: F811 - this module's own, with a low note limit
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    bot_processes=0, bot_seconds=0.1, admin_token=TOKEN, analysis_seconds=0,
                    rate_limit_note="12/60")


async def two_people(ann, bea, game: str = "three-high") -> tuple[str, dict[int, str]]:
    r = await ann.post("/api/tables", json={"game": game, "players": 2, "name": "Ann"})
    assert r.status_code == 201, r.text
    code, tokens = r.json()["code"], {0: r.json()["token"]}
    r = await bea.post(f"/api/tables/{code}/join", json={"name": "Bea"})
    assert r.status_code == 200, r.text
    tokens[r.json()["seat"]] = r.json()["token"]
    r = await ann.post(f"/api/tables/{code}/start", headers=bearer(tokens[0]))
    assert r.status_code == 200, r.text
    return code, tokens


async def play_until_both_moved(client, code: str, tokens: dict[int, str]) -> dict[int, int]:
    """Play first legal moves until each seat has made one; {seat: the seq of its first move}."""
    first: dict[int, int] = {}
    for _ in range(60):
        for seat, token in tokens.items():
            st = (await client.get(f"/api/tables/{code}", headers=bearer(token))).json()
            if st["status"] != "playing" or not st["legal_moves"]:
                continue
            r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                                  json={"seq": st["seq"], "move": st["legal_moves"][0]})
            assert r.status_code == 200, r.text
            first.setdefault(seat, r.json()["seq"])
        if len(first) == len(tokens):
            return first
    raise AssertionError(f"the seats never both moved: {first}")


async def abandon(app, code: str) -> None:
    await age(app, code, app.state.tables.settings.abandon_after_seconds + 60)
    assert code in (await housekeeping.run(app.state.tables))["abandoned"]


async def note(client, code: str, seq: int, text: str, token: str | None = None):
    return await client.post(f"/api/tables/{code}/moves/{seq}/notes", json={"text": text},
                             headers=bearer(token) if token else {})


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_note_during_the_game_is_its_authors_alone_until_the_end(app, new_client, game):
    ann, bea, spectator = new_client(), new_client(), new_client()
    code, tokens = await two_people(ann, bea, game)
    first = await play_until_both_moved(ann, code, tokens)
    secret = f"SECRET-PLAN-{game}"
    r = await note(ann, code, first[0], secret, tokens[0])
    assert r.status_code == 201, r.text
    mine = r.json()
    assert mine["seq"] == first[0] and mine["seat"] == 0 and mine["during"] and mine["mine"]
    assert mine["name"] == "Ann" and mine["text"] == secret and mine["edited_at"] is None
    # the other seat's move: not while the game is on
    r = await note(ann, code, first[1], "your move", tokens[0])
    assert r.status_code == 403 and r.json()["code"] == "not_your_move"
    # by cookie too: the author's browser sees it without its token, nobody else sees it at all
    assert [n["id"] for n in (await ann.get(f"/api/tables/{code}/notes")).json()] == [mine["id"]]
    assert (await bea.get(f"/api/tables/{code}/notes")).json() == []
    assert (await bea.get(f"/api/tables/{code}/notes", headers=bearer(tokens[1]))).json() == []
    assert (await spectator.get(f"/api/tables/{code}/notes")).json() == []
    for who, headers in ((bea, bearer(tokens[1])), (spectator, {})):
        for path in ("", "/log", "/chat"):
            r = await who.get(f"/api/tables/{code}{path}", headers=headers)
            assert r.status_code == 200 and secret not in r.text, path
    # the admin sees every note, the private ones too
    detail = (await ann.get(f"/api/admin/tables/{code}", headers=ADMIN)).json()
    assert [(n["text"], n["during"]) for n in detail["notes"]] == [(secret, True)]
    await abandon(app, code)
    for who in (bea, spectator):
        seen = (await who.get(f"/api/tables/{code}/notes")).json()
        assert [(n["text"], n["name"], n["during"], n["mine"]) for n in seen] == [(secret, "Ann", True, False)]
    # once over, any player notes any move; a spectator does not
    r = await note(bea, code, first[0], "nice one")
    assert r.status_code == 201 and not r.json()["during"] and r.json()["seat"] == 1
    r = await note(spectator, code, first[0], "me too")
    assert r.status_code == 401


async def test_only_the_author_edits_or_deletes_a_note(app, new_client):
    ann, bea = new_client(), new_client()
    code, tokens = await two_people(ann, bea)
    first = await play_until_both_moved(ann, code, tokens)
    await abandon(app, code)
    made = (await note(ann, code, first[1], "Bea's best move")).json()
    path = f"/api/tables/{code}/notes/{made['id']}"
    for who, headers in ((bea, {}), (bea, bearer(tokens[1])), (new_client(), {})):
        r = await who.patch(path, json={"text": "mine now"}, headers=headers)
        assert r.status_code in (401, 403), r.text
        assert r.status_code == 401 or (r.json()["code"] == "not_author" and "author" in r.json()["detail"])
        assert (await who.delete(path, headers=headers)).status_code in (401, 403)
    r = await ann.patch(path, json={"text": "  Bea's   best move, really  "}, headers=bearer(tokens[0]))
    assert r.status_code == 200, r.text
    assert r.json()["text"] == "Bea's best move, really" and r.json()["edited_at"] is not None
    assert [n["text"] for n in (await bea.get(f"/api/tables/{code}/notes")).json()] == ["Bea's best move, really"]
    assert (await ann.delete(path)).status_code == 204
    assert (await bea.get(f"/api/tables/{code}/notes")).json() == []
    r = await ann.delete(path)
    assert r.status_code == 404 and r.json()["code"] == "no_note"
    r = await ann.patch(f"/api/tables/{code}/notes/99999", json={"text": "x"})
    assert r.status_code == 404


async def test_a_note_is_bounded_and_policed_like_a_chat_line(app, new_client):
    ann, bea = new_client(), new_client()
    code, tokens = await two_people(ann, bea)
    first = await play_until_both_moved(ann, code, tokens)
    for text in ("x" * 501, "", "   ", "evil \u202e txet", "nul \x00 here", "\u3164"):
        r = await note(ann, code, first[0], text)
        assert r.status_code == 422 and r.json()["code"] == "bad_text", (text, r.text)
        assert r.json()["detail"].startswith("A note")
    assert (await note(ann, code, first[0], "x" * 500)).status_code == 201
    r = await ann.post(f"/api/tables/{code}/moves/{first[0]}/notes", json={"text": 5})
    assert r.status_code == 422
    for seq in (0, 999):
        r = await note(ann, code, seq, "nowhere")
        assert r.status_code == 422 and r.json()["code"] == "no_move"
    lobby = await create(ann, players=2)
    r = await note(ann, lobby["code"], 1, "too early", lobby["token"])
    assert r.status_code == 409 and r.json()["code"] == "not_started"
    assert (await ann.get("/api/tables/nosuchtb/notes")).status_code == 404


async def test_notes_are_rate_limited_by_seat(app, new_client):
    ann, bea = new_client(), new_client()
    code, tokens = await two_people(ann, bea)
    first = await play_until_both_moved(ann, code, tokens)
    codes = [(await note(ann, code, first[0], f"note {i}", tokens[0])).status_code for i in range(14)]
    assert codes[:12] == [201] * 12 and codes[12] == 429
    r = await note(ann, code, first[0], "again", tokens[0])
    assert r.status_code == 429 and r.json()["code"] == "rate_limited" and r.headers["retry-after"]
    # another seat has its own bucket
    assert (await note(bea, code, first[1], "mine", tokens[1])).status_code == 201


async def test_a_finished_solo_game_takes_notes_from_its_player(app, client):
    made = await create(client, players=1)
    code, token = made["code"], made["token"]
    assert (await client.post(f"/api/tables/{code}/start", headers=bearer(token))).status_code == 200
    played = await play_to_end(client, code, token)
    assert (await client.get(f"/api/tables/{code}")).json()["status"] == "finished"
    r = await note(client, code, len(played), "the last one")
    assert r.status_code == 201 and not r.json()["during"]
    seen = (await client.get(f"/api/tables/{code}/notes")).json()
    assert [(n["seq"], n["mine"]) for n in seen] == [(len(played), True)]


async def test_the_admin_deletes_any_note(app, new_client):
    """DELETE /api/admin/tables/{code}/notes/{id}: the admin's token or session (origin-checked), any note, a
    private one of a game still on too; 404 no_note after, 401 without the admin."""
    ann, bea, admin = new_client(), new_client(), new_client()
    code, tokens = await two_people(ann, bea)
    first = await play_until_both_moved(ann, code, tokens)
    private = (await note(ann, code, first[0], "my private plan", tokens[0])).json()
    path = f"/api/admin/tables/{code}/notes/{private['id']}"
    for who, headers in ((ann, bearer(tokens[0])), (bea, {}), (admin, bearer("wrong"))):
        assert (await who.delete(path, headers=headers)).status_code == 401
    assert (await admin.delete(path, headers=ADMIN)).status_code == 204
    assert (await ann.get(f"/api/tables/{code}/notes", headers=bearer(tokens[0]))).json() == []
    assert (await admin.get(f"/api/admin/tables/{code}", headers=ADMIN)).json()["notes"] == []
    r = await admin.delete(path, headers=ADMIN)
    assert r.status_code == 404 and r.json()["code"] == "no_note"
    assert (await admin.delete(f"/api/admin/tables/nosuchtb/notes/{private['id']}", headers=ADMIN)).status_code == 404
    # once over, a public note; by the admin's session cookie, from the admin's page only
    await abandon(app, code)
    public = (await note(bea, code, first[0], "well played", tokens[1])).json()
    assert (await admin.post("/api/admin/session", json={"token": TOKEN})).status_code == 204
    path = f"/api/admin/tables/{code}/notes/{public['id']}"
    r = await admin.delete(path, headers={"Origin": "https://evil.example"})
    assert r.status_code == 403 and r.json()["code"] == "bad_origin"
    assert [n["id"] for n in (await bea.get(f"/api/tables/{code}/notes")).json()] == [public["id"]]
    assert (await admin.delete(path, headers={"Origin": "http://testserver"})).status_code == 204
    assert (await bea.get(f"/api/tables/{code}/notes")).json() == []
