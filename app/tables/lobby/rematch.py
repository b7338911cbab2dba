"""Tables before and after play: the checks the lobby's commands share (app/tables/lobby/commands.py:
create, join, bots, start, through the live table), and the rematch."""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.bots import DEFAULT_BOT, bot_for_game
from app.games import GAMES
from app.store import ENDED, Seat, Table, queries, utcnow
from app.tables.live.actor import after_commit
from app.tables.errors import Conflict, Invalid
from app.tables.lobby.identity import unused_code
from app.tables.lobby.seats import Caller, find_table
from app.tables.service import Tables
from app.tables.live.state import load_snapshot

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


def _bot_name(game: str, bot: str | None) -> str:
    """The game's own bot by default; "random" (a legal-move picker) on request."""
    best = bot_for_game(game)
    if bot is None or bot == best:
        return best
    if bot == DEFAULT_BOT:
        return bot
    raise Invalid(f"There is no bot called {bot[:40]!r} for this game; choose {best!r} or {DEFAULT_BOT!r}.")


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
        new = Table(code=await unused_code(s), game=old.game, players=old.players, options=old.options,
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
        await after_commit(ctx, new_snap, newly=new_snap.to_act)
    return ctx.state_of(new_snap, seat), True
