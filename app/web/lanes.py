"""Fast lanes: the routes of a table's life (create, join, start, move, its socket) without FastAPI's router.

Profiled over real sockets (docs/PERFORMANCE.md), FastAPI's own path (its router matching every route of
the site, dependency solving, the exception and exit-stack middlewares) cost about six times what the
domain did on these four routes. As the socket route already is, they are served here, the innermost of
the app's own middlewares: the access log, security headers, body limit, origin check and rate limits
still apply, in the same order. What runs is the route's own function in app/web/api.py, with the same
body model (app/web/schemas.py) and the same dependencies (app/web/deps.py), and every error is answered by
the same handlers (app/web/errors.py); the routes stay declared in FastAPI for the OpenAPI description,
and any other method or path goes on to FastAPI untouched. The table's socket (/ws/tables/{code}, app/web/ws.py)
is handed to its own function here too: FastAPI's exception and exit-stack middlewares, its router's matching
and Starlette's session wrapper cost a socket's handshake about a fifth of its Python time, and the socket's
function answers every error of its own (what it does not catch goes on up, as from the router).
"""
from __future__ import annotations

import email.message
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from app.web import api, deps, errors, schemas, ws
from app.web.middleware import identity_cookie

_CODE = r"([^/]{1,64})"
_JOIN = re.compile(rf"^/api/tables/{_CODE}/join$")
_START = re.compile(rf"^/api/tables/{_CODE}/start$")
_MOVES = re.compile(rf"^/api/tables/{_CODE}/moves$")
_SOCKET = re.compile(r"^/ws/tables/([^/]+)$")  # as Starlette matches the route's {code}

Lane = Callable[[Request, str | None], Awaitable[Response]]


def _is_json(content_type: str | None) -> bool:
    """FastAPI's rule (strict content type): application/json or application/*+json is read as JSON."""
    if not content_type:
        return False
    if content_type == "application/json":  # what every client of these routes sends
        return True
    message = email.message.Message()
    message["content-type"] = content_type
    if message.get_content_maintype() != "application":
        return False
    subtype = message.get_content_subtype()
    return subtype == "json" or subtype.endswith("+json")


async def _body(request: Request, model: type[BaseModel]) -> Any:
    """The request's body as `model`, read and refused exactly as FastAPI does (a missing body, a body that
    is not JSON, bad UTF-8, a bad field): the same errors reach the same handlers."""
    return _valid(model, await _read(request))


async def _read(request: Request) -> Any:
    """The body as FastAPI reads it before the dependencies run: JSON parsed (its syntax refused at once), or
    the bytes of a body that is not JSON, or None."""
    raw = await request.body()
    data: Any = None
    if raw:
        if _is_json(request.headers.get("content-type")):
            try:
                data = json.loads(raw)
            except json.JSONDecodeError as e:
                error = {"type": "json_invalid", "loc": ("body", e.pos), "msg": "JSON decode error", "input": {},
                         "ctx": {"error": e.msg}}
                raise RequestValidationError([error]) from None
            except Exception as e:
                raise StarletteHTTPException(status_code=400, detail="There was an error parsing the body") from e
        else:
            data = raw
    return data


def _valid(model: type[BaseModel], data: Any) -> Any:
    """`data` as `model` (checked after the dependencies, as FastAPI does)."""
    if data is None:
        raise RequestValidationError([{"type": "missing", "loc": ("body",), "msg": "Field required", "input": None}])
    try:
        return model.model_validate(data, from_attributes=True)
    except ValidationError as exc:
        raise RequestValidationError([{**e, "loc": ("body", *e["loc"])} for e in exc.errors()]) from None


class _Json(JSONResponse):
    """JSONResponse's bytes (compact, UTF-8), written by orjson: several times faster than the json module."""

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)


def _json(content: Any, response: Response, status: int) -> Response:
    out = _Json(content, status_code=response.status_code or status)
    for key, value in response.headers.items():  # Set-Cookie, as the route set it
        if key.lower() != "content-length":
            out.headers.append(key, value)
    return out


async def _create(request: Request, _code: str | None) -> Response:
    body = await _body(request, schemas.CreateTable)
    response = Response(status_code=0)
    made = await api.create_table(body, request.app.state.tables, identity_cookie(request.scope), request, response)
    return _json(made, response, 201)


async def _join(request: Request, code: str | None) -> Response:
    assert code is not None
    body = await _body(request, schemas.Join)
    response = Response(status_code=0)
    seated = await api.join_table(code, body, request.app.state.tables, identity_cookie(request.scope), request,
                                  response)
    return _json(seated, response, 200)


async def _seat(request: Request, code: str) -> Any:
    return await deps.get_seated(request, code, request.headers.get("authorization"))


async def _start(request: Request, code: str | None) -> Response:
    assert code is not None
    caller = await _seat(request, code)
    return _json(await api.start_table(caller, request.app.state.tables), Response(status_code=0), 200)


async def _move(request: Request, code: str | None) -> Response:
    assert code is not None
    data = await _read(request)  # FastAPI's order: the JSON's syntax, the seat, then the body's fields
    caller = await _seat(request, code)
    body = _valid(schemas.PlayMove, data)
    return _json(await api.play_move(body, caller, request.app.state.tables), Response(status_code=0), 200)


def _lane(path: str) -> tuple[Lane, str | None] | None:
    if path == "/api/tables":
        return _create, None
    if not path.startswith("/api/tables/"):
        return None
    for pattern, lane in ((_MOVES, _move), (_JOIN, _join), (_START, _start)):
        m = pattern.match(path)
        if m is not None:
            return lane, m.group(1)
    return None


class Lanes:
    """Pure ASGI middleware: POST to a lifecycle route is served here; everything else goes on."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket":
            m = _SOCKET.match(scope["path"])
            if m is None:
                await self.app(scope, receive, send)
                return
            scope["path_params"] = {"code": m.group(1)}
            await ws.table_socket(WebSocket(scope, receive, send))
            return
        found = _lane(scope["path"]) if kind == "http" and scope["method"] == "POST" else None
        if found is None:
            await self.app(scope, receive, send)
            return
        lane, code = found
        request = Request(scope, receive)
        try:
            response = await lane(request, code)
        except Exception as exc:  # every error as the app's own handlers answer it
            response = await errors.answer(request, exc)
        await response(scope, receive, send)
