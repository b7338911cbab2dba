"""The admin's statistics (GET /api/admin/stats): how people play, over the tables created in a range.

Generic figures for every game (tables by status, average moves and minutes of finished games, tables
started, finished and abandoned per day), and each game's own figures from its `Game.stats` hook (the
engine words and shapes them; this module knows no game). Imported tables (an admin's import of another
server's game) are not games played here: they are left out of every figure and counted apart
("imported", per game and in all). Abandoned tables are the housekeeping sweep's
(app/tables/housekeeping.py): a table nobody moved at for Settings.abandon_after_seconds.
"""
from __future__ import annotations

import logging
from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES, Game
from app.store import ENDED, stats_queries
from app.tables.admin.tables import STATUSES, date_range, title_of
from app.tables.errors import N_, Invalid

log = logging.getLogger("icehouse.admin")

DAYS_MAX = 5 * 366  # per-day series longer than this are refused (ask for a narrower range)


def _round(value: float | None, places: int = 1) -> float | None:
    return None if value is None else round(float(value), places)


class _Game:
    """What is counted of one game."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.counts = dict.fromkeys(STATUSES, 0)
        self.avg_moves: float | None = None  # of finished tables
        self.avg_minutes: float | None = None
        self.days: dict[date, list[int]] = defaultdict(lambda: [0, 0, 0])  # started, finished, abandoned
        self.figures: dict = {}
        self.imported = 0  # imported tables, counted apart (not in the figures)

    def summary(self) -> dict:
        return {"title": title_of(self.name), "tables": sum(self.counts.values()), **self.counts,
                "imported": self.imported, "avg_moves": _round(self.avg_moves), "avg_minutes": _round(self.avg_minutes),
                "figures": self.figures}


def has_hook(engine: Any) -> bool:
    return engine is not None and type(engine).stats is not Game.stats


def _series(days: dict[date, list[int]], first: date, last: date) -> list[dict]:
    out, day = [], first
    while day <= last:
        started, finished, abandoned = days.get(day, (0, 0, 0))
        out.append({"day": day.isoformat(), "started": started, "finished": finished, "abandoned": abandoned})
        day += timedelta(days=1)
    return out


async def _figures(s: AsyncSession, name: str, lo: datetime | None, hi: datetime | None) -> dict:
    """The game's own figures (Game.stats) over its tables that started; a hook that fails is logged and
    reported, never a 500."""
    engine = GAMES[name]
    records: dict[int, dict] = {}
    async for row in stats_queries.started_tables(s, name, lo, hi):
        ended = row.status in ENDED
        records[row.id] = {"players": row.players, "options": row.options or {}, "status": row.status,
                           "result": row.result if row.status == "finished" else None, "moves": row.seq,
                           "minutes": _round(row[6], 2) if ended else None, "events": []}
    types = tuple(engine.stats_events)
    if types and records:
        seqs: dict[int, list[int]] = {}  # the seq of each event kept, for the takebacks
        async for row in stats_queries.events_of(s, name, (*types, "takeback"), lo, hi):
            record = records.get(row.table_id)
            if record is None:
                continue
            kept = seqs.setdefault(row.table_id, [])
            for e in row.events or ():
                if e.get("type") == "takeback":  # the steps it took back count for nothing
                    gone = [i for i, q in enumerate(kept) if e.get("from", 0) <= q <= e.get("to", -1)]
                    for i in reversed(gone):
                        del record["events"][i], kept[i]
                elif e.get("type") in types:
                    record["events"].append({"seat": row.seat, **e})
                    kept.append(row.seq)
    try:
        return engine.stats(list(records.values()))
    except Exception:  # one game's bug must not take the whole page down
        log.exception("the stats of %s failed", name)
        return {"error": f"The statistics of {engine.title} failed; the server log has the details."}


async def stats(s: AsyncSession, start: str | None = None, end: str | None = None,
                abandon_after_seconds: float | None = None) -> dict:
    """The figures over the tables created from `start` to `end` (dates or times, see admin.parse_when)."""
    lo, hi = date_range(start, end)
    games: dict[str, _Game] = {name: _Game(name) for name in GAMES}
    for name, status, count, avg_seq, avg_minutes in await stats_queries.by_status(s, lo, hi):
        g = games.setdefault(name, _Game(name))
        g.counts[status] = g.counts.get(status, 0) + count
        if status == "finished":
            g.avg_moves, g.avg_minutes = avg_seq, avg_minutes
    for name, count in await stats_queries.imported(s, lo, hi):
        games.setdefault(name, _Game(name)).imported += count
    for i, what in enumerate(("started", "finished", "abandoned")):
        for name, day, count in await stats_queries.per_day(s, what, lo, hi):
            games.setdefault(name, _Game(name)).days[date.fromisoformat(str(day)[:10])][i] += count
    for name, g in games.items():
        if has_hook(GAMES.get(name)) and sum(g.counts.values()) > g.counts["lobby"]:
            g.figures = await _figures(s, name, lo, hi)
        elif has_hook(GAMES.get(name)):
            g.figures = GAMES[name].stats([])
    all_days = [d for g in games.values() for d in g.days]
    first = lo.date() if lo is not None else (min(all_days) if all_days else None)
    last = (hi - timedelta(microseconds=1)).date() if hi is not None else (max(all_days) if all_days else None)
    if first is not None and last is not None and (last - first).days > DAYS_MAX:
        raise Invalid(N_("Ask for at most {most} days at a time (from and to); this range has {n}."), most=DAYS_MAX,
                      n=(last - first).days + 1)
    totals = dict.fromkeys(STATUSES, 0)
    for g in games.values():
        for status, n in g.counts.items():
            totals[status] = totals.get(status, 0) + n
    return {
        "from": (start or "").strip() or None,
        "to": (end or "").strip() or None,
        "totals": {"tables": sum(totals.values()), **totals, "imported": sum(g.imported for g in games.values())},
        "games": {name: g.summary() for name, g in games.items()},
        "days": {name: _series(g.days, first, last) if first and last else [] for name, g in games.items()},
        "abandon_after_seconds": abandon_after_seconds,
    }
