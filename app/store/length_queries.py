"""How long finished games took on this site, for the home page's cards (app/tables/showcase.py)."""
from __future__ import annotations

from sqlalchemy import Row, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Table

_T = Table.__table__


async def finished_lengths(s: AsyncSession, limit: int = 2000) -> list[Row]:
    """The `limit` last finished tables played here (not imported): game, moves, started_at, finished_at.
    The (status, moved_at) index serves it: a finished table's last move is its end."""
    q = (select(_T.c.game, _T.c.seq, _T.c.started_at, _T.c.finished_at)
         .where(_T.c.status == "finished", _T.c.imported.is_(False), _T.c.started_at.is_not(None),
                _T.c.finished_at.is_not(None))
         .order_by(_T.c.moved_at.desc()).limit(limit))
    return list((await s.execute(q)).all())
