"""Hints: a seated player whose turn it is asks the table's game bot what it would play, and why.

The bot gets the asking seat's view and legal moves, exactly as when it plays that seat itself, and runs in
the bots' workers under the table's budget (BotRunner.hint), behind the bots' own turns. A hint changes
nothing in the game. One hint at a time per seat and app instance; hints are also limited per seat and per
address (app/web/ratelimit.py, ICEHOUSE_RATE_LIMIT_HINT*).

Every hint is counted in the table's chat rows, but not every one is a line people see: at a table of two
or more people, the first hint of a seat's turn is a line from the table itself (seat HINT_SEAT, "kind":
"hint", said as the message "{name} asked for a hint (hint {n} at this table)" with its name and count:
app/tables/says.py), and the hints the seat asks again in that same turn
are quiet rows (seat QUIET_HINT_SEAT), counted but never sent nor shown in the chat history. At a table
of one person every hint is quiet: nobody else is there to tell. The count is in each hint's answer.

The count and the row are a command on the live table, stored by the group-commit writer in its batch
(app/store/seat_records.py: CountHint), like a chat line (app/tables/live/chat.py); a shown line is kept and published
only once that batch has committed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import asyncio
import logging
from collections import OrderedDict
from concurrent.futures.process import BrokenProcessPool

from app.bots import bot_for_game
from app.games import GAMES
from app.store import utcnow
from app.store.seat_records import CountHint
from app.tables import says
from app.tables.live.chat import HINT_SEAT, KINDS, QUIET_HINT_SEAT
from app.tables.live.actor import after_chat, stored
from app.tables.errors import Conflict, N_, NotPlaying, NotYourTurn, Unavailable
from app.tables.seats import Caller, not_found
from app.tables.live.state import iso
from app.tables.live.commands import CountHint as CountHintCmd

if TYPE_CHECKING:
    from app.tables.live.context import Context

log = logging.getLogger("icehouse.hints")

STREAKS_KEPT = 10_000  # (table, seat) -> the seq of its last shown hint line, per app instance


class Streaks:
    """The turn of each seat's last shown hint line: a hint in the same turn writes no other line."""

    def __init__(self) -> None:
        self._shown: OrderedDict[tuple[str, int], int] = OrderedDict()

    def first_of_turn(self, code: str, seat: int, seq: int) -> bool:
        """No line was shown for this seat's turn at `seq` yet (nothing is marked: see `shown`)."""
        return self._shown.get((code, seat)) != seq

    def shown(self, code: str, seat: int, seq: int) -> None:
        """The line of the seat's turn at `seq` was stored: marked once its batch committed (a failed one
        marks nothing, so the hint asked again is still the first)."""
        key = (code, seat)
        self._shown.pop(key, None)
        self._shown[key] = seq
        while len(self._shown) > STREAKS_KEPT:
            self._shown.popitem(last=False)


streaks = Streaks()


async def hint(ctx: Context, caller: Caller) -> dict:
    """{"seq", "move", "reason"} for the caller's seat: one of its legal moves, and a few words on why
    ("" when the bot has none). The move is a suggestion only; the player sends it like any other."""
    seat = caller.seated()
    snap = (await ctx.live.get(caller.code)).snap
    if snap.status != "playing":
        raise NotPlaying(N_("Table {code} is not playing: it is {status}, so there is nothing to hint."),
                         code=snap.code, status=snap.status)
    if seat not in snap.to_act:
        raise NotYourTurn(N_("It is not your turn: a hint is for the seat to act, and seat {seat} is not."), seat=seat)
    key = (snap.code, seat)
    if key in ctx.bots.hinting:
        raise Conflict(N_("A hint for seat {seat} is on its way already: wait for it."), "hint_pending", seat=seat)
    g = GAMES[snap.game]
    view, legal = g.view(snap.doc, seat), g.legal_moves(snap.doc, seat)
    ctx.bots.hinting.add(key)
    try:
        budget = ctx.bots.seconds_for(snap.game, snap.options)
        answer = await ctx.bots.hint(bot_for_game(snap.game), view, seat, legal, budget)
    except (asyncio.TimeoutError, BrokenProcessPool):
        log.warning("no hint in time", extra={"table": snap.code, "seat": seat, "seq": snap.seq})
        raise Unavailable(N_("The bot found no hint in time; ask again in a moment.")) from None
    finally:
        ctx.bots.hinting.discard(key)
    count = await record(ctx, caller, seat, snap.seq)
    out = {"seq": snap.seq, "move": answer["move"], "reason": answer.get("reason") or "", "hints": count}
    if answer.get("reason_say"):
        out["reason_say"] = answer["reason_say"]   # said in the reader's language by the web layer
    return out


async def record(ctx: Context, caller: Caller, seat: int, seq: int) -> int:
    """Count a hint (see the module docstring); the line "Ann asked for a hint (hint 2 at this table)" is
    written and sent only for a seat's first hint of a turn at a table of two or more people. Returns the
    number of hints asked at this table, this one included.

    A command on the live table, like a chat line (chat.say): under its lock, who is seated is the
    snapshot's (seats change only in the lobby), the count and the row are the writer's, in its batch (two
    hints, from here or from another instance, never get the same number), and the line is kept and
    published (`after_chat`) only once that batch has committed; a database failure is a 503."""
    return await ctx.actors.ask(caller.code, CountHintCmd(caller.code, seat, seq))


async def on_count_hint(ctx: Context, command: CountHintCmd) -> int:
    """The table's actor counts a hint (see `record`)."""
    seat, seq = command.seat, command.seq
    live = await ctx.live.get(command.code)
    code = live.snap.code
    people = sum(1 for x in live.snap.seats if x["name"] is not None and not x["bot"])
    shown = people > 1 and streaks.first_of_turn(code, seat, seq)
    chat_seat = HINT_SEAT if shown else QUIET_HINT_SEAT
    at = utcnow()
    name = live.snap.seats[seat]["name"]  # seats change only in the lobby: a hint is asked while playing
    said = says.say(says.HINT, name=says.seat_name(name, seat))  # the store adds the count ("n")
    result = await stored(ctx, CountHint(live.snap.id, seat, chat_seat, (HINT_SEAT, QUIET_HINT_SEAT),
                                         name or says.english(said["params"]["name"]), said, says.english, at))
    if result[0] != "ok":  # deleted meanwhile (an admin)
        ctx.live.drop(code)
        raise not_found(command.code)
    _, count, said, text = result
    if shown:
        streaks.shown(code, seat, seq)
        await after_chat(ctx, code, {"seat": chat_seat, "name": name or says.english(said["params"]["name"]),
                                     "text": text, "say": said, "at": iso(at), "kind": KINDS[chat_seat]})
    return count
