"""Abuse limits: creating tables, taking seats, chat and moves, per client address and per seat.

Each limit is a token bucket written "N/S" in Settings: a key (an address, a seat) may spend N at once and
regains N every S seconds. Over the limit an HTTP request gets 429 {"code": "rate_limited"} with
Retry-After (whole seconds); a WebSocket move or chat message gets {"type": "error", "code":
"rate_limited", "status": 429, "retry_after": s} and the socket stays open. The seat is the Bearer token,
the ?token= of a socket, or the browser's identity cookie at that table. Buckets live in this process (one
set per app instance) and are bounded in number.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.tables.errors import N_, RateLimited, Unauthorized
from app.web.middleware import (PARSED, Proxies, authorization_token, identity_cookie, parse_message, send_error,
                                token_query)
from app.web.speech import said

MAX_KEYS = 50_000  # buckets kept per limit; the idlest go first
WS_MESSAGE_MAX = 64 * 1024  # longer socket messages are the app's to refuse; not parsed here


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: float

    @classmethod
    def parse(cls, text: str) -> Rate | None:
        """"30/60" -> Rate(30, 60.0); "" or "0" -> None (no limit). ValueError otherwise."""
        text = (text or "").strip()
        if text in ("", "0", "off", "none"):
            return None
        match = re.fullmatch(r"(\d+)\s*/\s*(\d+(?:\.\d+)?)", text)
        if not match or int(match[1]) < 1 or float(match[2]) <= 0:
            raise ValueError(f"a rate limit is written N/S (N requests per S seconds), like 30/60, not {text!r}")
        return cls(int(match[1]), float(match[2]))


class Buckets:
    """Token buckets by key for one rate."""

    def __init__(self, rate: Rate, clock: Callable[[], float] = time.monotonic, max_keys: int = MAX_KEYS):
        self.rate, self.clock, self.max_keys = rate, clock, max_keys
        self.per_second = rate.count / rate.seconds
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, when)

    def _level(self, key: str, now: float) -> float:
        tokens, then = self._buckets.get(key, (float(self.rate.count), now))
        return min(float(self.rate.count), tokens + (now - then) * self.per_second)

    def wait(self, key: str) -> float:
        """Seconds until `key` has a token to spend (0.0: it has one now). Spends nothing."""
        tokens = self._level(key, self.clock())
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.per_second

    def take(self, key: str) -> float:
        """Spend one token of `key`: 0.0 when there was one, else the seconds until there is (and nothing
        is spent)."""
        now = self.clock()
        tokens = self._level(key, now)
        if tokens < 1.0:
            return (1.0 - tokens) / self.per_second
        self._buckets.pop(key, None)
        self._buckets[key] = (tokens - 1.0, now)  # most recently used last
        while len(self._buckets) > self.max_keys:
            self._buckets.popitem(last=False)
        return 0.0


@dataclass(frozen=True)
class Rule:
    action: str
    by_address: Rate | None
    by_seat: Rate | None
    from_address: str  # the refusal's sentence (a message id with {n}, the seconds to wait) ...
    from_seat: str = ""  # ... for the address's bucket and for the seat's


Refusal = tuple[int, tuple[str, dict]]  # (Retry-After seconds, (message id, params)), said in the asker's language


class Limits:
    """The limits of one app instance: rules by action, each with buckets per address and per seat."""

    def __init__(self, rules: list[Rule], clock: Callable[[], float] = time.monotonic):
        self.rules = {r.action: r for r in rules}
        self._address = {r.action: Buckets(r.by_address, clock) for r in rules if r.by_address}
        self._seat = {r.action: Buckets(r.by_seat, clock) for r in rules if r.by_seat}

    def limited(self, action: str) -> bool:
        """Whether any bucket limits `action` (with every limit of it off, check allows it whoever asks)."""
        return action in self._address or action in self._seat

    def check(self, action: str, address: str, seat: str | None) -> Refusal | None:
        """None when allowed; else (Retry-After seconds, the sentence as a message id and its params)."""
        rule = self.rules.get(action)
        if rule is None:
            return None
        buckets = [(self._address.get(action), address, rule.from_address),
                   (self._seat.get(action) if seat is not None else None, seat, rule.from_seat)]
        buckets = [(b, key, said) for b, key, said in buckets if b is not None]
        wait, said = max(((b.wait(key), said) for b, key, said in buckets), default=(0.0, ""))
        if wait <= 0:
            for b, key, _ in buckets:  # spend only when every limit allows
                b.take(key)
            return None
        seconds = max(1, math.ceil(wait))
        return seconds, (said, {"n": seconds})

    def address_wait(self, action: str, address: str) -> Refusal | None:
        """Like check, for the address bucket alone, but spends nothing (see `address_spend`)."""
        rule, buckets = self.rules.get(action), self._address.get(action)
        wait = buckets.wait(address) if buckets is not None else 0.0
        if rule is None or wait <= 0:
            return None
        seconds = max(1, math.ceil(wait))
        return seconds, (rule.from_address, {"n": seconds})

    def address_spend(self, action: str, address: str) -> None:
        buckets = self._address.get(action)
        if buckets is not None:
            buckets.take(address)


def limits_from(settings) -> Limits:  # settings: app.config.Settings
    rate = Rate.parse
    return Limits([
        Rule("create", rate(settings.rate_limit_create), None,
             N_("Too many tables created from your address: wait {n} s and try again.")),
        Rule("join", rate(settings.rate_limit_join), None,
             N_("Too many seats taken from your address: wait {n} s and try again.")),
        Rule("chat", rate(settings.rate_limit_chat_address), rate(settings.rate_limit_chat),
             N_("Too many chat messages from your address: wait {n} s and try again."),
             N_("Too many chat messages from your seat: wait {n} s and try again.")),
        Rule("move", rate(settings.rate_limit_move_address), rate(settings.rate_limit_move),
             N_("Too many moves from your address: wait {n} s and try again."),
             N_("Too many moves from your seat: wait {n} s and try again.")),
        Rule(ADMIN_TOKEN, rate(settings.rate_limit_admin_login), None,
             N_("Too many wrong admin tokens from your address: wait {n} s and try again.")),
        Rule("hint", rate(settings.rate_limit_hint_address), rate(settings.rate_limit_hint),
             N_("Too many hints from your address: wait {n} s and try again."),
             N_("Too many hints from your seat: wait {n} s and try again.")),
        Rule("scores", rate(settings.rate_limit_scores), None,
             N_("Too many requests for move scores from your address: wait {n} s and try again.")),
        Rule("review", rate(settings.rate_limit_review), None,
             N_("Too many review requests from your address: wait {n} s and try again.")),
        Rule("takeback", rate(settings.rate_limit_takeback_address), rate(settings.rate_limit_takeback),
             N_("Too many takeback requests from your address: wait {n} s and try again."),
             N_("Too many takeback requests from your seat: wait {n} s and try again.")),
        Rule("note", rate(settings.rate_limit_note_address), rate(settings.rate_limit_note),
             N_("Too many notes from your address: wait {n} s and try again."),
             N_("Too many notes from your seat: wait {n} s and try again.")),
        Rule("invite", rate(settings.rate_limit_invite_address), rate(settings.rate_limit_invite),
             N_("Too many invitations from your address: wait {n} s and try again."),
             N_("Too many invitations from your seat: wait {n} s and try again.")),
    ])


ADMIN_TOKEN = "admin_token"  # the action of presenting the admin token, whichever way (AdminGuard)


class AdminGuard:
    """One limit on guessing the admin token, however it is presented: `Authorization: Bearer` on any
    /api/admin route, the log-in form (POST /api/admin/session), or a forged session cookie. Keyed on the
    client address (Proxies); each wrong presentation spends one of ICEHOUSE_RATE_LIMIT_ADMIN_LOGIN.

    While an address has nothing left, every presentation of the token from it is refused 429 before it is
    looked at, the right token too, as the log-in form always did: were the right one let through, a 401
    against a 429 would tell a guesser which guess was right, and the limit would count for nothing. A valid
    session cookie (signed with the server's key: it cannot be guessed) still works from a limited address,
    so an admin already logged in is not locked out by someone guessing from the same network; and the
    right token spends nothing, so an admin's scripts are not slowed."""

    def __init__(self, limits: Limits, proxies: Proxies):
        self.limits, self.proxies = limits, proxies

    def attempt(self, scope: Scope, check: Callable[[], None]) -> None:
        """Run `check` (raises Unauthorized for a wrong credential) under the limit: RateLimited (429) first
        while the address is limited; a wrong credential is counted, then re-raised."""
        address = self.proxies.client(scope)
        refused = self.limits.address_wait(ADMIN_TOKEN, address)
        if refused is not None:
            seconds, (message, params) = refused
            raise RateLimited(message, retry_after=seconds, **params)
        try:
            check()
        except Unauthorized:
            self.limits.address_spend(ADMIN_TOKEN, address)
            raise


ROUTES = [  # (method, path pattern, action) of the HTTP requests we limit
    ("POST", re.compile(r"/api/tables/?"), "create"),
    ("POST", re.compile(r"/api/records/?"), "create"),  # a game record opened: an (imported) table created
    ("POST", re.compile(r"/api/deals/([^/]+)/tables/?"), "create"),  # a table dealt a deal: a table created
    ("POST", re.compile(r"/api/tables/([^/]+)/join/?"), "join"),
    ("POST", re.compile(r"/api/tables/([^/]+)/chat/?"), "chat"),
    ("POST", re.compile(r"/api/tables/([^/]+)/moves/?"), "move"),
    ("POST", re.compile(r"/api/tables/([^/]+)/hint/?"), "hint"),
    ("POST", re.compile(r"/api/tables/([^/]+)/takeback(?:/vote)?/?"), "takeback"),  # asked or answered
    ("DELETE", re.compile(r"/api/tables/([^/]+)/takeback/?"), "takeback"),
    ("POST", re.compile(r"/api/tables/([^/]+)/moves/[^/]+/notes/?"), "note"),  # a note on a move written
    ("PATCH", re.compile(r"/api/tables/([^/]+)/notes/[^/]+/?"), "note"),  # edited
    ("DELETE", re.compile(r"/api/tables/([^/]+)/notes/[^/]+/?"), "note"),  # deleted
    ("POST", re.compile(r"/api/tables/([^/]+)/(?:rematch/)?invitations(?:/[^/]+/link|/start)?/?"), "invite"),
    ("POST", re.compile(r"/api/invitations/(?:open|accept|decline)/?"), "invite"),  # a link opened or answered
    ("POST", re.compile(r"/api/me/invitations/[^/]+/(?:accept|decline)/?"), "invite"),
    ("GET", re.compile(r"/api/tables/([^/]+)/scores/?"), "scores"),  # may queue a table's scoring
    ("POST", re.compile(r"/api/tables/([^/]+)/review/(?:line|branches)/?"), "review"),  # a what-if played out
    ("DELETE", re.compile(r"/api/tables/([^/]+)/review/branches/[^/]+/?"), "review"),  # a drop key guessed
]  # admin log-ins and every other use of the admin token: AdminGuard, in the admin routes' dependency

SOCKET_PATH = re.compile(r"/ws/tables/([^/]+)/?")
SOCKET_ACTIONS = {"move": "move", "chat": "chat", "takeback": "takeback"}


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def seat_key(scope: Scope, code: str | None) -> str | None:
    """Who is asking, as a seat, read by the very functions the routes authenticate with: a request's Bearer
    token (a socket's ?token=), else the identity cookie at this table. A request's ?token= is not read: the
    REST routes ignore it, so a limit keyed on it would be a fresh bucket for every request."""
    token = token_query(scope) if scope["type"] == "websocket" else authorization_token(scope)
    if token is not None:
        return _digest("token", token)
    cookie = identity_cookie(scope)
    if cookie is not None:
        return _digest("cookie", cookie, (code or "").lower())
    return None


class RateLimit:
    """Pure ASGI middleware applying `Limits` to HTTP requests and to socket messages."""

    def __init__(self, app: ASGIApp, *, limits: Limits, proxies: Proxies):
        self.app, self.limits, self.proxies = app, limits, proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            asked = scope["method"]
            for method, pattern, action in ROUTES:
                if asked != method:
                    continue
                match = pattern.fullmatch(scope["path"])
                if match:
                    if not self.limits.limited(action):  # every limit of it off: nothing to read or count
                        break
                    code = match.group(1) if match.groups() else None
                    refused = self.limits.check(action, self.proxies.client(scope), seat_key(scope, code))
                    if refused is not None:
                        seconds, (message, params) = refused
                        await send_error(send, 429, said(scope, message, params), "rate_limited",
                                         [(b"retry-after", str(seconds).encode())])
                        return
                    break
        elif scope["type"] == "websocket":
            match = SOCKET_PATH.fullmatch(scope["path"])
            if match:
                receive = self._socket_receive(scope, receive, send, match.group(1))
        await self.app(scope, receive, send)

    def _socket_receive(self, scope: Scope, receive: Receive, send: Send, code: str) -> Receive:
        keys: list[tuple[str, str | None]] = []  # (address, seat), read at the first limited message

        async def limited() -> Message:
            while True:
                message = await receive()
                if message["type"] != "websocket.receive":
                    return message
                action = _socket_action(message)
                if not action or not self.limits.limited(action):
                    return message
                if not keys:
                    keys.append((self.proxies.client(scope), seat_key(scope, code)))
                address, seat = keys[0]
                refused = self.limits.check(action, address, seat)
                if refused is None:
                    return message
                seconds, (said_as, params) = refused
                await send({"type": "websocket.send", "text": json.dumps(
                    {"type": "error", "detail": said(scope, said_as, params), "code": "rate_limited", "status": 429,
                     "retry_after": seconds})})

        return limited


def _socket_action(message: Message) -> str | None:
    raw = message.get("text")
    if raw is None:
        raw = (message.get("bytes") or b"").decode("utf-8", "replace")
    if len(raw) > WS_MESSAGE_MAX or '"type"' not in raw:
        return None
    try:
        value = parse_message(raw)
    except ValueError:  # the route says why
        return None
    message[PARSED] = value  # the route takes it from here
    kind = value.get("type") if isinstance(value, dict) else None
    return SOCKET_ACTIONS.get(kind) if isinstance(kind, str) else None
