"""Tables before and after play: create, join, bots, start, rematch."""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.bots import DEFAULT_BOT, bot_for_game
from app.games import GAMES
from app.store import ENDED, Seat, Table, queries, utcnow
from app.tables.errors import Conflict, Invalid
from app.tables.identity import clean_name, new_code, share_url
from app.tables.seats import Caller, ensure_not_seated, ensure_player, find_table, sit
from app.tables.service import Tables
from app.tables.state import load_snapshot

SEED_BYTES = 16  # a deal's seed: 32 hex characters, 128 random bits
SOLO_DEALS = 4  # a rematch started at once is dealt again this many times at most when stuck from the start


@dataclass
class Seated:
    """A seat just taken: the body to return, and a new identity cookie to set (None: keep the old one)."""

    body: dict
    cookie: str | None


def game_or_422(name: object) -> Any:
    g = GAMES.get(name) if isinstance(name, str) else None
    if g is None:
        raise Invalid(f"There is no game called {str(name)[:40]!r}; choose one of: {', '.join(sorted(GAMES))}.")
    return g


def check_options(g: Any, players: int, given: object) -> dict:
    """The full options for a new table, checked once, by the engine; its sentence as a 422 otherwise."""
    try:
        return g.check_options(players, given)
    except ValueError as exc:
        raise Invalid(str(exc)) from None


def _setup(g: Any, players: int, options: dict) -> tuple[str, dict]:
    seed = secrets.token_hex(SEED_BYTES)  # no seat can search a space this large for the deal (ENGINE.md)
    try:
        return seed, g.setup(players=players, options=options, seed=seed)
    except ValueError as exc:
        raise Invalid(str(exc)) from None


async def _unused_code(s: AsyncSession) -> str:
    for _ in range(10):
        code = new_code()
        if await queries.table_by_code(s, code) is None:
            return code
    raise RuntimeError("could not find an unused table code")


async def _in_lobby(s: AsyncSession, code: str, refusal: str) -> tuple[Table, list[Seat]]:
    """The table, locked for writing, and its seats; 409 with `refusal` unless it is still in the lobby."""
    table = await find_table(s, code, for_update=True)
    if table.status != "lobby":
        raise Conflict(refusal.format(code=table.code, status=table.status), "wrong_status")
    return table, await queries.seats_of(s, table.id)


async def create(ctx: Tables, *, game: object, players: int, options: dict | None, name: object,
                 cookie: str | None) -> Seated:
    g = game_or_422(game)
    if not g.min_players <= players <= g.max_players:
        raise Invalid(f"{g.title} is played by {g.min_players} to {g.max_players} players, not {players}.")
    name = clean_name(name)
    opts = check_options(g, players, options)
    seed, doc = _setup(g, players, opts)
    async with ctx.db.writing() as s:
        player, new_cookie = await ensure_player(s, cookie, name)
        now = utcnow()
        table = Table(code=await _unused_code(s), game=g.name, players=players, options=opts, seed=seed,
                      status="lobby", initial_doc=doc, doc=doc, seq=0, to_act=[], created_at=now,
                      updated_at=now)
        s.add(table)
        await s.flush()
        seats = [Seat(table_id=table.id, seat=i, notify=True) for i in range(players)]
        s.add_all(seats)
        token = sit(seats[0], name, player)
        seats[0].joined_at = now
        await s.commit()
        code = table.code
    url = share_url(ctx.settings.public_url, code)
    return Seated({"code": code, "seat": 0, "token": token, "url": url}, new_cookie)


async def join(ctx: Tables, code: str, *, name: object, cookie: str | None) -> Seated:
    name = clean_name(name)
    async with ctx.db.writing() as s:
        table, seats = await _in_lobby(s, code, "The game at table {code} has already started ({status}); "
                                                "you can still watch it.")
        player, new_cookie = await ensure_player(s, cookie, name)
        ensure_not_seated(seats, player)
        open_seat = next((x for x in seats if x.name is None), None)
        if open_seat is None:
            raise Conflict(f"Table {table.code} is full: all {table.players} seats are taken.", "table_full")
        token = sit(open_seat, name, player)
        open_seat.joined_at = table.updated_at = utcnow()
        await s.commit()
        snap = await load_snapshot(s, table)
    await ctx.publish_state(snap)
    url = share_url(ctx.settings.public_url, snap.code)
    body = {"code": snap.code, "seat": open_seat.seat, "token": token, "url": url}
    return Seated(body, new_cookie)


def _bot_name(game: str, bot: str | None) -> str:
    """The game's own bot by default; "random" (a legal-move picker) on request."""
    best = bot_for_game(game)
    if bot is None or bot == best:
        return best
    if bot == DEFAULT_BOT:
        return bot
    raise Invalid(f"There is no bot called {bot[:40]!r} for this game; choose {best!r} or {DEFAULT_BOT!r}.")


async def add_bot(ctx: Tables, caller: Caller, seat: int | None, bot: str | None = None) -> dict:
    host = caller.host("add bots")
    async with ctx.db.writing() as s:
        table, seats = await _in_lobby(s, caller.code,
                                       "Bots can only sit down before the game starts; table {code} is {status}.")
        bot_name = _bot_name(table.game, bot)
        if seat is None:
            target = next((x for x in seats if x.name is None), None)
            if target is None:
                raise Conflict(f"Table {table.code} is full: there is no open seat for a bot.", "table_full")
        else:
            if not 0 <= seat < table.players:
                raise Invalid(f"Table {table.code} has seats 0 to {table.players - 1}; there is no seat {seat}.")
            target = seats[seat]
            if target.name is not None:
                raise Conflict(f"Seat {seat} is already taken by {target.name}.", "seat_taken")
        target.name, target.bot, target.joined_at = f"Bot {target.seat + 1}", bot_name, utcnow()
        table.updated_at = utcnow()
        await s.commit()
        snap = await load_snapshot(s, table)
    await ctx.publish_state(snap)
    return ctx.state_of(snap, host)


async def start(ctx: Tables, caller: Caller) -> dict:
    host = caller.host("start the game")
    async with ctx.db.writing() as s:
        table, seats = await _in_lobby(s, caller.code, "Table {code} has already started ({status}).")
        open_seats = [x.seat for x in seats if x.name is None]
        if open_seats:
            n = len(open_seats)
            listed = ", ".join(str(x) for x in open_seats)
            raise Conflict(f"{n} seat{' is' if n == 1 else 's are'} still open: {listed}. "
                           "Wait for friends to join or fill them with bots.", "seats_open")
        g = GAMES[table.game]
        now = utcnow()
        result = g.result(table.doc)
        table.status, table.started_at, table.updated_at = ("finished" if result else "playing"), now, now
        table.to_act = [] if result else list(g.to_act(table.doc))
        table.result = result
        if result:
            table.finished_at = now
        await s.commit()
        snap = await load_snapshot(s, table)
    await ctx.publish_state(snap)
    await ctx.announce_turn(snap, snap.to_act)
    ctx.bots.schedule(snap)
    return ctx.state_of(snap, host)


async def rematch(ctx: Tables, caller: Caller) -> tuple[dict, bool]:
    """The rematch of a finished table, made on first asking; (state for the caller, created?). The same
    seats (people, bots) and house rules. A solo table's player has nobody to wait for: its rematch is dealt
    and started at once (a deal with no legal play at all is dealt again, a few times, as the home page's
    "Play solo" does). With more seats, bots included, it waits in the lobby for the host's start."""
    seat = caller.seated()
    async with ctx.db.writing() as s:
        old = await find_table(s, caller.code, for_update=True)
        if old.rematch_id is not None:
            new = await queries.table_by_id(s, old.rematch_id)
            assert new is not None
            return ctx.state_of(await load_snapshot(s, new), seat), False
        if old.status not in ENDED:
            raise Conflict(f"The game at table {old.code} is not over yet ({old.status}).", "not_over")
        g = GAMES[old.game]
        old_seats = await queries.seats_of(s, old.id)
        alone = old.players == 1 and all(x.bot is None for x in old_seats)
        for _ in range(SOLO_DEALS if alone else 1):
            seed, doc = _setup(g, old.players, old.options)
            if not alone or g.result(doc) is None:
                break
        now = utcnow()
        new = Table(code=await _unused_code(s), game=old.game, players=old.players, options=old.options,
                    seed=seed, status="lobby", initial_doc=doc, doc=doc, seq=0, to_act=[],
                    rematch_of_id=old.id, created_at=now, updated_at=now, remind_after=old.remind_after)
        if alone:  # started as start() does
            result = g.result(doc)
            new.status, new.started_at = ("finished" if result else "playing"), now
            new.to_act, new.result = ([] if result else list(g.to_act(doc))), result
            if result:
                new.finished_at = now
        s.add(new)
        await s.flush()
        for x in old_seats:
            s.add(Seat(table_id=new.id, seat=x.seat, name=x.name, bot=x.bot, player_id=x.player_id,
                       token_hash=x.token_hash, webhook_url=x.webhook_url, notify=x.notify, joined_at=now,
                       webhook_format=x.webhook_format, ntfy_url=x.ntfy_url, push=x.push))
        old.rematch_id, old.updated_at = new.id, now
        await s.commit()
        old_snap, new_snap = await load_snapshot(s, old), await load_snapshot(s, new)
    await ctx.publish_state(old_snap)
    if alone:
        await ctx.publish_state(new_snap)
        await ctx.announce_turn(new_snap, new_snap.to_act)
        ctx.bots.schedule(new_snap)
    return ctx.state_of(new_snap, seat), True
