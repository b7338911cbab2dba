"""Background tasks of the domain (bot turns, webhook deliveries, the sweep)."""
from __future__ import annotations

import asyncio
from collections.abc import Iterable


async def cancel_all(tasks: Iterable[asyncio.Task | None]) -> None:
    """Cancel the tasks, then wait until every one has finished (their errors are the tasks' own)."""
    live = [task for task in tasks if task is not None]
    for task in live:
        task.cancel()
    await asyncio.gather(*live, return_exceptions=True)
