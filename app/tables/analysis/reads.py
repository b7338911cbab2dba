"""What the API shows of the analyses: a finished table's move scores (GET /api/tables/{code}/scores) and a
deal's yardstick (the "bot" field of GET /api/deals/{id}). Asking is what queues them when nothing has yet
(a game that ended while this server was down, a deal first looked at)."""
from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from app.bots.scores import unit
from app.store import analysis_records as records
from app.tables.analysis.jobs import VERSION, plays_for
from app.tables.deals.spoilers import check_spoilers
from app.tables.errors import N_, Conflict
from app.tables.seats import find_table

if TYPE_CHECKING:
    from app.tables.live.context import Context


async def scores(ctx: Context, code: str, cookie: str | None = None, chosen: Collection[str] = ()) -> dict:
    """{"status", "done", "total", "turning_point", "unit", "moves"}; 409 not_over before the game ends, 409 abandoned
    for a game left unfinished (its moves are not scored); under the deals' spoiler rule like the replay (403
    spoilers to a browser playing the same deal elsewhere: the scores name its cards)."""
    async with ctx.db.reading() as s:
        table = await find_table(s, code)
        await check_spoilers(s, table.id, cookie=cookie, chosen=chosen)
        row = await records.get(s, "moves", table.code)
    if table.status == "abandoned":
        raise Conflict(N_("The game at table {code} was abandoned before its end: its moves are not scored."),
                       "abandoned", code=table.code)
    if table.status != "finished":
        raise Conflict(N_("The game has not ended yet: the bots score its moves once it is over."), "not_over")
    if row is None or row.version < VERSION or row.status == "queued":  # asked: at once, not after the delay
        await ctx.analyses.queue("moves", table.code, table.seq, now=True)
        async with ctx.db.reading() as s:
            row = await records.get(s, "moves", table.code)
    result = (row.result if row is not None else None) or {}
    out = {"status": row.status if row is not None else "queued", "done": row.done if row is not None else 0,
           "total": row.total if row is not None else table.seq, "turning_point": result.get("turning_point"),
           "unit": unit(table.game), "moves": result.get("moves") or []}
    if row is not None and row.status == "failed":
        out["error"] = row.error
    return out


async def deal_bot(ctx: Context, deal_id: str, game: str, players: int, revealed: bool) -> dict | None:
    """The bot's yardstick on a deal: {"status", "plays", "of", "wins", "result", ...}; its figures only when
    the deal's results are shown (`revealed`: they are a result like any other). None for a deal the bot does
    not measure. Queued on the first asking."""
    plays = plays_for(game, players, ctx.settings.analysis_plays)
    if not plays:
        return None
    async with ctx.db.reading() as s:
        row = await records.get(s, "deal", deal_id)
    if row is None or row.version < VERSION:
        await ctx.analyses.queue("deal", deal_id, plays, now=True)
        async with ctx.db.reading() as s:
            row = await records.get(s, "deal", deal_id)
    status = row.status if row is not None else "queued"
    out = {"status": status, "plays": row.done if row is not None else 0, "of": row.total if row else plays}
    if revealed and row is not None and row.result:
        out |= {k: row.result[k] for k in ("wins", "result", "mean_score") if k in row.result}
    return out


async def with_bot(ctx: Context, deal: dict) -> dict:
    """GET /api/deals/{id}'s answer with the bot's yardstick ("bot": deal_bot, or null), its figures shown
    under the deal's spoiler rule (`deal["revealed"]`)."""
    bot = await deal_bot(ctx, deal["id"], deal["game"], deal["players"], bool(deal.get("revealed")))
    return deal | {"bot": bot}
