"""Settings, read from the environment (prefix ICEHOUSE_). No other module reads the environment."""
from __future__ import annotations

import ipaddress
import re
from functools import lru_cache

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ICEHOUSE_", env_file=".env", extra="ignore")

    database_url: str = "sqlite+aiosqlite:///./icehouse.db"
    redis_url: str | None = None  # unset: in-memory broker (one process)
    admin_token: str | None = None  # unset: admin API and pages are closed
    secret_key: str | None = None  # signs the admin session cookie; set it in production deployments
    public_url: str | None = None  # e.g. https://play.example.org; share links are relative when unset
    webhook_allow_private: bool = False
    # A person's turn this old: one reminder through every channel (0: none); a table's host may choose
    # off, 1 h, 12 h or 24 h instead.
    remind_after_seconds: float = Field(24 * 3600, ge=0)
    # The tables' paces (1 h ... 3 days a turn) are multiplied by this: tests and demos make an hour a second.
    pace_scale: float = Field(1.0, gt=0)
    nudge_every_seconds: float = Field(3600, gt=0)  # at most one nudge per table this often
    # The daily digest (a channel a person sets to one message a day listing the tables waiting for them)
    # goes out from this hour of each day, UTC (app/tables/notify/digest.py).
    digest_hour: int = Field(8, ge=0, le=23)
    # Web Push: the VAPID private key (PEM, or the raw key in base64url); unset: made on first start and kept
    # in the database. The subject is a mailto: or https: address push services may contact.
    vapid_private_key: str | None = None
    vapid_subject: str = "mailto:icehouse@localhost"
    bot_delay_seconds: float = Field(0.6, ge=0)  # pause before a bot plays, so people can follow
    log_level: str = "INFO"
    cookie_secure: bool = False
    ws_queue_size: int = Field(64, ge=4)  # messages a socket may fall behind before it is dropped
    # Spectator sockets (no seat) this instance takes on one table, and from one client address over all
    # tables; past them a socket is refused with 4029. Seated players are never refused.
    ws_spectators_per_table: int = Field(200, ge=1)
    ws_spectators_per_address: int = Field(20, ge=1)
    ws_compression: bool = False  # permessage-deflate on sockets: less traffic, more CPU per message
    # Bot searches run in this many worker processes (off the event loop's GIL); 0: in a thread instead.
    bot_processes: int = Field(1, ge=0, le=64)
    bot_seconds: float = Field(1.0, gt=0, le=30)  # a bot's thinking budget per decision (hard cap: twice that)
    # The bots' after-the-fact work (app/tables/analysis/): a finished table's move scores, a deal's yardstick.
    # Each move scored, or each decision of a bot's play of a deal, gets this budget (0: no analyses at all);
    # 3-High's win chances are calibrated at 0.1 (docs/PERFORMANCE.md, "Move scores"): about 0.2 s of CPU a move.
    analysis_seconds: float = Field(0.1, ge=0, le=10)
    analysis_plays: int = Field(10, ge=1, le=100)  # the bot's plays of a 3-High deal for its yardstick
    analysis_delay_seconds: float = Field(30.0, ge=0)  # after a game's end, before its scoring (asked: at once)
    analysis_poll_seconds: float = Field(10.0, gt=0)  # how often an instance looks for analyses to do
    analysis_lease_seconds: float = Field(120.0, gt=0)  # an analysis not written this long: another takes it
    redis_channel: str = "icehouse:tables"  # pub/sub channel shared by the app instances
    sweep_seconds: float = Field(30.0, gt=0)  # presence re-announced, orphaned bot turns picked up
    # A seat whose pages at the table have all been hidden this long (another tab, a locked phone) is away:
    # its turns are announced on its channels (webhook, ntfy, Web Push). Never while a page of it is visible.
    away_after_seconds: float = Field(60.0, ge=0)
    broker_poll_seconds: float = Field(2.0, gt=0)  # while Redis is down, sockets are checked against the database
    # Sockets: the server pings each one (icehouse serve); one that does not answer in time is dropped.
    ws_ping_seconds: float = Field(20.0, ge=0)  # 0: no pings
    ws_ping_timeout_seconds: float = Field(20.0, gt=0)
    # Connections (icehouse serve, app/web/serving.py): a request's line and headers are due this long
    # after the connection opens (or the previous response ends), its body this long after its headers;
    # a connection idle between requests is closed after keep_alive_seconds.
    header_timeout_seconds: float = Field(30.0, gt=0)
    body_timeout_seconds: float = Field(60.0, gt=0)
    keep_alive_seconds: float = Field(5.0, gt=0)
    # Open connections (WebSockets included) per client address, and in all (fewer if the process's file
    # descriptors do not allow as many); past them a new connection gets a 503 and is closed. Connections
    # from the trusted proxies are not counted per address: the proxy limits its clients (deploy/).
    max_connections_per_address: int = Field(128, ge=1)
    max_connections: int = Field(10_000, ge=16)

    # -- guards (app/web/middleware.py, app/web/ratelimit.py) ----------------------------------------------
    max_body_bytes: int = Field(64 * 1024, ge=1024)  # request bodies, counted as they arrive (413 past it)
    # Comma-separated addresses or networks of our reverse proxies: only their X-Forwarded-For (the client's
    # address, for rate limits) and X-Forwarded-Host (for the Origin check) are believed.
    trusted_proxies: str = ""
    # Comma-separated extra origins whose pages may post with the cookie (the site's own always may).
    allowed_origins: str = ""
    # Rate limits, "N/S": N at once, N more every S seconds, per key; "0" turns one off. Generous enough
    # for the test suites and a lively table; tests that check them set them lower.
    rate_limit_create: str = "30/60"  # tables created, per client address
    rate_limit_join: str = "60/60"  # seats taken, per client address
    rate_limit_chat: str = "20/20"  # chat messages, per seat
    rate_limit_chat_address: str = "120/60"  # chat messages, per client address
    rate_limit_move: str = "120/10"  # moves, per seat
    rate_limit_move_address: str = "3000/60"  # moves, per client address
    rate_limit_admin_login: str = "10/60"  # wrong admin tokens (Bearer, log-in form, forged session), per address
    rate_limit_hint: str = "12/60"  # hints, per seat
    rate_limit_hint_address: str = "30/60"  # hints, per client address
    rate_limit_scores: str = "120/60"  # move scores asked for, per client address
    rate_limit_review: str = "240/60"  # review rooms' what-if positions and kept what-ifs, per client address
    rate_limit_takeback: str = "12/60"  # takeback requests and answers, per seat (keyed on its token or cookie)
    rate_limit_takeback_address: str = "120/60"  # takeback requests and answers, per client address
    rate_limit_note: str = "30/60"  # notes on moves written, edited or deleted, per seat (its token or cookie)
    rate_limit_note_address: str = "240/60"  # notes on moves written, edited or deleted, per client address
    rate_limit_invite: str = "30/60"  # invitations sent, opened, answered or renewed, per seat (token or cookie)
    rate_limit_invite_address: str = "120/60"  # the same, per client address
    admin_session_seconds: int = Field(8 * 3600, ge=60)  # an admin log-in lasts this long

    # -- housekeeping (app/tables/housekeeping.py) ------------------------------------------------------
    abandon_after_seconds: float = Field(14 * 24 * 3600, gt=0)  # a playing table with no move: abandoned
    lobby_expire_seconds: float = Field(3 * 24 * 3600, gt=0)  # a lobby never started: deleted
    housekeeping_seconds: float = Field(600.0, gt=0)  # how often the sweep looks for them

    @field_validator("rate_limit_create", "rate_limit_join", "rate_limit_chat", "rate_limit_chat_address",
                     "rate_limit_move", "rate_limit_move_address", "rate_limit_admin_login",
                     "rate_limit_hint", "rate_limit_hint_address", "rate_limit_scores", "rate_limit_review",
                     "rate_limit_takeback", "rate_limit_takeback_address",
                     "rate_limit_note", "rate_limit_note_address", "rate_limit_invite",
                     "rate_limit_invite_address")
    @classmethod
    def _rate(cls, value: str) -> str:
        text = (value or "").strip()
        if text not in ("", "0", "off", "none") and not re.fullmatch(r"\d+\s*/\s*\d+(\.\d+)?", text):
            raise ValueError(f"a rate limit is written N/S (N requests per S seconds), like 30/60, not {value!r}")
        return text

    @field_validator("trusted_proxies")
    @classmethod
    def _networks(cls, value: str) -> str:
        for item in filter(None, (x.strip() for x in value.split(","))):
            ipaddress.ip_network(item, strict=False)  # ValueError names the bad entry
        return value

    def listed(self, name: str) -> list[str]:
        """A comma-separated setting as a list."""
        return [x.strip() for x in getattr(self, name).split(",") if x.strip()]


@lru_cache
def get_settings() -> Settings:
    return Settings()
