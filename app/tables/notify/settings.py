"""What players and hosts set about notifications: a seat's own channels (webhook and its format, ntfy
topic, Web Push subscription), shown back with each channel's last delivery; the table's reminder delay
(the host's choice); and the nudge, with which a teammate reminds the seat to act (once an hour per
table, noted in the table's chat as a line of kind "nudge").
"""
from __future__ import annotations

from datetime import timedelta
from math import ceil

from app.store import ChatMessage, notices, queries, utcnow
from app.tables.notify import turns as notify
from app.tables.notify.channels import clean_format, clean_ntfy
from app.tables.lobby.chat import NUDGE_SEAT, as_message
from app.tables.live.actor import after_chat
from app.tables.context import Context
from app.tables.errors import Forbidden, Invalid, NotPlaying, RateLimited
from app.tables.lobby.seats import Caller, find_table
from app.tables.live.state import load_snapshot
from app.tables.notify.webhooks import clean_url
from app.tables.notify.webpush import clean_subscription

REMINDERS = {"off": 0, "1h": 3600, "12h": 12 * 3600, "24h": 24 * 3600}  # a host's choices
UNSET = object()


async def get_channels(ctx: Context, caller: Caller) -> dict:
    seat = caller.seated()
    async with ctx.db.session() as s:
        seats = await queries.seats_of(s, caller.table_id)
    return notify.channels_view(ctx, seats[seat])


async def set_channels(ctx: Context, caller: Caller, *, url: object = UNSET, fmt: object = UNSET,
                       ntfy: object = UNSET, push: object = UNSET) -> dict:
    """Change the caller's own channels (only those given; None or "" clears one); Invalid with a sentence
    for a bad value. Every instance's live table learns whether the seat has a channel at all."""
    seat = caller.seated()
    private = ctx.settings.webhook_allow_private
    values = {}
    if url is not UNSET:
        values["webhook_url"] = clean_url(url, allow_private=private)
    if fmt is not UNSET:
        values["webhook_format"] = clean_format(fmt)
    if ntfy is not UNSET:
        values["ntfy_url"] = clean_ntfy(ntfy, allow_private=private)
    if push is not UNSET:
        values["push"] = None if push is None else clean_subscription(push, allow_private=private)
    async with ctx.db.writing() as s:
        table = await find_table(s, caller.code)
        seats = await queries.seats_of(s, table.id)
        row = seats[seat]
        for name, value in values.items():
            setattr(row, name, value)
        for name in ("webhook_url", "ntfy_url", "push"):  # a new address starts with no delivery to show
            if name in values:
                row.deliveries = {k: v for k, v in (row.deliveries or {}).items() if k != name.split("_")[0]}
        await s.commit()
        view = notify.channels_view(ctx, row)
        snap = await load_snapshot(s, table, seats)
    await ctx.publish_state(snap)
    return view


def reminder_view(ctx: Context, after: int | None) -> dict:
    default = ctx.settings.remind_after_seconds
    seconds = default if after is None else after
    choice = next((k for k, v in REMINDERS.items() if v == after), None)
    return {"after": choice or "default", "seconds": seconds, "default_seconds": default,
            "choices": list(REMINDERS)}


async def get_reminders(ctx: Context, caller: Caller) -> dict:
    async with ctx.db.session() as s:
        return reminder_view(ctx, await notices.remind_after_of(s, caller.table_id))


async def set_reminders(ctx: Context, caller: Caller, raw: object) -> dict:
    """The host chooses the table's reminder delay: off, 1h, 12h or 24h ("default": the server's)."""
    if caller.seated() != 0:
        raise Forbidden("Only the host (seat 0) chooses the table's reminders.")
    if raw != "default" and raw not in REMINDERS:
        shown = str(raw)[:20]
        raise Invalid(f"Reminders are one of {', '.join(REMINDERS)} or default; not {shown!r}.")
    after = None if raw == "default" else REMINDERS[raw]
    async with ctx.db.writing() as s:
        await notices.set_remind_after(s, caller.table_id, after)
        await s.commit()
    return reminder_view(ctx, after)


async def nudge(ctx: Context, caller: Caller) -> dict:
    """A seated player nudges the seat(s) to act: every channel they set up, their sockets' your_turn, and a
    chat line. At most one nudge per table every Settings.nudge_every_seconds (429 with Retry-After)."""
    seat = caller.seated()
    every, now = ctx.settings.nudge_every_seconds, utcnow()
    async with ctx.db.writing() as s:
        table = await find_table(s, caller.code)
        if table.status != "playing":
            raise NotPlaying(f"Table {table.code} is not playing: it is {table.status}, so nobody is to act.")
        seats = await queries.seats_of(s, table.id)
        targets = [x for x in seats if x.seat in (table.to_act or []) and x.seat != seat and x.bot is None]
        if not targets:
            raise Invalid("There is nobody to nudge: it is your turn, or a bot's.", "nobody_to_nudge")
        last = await notices.claim_nudge(s, table.id, now, every)
        if last is not None:
            wait = max(1, ceil((last + timedelta(seconds=every) - now).total_seconds()))
            raise RateLimited(f"This table was nudged less than {_span(every)} ago; you may nudge again in "
                              f"{_span(wait)}.", retry_after=wait)
        by = seats[seat].name or f"Seat {seat}"
        names = " and ".join(x.name or f"Seat {x.seat}" for x in targets)
        msg = ChatMessage(table_id=table.id, seat=NUDGE_SEAT, name=by, text=f"{by} nudged {names}", at=now)
        s.add(msg)
        await s.commit()
        message, seq = as_message(msg), table.seq
        code, game, table_id = table.code, table.game, table.id
    await after_chat(ctx, code, message)
    await ctx.publish_turn(code, [x.seat for x in targets], seq)
    for x in targets:
        if x.notify:
            notify.deliver(ctx, table_id, x, notify.notice_for(ctx, "nudge", code=code, game=game, seat=x, seq=seq,
                                                               by=by))
    return {"nudged": [x.seat for x in targets], "message": message}


def _span(seconds: float) -> str:
    minutes = ceil(seconds / 60)
    return f"{seconds:.0f} seconds" if seconds < 120 else f"{minutes} minutes"
