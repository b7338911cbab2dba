"""Load: N tables at once, each a person (REST moves) against a bot, through an in-process app.

    python -m bench.load [--tables 20] [--moves 40] [--sockets] [--database-url URL]

Prints one JSON line: moves/s over all tables (people and bots), the process's CPU time per move (all
threads; steadier than wall time on a shared machine), p50/p95 latency of a person's move
(POST .../moves) under that load, and a bare-transport baseline measured in the same run on the same app
and client (a trivial endpoint: latency one request at a time, requests/s with one client per table), so
the figures read as ratios to what the machine can do at all.

The client is a few lines of raw ASGI (no HTTP client library), so the figures are the server's: what an
HTTP client would add is the same for every endpoint and shows in the baseline. Each person reads the state
once per turn (GET), then moves (POST); it learns that the bot has moved from the app's broker, as a socket
would. With --sockets each table also has two WebSocket watchers (the person's seat and a spectator), so
the fan-out of every move to sockets is part of the cost; they must see every seq.

With a PostgreSQL --database-url the run uses a schema of its own, dropped afterwards.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import statistics
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

from asgi_lifespan import LifespanManager

from app.config import Settings
from app.main import create_app
from app.store.migrate import upgrade


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class Client:
    """HTTP over raw ASGI: one request, the status and the decoded JSON body."""

    def __init__(self, app) -> None:
        self.app = app

    async def request(self, method: str, path: str, body: object = None,
                      token: str | None = None) -> tuple[int, object]:
        raw = b"" if body is None else json.dumps(body).encode()
        headers = [(b"host", b"bench"), (b"content-length", str(len(raw)).encode())]
        if body is not None:
            headers.append((b"content-type", b"application/json"))
        if token is not None:
            headers.append((b"authorization", f"Bearer {token}".encode()))
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
                 "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
                 "root_path": "", "headers": headers, "client": ("127.0.0.1", 1), "server": ("bench", 80)}
        sent = False
        status, chunks = 0, []

        async def receive() -> dict:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": raw, "more_body": False}
            await asyncio.Event().wait()  # the app never needs a disconnect here
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, send)
        data = b"".join(chunks)
        return status, (json.loads(data) if data else None)


class Watcher:
    """A WebSocket on one table over raw ASGI; counts the updates and remembers the highest seq seen."""

    def __init__(self, app, code: str, token: str | None) -> None:
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.seq, self.updates, self.closed = 0, 0, False
        query = f"token={quote(token)}".encode() if token else b""
        path = f"/ws/tables/{code}"
        scope = {"type": "websocket", "asgi": {"version": "3.0"}, "http_version": "1.1", "scheme": "ws",
                 "path": path, "raw_path": path.encode(), "query_string": query, "root_path": "",
                 "headers": [(b"host", b"bench")], "client": ("127.0.0.1", 1), "server": ("bench", 80),
                 "subprotocols": []}
        self.inbox.put_nowait({"type": "websocket.connect"})
        self.task = asyncio.create_task(app(scope, self.inbox.get, self._send))

    async def _send(self, message: dict) -> None:
        if message["type"] == "websocket.close":
            self.closed = True
        if message["type"] != "websocket.send":
            return
        msg = json.loads(message["text"])
        if msg["type"] == "update":
            self.updates += 1
            self.seq = max(self.seq, msg["seq"])

    async def close(self) -> None:
        self.inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
        await asyncio.wait_for(self.task, 10)


class Turns:
    """Listens on the app's broker like a socket would: the latest seq of each table, and a wake-up."""

    def __init__(self, app) -> None:
        self.seq: dict[str, int] = {}
        self.changed: dict[str, asyncio.Event] = {}
        ctx = app.state.tables
        inner = ctx.broker._handler

        async def handler(msg: dict) -> None:
            await inner(msg)
            code = msg.get("table")
            if code in self.changed and msg.get("kind") == "move":
                self.seq[code] = max(self.seq.get(code, 0), msg["seq"])
                self.changed[code].set()

        ctx.broker.subscribe(handler)

    async def wait_past(self, code: str, seq: int) -> None:
        """Until the table is past `seq` (the bot has moved); 1 s at most."""
        event = self.changed.setdefault(code, asyncio.Event())
        deadline = time.perf_counter() + 1.0
        while self.seq.get(code, 0) <= seq and time.perf_counter() < deadline:
            event.clear()
            try:
                await asyncio.wait_for(event.wait(), max(0.0, deadline - time.perf_counter()))
            except TimeoutError:
                break


async def new_table(app, client: Client, turns: Turns, sockets: bool, bot: str) -> tuple[str, str, list[Watcher]]:
    """A started table: the person at seat 0 against a bot (and its watchers with --sockets)."""
    status, made = await client.request("POST", "/api/tables", {"game": "three-high", "players": 2,
                                                               "name": "Bench"})
    assert status == 201, made
    code, token = made["code"], made["token"]
    turns.changed[code] = asyncio.Event()
    await client.request("POST", f"/api/tables/{code}/bots", {"bot": bot}, token)
    watchers = [Watcher(app, code, token), Watcher(app, code, None)] if sockets else []
    await client.request("POST", f"/api/tables/{code}/start", None, token)
    return code, token, watchers


async def one_table(client: Client, turns: Turns, code: str, token: str, moves: int,
                    latencies: list[float]) -> int:
    """The person plays up to `moves` moves (reading the state once per turn); returns the table's seq."""
    played = 0
    while played < moves:
        _, st = await client.request("GET", f"/api/tables/{code}", None, token)
        if st["status"] != "playing":
            break
        if st["to_act"] != [0]:
            await turns.wait_past(code, st["seq"])
            continue
        started = time.perf_counter()
        status, after = await client.request("POST", f"/api/tables/{code}/moves",
                                             {"seq": st["seq"], "move": st["legal_moves"][0]}, token)
        latencies.append((time.perf_counter() - started) * 1000)
        if status == 200:
            played += 1
            if after["status"] == "playing" and after["to_act"] != [0]:  # the bot's turn: wait for it
                await turns.wait_past(code, after["seq"])
    _, st = await client.request("GET", f"/api/tables/{code}", None, token)
    return st["seq"]


async def baseline(client: Client, n: int, concurrency: int) -> list[float]:
    out: list[float] = []

    async def worker() -> None:
        for _ in range(n // concurrency):
            started = time.perf_counter()
            await client.request("GET", "/bench/ping")
            out.append((time.perf_counter() - started) * 1000)

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return out


async def _watchers_done(watchers: list[Watcher], seqs: list[int]) -> bool:
    """Every watcher saw its table's last seq (the fan-out delivered everything); closes them."""
    deadline = time.perf_counter() + 10
    while any(w.seq < seq for ws, seq in seqs for w in ws) and time.perf_counter() < deadline:
        await asyncio.sleep(0.01)
    complete = all(w.seq >= seq and not w.closed for ws, seq in seqs for w in ws)
    await asyncio.gather(*(w.close() for w in watchers))
    return complete


async def run(tables: int, moves: int, url: str, sockets: bool = False, bot: str = "random") -> dict:
    app = create_app(Settings(database_url=url, bot_delay_seconds=0, log_level="WARNING"))

    async def ping() -> dict:
        return {"ok": True}

    app.add_api_route("/bench/ping", ping, include_in_schema=False)
    client = Client(app)
    async with LifespanManager(app):
        await baseline(client, 500, 1)  # warm up
        base = await baseline(client, 2000, 1)  # latency of one request at a time
        base_started = time.perf_counter()
        await baseline(client, 2000, tables)  # throughput with as many clients as tables
        base_rps = 2000 / (time.perf_counter() - base_started)
        latencies: list[float] = []
        turns = Turns(app)
        made = await asyncio.gather(*(new_table(app, client, turns, sockets, bot) for _ in range(tables)))
        # the clock starts once every table is set up (and the bots have made their first moves, if any)
        await asyncio.sleep(0.2)
        first = sum(turns.seq.get(code, 0) for code, _, _ in made)
        started, cpu = time.perf_counter(), time.process_time()
        seqs = await asyncio.gather(*(one_table(client, turns, code, token, moves, latencies)
                                      for code, token, _ in made))
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        watchers = [w for _, _, ws in made for w in ws]
        complete = await _watchers_done(watchers, [(ws, seq) for (_, _, ws), seq in zip(made, seqs)]) \
            if sockets else None
    total = sum(seqs) - first
    p50, b50 = statistics.median(latencies) if latencies else 0.0, statistics.median(base)
    out = {"bench": "load", "database": url.split(":", 1)[0], "tables": tables, "bot": bot,
           "sockets": 2 * tables if sockets else 0, "moves": total, "seconds": round(elapsed, 3),
           "moves_per_s": round(total / elapsed, 1),
           "cpu_ms_per_move": round(cpu * 1000 / total, 2),
           "move_p50_ms": round(p50, 2), "move_p95_ms": round(pct(latencies, 0.95), 2),
           "baseline_p50_ms": round(b50, 3), "baseline_p95_ms": round(pct(base, 0.95), 3),
           "baseline_rps": round(base_rps, 1), "move_p50_over_baseline": round(p50 / b50, 1) if b50 else None,
           "moves_per_s_over_baseline_rps": round(total / elapsed / base_rps, 4)}
    if sockets:
        out["socket_updates"] = sum(w.updates for w in watchers)
        out["sockets_saw_every_seq"] = complete
    return out


def _postgres_schema(url: str) -> tuple[str, str, str]:
    """A throwaway schema: (libpq URL for admin statements, schema name, the app URL using it)."""
    schema = f"bench_{secrets.token_hex(4)}"
    libpq = url.replace("postgresql+psycopg://", "postgresql://", 1)
    sep = "&" if "?" in url else "?"
    return libpq, schema, f"{url}{sep}options={quote(f'-csearch_path={schema}')}"


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.load")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=40, help="moves per table by the person (bots add theirs)")
    parser.add_argument("--sockets", action="store_true", help="two WebSocket watchers per table")
    parser.add_argument("--bot", default="random",
                        help="the bot opponent: 'random' (default: measures the server) "
                             "or 'three-high' (adds its search)")
    parser.add_argument("--database-url", default=None, help="default: a temporary SQLite file")
    args = parser.parse_args()
    url, drop = args.database_url, None
    if url is None:
        url = f"sqlite+aiosqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}"
    elif url.startswith("postgresql"):
        import psycopg

        libpq, schema, url = _postgres_schema(url)
        with psycopg.connect(libpq, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
        drop = (libpq, schema)
    try:
        upgrade(url)
        result = asyncio.run(run(args.tables, args.moves, url, args.sockets, args.bot))
    finally:
        if drop is not None:
            import psycopg

            with psycopg.connect(drop[0], autocommit=True) as conn:
                conn.execute(f'DROP SCHEMA IF EXISTS "{drop[1]}" CASCADE')
    print(json.dumps(result))


if __name__ == "__main__":
    main()
