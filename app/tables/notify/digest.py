"""The daily digest: a channel a person sets to "digest" gets one message a day listing the tables
waiting for them (their turn), instead of a message per turn and per reminder (lichess's rule for email).

- A seat chooses which of its channels (webhook, ntfy, Web Push) go by digest (`clean_digest`, PUT
  /api/tables/{code}/digest); turn messages and reminders skip those channels (turns.deliver); a teammate's
  nudge, a person asking for that very turn, still goes, and so does a takeback request (an answer asked
  now, which lapses at the next move: turns.takeback_asked).
- From the seat's hour of each UTC day (`digest_hour`, 0-23: the table page sends its reader's 08:00; else
  Settings.digest_hour), every instance's sweep (`send`) gathers the seats with a digest channel whose
  table waits for them (playing, not paused, their turn, the bot not standing in), and groups
  them by recipient: the person (their player id; a seat with none is a person of its own) and the
  channel's address. One recipient gets one digest a day listing only the tables whose seat chose that
  very address: a chat room never learns of a table its person did not point at it. Nothing waiting,
  nothing sent (the next sweep that day looks again).
- Each digest is claimed in the database (app/store/digests.py) per recipient and UTC day before it is
  queued, with a lease: exactly one instance sends it, and a claim whose instance died before the delivery
  ended is taken over by another once LEASE has passed, so a restart loses none.
- A digest says a game's title, the table's code and link, since when it waits and its deadline (a paced
  table): nothing of the game itself, and no other seat's name.
"""
from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

from app.games import GAMES
from app.store import digests, notices, utcnow
from app.tables.errors import N_, Invalid
from app.tables.language import of_players, say
from app.tables.identity import share_url
from app.tables.notify.channels import DIGEST_CHANNELS as CHANNELS, digest_channels as chosen, guess_format
from app.tables.notify.turns import recorder

if TYPE_CHECKING:
    from app.tables.notify.context import NotifyContext

log = logging.getLogger("icehouse.webhooks")

LEASE = timedelta(minutes=10)  # a claim not marked sent this long (its instance died): another takes it over
LISTED_MAX = 10  # tables named in one digest (a Discord message holds 2000 characters); then "and N more"
KEEP_DAYS = 3  # days of claims kept


def clean_digest(raw: object) -> str | None:
    """The digest setting to store from a list of channel names (None: no digest); Invalid with a sentence."""
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) > len(CHANNELS) or not all(isinstance(x, str) for x in raw):
        raise Invalid(N_("The digest is a list of the channels that get one message a day: any of {channels}."),
                      "bad_digest", channels=", ".join(CHANNELS))
    wrong = [x for x in raw if x not in CHANNELS]
    if wrong:
        raise Invalid(N_("There is no channel called {given}: the digest takes {channels}."), "bad_digest",
                      given=repr(wrong[0][:20]), channels=", ".join(CHANNELS))
    return ",".join(sorted(set(raw))) or None


@dataclass(frozen=True)
class Waiting:
    """One table waiting for the recipient."""

    code: str
    title: str
    url: str
    since: datetime
    deadline: datetime | None


@dataclass(frozen=True)
class DigestNotice:
    """One day's digest for one recipient."""

    day: str
    name: str
    tables: tuple[Waiting, ...]
    more: int  # tables waiting beyond the ones named
    link: str  # the person's page (/me)
    lang: str = "en"  # the person's language (their player record's, app/tables/language.py)

    @property
    def headline(self) -> str:
        n = len(self.tables) + self.more
        if n == 1:
            return say(self.lang, N_("Daily digest: a table is waiting for you"))
        return say(self.lang, N_("Daily digest: {n} tables are waiting for you"), n=n)

    @property
    def text(self) -> str:
        n = len(self.tables) + self.more
        lead = (N_("Daily digest for {name}: it is your turn at a table.") if n == 1 else
                N_("Daily digest for {name}: it is your turn at {n} tables."))
        lines = [say(self.lang, lead, name=self.name, n=n)]
        for w in self.tables:
            where = {"game": w.title, "code": w.code, "since": _when(w.since), "url": w.url}
            if w.deadline is None:
                lines.append(say(self.lang, N_("- {game} (table {code}), waiting since {since}: {url}"), **where))
            else:
                lines.append(say(self.lang, N_("- {game} (table {code}), waiting since {since}, deadline "
                                               "{deadline}: {url}"), deadline=_when(w.deadline), **where))
        if self.more:
            lines.append(say(self.lang, N_("... and {n} more: {url}"), n=self.more, url=self.link))
        return "\n".join(lines)


def _when(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M UTC")


def _iso(at: datetime | None) -> str | None:
    return None if at is None else at.isoformat().replace("+00:00", "Z")


def webhook_body(fmt: str, notice: DigestNotice) -> dict:
    if fmt in ("slack", "mattermost"):
        return {"text": notice.text}
    if fmt == "discord":
        return {"content": notice.text}
    return {"type": "digest", "text": notice.text, "content": notice.text, "day": notice.day,
            "tables": [{"table": w.code, "game_title": w.title, "url": w.url, "since": _iso(w.since),
                        "deadline": _iso(w.deadline)} for w in notice.tables], "more": notice.more}


def ntfy_publish(url: str, notice: DigestNotice) -> tuple[str, dict]:
    prefix, topic = url.rstrip("/").rsplit("/", 1)
    body = {"topic": topic, "title": notice.headline, "message": notice.text, "tags": ["game_die"], "priority": 3}
    if notice.link.startswith(("https://", "http://")):
        body["click"] = notice.link
    return prefix + "/", body


def push_payload(notice: DigestNotice) -> dict:
    return {"type": "digest", "kind": "digest", "title": notice.headline, "body": notice.text, "url": notice.link}


def _address(row: Any, channel: str) -> str | None:
    """Where `channel` of a seat row sends (with the webhook's format: another format is another message)."""
    if channel == "webhook" and row.webhook_url:
        return f"{row.webhook_format or guess_format(row.webhook_url)} {row.webhook_url}"
    if channel == "ntfy" and row.ntfy_url:
        return row.ntfy_url
    if channel == "push":
        sub = notices.loads(row.push)
        return sub.get("endpoint") if sub else None
    return None


def _since(row: Any) -> datetime:
    """Since when the table waits: its last move, its start or the end of its pause, whichever is last."""
    return max(_aware(x) for x in (row.moved_at, row.started_at, row.paused_until) if x is not None)


@dataclass
class _Group:
    channel: str
    rows: list


def clean_hour(raw: object) -> int | None:
    """A digest's hour to store: a whole hour of the UTC day, 0 to 23 (None: the server's)."""
    if raw is None:
        return None
    if type(raw) is not int or not 0 <= raw <= 23:
        raise Invalid(N_("The digest's hour is a whole hour of the UTC day, from 0 to 23."), "bad_digest")
    return raw


def recipients(rows: list, hour: int, default_hour: int) -> dict[str, _Group]:
    """The seats waiting (rows of digests.waiting) whose digest hour has come (`hour` now, UTC; a seat
    without one has `default_hour`), grouped by recipient: a hash of the person and the address."""
    out: dict[str, _Group] = {}
    for row in rows:
        due = row.digest_hour if row.digest_hour is not None else default_hour
        if not row.notify or row.seat not in (row.to_act or []) or hour < due:
            continue
        person = f"p{row.player_id}" if row.player_id is not None else f"s{row.table_id}.{row.seat}"
        for channel in sorted(chosen(row)):
            address = _address(row, channel)
            if address is None:
                continue
            key = hashlib.sha256(f"{person}\n{channel}\n{address}".encode()).hexdigest()[:40]
            out.setdefault(key, _Group(channel, [])).rows.append(row)
    return out


def notice_of(ctx: NotifyContext, day: str, rows: list, langs: dict[int, str] | None = None) -> DigestNotice:
    """The digest of one recipient's waiting seats (`langs`: player id -> language)."""
    rows = sorted(rows, key=_since)
    public = ctx.settings.public_url
    waiting = []
    for row in rows[:LISTED_MAX]:
        since = _since(row)
        deadline = since + timedelta(seconds=row.pace) if row.pace else None
        title = GAMES[row.game].title if row.game in GAMES else row.game
        waiting.append(Waiting(row.code, title, share_url(public, row.code), since, deadline))
    lang = (langs or {}).get(rows[0].player_id, "en")
    name = rows[0].name or say(lang, N_("Seat {n}"), n=rows[0].seat)
    return DigestNotice(day=day, name=name, tables=tuple(waiting), more=max(0, len(rows) - LISTED_MAX),
                        link=f"{(public or '').rstrip('/')}/me", lang=lang)


def _aware(at: datetime) -> datetime:
    return at.replace(tzinfo=timezone.utc) if at.tzinfo is None else at.astimezone(timezone.utc)


_forgotten: dict[str, str] = {}  # instance -> the day its old claims were last deleted


async def send(ctx: NotifyContext, now: datetime | None = None) -> int:
    """Send the day's digests due (from each seat's hour, UTC) and not sent yet, each once over every
    instance. Called by every instance's sweep; returns how many digests this instance queued."""
    now = now or utcnow()
    day = now.date().isoformat()
    if _forgotten.get(ctx.instance) != day:  # once a day per instance: the claims of past days go
        await forget(ctx, now)
        _forgotten[ctx.instance] = day
    async with ctx.db.reading() as s:
        rows = await digests.waiting(s, now)
        if not rows:
            return 0
        done = await digests.claimed_on(s, day, now - LEASE)
        langs = await of_players(s, [row.player_id for row in rows])
    groups = {k: g for k, g in recipients(rows, now.hour, ctx.settings.digest_hour).items() if k not in done}
    sent = 0
    for key, group in groups.items():
        if not await ctx.writer.transaction(
                lambda s, key=key: digests.claim(s, key, day, ctx.instance, now, now - LEASE)):
            continue  # another instance has it
        notice = notice_of(ctx, day, group.rows, langs)
        if _deliver(ctx, key, day, group, notice):
            sent += 1
        else:  # the queue is full: let the next sweep try again
            await ctx.writer.transaction(lambda s, key=key: digests.release(s, key, day, ctx.instance))
    if sent:
        log.info("digests sent", extra={"count": sent})
    return sent


def _deliver(ctx: NotifyContext, key: str, day: str, group: _Group, notice: DigestNotice) -> bool:
    row = group.rows[0]
    seats = [recorder(ctx, x.table_id, x.code, x.seat, group.channel) for x in group.rows[:LISTED_MAX]]

    async def done(ok: bool, status: int | None, detail: str) -> None:
        await ctx.writer.transaction(lambda s: digests.mark_sent(s, key, day, ctx.instance, utcnow()))
        for record in seats:
            await record(ok, status, detail)

    if group.channel == "webhook":
        body = webhook_body(row.webhook_format or guess_format(row.webhook_url), notice)
        return ctx.webhooks.send(row.webhook_url, body, on_result=done)
    if group.channel == "ntfy":
        url, body = ntfy_publish(row.ntfy_url, notice)
        return ctx.webhooks.send(url, body, on_result=done)
    subscription = notices.loads(row.push)
    if subscription is None or ctx.push is None:
        return False
    endpoint, body, headers = ctx.push.request(subscription, push_payload(notice))
    return ctx.webhooks.send(endpoint, body, headers=headers, on_result=done)


async def forget(ctx: NotifyContext, now: datetime | None = None) -> None:
    """Delete the claims of past days (the housekeeping's)."""
    day = ((now or utcnow()) - timedelta(days=KEEP_DAYS)).date().isoformat()
    await ctx.writer.transaction(lambda s: digests.forget_before(s, day))
