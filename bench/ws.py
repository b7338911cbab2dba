"""Load benchmark over real sockets: `python -m bench.ws [--tables 50 --seats 3 --seconds 10 ...]`.

It starts the real server (`icehouse serve`, pinned to CPU 0 where `taskset` exists) on a fresh database,
creates N tables of K seats through the REST API (each seat its own client and token), opens one
WebSocket per person, and for a fixed time plays random legal moves, each chosen from the acting seat's
own view. A finished table is replaced on the clock by a new one (create, joins, start, a socket per seat;
the old sockets close), as the peers' load generators do (../shared/tools/peers): the full life of a table
is measured, not only its moves. `--spare N` sets N more tables per driver up before the clock instead (a
finished game moves on to one: moves only, as long as they last); `--rematch` replaces a finished table by
its rematch (same seats and tokens) rather than a new table. Then it measures a bare FastAPI WebSocket
relay (bench/relay.py) the same way: the baseline of the same run.

Latency is counted from sending a move until every person's socket at that table has the update. By
default each table moves again as soon as its last move has landed, so the figures are the server's
saturation: with N tables in flight, latency is N over the rate (Little's law). `--rate R` offers R moves a
second instead, arriving at random, and then latency counts from when each move was due: the latency a
player sees at that load.
One JSON line: uncompiled (C sources of the server's checkout with no build: their Python fallback ran, and
the figures are not the product's), moves_per_s, p50_ms, p95_ms, p99_ms, errors, server_cpu_ms_per_move,
rss_mb, replaced (tables made on the clock: new ones, or rematches with --rematch),
idle_sockets and idle_rss_mb (with --idle), offered_moves_per_s (with --rate), baseline_moves_per_s, ratio
(ours / the relay's).
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import msgspec
import orjson
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
SERVER_CPU, CLIENT_CPU = 0, 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pinned(cmd: list[str]) -> list[str]:
    return (["taskset", "-c", str(SERVER_CPU)] + cmd) if shutil.which("taskset") and os.cpu_count() > 1 else cmd


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


async def wait_up(port: int, proc: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        with contextlib.suppress(OSError):
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        await asyncio.sleep(0.1)
    raise RuntimeError("the server did not start")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)


class State(msgspec.Struct):
    """What the load generator reads of a table state; the rest of it is skipped, not parsed into objects
    (legal_moves is kept raw and parsed only when this seat is about to move)."""

    seq: int
    status: str
    to_act: list[int]
    legal_moves: msgspec.Raw = msgspec.Raw(b"[]")


class Message(msgspec.Struct):
    type: str
    state: State | None = None  # in "update" and "sync"
    seq: int | None = None  # a "state" message carries the state's fields at the top
    status: str | None = None
    to_act: list[int] | None = None
    legal_moves: msgspec.Raw = msgspec.Raw(b"[]")


DECODE = msgspec.json.Decoder(Message).decode


class Seat:
    """One person's socket: the latest state it saw, and at most one waiter for a seq to come.

    The load generator shares a core's budget with nothing else, so it is kept lean: one reader task per
    socket and a bare future per wait (no condition variables, no task per wait)."""

    def __init__(self, seat: int, token: str):
        self.seat, self.token = seat, token
        self.state: State | None = None
        self.errors = 0
        self.ws = None
        self.reader: asyncio.Task | None = None
        self._want = -1  # the seq a waiter waits for (-1: a first state)
        self._waiter: asyncio.Future | None = None

    async def open(self, url: str, origin: str) -> None:
        self.ws = await connect(url, additional_headers={"Origin": origin}, open_timeout=30, max_size=2**22,
                                compression=None, ping_interval=None)  # as a browser: it never pings
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                msg = DECODE(raw)  # the client's own CPU is part of the figure's ceiling
                kind = msg.type
                state = (msg.state if kind in ("update", "sync") else
                         State(msg.seq, msg.status, msg.to_act, msg.legal_moves) if kind == "state" else None)
                if kind == "error":
                    self.errors += 1
                    self._wake()
                if state is not None and (self.state is None or state.seq >= self.state.seq):
                    self.state = state
                    if state.seq >= self._want:
                        self._wake()
        except Exception:  # closed
            pass
        self._wake()

    def _wake(self) -> None:
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def reach(self, seq: int, timeout: float = 10.0) -> None:
        """Until this socket has a state at `seq` or later (an error or a closed socket ends the wait too:
        the caller looks at the state it has)."""
        if self.state is not None and self.state.seq >= seq:
            return
        self._want = seq
        self._waiter = asyncio.get_running_loop().create_future()
        try:
            async with asyncio.timeout(timeout):
                await self._waiter
        finally:
            self._waiter = None

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


class Bench:
    def __init__(self, args: argparse.Namespace, base: str):
        self.args, self.base = args, base
        self.origin = base
        self.http = httpx.AsyncClient(base_url=base, timeout=60, headers={"Origin": base})
        # Each person has a cookie jar of their own; their clients share one transport (a client of its own
        # would build an SSL context per person, which made setting up thousands of tables take minutes).
        self.transport = httpx.AsyncHTTPTransport()
        self.latencies: list[float] = []
        self.moves = 0
        self.errors = 0
        self.replaced = 0  # finished tables replaced on the clock (their REST calls and sockets load the server)
        self.rng = random.Random(7)

    def person(self) -> httpx.AsyncClient:
        """A client with an empty cookie jar, on the shared transport (not closed: that would close it)."""
        return httpx.AsyncClient(base_url=self.base, timeout=60, headers={"Origin": self.base},
                                 transport=self.transport)

    async def table(self) -> tuple[str, list[Seat]]:
        a = self.args
        r = await self.person().post("/api/tables", json={"game": a.game, "players": a.seats, "name": "P0"})
        r.raise_for_status()
        code, host = r.json()["code"], r.json()["token"]
        seats = [Seat(0, host)]
        for i in range(1, a.seats - a.bots):
            r = await self.person().post(f"/api/tables/{code}/join", json={"name": f"P{i}"})
            r.raise_for_status()
            seats.append(Seat(r.json()["seat"], r.json()["token"]))
        for _ in range(a.bots):
            (await self.http.post(f"/api/tables/{code}/bots", json={},
                                  headers={"Authorization": f"Bearer {host}"})).raise_for_status()
        (await self.http.post(f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {host}"})
         ).raise_for_status()
        return code, seats

    async def open(self, code: str, seats: list[Seat]) -> None:
        ws = self.base.replace("http", "ws", 1)
        await asyncio.gather(*(s.open(f"{ws}/ws/tables/{code}?token={s.token}", self.origin) for s in seats))
        for s in seats:
            await s.reach(0)

    async def play(self, tables: list[tuple[str, list[Seat]]], stop: float) -> None:
        """Play random legal moves at a table until `stop`; when its game ends, go on at the next of
        `tables` (set up before the clock started), or at a new table (a rematch with --rematch) made on the
        clock when there is none left."""
        code, seats = tables.pop(0)
        by_seat = {s.seat: s for s in seats}
        pace = Pace(self.args.rate / self.args.tables, self.rng) if self.args.rate else None
        while time.monotonic() < stop:
            st = max((s.state for s in seats), key=lambda x: x.seq)
            if st.status != "playing":
                if tables:
                    code, seats = tables.pop(0)
                    by_seat = {s.seat: s for s in seats}
                else:
                    code, seats, by_seat = await (self.rematch(code, seats) if self.args.rematch
                                                  else self.replace(seats))
                continue
            mine = [by_seat[x] for x in st.to_act if x in by_seat]
            if not mine:  # a bot is to play: wait for its move
                with contextlib.suppress(TimeoutError):
                    await seats[0].reach(st.seq + 1, timeout=5)
                continue
            mover = self.rng.choice(mine)
            await mover.reach(st.seq)
            legal = msgspec.json.decode(mover.state.legal_moves)
            if mover.state.seq != st.seq or not legal:
                await asyncio.sleep(0)
                continue
            move = self.rng.choice(legal)
            if move.get("action") == "set_dare":
                move = dict(move, text="Sing")
            sent, target = (time.monotonic() if pace is None else await pace.due()), st.seq + 1
            await mover.ws.send(orjson.dumps({"type": "move", "seq": st.seq, "move": move}).decode())
            try:
                for s in seats:
                    await s.reach(target)
            except TimeoutError:
                self.errors += 1
                continue
            if any(s.state.seq < target for s in seats):  # refused (an error message), or a socket closed
                self.errors += 1
                continue
            if time.monotonic() < stop:
                self.latencies.append(time.monotonic() - sent)
                self.moves += 1

    async def replace(self, seats: list[Seat]):
        """A new table for a finished one: create, joins, start, a socket per seat; the old sockets close."""
        self.replaced += 1
        for s in seats:
            await s.close()
        code, fresh = await self.table()
        await self.open(code, fresh)
        return code, fresh, {s.seat: s for s in fresh}

    async def rematch(self, code: str, seats: list[Seat]):
        self.replaced += 1
        r = await self.http.post(f"/api/tables/{code}/rematch", headers={"Authorization": f"Bearer {seats[0].token}"})
        r.raise_for_status()
        new = r.json()["code"]
        (await self.http.post(f"/api/tables/{new}/start", headers={"Authorization": f"Bearer {seats[0].token}"})
         ).raise_for_status()
        for s in seats:
            await s.close()
        fresh = [Seat(s.seat, s.token) for s in seats]
        await self.open(new, fresh)
        return new, fresh, {s.seat: s for s in fresh}


class Pace:
    """A lane's offered load (--rate): its moves are due at random times, `rate` a second on average
    (exponential gaps, so the lanes together arrive as a Poisson stream). A move waits until it is due; one
    due while the lane's previous move was still in flight goes at once, and its latency counts from when it
    was due, not from when it went, so a slow server cannot hide its slowness by delaying the load."""

    def __init__(self, rate: float, rng: random.Random):
        self.rate, self.rng = rate, rng
        self.next = time.monotonic() + rng.expovariate(rate)

    async def due(self) -> float:
        """Wait until the next move is due; when it was due (the latency's start)."""
        due = self.next
        self.next += self.rng.expovariate(self.rate)
        wait = due - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        return due


async def drain(sock) -> None:
    """Read and drop every message until the socket closes."""
    with contextlib.suppress(Exception):
        async for _ in sock:
            pass


async def run_ours(args: argparse.Namespace) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="bench-ws-"))
    port = free_port()
    env = dict(os.environ, ICEHOUSE_LOG_LEVEL="WARNING", ICEHOUSE_BOT_DELAY_SECONDS="0",
               ICEHOUSE_DATABASE_URL=args.database_url or f"sqlite+aiosqlite:///{tmp / 'bench.db'}")
    for name in ("CREATE", "JOIN", "CHAT", "CHAT_ADDRESS", "MOVE", "MOVE_ADDRESS"):
        env[f"ICEHOUSE_RATE_LIMIT_{name}"] = "0"
    # Every bench socket comes from 127.0.0.1: lift the per-address and per-table caps on connections
    env |= {"ICEHOUSE_MAX_CONNECTIONS_PER_ADDRESS": "1000000", "ICEHOUSE_WS_SPECTATORS_PER_ADDRESS": "1000000",
            "ICEHOUSE_WS_SPECTATORS_PER_TABLE": "1000000", "ICEHOUSE_MAX_CONNECTIONS": "100000"}
    root = Path(args.server_root).resolve() if args.server_root else ROOT
    env["PYTHONPATH"] = str(root)  # the server's own checkout first (a before/after comparison)
    subprocess.run([sys.executable, "-m", "app.cli", "migrate"], env=env, cwd=root, check=True,
                   capture_output=True)
    proc = subprocess.Popen(pinned([sys.executable, "-m", "app.cli", "serve", "--port", str(port)]), env=env,
                            cwd=root, stdout=subprocess.DEVNULL, stderr=open(tmp / "server.log", "w"))
    try:
        await wait_up(port, proc)
        base = f"http://127.0.0.1:{port}"
        bench = Bench(args, base)
        tables = []
        count = args.tables * (1 + args.spare)
        for i in range(0, count, 10):  # set up in small groups: the server is pinned to one core
            tables += await asyncio.gather(*(bench.table() for _ in range(min(10, count - i))))
        for i in range(0, len(tables), 10):
            await asyncio.gather(*(bench.open(code, seats) for code, seats in tables[i:i + 10]))
        lanes = [tables[i::args.tables] for i in range(args.tables)]  # each driver's table, then its spares
        idle, readers = [], []
        if args.idle:
            ws = base.replace("http", "ws", 1)
            for i in range(args.idle):
                code = tables[i % len(tables)][0]
                idle.append(await connect(f"{ws}/ws/tables/{code}", additional_headers={"Origin": base},
                                          compression=None, ping_interval=None))
            # Each reads what it is sent, as a browser does: a socket left unread stops reading its TCP
            # stream, and its close handshake then waits out its timeout (1,000 of them, one by one).
            readers = [asyncio.create_task(drain(sock)) for sock in idle]
        gc.collect()  # what set-up made lives to the end: out of every collection from now on
        gc.freeze()
        print(f"set up {len(tables)} tables; measuring for {args.seconds} s", file=sys.stderr, flush=True)
        cpu0, start, mine0 = cpu_seconds(proc.pid), time.monotonic(), sum(os.times()[:2])
        stop = start + args.seconds
        await asyncio.gather(*(bench.play(lane, stop) for lane in lanes))
        elapsed, cpu = time.monotonic() - start, cpu_seconds(proc.pid) - cpu0
        client_share = round((sum(os.times()[:2]) - mine0) / elapsed, 2)
        errors = bench.errors + sum(s.errors for _, seats in tables for s in seats)
        out = {"moves_per_s": round(bench.moves / elapsed, 1), "p50_ms": percentile(bench.latencies, 0.50),
               "p95_ms": percentile(bench.latencies, 0.95), "p99_ms": percentile(bench.latencies, 0.99),
               "errors": errors, "server_cpu_ms_per_move": round(cpu * 1000 / max(1, bench.moves), 3),
               "server_cpu_share": round(cpu / elapsed, 2), "client_cpu_share": client_share,
               "rss_mb": rss_mb(proc.pid), "moves": bench.moves,
               "replaced": bench.replaced}
        if bench.replaced and args.spare:
            print(f"{bench.replaced} games ran out of spare tables: their replacements (REST calls, new sockets) "
                  "were made on the clock and load the figures; raise --spare", file=sys.stderr, flush=True)
        if args.idle:
            out.update(idle_sockets=len(idle), idle_rss_mb=rss_mb(proc.pid))
        await asyncio.gather(*(sock.close() for sock in idle))
        await asyncio.gather(*readers)
        await bench.http.aclose()
        await bench.transport.aclose()
        return out
    except BaseException:
        server_log = (tmp / "server.log").read_text(errors="replace")[-4000:]
        print(f"the server's log ends with:\n{server_log}", file=sys.stderr)
        raise
    finally:
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(10)
        shutil.rmtree(tmp, ignore_errors=True)


async def run_relay(args: argparse.Namespace) -> float:
    port = free_port()
    proc = subprocess.Popen(pinned([sys.executable, "-m", "uvicorn", "bench.relay:app", "--port", str(port),
                                    "--log-level", "warning", "--ws-per-message-deflate", "false"]),
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        await wait_up(port, proc)
        groups = []
        for g in range(args.tables):
            members = [await connect(f"ws://127.0.0.1:{port}/ws/g{g}", compression=None, ping_interval=None)
                       for _ in range(args.seats)]
            groups.append(members)
        done = 0
        stop = time.monotonic() + args.seconds

        async def drive(members) -> None:
            nonlocal done
            n = 0
            while time.monotonic() < stop:
                n += 1
                text = json.dumps({"type": "move", "n": n})
                await members[n % len(members)].send(text)
                for m in members:
                    while await m.recv() != text:
                        pass
                done += 1

        start = time.monotonic()
        await asyncio.gather(*(drive(m) for m in groups))
        rate = done / (time.monotonic() - start)
        for members in groups:
            for m in members:
                await m.close()
        return round(rate, 1)
    finally:
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(10)


def uncompiled(root: Path) -> list[str]:
    """The C sources under `root`/app with no built extension beside them: the server of that checkout runs
    their Python fallback (a git worktree of an older commit has none until it is built), and its figures
    are not the product's."""
    return sorted(str(c.relative_to(root)) for c in (root / "app").rglob("*.c")
                  if not any(c.parent.glob(f"{c.stem}.*.so")))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seats", type=int, default=3)
    parser.add_argument("--bots", type=int, default=0, help="bots per table (the other seats are people)")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--game", default="three-high")
    parser.add_argument("--database-url", default=None, help="default: a fresh SQLite file")
    parser.add_argument("--spare", type=int, default=0,
                        help="spare tables per driver, set up before the clock starts: a finished game moves "
                             "on to one instead of a new table made on the clock (moves only, while they last)")
    parser.add_argument("--rematch", action="store_true",
                        help="replace a finished table by its rematch (same seats) rather than a new table")
    parser.add_argument("--rate", type=float, default=0,
                        help="offered moves a second over all tables, arriving at random (latency counts from "
                             "when a move was due); default 0: each table moves as soon as its last move landed")
    parser.add_argument("--idle", type=int, default=0, help="extra idle spectator sockets, for memory")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--server-root", default=None,
                        help="run the server of another checkout (e.g. a git worktree of an older commit)")
    args = parser.parse_args(argv)
    if args.rate < 0:
        parser.error("--rate must be 0 (as fast as the server answers) or a number of moves a second")
    if hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) > 1:
        os.sched_setaffinity(0, {CLIENT_CPU})
    missing = uncompiled(Path(args.server_root).resolve() if args.server_root else ROOT)
    if missing:
        print(f"warning: not built in the server's checkout, so it runs their Python fallback: {', '.join(missing)} "
              "(make install-dev builds them)", file=sys.stderr)
    ours = asyncio.run(run_ours(args))
    database = "sqlite" if not args.database_url else args.database_url.split(":")[0]
    line = {"game": args.game, "tables": args.tables, "seats": args.seats, "bots": args.bots,
            "seconds": args.seconds, "offered_moves_per_s": args.rate or None, "database": database,
            "uncompiled": missing, **ours}
    if not args.no_baseline:
        line["baseline_moves_per_s"] = asyncio.run(run_relay(args))
        line["ratio"] = round(line["moves_per_s"] / line["baseline_moves_per_s"], 3)
    print(json.dumps(line))


if __name__ == "__main__":
    main()
