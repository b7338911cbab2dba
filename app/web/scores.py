"""The bots' move scores of a finished table (docs/API.md "Move scores"). Thin: parse, depend, call one
function of app/tables/analysis."""
from __future__ import annotations

from fastapi import APIRouter

from app.tables.analysis import reads
from app.web.deps import Cookie, Ctx, Spoilers

router = APIRouter(prefix="/api")


@router.get("/tables/{code}/scores", responses={
    403: {"description": "This browser plays the same deal at another table (spoilers)."},
    404: {"description": "There is no such table."},
    409: {"description": "The game has not ended yet (not_over), or was abandoned (abandoned)."}})
async def table_scores(code: str, ctx: Ctx, cookie: Cookie, spoilers: Spoilers) -> dict:
    """Each move of a finished game scored by the bots from its mover's view at the time, with progress while
    they work ("scoring move 12 of 27"); asking queues them if nothing has yet."""
    return await reads.scores(ctx, code, cookie, spoilers)
