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
from app.tables.lobby.seats import find_table, player_of_cookie
from app.tables.review.lines import Viewer, shown
from app.tables.review.rooms import guest_name


def player_key(secret: bytes, player_id: int) -> str:
    """A player's key in review rooms: the same on every instance, and no player id (an HMAC with the
    server's secret, app/tables/deals/core.py's)."""
    return "p" + hmac.new(secret, f"review-member:{player_id}".encode(), hashlib.sha256).hexdigest()[:16]


def host_of(seats: list[Any], secret: bytes) -> dict | None:
    first = next((x for x in seats if x.seat == 0), None)
    if first is None or first.player_id is None or first.bot:
        return None
    return {"key": player_key(secret, first.player_id), "name": first.name or "The host"}


async def person(s: AsyncSession, seats: list[Any], cookie: str | None, secret: bytes) -> dict:
    """{"key", "name", "seat"} of whoever the cookie names (a guest without one)."""
    player = await player_of_cookie(s, cookie)
    if player is None:
        key = f"g{secrets.token_hex(5)}"
        return {"key": key, "name": guest_name(key), "seat": None}
    seat = next((x for x in seats if x.player_id == player.id and not x.bot), None)
    name = seat.name if seat is not None and seat.name else player.name
    return {"key": player_key(secret, player.id), "name": name, "seat": seat.seat if seat is not None else None}


async def entering(s: AsyncSession, code: str, viewer: Viewer, secret: bytes) -> tuple[Any, dict | None, dict]:
    """The ended table (404, 403 spoilers, 409 not_over), its host and the person entering its review room."""
    table = await shown(s, code, viewer)
    seats = await queries.seat_rows(s, table.id)
    return table, host_of(seats, secret), await person(s, seats, viewer.cookie, secret)


async def author(s: AsyncSession, code: str, seat: int | None, player_id: int | None) -> str:
    """The name a kept what-if is signed with: the caller's seat's, else their player's, else "A guest"."""
    table = await find_table(s, code)
    if seat is not None:
        row = next((x for x in await queries.seat_rows(s, table.id) if x.seat == seat), None)
        if row is not None and row.name:
            return row.name
    if player_id is not None:
        player = await s.get(Player, player_id)
        if player is not None:
            return player.name
    return "A guest"
