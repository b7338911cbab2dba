"""A pause by vote: a seated person proposes one, with a reason and an end date; the seated people
vote (all of them at a cooperative game, a majority otherwise; bots do not vote); once agreed, no turn's
clock runs and no reminder goes until the end date, or until someone ends it early. The clocks then start
again from the pause's end (app/tables/live/state.py `deadline`; the sweep's queries in app/store/notices.py
read `paused_until`). Every step is one writer command (app/store/pace_records.py PauseVote, EndPause) under
the table's lock, published with the table's state and said in the chat (kind "pace").
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING

from app.games import GAMES
from app.store import utcnow
from app.store.pace_records import EndPause, PauseVote
from app.tables.errors import N_, Conflict, Invalid, NotPlaying
from app.tables.live.actor import after_chat, stored
from app.tables.live import commands
from app.tables.live.pace_rules import RULES
from app.tables.live.pace import pace_line
from app.tables.live.state import iso, pause_state
from app.tables import text as text_policy
from app.tables.seats import Caller, not_found

if TYPE_CHECKING:
    from app.tables.live.context import Context

REASON_MAX = 200
LONGEST = timedelta(days=30)  # a pause ends within a month


def _until(raw: object, now: datetime) -> datetime:
    if not isinstance(raw, str) or len(raw) > 40:
        raise Invalid(N_("A pause's end is a date and time in ISO 8601, like 2026-12-24T18:00:00Z."), "bad_pause")
    try:
        until = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        raise Invalid(N_("{given} is not a date and time in ISO 8601, like 2026-12-24T18:00:00Z."), "bad_pause",
                      given=repr(raw)) from None
    until = until.replace(tzinfo=timezone.utc) if until.tzinfo is None else until.astimezone(timezone.utc)
    if not now < until <= now + LONGEST:
        raise Invalid(N_("A pause ends in the future, within 30 days."), "bad_pause")
    return until


async def _run(ctx: Context, caller: Caller, make) -> dict:  # make: a command factory
    return await ctx.actors.ask(caller.code, commands.Pause(caller.code, make))


async def on_pause(ctx: Context, command: commands.Pause) -> dict:
    """The table's actor runs a pause's proposal, vote or end (`command.make` builds its writer entry)."""
    code, make = command.code, command.make
    live = await ctx.live.get(code)
    now = utcnow()
    command = make(live.snap, now)
    result = await stored(ctx, command)
    if result[0] == "gone":
        ctx.live.drop(live.snap.code)
        raise not_found(code)
    if result[0] == "not_playing":
        raise NotPlaying(N_("Table {code} is not playing: there is no clock to pause."), code=code)
    if result[0] == "busy":
        raise Conflict(N_("A pause is proposed or on already: vote on it, or end it first."), "pause_busy")
    if result[0] == "none":
        raise Conflict(N_("There is no pause proposed or on at this table."), "no_pause")
    if isinstance(command, EndPause):
        _, until, lines = result
        pause = None
    else:
        _, pause, until, lines = result
    live.snap = live.snap.moved(pause=pause, paused_until=iso(until))
    for line in lines:
        await after_chat(ctx, code, pace_line(line, iso(now)))
    await ctx.publish_state(live.snap)
    return {"pause": pause_state(live.snap)}


async def propose(ctx: Context, caller: Caller, reason: object, until: object) -> dict:
    seat = caller.seated()
    words = text_policy.clean(reason, what=N_("A pause's reason"), max_len=REASON_MAX, shown=True)
    end = _until(until, utcnow())
    return await _run(ctx, caller, lambda snap, now: PauseVote(
        snap.id, seat, GAMES[snap.game].cooperative, now, RULES,
        propose={"reason": words, "until": iso(end)}))


async def vote(ctx: Context, caller: Caller, yes: bool) -> dict:
    seat = caller.seated()
    return await _run(ctx, caller, lambda snap, now: PauseVote(snap.id, seat, GAMES[snap.game].cooperative,
                                                               now, RULES, yes=yes))


async def end(ctx: Context, caller: Caller) -> dict:
    seat = caller.seated()
    return await _run(ctx, caller, lambda snap, now: EndPause(snap.id, seat, now, RULES))
