"""The bots' analyses (models.Analysis, revision 0008): queued, claimed by one app instance, progress, done.

A row is keyed by (kind, subject): "moves" and a table's code, "deal" and a deal's id. `QueueAnalysis` (a
command of the writer's batch) makes it (or finds it); `claim` gives it to one instance: a conditional
UPDATE that only one instance's can match (a queued row, or a running one whose owner has not written since
`stale_before`: it died or hung), so two instances never both hold it. The holder writes its progress with
`progress` and its end with `finish`, each only while it still holds the row (the owner is checked in the
same UPDATE): an instance that lost its claim learns it from a write that changed nothing, and stops.
`release` hands an instance's rows back to the queue when it stops, keeping their progress. A queued row is
not claimed before its `updated_at`: work queued for later (the delay after a game's end) carries a time in
the future.

Each function takes an AsyncSession inside a write transaction (reads: any session); none commits.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import and_, case, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.lobby_records import Exec
from app.store.models import Analysis

_A = Analysis.__table__
KIND_ORDER = ("moves", "deal")  # a finished table's scores before a deal's yardstick
CANDIDATES = 8  # rows looked at per claim


async def get(s: AsyncSession, kind: str, subject: str) -> Analysis | None:
    return await s.get(Analysis, (kind, subject), populate_existing=True)


_REDO = "(analyses.version < :version AND analyses.status IN ('done', 'failed'))"
_QUEUE_SQL = (
    "INSERT INTO analyses (kind, subject, version, status, done, total, updated_at) "
    "VALUES (:kind, :subject, :version, 'queued', 0, :total, :at) "
    "ON CONFLICT (kind, subject) DO UPDATE SET "
    f"status = CASE WHEN {_REDO} THEN 'queued' ELSE analyses.status END, "
    f"version = CASE WHEN {_REDO} THEN :version ELSE analyses.version END, "
    f"done = CASE WHEN {_REDO} THEN 0 ELSE analyses.done END, "
    f"total = CASE WHEN {_REDO} THEN :total ELSE analyses.total END, "
    f"result = CASE WHEN {_REDO} THEN NULL ELSE analyses.result END, "
    "updated_at = CASE WHEN {redo} THEN :at {sooner}ELSE analyses.updated_at END")


@dataclass(slots=True)
class QueueAnalysis:
    """`queue` as one statement of the writer's batch (app/store/writer.py Command), beside the moves: a
    game's end queues its scores this way, with no session of its own. Result: ("ok",)."""

    kind: str
    subject: str
    total: int
    version: int
    at: datetime
    sooner: bool = False
    result: tuple = field(default=())

    def run(self, ex: Exec) -> None:
        sooner = "WHEN analyses.status = 'queued' AND analyses.updated_at > :at THEN :at " if self.sooner else ""
        ex.run(_QUEUE_SQL.replace("{redo}", _REDO).replace("{sooner}", sooner),
               {"kind": self.kind, "subject": self.subject, "version": self.version, "total": self.total,
                "at": ex.time(self.at)})
        self.result = ("ok",)


async def claim(s: AsyncSession, owner: str, now: datetime, stale_before: datetime) -> Analysis | None:
    """Claim the next row to work on for `owner` (queued and due, or running and stale), or None."""
    due = or_(and_(_A.c.status == "queued", _A.c.updated_at <= now),
              and_(_A.c.status == "running", _A.c.claimed_at < stale_before))
    order = case({k: i for i, k in enumerate(KIND_ORDER)}, value=_A.c.kind, else_=len(KIND_ORDER))
    rows = (await s.execute(select(_A.c.kind, _A.c.subject).where(due).order_by(order, _A.c.updated_at)
                            .limit(CANDIDATES))).all()
    for kind, subject in rows:
        taken = await s.execute(update(_A).where(_A.c.kind == kind, _A.c.subject == subject, due)
                                .values(status="running", owner=owner, claimed_at=now, updated_at=now))
        if taken.rowcount == 1:
            return await get(s, kind, subject)
    return None


async def progress(s: AsyncSession, kind: str, subject: str, owner: str, *, done: int, total: int,
                   result: dict, now: datetime) -> bool:
    """Record `done` of `total` and the result so far; False when `owner` no longer holds the row."""
    moved = await s.execute(update(_A).where(_A.c.kind == kind, _A.c.subject == subject, _A.c.owner == owner,
                                             _A.c.status == "running")
                            .values(done=done, total=total, result=result, claimed_at=now, updated_at=now))
    return moved.rowcount == 1


async def finish(s: AsyncSession, kind: str, subject: str, owner: str, *, status: str, result: dict | None,
                 error: str | None, now: datetime) -> bool:
    """The end: "done" with its result, or "failed" with a sentence; False when `owner` no longer holds it."""
    values: dict = {"status": status, "error": error, "owner": None, "updated_at": now}
    if result is not None:
        values["result"] = result
    if status == "done":
        values["done"] = _A.c.total
    moved = await s.execute(update(_A).where(_A.c.kind == kind, _A.c.subject == subject, _A.c.owner == owner,
                                             _A.c.status == "running").values(**values))
    return moved.rowcount == 1


async def release(s: AsyncSession, owner: str, now: datetime) -> int:
    """Give `owner`'s running rows back to the queue (an instance stopping), their progress kept."""
    moved = await s.execute(update(_A).where(_A.c.owner == owner, _A.c.status == "running")
                            .values(status="queued", owner=None, claimed_at=None, updated_at=now))
    return int(moved.rowcount or 0)
