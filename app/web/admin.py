"""The admin area of DESIGN.md: the JSON routes under /api/admin (behind AdminAuth) and the /admin pages.

Thin: parse, depend, call one function of app/tables (admin.py, admin_stats.py, replay.py, transfer.py).
Wire with `app.include_router(admin.router)`; the import's larger body limit with LARGER_BODIES.
"""
from __future__ import annotations

import json
import time
from typing import Annotated, Literal

import orjson
from fastapi import APIRouter, Depends, Path, Query, Request, Response
from fastapi.responses import HTMLResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, StrictBool, StrictStr

from app.tables import replay

from app.tables.admin import tables as admin

from app.tables.admin import session as admin_session

from app.tables.admin import stats as admin_stats

from app.tables.admin import transfer

from app.tables.record import build as record_build
from app.tables.record import opening as record_opening
from app.tables.record.format import FORMAT as RECORD_FORMAT

from app.tables.admin import deals as admin_deals
from app.tables.errors import N_, Invalid, Unauthorized
from app.web.deps import Ctx, Db
from app.web.i18n import tr
from app.web.pages import templates
from app.web.ratelimit import AdminGuard

IMPORT_PATH = "/api/admin/import"
IMPORT_MAX_BYTES = 8 * 1024 * 1024  # an exported game; the longest here are a few hundred kilobytes
LARGER_BODIES = {IMPORT_PATH: IMPORT_MAX_BYTES}

bearer = HTTPBearer(auto_error=False, description="The server's ICEHOUSE_ADMIN_TOKEN (or log in at "
                    "POST /api/admin/session for a session cookie).")


async def require_admin(request: Request, ctx: Ctx,
                        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> str:
    """403 while ICEHOUSE_ADMIN_TOKEN is unset, 401 without the right token or a valid admin session cookie
    (a malformed header counts as none), 429 while the client's address has guessed wrong too often
    (AdminGuard: one limit for the Bearer token, the log-in form and forged session cookies). Returns who
    is asking, for the logs: the credential (a session by its nonce, or the token) and the client's address."""
    token = credentials.credentials.strip() if credentials else None
    where = request.client.host if request.client else "?"
    s = ctx.settings
    if token is None:
        cookie = request.cookies.get(admin_session.COOKIE)
        if _session_expiry(request, ctx) is not None:
            nonce = (cookie or "").split(".")[1:2] or ["?"]
            return f"admin session {nonce[0][:8]} from {where}"
        if s.admin_token and cookie and not admin_session.signed(s.admin_token, s.secret_key, cookie):
            _guard(request).attempt(request.scope, _forged_session)
    if token is None:
        admin.check_admin(s.admin_token, None)  # no credential: nothing guessed, nothing counted
    _guard(request).attempt(request.scope, lambda: admin.check_admin(s.admin_token, token))
    return f"admin token from {where}"


def _guard(request: Request) -> AdminGuard:
    return request.app.state.admin_guard


def _forged_session() -> None:
    raise Unauthorized(N_("That admin session is not one this server gave out: log in again at /admin."))


AdminAuth = Annotated[str, Depends(require_admin)]

api = APIRouter(prefix="/api/admin", tags=["admin"])


def _session_expiry(request: Request, ctx: Ctx) -> int | None:
    s = ctx.settings
    return admin_session.expiry(s.admin_token, s.secret_key, request.cookies.get(admin_session.COOKIE), time.time())


class AdminLogin(BaseModel):
    token: StrictStr


@api.post("/session", status_code=204)
async def log_in(body: AdminLogin, ctx: Ctx, request: Request, response: Response) -> None:
    """Log in with the admin token: an HttpOnly session cookie for the /admin page (see
    app/tables/admin/session.py); 401 for a wrong token, 403 while the admin area is closed, 429 while the
    address has guessed wrong too often (the same limit as the Bearer token's)."""
    s = ctx.settings
    _guard(request).attempt(request.scope, lambda: admin.check_admin(s.admin_token, body.token.strip()))
    value = admin_session.issue(s.admin_token, s.secret_key, s.admin_session_seconds, time.time())
    response.set_cookie(admin_session.COOKIE, value, max_age=s.admin_session_seconds, path="/", httponly=True,
                        samesite="strict", secure=s.cookie_secure)


@api.get("/session")
async def session(_: AdminAuth, request: Request, ctx: Ctx) -> dict:
    """Whether this browser is logged in, and until when (Unix seconds; null with a Bearer token)."""
    return {"admin": True, "expires_at": _session_expiry(request, ctx)}


@api.delete("/session", status_code=204)
async def log_out(response: Response) -> None:
    """Log out: the session cookie is deleted."""
    response.delete_cookie(admin_session.COOKIE, path="/", httponly=True, samesite="strict")


@api.get("/tables")
async def list_tables(_: AdminAuth, db: Db, response: Response, game: str | None = None,
                      status: str | None = None, player: str | None = None,
                      date: Annotated[str | None, Query(description="created or last_move: the time `from` "
                                                        "and `to` bound")] = None,
                      start: Annotated[str | None, Query(alias="from", description="2026-11-30 or an ISO time "
                                                         "(inclusive, UTC)")] = None,
                      end: Annotated[str | None, Query(alias="to", description="2026-11-30 (the whole day) or "
                                                       "an ISO time (inclusive)")] = None,
                      sort: Annotated[str | None, Query(description="last_move (default) or created")] = None,
                      order: Annotated[str | None, Query(description="desc (default) or asc")] = None,
                      limit: int | None = None, offset: int | None = None) -> list[dict]:
    """Every table, by last move newest first unless sorted otherwise; the number matching the filters in
    `X-Total-Count`."""
    rows, total = await admin.list_tables(db, game=game, status=status, player=player, date_field=date,
                                          start=start, end=end, sort=sort, order=order, limit=limit,
                                          offset=offset)
    response.headers["X-Total-Count"] = str(total)
    return rows


@api.get("/stats")
async def stats(_: AdminAuth, db: Db, ctx: Ctx,
                start: Annotated[str | None, Query(alias="from", description="2026-11-01 or an ISO time")] = None,
                end: Annotated[str | None, Query(alias="to", description="2026-11-30 (the whole day)")] = None
                ) -> dict:
    """How people play, over the tables created from `from` to `to` (both optional): per game the tables
    by status, average moves and minutes of finished games and the game's own figures; per day the tables
    started, finished and abandoned."""
    return await admin_stats.stats(db, start, end, ctx.settings.abandon_after_seconds)


@api.get("/tables/{code}")
async def table_detail(code: str, _: AdminAuth, db: Db) -> dict:
    """Everything about one table, hidden information included."""
    return await admin.table_detail(db, code)


@api.delete("/tables/{code}", status_code=204)
async def delete_table(code: str, who: AdminAuth, ctx: Ctx) -> None:
    """Delete a table with its seats, moves and chat; the log says who, what and when."""
    await admin.delete_table(ctx, code, who)


@api.delete("/tables/{code}/notes/{note_id}", status_code=204, responses={
    404: {"description": "No such table, or no such note at it (no_note)."}})
async def delete_note(code: str, who: AdminAuth, ctx: Ctx, note_id: int = Path(ge=1, le=2**31 - 1)) -> None:
    """Delete one note on a move (the private ones too); the log says who, which note and when."""
    await admin.delete_note(ctx, code, note_id, who)


@api.get("/tables/{code}/replay")
async def replay_table(code: str, _: AdminAuth, db: Db, seq: int | None = None) -> dict:
    """The doc after `seq` moves (default: the current seq), replayed from the initial doc."""
    return await replay.admin_replay(db, code, seq)


@api.get("/tables/{code}/export")
async def export_table(code: str, _: AdminAuth, db: Db, response: Response,
                       format: Literal["icehouse-game-record", "icehouse-table/1"] = "icehouse-game-record") -> dict:
    """The game as a record that replays anywhere (docs/GAME-RECORD.md), its seed, secret and chat included;
    `?format=icehouse-table/1` writes the older export file instead (the import reads both)."""
    if format == transfer.FORMAT:
        body = await transfer.export_table(db, code)
    else:
        body = await record_build.admin_record(db, code)
    response.headers["Content-Disposition"] = f'attachment; filename="icehouse-{code[:16]}.json"'
    return body


IMPORT_BODY = {"requestBody": {"required": True, "description": "A game record (docs/GAME-RECORD.md), as GET "
                               "/api/admin/tables/{code}/export writes it, or an older export (icehouse-table/1).",
                               "content": {"application/json": {"schema": {"type": "object"}}}}}


@api.post(IMPORT_PATH.removeprefix("/api/admin"), status_code=201, openapi_extra=IMPORT_BODY)
async def import_table(who: AdminAuth, ctx: Ctx, request: Request) -> dict:
    """A new finished table from an exported file, replayed through the engine: 201 {"code"}; 422 naming
    the first move that does not replay, or an unknown format or game. The body is read only once the
    caller is known to be the admin (it may be larger than other requests')."""
    raw = await request.body()
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError:
        body = _lenient_json(raw)
    if isinstance(body, dict) and body.get("format") == RECORD_FORMAT:
        return await record_opening.open_record(ctx, body, who, action="import_table")
    return await transfer.import_table(ctx, body, who)


def _lenient_json(raw: bytes) -> object:
    """What orjson refuses but JSON allows (an escaped lone surrogate): read by the standard parser, so the
    import's text checks refuse it with their own sentence (bad_text, naming the seat or the line), as the
    join and the chat do. Anything else is not JSON (NaN and Infinity included, as for orjson)."""
    try:
        return json.loads(raw, parse_constant=_not_json)
    except (ValueError, RecursionError):
        raise Invalid(N_("The import must be a JSON file written by the export.")) from None


def _not_json(constant: str) -> None:
    raise ValueError(f"{constant} is not JSON")


class HideDeal(BaseModel):
    hidden: StrictBool  # a JSON boolean: "no", 0 or {} are refused (422), never taken for one


@api.get("/deals")
async def list_deals(_: AdminAuth, db: Db, response: Response, limit: int | None = None,
                     offset: int | None = None) -> list[dict]:
    """Every deal, newest first, with the tables dealt it and those that finished it; the count in
    `X-Total-Count`."""
    rows, total = await admin_deals.list_deals(db, limit, offset)
    response.headers["X-Total-Count"] = str(total)
    return rows


@api.post("/deals/{deal_id}/hide", responses={404: {"description": "There is no such deal."}})
async def hide_deal(deal_id: str, who: AdminAuth, ctx: Ctx, body: HideDeal | None = None) -> dict:
    """Hide a deal's results from everyone ({"hidden": false} shows them again); its tables stay."""
    return await admin_deals.hide_deal(ctx, deal_id, True if body is None else body.hidden, who)


router = APIRouter()
router.include_router(api)


@router.get("/admin", response_class=HTMLResponse, include_in_schema=False)
async def admin_page(request: Request, ctx: Ctx) -> HTMLResponse:
    """The login form and table browser; the page's script talks to /api/admin with its session cookie."""
    return templates.TemplateResponse(request, "admin.html", {"title": tr(request, "Admin"),
                                                              "closed": not ctx.settings.admin_token})


@router.get("/admin/stats", response_class=HTMLResponse, include_in_schema=False)
async def stats_page(request: Request, ctx: Ctx) -> HTMLResponse:
    """The statistics drawn as charts (the page's script reads /api/admin/stats)."""
    return templates.TemplateResponse(request, "admin_stats.html", {"title": tr(request, "Admin · statistics"),
                                                                    "closed": not ctx.settings.admin_token})
