"""Read-only questions: the games list, a table's state and log, a browser's tables (/me)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy.ext.asyncio import AsyncSession

from app.bots import levels_of
from app.games import GAMES
from app.store import ENDED, queries, utcnow
from app.tables.live import chat
from app.tables.live import cursors
from app.tables.live.commands import Sync, Welcome
from app.tables.live.tables import LiveTable
from app.tables.live.moves import steps_since
from app.tables.live.pace import me_deadline
from app.tables.seats import Caller, find_table, player_of_cookie
from app.tables.takeback_steps import taken_back
from app.tables.live.state import build_state, iso, snapshot_of_view, step_for

if TYPE_CHECKING:
    from app.tables.live.context import Context


def games() -> list[dict]:
    out = []
    for g in GAMES.values():
        out.append({"name": g.name, "title": g.title, "pitch": g.pitch, "cooperative": g.cooperative,
                    "min_players": g.min_players, "max_players": g.max_players, "max_plies": g.max_plies,
                    "simultaneous": g.simultaneous, "chance": g.chance, "hidden_information": g.hidden_information,
                    "options": g.default_options(g.min_players), "option_specs": g.option_specs(g.min_players),
                    "client": f"/static/{g.client}", "css": f"/static/{g.css}", "rules": f"/rules/{g.name}",
                    "bot_levels": list(levels_of(g.name))})
    return out


SYNC_MAX = 1000  # more missed steps than this: the client gets a fresh state only
def welcome_state(ctx: Context, live: LiveTable, seat: int | None) -> dict:
    """The welcome's state: as ctx.state_of, with the reading shared by the table's sockets and the legal
    moves as JSON text when the game writes them (the socket's writer encodes with orjson)."""
    snap, code = live.snap, live.snap.code
    return build_state(snap, seat, ctx.presence.connected(code), ctx.presence.spectators(code), live.reading(),
                       encoding=True)


async def welcome(ctx: Context, caller: Caller, live: LiveTable, since: str | None) -> list[dict]:
    """A socket's first messages: state and chat_history (from the live table), and the missed steps when
    the client says since=N. For the socket's writer only: the state may hold orjson fragments."""
    state = welcome_state(ctx, live, caller.seat)
    history = live.chat
    if history is None:  # not known here yet: read once, kept unless a line was said meanwhile
        heard = live.chats
        async with ctx.db.reading() as s:
            history = await chat.history(s, caller.table_id)
        if live.chat is None and live.chats == heard and ctx.live.holds(live):
            live.chat = list(history)
    else:
        history = list(history)
    first = [{"type": "state", **state}, {"type": "chat_history", "messages": history}]
    if since is not None and since.isdigit() and len(since) <= 12:
        first.append(await sync(ctx, caller, int(since)))
    return first


async def on_welcome(ctx: Context, command: Welcome) -> None:
    """In the table's turn: the socket's first messages, its cursor, and the socket opened (what arrived
    for it meanwhile follows them)."""
    first = await welcome(ctx, command.caller, command.live, command.since)
    cursors.sent_state(command.conn, first[-1]["state"] if first[-1]["type"] == "sync" else first[0])
    command.conn.open(first)


async def on_sync(ctx: Context, command: Sync) -> None:
    """In the table's turn: the reply sent and the socket's cursor moved with nothing between them."""
    reply = await sync(ctx, command.caller, command.since)
    command.send(reply)
    cursors.sent_state(command.conn, reply["state"])


async def sync(ctx: Context, caller: Caller, since: int) -> dict:
    """The steps after `since` as the caller may see them (none when too many), and a fresh state: from the
    live table when it holds every step missed (a reconnect after a short blip), else from the database."""
    live = ctx.live.peek(caller.code)
    if live is not None and live.steps is not None and 0 <= live.snap.seq - since <= len(live.steps):
        snap, g = live.snap, GAMES[live.snap.game]
        gone = taken_back(live.steps)
        steps = [step_for(g, x, caller.seat, snap.doc, x["seq"] in gone) | {"at": x["at"]}
                 for x in live.steps if x["seq"] > since]
        return {"type": "sync", "since": since, "steps": steps, "state": ctx.state_of(snap, caller.seat)}
    async with ctx.db.session() as s:
        table = await find_table(s, caller.code)
        steps = []
        if 0 <= table.seq - since <= SYNC_MAX:
            steps = await steps_since(ctx, s, table.id, table.game, table.doc, since, caller.seat)
        return {"type": "sync", "since": since, "steps": steps, "state": await ctx.state(s, table, caller.seat)}


def table_state(ctx: Context, caller: Caller) -> dict:
    """The state as `caller` may see it, from the rows read when the caller was identified."""
    return ctx.state_of(snapshot_of_view(caller.table, caller.seats), caller.seat)


async def table_log(ctx: Context, s: AsyncSession, caller: Caller) -> dict:
    table = await find_table(s, caller.code)
    steps = await steps_since(ctx, s, table.id, table.game, table.doc, 0, caller.seat, limit=None)
    return {"code": table.code, "game": table.game, "seq": table.seq, "you": caller.seat, "steps": steps}


PICTURES = 24  # /me draws the board of this many tables (the last changed); the others get a plain card


async def me(s: AsyncSession, cookie: str | None, nospoil: bool = False) -> dict:
    """The browser's tables (docs/API.md GET /api/me), read in one statement: each with its players' names,
    the seats to act, the last move's time and, for the PICTURES last changed, the board as this player's
    seat sees it (`Game.view(doc, seat)`: nothing another seat may not show it). `nospoil` (the person's
    "Don't spoil" switch): an ended table carries neither its board (which holds the result and the final
    score) nor its length (`seq` null), as its spoiler-free replay shows neither before the end."""
    player = await player_of_cookie(s, cookie)
    if player is None:
        return {"name": None, "tables": []}
    tables: dict[int, dict] = {}
    for row in await queries.tables_of_player(s, player.id):
        t = tables.get(row.id)
        if t is None:
            g = GAMES.get(row.game)
            playing = row.status == "playing"
            hidden = nospoil and row.status in ENDED  # "Don't spoil": nothing of how an ended game went
            view = g.view(row.doc, row.mine) if g is not None and len(tables) < PICTURES and not hidden else None
            t = tables[row.id] = {
                "code": row.code, "game": row.game, "title": g.title if g is not None else row.game,
                "status": row.status, "seat": row.mine, "your_turn": playing and row.mine in (row.to_act or []),
                "to_act": list(row.to_act or []) if playing else [], "seq": None if hidden else row.seq,
                "players": [],
                "updated_at": iso(row.updated_at), "moved_at": iso(row.moved_at), "view": view,
                "deadline": me_deadline(row)}
        t["players"].append({"seat": row.at, "name": row.name, "bot": row.bot is not None})
    return {"name": player.name, "now": iso(utcnow()), "tables": list(tables.values())}
