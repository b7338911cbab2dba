"""Services a test owns, so it can stop and start them without touching the machine's own: a Redis server
and a PostgreSQL cluster on free ports, and app instances run as an operator runs them (`icehouse serve`).

Fixtures: `own_redis` (a started RedisServer), `own_postgres` (a started PostgresCluster, migrated, one per
module), `serve` (a factory of CliServer, like conftest's live_server). Without redis-server or the
PostgreSQL binaries the tests skip, except in CI (CI=true) where they fail.
"""
from __future__ import annotations

import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.store.migrate import upgrade
from tests.conftest import ROOT, LiveServer, free_port


def _missing(what: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI needs {what}")
    pytest.skip(f"{what} is not installed")


# -- Redis ------------------------------------------------------------------------------------------------
class RedisServer:
    """A redis-server of the test's own on a free loopback port (no persistence)."""

    def __init__(self, workdir: Path):
        self.binary = shutil.which("redis-server")
        self.port = free_port()
        self.workdir = workdir
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> RedisServer:
        log = open(self.workdir / f"redis-{self.port}.log", "ab")
        self.proc = subprocess.Popen([self.binary, "--port", str(self.port), "--bind", "127.0.0.1",
                                      "--save", "", "--appendonly", "no", "--dir", str(self.workdir)],
                                     stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + timeout
        import redis

        while time.monotonic() < deadline:
            try:
                client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
                client.ping()
                client.close()
                return self
            except redis.RedisError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    if not shutil.which("redis-server"):
        _missing("redis-server")
    server = RedisServer(tmp_path).start()
    yield server
    server.stop()


# -- PostgreSQL -------------------------------------------------------------------------------------------
def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's bin directory (initdb, pg_ctl)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class PostgresCluster:
    """A PostgreSQL cluster of the test's own: initdb in a temporary directory, pg_ctl on a free port.
    Run as the postgres user when the tests run as root (PostgreSQL refuses to run as root)."""

    def __init__(self, bindir: Path):
        self.bindir = bindir
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="icehouse-pg-"))
        self.data = self.dir / "data"
        self._as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self._as:
            shutil.chown(self.dir, "postgres")

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str, timeout: float = 60) -> None:
        subprocess.run([*self._as, *args], check=True, timeout=timeout, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)

    def init(self) -> PostgresCluster:
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "--no-sync", "-E", "UTF8")
        return self

    def start(self) -> PostgresCluster:
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "log"), "-o", options,
                  "-w", "-t", "30", "start")
        return self

    def stop(self, mode: str = "fast") -> None:
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "-t", "30", "stop")

    def destroy(self) -> None:
        try:
            self.stop("immediate")
        except subprocess.CalledProcessError:
            pass  # not running
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="module")
def own_postgres() -> Iterator[PostgresCluster]:
    bindir = postgres_bin()
    if bindir is None or (os.geteuid() == 0 and not shutil.which("runuser")):
        _missing("PostgreSQL's initdb and pg_ctl")
    cluster = PostgresCluster(bindir).init().start()
    try:
        upgrade(cluster.url)
        yield cluster
    finally:
        cluster.destroy()


# -- app instances run by `icehouse serve` ----------------------------------------------------------------
class CliServer(LiveServer):
    """An app instance started the way operators start it: `icehouse serve` (python -m app.cli)."""

    def spawn(self) -> CliServer:
        env = {**os.environ, "ICEHOUSE_DATABASE_URL": self.database_url, "ICEHOUSE_BOT_DELAY_SECONDS": "0",
               "ICEHOUSE_LOG_LEVEL": "WARNING", **self.env}
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--host", "127.0.0.1",
                                      "--port", str(self.port)], cwd=ROOT, env=env, stdout=log,
                                     stderr=subprocess.STDOUT)
        log.close()
        self._signalled = False
        return self

    def terminate(self) -> None:
        """SIGTERM, as an orchestrator stops a container (graceful)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self._signalled = True


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., CliServer]]:
    """Factory: serve(database_url, ready=True, **settings) -> a CliServer (settings become ICEHOUSE_*)."""
    servers: list[CliServer] = []

    def start(database_url: str, ready: bool = True, **env: object) -> CliServer:
        server = CliServer(database_url, tmp_path / f"serve-{len(servers)}.log",
                           {f"ICEHOUSE_{k.upper()}": str(v) for k, v in env.items()})
        servers.append(server)
        return server.start() if ready else server.spawn()

    yield start
    for server in servers:
        server.stop(wait=False)
    for server in servers:
        server.stop()
