"""The admin's statistics (GET /api/admin/stats): how people play, over the tables created in a range.

Generic figures for every game (tables by status, average moves and minutes of finished games, tables
started, finished and abandoned per day), and each game's own figures from its `Game.stats` hook (the
engine words and shapes them; this module knows no game). Abandoned tables are the housekeeping sweep's
(app/tables/housekeeping.py): a table nobody moved at for Settings.abandon_after_seconds.
"""
from __future__ import annotations

import logging
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES
from app.store import stats_queries
from app.tables.admin import date_range, title_of
from app.tables.errors import Invalid

log = logging.getLogger("icehouse.admin")

STATUSES = ("lobby", "playing", "finished", "abandoned")
DAYS_MAX = 5 * 366  # per-day series longer than this are refused (ask for a narrower range)


def _utc(dt: datetime | None) -> datetime | None:
    if dt is None:
        return None
    return dt.replace(tzinfo=timezone.utc) if dt.tzinfo is None else dt.astimezone(timezone.utc)


def _minutes(started: datetime | None, ended: datetime | None) -> float | None:
    started, ended = _utc(started), _utc(ended)
    if started is None or ended is None:
        return None
    return max(0.0, (ended - started).total_seconds() / 60)


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 1) if values else None


class _Game:
    """What is counted of one game while the tables stream by."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(STATUSES, 0)
        self.moves: list[int] = []  # of finished tables
        self.minutes: list[float] = []  # of finished tables
        self.records: dict[int, dict] = {}  # table id -> the hook's record (tables that started)
        self.days: dict[date, list[int]] = defaultdict(lambda: [0, 0, 0])  # started, finished, abandoned

    def add(self, row: Any) -> None:
        self.counts[row.status] = self.counts.get(row.status, 0) + 1
        if row.status == "lobby":
            return
        ended = row.status in ("finished", "abandoned")
        minutes = _minutes(row.started_at, row.finished_at) if ended else None
        if row.status == "finished":
            self.moves.append(row.seq)
            if minutes is not None:
                self.minutes.append(minutes)
        if row.started_at is not None:
            self.days[_utc(row.started_at).date()][0] += 1
        if ended and row.finished_at is not None:
            self.days[_utc(row.finished_at).date()][1 if row.status == "finished" else 2] += 1
        self.records[row.id] = {"players": row.players, "options": row.options or {}, "status": row.status,
                                "result": row.result if row.status == "finished" else None, "moves": row.seq,
                                "minutes": None if minutes is None else round(minutes, 2), "events": []}

    def summary(self, name: str) -> dict:
        return {"title": title_of(name), "tables": sum(self.counts.values()), **self.counts,
                "avg_moves": _mean([float(m) for m in self.moves]), "avg_minutes": _mean(self.minutes)}


def _series(days: dict[date, list[int]], first: date, last: date) -> list[dict]:
    out, day = [], first
    while day <= last:
        started, finished, abandoned = days.get(day, (0, 0, 0))
        out.append({"day": day.isoformat(), "started": started, "finished": finished, "abandoned": abandoned})
        day += timedelta(days=1)
    return out


def _figures(name: str, g: _Game) -> dict:
    """The game's own figures (Game.stats); a hook that fails is logged and reported, never a 500."""
    engine = GAMES.get(name)
    if engine is None:
        return {}
    try:
        return engine.stats(list(g.records.values()))
    except Exception:  # noqa: BLE001 - one game's bug must not take the whole page down
        log.exception("the stats of %s failed", name)
        return {"error": f"The statistics of {engine.title} failed; the server log has the details."}


async def stats(s: AsyncSession, start: str | None = None, end: str | None = None,
                abandon_after_seconds: float | None = None) -> dict:
    """The figures over the tables created from `start` to `end` (dates or times, see admin.parse_when)."""
    lo, hi = date_range(start, end)
    games: dict[str, _Game] = {name: _Game() for name in GAMES}
    async for row in stats_queries.tables_made(s, lo, hi):
        games.setdefault(row.game, _Game()).add(row)
    for name, g in games.items():
        types = getattr(GAMES.get(name), "stats_events", ())
        if not types or not g.records:
            continue
        async for row in stats_queries.events_of(s, name, tuple(types), lo, hi):
            record = g.records.get(row.table_id)
            if record is not None:
                record["events"].extend({"seat": row.seat, **e} for e in row.events or () if e.get("type") in types)
    all_days = [d for g in games.values() for d in g.days]
    first = lo.date() if lo is not None else (min(all_days) if all_days else None)
    last = (hi - timedelta(microseconds=1)).date() if hi is not None else (max(all_days) if all_days else None)
    if first is not None and last is not None and (last - first).days > DAYS_MAX:
        raise Invalid(f"Ask for at most {DAYS_MAX} days at a time (from and to); this range has "
                      f"{(last - first).days + 1}.")
    totals = dict.fromkeys(STATUSES, 0)
    for g in games.values():
        for status, n in g.counts.items():
            totals[status] = totals.get(status, 0) + n
    return {
        "from": (start or "").strip() or None,
        "to": (end or "").strip() or None,
        "totals": {"tables": sum(totals.values()), **totals},
        "games": {name: g.summary(name) | {"figures": _figures(name, g)} for name, g in games.items()},
        "days": {name: _series(g.days, first, last) if first and last else [] for name, g in games.items()},
        "abandon_after_seconds": abandon_after_seconds,
    }
