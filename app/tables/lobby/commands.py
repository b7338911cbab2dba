"""The lobby through the live table: create, join, add bot, start.

Like a move (app/tables/live/moves.py), each is a command on the live table (app/tables/live/tables.py): under the
table's lock, checked against its snapshot and seat rows in memory, handed to the group-commit writer
(app/store/writer.py), which checks it again against the database inside the batch's transaction (another
instance may have acted: app/store/lobby_records.py), and answered only after that batch commits. Then the
live table changes and `actor.after_commit` tells everyone, as after a move. A table is made in memory
and stored in the next batch before its creator hears its code; no ORM session, no read of the database
unless the table is not live here yet (or another instance changed it: one reload, then the command once
more).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games import GAMES
from app.store import utcnow
from app.store.lobby_records import CreateTable, PlayerSpec, StartTable, TakeSeat
from app.tables.live import commands
from app.tables.live.actor import after_commit, stored
from app.tables.lobby.once import check_may_sit, refuse
from app.tables.errors import Conflict, Invalid, N_
from app.tables.language import known
from app.tables.identity import clean_name, hash_token, new_code, new_token, share_url
from app.tables.live.tables import LiveTable, SeatRow
from app.tables.lobby.rematch import Seated, _bot_name, _setup, check_options, game_or_422
from app.tables.seats import COOKIE_MAX, Caller, not_found
from app.tables.live.state import Snapshot, iso

if TYPE_CHECKING:
    from app.tables.live.context import Context

CODE_TRIES = 10


def _player(ctx: Context, cookie: str | None, name: str, lang: str | None) -> tuple[PlayerSpec, str]:
    """Who sits down, for the writer, and the cookie a new player would get; `lang` (the page's language,
    for their notifications) is kept with their name in the same statement."""
    fresh = new_token()
    spec = PlayerSpec(name=name, new_cookie_hash=hash_token(fresh), lang=known(lang))
    if cookie and len(cookie) <= COOKIE_MAX:
        spec.cookie_hash = hash_token(cookie)
        spec.known_id = ctx.live.player(spec.cookie_hash)
    return spec, fresh


_write = stored  # the writer's answer once its batch committed, or a 503


async def create(ctx: Context, *, game: object, players: int, options: dict | None, name: object,
                 cookie: str | None, deal: Any = None, lang: str | None = None) -> Seated:
    """A new table in the lobby with its creator at seat 0: dealt afresh, or dealt `deal` (a
    deals.core.Deal, whose game, seat count and deal-shaping options the caller has put in the arguments)."""
    g = game_or_422(game)
    if not g.min_players <= players <= g.max_players:
        raise Invalid(N_("{game} is played by {low} to {high} players, not {players}."), game=g.title,
                      low=g.min_players, high=g.max_players, players=players)
    name = clean_name(name)
    opts = check_options(g, players, options)
    if deal is None:
        seed, doc = _setup(g, players, opts)
    else:
        seed, doc = deal.seed, g.setup(players=players, options=opts, seed=deal.seed)
    spec, fresh = _player(ctx, cookie, name, lang)
    await check_may_sit(ctx, None if deal is None else deal.id, spec, deal=deal)  # the already-played rule
    token = new_token()
    for _ in range(CODE_TRIES):  # the new table's own actor, from its first command
        code = new_code()
        seated = await ctx.actors.ask(code, commands.Create(code, g, players, opts, name, spec, seed, doc, token,
                                                            fresh, deal))
        if seated is not None:
            return seated
    raise RuntimeError("could not find an unused table code")


async def on_create(ctx: Context, command: commands.Create) -> Seated | None:
    """The new table's actor makes it: stored in the next batch, live here from then on. None: the code was
    in use (the caller picks another)."""
    g, spec, players, name = command.game, command.spec, command.players, command.name
    now = utcnow()
    record = CreateTable(command.code, g.name, players, command.options, command.seed, command.doc, now, spec,
                         hash_token(command.token), None if command.deal is None else command.deal.row())
    result = await _write(ctx, record)
    if result[0] == "played":  # the already-played rule, as the writer found it (another tab was quicker)
        refuse(result[1], result[2], command.deal)
    if result[0] != "ok":
        return None
    _, table_id, player_id, new = result
    ctx.live.remember(spec.new_cookie_hash if new else spec.cookie_hash, player_id)
    seats = [SeatRow(0, name, None, player_id, record.token_hash)] + [SeatRow(i) for i in range(1, players)]
    stamp = iso(now)
    snap = Snapshot(id=table_id, code=record.code, game=g.name, players=players, options=command.options,
                    status="lobby", doc=command.doc, seq=0, to_act=[], result=None, created_at=stamp,
                    updated_at=stamp, seats=[_seat_dict(x) for x in seats],
                    deal=None if command.deal is None else command.deal.id)
    ctx.live.add(LiveTable(snap, seats, chat=[]))
    url = share_url(ctx.settings.public_url, record.code)
    return Seated({"code": record.code, "seat": 0, "token": command.token, "url": url}, command.fresh if new else None)


def _seat_dict(x: SeatRow) -> dict:
    return {"seat": x.seat, "name": x.name, "bot": x.bot is not None, "bot_name": x.bot, "player_id": x.player_id,
            "hook": False}


async def _lobby_seats(ctx: Context, live: LiveTable, refusal: str) -> list:
    """The seat rows of a table still in the lobby (read again when not held); 409 with `refusal` once it
    has left the lobby, before and after that read."""
    _in_lobby(live, refusal)
    if live.seats is None:
        await ctx.live.reload(live)
        _in_lobby(live, refusal)
    assert live.seats is not None
    return live.seats


def _in_lobby(live: LiveTable, refusal: str) -> None:
    if live.snap.status != "lobby":
        raise Conflict(refusal, "wrong_status", code=live.snap.code, status=live.snap.status)


async def _take(ctx: Context, live: LiveTable, command: TakeSeat, refusal: str) -> tuple:
    """Store `command` (its seat chosen from memory); when the database disagrees (another instance took
    the seat or started the game, the lobby expired), reload and answer as the database has it."""
    result = await _write(ctx, command)
    if result[0] == "ok":
        return result
    if result[0] == "status" and result[1] is None:  # deleted (an expired lobby)
        ctx.live.drop(live.snap.code)
        raise not_found(live.snap.code)
    if result[0] == "played":  # the already-played rule, as the writer found it (another tab was quicker)
        refuse(result[1], result[2])
    await ctx.live.reload(live)
    if result[0] == "seated":
        raise Conflict(N_("This browser already sits at seat {seat}."), "already_seated", seat=result[1])
    _in_lobby(live, refusal)
    return result  # ("taken",): the caller chooses again from the reloaded seats


def _sat(ctx: Context, live: LiveTable, row: SeatRow, now: Any) -> Snapshot:
    """The live table once `row` is seated (its batch committed)."""
    seats = list(live.seats or [])
    seats[row.seat] = row
    live.seats = seats
    dicts = list(live.snap.seats)
    dicts[row.seat] = _seat_dict(row)
    live.snap = live.snap.moved(seats=dicts, updated_at=iso(now))
    return live.snap


async def join(ctx: Context, code: str, *, name: object, cookie: str | None, lang: str | None = None) -> Seated:
    name = clean_name(name)
    spec, fresh = _player(ctx, cookie, name, lang)
    return await ctx.actors.ask(code, commands.Join(code, name, spec, fresh))


async def on_join(ctx: Context, command: commands.Join) -> Seated:
    name, spec, fresh = command.name, command.spec, command.fresh
    refusal = N_("The game at table {code} has already started ({status}); you can still watch it.")
    live = await ctx.live.get(command.code)
    for attempt in range(3):
        seats = await _lobby_seats(ctx, live, refusal)
        if spec.known_id is not None:
            mine = next((x.seat for x in seats if x.player_id == spec.known_id), None)
            if mine is not None:
                raise Conflict(N_("This browser already sits at seat {seat}."), "already_seated", seat=mine)
        if attempt == 0:  # the already-played rule (a table dealt a deal)
            await check_may_sit(ctx, live.snap.deal, spec, besides=live.snap.id)
        open_seat = next((x.seat for x in seats if x.name is None), None)
        if open_seat is None:
            raise Conflict(N_("Table {code} is full: all {n} seats are taken."), "table_full",
                           code=live.snap.code, n=live.snap.players)
        token, now = new_token(), utcnow()
        result = await _take(ctx, live, TakeSeat(live.snap.id, open_seat, name, now, spec, hash_token(token)),
                             refusal)
        if result[0] == "ok":
            break
    else:
        raise Conflict(N_("Table {code} is busy: try again."), "table_busy", code=live.snap.code)
    _, player_id, new = result
    ctx.live.remember(spec.new_cookie_hash if new else spec.cookie_hash, player_id)
    snap = _sat(ctx, live, SeatRow(open_seat, name, None, player_id, hash_token(token)), now)
    await after_commit(ctx, snap)
    url = share_url(ctx.settings.public_url, snap.code)
    body = {"code": snap.code, "seat": open_seat, "token": token, "url": url}
    return Seated(body, fresh if new else None)


async def add_bot(ctx: Context, caller: Caller, seat: int | None, bot: str | None = None) -> dict:
    host = caller.host(N_("add bots"))
    return await ctx.actors.ask(caller.code, commands.AddBot(caller.code, host, seat, bot))


async def on_add_bot(ctx: Context, command: commands.AddBot) -> dict:
    host, seat, bot = command.host, command.seat, command.bot
    refusal = N_("Bots can only sit down before the game starts; table {code} is {status}.")
    live = await ctx.live.get(command.code)
    for _ in range(3):
        seats = await _lobby_seats(ctx, live, refusal)
        snap = live.snap
        bot_name = _bot_name(snap.game, bot)
        if seat is None:
            target = next((x.seat for x in seats if x.name is None), None)
            if target is None:
                raise Conflict(N_("Table {code} is full: there is no open seat for a bot."), "table_full",
                               code=snap.code)
        else:
            if not 0 <= seat < snap.players:
                raise Invalid(N_("Table {code} has seats 0 to {last}; there is no seat {seat}."), code=snap.code,
                              last=snap.players - 1, seat=seat)
            if seats[seat].name is not None:
                raise Conflict(N_("Seat {seat} is already taken by {name}."), "seat_taken", seat=seat,
                               name=seats[seat].name)
            target = seat
        now = utcnow()
        result = await _take(ctx, live, TakeSeat(snap.id, target, f"Bot {target + 1}", now, bot=bot_name),
                             refusal)
        if result[0] == "ok":
            break
    else:
        raise Conflict(N_("Table {code} is busy: try again."), "table_busy", code=live.snap.code)
    snap = _sat(ctx, live, SeatRow(target, f"Bot {target + 1}", bot_name), now)
    await after_commit(ctx, snap)
    return ctx.state_of(snap, host)


async def start(ctx: Context, caller: Caller) -> dict:
    host = caller.host(N_("start the game"))
    return await ctx.actors.ask(caller.code, commands.Start(caller.code, host))


async def on_start(ctx: Context, command: commands.Start) -> dict:
    host = command.host
    refusal = N_("Table {code} has already started ({status}).")
    live = await ctx.live.get(command.code)
    for attempt in range(3):
        seats = await _lobby_seats(ctx, live, refusal)
        open_seats = [x.seat for x in seats if x.name is None]
        waiting = [x.seat for x in seats if x.name is not None and x.bot is None and x.player_id is None]
        if waiting:  # seats reserved for invited friends (app/tables/lobby/invitations.py)
            raise Conflict(N_("Invited friends have not all answered yet (seats {seats}): wait for them, or start "
                              "now with bots in their seats."), "invitations_pending",
                           seats=", ".join(str(x) for x in waiting))
        if open_seats and attempt == 0:  # another instance may have filled them: as the database says
            await ctx.live.reload(live)
            continue
        if open_seats:
            n = len(open_seats)
            listed = ", ".join(str(x) for x in open_seats)
            raise Conflict(N_("1 seat is still open: {seats}. Wait for friends to join or fill it with a bot.")
                           if n == 1 else N_("{n} seats are still open: {seats}. Wait for friends to join or fill "
                                             "them with bots."), "seats_open", n=n, seats=listed)
        snap = live.snap
        g = GAMES[snap.game]
        now = utcnow()
        outcome = g.result(snap.doc)
        status, to_act = ("finished", []) if outcome else ("playing", list(g.to_act(snap.doc)))
        result = await _write(ctx, StartTable(snap.id, status, to_act, outcome, now))
        if result[0] == "ok":
            break
        if result[0] == "status" and result[1] is None:
            ctx.live.drop(snap.code)
            raise not_found(snap.code)
        await ctx.live.reload(live)  # another instance seated someone or started it: as the database says
    else:
        raise Conflict(N_("Table {code} is busy: try again."), "table_busy", code=live.snap.code)
    new = snap.moved(status=status, to_act=to_act, result=outcome if outcome else snap.result,
                     updated_at=iso(now))
    live.snap = new
    await after_commit(ctx, new, newly=new.to_act)
    if new.status != "playing":  # over at once: it leaves memory like any ended table
        ctx.live.update(new)
    return ctx.state_of(new, host)
