"""What a notification says on each channel: a chat room's webhook in its service's format, an ntfy topic,
a Web Push payload. Pure functions of a Notice; delivery is webhooks.Webhooks' (and webpush.py's) work.

Webhook formats: Slack and Mattermost take {"text"}, Discord takes {"content"}, a generic target gets the
whole message as JSON (type, text, content, table, game, seat, seq, url). The player chooses one, or it is
guessed from the URL: hooks.slack.com is Slack, discord.com/api/webhooks is Discord, a /hooks/<26 letters
and digits> path is Mattermost, anything else is generic.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from app.tables.errors import N_, Invalid
from app.tables.language import say
from app.tables.notify.webhooks import clean_url

FORMATS = ("slack", "mattermost", "discord", "generic")
KINDS = ("turn", "reminder", "nudge", "takeback", "invited", "started")
DIGEST_CHANNELS = ("webhook", "ntfy", "push")  # the channels a seat may set to the daily digest (digest.py)
TOPIC = re.compile(r"[A-Za-z0-9_-]{1,64}")  # an ntfy topic name
MATTERMOST_HOOK = re.compile(r"/hooks/[a-z0-9]{26}/?$")
DISCORD_HOSTS = ("discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com")


@dataclass(frozen=True)
class Notice:
    """One notification for one seat: its turn came (turn), it has waited long (reminder), a teammate
    asked it to play (nudge, `by` is the teammate's name), or another player asks it to accept taking back
    the moves `first` to `seq` (takeback, `by` is the asker's name; app/tables/live/takeback.py)."""

    kind: str
    code: str
    title: str  # the game's title
    seat: int
    name: str | None
    seq: int
    url: str  # the table's link
    by: str | None = None
    lang: str = "en"  # the recipient's language (their player record's, app/tables/language.py)
    first: int | None = None  # a takeback: the first move it would take back (the last is `seq`)
    # invited: `by` invites the seat to a rematch that waits for its answer; `url` is its own invitation link
    # started: a table that waited for invited friends has started (the seats not to act first hear it so)

    @property
    def who(self) -> str:
        return self.name or say(self.lang, N_("Seat {n}"), n=self.seat)

    @property
    def headline(self) -> str:
        """A short title (ntfy, Web Push)."""
        if self.kind == "reminder":
            return say(self.lang, N_("Reminder: your turn at {game}"), game=self.title)
        if self.kind == "nudge":
            return say(self.lang, N_("Nudge: your turn at {game}"), game=self.title)
        if self.kind == "takeback":
            return say(self.lang, N_("Takeback asked at {game}"), game=self.title)
        if self.kind == "invited":
            return say(self.lang, N_("Invitation to a rematch of {game}"), game=self.title)
        if self.kind == "started":
            return say(self.lang, N_("{game} has started"), game=self.title)
        return say(self.lang, N_("Your turn at {game}"), game=self.title)

    @property
    def text(self) -> str:
        where = {"game": self.title, "code": self.code, "url": self.url, "who": self.who}
        if self.kind == "reminder":
            return say(self.lang, N_("Reminder: {who}, it's still your turn at {game} (table {code}): {url}"), **where)
        if self.kind == "nudge":
            by = self.by or say(self.lang, N_("A teammate"))
            return say(self.lang, N_("{by} nudged {who}: it's your turn at {game} (table {code}): {url}"), by=by,
                       **where)
        if self.kind == "takeback":
            by = self.by or say(self.lang, N_("A player"))
            if self.first is None or self.first >= self.seq:
                return say(self.lang, N_("{by} asks to take back move {n} at {game} (table {code}); {who}, accept "
                                         "or refuse: {url}"), by=by, n=self.seq, **where)
            return say(self.lang, N_("{by} asks to take back moves {first} to {last} at {game} (table {code}); "
                                     "{who}, accept or refuse: {url}"), by=by, first=self.first, last=self.seq, **where)
        if self.kind == "invited":
            by = self.by or say(self.lang, N_("A player"))
            return say(self.lang, N_("{by} invites {who} to a rematch of {game} (table {code}); accept or decline: "
                                     "{url}"), by=by, **where)
        if self.kind == "started":
            return say(self.lang, N_("{who}, the game of {game} you were invited to has started (table {code}): {url}"),
                       **where)
        return say(self.lang, N_("{who}, it's your turn at {game} (table {code}): {url}"), **where)


def digest_channels(seat: object) -> set[str]:
    """The channels of `seat` (a seat row) that go by the daily digest instead of a message per turn."""
    return {x for x in (getattr(seat, "digest", None) or "").split(",") if x in DIGEST_CHANNELS}


def clean_format(raw: object) -> str | None:
    """The webhook format to store: one of FORMATS, or None ("auto" or empty: guessed from the URL)."""
    if raw is None or raw in ("", "auto"):
        return None
    if not isinstance(raw, str) or raw.strip().lower() not in FORMATS:
        shown = str(raw)[:40]
        raise Invalid(N_("A webhook format is one of auto, {formats}; not {given}."), formats=", ".join(FORMATS),
                      given=repr(shown))
    return raw.strip().lower()


def guess_format(url: str) -> str:
    """The format a webhook URL most likely speaks (the player may choose another)."""
    parts = urlsplit(url)
    host, path = (parts.hostname or "").lower(), parts.path
    if host == "hooks.slack.com":
        return "slack"
    if host in DISCORD_HOSTS and path.startswith("/api/webhooks/"):
        return "discord"
    if MATTERMOST_HOOK.search(path):
        return "mattermost"
    return "generic"


def webhook_body(fmt: str, notice: Notice) -> dict:
    """The JSON a webhook of format `fmt` gets."""
    if fmt in ("slack", "mattermost"):
        return {"text": notice.text}
    if fmt == "discord":
        return {"content": notice.text}
    body = {"type": _type(notice), "text": notice.text, "content": notice.text, "table": notice.code,
            "game_title": notice.title, "seat": notice.seat, "name": notice.name, "seq": notice.seq,
            "url": notice.url}
    if notice.kind != "turn":
        body[notice.kind] = True  # "reminder": true, "nudge": true or "takeback": true
    if notice.by:
        body["by"] = notice.by
    if notice.kind == "takeback":
        body["from"] = notice.first if notice.first is not None else notice.seq
    return body


def _type(notice: Notice) -> str:
    """A generic webhook's and a push payload's "type": a takeback to answer, or a turn to play."""
    if notice.kind == "invited":
        return "invitation"
    if notice.kind == "started":
        return "started"
    return "takeback_request" if notice.kind == "takeback" else "your_turn"


def clean_ntfy(raw: object, *, allow_private: bool) -> str | None:
    """An ntfy topic URL to store (None clears it): https://ntfy.sh/<topic> or a self-hosted server's."""
    url = clean_url(raw, allow_private=allow_private)
    if url is None:
        return None
    parts = urlsplit(url)
    topic = parts.path.rstrip("/").rsplit("/", 1)[-1]
    if parts.query or parts.fragment or not TOPIC.fullmatch(topic):
        raise Invalid(N_("An ntfy address is the server and the topic, like https://ntfy.sh/my-secret-topic "
                         "(a topic is 1 to 64 letters, digits, - or _; no ? or #)."))
    return url.rstrip("/")


def ntfy_publish(url: str, notice: Notice) -> tuple[str, dict]:
    """Where to POST and what: ntfy's JSON publishing (the server's root, the topic in the body), so the
    title and the text may be any Unicode. The click URL needs ICEHOUSE_PUBLIC_URL (an absolute link)."""
    parts = urlsplit(url)
    prefix, topic = parts.path.rstrip("/").rsplit("/", 1)
    root = f"{parts.scheme}://{parts.netloc}{prefix}/"
    body = {"topic": topic, "title": notice.headline, "message": notice.text, "tags": ["game_die"],
            "priority": 3 if notice.kind == "turn" else 4}
    if notice.url.startswith(("https://", "http://")):  # a relative link (no public URL set) opens nothing
        body["click"] = notice.url
    return root, body


def push_payload(notice: Notice) -> dict:
    """What the service worker (static/sw.js) shows: the game, the table, "your turn", the link."""
    return {"type": _type(notice), "kind": notice.kind, "title": notice.headline, "body": notice.text,
            "table": notice.code, "game_title": notice.title, "url": notice.url}
