"""The admin's table list at scale: `python -m bench.admin_list [--tables 50000] [--database-url URL]` seeds a
fresh database (SQLite in a temporary directory by default; or an empty PostgreSQL schema you give) with
generated tables by bulk insert, then asks the real app (in process, over ASGI, the admin token as Bearer)
for pages of GET /api/admin/tables with each filter and sort, and for GET /api/admin/stats.

Prints one JSON line per request kind: {"case", "tables", "total", "p50_ms", "max_ms", "runs"}, then one
for the seeding ({"case": "seed", "seconds"}).
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
from tests.api.admin_helpers import bulk_insert

TOKEN = "bench-admin-token"
CASES = [
    ("newest last move", {}),
    ("one game", {"game": "dash"}),
    ("one status", {"status": "finished"}),
    ("game and status", {"game": "three-high", "status": "playing"}),
    ("by creation, oldest first", {"sort": "created", "order": "asc"}),
    ("created in a week", {"from": "2026-11-10", "to": "2026-11-16"}),
    ("last move on a day", {"date": "last_move", "from": "2026-11-20", "to": "2026-11-20"}),
    ("player name", {"player": "ann4"}),
    ("deep page", {"offset": 20000}),
]


async def run(url: str, tables: int, runs: int) -> list[dict]:
    app = create_app(Settings(database_url=url, admin_token=TOKEN, log_level="WARNING", redis_url=None,
                              bot_processes=0))
    out = []
    async with LifespanManager(app):
        start = time.perf_counter()
        await bulk_insert(app.state.tables.db, tables)
        out.append({"case": "seed", "tables": tables, "seconds": round(time.perf_counter() - start, 2)})
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://bench",
                                     headers={"Authorization": f"Bearer {TOKEN}"}, timeout=120) as c:
            for name, params in [*CASES, ("stats, everything", None)]:
                path = "/api/admin/tables" if params is not None else "/api/admin/stats"
                times, total = [], None
                for _ in range(runs if params is not None else max(1, runs // 5)):
                    t0 = time.perf_counter()
                    r = await c.get(path, params={"limit": 50, **params} if params is not None else {})
                    times.append((time.perf_counter() - t0) * 1000)
                    assert r.status_code == 200, r.text
                    total = r.headers.get("X-Total-Count")
                out.append({"case": name, "tables": tables, "total": int(total) if total else None,
                            "p50_ms": round(statistics.median(times), 1), "max_ms": round(max(times), 1),
                            "runs": len(times)})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50_000)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--database-url", help="an empty, migrated or not, database (default: SQLite in /tmp)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = a.database_url or f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        upgrade(url)
        for line in asyncio.run(run(url, a.tables, a.runs)):
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
