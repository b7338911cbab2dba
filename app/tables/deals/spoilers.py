"""The spoiler rule, in one place for every route and socket that shows a table or a deal's results.

A table dealt a deal shows that deal's cards (its board, log, chat, replay, review room): a browser that is
playing the same deal at a table of its own must not see another table's, unless it has finished the deal
(at any table) or has chosen to see spoilers of it. `check_spoilers` is the one check: call it before
showing anything of a table to a caller who does not sit at it. A browser's choice of spoilers is kept in a
cookie (SPOILERS_COOKIE: the ids of the deals it chose to see, the latest first, at most CHOSEN_MAX), set
by POST /api/deals/{id}/spoilers or POST /api/tables/{code}/spoilers; a deal's results read it too.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable

from sqlalchemy.ext.asyncio import AsyncSession

from app.store import ENDED, deal_queries
from app.tables.deals.core import well_formed
from app.tables.errors import Forbidden, Invalid, N_
from app.tables.seats import find_table, player_of_cookie

SPOILERS_COOKIE = "icehouse_spoilers"
CHOSEN_MAX = 32  # deal ids kept in the cookie (11 characters each with the separator)
COOKIE_MAX = CHOSEN_MAX * 11 + 10


class Spoiler(Forbidden):
    """Showing this would spoil the deal the browser is playing."""

    default_code = "spoilers"


def _ids(raw: str | None) -> list[str]:
    if not raw or len(raw) > COOKIE_MAX:
        return []
    return [x for x in raw.split(".")[:CHOSEN_MAX] if well_formed(x)]


def chosen_deals(raw: str | None) -> frozenset[str]:
    """The deals a browser chose to see spoilers of, from its cookie (anything malformed is ignored)."""
    return frozenset(_ids(raw))


def choose(raw: str | None, deal_id: str) -> str:
    """The cookie's new value once the browser chooses to see spoilers of `deal_id` (the latest first)."""
    return ".".join([deal_id, *(x for x in _ids(raw) if x != deal_id)][:CHOSEN_MAX])


def standing(statuses: Iterable[str]) -> tuple[bool, bool]:
    """(finished, playing): has the browser finished the deal at a table (an abandoned game is not a finished
    one), and does it have a table on it still in the lobby or playing."""
    statuses = list(statuses)
    return "finished" in statuses, any(x not in ENDED for x in statuses)


async def check_spoilers(s: AsyncSession, table_id: int, *, player_id: int | None = None,
                         cookie: str | None = None, chosen: Collection[str] = ()) -> None:
    """Refuse (403, code "spoilers") to show table `table_id` to a browser (its player, or its identity
    cookie) that plays the table's deal at another table of its own, unless it has finished that deal or
    chose to see its spoilers. Anyone else may look: the table's own players, a browser with no table on the
    deal, a caller with no identity."""
    if player_id is None:
        player = await player_of_cookie(s, cookie)
        player_id = player.id if player is not None else None
    if player_id is None:
        return
    deal, mine = await deal_queries.player_on_deal_of(s, player_id, table_id)
    if deal is None or deal in chosen or any(t == table_id for t, _, _ in mine):
        return
    finished, playing = standing(status for _, _, status in mine)
    if playing and not finished:
        code = next(c for _, c, status in mine if status not in ENDED)
        raise Spoiler(N_("This table was dealt the same deal you are playing at table {code}: it is hidden until "
                         "your game there ends. Finish it first, or choose to see spoilers."), code=code)


async def deal_of_table(s: AsyncSession, code: str) -> str:
    """The deal a table was dealt, for a browser choosing to see its spoilers (422 for a table dealt afresh)."""
    table = await find_table(s, code)
    if table.deal_id is None:
        raise Invalid(N_("Table {code} was dealt afresh: it spoils no other table's game."), code=table.code)
    return table.deal_id
