"""The shell serves any game of the engine contract: every game in GAMES, plus Nim, a game that only these
tests know (tests/nim_game.py). Nothing here names a game's moves: moves come from legal_moves, and
where a move needs free text (a dare), from the game's own bot, which is given only the view."""
from __future__ import annotations

import gc
import time

import pytest
from starlette.testclient import TestClient

from app.bots import BOTS, bot_for_game, get_bot
from app.games import GAMES
from app.main import create_app
from app.tables.live.state import Snapshot
from tests.api.helpers import bearer
from tests.nim_game import Nim, NimBot

NAMES = sorted(GAMES) + ["nim"]


@pytest.fixture(autouse=True)
def nim(monkeypatch):
    """Nim, registered for the length of one test, like a game of the registry."""
    monkeypatch.setitem(GAMES, "nim", Nim())
    monkeypatch.setitem(BOTS, "nim", NimBot())


def seats_for(name: str) -> int:
    g = GAMES[name]
    return max(2, g.min_players)


def choose(name: str, st: dict) -> dict:
    """A move for the caller of state `st`: the game's bot, from the caller's view and legal moves."""
    return get_bot(bot_for_game(name)).choose(st["view"], st["you"], st["legal_moves"], seconds=0.05)


async def sit_two(new_client, name: str, start: bool = True, **options) -> tuple[str, dict]:
    """A table of `name` with a host, a guest, bots in any other seat; {seat: (client, token)}."""
    host, guest = new_client(), new_client()
    r = await host.post("/api/tables", json={"game": name, "players": seats_for(name), "name": "Ann",
                                             "options": options})
    assert r.status_code == 201, r.text
    code, people = r.json()["code"], {0: (host, r.json()["token"])}
    r = await guest.post(f"/api/tables/{code}/join", json={"name": "Bea"})
    assert r.status_code == 200, r.text
    people[1] = (guest, r.json()["token"])
    for _ in range(seats_for(name) - 2):
        r = await host.post(f"/api/tables/{code}/bots", json={}, headers=bearer(people[0][1]))
        assert r.status_code == 200, r.text
    if start:
        r = await host.post(f"/api/tables/{code}/start", headers=bearer(people[0][1]))
        assert r.status_code == 200, r.text
    return code, people


async def state_of(people: dict, code: str, seat: int) -> dict:
    client, token = people[seat]
    r = await client.get(f"/api/tables/{code}", headers=bearer(token))
    assert r.status_code == 200, r.text
    return r.json()


async def play_one(people: dict, code: str) -> dict | None:
    """One move by the first person (not a bot) to act; None when no person is to act."""
    for seat in people:
        st = await state_of(people, code, seat)
        if st["status"] == "playing" and seat in st["to_act"]:
            client, token = people[seat]
            r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                                  json={"seq": st["seq"], "move": choose(st["game"], st)})
            assert r.status_code == 200, r.text
            return r.json()
    return None


@pytest.mark.parametrize("name", NAMES)
async def test_people_play_through_the_api_and_every_state_is_the_callers(new_client, name):
    code, people = await sit_two(new_client, name)
    seq = 0
    for _ in range(8):
        after = await play_one(people, code)
        if after is None:
            break
        assert after["seq"] > seq and after["last"]["seq"] == after["seq"]
        seq = after["seq"]
        if after["status"] != "playing":
            break
    spectator = await new_client().get(f"/api/tables/{code}")
    assert spectator.status_code == 200
    watched = spectator.json()
    assert watched["you"] is None and watched["legal_moves"] == [] and "secret" not in str(watched)
    log = (await new_client().get(f"/api/tables/{code}/log")).json()
    assert [step["seq"] for step in log["steps"]] == list(range(1, watched["seq"] + 1))


@pytest.mark.parametrize("name", NAMES)
async def test_refusals_carry_their_cause(new_client, name):
    code, people = await sit_two(new_client, name, start=False)
    client, token = people[0]
    r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token), json={"seq": 0, "move": {}})
    assert r.status_code == 409 and r.json()["code"] == "not_playing", r.text
    r = await client.post(f"/api/tables/{code}/start", headers=bearer(token))
    assert r.status_code == 200, r.text
    st = r.json()
    acting = st["to_act"][0]
    client, token = people[acting] if acting in people else people[0]
    r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                          json={"seq": st["seq"], "move": {"no such": "move"}})
    if acting in people:
        assert r.status_code == 422 and r.json()["code"] == "invalid_move", r.text  # no move of the game
        assert isinstance(r.json()["detail"], str) and r.json()["detail"].endswith(".")
    r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                          json={"seq": st["seq"] + 5, "move": {}})
    assert r.status_code == 409 and r.json()["code"] == "stale_seq", r.text
    # a seat that is not to act, found by playing on until there is one
    for _ in range(6):
        st = await state_of(people, code, 0)
        idle = [seat for seat in people if seat not in st["to_act"]]
        if idle and st["status"] == "playing":
            client, token = people[idle[0]]
            r = await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                                  json={"seq": st["seq"], "move": {}})
            assert r.status_code == 403 and r.json()["code"] == "not_your_turn", r.text
            return
        if await play_one(people, code) is None:
            break


async def test_a_game_the_shell_never_heard_of_plays_to_its_end_with_a_bot_and_a_rematch(new_client):
    host = new_client()
    r = await host.post("/api/tables", json={"game": "nim", "players": 2, "name": "Ann",
                                             "options": {"heaps": 2, "layout": "large"}})
    assert r.status_code == 201, r.text
    code, token = r.json()["code"], r.json()["token"]
    assert (await host.post(f"/api/tables/{code}/bots", json={}, headers=bearer(token))).status_code == 200
    st = (await host.post(f"/api/tables/{code}/start", headers=bearer(token))).json()
    assert st["options"] == {"heaps": 2, "layout": "large", "stones": 7, "misere": False}
    for _ in range(40):
        st = (await host.get(f"/api/tables/{code}", headers=bearer(token))).json()
        if st["status"] == "finished":
            break
        if 0 in st["to_act"]:
            r = await host.post(f"/api/tables/{code}/moves", headers=bearer(token),
                                json={"seq": st["seq"], "move": st["legal_moves"][-1]})
            assert r.status_code in (200, 409), r.text
    assert st["status"] == "finished" and st["result"]["reason"] == "last_stone"
    assert st["result"]["winners"] in ([0], [1])
    r = await host.post(f"/api/tables/{code}/rematch", headers=bearer(token))
    assert r.status_code == 201 and r.json()["game"] == "nim"


@pytest.mark.parametrize("options, words", [
    ({"heaps": 2.0}, "whole number"),
    ({"heaps": 9}, "from 1 to 4"),
    ({"layout": "huge"}, "choose one of: small, large"),
    ({"stones": 7}, "when layout is 'small'"),
    ({"misere": "yes"}, "true or false"),
    ({"colour": "red"}, "no option"),
])
async def test_options_are_checked_once_by_the_engine(client, options, words):
    r = await client.post("/api/tables", json={"game": "nim", "players": 2, "name": "Ann", "options": options})
    assert r.status_code == 422 and r.json()["code"] == "invalid", r.text
    assert words in r.json()["detail"]


async def test_the_home_page_and_games_list_come_from_the_registry(client):
    games = (await client.get("/api/games")).json()
    nim = next(g for g in games if g["name"] == "nim")
    assert nim["title"] == "Nim" and nim["client"] == "/static/js/games/nim/index.js" and nim["cooperative"] is False
    home = (await client.get("/")).text
    assert "Take one to three stones" in home


async def test_the_games_list_says_how_each_game_declares_itself(client):
    """What kind of game each is: its bound on length, simultaneous moves, chance, hidden
    information, as the game's class declares them, for every game in the registry."""
    listed = {g["name"]: g for g in (await client.get("/api/games")).json()}
    assert sorted(listed) == sorted(GAMES)
    for name, g in GAMES.items():
        for field in ("max_plies", "simultaneous", "chance", "hidden_information"):
            assert listed[name][field] == getattr(g, field), (name, field)
    assert listed["three-high"]["hidden_information"] is True and listed["three-high"]["max_plies"] == 32


def nim_with_a_bot(tc: TestClient) -> tuple[dict, dict]:
    """A started Nim table of Ann (seat 0) and a bot: (the table as made, its state once started)."""
    made = tc.post("/api/tables", json={"game": "nim", "players": 2, "name": "Ann"}).json()
    tc.post(f"/api/tables/{made['code']}/bots", json={}, headers=bearer(made["token"]))
    return made, tc.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"])).json()


def test_a_socket_plays_the_game_and_a_stale_move_is_told_its_cause(settings):
    with TestClient(create_app(settings)) as tc:
        made, started = nim_with_a_bot(tc)
        with tc.websocket_connect(f"/ws/tables/{made['code']}?token={made['token']}") as ws:
            first = ws.receive_json()
            assert first["type"] == "state" and first["you"] == 0 and first["game"] == "nim"
            ws.send_json({"type": "move", "seq": started["seq"] + 7, "move": {"heap": 0, "take": 1}})
            while (msg := ws.receive_json())["type"] != "error":
                pass
            assert msg["code"] == "stale_seq" and msg["status"] == 409


def test_a_finished_table_leaves_memory_while_a_socket_still_looks_at_it(settings):
    """An ended table's snapshot leaves memory when its game ends, even with a socket still open on it (a
    player looking at the final board): the socket keeps nothing of the table as it was."""
    def held(code: str) -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, Snapshot) and o.code == code)

    with TestClient(create_app(settings)) as tc:
        made, _ = nim_with_a_bot(tc)
        code = made["code"]
        with tc.websocket_connect(f"/ws/tables/{code}?token={made['token']}") as ws:
            st = ws.receive_json()
            for _ in range(200):
                if st["status"] != "playing":
                    break
                if 0 in st["to_act"] and st["legal_moves"]:
                    ws.send_json({"type": "move", "seq": st["seq"], "move": st["legal_moves"][0]})
                while (msg := ws.receive_json())["type"] not in ("update", "state"):
                    pass
                st = msg["state"] if msg["type"] == "update" else msg
            assert st["status"] == "finished"
            for _ in range(40):  # the bot's turn and the broker's delivery settle within moments
                if held(code) == 0:
                    break
                time.sleep(0.05)
            assert held(code) == 0
            assert tc.get(f"/api/tables/{code}").json()["status"] == "finished"  # read again from the database


async def test_a_game_that_declares_shared_deals_gets_a_deal_of_the_day_with_no_other_edit(new_client, monkeypatch):
    """Deals of the day, their tables and their ranked results come from the game's own declaration
    (Game.deal_options, daily_seats, deal_figures, deal_rank): a new game needs no list elsewhere."""
    monkeypatch.setattr(Nim, "deal_options", ("heaps",), raising=False)
    monkeypatch.setattr(Nim, "daily_seats", (2,), raising=False)
    ann, bea = new_client(), new_client()
    today = (await ann.get("/api/deals/today")).json()
    nim = [d for d in today["deals"] if d["game"] == "nim"]
    assert [(d["game"], d["players"]) for d in nim] == [("nim", 2)]
    r = await ann.post("/api/deals/today/tables", json={"game": "nim", "players": 2, "name": "Ann"})
    assert r.status_code == 201, r.text
    code, token = r.json()["code"], r.json()["token"]
    r = await bea.post(f"/api/tables/{code}/join", json={"name": "Bea"})
    assert r.status_code == 200, r.text
    people = {0: (ann, token), 1: (bea, r.json()["token"])}
    assert (await ann.post(f"/api/tables/{code}/start", headers=bearer(token))).status_code == 200
    st = await state_of(people, code, 0)
    while st["status"] == "playing":
        seat = st["to_act"][0]
        client, tok = people[seat]
        mine = await state_of(people, code, seat)
        r = await client.post(f"/api/tables/{code}/moves", json={"seq": mine["seq"], "move": choose("nim", mine)},
                              headers=bearer(tok))
        assert r.status_code == 200, r.text
        st = r.json()
    shown = (await ann.get(f"/api/deals/{nim[0]['id']}")).json()
    assert shown["revealed"] and shown["finished"]
    result = shown["variants"][0]["results"][0]
    assert result["code"] == code and result["rank"] == 1 and "score" in result and "trees" not in result
