"""Settings, read from the environment (prefix ICEHOUSE_). No other module reads the environment."""
from __future__ import annotations

from functools import lru_cache

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ICEHOUSE_", env_file=".env", extra="ignore")

    database_url: str = "sqlite+aiosqlite:///./icehouse.db"
    redis_url: str | None = None  # unset: in-memory broker (one process)
    admin_token: str | None = None  # unset: admin API and pages are closed
    secret_key: str | None = None  # signs nothing secret yet; required in production deployments
    public_url: str | None = None  # e.g. https://play.example.org; share links are relative when unset
    webhook_allow_private: bool = False
    bot_delay_seconds: float = Field(0.6, ge=0)  # pause before a bot plays, so people can follow
    log_level: str = "INFO"
    cookie_secure: bool = False
    ws_queue_size: int = Field(64, ge=4)  # messages a socket may fall behind before it is dropped
    redis_channel: str = "icehouse:tables"  # pub/sub channel shared by the app instances
    sweep_seconds: float = Field(30.0, gt=0)  # presence re-announced, orphaned bot turns picked up


@lru_cache
def get_settings() -> Settings:
    return Settings()
