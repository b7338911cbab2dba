"""The bots' move scores of a finished table (docs/API.md "Move scores"). Thin: parse, depend, call one
function of app/tables/analysis."""
from __future__ import annotations

from fastapi import APIRouter, Request

from app.tables.analysis import reads
from app.web.deps import Cookie, Ctx, Spoilers
from app.web.i18n import tr

router = APIRouter(prefix="/api")


@router.get("/tables/{code}/scores", responses={
    403: {"description": "This browser plays the same deal at another table (spoilers)."},
    404: {"description": "There is no such table."},
    409: {"description": "The game has not ended yet (not_over), or was abandoned (abandoned)."}})
async def table_scores(code: str, ctx: Ctx, cookie: Cookie, spoilers: Spoilers, request: Request) -> dict:
    """Each move of a finished game scored by the bots from its mover's view at the time, with progress while
    they work ("scoring move 12 of 27"); asking queues them if nothing has yet. Each move's summary, text and
    best_text are in the reader's language (their stored "say", "text_say", "best_say": message id and params;
    English for scores stored without them)."""
    out = await reads.scores(ctx, code, cookie, spoilers)
    out["moves"] = [_said(m, request) for m in out.get("moves") or []]
    return out


SAYS = {"say": "summary", "best_say": "best_text", "text_say": "text"}  # stored [id, params] -> the field said


def _said(move: dict, request: Request) -> dict:
    says = {k: move.get(k) for k in SAYS}
    move = {k: v for k, v in move.items() if k not in SAYS}
    for key, field in SAYS.items():
        text = said(request, says[key])
        if text is not None:
            move[field] = text
    return move


def said(request: Request, say: object) -> str | None:
    """A stored [message id, params] in the request's language: a param that is itself [id, params] is said
    too, and a "color" (a bot's reason: "red") is one of our words; None for anything else."""
    if not (isinstance(say, list) and len(say) == 2 and isinstance(say[0], str) and isinstance(say[1], dict)):
        return None
    params = {}
    for key, value in say[1].items():
        inner = said(request, value) if isinstance(value, list) else None
        params[key] = (inner if inner is not None
                       else tr(request, value) if key == "color" and isinstance(value, str) else value)
    try:
        return tr(request, say[0], **params)
    except (KeyError, IndexError, ValueError):   # a catalog whose holes differ: the English stands
        return None
