"""Brokers carry "look again" messages between app instances: memory (one process) or Redis pub/sub.

Every message published is delivered to every subscribed instance, the publisher included, so an instance
handles its own events and everyone else's the same way.

Publishing is best effort and never raises: the database is the truth, the broker only says "look again".
While Redis is unreachable the Redis broker hands each message to this instance's own handler (its own
sockets stay current) and keeps reconnecting with back-off, logging each change of state. Once it is
subscribed again it calls the `on_reconnect` callback, so that the instance brings its sockets up to date
from the database (the other instances missed what was published meanwhile, and so did this one).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable

import orjson

log = logging.getLogger("icehouse.realtime")

Handler = Callable[[dict], Awaitable[None]]
Callback = Callable[[], Awaitable[None]]


class Broker(ABC):
    def __init__(self) -> None:
        self._handler: Handler | None = None
        self._on_reconnect: Callback | None = None

    def subscribe(self, handler: Handler, on_reconnect: Callback | None = None) -> None:
        """`handler` gets every message; `on_reconnect` is awaited after the broker was cut off from the
        others and is whole again (messages may have been lost meanwhile: look at the database)."""
        self._handler = handler
        self._on_reconnect = on_reconnect

    @property
    def up(self) -> bool:
        """True while messages reach the other instances."""
        return True

    async def start(self) -> None: ...  # noqa: B027 - a hook: the in-memory broker has nothing to start

    async def stop(self) -> None: ...  # noqa: B027 - a hook: nor anything to stop

    @abstractmethod
    async def publish(self, message: dict) -> None:
        """Send `message` to every subscribed instance (this one included). Never raises."""

    async def _deliver(self, message: dict) -> None:
        if self._handler is None:
            return
        try:
            await self._handler(message)
        except Exception:
            log.exception("broker handler failed")


class MemoryBroker(Broker):
    """One process: publishing hands the message straight to the handler."""

    async def publish(self, message: dict) -> None:
        await self._deliver(message)


BACKOFF_FIRST = 0.2  # seconds before the first reconnection attempt; doubled each failure ...
BACKOFF_MAX = 3.0  # ... up to this (with jitter), so an instance is back within seconds of Redis
PUBLISH_TIMEOUT = 2.0  # seconds a publish may take before Redis counts as down
CONNECT_TIMEOUT = 2.0  # seconds to open a connection to Redis
PING_EVERY = 5.0  # seconds between pings on the subscription; silence for 3 of them: reconnect
FIRST_CONNECT_WAIT = 5.0  # start() waits this long for the first subscription, then serves anyway


class RedisBroker(Broker):
    """Several processes: one Redis channel, every instance subscribed.

    One task owns the subscription: it reads messages, pings, and on any failure marks the broker down,
    waits (exponential back-off with jitter) and subscribes again. A publish that fails marks the broker
    down too and asks that task to start over, so the instance never stays cut off unnoticed.
    """

    def __init__(self, url: str, channel: str = "icehouse:tables", *, backoff: tuple[float, float] =
                 (BACKOFF_FIRST, BACKOFF_MAX), publish_timeout: float = PUBLISH_TIMEOUT,
                 first_wait: float = FIRST_CONNECT_WAIT):
        super().__init__()
        self.url = url
        self.channel = channel
        self.backoff = backoff
        self.publish_timeout = publish_timeout
        self.first_wait = first_wait
        self._redis = None
        self._task: asyncio.Task | None = None
        self._callback: asyncio.Task | None = None
        self._stopped = False
        self._up = False
        self._ready = asyncio.Event()  # set once subscribed
        self._restart = asyncio.Event()  # a publish failed: the listener starts over
        self._down_since: float | None = None
        self.outages = 0  # times the broker went down (tests, benchmarks)
        self.local_only = 0  # messages delivered only here because Redis was down

    @property
    def up(self) -> bool:
        return self._up

    async def start(self) -> None:
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        # One immediate retry inside redis-py (a connection closed under us), no back-off: a publish must
        # fail fast, and the listener has its own back-off.
        self._redis = redis.from_url(self.url, socket_connect_timeout=CONNECT_TIMEOUT,
                                     socket_timeout=self.publish_timeout, retry=Retry(NoBackoff(), 1))
        self._task = asyncio.create_task(self._run(), name="redis-broker")
        try:
            await asyncio.wait_for(self._ready.wait(), self.first_wait)
        except asyncio.TimeoutError:
            log.warning("redis broker not connected yet; serving, and still trying", extra={"channel": self.channel})

    async def _run(self) -> None:
        delay = self.backoff[0]
        while not self._stopped:
            if self._down_since is not None:  # connections left in the pool lead to the Redis that went away
                with contextlib.suppress(Exception):
                    await self._redis.connection_pool.disconnect()
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                self._restart.clear()  # publishes that failed before this subscription need nothing more
                was_down = self._down_since is not None
                self._mark_up()
                delay = self.backoff[0]
                if was_down and self._on_reconnect is not None:
                    # Beside the listener, which must keep reading meanwhile: what was lost is in the database.
                    self._callback = asyncio.create_task(self._reconnected(), name="redis-broker-reconnected")
                await self._listen(pubsub)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # any failure: down, back off, subscribe again
                self._mark_down(exc)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            if self._stopped:
                return
            await asyncio.sleep(delay * random.uniform(0.75, 1.25))
            delay = min(delay * 2, self.backoff[1])

    async def _reconnected(self) -> None:
        try:
            await self._on_reconnect()
        except Exception:
            log.exception("broker reconnect callback failed")

    async def _listen(self, pubsub) -> None:
        heard = pinged = time.monotonic()
        while not self._stopped:
            if self._restart.is_set():
                self._restart.clear()
                raise ConnectionError("a publish failed")
            now = time.monotonic()
            if now - heard > 3 * PING_EVERY:
                raise ConnectionError(f"no answer from Redis for {now - heard:.0f} s")
            if now - pinged > PING_EVERY:
                pinged = now
                await pubsub.ping()
            message = await pubsub.get_message(timeout=1.0)
            if message is None:
                continue
            heard = time.monotonic()
            if message.get("type") != "message":
                continue  # a pong
            try:
                payload = orjson.loads(message["data"])
            except (ValueError, TypeError):
                log.warning("ignoring a malformed broker message")
                continue
            await self._deliver(payload)

    def _mark_up(self) -> None:
        if self._down_since is not None:
            log.warning("redis broker reconnected",
                        extra={"channel": self.channel, "down_seconds": round(time.monotonic() - self._down_since, 2),
                               "local_only": self.local_only})
            self._down_since = None
        else:
            log.info("redis broker subscribed", extra={"channel": self.channel})
        self._up = True
        self._ready.set()

    def _mark_down(self, exc: BaseException) -> None:
        self._up = False
        if self._down_since is None and not self._stopped:
            self._down_since = time.monotonic()
            self.outages += 1
            log.warning("redis broker down; reconnecting with back-off", extra={
                "channel": self.channel, "why": f"{type(exc).__name__}: {exc}"[:200]})

    async def publish(self, message: dict) -> None:
        if self._stopped:
            return  # shutting down: sockets closing now need not tell anyone
        if self._up and self._redis is not None:
            try:
                data = orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)  # 5-10x the json module's speed
                await asyncio.wait_for(self._redis.publish(self.channel, data), self.publish_timeout)
                return
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the move is committed: never fail it for this
                self._mark_down(exc)
                self._restart.set()
        # Redis is down: this instance's sockets hear of it now; the others catch up from the database
        # when the broker is whole again (on_reconnect).
        self.local_only += 1
        await self._deliver(message)

    async def stop(self) -> None:
        self._stopped = True
        for task in (self._task, self._callback):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()


def make_broker(redis_url: str | None, channel: str = "icehouse:tables") -> Broker:
    return RedisBroker(redis_url, channel) if redis_url else MemoryBroker()
