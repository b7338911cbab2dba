"""The admin area: who may enter, every table listed, filtered, sorted and paged, one table in full, and
deleting a table. Replays are in app/tables/replay.py, statistics in admin_stats.py, export and import in
transfer.py.

Admins see everything, hidden information included (the doc, the secret, the pile order, all hands, every
event unfiltered): these functions are the one place a doc leaves the server, and only behind AdminAuth.
Token and cookie hashes never leave.
"""
from __future__ import annotations

import hmac
import logging
from datetime import date, datetime, time, timedelta, timezone
from typing import TYPE_CHECKING

from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES
from app.store import Seat, Table, admin_queries, invitation_queries, utcnow
from app.store.admin_queries import SORT_COLUMNS, TableFilter
from app.tables.errors import N_, Forbidden, Invalid, Unauthorized, W_
from app.tables.live import commands, notes
from app.tables.live.state import iso
from app.tables.lobby import invitations
from app.tables import text
from app.tables.identity import normalise_code
from app.tables.seats import find_table, not_found
from app.tables.replay import step_of

if TYPE_CHECKING:
    from app.tables.service import Tables

log = logging.getLogger("icehouse.admin")

STATUSES = ("lobby", "playing", "finished", "abandoned")
LIMIT_DEFAULT = 50
LIMIT_MAX = 200
PLAYER_MAX = 40  # characters, as a seat name
OFFSET_MAX = 10**9  # far past any real list; keeps the number inside a database integer
ORDERS = ("desc", "asc")


# -- who may enter ----------------------------------------------------------------------------------------
def check_admin(configured: str | None, presented: str | None) -> None:
    """403 while the admin area is closed (no ICEHOUSE_ADMIN_TOKEN), 401 without the right bearer token."""
    if not configured:
        raise Forbidden(N_("The admin area is closed: set ICEHOUSE_ADMIN_TOKEN on the server."), "admin_closed")
    if presented is None:
        raise Unauthorized(N_("The admin area needs you to log in at /admin, or 'Authorization: Bearer <admin "
                              "token>' (the server's ICEHOUSE_ADMIN_TOKEN)."))
    if not hmac.compare_digest(presented.encode("utf-8", "surrogatepass"), configured.encode()):
        raise Unauthorized(N_("That admin token is not the right one."))


# -- dates --------------------------------------------------------------------------------------------------
def parse_when(raw: str | None, name: str, *, end: bool) -> datetime | None:
    """A bound of a date range: "2026-11-30" (the whole day, UTC) or an ISO 8601 time ("...Z" or an offset;
    none: UTC). The start is inclusive; the end is returned exclusive (the day after a date, a microsecond
    after a time). None for an empty value; 422 with a sentence for anything else."""
    raw = (raw or "").strip()
    if not raw:
        return None
    try:
        if len(raw) == 10:
            day = date.fromisoformat(raw)
            at = datetime.combine(day, time(), tzinfo=timezone.utc)
            return at + timedelta(days=1) if end else at
        at = datetime.fromisoformat(raw.replace("Z", "+00:00").replace("z", "+00:00"))
        at = at.replace(tzinfo=timezone.utc) if at.tzinfo is None else at.astimezone(timezone.utc)
        return at + timedelta(microseconds=1) if end else at
    except ValueError:
        raise Invalid(N_("{name} must be a date like 2026-11-30 or a time like 2026-11-30T18:00:00Z; it was "
                         "{raw}."), name=W_(name), raw=repr(raw[:40])) from None
    except OverflowError:  # 9999-12-31 as an end (the day after), or an offset past year 1 or 9999 in UTC
        raise Invalid(N_("{name} must fall between the years 1 and 9999 in UTC, its end included; it was {raw}."),
                      name=W_(name), raw=repr(raw[:40])) from None


def date_range(start: str | None, end: str | None) -> tuple[datetime | None, datetime | None]:
    lo, hi = parse_when(start, "from", end=False), parse_when(end, "to", end=True)
    if lo is not None and hi is not None and lo >= hi:
        raise Invalid(N_("The range ends ({end}) before it starts ({start})."), end=end, start=start)
    return lo, hi


# -- the list ---------------------------------------------------------------------------------------------
def table_filter(game: str | None, status: str | None, player: str | None, *, date_field: str | None = None,
                 start: str | None = None, end: str | None = None) -> TableFilter:
    """The checked filters (empty strings mean "any"); 422 with a sentence for a bad value."""
    game, status, player = (v.strip() or None if isinstance(v, str) else None for v in (game, status, player))
    if game is not None and game not in GAMES:
        raise Invalid(N_("There is no game called {given}; choose one of: {games}."), given=repr(game[:40]),
                      games=", ".join(sorted(GAMES)))
    if status is not None and status not in STATUSES:
        raise Invalid(N_("There is no status {given}; a table is {statuses} or {last}."), given=repr(status[:40]),
                      statuses=", ".join(STATUSES[:-1]), last=STATUSES[-1])
    if player is not None:  # the names' own policy (NUL would otherwise reach PostgreSQL)
        player = text.clean(player, what="A player name to look for", max_len=PLAYER_MAX, required=False)
    date_field = (date_field or "").strip() or "created"
    if date_field not in SORT_COLUMNS:
        raise Invalid(N_("date must be {choices} (the time the range bounds); it was {given}."),
                      choices=" or ".join(SORT_COLUMNS), given=repr(date_field[:40]))
    lo, hi = date_range(start, end)
    return TableFilter(game=game, status=status, player=player, date=date_field, start=lo, end=hi)


def check_page(limit: int | None, offset: int | None) -> tuple[int, int]:
    limit = LIMIT_DEFAULT if limit is None else limit
    offset = 0 if offset is None else offset
    if not 1 <= limit <= LIMIT_MAX:
        raise Invalid(N_("limit must be between 1 and {most}; it was {given}."), most=LIMIT_MAX, given=limit)
    if not 0 <= offset <= OFFSET_MAX:
        raise Invalid(N_("offset must be between 0 and {most}; it was {given}."), most=OFFSET_MAX, given=offset)
    return limit, offset


def check_sort(sort: str | None, order: str | None) -> tuple[str, bool]:
    sort = (sort or "").strip() or "last_move"
    order = (order or "").strip() or "desc"
    if sort not in SORT_COLUMNS:
        raise Invalid(N_("sort must be {choices}; it was {given}."), choices=" or ".join(SORT_COLUMNS),
                      given=repr(sort[:40]))
    if order not in ORDERS:
        raise Invalid(N_("order must be desc (newest first) or asc (oldest first); it was {given}."),
                      given=repr(order[:40]))
    return sort, order == "desc"


def title_of(game: str) -> str:
    g = GAMES.get(game)
    return g.title if g is not None else game


def summary(table: Table, seats: list[Seat], codes: dict[int, str]) -> dict:
    """One row of the list: the table without its doc (a Table or a row of admin_queries.list_tables)."""
    return {
        "code": table.code,
        "game": table.game,
        "title": title_of(table.game),
        "status": table.status,
        "players": table.players,
        "seats": [{"seat": x.seat, "name": x.name, "bot": x.bot is not None} for x in seats],
        "seq": table.seq,
        "to_act": list(table.to_act or []),
        "result": table.result,
        "created_at": iso(table.created_at),
        "updated_at": iso(table.updated_at),
        "last_move_at": iso(table.moved_at) if table.seq else None,
        "finished_at": iso(table.finished_at),
        "rematch_of": codes.get(table.rematch_of_id) if table.rematch_of_id is not None else None,
        "rematch": codes.get(table.rematch_id) if table.rematch_id is not None else None,
        "imported": bool(table.imported),  # made by an import of an exported file, not played here
    }


async def list_tables(s: AsyncSession, *, game: str | None = None, status: str | None = None,
                      player: str | None = None, date_field: str | None = None, start: str | None = None,
                      end: str | None = None, sort: str | None = None, order: str | None = None,
                      limit: int | None = None, offset: int | None = None) -> tuple[list[dict], int]:
    """A page of tables (by last move, newest first, unless asked otherwise), and how many match in all."""
    f = table_filter(game, status, player, date_field=date_field, start=start, end=end)
    sort, descending = check_sort(sort, order)
    limit, offset = check_page(limit, offset)
    total = await admin_queries.count_tables(s, f)
    tables = await admin_queries.list_tables(s, f, limit, offset, sort, descending) if offset < total else []
    seats = await admin_queries.seats_of_tables(s, [t.id for t in tables])
    linked = {i for t in tables for i in (t.rematch_id, t.rematch_of_id) if i is not None}
    codes = await admin_queries.codes_of(s, linked)
    return [summary(t, seats[t.id], codes) for t in tables], total


# -- one table in full ------------------------------------------------------------------------------------
def seat_detail(x: Seat) -> dict:
    return {"seat": x.seat, "name": x.name, "bot": x.bot is not None, "bot_name": x.bot,
            "player_id": x.player_id, "joined_at": iso(x.joined_at), "notify": x.notify,
            "webhook": bool(x.webhook_url)}


async def table_detail(s: AsyncSession, code: str) -> dict:
    """Everything about one table, hidden information included (never token or cookie hashes)."""
    table = await find_table(s, code)
    seats = (await admin_queries.seats_of_tables(s, [table.id]))[table.id]
    codes = await admin_queries.codes_of(s, {i for i in (table.rematch_id, table.rematch_of_id) if i})
    moves = await admin_queries.all_moves(s, table.id)
    chat = await admin_queries.all_chat(s, table.id)
    return summary(table, seats, codes) | {
        "options": table.options,
        "seed": table.seed,
        "started_at": iso(table.started_at),
        "initial_doc": table.initial_doc,
        "doc": table.doc,
        "seats": [seat_detail(x) for x in seats],
        "moves": [step_of(m) | {"at": iso(m.at)} for m in moves],
        "chat": [{"seat": c.seat, "name": c.name, "text": c.text, "at": iso(c.at)} | ({"say": c.say} if c.say else {})
                 for c in chat],
        "notes": await notes.every(s, table.id),  # every note on a move, the private ones too
        # every invitation to a seat (its state, never its link: only its hash is kept)
        "invitations": [invitations.body(x) for x in await invitation_queries.of_table(s, table.id)],
    }


async def delete_note(ctx: Tables, code: str, note_id: int, who: str) -> dict:
    """Delete one note on a table's move (any note, the private ones too), then log who did it, what it was
    and when. A command of the table's actor, written by the group-commit writer as the author's delete is
    (app/tables/live/notes.py); once committed, an ended table's review rooms drop it from their pages."""
    norm = normalise_code(code)
    if norm is None:
        raise not_found(code)
    gone = await notes.admin_drop(ctx, norm, note_id)
    log.warning("admin deleted note %s of table %s", note_id, norm,
                extra={"who": who, "action": "delete_note", "note": gone, "at": iso(utcnow())})
    return gone


# -- housekeeping -----------------------------------------------------------------------------------------
async def delete_table(ctx: Tables, code: str, who: str) -> dict:
    """Delete a table with its seats, moves and chat (a rematch link to it is forgotten), then log who did
    it, what it was and when. Returns what was deleted. The delete is a command of the group-commit writer
    (end_records.DeleteTables, as the sweep deletes stale lobbies), run under the table's live lock when it
    is live here, so that no command of this instance is half done on it; once committed every instance
    forgets it (actor.after_delete). Its sockets are not told; a move or a reconnect finds no table (404)."""
    norm = normalise_code(code)
    if norm is None:
        raise not_found(code)
    gone = await ctx.actors.ask(norm, commands.Delete(norm))
    if gone is None:
        raise not_found(code)
    what = {"code": gone.code, "game": gone.game, "status": gone.status, "seq": gone.seq, "players": gone.players,
            "created_at": iso(gone.created_at)}
    log.warning("admin deleted table %s", what["code"],
                extra={"who": who, "action": "delete_table", "table": what, "at": iso(utcnow())})
    return what
