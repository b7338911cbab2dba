"""Tables before and after play: the checks the lobby's commands share (app/tables/lobby/commands.py:
create, join, bots, start, through the live table), and the rematch."""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from app.bots import DEFAULT_BOT, bot_for_game, levels_of
from app.games import GAMES
from app.store import ENDED, utcnow
from app.store.rematch_records import MakeRematch
from app.tables.live import commands
from app.tables.live.actor import after_commit, stored
from app.tables.errors import Conflict, Invalid, N_
from app.tables.identity import new_code
from app.tables.seats import Caller, not_found
from app.tables.live.tables import LiveTable, SeatRow
from app.tables.live.state import Snapshot, iso

if TYPE_CHECKING:
    from app.tables.live.context import Context

SEED_BYTES = 16  # a deal's seed: 32 hex characters, 128 random bits
SOLO_DEALS = 4  # a rematch started at once is dealt again this many times at most when stuck from the start
CODE_TRIES = 10  # new codes tried (or, another instance having acted, decisions taken again) at most


@dataclass
class Seated:
    """A seat just taken: the body to return, and a new identity cookie to set (None: keep the old one)."""

    body: dict
    cookie: str | None


def game_or_422(name: object) -> Any:
    g = GAMES.get(name) if isinstance(name, str) else None
    if g is None:
        raise Invalid(N_("There is no game called {given}; choose one of: {games}."), given=repr(str(name)[:40]),
                      games=", ".join(sorted(GAMES)))
    return g


def bot_levels(game: str) -> list[str]:
    """The bot names a host may choose at a table of `game` besides its own bot ("turning-points:standard"),
    strongest first (app.bots.levels_of); [] for a game whose bot has one level."""
    return [f"{game}:{level}" for level in levels_of(game)]


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
    """The game's own bot by default; one of its levels ("turning-points:standard", app.bots.levels_of) or
    "random" (a legal-move picker) on request."""
    best = bot_for_game(game)
    if bot is None or bot == best:
        return best
    if bot == DEFAULT_BOT:
        return bot
    levels = bot_levels(game)
    if bot in levels:
        return bot
    raise Invalid(N_("There is no bot called {given} for this game; choose one of {bots}."), given=repr(bot[:40]),
                  bots=", ".join(repr(name) for name in [best, *levels, DEFAULT_BOT]))


async def rematch(ctx: Context, caller: Caller) -> tuple[dict, bool]:
    """The rematch of a finished table, made on first asking; (state for the caller, created?). The same
    seats (people, bots), house rules and pace (time per turn, what a timeout brings). A solo table's player
    has nobody to wait for: its rematch is dealt and started at once (a deal with no legal play at all is
    dealt again, a few times, as the home page's "Play solo" does). With more seats, bots included, it waits
    in the lobby for the host's start.

    A command like the lobby's (app/tables/lobby/commands.py): checked against the table as this instance
    has it, stored by the group-commit writer (app/store/rematch_records.py: checked again there, so two
    askers on two instances make one rematch), answered only after its batch commits; the new table is live
    here from then on, with no read of the database."""
    return await ctx.actors.ask(caller.code, commands.Rematch(caller.code, caller.seated()))


async def on_rematch(ctx: Context, asked: commands.Rematch) -> tuple[dict, bool]:
    """The old table's actor makes its rematch (see `rematch`)."""
    seat = asked.seat
    live = await ctx.live.get(asked.code)
    for _ in range(CODE_TRIES):
        old = live.snap
        if old.rematch is not None:
            return ctx.state_of((await ctx.live.get(old.rematch)).snap, seat), False
        if old.status not in ENDED:
            old = await ctx.live.reload(live)  # this instance may have missed its end: as the database says
            if old.status not in ENDED:
                raise Conflict(N_("The game at table {code} is not over yet ({status})."), "not_over",
                               code=old.code, status=old.status)
            continue
        if live.seats is None:  # not known here: read with the table, then decide again
            await ctx.live.reload(live)
            continue
        seats = live.seats
        g = GAMES[old.game]
        alone = old.players == 1 and all(x.bot is None for x in seats)
        for _deal in range(SOLO_DEALS if alone else 1):
            seed, doc = _setup(g, old.players, old.options)
            if not alone or g.result(doc) is None:
                break
        outcome = g.result(doc) if alone else None
        status, to_act = ("lobby", []) if not alone else (("finished", []) if outcome else
                                                         ("playing", list(g.to_act(doc))))
        now = utcnow()
        command = MakeRematch(old.id, new_code(), seed, doc, status, to_act, outcome, now)
        result = await stored(ctx, command)
        if result[0] == "ok":
            break
        if result[0] == "status" and result[1] is None:
            ctx.live.drop(old.code)
            raise not_found(old.code)
        if result[0] != "code":  # made meanwhile, or not over after all: as the database says
            await ctx.live.reload(live)
    else:
        raise Conflict(N_("Table {code} is busy: try again."), "table_busy", code=live.snap.code)
    stamp = iso(now)
    old_snap = old.moved(rematch=command.code, updated_at=stamp)
    live.snap = old_snap
    new = Snapshot(id=result[1], code=command.code, game=old.game, players=old.players, options=old.options,
                   status=status, doc=doc, seq=0, to_act=to_act, result=outcome, created_at=stamp,
                   updated_at=stamp, rematch_of=old.code, pace=old.pace,
                   seats=[dict(x) | ({"stand_in": None, "missed": 0} if "stand_in" in x else {})
                          for x in old.seats])
    if status not in ENDED:
        ctx.live.add(LiveTable(new, [SeatRow(x.seat, x.name, x.bot, x.player_id, x.token_hash, x.webhook_url,
                                             x.notify, x.ntfy_url, x.push) for x in seats], chat=[]))
    await ctx.publish_state(old_snap)
    if alone:
        await after_commit(ctx, new, newly=new.to_act)
    return ctx.state_of(new, seat), True
