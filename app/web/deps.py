"""Dependencies, defined once as Annotated aliases: Ctx, Db, Cookie, Caller, SeatAuth."""
from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Header, Request
from sqlalchemy.ext.asyncio import AsyncSession

from app.tables.errors import Unauthorized
from app.tables.identity import COOKIE_NAME
from app.tables.seats import Caller as CallerT
from app.tables.seats import identify
from app.tables.service import Tables


async def get_ctx(request: Request) -> Tables:
    return request.app.state.tables


Ctx = Annotated[Tables, Depends(get_ctx)]


async def get_db(ctx: Ctx) -> AsyncIterator[AsyncSession]:
    async with ctx.db.session() as s:
        yield s


Db = Annotated[AsyncSession, Depends(get_db)]


async def get_cookie(request: Request) -> str | None:
    return request.cookies.get(COOKIE_NAME)


Cookie = Annotated[str | None, Depends(get_cookie)]


async def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("The Authorization header must be 'Bearer <seat token>'.")
    return token.strip()


async def get_caller(code: str, db: Db, cookie: Cookie,
                     token: Annotated[str | None, Depends(bearer)]) -> CallerT:
    """Load the table (404) and say who is asking: a seat by token or cookie, else a spectator."""
    caller = await identify(db, code, token, cookie)
    await db.commit()  # end the read: its connection goes back to the pool while a write waits its turn
    return caller


Caller = Annotated[CallerT, Depends(get_caller)]


async def get_seated(caller: Caller) -> CallerT:
    caller.seated()  # 401 for a spectator
    return caller


SeatAuth = Annotated[CallerT, Depends(get_seated)]
