"""create_app(): the FastAPI application (API, WebSocket, pages, static files) and its lifespan."""
from __future__ import annotations

import asyncio
import inspect
import gc
import logging
import time
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app import logs
from app.config import Settings, get_settings
from app.realtime import Hub, make_broker
from app.store import Database
from app.tables import housekeeping
from app.tables.process import process
from app.web.lanes import Lanes
from app.tables.service import Tables
from app.tables.tasks import cancel_all
from app.web import admin, api, deals, docs, errors, i18n, me, notify, openapi, pages, review, scores, takeback, ws
from app.web import nospoil, records
from app.web import invitations, notes
from app.web.middleware import BodyLimit, OriginCheck, Proxies, SecurityHeaders
from app.web.ratelimit import AdminGuard, RateLimit, limits_from

ROOT = Path(__file__).resolve().parents[1]
access = logging.getLogger("icehouse.http")


class AccessLog:
    """Pure ASGI middleware: log each HTTP request (method, path, status, ms)."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not access.isEnabledFor(logging.INFO):  # not logged: nothing to time
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def send_logged(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_logged)
        finally:
            access.info("request", extra={"method": scope["method"], "path": scope["path"], "status": status,
                                          "ms": round((time.perf_counter() - started) * 1000, 2)})


class App(FastAPI):
    """FastAPI, but a WebSocket goes straight to the app's own middlewares (AccessLog inward). FastAPI's outer
    layers do nothing for a socket: ServerErrorMiddleware and the body limit look at HTTP only, and the
    exception telemetry is off (NO_TELEMETRY); they are skipped only while that holds and each is one of
    those (SKIPPED), otherwise the socket takes FastAPI's whole path as before."""

    SKIPPED = frozenset({"ServerErrorMiddleware", "ExceptionTelemetryMiddleware", "AppBodyLimitMiddleware"})
    _own: ASGIApp | None = None  # the built stack's AccessLog, once looked for
    _looked = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and not self.root_path and "fastapi.telemetry" not in scope:
            own = self._own if self._looked else self._find_own()
            telemetry = getattr(self, "_native_telemetry", None)
            if own is not None and (telemetry is None or not telemetry.enabled()):
                scope["app"] = self
                await own(scope, receive, send)
                return
        await super().__call__(scope, receive, send)

    def _find_own(self) -> ASGIApp | None:
        if self.middleware_stack is None:
            self.middleware_stack = self.build_middleware_stack()
        node, own = self.middleware_stack, None
        while own is None and type(node).__name__ in self.SKIPPED:
            node = getattr(node, "app", None)
            own = node if isinstance(node, AccessLog) else None
        self._own, self._looked = own, True
        return own


# Allocations before a young collection, young collections before a middle one, middle before a full one
# (Python's default: 700, 10, 10). The middle generation is collected every 5th time, not every 20th: with
# 200 busy tables a middle collection walked 20 young collections' survivors and stopped the loop 400-440
# ms (p99 118-127 ms in bench.ws 200x3); every 5th, at most 70 ms (p99 89-93 ms).
GC_THRESHOLDS = (20_000, 5, 20)
NO_TELEMETRY = {"tracing": False, "metrics": False, "logs": False, "operation_spans": False}


def create_app(settings: Settings | None = None) -> App:
    settings = settings or get_settings()
    logs.configure(settings.log_level)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        db = Database(settings.database_url)
        tables = Tables(settings, db, Hub(settings.ws_queue_size),
                       make_broker(settings.redis_url, settings.redis_channel), process)
        app.state.tables = tables
        await tables.start()
        # The objects made at start (modules, the app, tables' code) are never garbage: kept out of every
        # collection, and the young generation collected less often. With a thousand sockets a full
        # collection took 0.15 s of CPU; bench.ws 50x3 spent 8% of the server's CPU in the collector before.
        # Once per process (the tests start many apps in one).
        if gc.get_threshold() != GC_THRESHOLDS:
            gc.collect()
            gc.freeze()
            gc.set_threshold(*GC_THRESHOLDS)
        keeper = asyncio.create_task(housekeeping.keep(tables), name="housekeeping")  # idle tables, old lobbies
        try:
            yield
        finally:
            await cancel_all([keeper])
            await tables.stop()
            await db.dispose()

    # FastAPI's native OpenTelemetry (0.165+) looked for a provider in the environment at every request (1%
    # of the server's CPU under load); this site exports no traces or metrics, so it is off.
    quiet = {"telemetry": NO_TELEMETRY} if "telemetry" in inspect.signature(FastAPI).parameters else {}
    app = App(title="Icehouse Table", version="0.1.0", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Play Looney Pyramid games with friends: share a link, take a seat, play.", **quiet)
    errors.install(app)
    docs.install(app)  # Swagger UI from this site, before the pages' catch-alls

    # Outermost last: log, headers, then the guards (body size, origin, rate limits), then the routes.
    proxies = Proxies(settings.listed("trusted_proxies"))
    limits = limits_from(settings)
    app.state.admin_guard = AdminGuard(limits, proxies)  # the admin routes' limit on wrong tokens (app/web/admin.py)
    app.add_middleware(Lanes)  # innermost: a table's life (create, join, start, move) past FastAPI's router
    app.add_middleware(RateLimit, limits=limits, proxies=proxies)
    app.add_middleware(OriginCheck, proxies=proxies, public_url=settings.public_url,
                       allowed_origins=settings.listed("allowed_origins"))
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes, larger=admin.LARGER_BODIES | records.LARGER_BODIES)
    app.add_middleware(SecurityHeaders, hsts=settings.cookie_secure)
    app.add_middleware(AccessLog)
    app.include_router(ws.router)  # first: a socket's handshake is matched before the HTTP routes are tried
    app.include_router(review.sockets)
    app.include_router(api.router)
    app.include_router(deals.router)
    app.include_router(scores.router)
    app.include_router(admin.router)
    app.include_router(notify.router)
    app.include_router(takeback.router)
    app.include_router(records.router)
    app.include_router(notes.router)
    app.include_router(invitations.router)
    app.include_router(invitations.pages)
    app.include_router(me.router)
    app.include_router(review.router)
    app.include_router(pages.router)
    app.include_router(i18n.router)  # POST /lang: the header's language selector
    app.include_router(nospoil.router)  # POST /nospoil: the replay's "Don't spoil" switch
    app.include_router(deals.pages)
    app.include_router(review.pages)
    app.mount("/static", StaticFiles(directory=ROOT / "static", check_dir=False), name="static")
    openapi.install(app)  # errors documented as they are: {"detail", "code"}, 401 ... 429
    return app
