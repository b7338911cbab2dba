"""The admin's deals: every deal with how many tables were dealt it and finished it, and a deal's results
hidden from everyone (or shown again), a writer command like the tables' own (deal_records.HideDeal)."""
from __future__ import annotations

import logging

from sqlalchemy.ext.asyncio import AsyncSession

from app.games import GAMES
from app.store import deal_queries
from app.store.deal_records import HideDeal
from app.tables.deals.core import well_formed
from app.tables.errors import N_, Invalid, NotFound
from app.tables.live.actor import stored
from app.tables.live.state import iso
from app.tables.service import Tables

log = logging.getLogger("icehouse.admin")
PAGE_MAX = 200


async def list_deals(s: AsyncSession, limit: int | None, offset: int | None) -> tuple[list[dict], int]:
    limit = 50 if limit is None else limit
    offset = 0 if offset is None else offset
    if not 1 <= limit <= PAGE_MAX or offset < 0:
        raise Invalid(N_("limit is 1 to {most} and offset 0 or more; they were {limit} and {offset}."), most=PAGE_MAX,
                      limit=limit, offset=offset)
    rows = await deal_queries.list_deals(s, limit, offset)
    out = [{"id": d.id, "game": d.game, "title": GAMES[d.game].title if d.game in GAMES else d.game,
            "players": d.players, "options": d.options, "kind": d.kind, "day": d.day, "hidden": d.hidden,
            "created_at": iso(d.created_at), "tables": n, "finished": done, "url": f"/deals/{d.id}"}
           for d, n, done in rows]
    return out, await deal_queries.count_deals(s)


async def hide_deal(ctx: Tables, did: str, hidden: bool, who: str) -> dict:
    if not well_formed(did) or (await stored(ctx, HideDeal(did, hidden)))[0] != "ok":
        raise NotFound(N_("There is no deal {given}."), given=repr(did[:20]))
    log.warning("deal results %s", "hidden" if hidden else "shown", extra={"deal": did, "by": who})
    return {"id": did, "hidden": hidden}
