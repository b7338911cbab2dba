"""create_app(): the FastAPI application (API, WebSocket, pages, static files) and its lifespan."""
from __future__ import annotations

import logging
import time
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app import logs
from app.config import Settings, get_settings
from app.realtime import Hub, make_broker
from app.store import Database
from app.tables.build import build_tables
from app.web import admin, api, errors, notify, pages, ws

ROOT = Path(__file__).resolve().parents[1]
MAX_BODY = 64 * 1024  # bytes; no request of ours needs more
access = logging.getLogger("icehouse.http")


class AccessLog:
    """Pure ASGI middleware: refuse bodies over MAX_BODY, log each HTTP request (method, path, status, ms)."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500
        length = Headers(scope=scope).get("content-length")

        async def send_logged(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                response = JSONResponse({"detail": f"The request body is too large (at most {MAX_BODY} bytes)."},
                                        status_code=413)
                await response(scope, receive, send_logged)
            else:
                await self.app(scope, receive, send_logged)
        finally:
            access.info("request", extra={"method": scope["method"], "path": scope["path"], "status": status,
                                          "ms": round((time.perf_counter() - started) * 1000, 2)})


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    logs.configure(settings.log_level)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        db = Database(settings.database_url)
        tables = build_tables(settings, db, Hub(settings.ws_queue_size),
                              make_broker(settings.redis_url, settings.redis_channel))
        app.state.tables = tables
        await tables.start()
        try:
            yield
        finally:
            await tables.stop()
            await db.dispose()

    app = FastAPI(title="Icehouse Table", version="0.1.0", lifespan=lifespan,
                  description="Play Looney Pyramid games with friends: share a link, take a seat, play.")
    errors.install(app)

    app.add_middleware(AccessLog)
    app.include_router(api.router)
    app.include_router(admin.router)
    app.include_router(notify.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=ROOT / "static", check_dir=False), name="static")
    return app
