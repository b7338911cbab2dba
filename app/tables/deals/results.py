"""Results by deal (/deals/<id>): every finished table dealt it, ranked within its house rules.

The spoiler rule: results and replays of a deal are shown only to a browser (its identity cookie) that has
finished the deal, or that asks for them (?spoilers=1, the page's "Show me the results anyway" button), and
never to a browser while it plays the deal at a table of its own (its cards are in those replays). An
admin may hide a deal's results from everyone. How many tables finished it is no spoiler: always said.
"""
from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from app.games import GAMES
from app.store import ENDED, Table, deal_queries
from app.tables.deals.core import house_rules
from app.tables.deals.play import describe, find_deal, my_statuses
from app.tables.live.state import iso
from app.tables.lobby.seats import player_of_cookie
from app.tables.service import Tables

RESULTS_MAX = 500  # finished tables listed per deal (the latest)
_trees: OrderedDict[tuple[int, int], int | None] = OrderedDict()  # an ended table's trees never change
TREES_CACHE = 4096


def _trees_of(table: Table) -> int | None:
    key = (table.id, table.seq)
    if key not in _trees:
        try:
            _trees[key] = GAMES[table.game].view(table.doc, None).get("trees")
        except Exception:  # noqa: BLE001 - a doc this server's engine no longer reads: no count
            _trees[key] = None
        while len(_trees) > TREES_CACHE:
            _trees.popitem(last=False)
    return _trees[key]


def row_of(table: Table, seats: list, hints: int, mine: bool) -> dict:
    result = table.result or {}
    row: dict[str, Any] = {
        "code": table.code, "url": f"/t/{table.code}", "replay": f"/t/{table.code}?move=0",
        "seats": [x.name or f"Seat {x.seat + 1}" for x in seats],
        "bots": sum(1 for x in seats if x.bot), "outcome": result.get("outcome"), "reason": result.get("reason"),
        "moves": table.seq, "hints": hints, "finished_at": iso(table.finished_at or table.updated_at),
        "house_rules": house_rules(table.game, table.options or {}), "yours": mine,
    }
    if table.game == "three-high":
        row["trees"] = _trees_of(table)
    else:
        scores = result.get("scores") or []
        row["scores"] = list(scores)
        row["score"] = max(scores) if scores else None
    return row


def _rank(row: dict) -> tuple:
    """Best first: a won 3-High game before a lost one, more trees, fewer moves and hints; in Turning
    Points the higher score; then the earlier finish."""
    if "trees" in row:
        return (row["outcome"] != "won", -(row["trees"] or 0), row["moves"], row["hints"], row["finished_at"])
    return (-(row["score"] or 0), row["hints"], row["finished_at"])


async def results(ctx: Tables, did: str, cookie: str | None, spoilers: bool) -> dict:
    async with ctx.db.reading() as s:
        deal = await find_deal(s, did)
        plays = await deal_queries.count_finished(s, deal.id)
    mine = (await my_statuses(ctx, cookie, [deal.id])).get(deal.id, [])
    finished, playing = any(x in ENDED for x in mine), any(x not in ENDED for x in mine)
    out = describe(deal) | {"plays": plays, "played": bool(mine), "finished": finished, "revealed": False,
                            "variants": []}
    if deal.hidden:
        return out | {"why": "An admin has hidden the results of this deal."}
    if playing and not finished:
        return out | {"why": "You are playing this deal: its results open when your game ends."}
    if not (finished or spoilers):
        return out | {"why": "Finish this deal to see how everyone did, or choose to see the results anyway "
                             "(they show its cards)."}
    return out | {"revealed": True, "variants": await _variants(ctx, deal.id, cookie)}


async def _variants(ctx: Tables, did: str, cookie: str | None) -> list[dict]:
    async with ctx.db.reading() as s:
        tables = await deal_queries.finished_tables(s, did, RESULTS_MAX)
        ids = [t.id for t in tables]
        seats = await deal_queries.seats_of(s, ids) if ids else {}
        hints = await deal_queries.hints_of(s, ids) if ids else {}
        player = await player_of_cookie(s, cookie)
    me = player.id if player else None
    groups: dict[str, list[dict]] = {}
    rules: dict[str, dict] = {}
    for t in tables:
        its = seats.get(t.id, [])
        row = row_of(t, its, hints.get(t.id, 0), me is not None and any(x.player_id == me for x in its))
        key = json.dumps(row["house_rules"], sort_keys=True)
        rules[key] = row["house_rules"]
        groups.setdefault(key, []).append(row)
    out = []
    for key, rows in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        rows.sort(key=_rank)
        for i, row in enumerate(rows, start=1):
            row["rank"] = i
        out.append({"house_rules": rules[key], "results": rows})
    return out
