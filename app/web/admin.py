"""The admin area of DESIGN.md: the JSON routes under /api/admin (behind AdminAuth) and the /admin page.

Thin: parse, depend, call one function of app/tables/admin.py. Wire with `app.include_router(admin.router)`.
"""
from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import HTMLResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from app.tables import admin
from app.web.deps import Ctx, Db
from app.web.pages import templates

bearer = HTTPBearer(auto_error=False, description="The server's ICEHOUSE_ADMIN_TOKEN.")


async def require_admin(ctx: Ctx,
                        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> None:
    """403 while ICEHOUSE_ADMIN_TOKEN is unset, 401 without the right token (a malformed header counts as
    none)."""
    admin.check_admin(ctx.settings.admin_token, credentials.credentials.strip() if credentials else None)


AdminAuth = Annotated[None, Depends(require_admin)]

api = APIRouter(prefix="/api/admin", tags=["admin"])


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
