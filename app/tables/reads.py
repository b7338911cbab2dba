"""Read-only questions: the games list, a table's state and log, a browser's tables (/me)."""
from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES
from app.store import queries
from app.tables.moves import steps_since
from app.tables.seats import Caller, find_table, player_of_cookie
from app.tables.service import Tables
from app.tables.state import iso, snapshot_of_view


def games() -> list[dict]:
    out = []
    for g in GAMES.values():
        entry: dict[str, Any] = {"name": g.name, "title": g.title, "min_players": g.min_players,
                                 "max_players": g.max_players, "options": g.default_options(g.min_players)}
        specs = getattr(g, "option_specs", None)
        if specs is not None:
            entry["option_specs"] = specs(g.min_players)
        out.append(entry)
    return out


def table_state(ctx: Tables, caller: Caller) -> dict:
    """The state as `caller` may see it, from the rows read when the caller was identified."""
    return ctx.state_of(snapshot_of_view(caller.table, caller.seats), caller.seat)


async def table_log(ctx: Tables, s: AsyncSession, caller: Caller) -> dict:
    table = await find_table(s, caller.code)
    steps = await steps_since(ctx, s, table.id, table.game, table.doc, 0, caller.seat, limit=None)
    return {"code": table.code, "game": table.game, "seq": table.seq, "you": caller.seat, "steps": steps}


async def me(s: AsyncSession, cookie: str | None) -> dict:
    player = await player_of_cookie(s, cookie)
    if player is None:
        return {"name": None, "tables": []}
    rows = await queries.tables_of_player(s, player.id)
    return {"name": player.name, "tables": [
        {"code": t.code, "game": t.game, "title": GAMES[t.game].title if t.game in GAMES else t.game,
         "status": t.status, "seat": seat.seat,
         "your_turn": t.status == "playing" and seat.seat in (t.to_act or []), "updated_at": iso(t.updated_at)}
        for t, seat in rows]}
