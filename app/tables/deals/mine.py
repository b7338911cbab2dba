"""A browser's own tables on a deal, with the result each had (its outcome and the game's figures) beside
"Play this deal" (its own results spoil nothing for it)."""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

from app.games import GAMES
from app.store import deal_queries
from app.tables.deals.core import house_rules
from app.tables.live.state import iso
from app.tables.seats import player_of_cookie


_figures: OrderedDict[tuple[int, int], dict] = OrderedDict()  # an ended table's figures never change
FIGURES_CACHE = 4096


def figures_of(table: Any) -> dict:
    """An ended table's figures on its deal (Game.deal_figures: the trees, the scores), as its spectators
    see them (kept: they never change)."""
    key = (table.id, table.seq)
    if key not in _figures:
        try:
            _figures[key] = GAMES[table.game].deal_figures(table.doc, table.result)
        except Exception:  # a doc this server's engine no longer reads: no figures
            _figures[key] = {}
        while len(_figures) > FIGURES_CACHE:
            _figures.popitem(last=False)
    return _figures[key]


def own_result(table: Any) -> dict:
    """One of the browser's tables on a deal: its status and, once over, its result."""
    result = table.result or {}
    out: dict[str, Any] = {"code": table.code, "url": f"/t/{table.code}", "status": table.status,
                           "outcome": result.get("outcome"), "moves": table.seq,
                           "house_rules": house_rules(table.game, table.options or {}),
                           "finished_at": iso(table.finished_at) if table.finished_at else None}
    if table.status == "finished":
        figures = figures_of(table)
        out.update({k: v for k, v in figures.items() if k != "scores"})
    return out


async def my_results(s: Any, cookie: str | None, deal_id: str) -> list[dict]:
    """The browser's tables on the deal (the latest first), each with its result."""
    player = await player_of_cookie(s, cookie)
    if player is None:
        return []
    return [own_result(t) for t in await deal_queries.my_tables_on(s, player.id, deal_id)]
