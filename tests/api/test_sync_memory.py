"""A reconnecting socket's sync from the live table (app/tables/live/tables.py keeps the last steps of each table
it plays): the same steps, as each seat may see them, as the database gives, with no read of it; more
steps missed than memory holds come from the database."""
from __future__ import annotations

from fastapi.testclient import TestClient

from app.main import create_app
from app.tables.live import reads
from app.tables.live.tables import STEP_TAIL
from tests.api.helpers import GAME, bearer


def _play(tc: TestClient, code: str, tokens: dict[int, str], moves: int) -> int:
    """Play `moves` moves by REST (each by the seat to act); the table's seq after them."""
    for _ in range(moves):
        st = tc.get(f"/api/tables/{code}", headers=bearer(tokens[0])).json()
        if st["status"] != "playing":
            break
        seat = st["to_act"][0]
        mine = tc.get(f"/api/tables/{code}", headers=bearer(tokens[seat])).json()
        r = tc.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                    json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
        assert r.status_code == 200, r.text
    return tc.get(f"/api/tables/{code}", headers=bearer(tokens[0])).json()["seq"]


def _sync(tc: TestClient, code: str, token: str, since: int) -> dict:
    with tc.websocket_connect(f"/ws/tables/{code}?token={token}&since={since}") as ws:
        while (msg := ws.receive_json())["type"] != "sync":
            pass
        return msg


def test_a_sync_after_a_short_blip_comes_from_memory_and_equals_the_log(settings, monkeypatch):
    with TestClient(create_app(settings)) as tc:
        made = tc.post("/api/tables", json={"game": GAME, "players": 2, "name": "Ann"}).json()
        code, tokens = made["code"], {0: made["token"]}
        tc.cookies.clear()  # another browser
        r = tc.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        assert r.status_code == 200, r.text
        tokens[r.json()["seat"]] = r.json()["token"]
        assert tc.post(f"/api/tables/{code}/start", headers=bearer(tokens[0])).status_code == 200
        seq = _play(tc, code, tokens, 6)
        assert seq >= 3
        logs = {seat: tc.get(f"/api/tables/{code}/log", headers=bearer(tokens[seat])).json()["steps"]
                for seat in (0, 1)}

        def no_read(*_args, **_kwargs):
            raise AssertionError("the sync read the database")

        monkeypatch.setattr(reads, "find_table", no_read)
        for seat in (0, 1):  # each seat's own view of the steps it missed, as the log shows them
            sync = _sync(tc, code, tokens[seat], seq - 3)
            assert sync["steps"] == logs[seat][seq - 3:], seat
            assert sync["state"]["seq"] == seq and sync["state"]["you"] == seat
        monkeypatch.undo()

        more = _play(tc, code, tokens, STEP_TAIL + 4)  # more than memory keeps: the database answers
        sync = _sync(tc, code, tokens[0], 0)
        assert [s["seq"] for s in sync["steps"]] == list(range(1, more + 1))
