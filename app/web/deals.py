"""Deals (docs/API.md "Deals"): today's deals, a table dealt one, a finished table's deal, results by deal,
and the /deals/<id> page. Thin: parse, depend, call one function of app/tables/deals."""
from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse

from app.tables.analysis.reads import with_bot
from app.tables.deals import play, results
from app.tables.deals.core import well_formed
from app.tables.deals.spoilers import SPOILERS_COOKIE, choose, deal_of_table
from app.web.api import COOKIE_AGE, set_identity
from app.web.deps import Cookie, Ctx, Db, Spoilers
from app.web.i18n import lang_of, tr
from app.web.nospoil import nospoil_of
from app.web.pages import _page, not_found
from app.web.schemas import PlayDeal, PlayToday

router = APIRouter(prefix="/api")
pages = APIRouter(include_in_schema=False)


@router.get("/deals/today")
async def deals_today(ctx: Ctx, cookie: Cookie) -> dict:
    """Today's deals (UTC), one for each game and seat count that has a deal of the day, with whether this
    browser has played each (a deal of the day is never dealt to it twice)."""
    return await play.today_view(ctx, cookie)


@router.post("/deals/today/tables", status_code=201,
             responses={409: {"description": "This browser has played that deal already (already_played)."}})
async def play_today(body: PlayToday, ctx: Ctx, cookie: Cookie, response: Response) -> dict:
    seated = await play.play_today(ctx, game=body.game, players=body.players, name=body.name,
                                   options=body.options, cookie=cookie)
    set_identity(response, ctx, seated.cookie)
    return seated.body


NO_DEAL = {404: {"description": "There is no such deal."}}


@router.get("/deals/{deal_id}", responses=NO_DEAL)
async def deal_results(deal_id: str, ctx: Ctx, cookie: Cookie, chosen: Spoilers, request: Request,
                       spoilers: bool = False) -> dict:
    """The deal, this browser's own tables on it and, under the spoiler rule, every finished table on it,
    ranked within its house rules; closed results say why ("why_code", and "why" in the request's language).
    With "Don't spoil" on (its cookie, or ?nospoil=1) the other tables are listed as they finished, without
    their results (docs/API.md "Spoiler-free replays")."""
    return await with_bot(ctx, await results.results(ctx, deal_id, cookie, spoilers, chosen, lang_of(request),
                                                     nospoil=nospoil_of(request)))


def _spoil(request: Request, response: Response, ctx: Ctx, deal_id: str) -> dict:
    value = choose(request.cookies.get(SPOILERS_COOKIE), deal_id)
    response.set_cookie(SPOILERS_COOKIE, value, max_age=COOKIE_AGE, path="/", httponly=True, samesite="lax",
                        secure=ctx.settings.cookie_secure)
    return {"deal": deal_id, "spoilers": True}


@router.post("/deals/{deal_id}/spoilers", responses=NO_DEAL)
async def deal_spoilers(deal_id: str, request: Request, response: Response, ctx: Ctx, db: Db) -> dict:
    """This browser chooses to see the deal's results and every table's replay, even while it plays it."""
    row = await play.find_deal(db, deal_id)
    return _spoil(request, response, ctx, row.id)


@router.post("/tables/{code}/spoilers", responses={404: {"description": "There is no such table."},
                                                   422: {"description": "The table was dealt afresh."}})
async def table_spoilers(code: str, request: Request, response: Response, ctx: Ctx, db: Db) -> dict:
    """This browser chooses to see the table (and the results of its deal) even while it plays that deal."""
    return _spoil(request, response, ctx, await deal_of_table(db, code))


@router.post("/deals/{deal_id}/tables", status_code=201, responses=NO_DEAL)
async def play_deal(deal_id: str, body: PlayDeal, ctx: Ctx, cookie: Cookie, response: Response) -> dict:
    seated = await play.play_named(ctx, deal_id, name=body.name, options=body.options, cookie=cookie)
    set_identity(response, ctx, seated.cookie)
    return seated.body


@router.get("/tables/{code}/deal", responses={409: {"description": "The game has not ended yet (not_over)."}})
async def table_deal(code: str, ctx: Ctx, cookie: Cookie) -> dict:
    """Once the game has ended: its deal, to send to another group (its own players have played it)."""
    return await play.deal_of_table(ctx, code, cookie)


@pages.get("/deals/{deal_id}", response_class=HTMLResponse)
async def deal_page(request: Request, deal_id: str) -> HTMLResponse:
    if not well_formed(deal_id):
        return not_found(request, tr(request, "There is no deal “{deal}”. Check the link you were sent.",
                                     deal=deal_id[:20]))
    return _page(request, "deal.html", deal_id=deal_id, title=tr(request, "Results by deal"))
