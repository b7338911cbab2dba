"""Turn webhooks: a seat may paste a URL (a chat room's incoming webhook, say); when that seat comes to act,
the server POSTs a small JSON message to it.

Delivery never blocks a move: `Webhooks.turn()` only queues work (a bounded queue; when it is full the
notification is dropped and logged). A worker delivers with a timeout and retries with back-off on network
errors, 429 and 5xx. Private, loopback and link-local addresses are refused, both when the URL is set (for
an address written in the URL) and at delivery (for what the host name resolves to), unless
ICEHOUSE_WEBHOOK_ALLOW_PRIVATE=1. IPv6 addresses that carry an IPv4 address (mapped, compatible, NAT64,
6to4, Teredo) are judged by that IPv4 address. Each attempt resolves the name once, checks every address,
and connects only to those addresses (PinnedTransport), so DNS rebinding cannot redirect it.
"""
from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from collections.abc import Awaitable, Callable, Iterable
from urllib.parse import urlsplit

import httpcore
import httpx

from app.tables import says, text
from app.tables.errors import N_, Invalid
from app.tables.tasks import cancel_all

log = logging.getLogger("icehouse.webhooks")

URL_MAX = 500  # characters
QUEUE_MAX = 1000  # notifications waiting for delivery, per process
PARALLEL = 8  # deliveries in flight at once
TIMEOUT = 5.0  # seconds per attempt
BACKOFF = (1.0, 4.0, 16.0)  # seconds before the 2nd, 3rd and 4th attempt
HEADERS = {"User-Agent": "IcehouseTable-webhook/1"}


class Refused(Exception):
    """The address is not one the server may call: `say` says why (app/tables/says.py), str() in English."""

    def __init__(self, message: str, **params: object) -> None:
        self.say = says.say(message, **params)
        super().__init__(says.english(self.say))


class Detail(str):
    """How a delivery went, in a few English words (the logs, older readers), with `say`: the same as a
    message id and params, for the player's page to say in its reader's language."""

    say: dict

    def __new__(cls, said: dict) -> Detail:
        out = super().__new__(cls, says.english(said))
        out.say = said
        return out


def clean_url(raw: object, *, allow_private: bool) -> str | None:
    """The webhook URL to store (None clears it); Invalid with a sentence otherwise."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    if not isinstance(raw, str):
        raise Invalid(N_("A webhook must be a URL written as text, like https://chat.example.org/hooks/abc."))
    url = text.check(raw, N_("A webhook URL")).strip()
    if len(url) > URL_MAX:
        raise Invalid(N_("A webhook URL must be at most {max} characters; this one has {n}."), max=URL_MAX, n=len(url))
    if any(ch.isspace() for ch in url):
        raise Invalid(N_("A webhook URL must not contain spaces."))
    try:
        parts = urlsplit(url)
        host = parts.hostname
        _ = parts.port  # raises ValueError for a bad port
    except ValueError:
        raise Invalid(N_("{url} is not a URL the server can call."), url=repr(url[:80])) from None
    if parts.scheme not in ("http", "https") or not host:
        raise Invalid(N_("A webhook must be an http:// or https:// URL with a host name, not {url}."),
                      url=repr(url[:80]))
    if parts.username or parts.password:
        raise Invalid(N_("A webhook URL must not carry a user name or password."))
    literal = _ip(host)
    if literal is not None and not allow_private and not is_public(literal):
        raise Invalid(N_("The server does not call private or local addresses like {host}: use a public URL."),
                      host=host)
    return url


IP = ipaddress.IPv4Address | ipaddress.IPv6Address
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")  # well-known prefix: reaches the IPv4 address it ends with
NAT64_LOCAL = ipaddress.IPv6Network("64:ff9b:1::/48")  # local-use translation: a private network's
IPV4_COMPATIBLE = ipaddress.IPv6Network("::/96")  # ::a.b.c.d (deprecated), and :: and ::1 themselves


def _ip(host: str) -> IP | None:
    try:
        return ipaddress.ip_address(host.strip("[]").split("%")[0])
    except ValueError:
        return None


def embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address carries and reaches: mapped (::ffff:a.b.c.d), compatible
    (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) or 6to4 (2002:aabb:ccdd::)."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip in IPV4_COMPATIBLE or ip in NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def is_public(ip: IP) -> bool:
    """True for an address on the public internet; False for private, loopback, link-local, reserved,
    multicast and unspecified ones, for an IPv6 address that embeds an IPv4 address that is not public, and
    for Teredo tunnels and local-use NAT64."""
    if isinstance(ip, ipaddress.IPv6Address):
        inner = embedded_ipv4(ip)
        if inner is not None:
            return is_public(inner)
        if ip.is_site_local or ip.teredo is not None or ip in NAT64_LOCAL:
            return False
    return ip.is_global and not (ip.is_multicast or ip.is_private or ip.is_loopback or ip.is_link_local
                                 or ip.is_reserved or ip.is_unspecified)


async def resolve(url: str, *, allow_private: bool) -> list[str]:
    """The addresses to connect to for `url`: its literal address, or every address its host resolves to
    (in order, once each). Refused unless all are public (or private ones are allowed).

    Delivery connects only to these addresses (see PinnedTransport): a name that resolves to a public
    address when checked cannot point the connection somewhere else a moment later (DNS rebinding)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    literal = _ip(host)
    if literal is not None:
        found = [str(literal)]
    else:
        port = parts.port or (443 if parts.scheme == "https" else 80)
        loop = asyncio.get_running_loop()
        try:
            infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except OSError as exc:
            raise Refused(says.UNRESOLVED, host=host, error=str(exc)) from None
        found = list(dict.fromkeys(str(info[4][0]).split("%")[0] for info in infos))
    if not found:
        raise Refused(says.NO_ADDRESS, host=host)
    if not allow_private:
        for address in found:
            ip = _ip(address)
            if ip is None or not is_public(ip):
                raise Refused(says.PRIVATE_ADDRESS, host=host)
    return found


class PinnedBackend(httpcore.AsyncNetworkBackend):
    """Opens TCP connections to `host` only at the addresses given (tried in order), never looking the name
    up again; TLS still checks the certificate against the name (httpcore passes it as server_hostname)."""

    def __init__(self, host: str, addresses: list[str], inner: httpcore.AsyncNetworkBackend | None = None):
        self.host, self.addresses = host.lower(), addresses
        self.inner = inner or httpcore.AnyIOBackend()

    async def connect_tcp(self, host: str, port: int, timeout: float | None = None,
                          local_address: str | None = None, socket_options: Iterable | None = None):
        if host.strip("[]").lower() != self.host.strip("[]"):
            raise httpcore.ConnectError(f"webhook connection to {host} refused: only {self.host} was checked")
        failure: Exception | None = None
        for address in self.addresses:
            try:
                return await self.inner.connect_tcp(address, port, timeout=timeout, local_address=local_address,
                                                    socket_options=socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout, OSError) as exc:
                failure = exc
        raise httpcore.ConnectError(f"cannot connect to {self.host}: {failure}")

    async def connect_unix_socket(self, path: str, timeout: float | None = None,
                                  socket_options: Iterable | None = None):
        raise httpcore.ConnectError("webhooks never use unix sockets")

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


class PinnedTransport(httpx.AsyncHTTPTransport):
    """An httpx transport whose connections go only to the checked addresses of one host."""

    def __init__(self, host: str, addresses: list[str], inner: httpcore.AsyncNetworkBackend | None = None):
        super().__init__(trust_env=False, retries=0)
        ssl_context = httpx.create_ssl_context(trust_env=False)
        self._pool = httpcore.AsyncConnectionPool(ssl_context=ssl_context, max_connections=1,
                                                  network_backend=PinnedBackend(host, addresses, inner))


def turn_message(*, code: str, title: str, seat: int, name: str | None, seq: int, url: str,
                 reminder: bool = False) -> dict:
    """The JSON body: `text` for Slack-style hooks, `content` for Discord-style ones, and the data. A
    reminder (the seat has not moved for a while) says so and carries "reminder": true."""
    who = name or f"Seat {seat}"
    if reminder:
        text = f"Reminder: {who}, it's still your turn at {title} (table {code}): {url}"
    else:
        text = f"{who}, it's your turn at {title} (table {code}): {url}"
    body = {"type": "your_turn", "text": text, "content": text, "table": code, "game_title": title,
            "seat": seat, "name": name, "seq": seq, "url": url}
    return body | {"reminder": True} if reminder else body


Post = Callable[[str, dict | bytes], Awaitable[int]]
Result = Callable[[bool, int | None, str], Awaitable[None]]


class Webhooks:
    """A bounded queue of deliveries and the worker draining it (one per app instance)."""

    def __init__(self, *, allow_private: bool, post: Post | None = None, backoff: tuple = BACKOFF,
                 network: httpcore.AsyncNetworkBackend | None = None):
        self.allow_private = allow_private
        self.network = network  # the sockets under PinnedTransport (tests watch them); None: the real ones
        self.backoff = backoff
        self._post = post
        self._client: httpx.AsyncClient | None = None
        self._queue: asyncio.Queue[tuple] = asyncio.Queue(maxsize=QUEUE_MAX)
        self._worker: asyncio.Task | None = None
        self._inflight: set[asyncio.Task] = set()
        self._slots = asyncio.Semaphore(PARALLEL)
        self.delivered = 0
        self.failed = 0

    async def start(self) -> None:
        if self._post is None:
            self._client = httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False, headers=HEADERS)
        self._worker = asyncio.create_task(self._run(), name="webhooks")

    async def stop(self) -> None:
        await cancel_all([self._worker, *self._inflight])
        if self._client is not None:
            await self._client.aclose()

    def send(self, url: str, body: dict | bytes, *, headers: dict | None = None,
             on_result: Result | None = None) -> bool:
        """Queue one delivery (a dict is sent as JSON, bytes as they are, with `headers`); False (logged) when
        the queue is full. `on_result(ok, status, detail)` is awaited once it is delivered or given up
        (status None when no HTTP answer came). Never waits."""
        try:
            self._queue.put_nowait((url, body, headers or {}, on_result))
            return True
        except asyncio.QueueFull:
            log.warning("webhook queue full: notification dropped",
                        extra={"table": body.get("table") if isinstance(body, dict) else None})
            return False

    async def drained(self) -> None:
        """Wait until everything queued so far has been delivered or given up (tests, shutdown)."""
        await self._queue.join()

    async def _run(self) -> None:
        while True:
            item = await self._queue.get()
            await self._slots.acquire()
            task = asyncio.create_task(self._deliver(*item))
            self._inflight.add(task)
            task.add_done_callback(self._inflight.discard)

    async def _deliver(self, url: str, body: dict | bytes, headers: dict, on_result: Result | None) -> None:
        status, detail, ok = None, "", False
        try:
            for attempt in range(len(self.backoff) + 1):
                if attempt:
                    await asyncio.sleep(self.backoff[attempt - 1])
                outcome, status, detail = await self._attempt(url, body, headers)
                if outcome == "done":
                    self.delivered += 1
                    ok = True
                    return
                if outcome == "give_up":
                    break
            self.failed += 1
            log.warning("webhook not delivered", extra={"why": detail})
        finally:
            self._slots.release()
            await _report(on_result, ok, status, detail)
            self._queue.task_done()

    async def _attempt(self, url: str, body: dict | bytes, headers: dict) -> tuple[str, int | None, Detail]:
        """("done" | "retry" (network error, 429, 5xx) | "give_up" (refused address, other 4xx), the HTTP
        status or None, a few words for the player: a Detail)."""
        try:
            pinned = None if self.allow_private else await resolve(url, allow_private=False)
            if self._post is not None:
                status = await self._post(url, body)
            else:
                status = await self._http_post(url, body, headers, pinned)
        except Refused as exc:
            log.warning("webhook refused", extra={"why": str(exc)})
            return "give_up", None, Detail(says.say(says.REFUSED, why=exc.say))
        except (httpx.HTTPError, OSError) as exc:
            log.info("webhook attempt failed", extra={"why": type(exc).__name__})
            return "retry", None, Detail(says.say(says.NO_CONNECTION, error=type(exc).__name__))
        said = Detail(says.say(says.HTTP_STATUS, status=status))
        if 200 <= status < 300:
            return "done", status, said
        return ("retry" if status == 429 or status >= 500 else "give_up"), status, said

    async def _http_post(self, url: str, body: dict | bytes, headers: dict, pinned: list[str] | None) -> int:
        """POST through the shared client (private addresses allowed: nothing to pin), or through a client
        whose only connections go to the `pinned` addresses just checked."""
        payload = {"json": body} if isinstance(body, dict) else {"content": body}
        if pinned is None:
            assert self._client is not None
            return (await self._client.post(url, headers=headers, **payload)).status_code
        transport = PinnedTransport(urlsplit(url).hostname or "", pinned, self.network)
        async with httpx.AsyncClient(transport=transport, timeout=TIMEOUT, follow_redirects=False,
                                     headers=HEADERS) as client:
            return (await client.post(url, headers=headers, **payload)).status_code


async def _report(on_result: Result | None, ok: bool, status: int | None, detail: str) -> None:
    if on_result is None:
        return
    try:
        await on_result(ok, status, detail)
    except Exception:  # recording a result is a nicety too
        log.exception("webhook result not recorded")
