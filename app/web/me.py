"""WebSocket /ws/me: the live "My tables" page. The browser is known by its identity cookie (as GET
/api/me); the socket sends {"type": "me", "name", "tables": [...]} (GET /api/me's body) at once and again
whenever one of those tables moves or changes, on any instance (the broker tells every instance). It
ignores what the client sends; a page reconnects when it is closed. Only the cookie identifies: a ?token=
query (which the Origin check lets through, for other clients' sockets) is refused, so that another site's
page cannot read a player's tables."""
from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from app.tables.live import reads
from app.tables.errors import N_, StoreError
from app.tables.service import Tables
from app.web.i18n import tr
from app.web.middleware import identity_cookie, token_query
from app.web.nospoil import nospoil_of

router = APIRouter()

REFRESH = 60.0  # seconds: looked at again even without news (a table joined in another tab)
GOING_AWAY = 1001


@router.websocket("/ws/me")
async def me_socket(websocket: WebSocket) -> None:
    ctx: Tables = websocket.app.state.tables
    await websocket.accept()
    if token_query(websocket.scope) is not None:  # the Origin check lets ?token= sockets through: never here
        detail = tr(websocket, N_("This socket knows you by your cookie only: drop ?token=."))
        await websocket.send_json({"type": "error", "code": "invalid", "detail": detail})
        await websocket.close(4422)
        return
    cookie = identity_cookie(websocket.scope)
    nospoil = nospoil_of(websocket)  # "Don't spoil": an ended table's board and length stay out (GET /api/me too)
    watcher = ctx.watchers.add()
    listener = asyncio.create_task(_until_closed(websocket))
    try:
        while not listener.done() and not ctx.watchers.closed:
            watcher.changed.clear()
            try:
                async with ctx.db.session() as s:
                    data = await reads.me(s, cookie, nospoil)
            except StoreError:  # the database is down: try again at the next change or refresh
                data = None
            if data is not None:
                ctx.watchers.watch(watcher, {t["code"] for t in data["tables"]})
                await websocket.send_json({"type": "me", **data})
            woken = asyncio.create_task(watcher.changed.wait())
            await asyncio.wait([woken, listener], timeout=REFRESH, return_when=asyncio.FIRST_COMPLETED)
            woken.cancel()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        ctx.watchers.remove(watcher)
        listener.cancel()
        with contextlib.suppress(Exception):
            await websocket.close(GOING_AWAY)


async def _until_closed(websocket: WebSocket) -> None:
    """Read (and ignore) what the page sends until it goes."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
