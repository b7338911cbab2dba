"""A socket's move: its update comes as everyone's does, and only a refusal comes back to the mover, as an
error message, whether the rules refused it (a move sent twice) or the server failed (a fault is logged, its
detail stays in the log, and the socket and the table go on)."""
from __future__ import annotations

from contextlib import contextmanager

from starlette.testclient import TestClient

from app.main import create_app
from app.tables.live import moves
from tests.api.helpers import bearer, two_people


@contextmanager
def _mover(settings):
    """A started two-seat table, and the socket of the seat to act: (client, code, a token, the socket, its
    state, its first legal move as a socket message)."""
    with TestClient(create_app(settings)) as tc:
        code, tokens = two_people(tc)
        seat = tc.get(f"/api/tables/{code}", headers=bearer(tokens[0])).json()["to_act"][0]
        with tc.websocket_connect(f"/ws/tables/{code}?token={tokens[seat]}") as ws:
            mine = _until(ws, {"state"}, 1)[0]
            yield tc, code, tokens[0], ws, mine, {"type": "move", "seq": mine["seq"], "move": mine["legal_moves"][0]}


def _until(ws, kinds: set[str], count: int) -> list[dict]:
    got = []
    while len(got) < count:
        m = ws.receive_json()
        if m["type"] in kinds:
            got.append(m)
    return got


def test_a_move_sent_twice_in_a_row_is_played_once_and_the_second_is_refused_as_stale(settings):
    with _mover(settings) as (tc, code, token, ws, mine, move):
        ws.send_json(move)
        ws.send_json(move)  # sent again at once: played once, the second is stale
        ws.send_json({"type": "ping"})
        got = _until(ws, {"update", "error", "pong"}, 3)
        by_type = {m["type"]: m for m in got}
        assert sorted(by_type) == ["error", "pong", "update"], got
        assert by_type["update"]["seq"] == mine["seq"] + 1
        error = by_type["error"]
        assert error["status"] == 409 and error["code"] == "stale_seq", error
        assert str(mine["seq"]) in error["detail"], error
        assert tc.get(f"/api/tables/{code}", headers=bearer(token)).json()["seq"] == mine["seq"] + 1


def test_a_server_fault_in_a_socket_move_answers_internal_and_the_socket_and_table_go_on(settings, monkeypatch, caplog):
    real, faults = moves._engine_apply, []

    def faulty(*args):
        if not faults:
            faults.append(1)
            raise RuntimeError("an engine bug")
        return real(*args)

    monkeypatch.setattr(moves, "_engine_apply", faulty)
    with _mover(settings) as (_tc, _code, _token, ws, mine, move):
        ws.send_json(move)
        error = _until(ws, {"error"}, 1)[0]
        assert error["code"] == "internal" and error["detail"].endswith("."), error
        assert "engine bug" not in error["detail"]  # what went wrong stays in the server's log
        ws.send_json(move)  # the same move again: nothing was played, so it is still this seat's
        assert _until(ws, {"update"}, 1)[0]["seq"] == mine["seq"] + 1
    assert any("socket message failed" in r.getMessage() and r.exc_info for r in caplog.records)
