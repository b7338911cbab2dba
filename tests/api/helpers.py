"""Small helpers for the API tests: make tables, sit people down, play legal moves."""
from __future__ import annotations

from datetime import timedelta

import httpx
from sqlalchemy import select, update

from app.store import Table, utcnow

GAME = "three-high"



def sync_url(url: str) -> str:
    """A test database's URL for a synchronous engine (Alembic, a direct look): SQLite without aiosqlite;
    psycopg URLs work sync as they are."""
    return url.replace("sqlite+aiosqlite", "sqlite", 1)

def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def two_people(tc, game: str = GAME) -> tuple[str, dict[int, str]]:
    """A started two-seat table of `game` through a TestClient, both seats people (no bot moves meanwhile):
    (code, {seat: token})."""
    made = tc.post("/api/tables", json={"game": game, "players": 2, "name": "Ann"}).json()
    tc.cookies.clear()  # Bea is another browser
    joined = tc.post(f"/api/tables/{made['code']}/join", json={"name": "Bea"}).json()
    r = tc.post(f"/api/tables/{made['code']}/start", headers=bearer(made["token"]))
    assert r.status_code == 200, r.text
    return made["code"], {0: made["token"], joined["seat"]: joined["token"]}


async def create(client: httpx.AsyncClient, players: int = 2, name: str = "Ann", **extra) -> dict:
    r = await client.post("/api/tables", json={"game": GAME, "players": players, "name": name, **extra})
    assert r.status_code == 201, r.text
    return r.json()


async def full_table(host: httpx.AsyncClient, guest: httpx.AsyncClient | None = None, *, players: int = 2,
                     bots: int = 0, start: bool = True) -> dict:
    """A table with the host at 0, `guest` (if given) at 1, then bots; started unless start=False.

    Returns {"code", "tokens": {seat: token}}.
    """
    made = await create(host, players)
    code, tokens = made["code"], {0: made["token"]}
    if guest is not None:
        r = await guest.post(f"/api/tables/{code}/join", json={"name": "Bea"})
        assert r.status_code == 200, r.text
        tokens[r.json()["seat"]] = r.json()["token"]
    for _ in range(bots):
        r = await host.post(f"/api/tables/{code}/bots", json={}, headers=bearer(tokens[0]))
        assert r.status_code == 200, r.text
    if start:
        r = await host.post(f"/api/tables/{code}/start", headers=bearer(tokens[0]))
        assert r.status_code == 200, r.text
    return {"code": code, "tokens": tokens}


async def state(client: httpx.AsyncClient, code: str, token: str | None = None) -> dict:
    r = await client.get(f"/api/tables/{code}", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()


async def play_first_legal(client: httpx.AsyncClient, code: str, token: str) -> httpx.Response:
    st = await state(client, code, token)
    assert st["legal_moves"], st
    return await client.post(f"/api/tables/{code}/moves", headers=bearer(token),
                             json={"seq": st["seq"], "move": st["legal_moves"][0]})


async def race(clients: list[httpx.AsyncClient], code: str, tokens: dict[int, str], rounds: int = 5,
               per_round: int = 12) -> list[list[int]]:
    """Each round: `per_round` simultaneous moves for the seat to act, all at the current seq, spread over
    `clients`. Returns the status codes of each round."""
    import asyncio

    out: list[list[int]] = []
    waits = 0
    while len(out) < rounds:
        st = await state(clients[0], code, tokens[0])
        if st["status"] != "playing":
            break
        seat = st["to_act"][0]
        if seat not in tokens:  # a bot's turn: it plays by itself
            waits += 1
            assert waits < 500, "the bot never played"
            await asyncio.sleep(0.01)
            continue
        mine = await state(clients[0], code, tokens[seat])
        legal = mine["legal_moves"]
        calls = [clients[i % len(clients)].post(
            f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
            json={"seq": mine["seq"], "move": legal[i % len(legal)]}) for i in range(per_round)]
        out.append(sorted(r.status_code for r in await asyncio.gather(*calls)))
    return out


async def age(app, code: str, seconds: float) -> None:
    """Nothing has happened at the table for `seconds` (written behind the live table's back: it changes
    nothing a client sees), for the housekeeping tests."""
    async with app.state.tables.db.writing() as s:
        await s.execute(update(Table).where(Table.code == code)
                        .values(updated_at=utcnow() - timedelta(seconds=seconds)))
        await s.commit()


async def row(app, code: str) -> Table | None:
    """The table's row as the database has it (None: deleted)."""
    async with app.state.tables.db.session() as s:
        return (await s.execute(select(Table).where(Table.code == code))).scalar_one_or_none()
