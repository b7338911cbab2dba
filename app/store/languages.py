"""Each person's language (issue 37): players.lang (revision 0013), set by the header's selector and when
the person sits down, read when a notification to them is worded."""
from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Player


async def set_lang(s: AsyncSession, cookie_hash: str, lang: str) -> None:
    await s.execute(update(Player).where(Player.cookie_hash == cookie_hash, Player.lang.is_distinct_from(lang))
                    .values(lang=lang))


async def langs_of(s: AsyncSession, player_ids: list[int]) -> dict[int, str]:
    if not player_ids:
        return {}
    rows = await s.execute(select(Player.id, Player.lang).where(Player.id.in_(set(player_ids)), Player.lang.is_not(None)))
    return {pid: lang for pid, lang in rows}
