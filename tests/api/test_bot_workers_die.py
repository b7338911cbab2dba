"""No bot worker outlives its server, however the server ends (app/tables/live/worker_pool.py): kill -9 of
the server leaves no spawn worker behind (each one exits once it finds its parent gone), and once the bots
begin their shutdown no worker pool is started (app/tables/live/bots.py: BotRunner.stop)."""
from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import httpx
import pytest

from app.config import Settings
from app.store import Database
from app.tables.live.bots import BotRunner
from tests.api.helpers import bearer, full_table, state
from tests.conftest import eventually

GONE_WITHIN = 10.0  # a bound on the wait, not a claim about speed


def _stat(pid: int) -> tuple[str, str] | None:
    """(state, start time) of a process, None once it is gone (fields 3 and 22 of /proc/<pid>/stat)."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2:].split()
    return fields[0], fields[19]


def _descendants(pid: int) -> dict[int, str]:
    """Every process under `pid` (children of each of its threads, recursively): pid -> start time."""
    found: dict[int, str] = {}
    todo = [pid]
    while todo:
        parent = todo.pop()
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{parent}/task"):
                with contextlib.suppress(OSError):
                    for child in Path(f"/proc/{parent}/task/{task}/children").read_text().split():
                        st = _stat(int(child))
                        if st is not None and int(child) not in found:
                            found[int(child)] = st[1]
                            todo.append(int(child))
    return found


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _alive(procs: dict[int, str]) -> dict[int, str]:
    """Those of `procs` still running: the same pid with the same start time, and not a zombie."""
    out = {}
    for pid, started in procs.items():
        st = _stat(pid)
        if st is not None and st[1] == started and st[0] != "Z":
            out[pid] = _cmdline(pid)
    return out


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the process tree from /proc (Linux)")
async def test_kill_9_of_the_server_leaves_no_bot_worker_running(live_server):
    server = live_server(bot_processes="1")
    async with httpx.AsyncClient(base_url=server.url, timeout=15) as host:
        t = await full_table(host, players=2, bots=1)
        code, token = t["code"], t["tokens"][0]

        async def bot_moved() -> bool:  # the bot at seat 1 has played a move: its worker pool is up
            log = (await host.get(f"/api/tables/{code}/log")).json()
            if any(step["seat"] == 1 for step in log["steps"]):
                return True
            st = await state(host, code, token)
            assert st["status"] == "playing", st
            if st["to_act"] == [0]:
                r = await host.post(f"/api/tables/{code}/moves", headers=bearer(token),
                                    json={"seq": st["seq"], "move": st["legal_moves"][0]})
                assert r.status_code in (200, 409), r.text
            return False

        await eventually(bot_moved, timeout=30, interval=0.1)

    procs = _descendants(server.proc.pid)
    workers = [pid for pid in procs if "spawn_main" in _cmdline(pid)]
    assert workers, {pid: _cmdline(pid) for pid in procs}
    server.proc.kill()  # SIGKILL: no lifespan shutdown, no atexit
    server.proc.wait(5)
    try:
        deadline = time.monotonic() + GONE_WITHIN
        while _alive(procs) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert not _alive(procs), f"left running after kill -9 of the server: {_alive(procs)}"
    finally:
        for pid in _alive(procs):  # the bug's leftovers: do not leave them to the other tests
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


async def test_no_worker_pool_starts_once_the_bots_shut_down(sqlite_url):
    settings = Settings(database_url=sqlite_url, log_level="WARNING", redis_url=None, bot_processes=1,
                        bot_seconds=0.1)
    db = Database(sqlite_url)

    async def play(*_args):  # never reached
        raise AssertionError("no move to play")

    runner = BotRunner(settings, db, play)
    try:
        stopping = asyncio.create_task(runner.stop())
        await asyncio.sleep(0)  # stop() has begun (it is giving up the claims)
        with pytest.raises(BrokenProcessPool):  # the callers' "no worker": hints say none, analyses retry
            await runner._run(time.sleep, budget=0.1)
        await stopping
        with pytest.raises(BrokenProcessPool):
            await runner._run(time.sleep, budget=0.1)
        assert runner._pool is None
        assert runner.slots.busy == 0  # the refused jobs gave their slots back
    finally:
        if runner._pool is not None:
            runner._pool.shutdown(wait=True, cancel_futures=True)
        await db.dispose()
