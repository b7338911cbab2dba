"""Playing a deal: today's deals (and whether this browser has played them), a table dealt today's deal or
a named one, and the deal of a finished table, named on first asking so that others may play it.

A table on a deal is made like any table (lobby/commands.py create, through the live table and the
group-commit writer), with the deal's seed instead of a fresh one and the deal's row written in the same
batch. Nothing here sends a seed: a deal is known outside by its id, and a table's deal id is given only
once its game is over (before, the id would lead to other tables' replays of the very cards in play).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games import GAMES
from app.store import ENDED, Deal as DealRecord, Table, deal_queries
from app.store.deal_records import MakeDeal
from app.tables.deals.core import (Deal, daily, shared_games, daily_deal, deal_id, deal_options, house_rules,
                                   load_secret, today, well_formed)
from app.tables.deals.mine import my_results
from app.tables.deals.spoilers import standing
from app.tables.errors import Conflict, Invalid, N_, NotFound
from app.tables.live.actor import stored
from app.tables.lobby import commands
from app.tables.lobby.rematch import Seated, check_options, game_or_422
from app.tables.seats import find_table, player_of_cookie
from app.store import utcnow

if TYPE_CHECKING:
    from app.tables.live.context import Context

_daily: dict[tuple, list[Deal]] = {}  # today's deals, derived once a day per secret


async def todays(ctx: Context) -> list[Deal]:
    secret, day = await load_secret(ctx), today()
    key = (secret, day, daily())  # the registry's games may change (a game added): derived again
    if key not in _daily:
        _daily.clear()
        _daily[key] = [daily_deal(secret, day, game, players) for game, players in daily()]
    return _daily[key]


def link(deal_id_: str) -> str:
    return f"/deals/{deal_id_}"


async def my_statuses(ctx: Context, cookie: str | None, ids: list[str]) -> dict[str, list[str]]:
    """deal id -> the statuses of this browser's tables on it (empty for a browser with no identity)."""
    async with ctx.db.reading() as s:
        player = await player_of_cookie(s, cookie)
        if player is None:
            return {}
        return await deal_queries.tables_of_player_on(s, player.id, ids)


def describe(deal: Deal | DealRecord) -> dict:
    g = GAMES.get(deal.game)
    return {"id": deal.id, "game": deal.game, "title": g.title if g else deal.game, "players": deal.players,
            "options": dict(deal.options), "kind": deal.kind, "day": deal.day, "url": link(deal.id),
            "client": f"/static/{g.client}" if g else None}


async def today_view(ctx: Context, cookie: str | None) -> dict:
    deals = await todays(ctx)
    mine = await my_statuses(ctx, cookie, [d.id for d in deals])
    return {"day": today().isoformat(), "deals": [
        describe(d) | {"played": d.id in mine, "finished": "finished" in mine.get(d.id, [])}
        for d in deals]}


async def play_today(ctx: Context, *, game: object, players: object, name: object, options: object,
                     cookie: str | None) -> Seated:
    """A table dealt today's deal for `game` at `players` seats; 409 already_played when this browser has
    sat at a table on it (lobby/once.py: it is never dealt a deal twice). `game` None: the first of daily()'s."""
    g = game_or_422(daily()[0][0] if game is None else game)
    deal = next((d for d in await todays(ctx) if d.game == g.name and d.players == players), None)
    if deal is None:
        offered = ", ".join(f"{GAMES[x].title} for {n}" for x, n in daily())
        raise Invalid(N_("There is no deal of the day for {game} at {n} seats; today's are: {offered}."), game=g.title,
                      n=str(players)[:4], offered=offered)
    return await _create(ctx, deal, name, options, cookie)  # create refuses a browser that played it (lobby/once.py)


async def play_named(ctx: Context, did: str, *, name: object, options: object, cookie: str | None) -> Seated:
    """A table dealt the deal `did` (any kind), with the house rules asked for; 409 already_played when this
    browser has sat at a table on it (lobby/once.py), its own finished table's "Play this deal" too."""
    async with ctx.db.reading() as s:
        row = await find_deal(s, did)
    deal = Deal(row.id, row.game, row.players, dict(row.options), row.seed, row.kind, row.day)
    return await _create(ctx, deal, name, options, cookie)


async def find_deal(s: Any, did: str) -> DealRecord:
    row = await deal_queries.deal_by_id(s, did) if well_formed(did) else None
    if row is None or row.game not in GAMES:
        raise NotFound(N_("There is no deal {deal}: check the link you were sent."), deal=repr(str(did)[:20]))
    return row


async def _create(ctx: Context, deal: Deal, name: object, options: object, cookie: str | None) -> Seated:
    g = GAMES[deal.game]
    if options is not None and not isinstance(options, dict):
        raise Invalid(N_("options must be an object of house rules, each option's name with its value."))
    given = dict(options or {})
    for key, value in deal.options.items():
        if key in given and given[key] != value:
            raise Invalid(N_("This deal is played with {key} {value}; it cannot be changed to {given}."), key=key,
                          value=repr(value), given=repr(given[key]))
    opts = check_options(g, deal.players, {**given, **deal.options})
    seated = await commands.create(ctx, game=deal.game, players=deal.players, options=opts, name=name,
                                   cookie=cookie, deal=deal)
    ctx.analyses.deal_dealt(deal.id, deal.game, deal.players)  # the bot's yardstick, if not measured yet
    return seated


async def deal_of_table(ctx: Context, code: str, cookie: str | None) -> dict:
    """The deal of a finished table, for its page's "Play this deal": named on first asking (its row, and the
    table's deal_id), with this browser's own tables on it and their results ("mine"); 409 not_over before
    the end, 409 abandoned for a game left unfinished, 422 for a game whose deals are not shared."""
    async with ctx.db.reading() as s:
        table = await find_table(s, code)
        _can_share(table)
        row = await deal_queries.deal_by_id(s, table.deal_id) if table.deal_id else None
    if row is None:
        secret = await load_secret(ctx)
        shaping = deal_options(table.game, table.options or {})
        did = deal_id(secret, table.game, table.players, shaping, str(table.seed))
        deal = Deal(did, table.game, table.players, shaping, str(table.seed), "named")
        result = await stored(ctx, MakeDeal(deal.row(), table.id, utcnow()))
        if result[0] != "ok":
            raise NotFound(N_("There is no table with the code {code}."), code=repr(code[:20]))
        async with ctx.db.reading() as s:
            row = await deal_queries.deal_by_id(s, did)
    assert row is not None
    async with ctx.db.reading() as s:
        mine = await my_results(s, cookie, row.id)
    finished, playing = standing(x["status"] for x in mine)
    return describe(row) | {"house_rules": house_rules(table.game, table.options or {}), "played": bool(mine),
                            "finished": finished, "playing": playing, "mine": mine}


def _can_share(table: Table) -> None:
    if table.status == "abandoned":
        raise Conflict(N_("The game at table {code} was abandoned before its end: only a finished game's deal is "
                          "offered."), "abandoned", code=table.code)
    if table.status not in ENDED:
        raise Conflict(N_("The game at table {code} is not over yet: its deal is shown once it has ended."),
                       "not_over", code=table.code)
    if table.game not in shared_games():
        shared = " and ".join(GAMES[g].title for g in shared_games())
        raise Invalid(N_("Only deals of {shared} can be shared, not of {game}."), shared=shared,
                      game=GAMES[table.game].title)
    if table.imported:
        raise Invalid(N_("Table {code} was imported from another server: its deal is not known here."), code=table.code)
