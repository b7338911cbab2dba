"""The OpenAPI schema, made true to what the server answers.

FastAPI documents only the success and its own validation array; our errors are all {"detail":
"<sentence>", "code": "<cause>"} (app/web/errors.py and the guards in app/web/middleware.py and
app/web/ratelimit.py). This module rewrites each operation's responses from what FastAPI wrote about it:

- any parameter or body: 422 (invalid input, bad_text);
- a table code in the path: 404; an Authorization header (a seat token, identifying the caller): 401;
- the admin area: 401, 403 (closed) and 429 (too many wrong admin tokens from the address);
- a body FastAPI cannot read (not UTF-8) is a 422 (app/web/errors.py), so 400 is never sent;
- a 405 names in `Allow` every method the schema documents for the path (allowed_methods);
- a state-changing method: 403 (bad_origin, not the host, not your turn), 413 (too_large), and on a
  table, 409 (full, started, stale seq, not playing);
- a rate-limited route: 429 (rate_limited) with Retry-After.

tests/api/test_security_openapi.py checks the schema against the running server with schemathesis.
"""
from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from app.web.ratelimit import ROUTES as LIMITED

ERROR = {"title": "Error", "type": "object", "required": ["detail", "code"], "additionalProperties": True,
         "properties": {"detail": {"type": "string", "description": "A sentence for the person."},
                        "code": {"type": "string", "description": "The cause, for programs: stale_seq, "
                                 "not_your_turn, not_playing, illegal_move, bad_text, bad_origin, too_large, "
                                 "rate_limited, ..."}}}
REASONS = {
    401: "No seat token, a token of another table, or no admin credentials.",
    403: "Not allowed: another site's page (bad_origin), not the host, not your turn, or the admin area is "
         "closed.",
    404: "No such table.",
    409: "The table is not in a state that allows this (full, started, finished, stale seq).",
    410: "What the link opened is over: an invitation expired (invitation_expired), declined or closed "
         "(invitation_closed).",
    413: "The request body is larger than the server accepts (too_large).",
    422: "The input breaks a rule; the sentence says which (invalid, bad_text, illegal_move, ...).",
    429: "Too many requests from this address or seat (rate_limited); retry after Retry-After seconds.",
}
UNSAFE = {"post", "put", "patch", "delete"}


def _limited(method: str, path: str) -> bool:
    example = path.replace("{code}", "abcdefgh")
    return any(method.upper() == m and pattern.fullmatch(example) for m, pattern, _ in LIMITED)


def error_statuses(path: str, method: str, operation: dict) -> set[int]:
    """The error statuses `operation` may answer, read from what FastAPI wrote about it."""
    params = {p.get("name", "").lower() for p in operation.get("parameters", [])}
    statuses: set[int] = set()
    if params or operation.get("requestBody"):
        statuses.add(422)
    if "{code}" in path:
        statuses.add(404)
    if "authorization" in params:  # the caller is identified by a seat token (a wrong one: 401)
        statuses.add(401)
    if operation.get("security") or path.startswith("/api/admin"):
        statuses |= {401, 403, 429}  # 429: guessing the admin token is limited, however it is presented
    if method in UNSAFE:
        statuses |= {403, 413}
        if path.startswith("/api/tables/{code}"):
            statuses.add(409)
    if _limited(method, path):
        statuses.add(429)
    return statuses


def _error_response(status: int) -> dict:
    response: dict[str, Any] = {"description": REASONS[status],
                                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    if status == 429:
        response["headers"] = {"Retry-After": {"description": "Seconds to wait before trying again.",
                                               "required": True, "schema": {"type": "integer", "minimum": 1}}}
    return response


def make_true(schema: dict) -> dict:
    """Rewrite `schema` (FastAPI's) in place: every operation's error responses as above."""
    schemas = schema.setdefault("components", {}).setdefault("schemas", {})
    schemas.pop("HTTPValidationError", None)
    schemas.pop("ValidationError", None)
    schemas["Error"] = ERROR
    for path, ops in schema.get("paths", {}).items():
        for method, operation in ops.items():
            if method not in ("get", "head", "post", "put", "patch", "delete"):
                continue
            responses = operation.setdefault("responses", {})
            responses.pop("422", None)
            declared = {int(k) for k in responses if k.isdigit() and int(k) in REASONS}  # a route's own 409...
            for status in sorted(error_statuses(path, method, operation) | declared):
                responses[str(status)] = _error_response(status)
            if path == "/api/admin/tables" and method == "get":
                responses.get("200", {}).setdefault("headers", {})["X-Total-Count"] = {
                    "description": "How many tables match the filters in all.", "schema": {"type": "integer"}}
    return schema


def allowed_methods(app: FastAPI, path: str) -> str | None:
    """The Allow header of a 405 on `path`: every method the schema documents for it (HEAD with GET), or
    None for a path outside the schema. Starlette names only the first route that matched the path, which
    for a path with GET and POST on two routes is one method of the two."""
    if not hasattr(app.state, "allowed_methods"):
        table = []
        for template, ops in app.openapi().get("paths", {}).items():
            pattern = re.compile("".join(r"[^/]+" if part.startswith("{") else re.escape(part)
                                         for part in re.split(r"(\{[^}]+\})", template)))
            methods = {m.upper() for m in ops if m in ("get", "head", "post", "put", "patch", "delete")}
            table.append((pattern, methods | ({"HEAD"} if "GET" in methods else set())))
        app.state.allowed_methods = table
    found = [methods for pattern, methods in app.state.allowed_methods if pattern.fullmatch(path)]
    return ", ".join(sorted(set().union(*found))) if found else None


def install(app: FastAPI) -> None:
    """Serve the rewritten schema at /openapi.json (built once, on first asking)."""

    def openapi() -> dict:
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, description=app.description,
                                 routes=app.routes)
            app.openapi_schema = make_true(schema)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
