"""Table chat: seated players talk, everyone with the link reads. Kept per table.

A line is a command on the live table (app/tables/live/tables.py), like a move or a seat taken: the text
policy, the seat (and, before it, the rate limits of app/web/ratelimit.py) are checked first; then, under
the table's lock, the group-commit writer stores the line in its batch (app/store/chat_records.py), and
only once that batch has committed is it kept in the live table's chat tail and published
(`actor.after_chat`), and answered. A database failure is a 503 and nothing is published.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy.ext.asyncio import AsyncSession

from app.store import ChatMessage, queries, utcnow
from app.store.chat_records import ChatLine
from app.tables.live.actor import after_chat, stored
from app.tables import says
from app.tables.live.commands import Say
from app.tables import text as text_policy
from app.tables.seats import Caller, not_found
from app.tables.live.state import iso

if TYPE_CHECKING:
    from app.tables.live.context import Context

CHAT_MAX = text_policy.CHAT_MAX
HISTORY = 200
# The chat seats of the rows the table itself writes: a hint noted (lobby/hints.py), a nudge (notify/settings.py),
# and a hint counted without a line (never sent, and left out of the history by the store's query).
HINT_SEAT = -1
NUDGE_SEAT = -2
QUIET_HINT_SEAT = queries.QUIET_HINT_SEAT
PACE_SEAT = -4  # the pace's lines: a time ran out, a player back, a turn the bot played (app/tables/live/pace.py)
KINDS = {HINT_SEAT: "hint", NUDGE_SEAT: "nudge", QUIET_HINT_SEAT: "hint", PACE_SEAT: "pace"}


def as_message(m: ChatMessage) -> dict:
    """A chat line; "kind" is "chat" (a seat spoke), "hint" (seat -1: the table notes a hint, lobby/hints.py),
    "nudge" (seat -2: a teammate nudged the seat to act, app/tables/notify/settings.py) or "pace" (seat -4:
    the pace's, the pause's and the takebacks' lines). A line the table says has its "say" (a message id and
    its params: app/tables/says.py), "text" being its English."""
    out = {"seat": m.seat, "name": m.name, "text": m.text, "at": iso(m.at), "kind": KINDS.get(m.seat, "chat")}
    if getattr(m, "say", None):
        out["say"] = m.say
    return out


def clean_text(raw: object) -> str:
    """A chat line: text.chat_line, the one function for chat lines (kept under this name for its callers)."""
    return text_policy.chat_line(raw)


async def history(s: AsyncSession, table_id: int) -> list[dict]:
    return [as_message(m) for m in await queries.chat_of(s, table_id, HISTORY)]


async def say(ctx: Context, caller: Caller, raw: object) -> dict:
    return await ctx.actors.ask(caller.code, Say(caller.code, caller.seated(), clean_text(raw)))


async def on_say(ctx: Context, command: Say) -> dict:
    """The table's actor: one table's lines are stored, kept and published in the order they were said."""
    seat, text = command.seat, command.text
    live = await ctx.live.get(command.code)
    line = ChatLine(live.snap.id, seat, text, utcnow(), says.english(says.say(says.SEAT, n=seat)))
    result = await stored(ctx, line)
    if result[0] != "ok":  # deleted meanwhile (an expired lobby, an admin)
        ctx.live.drop(live.snap.code)
        raise not_found(command.code)
    message = {"seat": seat, "name": result[2], "text": text, "at": iso(line.at), "kind": KINDS.get(seat, "chat")}
    await after_chat(ctx, live.snap.code, message)
    return message
