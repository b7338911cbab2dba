"""A small WebSocket test client over the `websockets` package, with timeouts on every wait."""
from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection, connect


class WS:
    def __init__(self, conn: ClientConnection):
        self.conn = conn
        self.received: list[dict] = []

    @classmethod
    async def open(cls, url: str, cookie: str | None = None) -> WS:
        headers = {"Cookie": cookie} if cookie else None
        # 10 s: a loaded CI machine running two servers and PostgreSQL once took more than 5
        return cls(await connect(url, additional_headers=headers, open_timeout=10))

    async def recv(self, timeout: float = 5.0) -> dict:
        msg = json.loads(await asyncio.wait_for(self.conn.recv(), timeout))
        self.received.append(msg)
        return msg

    async def until(self, match: Callable[[dict], bool] | str, timeout: float = 10.0) -> dict:
        """Read until a message matches (a predicate, or a message type); fail after `timeout`."""
        pred = (lambda m: m.get("type") == match) if isinstance(match, str) else match
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise AssertionError(f"no matching message within {timeout}s; got {self.received[-5:]}")
            try:
                msg = await self.recv(left)
            except TimeoutError:
                raise AssertionError(f"no matching message within {timeout}s; got {self.received[-5:]}") from None
            if pred(msg):
                return msg

    async def send(self, message: dict | str) -> None:
        await self.conn.send(message if isinstance(message, str) else json.dumps(message))

    async def close(self) -> None:
        await self.conn.close()
