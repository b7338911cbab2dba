"""Dependencies, defined once as Annotated aliases: Ctx, Db, Cookie, Spoilers, Caller, SeatAuth."""
from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Header, Request
from sqlalchemy.ext.asyncio import AsyncSession

from app.tables.deals.spoilers import SPOILERS_COOKIE, check_spoilers, chosen_deals
from app.tables.errors import N_, Unauthorized
from app.tables.seats import Caller as CallerT
from app.tables.seats import identify
from app.tables.service import Tables
from app.web.middleware import bearer_token, identity_cookie


async def get_ctx(request: Request) -> Tables:
    return request.app.state.tables


Ctx = Annotated[Tables, Depends(get_ctx)]


async def get_db(ctx: Ctx) -> AsyncIterator[AsyncSession]:
    async with ctx.db.session() as s:
        yield s


Db = Annotated[AsyncSession, Depends(get_db)]


async def get_cookie(request: Request) -> str | None:
    return identity_cookie(request.scope)


Cookie = Annotated[str | None, Depends(get_cookie)]


async def get_spoilers(request: Request) -> frozenset[str]:
    """The deals this browser chose to see spoilers of (app/tables/deals/spoilers.py)."""
    return chosen_deals(request.cookies.get(SPOILERS_COOKIE))


Spoilers = Annotated[frozenset[str], Depends(get_spoilers)]


def bearer(authorization: str | None) -> str | None:
    token = bearer_token(authorization)
    if authorization is not None and token is None:
        raise Unauthorized(N_("The Authorization header must be 'Bearer <seat token>'."))
    return token


async def get_caller(request: Request, code: str,
                     authorization: Annotated[str | None, Header()] = None) -> CallerT:
    """Load the table (404) and say who is asking: a seat by token or cookie, else a spectator.

    One dependency rather than a chain (context, session, cookie, token): each link of a chain costs a
    request about as much as a database statement. The read ends here, so its connection goes back to the
    pool while a write waits its turn; the caller carries the rows it read. A spectator known by its cookie
    is held to the spoiler rule (403 spoilers while it plays the same deal at a table of its own)."""
    ctx: Tables = request.app.state.tables
    token = bearer(authorization)
    async with ctx.db.reading() as s:
        caller = await identify(s, code, token, identity_cookie(request.scope))
        if caller.seat is None and caller.player_id is not None:
            await check_spoilers(s, caller.table_id, player_id=caller.player_id,
                                 chosen=chosen_deals(request.cookies.get(SPOILERS_COOKIE)))
        return caller


Caller = Annotated[CallerT, Depends(get_caller)]


async def get_seated(request: Request, code: str, authorization: Annotated[str | None, Header()] = None) -> CallerT:
    """A seated caller (401 for a spectator), from the live table (app/tables/live/tables.py): no read of the
    database once the table is live here and its game has started."""
    ctx: Tables = request.app.state.tables
    caller, _ = await ctx.live.admit(code, bearer(authorization), identity_cookie(request.scope), seated=True)
    caller.seated()
    return caller


SeatAuth = Annotated[CallerT, Depends(get_seated)]
