"""A loopback HTTP receiver for outgoing notifications (webhooks, ntfy, Web Push): records each request's
path, headers and raw body; answers `status` (or `statuses` in turn)."""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from app.config import Settings


def notify_settings(database_url: str, **extra) -> Settings:
    """The test app's settings, with outgoing notifications allowed to reach loopback."""
    return Settings(**{"database_url": database_url, "bot_delay_seconds": 0, "log_level": "WARNING",
                       "redis_url": None, "bot_processes": 0, "bot_seconds": 0.1, "webhook_allow_private": True,
                       **extra})


@dataclass
class Request:
    path: str
    headers: dict
    body: bytes

    def json(self) -> dict:
        return json.loads(self.body)


class Loopback:
    def __init__(self, status: int = 200):
        self.requests: list[Request] = []
        self.status = status
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                outer.requests.append(Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(outer.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def loopback():
    made: list[Loopback] = []

    def make(status: int = 200) -> Loopback:
        made.append(Loopback(status))
        return made[-1]

    yield make
    for server in made:
        server.close()
