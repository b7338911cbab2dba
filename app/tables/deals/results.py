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
from app.tables.errors import N_
from app.tables.language import DEFAULT, say
from app.tables.live.state import iso
from app.tables.seats import player_of_cookie

if TYPE_CHECKING:
    from app.tables.live.context import Context

RESULTS_MAX = 500  # finished tables listed per deal (the latest)


# Why the results stay closed, by why_code: the sentence ("why") in the reader's language
WHY = {"hidden": N_("An admin has hidden the results of this deal."),
       "playing": N_("You are playing this deal: its results open when your game ends (or choose to see them now: "
                     "they give the deal away)."),
       "unfinished": N_("Finish this deal to see how everyone did, or choose to see the results anyway (they give "
                        "the deal away).")}


def row_of(table: Table, seats: list, hints: int, mine: bool, lang: str = DEFAULT) -> dict:
    """One finished table's line of results; a seat with no name is "Seat {n}" in `lang`, a forfeit's reason
    has its say ("reason_say") beside its English."""
    result = table.result or {}
    row: dict[str, Any] = {
        "code": table.code, "url": f"/t/{table.code}", "replay": f"/t/{table.code}?move=0",
        "seats": [x.name or say(lang, N_("Seat {n}"), n=x.seat + 1) for x in seats],
        "bots": sum(1 for x in seats if x.bot), "outcome": result.get("outcome"), "reason": result.get("reason"),
        "moves": table.seq, "hints": hints, "finished_at": iso(table.finished_at or table.updated_at),
        "house_rules": house_rules(table.game, table.options or {}), "yours": mine,
    }
    if result.get("reason_say"):
        row["reason_say"] = result["reason_say"]
    row.update(figures_of(table))
    return row


def _rank(game: str, row: dict) -> tuple:
    """Best first, as the game ranks its results (Game.deal_rank), then the earlier finish."""
    return (*GAMES[game].deal_rank(row), row["finished_at"])


# "Don't spoil" (a person's switch, docs/API.md "Spoiler-free replays"): what a line of another table keeps
UNSPOILED = ("code", "url", "replay", "seats", "bots", "finished_at", "house_rules", "yours")


def unspoiled(rows: list[dict]) -> list[dict]:
    """A variant's lines for a person who turned "Don't spoil" on: in the order they finished (the newest
    first), not ranked (the order alone would tell who did best); another table's line says neither its
    result (outcome, reason, figures) nor its length (moves, hints) and links its spoiler-free replay; the
    person's own keep their result ("yours": they know it) but no rank, which compares them with the rest."""
    out = []
    for row in sorted(rows, key=lambda r: r["finished_at"], reverse=True):
        if row["yours"]:
            out.append({k: v for k, v in row.items() if k != "rank"})
        else:
            review = f"/t/{row['code']}/review"
            out.append({k: row[k] for k in UNSPOILED} | {"url": review, "replay": review})
    return out


async def results(ctx: Context, did: str, cookie: str | None, spoilers: bool,
                  chosen: Collection[str] = (), lang: str = DEFAULT, nospoil: bool = False) -> dict:
    """The deal, the browser's own tables on it, and (under the spoiler rule) everyone's results; `spoilers`:
    asked in the request, `chosen`: the deals the browser's spoilers cookie names. Closed results say why:
    "why_code" (the contract: hidden, playing, unfinished) and "why", its sentence in `lang`. `nospoil`: the
    person's "Don't spoil" switch: the results revealed, each table's but the person's own said as
    `unspoiled` says."""
    async with ctx.db.reading() as s:
        deal = await find_deal(s, did)
        plays = await deal_queries.count_finished(s, deal.id)
        mine = await my_results(s, cookie, deal.id)
    finished, playing = standing(x["status"] for x in mine)
    spoilers = spoilers or deal.id in chosen
    out = describe(deal) | {"plays": plays, "played": bool(mine), "finished": finished, "playing": playing,
                            "mine": mine, "spoilers": spoilers, "revealed": False, "variants": [],
                            "house_rule_options": house_rule_specs(deal.game, deal.players)}
    closed = ("hidden" if deal.hidden else "playing" if playing and not finished and not spoilers
              else "unfinished" if not (finished or spoilers) else None)
    if closed is not None:
        return out | {"why_code": closed, "why": say(lang, WHY[closed])}
    variants = await _variants(ctx, deal.id, cookie, lang)
    if nospoil:
        variants = [v | {"results": unspoiled(v["results"])} for v in variants]
    return out | {"revealed": True, "variants": variants}


async def _variants(ctx: Context, did: str, cookie: str | None, lang: str = DEFAULT) -> list[dict]:
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
        row = row_of(t, its, hints.get(t.id, 0), me is not None and any(x.player_id == me for x in its), lang)
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
