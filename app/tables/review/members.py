"""Who is in a review room, as the app already knows people: the browser's identity cookie names a player,
shown by the name of their seat at this table (else the name they last played under); a browser without
one is a guest, named by a number. The host is the player at the table's first seat (its creator)."""
from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.store import Player, queries
from app.tables.errors import N_, Forbidden
from app.tables.seats import find_table, player_of_cookie
from app.tables.review.branches import Keeper
from app.tables.review.lines import Viewer, shown
from app.tables.review.rooms import guest_name


def player_key(secret: bytes, code: str, player_id: int) -> str:
    """A player's key in the review room of table `code`: the same on every socket and instance, another in
    every room (a key seen in one room names nobody in another), and no player id (an HMAC with the server's
    secret, app/tables/deals/core.py's)."""
    mac = hmac.new(secret, f"review-member:{code.lower()}:{player_id}".encode(), hashlib.sha256)
    return "p" + mac.hexdigest()[:16]


def host_of(seats: list[Any], secret: bytes, code: str) -> dict | None:
    first = next((x for x in seats if x.seat == 0), None)
    if first is None or first.player_id is None or first.bot:
        return None
    return {"key": player_key(secret, code, first.player_id), "name": first.name or "The host"}


async def person(s: AsyncSession, seats: list[Any], cookie: str | None, secret: bytes, code: str) -> dict:
    """{"key", "name", "seat"} of whoever the cookie names (a guest without one)."""
    player = await player_of_cookie(s, cookie)
    if player is None:
        key = f"g{secrets.token_hex(5)}"
        return {"key": key, "name": guest_name(key), "seat": None}
    seat = next((x for x in seats if x.player_id == player.id and not x.bot), None)
    name = seat.name if seat is not None and seat.name else player.name
    return {"key": player_key(secret, code, player.id), "name": name,
            "seat": seat.seat if seat is not None else None}


async def entering(s: AsyncSession, code: str, viewer: Viewer, secret: bytes) -> tuple[Any, dict | None, dict]:
    """The ended table (404, 403 spoilers, 409 not_over), its host and the person entering its review room."""
    table = await shown(s, code, viewer)
    seats = await queries.seat_rows(s, table.id)
    return table, host_of(seats, secret, table.code), await person(s, seats, viewer.cookie, secret, table.code)


async def seated_keeper(s: AsyncSession, code: str, seat: int | None, secret: bytes) -> Keeper:
    """A player of the table keeping a what-if over REST (by seat token or cookie), keyed as in the room;
    anyone else keeps from the room's socket (403 not_member)."""
    table = await find_table(s, code)
    row = next((x for x in await queries.seat_rows(s, table.id) if x.seat == seat), None) if seat is not None else None
    if row is None or row.bot or row.player_id is None:
        raise Forbidden(N_("Only the table's players keep a what-if here; anyone else keeps one from the table's "
                           "review room, with its “Keep this what-if” button."), "not_member")
    player = await s.get(Player, row.player_id)
    name = row.name or (player.name if player is not None else "")
    return Keeper(player_key(secret, table.code, row.player_id), name, seated=True)
