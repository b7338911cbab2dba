"""The pace of a table: a time per turn chosen by the host in the lobby, and what happens when a
turn runs out of it.

- The host chooses (`set_pace`, PUT /api/tables/{code}/pace): no pace, or 1 h, 12 h, 24 h or 3 days a
  turn (times Settings.pace_scale: tests make an hour a second), and on a timeout either "bot" (the game's
  bot plays the seat's turns until its player comes back) or, in a competitive game, "forfeit" (the bot
  plays the turn that ran out; after `forfeit_after` missed turns the seat forfeits and the table ends).
- A turn's deadline is its start (the last move, or the game's start) plus the pace: every viewer's state
  carries it ("pace"), /me too, and the seat's reminder goes out when a quarter of the time is left
  (app/store/notices.py).
- Every instance's sweep (`sweep`) looks for turns past their deadline; each is timed out by one writer
  command (app/store/pace_records.py TimeOut), claimed in turn_claims inside the batch, so exactly one
  instance does it; a restart loses nothing, since the seats say who the bot stands in for.
- The bot stands in through the bot seats' own path (app/tables/live/bots.py schedules a seat whose
  stand_in is set like a bot seat, and its move goes through the one move pipeline, `bot_play`), from that
  seat's own view, and the log says so ("Played by the bot for Ann: time ran out.").
- The player takes the seat back by coming to the table: a socket of their seat opens (`came_back`), or a
  page of theirs already open becomes visible (`present`). Their missed turns still count (the forfeit).
"""
from __future__ import annotations

import asyncio
import logging
import time
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from app.games import GAMES
from app.store import utcnow
from app.store.notices import due_timeouts
from app.store.pace_records import PaceNote, SetPace, TimeOut, HandBack
from app.tables.errors import N_, Conflict, Invalid, NotYourTurn, Unavailable
from app.tables.live import commands, moves
from app.tables.live.pace_rules import RULES, TIMEOUTS, Line
from app.tables.live.actor import after_chat, after_commit, stored
from app.tables.live.state import Snapshot, iso
from app.tables.live.chat import KINDS, PACE_SEAT
from app.tables.seats import Caller, not_found

if TYPE_CHECKING:
    from app.tables.live.context import Context

log = logging.getLogger("icehouse.pace")

PACES = {"1h": 3600, "12h": 12 * 3600, "24h": 24 * 3600, "3d": 72 * 3600}  # the host's choices, besides off
FORFEIT_AFTER = range(1, 11)  # missed turns before a seat forfeits: 1 to 10 (3 unless the host says)
BATCH = 200  # turns timed out per sweep; the next sweep takes the rest


def seconds_of(ctx: Context, choice: str) -> int:
    """A choice's seconds per turn on this server (Settings.pace_scale), at least one."""
    return max(1, round(PACES[choice] * ctx.settings.pace_scale))


def pace_view(ctx: Context, pace: dict | None) -> dict:
    """The table's pace as the host's form shows it."""
    if pace is None:
        return {"per_turn": "off", "seconds": None, "timeout": "bot", "forfeit_after": 3, "choices": ["off", *PACES]}
    choice = next((k for k in PACES if seconds_of(ctx, k) == pace["seconds"]), None)
    return {"per_turn": choice or f"{pace['seconds']}s", "seconds": pace["seconds"], "timeout": pace["timeout"],
            "forfeit_after": pace["forfeit_after"], "choices": ["off", *PACES]}


async def get_pace(ctx: Context, caller: Caller) -> dict:
    return pace_view(ctx, (await ctx.live.get(caller.code)).snap.pace)


async def set_pace(ctx: Context, caller: Caller, body: dict) -> dict:
    """The host chooses the pace, in the lobby: {"per_turn": off|1h|12h|24h|3d, "timeout": bot|forfeit,
    "forfeit_after": 1-10}. Published with the table's state (every seat sees the pace it sits down to)."""
    caller.host(N_("choose the table's pace"))
    per_turn, timeout = body.get("per_turn"), body.get("timeout", "bot")
    forfeit_after = body.get("forfeit_after", 3)
    if per_turn != "off" and per_turn not in PACES:
        raise Invalid(N_("The pace is one of off, {choices}; not {given}."), "bad_pace", choices=", ".join(PACES),
                      given=repr(str(per_turn)[:20]))
    if timeout not in TIMEOUTS:
        raise Invalid(N_("When a turn runs out of time, it is bot or forfeit; not {given}."), "bad_pace",
                      given=repr(str(timeout)[:20]))
    if type(forfeit_after) is not int or forfeit_after not in FORFEIT_AFTER:
        raise Invalid(N_("forfeit_after is a number of missed turns from 1 to 10."), "bad_pace")
    live = await ctx.live.get(caller.code)
    if timeout == "forfeit" and GAMES[live.snap.game].cooperative:
        raise Invalid(N_("{game} is cooperative: nobody forfeits; the bot stands in instead (timeout bot)."),
                      "bad_pace", game=GAMES[live.snap.game].title)
    pace = None if per_turn == "off" else {"seconds": seconds_of(ctx, per_turn), "timeout": timeout,
                                           "forfeit_after": forfeit_after if timeout == "forfeit" else None}
    await ctx.actors.ask(caller.code, commands.SetPace(caller.code, pace))
    return pace_view(ctx, pace)


async def on_set_pace(ctx: Context, command: commands.SetPace) -> None:
    pace = command.pace
    live = await ctx.live.get(command.code)
    result = await stored(ctx, SetPace(live.snap.id, *(
        (pace["seconds"], pace["timeout"], pace["forfeit_after"]) if pace else (None, None, None))))
    if result[0] == "gone":
        ctx.live.drop(live.snap.code)
        raise not_found(command.code)
    if result[0] == "started":
        raise Conflict(N_("The pace is chosen in the lobby, before the game starts."), "pace_after_start")
    live.snap = live.snap.moved(pace=pace)
    await ctx.publish_state(live.snap)


def pace_line(line: Line, at: str | None) -> dict:
    """A pace line (or a pause's, a takeback's) as the chat and the sockets get it: its say and English."""
    return {"seat": PACE_SEAT, "name": line.name, "text": line.text, "say": line.say, "at": at,
            "kind": KINDS[PACE_SEAT]}


def stand_ins(snap: Snapshot) -> set[int]:
    """The seats the bot plays for now (their time ran out), with the game's bot: every turn of theirs with
    timeout "bot", only the turn that ran out with "forfeit". For app/tables/live/bots.py."""
    if snap.pace is None:
        return {}
    every = snap.pace["timeout"] != "forfeit"
    return {x["seat"] for x in snap.seats
            if not x["bot"] and x.get("stand_in") is not None and (every or x["stand_in"] == snap.seq)}


async def sweep(ctx: Context) -> int:
    """Time out the turns past their deadline (a batch); returns how many this instance timed out."""
    now = utcnow()
    async with ctx.db.reading() as s:
        due = await due_timeouts(s, now, BATCH)
    done = 0
    for row in due:
        try:
            done += await _time_out(ctx, row.code, row.seq)
        except Exception:
            log.exception("timeout failed", extra={"table": row.code})
    return done


async def _time_out(ctx: Context, code: str, seq: int) -> int:
    return await ctx.actors.ask(code, commands.TimeOut(code, seq))


async def on_time_out(ctx: Context, command: commands.TimeOut) -> int:
    """The table's actor times out the turn at `seq` (the pace's sweep found it past its deadline)."""
    code, seq = command.code, command.seq
    live = await ctx.live.get(code)
    now = utcnow()
    result = await stored(ctx, TimeOut(live.snap.id, seq, ctx.instance, now, RULES))
    if result[0] != "ok":  # moved, claimed elsewhere, or gone
        return 0
    _, changed, finished, lines = result
    snap = live.snap
    if snap.seq != seq or not ctx.live.holds(live):  # this instance was behind: the database says
        snap = await ctx.live.reload(live)
    else:
        seats = [x | {"stand_in": changed[x["seat"]][0], "missed": changed[x["seat"]][1]}
                 if x["seat"] in changed else x for x in snap.seats]
        snap = snap.moved(seats=seats)
        if finished is not None:
            snap = snap.moved(status="finished", to_act=[], result=finished, updated_at=iso(now))
        live.advance(snap, None)
        ctx.live.update(snap)
    for line in lines:
        await after_chat(ctx, code, pace_line(line, iso(now)))
    await after_commit(ctx, snap)  # publish; the bot stands in (bots.schedule)
    log.info("turn timed out", extra={"table": code, "seq": seq, "seats": sorted(changed),
                                      "forfeit": finished is not None})
    return 1


async def bot_play(ctx: Context, code: str, seat: int, seq: int, move: Any) -> Snapshot:
    """The bots' move pipeline (moves.play), which also writes the log's line when the move was the bot
    standing in for a person whose time ran out."""
    live = await ctx.live.get(code)
    before = next((x for x in live.snap.seats if x["seat"] == seat), None)
    if before is not None and not before["bot"] and before.get("stand_in") is None:
        raise NotYourTurn(N_("{name} is back at the table: the bot does not play for them."),
                          name=before["name"] or f"Seat {seat}")
    standing_in = before is not None and not before["bot"] and before.get("stand_in") is not None
    who = (before["name"] or f"Seat {seat}") if before is not None else None
    new = await moves.play(ctx, code, seat, seq, move, {"for": who, "why": "timeout"} if standing_in else None)
    if standing_in:
        line, now = RULES.played_for(before["name"], seat), utcnow()
        if (await stored(ctx, PaceNote(new.id, line, now)))[0] == "ok":
            await after_chat(ctx, code, pace_line(line, iso(now)))
    return new


async def came_back(ctx: Context, caller: Caller) -> None:
    """`caller`'s player is at the table (a socket of their seat opened): the bot stands in for them no more."""
    if caller.seat is not None:
        await hand_back(ctx, caller.code, caller.seat)


def present(ctx: Context, code: str, instance: object) -> None:
    """Who is at `code` changed (a presence message): a seat the bot stands in for whose page is visible on
    this instance (the one that holds its socket, so one instance acts) gets its seat back. Never waits."""
    live = ctx.live.peek(code)
    if instance != ctx.instance or live is None or live.snap.pace is None:
        return
    now = time.time()
    for x in live.snap.seats:
        if x.get("stand_in") is not None and (ctx.presence.seen_at(code, x["seat"], now) or 0) >= now:
            task = asyncio.create_task(hand_back(ctx, code, x["seat"]))
            _handing.add(task)
            task.add_done_callback(_handing.discard)


_handing: set[asyncio.Task] = set()  # hand-backs under way (a task must be referenced until it ends)


async def hand_back(ctx: Context, code: str, seat_no: int) -> None:
    """`seat_no`'s player is at the table: the bot plays for them no more (their missed turns still count)."""
    live = await ctx.live.get(code)
    seat = next((x for x in live.snap.seats if x["seat"] == seat_no), None)
    if seat is None or live.snap.status != "playing" or seat.get("stand_in") is None:
        return
    await ctx.actors.ask(code, commands.HandBack(code, seat_no))


async def on_hand_back(ctx: Context, command: commands.HandBack) -> None:
    code, seat_no = command.code, command.seat
    live = await ctx.live.get(code)
    seat = next((x for x in live.snap.seats if x["seat"] == seat_no), None)
    if seat is None or live.snap.status != "playing" or seat.get("stand_in") is None:
        return  # handed back meanwhile
    now = utcnow()
    try:
        result = await stored(ctx, HandBack(live.snap.id, seat_no, now, RULES))
    except Unavailable:  # the database is down: the next visit hands the seat back
        return
    if result[0] != "ok" or result[1] is None:
        return
    seats = [x | {"stand_in": None} if x["seat"] == seat_no else x for x in live.snap.seats]
    live.snap = live.snap.moved(seats=seats)
    await after_chat(ctx, code, pace_line(result[1], iso(now)))
    await ctx.publish_state(live.snap)


def me_deadline(row: Any) -> str | None:
    """The deadline of a /me row (queries.tables_of_player) when its table is paced and playing."""
    if not getattr(row, "pace", None) or row.status != "playing":
        return None
    return iso(row.updated_at + timedelta(seconds=row.pace))
