"""Results by deal (/deals/<id>): every finished table dealt it, ranked within its house rules.

The spoiler rule: results and replays of a deal are shown only to a browser (its identity cookie) that has
finished the deal, or that chose to see them (its spoilers cookie, set by the page's "Show me the results
anyway" button, or ?spoilers=1); a browser playing the deal at a table of its own sees them only by that
choice (the tables' own pages follow the same rule: spoilers.check_spoilers). An admin may hide a deal's
results from everyone. How many tables finished it is no spoiler: always said; nor are the browser's own
results ("mine").
"""
from __future__ import annotations

import json
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from app.games import GAMES
from app.store import Table, deal_queries
from app.tables.deals.core import house_rule_specs, house_rules
from app.tables.deals.mine import figures_of, my_results
from app.tables.deals.play import describe, find_deal
from app.tables.deals.spoilers import standing
from app.tables.live.state import iso
from app.tables.seats import player_of_cookie

if TYPE_CHECKING:
    from app.tables.live.context import Context

RESULTS_MAX = 500  # finished tables listed per deal (the latest)


def row_of(table: Table, seats: list, hints: int, mine: bool) -> dict:
    result = table.result or {}
    row: dict[str, Any] = {
        "code": table.code, "url": f"/t/{table.code}", "replay": f"/t/{table.code}?move=0",
        "seats": [x.name or f"Seat {x.seat + 1}" for x in seats],
        "bots": sum(1 for x in seats if x.bot), "outcome": result.get("outcome"), "reason": result.get("reason"),
        "moves": table.seq, "hints": hints, "finished_at": iso(table.finished_at or table.updated_at),
        "house_rules": house_rules(table.game, table.options or {}), "yours": mine,
    }
    row.update(figures_of(table))
    return row


def _rank(game: str, row: dict) -> tuple:
    """Best first, as the game ranks its results (Game.deal_rank), then the earlier finish."""
    return (*GAMES[game].deal_rank(row), row["finished_at"])


async def results(ctx: Context, did: str, cookie: str | None, spoilers: bool,
                  chosen: Collection[str] = ()) -> dict:
    """The deal, the browser's own tables on it, and (under the spoiler rule) everyone's results; `spoilers`:
    asked in the request, `chosen`: the deals the browser's spoilers cookie names."""
    async with ctx.db.reading() as s:
        deal = await find_deal(s, did)
        plays = await deal_queries.count_finished(s, deal.id)
        mine = await my_results(s, cookie, deal.id)
    finished, playing = standing(x["status"] for x in mine)
    spoilers = spoilers or deal.id in chosen
    out = describe(deal) | {"plays": plays, "played": bool(mine), "finished": finished, "playing": playing,
                            "mine": mine, "spoilers": spoilers, "revealed": False, "variants": [],
                            "house_rule_options": house_rule_specs(deal.game, deal.players)}
    if deal.hidden:
        return out | {"why": "An admin has hidden the results of this deal.", "why_code": "hidden"}
    if playing and not finished and not spoilers:
        return out | {"why_code": "playing",
                      "why": "You are playing this deal: its results open when your game ends (or choose to see "
                             "them now: they give the deal away)."}
    if not (finished or spoilers):
        return out | {"why_code": "unfinished",
                      "why": "Finish this deal to see how everyone did, or choose to see the results anyway "
                             "(they give the deal away)."}
    return out | {"revealed": True, "variants": await _variants(ctx, deal.id, cookie)}


async def _variants(ctx: Context, did: str, cookie: str | None) -> list[dict]:
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
        rows.sort(key=lambda row: _rank(tables[0].game, row))  # one deal: one game
        for i, row in enumerate(rows, start=1):
            row["rank"] = i
        out.append({"house_rules": rules[key], "results": rows})
    return out
