"""`process(command)`: what a table's actor (app/tables/live/actors.py) does with each command, in one place.

One `match` over the command classes of app/tables/live/commands.py; each case is the command's handler, in
the room that owns its rules (a move's in live/moves.py, a seat's in lobby/commands.py, a takeback's in
live/takeback.py...). Every handler does three things in order: check every rule of the command against the
table as it is now, record it (one entry in the group-commit writer's batch, acknowledged once committed),
then what follows (publish, fan-out, turn notices, bots, analyses). This module sits above the handlers'
rooms and the actor below them, so the arrows point one way: the actor knows only that it calls `process`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.tables import housekeeping
from app.tables.live import commands as c
from app.tables.live import catchup, chat, fanout, moves, notes, pace, pause, reads, takeback
from app.tables.lobby import hints, invitations, rematch
from app.tables.lobby import commands as lobby
from app.tables.notify import settings

if TYPE_CHECKING:
    from app.tables.service import Tables


async def process(ctx: Tables, command: Any) -> Any:
    match command:
        case c.Move():
            return await moves.on_move(ctx, command)
        case c.Deliver():
            return await fanout.dispatch(ctx, command.msg)
        case c.Welcome():
            return await reads.on_welcome(ctx, command)
        case c.Sync():
            return await reads.on_sync(ctx, command)
        case c.CaughtUp():
            return catchup.on_caught_up(ctx, command)
        case c.Create():
            return await lobby.on_create(ctx, command)
        case c.Join():
            return await lobby.on_join(ctx, command)
        case c.AddBot():
            return await lobby.on_add_bot(ctx, command)
        case c.Start():
            return await lobby.on_start(ctx, command)
        case c.TakebackAsk():
            return await takeback.on_ask(ctx, command)
        case c.TakebackVote():
            return await takeback.on_vote(ctx, command)
        case c.TakebackWithdraw():
            return await takeback.on_withdraw(ctx, command)
        case c.Say():
            return await chat.on_say(ctx, command)
        case c.CountHint():
            return await hints.on_count_hint(ctx, command)
        case c.Nudge():
            return await settings.on_nudge(ctx, command)
        case c.SetChannels():
            return await settings.on_set_channels(ctx, command)
        case c.SetReminders():
            return await settings.on_set_reminders(ctx, command)
        case c.SetPace():
            return await pace.on_set_pace(ctx, command)
        case c.TimeOut():
            return await pace.on_time_out(ctx, command)
        case c.HandBack():
            return await pace.on_hand_back(ctx, command)
        case c.Pause():
            return await pause.on_pause(ctx, command)
        case c.Note():
            return await notes.on_note(ctx, command)
        case c.Invite():
            return await invitations.on_invite(ctx, command)
        case c.Answer():
            return await invitations.on_answer(ctx, command)
        case c.InviteStart():
            return await invitations.on_invite_start(ctx, command)
        case c.RenewLink():
            return await invitations.on_renew(ctx, command)
        case c.Rematch():
            return await rematch.on_rematch(ctx, command)
        case c.Abandon():
            return await housekeeping.on_abandon(ctx, command)
        case c.Delete():
            return await housekeeping.on_delete(ctx, command)
        case _:
            raise TypeError(f"not a table command: {type(command).__name__}")
