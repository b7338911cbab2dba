"""A finished table's review room (docs/API.md "Review rooms"): the page /t/{code}/review, the what-if
positions, the kept what-ifs, and the room's socket /ws/review/{code}. Thin: parse, depend, call app/tables/review.

The socket is known by the browser's identity cookie only (like /ws/me: a ?token= is refused, so the Origin
check of every cookie socket holds); a browser without one is a guest. Every message is bounded in size and
each socket's commands and pointers are rate-limited (token buckets of app/web/ratelimit.py); a refusal is an
error message and the socket stays open.
"""
from __future__ import annotations

import math
import re
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse
from pydantic import StrictInt, StrictStr

from app.games import GAMES
from app.realtime import Connection
from app.tables.deals.core import load_secret
from app.tables.deals.spoilers import SPOILERS_COOKIE, chosen_deals
from app.tables.errors import N_, Forbidden, StoreError, TableError, unavailable_for
from app.tables.review import branches, lines, members
from app.tables.review import room as room_rules
from app.tables.review.lines import Viewer
from app.tables.review.nospoil import opening, unspoiled_position
from app.web.deps import Caller, Cookie, Ctx, Db, Spoilers
from app.web.errors import error_body
from app.web.middleware import TooDeep, identity_cookie, parse_message, token_query
from app.web.pages import _page, not_found, _table_game
from app.web.ratelimit import Buckets, Rate
from app.web.schemas import Body
from app.web.i18n import tr
from app.web.nospoil import nospoil_of, switched_on
from app.web.ws import _closer, _error, _sender, said  # the table socket's own: a text encoded once, or a dict

router = APIRouter(prefix="/api")
pages = APIRouter(include_in_schema=False)
sockets = APIRouter()

MAX_MESSAGE = 16 * 1024  # characters of one socket message (a what-if of MAX_LINE moves fits)
COMMANDS = Rate(30, 10.0)  # lead, goto and alone, per socket: 30 at once, 30 more every 10 s
POINTERS = Rate(12, 4.0)  # pointers per socket
TOO_MANY = 4029
REF = re.compile(r"[A-Za-z0-9_-]{1,16}")  # a keep's reference, echoed in its answer


SHOWN = {403: {"description": "It would spoil the deal this browser is playing at another table (spoilers)."},
         404: {"description": "No such table."},
         409: {"description": "The game has not ended (not_over)."}}


class Line(Body):
    ply: StrictInt | None = None
    moves: list[Any] = []


class KeepBranch(Body):
    name: StrictStr
    ply: StrictInt
    moves: list[Any]


@router.post("/tables/{code}/review/line", responses=SHOWN)
async def review_line(request: Request, code: str, body: Line, db: Db, cookie: Cookie, chosen: Spoilers) -> dict:
    """The position after `ply` real moves (default: all) and the what-if `moves` ([{"seat", "move"}], at most
    60) played from there with the real rules, as the replay shows a step, with the moves of the seats to act.
    Spoiler-free (the "Don't spoil" cookie, or ?nospoil=1): no real_result before the game's end."""
    position = await lines.position(db, code, body.ply, body.moves, Viewer(cookie, chosen))
    return unspoiled_position(position) if nospoil_of(request) else position


@router.get("/tables/{code}/review/branches", responses=SHOWN)
async def list_branches(code: str, ctx: Ctx, cookie: Cookie, chosen: Spoilers) -> list[dict]:
    return await branches.listed(ctx, code, Viewer(cookie, chosen))


@router.post("/tables/{code}/review/branches", status_code=201, responses={**SHOWN, 403: {
    "description": "Not a player of the table (not_member: others keep what-ifs from the review room's socket), "
                   "or spoilers."}, 409: {
    "description": "The game has not ended (not_over), the table keeps its most what-ifs (too_many_branches: 50 in "
                   "all, 30 by visitors, 10 by guests), or you keep 10 (too_many_yours)."}})
async def keep_branch(body: KeepBranch, caller: Caller, ctx: Ctx, db: Db, cookie: Cookie, chosen: Spoilers) -> dict:
    """Keep a what-if as one of the table's players (seat token or cookie)."""
    keeper = await members.seated_keeper(db, caller.code, caller.seat, await load_secret(ctx))
    return await branches.keep(ctx, caller.code, body.model_dump(), keeper, Viewer(cookie, chosen))


@router.get("/tables/{code}/review/branches/{branch_id}", responses={**SHOWN, 404: {
    "description": "No such table, or no such what-if (dropped)."}})
async def get_branch(code: str, branch_id: str, ctx: Ctx, cookie: Cookie, chosen: Spoilers) -> dict:
    return await branches.one(ctx, code, branch_id, Viewer(cookie, chosen))


@router.delete("/tables/{code}/review/branches/{branch_id}", status_code=204, responses={
    403: {"description": "Neither a player of the table nor the drop key (not_yours)."},
    404: {"description": "No such what-if."}})
async def drop_branch(branch_id: str, caller: Caller, ctx: Ctx,
                      x_drop_key: Annotated[str | None, Header(max_length=64)] = None) -> Response:
    await branches.drop(ctx, caller.code, branch_id, seated=caller.seat is not None, key=x_drop_key)
    return Response(status_code=204)


@pages.get("/t/{code}/review", response_class=HTMLResponse)
async def review_page(request: Request, code: str) -> HTMLResponse:
    game = await _table_game(request, code)
    if game not in GAMES:
        return not_found(request, tr(request, N_("There is no table with the code “{code}”. Check the link you were "
                                                 "sent."), code=code[:20]))
    g = GAMES[game]
    unspoiled = nospoil_of(request)   # spoiler-free: the page opens from `start`, never the table's state
    start = await opening(request.app.state.tables.db, code, Viewer(identity_cookie(request.scope),
                          chosen_deals(request.cookies.get(SPOILERS_COOKIE)))) if unspoiled else None
    return _page(request, "review.html", code=code, title=tr(request, N_("Review of table {code}"), code=code),
                 client=f"/static/{g.client}", game_css=f"/static/{g.css}", unspoiled=unspoiled,
                 switched_on=switched_on(request), start=start)


# -- the room's socket ----------------------------------------------------------------------------------------
@sockets.websocket_route("/ws/review/{code}")
async def review_socket(websocket: WebSocket) -> None:
    ctx = websocket.app.state.tables
    code: str = websocket.path_params["code"]
    await websocket.accept()
    if token_query(websocket.scope) is not None:  # the Origin check lets ?token= sockets through: never here
        detail = tr(websocket, N_("The review room knows you by your cookie only: drop ?token=."))
        await _close(websocket, {"code": "invalid", "detail": detail}, 4422)
        return
    viewer = Viewer(identity_cookie(websocket.scope), chosen_deals(websocket.cookies.get(SPOILERS_COOKIE)))
    try:
        secret = await load_secret(ctx)
        async with ctx.db.reading() as s:
            table, host, person = await members.entering(s, code, viewer, secret)
    except TableError as exc:
        await _close(websocket, error_body(exc, websocket), 4000 + exc.status)
        return
    except StoreError as exc:
        domain = unavailable_for(exc)
        if domain is None:
            raise
        await _close(websocket, error_body(domain, websocket), 1013)
        return
    code, of = table.code, table.seq
    # nospoil: the viewer's switch or ?nospoil=1 on the socket (a spoiler-free page's): notes' news say only
    # that they changed, never on which move (app/tables/review/rooms.py)
    member = {"key": person["key"], "name": person["name"], "alone": False, "seat": person["seat"],
              "nospoil": nospoil_of(websocket)}
    conn = Connection(f"review:{code}", None, _sender(websocket), _closer(websocket),
                      queue_size=ctx.settings.ws_queue_size)
    room = await ctx.review.enter(code, of, host, conn, member)
    if room is None:
        await _close(websocket, {"code": "too_many_sockets",
                                 "detail": tr(websocket, N_("This review room is full; try again later."))}, TOO_MANY)
        return
    try:
        conn.open([{"type": "welcome", "code": code, "game": table.game, "of": of, "host": host,
                    "you": {"key": member["key"], "name": member["name"], "seat": person["seat"]}},
                   ctx.review.view(room)])
        limits = (Buckets(COMMANDS), Buckets(POINTERS))
        while not conn.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text") or (message.get("bytes") or b"").decode("utf-8", "replace")
            try:
                reply = await _handle(ctx, code, of, member, conn, raw, limits, viewer)
            except TableError as exc:
                reply = {"type": "error", **error_body(exc, websocket), "status": exc.status}
                if getattr(exc, "ref", None) is not None:
                    reply["ref"] = exc.ref
            if reply is not None:
                conn.send(said(reply, websocket))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        await ctx.review.leave(code, conn)
        await conn.stop()


async def _handle(ctx: Any, code: str, of: int, member: dict, conn: Connection, raw: str,
                  limits: tuple[Buckets, Buckets], viewer: Viewer) -> dict | None:
    if len(raw) > MAX_MESSAGE:
        return _error(N_("That message is too long ({n} characters; at most {max})."), n=len(raw), max=MAX_MESSAGE)
    try:
        msg = parse_message(raw)
    except (TooDeep, ValueError):
        return _error(N_("That message is not valid JSON (or nests too deep)."))
    if not isinstance(msg, dict):
        return _error(N_("A message must be a JSON object with a 'type'."))
    kind = msg.get("type")
    if kind == "ping":
        return {"type": "pong"}
    if kind not in ("lead", "goto", "alone", "point", "keep"):
        return _error(N_("Unknown message type {kind}; expected lead, goto, alone, point, keep or ping."),
                      kind=repr(str(kind)[:40]))
    wait = limits[1 if kind == "point" else 0].take("socket")
    if wait:
        return {"type": "error", "code": "rate_limited", "status": 429, "retry_after": math.ceil(wait),
                "detail": (N_("Too many pointers: wait {n} s.") if kind == "point"
                           else N_("Too many room messages: wait {n} s."), {"n": math.ceil(wait)})}
    if kind == "lead":
        await ctx.review.command(code, member, {"op": "lead"})
    elif kind == "alone":
        if type(msg.get("alone")) is not bool:
            return _error(N_("'alone' must be true (browse alone) or false (follow the leader)."))
        await ctx.review.set_alone(code, conn, msg["alone"])
    elif kind == "goto":
        return await _goto(ctx, code, of, member, msg, viewer)
    elif kind == "keep":
        return await _keep(ctx, code, member, msg, viewer)
    else:
        point = room_rules.parse_point(msg)
        if point is None:
            return _error(N_("A pointer is {\"type\": \"point\", \"svg\": 0-15, \"x\", \"y\" (numbers), \"at\": the "
                             "step's key, such as \"12\" or \"12+3:k2f9\"}."))
        await ctx.review.point(code, member, point)
    return None


async def _keep(ctx: Any, code: str, member: dict, msg: dict, viewer: Viewer) -> dict:
    """Keep the what-if {"name", "ply", "moves"} as this member of the room (the only way a person who is not
    a player of the table keeps one): "kept" with its drop key to the sender; the room hears of it."""
    ref = msg.get("ref") if isinstance(msg.get("ref"), str) and REF.fullmatch(msg["ref"]) else None  # echoed
    try:
        kept = await branches.keep(ctx, code, {k: msg.get(k) for k in ("name", "ply", "moves")},
                                   branches.Keeper(member["key"], member["name"], member.get("seat") is not None),
                                   viewer)
    except TableError as exc:
        exc.ref = ref
        raise
    await ctx.review.kept(code, member, kept["id"])
    return {"type": "kept", "ref": ref, "branch": kept}


async def _goto(ctx: Any, code: str, of: int, member: dict, msg: dict, viewer: Viewer) -> dict | None:
    raw = msg.get("pos")
    if isinstance(raw, dict) and raw.get("name") is not None:  # the text policy, with its sentence (bad_text)
        raw = {**raw, "name": room_rules.clean_name(raw["name"])}
    pos = room_rules.parse_pos(raw, of)
    if pos is None:
        return _error(N_("'pos' must be {{\"ply\": 0-{of}, \"line\": [at most {max} {{\"seat\", \"move\"}}], \"at\", "
                         "\"branch\", \"name\"}}."), of=of, max=room_rules.MAX_LINE)
    room = ctx.review.rooms.get(code)
    leader = room.state["leader"] if room is not None else None
    if leader is None or leader["key"] != member["key"]:
        raise Forbidden(N_("Only the leader moves the room: take the lead first, or browse alone."), "not_leader")
    if pos["line"]:  # the what-if's moves must be legal before anyone follows them
        async with ctx.db.reading() as s:
            _, g, doc, _ = await lines.start_of(s, code, pos["ply"], viewer)
        lines.play_line(g, doc, pos["line"])
    await ctx.review.command(code, member, {"op": "goto", "pos": pos})
    return None


async def _close(websocket: WebSocket, body: dict, code: int) -> None:
    await websocket.send_json({"type": "error", **body})
    await websocket.close(code=code)
