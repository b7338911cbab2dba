"""What players and hosts set about notifications: a seat's own channels (webhook and its format, ntfy
topic, Web Push subscription, and which of them go by the daily digest), shown back with each channel's
last delivery; the table's reminder delay (the host's choice); and the nudge, with which a teammate reminds
the seat to act (once an hour per table, noted in the table's chat as a line of kind "nudge").

Each change is a command on the live table (app/tables/live/tables.py), like a chat line or a seat taken:
under the table's lock, checked against the snapshot in memory, stored by the group-commit writer in its
batch (app/store/seat_records.py: SetChannels, SetReminders, ClaimNudge) and answered only once that batch
has committed; a database failure is a 503 and nothing is published. A seat's new channels change the live
table's seat row and its snapshot's "hook" in memory, and that state is published (every instance's live
table learns whether the seat has a channel at all) with no read of the database. A nudge is checked
against the snapshot (playing, someone else to act), then claimed in the batch, where the table must still
be at that turn (else the live table is read again and the nudge decided once more) and not nudged within
Settings.nudge_every_seconds by any instance (429 with Retry-After); its line goes out with `after_chat`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from math import ceil

from app.store import notices, queries, utcnow
from app.store.seat_records import ClaimNudge, SeatColumns, SetChannels, SetReminders
from app.tables import language, says
from app.tables.notify import turns as notify
from app.tables.notify.channels import clean_format, clean_ntfy
from app.tables.notify.digest import clean_digest, clean_hour
from app.tables.live.chat import KINDS, NUDGE_SEAT
from app.tables.live.actor import after_chat, stored
from app.tables.live import commands
from app.tables.live.tables import LiveTable, SeatRow
from app.tables.errors import N_, Conflict, Forbidden, Invalid, NotPlaying, RateLimited
from app.tables.seats import Caller, not_found
from app.tables.live.state import Snapshot, iso, seat_dicts
from app.tables.notify.webhooks import clean_url
from app.tables.notify.webpush import clean_subscription

if TYPE_CHECKING:
    from app.tables.live.context import Context

REMINDERS = {"off": 0, "1h": 3600, "12h": 12 * 3600, "24h": 24 * 3600}  # a host's choices
UNSET = object()


async def get_channels(ctx: Context, caller: Caller) -> dict:
    seat = caller.seated()
    async with ctx.db.session() as s:
        seats = await queries.seats_of(s, caller.table_id)
    return notify.channels_view(ctx, seats[seat])


async def set_channels(ctx: Context, caller: Caller, *, url: object = UNSET, fmt: object = UNSET,
                       ntfy: object = UNSET, push: object = UNSET, digest: object = UNSET,
                       digest_hour: object = UNSET) -> dict:
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
    if digest is not UNSET:
        values["digest"] = clean_digest(digest)
    if digest_hour is not UNSET:
        values["digest_hour"] = clean_hour(digest_hour)
    row = await ctx.actors.ask(caller.code, commands.SetChannels(caller.code, seat, values))
    return notify.channels_view(ctx, row)


async def on_set_channels(ctx: Context, command: commands.SetChannels) -> SeatColumns:
    live = await ctx.live.get(command.code)
    result = await stored(ctx, SetChannels(live.snap.id, command.seat, command.values))
    if result[0] != "ok":  # deleted meanwhile (an expired lobby, an admin)
        ctx.live.drop(live.snap.code)
        raise not_found(command.code)
    row: SeatColumns = result[1]
    await ctx.publish_state(_seat_changed(live, row))
    return row


def _seat_changed(live: LiveTable, row: SeatColumns) -> Snapshot:
    """The live table once `row` (as its batch committed it) is the seat's: its seat row, and the
    snapshot's seat with its "hook" (the table's seq and updated_at stay: nothing in the game changed)."""
    if live.seats is not None and row.seat < len(live.seats):
        seats = list(live.seats)
        seats[row.seat] = SeatRow(row.seat, row.name, row.bot, row.player_id, row.token_hash, row.webhook_url,
                                  row.notify, row.ntfy_url, row.push)
        live.seats = seats
    dicts = list(live.snap.seats)
    dicts[row.seat] = dicts[row.seat] | seat_dicts([row])[0]  # its pace's stand_in and missed stay
    live.snap = live.snap.moved(seats=dicts)
    return live.snap


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
    """The host chooses the table's reminder delay: off, 1h, 12h or 24h ("default": the server's). Nothing
    in the table's state changes (the sweep reads the delay from the table row), so nothing is published."""
    if caller.seated() != 0:
        raise Forbidden(N_("Only the host (seat 0) chooses the table's reminders."))
    if raw != "default" and raw not in REMINDERS:
        shown = str(raw)[:20]
        raise Invalid(N_("Reminders are one of {choices} or default; not {given}."), choices=", ".join(REMINDERS),
                      given=repr(shown))
    after = None if raw == "default" else REMINDERS[raw]
    await ctx.actors.ask(caller.code, commands.SetReminders(caller.code, after))
    return reminder_view(ctx, after)


async def on_set_reminders(ctx: Context, command: commands.SetReminders) -> None:
    live = await ctx.live.get(command.code)
    if (await stored(ctx, SetReminders(live.snap.id, command.after)))[0] != "ok":  # deleted meanwhile
        ctx.live.drop(live.snap.code)
        raise not_found(command.code)


async def nudge(ctx: Context, caller: Caller) -> dict:
    """A seated player nudges the seat(s) to act: every channel they set up, their sockets' your_turn, and a
    chat line. At most one nudge per table every Settings.nudge_every_seconds (429 with Retry-After)."""
    return await ctx.actors.ask(caller.code, commands.Nudge(caller.code, caller.seated()))


async def on_nudge(ctx: Context, asked: commands.Nudge) -> dict:
    seat = asked.seat
    every = ctx.settings.nudge_every_seconds
    live = await ctx.live.get(asked.code)
    for _ in range(3):
        snap = live.snap
        if snap.status != "playing":
            raise NotPlaying(N_("Table {code} is not playing: it is {status}, so nobody is to act."), code=snap.code,
                             status=snap.status)
        targets = [x for x in snap.seats if x["seat"] in snap.to_act and x["seat"] != seat and not x["bot"]]
        if not targets:
            raise Invalid(N_("There is nobody to nudge: it is your turn, or a bot's."), "nobody_to_nudge")
        name = snap.seats[seat]["name"]
        by = says.seat_name(name, seat)
        said = says.say(says.NUDGED, by=by, names=[says.seat_name(x["name"], x["seat"]) for x in targets])
        now = utcnow()
        command = ClaimNudge(snap.id, snap.seq, [x["seat"] for x in targets], NUDGE_SEAT,
                             name or says.english(by), says.english(said), said, now, every)
        result = await stored(ctx, command)
        if result[0] != "moved":
            break
        await ctx.live.reload(live)  # another instance moved or ended it: decide again as the database says
    else:
        raise Conflict(N_("Table {code} is busy: try again."), "table_busy", code=live.snap.code)
    if result[0] == "gone":  # deleted meanwhile (an admin)
        ctx.live.drop(snap.code)
        raise not_found(asked.code)
    if result[0] == "wait":
        wait = max(1, ceil(result[1].timestamp() + every - utcnow().timestamp()))  # from now: after the batch
        raise RateLimited(N_("This table was nudged less than {every} ago; you may nudge again in {wait}."),
                          retry_after=wait, every=_span(every), wait=_span(wait))
    rows: list[SeatColumns] = result[1]
    message = {"seat": NUDGE_SEAT, "name": command.name, "text": command.text, "say": said, "at": iso(now),
               "kind": KINDS[NUDGE_SEAT]}
    await after_chat(ctx, snap.code, message)
    await ctx.publish_turn(snap.code, command.targets, snap.seq)
    langs = await _langs(ctx, [x.player_id for x in rows if x.notify])
    for x in rows:
        if x.notify:
            lang = langs.get(x.player_id) if x.player_id is not None else None
            notify.deliver(ctx, snap.id, x, notify.notice_for(ctx, "nudge", code=snap.code, game=snap.game, seat=x,
                                                              seq=snap.seq, by=says.words(by, lang) if name is None
                                                              else name, langs=langs))
    return {"nudged": command.targets, "message": message}


async def _langs(ctx: Context, player_ids: list) -> dict[int, str]:
    """The nudged people's languages; English for all if the database cannot say (a nudge still goes)."""
    if not any(p is not None for p in player_ids):
        return {}
    try:
        async with ctx.db.reading() as s:
            return await language.of_players(s, player_ids)
    except Exception:  # a nicety
        return {}


def _span(seconds: float) -> str:
    minutes = ceil(seconds / 60)
    return f"{seconds:.0f} seconds" if seconds < 120 else f"{minutes} minutes"
