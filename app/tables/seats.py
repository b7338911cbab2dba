"""Who is asking: a seat by token (Bearer or ?token=) or by the browser's identity cookie, else a spectator."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.store import Player, Table, queries
from app.tables.errors import Forbidden, N_, NotFound, Unauthorized, W_
from app.tables.identity import hash_matches, hash_token, normalise_code


COOKIE_MAX = 200  # characters of an identity cookie looked up; a longer one is nobody's


@dataclass(frozen=True)
class Caller:
    table_id: int
    code: str
    seat: int | None  # None: a spectator
    player_id: int | None  # the cookie's player when the cookie decided the seat
    table: Any = field(default=None, compare=False, repr=False)  # queries.table_view row, read when identifying
    seats: list[Any] = field(default_factory=list, compare=False, repr=False)  # queries.seat_rows rows

    def seated(self) -> int:
        """The caller's seat, or 401 for a spectator (a move or chat needs a seat)."""
        if self.seat is None:
            raise Unauthorized(N_("This request carries no seat token for table {code}: send 'Authorization: "
                                  "Bearer <token>' with the token you got when you sat down."), code=self.code)
        return self.seat

    def host(self, what: str) -> int:
        seat = self.seated()
        if seat != 0:
            raise Forbidden(N_("Only the host (seat 0) can {what}; you sit at seat {seat}."), "not_host", what=W_(what),
                            seat=seat)
        return seat


async def find_table(s: AsyncSession, code: str, *, for_update: bool = False) -> Table:
    norm = normalise_code(code)
    table = None if norm is None else await queries.table_by_code(s, norm, for_update=for_update)
    if table is None:
        raise not_found(code)
    return table


def not_found(code: str) -> NotFound:
    return NotFound(N_("There is no table with the code {code}."), code=repr(code[:20]))


async def find_table_view(s: AsyncSession, code: str) -> Any:
    """queries.table_view for a code from a URL; 404 when there is no such table."""
    norm = normalise_code(code)
    row = None if norm is None else await queries.table_view(s, norm)
    if row is None:
        raise not_found(code)
    return row


async def player_of_cookie(s: AsyncSession, cookie: str | None) -> Player | None:
    if not cookie or len(cookie) > COOKIE_MAX:
        return None
    return await queries.player_by_cookie_hash(s, hash_token(cookie))


async def identify(s: AsyncSession, code: str, token: str | None, cookie: str | None) -> Caller:
    table = await find_table_view(s, code)
    seats = await queries.seat_rows(s, table.id)
    player = None if token is not None else await player_of_cookie(s, cookie)
    return caller_of(table.id, table.code, seats, token, player.id if player else None, table)


def caller_of(table_id: int, code: str, seats: list, token: str | None, player_id: int | None,
              table: Any = None) -> Caller:
    """The caller among a table's seat rows: the seat whose token it sent (401 for a token of no seat), else
    the seat of its cookie's player, else a spectator."""
    if token is not None:
        # Compare against every seat so the time taken does not depend on which seat matched.
        hashed = hash_token(token)
        matched = [x.seat for x in seats if hash_matches(hashed, x.token_hash)]
        if not matched:
            raise Unauthorized(N_("That seat token does not belong to table {code}."), code=code)
        return Caller(table_id, code, matched[0], None, table, seats)
    seat = next((x.seat for x in seats if player_id is not None and x.player_id == player_id), None)
    return Caller(table_id, code, seat, player_id, table, seats)
