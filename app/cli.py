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

    from app.web.serving import protocols

    logs.configure(settings.log_level)  # uvicorn's loggers write JSON through ours (log_config=None below)
    # uvicorn's httptools and sans-I/O WebSocket protocols with header and body deadlines and connection caps
    http, ws = protocols(settings)
    # X-Forwarded-* only from the proxies the settings trust (uvicorn would otherwise believe 127.0.0.1).
    proxies = ",".join(settings.listed("trusted_proxies"))
    config = uvicorn.Config("app.main:create_app", factory=True, host=args.host, port=args.port,
                log_config=None, log_level=settings.log_level.lower(), access_log=False, ws_max_size=64 * 1024,
                # uvicorn's sans-I/O protocol (its default since 0.50): a send is one write to the socket
                http=http, ws=ws, timeout_keep_alive=settings.keep_alive_seconds,  # type: ignore[arg-type]
                ws_per_message_deflate=settings.ws_compression,  # off by default: CPU for every socket
                # Protocol pings: a half-open socket (a phone that left the network) is dropped. On
                # SIGTERM or SIGINT every socket is closed with 1012 (service restart): clients reconnect.
                ws_ping_interval=settings.ws_ping_seconds or None, ws_ping_timeout=settings.ws_ping_timeout_seconds,
                timeout_graceful_shutdown=10,
                proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None)
    return 0 if serve_until_stopped(config, settings.public_url) else 3  # 3: uvicorn's STARTUP_FAILURE


def ready_line(host: str, port: int, public_url: str | None) -> str:
    """The one plain line `serve` prints once it listens: the address a person should open."""
    if public_url:
        return f"Icehouse Table is ready: open {public_url.rstrip('/')}/"
    anywhere = host in ("0.0.0.0", "::", "")
    shown = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
    if ":" in shown:
        shown = f"[{shown}]"
    line = f"Icehouse Table is ready: open http://{shown}:{port}/"
    return line + " (or this machine's address from another one)" if anywhere else line


def serve_until_stopped(config, public_url: str | None) -> bool:
    """uvicorn's `run` for one process, printing `ready_line` on stdout (the JSON logs go to stderr) once
    the server listens. False when it never started (the port was taken, the app failed to start)."""
    import uvicorn

    class ReadyServer(uvicorn.Server):
        async def startup(self, sockets=None) -> None:
            await super().startup(sockets)
            if self.started:
                # the bound port, which differs from the asked one for --port 0
                port = next((sock.getsockname()[1] for server in self.servers for sock in server.sockets),
                            self.config.port)
                print(ready_line(self.config.host, port, public_url), flush=True)

    server = ReadyServer(config)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    return server.started


def safe_url(url: str) -> str:
    """The URL without a password, for messages."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}@{host}"
    return url


if __name__ == "__main__":
    raise SystemExit(main())
