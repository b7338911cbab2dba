"""The home page's games: for each game, a picture of a real position and how long a game takes.

The position is one the game's own engine reached: setup with a fixed seed at two seats, then the random bot
(deterministic: its move is a hash of the view) for half the moves a game typically takes, stopping before
the end. What leaves the server is the spectator's view of it (`Game.view(doc, None)`) and the last step as a
spectator sees it (`move_view`, `view_events`): never the doc, its secret or a hidden hand. Each game's
sample is played once per process (a few milliseconds) and kept.

The typical length is measured, not guessed: app/tables/lengths.json, written by `python -m bench.lengths
--write` (whole games of the games' own bots at every seat; the median and quartiles of the moves taken).
"""
from __future__ import annotations

import asyncio
import functools
import json
import logging
from pathlib import Path

from app.bots import DEFAULT_BOT, choose
from app.games import GAMES
from app.tables.live.state import step_for

SEATS = 2  # the sample's seat count, as the lengths were measured
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")  # the sample's players, as the picture labels them
LENGTHS = Path(__file__).with_name("lengths.json")
SEED = "showcase-1"
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
        except Exception:  # noqa: BLE001 - logged; the card goes without its picture
            log.exception("no showcase position for %s", name)
            shown = {"game": name, "players": None, "names": [], "seq": 0, "to_act": [], "view": None, "last": None}
        out.append({**shown, "title": g.title, "length": lengths().get(name)})
    return out


_kept: list[dict] = []  # showcase(), once played (the same list for every caller: read-only)


async def games_showcase() -> list[dict]:
    """showcase() for a route: played once per process, off the event loop."""
    if not _kept:
        _kept[:] = await asyncio.to_thread(showcase)
    return _kept
