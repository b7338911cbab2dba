"""Hints: a seated player whose turn it is asks the table's game bot what it would play, and why.

The bot gets the asking seat's view and legal moves, exactly as when it plays that seat itself, and runs in
the bots' workers under the table's budget (BotRunner.hint), behind the bots' own turns. A hint changes
nothing in the game. One hint at a time per seat and app instance; hints are also limited per seat and per
address (app/web/ratelimit.py, ICEHOUSE_RATE_LIMIT_HINT*).

Every hint is counted in the table's chat rows, but not every one is a line people see: at a table of two
or more people, the first hint of a seat's turn is a line from the table itself (seat HINT_SEAT, "kind":
"hint": "Ann asked for a hint (hint 3 at this table)"), and the hints the seat asks again in that same turn
are quiet rows (seat QUIET_HINT_SEAT), counted but never sent nor shown in the chat history. At a table
of one person every hint is quiet: nobody else is there to tell. The count is in each hint's answer.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from concurrent.futures.process import BrokenProcessPool

from sqlalchemy import func, select

from app.bots import bot_for_game
from app.games import GAMES
from app.store import ChatMessage, queries, utcnow
from app.tables.lobby.chat import HINT_SEAT, QUIET_HINT_SEAT, as_message
from app.tables.live.actor import after_chat
from app.tables.errors import Conflict, NotPlaying, NotYourTurn, Unavailable
from app.tables.lobby.seats import Caller
from app.tables.service import Tables

log = logging.getLogger("icehouse.hints")

STREAKS_KEPT = 10_000  # (table, seat) -> the seq of its last shown hint line, per app instance


class Streaks:
    """The turn of each seat's last shown hint line: a hint in the same turn writes no other line."""

    def __init__(self) -> None:
        self._shown: OrderedDict[tuple[str, int], int] = OrderedDict()

    def first_of_turn(self, code: str, seat: int, seq: int) -> bool:
        key = (code, seat)
        first = self._shown.get(key) != seq
        self._shown.pop(key, None)
        self._shown[key] = seq
        while len(self._shown) > STREAKS_KEPT:
            self._shown.popitem(last=False)
        return first


streaks = Streaks()


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
    count = await record(ctx, caller, seat, snap.seq)
    return {"seq": snap.seq, "move": answer["move"], "reason": answer.get("reason") or "", "hints": count}


async def record(ctx: Tables, caller: Caller, seat: int, seq: int) -> int:
    """Count a hint (see the module docstring); the line "Ann asked for a hint (hint 2 at this table)" is
    written and sent only for a seat's first hint of a turn at a table of two or more people. Returns the
    number of hints asked at this table, this one included."""
    async with ctx.db.writing() as s:
        seats = await queries.seats_of(s, caller.table_id)
        count = 1 + (await s.execute(select(func.count()).select_from(ChatMessage).where(
            ChatMessage.table_id == caller.table_id, ChatMessage.seat.in_((HINT_SEAT, QUIET_HINT_SEAT))))
        ).scalar_one()
        people = sum(1 for x in seats if x.name is not None and not x.bot)
        shown = people > 1 and streaks.first_of_turn(caller.code, seat, seq)
        name = seats[seat].name or f"Seat {seat}"
        msg = ChatMessage(table_id=caller.table_id, seat=HINT_SEAT if shown else QUIET_HINT_SEAT, name=name,
                          text=f"{name} asked for a hint (hint {count} at this table)", at=utcnow())
        s.add(msg)
        await s.commit()
        message = as_message(msg)
    if shown:
        await after_chat(ctx, caller.code, message)
    return count
