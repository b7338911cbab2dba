"""Spoiler-free replays (docs/API.md "Spoiler-free replays"): a person who turned on "Don't spoil" (the
NOSPOIL_COOKIE, set by POST /nospoil), or who follows a link with ?nospoil=1, sees a finished game's replay
open at the deal, with nothing of its result, its final score or its later moves until they step there.

This is not the deal spoiler rule (app/tables/deals/spoilers.py: a deal you are playing is hidden): it is a
person's own choice, about any finished game. The server's part is here: what the review page embeds to open
without asking for the table's state (which carries its result), and a position's JSON without the real
game's result before its end. Pages that list finished tables (/me, a deal's results) read the same cookie
from the page (`data-nospoil` on <body>) and show "Finished" without who won.
"""
from __future__ import annotations

from typing import Any

from app.store import queries
from app.tables.errors import TableError
from app.tables.review.lines import Viewer, shown

NOSPOIL_COOKIE = "icehouse_nospoil"
NOSPOIL_AGE = 5 * 365 * 24 * 3600  # remembered for years: it is a person's taste


def wants_nospoil(cookie: str | None, query: str | None) -> bool:
    """Does this request ask for a spoiler-free replay: the cookie "1", or the link's ?nospoil=1."""
    return cookie == "1" or query == "1"


def unspoiled_position(position: dict) -> dict:
    """A position's JSON (app/tables/review/lines.position) for a spoiler-free viewer: the real game's result
    only once the viewer has stepped to its end (a what-if's own result is its own), and the moves listed there
    without what would end the game (near the end, the moves left tell how it ends: the one move of a Dash race,
    every card losing in 3-High)."""
    if position["ply"] >= position["of"] and not position["length"]:
        return position
    return {**position, "real_result": None, "choices": [_unended(c) for c in position["choices"]]}


def _unended(choice: dict) -> dict:
    """A listed move without its game's end: the events from the game's end on dropped, and the
    scores of those before it (the final score)."""
    events = choice.get("events") or []
    end = next((i for i, e in enumerate(events) if _ends(e)), None)
    if end is None:
        return choice
    kept = [{k: v for k, v in e.items() if k != "scores"} if isinstance(e, dict) else e for e in events[:end]]
    return {**choice, "events": kept}


async def opening(db: Any, code: str, viewer: Viewer) -> dict | None:
    """What the review page embeds to open spoiler-free: the game, the status, how many moves (the page never
    shows it) and the seats' names; never the result. None when the table may not be shown to this viewer
    (no such table, not over, the deal spoiler rule): the page's own requests then say why."""
    try:
        async with db.reading() as s:
            table = await shown(s, code, viewer)
            seats = await queries.seats_of(s, table.id)
    except TableError:
        return None
    return {"code": table.code, "game": table.game, "status": table.status, "seq": table.seq,
            "seats": [{"seat": x.seat, "name": x.name, "bot": x.bot is not None} for x in seats]}


def _ends(event: Any) -> bool:
    """An event that ends the game (every game's is type "end"; some carry the outcome or winners)."""
    return isinstance(event, dict) and (event.get("type") == "end" or "outcome" in event or "winners" in event)
