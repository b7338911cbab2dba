"""The admin area of DESIGN.md: the JSON routes under /api/admin (behind AdminAuth) and the /admin page.

Thin: parse, depend, call one function of app/tables/admin.py. Wire with `app.include_router(admin.router)`.
"""
from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import HTMLResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, StrictStr

from app.tables import admin, admin_session
from app.web.deps import Ctx, Db
from app.web.pages import templates

bearer = HTTPBearer(auto_error=False, description="The server's ICEHOUSE_ADMIN_TOKEN (or log in at "
                    "POST /api/admin/session for a session cookie).")


async def require_admin(request: Request, ctx: Ctx,
                        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> None:
    """403 while ICEHOUSE_ADMIN_TOKEN is unset, 401 without the right token or a valid admin session cookie
    (a malformed header counts as none)."""
    token = credentials.credentials.strip() if credentials else None
    if token is None and _session_expiry(request, ctx) is not None:
        return
    admin.check_admin(ctx.settings.admin_token, token)


AdminAuth = Annotated[None, Depends(require_admin)]

api = APIRouter(prefix="/api/admin", tags=["admin"])


def _session_expiry(request: Request, ctx: Ctx) -> int | None:
    s = ctx.settings
    return admin_session.expiry(s.admin_token, s.secret_key, request.cookies.get(admin_session.COOKIE), time.time())


class AdminLogin(BaseModel):
    token: StrictStr


@api.post("/session", status_code=204)
async def log_in(body: AdminLogin, ctx: Ctx, response: Response) -> None:
    """Log in with the admin token: an HttpOnly session cookie for the /admin page (see
    app/tables/admin_session.py); 401 for a wrong token, 403 while the admin area is closed."""
    s = ctx.settings
    admin.check_admin(s.admin_token, body.token.strip())
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
                      status: str | None = None, player: str | None = None, limit: int | None = None,
                      offset: int | None = None) -> list[dict]:
    """Every table, newest updated first; the number matching the filters in `X-Total-Count`."""
    rows, total = await admin.list_tables(db, game=game, status=status, player=player, limit=limit,
                                          offset=offset)
    response.headers["X-Total-Count"] = str(total)
    return rows


@api.get("/tables/{code}")
async def table_detail(code: str, _: AdminAuth, db: Db) -> dict:
    """Everything about one table, hidden information included."""
    return await admin.table_detail(db, code)


@api.get("/tables/{code}/replay")
async def replay(code: str, _: AdminAuth, db: Db, seq: int | None = None) -> dict:
    """The doc after `seq` moves (default: the current seq), replayed from the initial doc."""
    return await admin.replay(db, code, seq)


router = APIRouter()
router.include_router(api)


@router.get("/admin", response_class=HTMLResponse, include_in_schema=False)
async def admin_page(request: Request, ctx: Ctx) -> HTMLResponse:
    """The login form and table browser; the page's script talks to /api/admin with the token."""
    return templates.TemplateResponse(request, "admin.html", {"title": "Admin",
                                                              "closed": not ctx.settings.admin_token})
