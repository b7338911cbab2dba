"""Table chat: seated players talk, everyone with the link reads. Kept per table."""
from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from app.store import ChatMessage, queries, utcnow
from app.tables.lobby import text as text_policy
from app.tables.lobby.seats import Caller, find_table
from app.tables.context import Context
from app.tables.live.state import iso

CHAT_MAX = 500
HISTORY = 200
KINDS = {-1: "hint", -2: "nudge", -3: "hint"}  # chat seats of the rows the table itself writes (hints.py,
# notify_settings.py)
NUDGE_SEAT = -2
QUIET_HINT = -3  # a hint counted without a line: never sent, and not in the history (queries.chat_of)


def as_message(m: ChatMessage) -> dict:
    """A chat line; "kind" is "chat" (a seat spoke), "hint" (seat -1: the table notes a hint, hints.py) or
    "nudge" (seat -2: a teammate nudged the seat to act, notify_settings.py)."""
    return {"seat": m.seat, "name": m.name, "text": m.text, "at": iso(m.at), "kind": KINDS.get(m.seat, "chat")}


def clean_text(raw: object) -> str:
    """A chat line: the text policy (app/tables/lobby/text.py), 1..500 characters, at least one of them visible."""
    return text_policy.clean(raw, what="A chat message", max_len=CHAT_MAX, shown=True)


async def history(s: AsyncSession, table_id: int) -> list[dict]:
    return [as_message(m) for m in await queries.chat_of(s, table_id, HISTORY)]


async def say(ctx: Context, caller: Caller, raw: object) -> dict:
    seat = caller.seated()
    text = clean_text(raw)
    async with ctx.db.writing() as s:
        table = await find_table(s, caller.code)
        seats = await queries.seats_of(s, table.id)
        msg = ChatMessage(table_id=table.id, seat=seat, name=seats[seat].name or f"Seat {seat}", text=text,
                          at=utcnow())
        s.add(msg)
        await s.commit()
        message = as_message(msg)
    await ctx.publish_chat(caller.code, message)
    return message
