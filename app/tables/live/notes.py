"""Notes on a move (issue 48): a player of a table writes a note on one of its steps; its author alone edits
or deletes it.

Who writes: a person seated at the table (known by their seat token or their browser's identity cookie).
While the game is on, only on their own seat's moves, and the note is theirs alone until the game ends
(`during`): it is in no state, socket message, log or replay, and GET .../notes gives it to its author only.
Once the game has ended (finished or abandoned) any of the table's players notes any move, and every note
is shown to whoever may see the replay (the spoiler rule of deals holds, app/web/deps.py). The admin sees
every note in the table's history (app/tables/admin/tables.py).

A note is a command of the table's actor (commands.Note: in order with the table's moves, so a note asked
after the last move is written after the game ended), recorded as one transaction of the group-commit
writer that locks the table's row and checks every rule again against the database: the game's status,
the step's mover, the note's author, the seat's count. Its text goes through the one text policy of chat
lines (app/tables/text.py: bad_text), at most NOTE_MAX characters; a seat keeps at most PER_SEAT notes at a
table. The admin deletes any note (`admin_drop`, app/tables/admin/tables.py), the same way.

Once committed, a note written, edited or deleted on an ended table is told to the table's review rooms on
every instance (`ctx.publish_note`: the broker, then app/tables/review/rooms.py, each socket with its own
"mine"), carrying only what everyone there may see: the note as GET .../notes gives it once the game has
ended, or the id and step of the one deleted. While the game is on nothing is published: such a note is its
author's alone, and reaches no socket (their own neither: the REST answer is theirs).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.store import ENDED, note_queries, utcnow
from app.store.models import MoveNote
from app.tables import text as text_policy
from app.tables.errors import N_, Conflict, Forbidden, Invalid, NotFound
from app.tables.live.commands import Note
from app.tables.live.state import iso
from app.tables.seats import Caller, find_table

if TYPE_CHECKING:
    from app.tables.live.context import Context

NOTE_MAX = 500  # characters of a note
PER_SEAT = 200  # notes a seat keeps at one table
NOTE_WHAT = N_("A note")


def clean_text(raw: object) -> str:
    return text_policy.chat_line(raw, what=NOTE_WHAT, max_len=NOTE_MAX)


def body(row: MoveNote, name: str | None, viewer_seat: int | None) -> dict:
    return {"id": row.id, "seq": row.seq, "seat": row.seat, "name": name, "text": row.text, "during": row.during,
            "created_at": iso(row.created_at), "edited_at": iso(row.edited_at),
            "mine": viewer_seat is not None and viewer_seat == row.seat}


async def shown(s: AsyncSession, caller: Caller) -> list[dict]:
    """The notes of the caller's table that the caller may see: every note once the game has ended; before,
    the caller's own seat's (nothing for a spectator)."""
    status = caller.table.status if caller.table is not None else (await find_table(s, caller.code)).status
    if status in ENDED:
        rows = await note_queries.notes_of(s, caller.table_id)
    elif caller.seat is not None:
        rows = await note_queries.notes_of(s, caller.table_id, seat=caller.seat)
    else:
        rows = []
    return [body(n, name, caller.seat) for n, name in rows]


async def every(s: AsyncSession, table_id: int) -> list[dict]:
    """Every note of a table (the admin's history)."""
    return [body(n, name, None) for n, name in await note_queries.notes_of(s, table_id)]


async def write(ctx: Context, caller: Caller, seq: int, raw: object) -> dict:
    return await ctx.actors.ask(caller.code, Note(caller.code, "write", caller.seated(), seq=seq,
                                                  text=clean_text(raw)))


async def edit(ctx: Context, caller: Caller, note_id: int, raw: object) -> dict:
    return await ctx.actors.ask(caller.code, Note(caller.code, "edit", caller.seated(), note_id=note_id,
                                                  text=clean_text(raw)))


async def drop(ctx: Context, caller: Caller, note_id: int) -> None:
    await ctx.actors.ask(caller.code, Note(caller.code, "drop", caller.seated(), note_id=note_id))


async def admin_drop(ctx: Context, code: str, note_id: int) -> dict:
    """The admin deletes note `note_id` of table `code` (any note, the private ones too): what it was."""
    return await ctx.actors.ask(code, Note(code, "admin_drop", None, note_id=note_id))


async def on_note(ctx: Context, command: Note) -> dict | None:
    """The table's actor: the note written, edited or dropped in one transaction of the writer; then, on an
    ended table, told to its review rooms (the module's docstring)."""

    async def work(s: AsyncSession) -> tuple[dict | None, dict | None]:
        table = await find_table(s, command.code, for_update=True)  # the rules below hold under concurrency
        ended = table.status in ENDED  # a note's audience: nobody but its author while the game is on
        if command.op == "write":
            seat = await note_queries.seat_row(s, table.id, command.seat)
            note = await _write(s, table, seat, command)
            return note, _news("write", note) if ended else None
        row = await note_queries.note(s, table.id, command.note_id) if command.note_id is not None else None
        if row is None:
            raise NotFound(N_("Table {code} has no note {id}: it may have been deleted."), "no_note", code=table.code,
                           id=command.note_id)
        if command.op == "admin_drop":
            author = await note_queries.seat_row(s, table.id, row.seat)
            gone = body(row, author.name if author is not None else None, None) | {"code": table.code}
            news = _dropped(row) if ended else None
            await note_queries.drop(s, row)
            return gone, news
        if row.seat != command.seat:
            raise Forbidden(N_("Only its author may edit or delete a note."), "not_author")
        if command.op == "drop":
            news = _dropped(row) if ended else None
            await note_queries.drop(s, row)
            return None, news
        seat = await note_queries.seat_row(s, table.id, command.seat)
        row.text, row.edited_at = command.text, utcnow()
        await s.flush()
        note = body(row, seat.name if seat is not None else None, command.seat)
        return note, _news("edit", note) if ended else None

    answer, news = await ctx.writer.transaction(work)
    if news is not None:  # committed: the table's review rooms, on every instance, show it without a reload
        await ctx.publish_note(command.code, news)
    return answer


def _news(op: str, note: dict) -> dict:
    """What the review rooms are told of a note written or edited on an ended table: the note as everyone may
    read it there (each socket's "mine" is its own: app/tables/review/rooms.py)."""
    return {"op": op, "note": {k: v for k, v in note.items() if k != "mine"}}


def _dropped(row: MoveNote) -> dict:
    return {"op": "drop", "id": row.id, "seq": row.seq}


async def _write(s: AsyncSession, table: Any, seat: Any, command: Note) -> dict:
    if table.status == "lobby":
        raise Conflict(N_("Table {code} has not started: there is no move to note yet."), "not_started",
                       code=table.code)
    seq = command.seq
    mover = await note_queries.mover(s, table.id, seq) if 1 <= seq <= table.seq else None
    if mover is None:
        raise Invalid(N_("Table {code} has no move {seq}: a note is on one of moves 1 to {of}."), "no_move",
                      code=table.code, seq=seq, of=table.seq)
    during = table.status not in ENDED
    if during and mover != command.seat:
        raise Forbidden(N_("While the game is on, you may note only your own moves: move {seq} is not yours."),
                        "not_your_move", seq=seq)
    if await note_queries.count_of_seat(s, table.id, command.seat) >= PER_SEAT:
        raise Conflict(N_("You keep {n} notes at table {code} already: delete one first."), "too_many_notes",
                       n=PER_SEAT, code=table.code)
    row = MoveNote(table_id=table.id, seq=seq, author_id=seat.player_id if seat is not None else None,
                   seat=command.seat, text=command.text, during=during, created_at=utcnow())
    await note_queries.add(s, row)
    return body(row, seat.name if seat is not None else None, command.seat)
