"""Invitations and rematches that wait (issue 48, docs/API.md "Invitations").

An invitation is a lobby table whose seats are reserved for named friends. The host of a new table invites
names to its open seats (POST /api/tables/{code}/invitations); a player of an ended table sends its rematch
as an invitation to every other person who played it (POST /api/tables/{code}/rematch/invitations). Each
reserved seat has its own secret link (real entropy, stored hashed as seat tokens are; the link is shown
once, to the inviter alone, who may ask for a new one: the old one then opens nothing). A rematch's invitee
also hears of it, with their own link, on the channels of their seat at the last table (carried over to the
rematch), and finds it on /me.

A reserved seat is a seat row with the invitee's name and neither a player nor a bot: nobody joins it by the
table's open link (it is not open), and the game cannot start while one is left (lobby/commands.py
on_start). Opening the link shows who invites whom to what; Accept takes that seat as a join does (the
already-seated rule, a new player and identity cookie when the browser has none, a seat token) and the
invitee then chooses the seat's notification channels as any seat does; Decline opens the seat again (the
inviter sees it, and may fill it with a bot or let someone join). When the last reserved seat is accepted and
no seat is open, the table starts by itself (every seat to act is told on its channels, as at any start).
The inviter (or the host) may start at any time: bots take every seat nobody holds, and the invitations still
pending are "replaced". An invitation expires after its days (DAYS_MIN to DAYS_MAX, DAYS by default); while
one waits, the stale lobbies' sweep keeps its table (app/store/housekeeping.py).

Every change is a command of the table's actor (live/commands.py Invite, Answer, InviteStart, RenewLink),
stored as one entry of the group-commit writer's batch (app/store/invitation_records.py, which checks every
rule again with the table's row locked). Reads (a link opened, a table's invitations, /me's) lock nothing.
Who sees what: a link reaches its inviter (once) and its invitee's own channels, never anyone else; a
table's list of invitations and /me carry no link.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

from app.games import GAMES
from app.store import invitation_queries, queries, utcnow
from app.store.invitation_records import AnswerInvitation, RenewLink, ReplaceInvited, ReserveSeats
from app.tables.errors import N_, Conflict, Forbidden, Gone, NotFound, TableError
from app.tables.identity import clean_name, hash_token, new_token, share_url
from app.tables.live import commands
from app.tables.live.actor import after_commit, stored
from app.tables.live.state import iso
from app.tables.live.tables import LiveTable, SeatRow
from app.tables.lobby import commands as lobby
from app.tables.lobby.once import check_may_sit, refuse
from app.tables.lobby.rematch import Seated, _bot_name, rematch
from app.tables.seats import COOKIE_MAX, Caller, not_found, player_of_cookie

if TYPE_CHECKING:
    from app.tables.live.context import Context

DAYS, DAYS_MIN, DAYS_MAX = 7, 1, 14  # how long an invitation waits for its answer
LINK_MAX = 300  # characters of a link as a client sends it back (the secret alone is 32; or the whole link)
STARTED = N_("The game at table {code} has already started ({status}); you can still watch it.")
NO_INVITATION = N_("This invitation link opens nothing: it may have been mistyped, or the inviter made a new one.")
EXPIRED = N_("This invitation has expired: ask whoever invited you for a new one.")
ANSWERED = {"accepted": N_("This invitation was accepted already."),
            "declined": N_("This invitation was declined."),
            "replaced": N_("This invitation is closed: the game started without waiting, a bot took the seat.")}


def link_url(public_url: str | None, secret: str) -> str:
    """The invitation's link: the secret after '#', so it never reaches a server's log or a Referer."""
    return f"{(public_url or '').rstrip('/')}/invite#{secret}"


def _utc(at: datetime) -> datetime:
    return at.replace(tzinfo=timezone.utc) if at.tzinfo is None else at.astimezone(timezone.utc)


def state_of(row: Any, now: datetime | None = None) -> str:
    """pending, accepted, declined, replaced, or expired (pending past its time)."""
    if row.state == "pending" and _utc(row.expires_at) <= (now or utcnow()):
        return "expired"
    return row.state


def body(row: Any, *, link: str | None = None) -> dict:
    """An invitation as its inviter and the table's players see it (its link only when just made)."""
    out = {"id": row.id, "seat": row.seat, "name": row.name, "state": state_of(row), "rematch": bool(row.rematch),
           "inviter_seat": row.inviter_seat,
           "created_at": iso(row.created_at), "expires_at": iso(row.expires_at), "answered_at": iso(row.answered_at)}
    if link is not None:
        out["link"] = link
    return out


def _with_table(found: Any) -> dict:
    """An invitation with its table (by_link's tuple), as its invitee and /me see it: no link."""
    row, code, game, players, status, by = found
    g = GAMES.get(game)
    return body(row) | {"code": code, "game": game, "title": g.title if g else game, "players": players,
                        "table_status": status, "by": by}


# -- the inviter: invite, renew a link, start without waiting ------------------------------------------------
async def invite(ctx: Context, caller: Caller, names: list, days: int) -> list[dict]:
    """The host reserves open seats of its lobby table for `names`; each invitation with its link."""
    host = caller.host(N_("invite friends"))
    cleaned = [clean_name(x) for x in names]
    return await ctx.actors.ask(caller.code, commands.Invite(caller.code, host, cleaned, days))


async def invite_rematch(ctx: Context, caller: Caller, days: int) -> dict:
    """The rematch of an ended table (made now, or the one made already) sent as an invitation to every other
    person who played; {"state": the rematch's state for the caller, "invitations": [... with links]}."""
    seat = caller.seated()
    state, _created = await rematch(ctx, caller)
    code = state["code"]
    made = await ctx.actors.ask(code, commands.Invite(code, seat, [], days, rematch=True))
    return {"state": ctx.state_of((await ctx.live.get(code)).snap, seat), "invitations": made}


async def start_now(ctx: Context, caller: Caller) -> dict:
    return await ctx.actors.ask(caller.code, commands.InviteStart(caller.code, caller.seated()))


async def renew(ctx: Context, caller: Caller, invitation_id: int) -> dict:
    return await ctx.actors.ask(caller.code, commands.RenewLink(caller.code, caller.seated(), invitation_id))


def _put(live: LiveTable, row: SeatRow, now: datetime, *, hook: bool = False) -> None:
    """The live table once seat `row.seat` is `row` (its batch committed)."""
    seats = list(live.seats or [])
    seats[row.seat] = row
    live.seats = seats
    dicts = list(live.snap.seats)
    dicts[row.seat] = dict(dicts[row.seat]) | {"name": row.name, "bot": row.bot is not None, "bot_name": row.bot,
                                                "player_id": row.player_id, "hook": hook}
    live.snap = live.snap.moved(seats=dicts, updated_at=iso(now))


def _reserved(x: SeatRow) -> bool:
    return x.name is not None and x.bot is None and x.player_id is None


async def _refused(ctx: Context, live: LiveTable, result: tuple) -> None:
    """A writer's refusal as the database has it: the table gone, or no longer in the lobby."""
    if result[0] == "status":
        if result[1] is None:
            ctx.live.drop(live.snap.code)
            raise not_found(live.snap.code)
        await ctx.live.reload(live)
        raise Conflict(STARTED, "wrong_status", code=live.snap.code, status=result[1])


async def on_invite(ctx: Context, command: commands.Invite) -> list[dict]:
    live = await ctx.live.get(command.code)
    seats = await lobby._lobby_seats(ctx, live, STARTED)
    if command.rematch:
        if live.snap.rematch_of is None:
            raise Conflict(N_("Table {code} is not a rematch."), "not_a_rematch", code=live.snap.code)
        wanted = [(x.seat, x.name, x.player_id) for x in seats
                  if x.bot is None and x.player_id is not None and x.seat != command.seat]
        if not wanted:
            raise Conflict(N_("Nobody else waits to be asked at table {code}: there is nobody to invite."),
                           "nobody_to_invite", code=live.snap.code)
    else:
        open_seats = [x.seat for x in seats if x.name is None]
        if not command.names or len(command.names) > len(open_seats):
            raise Conflict(N_("Table {code} has {n} open seats: invite 1 to {n} friends."), "too_many_invitees",
                           code=live.snap.code, n=len(open_seats))
        wanted = [(seat, name, None) for seat, name in zip(open_seats, command.names)]
    secrets_ = {seat: new_token() for seat, _, _ in wanted}
    now = utcnow()
    until = now + timedelta(days=command.days)
    result = await stored(ctx, ReserveSeats(live.snap.id, [(seat, name, hash_token(secrets_[seat]), pid)
                                                           for seat, name, pid in wanted],
                                            command.seat, command.rematch, now, until))
    await _refused(ctx, live, result)
    if result[0] != "ok":  # another instance took the seat meanwhile
        await ctx.live.reload(live)
        raise Conflict(N_("Seat {seat} was taken meanwhile: invite again."), "seat_taken", seat=result[1])
    by = next((x.name for x in seats if x.seat == command.seat), None)
    for seat, name, _ in wanted:
        old = seats[seat]
        _put(live, SeatRow(seat, name, None, None, None, old.webhook_url, old.notify, old.ntfy_url, old.push),
             now, hook=bool(live.snap.seats[seat].get("hook")))
    await after_commit(ctx, live.snap)
    links = {seat: link_url(ctx.settings.public_url, secret) for seat, secret in secrets_.items()}
    if command.rematch:
        ctx.invited(live.snap, [(seat, pid, links[seat]) for seat, _, pid in wanted], by)
    made = []
    for (seat, name, _pid), inv_id in zip(wanted, result[1]):
        made.append({"id": inv_id, "seat": seat, "name": name, "state": "pending", "rematch": command.rematch,
                     "inviter_seat": command.seat,
                     "created_at": iso(now), "expires_at": iso(until), "answered_at": None, "link": links[seat]})
    return made


async def _invitations(ctx: Context, table_id: int) -> list:
    async with ctx.db.reading() as s:
        return await invitation_queries.of_table(s, table_id)


async def on_renew(ctx: Context, command: commands.RenewLink) -> dict:
    live = await ctx.live.get(command.code)
    await lobby._lobby_seats(ctx, live, STARTED)
    row = next((x for x in await _invitations(ctx, live.snap.id) if x.id == command.invitation_id), None)
    if row is None:
        raise NotFound(NO_INVITATION, "no_invitation")
    if command.seat not in (0, row.inviter_seat):
        raise Forbidden(N_("Only whoever invited (or the host) may do this."), "not_inviter")
    if row.state != "pending":  # an expired one may be sent again: it waits DAYS more
        raise Gone(ANSWERED.get(row.state, EXPIRED), "invitation_closed")
    secret, now = new_token(), utcnow()
    until = now + timedelta(days=DAYS)
    result = await stored(ctx, RenewLink(live.snap.id, row.id, hash_token(secret), now, until))
    await _refused(ctx, live, result)
    if result[0] != "ok":
        raise Gone(ANSWERED.get(result[1] or "", EXPIRED), "invitation_closed")
    if _utc(row.expires_at) <= now:
        row.expires_at = until
    return body(row, link=link_url(ctx.settings.public_url, secret))


async def on_invite_start(ctx: Context, command: commands.InviteStart) -> dict:
    live = await ctx.live.get(command.code)
    seats = await lobby._lobby_seats(ctx, live, N_("Table {code} has already started ({status})."))
    inviters = {0} | {x.inviter_seat for x in await _invitations(ctx, live.snap.id)}
    if command.seat not in inviters:
        raise Forbidden(N_("Only whoever invited (or the host) may do this."), "not_inviter")
    free = [x.seat for x in seats if x.bot is None and x.player_id is None]
    if free:
        bot, now = _bot_name(live.snap.game, None), utcnow()
        result = await stored(ctx, ReplaceInvited(live.snap.id, [(seat, f"Bot {seat + 1}", bot) for seat in free],
                                                  now))
        await _refused(ctx, live, result)
        for seat in result[1]:
            _put(live, SeatRow(seat, f"Bot {seat + 1}", bot), now)
    started = await lobby.on_start(ctx, commands.Start(command.code, command.seat))
    ctx.invitation_started(live.snap)
    return started


# -- the invitee: open the link, accept, decline ---------------------------------------------------------------
def _secret(link: object) -> str:
    if not isinstance(link, str) or not 0 < len(link) <= LINK_MAX:
        raise NotFound(NO_INVITATION, "no_invitation")
    return link.rsplit("#", 1)[-1].strip()


def _open_or_gone(found: Any) -> None:
    state = state_of(found[0])
    if state == "expired":
        raise Gone(EXPIRED, "invitation_expired")
    if found[4] != "lobby" and state != "accepted":
        raise Gone(ANSWERED["replaced"], "invitation_closed")
    if state in ("declined", "replaced"):
        raise Gone(ANSWERED[state], "invitation_closed")


async def look(ctx: Context, link: object) -> dict:
    """What the invitation's link shows its holder: who invites them to what, the table's seats' names, its
    state and time; 404 for no such link, 410 for one expired, declined or closed."""
    async with ctx.db.reading() as s:
        found = await invitation_queries.by_link(s, hash_token(_secret(link)))
        if found is None:
            raise NotFound(NO_INVITATION, "no_invitation")
        _open_or_gone(found)
        seats = await lobby_seat_names(s, found[0].table_id)
    return _with_table(found) | {"seats": seats}


async def lobby_seat_names(s: Any, table_id: int) -> list[dict]:
    return [{"seat": x.seat, "name": x.name, "bot": x.bot is not None} for x in await queries.seat_rows(s, table_id)]


async def answer(ctx: Context, *, accept: bool, link: object = None, invitation_id: int | None = None,
                 name: object = None, cookie: str | None = None, lang: str | None = None) -> Seated | None:
    """Accept (a Seated: the seat's token, a new cookie perhaps) or decline (None) an invitation, known by its
    link, or by its id from the invitee's own browser (a rematch's former player, on /me)."""
    async with ctx.db.reading() as s:
        if link is not None:
            found = await invitation_queries.by_link(s, hash_token(_secret(link)))
        else:
            found = await invitation_queries.one(s, invitation_id) if invitation_id is not None else None
            player = await player_of_cookie(s, cookie)
            if found is not None and (player is None or found[0].invitee_id != player.id):
                found = None  # not this browser's invitation: as if there were none
    if found is None:
        raise NotFound(NO_INVITATION, "no_invitation")
    _open_or_gone(found)
    row, code = found[0], found[1]
    if not accept:
        return await ctx.actors.ask(code, commands.Answer(code, row.id, False))
    chosen = clean_name(name) if name not in (None, "") else None
    spec, fresh = lobby._player(ctx, cookie if cookie and len(cookie) <= COOKIE_MAX else None, chosen or row.name,
                                lang)
    return await ctx.actors.ask(code, commands.Answer(code, row.id, True, chosen, spec, fresh))


async def on_answer(ctx: Context, command: commands.Answer) -> Seated | None:
    live = await ctx.live.get(command.code)
    await lobby._lobby_seats(ctx, live, STARTED)
    if command.accept:  # a table dealt a deal: the already-played rule, as at a join
        await check_may_sit(ctx, live.snap.deal, command.spec, besides=live.snap.id)
    token, now = (new_token() if command.accept else None), utcnow()
    result = await stored(ctx, AnswerInvitation(live.snap.id, command.invitation_id, command.accept, now,
                                                command.spec, hash_token(token) if token else None, command.name))
    await _refused(ctx, live, result)
    if result[0] == "expired":
        raise Gone(EXPIRED, "invitation_expired")
    if result[0] == "state":
        if result[1] is None:
            raise NotFound(NO_INVITATION, "no_invitation")
        raise Gone(ANSWERED.get(result[1], EXPIRED), "invitation_closed")
    if result[0] == "seated":
        raise Conflict(N_("This browser already sits at seat {seat}."), "already_seated", seat=result[1])
    if result[0] == "played":  # the already-played rule, as the writer found it (another tab was quicker)
        refuse(result[1], result[2])
    _, pid, new, seat, name = result
    if live.seats is None:
        await ctx.live.reload(live)
    assert live.seats is not None
    old = live.seats[seat]
    if not command.accept:
        _put(live, SeatRow(seat), now)
        await after_commit(ctx, live.snap)
        return None
    spec = command.spec
    ctx.live.remember(spec.new_cookie_hash if new else spec.cookie_hash, pid)
    _put(live, SeatRow(seat, name, None, pid, hash_token(token), old.webhook_url, old.notify, old.ntfy_url, old.push),
         now, hook=bool(live.snap.seats[seat].get("hook")))
    await after_commit(ctx, live.snap)
    seated = Seated({"code": live.snap.code, "seat": seat, "token": token,
                     "url": share_url(ctx.settings.public_url, live.snap.code)}, command.fresh if new else None)
    if all(x.name is not None and not _reserved(x) for x in live.seats):  # everyone said yes: the game begins
        try:
            await lobby.on_start(ctx, commands.Start(live.snap.code, 0))
        except TableError:  # another instance changed the lobby meanwhile: the host starts it then
            return seated
        ctx.invitation_started(live.snap)
    return seated


# -- reads: a table's invitations, /me's --------------------------------------------------------------------------
async def of_table(ctx: Context, caller: Caller) -> list[dict]:
    """A table's invitations for one of its seats (no link: a link is shown once, when made or renewed)."""
    caller.seated()
    return [body(x) for x in await _invitations(ctx, caller.table_id)]


async def mine(ctx: Context, cookie: str | None) -> dict:
    """This browser's invitations of tables still in the lobby: those it sent (each invitee's state) and
    those it received (a rematch's, or accepted), with no link."""
    async with ctx.db.reading() as s:
        player = await player_of_cookie(s, cookie)
        if player is None:
            return {"sent": [], "received": []}
        sent = await invitation_queries.sent(s, player.id)
        received = await invitation_queries.received(s, player.id)
    return {"sent": [_with_table(x) for x in sent], "received": [_with_table(x) for x in received]}
