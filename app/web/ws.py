"""WebSocket /ws/tables/{code}: state, chat_history, then updates; accepts move, chat, takeback,
sync, visibility and ping.

A bad message is answered with {"type": "error", "detail"} and the socket stays open.
"""
from __future__ import annotations

import functools
import logging
import time
from dataclasses import replace

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from app.realtime import Connection
from app.tables.deals.spoilers import SPOILERS_COOKIE, check_spoilers, chosen_deals
from app.tables.live import chat
from app.tables.live import moves
from app.tables.live import pace
from app.tables.live import takeback
from app.tables.live.commands import Sync, Welcome
from app.tables.errors import N_, StoreError, TableError, unavailable_for
from app.tables.seats import Caller
from app.tables.service import Tables
from app.web.errors import error_body
from app.web.i18n import tr
from app.web.middleware import MAX_NESTING, PARSED, Proxies, TooDeep, identity_cookie, parse_message
from app.web.serving import SEND_NOW

router = APIRouter()
log = logging.getLogger("icehouse.ws")

MAX_MESSAGE = 64 * 1024
_UNPARSED = object()  # a message no middleware parsed
TRY_AGAIN = 1013  # close code "try again later": the database is down; the client reconnects with back-off
TOO_MANY = 4029  # close code: too many spectator sockets on the table or from the address (as HTTP 429)


# A plain Starlette route, not FastAPI's: the only parameter is the path's code, and FastAPI's dependency
# solving and session wrapping cost every socket's handshake more than the rest of its routing.
@router.websocket_route("/ws/tables/{code}")
async def table_socket(websocket: WebSocket) -> None:
    ctx: Tables = websocket.app.state.tables
    code: str = websocket.path_params["code"]
    await websocket.accept()
    token = websocket.query_params.get("token") or None
    try:
        caller, live = await ctx.live.admit(code, token, identity_cookie(websocket.scope))
        if caller.seat is None and caller.player_id is not None:  # the spoiler rule (deals/spoilers.py)
            async with ctx.db.reading() as s:
                await check_spoilers(s, caller.table_id, player_id=caller.player_id,
                                     chosen=chosen_deals(websocket.cookies.get(SPOILERS_COOKIE)))
    except TableError as exc:
        await websocket.send_json({"type": "error", **error_body(exc, websocket)})
        await websocket.close(code=4000 + exc.status)
        return
    except StoreError as exc:
        await _refuse(websocket, exc)
        return
    address = _proxies(ctx.settings.trusted_proxies).client(websocket.scope)
    crowded = _crowded(ctx, caller, address, websocket)  # checked and counted with no await between: no race
    if crowded is not None:
        await websocket.send_json({"type": "error", "detail": crowded, "code": "too_many_sockets", "status": 429})
        await websocket.close(code=TOO_MANY, reason=crowded)
        return
    conn = ctx.hub.connect(caller.code, caller.seat, _sender(websocket), _closer(websocket), caller.player_id,
                           address, websocket.scope.get("extensions", {}).get(SEND_NOW))
    try:
        await ctx.attach(conn)
        await ctx.actors.ask(caller.code, Welcome(caller.code, conn, caller, live, websocket.query_params.get("since")))
        await pace.came_back(ctx, caller)  # a player the bot stood in for (the pace) takes the seat back
        # A socket stays open for as long as someone looks at the table, hours maybe: it keeps nothing of its
        # welcome. Kept here, the welcome's state and the live table as it was (with the table's last
        # snapshot and document, after its game ended and the table left memory) and the rows read to admit
        # the caller stayed alive for as long as the socket did, and every garbage collection walked them.
        del live
        caller = replace(caller, table=None, seats=[])
        await _serve(ctx, websocket, conn, caller)
    except WebSocketDisconnect:
        pass
    except RuntimeError:  # the socket was closed under us (dropped as too slow)
        pass
    except StoreError as exc:  # the database went away while the socket was being welcomed
        await _refuse(websocket, exc)
    finally:
        await ctx.detach(conn)


async def _refuse(websocket: WebSocket, exc: Exception) -> None:
    """The database is down: say so and close with "try again later" (the client reconnects with
    back-off). Any other database error is a bug, raised."""
    domain = unavailable_for(exc)
    if domain is None:
        raise exc
    log.warning("socket refused: database unavailable", extra={"why": type(exc).__name__})
    await websocket.send_json({"type": "error", **error_body(domain, websocket), "status": domain.status})
    await websocket.close(code=TRY_AGAIN)


@functools.lru_cache(maxsize=4)
def _proxies(trusted: str) -> Proxies:
    return Proxies([x for x in trusted.split(",") if x.strip()])


def _crowded(ctx: Tables, caller: Caller, address: str, websocket: WebSocket | None = None) -> str | None:
    """Why a spectator socket is refused (None: it is welcome). Seated players are never refused; the
    counts are this instance's (ICEHOUSE_WS_SPECTATORS_PER_TABLE, ICEHOUSE_WS_SPECTATORS_PER_ADDRESS)."""
    if caller.seat is not None:
        return None
    per_address = ctx.settings.ws_spectators_per_address
    if ctx.hub.spectating_from(address) >= per_address:
        return tr(websocket, N_("Too many spectator connections from your address (at most {n}); close some first."),
                  n=per_address)
    per_table = ctx.settings.ws_spectators_per_table
    if ctx.hub.spectating(caller.code) >= per_table:
        return tr(websocket, N_("This table has all the spectators it can take ({n}); try again later."), n=per_table)
    return None


def _sender(websocket: WebSocket):
    async def send(message: dict | str | bytes) -> None:  # text: encoded once for every socket of a seat (fanout)
        # A dict (the welcome, a reply) with orjson: several times faster than the json module, and it takes
        # the legal moves a game wrote as JSON text already (orjson fragments in the welcome's state).
        if type(message) is dict:
            message = orjson.dumps(message)
        await websocket.send_text(message if type(message) is str else message.decode())
    return send


def _closer(websocket: WebSocket):
    async def close(code: int) -> None:
        if websocket.client_state == WebSocketState.CONNECTED:
            await websocket.close(code=code)
    return close


async def _serve(ctx: Tables, websocket: WebSocket, conn: Connection, caller: Caller) -> None:
    while not conn.closed:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        raw = message.get("text")
        if raw is None:
            raw = (message.get("bytes") or b"").decode("utf-8", "replace")
        try:
            reply = await _handle(ctx, conn, caller, raw, message.get(PARSED, _UNPARSED))
        except TableError as exc:
            reply = {"type": "error", **error_body(exc, websocket), "status": exc.status}
        except Exception as exc:
            domain = unavailable_for(exc)  # the database is down: the client retries its move
            if domain is not None:
                reply = {"type": "error", **error_body(domain, websocket), "status": domain.status}
            else:
                log.exception("socket message failed", extra={"table": caller.code})
                reply = {"type": "error", "detail": (N_("The server could not handle that message."), {}),
                         "code": "internal"}
        if reply is not None:
            conn.send(said(reply, websocket))


async def _handle(ctx: Tables, conn: Connection, caller: Caller, raw: str, parsed: object = _UNPARSED) -> dict | None:
    """`raw`'s reply, if any; `parsed`: its JSON when a middleware parsed it already (_UNPARSED if not)."""
    if len(raw) > MAX_MESSAGE:
        return _error(N_("That message is too long ({n} characters; at most {max})."), n=len(raw), max=MAX_MESSAGE)
    if parsed is not _UNPARSED:
        msg = parsed
    else:
        try:
            msg = parse_message(raw)
        except TooDeep:
            return _error(N_("That message nests arrays and objects too deeply (at most {max} levels)."),
                          max=MAX_NESTING)
        except ValueError:
            return _error(N_("That message is not valid JSON."))
    if not isinstance(msg, dict):
        return _error(N_("A message must be a JSON object with a 'type'."))
    kind = msg.get("type")
    if kind == "ping":
        return {"type": "pong"}
    if kind == "move":
        seq = msg.get("seq")
        if type(seq) is not int:
            return _error(N_("A move needs 'seq', the table's seq number you are answering."))
        if not isinstance(msg.get("move"), dict):
            return _error(N_("A move needs 'move', a JSON object like one of your legal_moves."))
        await moves.play_for(ctx, caller, seq, msg["move"])
        return None  # the update comes back through the broker like everyone else's
    if kind == "chat":
        await chat.say(ctx, caller, msg.get("text"))
        return None
    if kind == "visibility":  # the page is shown or hidden (Page Visibility): are turn messages needed?
        visible = msg.get("visible")
        if type(visible) is not bool:
            return _error(N_("A visibility message needs 'visible', true or false."))
        if (conn.hidden_since is None) != visible:
            conn.hidden_since = None if visible else time.time()
            if conn.seat is not None:
                await ctx.publish_presence(caller.code)
        return None
    if kind == "takeback":  # as POST/DELETE /api/tables/{code}/takeback(/vote); the news comes as state
        action = msg.get("action")
        if action not in TAKEBACK_ACTIONS:
            return _error(N_("A takeback message needs 'action': ask, accept, refuse or withdraw."))
        await TAKEBACK_ACTIONS[action](ctx, caller)
        return None
    if kind == "sync":
        since = msg.get("since")
        if type(since) is not int:
            return _error(N_("A sync needs 'since', the last seq you saw."))
        await ctx.actors.ask(caller.code, Sync(caller.code, conn, caller, since, conn.send))  # a sync has no sentence
        return None
    return _error(N_("Unknown message type {kind}; expected move, chat, takeback, sync, visibility or ping."),
                  kind=repr(str(kind)[:40]))


TAKEBACK_ACTIONS = {
    "ask": takeback.ask,
    "accept": lambda ctx, caller: takeback.vote(ctx, caller, True),
    "refuse": lambda ctx, caller: takeback.vote(ctx, caller, False),
    "withdraw": takeback.withdraw,
}


def _error(message: str, **params: object) -> dict:
    """A bad message's answer; its sentence (a message id, marked N_) is said in the socket's language by said()."""
    return {"type": "error", "detail": (message, params), "code": "bad_message"}


def said(reply: dict, websocket: WebSocket) -> dict:
    """`reply` with its sentence, if it is still (message id, params), in the socket's language (its page's
    lang cookie, else Accept-Language)."""
    detail = reply.get("detail")
    if isinstance(detail, tuple):
        message, params = detail
        return {**reply, "detail": tr(websocket, message, **params)}
    return reply
