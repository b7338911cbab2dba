"""What follows every command on a live table once its batch has committed, in one place.

A command (a move: app/tables/live/moves.py; a seat taken or a game started: app/tables/lobby/commands.py) runs
under its live table's lock: checked against the snapshot in memory, stored by the group-commit writer,
acknowledged only after its batch commits. Then, still under the lock so that every instance hears one
table's news in the order it happened, `after_commit`: publish the move or the new state (every instance's
sockets and live tables take it from the broker), tell the seats newly to act (`your_turn`, and their
webhooks in the background), and schedule the bots whose turn it is. A chat line (app/tables/live/chat.py)
is a command too: `after_chat` keeps it in the live table's chat tail and publishes it, and the lines the
table writes itself (a hint, a nudge) go out the same way. A table deleted (an expired lobby, an admin's
delete) is followed by `after_delete`. A game's end queues its move scores (app/tables/analysis/).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from app.tables.errors import N_, Unavailable
from app.tables.live.state import Snapshot

if TYPE_CHECKING:
    from app.tables.live.context import Context


async def stored(ctx: Context, command: Any) -> tuple:
    """`command`'s result once the group-commit writer's batch holding it has committed; a database error
    is a 503 with a sentence (nothing was stored, nothing is published)."""
    try:
        return await ctx.writer.command(command)
    except (SQLAlchemyError, OSError):  # OSError: SQLite's own connection
        raise unavailable() from None


def unavailable() -> Unavailable:
    return Unavailable(N_("The server cannot reach its database just now, so that could not be saved. "
                          "Try again in a moment."))


async def after_commit(ctx: Context, new: Snapshot, *, step: dict | None = None, newly: Iterable[int] = ()) -> None:
    """Publish `new` (with `step` when a move made it), announce the seats `newly` to act, schedule bots."""
    seats = list(newly)
    if step is None:
        await ctx.publish_state(new)
        if seats:
            await ctx.publish_turn(new.code, seats, new.seq)
    else:  # the move's message says whose turn it brought: one broker message, not two
        await ctx.publish_move(new, step, seats)
    if seats:
        await ctx.announce_turn(new, seats)
    ctx.bots.schedule(new)
    if new.status == "finished":  # the game's end: its moves are scored (app/tables/analysis/)
        ctx.analyses.table_over(new.code, new.status, new.seq)


async def after_delete(ctx: Context, code: str) -> None:
    """A table's deletion committed: this instance forgets its live table, and every instance hears it is
    gone (their live copies go too: app/tables/live/fanout.py)."""
    ctx.live.drop(code)
    await ctx.broker.publish({"kind": "gone", "table": code})


async def after_chat(ctx: Context, code: str, message: dict) -> None:
    """A chat line committed: this instance's live table keeps it in its tail, then every instance hears it
    (the broker's echo of it here is not kept twice: app/tables/live/fanout.py)."""
    ctx.live.said(code, message)
    await ctx.publish_chat(code, message)
