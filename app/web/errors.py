"""The one mapping from domain errors to HTTP: every error body is {"detail": "<sentence>", "code": "<cause>"}."""
from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from app.tables.errors import Busy, Phrase, RateLimited, StoreError, TableError, Unavailable, unavailable_for
from app.tables.text import safe
from app.web.i18n import tr
from app.web.openapi import allowed_methods
from app.web.pages import not_found, unavailable_page


log = logging.getLogger("icehouse.errors")

RETRY_AFTER = "2"  # seconds, on a 503: the database is restarting or failing over

HTTP_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 405: "method_not_allowed",
              409: "conflict", 413: "too_large", 415: "unsupported_media_type", 422: "invalid", 429: "rate_limited"}


def error_body(exc: TableError, conn: HTTPConnection | None = None) -> dict:
    """{"detail", "code"}: the sentence in the language of `conn` (a request or a socket: its cookie, else
    Accept-Language; English without one); a sentence that quotes the input keeps only what can be sent (a
    lone surrogate in a move or an option cannot be encoded as UTF-8, and would turn the answer into a 500)."""
    return {**exc.body(), "detail": safe(tr(conn, exc.message, **phrases_in(conn, exc.params)))}


def phrases_in(conn: HTTPConnection | None, params: dict) -> dict:
    """A sentence's params with each phrase of ours in them (a Phrase, Words) said in the language of `conn`."""
    return {k: tr(conn, v.message, **phrases_in(conn, v.params)) if isinstance(v, Phrase) else v
            for k, v in params.items()}


def _where(loc: tuple) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header", "cookie")]
    return ".".join(parts)


def sentence(exc: RequestValidationError, conn: HTTPConnection | None = None) -> str:
    errors = exc.errors()
    if not errors:
        return tr(conn, "The request could not be understood.")
    first = errors[0]
    kind, where = first.get("type", ""), _where(tuple(first.get("loc", ())))
    if kind == "json_invalid":
        return tr(conn, "The request body is not valid JSON.")
    if kind == "missing":
        return tr(conn, "The field {field} is missing.", field=repr(where)) if where else tr(
            conn, "The request body is missing.")
    if not where:  # pydantic's own words (msg) stay English
        return tr(conn, "The request body must be a JSON object ({why}).", why=first.get("msg", "invalid"))
    return tr(conn, "The field {field} is not valid: {why}.", field=repr(where), why=first.get("msg", "invalid value"))


def wants_page(request: Request) -> bool:
    """A browser asking for a page (not the API, the socket or a static file)."""
    path = request.url.path
    return ("text/html" in request.headers.get("accept", "")
            and not path.startswith(("/api/", "/ws/", "/static/")))


async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
    if exc.status_code == 404 and wants_page(request):
        return not_found(request, tr(request, "There is no page at {path}.", path=request.url.path[:80]))
    if exc.status_code == 400 and isinstance(exc.__cause__, ValueError):  # FastAPI could not read the body
        return JSONResponse({"detail": tr(request, "The request body is not valid JSON: it must be UTF-8 text."),
                             "code": "invalid"}, status_code=422)
    headers, detail = exc.headers, exc.detail
    if exc.status_code == 405:  # name every method of the path, not only those of the first route
        allow = allowed_methods(request.app, request.url.path) or (headers or {}).get("Allow")
        headers = {**(headers or {}), "Allow": allow} if allow else headers
        detail = f"{request.method[:20]} is not one of the methods of this address ({allow})." if allow else detail
    code = HTTP_CODES.get(exc.status_code, "error")
    return JSONResponse({"detail": detail, "code": code}, status_code=exc.status_code, headers=headers)


async def table_error(request: Request, exc: TableError) -> JSONResponse:
    headers = None
    if isinstance(exc, (Unavailable, Busy)):
        headers = {"Retry-After": "1" if isinstance(exc, Busy) else RETRY_AFTER}
    if isinstance(exc, RateLimited):
        headers = {"Retry-After": str(exc.retry_after)}
    return JSONResponse(error_body(exc, request), status_code=exc.status, headers=headers)


async def store_error(request: Request, exc: Exception) -> Response:
    """The database is down, restarting or failing over: 503 with a sentence (the app recovers by itself
    when it is back); any other database error is a bug: a logged 500."""
    domain = unavailable_for(exc)
    if domain is None:
        return await server_error(request, exc)
    log.warning("database unavailable on %s %s: %s", request.method, request.url.path, type(exc).__name__)
    if wants_page(request):
        return unavailable_page(request, tr(request, domain.message), RETRY_AFTER)
    return await table_error(request, domain)


async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    return JSONResponse({"detail": sentence(exc, request), "code": "invalid"}, status_code=422)


async def server_error(request: Request, exc: Exception) -> JSONResponse:
    """A bug (an engine's unexpected exception, say): logged with its traceback, answered 500."""
    log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    sorry = tr(request, "The server failed to handle that request; the error has been logged.")
    return JSONResponse({"detail": sorry, "code": "internal"}, status_code=500)


async def answer(request: Request, exc: Exception) -> Response:
    """The response to `exc` as the app's handlers give it (for the fast lanes, app/web/lanes.py)."""
    if isinstance(exc, TableError):
        return await table_error(request, exc)
    if isinstance(exc, RequestValidationError):
        return await bad_request(request, exc)
    if isinstance(exc, StoreError):
        return await store_error(request, exc)
    if isinstance(exc, StarletteHTTPException):
        return await http_error(request, exc)
    return await server_error(request, exc)


def install(app: FastAPI) -> None:
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(TableError, table_error)
    app.add_exception_handler(StoreError, store_error)
    app.add_exception_handler(RequestValidationError, bad_request)
    app.add_exception_handler(Exception, server_error)
