"""Turn webhooks: a seat may paste a URL (a chat room's incoming webhook, say); when that seat comes to act,
the server POSTs a small JSON message to it.

Delivery never blocks a move: `Webhooks.turn()` only queues work (a bounded queue; when it is full the
notification is dropped and logged). A worker delivers with a timeout and retries with back-off on network
errors, 429 and 5xx. Private, loopback and link-local addresses are refused, both when the URL is set (for
an address written in the URL) and at delivery (for what the host name resolves to), unless
ICEHOUSE_WEBHOOK_ALLOW_PRIVATE=1.
"""
from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

import httpx

from app.tables.errors import Invalid
from app.tables.tasks import cancel_all

log = logging.getLogger("icehouse.webhooks")

URL_MAX = 500  # characters
QUEUE_MAX = 1000  # notifications waiting for delivery, per process
PARALLEL = 8  # deliveries in flight at once
TIMEOUT = 5.0  # seconds per attempt
BACKOFF = (1.0, 4.0, 16.0)  # seconds before the 2nd, 3rd and 4th attempt


class Refused(Exception):
    """The address is not one the server may call."""


def clean_url(raw: object, *, allow_private: bool) -> str | None:
    """The webhook URL to store (None clears it); Invalid with a sentence otherwise."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    if not isinstance(raw, str):
        raise Invalid("A webhook must be a URL written as text, like https://chat.example.org/hooks/abc.")
    url = raw.strip()
    if len(url) > URL_MAX:
        raise Invalid(f"A webhook URL must be at most {URL_MAX} characters; this one has {len(url)}.")
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        raise Invalid(f"{url[:80]!r} is not a URL the server can call.") from None
    if parts.scheme not in ("http", "https") or not host:
        raise Invalid(f"A webhook must be an http:// or https:// URL with a host name, not {url[:80]!r}.")
    if parts.username or parts.password:
        raise Invalid("A webhook URL must not carry a user name or password.")
    literal = _ip(host)
    if literal is not None and not allow_private and not _public(literal):
        raise Invalid(f"The server does not call private or local addresses like {host}: use a public URL.")
    return url


def _ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None


def _public(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


async def check_target(url: str, *, allow_private: bool) -> None:
    """Refused unless every address the URL's host resolves to is public (or private ones are allowed)."""
    if allow_private:
        return
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    loop = asyncio.get_running_loop()
    try:
        infos = await loop.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise Refused(f"cannot resolve {parts.hostname}: {exc}") from None
    for info in infos:
        ip = _ip(info[4][0].split("%")[0])
        if ip is None or not _public(ip):
            raise Refused(f"{parts.hostname} resolves to a private or local address")


def turn_message(*, code: str, title: str, seat: int, name: str | None, seq: int, url: str) -> dict:
    """The JSON body: `text` for Slack-style hooks, `content` for Discord-style ones, and the data."""
    who = name or f"Seat {seat}"
    text = f"{who}, it's your turn at {title} (table {code}): {url}"
    return {"type": "your_turn", "text": text, "content": text, "table": code, "game_title": title,
            "seat": seat, "name": name, "seq": seq, "url": url}


Post = Callable[[str, dict], Awaitable[int]]


class Webhooks:
    """A bounded queue of deliveries and the worker draining it (one per app instance)."""

    def __init__(self, *, allow_private: bool, post: Post | None = None, backoff: tuple = BACKOFF):
        self.allow_private = allow_private
        self.backoff = backoff
        self._post = post
        self._client: httpx.AsyncClient | None = None
        self._queue: asyncio.Queue[tuple[str, dict]] = asyncio.Queue(maxsize=QUEUE_MAX)
        self._worker: asyncio.Task | None = None
        self._inflight: set[asyncio.Task] = set()
        self._slots = asyncio.Semaphore(PARALLEL)
        self.delivered = 0
        self.failed = 0

    async def start(self) -> None:
        if self._post is None:
            self._client = httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False,
                                             headers={"User-Agent": "IcehouseTable-webhook/1"})
        self._worker = asyncio.create_task(self._run(), name="webhooks")

    async def stop(self) -> None:
        await cancel_all([self._worker, *self._inflight])
        if self._client is not None:
            await self._client.aclose()

    def send(self, url: str, body: dict) -> bool:
        """Queue one delivery; False (logged) when the queue is full. Never waits."""
        try:
            self._queue.put_nowait((url, body))
            return True
        except asyncio.QueueFull:
            log.warning("webhook queue full: notification dropped", extra={"table": body.get("table")})
            return False

    async def drained(self) -> None:
        """Wait until everything queued so far has been delivered or given up (tests, shutdown)."""
        await self._queue.join()

    async def _run(self) -> None:
        while True:
            url, body = await self._queue.get()
            await self._slots.acquire()
            task = asyncio.create_task(self._deliver(url, body))
            self._inflight.add(task)
            task.add_done_callback(self._inflight.discard)

    async def _deliver(self, url: str, body: dict) -> None:
        try:
            for attempt in range(len(self.backoff) + 1):
                if attempt:
                    await asyncio.sleep(self.backoff[attempt - 1])
                outcome = await self._attempt(url, body)
                if outcome == "done":
                    self.delivered += 1
                    return
                if outcome == "give_up":
                    break
            self.failed += 1
            log.warning("webhook not delivered", extra={"table": body.get("table"), "seat": body.get("seat")})
        finally:
            self._slots.release()
            self._queue.task_done()

    async def _attempt(self, url: str, body: dict) -> str:
        """"done", "retry" (network error, 429, 5xx) or "give_up" (refused address, other 4xx)."""
        try:
            await check_target(url, allow_private=self.allow_private)
            status = await (self._post or self._http_post)(url, body)
        except Refused as exc:
            log.warning("webhook refused", extra={"why": str(exc)})
            return "give_up"
        except (httpx.HTTPError, OSError) as exc:
            log.info("webhook attempt failed", extra={"why": type(exc).__name__})
            return "retry"
        if 200 <= status < 300:
            return "done"
        return "retry" if status == 429 or status >= 500 else "give_up"

    async def _http_post(self, url: str, body: dict) -> int:
        assert self._client is not None
        return (await self._client.post(url, json=body)).status_code
