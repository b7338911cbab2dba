"""Shared fixtures: a migrated temp database, the app with an httpx client, a real uvicorn server, services.

- `app`, `client`: the ASGI app (lifespan running) on a fresh SQLite file migrated by the real migration
  function; `new_client()` makes another browser (its own cookie jar) on the same app.
- `live_server(database_url=None, **env)`: a factory starting a real uvicorn subprocess on a free port;
  `.stop()`, `.start()`, `.restart()`, `.url`, `.ws_url`. All servers are stopped at the end of the test.
- `require_service("postgres" | "redis" | "chromium" | "node")`: skip locally when absent, fail when CI=true.
- `postgres_url`: a fresh PostgreSQL schema (dropped afterwards), migrated; `redis_url`.
"""
from __future__ import annotations

import asyncio
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from asgi_lifespan import LifespanManager

from app.config import Settings
from app.main import create_app
from app.store.migrate import upgrade

# The loopback receiver of webhooks, ntfy and Web Push (tests/loopback.py): a fixture every test may ask for.
pytest_plugins = ["tests.loopback"]

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"
CHROMIUM = "/usr/bin/chromium"


# -- services -------------------------------------------------------------------------------------------
def postgres_base_url() -> str:
    return os.environ.get("ICEHOUSE_TEST_POSTGRES_URL") or DEFAULT_POSTGRES


def redis_base_url() -> str:
    return os.environ.get("ICEHOUSE_TEST_REDIS_URL") or DEFAULT_REDIS


def _libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def _postgres_up() -> str | None:
    try:
        import psycopg

        with psycopg.connect(_libpq(postgres_base_url()), connect_timeout=3) as conn:
            conn.execute("SELECT 1")
        return None
    except Exception as exc:
        return f"PostgreSQL at {postgres_base_url()} is not reachable ({type(exc).__name__}: {exc})"


def _redis_up() -> str | None:
    try:
        import redis

        client = redis.Redis.from_url(redis_base_url(), socket_connect_timeout=3)
        client.ping()
        client.close()
        return None
    except Exception as exc:
        return f"Redis at {redis_base_url()} is not reachable ({type(exc).__name__}: {exc})"


def _chromium_up() -> str | None:
    if Path(CHROMIUM).exists() or shutil.which("chromium"):
        return None
    return "Chromium is not installed (apt-get install chromium)"


NODE_AT_LEAST = (20, 19)  # loads static/js/*.js as ES modules without a package.json (syntax detection)


def _node_up() -> str | None:
    node = shutil.which("node")
    if node is None:
        return "Node.js is not installed (apt-get install nodejs): the JavaScript unit tests need it"
    try:
        version = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
        found = tuple(int(part) for part in version.lstrip("v").split(".")[:2])
    except (OSError, subprocess.SubprocessError, ValueError) as exc:
        return f"Node.js at {node} does not say its version ({type(exc).__name__}: {exc})"
    if found < NODE_AT_LEAST:
        return (f"Node.js {version} is too old: the JavaScript unit tests need "
                f"{'.'.join(map(str, NODE_AT_LEAST))} or newer (ES module syntax detection)")
    return None


_CHECKS: dict[str, Callable[[], str | None]] = {"postgres": _postgres_up, "redis": _redis_up,
                                                 "chromium": _chromium_up, "node": _node_up}
_seen: dict[str, str | None] = {}


def require_service(name: str) -> None:
    """Skip the test (with the reason) when the service is absent; in CI (CI=true) fail instead."""
    if name not in _seen:
        _seen[name] = _CHECKS[name]()
    reason = _seen[name]
    if reason is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI needs {name}: {reason}")
    pytest.skip(reason)


# -- databases ------------------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def _sqlite_at_head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One SQLite file migrated to head by Alembic, once a run: each test gets a copy of it (the same schema
    as upgrading its own, without ten migrations' 0.25 s before every test)."""
    path = tmp_path_factory.mktemp("head") / "icehouse.db"
    upgrade(f"sqlite+aiosqlite:///{path}")
    return path


@pytest.fixture
def sqlite_url(tmp_path: Path, _sqlite_at_head: Path) -> str:
    path = tmp_path / "icehouse.db"
    shutil.copyfile(_sqlite_at_head, path)
    return f"sqlite+aiosqlite:///{path}"


def _postgres_schema_url(schema: str) -> str:
    base = postgres_base_url()
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}options={quote(f'-csearch_path={schema}')}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh schema of its own (so parallel runs never meet), migrated to head; dropped afterwards."""
    require_service("postgres")
    import psycopg

    schema = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(_libpq(postgres_base_url()), autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    url = _postgres_schema_url(schema)
    try:
        upgrade(url)
        yield url
    finally:
        with psycopg.connect(_libpq(postgres_base_url()), autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@pytest.fixture
def redis_url() -> str:
    require_service("redis")
    return redis_base_url()


# -- the app in process ---------------------------------------------------------------------------------
@pytest.fixture
def database_url(sqlite_url: str) -> str:
    """The database the `app` fixture uses; override in a module to run the same tests elsewhere."""
    return sqlite_url


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    bot_processes=0,  # bots in a thread: no worker process to start for every test app
                    bot_seconds=0.1,  # searching bots think briefly: tests check the plumbing, not the play
                    analysis_seconds=0)  # no after-the-fact analyses (tests/api/test_scores.py turns them on)


@pytest.fixture
async def app(settings: Settings) -> AsyncIterator:
    application = create_app(settings)
    # The app's shutdown may take a few seconds by design (each of the bots' and the analyses' claims gets
    # 2 s to be handed back, and the writer commits what is queued; uvicorn allows 10 s): asgi-lifespan's
    # default of 5 s was passed on a loaded machine with PostgreSQL while an analysis was handed back.
    async with LifespanManager(application, startup_timeout=15, shutdown_timeout=15):
        yield application


@pytest.fixture
async def new_client(app) -> AsyncIterator[Callable[[], httpx.AsyncClient]]:
    clients: list[httpx.AsyncClient] = []

    def make() -> httpx.AsyncClient:
        c = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver")
        clients.append(c)
        return c

    yield make
    for c in clients:
        await c.aclose()


@pytest.fixture
async def client(new_client) -> httpx.AsyncClient:
    return new_client()


# -- a real server --------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """A real `uvicorn app.main:create_app` subprocess on a free port."""

    def __init__(self, database_url: str, log_path: Path, env: dict[str, str] | None = None):
        self.database_url = database_url
        self.port = free_port()
        self.log_path = log_path
        self.env = {k: str(v) for k, v in (env or {}).items()}
        self.proc: subprocess.Popen | None = None
        self._signalled = False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20.0) -> LiveServer:
        return self.spawn().wait_ready(timeout)

    def spawn(self) -> LiveServer:
        """Start the process without waiting for it (start several, then wait_ready() on each)."""
        env = {**os.environ, "ICEHOUSE_DATABASE_URL": self.database_url, "ICEHOUSE_BOT_DELAY_SECONDS": "0",
               "ICEHOUSE_BOT_SECONDS": "0.1",
               "ICEHOUSE_LOG_LEVEL": "WARNING", **self.env}
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "app.main:create_app", "--factory", "--host", "127.0.0.1",
             "--port", str(self.port), "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        self._signalled = False
        return self

    def wait_ready(self, timeout: float = 20.0) -> LiveServer:
        assert self.proc is not None, "spawn() first"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{self.log()}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1.0).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"server did not start in {timeout}s:\n{self.log()}")

    def stop(self, wait: bool = True) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        if not self._signalled:
            self.proc.send_signal(signal.SIGINT)
            self._signalled = True
        if not wait:
            return
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)

    def restart(self) -> LiveServer:
        self.stop()
        return self.start()

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    """Factory: live_server(database_url=None, ready=True, **env) -> a started LiveServer (SQLite in tmp by
    default). With ready=False the process is spawned but not waited for: call .wait_ready()."""
    servers: list[LiveServer] = []

    def start(database_url: str | None = None, ready: bool = True, **env: str) -> LiveServer:
        if database_url is None:
            database_url = f"sqlite+aiosqlite:///{tmp_path / 'live.db'}"
            upgrade(database_url)
        server = LiveServer(database_url, tmp_path / f"server-{len(servers)}.log",
                            {f"ICEHOUSE_{k.upper()}": v for k, v in env.items()})
        servers.append(server)
        return server.start() if ready else server.spawn()

    yield start
    for server in servers:  # signal them all, then wait for each
        server.stop(wait=False)
    for server in servers:
        server.stop()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def eventually(check: Callable[[], object], timeout: float = 5.0, interval: float = 0.02) -> object:
    """Await until check() (sync or async) returns something truthy; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout}s")
        await asyncio.sleep(interval)
