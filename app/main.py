"""create_app(): the FastAPI application (API, WebSocket, pages, static files) and its lifespan."""
from __future__ import annotations

import logging
import time
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from app import logs
from app.config import Settings, get_settings
from app.realtime import Hub, make_broker
from app.store import Database
from app.tables.service import Tables
from app.web import api, errors, pages, ws

ROOT = Path(__file__).resolve().parents[1]
MAX_BODY = 64 * 1024  # bytes; no request of ours needs more
access = logging.getLogger("icehouse.http")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    logs.configure(settings.log_level)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        db = Database(settings.database_url)
        tables = Tables(settings, db, Hub(settings.ws_queue_size),
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

    @app.middleware("http")
    async def log_and_limit(request: Request, call_next):
        started = time.perf_counter()
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            response = JSONResponse({"detail": f"The request body is too large (at most {MAX_BODY} bytes)."},
                                    status_code=413)
        else:
            response = await call_next(request)
        access.info("request", extra={"method": request.method, "path": request.url.path,
                                      "status": response.status_code,
                                      "ms": round((time.perf_counter() - started) * 1000, 2)})
        return response

    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=ROOT / "static", check_dir=False), name="static")
    return app
