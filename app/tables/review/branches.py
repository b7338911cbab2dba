"""Kept what-ifs: named, kept in table review_branches, shared by link (/t/<code>/review?branch=<id>), dropped.

Who keeps one: a member of the table's review room, from the room's socket (its "keep" message), or one of
the table's players over REST; its moves are checked by playing them (app/tables/review/lines.py). Its
author is the name the room shows for that person, its keeper that person's key in the room (a player's is
the same on every socket and instance, app/tables/review/members.py). So that nobody can fill a table's
what-ifs for everyone, each keeper keeps at most PER_KEEPER, the room's visitors (people without a seat at
the table) at most VISITORS between them, of which guests (no identity cookie: a new key per socket) at
most GUESTS: the rest is always there for the table's own players. Dropping it takes either one of the table's seated
players (known by their seat token or their browser's cookie), or the drop key handed to whoever kept it: an
HMAC of the branch id with the server's secret (the deals' key), so no column of its own is needed and
a person without a seat, even one with no identity cookie, can take back what they kept. A table keeps at
most MAX_BRANCHES; the writes are transactions of their own (an ended table is live nowhere, so no live
table's pipeline is bypassed), counted under the table row's lock on PostgreSQL and BEGIN IMMEDIATE on SQLite.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from app.store import review_queries, utcnow
from app.store.models import ReviewBranch
from app.tables.deals.core import load_secret
from app.tables.errors import N_, Conflict, Forbidden, Invalid, NotFound
from app.tables.live.state import iso
from app.tables import text
from app.tables.seats import find_table
from app.tables.review.room import NAME_MAX, NAME_WHAT
from app.tables.review.lines import Viewer, parse_line, play_line, shown, start_of

MAX_BRANCHES = 50  # kept what-ifs per table
PER_KEEPER = 10  # ... per person
VISITORS = 30  # ... by people without a seat at the table, together
GUESTS = 10  # ... by guests (no identity cookie), together
ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"
ID_LENGTH = 12


@dataclass(frozen=True)
class Keeper:
    """Who keeps a what-if: their key in the room ("p…" a player, "g…" a guest), the name it is signed with,
    and whether they have a seat at the table."""

    key: str
    name: str
    seated: bool

    @property
    def guest(self) -> bool:
        return self.key.startswith("g")


def new_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def well_formed(branch_id: object) -> bool:
    return isinstance(branch_id, str) and 1 <= len(branch_id) <= 16 and all(c in ID_ALPHABET for c in branch_id)


def drop_key(secret: bytes, code: str, branch_id: str) -> str:
    return hmac.new(secret, f"review-branch-drop:{code}:{branch_id}".encode(), hashlib.sha256).hexdigest()[:32]


def body(row: ReviewBranch, code: str) -> dict:
    return {"id": row.id, "name": row.name, "ply": row.ply, "moves": row.moves, "author": row.author,
            "created_at": iso(row.created_at),
            "url": f"/t/{code}/review?branch={row.id}"}


def check_room(counts: tuple[int, int, int, int], keeper: Keeper, code: str) -> None:
    """409 when the table, the keeper, its visitors or its guests keep their most already. `counts`: the
    table's what-ifs (all, this keeper's, its visitors', its guests')."""
    every, own, visitors, guests = counts
    if every >= MAX_BRANCHES:
        raise Conflict(N_("Table {code} keeps {n} what-ifs already: drop one first."), "too_many_branches",
                       code=code, n=MAX_BRANCHES)
    if own >= PER_KEEPER:
        raise Conflict(N_("You keep {n} what-ifs of table {code} already: drop one of yours first."), "too_many_yours",
                       code=code, n=PER_KEEPER)
    if not keeper.seated and visitors >= VISITORS:
        raise Conflict(N_("Visitors keep {n} what-ifs of table {code} already; the rest are kept for its players."),
                       "too_many_branches", code=code, n=VISITORS)
    if keeper.guest and guests >= GUESTS:
        raise Conflict(N_("Guests keep {n} what-ifs of table {code} already: play a game here to keep yours."),
                       "too_many_branches", code=code, n=GUESTS)


async def keep(ctx: Any, code: str, raw: dict, keeper: Keeper, viewer: Viewer) -> dict:
    """A new kept what-if (201): its body and, for its keeper alone, the key that drops it."""
    name = text.name(raw.get("name"), what=NAME_WHAT, max_len=NAME_MAX,
                     empty=N_("Give the what-if a name, such as “keep the 5♥”."))
    line = parse_line(raw.get("moves"))
    if not line:
        raise Invalid(N_("A kept what-if needs at least one move of its own."))
    async with ctx.db.reading() as s:
        table, g, doc, _ = await start_of(s, code, raw.get("ply"), viewer)
    play_line(g, doc, line)  # 422 naming the first move the rules refuse
    secret = await load_secret(ctx)
    async def keep(s: Any) -> ReviewBranch:  # through the writer, like every write
        locked = await find_table(s, table.code, for_update=True)  # the count below holds under concurrency
        check_room(await review_queries.branch_counts(s, locked.id, keeper.key), keeper, table.code)
        row = ReviewBranch(id=new_id(), table_id=locked.id, name=name, ply=raw.get("ply") if raw.get("ply") is not None
                           else table.seq, moves=line, author=keeper.name[:40], keeper=keeper.key,
                           seated=keeper.seated, created_at=utcnow())
        await review_queries.add_branch(s, row)
        return row

    row = await ctx.writer.transaction(keep)
    return {**body(row, table.code), "drop_key": drop_key(secret, table.code, row.id)}


async def listed(ctx: Any, code: str, viewer: Viewer) -> list[dict]:
    async with ctx.db.reading() as s:
        table = await shown(s, code, viewer)
        return [body(r, table.code) for r in await review_queries.branches_of(s, table.id, MAX_BRANCHES)]


async def one(ctx: Any, code: str, branch_id: str, viewer: Viewer) -> dict:
    async with ctx.db.reading() as s:
        table = await shown(s, code, viewer)
        row = await review_queries.branch(s, table.id, branch_id) if well_formed(branch_id) else None
        if row is None:
            raise NotFound(N_("Table {code} keeps no what-if {id}: it may have been dropped."), code=table.code,
                           id=repr(branch_id[:20]))
        return body(row, table.code)


async def drop(ctx: Any, code: str, branch_id: str, *, seated: bool, key: str | None) -> None:
    """Drop a kept what-if: a seated player of the table, or whoever holds its drop key (403 otherwise)."""
    if not seated:
        secret = await load_secret(ctx)
        if not key or not hmac.compare_digest(key.encode(), drop_key(secret, code.lower(), branch_id).encode()):
            raise Forbidden(
                N_("Only the table's players, or whoever kept this what-if (from the same browser), may drop it."),
                "not_yours")

    async def forget(s: Any) -> tuple[str, bool]:
        table = await find_table(s, code)
        return table.code, bool(well_formed(branch_id) and await review_queries.drop_branch(s, table.id, branch_id))

    shown, gone = await ctx.writer.transaction(forget)
    if not gone:
        raise NotFound(N_("Table {code} keeps no what-if {id}: it may have been dropped already."), code=shown,
                       id=repr(branch_id[:20]))
