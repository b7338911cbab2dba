"""The home page and My tables over HTTP: GET /api/showcase (each game's picture: a position its
engine reached, as a spectator sees it, and its measured length) and GET /api/me's cards (the players, whose
turn, the last move's time and the board as the player's own seat sees it: nothing more), read in one
statement however many tables."""
from __future__ import annotations

import json

from sqlalchemy import event

from app.games import GAMES
from app.tables.showcase import lengths
from tests.api.helpers import bearer, state


async def test_the_showcase_has_a_position_in_play_of_every_game_as_a_spectator_sees_it(client):
    r = await client.get("/api/showcase")
    assert r.status_code == 200 and "max-age" in r.headers["cache-control"]
    shown = r.json()
    assert [x["game"] for x in shown] == list(GAMES)
    for x in shown:
        g = GAMES[x["game"]]
        assert x["title"] == g.title and g.min_players <= x["players"] <= g.max_players
        assert len(x["names"]) == x["players"]
        assert x["seq"] > 0 and x["to_act"], f"{x['game']}: a game in play, past its first moves"
        assert x["view"]["result"] is None
        assert x["last"]["seq"] == x["seq"]
        # a spectator's view: the same fields as a spectator gets of a fresh deal (a seat's view or the doc
        # would carry others: a hand, the deck, the secret)
        fresh = g.view(g.setup(players=x["players"], options={}, seed="spectator"), None)
        assert set(x["view"]) == set(fresh), x["game"]
        assert "secret" not in json.dumps(x)
        length = x["length"]
        if x["game"] not in lengths():  # a game not measured yet (python -m bench.lengths): its card says nothing
            assert length is None
            continue
        assert length["median_moves"] > 0 and length["games"] > 0 and length["players"] == 2
        assert length["quartiles"][0] <= length["median_moves"] <= length["quartiles"][1]


async def test_the_showcase_is_the_same_on_every_call(client):
    first, again = (await client.get("/api/showcase")).json(), (await client.get("/api/showcase")).json()
    assert first == again


async def test_the_home_page_carries_every_games_picture_and_play_buttons(client):
    html = (await client.get("/")).text
    for name, g in GAMES.items():
        assert f'data-thumb="{name}"' in html
        assert f'data-play="bots" data-game="{name}"' in html
        assert (f'data-play="solo" data-game="{name}"' in html) == (g.min_players == 1)
        assert f'href="/static/{g.css}"' in html
    assert 'id="showcase-data"' in html and "about " in html and " moves" in html


async def _hidden_hands_table(ann, bea) -> tuple[str, dict]:
    made = (await ann.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Ann",
                                                "options": {"hidden_hands": True}})).json()
    joined = (await bea.post(f"/api/tables/{made['code']}/join", json={"name": "Bea"})).json()
    started = await ann.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
    assert started.status_code == 200, started.text
    return made["code"], {0: made["token"], 1: joined["token"]}


async def test_my_tables_say_players_whose_turn_and_when_and_show_my_seats_view_only(client, new_client):
    ann, bea = client, new_client()
    code, tokens = await _hidden_hands_table(ann, bea)
    mine = await state(ann, code, tokens[0])
    me = (await ann.get("/api/me")).json()
    assert me["name"] == "Ann" and me["now"].endswith("Z")
    [t] = me["tables"]
    assert t["code"] == code and t["seat"] == 0 and t["status"] == "playing"
    assert t["players"] == [{"seat": 0, "name": "Ann", "bot": False}, {"seat": 1, "name": "Bea", "bot": False}]
    assert t["to_act"] == mine["to_act"] and t["your_turn"] == (0 in mine["to_act"])
    assert t["seq"] == mine["seq"] and t["moved_at"].endswith("Z")
    assert t["view"] == mine["view"], "the board as Ann's seat sees it, and nothing more (Bea's hand is hidden)"
    theirs = (await bea.get("/api/me")).json()["tables"][0]
    assert theirs["view"] == (await state(bea, code, tokens[1]))["view"] and theirs["view"] != t["view"]
    assert "secret" not in json.dumps(me) and "token" not in json.dumps(me)


async def test_a_lobby_card_names_the_open_seat_as_open_and_a_bot_as_a_bot(client):
    made = (await client.post("/api/tables", json={"game": "dash", "players": 3, "name": "Ann"})).json()
    r = await client.post(f"/api/tables/{made['code']}/bots", headers=bearer(made["token"]), json={"seat": 2})
    assert r.status_code == 200, r.text
    [t] = (await client.get("/api/me")).json()["tables"]
    assert t["status"] == "lobby" and t["to_act"] == [] and not t["your_turn"] and t["seq"] == 0
    assert [(p["seat"], p["name"] is None, p["bot"]) for p in t["players"]] == [(0, False, False), (1, True, False),
                                                                                 (2, False, True)]


async def test_my_tables_are_read_in_one_statement_however_many(app, client):
    engine = app.state.tables.db.engine.sync_engine
    seen: list[str] = []

    def count(conn, cursor, statement, *args):
        if "tables" in statement.lower():
            seen.append(statement)

    async def reads_of_me() -> int:
        seen.clear()
        event.listen(engine, "before_cursor_execute", count)
        try:
            assert (await client.get("/api/me")).status_code == 200
        finally:
            event.remove(engine, "before_cursor_execute", count)
        return len(seen)

    await client.post("/api/tables", json={"game": "dash", "players": 2, "name": "Ann"})
    one = await reads_of_me()
    for game in ("three-high", "turning-points", "martian-treasure-hunt", "dash"):
        assert (await client.post("/api/tables", json={"game": game, "players": 2, "name": "Ann"})).status_code == 201
    assert len((await client.get("/api/me")).json()["tables"]) == 5
    assert await reads_of_me() == one == 1


async def test_once_games_finish_here_the_cards_say_how_long_they_took(client):
    async def finish_solitaire() -> None:
        made = (await client.post("/api/tables", json={"game": "turning-points", "players": 1, "name": "Ann"})).json()
        st = (await client.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))).json()
        while st["status"] == "playing":
            st = (await client.post(f"/api/tables/{made['code']}/moves", headers=bearer(made["token"]),
                                    json={"seq": st["seq"], "move": st["legal_moves"][0]})).json()
        assert st["status"] == "finished"

    for _ in range(5):
        await finish_solitaire()
    shown = {x["game"]: x for x in (await client.get("/api/showcase")).json()}
    assert shown["dash"]["played"] is None   # none finished here
    played = shown["turning-points"]["played"]
    assert played["games"] == 5 and played["median_moves"] == 16 and 0 <= played["median_minutes"] < 5
    html = (await client.get("/")).text
    assert "The median of the 5 games of Turning Points finished on this site" in html
    assert "under a minute a game here" in html
