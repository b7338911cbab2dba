"""Run Alembic migrations (the only way the schema is made). Used by `icehouse migrate` and the tests."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from alembic import command
from alembic.config import Config

ROOT = Path(__file__).resolve().parents[2]


def alembic_config(url: str) -> Config:
    ini = ROOT / "alembic.ini"
    cfg = Config(str(ini)) if ini.exists() else Config()
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    cfg.attributes["database_url"] = url
    cfg.attributes["configure_logging"] = False
    return cfg


def _outside_loop(fn: Callable[[], None]) -> None:
    """env.py runs its own event loop; from inside a running loop, do the work in a worker thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        fn()
        return
    with ThreadPoolExecutor(1) as pool:
        pool.submit(fn).result()


def upgrade(url: str, revision: str = "head") -> None:
    _outside_loop(lambda: command.upgrade(alembic_config(url), revision))


def downgrade(url: str, revision: str = "base") -> None:
    _outside_loop(lambda: command.downgrade(alembic_config(url), revision))
