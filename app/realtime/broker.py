"""Brokers carry "look again" messages between app instances: memory (one process) or Redis pub/sub.

Every message published is delivered to every subscribed instance, the publisher included, so an instance
handles its own events and everyone else's the same way.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable

log = logging.getLogger("icehouse.realtime")

Handler = Callable[[dict], Awaitable[None]]


class Broker(ABC):
    def __init__(self) -> None:
        self._handler: Handler | None = None

    def subscribe(self, handler: Handler) -> None:
        self._handler = handler

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    @abstractmethod
    async def publish(self, message: dict) -> None:
        """Send `message` to every subscribed instance (this one included)."""

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


class RedisBroker(Broker):
    """Several processes: one Redis channel, every instance subscribed."""

    def __init__(self, url: str, channel: str = "icehouse:tables"):
        super().__init__()
        self.url = url
        self.channel = channel
        self._redis = None
        self._pubsub = None
        self._task: asyncio.Task | None = None
        self._stopped = False

    async def start(self) -> None:
        import redis.asyncio as redis

        self._redis = redis.from_url(self.url)
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.channel)
        self._task = asyncio.create_task(self._listen(), name="redis-broker")

    async def _listen(self) -> None:
        assert self._pubsub is not None
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis broker read failed; retrying")
                await asyncio.sleep(1.0)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                payload = json.loads(message["data"])
            except (ValueError, TypeError):
                log.warning("ignoring a malformed broker message")
                continue
            await self._deliver(payload)

    async def publish(self, message: dict) -> None:
        if self._stopped:
            return  # shutting down: sockets closing now need not tell anyone
        assert self._redis is not None, "RedisBroker.start() was not called"
        await self._redis.publish(self.channel, json.dumps(message, separators=(",", ":")))

    async def stop(self) -> None:
        self._stopped = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()


def make_broker(redis_url: str | None, channel: str = "icehouse:tables") -> Broker:
    return RedisBroker(redis_url, channel) if redis_url else MemoryBroker()
