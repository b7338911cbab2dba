"""Turn notifications beyond the WebSocket, through every channel a seat has set up (app/tables/notify/settings.py):
a chat room's webhook in its service's format, an ntfy topic, Web Push. Sent when the seat comes to act
(only if no page of it is at the table; else once it leaves, app/tables/notify/away.py), as a reminder when
it has been to act for its table's reminder delay, and when a teammate nudges it. A takeback request
(app/tables/live/takeback.py) is told the same way to the people asked to answer it (never the asker), under
the turn's rule: not while a page of theirs is at the table (held, and told once they leave if it still
waits for their answer), in their language, claimed once over every instance. Like a nudge, and unlike a
turn or a reminder, it goes to a channel set to the daily digest too: someone asks for an answer now, and the
request lapses at the next move, long before a digest would tell of it.

Nothing here runs on a move's path: `turn` is a background task (Tables.announce_turn), `remind` runs in
the sweep, and every delivery is queued (webhooks.Webhooks) and reports its result, which is kept as the
seat's last delivery on that channel. Each turn's notification is claimed in the database first
(app/store/claims.py), each reminder by a conditional UPDATE (app/store/notices.py), so that with several
app instances each goes out once.
"""
from __future__ import annotations

import logging
from dataclasses import replace
import time
from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from app.games import GAMES
from app.store import claims, notices, queries, utcnow
from app.tables import language, says
from app.tables.errors import N_
from app.tables.notify.away import Held
from app.tables.notify.channels import (Notice, digest_channels, guess_format, ntfy_publish, push_payload,
                                        webhook_body)
from app.tables.identity import share_url
from app.tables.live.state import Snapshot, iso

if TYPE_CHECKING:
    from app.tables.notify.context import NotifyContext

log = logging.getLogger("icehouse.webhooks")

REMIND_BATCH = 200  # tables looked at per sweep; the next sweep takes the rest
GONE = (404, 410)  # a push service's answer for a subscription that no longer exists


def notice_for(ctx: NotifyContext, kind: str, *, code: str, game: str, seat: Any, seq: int,
               by: str | None = None, langs: dict[int, str] | None = None, first: int | None = None) -> Notice:
    """The notice for `seat` (a Seat row), in its player's language (`langs`: player id -> language)."""
    title = GAMES[game].title if game in GAMES else game
    return Notice(kind=kind, code=code, title=title, seat=seat.seat, name=seat.name, seq=seq,
                  url=share_url(ctx.settings.public_url, code), by=by,
                  lang=(langs or {}).get(getattr(seat, "player_id", None), "en"), first=first)


def deliver(ctx: NotifyContext, table_id: int, seat: Any, notice: Notice) -> int:
    """Queue `notice` on every channel of `seat` (a Seat row); returns how many were queued. Never waits. A
    turn or a reminder skips the channels the seat set to the daily digest (app/tables/notify/digest.py)."""
    queued = 0
    digest = digest_channels(seat) if notice.kind in ("turn", "reminder") else set()
    if seat.webhook_url and "webhook" not in digest:
        body = webhook_body(seat.webhook_format or guess_format(seat.webhook_url), notice)
        queued += ctx.webhooks.send(seat.webhook_url, body,
                                    on_result=recorder(ctx, table_id, notice.code, seat.seat, "webhook"))
    if seat.ntfy_url and "ntfy" not in digest:
        url, body = ntfy_publish(seat.ntfy_url, notice)
        queued += ctx.webhooks.send(url, body, on_result=recorder(ctx, table_id, notice.code, seat.seat, "ntfy"))
    subscription = notices.loads(seat.push) if "push" not in digest else None
    if subscription is not None and ctx.push is not None:
        endpoint, body, headers = ctx.push.request(subscription, push_payload(notice))
        queued += ctx.webhooks.send(endpoint, body, headers=headers,
                                    on_result=recorder(ctx, table_id, notice.code, seat.seat, "push"))
    return queued


def recorder(ctx: NotifyContext, table_id: int, code: str, seat: int, channel: str):  # returns a callback
    """Keep a delivery's result ({"ok", "at", "detail", "say"}: how it went in English and as a say) as the
    seat's last on that channel, and tell the seat's open pages (over the broker: only that seat's sockets get
    it), so "Last one delivered" is live."""
    async def record(ok: bool, status: int | None, detail: str) -> None:
        gone = channel == "push" and status in GONE
        said = says.say(says.PUSH_GONE) if gone else getattr(detail, "say", None)
        result = {"ok": ok, "at": iso(utcnow()), "detail": says.english(said) if said else str(detail)}
        if said:
            result["say"] = said   # the page says it in its reader's language (the detail: its English)
        await ctx.writer.transaction(
            lambda s: notices.record_delivery(s, table_id, seat, channel, result, drop_push=gone))
        if gone:
            log.info("push subscription gone", extra={"seat": seat})
        await ctx.broker.publish({"kind": "delivery", "table": code, "seat": seat, "channel": channel,
                                  "result": result, "gone": gone})
    return record


async def turn(ctx: NotifyContext, snap: Snapshot, seats: list[int]) -> None:
    """Notify each person in `seats` (just came to act) who set up a channel, unless a page of theirs is at
    the table: then the turn is held and sent once they leave (app/tables/notify/away.py). Never waits on a
    delivery."""
    people = {x["seat"] for x in snap.seats if not x["bot"] and x.get("hook")} & set(seats)
    if not people:  # nobody to notify: no read of the database
        return
    grace = ctx.settings.away_after_seconds
    here = {seat for seat in people if ctx.presence.at_table(snap.code, seat, grace)}
    for seat in here:
        ctx.held.hold(Held(table_id=snap.id, code=snap.code, game=snap.game, seq=snap.seq, seat=seat))
    if here:
        presence_changed(ctx, snap.code)  # a seat whose pages are hidden: check again when its grace ends
    if people - here:
        await _claim_and_deliver(ctx, snap.id, snap.code, snap.game, snap.seq, people - here)


def presence_changed(ctx: NotifyContext, code: str) -> None:
    """Who is at `code` changed (or a grace ran out): send the held turns of the seats that have left, and
    look again when the next hidden seat's grace ends. Never waits."""
    held = ctx.held.of(code)
    if not held:
        return
    grace, now = ctx.settings.away_after_seconds, time.time()
    next_check: float | None = None
    for turn in held:
        seen = ctx.presence.seen_at(code, turn.seat, now)
        if seen is not None and (seen >= now or seen > now - grace):
            if seen < now:  # hidden: away once its grace runs out
                left = seen + grace - now
                next_check = left if next_check is None else min(next_check, left)
            continue
        ctx.held.release(turn)
        if turn.kind == "takeback":
            ctx.held.run(tell_takeback(ctx, turn.table_id, code, turn.game, turn.seq, turn.by, turn.first,
                                       {turn.seat}))
        else:
            ctx.held.run(_claim_and_deliver(ctx, turn.table_id, code, turn.game, turn.seq, {turn.seat},
                                            still_to_act=True))
    if next_check is not None:
        ctx.held.check_in(code, next_check + 0.05, lambda c: presence_changed(ctx, c))


async def _claim_and_deliver(ctx: NotifyContext, table_id: int, code: str, game: str, seq: int, seats: set[int],
                             *, still_to_act: bool = False) -> None:
    """Claim the turn at `seq` of each of `seats` (once over every instance) and queue its notification.
    `still_to_act`: a held turn, sent only if the table is still at `seq` with the seat to act."""
    async def claim(s: Any) -> tuple[list, dict]:
        wanted = seats
        if still_to_act:
            table = await queries.table_by_id(s, table_id)
            if table is None or table.seq != seq or table.status != "playing":
                return [], {}
            wanted = wanted & set(table.to_act or [])
        rows = [row for row in await queries.seats_of(s, table_id) if row.seat in wanted and row.notify]
        now = utcnow()
        rows = [row for row in rows if await claims.claim(s, table_id=table_id, seq=seq, seat=row.seat,
                                                           kind="turn", owner=ctx.instance, now=now)]
        return rows, await language.of_players(s, [row.player_id for row in rows])

    try:
        rows, langs = await ctx.writer.transaction(claim)
    except Exception:  # a notification is a nicety: never let it take anything else down
        log.exception("notification look-up failed", extra={"table": code})
        return
    for row in rows:
        deliver(ctx, table_id, row, notice_for(ctx, "turn", code=code, game=game, seat=row, seq=seq, langs=langs))


def takeback_asked(ctx: NotifyContext, snap: Snapshot) -> None:
    """A takeback was just asked at `snap` (its `takeback` open): tell each person asked to answer it who set
    up a channel, except those with a page at the table (held until they leave, like a turn). Never waits."""
    asked = snap.takeback or {}
    by, first = asked.get("by"), asked.get("from")
    if not asked.get("open") or asked.get("seq") != snap.seq or not isinstance(by, int) or not isinstance(first, int):
        return
    voters = set(asked.get("voters") or []) - set(asked.get("votes") or []) - {by}
    people = {x["seat"] for x in snap.seats if not x["bot"] and x.get("hook")} & voters
    if not people:  # nobody to tell: no read of the database
        return
    grace = ctx.settings.away_after_seconds
    here = {seat for seat in people if ctx.presence.at_table(snap.code, seat, grace)}
    for seat in here:
        ctx.held.hold(Held(table_id=snap.id, code=snap.code, game=snap.game, seq=snap.seq, seat=seat,
                           kind="takeback", by=by, first=first))
    if here:
        presence_changed(ctx, snap.code)
    if people - here:
        ctx.held.run(tell_takeback(ctx, snap.id, snap.code, snap.game, snap.seq, by, first, people - here))


async def tell_takeback(ctx: NotifyContext, table_id: int, code: str, game: str, seq: int, by: int, first: int,
                        seats: set[int]) -> int:
    """Tell `seats` of the takeback `by` asked at `seq` (the moves `first` to `seq`) if it still waits for
    their answer: claimed per seat in the database (kind "takeback<by>": once over every instance, even
    when another seat asks at the same seq later). Returns how many deliveries were queued."""
    async def claim(s: Any) -> tuple[list, dict, str | None]:
        table = await queries.table_by_id(s, table_id)
        asked = (table.takeback or {}) if table is not None else {}
        if (table is None or table.seq != seq or table.status != "playing" or not asked.get("open")
                or asked.get("seq") != seq or asked.get("by") != by or asked.get("from") != first):
            return [], {}, None  # answered, withdrawn or lapsed meanwhile
        wanted = seats & (set(asked.get("voters") or []) - set(asked.get("votes") or []) - {by})
        every = await queries.seats_of(s, table_id)
        asker = next((row.name for row in every if row.seat == by), None)
        rows = [row for row in every if row.seat in wanted and row.bot is None and row.notify]
        now = utcnow()
        rows = [row for row in rows if await claims.claim(s, table_id=table_id, seq=seq, seat=row.seat,
                                                           kind=f"takeback{by}", owner=ctx.instance, now=now)]
        return rows, await language.of_players(s, [row.player_id for row in rows]), asker

    try:
        rows, langs, asker = await ctx.writer.transaction(claim)
    except Exception:  # a notification is a nicety: never let it take anything else down
        log.exception("takeback notification look-up failed", extra={"table": code})
        return 0
    queued = 0
    for row in rows:
        name = asker or language.say(langs.get(row.player_id), N_("Seat {n}"), n=by)
        queued += deliver(ctx, table_id, row, notice_for(ctx, "takeback", code=code, game=game, seat=row, seq=seq,
                                                         by=name, langs=langs, first=first))
    return queued


async def remind(ctx: NotifyContext, now: datetime | None = None) -> int:
    """Remind each person whose turn it has been for their table's reminder delay, once per turn over every
    instance. Called by every instance's sweep; returns how many reminders this instance queued."""
    now = now or utcnow()
    async with ctx.db.reading() as s:
        due = await notices.due_reminders(s, now, ctx.settings.remind_after_seconds, REMIND_BATCH)
    sent = 0
    for table in due:
        async def claim(s: Any, table: Any = table) -> bool:
            return await notices.claim_reminder(s, table.id, table.seq)

        if not await ctx.writer.transaction(claim):
            continue  # another instance has it
        async with ctx.db.reading() as s:
            rows = [row for row in await queries.seats_of(s, table.id)
                    if row.seat in (table.to_act or []) and row.bot is None and row.notify]
            langs = await language.of_players(s, [row.player_id for row in rows])
        for row in rows:
            notice = notice_for(ctx, "reminder", code=table.code, game=table.game, seat=row, seq=table.seq, langs=langs)
            sent += deliver(ctx, table.id, row, notice)
    if sent:
        log.info("reminders sent", extra={"count": sent})
    return sent


def channels_view(ctx: NotifyContext, row: Any) -> dict:
    """What a seat sees of its own channels (never another seat's)."""
    subscription = notices.loads(row.push)
    return {"seat": row.seat, "url": row.webhook_url, "format": row.webhook_format,
            "sends_as": (row.webhook_format or guess_format(row.webhook_url)) if row.webhook_url else None,
            "ntfy": row.ntfy_url, "push": subscription is not None,
            "push_endpoint_host": _host(subscription["endpoint"]) if subscription else None,
            "last": row.deliveries or {}, "digest": sorted(digest_channels(row)),
            "digest_hour": row.digest_hour if getattr(row, "digest_hour", None) is not None
            else ctx.settings.digest_hour}


def _host(url: str) -> str:
    return urlsplit(url).hostname or ""


def invited(ctx: NotifyContext, table_id: int, code: str, game: str, people: list[tuple[int, int | None, str]],
            by: str | None) -> None:
    """A rematch was sent as an invitation (app/tables/lobby/invitations.py): each invited former player,
    `people` ((seat, player id, their own invitation link)), hears of it on the channels of their seat (the
    ones they chose at the last table, carried over to the rematch), in their language. Never waits; each
    link goes to its own seat's channels alone."""
    if people:
        ctx.held.run(tell_invited(ctx, table_id, code, game, people, by))


async def tell_invited(ctx: NotifyContext, table_id: int, code: str, game: str,
                       people: list[tuple[int, int | None, str]], by: str | None) -> int:
    links = {seat: (pid, url) for seat, pid, url in people}
    try:
        async with ctx.db.reading() as s:
            rows = [row for row in await queries.seats_of(s, table_id)
                    if row.seat in links and row.bot is None and row.notify]
            langs = await language.of_players(s, [links[row.seat][0] for row in rows])
    except Exception:  # a notification is a nicety: never let it take anything else down
        log.exception("invitation notification look-up failed", extra={"table": code})
        return 0
    queued = 0
    for row in rows:
        pid, url = links[row.seat]
        notice = notice_for(ctx, "invited", code=code, game=game, seat=row, seq=0, by=by, langs=langs)
        queued += deliver(ctx, table_id, row, replace(notice, url=url, lang=langs.get(pid, "en")))
    return queued


def started(ctx: NotifyContext, snap: Snapshot) -> None:
    """A table that waited for invited friends has just started (app/tables/lobby/invitations.py): each
    person not to act first (those hear of their turn) with a channel, and no page at the table, is told on
    their channels, in their language. Never waits."""
    people = {x["seat"] for x in snap.seats if not x["bot"] and x.get("hook")} - set(snap.to_act)
    grace = ctx.settings.away_after_seconds
    people = {seat for seat in people if not ctx.presence.at_table(snap.code, seat, grace)}
    if people:
        ctx.held.run(tell_started(ctx, snap.id, snap.code, snap.game, people))


async def tell_started(ctx: NotifyContext, table_id: int, code: str, game: str, seats: set[int]) -> int:
    try:
        async with ctx.db.reading() as s:
            rows = [row for row in await queries.seats_of(s, table_id)
                    if row.seat in seats and row.bot is None and row.notify]
            langs = await language.of_players(s, [row.player_id for row in rows])
    except Exception:  # a notification is a nicety: never let it take anything else down
        log.exception("start notification look-up failed", extra={"table": code})
        return 0
    return sum(deliver(ctx, table_id, row, notice_for(ctx, "started", code=code, game=game, seat=row, seq=0,
                                                       langs=langs)) for row in rows)
