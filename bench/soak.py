"""Soak: many tables across two app instances while Redis restarts. `python -m bench.soak [--tables 200
--seconds 60 --redis-down 3 --database-url URL]`.

Bounded and loopback only: it starts a Redis server of its own and two `icehouse serve` instances on free
127.0.0.1 ports, on a fresh schema of a loopback PostgreSQL (ICEHOUSE_TEST_POSTGRES_URL or the default
test database; dropped afterwards), and stops everything it started when it ends.

Each table has two seats (every registered game that seats two; one table in five has a bot at seat 1) and
two sockets: seat 0's on instance A, seat 1's (or a spectator's) on instance B. Drivers play random legal
moves for the people, over REST on either instance or over seat 0's socket, each table a move every one to
three seconds; a finished table is replaced by a new one. Halfway through, Redis is stopped and started
again `--redis-down` seconds later. At the end the drivers stop and bots finish their turns, then it checks:

- every table's doc equals the replay of its log (initial doc + every stored move through the engine), and
  its moves are numbered 1..seq with no hole;
- every socket ended at its table's last seq (the sockets only listen: they never ask for a sync).

One JSON line of figures: moves, moves_per_s, latency percentiles, answers by status, moves made while
Redis was down, how long after its return every socket had every move made before it came back, syncs
the sockets were sent, and the two checks.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import quote, urlsplit

import httpx
import orjson
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))], 1)


# -- the services it owns ---------------------------------------------------------------------------------
class Redis:
    def __init__(self, workdir: Path):
        self.port, self.workdir, self.proc = free_port(), workdir, None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        log = open(self.workdir / "redis.log", "ab")
        self.proc = subprocess.Popen([shutil.which("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1",
                                      "--save", "", "--appendonly", "no", "--dir", str(self.workdir)],
                                     stdout=log, stderr=subprocess.STDOUT)
        log.close()
        for _ in range(200):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(10)
        self.proc = None


class Instance:
    def __init__(self, name: str, env: dict, workdir: Path):
        self.name, self.port, self.log_path = name, free_port(), workdir / f"{name}.log"
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--host", "127.0.0.1", "--port",
                                      str(self.port)], cwd=ROOT, env={**os.environ, **env}, stdout=log,
                                     stderr=subprocess.STDOUT)
        log.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def ready(self) -> None:
        async with httpx.AsyncClient(timeout=1) as c:
            for _ in range(300):
                if self.proc.poll() is not None:
                    raise RuntimeError(f"{self.name} exited:\n{self.log_path.read_text()[-3000:]}")
                try:
                    if (await c.get(f"{self.url}/api/games")).status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.1)
        raise RuntimeError(f"{self.name} did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def count(self, msg: str) -> int:
        return self.log_path.read_text(errors="replace").count(f'"msg": "{msg}"')


# -- the tables ---------------------------------------------------------------------------------------------
class Listener:
    """A socket that listens (it never asks for a sync), and keeps the newest seq it was brought to and the
    state that came with it (its seat's legal moves: the driver plays from it, as the page does)."""

    def __init__(self, url: str):
        self.url, self.seq, self.syncs, self.updates, self.errors, self.gaps = url, -1, 0, 0, [], 0
        self.state: dict | None = None
        self.conn = None
        self.task: asyncio.Task | None = None

    async def open(self) -> None:
        self.conn = await connect(self.url, open_timeout=20, max_size=2 ** 22)
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for raw in self.conn:
                m = orjson.loads(raw)
                kind = m.get("type")
                if kind == "update":
                    self.updates += 1
                    if self.seq >= 0 and m["seq"] > self.seq + 1:
                        self.gaps += 1  # a hole the server should have filled with a sync
                    self.brought(m["state"])
                elif kind == "state":
                    self.brought(m)
                elif kind == "sync":
                    self.syncs += 1
                    self.brought(m["state"])
                elif kind == "error":
                    self.errors.append(m.get("code"))
        except Exception:  # closed: the final check will say so
            pass

    def brought(self, state: dict) -> None:
        if state["seq"] >= self.seq:
            self.seq, self.state = state["seq"], state

    async def close(self) -> None:
        if self.conn is not None:
            await self.conn.close()


class Soak:
    def __init__(self, args, a: Instance, b: Instance, games: list[dict]):
        self.args, self.a, self.b, self.games = args, a, b, games
        self.rng = random.Random(args.seed)
        self.tables: list[dict] = []  # {"code", "tokens", "sockets": [Listener, Listener]}
        self.latency: list[float] = []
        self.ws_latency: list[float] = []
        self.status: Counter = Counter()
        self.moves = 0
        self.redis_down = False
        self.moves_while_down = 0
        self.stop = False

    async def new_table(self, host: httpx.AsyncClient, guest: httpx.AsyncClient) -> dict:
        game = self.rng.choice(self.games)
        bot = self.rng.random() < 0.2
        r = await host.post("/api/tables", json={"game": game["name"], "players": 2, "name": "Ann"})
        r.raise_for_status()
        made = r.json()
        code, tokens = made["code"], {0: made["token"]}
        if bot:
            (await host.post(f"/api/tables/{code}/bots", json={}, headers=auth(tokens[0]))).raise_for_status()
        else:
            r = await guest.post(f"/api/tables/{code}/join", json={"name": "Bea"})
            r.raise_for_status()
            tokens[1] = r.json()["token"]
        (await host.post(f"/api/tables/{code}/start", headers=auth(tokens[0]))).raise_for_status()
        ws_a = f"ws://127.0.0.1:{self.a.port}/ws/tables/{code}?token={tokens[0]}"
        ws_b = f"ws://127.0.0.1:{self.b.port}/ws/tables/{code}" + (f"?token={tokens[1]}" if 1 in tokens else "")
        sockets = [Listener(ws_a), Listener(ws_b)]
        for s in sockets:
            await s.open()
        table = {"code": code, "tokens": tokens, "sockets": sockets, "game": game["name"]}
        self.tables.append(table)
        return table

    async def drive(self, index: int, table: dict, clients: list[httpx.AsyncClient], setup: tuple) -> None:
        await asyncio.sleep(self.rng.uniform(0, 2))
        while not self.stop:
            c = clients[self.rng.randrange(2)]
            try:
                # What the players' sockets say (the newest of the two); a socket behind it (its instance
                # was cut off) makes its player read the state over REST, as the page would after a 409.
                told = [s for s in table["sockets"] if s.state]
                if not told:  # the welcome is on its way
                    await asyncio.sleep(0.2)
                    continue
                newest = max(told, key=lambda s: s.seq).state
                if newest["status"] != "playing":
                    if newest["status"] in ("finished", "abandoned"):
                        table = await self.new_table(*setup)
                    await asyncio.sleep(0.5)
                    continue
                people = [s for s in newest["to_act"] if s in table["tokens"]]
                if not people:  # the bot's turn
                    await asyncio.sleep(0.3)
                    continue
                seat = people[0]
                mine = table["sockets"][seat].state
                if mine is None or mine["seq"] < newest["seq"] or table.pop("stale", False):
                    self.status["rest_read"] += 1
                    mine = (await c.get(f"/api/tables/{table['code']}", headers=auth(table["tokens"][seat]))).json()
                if not mine.get("legal_moves"):
                    await asyncio.sleep(0.3)
                    continue
                move = self.rng.choice(mine["legal_moves"])
                if seat == 0 and index % 3 == 0:
                    await self.ws_move(table, mine["seq"], move)
                else:
                    await self.rest_move(c, table, seat, mine["seq"], move)
            except (httpx.HTTPError, ValueError, KeyError) as exc:
                self.status[type(exc).__name__] += 1
            await asyncio.sleep(self.rng.uniform(*self.args.think))

    async def rest_move(self, c: httpx.AsyncClient, table: dict, seat: int, seq: int, move: dict) -> None:
        started = time.perf_counter()
        url, body = f"/api/tables/{table['code']}/moves", {"seq": seq, "move": move}
        try:
            r = await c.post(url, headers=auth(table["tokens"][seat]), json=body)
        except (httpx.ReadError, httpx.RemoteProtocolError):
            # A kept-alive connection the server closed as it was reused: send again, as the page does (the
            # same seq: a 409 if the first one was played after all).
            self.status["resent"] += 1
            r = await c.post(url, headers=auth(table["tokens"][seat]), json=body)
        self.status[r.status_code] += 1
        if r.status_code == 409:
            table["stale"] = True
        if r.status_code == 200:
            self.latency.append((time.perf_counter() - started) * 1000)
            self.count_move()

    async def ws_move(self, table: dict, seq: int, move: dict) -> None:
        listener = table["sockets"][0]
        errors = len(listener.errors)
        started = time.perf_counter()
        await listener.conn.send(json.dumps({"type": "move", "seq": seq, "move": move}))
        while time.perf_counter() - started < 10:
            if listener.seq > seq:
                self.status["ws_ok"] += 1
                self.ws_latency.append((time.perf_counter() - started) * 1000)
                self.count_move()
                return
            if len(listener.errors) > errors:
                self.status[f"ws_{listener.errors[-1]}"] += 1
                table["stale"] = True
                return
            await asyncio.sleep(0.005)
        self.status["ws_no_answer"] += 1

    def count_move(self) -> None:
        self.moves += 1
        if self.redis_down:
            self.moves_while_down += 1


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


async def seqs(db, codes: list[str]) -> dict[str, int]:
    from sqlalchemy import select

    from app.store import Table

    async with db.session() as s:
        return dict((await s.execute(select(Table.code, Table.seq).where(Table.code.in_(codes)))).all())


def as_stored(doc: object) -> object:
    """A doc as the database keeps it (JSON: dict keys become strings, tuples lists)."""
    import orjson

    return orjson.loads(orjson.dumps(doc, option=orjson.OPT_NON_STR_KEYS))


async def replay_check(db, codes: list[str]) -> tuple[int, list[str]]:
    """Tables whose doc equals the replay of their log, and the codes of those that do not."""
    from sqlalchemy import select

    from app.games import GAMES
    from app.store import Move, Table

    good, bad = 0, []
    async with db.session() as s:
        for code in codes:
            t = (await s.execute(select(Table).where(Table.code == code))).scalar_one()
            moves = (await s.execute(select(Move).where(Move.table_id == t.id).order_by(Move.seq))).scalars().all()
            doc, ok = t.initial_doc, [m.seq for m in moves] == list(range(1, t.seq + 1))
            for m in moves:
                doc = GAMES[t.game].apply(doc, m.seat, m.move).doc
            if ok and as_stored(doc) == as_stored(t.doc):
                good += 1
            else:
                bad.append(code)
    return good, bad


async def until(check, timeout: float, step: float = 0.1) -> float | None:
    """Seconds until check() is true, or None after `timeout`."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if await check():
            return round(time.monotonic() - started, 2)
        await asyncio.sleep(step)
    return None


async def run(args) -> dict:
    import psycopg

    from app.store import Database
    from app.store.migrate import upgrade

    base = args.database_url
    if urlsplit(base.replace("+psycopg", "")).hostname not in LOOPBACK:
        raise SystemExit("bench.soak runs on a loopback PostgreSQL only")
    schema = f"soak_{secrets.token_hex(4)}"
    libpq = base.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(libpq, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    url = f"{base}{'&' if '?' in base else '?'}options={quote(f'-csearch_path={schema}')}"
    workdir = Path(tempfile.mkdtemp(prefix="icehouse-soak-"))
    redis, instances, db = Redis(workdir), [], None
    try:
        upgrade(url)
        redis.start()
        env = {"ICEHOUSE_DATABASE_URL": url, "ICEHOUSE_REDIS_URL": redis.url, "ICEHOUSE_LOG_LEVEL": args.log_level,
               "ICEHOUSE_BOT_DELAY_SECONDS": "0.3", "ICEHOUSE_BOT_SECONDS": "0.2", "ICEHOUSE_WS_QUEUE_SIZE": "256",
               # every soak socket comes from 127.0.0.1: the per-address caps on connections lifted
               "ICEHOUSE_MAX_CONNECTIONS_PER_ADDRESS": "1000000", "ICEHOUSE_WS_SPECTATORS_PER_ADDRESS": "1000000",
               "ICEHOUSE_WS_SPECTATORS_PER_TABLE": "1000000"}
        env |= {f"ICEHOUSE_RATE_LIMIT_{k}": "0" for k in ("CREATE", "JOIN", "CHAT", "CHAT_ADDRESS", "MOVE",
                                                          "MOVE_ADDRESS")}
        instances = [Instance("a", env, workdir), Instance("b", env, workdir)]
        await asyncio.gather(*(i.ready() for i in instances))
        a, b = instances
        db = Database(url)
        limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
        async with httpx.AsyncClient(base_url=a.url, timeout=30, limits=limits) as host, \
                httpx.AsyncClient(base_url=b.url, timeout=30, limits=limits) as guest, \
                httpx.AsyncClient(base_url=a.url, timeout=30, limits=limits) as on_a, \
                httpx.AsyncClient(base_url=b.url, timeout=30, limits=limits) as on_b:
            games = [g for g in (await host.get("/api/games")).json() if g["min_players"] <= 2 <= g["max_players"]]
            soak = Soak(args, a, b, games)
            slots = asyncio.Semaphore(16)

            async def set_up() -> dict:
                async with slots:
                    return await soak.new_table(host, guest)
            setup_started = time.monotonic()
            first = await asyncio.gather(*(set_up() for _ in range(args.tables)))
            setup_s = time.monotonic() - setup_started
            cpu_before = sum(i.cpu_seconds() for i in instances)
            at_start = await seqs(db, [t["code"] for t in first])
            started = time.monotonic()
            drivers = [asyncio.create_task(soak.drive(i, table, [on_a, on_b], (host, guest)))
                       for i, table in enumerate(first)]
            await asyncio.sleep(args.seconds / 2)
            redis.stop()
            soak.redis_down, down_at = True, time.monotonic()
            await asyncio.sleep(args.redis_down)
            redis.start()
            soak.redis_down, up_at = False, time.monotonic()
            codes = [t["code"] for t in soak.tables]
            at_return = await seqs(db, codes)  # every move made before Redis came back

            async def caught_up() -> bool:
                return all(s.seq >= at_return[t["code"]] for t in soak.tables if t["code"] in at_return
                           for s in t["sockets"])
            converged = await until(caught_up, 30)
            await asyncio.sleep(max(0.0, args.seconds - (time.monotonic() - started)))
            soak.stop = True
            await asyncio.gather(*drivers, return_exceptions=True)
            elapsed = time.monotonic() - started
            cpu = sum(i.cpu_seconds() for i in instances) - cpu_before
            load = os.getloadavg()[0]
            codes = [t["code"] for t in soak.tables]

            async def quiet() -> bool:  # the bots have finished their turns
                first = await seqs(db, codes)
                await asyncio.sleep(1.0)
                return first == await seqs(db, codes)
            await until(quiet, 20, step=0)
            final = await seqs(db, codes)

            async def all_current() -> bool:
                return all(s.seq == final[t["code"]] for t in soak.tables for s in t["sockets"])
            settle = await until(all_current, 15)
            sockets = [s for t in soak.tables for s in t["sockets"]]
            at_last = sum(s.seq == final[t["code"]] for t in soak.tables for s in t["sockets"])
            good, bad = await replay_check(db, codes)
            for s in sockets:
                await s.close()
        moves_total = sum(final.values()) - sum(at_start.values())  # during the timed run
        return {
            "tables": len(soak.tables), "tables_at_once": args.tables, "setup_s": round(setup_s, 1),
            "seconds": round(elapsed, 1),
            "moves_by_drivers": soak.moves, "moves_stored": moves_total, "bot_moves": moves_total - soak.moves,
            "moves_per_s": round(moves_total / elapsed, 1),
            "server_cpu_ms_per_move": round(1000 * cpu / max(1, moves_total), 1),
            "cpus": os.cpu_count(), "load_average_1m": round(load, 1),
            "rest_p50_ms": pct(soak.latency, 50), "rest_p95_ms": pct(soak.latency, 95),
            "rest_p99_ms": pct(soak.latency, 99), "ws_p50_ms": pct(soak.ws_latency, 50),
            "ws_p99_ms": pct(soak.ws_latency, 99),
            "answers": {str(k): v for k, v in sorted(soak.status.items(), key=lambda kv: str(kv[0]))},
            "redis_down_s": round(up_at - down_at, 1), "moves_while_redis_down": soak.moves_while_down,
            "sockets_caught_up_after_redis_s": converged,
            "syncs_sent": sum(s.syncs for s in sockets), "gaps_seen": sum(s.gaps for s in sockets),
            "broker_outages_logged": sum(i.count("redis broker down; reconnecting with back-off") for i in instances),
            "broker_reconnects_logged": sum(i.count("redis broker reconnected") for i in instances),
            "docs_equal_replay": f"{good}/{len(codes)}", "bad_tables": bad[:10],
            "sockets_at_last_seq": f"{at_last}/{len(sockets)}", "sockets_settled_s": settle,
            "server_errors_logged": sum(i.log_path.read_text(errors="replace").count('"level": "error"')
                                        for i in instances),
        }
    finally:
        for i in instances:
            i.stop()
        redis.stop()
        if db is not None:
            await db.dispose()
        with psycopg.connect(libpq, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        if not args.keep_logs:
            shutil.rmtree(workdir, ignore_errors=True)
        else:
            print(f"logs in {workdir}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables played at once")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--redis-down", type=float, default=3.0, help="seconds Redis stays down, halfway")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), help="seconds between a table's moves")
    parser.add_argument("--database-url", default=os.environ.get("ICEHOUSE_TEST_POSTGRES_URL") or DEFAULT_POSTGRES)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--keep-logs", action="store_true")
    parser.add_argument("--log-level", default="WARNING", help="the instances' (INFO: one line per request)")
    args = parser.parse_args()
    if not shutil.which("redis-server"):
        raise SystemExit("bench.soak needs redis-server (it runs a Redis of its own)")
    if args.tables < 1 or args.tables > 1000 or args.seconds > 600:
        raise SystemExit("bench.soak is bounded: at most 1000 tables and 600 seconds")
    print(json.dumps(asyncio.run(run(args))))


if __name__ == "__main__":
    main()
