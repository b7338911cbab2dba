"""Invitations and rematches that wait (docs/API.md "Invitations"): thin routes over
app/tables/lobby/invitations.py. The inviter (a seat, by its token or the browser's identity cookie) invites
names to a lobby table's open seats or sends a rematch as an invitation, and gets each link once; whoever holds
a link opens, accepts or declines it (the secret travels in the body, never in a URL: the page is /invite#<link>);
a rematch's former player answers from /me by the invitation's id (their identity cookie). Every write is
rate-limited per seat and per address (ratelimit.py "invite")."""
from __future__ import annotations

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import Field, StrictInt, StrictStr

from app.tables.lobby import invitations
from app.web.api import set_identity
from app.web.deps import Caller, Cookie, Ctx, SeatAuth
from app.web.pages import _page
from app.web.i18n import lang_of, tr
from app.web.schemas import Body

router = APIRouter(prefix="/api")
ID = Path(ge=1, le=2**31 - 1)
NAMES_MAX = 16  # names in one request (no game has more seats)


class Invite(Body):
    names: list[StrictStr] = Field(min_length=1, max_length=NAMES_MAX)
    days: StrictInt = Field(invitations.DAYS, ge=invitations.DAYS_MIN, le=invitations.DAYS_MAX)


class RematchInvite(Body):
    days: StrictInt = Field(invitations.DAYS, ge=invitations.DAYS_MIN, le=invitations.DAYS_MAX)


class Link(Body):
    link: StrictStr = Field(min_length=1, max_length=invitations.LINK_MAX)


class Accept(Link):
    name: StrictStr | None = None


class AcceptMine(Body):
    name: StrictStr | None = None


CLOSED = {404: {"description": "No invitation has this link (no_invitation)."},
          409: {"description": "The game has started (wrong_status), or this browser sits at the table already "
                               "(already_seated)."},
          410: {"description": "The invitation expired (invitation_expired), or was declined or closed "
                               "(invitation_closed)."},
          429: {"description": "Too many invitation requests from this seat or address (rate_limited)."}}


@router.post("/tables/{code}/invitations", status_code=201, responses={
    403: {"description": "Not the host (not_host)."},
    409: {"description": "More names than open seats (too_many_invitees), or the game has started."}})
async def invite(body: Invite, caller: SeatAuth, ctx: Ctx) -> list[dict]:
    """The host reserves open seats for named friends; each invitation with its secret `link`, shown this once
    (to send to its friend)."""
    return await invitations.invite(ctx, caller, body.names, body.days)


@router.post("/tables/{code}/rematch/invitations", status_code=201, responses={
    409: {"description": "The game is not over (not_over), or nobody else to invite (nobody_to_invite)."}})
async def invite_rematch(caller: SeatAuth, ctx: Ctx, body: RematchInvite | None = None) -> dict:
    """The rematch sent as an invitation to every other person who played: {"state", "invitations"}; each
    invitee is also told, with their own link, on their seat's channels."""
    return await invitations.invite_rematch(ctx, caller, body.days if body else invitations.DAYS)


@router.get("/tables/{code}/invitations")
async def table_invitations(caller: Caller, ctx: Ctx) -> list[dict]:
    """The table's invitations and their states, for one of its seats (never a link)."""
    return await invitations.of_table(ctx, caller)


@router.post("/tables/{code}/invitations/{invitation_id}/link", responses={
    403: {"description": "Not the inviter nor the host (not_inviter)."}, **CLOSED})
async def renew_link(caller: SeatAuth, ctx: Ctx, invitation_id: int = ID) -> dict:
    """A new secret link for a pending invitation; the old one opens nothing any more."""
    return await invitations.renew(ctx, caller, invitation_id)


@router.post("/tables/{code}/invitations/start", responses={
    403: {"description": "Not the inviter nor the host (not_inviter)."}})
async def start_now(caller: SeatAuth, ctx: Ctx) -> dict:
    """Start without waiting: bots take every seat nobody holds; the pending invitations close."""
    return await invitations.start_now(ctx, caller)


@router.post("/invitations/open", responses={k: v for k, v in CLOSED.items() if k != 409})
async def open_link(body: Link, ctx: Ctx) -> dict:
    """What an invitation's link shows: who invites, to which game and table, the seats, its time."""
    return await invitations.look(ctx, body.link)


@router.post("/invitations/accept", responses=CLOSED)
async def accept(body: Accept, ctx: Ctx, cookie: Cookie, request: Request, response: Response) -> dict:
    """Take the invitation's seat (`name`: another name than the inviter wrote): {"code", "seat", "token",
    "url"}, and the identity cookie, as a join."""
    seated = await invitations.answer(ctx, accept=True, link=body.link, name=body.name, cookie=cookie,
                                      lang=lang_of(request))
    set_identity(response, ctx, seated.cookie)
    return seated.body


@router.post("/invitations/decline", status_code=204, responses=CLOSED)
async def decline(body: Link, ctx: Ctx) -> Response:
    await invitations.answer(ctx, accept=False, link=body.link)
    return Response(status_code=204)


@router.get("/me/invitations")
async def my_invitations(ctx: Ctx, cookie: Cookie) -> dict:
    """This browser's invitations of tables in the lobby: {"sent": [...], "received": [...]}, no link."""
    return await invitations.mine(ctx, cookie)


@router.post("/me/invitations/{invitation_id}/accept", responses=CLOSED)
async def accept_mine(ctx: Ctx, cookie: Cookie, request: Request, response: Response,
                      body: AcceptMine | None = None, invitation_id: int = ID) -> dict:
    """A rematch's former player accepts from /me (their identity cookie)."""
    seated = await invitations.answer(ctx, accept=True, invitation_id=invitation_id,
                                      name=body.name if body else None, cookie=cookie, lang=lang_of(request))
    set_identity(response, ctx, seated.cookie)
    return seated.body


@router.post("/me/invitations/{invitation_id}/decline", status_code=204, responses=CLOSED)
async def decline_mine(ctx: Ctx, cookie: Cookie, invitation_id: int = ID) -> Response:
    await invitations.answer(ctx, accept=False, invitation_id=invitation_id, cookie=cookie)
    return Response(status_code=204)


pages = APIRouter(include_in_schema=False)


@pages.get("/invite", response_class=HTMLResponse)
async def invite_page(request: Request) -> HTMLResponse:
    """The page an invitation's link opens (/invite#<link>): static/js/invite.js reads the secret after '#'
    (never sent to the server with the page) and asks POST /api/invitations/open."""
    return _page(request, "invite.html", title=tr(request, "An invitation"))
