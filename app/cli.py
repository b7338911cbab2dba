"""`icehouse serve [--host --port]` and `icehouse migrate` (alembic upgrade head on Settings' database)."""
from __future__ import annotations

import argparse
import sys

from app.config import get_settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="icehouse", description="Icehouse Table server.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="serve the site and the API")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    sub.add_parser("migrate", help="bring the database schema up to date (alembic upgrade head)")
    args = parser.parse_args(argv)

    settings = get_settings()
    if args.command == "migrate":
        from app.store.migrate import upgrade

        upgrade(settings.database_url)
        print(f"migrated {safe_url(settings.database_url)}", file=sys.stderr)
        return 0
    import uvicorn

    from app import logs

    logs.configure(settings.log_level)  # uvicorn's loggers write JSON through ours (log_config=None below)
    # X-Forwarded-* only from the proxies the settings trust (uvicorn would otherwise believe 127.0.0.1).
    proxies = ",".join(settings.listed("trusted_proxies"))
    uvicorn.run("app.main:create_app", factory=True, host=args.host, port=args.port,
                log_config=None, log_level=settings.log_level.lower(), access_log=False, ws_max_size=64 * 1024,
                # uvicorn's sans-I/O protocol (its default since 0.50): a send is one write to the socket
                ws="websockets-sansio",
                ws_per_message_deflate=settings.ws_compression,  # off by default: CPU for every socket
                # Protocol pings: a half-open socket (a phone that left the network) is dropped. On
                # SIGTERM or SIGINT every socket is closed with 1012 (service restart): clients reconnect.
                ws_ping_interval=settings.ws_ping_seconds or None, ws_ping_timeout=settings.ws_ping_timeout_seconds,
                timeout_graceful_shutdown=10,
                proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None)
    return 0


def safe_url(url: str) -> str:
    """The URL without a password, for messages."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}@{host}"
    return url


if __name__ == "__main__":
    raise SystemExit(main())
