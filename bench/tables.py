"""Server CPU per table lifecycle: `python -m bench.tables [--tables 200 --seats 3 ...]`.

It starts the real server (`icehouse serve`, pinned to CPU 0 where `taskset` exists) on a fresh database and
makes tables one at a time through the public API, as a group of friends does: the host creates it, the
other seats join (each person their own client), the host starts it, and every seat opens its socket and
gets its welcome. The server's CPU time (from /proc) is read between the steps. One table at a time: this
measures what a table costs, not how the server copes with many at once (that is bench.ws).

The first --warm tables are not counted (caches, the first batch of the writer). One JSON line: ms of
server CPU per table (ms_per_table) and per step (create_ms, joins_ms, start_ms, sockets_ms), and the
wall-clock ms per table the client saw (wall_ms_per_table).
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from bench.ws import CLIENT_CPU, ROOT, cpu_seconds, free_port, pinned, wait_up

STEPS = ("create", "joins", "start", "sockets")


async def lifecycle(base: str, transport: httpx.AsyncHTTPTransport, args: argparse.Namespace,
                    pid: int, totals: dict[str, float] | None) -> None:
    """One table's life up to its first move; its server CPU per step added to `totals` (None: not counted)."""
    def person() -> httpx.AsyncClient:  # a browser of its own (its own cookie jar)
        return httpx.AsyncClient(base_url=base, timeout=30, headers={"Origin": base}, transport=transport)

    marks = [cpu_seconds(pid)]
    host = person()
    r = await host.post("/api/tables", json={"game": args.game, "players": args.seats, "name": "P0"})
    r.raise_for_status()
    code, tokens = r.json()["code"], [r.json()["token"]]
    marks.append(cpu_seconds(pid))
    for i in range(1, args.seats):
        r = await person().post(f"/api/tables/{code}/join", json={"name": f"P{i}"})
        r.raise_for_status()
        tokens.append(r.json()["token"])
    marks.append(cpu_seconds(pid))
    (await host.post(f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {tokens[0]}"})).raise_for_status()
    marks.append(cpu_seconds(pid))
    ws = base.replace("http", "ws", 1)
    socks = await asyncio.gather(*(connect(f"{ws}/ws/tables/{code}?token={t}", additional_headers={"Origin": base},
                                           compression=None, ping_interval=None) for t in tokens))
    try:
        for sock in socks:
            first = json.loads(await asyncio.wait_for(sock.recv(), 10))
            if first.get("type") != "state":
                raise RuntimeError(f"a socket's welcome began with {first!r}")
        await asyncio.sleep(0.002)  # the presence news the sockets caused, as the peers' tool allows for
        marks.append(cpu_seconds(pid))
    finally:
        await asyncio.gather(*(sock.close() for sock in socks))
    if totals is not None:
        for step, before, after in zip(STEPS, marks, marks[1:]):
            totals[step] += after - before


async def run(args: argparse.Namespace) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="bench-tables-"))
    port = free_port()
    env = dict(os.environ, ICEHOUSE_LOG_LEVEL="WARNING",
               ICEHOUSE_DATABASE_URL=args.database_url or f"sqlite+aiosqlite:///{tmp / 'bench.db'}")
    for name in ("CREATE", "JOIN", "CHAT", "CHAT_ADDRESS", "MOVE", "MOVE_ADDRESS"):
        env[f"ICEHOUSE_RATE_LIMIT_{name}"] = "0"
    root = Path(args.server_root).resolve() if args.server_root else ROOT
    env["PYTHONPATH"] = str(root)
    subprocess.run([sys.executable, "-m", "app.cli", "migrate"], env=env, cwd=root, check=True, capture_output=True)
    proc = subprocess.Popen(pinned([sys.executable, "-m", "app.cli", "serve", "--port", str(port)]), env=env,
                            cwd=root, stdout=subprocess.DEVNULL, stderr=open(tmp / "server.log", "w"))
    transport = httpx.AsyncHTTPTransport()
    try:
        await wait_up(port, proc)
        base = f"http://127.0.0.1:{port}"
        totals = dict.fromkeys(STEPS, 0.0)
        for _ in range(args.warm):
            await lifecycle(base, transport, args, proc.pid, None)
        started = time.monotonic()
        for _ in range(args.tables):
            await lifecycle(base, transport, args, proc.pid, totals)
        wall = time.monotonic() - started
    except BaseException:
        print(f"the server's log ends with:\n{(tmp / 'server.log').read_text(errors='replace')[-4000:]}",
              file=sys.stderr)
        raise
    finally:
        await transport.aclose()
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(10)
        shutil.rmtree(tmp, ignore_errors=True)

    def ms(seconds: float) -> float:
        return round(1000 * seconds / args.tables, 2)
    return {"ms_per_table": ms(sum(totals.values())), **{f"{step}_ms": ms(totals[step]) for step in STEPS},
            "wall_ms_per_table": ms(wall)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="tables counted")
    parser.add_argument("--warm", type=int, default=20, help="tables made first and not counted")
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--game", default="three-high")
    parser.add_argument("--database-url", default=None, help="default: a fresh SQLite file")
    parser.add_argument("--server-root", default=None,
                        help="run the server of another checkout (e.g. a git worktree of an older commit)")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.warm < 0 or args.seats < 1:
        parser.error("--tables must be at least 1, --warm at least 0 and --seats at least 1")
    if hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) > 1:
        os.sched_setaffinity(0, {CLIENT_CPU})
    line = asyncio.run(run(args))
    database = "sqlite" if not args.database_url else args.database_url.split(":")[0]
    print(json.dumps({"game": args.game, "seats": args.seats, "tables": args.tables, "database": database, **line}))


if __name__ == "__main__":
    main()
