"""Hints: a seated player whose turn it is asks the table's game bot what it would play, and why.

The bot gets the asking seat's view and legal moves, exactly as when it plays that seat itself, and runs in
the bots' workers under the table's budget (BotRunner.hint). A hint changes nothing in the game. Each hint
is recorded as a line of the table's chat from the table itself (seat -1, "kind": "hint"), so everyone at
the table sees it and the hints of a game can be counted. One hint at a time per seat and app instance.
"""
from __future__ import annotations

import asyncio
import logging
from concurrent.futures.process import BrokenProcessPool

from sqlalchemy import func, select

from app.bots import bot_for_game
from app.games import GAMES
from app.store import ChatMessage, queries, utcnow
from app.tables.chat import as_message
from app.tables.errors import Conflict, NotPlaying, NotYourTurn, Unavailable
from app.tables.seats import Caller
from app.tables.service import Tables

log = logging.getLogger("icehouse.hints")

HINT_SEAT = -1  # the chat seat of the lines the table itself writes


async def hint(ctx: Tables, caller: Caller) -> dict:
    """{"seq", "move", "reason"} for the caller's seat: one of its legal moves, and a few words on why
    ("" when the bot has none). The move is a suggestion only; the player sends it like any other."""
    seat = caller.seated()
    snap = (await ctx.live.get(caller.code)).snap
    if snap.status != "playing":
        raise NotPlaying(f"Table {snap.code} is not playing: it is {snap.status}, so there is nothing to hint.")
    if seat not in snap.to_act:
        raise NotYourTurn(f"It is not your turn: a hint is for the seat to act, and seat {seat} is not.")
    key = (snap.code, seat)
    if key in ctx.bots.hinting:
        raise Conflict(f"A hint for seat {seat} is on its way already: wait for it.", "hint_pending")
    g = GAMES[snap.game]
    view, legal = g.view(snap.doc, seat), g.legal_moves(snap.doc, seat)
    ctx.bots.hinting.add(key)
    try:
        answer = await ctx.bots.hint(bot_for_game(snap.game), view, seat, legal, ctx.bots.seconds_for(snap.options))
    except (asyncio.TimeoutError, BrokenProcessPool):
        log.warning("no hint in time", extra={"table": snap.code, "seat": seat, "seq": snap.seq})
        raise Unavailable("The bot found no hint in time; ask again in a moment.") from None
    finally:
        ctx.bots.hinting.discard(key)
    await record(ctx, caller, seat)
    return {"seq": snap.seq, "move": answer["move"], "reason": answer.get("reason") or ""}


async def record(ctx: Tables, caller: Caller, seat: int) -> None:
    """The chat line of a hint: "asked for a hint (hint 2 at this table)", from the table itself."""
    async with ctx.db.writing() as s:
        seats = await queries.seats_of(s, caller.table_id)
        count = 1 + (await s.execute(select(func.count()).select_from(ChatMessage).where(
            ChatMessage.table_id == caller.table_id, ChatMessage.seat == HINT_SEAT))).scalar_one()
        name = seats[seat].name or f"Seat {seat}"
        msg = ChatMessage(table_id=caller.table_id, seat=HINT_SEAT, name=name,
                          text=f"{name} asked for a hint (hint {count} at this table)", at=utcnow())
        s.add(msg)
        await s.commit()
        message = as_message(msg)
    await ctx.publish_chat(caller.code, message)
