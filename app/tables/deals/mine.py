"""A browser's own tables on a deal, with the result each had: "You have played this deal: won, 5 trees"
beside "Play this deal" (its own results spoil nothing for it)."""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

from app.games import GAMES
from app.store import deal_queries
from app.tables.deals.core import house_rules
from app.tables.live.state import iso
from app.tables.lobby.seats import player_of_cookie


_trees: OrderedDict[tuple[int, int], int | None] = OrderedDict()  # an ended table's trees never change
TREES_CACHE = 4096


def trees_of(table: Any) -> int | None:
    """3-High's trees of an ended table, as its spectators' view counts them (kept: it never changes)."""
    key = (table.id, table.seq)
    if key not in _trees:
        try:
            _trees[key] = GAMES[table.game].view(table.doc, None).get("trees")
        except Exception:  # noqa: BLE001 - a doc this server's engine no longer reads: no count
            _trees[key] = None
        while len(_trees) > TREES_CACHE:
            _trees.popitem(last=False)
    return _trees[key]


def own_result(table: Any) -> dict:
    """One of the browser's tables on a deal: its status and, once over, its result."""
    result = table.result or {}
    out: dict[str, Any] = {"code": table.code, "url": f"/t/{table.code}", "status": table.status,
                           "outcome": result.get("outcome"), "moves": table.seq,
                           "house_rules": house_rules(table.game, table.options or {}),
                           "finished_at": iso(table.finished_at) if table.finished_at else None}
    if table.status == "finished":
        if table.game == "three-high":
            out["trees"] = trees_of(table)
        else:
            scores = result.get("scores") or []
            out["score"] = max(scores) if scores else None
    return out


async def my_results(s: Any, cookie: str | None, deal_id: str) -> list[dict]:
    """The browser's tables on the deal (the latest first), each with its result."""
    player = await player_of_cookie(s, cookie)
    if player is None:
        return []
    return [own_result(t) for t in await deal_queries.my_tables_on(s, player.id, deal_id)]
