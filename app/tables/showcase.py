"""The home page's games: for each game, a picture of a real position and how long a game takes.

The position is one the game's own engine reached: setup with a fixed seed at two seats, then the random bot
(deterministic: its move is a hash of the view) for half the moves a game typically takes, stopping before
the end. What leaves the server is the spectator's view of it (`Game.view(doc, None)`) and the last step as a
spectator sees it (`move_view`, `view_events`): never the doc, its secret or a hidden hand. Each game's
sample is played once per process (a few milliseconds) and kept.

The typical length is measured, not guessed: app/tables/lengths.json, written by `python -m bench.lengths
--write` (whole games of the games' own bots at every seat; the median and quartiles of the moves taken);
and, once this site has finished PLAYED_MIN games of a game, the median time they took from start to end
(`played`), read from the last finished tables at most every PLAYED_TTL seconds.
"""
from __future__ import annotations

import asyncio
import functools
import json
import logging
import statistics
import time
import weakref
from collections import defaultdict
from datetime import timezone
from pathlib import Path

from app.bots import DEFAULT_BOT, choose
from app.games import GAMES
from app.store import Database
from app.store.length_queries import finished_lengths
from app.tables.errors import StoreError
from app.tables.live.state import step_for

SEATS = 2  # the sample's seat count, as the lengths were measured
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")  # the sample's players, as the picture labels them
LENGTHS = Path(__file__).with_name("lengths.json")
SEED = "showcase-1"
PLAYED_MIN = 5  # finished games of a game before the card gives their median time
PLAYED_TTL = 600.0  # seconds the figures from finished tables are kept
log = logging.getLogger("icehouse.showcase")


@functools.cache
def lengths() -> dict:
    """The measured lengths by game ({} if the file is missing: the cards then say nothing of length)."""
    try:
        data = json.loads(LENGTHS.read_text())
    except (OSError, ValueError):
        return {}
    return {name: {**figures, "measured": data.get("measured")} for name, figures in data.get("games", {}).items()}


def _ply(name: str) -> int:
    median = (lengths().get(name) or {}).get("median_moves") or 12
    return max(2, median // 2)


@functools.cache
def sample(name: str) -> dict:
    """Game `name`'s picture: a mid-game position as a spectator sees it, with the step that led there."""
    g = GAMES[name]
    players = max(g.min_players, min(SEATS, g.max_players))
    doc = g.setup(players=players, options={}, seed=f"{SEED}:{name}")
    last = None
    for seq in range(1, _ply(name) + 1):
        to_act = g.to_act(doc)
        if not to_act:
            break
        seat = to_act[0]
        move = choose(DEFAULT_BOT, g.view(doc, seat), seat, g.legal_moves(doc, seat))
        step = g.apply(doc, seat, move)
        if g.result(step.doc) is not None:  # a picture of a game still being played
            break
        doc, last = step.doc, {"seq": seq, "seat": seat, "move": move, "events": step.events}
    return {"game": name, "players": players, "names": list(NAMES[:players]),
            "seq": last["seq"] if last else 0, "to_act": g.to_act(doc), "view": g.view(doc, None),
            "last": step_for(g, last, None, doc) if last else None}


def showcase() -> list[dict]:
    """Every game, in the registry's order: its sample position and its measured length. A game whose
    sample cannot be played (a bug in it) gets no picture rather than taking the home page down."""
    out = []
    for name, g in GAMES.items():
        try:
            shown = sample(name)
        except Exception:  # logged; the card goes without its picture
            log.exception("no showcase position for %s", name)
            shown = {"game": name, "players": None, "names": [], "seq": 0, "to_act": [], "view": None, "last": None}
        out.append({**shown, "title": g.title, "length": lengths().get(name)})
    return out


_kept: dict[tuple, list[dict]] = {}  # the games' names -> showcase(), once played (read-only for callers)


async def games_showcase(db: Database) -> list[dict]:
    """showcase() for a route (played once per process, off the event loop), each game with the figures of
    its finished tables here (`played`, null below PLAYED_MIN games or while the database cannot answer)."""
    games = tuple(GAMES)  # played again if a game is registered later (a test's own game, a plugin)
    if games not in _kept:
        _kept.clear()
        _kept[games] = await asyncio.to_thread(showcase)
    try:
        here = await played(db)
    except StoreError:
        here = {}
    return [{**x, "played": here.get(x["game"])} for x in _kept[games]]


_played: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # Database -> (monotonic time, figures)


def _seconds(start, end) -> float:  # datetimes; SQLite hands back naive UTC
    start, end = (d if d.tzinfo else d.replace(tzinfo=timezone.utc) for d in (start, end))
    return (end - start).total_seconds()


async def played(db: Database) -> dict:
    """By game, for games with PLAYED_MIN finished tables or more here: {"games", "median_minutes",
    "median_moves"} of the last finished tables (at most 2000), read at most every PLAYED_TTL seconds."""
    now = time.monotonic()
    kept = _played.get(db)
    if kept is not None and now - kept[0] < PLAYED_TTL:
        return kept[1]
    async with db.reading() as s:
        rows = await finished_lengths(s)
    seconds, moves = defaultdict(list), defaultdict(list)
    for row in rows:
        seconds[row.game].append(max(0.0, _seconds(row.started_at, row.finished_at)))
        moves[row.game].append(row.seq)
    figures = {game: {"games": len(spent), "median_minutes": round(statistics.median(spent) / 60, 1),
                      "median_moves": round(statistics.median(moves[game]))}
               for game, spent in seconds.items() if len(spent) >= PLAYED_MIN}
    _played[db] = (now, figures)
    return figures
