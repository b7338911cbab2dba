"""A socket's move: its update comes as everyone's does, and only a refusal comes back to the mover, as an
error message, whether the rules refused it (a move sent twice) or the server failed (a fault is logged, its
detail stays in the log, and the socket and the table go on)."""
from __future__ import annotations

from starlette.testclient import TestClient

from app.main import create_app
from app.tables.live import moves
from tests.api.helpers import bearer


def _started(tc: TestClient) -> tuple[str, dict[int, str]]:
    made = tc.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Ann"}).json()
    tc.cookies.clear()  # Bea is another browser
    joined = tc.post(f"/api/tables/{made['code']}/join", json={"name": "Bea"}).json()
    assert tc.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"])).status_code == 200
    return made["code"], {0: made["token"], joined["seat"]: joined["token"]}


def _until(ws, kinds: set[str], count: int) -> list[dict]:
    got = []
    while len(got) < count:
        m = ws.receive_json()
        if m["type"] in kinds:
            got.append(m)
    return got


def test_a_move_sent_twice_in_a_row_is_played_once_and_the_second_is_refused_as_stale(settings):
    with TestClient(create_app(settings)) as tc:
        code, tokens = _started(tc)
        st = tc.get(f"/api/tables/{code}", headers=bearer(tokens[0])).json()
        seat = st["to_act"][0]
        with tc.websocket_connect(f"/ws/tables/{code}?token={tokens[seat]}") as ws:
            mine = _until(ws, {"state"}, 1)[0]
            move = {"type": "move", "seq": mine["seq"], "move": mine["legal_moves"][0]}
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
        assert tc.get(f"/api/tables/{code}", headers=bearer(tokens[0])).json()["seq"] == mine["seq"] + 1


def test_a_server_fault_in_a_socket_move_answers_internal_and_the_socket_and_table_go_on(settings, monkeypatch, caplog):
    real, faults = moves._engine_apply, []

    def faulty(*args):
        if not faults:
            faults.append(1)
            raise RuntimeError("an engine bug")
        return real(*args)

    monkeypatch.setattr(moves, "_engine_apply", faulty)
    with TestClient(create_app(settings)) as tc:
        code, tokens = _started(tc)
        st = tc.get(f"/api/tables/{code}", headers=bearer(tokens[0])).json()
        seat = st["to_act"][0]
        with tc.websocket_connect(f"/ws/tables/{code}?token={tokens[seat]}") as ws:
            mine = _until(ws, {"state"}, 1)[0]
            move = {"type": "move", "seq": mine["seq"], "move": mine["legal_moves"][0]}
            ws.send_json(move)
            error = _until(ws, {"error"}, 1)[0]
            assert error["code"] == "internal" and error["detail"].endswith("."), error
            assert "engine bug" not in error["detail"]  # what went wrong stays in the server's log
            ws.send_json(move)  # the same move again: nothing was played, so it is still this seat's
            assert _until(ws, {"update"}, 1)[0]["seq"] == mine["seq"] + 1
    assert any("socket message failed" in r.getMessage() and r.exc_info for r in caplog.records)
