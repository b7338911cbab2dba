"""REST routes of docs/API.md. Thin: parse, depend, call one function of app/tables."""
from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.tables import replay
from app.tables.showcase import games_showcase

from app.tables.live import chat

from app.tables.lobby import hints

from app.tables.lobby import rematch as lobby

from app.tables.lobby import commands as lobby_commands

from app.tables.live import moves

from app.tables.live import reads
from app.tables.identity import COOKIE_NAME
from app.web.deps import Caller, Cookie, Ctx, Db, SeatAuth, Spoilers
from app.web.i18n import lang_of
from app.web.nospoil import nospoil_of
from app.web.scores import said
from app.web.schemas import AddBot, CreateTable, Join, PlayMove, Say

router = APIRouter(prefix="/api")

COOKIE_AGE = 400 * 24 * 3600  # about as long as browsers keep a cookie


def set_identity(response: Response, ctx: Ctx, cookie: str | None) -> None:
    if cookie is not None:
        response.set_cookie(COOKIE_NAME, cookie, max_age=COOKIE_AGE, path="/", httponly=True, samesite="lax",
                            secure=ctx.settings.cookie_secure)


@router.get("/games")
async def list_games() -> list[dict]:
    return reads.games()


@router.get("/showcase")
async def showcase(response: Response, ctx: Ctx) -> list[dict]:
    response.headers["Cache-Control"] = "public, max-age=600"
    return await games_showcase(ctx.db)


@router.post("/tables", status_code=201)
async def create_table(body: CreateTable, ctx: Ctx, cookie: Cookie, request: Request, response: Response) -> dict:
    seated = await lobby_commands.create(ctx, game=body.game, players=body.players, options=body.options,
                                name=body.name, cookie=cookie, lang=lang_of(request))
    set_identity(response, ctx, seated.cookie)   # the page's language is kept for their notifications
    return seated.body


@router.post("/tables/{code}/join")
async def join_table(code: str, body: Join, ctx: Ctx, cookie: Cookie, request: Request, response: Response) -> dict:
    seated = await lobby_commands.join(ctx, code, name=body.name, cookie=cookie, lang=lang_of(request))
    set_identity(response, ctx, seated.cookie)
    return seated.body


@router.post("/tables/{code}/bots")
async def add_bot(caller: SeatAuth, ctx: Ctx, body: AddBot | None = None) -> dict:
    return await lobby_commands.add_bot(ctx, caller, body.seat if body else None, body.bot if body else None)


@router.post("/tables/{code}/start")
async def start_table(caller: SeatAuth, ctx: Ctx) -> dict:
    return await lobby_commands.start(ctx, caller)


@router.get("/tables/{code}")
async def get_table(caller: Caller, ctx: Ctx) -> dict:
    return reads.table_state(ctx, caller)


@router.post("/tables/{code}/moves")
async def play_move(body: PlayMove, caller: SeatAuth, ctx: Ctx) -> dict:
    snap = await moves.play_for(ctx, caller, body.seq, body.move)
    return ctx.state_of(snap, caller.seat)


@router.post("/tables/{code}/hint")
async def ask_hint(caller: SeatAuth, ctx: Ctx, request: Request) -> dict:
    answer = await hints.hint(ctx, caller)
    reason = said(request, answer.pop("reason_say", None))   # the bot's reason in the reader's language
    return {**answer, "reason": reason} if reason is not None else answer


@router.get("/tables/{code}/log")
async def table_log(caller: Caller, ctx: Ctx, db: Db) -> dict:
    return await reads.table_log(ctx, db, caller)


@router.get("/tables/{code}/replay", responses={
    403: {"description": "It would spoil the deal this browser is playing at another table (spoilers)."},
    409: {"description": "The game has not ended yet (not_over)."}})
async def table_replay(code: str, db: Db, cookie: Cookie, spoilers: Spoilers, seq: int | None = None) -> dict:
    """Once the game has ended, for anyone: the doc after `seq` moves (default: all), every hand shown (but
    never the secret), the spectator's view of it and the step that led there; 409 not_over before; 403
    spoilers to a browser playing the same deal at another table (unless it chose to see spoilers)."""
    return await replay.public_replay(db, code, seq, cookie=cookie, chosen=spoilers)


@router.post("/tables/{code}/rematch", status_code=201,
             responses={200: {"description": "The rematch was made already: its state, for the caller."}})
async def rematch(caller: SeatAuth, ctx: Ctx, response: Response) -> dict:
    state, created = await lobby.rematch(ctx, caller)
    if not created:
        response.status_code = 200
    return state


@router.get("/tables/{code}/chat")
async def chat_history(caller: Caller, db: Db) -> list[dict]:
    return await chat.history(db, caller.table_id)


@router.post("/tables/{code}/chat", status_code=201)
async def say(body: Say, caller: SeatAuth, ctx: Ctx) -> dict:
    return await chat.say(ctx, caller, body.text)


@router.get("/me")
async def me(db: Db, cookie: Cookie, request: Request) -> dict:
    """The browser's tables; with "Don't spoil" on (its cookie, or ?nospoil=1) an ended table carries no
    board and no length (docs/API.md "Spoiler-free replays")."""
    return await reads.me(db, cookie, nospoil_of(request))
