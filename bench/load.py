"""Load: N tables at once, each a person (REST moves) against a bot, through an in-process app.

    python -m bench.load [--tables 20] [--moves 40] [--database-url URL]

Prints one JSON line: moves/s over all tables (people and bots), p50/p95 latency of a person's move
(POST .../moves) under that load, and a bare-transport baseline measured in the same run on the same app
and client (a trivial endpoint: latency one request at a time, requests/s with one client per table), so
the figures read as ratios to what the machine can do at all.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from asgi_lifespan import LifespanManager

from app.config import Settings
from app.main import create_app
from app.store.migrate import upgrade


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class Turns:
    """Listens on the app's broker like a socket would, so a person waits for the bot without polling."""

    def __init__(self, app) -> None:
        self.events: dict[str, asyncio.Event] = {}
        ctx = app.state.tables
        inner = ctx.broker._handler

        async def handler(msg: dict) -> None:
            await inner(msg)
            if msg.get("kind") in ("move", "state", "your_turn") and msg.get("table") in self.events:
                self.events[msg["table"]].set()

        ctx.broker.subscribe(handler)

    async def wait(self, code: str) -> None:
        event = self.events.setdefault(code, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), 1.0)
        except TimeoutError:
            pass
        event.clear()


async def one_table(client: httpx.AsyncClient, turns: Turns, moves: int, latencies: list[float]) -> int:
    r = await client.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Bench"})
    made = r.json()
    code, auth = made["code"], {"Authorization": f"Bearer {made['token']}"}
    turns.events[code] = asyncio.Event()
    await client.post(f"/api/tables/{code}/bots", headers=auth)
    await client.post(f"/api/tables/{code}/start", headers=auth)
    played = 0
    while played < moves:
        st = (await client.get(f"/api/tables/{code}", headers=auth)).json()
        if st["status"] != "playing":
            break
        if st["to_act"] != [0]:
            await turns.wait(code)
            continue
        started = time.perf_counter()
        r = await client.post(f"/api/tables/{code}/moves", headers=auth,
                              json={"seq": st["seq"], "move": st["legal_moves"][0]})
        latencies.append((time.perf_counter() - started) * 1000)
        if r.status_code == 200:
            played += 1
    return (await client.get(f"/api/tables/{code}", headers=auth)).json()["seq"]


async def baseline(client: httpx.AsyncClient, n: int, concurrency: int) -> list[float]:
    out: list[float] = []

    async def worker() -> None:
        for _ in range(n // concurrency):
            started = time.perf_counter()
            await client.get("/bench/ping")
            out.append((time.perf_counter() - started) * 1000)

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return out


async def run(tables: int, moves: int, url: str) -> dict:
    app = create_app(Settings(database_url=url, bot_delay_seconds=0, log_level="WARNING"))
    async def ping() -> dict:
        return {"ok": True}

    app.add_api_route("/bench/ping", ping, include_in_schema=False)
    async with LifespanManager(app), httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                                       base_url="http://bench", timeout=60) as client:
        await baseline(client, 500, 1)  # warm up
        base = await baseline(client, 2000, 1)  # latency of one request at a time
        base_started = time.perf_counter()
        await baseline(client, 2000, tables)  # throughput with as many clients as tables
        base_rps = 2000 / (time.perf_counter() - base_started)
        latencies: list[float] = []
        turns = Turns(app)
        started = time.perf_counter()
        seqs = await asyncio.gather(*(one_table(client, turns, moves, latencies) for _ in range(tables)))
        elapsed = time.perf_counter() - started
    total = sum(seqs)
    p50, b50 = statistics.median(latencies) if latencies else 0.0, statistics.median(base)
    return {"bench": "load", "database": url.split(":", 1)[0], "tables": tables, "moves": total,
            "seconds": round(elapsed, 3), "moves_per_s": round(total / elapsed, 1),
            "move_p50_ms": round(p50, 2), "move_p95_ms": round(pct(latencies, 0.95), 2),
            "baseline_p50_ms": round(b50, 3), "baseline_p95_ms": round(pct(base, 0.95), 3),
            "baseline_rps": round(base_rps, 1), "move_p50_over_baseline": round(p50 / b50, 1) if b50 else None,
            "moves_per_s_over_baseline_rps": round(total / elapsed / base_rps, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.load")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=40, help="moves per table by the person (bots add theirs)")
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    args = parser.parse_args()
    url = args.database_url
    if url is None:
        url = f"sqlite+aiosqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}"
    upgrade(url)
    print(json.dumps(asyncio.run(run(args.tables, args.moves, url))))


if __name__ == "__main__":
    main()
