"""The "Don't spoil" switch (docs/API.md "Spoiler-free replays"): POST /nospoil remembers a person's choice
in a cookie (NOSPOIL_COOKIE, "1", SameSite=Lax, for years), origin-checked like every cookie POST
(app/web/middleware.py OriginCheck); pages read it, or a link's ?nospoil=1, through `nospoil_of`, and every
page says it on <body data-nospoil="1"> for its scripts (the cookie itself is HttpOnly)."""
from __future__ import annotations

from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from starlette.requests import HTTPConnection
from fastapi.responses import RedirectResponse, Response
from jinja2 import Environment, pass_context

from app.tables.review.nospoil import NOSPOIL_AGE, NOSPOIL_COOKIE, wants_nospoil
from app.web.i18n import _back_to

router = APIRouter(include_in_schema=False)


def nospoil_of(request: HTTPConnection) -> bool:
    """Does this request (or socket) want it spoiler-free: the person's switch (the cookie) or ?nospoil=1."""
    return wants_nospoil(request.cookies.get(NOSPOIL_COOKIE), request.query_params.get("nospoil"))


def switched_on(request: Request) -> bool:
    """The person's own switch only (the cookie), whatever the link says."""
    return request.cookies.get(NOSPOIL_COOKIE) == "1"


@pass_context
def _page_nospoil(ctx) -> bool:
    request = ctx.get("request")
    return request is not None and nospoil_of(request)


def install(env: Environment) -> None:
    env.globals["nospoil"] = _page_nospoil


@router.post("/nospoil")
async def choose_nospoil(request: Request) -> Response:
    """The switch: a form body on=1 (don't spoil) or on=0; with next=<path>, back to that page (303), else 204."""
    body = (await request.body())[:2000].decode("utf-8", "replace")
    form = parse_qs(body, max_num_fields=5)
    on = (form.get("on") or [""])[0]
    if on not in ("0", "1"):
        return Response("Send on=1 (don't spoil) or on=0.", status_code=422, media_type="text/plain")
    nxt = (form.get("next") or [None])[0]
    page: Response = RedirectResponse(_back_to(nxt), status_code=303) if nxt else Response(status_code=204)
    secure = request.app.state.tables.settings.cookie_secure
    if on == "1":
        page.set_cookie(NOSPOIL_COOKIE, "1", max_age=NOSPOIL_AGE, samesite="lax", path="/", httponly=True,
                        secure=secure)
    else:
        page.delete_cookie(NOSPOIL_COOKIE, path="/", samesite="lax", httponly=True, secure=secure)
    return page
