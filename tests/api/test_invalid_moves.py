"""Not a move and not allowed, through the API, in every game: the engine tells them apart (InvalidMove, a
subclass of IllegalMove: tests/games/test_invalid_moves.py), and so does the server: 422 `invalid_move` for
no move of the game, 422 `illegal_move` for a move the rules refuse, each with the engine's sentence, over
HTTP and the socket alike, and nothing is played.

Each game's case, built from the state of the seat to act (None: play on), is a list of (move, words of
the engine's sentence): first the malformed moves, the last one well-formed but refused."""
from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from app.games import GAMES
from app.main import create_app
from tests.api.helpers import bearer, two_people
from tests.games.conformance import own_cases


def turning_points(st: dict):
    """Once a piece is down: another piece on its cell (refused), a cell left out or off the board (no move)."""
    cells = st["view"]["cells"]
    if not cells:
        return None
    taken = sorted(cells)[0]
    return [({"cell": taken}, "a dict with a cell and a direction"), ({"cell": "9,9", "dir": "N"}, "not a cell"),
            ({"cell": taken, "dir": "N"}, "is taken")]


def three_high(st: dict):
    """A card the seat does not hold (refused), or one the game does not have (no move)."""
    play, hand = st["legal_moves"][0], st["view"]["hands"][st["you"]]
    other = next(value + suit for suit in "HDCS" for value in "A2345678" if value + suit not in hand)
    return [(dict(play, card="ZZ"), "is not a card"), (dict(play, piece=3), "as text"),
            (dict(play, card=other), "is not in your hand")]


def dash(st: dict):
    """With no dare open: an action Dash lacks (no move), a dare to set (refused)."""
    if st["view"]["dare"] is not None:
        return None
    return [({"action": "fly"}, "a dict with an action"), ({"action": "draw", "card": "red"}, "is written"),
            ({"action": "set_dare", "text": "Sing"}, "There is no dare to set")]


def martian_treasure_hunt(st: dict):
    """While arranging: an order that is no arrangement (no move), a play (the other phase's move: refused)."""
    if st["view"]["phase"] != "arrange":
        return None
    return [({"order": [0, 0, 0, 0, 0, 0]}, "exactly once"), ({"order": "any"}, "lists the six coin values"),
            ({"to": "3,4"}, "In the arrange phase")]


CASES = {"turning-points": turning_points, "three-high": three_high, "dash": dash,
         "martian-treasure-hunt": martian_treasure_hunt, **own_cases("invalid_moves")}


def case_at(tc: TestClient, name: str, code: str, tokens: dict[int, str]):
    """Play the first listed move until the game's case can be built for a seat to act: (token, state, case)."""
    for _ in range(20):
        for token in tokens.values():
            st = tc.get(f"/api/tables/{code}", headers=bearer(token)).json()
            if st["you"] in st["to_act"]:
                break
        case = CASES[name](st)
        if case is not None:
            return token, st, case
        r = tc.post(f"/api/tables/{code}/moves", headers=bearer(token),
                    json={"seq": st["seq"], "move": st["legal_moves"][0]})
        assert r.status_code == 200, r.text
    raise AssertionError(f"no position for the {name} case")


@pytest.mark.parametrize("name", sorted(CASES))
def test_not_a_move_is_invalid_move_and_not_allowed_is_illegal_move(settings, name):
    with TestClient(create_app(settings)) as tc:
        code, tokens = two_people(tc, name)
        token, st, case = case_at(tc, name, code, tokens)
        for i, (move, words) in enumerate(case):
            expected = "illegal_move" if i == len(case) - 1 else "invalid_move"
            r = tc.post(f"/api/tables/{code}/moves", headers=bearer(token), json={"seq": st["seq"], "move": move})
            assert r.status_code == 422 and r.json()["code"] == expected, r.text
            assert words in r.json()["detail"], (move, r.json())
        with tc.websocket_connect(f"/ws/tables/{code}?token={token}") as ws:
            assert ws.receive_json()["type"] == "state"
            for (move, words), expected in ((case[0], "invalid_move"), (case[-1], "illegal_move")):
                ws.send_json({"type": "move", "seq": st["seq"], "move": move})
                while (msg := ws.receive_json())["type"] != "error":
                    pass
                assert msg["code"] == expected and msg["status"] == 422 and words in msg["detail"], msg
            ws.send_json({"type": "move", "seq": st["seq"], "move": {"card": "x" * 3000}})  # far too large
            while (msg := ws.receive_json())["type"] != "error":
                pass
            assert msg["code"] == "invalid_move" and msg["status"] == 422, msg
        # Far too large is no move either; a move that is not a JSON object is a bad body (its schema).
        for move, expected in (({"card": "x" * 3000}, "invalid_move"), ([1, 2], "invalid")):
            r = tc.post(f"/api/tables/{code}/moves", headers=bearer(token), json={"seq": st["seq"], "move": move})
            assert r.status_code == 422 and r.json()["code"] == expected, r.text
        assert tc.get(f"/api/tables/{code}", headers=bearer(token)).json()["seq"] == st["seq"]


def test_every_game_has_its_case():
    assert sorted(CASES) == sorted(GAMES)
