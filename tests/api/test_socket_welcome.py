"""A socket's welcome: the state it opens with is the state GET gives the same seat, legal moves
included (written by the game as JSON text and encoded with orjson), names in any script arrive intact, and
the seats of a table arriving at one snapshot share one reading of its document."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import httpx
import pytest

from app.store.migrate import upgrade
from app.tables.live import tables as tables_module
from app.tables.live.tables import LiveTable
from tests.api.helpers import create, state
from tests.api.wsclient import WS
from tests.conftest import LiveServer


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> LiveServer:
    tmp: Path = tmp_path_factory.mktemp("welcome")
    url = f"sqlite+aiosqlite:///{tmp / 'welcome.db'}"
    upgrade(url)
    srv = LiveServer(url, tmp / "server.log").start()
    yield srv
    srv.stop()


async def test_every_seat_is_welcomed_with_the_state_get_gives_it(server):
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as guest:
        made = await create(host, 2, name="Zoë 王")
        code, tokens = made["code"], {0: made["token"]}
        r = await guest.post(f"/api/tables/{code}/join", json={"name": "Ünal"})
        assert r.status_code == 200, r.text
        tokens[1] = r.json()["token"]
        r = await host.post(f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {tokens[0]}"})
        assert r.status_code == 200, r.text
        url = f"{server.ws_url}/ws/tables/{code}"
        socks = {seat: await WS.open(f"{url}?token={token}") for seat, token in tokens.items()}
        try:
            for seat, ws in socks.items():
                first = await ws.until("state")
                got = await state(host if seat == 0 else guest, code, tokens[seat])
                for key in ("you", "seq", "to_act", "view", "legal_moves", "move_targets", "status"):
                    assert first[key] == got[key], key
                assert [x["name"] for x in first["seats"]] == ["Zoë 王", "Ünal"]
                if seat in first["to_act"]:
                    assert first["legal_moves"] and first["move_targets"]
                else:
                    assert first["legal_moves"] == [] and first["move_targets"] == []
            again = await WS.open(f"{url}?token={tokens[0]}&since=0")  # the sync in the welcome: orjson too
            try:
                sync = await again.until("sync")
                assert sync["since"] == 0 and sync["steps"] == [] and sync["state"]["you"] == 0
            finally:
                await again.close()
        finally:
            for ws in socks.values():
                await ws.close()


def test_sockets_at_one_snapshot_share_one_reading(monkeypatch):
    """The seats of a table open their sockets together: their welcomes parse the doc once, kept by the
    live table (never by a module, where it would outlive the table), and again after a move."""
    parsed = []

    class Game:
        def reading(self, doc):
            parsed.append(doc)
            return object()

    monkeypatch.setitem(tables_module.GAMES, "counted", Game())
    snap = SimpleNamespace(game="counted", doc={"n": 1}, seq=0)
    live = LiveTable(snap)
    first = live.reading()
    assert live.reading() is first and live.reading() is first
    assert len(parsed) == 1
    live.advance(SimpleNamespace(game="counted", doc={"n": 2}, seq=1), None)  # a move made a new snapshot
    assert live.reading() is not first and len(parsed) == 2
