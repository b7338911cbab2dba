"""Pure ASGI middleware that guards every request before a route sees it (wired in app/main.py):

- BodyLimit: at most `max_bytes` of request body, counted as the bytes arrive (Content-Length or chunked):
  413 {"code": "too_large"} as soon as the limit is passed, without reading the rest. A few exact paths
  may be allowed more (`larger`: the admin's game import).
- SecurityHeaders: Content-Security-Policy (no inline script, no framing), nosniff, Referrer-Policy on
  every HTTP response.
- OriginCheck: a state-changing request that the browser's cookie would authenticate (no Bearer token)
  must come from one of our own pages: 403 {"code": "bad_origin"}; a WebSocket opened without ?token=
  from another origin is closed with 4403.

Client addresses and forwarded hosts come from `Proxies`: X-Forwarded-For and X-Forwarded-Host are
believed only from the proxies listed in ICEHOUSE_TRUSTED_PROXIES.
"""
from __future__ import annotations

import ipaddress
import json
from urllib.parse import urlsplit

import orjson
from starlette.datastructures import Headers, QueryParams
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.tables.errors import N_
from app.tables.identity import COOKIE_NAME
from app.web.speech import said

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; media-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),  # table links are the keys to tables: never sent to other sites
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers that predate it
    (b"cross-origin-opener-policy", b"same-origin"),
]


MAX_NESTING = 32  # arrays and objects inside each other in a socket message; a move needs a handful


class TooDeep(ValueError):
    """A socket message nests arrays and objects more deeply than MAX_NESTING."""

    def __init__(self) -> None:
        super().__init__(f"That message nests arrays and objects too deeply (at most {MAX_NESTING} levels).")


# An ASGI "websocket.receive" message's JSON, kept in it by the first middleware that parsed it (the rate
# limits read each message's type) so that the socket's route does not parse it again.
PARSED = "icehouse.parsed"


def parse_message(raw: str) -> object:
    """A socket message's JSON (ValueError when it is not JSON, TooDeep when it nests too deeply). orjson
    first, for speed; the standard parser for what orjson refuses and JSON allows (an escaped lone surrogate,
    which the text checks then refuse with a sentence of their own). orjson refuses more than 1,024 levels,
    the standard parser raises RecursionError: both, and anything past MAX_NESTING, are TooDeep."""
    try:
        value = orjson.loads(raw)
    except ValueError as exc:
        try:
            value = json.loads(raw)
        except RecursionError:
            raise TooDeep() from None
        except ValueError:
            if "recursion" in str(exc).lower():
                raise TooDeep() from None
            raise
    if raw.count("[") + raw.count("{") > MAX_NESTING and _nesting(value) > MAX_NESTING:
        raise TooDeep()
    return value


def _nesting(value: object) -> int:
    """How deeply arrays and objects nest in a parsed message (without recursion)."""
    if not isinstance(value, (dict, list)):
        return 0
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > MAX_NESTING:
                return deepest
        for child in item.values() if isinstance(item, dict) else item:
            if isinstance(child, (dict, list)):
                stack.append((child, depth + 1))
    return deepest


def error_body(detail: str, code: str) -> bytes:
    return json.dumps({"detail": detail, "code": code}, ensure_ascii=True).encode()


async def send_error(send: Send, status: int, detail: str, code: str,
                     headers: list[tuple[bytes, bytes]] | None = None) -> None:
    """An HTTP error response {"detail", "code"}, sent straight through ASGI."""
    body = error_body(detail, code)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


async def refuse_socket(receive: Receive, send: Send, close_code: int, detail: str, code: str,
                        extra: dict | None = None) -> None:
    """Accept the handshake only to say why, then close with `close_code` (browsers see 4xxx codes;
    a refused handshake would reach them as a bare 1006)."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send",
                "text": json.dumps({"type": "error", "detail": detail, "code": code, **(extra or {})})})
    await send({"type": "websocket.close", "code": close_code})


class Proxies:
    """Which peers are our reverse proxies, and what they tell us about the client."""

    def __init__(self, trusted: list[str]):
        self.networks = [ipaddress.ip_network(x.strip(), strict=False) for x in trusted if x.strip()]

    def trusts(self, address: str | None) -> bool:
        if not address or not self.networks:
            return False
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self.networks)

    def client(self, scope: Scope) -> str:
        """The client's address: the peer, or, when the peer is a trusted proxy, the nearest address in
        X-Forwarded-For that is not one of our proxies (addresses further left are the client's word)."""
        peer = (scope.get("client") or ("unknown", 0))[0]
        if not self.trusts(peer):
            return peer
        chain = [x.strip() for x in ",".join(Headers(scope=scope).getlist("x-forwarded-for")).split(",")]
        for hop in reversed([x for x in chain if x]):
            if not self.trusts(hop):
                return hop
        return peer

    def host(self, scope: Scope) -> str | None:
        """The host the browser asked for: X-Forwarded-Host from a trusted proxy, else Host."""
        headers = Headers(scope=scope)
        if self.trusts((scope.get("client") or ("", 0))[0]):
            forwarded = headers.get("x-forwarded-host")
            if forwarded:
                return forwarded.split(",")[0].strip()
        return headers.get("host")


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int, larger: dict[str, int] | None = None):
        """`larger`: exact paths allowed a bigger body (the admin's game import), path -> bytes."""
        self.app = app
        self.max_bytes = max_bytes
        self.larger = dict(larger or {})

    @staticmethod
    def _detail(scope: Scope, limit: int) -> str:
        return said(scope, N_("The request body is too large (at most {limit} bytes)."), {"limit": limit})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.max_bytes)
        length = Headers(scope=scope).get("content-length")
        if length is not None and (not length.strip().isdigit() or int(length) > limit):
            await send_error(send, 413, self._detail(scope, limit), "too_large", [(b"connection", b"close")])
            return
        received = 0
        answered = started = False

        async def counted() -> Message:
            nonlocal received, answered
            if answered:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:  # answer now; the app sees the client go away
                    answered = True
                    if not started:
                        await send_error(send, 413, self._detail(scope, limit), "too_large",
                                         [(b"connection", b"close")])
                    return {"type": "http.disconnect"}
            return message

        async def guarded(message: Message) -> None:
            nonlocal started
            if answered:
                return  # the 413 went out: whatever the app says now is dropped
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, guarded)
        except Exception:
            if not answered:
                raise  # a real failure; after a 413 the app's complaints about the lost body are moot


class SecurityHeaders:
    def __init__(self, app: ASGIApp, *, hsts: bool = False):
        self.app = app
        self.headers = SECURITY_HEADERS + ([(b"strict-transport-security", b"max-age=31536000")] if hsts else [])

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in self.headers if k not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


def _netloc(url_or_host: str, scheme: str | None = None) -> str:
    """host[:port], lower case, without the scheme's default port."""
    if "://" in url_or_host:
        parts = urlsplit(url_or_host)
        scheme, netloc = parts.scheme, parts.netloc
    else:
        netloc = url_or_host
    netloc = netloc.strip().lower().rsplit("@", 1)[-1]
    for default_scheme, port in (("http", ":80"), ("https", ":443"), ("ws", ":80"), ("wss", ":443")):
        if netloc.endswith(port) and scheme in (default_scheme, None):
            return netloc[: -len(port)]
    return netloc


WEB_SCHEMES = ("http", "https")


def web_origin(url: str) -> tuple[str, str] | None:
    """(scheme, host[:port]) of an Origin or Referer that a web page could have sent: http or https with a
    host and no user name. None for anything else: `javascript://<our host>` has our host but no page of
    ours behind it, nor has "null", data:, file: or a URL that does not parse."""
    url = url.strip()
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in WEB_SCHEMES or not parts.netloc or "@" in parts.netloc or not url.lower().startswith(
            f"{scheme}://"):
        return None
    return scheme, _netloc(url)


class OriginCheck:
    """Refuses cross-origin requests that the cookie would authenticate (see the module docstring)."""

    def __init__(self, app: ASGIApp, *, proxies: Proxies, public_url: str | None = None,
                 allowed_origins: list[str] | None = None):
        self.app = app
        self.proxies = proxies
        # (scheme or None for "either", host[:port]) of the public URL and the listed origins
        self.fixed = {(urlsplit(x.strip()).scheme.lower() if "://" in x else None, _netloc(x))
                      for x in [public_url or "", *(allowed_origins or [])] if x.strip()}

    def same_origin(self, scope: Scope) -> bool:
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        if origin is None:
            if headers.get("sec-fetch-site") in ("cross-site", "same-site"):
                return False
            origin = headers.get("referer")
            if origin is None:
                return True  # no browser sent this (browsers send Origin on every such request)
        page = web_origin(origin)
        if page is None:  # "null", javascript://<our host>, data:, file:, a user name: no page of ours
            return False
        scheme, netloc = page
        if any(netloc == n and s in (None, scheme) for s, n in self.fixed):
            return True
        host = self.proxies.host(scope)
        return bool(host) and netloc == _netloc(host, scheme)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http" and scope["method"] not in SAFE_METHODS and not _has_bearer(scope):
            if not self.same_origin(scope):
                await send_error(send, 403, said(scope, N_("This request came from another site's page; open the "
                                                            "table from this site and try again.")), "bad_origin")
                return
        elif kind == "websocket" and not _has_token_query(scope):
            if not self.same_origin(scope):
                await refuse_socket(receive, send, 4403, said(scope, N_("This connection came from another site's "
                                                                        "page; open the table from this site.")),
                                    "bad_origin")
                return
        await self.app(scope, receive, send)


def token_query(scope: Scope) -> str | None:
    """The socket's ?token=, read exactly as the socket route reads it (the last one wins, empty is none):
    a query the check and the route read differently would let a cookie in unchecked."""
    query = scope.get("query_string", b"")
    if b"token" not in query and b"%" not in query:  # most requests: no "token" key, even percent-encoded
        return None
    return QueryParams(query).get("token") or None


def _has_token_query(scope: Scope) -> bool:
    return token_query(scope) is not None


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header; None without one (another scheme, or no
    token). The routes (app/web/deps.py) and the limits read the header through this one function."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


def authorization_token(scope: Scope) -> str | None:
    """The Bearer token of a request, from its (first) Authorization header, as FastAPI's Header() reads it."""
    return bearer_token(Headers(scope=scope).get("authorization"))


def identity_cookie(scope: Scope) -> str | None:
    """The browser's identity cookie, read exactly as every route reads it (Starlette's cookie parsing:
    of duplicate names the last wins). The limits key a seat on this very value: a limiter that read the
    first of `icehouse_id=<random>; icehouse_id=<real>` while the app used the last gave every request a
    fresh bucket."""
    for name, _ in scope.get("headers", ()):
        if name == b"cookie":  # a server's header names are lower case (ASGI)
            return HTTPConnection(scope).cookies.get(COOKIE_NAME) or None
    return None  # no Cookie header: nothing to parse


def _has_bearer(scope: Scope) -> bool:
    return authorization_token(scope) is not None
