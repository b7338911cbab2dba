"""What follows every command on a live table once its batch has committed, in one place.

A command (a move: app/tables/live/moves.py; a seat taken or a game started: app/tables/lobby/commands.py) runs
under its live table's lock: checked against the snapshot in memory, stored by the group-commit writer,
acknowledged only after its batch commits. Then, still under the lock so that every instance hears one
table's news in the order it happened, `after_commit`: publish the move or the new state (every instance's
sockets and live tables take it from the broker), tell the seats newly to act (`your_turn`, and their
webhooks in the background), and schedule the bots whose turn it is.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from app.tables.live.state import Snapshot

if TYPE_CHECKING:
    from app.tables.service import Tables


async def after_commit(ctx: Tables, new: Snapshot, *, step: dict | None = None, newly: Iterable[int] = ()) -> None:
    """Publish `new` (with `step` when a move made it), announce the seats `newly` to act, schedule bots."""
    if step is None:
        await ctx.publish_state(new)
    else:
        await ctx.publish_move(new, step)
    seats = list(newly)
    if seats:
        await ctx.announce_turn(new, seats)
    ctx.bots.schedule(new)
